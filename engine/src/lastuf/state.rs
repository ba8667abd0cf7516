//! The LASTUF GOL state: [`State`], its fields and queries. The
//! [`crate::core::GameState`] impl is in `game.rs`, whose methods delegate to the files
//! that hold each concern: the turn flow
//! (`flow.rs`), card effects (`effects.rs`), legality and chance outcomes (`legal.rs`),
//! information keys and determinization (`info.rs`) and notation (`notation.rs`).
//!
//! Cards are counted per zone, never ordered: the draw pile, the discard pile, each hand
//! and the cards out of the game are `[u8; NUM_CARDS]` counts; the table keeps, per seat,
//! the outfield players by colour and [`Status`] (the YELLOW CARDs and INJURYs lying on
//! them are implied by the status), the goals with the balls in each, and a TIME-OUT.
//! A state is a few hundred bytes without heap data: cloning it allocates nothing.
//!
//! A turn: [`Phase::Play`] (a card, a discard, or a pass), then the card's target where it
//! has one ([`Phase::Target`], [`Phase::SubTake`]) or further discards
//! ([`Phase::MoreDiscard`]); a BALL that scores lets the victim answer with STOP
//! ([`Phase::StopAsk`], refilled at once by [`Phase::StopRefill`]); then the player draws
//! back to a full hand ([`Phase::Refill`], one chance node per card, the discard pile
//! reshuffled into a new draw pile when the draw pile is empty) and the next seat still in
//! plays.

use super::cards::{Card, Colour, Status, NUM_CARDS, NUM_COLOURS, NUM_STATUSES};
use super::rules::Rules;
use crate::core::{nonzero_bytes, InfoKey, Seat, MAX_SEATS};

/// Card counts of one zone, by card id.
pub type Counts = [u8; NUM_CARDS];

/// No goal in a goal slot.
pub(crate) const NO_GOAL: u8 = u8::MAX;

/// The step of the game a state is at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Chance: the next card of the deal (seat 0's hand first, then seat 1's…).
    Deal,
    /// The turn seat chooses its play: a card, a first discard, or a pass.
    Play,
    /// The turn seat chooses the target of the card it plays.
    Target(Card),
    /// SUBSTITUTION: the turn seat chooses the rival's player it takes for its own player
    /// of this colour and status.
    SubTake(Colour, Status),
    /// The turn seat has discarded this many cards: another one, or done.
    MoreDiscard(u8),
    /// The victim of a goal (seat, goal slot) decides whether to play STOP.
    StopAsk(Seat, u8),
    /// Chance: the STOP player draws back to a full hand.
    StopRefill(Seat),
    /// Chance: the turn seat draws back to a full hand at the start of its turn (option
    /// `refill`, when its hand is short).
    StartRefill,
    /// Chance: the turn seat draws back to a full hand.
    Refill,
    /// The game is over.
    Over,
}

/// A LASTUF GOL position. Cloning copies a few hundred bytes and allocates nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub(crate) rules: Rules,
    pub(crate) deck: Counts,
    pub(crate) deck_count: u16,
    pub(crate) discard: Counts,
    /// Cards out of the game (an eliminated player's goals and balls, option
    /// `eliminated_goal = "out"`).
    pub(crate) out: Counts,
    pub(crate) hands: [Counts; MAX_SEATS],
    pub(crate) hand_count: [u8; MAX_SEATS],
    /// `players[seat][colour][status]`: outfield players on the table.
    pub(crate) players: [[[u8; NUM_STATUSES]; NUM_COLOURS]; MAX_SEATS],
    /// `goals[seat][slot]`: the colour id of the goal in that slot, or [`NO_GOAL`]; slot 1
    /// is used only when slot 0 is.
    pub(crate) goals: [[u8; 2]; MAX_SEATS],
    /// `balls[seat][slot]`: balls in that goal (goals conceded in it).
    pub(crate) balls: [[u8; 2]; MAX_SEATS],
    /// Whether a TIME-OUT lies in front of the seat.
    pub(crate) timeout: [bool; MAX_SEATS],
    /// Goals scored by each seat (counted goals only).
    pub(crate) scored: [u8; MAX_SEATS],
    /// 0 while the seat is in; else the elimination round (1 for the first seats out).
    pub(crate) out_round: [u8; MAX_SEATS],
    /// Goals an eliminated seat had conceded when it went out.
    pub(crate) final_conceded: [u8; MAX_SEATS],
    pub(crate) rounds: u8,
    pub(crate) turn_seat: Seat,
    /// Turns completed.
    pub(crate) turns: u16,
    pub(crate) phase: Phase,
    /// Whether [`GameEvent::Locked`] was reported this turn.
    pub(crate) locked: bool,
    pub(crate) capped: bool,
    /// The running hash of what every seat sees ([`State::record_obs`]).
    pub(crate) obs_public: u64,
    /// Per seat, the running hash of the cards it drew, which only it sees.
    pub(crate) obs_private: [u64; MAX_SEATS],
}

