//! Helvetia Cup's action codes. One `u16` space serves decisions and chance outcomes; the
//! ranges are ordered so that legal-action lists come out sorted when built in code order.
//! At most 137 actions are legal at one decision (a placement or a move to any hex).
//!
//! | codes | meaning |
//! |---|---|
//! | 0..137 | the hex `c` (placement, move, the forced one-hex move) ([`hex`]) |
//! | 137 | try to steal the ball ([`STEAL`]) |
//! | 138 | do not try to steal ([`NO_STEAL`]) |
//! | 139 | try to intercept the pass ([`INTERCEPT`]) |
//! | 140 | let the pass through ([`NO_INTERCEPT`]) |
//! | 141 | shoot ([`SHOOT`]) |
//! | 142 | no more offensive action: the round ends ([`END_ROUND`]) |
//! | 143..148 | figure `f` (0 the goalkeeper): the kick-off player, a pass's receiver, a penalty taker ([`figure`]) |
//! | 148..154 | the shooter's secret target square `s` ([`square`]) |
//! | 154..218 | the goalkeeper's squares, a bit set `m` of edge-adjacent squares ([`keeper`]) |
//! | 218..249 | chance: the D20 shows `v` ([`roll`]) |
//! | 249..251 | chance: the coin falls for team `t` ([`coin`]) |
//! | 251..259 | a change after a goal: outfield figure `f` goes out, substitute `k` comes on ([`change`]) |
//! | 259 | no (more) changes ([`NO_CHANGE`]) |

use super::board::{Cell, NUM_CELLS};
use super::rules::{FIGURES, MAX_FACES, SQUARES, SUBSTITUTES};
use crate::core::Action;

/// Try to steal the ball from the carrier on the defender's hex.
pub const STEAL: Action = Action(NUM_CELLS as u16);
/// Do not try to steal.
pub const NO_STEAL: Action = Action(NUM_CELLS as u16 + 1);
/// Try to intercept the pass to the defender's hex.
pub const INTERCEPT: Action = Action(NUM_CELLS as u16 + 2);
/// Let the pass through.
pub const NO_INTERCEPT: Action = Action(NUM_CELLS as u16 + 3);
/// Shoot at the goal.
pub const SHOOT: Action = Action(NUM_CELLS as u16 + 4);
/// Make no more offensive action: the round ends.
pub const END_ROUND: Action = Action(NUM_CELLS as u16 + 5);
const FIGURE: u16 = NUM_CELLS as u16 + 6;
const SQUARE: u16 = FIGURE + FIGURES as u16;
const KEEPER: u16 = SQUARE + SQUARES as u16;
const ROLL: u16 = KEEPER + (1 << SQUARES);
const COIN: u16 = ROLL + MAX_FACES as u16 + 1;
const CHANGE: u16 = COIN + 2;
/// Make no (more) changes after a goal.
pub const NO_CHANGE: Action = Action(CHANGE + ((FIGURES - 1) * SUBSTITUTES) as u16);
/// One past the largest action code ([`crate::core::GameInfo::num_distinct_actions`]).
pub const NUM_ACTIONS: u16 = NO_CHANGE.0 + 1;

crate::core::action_codes! {
    /// The hex `c`.
    hex(c: Cell);
    /// Figure `f` of the deciding team (0 the goalkeeper, then the players in card order).
    figure(f: u8) = FIGURE;
    /// The target square `s` (0..3 the top row left to right, 3..6 the bottom row).
    square(s: u8) = SQUARE;
    /// The goalkeeper's squares: the bit set `mask` (bit `s` = square `s`).
    keeper(mask: u8) = KEEPER;
    /// The D20 shows `v`.
    roll(v: u8) = ROLL;
    /// The coin falls for team `t`.
    coin(t: u8) = COIN;
}

/// A change after a goal: the outfield figure `fig` (1..5) goes out and the team's
/// substitute `k` (0 or 1, in card order) comes on in his place.
#[inline]
pub const fn change(fig: u8, k: u8) -> Action {
    Action(CHANGE + (fig as u16 - 1) * SUBSTITUTES as u16 + k as u16)
}

