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

mod agent;
mod common;
mod game;
mod state;
mod vector;

pub use agent::{PyAgent, PyLabStreams};
pub use common::{CHANCE_PLAYER, TERMINAL_PLAYER};
use game::py_game_from_rules_toml;
pub use game::{deserialize_game_and_state, load_game, PyGame};
use pyo3::prelude::*;
use state::state_from_serialized;
pub use state::PyState;
pub use vector::PyVectorEnv;

/// Registers the API's classes, functions and constants on the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyAgent>()?;
    m.add_class::<PyLabStreams>()?;
    m.add_class::<PyVectorEnv>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(deserialize_game_and_state, m)?)?;
    m.add_function(wrap_pyfunction!(py_game_from_rules_toml, m)?)?;
    m.add_function(wrap_pyfunction!(state_from_serialized, m)?)?;
    m.add("CHANCE_PLAYER", CHANCE_PLAYER)?;
    m.add("TERMINAL_PLAYER", TERMINAL_PLAYER)?;
    Ok(())
}
