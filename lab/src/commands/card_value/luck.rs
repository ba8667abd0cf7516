//! The luck of a game's chance nodes, for the luck-adjusted card values
//! (`reports::ablation`, "Luck adjustment"; MIVAT, Zinkevich et al. 2006).
//!
//! At a chance node `s` whose outcome `a` came, the *luck* of seat 0 is
//! `V(s·a) − Σ_b p(b) V(s·b)`: the value of what came minus the value expected before it
//! came, `V` the game's evaluation of seat 0 ([`value`]). Each term has mean zero given
//! the game so far whatever `V` is, so subtracting a sum of them from a return keeps its
//! expectation; the better `V` predicts the return, the more variance goes with it.
//!
//! Only the chance nodes of at most [`MAX_OUTCOMES`] outcomes are measured (a die, a
//! coin): each costs one copy of the state per outcome. In GRANGOL these are the dice
//! that decide shots and fouls; measuring the draws too (30 outcomes each) removed a
//! little more variance (0.137 against 0.155 of the raw 0.318 per game pair, 4,000
//! greedy pairs, every node of both games: `lab/examples/luck_variance.rs`) at twice the
//! cost of a game. The card values weigh each node's luck by an exposure known before
//! it (`card_value::run_chunk`), which keeps less of this (docs/statistics.md).

use crate::infra::play::{Actor, Observer};
use engine_core::{Action, ChanceList, GameEvent, Heuristic, Turn};

/// The largest chance node whose luck is measured, in outcomes.
pub const MAX_OUTCOMES: usize = 8;

/// Seat 0's value of `state`, in `[0, 1]`: its return at a terminal state, else the mean
/// of seat 0's fitted evaluation and one minus seat 1's (each seat's evaluation reads
/// only its own hand; the two together see both). Two-seat games only.
pub fn value<S: Heuristic>(state: &S) -> f64 {
    if state.turn() == Turn::Terminal {
        return state.returns()[0];
    }
    (state.fitted_heuristic(0) + 1.0 - state.fitted_heuristic(1)) / 2.0
}

/// Seat 0's luck at the chance node `state` whose outcome is `came`, or 0 when the node
/// has more than `max` outcomes (the lab measures [`MAX_OUTCOMES`]); `list` is scratch
/// space.
pub fn node_luck<S: Heuristic>(state: &S, came: Action, list: &mut ChanceList, max: usize) -> f64 {
    state.chance_outcomes(list);
    if list.len() < 2 || list.len() > max {
        return 0.0;
    }
    let total: f64 = list.iter().map(|&(_, w)| f64::from(w)).sum();
    let (mut expected, mut got) = (0.0, 0.0);
    for &(b, w) in list.iter() {
        let mut next = state.clone();
        next.apply(b);
        let v = value(&next);
        expected += f64::from(w) / total * v;
        if b == came {
            got = v;
        }
    }
    got - expected
}

/// Watches the base game of a card-value pair: its actions, and seat 0's luck summed
/// up to each step, so that every ablated version can take the base game's luck after
/// the step where it parted from it. Buffers are kept between games.
#[derive(Default)]
pub struct BaseLuck {
    /// Whether luck is measured (two-seat games).
    pub on: bool,
    /// The actions applied, in order.
    pub actions: Vec<Action>,
    /// `cum[k]`: seat 0's luck over steps `0..=k`.
    pub cum: Vec<f64>,
    list: ChanceList,
}

impl BaseLuck {
    /// A watcher that measures luck when `on` (two-seat games).
    pub fn new(on: bool) -> Self {
        BaseLuck {
            on,
            ..BaseLuck::default()
        }
    }

    /// Empties the buffers for a new game.
    pub fn clear(&mut self) {
        self.actions.clear();
        self.cum.clear();
    }

    /// Seat 0's luck over the steps after step `parted` (all of it when `None`: the game
    /// never parted; then no ablated luck is measured either, and the two cancel).
    pub fn after(&self, parted: Option<usize>) -> f64 {
        let Some(k) = parted else { return 0.0 };
        let last = self.cum.last().copied().unwrap_or(0.0);
        last - self.cum.get(k).copied().unwrap_or(last)
    }
}

impl<S: Heuristic> Observer<S> for BaseLuck {
    fn before_action(&mut self, state: &S, actor: Actor, action: Action) {
        let prev = self.cum.last().copied().unwrap_or(0.0);
        let luck = match actor {
            Actor::Chance if self.on => node_luck(state, action, &mut self.list, MAX_OUTCOMES),
            _ => 0.0,
        };
        self.actions.push(action);
        self.cum.push(prev + luck);
    }
}

/// Watches an ablated game of a card-value pair: finds the step where it parts from the
/// base game (`base`, its actions), sums seat 0's luck over the chance nodes after that
/// step, and counts the blanks each seat draws, in all and up to the parting.
pub struct AblatedLuck<'a> {
    /// Whether luck is measured (two-seat games).
    pub on: bool,
    /// The base game's actions.
    pub base: &'a [Action],
    /// The step where the games parted (the first action that differs).
    pub parted: Option<usize>,
    /// Seat 0's luck after that step.
    pub luck: f64,
    /// Per seat, the luck after that step weighed node by node by the seat's net exposure
    /// before the node (blanks it drew beyond its opponents so far): known before each
    /// node's luck comes, so the weighed sum keeps mean zero.
    pub weighed: [f64; 2],
    /// The blank card's code.
    pub blank: u8,
    /// Blanks drawn, per seat.
    pub drawn: [u64; engine_core::MAX_SEATS],
    /// Blanks drawn per seat up to and including the parting step: the exposure the luck
    /// after it is weighed by (known when that luck comes, so the weighted luck keeps
    /// mean zero; the final exposure is not, as later draws depend on that luck).
    pub drawn_at_parting: [u64; engine_core::MAX_SEATS],
    step: usize,
    list: ChanceList,
}

