//! Playing one game: seats, random streams, the action loop and its observers.

use crate::infra::schedule::Scheduled;
use anyhow::Result;
use arrayvec::ArrayVec;
use engine_core::{
    derive_rng, sample_chance_coupled, Action, ActionList, Agent, ApplyAction, ChanceList,
    ChanceOutcomes, Game, GameEvent, GameState, LegalActions, PlayerView, Returns, Rng, Seat,
    Stream, Turn, MAX_CHANCE_STREAMS, MAX_SEATS,
};
use serde::Serialize;
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU64, Ordering};

/// Who chose an action: a seat's agent or chance. Serializes (and reads back) as the seat
/// number or `"chance"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// The agent at this seat decided.
    Seat(Seat),
    /// A chance outcome.
    Chance,
}

impl Serialize for Actor {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Actor::Seat(x) => s.serialize_u8(*x),
            Actor::Chance => s.serialize_str("chance"),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Actor {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Seat(Seat),
            Name(String),
        }
        match Raw::deserialize(d)? {
            Raw::Seat(s) => Ok(Actor::Seat(s)),
            Raw::Name(n) if n == "chance" => Ok(Actor::Chance),
            Raw::Name(n) => Err(serde::de::Error::custom(format!(
                "actor '{n}': a seat number or \"chance\""
            ))),
        }
    }
}

/// Sees a game as it is played. Every method defaults to doing nothing, so an observer
/// that only counts events costs nothing else.
pub trait Observer<S: GameState> {
    /// `actor` chose `action` at `state`, which is about to be applied.
    fn before_action(&mut self, _state: &S, _actor: Actor, _action: Action) {}
    /// Something happened while the action was applied.
    fn on_event(&mut self, _event: GameEvent) {}
    /// The action was applied; `state` is the result.
    fn after_action(&mut self, _state: &S) {}
    /// The agent at `seat` chose `action` at `state` (a decision, not chance): called
    /// right after [`Agent::act`] and before [`Observer::before_action`], with the agent,
    /// so a dataset can ask it for its search statistics ([`Agent::last_policy`]).
    fn on_decision(&mut self, _state: &S, _seat: Seat, _action: Action, _agent: &dyn Agent<S>) {}
    /// The decision of `seat` at `state` was forced: `action` is its only legal action
    /// ([`LegalActions::forced_action`]), so it
    /// is applied without asking the agent. Called instead of [`Observer::on_decision`],
    /// before [`Observer::before_action`].
    fn on_forced(&mut self, _state: &S, _seat: Seat, _action: Action) {}
    /// Whether the observer reads the information keys of the states it is shown
    /// ([`engine_core::Agent::reads_information_keys`] says what a `false` allows). The
    /// default, `true`.
    fn reads_information_keys(&self) -> bool {
        true
    }
}

/// The events of an action, passed to an observer's [`Observer::on_event`] from inside
/// the game's code: `event` is inlined there, and so is an `on_event` marked
/// `#[inline(always)]` (the run's statistics), where a closure would be a call at every
/// event ([`engine_core::Events`]).
struct ObserverEvents<'a, O: ?Sized, S>(&'a mut O, std::marker::PhantomData<fn(&S)>);

impl<S: GameState, O: Observer<S> + ?Sized> engine_core::Events for ObserverEvents<'_, O, S> {
    #[inline(always)]
    fn event(&mut self, event: GameEvent) {
        self.0.on_event(event);
    }
}

/// The observer that sees nothing: `player.play(&game, &mut ())`.
impl<S: GameState> Observer<S> for () {
    fn reads_information_keys(&self) -> bool {
        false
    }
}

/// How one game ended.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The agent index at each seat.
    pub seats: ArrayVec<usize, MAX_SEATS>,
    /// Goals of each seat.
    pub scores: ArrayVec<i32, MAX_SEATS>,
    /// Goals conceded by each seat ([`GameState::conceded`]).
    pub conceded: ArrayVec<i32, MAX_SEATS>,
    /// Returns of each seat (placement: 1 win, 0.5 draw, 0 loss with two seats).
    pub returns: Returns,
    /// Whether the rules' length cap ended the game ([`GameState::ended_by_cap`]).
    pub capped: bool,
    /// Decisions taken at each seat.
    pub decisions: ArrayVec<u64, MAX_SEATS>,
    /// Actions applied (decisions and chance outcomes).
    pub actions: u64,
    /// Decisions of each seat's agent that went well past its time budget.
    pub overruns: [Overrun; MAX_SEATS],
}

