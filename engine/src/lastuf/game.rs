//! The `GameState` impl of LASTUF GOL: the seats, whose turn it is (from the phase), the
//! placement returns, the goals scored and conceded, the cap and the invariants. It depends
//! on `state.rs` and the files below it, which never depend on it, so the folder's imports
//! form no circle.
//!
//! The supertraits of `GameState` are implemented beside their concern, not here:
//! `LegalActions` in `legal.rs`, `ChanceOutcomes` in `legal.rs`, `ApplyAction` (the
//! transition) in `flow.rs`, `Observation` in `observation.rs`, `InfoSets` (information
//! keys, determinization) in `info.rs`, `Notation` (action names, the trace snapshot) in
//! `notation.rs`.

use super::cards::{Card, NUM_COLOURS, NUM_STATUSES};
use super::state::{sum, Phase, State, NO_GOAL};
use crate::core::{GameState, Returns, Seat, Turn, MAX_SEATS};

impl GameState for State {
    fn num_seats(&self) -> usize {
        usize::from(self.rules.players)
    }

    #[inline]
    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Deal | Phase::StartRefill | Phase::Refill | Phase::StopRefill(_) => Turn::Chance,
            Phase::Play | Phase::Target(_) | Phase::SubTake(..) | Phase::MoreDiscard(_) => {
                Turn::Decision(self.turn_seat)
            }
            Phase::StopAsk(v, _) => Turn::Decision(v),
            Phase::Over => Turn::Terminal,
        }
    }

    fn returns(&self) -> Returns {
        if self.phase != Phase::Over {
            return [0.0; MAX_SEATS];
        }
        crate::core::placement_returns(&self.ranks(), self.num_seats())
    }

    fn score(&self, seat: Seat) -> i32 {
        i32::from(self.scored[seat as usize])
    }

    /// The balls in the goals `seat` defends: goals counted against it (SWAP SIDES moves
    /// them with the goal). An eliminated seat keeps what it had conceded when it went out.
    fn conceded(&self, seat: Seat) -> i32 {
        if self.is_in(seat) {
            i32::from(self.conceded_now(seat))
        } else {
            i32::from(self.final_conceded[seat as usize])
        }
    }

    fn ended_by_cap(&self) -> bool {
        self.capped
    }

    fn check_invariants(&self) -> Result<(), String> {
        let n = usize::from(self.rules.players);
        for s in 0..MAX_SEATS {
            for g in 0..2 {
                if self.goals[s][g] == NO_GOAL && self.balls[s][g] != 0 {
                    return Err(format!("seat {s} slot {g}: balls without a goal"));
                }
            }
        }
        let mut total = self.placed_counts();
        for c in Card::ALL {
            total[c.index()] += u16::from(self.deck[c.index()]) + u16::from(self.out[c.index()]);
        }
        if let Phase::StopAsk(..) = self.phase {
            // The BALL shot, waiting for the victim's answer.
            total[Card::Ball.index()] += 1;
        }
        for c in Card::ALL {
            if total[c.index()] != u16::from(self.rules.deck[c.index()]) {
                return Err(format!(
                    "{}: {} copies in all zones, the deck has {}",
                    c.name(),
                    total[c.index()],
                    self.rules.deck[c.index()]
                ));
            }
        }
        if sum(&self.deck) != self.deck_count {
            return Err("draw pile count out of step".into());
        }
        for s in 0..MAX_SEATS {
            if u16::from(self.hand_count[s]) != sum(&self.hands[s]) {
                return Err(format!("seat {s}: hand count out of step"));
            }
            if self.hand_count[s] > self.rules.hand_size {
                return Err(format!("seat {s}: {} cards in hand", self.hand_count[s]));
            }
            let empty_table = self.players[s] == [[0; NUM_STATUSES]; NUM_COLOURS]
                && self.goals[s] == [NO_GOAL; 2]
                && !self.timeout[s];
            if s >= n && (self.hand_count[s] > 0 || !empty_table) {
                return Err(format!("seat {s} is not playing but holds cards"));
            }
            if s < n && !self.is_in(s as Seat) && (self.hand_count[s] > 0 || !empty_table) {
                return Err(format!("seat {s} is eliminated but holds cards"));
            }
            if s < n && self.is_in(s as Seat) && self.beaten(s as Seat) {
                return Err(format!("seat {s} should have been eliminated"));
            }
            if self.goals[s][0] == NO_GOAL && self.goals[s][1] != NO_GOAL {
                return Err(format!("seat {s}: goal in slot 1 only"));
            }
            if self.goal_count(s as Seat) > self.rules.options.goals_per_player {
                return Err(format!("seat {s}: too many goals"));
            }
        }
        let live = self.turn() != Turn::Terminal;
        if live && self.seats_in() < 2 {
            return Err("the game goes on with fewer than two seats in".into());
        }
        if live && !self.is_in(self.turn_seat) && !matches!(self.phase, Phase::Deal) {
            return Err("an eliminated seat has the turn".into());
        }
        if self.capped && self.phase != Phase::Over {
            return Err("capped but not over".into());
        }
        Ok(())
    }
}
