//! The random agent.

use crate::spec::{AgentError, AgentSpec};
use engine_core::{Action, Agent, GameState, PlayerView, Rng};

/// Chooses uniformly among the legal actions, with the seat's own stream. The baseline
/// every other agent is measured against.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomAgent;

impl RandomAgent {
    /// Builds from a parsed spec, which names no parameter (`random` has none).
    /// Errors: [`AgentError::UnknownParam`] for any parameter; [`AgentError::Syntax`] for
    /// a text that is not a spec.
    pub fn from_spec(spec: &AgentSpec) -> Result<Self, AgentError> {
        spec.readable()?;
        match spec.params().first() {
            Some((k, _)) => Err(AgentError::UnknownParam {
                agent: spec.name().to_string(),
                key: k.clone(),
                known: "none".into(),
            }),
            None => Ok(RandomAgent),
        }
    }
}

impl<S: GameState> Agent<S> for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }

    fn act(&mut self, view: &PlayerView<'_, S>, rng: &mut Rng) -> Action {
        view.random_legal_action(rng)
    }

    fn reads_information_keys(&self) -> bool {
        false
    }
}
