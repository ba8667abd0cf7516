//! `VectorEnv`: many games of one kind stepped together, for reinforcement learning at
//! the engine's speed. Python chooses one action per game from NumPy arrays (for
//! example uniformly: `legal[np.arange(n), (rng.random(n) * counts).astype(int)]`), and
//! one call applies them all, plays the chance nodes that follow (and, with an
//! opponent, the opponent's decisions), starts a game over where one ended, and writes the
//! next decision of every game into the same arrays.

use crate::dynamic::{guard, DynAgent, DynGame, DynState};
use agents::AgentSpec;
use engine::core::{
    derive_rng, Action, ActionList, Rng, Seat, Stream, Turn, MAX_ACTIONS, MAX_SEATS,
};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

use super::common::value_error;
use super::game::PyGame;

/// `VectorEnv(game, num_envs, seed=0, opponent=None, reward="zero_sum", skip_forced=False,
/// goal_reward=0.0)`: `num_envs`
/// games of `game`, each on its own chance stream derived from `seed` and its index (the
/// lab's `derive_rng`), so a run is reproducible.
///
/// Without `opponent`, Python decides for every seat. With `opponent` (a lab agent spec,
/// `"random"`, `"greedy"`, `"mcts(iterations=50)"`), Python is the learner of one seat of
/// each game, which rotates from game to game (game `k` of env `i` has the learner at
/// seat `(i + k) mod num_players`), and the lab agent plays the other seats in Rust,
/// each env's agent drawing from its own stream; every decision returned is then the
/// learner's.
///
/// The arrays it returns are its own, rewritten by every call (copy what must outlive a
/// step):
///
/// - `counts`: `uint16[num_envs]`, the number of legal actions of each game's decision;
/// - `legal`: `uint16[num_envs, 256]`, each game's legal actions, sorted, in its first
///   `counts[i]` entries (the rest is 0);
/// - `players`: `int8[num_envs]`, the deciding seat of each game;
/// - `rewards`: `float32[num_envs, num_players]`, each seat's return where the game
///   ended at this step, else 0: zero-sum (`reward="zero_sum"`: +1 win, 0 draw, −1 loss
///   at two seats, as `State.returns()`) or the lab's placement return
///   (`reward="placement"`: 1, ½, 0);
/// - `dones`: `bool[num_envs]`, whether the game ended at this step (it has already
///   started over: `counts`, `legal` and `players` are the new game's).
///
/// With `skip_forced`, a decision with one legal action is applied without asking Python
/// (as the lab's runner never asks an agent). With `goal_reward` `g`, every step also
/// pays each seat `g` times the change of its goal margin (its goals less the seats' mean)
/// since its last reward: a shaping reward whose sum over a game is `g` times the final
/// margin, beside the return at the end.
///
/// `observations()` and `masks()` write the deciding seats' observation tensors and
/// legal-action masks into two more arrays the env owns.
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
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<i8>>,
    /// Whether rewards are zero-sum (else placement returns).
    zero_sum: bool,
    /// Whether forced decisions are applied without asking Python.
    skip_forced: bool,
    /// The reward of a goal's change to a seat's margin (0: none).
    goal_reward: f32,
    /// Each game's goal margins (a seat's goals less the seats' mean) at the last reward.
    margins: Vec<[f32; MAX_SEATS]>,
    /// The opponent of each env, with its stream and the learner's seat, when the env
    /// has an opponent.
    opponents: Vec<Opponent>,
    /// Games that have ended, over all envs.
    episodes: u64,
    list: ActionList,
}

