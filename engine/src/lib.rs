//! The engine of the tabletop soccer lab: a game-agnostic core ([`core`]) and one module
//! per game. GRANGOL ([`grangol`]) is the first game; Crazy Eights ([`crazy_eights`]) is
//! OpenSpiel's `crazy_eights`, played exactly as OpenSpiel plays it, for calibration.
#![deny(missing_docs)]

/// The registration list of the lab's games: one line per game, the path of its
/// [`core::Registered`] type, in the order `sim games` lists them. Adding a game is its
/// module below plus one line here; [`core::NAMES`], [`core::visit_game`] and
/// [`core::for_each_game`] (and so every `sim` command and every test that loops over
/// games) follow from this list alone. `$m!` is called with the list.
#[rustfmt::skip]
macro_rules! registered_games {
    ($m:ident) => {
        $m!(
            crate::grangol::Grangol,
            crate::crazy_eights::CrazyEights,
            crate::lastuf::Lastuf,
            crate::memory::Memory,
            crate::helvetia::Helvetia,
        )
    };
}

pub mod core;
pub mod crazy_eights;
pub mod grangol;
pub mod helvetia;
pub mod lastuf;
pub mod memory;
