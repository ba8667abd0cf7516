//! The engine of the tabletop soccer lab: a game-agnostic core ([`core`]) and one module
//! per game. GRANGOL ([`grangol`]) is the first game.
#![deny(missing_docs)]

pub mod core;
pub mod grangol;
