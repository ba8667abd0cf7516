//! `Agent` (a lab agent acting through its seat's honest view) and `LabStreams` (the
//! random streams of `sim run` and `sim trace`).

use crate::dynamic::{guard, DynAgent, DynGame, Streams};
use agents::AgentSpec;
use engine::core::Turn;
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

use super::common::*;
use super::game::*;
use super::state::PyState;

/// A lab agent (`random`, `greedy`, `mcts(iterations=200)`, … as typed after
/// `sim --agents`) playing one game in Rust, through its seat's honest view (it never
/// sees what the seat cannot). Built as `sim` builds it: the game's defaults of agent
/// parameters (`configs/<game>/agents.toml`) under the typed ones.
///
/// Its random choices come from the lab's seat streams: at seat `s` it draws from the
/// stream `sim run --seed SEED` gives seat `s` in game `game_index`, so an agent that
/// meets the same states chooses as it does in `sim`.
#[pyclass(name = "Agent", module = "soccerlab._soccerlab")]
pub struct PyAgent {
    game: Arc<dyn DynGame>,
    spec: AgentSpec,
    agent: Mutex<Box<dyn DynAgent>>,
    seed: u64,
    game_index: u64,
    streams: Streams,
}

#[pymethods]
impl PyAgent {
    /// The agent of `spec` at `game`, drawing from the streams of game `game_index` of a
    /// run with seed `seed`. Errors: `ValueError` with the lab's line (an unknown agent or
    /// parameter, an agent that cannot play the game).
    #[new]
    #[pyo3(signature = (game, spec, seed=0, game_index=0))]
    fn new(game: &PyGame, spec: &str, seed: u64, game_index: u64) -> PyResult<PyAgent> {
        // Read once here, at the edge; a text that is not a spec fails with its line.
        let typed = AgentSpec::read(spec);
        let (effective, agent) = game.inner.make_agent(&typed).map_err(value_error)?;
        let n = game.inner.info().num_seats;
        Ok(PyAgent {
            game: game.inner.clone(),
            spec: effective,
            agent: Mutex::new(agent),
            seed,
            game_index,
            streams: Streams::new(seed, game_index, game_index, n),
        })
    }

    /// The effective spec: the typed one with the game's defaults of agent parameters.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The master seed whose seat streams the agent draws from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The game index whose seat streams the agent draws from.
    #[getter]
    fn game_index(&self) -> u64 {
        self.game_index
    }

    /// The agent's choice at `state` for `seat` (`None`: the deciding seat), which must be
    /// the deciding seat. The search runs in Rust without the GIL. Errors: `ValueError` at
    /// a chance node, at the end, for a seat that does not decide, or a state of another
    /// game; `RuntimeError` if the agent panics.
    #[pyo3(signature = (state, seat=None))]
    fn act(&mut self, py: Python<'_>, state: &PyState, seat: Option<i64>) -> PyResult<u16> {
        if state.game().info().name != self.game.info().name {
            return Err(value_error(format!(
                "the agent plays {}, the state is of {}",
                self.game.info().name,
                state.game().info().name
            )));
        }
        let deciding = match state.inner().turn() {
            Turn::Decision(s) => s,
            Turn::Chance => {
                return Err(value_error(
                    "an agent acts at decisions, not at a chance node",
                ))
            }
            Turn::Terminal => return Err(value_error("the game is over: no seat decides")),
        };
        let seat = match seat {
            None => deciding,
            Some(s) if s == i64::from(deciding) => deciding,
            Some(s) => {
                return Err(value_error(format!(
                    "seat {s} does not decide here (seat {deciding} does)"
                )))
            }
        };
        let inner = state.inner();
        let agent = self
            .agent
            .get_mut()
            .map_err(|_| runtime_error("the agent failed earlier (it panicked)".into()))?;
        let rng = self.streams.seat(seat);
        let chosen = py.detach(|| guard(|| agent.act(inner, seat, rng)));
        let action = chosen.map_err(runtime_error)?.map_err(value_error)?;
        Ok(action.0)
    }

