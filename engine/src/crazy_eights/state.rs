//! The Crazy Eights state: a port of OpenSpiel's `CrazyEightsState`
//! (`open_spiel/games/crazy_eights/crazy_eights.cc`) for two players, with the same
//! phases, flags and action ids, so that an OpenSpiel action history replays here
//! verbatim. Hands and the draw pile are 64-bit card sets; nothing is on the heap.
//!
//! This file holds [`State`], its fields and queries; the `GameState` impl is in
//! `game.rs`, whose methods delegate to the files that hold each concern: the flow
//! (`flow.rs`), legality and chance outcomes (`legal.rs`), information keys and
//! determinization (`info.rs`) and notation (`notation.rs`). Where these files say
//! "OpenSpiel", they name the function of `crazy_eights.cc` whose logic the code follows
//! line for line.

use super::cards::ALL_CARDS;
use super::rules::Rules;
use crate::core::Seat;

/// Seats at the table.
pub(super) const SEATS: u8 = 2;
/// "No card yet" for [`State::last_card`] (OpenSpiel `kInvalidAction`).
pub(super) const NO_CARD: u8 = u8::MAX;
/// "No dealer yet" (OpenSpiel `kInvalidPlayer`).
pub(super) const NO_SEAT: u8 = u8::MAX;

/// Cards in each 4-bit set.
pub(super) const NIBBLE_COUNT: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// OpenSpiel's `Phase`: chance deals and draws, seats play, or the game is over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Phase {
    /// A chance node: the dealer's choice, a card dealt, turned up or drawn (`kDeal`).
    Deal,
    /// A seat decides (`kPlay`).
    Play,
    /// Terminal (`kGameOver`).
    Over,
}

/// A position of Crazy Eights (OpenSpiel `CrazyEightsState`). Fields keep OpenSpiel's
/// names where they mirror its members.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub(crate) rules: Rules,
    pub(crate) phase: Phase,
    /// `current_player_`.
    pub(crate) current: Seat,
    /// `dealer_`.
    pub(crate) dealer: Seat,
    /// Cards dealt so far in the initial deal (OpenSpiel reads `history_.size()`).
    pub(crate) dealt: u8,
    /// `redraw_`: the next chance outcome is the card turned up after the deal.
    pub(crate) redraw: bool,
    /// `can_pass_action_`.
    pub(crate) can_pass: bool,
    /// `start_draw_twos_`.
    pub(crate) start_draw_twos: bool,
    /// `num_passes_`: consecutive passes with an empty draw pile.
    pub(crate) num_passes: u8,
    /// `num_draws_from_twos_left_`.
    pub(crate) twos_left: u8,
    /// `num_draws_before_play_`.
    pub(crate) draws_before_play: u8,
    /// `num_plays`.
    pub(crate) num_plays: u16,
    /// `last_card_` ([`NO_CARD`] before the first card is turned up).
    pub(crate) last_card: u8,
    /// `last_suit_`.
    pub(crate) last_suit: u8,
    /// `nominate_suits_`.
    pub(crate) nominate: bool,
    /// `direction_`: +1, or -1 after an odd number of aces with special cards.
    pub(crate) direction: i8,
    /// `dealer_deck_` as a card set (one deck: at most one copy of each card).
    pub(crate) deck: u64,
    /// `hands_` as card sets.
    pub(crate) hands: [u64; 2],
    /// `returns_`: OpenSpiel's returns, minus the penalty points left in hand.
    pub(crate) os_returns: [i32; 2],
    /// A running hash of the public record: every decision (with its seat), the dealer
    /// and the cards turned up.
    pub(crate) public: u64,
    /// Per seat, a running hash of the hidden cards it received (dealt or drawn), in
    /// order. The public record says when each was received, so the two make the seat's
    /// whole record.
    pub(crate) private: [u64; 2],
}

/// The seat after `seat` in `direction` (OpenSpiel's
/// `(current_player_ + direction_ + num_players_) % num_players_`).
#[inline]
pub(super) fn step(seat: Seat, by: i8) -> Seat {
    (i16::from(seat) + i16::from(by)).rem_euclid(i16::from(SEATS)) as Seat
}

