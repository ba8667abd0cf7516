//! `State` (OpenSpiel's `pyspiel.State`): a position of a game with the history that led
//! to it, its legal actions, chance outcomes, observations and serialization.

use crate::dynamic::{DynGame, DynState};
use engine::core::{derive_rng, Action, ActionList, ChanceList, Seat, Stream, Turn};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::fmt::Write as _;
use std::sync::Arc;

use super::common::*;
use super::game::*;

/// A position of a game (OpenSpiel's `pyspiel.State`), with the history of the actions
/// that led to it. Made by `Game.new_initial_state()`.
#[pyclass(name = "State", module = "soccerlab._soccerlab")]
pub struct PyState {
    pub(super) game: Arc<dyn DynGame>,
    pub(super) state: Box<dyn DynState>,
    pub(super) history: Vec<u16>,
    /// Whether the state was resampled from a seat's information set (its history is
    /// then the original's, which does not replay to it).
    pub(super) resampled: bool,
    /// Each seat's perfect-recall record, once `record_information_states` started it.
    /// `None`: not recording (the default, which costs nothing).
    pub(super) recall: Option<Recall>,
    pub(super) legal: ActionList,
    pub(super) chance: ChanceList,
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
        // What each seat sees before the action, kept if the action is legal.
        let seen: Option<Vec<u32>> = match &self.recall {
            Some(_) => {
                let state = &self.state;
                Some(guarded(|| {
                    (0..state.num_seats())
                        .map(|s| observation_digest(&**state, s as Seat))
                        .collect()
                })?)
            }
            None => None,
        };
        let state = &mut self.state;
        match guarded(|| state.try_apply(Action(code)))? {
            Ok(()) => {
                self.history.push(code);
                if let (Some(recall), Some(seen)) = (&mut self.recall, seen) {
                    for (record, digest) in recall.seen.iter_mut().zip(seen) {
                        write!(record, "{digest:08x} ").expect("a String takes any text");
                    }
                }
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
            recall: self.recall.clone(),
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

    /// `legal_actions()` as a mask: a numpy `int8` array of `num_distinct_actions()`
    /// entries, 1 at every legal code. `int8` is the one mask dtype of the package (the
    /// environments', `VectorEnv`'s and the datasets' masks are `int8` too): the dtype
    /// Gymnasium's `Discrete.sample(mask=…)` requires, so PettingZoo's idiom
    /// `action_space(agent).sample(mask=obs["action_mask"])` works on it.
    fn legal_actions_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        self.fill_legal()?;
        let n = self.game.info().num_distinct_actions;
        let mask = PyArray1::<i8>::zeros(py, n, false);
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

    /// The seats' returns, zero-sum as in OpenSpiel and PettingZoo: all zero until the
    /// end; then +1 a win, −1 a loss, 0 a draw at two seats, and at more seats
    /// `2 (r − ½)` of the placement return `r` (first +1, last −1), summing to 0
    /// (`min_utility()` −1, `max_utility()` 1). A one-seat game (the memory solitaire)
    /// gets `2r − 1`.
    fn returns(&self) -> Vec<f64> {
        let r = self.state.zero_sum_returns();
        r[..self.state.num_seats()].to_vec()
    }

    /// The lab's placement returns, the scores `sim` reports: all zero until the end;
    /// then 1 a win, 0.5 a draw, 0 a loss at two seats; at more, the share of opponents
    /// finished ahead of, ties counted half.
    fn placement_returns(&self) -> Vec<f64> {
        let r = self.state.returns();
        r[..self.state.num_seats()].to_vec()
    }

    /// The rewards of the last action: the lab pays only at the end, so this is
    /// `returns()` once the game is over and zeros before.
    fn rewards(&self) -> Vec<f64> {
        self.returns()
    }

    /// Seat `player`'s entry of `returns()` (OpenSpiel's `player_return`). Errors:
    /// `ValueError` for a seat out of range.
    fn player_return(&self, player: i64) -> PyResult<f64> {
        let seat = self.seat(Some(player))?;
        Ok(self.state.zero_sum_returns()[usize::from(seat)])
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

    /// Starts each seat's perfect-recall record (OpenSpiel's information state, which
    /// `soccerlab.openspiel` gives): from now on every action applied adds to each
    /// seat's record the CRC-32 (zlib's `crc32`) of the seat's observation string
    /// before it. Restarts an empty record when called again. Copies, clones and states
    /// resampled from an information set keep the record; a pickled state keeps it too
    /// (replayed, it records from the step its record started at).
    fn record_information_states(&mut self) {
        self.recall = Some(Recall::new(self.state.num_seats(), self.history.len()));
    }

    /// `seat`'s information state with perfect recall (`seat=None`: the deciding seat):
    /// its record (`record_information_states`), one 8-digit hexadecimal digest and a
    /// space for each action applied since the record started, then a newline and its
    /// observation string now. Two histories with equal strings differ only if the
    /// digests of some observation collide. Errors: a seat out of range, and a state
    /// that does not record.
    #[pyo3(signature = (seat=None))]
    fn information_state_string(&self, seat: Option<i64>) -> PyResult<String> {
        let seat = self.seat(seat)?;
        let Some(recall) = &self.recall else {
            return Err(value_error(
                "this state records no information states: call \
                 record_information_states() on its initial state",
            ));
        };
        let state = &self.state;
        let now = guarded(|| state.observation_string(seat))?;
        Ok(format!("{}\n{now}", recall.seen[usize::from(seat)]))
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
            recall: self.recall.clone(),
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
        let from = self.recall.as_ref().map(|r| r.from);
        let args = (self.serialize()?, from).into_pyobject(py)?;
        PyTuple::new(py, [f, args.into_any()])
    }
}

/// The state of a serialization (for pickling); `recording_from`: the step of its history
/// at which the pickled state's record of information states started (`None`: it kept
/// none), so that the replay records the same.
#[pyfunction]
#[pyo3(name = "_state_from_serialized", signature = (text, recording_from=None))]
pub(super) fn state_from_serialized(
    text: &str,
    recording_from: Option<usize>,
) -> PyResult<PyState> {
    Ok(deserialize_game_and_state_recording(text, recording_from)?.1)
}

/// Every seat's perfect-recall record ([`PyState::record_information_states`]).
#[derive(Clone)]
pub(super) struct Recall {
    /// The number of actions the history held when the record started.
    pub(super) from: usize,
    /// Per seat, for every action applied since: the CRC-32 of the seat's observation
    /// string before it, 8 hexadecimal digits and a space ([`observation_digest`]).
    pub(super) seen: Vec<String>,
}

impl Recall {
    /// An empty record of `seats` seats, started after `from` actions.
    pub(super) fn new(seats: usize, from: usize) -> Self {
        Recall {
            from,
            seen: vec![String::new(); seats],
        }
    }
}

/// The CRC-32 (IEEE 802.3, as zlib's `crc32`) of `seat`'s observation string.
fn observation_digest(state: &dyn DynState, seat: Seat) -> u32 {
    crc32fast::hash(state.observation_string(seat).as_bytes())
}
