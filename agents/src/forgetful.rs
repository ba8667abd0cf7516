//! The forgetful agent: the greedy agent with an imperfect memory, so the lab can measure
//! what memory is worth in a memory (concentration) game (issue 13: `forgetful(p=…)`
//! forgets each seen card with probability p per turn).

use crate::greedy::{parse_depth, Greedy, DEPTH_DEFAULT, DEPTH_HELP};
use crate::spec::{agent_params, number, AgentSpec};
use crate::AgentError;
use engine_core::{Action, Agent, GameState, Heuristic, PlayerView, Rng, Seat};
use rand::Rng as _;

agent_params! {
    /// Settings of [`Forgetful`]: the parameters of `forgetful` ([`FORGETFUL_PARAMS`]).
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct ForgetfulConfig;
    /// Parameters of `forgetful`: `p`, and greedy's `depth` (same range and default).
    pub const FORGETFUL_PARAMS;
    params {
        /// Probability that each remembered slot is forgotten per turn begun.
        p: f64 = "0.5", Number,
            |v| number(v, 0.0, 1.0),
            "probability (0-1) that each remembered slot (a card seen) is forgotten per \
            turn begun: 0 remembers like greedy, 1 forgets everything each turn";
        /// Greedy's lookahead depth.
        depth: u8 = DEPTH_DEFAULT, Integer, parse_depth, DEPTH_HELP;
    }
    fixed {}
}

/// What the agent remembers of one memory slot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slot {
    /// The stamp the game last reported for the slot ([`GameState::memory_stamp`]);
    /// `None` when the seat does not know the slot (never seen, or no longer reported).
    stamp: Option<u32>,
    /// Whether the agent still remembers the slot seen with `stamp`.
    remembered: bool,
}

/// [`Greedy`] with an imperfect memory, for games with the memory capability
/// ([`GameState::memory_slots`]): every slot (card) the seat has seen is forgotten with
/// probability `p` per turn begun ([`GameState::turns_begun`]), the forgetting model of
/// issue 13.
///
/// At each decision:
/// 1. It reads, on a determinization of its view, the stamp of every slot
///    ([`GameState::memory_stamp`]). A stamp other than the one it stored is a slot seen
///    anew: it is remembered. A slot the game no longer reports (`None`) is dropped.
/// 2. For the `k` turns begun since its previous decision of the game (since turn 0 at the
///    first), each remembered slot is forgotten with probability `1 − (1 − p)^k`, one
///    uniform number drawn from the seat's stream per remembered slot, in slot order;
///    none is drawn when that probability is 0 (`p = 0`, or no turn begun) or 1 (`p = 1`
///    and a turn begun). The agent only sees the game at its decisions, so a slot seen
///    since its previous decision is exposed to all `k` turns: it cannot tell in which of
///    them it saw the slot.
/// 3. On that determinization it calls [`GameState::forget`] for every slot it has
///    forgotten but the seat still knows, and lets the inner greedy agent (same `depth`)
///    act on that state's view with the seat's stream. The greedy agent determinizes
///    again, so forgotten slots are resampled: it plays as if it had never seen them.
///    When nothing is to be forgotten it acts on the agent's own view instead.
///
/// The determinization of step 1 is drawn from a copy of the seat's stream: only what the
/// seat knows is read from it (slot count, stamps, turns; the same in every determinization
/// of its information set), so the stream carries only the forgetting draws and the
/// greedy agent's own. Hence with `p = 0`, and in games without the capability
/// (`memory_slots() == 0`), the agent chooses exactly as [`Greedy`] does, drawing the same
/// numbers. The per-slot memory is a vector grown to the game's slot count once and
/// reused for every decision and game.
#[derive(Clone, Debug)]
pub struct Forgetful {
    /// Probability that a remembered slot is forgotten in one turn, in `[0, 1]`.
    p: f64,
    /// The greedy agent that chooses, on the state with forgotten slots.
    inner: Greedy,
    /// Memory of slot `i` at index `i` (`0..memory_slots()` of the game being played).
    slots: Vec<Slot>,
    /// [`GameState::turns_begun`] at the previous decision of this game (0 before it).
    turns: u32,
}