impl State {
    /// The state before the dealer is chosen (OpenSpiel
    /// `CrazyEightsState::CrazyEightsState`): every card in the draw pile.
    pub fn new(rules: Rules) -> Self {
        State {
            rules,
            phase: Phase::Deal,
            current: NO_SEAT,
            dealer: NO_SEAT,
            dealt: 0,
            redraw: false,
            can_pass: false,
            start_draw_twos: false,
            num_passes: 0,
            twos_left: 0,
            draws_before_play: 0,
            num_plays: 0,
            last_card: NO_CARD,
            last_suit: 0,
            nominate: false,
            direction: 1,
            deck: ALL_CARDS,
            hands: [0; 2],
            os_returns: [0; 2],
            public: 0x6372_617a_7938_0000,
            private: [0x6372_617a_7938_0001, 0x6372_617a_7938_0002],
        }
    }

    /// The rules this state is played with (OpenSpiel: the state's copies of the game
    /// parameters, `max_draw_cards_`, `max_turns_`, `reshuffle_`, `use_special_cards_`).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The dealer, once chosen (OpenSpiel `dealer_`).
    pub fn dealer(&self) -> Option<Seat> {
        (self.dealer != NO_SEAT).then_some(self.dealer)
    }

    /// The card on top of the discard pile, once the first card is turned up (OpenSpiel
    /// `last_card_`).
    pub fn last_card(&self) -> Option<u8> {
        (self.last_card != NO_CARD).then_some(self.last_card)
    }

    /// The suit to match (the top card's, or the suit named after an eight), once the
    /// first card is turned up (OpenSpiel `last_suit_`).
    pub fn last_suit(&self) -> Option<u8> {
        (self.last_card != NO_CARD).then_some(self.last_suit)
    }

    /// `seat`'s hand as a card set (bit `id`; OpenSpiel `hands_[seat]`, a count per card).
    /// For tests and tools: an agent sees only its own hand, through the state's
    /// [`crate::core::InfoSets::info_key`] and legal actions.
    pub fn hand(&self, seat: Seat) -> u64 {
        self.hands[usize::from(seat)]
    }

    /// Cards in `seat`'s hand (public: OpenSpiel's `ObservationString` shows every count).
    pub fn hand_size(&self, seat: Seat) -> u32 {
        self.hands[usize::from(seat)].count_ones()
    }

    /// The draw pile as a card set (OpenSpiel `dealer_deck_`, `GetDealerDeck`; hidden from
    /// the seats; for tests and tools).
    pub fn draw_pile(&self) -> u64 {
        self.deck
    }

    /// Cards left in the draw pile (public; OpenSpiel `num_cards_left_`).
    pub fn draw_pile_size(&self) -> u32 {
        self.deck.count_ones()
    }

    /// The cards neither in a hand nor in the draw pile: the discard pile, its top card
    /// included (public). OpenSpiel keeps no discard pile: `Reshuffle` rebuilds it the
    /// same way, as every card in no hand and not in the pile.
    pub fn discard_pile(&self) -> u64 {
        ALL_CARDS & !self.deck & !self.hands[0] & !self.hands[1]
    }

    /// Cards played so far (OpenSpiel `num_plays`).
    pub fn plays(&self) -> u16 {
        self.num_plays
    }

    /// Cards drawn by the current player in this turn (OpenSpiel
    /// `num_draws_before_play_`).
    pub fn draws_this_turn(&self) -> u8 {
        self.draws_before_play
    }

    /// Cards the current player still has to draw because of twos (special cards;
    /// OpenSpiel `num_draws_from_twos_left_`).
    pub fn twos_to_draw(&self) -> u8 {
        self.twos_left
    }

    /// Consecutive passes with an empty draw pile (OpenSpiel `num_passes_`).
    pub fn passes(&self) -> u8 {
        self.num_passes
    }

    /// +1, or -1 when the direction is reversed (special cards; OpenSpiel `direction_`).
    pub fn direction(&self) -> i8 {
        self.direction
    }

    /// Whether the current player must name a suit (it has just played an eight;
    /// OpenSpiel `nominate_suits_`).
    pub fn naming_suit(&self) -> bool {
        self.nominate && self.phase == Phase::Play
    }
}
