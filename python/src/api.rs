//! The OpenSpiel-style API (`pyspiel`'s names and conventions): [`PyGame`] (`Game`),
//! [`PyState`] (`State`), [`PyAgent`] (`Agent`, a lab agent acting through its seat's
//! honest view) and [`PyLabStreams`] (`LabStreams`, the random streams of `sim run` and
//! `sim trace`), over the type-erased layer of [`crate::dynamic`].
//!
//! Conventions: seats are `0..num_players()`; `current_player()` is the deciding seat,
//! [`CHANCE_PLAYER`] (-1) at a chance node and [`TERMINAL_PLAYER`] (-4) at the end, as in
//! OpenSpiel. Actions are the game's dense codes below `num_distinct_actions()`, shared by
//! decisions and chance outcomes. Every error is a Python exception whose message is the
//! lab's one line (`ValueError` for bad input, `RuntimeError` for an engine panic, which
//! never crosses into Python as a panic).

use crate::dynamic::{self, guard, DynAgent, DynGame, DynState, Streams};
use engine::core::{derive_rng, Action, ActionList, ChanceList, Seat, Stream, Turn};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use std::sync::{Arc, Mutex};

/// OpenSpiel's `kChancePlayerId`: `current_player()` at a chance node.
pub const CHANCE_PLAYER: i64 = -1;
/// OpenSpiel's `kTerminalPlayerId`: `current_player()` once the game is over.
pub const TERMINAL_PLAYER: i64 = -4;

/// The format tag of [`PyState::serialize`]'s text.
const FORMAT: &str = "soccerlab-state/1";

fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(crate::messages::for_python(message.into()))
}

fn runtime_error(message: String) -> PyErr {
    PyRuntimeError::new_err(message)
}

/// Runs an engine call under [`guard`]: a panic becomes a `RuntimeError`.
fn guarded<T>(f: impl FnOnce() -> T) -> PyResult<T> {
    guard(f).map_err(runtime_error)
}

/// The `--set` overrides of `set`: a dict (`{"players": 3, "deck.cards.TIRO": 8}`, values
/// written as TOML: `True` → `true`, a string quoted) or a list of `"key=value"` strings
/// (typed as after `--set`). Errors: another type.
fn set_list(set: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(set) = set else {
        return Ok(Vec::new());
    };
    if set.is_none() {
        return Ok(Vec::new());
    }
    if let Ok(dict) = set.cast::<PyDict>() {
        let mut out = Vec::with_capacity(dict.len());
        for (k, v) in dict.iter() {
            let key: String = k
                .extract()
                .map_err(|_| value_error(format!("set: the key {k} is not a string")))?;
            let value = if let Ok(b) = v.extract::<bool>() {
                b.to_string()
            } else if let Ok(i) = v.extract::<i64>() {
                i.to_string()
            } else if let Ok(x) = v.extract::<f64>() {
                let s = x.to_string();
                if s.contains(['.', 'e', 'E', 'i', 'n']) {
                    s
                } else {
                    format!("{s}.0")
                }
            } else if let Ok(s) = v.extract::<String>() {
                toml::Value::String(s).to_string()
            } else {
                v.str()?.to_string()
            };
            out.push(format!("{key}={value}"));
        }
        return Ok(out);
    }
    if let Ok(s) = set.extract::<String>() {
        return Ok(vec![s]);
    }
    set.extract::<Vec<String>>().map_err(|_| {
        value_error(
            "set: expected a dict of rules keys to values, or a list of \"key=value\" strings",
        )
    })
}

/// A game loaded with its rules (OpenSpiel's `pyspiel.Game`): the facts of the rule set
/// and its initial state. Made by `load_game`.
#[pyclass(name = "Game", module = "soccerlab._soccerlab", frozen)]
pub struct PyGame {
    pub(crate) inner: Arc<dyn DynGame>,
}

impl PyGame {
    fn state(&self, state: Box<dyn DynState>, history: Vec<u16>) -> PyState {
        PyState {
            game: self.inner.clone(),
            state,
            history,
            resampled: false,
            legal: ActionList::new(),
            chance: ChanceList::new(),
        }
    }

