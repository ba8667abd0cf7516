//! Agents of the lab. Every agent plays through [`engine_core::PlayerView`], so it sees
//! only what its seat may see, and draws every random choice from the stream it is handed.
//!
//! - `random`: uniform over the legal actions.
//! - `greedy`: one ply of expectation over the game's heuristic ([`Greedy`]).
//! - `mcts`: single-observer Information Set MCTS ([`Mcts`]).
//! - `forgetful`: `greedy` with an imperfect memory, for games with the memory capability
//!   (`GameState::memory_slots`): each card seen is forgotten with probability `p` per turn
//!   ([`Forgetful`]); with `p = 0`, or in other games, it chooses exactly as `greedy`.
//! - `oracle`: **sees hidden information**: `mcts` searching the true state
//!   ([`Oracle`], [`PlayerView::omniscient`](engine_core::PlayerView::omniscient)), the
//!   one agent that is not honest; a bound on what information and search are worth
//!   ([`sees_hidden_information`]).
//! - `onnx`: a trained policy read from an ONNX file ([`Onnx`]), run by the runtime that
//!   the `onnx` crate (tract) installs in a build with the cargo feature `onnx`
//!   ([`install_onnx_runtime`]); a build without it lists the agent and refuses it with
//!   one line that names the feature ([`AgentError::MissingFeature`], [`build_with`]).
//!
//! Every agent is one line of the agent table ([`AGENTS`], an [`AgentEntry`] each): its
//! name, description, parameters (types, defaults, docs), the games it plays, whether it
//! sees hidden information, whether it is the baseline, the `agents.toml` table it reads
//! and its constructor. The spec parser ([`make_agent`]), the per-game defaults
//! ([`AgentDefaults`]), `sim agents` and the tests read the table, so adding an agent is its
//! file plus one line of the table.
#![deny(missing_docs)]

mod defaults;
mod forgetful;
mod greedy;
mod mcts;
mod onnx;
mod onnx_params;
mod oracle;
mod panicking;
mod random;
mod spec;
mod stop;
mod table;

pub use defaults::{AgentDefaults, Preset};
pub use forgetful::{Forgetful, ForgetfulConfig, FORGETFUL_PARAMS};
pub use greedy::{Eval, Greedy, GreedyConfig, GREEDY_PARAMS};
pub use mcts::{CScale, Mcts, MctsConfig, OpponentNodes, Playout, Root, Ties, Until, MCTS_PARAMS};
pub use onnx::{
    check_model_fits, install_onnx_runtime, onnx_runtime_installed, ModelLoader, Onnx, OnnxModel,
    PolicyEvaluator, PolicyModel, ONNX_PARAMS,
};
pub use onnx_params::OnnxConfig;
pub use oracle::Oracle;
pub use panicking::{test_agents_enabled, TEST_AGENTS};
pub use random::RandomAgent;
pub use spec::{build_with, parse_count, AgentError, AgentSpec, ParamInfo, ParamKind};
pub use stop::{request_stop, stop_requested};
pub use table::{
    agent, baseline, check_plays, decision_time_floor, make_agent, params_markdown,
    sees_hidden_information, AgentEntry, Plays, AGENTS,
};
