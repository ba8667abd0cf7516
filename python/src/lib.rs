//! The `soccerlab` Python package's extension module (`soccerlab._soccerlab`), built with
//! pyo3 and maturin: the lab's games, agents and commands for Python.

use pyo3::prelude::*;

pub mod api;
pub mod dynamic;
mod lab_api;
mod selfplay;

/// The names of the registered games (`sim games`), in registration order.
#[pyfunction]
fn game_names() -> Vec<&'static str> {
    engine::core::NAMES.to_vec()
}

/// The extension module `soccerlab._soccerlab`.
#[pymodule]
fn _soccerlab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(game_names, m)?)?;
    lab_api::register(m)?;
    api::register(m)?;
    selfplay::register(m)?;
    Ok(())
}
