//! The cards of the memory game: footballers, who come in pairs worth points, and the
//! prize cards YELLOW, RED, VAR and PLAY GAME (rulebook, "Rules for using prize cards"),
//! plus the lab's BLANK prize card for card-value ablations.
//!
//! A card's *face* is one byte: footballer `f` is `f` (`0..num_pairs`, numbered by value,
//! the 1-point pairs first), prize `p` is [`PRIZE_BASE`]` + p`.

use super::rules::MAX_PAIRS;
use crate::core::named_enum;

named_enum!(
    /// The prize cards, in id order (the order of [`crate::core::GameInfo::cards`]); the
    /// name is the one printed (`PLAY GAME`), as rules files write it.
    pub enum Prize[NUM_PRIZES] {
        /// YELLOW: stops the player whose turn it is (the turn passes to the next player; a
        /// second YELLOW against the same player works as a RED).
        Yellow = "YELLOW",
        /// RED: stops the player whose turn it is; the turn passes to whoever played it.
        Red = "RED",
        /// VAR: at the start of its holder's turn, look at two face-down cards in secret.
        Var = "VAR",
        /// PLAY GAME: instead of a turn, a die match against a player; the winner takes a
        /// pair from the loser.
        PlayGame = "PLAY GAME",
        /// The lab's blank prize card: taken like a prize card, never usable.
        Blank = "BLANK",
    }
);

/// Number of prize kinds (the BLANK included).
pub const NUM_PRIZES: usize = 5;

/// The face of prize `p` is `PRIZE_BASE + p`.
pub const PRIZE_BASE: u8 = MAX_PAIRS as u8;

/// Number of distinct faces: every footballer, then every prize.
pub const NUM_FACES: usize = MAX_PAIRS + NUM_PRIZES;

impl Prize {
    /// The face of this prize card.
    pub const fn face(self) -> u8 {
        PRIZE_BASE + self as u8
    }

    /// The prize card of `face`, or `None` for a footballer.
    pub const fn of_face(face: u8) -> Option<Prize> {
        if face >= PRIZE_BASE && ((face - PRIZE_BASE) as usize) < NUM_PRIZES {
            Some(Prize::ALL[(face - PRIZE_BASE) as usize])
        } else {
            None
        }
    }

    /// Whether playing it can succeed or fail: only PLAY GAME (the match is won or
    /// lost); `cards.csv` reports its success rate.
    pub const fn has_outcome(self) -> bool {
        matches!(self, Prize::PlayGame)
    }
}

/// Whether `face` is a footballer's.
#[inline]
pub const fn is_footballer(face: u8) -> bool {
    face < PRIZE_BASE
}
