//! Rule tests of Crazy Eights: at least one test per rule of OpenSpiel's
//! `crazy_eights.cc`. `docs/rules/crazy_eights.md` maps each rule to the code and to
//! these tests.
//!
//! Positions are built by [`setup`]: a fresh [`State`] whose dealer, deal and first card
//! turned up are forced through its chance nodes, so every card is accounted for. [`play`]
//! applies scripted actions (decisions and forced chance outcomes) with `try_apply`,
//! panicking with the legal alternatives if one is illegal, and checks the invariants
//! after every step. Tests that need a short draw pile set [`State::deck`] directly: the
//! cards taken out of it join the discard pile.

mod config;
mod deal;
mod end;
mod events;
mod info;
mod observation;
mod play;
mod special;

use super::actions as act;
use super::cards::{card_name, ALL_CARDS};
use super::*;
use crate::core::{Action, GameEvent, GameState, InfoSets, Notation, Seat, Turn};

/// The card id of `name` (`"H7"`, `"ST"`, `"CA"`: suit letter, then rank letter).
pub(super) fn c(name: &str) -> u8 {
    (0..52)
        .find(|&id| card_name(id) == name)
        .unwrap_or_else(|| panic!("no card {name}"))
}

/// The card set of `names`.
pub(super) fn set(names: &[&str]) -> u64 {
    names.iter().fold(0, |m, n| m | 1u64 << c(n))
}

/// Playing (or dealing, or drawing) the card `name`.
pub(super) fn card(name: &str) -> Action {
    act::play(c(name))
}

/// The default rules: OpenSpiel's `crazy_eights(players=2)`.
pub(super) fn rules() -> Rules {
    *CrazyEights::default_rules().rules()
}

/// The default rules with some changes.
pub(super) fn rules_with(f: impl FnOnce(&mut Rules)) -> Rules {
    let mut r = rules();
    f(&mut r);
    r
}

/// Scripted steps, shared by every game's rule tests (`core::testing`): `apply` applies
/// one action (panicking with the legal alternatives if it is illegal, checking the
/// invariants after it) and returns its events, `play` a sequence.
pub(super) use crate::core::testing::{
    apply_checked as apply, chance, legal, legal_names, play_checked as play,
};

/// A game after the deal: `dealer` deals `hands[seat]` (in that order, alternately,
/// starting with the seat after the dealer), then turns up `flips` in order (eights
/// go back into the pile, the first other card starts the discard pile).
pub(super) fn setup(rules: Rules, dealer: Seat, hands: [&[&str]; 2], flips: &[&str]) -> State {
    let mut s = State::new(rules);
    apply(&mut s, act::dealer(dealer));
    let h = usize::from(rules.hand_size);
    assert!(hands[0].len() == h && hands[1].len() == h, "hands of {h}");
    let (first, second) = (usize::from(1 - dealer), usize::from(dealer));
    for (x, y) in hands[first].iter().zip(hands[second]) {
        apply(&mut s, card(x));
        apply(&mut s, card(y));
    }
    for f in flips {
        apply(&mut s, card(f));
    }
    s
}

/// Seven cards for each seat with the default rules: seat 0 holds clubs and diamonds,
/// seat 1 hearts and spades, no eights.
pub(super) const HAND0: [&str; 7] = ["C3", "C4", "C5", "C6", "C7", "D9", "DK"];
/// See [`HAND0`].
pub(super) const HAND1: [&str; 7] = ["H3", "H4", "H5", "H6", "S7", "S9", "SK"];

/// The default rules, seat 0 dealing [`HAND0`] and [`HAND1`], `flip` turned up: seat 1
/// to play.
pub(super) fn standard(flip: &str) -> State {
    setup(rules(), 0, [&HAND0, &HAND1], &[flip])
}

#[test]
fn the_default_rules_pass_the_battery() {
    let g = CrazyEights::default_rules();
    let report = crate::core::testing::check_game(&g, 300, 1).unwrap();
    assert_eq!(report.games, 300);
    // What nodes say each seat sees of their action was checked against the replay,
    // hidden cards dealt included.
    assert!(report.claimed_actions > 300, "{report:?}");
    assert!(report.hidden_actions > 100, "{report:?}");
}

#[test]
fn all_cards_are_accounted_for_after_setup() {
    let s = standard("HT");
    assert_eq!(
        s.hand(0) | s.hand(1) | s.draw_pile() | s.discard_pile(),
        ALL_CARDS
    );
    assert_eq!(s.discard_pile(), set(&["HT"]));
    assert_eq!(s.turn(), Turn::Decision(1));
}
