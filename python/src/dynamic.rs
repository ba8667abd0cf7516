//! The type-erased layer between the generic engine and Python: pyo3 classes cannot be
//! generic, so every registered game is reached through the object-safe traits
//! [`DynGame`], [`DynState`] and [`DynAgent`], implemented once for every
//! [`Registered`] game and built by [`load`] through [`engine::core::visit_game`].
//!
//! Rules are loaded exactly as `sim` loads them (`lab::infra::games::load` with
//! `lab::infra::games::sets`: `--rules` name or file, `--set key=value`, `--players`), and agents
//! are built as the lab builds them (the game's defaults of agent parameters laid under
//! the typed spec, then `agents::make_agent`), so a game, its states and its agents
//! behave in Python exactly as in `sim`.

use agents::AgentSpec;
use engine::core::{
    derive_rng, visit_game, Action, ActionList, Agent, ChanceList, GameInfo, GameState,
    GameVisitor, IllegalAction, ObservationLayout, PlayerView, Registered, Returns, Rng, Seat,
    Stream, Turn, MAX_CHANCE_STREAMS,
};
use engine::core::{ChanceOutcomes, InfoSets, LegalActions, Notation, Observation};
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

/// A loaded game (a validated rule set) of any registered game.
pub trait DynGame: Send + Sync {
    /// The game's facts: name, seats, number of distinct actions, length bound.
    fn info(&self) -> &GameInfo;
    /// Where the rules came from (`default`, a shipped rule set's name or a file, with
    /// ` + --set …` for overrides), as `sim` names them in `run.json`.
    fn rules_source(&self) -> &str;
    /// The resolved rules as a complete rules file (TOML): loading it gives the same game.
    fn rules_toml(&self) -> &str;
    /// The resolved rules tree (no `extends`): two games of one name play alike exactly
    /// when their trees are equal.
    fn rules_tree(&self) -> &toml::Table;
    /// The game's warnings about this rule set (a degenerate game).
    fn warnings(&self) -> &[String];
    /// The observation tensor's layout (the same at every state of the rule set).
    fn layout(&self) -> &ObservationLayout;
    /// The state before the first action.
    fn new_initial_state(&self) -> Box<dyn DynState>;
    /// The agent of `spec` (as typed after `--agents`) at this game, built as the lab
    /// builds it: the game's defaults of agent parameters under the typed ones. Returns
    /// the effective spec with it. Errors: one line (an unknown agent or parameter, an
    /// agent that cannot play this game).
    fn make_agent(&self, spec: &AgentSpec) -> Result<(AgentSpec, Box<dyn DynAgent>), String>;
}

/// One position of any registered game (see [`GameState`] for the meaning of each
/// method).
pub trait DynState: Send + Sync {
    /// A copy of the state.
    fn clone_box(&self) -> Box<dyn DynState>;
    /// The concrete state, for the agents of its game to read.
    fn as_any(&self) -> &dyn Any;
    /// Number of seats playing.
    fn num_seats(&self) -> usize;
    /// Whose move it is.
    fn turn(&self) -> Turn;
    /// The legal actions of the deciding seat, sorted (empty elsewhere).
    fn legal_actions(&self, out: &mut ActionList);
    /// The one legal action of a forced decision (`LegalActions::forced_action`).
    fn forced_action(&self) -> Option<Action>;
    /// The chance outcomes and their integer weights (empty elsewhere).
    fn chance_outcomes(&self, out: &mut ChanceList);
    /// Draws a chance outcome from `rng` as the lab's runner does
    /// ([`ChanceOutcomes::sample_chance_outcome`]). Only at a chance node.
    fn sample_chance_outcome(&self, rng: &mut Rng) -> Action;
    /// The chance stream of the chance node ([`ChanceOutcomes::chance_stream`]).
    fn chance_stream(&self) -> u8;
    /// Applies a legal action or chance outcome; leaves the state unchanged otherwise.
    fn try_apply(&mut self, action: Action) -> Result<(), IllegalAction>;
    /// Applies `action`, which the caller knows to be legal here (`VectorEnv` checks it
    /// against the legal actions it wrote).
    fn apply_unchecked(&mut self, action: Action);
    /// Per-seat returns (all zero before the end).
    fn returns(&self) -> Returns;
    /// The zero-sum returns (`GameState::zero_sum_returns`).
    fn zero_sum_returns(&self) -> Returns;
    /// Goals (points) of `seat` so far.
    fn score(&self, seat: Seat) -> i32;
    /// Writes `seat`'s observation tensor into `out` (length of the layout).
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]);
    /// `seat`'s observation as text.
    fn observation_string(&self, seat: Seat) -> String;
    /// A readable name of `action` at this state.
    fn action_to_string(&self, action: Action) -> String;
    /// The trace snapshot of the state (what `sim trace` prints) as JSON.
    fn snapshot_json(&self) -> String;
    /// A state drawn from `seat`'s information set ([`InfoSets::determinize`]): what
    /// `seat` has seen kept, every hidden part resampled from `rng`.
    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Box<dyn DynState>;
}

