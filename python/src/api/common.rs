//! What the API's classes share: OpenSpiel's player ids, the serialization's format
//! tag, errors as Python exceptions, and the `set` argument of the rules.

use crate::dynamic::guard;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// OpenSpiel's `kChancePlayerId`: `current_player()` at a chance node.
pub const CHANCE_PLAYER: i64 = -1;
/// OpenSpiel's `kTerminalPlayerId`: `current_player()` once the game is over.
pub const TERMINAL_PLAYER: i64 = -4;

/// The format tag of [`PyState::serialize`]'s text.
pub(super) const FORMAT: &str = "soccerlab-state/1";

pub(super) fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(crate::messages::for_python(message.into()))
}

pub(super) fn runtime_error(message: String) -> PyErr {
    PyRuntimeError::new_err(message)
}

/// Runs an engine call under [`guard`]: a panic becomes a `RuntimeError`.
pub(super) fn guarded<T>(f: impl FnOnce() -> T) -> PyResult<T> {
    guard(f).map_err(runtime_error)
}

/// The `--set` overrides of `set`: a dict (`{"players": 3, "deck.cards.TIRO": 8}`, values
/// written as TOML: `True` → `true`, a string quoted) or a list of `"key=value"` strings
/// (typed as after `--set`). Errors: another type.
pub(super) fn set_list(set: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
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

/// What `State.serialize()` writes: one line of JSON.
#[derive(serde::Serialize, serde::Deserialize)]
pub(super) struct Record {
    pub(super) format: String,
    pub(super) game: String,
    pub(super) rules: String,
    pub(super) rules_toml: String,
    pub(super) history: Vec<u16>,
}

impl Record {
    pub(super) fn parse(text: &str) -> PyResult<Record> {
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
