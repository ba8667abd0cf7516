//! `VectorEnv`: many games of one kind stepped together, for reinforcement learning at
//! the engine's speed. Python chooses one action per game from NumPy arrays (for
//! example uniformly: `legal[np.arange(n), (rng.random(n) * counts).astype(int)]`), and
//! one call applies them all, plays the chance nodes that follow, starts a game over
//! where one ended, and writes the next decision of every game into the same arrays.

use crate::dynamic::{DynGame, DynState};
use engine::core::{derive_rng, Action, ActionList, Rng, Stream, Turn, MAX_ACTIONS};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use std::sync::Arc;

use super::common::value_error;
use super::game::PyGame;

/// `VectorEnv(game, num_envs, seed=0)`: `num_envs` games of `game`, each on its own
/// chance stream derived from `seed` and its index (the lab's `derive_rng`), so a run is
/// reproducible. The arrays it returns are its own, rewritten by every call (copy what
/// must outlive a step):
///
/// - `counts`: `uint16[num_envs]`, the number of legal actions of each game's decision;
/// - `legal`: `uint16[num_envs, 256]`, each game's legal actions, sorted, in its first
///   `counts[i]` entries (the rest is 0);
/// - `players`: `int8[num_envs]`, the deciding seat of each game;
/// - `rewards`: `float32[num_envs, num_players]`, each seat's return where the game
///   ended at this step (the lab's placement return: 1 win, 1/2 draw, 0 loss at two
///   seats), else 0;
/// - `dones`: `bool[num_envs]`, whether the game ended at this step (it has already
///   started over: `counts`, `legal` and `players` are the new game's).
#[pyclass(name = "VectorEnv", module = "soccerlab._soccerlab")]
pub struct PyVectorEnv {
    game: Arc<dyn DynGame>,
    states: Vec<Box<dyn DynState>>,
    rngs: Vec<Rng>,
    counts: Py<PyArray1<u16>>,
    legal: Py<PyArray2<u16>>,
    players: Py<PyArray1<i8>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
    /// Games that have ended, over all envs.
    episodes: u64,
    list: ActionList,
}

/// What `reset` returns: `(counts, legal, players)`.
type Decisions = (Py<PyArray1<u16>>, Py<PyArray2<u16>>, Py<PyArray1<i8>>);

/// What `step` returns: `(counts, legal, players, rewards, dones)`.
type Stepped = (
    Py<PyArray1<u16>>,
    Py<PyArray2<u16>>,
    Py<PyArray1<i8>>,
    Py<PyArray2<f32>>,
    Py<PyArray1<bool>>,
);

/// Plays `state`'s chance nodes with `rng` up to a decision or the end.
fn play_chance(state: &mut dyn DynState, rng: &mut Rng) {
    while state.turn() == Turn::Chance {
        let a = state.sample_chance_outcome(rng);
        state.apply_unchecked(a);
    }
}

impl PyVectorEnv {
    /// Writes game `i`'s decision into the arrays' row `i`.
    fn write_row(&mut self, i: usize, counts: &mut [u16], legal: &mut [u16], players: &mut [i8]) {
        let state = &self.states[i];
        self.list.clear();
        state.legal_actions(&mut self.list);
        counts[i] = self.list.len() as u16;
        let row = &mut legal[i * MAX_ACTIONS..(i + 1) * MAX_ACTIONS];
        for (slot, a) in row.iter_mut().zip(self.list.iter()) {
            *slot = a.0;
        }
        for slot in row.iter_mut().skip(self.list.len()) {
            *slot = 0;
        }
        players[i] = match state.turn() {
            Turn::Decision(s) => s as i8,
            _ => -4,
        };
    }
}

