//! The Crazy Eights evaluation used by the greedy agent and at the cut of MCTS playouts.
//!
//! OpenSpiel has no evaluation for `crazy_eights`; this one is the lab's. A game is won by
//! the seat with fewer penalty points left (usually the one that empties its hand first),
//! so the estimate is a logistic function of
//!
//! `x = `[`CARD_WEIGHT`]` * (cards of the opponent - own cards)
//!    + (expected opponent penalty - own penalty) / `[`POINT_SCALE`]
//!
//! where the own penalty is that of the seat's own hand
//! ([`super::Rules::penalty`]) and the opponent's is its hand size times the mean penalty
//! of the cards the seat cannot see (the other hand and the draw pile together). Only
//! public facts (hand sizes, the discard pile) and the seat's own hand are read, so
//! evaluating a determinization leaks nothing. At a terminal state the value is the
//! return.

use super::cards::{cards_of, ALL_CARDS};
use super::state::State;
use crate::core::{GameState, Heuristic, Seat, Turn};

/// Weight of one card of hand-size difference.
pub const CARD_WEIGHT: f64 = 0.4;
/// Penalty points worth one unit of `x`.
pub const POINT_SCALE: f64 = 60.0;

impl Heuristic for State {
    fn heuristic(&self, seat: Seat) -> f64 {
        if self.turn() == Turn::Terminal {
            return self.returns()[usize::from(seat)];
        }
        let own = self.hand(seat);
        let other = 1 - seat;
        let n_own = f64::from(own.count_ones());
        let n_other = f64::from(self.hand_size(other));
        // What `seat` cannot see: every card not in its hand and not discarded.
        let unseen = ALL_CARDS & !own & !self.discard_pile();
        let rules = self.rules();
        let own_points: i32 = cards_of(own).map(|c| rules.penalty(c)).sum();
        let unseen_points: i32 = cards_of(unseen).map(|c| rules.penalty(c)).sum();
        let mean = if unseen == 0 {
            0.0
        } else {
            f64::from(unseen_points) / f64::from(unseen.count_ones())
        };
        let x = CARD_WEIGHT * (n_other - n_own)
            + (mean * n_other - f64::from(own_points)) / POINT_SCALE;
        1.0 / (1.0 + (-x).exp())
    }
}

#[cfg(test)]
mod tests {
    use super::super::CrazyEights;
    use super::*;
    use crate::core::Game;

    #[test]
    fn evaluation_is_a_score_and_even_before_the_deal() {
        let g = CrazyEights::default_rules();
        let s = g.new_initial_state();
        assert!((s.heuristic(0) - 0.5).abs() < 1e-12);
        assert!((s.heuristic(1) - 0.5).abs() < 1e-12);
    }
}
