//! A validated starting position: [`Setup`], the builder scenario tests (and tools that
//! script a game from a chosen position) use instead of writing a [`State`]'s fields.
//!
//! The hands are dealt through the state's own chance nodes, so the observation hashes and
//! what each seat knows are those of a real deal; the rest of the position (ball, timer,
//! score, cards in play, draw pile…) is then placed, and the result is checked against the
//! rules (card conservation against the rules' deck, hand limits, ranges) before it is
//! returned.

use super::actions as act;
use super::cards::{Card, NUM_CARDS};
use super::rules::{OpeningTempo, Rules};
use super::state::State;
use super::tasks::{Lasting, Task};
use crate::core::{ApplyAction, GameState, Seat};

/// Why a [`Setup`] does not describe a reachable GRANGOL position. Each message is one
/// line naming the seat, card or value at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A seat argument is not 0 or 1; `what` names the builder method.
    #[error("{what}: seat {seat} does not exist (the seats are 0 and 1)")]
    Seat {
        /// The [`Setup`] method given the seat.
        what: &'static str,
        /// The seat given.
        seat: Seat,
    },
    /// A value is out of its range (`0..=max`, or `1..=2` for the half).
    #[error("{what} {value} is out of range: {allowed}")]
    OutOfRange {
        /// What the value is (`"progress"`, `"timer"`, `"half"`, `"yellows"`, `"red cards"`).
        what: &'static str,
        /// The value given.
        value: u8,
        /// The values allowed, in words.
        allowed: String,
    },
    /// A hand does not hold its hand limit (rulebook: every turn starts with full hands;
    /// the limit is the hand size less one per red card this half, reading 12).
    #[error("seat {seat}'s hand holds {cards} cards, but a turn starts with the hand limit, {limit} (hand size less one per red card)")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// Cards given for its hand.
        cards: usize,
        /// Its hand limit.
        limit: u8,
    },
    /// More copies of a card are placed (hands, cards discarded for red cards, in play,
    /// out of the game, draw pile) than the rules' deck holds.
    #[error("{placed} copies of {} are placed, but the deck holds {deck}", .card.name())]
    Copies {
        /// The card.
        card: Card,
        /// Copies placed in all zones together.
        placed: u16,
        /// Copies in the rules' deck.
        deck: u8,
    },
    /// A TEMPO +5 is dealt into a hand while `opening_tempo = "replace"` (reading 3): it
    /// would be played the moment it is drawn, so no hand can hold one.
    #[error("seat {0} is dealt a TEMPO +5, but under opening_tempo = \"replace\" it is played when drawn")]
    HeldTempo(Seat),
    /// A card placed in play does not stay in play (only PIOGGIA, SOLE, SUPERIORITA'
    /// TECNICA and CONDIZIONE ATLETICA lie face up for the rest of the half).
    #[error("{} does not lie in play: only PIOGGIA, SOLE, SUPERIORITA' TECNICA and CONDIZIONE ATLETICA do", .0.name())]
    NotLasting(Card),
    /// PIOGGIA and SOLE in play together (rulebook: SOLE removes PIOGGIA and prevents it
    /// for the rest of the half).
    #[error("PIOGGIA and SOLE cannot both be in play: SOLE removes PIOGGIA for the half")]
    RainAndSun,
    /// More cards in play than a state has room for.
    #[error("{0} cards in play, at most {max}", max = MAX_IN_PLAY)]
    TooManyInPlay(usize),
    /// The draw pile would be empty: the half would already have ended (reading 18).
    #[error("the draw pile is empty: the half would have ended (reading 18)")]
    EmptyDrawPile,
    /// The built state fails [`GameState::check_invariants`] (a bug of the builder).
    #[error("inconsistent position: {0}")]
    Inconsistent(String),
}

/// The room for cards lying in play (`State::lasting`).
const MAX_IN_PLAY: usize = 16;

