//! Crazy Eights exactly as OpenSpiel implements it (`open_spiel/games/crazy_eights/
//! crazy_eights.h` and `.cc`, game `crazy_eights` with `players=2`), so that the lab's
//! speed can be compared with OpenSpiel's on identical work: the same deal, the same
//! legal actions in the same order, the same action ids (an OpenSpiel action history
//! replays here verbatim) and the same returns.
//!
//! Supported OpenSpiel parameters: `players` = 2 only; `max_draw_cards`, `max_turns`,
//! `reshuffle` and `use_special_cards` with any value (`configs/crazy_eights/default.toml`
//! holds OpenSpiel's defaults). `docs/rules/crazy_eights.md` maps each rule to its code
//! and test.
//!
//! Returns: OpenSpiel's returns are minus the penalty points left in hand; the lab's
//! [`crate::core::GameState::returns`] gives 1 to the seat with the higher OpenSpiel
//! return, 0 to the other, 0.5 each when they are equal, and
//! [`crate::core::GameState::score`] gives OpenSpiel's return itself.

pub mod actions;
pub mod cards;
mod flow;
mod game;
pub mod heuristic;
mod info;
mod legal;
mod notation;
mod observation;
mod register;
mod rules;
mod state;
#[cfg(test)]
mod tests;

pub use notation::Snapshot;
pub use observation::openspiel_size;
pub use rules::*;
pub use state::State;

use crate::core::{CardInfo, GameInfo};

crate::core::rule_set!(
/// A loaded Crazy Eights rule set (OpenSpiel `CrazyEightsGame`): the file as written and
/// its validated form.
CrazyEights, "configs/crazy_eights/default.toml"
);

/// The [`GameInfo`] of a rule set: 2 seats (OpenSpiel `NumPlayers`), the length bound
/// [`Rules::max_game_length`] (OpenSpiel `MaxGameLength`: 10000) and the 52 cards.
fn game_info(_config: &RulesConfig, rules: &Rules) -> GameInfo {
    let num_actions = usize::from(actions::NUM_DISTINCT_ACTIONS);
    GameInfo {
        // The 52 cards by OpenSpiel's names, indexed by card id: `CardDrawn` and
        // `CardPlayed` events report them.
        cards: (0..cards::NUM_CARDS as u8)
            .map(|c| CardInfo::new(cards::card_name(c), false))
            .collect(),
        ..GameInfo::new(
            "crazy_eights",
            2,
            2..=2,
            num_actions,
            rules.max_game_length(),
        )
    }
}