/// The card kinds of a bit set over card ids, lowest id first.
#[inline]
pub(super) fn kinds(mask: u32) -> impl Iterator<Item = Card> {
    crate::core::members(mask).map(|c| Card::ALL[usize::from(c)])
}

pub(super) fn sum(c: &Counts) -> u16 {
    c.iter().map(|&x| u16::from(x)).sum()
}

/// The card at place `r` of a zone laid out in card order.
pub(super) fn select(c: &Counts, mut r: u16) -> usize {
    let mut i = 0;
    while r >= u16::from(c[i]) {
        r -= u16::from(c[i]);
        i += 1;
    }
    i
}

impl State {
    /// The state before the deal: every card in the draw pile, seat 0 to play first.
    pub fn new(rules: Rules) -> Self {
        let mut s = State {
            rules,
            deck: rules.deck,
            deck_count: rules.deck_size,
            discard: [0; NUM_CARDS],
            out: [0; NUM_CARDS],
            hands: [[0; NUM_CARDS]; MAX_SEATS],
            hand_count: [0; MAX_SEATS],
            players: [[[0; NUM_STATUSES]; NUM_COLOURS]; MAX_SEATS],
            goals: [[NO_GOAL; 2]; MAX_SEATS],
            balls: [[0; 2]; MAX_SEATS],
            timeout: [false; MAX_SEATS],
            scored: [0; MAX_SEATS],
            out_round: [0; MAX_SEATS],
            final_conceded: [0; MAX_SEATS],
            rounds: 0,
            turn_seat: 0,
            turns: 0,
            phase: Phase::Deal,
            locked: false,
            capped: false,
            obs_public: 0x1A57_0F60,
            obs_private: [0; MAX_SEATS],
        };
        for (i, o) in s.obs_private.iter_mut().enumerate() {
            *o = InfoKey::mix(0x1A57_0F60, i as u64);
        }
        s
    }

    /// The validated rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The step of the game.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is.
    pub fn turn_seat(&self) -> Seat {
        self.turn_seat
    }

    /// Turns completed so far.
    pub fn turns(&self) -> u16 {
        self.turns
    }

    /// Copies of `card` in `seat`'s hand.
    pub fn hand_has(&self, seat: Seat, card: Card) -> u8 {
        self.hands[seat as usize][card.index()]
    }

    /// The card kinds `seat` holds, lowest id first: the bits of [`State::held_mask`].
    #[inline]
    pub(super) fn held(&self, seat: Seat) -> impl Iterator<Item = Card> {
        kinds(self.held_mask(seat))
    }

    /// The card kinds `seat` holds as a bit set over card ids, found by testing the
    /// hand's counts eight at a time ([`nonzero_bytes`]) instead of one by one.
    #[inline]
    pub(super) fn held_mask(&self, seat: Seat) -> u32 {
        const _: () = assert!(NUM_CARDS == 17, "two words of eight counts and one more");
        let word = |bytes: &[u8]| u64::from_le_bytes(bytes.try_into().expect("8 counts"));
        let hand = &self.hands[seat as usize];
        nonzero_bytes(word(&hand[..8]))
            | nonzero_bytes(word(&hand[8..16])) << 8
            | u32::from(hand[16] > 0) << 16
    }

    /// Cards in `seat`'s hand.
    pub fn hand_count(&self, seat: Seat) -> u8 {
        self.hand_count[seat as usize]
    }

    /// Cards in the draw pile.
    pub fn deck_count(&self) -> u16 {
        self.deck_count
    }

    /// Copies of `card` in the discard pile.
    pub fn discarded(&self, card: Card) -> u8 {
        self.discard[card.index()]
    }

    /// Copies of `card` out of the game.
    pub fn out_of_game(&self, card: Card) -> u8 {
        self.out[card.index()]
    }

    /// `seat`'s outfield players of colour `k` with status `t`.
    pub fn players(&self, seat: Seat, k: Colour, t: Status) -> u8 {
        self.players[seat as usize][k.index()][t.index()]
    }

