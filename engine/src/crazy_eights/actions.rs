//! Action ids, identical to OpenSpiel's (`open_spiel/games/crazy_eights/crazy_eights.h`,
//! `kDraw`, `kPass`, `kNominateSuitActionBase`, `kDecideDealerActionBase`):
//!
//! | id      | at a decision                 | at a chance node                 |
//! |---------|-------------------------------|----------------------------------|
//! | 0..=51  | play card `id`                | deal, turn up or draw card `id`  |
//! | 52      | draw a card                   | seat 0 is the dealer             |
//! | 53      | pass                          | seat 1 is the dealer             |
//! | 54..=57 | name clubs, diamonds, hearts, spades after an eight | —         |
//!
//! Card `id` is `4 * rank + suit` (see [`super::cards`]).

use crate::core::Action;

/// Draw a card from the draw pile (OpenSpiel `kDraw`).
pub const DRAW: u16 = 52;
/// Pass (OpenSpiel `kPass`).
pub const PASS: u16 = 53;
/// Name suit `s` after an eight: `NOMINATE_BASE + s` (OpenSpiel
/// `kNominateSuitActionBase`).
pub const NOMINATE_BASE: u16 = 54;
/// At the first chance node, seat `s` is the dealer: `DEALER_BASE + s` (OpenSpiel
/// `kDecideDealerActionBase`).
pub const DEALER_BASE: u16 = 52;
/// Distinct action ids (OpenSpiel `CrazyEightsGame::NumDistinctActions`: 58).
pub const NUM_DISTINCT_ACTIONS: u16 = NOMINATE_BASE + 4;

/// Play card `card` (or, at a chance node, deal or draw it): OpenSpiel's action id is
/// the card id.
pub const fn play(card: u8) -> Action {
    Action(card as u16)
}

/// The draw decision ([`DRAW`], OpenSpiel `kDraw`).
pub const fn draw() -> Action {
    Action(DRAW)
}

/// The pass decision ([`PASS`], OpenSpiel `kPass`).
pub const fn pass() -> Action {
    Action(PASS)
}

/// Name suit `suit` (0 clubs, 1 diamonds, 2 hearts, 3 spades; OpenSpiel
/// `kNominateSuitActionBase + suit`).
pub const fn nominate(suit: u8) -> Action {
    Action(NOMINATE_BASE + suit as u16)
}

/// The chance outcome making `seat` the dealer (OpenSpiel `kDecideDealerActionBase + seat`).
pub const fn dealer(seat: u8) -> Action {
    Action(DEALER_BASE + seat as u16)
}