/// A GRANGOL position at the start of a turn, described piece by piece and built into a
/// [`State`] by [`Setup::build`], which checks it against the rules.
///
/// By default (from [`Setup::new`]): first half, timer card 0, score 0–0, seat 0 attacks
/// from midfield and it is seat 0's turn, no yellow or red cards, CAMBIO unused by both,
/// nothing in play or out of the game, every card not in a hand in the draw pile, and both
/// hands empty (so they must be given: [`Setup::hand`]).
///
/// ```
/// use engine::grangol::{Card, Grangol, Setup};
/// let rules = *Grangol::default_rules().rules();
/// let state = Setup::new(rules)
///     .hand(0, &[Card::Tiro; 5])
///     .hand(1, &[Card::Contrasto; 5])
///     .attack(0, 4)
///     .build()
///     .unwrap();
/// assert_eq!(state.section(), 4);
/// ```
#[derive(Clone, Debug)]
pub struct Setup {
    rules: Rules,
    hands: [Vec<Card>; 2],
    sent_off: [Vec<Card>; 2],
    turn: Seat,
    attacker: Seat,
    progress: u8,
    timer: u8,
    half: u8,
    score: [u8; 2],
    yellows: [u8; 2],
    cambio_used: [bool; 2],
    in_play: Vec<(Seat, Card)>,
    out: Vec<(Card, u8)>,
    deck: Option<Vec<(Card, u8)>>,
    bad_seat: Option<(&'static str, Seat)>,
}

impl Setup {
    /// The default position (see [`Setup`]) under `rules`.
    pub fn new(rules: Rules) -> Self {
        Setup {
            rules,
            hands: [Vec::new(), Vec::new()],
            sent_off: [Vec::new(), Vec::new()],
            turn: 0,
            attacker: 0,
            progress: 2,
            timer: 0,
            half: 1,
            score: [0; 2],
            yellows: [0; 2],
            cambio_used: [false; 2],
            in_play: Vec::new(),
            out: Vec::new(),
            deck: None,
            bad_seat: None,
        }
    }

    /// Keeps `seat` if it exists; otherwise records the first bad seat for `build`.
    fn seat(&mut self, what: &'static str, seat: Seat) -> Option<usize> {
        if seat < 2 {
            Some(seat as usize)
        } else {
            self.bad_seat.get_or_insert((what, seat));
            None
        }
    }

    /// The hand of `seat`, in full: as many cards as its hand limit (the hand size, less
    /// one per [`Setup::sent_off`]). The cards are dealt in this order.
    pub fn hand(mut self, seat: Seat, cards: &[Card]) -> Self {
        if let Some(s) = self.seat("hand", seat) {
            self.hands[s] = cards.to_vec();
        }
        self
    }

    /// `seat` attacks (has the ball) at attacker-relative `progress`: 0 his own penalty
    /// area, 1 his three-quarters, 2 midfield, 3 the opponent's three-quarters, 4 the
    /// opponent's penalty area (the absolute section is `progress` for seat 0, `4 -
    /// progress` for seat 1).
    pub fn attack(mut self, seat: Seat, progress: u8) -> Self {
        if self.seat("attack", seat).is_some() {
            self.attacker = seat;
        }
        self.progress = progress;
        self
    }

    /// It is `seat`'s turn, at its start (before the draw).
    pub fn turn(mut self, seat: Seat) -> Self {
        if self.seat("turn", seat).is_some() {
            self.turn = seat;
        }
        self
    }

    /// The visible timer card: its index, 0 (the first, 5') up to the rules'
    /// `timer_cards - 2` (RECUPERO, the last card, ends the half when revealed).
    pub fn timer(mut self, t: u8) -> Self {
        self.timer = t;
        self
    }

    /// The half being played, 1 or 2.
    pub fn half(mut self, half: u8) -> Self {
        self.half = half;
        self
    }

    /// The goals so far, `[seat 0, seat 1]`.
    pub fn score(mut self, goals: [u8; 2]) -> Self {
        self.score = goals;
        self
    }

    /// Yellow cards of `seat` this half: 0 or 1 (a second yellow is a red card,
    /// rulebook: CONTRASTO, yellow).
    pub fn yellows(mut self, seat: Seat, n: u8) -> Self {
        if let Some(s) = self.seat("yellows", seat) {
            self.yellows[s] = n;
        }
        self
    }

