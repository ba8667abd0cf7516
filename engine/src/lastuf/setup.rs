//! [`Setup`]: a position built directly, for tests and tools (what-if studies of one
//! situation): hands, table, goals with balls, TIME-OUTs, discards and eliminated seats
//! are chosen, every other card is in the draw pile, and the state is at the start of the
//! chosen seat's turn. The result is validated: every card of the deck is in exactly one
//! zone, hands and goals are within the rules.

use super::cards::{Card, Colour, Status, NUM_CARDS, NUM_COLOURS, NUM_STATUSES};
use super::rules::Rules;
use super::state::{Counts, Phase, State, NO_GOAL};
use crate::core::{GameState, Seat, MAX_SEATS};

/// A position under construction; [`Setup::build`] validates it into a [`State`].
#[derive(Clone, Debug)]
pub struct Setup {
    rules: Rules,
    hands: [Counts; MAX_SEATS],
    players: [[[u8; NUM_STATUSES]; NUM_COLOURS]; MAX_SEATS],
    goals: [[u8; 2]; MAX_SEATS],
    balls: [[u8; 2]; MAX_SEATS],
    timeout: [bool; MAX_SEATS],
    discard: Counts,
    out: [bool; MAX_SEATS],
    scored: [u8; MAX_SEATS],
    turn: Seat,
}

impl Setup {
    /// An empty table under `rules`: empty hands, no goals, seat 0 to play.
    pub fn new(rules: Rules) -> Self {
        Setup {
            rules,
            hands: [[0; NUM_CARDS]; MAX_SEATS],
            players: [[[0; NUM_STATUSES]; NUM_COLOURS]; MAX_SEATS],
            goals: [[NO_GOAL; 2]; MAX_SEATS],
            balls: [[0; 2]; MAX_SEATS],
            timeout: [false; MAX_SEATS],
            discard: [0; NUM_CARDS],
            out: [false; MAX_SEATS],
            scored: [0; MAX_SEATS],
            turn: 0,
        }
    }

    /// Adds `cards` to `seat`'s hand.
    pub fn hand(mut self, seat: Seat, cards: &[Card]) -> Self {
        for c in cards {
            self.hands[seat as usize][c.index()] += 1;
        }
        self
    }

    /// Puts `n` players of colour `k`, status `t` in front of `seat`.
    pub fn players(mut self, seat: Seat, k: Colour, t: Status, n: u8) -> Self {
        self.players[seat as usize][k.index()][t.index()] += n;
        self
    }

    /// Puts a goal of colour `k` holding `balls` balls in `seat`'s next free goal slot.
    pub fn goal(mut self, seat: Seat, k: Colour, balls: u8) -> Self {
        let g = usize::from(self.goals[seat as usize][0] != NO_GOAL);
        self.goals[seat as usize][g] = k as u8;
        self.balls[seat as usize][g] = balls;
        self
    }

    /// Puts a TIME-OUT in front of `seat`: played in its last turn, it protects it until
    /// its next turn starts.
    pub fn timeout(mut self, seat: Seat) -> Self {
        self.timeout[seat as usize] = true;
        self
    }

    /// Puts `cards` on the discard pile.
    pub fn discard(mut self, cards: &[Card]) -> Self {
        for c in cards {
            self.discard[c.index()] += 1;
        }
        self
    }

    /// Marks `seat` as eliminated (in the first round; it must hold nothing).
    pub fn eliminated(mut self, seat: Seat) -> Self {
        self.out[seat as usize] = true;
        self
    }

    /// Sets the goals `seat` has scored so far.
    pub fn scored(mut self, seat: Seat, goals: u8) -> Self {
        self.scored[seat as usize] = goals;
        self
    }

    /// Gives the turn to `seat` (default 0).
    pub fn turn(mut self, seat: Seat) -> Self {
        self.turn = seat;
        self
    }

    /// The state at the start of the turn seat's turn (its TIME-OUT, if any, still in
    /// front of it: it is discarded when its next turn starts). Every card not placed is
    /// in the draw pile. Information keys start from the position as if every seat had
    /// seen it. Errors: more copies of a card placed than the deck holds, a hand over
    /// `hand_size`, too many goals, a goal already beaten, an eliminated seat holding
    /// cards, a seat out of range, fewer than two seats in, or the turn seat out.
    pub fn build(self) -> Result<State, String> {
        let r = self.rules;
        let n = usize::from(r.players);
        let mut s = State::new(r);
        for seat in n..MAX_SEATS {
            if self.hands[seat] != [0; NUM_CARDS]
                || self.players[seat] != [[0; NUM_STATUSES]; NUM_COLOURS]
                || self.goals[seat] != [NO_GOAL; 2]
                || self.timeout[seat]
            {
                return Err(format!("seat {seat} does not play with {n} players"));
            }
        }
        s.hands = self.hands;
        s.players = self.players;
        s.goals = self.goals;
        s.balls = self.balls;
        s.timeout = self.timeout;
        s.discard = self.discard;
        s.scored = self.scored;
        for seat in 0..MAX_SEATS {
            s.hand_count[seat] = self.hands[seat].iter().sum();
            if self.out[seat] {
                s.out_round[seat] = 1;
                s.rounds = 1;
            }
        }
        // Every card placed comes out of the draw pile.
        let placed = s.placed_counts();
        for c in Card::ALL {
            let have = u16::from(r.deck[c.index()]);
            if placed[c.index()] > have {
                return Err(format!(
                    "{} copies of {} placed, the deck has {have}",
                    placed[c.index()],
                    c.name()
                ));
            }
            s.deck[c.index()] = (have - placed[c.index()]) as u8;
        }
        s.deck_count = s.deck.iter().map(|&k| u16::from(k)).sum();
        if usize::from(self.turn) >= n || self.out[usize::from(self.turn)] {
            return Err(format!("seat {} cannot have the turn", self.turn));
        }
        s.turn_seat = self.turn;
        s.phase = Phase::Play;
        s.check_invariants()?;
        Ok(s)
    }
}