    /// Starts a new game: forgets what the agent kept (a search tree) and draws from the
    /// seat streams of game `game_index` (`None`: the next game index) of the run with
    /// master seed `seed` (`None`: the same seed).
    #[pyo3(signature = (game_index=None, seed=None))]
    fn new_game(&mut self, game_index: Option<u64>, seed: Option<u64>) -> PyResult<()> {
        self.game_index = game_index.unwrap_or(self.game_index + 1);
        self.seed = seed.unwrap_or(self.seed);
        let n = self.game.info().num_seats;
        self.streams = Streams::new(self.seed, self.game_index, self.game_index, n);
        let agent = self
            .agent
            .get_mut()
            .map_err(|_| runtime_error("the agent failed earlier (it panicked)".into()))?;
        guarded(|| agent.new_game())
    }

    fn __repr__(&self) -> String {
        format!(
            "soccerlab.Agent({}, {:?}, seed={}, game_index={})",
            self.game.info().name,
            self.spec.as_str(),
            self.seed,
            self.game_index
        )
    }
}

/// The lab's random streams of one game of `sim run`/`sim trace` (`lab/src/infra/play.rs`):
/// chance stream `k` is derived from (`seed`, the game's deal, chance `k`), the agent at
/// seat `s` draws from (`seed`, `game_index`, seat `s`). A Python loop that resolves
/// chance with `chance(state)` and plays `random_action(state)` at every decision draws
/// exactly what `sim trace --agents random,random --seed SEED` draws in that game.
///
/// The deal: with the lab's duplicate deals (the default), the games `j·n … j·n + n − 1`
/// of a match of `n` seats share deal `j`; `duplicate=False` (`--no-duplicate`) deals
/// every game afresh (deal = game index). For a run of as many agents as seats.
#[pyclass(name = "LabStreams", module = "soccerlab._soccerlab")]
pub struct PyLabStreams {
    game: Arc<dyn DynGame>,
    streams: Streams,
    random: Mutex<Box<dyn DynAgent>>,
    deal: u64,
}

#[pymethods]
impl PyLabStreams {
    /// The streams of game `game_index` of a run of `game` with master seed `seed`.
    #[new]
    #[pyo3(signature = (game, seed, game_index=0, duplicate=true))]
    fn new(game: &PyGame, seed: u64, game_index: u64, duplicate: bool) -> PyResult<Self> {
        let n = game.inner.info().num_seats;
        let deal = if duplicate {
            game_index / n as u64
        } else {
            game_index
        };
        let random = AgentSpec::named(agents::baseline().name);
        let (_, random) = game.inner.make_agent(&random).map_err(value_error)?;
        Ok(PyLabStreams {
            game: game.inner.clone(),
            streams: Streams::new(seed, game_index, deal, n),
            random: Mutex::new(random),
            deal,
        })
    }

    /// The deal the chance streams are derived from.
    #[getter]
    fn deal(&self) -> u64 {
        self.deal
    }

    /// The chance outcome the lab's runner draws at chance node `state`, from the chance
    /// stream of the node (`ChanceOutcomes::chance_stream`). Not applied. Errors: `ValueError`
    /// when `state` is not a chance node.
    fn chance(&mut self, state: &PyState) -> PyResult<u16> {
        self.check(state)?;
        if state.inner().turn() != Turn::Chance {
            return Err(value_error("chance(): the state is not a chance node"));
        }
        let inner = state.inner();
        let k = inner.chance_stream();
        let rng = self.streams.chance(k);
        Ok(guarded(|| inner.sample_chance_outcome(rng))?.0)
    }

    /// The choice of the lab's `random` agent at decision `state`, drawn from the
    /// deciding seat's stream. Not applied. Errors: `ValueError` when no seat decides.
    fn random_action(&mut self, state: &PyState) -> PyResult<u16> {
        self.check(state)?;
        let Turn::Decision(seat) = state.inner().turn() else {
            return Err(value_error(
                "random_action(): no seat decides at this state",
            ));
        };
        let inner = state.inner();
        let rng = self.streams.seat(seat);
        let agent = self
            .random
            .get_mut()
            .map_err(|_| runtime_error("the random agent failed earlier".into()))?;
        let chosen = guarded(|| agent.act(inner, seat, rng))?.map_err(value_error)?;
        Ok(chosen.0)
    }
}

impl PyLabStreams {
    fn check(&self, state: &PyState) -> PyResult<()> {
        if state.game().info().name != self.game.info().name {
            return Err(value_error(format!(
                "the streams are of {}, the state is of {}",
                self.game.info().name,
                state.game().info().name
            )));
        }
        Ok(())
    }
}
