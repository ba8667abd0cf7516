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

use super::cards::{cards_of, rank, rank_mask, suit_mask, ALL_CARDS, EIGHTS, TWOS};
use super::state::State;
use crate::core::{logit, GameState, Heuristic, Seat, Turn, MAX_FEATURES};

/// Weight of one card of hand-size difference.
pub const CARD_WEIGHT: f64 = 0.4;
/// Penalty points worth one unit of `x`.
pub const POINT_SCALE: f64 = 60.0;

/// The evaluation features ([`Heuristic::features`]), each for the evaluating seat:
/// hand sizes, penalty points in [`POINT_SCALE`] units (its own, and the opponent's
/// expected from the cards it cannot see), the special cards it holds, the cards it could
/// play on the last card, the draw pile, the twos pending (positive when the seat is the
/// one deciding, so the one to draw them or stack a two; negative otherwise), and the
/// hand-made evaluation's log-odds.
pub const FEATURES: &[&str] = &[
    "cards_diff",
    "own_cards",
    "other_cards",
    "own_penalty",
    "other_penalty",
    "eights",
    "twos",
    "matching",
    "draw_pile",
    "twos_to_draw",
    "heuristic_logit",
];

impl State {
    /// `(own cards, opponent's cards, own penalty, opponent's expected penalty)` as `seat`
    /// sees them: the opponent's penalty is its hand size times the mean penalty of the
    /// cards `seat` cannot see (the other hand and the draw pile together).
    fn penalty_view(&self, seat: Seat) -> (f64, f64, f64, f64) {
        let own = self.hand(seat);
        let n_other = f64::from(self.hand_size(1 - seat));
        let unseen = ALL_CARDS & !own & !self.discard_pile();
        let rules = self.rules();
        let own_points: i32 = cards_of(own).map(|c| rules.penalty(c)).sum();
        let unseen_points: i32 = cards_of(unseen).map(|c| rules.penalty(c)).sum();
        let mean = if unseen == 0 {
            0.0
        } else {
            f64::from(unseen_points) / f64::from(unseen.count_ones())
        };
        (
            f64::from(own.count_ones()),
            n_other,
            f64::from(own_points),
            mean * n_other,
        )
    }
}

impl Heuristic for State {
    fn heuristic(&self, seat: Seat) -> f64 {
        if self.turn() == Turn::Terminal {
            return self.returns()[usize::from(seat)];
        }
        let (n_own, n_other, own_points, other_points) = self.penalty_view(seat);
        let x = CARD_WEIGHT * (n_other - n_own) + (other_points - own_points) / POINT_SCALE;
        1.0 / (1.0 + (-x).exp())
    }

    const FEATURES: &'static [&'static str] = FEATURES;

    crate::core::fitted_eval!("crazy_eights");

    fn features(&self, seat: Seat, out: &mut [f64; MAX_FEATURES]) -> usize {
        let (n_own, n_other, own_points, other_points) = self.penalty_view(seat);
        let own = self.hand(seat);
        let matching = match (self.last_card(), self.last_suit()) {
            (Some(c), Some(s)) => own & (EIGHTS | suit_mask(s) | rank_mask(rank(c))),
            _ => 0,
        };
        let mine_to_draw = self.turn() == Turn::Decision(seat);
        let values = [
            n_other - n_own,
            n_own,
            n_other,
            own_points / POINT_SCALE,
            other_points / POINT_SCALE,
            f64::from((own & EIGHTS).count_ones()),
            f64::from((own & TWOS).count_ones()),
            f64::from(matching.count_ones()),
            f64::from(self.draw_pile_size()),
            if mine_to_draw {
                f64::from(self.twos_to_draw())
            } else {
                -f64::from(self.twos_to_draw())
            },
            logit(self.heuristic(seat)),
        ];
        out[..values.len()].copy_from_slice(&values);
        FEATURES.len()
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