impl Forgetful {
    /// A greedy agent looking `depth` levels ahead that forgets each remembered slot with
    /// probability `p` per turn begun. Panics unless `p` is in `[0, 1]`.
    pub fn new(p: f64, depth: u8) -> Self {
        assert!((0.0..=1.0).contains(&p), "p = {p} is not a probability");
        Forgetful {
            p,
            inner: Greedy::new(depth),
            slots: Vec::new(),
            turns: 0,
        }
    }

    /// Builds from a parsed spec. Errors: [`AgentError`] naming a bad parameter.
    pub fn from_spec(spec: &AgentSpec) -> Result<Self, AgentError> {
        let ForgetfulConfig { p, depth } = ForgetfulConfig::from_spec_params(spec)?;
        Ok(Forgetful::new(p, depth))
    }

    /// Brings the memory up to date with `state` (a determinization of `seat`'s view):
    /// remembers slots seen anew, drops those no longer reported, then forgets for the
    /// turns begun since the previous decision, drawing from `rng`.
    fn update<S: GameState>(&mut self, state: &S, seat: Seat, rng: &mut Rng) {
        let n = state.memory_slots();
        if self.slots.len() < n {
            self.slots.resize(n, Slot::default());
        }
        for (i, slot) in self.slots.iter_mut().enumerate() {
            let stamp = if i < n {
                state.memory_stamp(seat, i)
            } else {
                None
            };
            if stamp != slot.stamp {
                *slot = Slot {
                    stamp,
                    remembered: stamp.is_some(),
                };
            }
        }
        let now = state.turns_begun();
        let k = now.saturating_sub(self.turns);
        self.turns = now;
        let keep = (1.0 - self.p).powi(i32::try_from(k).unwrap_or(i32::MAX));
        if keep >= 1.0 {
            return;
        }
        for slot in self.slots.iter_mut().filter(|s| s.remembered) {
            slot.remembered = keep > 0.0 && rng.gen::<f64>() < keep;
        }
    }
}

impl<S: Heuristic> Agent<S> for Forgetful {
    fn name(&self) -> &str {
        "forgetful"
    }

    fn act(&mut self, view: &PlayerView<'_, S>, rng: &mut Rng) -> Action {
        let seat = view.seat();
        let mut state = view.determinize(&mut rng.clone());
        if state.memory_slots() == 0 {
            return self.inner.act(view, rng);
        }
        self.update(&state, seat, rng);
        let mut forgot = false;
        for (i, slot) in self.slots.iter().enumerate() {
            if !slot.remembered && slot.stamp.is_some() {
                state.forget(seat, i);
                forgot = true;
            }
        }
        if forgot {
            self.inner.act(&PlayerView::new(&state, seat), rng)
        } else {
            self.inner.act(view, rng)
        }
    }

