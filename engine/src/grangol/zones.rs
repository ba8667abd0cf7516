//! Card zones: the per-kind counts of the draw pile, the hands, the discard pile, the
//! table and the cards out of the game, with the bit sets kept in step with them (`held`,
//! `takeable_set`) and the check that every copy of the rules' deck is in exactly one zone.
//!
//! A zone is a [`Counts`] array (copies per card id, `counts.rs`), so the draw pile has no
//! stored order: a draw is a chance node weighted by the counts ([`super::counts::select`]
//! finds the card a number drawn from `0..total` falls on).

use super::cards::{Card, NUM_CARDS};
#[cfg(doc)]
use super::counts::Counts;
use super::counts::{bit, sum};
use super::rules::TakeDiscard;
use super::state::State;
use crate::core::Seat;

impl State {
    pub(super) fn hand_remove(&mut self, seat: Seat, c: Card) {
        let s = seat as usize;
        debug_assert!(self.hands[s][c.index()] > 0, "{c:?} not in hand of {seat}");
        let n = &mut self.hands[s][c.index()];
        *n -= 1;
        if *n == 0 {
            self.held[s] &= !bit(c);
        }
        self.hand_count[s] -= 1;
        let k = &mut self.known[1 - s][c.index()];
        *k = k.saturating_sub(1);
    }

    /// Adds `c` to `seat`'s hand; `public`: the other seat saw it go there.
    pub(super) fn hand_add(&mut self, seat: Seat, c: Card, public: bool) {
        let s = seat as usize;
        self.hands[s][c.index()] += 1;
        self.held[s] |= bit(c);
        self.hand_count[s] += 1;
        if public {
            self.known[1 - s][c.index()] += 1;
        }
    }

    /// Puts `c` on the discard pile; `takeable_by`: the seat that may take it next.
    #[allow(clippy::wrong_self_convention)] // "to the discard pile", not a conversion
    pub(super) fn to_discard(&mut self, c: Card, takeable_by: Option<Seat>) {
        self.discard[c.index()] += 1;
        if self.rules.options.take_discard == TakeDiscard::Top {
            self.takeable = [[0; NUM_CARDS]; 2];
            self.takeable_set = [0; 2];
        }
        if let Some(s) = takeable_by {
            self.takeable[s as usize][c.index()] += 1;
            self.takeable_set[s as usize] |= bit(c);
        }
    }

    /// `seat` takes `c` from the discard pile into its hand, in sight of the other seat
    /// (rulebook: the turn, taking the discarded card).
    pub(super) fn take_from_discard(&mut self, seat: Seat, c: Card) {
        let s = seat as usize;
        self.discard[c.index()] -= 1;
        let t = &mut self.takeable[s][c.index()];
        *t -= 1;
        if *t == 0 {
            self.takeable_set[s] &= !bit(c);
        }
        self.hand_add(seat, c, true);
    }

    /// Card conservation: every copy of each card of the rules' deck lies in exactly one
    /// zone (draw pile, a hand, discard pile, table, out of the game); what a seat may
    /// take or knows is within the discard pile and the other hand; `held` and
    /// `takeable_set` are in step with their counts; `deck_count` with the draw pile.
    /// Errors: the first problem found, naming the card.
    pub(super) fn check_zones(&self) -> Result<(), String> {
        for c in Card::ALL {
            let i = c.index();
            let total = self.deck[i]
                + self.hands[0][i]
                + self.hands[1][i]
                + self.discard[i]
                + self.table[i]
                + self.out[i];
            if total != self.rules.deck[i] {
                return Err(format!(
                    "{}: {total} copies across zones, the deck has {}",
                    c.name(),
                    self.rules.deck[i]
                ));
            }
            for s in 0..2 {
                if self.takeable[s][i] > self.discard[i] {
                    return Err(format!("{}: more takeable than discarded", c.name()));
                }
                if self.known[s][i] > self.hands[1 - s][i] {
                    return Err(format!("{}: seat {s} 'knows' a card not in hand", c.name()));
                }
                if (self.held[s] & bit(c) != 0) != (self.hands[s][i] > 0) {
                    return Err(format!("{}: seat {s}'s held set out of step", c.name()));
                }
                if (self.takeable_set[s] & bit(c) != 0) != (self.takeable[s][i] > 0) {
                    return Err(format!("{}: seat {s}'s takeable set out of step", c.name()));
                }
            }
        }
        if sum(&self.deck) != self.deck_count {
            return Err("deck count out of step".into());
        }
        Ok(())
    }

    /// The hand of seat `s` (0 or 1): its count is in step with its cards, and its card
    /// sets name only existing cards. Errors: the problem, naming the seat.
    pub(super) fn check_hand_zone(&self, s: usize) -> Result<(), String> {
        if u16::from(self.hand_count[s]) != sum(&self.hands[s]) {
            return Err(format!("hand count of seat {s} out of step"));
        }
        if (self.held[s] | self.takeable_set[s]) >> NUM_CARDS != 0 {
            return Err(format!(
                "seat {s}'s card sets name a card that does not exist"
            ));
        }
        Ok(())
    }
}
