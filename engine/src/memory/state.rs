//! The state of a memory game: the grid, what each seat has seen and the turn's steps;
//! the `GameState` impl is in `game.rs`, whose methods delegate to the files that hold
//! each concern: the
//! turn flow (`flow.rs`), legality and chance outcomes (`legal.rs`), what each seat knows
//! and determinization (`info.rs`) and notation (`notation.rs`).
//! `docs/rules/memory.md` traces each clause to these files.
//!
//! **The deal.** The cards are dealt one place after another by chance nodes (stream 0),
//! so that a game is fixed by its deal like any card game of the lab, and two games of a
//! duplicate deal lay out the same grid.
//!
//! **What a seat knows** (`known`): the faces of the face-down cards it has seen: every
//! card turned up (shown to all), and its own VAR looks (the others see which places it
//! looks at, not the faces). A card leaving the grid leaves every seat's knowledge.
//! Information keys are perfect-recall hashes of what the seat has observed, and
//! [`crate::core::InfoSets::determinize`] redeals only the face-down cards the seat has not seen.

use super::cards::{Prize, NUM_FACES, NUM_PRIZES};
use super::rules::{Rules, MAX_CELLS, MAX_VALUES};
use crate::core::{Seat, MAX_SEATS};
use serde::Serialize;

/// No place (no first card yet).
pub const NONE: u8 = u8::MAX;
/// The face of an empty place.
pub const EMPTY: u8 = u8::MAX;

pub(super) const TAG_ACTION: u64 = 0xA11C_0000;
pub(super) const TAG_SHOW: u64 = 0x5E11_0000;
pub(super) const TAG_LOOK: u64 = 0x100C_0000;
pub(super) const TAG_LOOKED: u64 = 0x100D_0000;
pub(super) const TAG_FORGET: u64 = 0xF0F0_0000;

#[inline]
pub(super) const fn bit(c: u8) -> u128 {
    1u128 << c
}

/// The places of a bit set, in increasing order.
#[inline]
pub(super) fn places(set: u128) -> impl Iterator<Item = u8> {
    crate::core::members(set)
}

/// The step the game is at.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub enum Phase {
    /// Chance deals the next place.
    Deal,
    /// The player whose turn it is starts it: turns a card, uses VAR or plays PLAY GAME.
    TurnStart,
    /// VAR: the player chooses the place of his first (0) or second (1) look.
    Look(u8),
    /// The player chooses his second card.
    Second,
    /// Seat `s` may play YELLOW or RED against the player whose turn it is, whose first
    /// card is up.
    Answer(Seat),
    /// PLAY GAME: the die of the challenger (0) or of the challenged player (1).
    Roll(u8),
    /// PLAY GAME: the winner chooses which of the loser's pairs to take.
    Take,
    /// The grid is empty (or the turn cap was reached).
    Over,
}

/// The moment of a turn at which the other players may answer with YELLOW or RED.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Window {
    /// Before the turn's first card (`any-moment` only).
    BeforeFirst,
    /// After the first card came up a footballer.
    AfterFirst,
    /// After the second card made a pair, before it is taken (`any-moment` only).
    AfterSecond,
}

/// A position of the memory game. `Copy`-sized (about 600 bytes, no heap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) rules: Rules,
    pub(crate) phase: Phase,
    /// The face at each place, [`EMPTY`] where there is no card.
    pub(crate) face: [u8; MAX_CELLS],
    /// Places dealt so far.
    pub(crate) dealt: u8,
    /// Cards not yet dealt, by face.
    pub(crate) undealt: [u8; NUM_FACES],
    /// Places whose card lies face down.
    pub(crate) down: u128,
    /// Per seat: the places whose card's face the seat knows.
    pub(crate) known: [u128; MAX_SEATS],
    /// Per place: how many times its card has been shown (turned up or looked at),
    /// wrapping; the stamp of [`GameState::memory_stamp`].
    pub(crate) shown: [u8; MAX_CELLS],
    /// Per seat: the hash of everything it has observed.
    pub(crate) obs: [u64; MAX_SEATS],
    /// The player whose turn it is.
    pub(crate) mover: Seat,
    /// The place of the turn's first card (up, or chosen under `both-at-once`), or
    /// [`NONE`].
    pub(crate) first: u8,
    /// The place of the turn's second card while a pair waits for answers, or [`NONE`].
    pub(crate) second: u8,
    /// The answer window open (meaningful in [`Phase::Answer`]).
    pub(crate) window: Window,
    /// The place of the first VAR look of this turn, or [`NONE`].
    pub(crate) looked: u8,
    /// Points of the pairs each seat holds.
    pub(crate) points: [u16; MAX_SEATS],
    /// Pairs each seat holds, by value (index `v - 1`).
    pub(crate) pairs: [[u8; MAX_VALUES]; MAX_SEATS],
    /// Prize cards each seat holds, unused, by [`Prize`] id.
    pub(crate) prizes: [[u8; NUM_PRIZES]; MAX_SEATS],
    /// Prize cards used (in the discard pile), by id.
    pub(crate) used: [u8; NUM_PRIZES],
    /// VAR cards each seat may use at the start of its current or next turn.
    pub(crate) var_ready: [u8; MAX_SEATS],
    /// VAR cards each seat took since its turn began (ready at its next turn).
    pub(crate) var_fresh: [u8; MAX_SEATS],
    /// Whether a VAR was used this turn ("look once").
    pub(crate) var_used: bool,
    /// YELLOW cards played against each seat.
    pub(crate) yellows: [u8; MAX_SEATS],
    /// Turns begun.
    pub(crate) turns: u32,
    /// Pairs taken from the grid (by anyone).
    pub(crate) taken: u8,
    /// Whether the turn cap ended the game.
    pub(crate) capped: bool,
    /// PLAY GAME: the challenged seat.
    pub(crate) opponent: Seat,
    /// PLAY GAME: the challenger's goals.
    pub(crate) roll: u8,
    /// PLAY GAME: the winner.
    pub(crate) winner: Seat,
}

