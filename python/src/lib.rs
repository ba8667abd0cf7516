//! The `soccerlab` Python package's extension module (`soccerlab._soccerlab`), built with
//! pyo3 and maturin: the lab's games, agents and commands for Python.

use pyo3::prelude::*;

pub mod api;
pub mod dynamic;
mod lab_api;
mod messages;
mod selfplay;

/// The names of the registered games (`sim games`), in registration order.
#[pyfunction]
fn game_names() -> Vec<&'static str> {
    engine::core::NAMES.to_vec()
}

/// The cargo features this extension was built with, of `datasets` (`selfplay`'s
/// Parquet files) and `onnx` (the `onnx(model=FILE)` agent); docs/features.md. A command
/// that needs a missing one raises `ValueError` naming it.
#[pyfunction]
fn features() -> Vec<&'static str> {
    let mut on = Vec::new();
    if cfg!(feature = "datasets") {
        on.push("datasets");
    }
    if cfg!(feature = "onnx") {
        on.push("onnx");
    }
    on
}

/// The extension module `soccerlab._soccerlab`.
#[pymodule]
fn _soccerlab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The games, installed into the lab's tables (the lab names none), and the optional
    // parts this build has, installed into the lab and the agents.
    lab_games::install();
    #[cfg(feature = "datasets")]
    datasets::install();
    #[cfg(feature = "onnx")]
    onnx::install();
    // The version of the lab (the workspace's), `soccerlab.__version__`.
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // `sim`'s defaults, which the Python functions take as theirs.
    m.add("DEFAULT_SEED", lab::infra::options::DEFAULT_SEED)?;
    m.add(
        "DEFAULT_CHECKPOINT_SECONDS",
        lab::infra::options::DEFAULT_CHECKPOINT_SECONDS,
    )?;
    m.add_function(wrap_pyfunction!(game_names, m)?)?;
    m.add_function(wrap_pyfunction!(features, m)?)?;
    lab_api::register(m)?;
    api::register(m)?;
    selfplay::register(m)?;
    Ok(())
}
