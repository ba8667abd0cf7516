//! Agents of the lab. Every agent plays through [`engine::core::PlayerView`], so it sees
//! only what its seat may see, and draws every random choice from the stream it is handed.
//!
//! - `random`: uniform over the legal actions.
//! - `greedy`: one ply of expectation over the game's heuristic ([`Greedy`]).
//! - `mcts`: single-observer Information Set MCTS ([`Mcts`]).
//! - `forgetful`: `greedy` with an imperfect memory, for games with the memory capability
//!   (`GameState::memory_slots`): each card seen is forgotten with probability `p` per turn
//!   ([`Forgetful`]); with `p = 0`, or in other games, it chooses exactly as `greedy`.
//! - `oracle`: **sees hidden information**: `mcts` searching the true state
//!   ([`Oracle`], [`PlayerView::omniscient`](engine::core::PlayerView::omniscient)), the
//!   one agent that is not honest; a bound on what information and search are worth
//!   ([`sees_hidden_information`]).
#![deny(missing_docs)]

mod defaults;
mod forgetful;
mod greedy;
mod mcts;
mod oracle;
mod panicking;
mod random;
mod spec;
mod stop;
pub mod testing;

pub use defaults::AgentDefaults;
pub use forgetful::{Forgetful, FORGETFUL_PARAMS};
pub use greedy::{Eval, Greedy, GREEDY_PARAMS};
pub use mcts::{CScale, Mcts, MctsConfig, OpponentNodes, Playout, Root, Ties, Until, MCTS_PARAMS};
pub use oracle::{sees_hidden_information, Oracle, SEES_HIDDEN_INFORMATION};
pub use panicking::{test_agents_enabled, TEST_AGENTS};
pub use random::RandomAgent;
pub use spec::{parse_spec, split_specs, AgentError, ParamInfo, Spec};
pub use stop::{request_stop, stop_requested};

use engine::core::{Agent, Heuristic};

/// The agents [`make_agent`] knows: name, one-line description, parameters.
pub const AGENTS: &[(&str, &str, &[ParamInfo])] = &[
    ("random", "uniform over the legal actions", &[]),
    (
        "greedy",
        "best expected heuristic value one action ahead, on a determinization",
        GREEDY_PARAMS,
    ),
    (
        "mcts",
        "single-observer Information Set MCTS (Cowling, Powley & Whitehouse 2012)",
        MCTS_PARAMS,
    ),
    (
        "forgetful",
        "greedy with an imperfect memory: each card seen is forgotten with probability p \
         per turn (memory games; elsewhere it is greedy)",
        FORGETFUL_PARAMS,
    ),
    (
        "oracle",
        "SEES HIDDEN INFORMATION: mcts searching the true state (the real deal; future \
         chance is still sampled); a bound on honest play, not an honest player",
        MCTS_PARAMS,
    ),
];

pub(crate) fn known_names() -> String {
    AGENTS
        .iter()
        .map(|(n, _, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The least time one decision of the agent `spec` takes whatever the machine, when its
/// budget is a time (`mcts(time_ms=…)`); `None` for budgets in iterations or no search.
/// Errors: as [`make_agent`].
pub fn decision_time_floor(spec: &str) -> Result<Option<std::time::Duration>, AgentError> {
    let parsed = parse_spec(spec)?;
    if parsed.name != "mcts" && parsed.name != "oracle" {
        return Ok(None);
    }
    let ms = Mcts::from_spec(&parsed)?.config().time_ms;
    Ok((ms > 0).then(|| std::time::Duration::from_millis(u64::from(ms))))
}

/// Builds the agent named by `spec` (`random`, `greedy`, `mcts(iterations=400,c=0.7)`,
/// `forgetful(p=0.5)`, `oracle(iterations=400)`)
/// for games with state `S`.
/// Errors: [`AgentError`] for an unknown name or parameter, a bad value or bad syntax.
pub fn make_agent<S: Heuristic>(spec: &str) -> Result<Box<dyn Agent<S>>, AgentError> {
    let spec = parse_spec(spec)?;
    let no_params = |spec: &Spec| match spec.params.first() {
        Some((k, _)) => Err(AgentError::UnknownParam {
            agent: spec.name.clone(),
            key: k.clone(),
            known: "none".into(),
        }),
        None => Ok(()),
    };
    match spec.name.as_str() {
        "random" => {
            no_params(&spec)?;
            Ok(Box::new(RandomAgent))
        }
        "greedy" => Ok(Box::new(Greedy::from_spec(&spec)?)),
        "mcts" => Ok(Box::new(Mcts::from_spec(&spec)?)),
        "forgetful" => Ok(Box::new(Forgetful::from_spec(&spec)?)),
        "oracle" => Ok(Box::new(Oracle::from_spec(&spec)?)),
        // Test-only, never listed (see `panicking`).
        "panic" if test_agents_enabled() => Ok(Box::new(panicking::Panicking::from_spec(&spec)?)),
        _ => Err(AgentError::UnknownAgent(spec.name)),
    }
}
