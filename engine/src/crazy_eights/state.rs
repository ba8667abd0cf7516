//! The Crazy Eights state: a port of OpenSpiel's `CrazyEightsState`
//! (`open_spiel/games/crazy_eights/crazy_eights.cc`) for two players, with the same
//! phases, flags and action ids, so that an OpenSpiel action history replays here
//! verbatim. Hands and the draw pile are 64-bit card sets; nothing is on the heap.
//!
//! Where this file says "OpenSpiel", it names the function of `crazy_eights.cc` whose
//! logic the code follows line for line.

use super::actions::{DEALER_BASE, DRAW, NOMINATE_BASE, PASS};
use super::cards::{
    card_name, cards_of, names_of, nth_card, rank, rank_mask, suit, suit_mask, ALL_CARDS,
    DRAW_TWO_RANK, EIGHTS, EIGHT_RANK, REVERSE_RANK, SKIP_RANK, SUIT_CHARS, TWOS,
};
use super::rules::Rules;
use crate::core::{
    Action, ActionList, ChanceList, GameEvent, GameState, InfoKey, Returns, Rng, Seat, Turn,
};
use rand::Rng as _;
use serde::Serialize;

/// Seats at the table.
const SEATS: u8 = 2;
/// "No card yet" for [`State::last_card`] (OpenSpiel `kInvalidAction`).
const NO_CARD: u8 = u8::MAX;
/// "No dealer yet" (OpenSpiel `kInvalidPlayer`).
const NO_SEAT: u8 = u8::MAX;

/// Cards in each 4-bit set.
const NIBBLE_COUNT: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// `RANK_OUTCOMES[rank][set]`: the chance outcomes (weight 1) of the cards of `rank`
/// whose suits are the bits of `set`, ascending, padded to four entries.
static RANK_OUTCOMES: [[[(Action, u32); 4]; 16]; 13] = rank_outcomes();

const fn rank_outcomes() -> [[[(Action, u32); 4]; 16]; 13] {
    let mut t = [[[(Action(0), 1u32); 4]; 16]; 13];
    let mut rank = 0;
    while rank < 13 {
        let mut set = 0;
        while set < 16 {
            let (mut suit, mut n) = (0, 0);
            while suit < 4 {
                if set >> suit & 1 == 1 {
                    t[rank][set][n].0 = Action((rank * 4 + suit) as u16);
                    n += 1;
                }
                suit += 1;
            }
            set += 1;
        }
        rank += 1;
    }
    t
}

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
#[derive(Clone, Debug)]
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

/// One step of the running observation hashes (FxHash's step, as in rustc: rotate, xor
/// the observation, multiply by an odd constant): a bijection of `h` for each observation
/// `v`, so no step loses information, and short: the hashes are updated at every action.
/// [`finish`] mixes the result before it is used as a key.
#[inline]
pub(crate) fn step_hash(h: u64, v: u64) -> u64 {
    (h.rotate_left(5) ^ v).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95)
}