    /// `seat` was sent off earlier in the half (reading 12): `discarded`, dealt after his
    /// hand, went to the discard pile (where nobody may take it), and his hand limit is one
    /// less. Call once per red card.
    pub fn sent_off(mut self, seat: Seat, discarded: Card) -> Self {
        if let Some(s) = self.seat("sent_off", seat) {
            self.sent_off[s].push(discarded);
        }
        self
    }

    /// `seat` has used his CAMBIO (once per game, rulebook: CAMBIO).
    pub fn cambio_used(mut self, seat: Seat) -> Self {
        if let Some(s) = self.seat("cambio_used", seat) {
            self.cambio_used[s] = true;
        }
        self
    }

    /// `card` lies face up in front of `owner` for the rest of the half: PIOGGIA, SOLE,
    /// SUPERIORITA' TECNICA or CONDIZIONE ATLETICA (taken from the draw pile).
    pub fn in_play(mut self, owner: Seat, card: Card) -> Self {
        if self.seat("in_play", owner).is_some() {
            self.in_play.push((owner, card));
        }
        self
    }

    /// `n` copies of `card` are out of the game (as a used OGGETTI IN CAMPO), taken from
    /// the draw pile. Only the cards move: whether OGGETTI IN CAMPO was used (reading 20)
    /// is not set.
    pub fn out(mut self, card: Card, n: u8) -> Self {
        self.out.push((card, n));
        self
    }

    /// The draw pile holds exactly these `(card, copies)`; every other card not placed
    /// elsewhere goes to the discard pile, where nobody may take it. Without this call the
    /// draw pile holds every card not placed elsewhere and the discard pile is empty.
    pub fn deck(mut self, cards: &[(Card, u8)]) -> Self {
        self.deck = Some(cards.to_vec());
        self
    }

    /// Checks the description against the rules, without building it.
    /// Errors: the first problem found, as [`Setup::build`] reports it.
    pub fn validate(&self) -> Result<(), SetupError> {
        let r = &self.rules;
        if let Some((what, seat)) = self.bad_seat {
            return Err(SetupError::Seat { what, seat });
        }
        let range = |what, value: u8, lo: u8, hi: u8| {
            if (lo..=hi).contains(&value) {
                Ok(())
            } else {
                Err(SetupError::OutOfRange {
                    what,
                    value,
                    allowed: format!("{lo} to {hi}"),
                })
            }
        };
        range("progress", self.progress, 0, 4)?;
        range("half", self.half, 1, 2)?;
        range("timer", self.timer, 0, r.timer_cards.saturating_sub(2))?;
        for s in 0..2 {
            range("yellows", self.yellows[s], 0, 1)?;
            let reds = u8::try_from(self.sent_off[s].len()).unwrap_or(u8::MAX);
            range("red cards", reds, 0, r.hand_size)?;
            let limit = r.hand_size - reds;
            if self.hands[s].len() != usize::from(limit) {
                return Err(SetupError::HandSize {
                    seat: s as Seat,
                    cards: self.hands[s].len(),
                    limit,
                });
            }
            let mut dealt = self.hands[s].iter().chain(&self.sent_off[s]);
            if r.options.opening_tempo == OpeningTempo::Replace && dealt.any(|&c| c == Card::Tempo5)
            {
                return Err(SetupError::HeldTempo(s as Seat));
            }
        }
        for &(_, c) in &self.in_play {
            if !matches!(
                c,
                Card::Pioggia | Card::Sole | Card::Superiorita | Card::Condizione
            ) {
                return Err(SetupError::NotLasting(c));
            }
        }
        let lies = |c| self.in_play.iter().any(|&(_, x)| x == c);
        if lies(Card::Pioggia) && lies(Card::Sole) {
            return Err(SetupError::RainAndSun);
        }
        if self.in_play.len() > MAX_IN_PLAY {
            return Err(SetupError::TooManyInPlay(self.in_play.len()));
        }
        // Copies placed outside the draw pile, then with the draw pile when it is given.
        let mut fixed = [0u16; NUM_CARDS];
        let dealt = self.hands.iter().chain(&self.sent_off).flatten();
        for &c in dealt.chain(self.in_play.iter().map(|(_, c)| c)) {
            fixed[c.index()] += 1;
        }
        for &(c, n) in &self.out {
            fixed[c.index()] += u16::from(n);
        }
        let mut placed = fixed;
        for &(c, n) in self.deck.iter().flatten() {
            placed[c.index()] += u16::from(n);
        }
        for c in Card::ALL {
            let (n, deck) = (placed[c.index()], r.deck[c.index()]);
            if n > u16::from(deck) {
                return Err(SetupError::Copies {
                    card: c,
                    placed: n,
                    deck,
                });
            }
        }
        let pile: u16 = match &self.deck {
            Some(d) => d.iter().map(|&(_, n)| u16::from(n)).sum(),
            None => r.deck_size - fixed.iter().sum::<u16>(),
        };
        if pile == 0 {
            return Err(SetupError::EmptyDrawPile);
        }
        Ok(())
    }

