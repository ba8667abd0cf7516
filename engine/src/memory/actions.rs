//! The memory game's action codes. One `u16` space serves decisions and chance outcomes;
//! the ranges are ordered so that legal-action lists come out sorted when built in code
//! order.
//!
//! | codes | meaning |
//! |---|---|
//! | 0..128 | turn the card at place `c` face up ([`turn`]) |
//! | 128..256 | VAR: look at the card at place `c` ([`look`]) |
//! | 256 | use a VAR card ([`USE_VAR`]) |
//! | 257..261 | PLAY GAME: challenge seat `s` ([`challenge`]) |
//! | 261 | YELLOW against the player whose turn it is ([`YELLOW`]) |
//! | 262 | RED ([`RED`]) |
//! | 263 | play no card: the turn goes on ([`PASS`]) |
//! | 264..272 | after a won match: take a pair worth `v` points ([`take`]) |
//! | 272..341 | chance: the card of face `f` is dealt to the next place ([`deal`]) |
//! | 341..362 | chance: the PLAY GAME die shows `g` goals ([`roll`]) |

use super::cards::NUM_FACES;
use super::rules::{MAX_CELLS, MAX_DIE_FACES, MAX_VALUES};
use crate::core::{Action, Seat};

const LOOK: u16 = MAX_CELLS as u16;
/// Use a VAR card (at the start of the turn).
pub const USE_VAR: Action = Action(256);
const CHALLENGE: u16 = 257;
/// Play YELLOW against the player whose turn it is.
pub const YELLOW: Action = Action(261);
/// Play RED.
pub const RED: Action = Action(262);
/// Play no card: the turn goes on.
pub const PASS: Action = Action(263);
const TAKE: u16 = 264;
const DEAL: u16 = TAKE + MAX_VALUES as u16;
const ROLL: u16 = DEAL + NUM_FACES as u16;
/// One past the largest action code ([`crate::core::GameInfo::num_distinct_actions`]).
pub const NUM_ACTIONS: u16 = ROLL + MAX_DIE_FACES as u16 + 1;

crate::core::action_codes! {
    /// Turn the card at place `c` face up.
    turn(c: u8);
    /// VAR: look at the card at place `c`.
    look(c: u8) = LOOK;
    /// PLAY GAME: challenge seat `s`.
    challenge(s: Seat) = CHALLENGE;
}

/// After a won match, take one of the loser's pairs worth `v` points (`1..=MAX_VALUES`).
#[inline]
pub const fn take(v: u8) -> Action {
    Action(TAKE + v as u16 - 1)
}

crate::core::action_codes! {
    /// Chance: the card of face `f` goes to the next place of the deal.
    deal(f: u8) = DEAL;
    /// Chance: the PLAY GAME die shows `g` goals.
    roll(g: u8) = ROLL;
}

/// An action code, decoded.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decoded {
    /// Turn the card at this place.
    Turn(u8),
    /// VAR: look at this place.
    Look(u8),
    /// Use a VAR card.
    UseVar,
    /// PLAY GAME against this seat.
    Challenge(Seat),
    /// YELLOW.
    Yellow,
    /// RED.
    Red,
    /// No card: the turn goes on.
    Pass,
    /// Take a pair of this value.
    Take(u8),
    /// Deal this face.
    Deal(u8),
    /// The die shows this many goals.
    Roll(u8),
    /// Not a code of this game.
    Unknown,
}

/// Decodes `a`.
pub const fn decode(a: Action) -> Decoded {
    let x = a.0;
    if x < LOOK {
        Decoded::Turn(x as u8)
    } else if x < USE_VAR.0 {
        Decoded::Look((x - LOOK) as u8)
    } else if x == USE_VAR.0 {
        Decoded::UseVar
    } else if x < YELLOW.0 {
        Decoded::Challenge((x - CHALLENGE) as Seat)
    } else if x == YELLOW.0 {
        Decoded::Yellow
    } else if x == RED.0 {
        Decoded::Red
    } else if x == PASS.0 {
        Decoded::Pass
    } else if x < DEAL {
        Decoded::Take((x - TAKE + 1) as u8)
    } else if x < ROLL {
        Decoded::Deal((x - DEAL) as u8)
    } else if x < NUM_ACTIONS {
        Decoded::Roll((x - ROLL) as u8)
    } else {
        Decoded::Unknown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_decode_back_and_ranges_are_ordered() {
        assert_eq!(decode(turn(99)), Decoded::Turn(99));
        assert_eq!(decode(look(0)), Decoded::Look(0));
        assert_eq!(decode(look(127)), Decoded::Look(127));
        assert_eq!(decode(USE_VAR), Decoded::UseVar);
        assert_eq!(decode(challenge(3)), Decoded::Challenge(3));
        assert_eq!(decode(YELLOW), Decoded::Yellow);
        assert_eq!(decode(RED), Decoded::Red);
        assert_eq!(decode(PASS), Decoded::Pass);
        assert_eq!(decode(take(1)), Decoded::Take(1));
        assert_eq!(decode(take(8)), Decoded::Take(8));
        assert_eq!(decode(deal(68)), Decoded::Deal(68));
        assert_eq!(decode(roll(20)), Decoded::Roll(20));
        assert_eq!(decode(Action(NUM_ACTIONS)), Decoded::Unknown);
        assert!(turn(127) < look(0) && look(127) < USE_VAR && challenge(3) < YELLOW);
        assert!(PASS < take(1) && take(8) < deal(0) && deal(68) < roll(0));
    }
}
