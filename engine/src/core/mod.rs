//! The game-agnostic core ([`engine_core`], re-exported whole) and what needs the list of
//! games: the registry ([`Registered`], [`visit_game`], [`NAMES`]), the macros every
//! game's rules and actions use, and the generic test battery ([`testing`]).

pub use engine_core::*;

mod macros;
mod registry;
pub mod testing;
#[cfg(test)]
mod visibility_tests;

pub(crate) use macros::{action_codes, option_enum, register_game, rule_file, rule_set};
pub use registry::{
    embedded_tree, for_each_game, load_embedded, parse_text, parse_tree, visit_game, BenchWorkload,
    EmbeddedRules, GameVisitor, Registered, AGENT_BENCH, NAMES,
};
