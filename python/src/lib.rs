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

/// A lab message as a Python user should read it: a missing cargo feature is named with
/// the command that builds this package with it (`MATURIN_PEP517_ARGS="--features onnx"
/// pip install ./python`), not `sim`'s; `sim selfplay` is `soccerlab.selfplay`.
pub(crate) fn for_python(message: String) -> String {
    const SIM: &str = "build it with: cargo build --release -p sim-cli --features ";
    let Some(at) = message.find(SIM) else {
        return message;
    };
    let feature = &message[at + SIM.len()..];
    let feature = feature.split_whitespace().next().unwrap_or("");
    format!(
        "{}build it with: MATURIN_PEP517_ARGS=\"--features {feature}\" pip install ./python",
        &message[..at]
    )
    .replace("sim selfplay needs", "soccerlab.selfplay needs")
}

/// The extension module `soccerlab._soccerlab`.
#[pymodule]
fn _soccerlab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(game_names, m)?)?;
    m.add_function(wrap_pyfunction!(features, m)?)?;
    lab_api::register(m)?;
    api::register(m)?;
    selfplay::register(m)?;
    Ok(())
}
