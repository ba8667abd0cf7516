//! LASTUF GOL's action codes. One `u16` space serves decisions and chance outcomes; codes
//! are dense within each range and the ranges are ordered so that legal-action lists come
//! out sorted when built in code order.
//!
//! A play is split into steps so that no decision offers more than a few dozen actions:
//! the card first ([`play`]), then its target (a player, a goal, a seat), and a discard as
//! one card ([`discard`]) then a second card or [`DONE`].
//!
//! | codes | meaning |
//! |---|---|
//! | 0..17 | chance: card `c` drawn (deal, refill, STOP refill) |
//! | 32..49 | play card `c` (its target, if any, is chosen next) |
//! | 64..81 | discard card `c` (the first card, or a further one) |
//! | 96 | done: stop discarding / let the goal count (no STOP) |
//! | 97 | pass: play nothing (option `pass`) |
//! | 98 | play STOP on the goal just scored against you |
//! | 128..192 | target the player of seat `s`, colour `k`, status `t`: `128 + 16 s + 4 k + t` |
//! | 192..208 | SUBSTITUTION: give your own player of colour `k`, status `t`: `192 + 4 k + t` |
//! | 208..216 | BALL: score in goal slot `g` of seat `s`: `208 + 2 s + g` |
//! | 216..220 | GOAL: place it in front of seat `s`: `216 + s` |
//! | 224..240 | SWAP SIDES: your slot `m` for seat `s`'s slot `g`: `224 + 8 m + 2 s + g` |

use super::cards::{Card, Colour, Status, NUM_CARDS};
use crate::core::{Action, Seat};

/// One past the largest action code ([`crate::core::GameInfo::num_distinct_actions`]).
pub const NUM_ACTIONS: u16 = 240;

crate::core::action_codes! {
    /// Chance: card `c` drawn.
    card(c: Card);
    /// Play card `c` (its target follows, if it has one).
    play(c: Card) = 32;
    /// Discard card `c`.
    discard(c: Card) = 64;
}
/// Stop discarding, or let a goal scored against you count.
pub const DONE: Action = Action(96);
/// Play nothing this turn (only under the option `pass`).
pub const PASS: Action = Action(97);
/// Play STOP on the goal just scored against you.
pub const STOP: Action = Action(98);
/// Target the player of seat `s`, colour `k`, status `t` (YELLOW CARD, RED CARD, INJURY,
/// DOCTOR, or the rival's player of a SUBSTITUTION).
#[inline]
pub const fn target(s: Seat, k: Colour, t: Status) -> Action {
    Action(128 + 16 * s as u16 + 4 * k as u16 + t as u16)
}
/// SUBSTITUTION: give your own player of colour `k`, status `t`.
#[inline]
pub const fn give(k: Colour, t: Status) -> Action {
    Action(192 + 4 * k as u16 + t as u16)
}
/// BALL: score in goal slot `g` (0 or 1) of seat `s`.
#[inline]
pub const fn shoot(s: Seat, g: u8) -> Action {
    Action(208 + 2 * s as u16 + g as u16)
}
/// GOAL: place it in front of seat `s`.
#[inline]
pub const fn place(s: Seat) -> Action {
    Action(216 + s as u16)
}
/// SWAP SIDES: your goal slot `m` for seat `s`'s goal slot `g`.
#[inline]
pub const fn swap(m: u8, s: Seat, g: u8) -> Action {
    Action(224 + 8 * m as u16 + 2 * s as u16 + g as u16)
}

/// A decoded action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decoded {
    /// A card drawn (chance).
    Draw(Card),
    /// Play a card.
    Play(Card),
    /// Discard a card.
    Discard(Card),
    /// Stop discarding / let the goal count.
    Done,
    /// Play nothing.
    Pass,
    /// Play STOP.
    Stop,
    /// A player on the table: seat, colour, status.
    Target(Seat, Colour, Status),
    /// SUBSTITUTION: your own player to give.
    Give(Colour, Status),
    /// BALL: seat and goal slot.
    Shoot(Seat, u8),
    /// GOAL: the seat to place it in front of.
    Place(Seat),
    /// SWAP SIDES: own slot, rival seat, rival slot.
    Swap(u8, Seat, u8),
    /// Not a LASTUF GOL action.
    Invalid,
}

/// Decodes an action code.
#[inline(always)]
pub fn decode(a: Action) -> Decoded {
    let x = a.0;
    let card = |base: u16| Card::from_index(usize::from(x - base));
    let n = NUM_CARDS as u16;
    match x {
        _ if x < n => Decoded::Draw(card(0)),
        32..=95 if (x & 31) < n => {
            if x < 64 {
                Decoded::Play(card(32))
            } else {
                Decoded::Discard(card(64))
            }
        }
        96 => Decoded::Done,
        97 => Decoded::Pass,
        98 => Decoded::Stop,
        128..=191 => {
            let y = x - 128;
            Decoded::Target(
                (y / 16) as Seat,
                Colour::from_index(usize::from(y / 4 % 4)),
                Status::from_index(usize::from(y % 4)),
            )
        }
        192..=207 => {
            let y = x - 192;
            Decoded::Give(
                Colour::from_index(usize::from(y / 4)),
                Status::from_index(usize::from(y % 4)),
            )
        }
        208..=215 => Decoded::Shoot(((x - 208) / 2) as Seat, ((x - 208) % 2) as u8),
        216..=219 => Decoded::Place((x - 216) as Seat),
        224..=239 => {
            let y = x - 224;
            Decoded::Swap((y / 8) as u8, (y / 2 % 4) as Seat, (y % 2) as u8)
        }
        _ => Decoded::Invalid,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_decodes_to_its_constructor() {
        let mut seen = 0;
        for x in 0..NUM_ACTIONS + 20 {
            let a = Action(x);
            let back = match decode(a) {
                Decoded::Draw(c) => card(c),
                Decoded::Play(c) => play(c),
                Decoded::Discard(c) => discard(c),
                Decoded::Done => DONE,
                Decoded::Pass => PASS,
                Decoded::Stop => STOP,
                Decoded::Target(s, k, t) => target(s, k, t),
                Decoded::Give(k, t) => give(k, t),
                Decoded::Shoot(s, g) => shoot(s, g),
                Decoded::Place(s) => place(s),
                Decoded::Swap(m, s, g) => swap(m, s, g),
                Decoded::Invalid => continue,
            };
            assert_eq!(back, a);
            assert!(x < NUM_ACTIONS);
            seen += 1;
        }
        assert_eq!(seen, 3 * 17 + 3 + 64 + 16 + 8 + 4 + 16);
    }
}
