//! Rule tests of LASTUF GOL: one test (at least) per clause of the rulebook, per card and
//! per rule option. `docs/rules/lastuf.md` maps each clause to the code and to these
//! tests.
//!
//! Positions are built with [`Setup`] (hands, table and goals chosen, every other card in
//! the draw pile). [`play`] applies scripted actions (decisions and forced draws) with
//! `try_apply`, panicking with the action's name and the legal alternatives if one is
//! illegal, and checks the invariants after every step.

mod cards;
mod config;
mod end;
mod info;
mod observation;
mod scoring;
mod turn;
mod words;

use super::actions as act;
use super::*;
use crate::core::testing::check_game;
use crate::core::Game;
use crate::core::{GameEvent, GameState, InfoSets, Notation, Turn};

pub(super) use super::Card as C;
pub(super) use super::Colour as K;
pub(super) use super::Status as St;

/// The default rules (four players).
pub(super) fn rules() -> Rules {
    *Lastuf::default_rules().rules()
}

/// The default rules for `n` players.
pub(super) fn rules_n(n: u8) -> Rules {
    let mut r = rules();
    r.players = n;
    r
}

/// The default rules with some options changed.
pub(super) fn rules_with(n: u8, f: impl FnOnce(&mut Options)) -> Rules {
    let mut r = rules_n(n);
    f(&mut r.options);
    r
}

/// Scripted steps, shared by every game's rule tests (`core::testing`): `apply` applies
/// one action (panicking with the legal alternatives if it is illegal, checking the
/// invariants after it) and returns its events, `play` a sequence.
pub(super) use crate::core::testing::{
    apply_checked as apply, chance, legal, play_checked as play,
};

/// Draws `cards` in turn (each must be a chance outcome).
pub(super) fn draw(s: &mut State, cards: &[Card]) -> Vec<GameEvent> {
    cards.iter().flat_map(|&c| apply(s, act::card(c))).collect()
}

/// Draws whatever comes first in card order until the state is not a chance node.
pub(super) fn draw_any(s: &mut State) {
    while s.turn() == Turn::Chance {
        let a = chance(s)[0].0;
        apply(s, a);
    }
}

/// Five filler cards (outfield players of one colour).
pub(super) fn fill(k: Colour, n: usize) -> Vec<Card> {
    vec![Card::player(k); n]
}

/// A hand of `cards` topped up to five with blue players.
pub(super) fn hand5(cards: &[Card]) -> Vec<Card> {
    let mut h = cards.to_vec();
    h.extend(fill(K::Blue, 5 - cards.len()));
    h
}

#[test]
fn the_battery_passes_for_two_three_and_four_players() {
    for n in 2..=4 {
        let mut r = rules_n(n);
        r.max_turns = 150;
        let g = Lastuf::from_parts(Lastuf::default_rules().config().clone(), r);
        let report = check_game(&g, 25, u64::from(n)).unwrap();
        assert_eq!(report.games, 25);
        assert!(report.determinizations > 25 && report.rejected > 25);
        // What nodes say a seat sees of their action was checked against the replay.
        assert!(report.claimed_actions > 25, "{report:?}");
    }
}

#[test]
fn the_battery_passes_for_the_two_goal_variants_and_other_readings() {
    let variants: [fn(&mut Options); 5] = [
        |o| (o.goals_per_player, o.elimination) = (2, Elimination::Either),
        |o| (o.goals_per_player, o.elimination) = (2, Elimination::Both),
        |o| {
            o.pass = true;
            o.discard_max = 1;
            o.goal_placement = GoalPlacement::Free;
        },
        |o| {
            o.sanctions = Sanctions::Any;
            o.doctor = DoctorRule::Own;
            o.stop_refill = StopRefill::OwnTurn;
        },
        |o| {
            o.eliminated_goal = EliminatedGoal::Discard;
            o.discard_max = 5;
        },
    ];
    for (i, f) in variants.iter().enumerate() {
        let n = if i < 2 { 2 } else { 3 };
        let mut r = rules_with(n, f);
        r.max_turns = 150;
        let g = Lastuf::from_parts(Lastuf::default_rules().config().clone(), r);
        let report = check_game(&g, 15, 100 + i as u64).unwrap();
        assert_eq!(report.games, 15, "variant {i}");
    }
}