/// The lab agent that plays the seats other than the learner's in one env.
struct Opponent {
    /// In a mutex only to make the env `Sync` (Python may share it between threads);
    /// reached by `get_mut`, never locked.
    agent: Mutex<Box<dyn DynAgent>>,
    rng: Rng,
    /// The learner's seat in the game under way.
    learner: Seat,
    /// Games started in this env.
    games: u64,
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

/// Plays `state`'s chance nodes with `rng`, with an opponent its decisions for the seats
/// other than the learner's, and with `skip_forced` every forced decision (one legal
/// action), up to a decision put to Python (the learner's with an opponent) or the end.
/// Errors: the opponent's (a panic, as a message).
fn advance(
    state: &mut dyn DynState,
    rng: &mut Rng,
    mut opponent: Option<&mut Opponent>,
    skip_forced: bool,
) -> Result<(), String> {
    loop {
        play_chance(state, rng);
        let Turn::Decision(s) = state.turn() else {
            return Ok(());
        };
        if skip_forced {
            if let Some(a) = state.forced_action() {
                state.apply_unchecked(a);
                continue;
            }
        }
        match opponent.as_deref_mut() {
            Some(o) if s != o.learner => {
                let agent = o
                    .agent
                    .get_mut()
                    .map_err(|_| "the opponent failed earlier (it panicked)".to_string())?;
                let a = guard(|| agent.act(state, s, &mut o.rng))??;
                state.apply_unchecked(a);
            }
            _ => return Ok(()),
        }
    }
}

/// Each seat's goal margin at `state`: its goals less the mean of the seats' goals.
fn margins(state: &dyn DynState) -> [f32; MAX_SEATS] {
    let n = state.num_seats();
    let mut m = [0.0; MAX_SEATS];
    for (s, x) in m.iter_mut().enumerate().take(n) {
        *x = state.score(s as Seat) as f32;
    }
    let mean = m[..n].iter().sum::<f32>() / n as f32;
    for x in &mut m[..n] {
        *x -= mean;
    }
    m
}

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
    /// Errors: `ValueError` for `num_envs` 0, an opponent spec the lab refuses (its
    /// line), or an unknown `reward`.
    #[new]
    #[pyo3(signature = (
        game, num_envs, seed=0, opponent=None, reward="zero_sum", skip_forced=false,
        goal_reward=0.0
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &PyGame,
        num_envs: usize,
        seed: u64,
        opponent: Option<&str>,
        reward: &str,
        skip_forced: bool,
        goal_reward: f32,
    ) -> PyResult<Self> {
        if num_envs == 0 {
            return Err(value_error("num_envs must be at least 1"));
        }
        let zero_sum = match reward {
            "zero_sum" => true,
            "placement" => false,
            other => {
                return Err(value_error(format!(
                    "reward '{other}': expected 'zero_sum' or 'placement'"
                )))
            }
        };
        let inner = game.inner.clone();
        let info = inner.info();
        let players = info.num_seats;
        let mut opponents = Vec::new();
        if let Some(spec) = opponent {
            let typed = AgentSpec::read(spec);
            for i in 0..num_envs {
                let (_, agent) = inner.make_agent(&typed).map_err(value_error)?;
                opponents.push(Opponent {
                    agent: Mutex::new(agent),
                    rng: derive_rng(seed, i as u64, Stream::Other(0x0990)),
                    learner: 0,
                    games: 0,
                });
            }
        }
        let size = inner.layout().size();
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
            observations: PyArray2::zeros(py, [num_envs, size], false).unbind(),
            masks: PyArray2::zeros(py, [num_envs, info.num_distinct_actions], false).unbind(),
            zero_sum,
            skip_forced,
            goal_reward,
            margins: vec![[0.0; MAX_SEATS]; num_envs],
            opponents,
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
    /// game) to every game, plays the chance nodes (and the opponent) up to each game's
    /// next decision, starts ended games over, and returns `(counts, legal, players,
    /// rewards, dones)`. Errors: `ValueError` for an array of the wrong length or an
    /// illegal action (naming the game; the games before it have moved); `RuntimeError`
    /// if the opponent fails.
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
                    env.states[i].apply_unchecked(Action(action));
                    env.advance(i)?;
                    let state = &env.states[i];
                    let done = state.turn() == Turn::Terminal;
                    dones[i] = done;
                    let out = &mut rewards[i * players_n..(i + 1) * players_n];
                    out.fill(0.0);
                    if env.goal_reward != 0.0 {
                        let now = margins(&**state);
                        for (s, r) in out.iter_mut().enumerate() {
                            *r += env.goal_reward * (now[s] - env.margins[i][s]);
                        }
                        env.margins[i] = now;
                    }
                    if done {
                        let returns = if env.zero_sum {
                            state.zero_sum_returns()
                        } else {
                            state.returns()
                        };
                        for (r, v) in out.iter_mut().zip(returns.iter()) {
                            *r += *v as f32;
                        }
                        env.new_game(i)?;
                        env.episodes += 1;
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

    /// The deciding seat's observation tensor of every game, written into the env's
    /// `float32[num_envs, observation_tensor_size]` array and returned (entries in
    /// `[0, 1]`, laid out as `Game.observation_layout()` says). Each row is built from
    /// its seat's view only, as `State.observation_tensor(seat)`.
    fn observations<'py>(&mut self, py: Python<'py>) -> PyResult<Py<PyArray2<f32>>> {
        let array = self.observations.clone_ref(py);
        {
            let mut a = array.bind(py).readwrite();
            let out = slice(&mut a)?;
            let size = self.game.layout().size();
            for (state, row) in self.states.iter().zip(out.chunks_exact_mut(size)) {
                match state.turn() {
                    Turn::Decision(seat) => state.observation_tensor(seat, row),
                    _ => row.fill(0.0),
                }
            }
        }
        Ok(array)
    }

    /// The legal actions of every game as masks, written into the env's
    /// `int8[num_envs, num_distinct_actions]` array (1 at the legal codes; the
    /// package's one mask dtype) and returned.
    fn masks<'py>(&mut self, py: Python<'py>) -> PyResult<Py<PyArray2<i8>>> {
        let array = self.masks.clone_ref(py);
        {
            let mut a = array.bind(py).readwrite();
            let out = slice(&mut a)?;
            let width = self.game.info().num_distinct_actions;
            // From the legal rows `step` and `reset` wrote (and check actions against),
            // not listed again.
            self.with_decisions(py, |_, counts, legal, _| {
                for (i, row) in out.chunks_exact_mut(width).enumerate() {
                    row.fill(0);
                    let start = i * MAX_ACTIONS;
                    for &a in &legal[start..start + usize::from(counts[i])] {
                        if let Some(x) = row.get_mut(usize::from(a)) {
                            *x = 1;
                        }
                    }
                }
                Ok(())
            })?;
        }
        Ok(array)
    }

    /// The learner's seat in each game under way (`int8[num_envs]`, a new array), with
    /// an opponent; every entry −1 without one.
    fn learner_seats<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let seats: Vec<i8> = if self.opponents.is_empty() {
            vec![-1; self.states.len()]
        } else {
            self.opponents.iter().map(|o| o.learner as i8).collect()
        };
        PyArray1::from_vec(py, seats)
    }
}