    /// `seat`'s players of colour `k` who count (not injured), in attack and defence.
    pub fn active(&self, seat: Seat, k: Colour) -> u8 {
        let p = &self.players[seat as usize][k.index()];
        p[Status::Plain.index()] + p[Status::Booked.index()]
    }

    /// The goal in `seat`'s slot `g` (0 or 1): its colour and the balls in it.
    pub fn goal(&self, seat: Seat, g: u8) -> Option<(Colour, u8)> {
        let c = self.goals[seat as usize][g as usize];
        (c != NO_GOAL).then(|| {
            (
                Colour::from_index(usize::from(c)),
                self.balls[seat as usize][g as usize],
            )
        })
    }

    /// The copies of each card (by id) in the hands, the discard pile and in front of the
    /// seats: outfield players with the YELLOW CARDs and INJURYs on them, goals with the
    /// balls in them, TIME-OUTs. Every zone but the draw pile and the cards out of the
    /// game: card conservation checks it, and a [`Setup`](super::Setup) draws it from the
    /// draw pile.
    pub(super) fn placed_counts(&self) -> [u16; NUM_CARDS] {
        let mut placed = [0u16; NUM_CARDS];
        let mut add = |c: Card, k: u8| placed[c.index()] += u16::from(k);
        for c in Card::ALL {
            add(c, self.discard[c.index()]);
            for h in &self.hands {
                add(c, h[c.index()]);
            }
        }
        for s in 0..MAX_SEATS {
            for k in Colour::ALL {
                for st in Status::ALL {
                    let m = self.players[s][k.index()][st.index()];
                    add(Card::player(k), m);
                    if st.booked() {
                        add(Card::YellowCard, m);
                    }
                    if st.injured() {
                        add(Card::Injury, m);
                    }
                }
            }
            for g in 0..2 {
                if self.goals[s][g] != NO_GOAL {
                    add(
                        Card::goal(Colour::from_index(usize::from(self.goals[s][g]))),
                        1,
                    );
                    add(Card::Ball, self.balls[s][g]);
                }
            }
            if self.timeout[s] {
                add(Card::TimeOut, 1);
            }
        }
        placed
    }

    /// Goals `seat` defends.
    pub fn goal_count(&self, seat: Seat) -> u8 {
        self.goals[seat as usize]
            .iter()
            .filter(|&&c| c != NO_GOAL)
            .count() as u8
    }

    /// Whether a TIME-OUT protects `seat`.
    pub fn timed_out(&self, seat: Seat) -> bool {
        self.timeout[seat as usize]
    }

    /// Whether `seat` is still in the game.
    pub fn is_in(&self, seat: Seat) -> bool {
        self.out_round[seat as usize] == 0
    }

    /// The elimination round of `seat` (1 for the first seats out), or 0 while it is in.
    pub fn out_round(&self, seat: Seat) -> u8 {
        self.out_round[seat as usize]
    }

    /// Seats still in: the seats of the game whose elimination round is 0, the rounds
    /// tested as one word ([`nonzero_bytes`]; every turn asks).
    pub fn seats_in(&self) -> usize {
        let out = nonzero_bytes(u64::from(u32::from_le_bytes(self.out_round)));
        let seats = (1u32 << self.rules.players) - 1;
        usize::from(self.rules.players) - (out & seats).count_ones() as usize
    }

    pub(super) fn seats(&self) -> impl Iterator<Item = Seat> {
        0..self.rules.players
    }

    pub(super) fn rivals(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        self.seats().filter(move |&o| o != seat && self.is_in(o))
    }

    /// Whether `seat` (in the game) has room for another goal.
    pub(super) fn has_room(&self, seat: Seat) -> bool {
        self.is_in(seat) && self.goal_count(seat) < self.rules.options.goals_per_player
    }

    /// Whether the game ended at the turn cap.
    pub fn capped(&self) -> bool {
        self.capped
    }

    /// The balls in the goals `seat` defends now (0 once it is eliminated: its goals
    /// have left its table).
    pub fn conceded_now(&self, seat: Seat) -> u8 {
        self.balls[seat as usize].iter().sum()
    }

    /// The placement ranks (0 best): seats still in share 0; eliminated seats rank by
    /// round, the later out the better.
    pub fn ranks(&self) -> [u8; MAX_SEATS] {
        std::array::from_fn(|s| match self.out_round[s] {
            0 => 0,
            r => self.rounds + 1 - r,
        })
    }
}