    /// Replays `history` from the initial state. Errors: an action not legal where it
    /// comes (naming its step).
    fn replay(&self, history: &[u16]) -> PyResult<PyState> {
        let mut state = self.state(self.inner.new_initial_state(), Vec::new());
        for (step, &a) in history.iter().enumerate() {
            state
                .apply(i64::from(a))
                .map_err(|e| value_error(format!("the history's step {step}: {}", e_text(&e))))?;
        }
        Ok(state)
    }
}

fn e_text(e: &PyErr) -> String {
    Python::attach(|py| e.value(py).to_string())
}

#[pymethods]
impl PyGame {
    /// The game's name as typed after `sim --game` (`"grangol"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.info().name
    }

    /// Where the rules came from: `"default"`, a shipped rule set's name or a file path,
    /// with `" + --set …"` for overrides (as in `run.json`).
    #[getter]
    fn rules(&self) -> String {
        self.inner.rules_source().to_string()
    }

    /// The resolved rules as a complete rules file (TOML text): loading it gives the
    /// same game.
    #[getter]
    fn rules_toml(&self) -> String {
        self.inner.rules_toml().to_string()
    }

    /// The game's warnings about this rule set (a degenerate game), one line each.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.inner.warnings().to_vec()
    }

    /// The number of seats (players) of this rule set.
    fn num_players(&self) -> usize {
        self.inner.info().num_seats
    }

    /// The number of distinct action codes: decisions and chance outcomes are codes
    /// below it, the length of a legal-action mask and of a policy's output.
    fn num_distinct_actions(&self) -> usize {
        self.inner.info().num_distinct_actions
    }

    /// The most actions (decisions and chance outcomes) a game can last.
    fn max_game_length(&self) -> usize {
        self.inner.info().max_game_length
    }

    /// The observation tensor's shape: `[size]` (a flat `float32` vector whose parts
    /// `observation_layout()` describes).
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.inner.layout().size()]
    }

    /// The observation tensor's length (`float32` entries).
    fn observation_tensor_size(&self) -> usize {
        self.inner.layout().size()
    }

    /// The observation tensor's parts, laid end to end: a list of `(name, shape, about)`
    /// (`shape` a tuple, row-major; `about` one line on the entries and their units).
    fn observation_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let parts = self
            .inner
            .layout()
            .parts
            .iter()
            .map(|p| {
                let shape = PyTuple::new(py, &p.shape)?;
                PyTuple::new(
                    py,
                    [
                        p.name.into_pyobject(py)?.into_any(),
                        shape.into_any(),
                        p.about.into_pyobject(py)?.into_any(),
                    ],
                )
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, parts)
    }

    /// The state before the first action (usually a chance node that deals).
    fn new_initial_state(&self) -> PyResult<PyState> {
        let state = guarded(|| self.inner.new_initial_state())?;
        Ok(self.state(state, Vec::new()))
    }

    /// The state that `State.serialize()` wrote, replayed on this game. Errors
    /// (`ValueError`): text that is not such a serialization, a state of another game or
    /// of other rules, an action history that does not replay.
    fn deserialize_state(&self, text: &str) -> PyResult<PyState> {
        let record = Record::parse(text)?;
        if record.game != self.inner.info().name {
            return Err(value_error(format!(
                "the state is of game '{}', not '{}'",
                record.game,
                self.inner.info().name
            )));
        }
        let same_rules = toml::from_str::<toml::Table>(&record.rules_toml)
            .is_ok_and(|tree| &tree == self.inner.rules_tree());
        if !same_rules {
            return Err(value_error(format!(
                "the state was played under other rules ({}) than this game's ({}); \
                 deserialize_game_and_state loads its own",
                record.rules,
                self.inner.rules_source()
            )));
        }
        self.replay(&record.history)
    }

    /// The names of the lab's agents that can play this game (`sim agents`), for
    /// `Agent(game, spec)`.
    fn agent_names(&self) -> Vec<&'static str> {
        agents::AGENTS
            .iter()
            .filter(|a| a.can_play(self.inner.info()))
            .map(|a| a.name)
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "soccerlab.load_game({:?}, rules={:?}) with {} players",
            self.inner.info().name,
            self.inner.rules_source(),
            self.inner.info().num_seats
        )
    }

    fn __str__(&self) -> String {
        self.__repr__()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyGame>().is_ok_and(|o| {
            let o = o.get();
            o.inner.info().name == self.inner.info().name
                && o.inner.rules_tree() == self.inner.rules_tree()
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.info().name.hash(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let f = py
            .import("soccerlab._soccerlab")?
            .getattr("_game_from_rules_toml")?;
        let args = PyTuple::new(
            py,
            [
                self.inner.info().name.to_string(),
                self.inner.rules_toml().to_string(),
                self.inner.rules_source().to_string(),
            ],
        )?;
        PyTuple::new(py, [f, args.into_any()])
    }
}

/// What `State.serialize()` writes: one line of JSON.
#[derive(serde::Serialize, serde::Deserialize)]
struct Record {
    format: String,
    game: String,
    rules: String,
    rules_toml: String,
    history: Vec<u16>,
}

impl Record {
    fn parse(text: &str) -> PyResult<Record> {
        let record: Record = serde_json::from_str(text).map_err(|e| {
            value_error(format!(
                "not a serialized state ({FORMAT}, from State.serialize()): {e}"
            ))
        })?;
        if record.format != FORMAT {
            return Err(value_error(format!(
                "a serialized state of format '{}', expected '{FORMAT}'",
                record.format
            )));
        }
        Ok(record)
    }
}

/// Loads a game from its name and complete rules file (TOML text) as `sim` loads a
/// rules file; `label` replaces the temporary file's name as its `rules`.
fn game_from_rules_toml(name: &str, rules_toml: &str, label: &str) -> PyResult<PyGame> {
    let dir = tempfile::tempdir()
        .map_err(|e| runtime_error(format!("cannot make a temporary folder: {e}")))?;
    let file = dir.path().join("rules.toml");
    std::fs::write(&file, rules_toml)
        .map_err(|e| runtime_error(format!("cannot write '{}': {e}", file.display())))?;
    let path = file.to_string_lossy().to_string();
    let inner = dynamic::load(name, Some(&path), &[], None, Some(label)).map_err(|e| {
        value_error(format!(
            "the recorded rules do not load: {}",
            e.replace(&path, "rules_toml")
        ))
    })?;
    Ok(PyGame { inner })
}

/// Loads a game from its name and a complete rules file's text (`Game.rules_toml`), with
/// `label` as its `rules` (used by pickling).
#[pyfunction]
#[pyo3(name = "_game_from_rules_toml")]
fn py_game_from_rules_toml(name: &str, rules_toml: &str, label: &str) -> PyResult<PyGame> {
    game_from_rules_toml(name, rules_toml, label)
}

/// Loads the registered game `name` with its rules, as `sim --game NAME` does.
///
/// `rules`: a shipped rule set's name (`sim rules --game NAME --list`) or a TOML file
/// (`None`: the default rules). `set`: overrides laid over the rules, a dict
/// (`{"deck.cards.TIRO": 8}`) or a list of `"key=value"` strings as after `--set`.
/// `players`: the number of players (the rules key `players`), set before the overrides.
/// Errors: `ValueError` with the lab's one line (an unknown game; every problem of the
/// rule set, joined by `; `; a number of players the game does not take).
#[pyfunction]
#[pyo3(signature = (name, rules=None, set=None, players=None))]
pub fn load_game(
    name: &str,
    rules: Option<&str>,
    set: Option<&Bound<'_, PyAny>>,
    players: Option<usize>,
) -> PyResult<PyGame> {
    let set = set_list(set)?;
    let inner = dynamic::load(name, rules, &set, players, None).map_err(value_error)?;
    Ok(PyGame { inner })
}

/// The game and state that `State.serialize()` wrote, the game loaded from the rules
/// recorded in the text (OpenSpiel's `deserialize_game_and_state`). Errors
/// (`ValueError`): text that is not such a serialization, rules that no longer load, a
/// history that does not replay.
#[pyfunction]
pub fn deserialize_game_and_state(text: &str) -> PyResult<(PyGame, PyState)> {
    let record = Record::parse(text)?;
    let game = game_from_rules_toml(&record.game, &record.rules_toml, &record.rules)?;
    let state = game.replay(&record.history)?;
    Ok((game, state))
}

/// A position of a game (OpenSpiel's `pyspiel.State`), with the history of the actions
/// that led to it. Made by `Game.new_initial_state()`.
#[pyclass(name = "State", module = "soccerlab._soccerlab")]
pub struct PyState {
    game: Arc<dyn DynGame>,
    state: Box<dyn DynState>,
    history: Vec<u16>,
    /// Whether the state was resampled from a seat's information set (its history is
    /// then the original's, which does not replay to it).
    resampled: bool,
    legal: ActionList,
    chance: ChanceList,
}

impl PyState {
    /// The seat named by `seat`, or the deciding seat when `None`. Errors: a seat out of
    /// range; `None` where no seat decides.
    fn seat(&self, seat: Option<i64>) -> PyResult<Seat> {
        let n = self.state.num_seats();
        match seat {
            Some(s) if (0..n as i64).contains(&s) => Ok(s as Seat),
            Some(s) => Err(value_error(format!(
                "seat {s} is not a seat of this game (seats 0 to {})",
                n - 1
            ))),
            None => match self.state.turn() {
                Turn::Decision(s) => Ok(s),
                Turn::Chance => Err(value_error(
                    "a chance node has no deciding seat: name the seat (seat=0…)",
                )),
                Turn::Terminal => Err(value_error(
                    "the game is over and no seat decides: name the seat (seat=0…)",
                )),
            },
        }
    }

    /// The action codes legal here: the deciding seat's legal actions, the chance
    /// outcomes at a chance node, none at the end.
    fn fill_legal(&mut self) -> PyResult<()> {
        let (state, legal, chance) = (&self.state, &mut self.legal, &mut self.chance);
        guarded(|| match state.turn() {
            Turn::Decision(_) => state.legal_actions(legal),
            Turn::Chance => {
                state.chance_outcomes(chance);
                legal.clear();
                legal.extend(chance.iter().map(|&(a, _)| a));
                legal.sort_unstable();
            }
            Turn::Terminal => legal.clear(),
        })
    }

    /// Applies `action` if legal here; the state is unchanged otherwise.
    pub(crate) fn apply(&mut self, action: i64) -> PyResult<()> {
        let limit = self.game.info().num_distinct_actions;
        let code = u16::try_from(action)
            .ok()
            .filter(|&a| usize::from(a) < limit)
            .ok_or_else(|| {
                value_error(format!(
                    "action {action} is not an action code of {} (codes 0 to {})",
                    self.game.info().name,
                    limit.saturating_sub(1)
                ))
            })?;
        let state = &mut self.state;
        match guarded(|| state.try_apply(Action(code)))? {
            Ok(()) => {
                self.history.push(code);
                Ok(())
            }
            Err(_) => {
                let (who, what) = match self.state.turn() {
                    Turn::Decision(s) => (format!("seat {s} decides"), "legal actions"),
                    Turn::Chance => ("a chance node".to_string(), "outcomes"),
                    Turn::Terminal => ("the game is over".to_string(), "actions"),
                };
                self.fill_legal()?;
                let legal: Vec<String> = self.legal.iter().map(|a| a.0.to_string()).collect();
                Err(value_error(format!(
                    "action {action} is not legal here ({who}; {what}: {})",
                    if legal.is_empty() {
                        "none".to_string()
                    } else {
                        legal.join(", ")
                    }
                )))
            }
        }
    }

    /// The state itself, for the other classes of the module.
    pub(crate) fn inner(&self) -> &dyn DynState {
        &*self.state
    }

    /// The game of the state.
    pub(crate) fn game(&self) -> &Arc<dyn DynGame> {
        &self.game
    }

    fn copy(&self) -> PyState {
        PyState {
            game: self.game.clone(),
            state: self.state.clone_box(),
            history: self.history.clone(),
            resampled: self.resampled,
            legal: ActionList::new(),
            chance: ChanceList::new(),
        }
    }
}

#[pymethods]
impl PyState {
    /// The deciding seat; `CHANCE_PLAYER` (-1) at a chance node, `TERMINAL_PLAYER` (-4)
    /// once the game is over (OpenSpiel's conventions).
    fn current_player(&self) -> i64 {
        match self.state.turn() {
            Turn::Decision(s) => i64::from(s),
            Turn::Chance => CHANCE_PLAYER,
            Turn::Terminal => TERMINAL_PLAYER,
        }
    }

    /// Whether the next action is chance's (a deal, a draw, a die).
    fn is_chance_node(&self) -> bool {
        self.state.turn() == Turn::Chance
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.state.turn() == Turn::Terminal
    }

    /// Whether a seat decides next (neither chance nor the end).
    fn is_player_node(&self) -> bool {
        matches!(self.state.turn(), Turn::Decision(_))
    }

    /// The legal action codes here, sorted: the deciding seat's actions; at a chance node
    /// the outcomes (as OpenSpiel); none once the game is over.
    fn legal_actions(&mut self) -> PyResult<Vec<u16>> {
        self.fill_legal()?;
        Ok(self.legal.iter().map(|a| a.0).collect())
    }

    /// `legal_actions()` as a mask: a numpy `uint8` array of `num_distinct_actions()`
    /// entries, 1 at every legal code.
    fn legal_actions_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u8>>> {
        self.fill_legal()?;
        let n = self.game.info().num_distinct_actions;
        let mask = PyArray1::<u8>::zeros(py, n, false);
        {
            let mut rw = mask.readwrite();
            let out = rw
                .as_slice_mut()
                .map_err(|e| runtime_error(e.to_string()))?;
            for a in &self.legal {
                if let Some(x) = out.get_mut(usize::from(a.0)) {
                    *x = 1;
                }
            }
        }
        Ok(mask)
    }

    /// The chance node's outcomes with their probabilities, `[(action, probability)]`
    /// (empty elsewhere).
    fn chance_outcomes(&mut self) -> PyResult<Vec<(u16, f64)>> {
        let (state, chance) = (&self.state, &mut self.chance);
        guarded(|| state.chance_outcomes(chance))?;
        let total: f64 = self.chance.iter().map(|&(_, w)| f64::from(w)).sum();
        Ok(self
            .chance
            .iter()
            .map(|&(a, w)| (a.0, f64::from(w) / total))
            .collect())
    }

    /// Applies `action` (a legal action of the deciding seat, or a chance outcome).
    /// Errors: `ValueError` naming the legal actions when it is not legal here, and the
    /// state is left unchanged.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        self.apply(action)
    }

    /// The seats' returns: all zero until the end; then the lab's placement returns (1 a
    /// win, 0.5 a draw, 0 a loss at two seats; at more, the share of opponents finished
    /// ahead of, ties counted half).
    fn returns(&self) -> Vec<f64> {
        let r = self.state.returns();
        r[..self.state.num_seats()].to_vec()
    }

    /// The rewards of the last action: the lab pays only at the end, so this is
    /// `returns()` once the game is over and zeros before.
    fn rewards(&self) -> Vec<f64> {
        self.returns()
    }

    /// The goals (points) each seat has scored so far.
    fn scores(&self) -> Vec<i32> {
        (0..self.state.num_seats())
            .map(|s| self.state.score(s as Seat))
            .collect()
    }

    /// What `seat` sees, as a numpy `float32` array of `observation_tensor_size()`
    /// entries laid out as `Game.observation_layout()` says (OpenSpiel's
    /// `ObservationTensor`); `seat=None`: the deciding seat. Written by the engine
    /// straight into the array it returns (no copy); with `out=` (a contiguous `float32`
    /// array of that length) written into `out` in place, which is returned. Errors:
    /// `ValueError` for a bad seat, `None` where no seat decides, or a bad `out`.
    #[pyo3(signature = (seat=None, out=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: Option<i64>,
        out: Option<Bound<'py, PyArray1<f32>>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat(seat)?;
        let size = self.game.layout().size();
        let array = match out {
            Some(a) => {
                let len = PyUntypedArrayMethods::len(&a);
                if len != size {
                    return Err(value_error(format!(
                        "out has {} entries, the observation tensor {size}",
                        len
                    )));
                }
                a
            }
            None => PyArray1::<f32>::zeros(py, size, false),
        };
        {
            let mut rw = array
                .try_readwrite()
                .map_err(|e| value_error(format!("out: {e}")))?;
            let slice = rw
                .as_slice_mut()
                .map_err(|e| value_error(format!("out: {e} (pass a contiguous array)")))?;
            let state = &self.state;
            guarded(|| state.observation_tensor(seat, slice))?;
        }
        Ok(array)
    }

    /// What `seat` sees, as text a person reads (OpenSpiel's `ObservationString`);
    /// `seat=None`: the deciding seat.
    #[pyo3(signature = (seat=None))]
    fn observation_string(&self, seat: Option<i64>) -> PyResult<String> {
        let seat = self.seat(seat)?;
        let state = &self.state;
        guarded(|| state.observation_string(seat))
    }

    /// The readable name of `action` here, as `sim trace` writes it.
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        let code = u16::try_from(action)
            .map_err(|_| value_error(format!("action {action} is not an action code")))?;
        let state = &self.state;
        guarded(|| state.action_to_string(Action(code)))
    }

    /// Every action applied since the initial state (decisions and chance outcomes), in
    /// order.
    fn history(&self) -> Vec<u16> {
        self.history.clone()
    }

    /// The number of actions applied since the initial state.
    fn move_number(&self) -> usize {
        self.history.len()
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        self.state.num_seats()
    }

    /// The state's game.
    fn get_game(&self) -> PyGame {
        PyGame {
            inner: self.game.clone(),
        }
    }

    /// A state drawn from `seat`'s information set (OpenSpiel's
    /// `ResampleFromInfostate`, the lab's determinization): everything `seat` has seen is
    /// kept (its own hand, public facts, every hand size), every hidden part (other hands,
    /// the draw pile's order, other seats' secret choices) is resampled with a stream
    /// derived from `seed`. `seat`'s observation tensor and string are the same in both.
    /// The copy's `history()` is this state's (it does not replay to the copy, which
    /// cannot be serialized).
    #[pyo3(signature = (seat, seed=0))]
    fn resample_from_infostate(&self, seat: i64, seed: u64) -> PyResult<PyState> {
        let seat = self.seat(Some(seat))?;
        let mut rng = derive_rng(seed, 0, Stream::Other(0));
        let state = &self.state;
        let resampled = guarded(|| state.determinize(seat, &mut rng))?;
        Ok(PyState {
            game: self.game.clone(),
            state: resampled,
            history: self.history.clone(),
            resampled: true,
            legal: ActionList::new(),
            chance: ChanceList::new(),
        })
    }

    /// An independent copy of the state.
    fn clone(&self) -> PyState {
        self.copy()
    }

    fn __copy__(&self) -> PyState {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.copy()
    }

    /// The state as text: the game's name, its rules (a complete rules file) and the
    /// action history, one line of JSON that `Game.deserialize_state` and
    /// `deserialize_game_and_state` replay.
    fn serialize(&self) -> PyResult<String> {
        if self.resampled {
            return Err(value_error(
                "a state resampled from an information set has no action history to serialize",
            ));
        }
        serde_json::to_string(&Record {
            format: FORMAT.into(),
            game: self.game.info().name.into(),
            rules: self.game.rules_source().into(),
            rules_toml: self.game.rules_toml().into(),
            history: self.history.clone(),
        })
        .map_err(|e| runtime_error(e.to_string()))
    }

    /// The full state (hidden facts included) as `sim trace` writes its snapshot: JSON.
    fn __str__(&self) -> PyResult<String> {
        let state = &self.state;
        guarded(|| state.snapshot_json())
    }

    fn __repr__(&self) -> String {
        format!(
            "<soccerlab State of {} after {} actions, current_player {}>",
            self.game.info().name,
            self.history.len(),
            self.current_player()
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let f = py
            .import("soccerlab._soccerlab")?
            .getattr("_state_from_serialized")?;
        let args = PyTuple::new(py, [self.serialize()?])?;
        PyTuple::new(py, [f, args.into_any()])
    }
}

/// The state of a serialization (for pickling).
#[pyfunction]
#[pyo3(name = "_state_from_serialized")]
fn state_from_serialized(text: &str) -> PyResult<PyState> {
    Ok(deserialize_game_and_state(text)?.1)
}

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
    spec: String,
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
        let (effective, agent) = game.inner.make_agent(spec).map_err(value_error)?;
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
        self.spec.clone()
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
            self.spec,
            self.seed,
            self.game_index
        )
    }
}

/// The lab's random streams of one game of `sim run`/`sim trace` (`lab/src/play.rs`):
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
        let (_, random) = game.inner.make_agent("random").map_err(value_error)?;
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
    /// stream of the node (`GameState::chance_stream`). Not applied. Errors: `ValueError`
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

/// Registers the API's classes, functions and constants on the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyAgent>()?;
    m.add_class::<PyLabStreams>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(deserialize_game_and_state, m)?)?;
    m.add_function(wrap_pyfunction!(py_game_from_rules_toml, m)?)?;
    m.add_function(wrap_pyfunction!(state_from_serialized, m)?)?;
    m.add("CHANCE_PLAYER", CHANCE_PLAYER)?;
    m.add("TERMINAL_PLAYER", TERMINAL_PLAYER)?;
    Ok(())
}
