//! The game-agnostic core ([`engine_core`], re-exported whole, with [`Registered`] and the
//! generic test battery [`testing`]) and what needs the list of games: the registry
//! ([`visit_game`], [`for_each_game`], [`NAMES`]) and the macros every game's rules and
//! actions use.

pub use engine_core::*;

mod macros;
mod registry;
#[cfg(test)]
mod visibility_tests;

pub(crate) use macros::{
    action_codes, apply_by_tracked, fitted_eval, named_enum, option_enum, policy_net,
    register_game, rule_file, rule_options, rule_set,
};
pub use registry::{for_each_game, visit_game, NAMES};
