//! GRANGOL's action codes. One `u16` space serves decisions and chance outcomes; codes are
//! dense and ordered so that legal-action lists come out sorted when built in code order.
//!
//! Ranges are half-open; a card's code is its base plus its id (`0..NUM_CARDS`, 30 cards,
//! the lab's BLANK last at id 29), and each card range has room for 32 ids.
//!
//! | codes | meaning |
//! |---|---|
//! | 0..30 | chance: a card (drawn, taken at random, discarded at random) |
//! | 32..36 | chance: a green die face (ball, +1, -1, X) |
//! | 36..40 | chance: a red die face (X, whistle, yellow, ball) |
//! | 64..94 | play the card (never BLANK, which has no colour) |
//! | 96..126 | play TIFOSI A FAVORE as the card (never BLANK) |
//! | 128..158 | pick the card from a hand: discard it, give it (MISCHIA), remove it |
//! | 160 | draw from the deck |
//! | 192..222 | take the card from the discard pile (never BLANK: it cannot be played) |
//! | 224 | play CAMBIO |
//! | 225 | pass / done |
//! | 232..235 | a direction: left, middle, right (shot, wall, goalkeeper) |
//! | 240, 241 | LANCIO: advance one / two sections |
//! | 248..252 | keep this green face (of two rolls) |
//! | 252..256 | keep this red face (of two rolls) |

use super::cards::Card;
use crate::core::Action;

/// One past the largest action code ([`crate::core::GameInfo::num_distinct_actions`]).
pub const NUM_ACTIONS: u16 = 256;

crate::core::action_codes! {
    /// Chance: card `c`.
    card(c: Card);
    /// Chance: green face `f` (0 ball, 1 +1, 2 -1, 3 X).
    green_face(f: u8) = 32;
    /// Chance: red face `f` (0 X, 1 whistle, 2 yellow, 3 ball).
    red_face(f: u8) = 36;
    /// Play card `c` as itself.
    play(c: Card) = 64;
    /// Play TIFOSI A FAVORE standing for `c`.
    play_as(c: Card) = 96;
    /// Pick card `c` of a hand (discard, give, remove).
    pick(c: Card) = 128;
    /// Take `c` from the discard pile.
    take(c: Card) = 192;
    /// Direction `d` (0 left, 1 middle, 2 right).
    dir(d: u8) = 232;
    /// LANCIO advancing `n` (1 or 2) sections.
    lancio(n: u8) = 239;
    /// Keep green face `f` of two rolls.
    keep_green(f: u8) = 248;
    /// Keep red face `f` of two rolls.
    keep_red(f: u8) = 252;
}

/// Draw from the deck.
pub const DRAW: Action = Action(160);
/// Play CAMBIO.
pub const CAMBIO: Action = Action(224);
/// Pass, or stop choosing.
pub const DONE: Action = Action(225);

/// A decoded action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decoded {
    /// A card as a chance outcome.
    Card(Card),
    /// A green face.
    Green(u8),
    /// A red face.
    Red(u8),
    /// Play a card.
    Play(Card),
    /// Play TIFOSI as a card.
    PlayAs(Card),
    /// Pick a card of a hand.
    Pick(Card),
    /// Draw from the deck.
    Draw,
    /// Take from the discard pile.
    Take(Card),
    /// Play CAMBIO.
    Cambio,
    /// Pass / done.
    Done,
    /// A direction.
    Dir(u8),
    /// LANCIO distance.
    Lancio(u8),
    /// Keep a green face.
    KeepGreen(u8),
    /// Keep a red face.
    KeepRed(u8),
    /// Not a GRANGOL action.
    Invalid,
}

fn card_at(i: u16) -> Option<Card> {
    (usize::from(i) < super::cards::NUM_CARDS).then(|| Card::from_index(usize::from(i)))
}

/// Decodes an action code.
#[inline]
pub fn decode(a: Action) -> Decoded {
    let x = a.0;
    let c = |base: u16, f: fn(Card) -> Decoded| card_at(x - base).map_or(Decoded::Invalid, f);
    match x {
        0..=31 => c(0, Decoded::Card),
        32..=35 => Decoded::Green((x - 32) as u8),
        36..=39 => Decoded::Red((x - 36) as u8),
        64..=95 => c(64, Decoded::Play),
        96..=127 => c(96, Decoded::PlayAs),
        128..=159 => c(128, Decoded::Pick),
        160 => Decoded::Draw,
        192..=223 => c(192, Decoded::Take),
        224 => Decoded::Cambio,
        225 => Decoded::Done,
        232..=234 => Decoded::Dir((x - 232) as u8),
        240..=241 => Decoded::Lancio((x - 239) as u8),
        248..=251 => Decoded::KeepGreen((x - 248) as u8),
        252..=255 => Decoded::KeepRed((x - 252) as u8),
        _ => Decoded::Invalid,
    }
}

// Every card range holds 32 ids: the codes of one range never reach the next.
const _: () = assert!(super::cards::NUM_CARDS <= 32);

/// Direction names, as printed on the shot, wall and goalkeeper cards.
pub const DIRECTIONS: [&str; 3] = ["left", "middle", "right"];

/// The shot's direction revealed once the goalkeeper has dived ([`crate::core::GameEvent::Revealed`],
/// after "seat K"), by direction.
pub const AIMED: [&str; 3] = ["aimed left", "aimed at the middle", "aimed right"];

/// The goalkeeper's dive revealed with the shot, by direction.
pub const DIVED: [&str; 3] = ["dived left", "stayed in the middle", "dived right"];

/// A secret wall's side revealed with a free kick, by direction.
pub const WALLED: [&str; 3] = [
    "had set the wall left",
    "had set the wall in the middle",
    "had set the wall right",
];