/// SplitMix64's finalizer over `h ^ v * φ`: every bit of both inputs reaches every bit of
/// the result. Combines the running hashes into an information key.
#[inline]
pub(crate) fn finish(h: u64, v: u64) -> u64 {
    let mut z = h ^ v.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seat after `seat` in `direction` (OpenSpiel's
/// `(current_player_ + direction_ + num_players_) % num_players_`).
#[inline]
fn step(seat: Seat, by: i8) -> Seat {
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
    /// [`GameState::info_key`] and legal actions.
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

    /// The cards of the current player that match the top of the discard pile: eights
    /// always, others by suit (`last_suit_`) or rank (OpenSpiel
    /// `CrazyEightsState::PlayLegalActions`).
    #[inline]
    fn playable(&self) -> u64 {
        let hand = self.hands[usize::from(self.current)];
        hand & (EIGHTS | suit_mask(self.last_suit) | rank_mask(rank(self.last_card)))
    }

    /// OpenSpiel `CrazyEightsState::Reshuffle`: every card not in a hand and not on top of
    /// the discard pile goes back into the draw pile (called when it is empty).
    fn reshuffle(&mut self) {
        debug_assert!(self.last_card != NO_CARD);
        self.deck = ALL_CARDS & !self.hands[0] & !self.hands[1] & !(1u64 << self.last_card);
    }

    /// Adds what the seats observe of `action` to the hashes. A card dealt or drawn is
    /// seen by its receiver only, and goes into its private hash alone: when a hidden card
    /// goes to which seat follows from the public record (the deal alternates, each draw
    /// decision is followed by its cards), so the public hash need not record it. The
    /// dealer, the cards turned up and every decision are public.
    #[inline]
    fn observe(&mut self, action: Action) {
        let a = u64::from(action.0);
        match self.phase {
            Phase::Deal if self.dealer != NO_SEAT && !self.redraw => {
                let to = usize::from(self.current);
                self.private[to] = step_hash(self.private[to], a);
            }
            Phase::Deal => self.public = step_hash(self.public, a | 1 << 18),
            _ => self.public = step_hash(self.public, a | 1 << 19 | u64::from(self.current) << 20),
        }
    }

    /// OpenSpiel `CrazyEightsState::ScoreUp`: each seat loses the penalty points of the
    /// cards left in its hand.
    fn score_up(&mut self) {
        for s in 0..2 {
            let lost: i32 = cards_of(self.hands[s]).map(|c| self.rules.penalty(c)).sum();
            self.os_returns[s] -= lost;
        }
    }

    /// Ends the game (OpenSpiel: `phase_ = kGameOver; ScoreUp();`).
    fn game_over(&mut self) {
        self.phase = Phase::Over;
        self.score_up();
    }

    /// OpenSpiel `CrazyEightsState::ApplyDealAction`: the dealer's choice, a card dealt,
    /// the card turned up after the deal, or a card drawn.
    fn apply_chance<F: FnMut(GameEvent)>(&mut self, action: u16, ev: &mut F) {
        if self.dealer == NO_SEAT {
            self.dealer = (action - DEALER_BASE) as Seat;
            self.current = step(self.dealer, 1);
            return;
        }
        let card = action as u8;
        let bit = 1u64 << card;
        let cur = usize::from(self.current);
        debug_assert!(self.deck & bit != 0, "card {card} is not in the draw pile");
        self.deck &= !bit;
        self.hands[cur] |= bit;
        if self.deck == 0 && self.rules.reshuffle {
            self.reshuffle();
        }
        if self.redraw {
            // The card turned up after the deal; an eight goes back and another is turned.
            self.hands[cur] &= !bit;
            if rank(card) == EIGHT_RANK {
                self.deck |= bit;
                return;
            }
            self.phase = Phase::Play;
            self.redraw = false;
            self.last_card = card;
            self.last_suit = suit(card);
            // With special cards, the card acts as if the dealer had played it.
            if self.rules.use_special_cards {
                match rank(card) {
                    SKIP_RANK => {
                        self.current = step(self.current, 2);
                        return;
                    }
                    REVERSE_RANK => {
                        self.current = step(self.current, -1);
                        self.direction = -self.direction;
                        return;
                    }
                    DRAW_TWO_RANK => {
                        self.twos_left += 2;
                        self.current = step(self.current, 1);
                        return;
                    }
                    _ => {}
                }
            }
            self.current = step(self.current, 1);
            return;
        }
        ev(GameEvent::CardDrawn {
            seat: self.current,
            card,
        });
        let deal_size = 2 * self.rules.hand_size;
        if self.dealt < deal_size {
            self.dealt += 1;
            if self.dealt < deal_size {
                self.current = step(self.current, 1);
            } else {
                debug_assert_eq!(self.current, self.dealer);
                self.redraw = true;
            }
            return;
        }
        let empty = self.deck == 0;
        if empty {
            self.can_pass = true;
        }
        if self.start_draw_twos {
            self.twos_left -= 1;
            // An empty draw pile cancels the rest of the twos; drawing the last one from
            // it counts as a pass.
            if empty {
                if self.twos_left == 0 {
                    self.num_passes += 1;
                }
                self.twos_left = 0;
            }
            if self.twos_left == 0 {
                self.start_draw_twos = false;
                self.phase = Phase::Play;
                ev(GameEvent::TurnEnd { seat: self.current });
                self.current = step(self.current, self.direction);
            }
            return;
        }
        self.draws_before_play += 1;
        self.phase = Phase::Play;
        if empty {
            self.draws_before_play = self.rules.max_draw_cards;
        }
        if self.draws_before_play == self.rules.max_draw_cards {
            self.can_pass = true;
        }
    }

    /// OpenSpiel `CrazyEightsState::ApplyPlayAction`: a pass, a draw, a suit named or a
    /// card played.
    fn apply_play<F: FnMut(GameEvent)>(&mut self, action: u16, ev: &mut F) {
        let seat = self.current;
        if action == PASS {
            if self.deck == 0 {
                self.num_passes += 1;
            } else {
                self.num_passes = 0;
            }
            if self.playable() == 0 {
                ev(GameEvent::Locked { seat });
            }
            ev(GameEvent::TurnEnd { seat });
            if self.num_passes == SEATS + 1 {
                self.game_over();
                return;
            }
            if self.draws_before_play == self.rules.max_draw_cards {
                self.draws_before_play = 0;
            }
            self.current = step(seat, self.direction);
            if self.deck != 0 {
                self.can_pass = false;
            }
            return;
        }
        self.num_passes = 0;
        if action == DRAW {
            self.phase = Phase::Deal;
            if self.twos_left > 0 {
                self.start_draw_twos = true;
            }
            return;
        }
        if self.nominate {
            self.last_suit = (action - NOMINATE_BASE) as u8;
            self.nominate = false;
            ev(GameEvent::TurnEnd { seat });
            self.current = step(seat, self.direction);
            return;
        }
        let card = action as u8;
        let cur = usize::from(seat);
        self.num_plays += 1;
        self.can_pass = false;
        self.draws_before_play = 0;
        debug_assert!(self.hands[cur] & 1 << card != 0);
        self.hands[cur] &= !(1u64 << card);
        ev(GameEvent::CardPlayed { seat, card });
        let over = self.hands[cur] == 0 || self.num_plays >= self.rules.max_turns;
        if over {
            self.game_over();
        }
        self.last_card = card;
        self.last_suit = suit(card);
        if self.deck == 0 && self.rules.reshuffle {
            self.reshuffle();
        }
        if over {
            ev(GameEvent::TurnEnd { seat });
            return;
        }
        if rank(card) == EIGHT_RANK {
            self.nominate = true;
            return;
        }
        ev(GameEvent::TurnEnd { seat });
        if self.rules.use_special_cards {
            match rank(card) {
                SKIP_RANK => {
                    self.current = step(seat, 2 * self.direction);
                    return;
                }
                REVERSE_RANK => {
                    self.direction = -self.direction;
                    self.current = step(seat, self.direction);
                    return;
                }
                DRAW_TWO_RANK => {
                    // With an empty draw pile the two is an ordinary card.
                    if self.deck != 0 {
                        self.twos_left += 2;
                    }
                    self.current = step(seat, self.direction);
                    return;
                }
                _ => {}
            }
        }
        self.current = step(seat, self.direction);
    }
}

/// What `sim trace` writes for a state: the facts OpenSpiel's
/// `CrazyEightsState::ToString` prints (top card and suit, cards left in the deck, both
/// hands), and the turn's counters.
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    /// `"chance"`, `"play"` or `"over"`.
    pub phase: &'static str,
    /// The dealer (`null` before the dealer is chosen).
    pub dealer: Option<Seat>,
    /// The seat deciding (`null` at chance and terminal states).
    pub to_move: Option<Seat>,
    /// The top of the discard pile (`"H7"`), once turned up.
    pub last_card: Option<&'static str>,
    /// The suit to match (`"C"`, `"D"`, `"H"`, `"S"`), once a card is turned up.
    pub last_suit: Option<char>,
    /// Whether the current player must name a suit.
    pub naming_suit: bool,
    /// Cards in the draw pile.
    pub draw_pile: u32,
    /// Cards in the discard pile.
    pub discard_pile: u32,
    /// Each seat's hand, by card name.
    pub hands: [Vec<&'static str>; 2],
    /// Cards played so far.
    pub plays: u16,
    /// Cards drawn by the current player in this turn.
    pub draws_this_turn: u8,
    /// Cards still to draw because of twos (special cards).
    pub twos_to_draw: u8,
    /// +1, or -1 when reversed (special cards).
    pub direction: i8,
    /// Consecutive passes with an empty draw pile.
    pub passes: u8,
    /// OpenSpiel's returns so far (the penalties, at the end).
    pub openspiel_returns: [i32; 2],
}

impl GameState for State {
    type Snapshot = Snapshot;

    fn num_seats(&self) -> usize {
        2
    }

    /// OpenSpiel `CrazyEightsState::CurrentPlayer`.
    #[inline]
    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Deal => Turn::Chance,
            Phase::Play => Turn::Decision(self.current),
            Phase::Over => Turn::Terminal,
        }
    }

    /// OpenSpiel `CrazyEightsState::PlayLegalActions`, sorted ascending as OpenSpiel sorts
    /// them.
    #[inline]
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        if self.phase != Phase::Play {
            return;
        }
        if self.nominate {
            for s in 0..4 {
                out.push(Action(NOMINATE_BASE + s));
            }
            return;
        }
        let may_pass = self.can_pass || self.deck == 0;
        if self.twos_left > 0 {
            // Twos pending: draw them, or stack a two (OpenSpiel checks that no pass is
            // possible here).
            debug_assert!(!may_pass && !self.start_draw_twos);
            for c in cards_of(self.hands[usize::from(self.current)] & TWOS) {
                out.push(Action(u16::from(c)));
            }
            out.push(Action(DRAW));
            return;
        }
        for c in cards_of(self.playable()) {
            out.push(Action(u16::from(c)));
        }
        if self.deck != 0 && self.draws_before_play != self.rules.max_draw_cards {
            debug_assert!(!self.can_pass);
            out.push(Action(DRAW));
        }
        if may_pass {
            out.push(Action(PASS));
        }
    }

    /// OpenSpiel `CrazyEightsState::ChanceOutcomes`: the two seats as dealer with equal
    /// weights, then every card of the draw pile with equal weights, ascending.
    #[inline]
    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        if self.phase != Phase::Deal {
            return;
        }
        if self.dealer == NO_SEAT {
            out.push((Action(DEALER_BASE), 1));
            out.push((Action(DEALER_BASE + 1), 1));
            return;
        }
        // Four cards (one rank) at a time: copy the rank's four possible outcomes from a
        // table, then keep as many as the draw pile holds (faster than a push per card).
        for (rank, outcomes) in RANK_OUTCOMES.iter().enumerate() {
            let nibble = (self.deck >> (4 * rank)) as usize & 0xF;
            let keep = out.len() + usize::from(NIBBLE_COUNT[nibble]);
            out.try_extend_from_slice(&outcomes[nibble])
                .expect("52 outcomes fit a chance list");
            out.truncate(keep);
        }
    }

    /// Draws the `r`-th card of the draw pile (cards in id order, `r` uniform below the
    /// pile's size) straight from its bit set: the same number from `rng` and the same
    /// card as [`crate::core::sample_chance`] on [`GameState::chance_outcomes`].
    fn sample_chance_outcome(&self, rng: &mut Rng) -> Action {
        if self.phase != Phase::Deal || self.dealer == NO_SEAT {
            return crate::core::sample_listed_chance(self, rng);
        }
        let r = rng.gen_range(0..self.deck.count_ones());
        Action(u16::from(nth_card(self.deck, r)))
    }

    /// OpenSpiel `CrazyEightsState::DoApplyAction`. Events: `CardDrawn` for every card
    /// dealt or drawn into a hand (not for the card turned up), `CardPlayed` for every card
    /// played, `Locked` for a pass without a playable card, and `TurnEnd` when a seat's
    /// turn ends (a card played other than an eight, a suit named, a pass, the twos drawn,
    /// or the end of the game).
    #[inline]
    fn apply_with<F: FnMut(GameEvent)>(&mut self, action: Action, events: &mut F) {
        self.observe(action);
        match self.phase {
            Phase::Deal => self.apply_chance(action.0, events),
            Phase::Play => self.apply_play(action.0, events),
            Phase::Over => panic!("action {} applied to a finished game", action.0),
        }
    }

    /// The lab's returns, derived from OpenSpiel's (`CrazyEightsState::Returns`, minus the
    /// penalty points left in each hand): the seat with the higher OpenSpiel return wins
    /// (1, the other 0); equal OpenSpiel returns are a draw (0.5 each).
    fn returns(&self) -> Returns {
        let mut r = [0.0; 4];
        if self.phase == Phase::Over {
            (r[0], r[1]) = match self.os_returns[0].cmp(&self.os_returns[1]) {
                std::cmp::Ordering::Greater => (1.0, 0.0),
                std::cmp::Ordering::Less => (0.0, 1.0),
                std::cmp::Ordering::Equal => (0.5, 0.5),
            };
        }
        r
    }

    /// OpenSpiel's return for `seat` (`CrazyEightsState::Returns`): 0 until the end, then
    /// minus the penalty points of the cards left in its hand. The "goals" of the lab's
    /// summaries are these points.
    fn score(&self, seat: Seat) -> i32 {
        self.os_returns[usize::from(seat)]
    }

    fn info_key(&self, seat: Seat) -> InfoKey {
        InfoKey(finish(self.public, self.private[usize::from(seat)]))
    }

    /// Keeps `seat`'s hand, the discard pile and every hand size, and deals the other
    /// hand afresh, uniformly from the cards `seat` cannot see (the other hand and the
    /// draw pile together); the rest is the draw pile.
    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut d = self.clone();
        let (me, other) = (usize::from(seat), 1 - usize::from(seat));
        let mut pool = self.deck | self.hands[other];
        let mut left = pool.count_ones();
        let mut hand = 0u64;
        for _ in 0..self.hands[other].count_ones() {
            let bit = 1u64 << nth_card(pool, rng.gen_range(0..left));
            hand |= bit;
            pool &= !bit;
            left -= 1;
        }
        d.hands[other] = hand;
        d.deck = pool;
        // The other seat's record is not this state's: its key must change.
        d.private[other] = finish(self.private[me], 0x0DE7_E581);
        d
    }

    /// OpenSpiel `CrazyEightsState::ActionToString`, word for word: `"Decide Player 0 to
    /// be the dealer"`, `"Deal C2"` at chance nodes; `"Play C2"`, `"Draw"`, `"Pass"`,
    /// `"Nominate suit C"` at decisions.
    fn action_to_string(&self, action: Action) -> String {
        let a = action.0;
        if self.phase == Phase::Deal {
            return if self.dealer == NO_SEAT && a >= DEALER_BASE {
                format!("Decide Player {} to be the dealer", a - DEALER_BASE)
            } else if a < 52 {
                format!("Deal {}", card_name(a as u8))
            } else {
                format!("action {a}")
            };
        }
        match a {
            0..=51 => format!("Play {}", card_name(a as u8)),
            DRAW => "Draw".into(),
            PASS => "Pass".into(),
            _ if (NOMINATE_BASE..NOMINATE_BASE + 4).contains(&a) => format!(
                "Nominate suit {}",
                SUIT_CHARS[usize::from(a - NOMINATE_BASE)] as char
            ),
            _ => format!("action {a}"),
        }
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            phase: match self.phase {
                Phase::Deal => "chance",
                Phase::Play => "play",
                Phase::Over => "over",
            },
            dealer: self.dealer(),
            to_move: match self.turn() {
                Turn::Decision(s) => Some(s),
                _ => None,
            },
            last_card: self.last_card().map(card_name),
            last_suit: self.last_suit().map(|s| SUIT_CHARS[usize::from(s)] as char),
            naming_suit: self.naming_suit(),
            draw_pile: self.draw_pile_size(),
            discard_pile: self.discard_pile().count_ones(),
            hands: [names_of(self.hands[0]), names_of(self.hands[1])],
            plays: self.num_plays,
            draws_this_turn: self.draws_before_play,
            twos_to_draw: self.twos_left,
            direction: self.direction,
            passes: self.num_passes,
            openspiel_returns: self.os_returns,
        }
    }

    /// Every card is in exactly one place (a hand, the draw pile, the discard pile); the
    /// top card is in the discard pile; the flags agree with the phase.
    fn check_invariants(&self) -> Result<(), String> {
        if self.hands[0] & self.hands[1] != 0 || (self.hands[0] | self.hands[1]) & self.deck != 0 {
            return Err("a card is in two places".into());
        }
        if (self.hands[0] | self.hands[1] | self.deck) & !ALL_CARDS != 0 {
            return Err("a card id beyond the deck".into());
        }
        if self.last_card != NO_CARD && self.discard_pile() & 1 << self.last_card == 0 {
            return Err(format!(
                "the top card {} is not on the discard pile",
                card_name(self.last_card)
            ));
        }
        let in_hands = self.hand_size(0) + self.hand_size(1);
        if self.last_card == NO_CARD {
            if self.discard_pile() != 0 {
                return Err("a discard pile before the first card is turned up".into());
            }
            if in_hands != u32::from(self.dealt) {
                return Err(format!("{in_hands} cards in hands, {} dealt", self.dealt));
            }
        }
        if self.phase == Phase::Play && self.last_card == NO_CARD {
            return Err("a decision before the first card is turned up".into());
        }
        if self.draws_before_play > self.rules.max_draw_cards {
            return Err("more draws in a turn than max_draw_cards".into());
        }
        if self.num_plays > self.rules.max_turns {
            return Err("more plays than max_turns".into());
        }
        if self.phase != Phase::Over && self.num_passes > SEATS {
            return Err("the game should have ended after three passes".into());
        }
        if self.phase != Phase::Over && self.os_returns != [0, 0] {
            return Err("returns before the end".into());
        }
        Ok(())
    }
}
