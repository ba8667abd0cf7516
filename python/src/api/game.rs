//! `Game` (OpenSpiel's `pyspiel.Game`) and the functions that make one: `load_game`, a
//! game from a rules file, a game and state from a serialization.

use crate::dynamic::{self, DynGame, DynState};
use engine::core::{ActionList, ChanceList};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use std::sync::Arc;

use super::common::*;
use super::state::{PyState, Recall};

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
            recall: None,
            legal: ActionList::new(),
            chance: ChanceList::new(),
        }
    }

    /// Replays `history` from the initial state. Errors: an action not legal where it
    /// comes (naming its step).
    fn replay(&self, history: &[u16]) -> PyResult<PyState> {
        self.replay_recording(history, None)
    }

    /// [`PyGame::replay`], recording every seat's information states
    /// (`State.record_information_states`) from step `from` of the history on, if given.
    fn replay_recording(&self, history: &[u16], from: Option<usize>) -> PyResult<PyState> {
        let mut state = self.state(self.inner.new_initial_state(), Vec::new());
        let seats = state.inner().num_seats();
        for (step, &a) in history.iter().enumerate() {
            if from == Some(step) {
                state.recall = Some(Recall::new(seats, step));
            }
            state
                .apply(i64::from(a))
                .map_err(|e| value_error(format!("the history's step {step}: {}", e_text(&e))))?;
        }
        if from == Some(history.len()) {
            state.recall = Some(Recall::new(seats, history.len()));
        }
        Ok(state)
    }
}

pub(super) fn e_text(e: &PyErr) -> String {
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

    /// The fewest seats the game can be played with, whatever the rules
    /// (`load_game(..., players=N)`; OpenSpiel's `GameType.min_num_players`).
    fn min_num_players(&self) -> usize {
        self.inner.info().min_seats
    }

    /// The most seats the game can be played with (OpenSpiel's
    /// `GameType.max_num_players`).
    fn max_num_players(&self) -> usize {
        self.inner.info().max_seats
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

    /// The smallest value of `State.returns()`: −1 (a loss; OpenSpiel's `min_utility`).
    fn min_utility(&self) -> f64 {
        -1.0
    }

    /// The largest value of `State.returns()`: 1 (a win; OpenSpiel's `max_utility`).
    fn max_utility(&self) -> f64 {
        1.0
    }

    /// What `State.returns()` sums to at the end: 0 (zero-sum) from two seats on;
    /// `None` for a one-seat game, which has no one to sum with (OpenSpiel's
    /// `utility_sum`).
    fn utility_sum(&self) -> Option<f64> {
        (self.inner.info().num_seats > 1).then_some(0.0)
    }

    /// The bounds of every entry of an observation tensor, `(low, high)` = `(0.0, 1.0)`:
    /// counts are divided by what bounds them in the rules, or squashed as
    /// `n / (n + h)` where the rules bound nothing (`observation_layout()` says which).
    fn observation_bounds(&self) -> (f32, f32) {
        engine::core::OBSERVATION_BOUNDS
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

/// Loads a game from its name and complete rules file (TOML text) as `sim` loads a
/// rules file; `label` replaces the temporary file's name as its `rules`.
pub(super) fn game_from_rules_toml(name: &str, rules_toml: &str, label: &str) -> PyResult<PyGame> {
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
pub(super) fn py_game_from_rules_toml(
    name: &str,
    rules_toml: &str,
    label: &str,
) -> PyResult<PyGame> {
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
    deserialize_game_and_state_recording(text, None)
}

/// [`deserialize_game_and_state`], the state replayed with its information states
/// recorded from step `from` of its history on, if given (for a pickled state that
/// recorded them).
pub(super) fn deserialize_game_and_state_recording(
    text: &str,
    from: Option<usize>,
) -> PyResult<(PyGame, PyState)> {
    let record = Record::parse(text)?;
    let game = game_from_rules_toml(&record.game, &record.rules_toml, &record.rules)?;
    let state = game.replay_recording(&record.history, from)?;
    Ok((game, state))
}
