//! The engine of the tabletop soccer lab: a game-agnostic core ([`core`]) and one module
//! per game. GRANGOL ([`grangol`]) is the first game; Crazy Eights ([`crazy_eights`]) is
//! OpenSpiel's `crazy_eights`, played exactly as OpenSpiel plays it, for calibration.
#![deny(missing_docs)]

pub mod core;
pub mod crazy_eights;
pub mod grangol;
pub mod helvetia;
pub mod lastuf;
pub mod memory;
