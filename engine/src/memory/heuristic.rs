//! The memory game's evaluation for agents (`core::Heuristic`): what a seat can expect
//! from what it has seen.
//!
//! **Two or more players.** Each seat expects its points, plus, for the player whose turn
//! it is, the pairs whose two places it knows (it will take them: 0.9 of their value while
//! both lie face down, all of it once one is up), plus an equal share of the points still
//! unknown; a small credit goes to unused prize cards (the tie-break) and to the cards the
//! seat knows. The value is a logistic of the seat's lead over the mean of the others,
//! scaled by the points still on the grid, so it is 1/2 when nobody leads and tends to the
//! placement return as the grid empties; at the end it is the return itself.
//!
//! **Solitaire.** The return is the efficiency `pairs taken / turns`; the estimate divides
//! the pairs by the turns played plus the turns still expected: one per known pair and
//! `3 − 2 ln 2 ≈ 1.61` per other pair (the perfect-memory rate of Velleman & Warrington
//! 2013, `docs/rules/memory.md`), less a little for each card known.
//!
//! It reads only the seat's own knowledge and public facts: on a determinization it
//! cannot leak what the seat has not seen.

use super::cards::is_footballer;
use super::rules::MAX_PAIRS;
use super::state::{Phase, State, EMPTY};
use crate::core::{GameState, Heuristic, Seat, MAX_SEATS};

/// Turns a perfect-memory player needs per unknown pair, asymptotically: `3 − 2 ln 2`.
const TURNS_PER_UNKNOWN_PAIR: f64 = 3.0 - 2.0 * std::f64::consts::LN_2;

impl State {
    /// The points of the pairs on the grid whose two places `seat` knows, counting a pair
    /// whose first card is up in full and the others at 0.9; and how many such pairs.
    fn known_pairs(&self, seat: Seat) -> (f64, u32) {
        let known = self.known(seat);
        let up = self.first_card().filter(|_| self.phase() != Phase::TurnStart);
        let mut seen_once = [u8::MAX; MAX_PAIRS];
        let (mut value, mut count) = (0.0, 0);
        let mut set = known;
        while set != 0 {
            let c = set.trailing_zeros() as u8;
            set &= set - 1;
            let f = self.face(c);
            if f == EMPTY || !is_footballer(f) {
                continue;
            }
            let first = &mut seen_once[usize::from(f)];
            if *first == u8::MAX {
                *first = c;
                continue;
            }
            let w = if up == Some(c) || up == Some(*first) {
                1.0
            } else {
                0.9
            };
            value += w * f64::from(self.rules().value(f));
            count += 1;
        }
        (value, count)
    }
}

impl Heuristic for State {
    fn heuristic(&self, seat: Seat) -> f64 {
        if self.phase() == Phase::Over {
            return self.returns()[usize::from(seat)];
        }
        let n = self.num_seats();
        let known_cards = f64::from((self.known(seat) & self.face_down()).count_ones());
        if n == 1 {
            let left = f64::from(self.rules().num_pairs) - f64::from(self.pairs_taken());
            let (_, k) = self.known_pairs(seat);
            let k = f64::from(k);
            let expected = k + TURNS_PER_UNKNOWN_PAIR * (left - k) - 0.01 * known_cards;
            let pairs = f64::from(self.rules().num_pairs);
            return (pairs / (f64::from(self.turns()) + expected.max(0.0)).max(1.0)).min(1.0);
        }
        let total: f64 = f64::from(self.rules().total_points());
        let held: f64 = (0..n as Seat).map(|s| f64::from(self.points(s))).sum();
        let on_grid = (total - held).max(0.0);
        let m = self.mover();
        let (mover_known, _) = if self.phase() == Phase::Deal {
            (0.0, 0)
        } else {
            self.known_pairs(m)
        };
        let share = (on_grid - mover_known).max(0.0) / n as f64;
        let mut expected = [0.0; MAX_SEATS];
        for (s, e) in expected.iter_mut().enumerate().take(n) {
            let t = s as Seat;
            *e = f64::from(self.points(t)) + share;
            *e += 0.2 * self.prizes(t).iter().map(|&k| f64::from(k)).sum::<f64>();
            if t == m {
                *e += mover_known;
            }
        }
        expected[usize::from(seat)] += 0.001 * known_cards;
        let me = expected[usize::from(seat)];
        let others = (0..n).filter(|&s| s != usize::from(seat)).map(|s| expected[s]).sum::<f64>()
            / (n - 1) as f64;
        let scale = 1.0 + (on_grid / 4.0).sqrt();
        1.0 / (1.0 + (-(me - others) / scale).exp())
    }
}
