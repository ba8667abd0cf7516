//! The `GameState` impl of Crazy Eights: the seats, whose turn it is, the returns
//! (OpenSpiel's, then the lab's) and the invariants. It depends on `state.rs` and the files
//! below it, which never depend on it, so the folder's imports form no circle.
//!
//! The supertraits of `GameState` are implemented beside their concern, not here:
//! `LegalActions` in `legal.rs`, `ChanceOutcomes` in `legal.rs`, `ApplyAction` (the
//! transition) in `flow.rs`, `Observation` in `observation.rs`, `InfoSets` (information
//! keys, determinization) in `info.rs`, `Notation` (action names, the trace snapshot) in
//! `notation.rs`.

use super::cards::{card_name, ALL_CARDS};
use super::state::{Phase, State, NO_CARD, SEATS};
use crate::core::{GameState, Returns, Seat, Turn};

impl GameState for State {
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
