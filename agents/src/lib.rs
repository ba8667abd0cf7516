//! Agents of the lab. Every agent plays through [`engine::core::PlayerView`], so it sees
//! only what its seat may see, and draws every random choice from the stream it is handed.
#![deny(missing_docs)]

mod random;

pub use random::RandomAgent;

use engine::core::{Agent, GameState};

/// Names of the agents `make_agent` knows, with a one-line description each.
pub const AGENTS: &[(&str, &str)] = &[("random", "uniform over the legal actions")];

/// An agent spec that names no known agent.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("unknown agent '{0}' (known agents: {known})", known = known_names())]
pub struct UnknownAgent(pub String);

fn known_names() -> String {
    AGENTS
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Builds the agent named by `spec` for games with state `S`.
/// Errors: [`UnknownAgent`] when the name is not in [`AGENTS`].
pub fn make_agent<S: GameState>(spec: &str) -> Result<Box<dyn Agent<S>>, UnknownAgent> {
    match spec.trim() {
        "random" => Ok(Box::new(RandomAgent)),
        other => Err(UnknownAgent(other.to_string())),
    }
}