#[pymethods]
impl PyVectorEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, seed=0))]
    fn new(py: Python<'_>, game: &PyGame, num_envs: usize, seed: u64) -> PyResult<Self> {
        if num_envs == 0 {
            return Err(value_error("num_envs must be at least 1"));
        }
        let inner = game.inner.clone();
        let players = inner.info().num_seats;
        let mut env = PyVectorEnv {
            states: (0..num_envs).map(|_| inner.new_initial_state()).collect(),
            rngs: (0..num_envs)
                .map(|i| derive_rng(seed, i as u64, Stream::Other(0x5EC)))
                .collect(),
            counts: PyArray1::zeros(py, num_envs, false).unbind(),
            legal: PyArray2::zeros(py, [num_envs, MAX_ACTIONS], false).unbind(),
            players: PyArray1::zeros(py, num_envs, false).unbind(),
            rewards: PyArray2::zeros(py, [num_envs, players], false).unbind(),
            dones: PyArray1::zeros(py, num_envs, false).unbind(),
            game: inner,
            episodes: 0,
            list: ActionList::new(),
        };
        env.start(py)?;
        Ok(env)
    }

    /// The number of games stepped together.
    #[getter]
    fn num_envs(&self) -> usize {
        self.states.len()
    }

    /// Games that have ended so far, over every env.
    #[getter]
    fn episodes(&self) -> u64 {
        self.episodes
    }

    /// Starts every game afresh (their chance streams go on) and returns `(counts,
    /// legal, players)`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Decisions> {
        for s in &mut self.states {
            *s = self.game.new_initial_state();
        }
        self.start(py)?;
        Ok((
            self.counts.clone_ref(py),
            self.legal.clone_ref(py),
            self.players.clone_ref(py),
        ))
    }

    /// Applies `actions[i]` (an `int` array of `num_envs` entries, each legal in its
    /// game) to every game, plays the chance nodes up to each game's next decision, starts
    /// ended games over, and returns `(counts, legal, players, rewards, dones)`. Errors:
    /// `ValueError` for an array of the wrong length or an illegal action (naming the
    /// game; the games before it have moved).
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Stepped> {
        let actions = actions
            .as_slice()
            .map_err(|e| value_error(format!("actions: {e}")))?;
        let n = self.states.len();
        if actions.len() != n {
            return Err(value_error(format!(
                "actions has {} entries for {n} games",
                actions.len()
            )));
        }
        let players_n = self.game.info().num_seats;
        let rewards_a = self.rewards.clone_ref(py);
        let dones_a = self.dones.clone_ref(py);
        {
            let mut rewards = rewards_a.bind(py).readwrite();
            let mut dones = dones_a.bind(py).readwrite();
            let rewards = slice(&mut rewards)?;
            let dones = slice(&mut dones)?;
            self.with_decisions(py, |env, counts, legal, players| {
                for (i, &a) in actions.iter().enumerate() {
                    let row = &legal[i * MAX_ACTIONS..i * MAX_ACTIONS + usize::from(counts[i])];
                    let action = u16::try_from(a)
                        .ok()
                        .filter(|a| row.binary_search(a).is_ok());
                    let Some(action) = action else {
                        return Err(value_error(format!(
                            "game {i}: action {a} is not one of its legal actions"
                        )));
                    };
                    let state = &mut env.states[i];
                    state.apply_unchecked(Action(action));
                    play_chance(&mut **state, &mut env.rngs[i]);
                    let done = state.turn() == Turn::Terminal;
                    dones[i] = done;
                    let out = &mut rewards[i * players_n..(i + 1) * players_n];
                    if done {
                        let returns = state.returns();
                        for (r, v) in out.iter_mut().zip(returns.iter()) {
                            *r = *v as f32;
                        }
                        *state = env.game.new_initial_state();
                        play_chance(&mut **state, &mut env.rngs[i]);
                        env.episodes += 1;
                    } else {
                        out.fill(0.0);
                    }
                    env.write_row(i, counts, legal, players);
                }
                Ok(())
            })?;
        }
        Ok((
            self.counts.clone_ref(py),
            self.legal.clone_ref(py),
            self.players.clone_ref(py),
            rewards_a,
            dones_a,
        ))
    }
}

impl PyVectorEnv {
    /// Plays every game's opening chance nodes and writes the first decisions.
    fn start(&mut self, py: Python<'_>) -> PyResult<()> {
        for (s, rng) in self.states.iter_mut().zip(&mut self.rngs) {
            play_chance(&mut **s, rng);
        }
        self.with_decisions(py, |env, counts, legal, players| {
            for i in 0..env.states.len() {
                env.write_row(i, counts, legal, players);
            }
            Ok(())
        })?;
        slice(&mut self.dones.bind(py).readwrite())?.fill(false);
        Ok(())
    }

    /// Runs `f` on the env and its decision arrays as slices: `counts`, `legal` (rows of
    /// [`MAX_ACTIONS`]) and `players`.
    fn with_decisions(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut Self, &mut [u16], &mut [u16], &mut [i8]) -> PyResult<()>,
    ) -> PyResult<()> {
        let (counts, legal, players) = (
            self.counts.clone_ref(py),
            self.legal.clone_ref(py),
            self.players.clone_ref(py),
        );
        let mut counts = counts.bind(py).readwrite();
        let mut legal = legal.bind(py).readwrite();
        let mut players = players.bind(py).readwrite();
        f(
            self,
            slice(&mut counts)?,
            slice(&mut legal)?,
            slice(&mut players)?,
        )
    }
}

/// The contiguous data of an array the env owns, to write in place.
fn slice<'a, T: numpy::Element, D: numpy::ndarray::Dimension>(
    array: &'a mut numpy::PyReadwriteArray<'_, T, D>,
) -> PyResult<&'a mut [T]> {
    array.as_slice_mut().map_err(|e| value_error(e.to_string()))
}