impl<'a> AblatedLuck<'a> {
    /// A watcher of one ablated game against the base game's `base` actions.
    pub fn new(on: bool, base: &'a [Action], blank: u8) -> Self {
        AblatedLuck {
            on,
            base,
            parted: None,
            luck: 0.0,
            weighed: [0.0; 2],
            blank,
            drawn: [0; engine_core::MAX_SEATS],
            drawn_at_parting: [0; engine_core::MAX_SEATS],
            step: 0,
            list: ChanceList::new(),
        }
    }
}

impl<S: Heuristic> Observer<S> for AblatedLuck<'_> {
    fn before_action(&mut self, state: &S, actor: Actor, action: Action) {
        // Whether this node is measured depends only on the steps before it.
        if self.parted.is_some_and(|k| k < self.step) && self.on && actor == Actor::Chance {
            let luck = node_luck(state, action, &mut self.list, MAX_OUTCOMES);
            self.luck += luck;
            // Two seats (luck is measured only there): seat 1's luck is minus seat 0's.
            let net = self.drawn[0] as f64 - self.drawn[1] as f64;
            self.weighed[0] += net.max(0.0) * luck;
            self.weighed[1] -= (-net).max(0.0) * luck;
        }
        if self.parted.is_none() && self.base.get(self.step) != Some(&action) {
            self.parted = Some(self.step);
        }
        self.step += 1;
    }

    #[inline]
    fn on_event(&mut self, event: GameEvent) {
        if let GameEvent::CardDrawn { seat, card } = event {
            if card == self.blank {
                self.drawn[usize::from(seat)] += 1;
            }
        }
    }

    fn after_action(&mut self, _state: &S) {
        // Right after the parting step (`step` already counts it), its draws are in.
        if self.parted.is_some_and(|k| k + 1 == self.step) {
            self.drawn_at_parting = self.drawn;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parting is the first action that differs from the base game's; the exposure
    /// at the parting counts the blanks drawn up to and including that step, not later
    /// ones.
    #[test]
    fn the_exposure_at_the_parting_ignores_later_draws() {
        use engine_core::Game;
        let state = engine::grangol::Grangol::default_rules().new_initial_state();
        let base = [Action(3), Action(4), Action(5)];
        let mut seen = AblatedLuck::new(false, &base, 29);
        let step = |w: &mut AblatedLuck<'_>, a: u16, drawn_by: Option<u8>| {
            Observer::before_action(w, &state, Actor::Seat(0), Action(a));
            if let Some(seat) = drawn_by {
                Observer::<engine::grangol::State>::on_event(
                    w,
                    GameEvent::CardDrawn { seat, card: 29 },
                );
            }
            Observer::after_action(w, &state);
        };
        step(&mut seen, 3, None);
        assert_eq!(seen.parted, None);
        step(&mut seen, 9, Some(1));
        assert_eq!(seen.parted, Some(1));
        step(&mut seen, 5, Some(0));
        step(&mut seen, 6, Some(0));
        assert_eq!(seen.parted, Some(1), "the parting is the first difference");
        assert_eq!(seen.drawn[..2], [2, 1]);
        assert_eq!(seen.drawn_at_parting[..2], [0, 1]);
    }

    /// The luck of every measured node has mean zero: over many GRANGOL games its sum
    /// averages 0 within a few standard errors, while the return does not (it is 1/2)
    /// and luck does track the return (positive correlation).
    #[test]
    fn luck_has_mean_zero_and_follows_the_return() {
        use crate::infra::play::Player;
        let game = engine::grangol::Grangol::default_rules();
        let specs = agents::AgentSpec::parse_list("random,random").unwrap();
        let schedule = crate::infra::schedule::Schedule::new(
            2,
            2,
            crate::infra::schedule::Format::RoundRobin,
            400,
            false,
        )
        .unwrap();
        let mut player = Player::new(&game, &specs, 11).coupled();
        let (mut sum, mut sum2, mut cov, mut ret) = (0.0, 0.0, 0.0, 0.0);
        let n = schedule.total_games();
        let mut watch = BaseLuck::new(true);
        for g in 0..n {
            watch.clear();
            let record = player.play(&schedule.game(g), &mut watch).unwrap();
            let l = watch.cum.last().copied().unwrap_or(0.0);
            let r = record.returns[0];
            sum += l;
            sum2 += l * l;
            cov += l * (r - 0.5);
            ret += r;
        }
        let n = n as f64;
        let mean = sum / n;
        let se = ((sum2 / n - mean * mean) / n).sqrt();
        assert!(mean.abs() < 4.0 * se, "luck mean {mean} (SE {se})");
        assert!(cov / n > 0.02, "luck and return covary: {}", cov / n);
        assert!((ret / n - 0.5).abs() < 0.1);
    }
}