/// An action code, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// A hex.
    Hex(Cell),
    /// [`STEAL`].
    Steal,
    /// [`NO_STEAL`].
    NoSteal,
    /// [`INTERCEPT`].
    Intercept,
    /// [`NO_INTERCEPT`].
    NoIntercept,
    /// [`SHOOT`].
    Shoot,
    /// [`END_ROUND`].
    EndRound,
    /// A figure.
    Figure(u8),
    /// A target square.
    Square(u8),
    /// A goalkeeper's set of squares.
    Keeper(u8),
    /// A D20 roll.
    Roll(u8),
    /// The coin.
    Coin(u8),
    /// A change: the outfield figure goes out, the substitute comes on.
    Change(u8, u8),
    /// [`NO_CHANGE`].
    NoChange,
}

/// Decodes an action code (below [`NUM_ACTIONS`]).
pub fn decode(a: Action) -> Decoded {
    let x = a.0;
    match x {
        _ if x < NUM_CELLS as u16 => Decoded::Hex(x as u8),
        _ if a == STEAL => Decoded::Steal,
        _ if a == NO_STEAL => Decoded::NoSteal,
        _ if a == INTERCEPT => Decoded::Intercept,
        _ if a == NO_INTERCEPT => Decoded::NoIntercept,
        _ if a == SHOOT => Decoded::Shoot,
        _ if a == END_ROUND => Decoded::EndRound,
        _ if x < SQUARE => Decoded::Figure((x - FIGURE) as u8),
        _ if x < KEEPER => Decoded::Square((x - SQUARE) as u8),
        _ if x < ROLL => Decoded::Keeper((x - KEEPER) as u8),
        _ if x < COIN => Decoded::Roll((x - ROLL) as u8),
        _ if x < CHANGE => Decoded::Coin((x - COIN) as u8),
        _ if a == NO_CHANGE => Decoded::NoChange,
        _ => {
            let i = x - CHANGE;
            Decoded::Change(
                (i / SUBSTITUTES as u16) as u8 + 1,
                (i % SUBSTITUTES as u16) as u8,
            )
        }
    }
}

/// The edge-adjacent pairs of the goal's squares (no diagonals): the three of each row
/// side by side, and each top square over the bottom one.
pub const ADJACENT: [(u8, u8); 7] = [(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (1, 4), (2, 5)];

/// Whether the set `mask` of squares is non-empty and connected by edges ("These squares
/// must be adjacent (no diagonals)").
pub const fn connected(mask: u8) -> bool {
    if mask == 0 || mask >= 1 << SQUARES {
        return false;
    }
    let mut reached = mask & mask.wrapping_neg();
    loop {
        let mut grown = reached;
        let mut i = 0;
        while i < ADJACENT.len() {
            let (a, b) = ADJACENT[i];
            if mask & (1 << a) != 0 && mask & (1 << b) != 0 {
                if reached & (1 << a) != 0 {
                    grown |= 1 << b;
                }
                if reached & (1 << b) != 0 {
                    grown |= 1 << a;
                }
            }
            i += 1;
        }
        if grown == reached {
            return reached == mask;
        }
        reached = grown;
    }
}

/// The goalkeeper's possible choices, as a table: bit `m` is set when the set `m` of
/// squares is connected.
pub const CONNECTED: u64 = {
    let mut t = 0u64;
    let mut m = 1u8;
    while m < 1 << SQUARES {
        if connected(m) {
            t |= 1 << m;
        }
        m += 1;
    }
    t
};

/// A shot's square revealed once the goalkeeper has chosen
/// ([`crate::core::GameEvent::Revealed`], after "seat K"), by square.
pub const AIMED: [&str; 6] = [
    "aimed top-left",
    "aimed top-middle",
    "aimed top-right",
    "aimed bottom-left",
    "aimed bottom-middle",
    "aimed bottom-right",
];

/// The goal square's name: `top-left` … `bottom-right`.
pub fn square_name(s: u8) -> &'static str {
    [
        "top-left",
        "top-middle",
        "top-right",
        "bottom-left",
        "bottom-middle",
        "bottom-right",
    ][usize::from(s)]
}