    fn new_game(&mut self) {
        self.slots.fill(Slot::default());
        self.turns = 0;
        Agent::<S>::new_game(&mut self.inner);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::AgentSpec;
    use engine_core::{
        derive_rng, ActionList, ChanceList, InfoKey, ObservationLayout, Returns, Stream,
        TensorWriter, Turn,
    };

    /// Cells of the toy game.
    const CELLS: usize = 3;

    /// A toy memory game for one seat: a prize lies under one of [`CELLS`] face-down
    /// cells, and the seat's one decision is the cell to open (1 if it holds the prize).
    /// The seat may have seen some cells before (`seen`: a stamp per cell); tests set the
    /// fields directly to stand for what the turns before showed.
    #[derive(Clone, Debug, PartialEq)]
    struct Prize {
        prize: u8,
        seen: [Option<u32>; CELLS],
        turns: u32,
        opened: Option<u8>,
    }

    fn prize(cell: u8, seen: [Option<u32>; CELLS], turns: u32) -> Prize {
        Prize {
            prize: cell,
            seen,
            turns,
            opened: None,
        }
    }

    impl engine_core::Observation for Prize {
        fn observation_layout(&self) -> ObservationLayout {
            ObservationLayout::default()
                .part("seen", &[CELLS], "1 where the seat remembers the cell")
                .part(
                    "prize",
                    &[CELLS],
                    "1 where a remembered cell holds the prize",
                )
        }

        fn observation_tensor(&self, _: Seat, out: &mut [f32]) {
            let mut w = TensorWriter::new(out);
            for s in &self.seen {
                w.put(f32::from(u8::from(s.is_some())));
            }
            for (i, s) in self.seen.iter().enumerate() {
                w.put(f32::from(u8::from(
                    s.is_some() && i == usize::from(self.prize),
                )));
            }
            w.finish();
        }

        fn observation_string(&self, _: Seat) -> String {
            format!("{} turns begun", self.turns)
        }
    }

    impl engine_core::InfoSets for Prize {
        fn info_key(&self, _: Seat) -> InfoKey {
            let mut h = InfoKey::mix(u64::from(self.turns), 1);
            for (i, s) in self.seen.iter().enumerate() {
                let holds = u64::from(usize::from(self.prize) == i);
                h = InfoKey::mix(h, s.map_or(0, |s| (u64::from(s) + 1) << 1 | holds));
            }
            InfoKey::finish(h)
        }

        fn determinize(&self, _: Seat, rng: &mut Rng) -> Self {
            let mut d = self.clone();
            if self.seen[usize::from(self.prize)].is_none() {
                let unseen: ActionList = (0..CELLS as u16)
                    .filter(|&c| self.seen[usize::from(c)].is_none())
                    .map(Action)
                    .collect();
                d.prize = unseen[rng.gen_range(0..unseen.len())].0 as u8;
            }
            d
        }
    }

    impl engine_core::Notation for Prize {
        type Snapshot = ();

        fn action_to_string(&self, action: Action) -> String {
            format!("open cell {}", action.0)
        }

        fn snapshot(&self) {}
    }

    impl engine_core::LegalActions for Prize {
        fn legal_actions(&self, out: &mut ActionList) {
            out.clear();
            if self.opened.is_none() {
                out.extend((0..CELLS as u16).map(Action));
            }
        }
    }

    impl engine_core::ChanceOutcomes for Prize {
        fn chance_outcomes(&self, out: &mut ChanceList) {
            out.clear();
        }
    }

    impl engine_core::ApplyAction for Prize {
        fn apply_with<F: engine_core::Events>(&mut self, action: Action, _: &mut F) {
            self.opened = Some(action.0 as u8);
        }
    }

    impl GameState for Prize {
        fn num_seats(&self) -> usize {
            1
        }

        fn turn(&self) -> Turn {
            match self.opened {
                None => Turn::Decision(0),
                Some(_) => Turn::Terminal,
            }
        }

        fn returns(&self) -> Returns {
            let won = self.opened == Some(self.prize);
            [f64::from(u8::from(won)), 0.0, 0.0, 0.0]
        }

        fn score(&self, _: Seat) -> i32 {
            0
        }

        fn memory_slots(&self) -> usize {
            CELLS
        }

        fn memory_stamp(&self, seat: Seat, slot: usize) -> Option<u32> {
            (seat == 0 && self.opened.is_none())
                .then_some(self.seen[slot])
                .flatten()
        }

        fn forget(&mut self, _: Seat, slot: usize) {
            self.seen[slot] = None;
        }

        fn turns_begun(&self) -> u32 {
            self.turns
        }
    }

    impl Heuristic for Prize {
        fn heuristic(&self, seat: Seat) -> f64 {
            match self.opened {
                Some(_) => self.returns()[usize::from(seat)],
                None => 0.5,
            }
        }
    }

    fn rng(i: u64) -> Rng {
        derive_rng(13, i, Stream::Seat(0))
    }

    /// `agent`'s choice at `state` with stream `i`, and the stream afterwards.
    fn choose(agent: &mut dyn Agent<Prize>, state: &Prize, i: u64) -> (Action, Rng) {
        let mut r = rng(i);
        let a = agent.act(&PlayerView::new(state, 0), &mut r);
        (a, r)
    }

    /// The states of one toy game as its decisions see them: the prize seen, seen again,
    /// turns passing, the prize no longer reported.
    fn history(cell: u8) -> Vec<Prize> {
        let mut seen = [None; CELLS];
        seen[usize::from(cell)] = Some(1);
        let mut again = [Some(7); CELLS];
        again[usize::from(cell)] = Some(2);
        vec![
            prize(cell, [None; CELLS], 0),
            prize(cell, seen, 1),
            prize(cell, seen, 4),
            prize(cell, again, 4),
            prize(cell, again, 9),
            prize(cell, [None; CELLS], 10),
            prize(cell, seen, 30),
        ]
    }

    #[test]
    fn with_p_zero_it_chooses_and_draws_like_greedy() {
        for i in 0..200 {
            let mut forgetful = Forgetful::new(0.0, 4);
            let mut greedy = Greedy::new(4);
            for (j, s) in history((i % 3) as u8).iter().enumerate() {
                let stream = 100 * i + j as u64;
                let (a, ra) = choose(&mut forgetful, s, stream);
                let (b, rb) = choose(&mut greedy, s, stream);
                assert_eq!(a, b, "game {i}, decision {j}");
                assert_eq!(ra, rb, "game {i}, decision {j}: other numbers drawn");
            }
        }
    }

    #[test]
    fn without_the_capability_it_is_greedy_whatever_p() {
        use engine::core::testing::random_decision;
        let game = engine::grangol::Grangol::default_rules();
        for g in 0..12 {
            let Some((s, seat, _)) = random_decision(&game, 5, g, 0..150) else {
                continue;
            };
            let mut forgetful = Forgetful::new(1.0, 2);
            let mut greedy = Greedy::new(2);
            let (mut ra, mut rb) = (rng(g), rng(g));
            let a = forgetful.act(&PlayerView::new(&s, seat), &mut ra);
            let b = greedy.act(&PlayerView::new(&s, seat), &mut rb);
            assert_eq!((a, ra), (b, rb), "decision {g}");
        }
    }

    #[test]
    fn with_p_one_a_slot_is_forgotten_once_a_turn_begins() {
        let mut seen = [None; CELLS];
        seen[1] = Some(7);
        let (mut right, games) = (0, 300);
        for i in 0..games {
            // Seen in this turn (no turn begun since 0): remembered, always right.
            let mut agent = Forgetful::new(1.0, 4);
            let (a, _) = choose(&mut agent, &prize(1, seen, 0), i);
            assert_eq!(a, Action(1));
            // Three turns later: forgotten, so it chooses exactly as greedy does on the
            // state where the cell was never seen.
            let (a, ra) = choose(&mut agent, &prize(1, seen, 3), i);
            assert!(!agent.slots[1].remembered);
            let (b, rb) = choose(&mut Greedy::new(4), &prize(1, [None; CELLS], 3), i);
            assert_eq!((a, ra), (b, rb), "game {i}");
            right += usize::from(a == Action(1));
        }
        // As if unseen: right about one time in three.
        assert!((70..130).contains(&right), "{right} of {games}");
    }

    #[test]
    fn a_slot_seen_again_is_remembered_again() {
        let with = |stamp: Option<u32>, turns| {
            let mut seen = [None; CELLS];
            seen[2] = stamp;
            prize(2, seen, turns)
        };
        for i in 0..50u64 {
            let mut agent = Forgetful::new(1.0, 4);
            let remembers = |agent: &mut Forgetful, s: &Prize, j: u64| {
                choose(agent, s, 10 * i + j);
                agent.slots[2].remembered
            };
            assert!(!remembers(&mut agent, &with(Some(1), 2), 0), "forgotten");
            assert!(remembers(&mut agent, &with(Some(2), 2), 1), "shown again");
            let (a, _) = choose(&mut agent, &with(Some(2), 2), 2);
            assert_eq!(a, Action(2), "remembered, so chosen");
            assert!(!remembers(&mut agent, &with(Some(2), 3), 3), "a turn later");
            assert!(!remembers(&mut agent, &with(Some(2), 3), 4), "same stamp");
            assert!(!remembers(&mut agent, &with(None, 3), 5), "not reported");
            assert_eq!(agent.slots[2].stamp, None, "dropped");
            assert!(
                remembers(&mut agent, &with(Some(2), 3), 6),
                "reported again"
            );
        }
    }

    #[test]
    fn each_turn_forgets_with_probability_p() {
        let mut seen = [None; CELLS];
        seen[0] = Some(1);
        for (turns, expected) in [(1, 0.5), (2, 0.75)] {
            let n = 4000;
            let forgotten = (0..n)
                .filter(|&i| {
                    let mut agent = Forgetful::new(0.5, 4);
                    choose(&mut agent, &prize(0, seen, turns), i);
                    let mut again = Forgetful::new(0.5, 4);
                    choose(&mut again, &prize(0, seen, turns), i);
                    assert_eq!(agent.slots, again.slots, "deterministic");
                    !agent.slots[0].remembered
                })
                .count();
            let rate = forgotten as f64 / n as f64;
            let sd = (expected * (1.0 - expected) / n as f64).sqrt();
            assert!((rate - expected).abs() < 5.0 * sd, "{turns} turns: {rate}");
        }
    }

    #[test]
    fn a_new_game_starts_with_an_empty_memory() {
        let mut seen = [None; CELLS];
        seen[1] = Some(1);
        let mut agent = Forgetful::new(1.0, 4);
        choose(&mut agent, &prize(1, seen, 5), 0);
        assert!(!agent.slots[1].remembered);
        let memory = agent.slots.as_ptr();
        Agent::<Prize>::new_game(&mut agent);
        // The same stamp in a new game, no turn begun yet: seen, remembered.
        let (a, _) = choose(&mut agent, &prize(1, seen, 0), 1);
        assert_eq!(a, Action(1));
        assert!(agent.slots[1].remembered);
        assert_eq!(agent.slots.as_ptr(), memory, "memory allocated once");
    }

    #[test]
    fn parameters_parse_and_bad_values_name_the_key() {
        let spec = |s: &str| Forgetful::from_spec(&AgentSpec::parse(s).unwrap());
        let default = spec("forgetful").unwrap();
        assert_eq!(default.p, 0.5);
        assert_eq!(default.inner.depth().to_string(), DEPTH_DEFAULT);
        let set = spec("forgetful(p=0.25, depth=2)").unwrap();
        assert_eq!((set.p, set.inner.depth()), (0.25, 2));
        assert_eq!(spec("forgetful(p=1)").unwrap().p, 1.0);
        assert_eq!(
            Agent::<Prize>::name(&spec("forgetful(p=0)").unwrap()),
            "forgetful"
        );
        for (bad, needle) in [
            ("forgetful(p=1.5)", "p=1.5"),
            ("forgetful(p=-0.1)", "p=-0.1"),
            ("forgetful(p=NaN)", "p=NaN"),
            ("forgetful(p=half)", "p=half"),
            ("forgetful(depth=9)", "depth=9"),
            ("forgetful(q=1)", "'q'"),
        ] {
            let err = spec(bad).err().unwrap().to_string();
            assert!(err.contains(needle), "{bad}: {err}");
            assert!(err.contains("'forgetful'"), "{bad}: {err}");
            assert!(!err.contains('\n'), "{bad}: {err}");
        }
        let err = spec("forgetful(p=2)").unwrap_err();
        assert!(matches!(err, AgentError::BadValue { ref key, .. } if key == "p"));
    }
}