/// Decisions that took more than twice an agent's time budget plus [`OVERRUN_SLACK`]
/// ([`Agent::time_budget`]), and the longest of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Overrun {
    /// How many decisions.
    pub count: u64,
    /// The longest, in milliseconds.
    pub longest_ms: u64,
}

impl Overrun {
    /// Adds `other`'s decisions.
    pub fn merge(&mut self, other: &Overrun) {
        self.count += other.count;
        self.longest_ms = self.longest_ms.max(other.longest_ms);
    }
}

/// Time a decision may take past twice its budget before it is reported (the machine's
/// scheduling, a page fault).
pub const OVERRUN_SLACK: std::time::Duration = std::time::Duration::from_millis(100);

/// Actions a report of a game that does not end shows.
const LAST_ACTIONS: usize = 16;

/// A game left unfinished because the command is stopping: Ctrl-C or SIGTERM
/// ([`agents::stop_requested`]), or a panic in a game of lower index (see [`GamePanic`]).
/// Its counts are dropped; a run with a checkpoint plays it again on resume.
#[derive(Debug)]
pub struct Discarded;

impl std::fmt::Display for Discarded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("game discarded: the command is stopping")
    }
}

impl std::error::Error for Discarded {}

/// A panic inside a game (the engine or an agent), caught and turned into an error: one
/// line naming the game, its deal and seed, and the `sim trace` command that plays it
/// again. `main` prints it as any error (exit status 2).
#[derive(Debug)]
pub struct GamePanic {
    /// The game's index in its schedule.
    pub index: u64,
    /// Its deal.
    pub deal: u64,
    /// The master seed.
    pub seed: u64,
    /// The panic's message and, when known, where it was raised.
    pub message: String,
    /// The `sim trace` command of the game's schedule and rules, if known.
    pub trace: Option<String>,
}

impl std::fmt::Display for GamePanic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (index, deal, seed) = (self.index, self.deal, self.seed);
        write!(
            f,
            "game {index} (deal {deal}, seed {seed}) panicked (a bug in the engine or an \
             agent): {}",
            self.message.replace('\n', " ")
        )?;
        match &self.trace {
            Some(t) => write!(f, "; replay it with: {t} | grep '\"game\":{index},'"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for GamePanic {}

/// A game that did not end within its action cap ([`Player::max_actions`]): one line
/// naming the game, its deal and seed, its last action codes and the `sim trace` command
/// that plays it again.
#[derive(Debug)]
pub struct UnfinishedGame {
    /// The game's index in its schedule.
    pub index: u64,
    /// The line reported.
    pub message: String,
}

impl std::fmt::Display for UnfinishedGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for UnfinishedGame {}

/// The game index of a failure of one game ([`GamePanic`], [`UnfinishedGame`]), if `e` is
/// one.
fn failed_game(e: &anyhow::Error) -> Option<u64> {
    e.downcast_ref::<GamePanic>()
        .map(|p| p.index)
        .or_else(|| e.downcast_ref::<UnfinishedGame>().map(|u| u.index))
}

/// The lowest game index that panicked or failed in this process (`u64::MAX`: none).
/// Games of higher index are then [`Discarded`] at once, while games of lower index are
/// still played: a panic in one of them is the one reported, so the error names the same
/// game whatever the number of threads.
static FIRST_FAILURE: AtomicU64 = AtomicU64::new(u64::MAX);

/// Whether game `index` would be [`Discarded`] at once: the command is stopping, or a
/// game of lower index failed. Callers check it before setting up a chunk of games.
pub fn discarding(index: u64) -> bool {
    agents::stop_requested() || index > FIRST_FAILURE.load(Ordering::Relaxed)
}

thread_local! {
    /// Whether this thread is playing a game (panics are then reported as [`GamePanic`]).
    static IN_GAME: Cell<bool> = const { Cell::new(false) };
    /// Where the last panic of a game on this thread was raised (`file:line`).
    static PANIC_AT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Forgets the failures of earlier commands ([`discarding`] reads the lowest failed game
/// index of the process): for a process that runs many commands one after another (the
/// Python package), so that a command that failed does not discard the games of the next.
/// Call it between commands, never while one is running.
pub fn reset_failures() {
    FIRST_FAILURE.store(u64::MAX, Ordering::Relaxed);
}

/// Installs the panic hook: a panic inside a game prints nothing (it becomes a
/// [`GamePanic`] error, one line); any other panic prints as by default.
pub fn quiet_game_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if IN_GAME.with(Cell::get) {
            let at = info
                .location()
                .map(|l| format!("{}:{}", l.file(), l.line()));
            PANIC_AT.with(|p| *p.borrow_mut() = at);
        } else {
            default(info);
        }
    }));
}