/// An agent of the lab playing any registered game, through its seat's honest view.
pub trait DynAgent: Send {
    /// The agent's name (`mcts`).
    fn name(&self) -> &str;
    /// Chooses an action for `seat`, which must be the deciding seat of `state` (a state
    /// of the agent's game), drawing from `rng`. Errors: a state of another game.
    fn act(&mut self, state: &dyn DynState, seat: Seat, rng: &mut Rng) -> Result<Action, String>;
    /// Forgets everything from earlier games (a search tree).
    fn new_game(&mut self);
}

/// A game `G` loaded with its rules, and its facts cached.
struct Loaded<G: Registered> {
    loaded: lab::infra::games::Loaded<G>,
    layout: ObservationLayout,
}

impl<G: Registered> DynGame for Loaded<G> {
    fn info(&self) -> &GameInfo {
        self.loaded.game.info()
    }
    fn rules_source(&self) -> &str {
        &self.loaded.rules_source
    }
    fn rules_toml(&self) -> &str {
        &self.loaded.rules_toml
    }
    fn rules_tree(&self) -> &toml::Table {
        &self.loaded.resolved.tree
    }
    fn warnings(&self) -> &[String] {
        &self.loaded.warnings
    }
    fn layout(&self) -> &ObservationLayout {
        &self.layout
    }
    fn new_initial_state(&self) -> Box<dyn DynState> {
        Box::new(self.loaded.game.new_initial_state())
    }
    fn make_agent(&self, spec: &AgentSpec) -> Result<(AgentSpec, Box<dyn DynAgent>), String> {
        let defaults = lab::infra::games::agent_defaults_of::<G>().map_err(|e| format!("{e:#}"))?;
        let effective = defaults.resolve(spec).map_err(|e| e.to_string())?;
        agents::check_plays(&effective, self.info()).map_err(|e| e.to_string())?;
        let agent = agents::make_agent::<G::State>(&effective).map_err(|e| e.to_string())?;
        Ok((effective, Box::new(Typed::<G::State>(agent))))
    }
}

impl<S: GameState + 'static> DynState for S {
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn num_seats(&self) -> usize {
        GameState::num_seats(self)
    }
    fn turn(&self) -> Turn {
        GameState::turn(self)
    }
    fn forced_action(&self) -> Option<Action> {
        LegalActions::forced_action(self)
    }
    fn legal_actions(&self, out: &mut ActionList) {
        LegalActions::legal_actions(self, out)
    }
    fn chance_outcomes(&self, out: &mut ChanceList) {
        ChanceOutcomes::chance_outcomes(self, out)
    }
    fn sample_chance_outcome(&self, rng: &mut Rng) -> Action {
        ChanceOutcomes::sample_chance_outcome(self, rng)
    }
    fn chance_stream(&self) -> u8 {
        ChanceOutcomes::chance_stream(self)
    }
    fn try_apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        GameState::try_apply(self, action)
    }
    fn apply_unchecked(&mut self, action: Action) {
        GameState::apply(self, action)
    }
    fn returns(&self) -> Returns {
        GameState::returns(self)
    }
    fn zero_sum_returns(&self) -> Returns {
        GameState::zero_sum_returns(self)
    }
    fn score(&self, seat: Seat) -> i32 {
        GameState::score(self, seat)
    }
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) {
        Observation::observation_tensor(self, seat, out)
    }
    fn observation_string(&self, seat: Seat) -> String {
        Observation::observation_string(self, seat)
    }
    fn action_to_string(&self, action: Action) -> String {
        Notation::action_to_string(self, action)
    }
    fn snapshot_json(&self) -> String {
        serde_json::to_string(&self.snapshot())
            .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Box<dyn DynState> {
        Box::new(InfoSets::determinize(self, seat, rng))
    }
}

/// An agent of one game's state type.
struct Typed<S: GameState>(Box<dyn Agent<S>>);