impl PyVectorEnv {
    /// Plays game `i`'s chance nodes (and its opponent) up to its next decision of the
    /// learner or the end.
    fn advance(&mut self, i: usize) -> PyResult<()> {
        let opponent = self.opponents.get_mut(i);
        advance(
            &mut *self.states[i],
            &mut self.rngs[i],
            opponent,
            self.skip_forced,
        )
        .map_err(|e| super::common::runtime_error(format!("opponent: {e}")))
    }

    /// Starts game `i` over: a new initial state, the next learner seat, and play up to
    /// its first decision. A game can end before the learner decides (the opponent wins
    /// it alone): it is then counted and started again.
    fn new_game(&mut self, i: usize) -> PyResult<()> {
        let n = self.game.info().num_seats as u64;
        self.margins[i] = [0.0; MAX_SEATS];
        loop {
            self.states[i] = self.game.new_initial_state();
            if let Some(o) = self.opponents.get_mut(i) {
                o.learner = ((i as u64 + o.games) % n) as Seat;
                o.games += 1;
                if let Ok(agent) = o.agent.get_mut() {
                    agent.new_game();
                }
            }
            self.advance(i)?;
            if self.states[i].turn() != Turn::Terminal {
                return Ok(());
            }
            self.episodes += 1;
        }
    }

    /// Plays every game's opening chance nodes and writes the first decisions.
    fn start(&mut self, py: Python<'_>) -> PyResult<()> {
        for i in 0..self.states.len() {
            self.new_game(i)?;
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