/// The values of `parts` (the results of parallel chunks, in order) if every one is
/// `Ok`, else the error [`first_failure`] picks.
pub fn all_parts<T>(parts: Vec<Result<T>>) -> Result<Vec<T>> {
    let (parts, failures): (Vec<_>, Vec<_>) = parts.into_iter().partition(Result::is_ok);
    match first_failure(failures.into_iter().filter_map(Result::err)) {
        Some(e) => Err(e),
        None => Ok(parts.into_iter().flatten().collect()),
    }
}

/// The error to report when workers failed: the failed game of the lowest index (a
/// [`GamePanic`] or an [`UnfinishedGame`]; games of lower index than a failed one are
/// still played, so this is the same game whatever the number of threads), else the
/// first other error, else [`Discarded`] (the command was stopped); `None` when `errors`
/// is empty.
pub fn first_failure(errors: impl IntoIterator<Item = anyhow::Error>) -> Option<anyhow::Error> {
    let mut panic: Option<(u64, anyhow::Error)> = None;
    let mut other = None;
    let mut discarded = None;
    for e in errors {
        if let Some(index) = failed_game(&e) {
            if panic.as_ref().is_none_or(|(lowest, _)| index < *lowest) {
                panic = Some((index, e));
            }
        } else if e.is::<Discarded>() {
            discarded.get_or_insert(e);
        } else {
            other.get_or_insert(e);
        }
    }
    panic.map(|(_, e)| e).or(other).or(discarded)
}

/// Plays games of one game with fixed agent specs, reusing its buffers between games.
pub struct Player<'g, G: Game> {
    game: &'g G,
    /// The effective specs (with the game's defaults of agent parameters), or why they
    /// could not be made (reported by the first game).
    effective: Result<Vec<agents::AgentSpec>, String>,
    seed: u64,
    coupled: bool,
    chance: ChanceList,
    /// Most actions a game may apply before it is reported (see [`Player::max_actions`]).
    max_actions: u64,
    /// How to trace a game of this run, for the report of a game that is too long: a
    /// `sim trace` command line without `| grep`.
    trace: Option<String>,
    /// One agent per spec, built at its first game and kept (reset with
    /// `Agent::new_game` before every game), so a game costs no agent construction.
    agents: Vec<Option<Box<dyn Agent<G::State>>>>,
}

impl<'g, G: Game> Player<'g, G> {
    /// A player of `game` between the agents named by `specs` (every agent of the run as
    /// typed, already checked with `games::check_agents`), with master seed `seed`. Each
    /// agent is built from its effective spec: the game's defaults of agent parameters
    /// under the typed ones (`games::effective_specs`).
    pub fn new(game: &'g G, specs: &'g [agents::AgentSpec], seed: u64) -> Self {
        Player {
            game,
            effective: crate::infra::games::effective_specs(game.info().name, specs)
                .map_err(|e| e.to_string()),
            seed,
            coupled: false,
            chance: ChanceList::new(),
            max_actions: game.info().max_game_length as u64,
            trace: None,
            agents: specs.iter().map(|_| None).collect(),
        }
    }

    /// Seats `agent` as agent `index` of the specs (an agent the caller built, not one from
    /// the agent table: [`crate::commands::custom_agents`]): it plays every game of that agent instead
    /// of one built from its spec, reset with `Agent::new_game` before each.
    pub fn seat(&mut self, index: usize, agent: Box<dyn Agent<G::State>>) {
        self.agents[index] = Some(agent);
    }

    /// Reports a game longer than `max` applied actions (default: the game's own bound,
    /// `max_game_length`, which only an engine bug exceeds), with the `sim trace` command
    /// `trace` that shows it.
    pub fn max_actions(mut self, max: Option<u64>, trace: String) -> Self {
        if let Some(m) = max {
            self.max_actions = m;
        }
        self.trace(trace)
    }