impl State {
    /// The state before the deal: every card undealt, seat 0 to begin.
    pub fn new(rules: Rules) -> Self {
        let mut undealt = [0u8; NUM_FACES];
        for f in 0..rules.num_pairs {
            undealt[usize::from(f)] = 2;
        }
        for p in Prize::ALL {
            undealt[usize::from(p.face())] = rules.prizes[p.index()];
        }
        let mut s = State {
            rules,
            phase: Phase::Deal,
            face: [EMPTY; MAX_CELLS],
            dealt: 0,
            undealt,
            down: 0,
            known: [0; MAX_SEATS],
            shown: [0; MAX_CELLS],
            obs: [0; MAX_SEATS],
            mover: 0,
            first: NONE,
            second: NONE,
            window: Window::AfterFirst,
            looked: NONE,
            points: [0; MAX_SEATS],
            pairs: [[0; MAX_VALUES]; MAX_SEATS],
            prizes: [[0; NUM_PRIZES]; MAX_SEATS],
            used: [0; NUM_PRIZES],
            var_ready: [0; MAX_SEATS],
            var_fresh: [0; MAX_SEATS],
            var_used: false,
            yellows: [0; MAX_SEATS],
            turns: 0,
            taken: 0,
            capped: false,
            opponent: 0,
            roll: 0,
            winner: 0,
        };
        if rules.num_cards() == 0 {
            s.phase = Phase::Over;
        }
        s
    }

    /// The rules this game is played by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The step the game is at.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The player whose turn it is.
    pub fn mover(&self) -> Seat {
        self.mover
    }

    /// The face at place `c`, or [`EMPTY`]. Hidden to the seats that have not seen it:
    /// agents read faces only through determinizations.
    pub fn face(&self, c: u8) -> u8 {
        self.face[usize::from(c)]
    }

    /// The places whose card lies face down.
    pub fn face_down(&self) -> u128 {
        self.down
    }

    /// The places whose card `seat` has seen (and that are still on the grid).
    pub fn known(&self, seat: Seat) -> u128 {
        self.known[usize::from(seat)]
    }

    /// The place of the turn's second card while the pair it makes with the first waits
    /// for YELLOW or RED (`any-moment`), if any.
    pub fn second_card(&self) -> Option<u8> {
        (self.second != NONE).then_some(self.second)
    }

    /// The place of the turn's first card, if one is chosen.
    pub fn first_card(&self) -> Option<u8> {
        (self.first != NONE).then_some(self.first)
    }

    /// Points of the pairs `seat` holds.
    pub fn points(&self, seat: Seat) -> u16 {
        self.points[usize::from(seat)]
    }

    /// Pairs `seat` holds, by value (index `v - 1`).
    pub fn pairs_held(&self, seat: Seat) -> [u8; MAX_VALUES] {
        self.pairs[usize::from(seat)]
    }

    /// Unused prize cards of `seat`, by [`Prize`] id.
    pub fn prizes(&self, seat: Seat) -> [u8; NUM_PRIZES] {
        self.prizes[usize::from(seat)]
    }

    /// Cards `seat` has collected: two per pair plus its unused prize cards (the
    /// rulebook's tie-break).
    pub fn cards_held(&self, seat: Seat) -> u16 {
        let s = usize::from(seat);
        let pairs: u16 = self.pairs[s].iter().map(|&n| u16::from(n)).sum();
        2 * pairs + self.prizes[s].iter().map(|&n| u16::from(n)).sum::<u16>()
    }

    /// Turns begun so far.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Pairs taken from the grid so far.
    pub fn pairs_taken(&self) -> u8 {
        self.taken
    }

    /// VAR cards `seat` may use at the start of its turn now.
    pub fn var_ready(&self, seat: Seat) -> u8 {
        self.var_ready[usize::from(seat)]
    }

    pub(super) fn n(&self) -> usize {
        usize::from(self.rules.players)
    }

    pub(super) fn next_seat(&self, s: Seat) -> Seat {
        ((usize::from(s) + 1) % self.n()) as Seat
    }

    pub(super) fn has_pair(&self, s: Seat) -> bool {
        self.pairs[usize::from(s)].iter().any(|&n| n > 0)
    }

    /// The final standing: `rank[s]` 0 for the best, by points then by cards held
    /// (equal values tie).
    pub fn ranks(&self) -> [u8; MAX_SEATS] {
        let key = |s: usize| (self.points[s], self.cards_held(s as Seat));
        std::array::from_fn(|s| {
            if s >= self.n() {
                return 0;
            }
            (0..self.n()).filter(|&o| key(o) > key(s)).count() as u8
        })
    }
}