    /// Builds the position: deals the hands (each seat's hand, then the cards it
    /// discarded for red cards) through the deal's chance nodes, seat 0 and seat 1 in
    /// turn; sends off; places the ball, timer, score, cards in play, out and the draw
    /// pile; and leaves the state at the start of the chosen seat's turn.
    ///
    /// Errors: [`SetupError`], the first problem found ([`Setup::validate`]).
    pub fn build(&self) -> Result<State, SetupError> {
        self.validate()?;
        let mut s = State::new(self.rules);
        let dealt = |seat: usize| -> Vec<Card> {
            let mut v = self.hands[seat].clone();
            v.extend_from_slice(&self.sent_off[seat]);
            v
        };
        let (d0, d1) = (dealt(0), dealt(1));
        for (&a, &b) in d0.iter().zip(&d1) {
            for (seat, c) in [(0, a), (1, b)] {
                if s.tasks.last() != Some(&Task::Draw(seat)) {
                    return Err(SetupError::Inconsistent(format!(
                        "the deal waits at {:?}, not at seat {seat}'s draw",
                        s.tasks.last()
                    )));
                }
                s.apply_with(act::card(c), &mut |_| {});
            }
        }
        if s.tasks.last() != Some(&Task::TurnStart) || s.dealing {
            return Err(SetupError::Inconsistent(
                "the deal did not end at the start of a turn".into(),
            ));
        }
        for seat in 0..2u8 {
            for &c in &self.sent_off[seat as usize] {
                let i = seat as usize;
                s.hand_remove(seat, c);
                s.to_discard(c, None);
                s.hand_limit[i] -= 1;
                s.reds[i] += 1;
            }
        }
        s.possession = self.attacker;
        s.section = if self.attacker == 0 {
            self.progress
        } else {
            4 - self.progress
        };
        s.turn_seat = self.turn;
        s.timer = self.timer;
        s.half = self.half;
        s.score = self.score;
        s.yellows = self.yellows;
        s.cambio_used = self.cambio_used;
        for &(owner, c) in &self.in_play {
            s.deck[c.index()] -= 1;
            s.deck_count -= 1;
            s.table[c.index()] += 1;
            s.lasting.push(Lasting {
                phys: c,
                as_card: c,
                owner,
            });
        }
        for &(c, n) in &self.out {
            s.deck[c.index()] -= n;
            s.deck_count -= u16::from(n);
            s.out[c.index()] += n;
        }
        if let Some(keep) = &self.deck {
            let mut want = [0u8; NUM_CARDS];
            for &(c, k) in keep {
                want[c.index()] += k;
            }
            for (i, &w) in want.iter().enumerate() {
                let moved = s.deck[i] - w;
                s.deck[i] -= moved;
                s.deck_count -= u16::from(moved);
                s.discard[i] += moved;
            }
        }
        s.to_move = s.compute_turn();
        s.check_invariants().map_err(SetupError::Inconsistent)?;
        Ok(s)
    }
}