impl<S: GameState + 'static> DynAgent for Typed<S> {
    fn name(&self) -> &str {
        self.0.name()
    }
    fn act(&mut self, state: &dyn DynState, seat: Seat, rng: &mut Rng) -> Result<Action, String> {
        let state = state
            .as_any()
            .downcast_ref::<S>()
            .ok_or("the state is of another game than the agent's")?;
        // A forced decision is not put to the agent, as in the lab's runner, so a
        // Python loop draws what `sim trace` draws.
        if let Some(a) = state.forced_action() {
            return Ok(a);
        }
        Ok(self.0.act(&PlayerView::new(state, seat), rng))
    }
    fn new_game(&mut self) {
        self.0.new_game()
    }
}

/// Loads the registered game `name` as `sim` does: `rules` (a shipped rule set's name or
/// a TOML file; `None` for the default), the overrides `set` (`key=value`, in order) and
/// `players` (the rules key `players`, set before the overrides). Errors: one line (an
/// unknown game; a rule set's problems joined by `; `; a bad `players`). `label`, if
/// given, replaces the rules' source as [`DynGame::rules_source`] says it (rules loaded
/// from a temporary copy of a recorded rules file).
pub fn load(
    name: &str,
    rules: Option<&str>,
    set: &[String],
    players: Option<usize>,
    label: Option<&str>,
) -> Result<Arc<dyn DynGame>, String> {
    struct Load<'a> {
        rules: Option<&'a str>,
        set: &'a [String],
        players: Option<usize>,
        label: Option<&'a str>,
    }
    impl GameVisitor for Load<'_> {
        type Output = Result<Arc<dyn DynGame>, String>;
        fn visit<G: Registered>(&mut self) -> Self::Output {
            let options = lab::infra::options::GameOptions {
                game: G::NAME.to_string(),
                set: self.set.to_vec(),
                players: self.players,
                ..Default::default()
            };
            let one_line = |e: anyhow::Error| lab::Error::from(e).to_string();
            let sets = lab::infra::games::sets::<G>(&options).map_err(one_line)?;
            let mut loaded = lab::infra::games::load::<G>(self.rules, &sets).map_err(one_line)?;
            if let Some(label) = self.label {
                loaded.rules_source = label.to_string();
            }
            let layout = guard(|| loaded.game.new_initial_state().observation_layout())?;
            Ok(Arc::new(Loaded { loaded, layout }))
        }
    }
    let mut visitor = Load {
        rules,
        set,
        players,
        label,
    };
    visit_game(name, &mut visitor).unwrap_or_else(|| {
        Err(format!(
            "unknown game '{name}' (games: {})",
            engine::core::NAMES.join(", ")
        ))
    })
}

/// Runs `f`, turning a panic (a bug in the engine or an agent) into an error line, so no
/// panic crosses into Python.
pub fn guard<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let text = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".into());
        format!(
            "the engine panicked (a bug in the engine or an agent): {}",
            text.replace('\n', " ")
        )
    })
}

/// The lab's random streams of one game of a schedule, as `sim run` and `sim trace`
/// derive them (`lab/src/infra/play.rs`): chance stream `k` is `derive_rng(seed, deal,
/// Chance(k))`, the agent at seat `s` draws from `derive_rng(seed, index, Seat(s))`.
pub struct Streams {
    chance: [Rng; MAX_CHANCE_STREAMS],
    seats: Vec<Rng>,
}

impl Streams {
    /// The streams of game `index`, dealt on `deal`, of a run with master seed `seed`, at
    /// a game of `num_seats` seats.
    pub fn new(seed: u64, index: u64, deal: u64, num_seats: usize) -> Self {
        Streams {
            chance: std::array::from_fn(|k| derive_rng(seed, deal, Stream::Chance(k as u8))),
            seats: (0..num_seats)
                .map(|s| derive_rng(seed, index, Stream::Seat(s as Seat)))
                .collect(),
        }
    }

    /// The chance stream a chance node of stream `k` draws from (`k` modulo
    /// [`MAX_CHANCE_STREAMS`], as the runner takes it).
    pub fn chance(&mut self, k: u8) -> &mut Rng {
        &mut self.chance[usize::from(k) % MAX_CHANCE_STREAMS]
    }

    /// The stream of the agent at `seat`. Panics past the seats.
    pub fn seat(&mut self, seat: Seat) -> &mut Rng {
        &mut self.seats[usize::from(seat)]
    }
}