    /// Names the `sim trace` command `trace` (without `| grep`) in the report of a game
    /// that panics or does not end.
    pub fn trace(mut self, trace: String) -> Self {
        self.trace = Some(trace);
        self
    }

    /// Samples chance nodes with [`sample_chance_coupled`] instead of `sample_chance`
    /// (slower; keeps games aligned across rule sets that differ in a few weights).
    pub fn coupled(mut self) -> Self {
        self.coupled = true;
        self
    }

    /// Plays one scheduled game. Chance stream `k` of the game (see
    /// `ChanceOutcomes::chance_stream`) is `derive_rng(seed, deal, Chance(k))`, the agent at
    /// seat `s` draws from `derive_rng(seed, index, Seat(s))`. Agents are reset with
    /// `Agent::new_game` before each game, so no agent state carries from one game to the
    /// next and a game's result depends only on the seed and its place in the schedule. Errors: an agent spec that
    /// no longer builds, or a game longer than the game's `max_game_length` (an engine
    /// bug), a [`GamePanic`] (a panic in the game, caught), or [`Discarded`] (the command
    /// is stopping: checked before the game and before every decision).
    ///
    /// The game loop is compiled once per observer type `O` (and game): an observer that
    /// is not on a hot path (a trace, a dataset) is passed as `&mut dyn Observer<_>`, so
    /// that those share one copy.
    pub fn play<O: Observer<G::State> + ?Sized>(
        &mut self,
        game: &Scheduled,
        obs: &mut O,
    ) -> Result<GameRecord> {
        if discarding(game.index) {
            return Err(Discarded.into());
        }
        IN_GAME.with(|g| g.set(true));
        let played =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.play_game(game, obs)));
        IN_GAME.with(|g| g.set(false));
        if let Ok(Err(e)) = &played {
            if !e.is::<Discarded>() {
                FIRST_FAILURE.fetch_min(game.index, Ordering::Relaxed);
            }
        }
        played.unwrap_or_else(|payload| {
            FIRST_FAILURE.fetch_min(game.index, Ordering::Relaxed);
            let text = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(no message)".into());
            let message = match PANIC_AT.with(|p| p.borrow_mut().take()) {
                Some(at) => format!("{text} at {at}"),
                None => text,
            };
            Err(GamePanic {
                index: game.index,
                deal: game.deal,
                seed: self.seed,
                message,
                trace: self.trace.clone(),
            }
            .into())
        })
    }

    /// [`Player::play`] without the guards.
    fn play_game<O: Observer<G::State> + ?Sized>(
        &mut self,
        game: &Scheduled,
        obs: &mut O,
    ) -> Result<GameRecord> {
        let n = self.game.info().num_seats;
        let (index, seats) = (game.index, game.seats.clone());
        let mut agents: ArrayVec<Box<dyn Agent<G::State>>, MAX_SEATS> = ArrayVec::new();
        for &agent in &seats {
            let mut a = match self.agents[agent].take() {
                Some(a) => a,
                None => {
                    let specs = self
                        .effective
                        .as_ref()
                        .map_err(|e| anyhow::anyhow!("{e}"))?;
                    agents::make_agent::<G::State>(&specs[agent])?
                }
            };
            a.new_game();
            agents.push(a);
        }
        // An agent's time budget is fixed by its spec: asked once a game, not a decision.
        let budgets: ArrayVec<Option<std::time::Duration>, MAX_SEATS> =
            agents.iter().map(|a| a.time_budget()).collect();
        // The information keys' bookkeeping, only where an agent or the observer reads
        // the keys (a run of `random` and `greedy` does without).
        let track =
            obs.reads_information_keys() || agents.iter().any(|a| a.reads_information_keys());
        let mut chance_rngs: [Rng; MAX_CHANCE_STREAMS] =
            std::array::from_fn(|k| derive_rng(self.seed, game.deal, Stream::Chance(k as u8)));
        let mut seat_rngs: ArrayVec<Rng, MAX_SEATS> = (0..n)
            .map(|s| derive_rng(self.seed, index, Stream::Seat(s as Seat)))
            .collect();
        let mut decisions = [0u64; MAX_SEATS];
        let mut overruns = [Overrun::default(); MAX_SEATS];
        let max_len = self.max_actions;
        // The last actions applied, oldest first once full (a ring; no allocation).
        let mut last: [(Option<Seat>, Action); LAST_ACTIONS] = [(None, Action(0)); LAST_ACTIONS];
        let mut state = self.game.new_initial_state();
        let mut actions = 0u64;
        let mut legal = ActionList::new();
        loop {
            let (actor, action) = match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let k = usize::from(state.chance_stream()) % MAX_CHANCE_STREAMS;
                    let rng = &mut chance_rngs[k];
                    let action = if self.coupled {
                        state.chance_outcomes(&mut self.chance);
                        sample_chance_coupled(&self.chance, rng)
                    } else {
                        state.sample_chance_outcome(rng)
                    };
                    (Actor::Chance, action)
                }
                Turn::Decision(seat) => {
                    if agents::stop_requested() {
                        return Err(Discarded.into());
                    }
                    let s = usize::from(seat);
                    decisions[s] += 1;
                    if state.legal_actions_within(1, &mut legal) {
                        // Forced: the rules leave no choice, so the agent is not asked
                        // (and draws nothing from its stream).
                        let action = legal[0];
                        obs.on_forced(&state, seat, action);
                        (Actor::Seat(seat), action)
                    } else {
                        // A list longer than one is complete: the agent reads it.
                        let view = if legal.len() > 1 {
                            PlayerView::with_legal(&state, seat, &legal)
                        } else {
                            PlayerView::new(&state, seat)
                        };
                        let action = match budgets[s] {
                            None => agents[s].act(&view, &mut seat_rngs[s]),
                            Some(budget) => {
                                let clock = std::time::Instant::now();
                                let action = agents[s].act(&view, &mut seat_rngs[s]);
                                let took = clock.elapsed();
                                if took > 2 * budget + OVERRUN_SLACK {
                                    overruns[s].count += 1;
                                    overruns[s].longest_ms =
                                        overruns[s].longest_ms.max(took.as_millis() as u64);
                                }
                                action
                            }
                        };
                        obs.on_decision(&state, seat, action, &*agents[s]);
                        (Actor::Seat(seat), action)
                    }
                }
            };
            // Only the actions a report of an unfinished game shows: the last ones before
            // the cap.
            if actions + LAST_ACTIONS as u64 > max_len {
                last[(actions % LAST_ACTIONS as u64) as usize] = (
                    match actor {
                        Actor::Seat(s) => Some(s),
                        Actor::Chance => None,
                    },
                    action,
                );
            }
            obs.before_action(&state, actor, action);
            let mut events = ObserverEvents(&mut *obs, std::marker::PhantomData);
            if track {
                state.apply_with(action, &mut events);
            } else {
                state.apply_untracked_with(action, &mut events);
            }
            obs.after_action(&state);
            actions += 1;
            if actions > max_len {
                // Oldest first; fewer than LAST_ACTIONS when fewer were applied.
                let shown = actions.min(LAST_ACTIONS as u64);
                let recent: Vec<String> = (LAST_ACTIONS as u64 - shown..LAST_ACTIONS as u64)
                    .map(|k| last[((actions + k) % LAST_ACTIONS as u64) as usize])
                    .map(|(seat, a)| match seat {
                        Some(s) => format!("seat {s}: {}", a.0),
                        None => format!("chance: {}", a.0),
                    })
                    .collect();
                let trace = match &self.trace {
                    Some(t) => format!("; every action of it: {t} | grep '\"game\":{index},'"),
                    None => String::new(),
                };
                return Err(UnfinishedGame {
                    index,
                    message: format!(
                        "game {index} (deal {}, seed {}) did not end within {max_len} \
                         actions; its last {shown} action codes: {}{trace}",
                        game.deal,
                        self.seed,
                        recent.join(", ")
                    ),
                }
                .into());
            }
        }
        for (&agent, a) in seats.iter().zip(agents) {
            self.agents[agent] = Some(a);
        }
        Ok(GameRecord {
            scores: (0..n).map(|s| state.score(s as Seat)).collect(),
            conceded: (0..n).map(|s| state.conceded(s as Seat)).collect(),
            returns: state.returns(),
            capped: state.ended_by_cap(),
            seats,
            decisions: decisions[..n].iter().copied().collect(),
            actions,
            overruns,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine_core::{ActionList, Heuristic, InfoSets};
    use rand::Rng as _;

    /// A random agent with a 1 ms time budget whose decisions of even number take 150 ms.
    struct Slow(u64);

    impl<S: Heuristic> Agent<S> for Slow {
        fn name(&self) -> &str {
            "slow"
        }
        fn act(&mut self, view: &PlayerView<'_, S>, rng: &mut Rng) -> Action {
            self.0 += 1;
            if self.0.is_multiple_of(2) && self.0 <= 6 {
                std::thread::sleep(std::time::Duration::from_millis(150));
            }
            let mut legal = ActionList::new();
            view.legal_actions(&mut legal);
            legal[rng.gen_range(0..legal.len())]
        }
        fn time_budget(&self) -> Option<std::time::Duration> {
            Some(std::time::Duration::from_millis(1))
        }
    }

    fn panic_at(index: u64) -> anyhow::Error {
        GamePanic {
            index,
            deal: index / 2,
            seed: 1,
            message: "boom".into(),
            trace: None,
        }
        .into()
    }

    #[test]
    fn the_failure_reported_is_the_failed_game_of_lowest_index_then_any_error_then_a_stop() {
        let index = |e: anyhow::Error| e.downcast_ref::<GamePanic>().map(|p| p.index);
        let errors = vec![
            Discarded.into(),
            panic_at(9),
            anyhow::anyhow!("other"),
            panic_at(4),
            panic_at(7),
        ];
        assert_eq!(first_failure(errors).map(index), Some(Some(4)));
        // A game past its action cap is a failed game too, ordered with the panics by
        // index: the same game is named whatever the thread that failed first.
        let unfinished = |index| -> anyhow::Error {
            UnfinishedGame {
                index,
                message: format!("game {index} did not end"),
            }
            .into()
        };
        let errors = vec![
            unfinished(6),
            anyhow::anyhow!("other"),
            unfinished(2),
            panic_at(5),
        ];
        assert_eq!(
            first_failure(errors).unwrap().to_string(),
            "game 2 did not end"
        );
        let errors = vec![unfinished(6), panic_at(5)];
        assert_eq!(first_failure(errors).map(index), Some(Some(5)));
        let errors = vec![Discarded.into(), anyhow::anyhow!("other")];
        assert_eq!(first_failure(errors).unwrap().to_string(), "other");
        assert!(first_failure(vec![Discarded.into()])
            .unwrap()
            .is::<Discarded>());
        assert!(first_failure(Vec::new()).is_none());
        let parts: Vec<Result<u8>> = vec![Ok(1), Err(panic_at(3)), Ok(2)];
        assert_eq!(all_parts(parts).map_err(index).unwrap_err(), Some(3));
        assert_eq!(all_parts(vec![Ok(1), Ok(2)]).unwrap(), vec![1, 2]);
    }

    #[test]
    fn decisions_well_past_the_time_budget_are_counted_for_their_seat() {
        let game = engine::crazy_eights::CrazyEights::default_rules();
        let specs = vec![agents::AgentSpec::named("random"); 2];
        let mut player = Player::new(&game, &specs, 1);
        player.agents[1] = Some(Box::new(Slow(0)));
        let scheduled = Scheduled {
            index: 0,
            match_index: 0,
            deal: 0,
            seats: [0, 1].into_iter().collect(),
        };
        let record = player.play(&scheduled, &mut ()).unwrap();
        // Decisions 2, 4 and 6 of seat 1 slept 150 ms against 2 x 1 ms + 100 ms.
        assert_eq!(record.overruns[1].count, 3);
        assert!(record.overruns[1].longest_ms >= 150);
        assert_eq!(record.overruns[0], Overrun::default());
    }

    /// Every action applied, the events it raised, and seat 0's information key after
    /// it; `reads` is what the observer says of reading keys.
    struct Keys {
        reads: bool,
        actions: Vec<Action>,
        events: Vec<GameEvent>,
        keys: Vec<engine_core::InfoKey>,
    }

    impl<S: GameState> Observer<S> for Keys {
        fn before_action(&mut self, _state: &S, _actor: Actor, action: Action) {
            self.actions.push(action);
        }
        fn on_event(&mut self, event: GameEvent) {
            self.events.push(event);
        }
        fn after_action(&mut self, state: &S) {
            self.keys.push(state.info_key(0));
        }
        fn reads_information_keys(&self) -> bool {
            self.reads
        }
    }

    /// A game whose agents and observer read no information key is played without the
    /// keys' bookkeeping (its keys are not those of the game), and is the same game: the
    /// same actions and returns as with an observer that reads them, whose keys are the
    /// replay's. On both paths the observer sees every event of the replay, in order
    /// (the runner's [`ObserverEvents`]).
    #[test]
    fn games_whose_keys_nobody_reads_are_the_same_games_without_them() {
        fn same<G: engine_core::Game>(game: &G) {
            for agents in [["random", "random"], ["greedy", "random"]] {
                let specs: Vec<_> = agents
                    .iter()
                    .map(|&a| agents::AgentSpec::named(a))
                    .collect();
                for g in 0..3u64 {
                    let scheduled = Scheduled {
                        index: g,
                        match_index: 0,
                        deal: g,
                        seats: [0, 1].into_iter().collect(),
                    };
                    let play = |reads| {
                        let mut keys = Keys {
                            reads,
                            actions: Vec::new(),
                            events: Vec::new(),
                            keys: Vec::new(),
                        };
                        let record = Player::new(game, &specs, 9)
                            .play_game(&scheduled, &mut keys)
                            .unwrap();
                        (record.returns, keys)
                    };
                    let (tracked_returns, tracked) = play(true);
                    let (returns, untracked) = play(false);
                    assert_eq!(returns, tracked_returns, "{agents:?} game {g}");
                    assert_eq!(untracked.actions, tracked.actions, "{agents:?} game {g}");
                    let mut replay = game.new_initial_state();
                    let mut events = Vec::new();
                    let replayed: Vec<_> = tracked
                        .actions
                        .iter()
                        .map(|&a| {
                            replay.apply_with(a, &mut |e| events.push(e));
                            replay.info_key(0)
                        })
                        .collect();
                    assert_eq!(tracked.keys, replayed, "{agents:?} game {g}");
                    assert!(!events.is_empty(), "{agents:?} game {g}");
                    assert_eq!(tracked.events, events, "{agents:?} game {g}");
                    assert_eq!(untracked.events, events, "{agents:?} game {g}");
                    assert_ne!(
                        untracked.keys, tracked.keys,
                        "the untracked path was played"
                    );
                }
            }
        }
        same(&engine::grangol::Grangol::default_rules());
        let lastuf = engine::lastuf::Lastuf::shipped(|_| {})
            .unwrap()
            .into_iter()
            .find(|(name, _)| *name == "two-players")
            .expect("LASTUF ships two-players")
            .1;
        same(&lastuf);
        same(&engine::crazy_eights::CrazyEights::default_rules());
    }

    /// Every action applied, as the report of an unfinished game writes it.
    struct Applied(Vec<String>);

    impl<S: GameState> Observer<S> for Applied {
        fn before_action(&mut self, _state: &S, actor: Actor, action: Action) {
            self.0.push(match actor {
                Actor::Seat(s) => format!("seat {s}: {}", action.0),
                Actor::Chance => format!("chance: {}", action.0),
            });
        }
    }

    #[test]
    fn a_game_past_the_action_cap_reports_its_last_actions_oldest_first() {
        let game = engine::crazy_eights::CrazyEights::default_rules();
        let specs = vec![agents::AgentSpec::named("random"); 2];
        let scheduled = Scheduled {
            index: 0,
            match_index: 0,
            deal: 0,
            seats: [0, 1].into_iter().collect(),
        };
        let mut whole = Applied(Vec::new());
        let record = Player::new(&game, &specs, 5)
            .play(&scheduled, &mut whole)
            .unwrap();
        assert!(record.actions > 40, "a game of {} actions", record.actions);
        // The cap below the game's length, and below the ring's size too. Played without
        // `play`'s guards: a failed game there is recorded for the whole process
        // (`discarding`), and would stop the games of the tests running beside this one.
        for cap in [40, LAST_ACTIONS as u64 + 3, 5] {
            let err = Player::new(&game, &specs, 5)
                .max_actions(Some(cap), "sim trace".into())
                .play_game(&scheduled, &mut ())
                .unwrap_err()
                .to_string();
            // The actions 0 to `cap` were applied; the last LAST_ACTIONS of them are shown.
            let from = (cap + 1).saturating_sub(LAST_ACTIONS as u64) as usize;
            let want = whole.0[from..=cap as usize].join(", ");
            assert!(
                err.contains(&format!("action codes: {want};")),
                "cap {cap}: {err}"
            );
        }
    }
}
