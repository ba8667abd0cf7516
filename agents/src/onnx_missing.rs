//! `onnx(model=FILE)` in a build without the `onnx` cargo feature (tract-onnx, the
//! heaviest part of a full build, is left out of the default one). The agent keeps its
//! line in the table, its parameters and its spec checks, so that `sim agents` lists it
//! and a typo is still named; building it is one error, [`AgentError::MissingFeature`],
//! that names the feature and the command that builds it.

use crate::spec::{parse_spec, AgentError, Spec};
use engine::core::{Action, Agent, GameState, PlayerView, Rng};

pub use crate::onnx_params::ONNX_PARAMS;

/// The cargo feature the agent needs.
const FEATURE: &str = "onnx";

/// The `onnx` agent of a build without tract: it has no value ([`Onnx::from_spec`]
/// always fails), so nothing of it is ever played.
pub enum Onnx {}

impl Onnx {
    /// Checks the spec's keys (not its values) against [`ONNX_PARAMS`] and fails with
    /// [`AgentError::MissingFeature`] (or the spec's own error, if it has one).
    pub fn from_spec(spec: &Spec) -> Result<Self, AgentError> {
        crate::spec::apply_params(spec, ONNX_PARAMS, |_, _| Ok(()))?;
        Err(AgentError::MissingFeature {
            agent: spec.name.clone(),
            feature: FEATURE,
        })
    }
}

/// As with the feature, [`crate::onnx::check_model_fits`]: any agent but `onnx` passes;
/// an `onnx` spec fails with [`AgentError::MissingFeature`].
pub fn check_model_fits(
    spec: &str,
    _game: &str,
    _observation_size: usize,
    _num_distinct_actions: usize,
) -> Result<(), AgentError> {
    let parsed = parse_spec(spec)?;
    if parsed.name != "onnx" {
        return Ok(());
    }
    Onnx::from_spec(&parsed).map(drop)
}

impl<S: GameState> Agent<S> for Onnx {
    fn name(&self) -> &str {
        match *self {}
    }

    fn act(&mut self, _: &PlayerView<'_, S>, _: &mut Rng) -> Action {
        match *self {}
    }
}
