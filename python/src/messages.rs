//! The lab's messages as a Python user reads them.

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
