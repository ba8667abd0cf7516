//! The LASTUF GOL evaluation used by the greedy agent and at the cut of MCTS playouts.
//!
//! Each seat still in gets a strength `x`, in "goals" (a goal's worth is one unit):
//! - margin: [`MARGIN_WEIGHT`] per goal the rivals still need to eliminate it (with one
//!   goal, or "either": the fullest goal's room left; with "both": the room left in both
//!   goals, a missing goal counting as empty; a seat without a goal cannot be scored on
//!   and counts as having one more goal of room than an empty goal);
//! - attack: [`ATTACK_WEIGHT`] per rival goal its active players of that colour outnumber
//!   (a goal it could score in with a BALL);
//! - exposure: minus [`EXPOSURE_WEIGHT`] per goal of its own some rival outnumbers;
//! - own hand (only for the evaluating seat; the others' hidden hands count as nothing):
//!   [`BALL_WEIGHT`] when it holds a BALL and can score now, [`STOP_WEIGHT`] per STOP.
//!
//! The evaluation of seat `s` is its expected placement return: the mean over its
//! opponents `o` of 1 when `o` is already out, or `σ(`[`SCALE`]` · (x_s − x_o))` (the
//! logistic function) when both are in. An eliminated seat's return is already decided
//! (the seats that went out before it rank below it, the others above), and at a terminal
//! state the evaluation is the return. Only the public table and the seat's own hand are
//! read, so evaluating a determinization leaks nothing.

use super::cards::Card;
use super::rules::Elimination;
use super::state::State;
use crate::core::{GameState, Heuristic, Seat, Turn, MAX_SEATS};

/// Strength per goal of room before elimination.
pub const MARGIN_WEIGHT: f64 = 1.0;
/// Strength per rival goal the seat outnumbers.
pub const ATTACK_WEIGHT: f64 = 0.4;
/// Strength lost per own goal a rival outnumbers.
pub const EXPOSURE_WEIGHT: f64 = 0.5;
/// Strength of holding a BALL that can score now (own hand only).
pub const BALL_WEIGHT: f64 = 0.5;
/// Strength per STOP held (own hand only).
pub const STOP_WEIGHT: f64 = 0.3;
/// Logistic scale: how sure a strength lead of one goal makes the seat of outlasting.
pub const SCALE: f64 = 0.9;

impl State {
    /// Goals the rivals still need to score to eliminate `seat` (see the module
    /// documentation).
    pub fn margin(&self, seat: Seat) -> u8 {
        let t = self.rules().goals_to_eliminate;
        let room = |g: u8| self.goal(seat, g).map(|(_, b)| t.saturating_sub(b));
        let both = self.rules().options.goals_per_player == 2
            && self.rules().options.elimination == Elimination::Both;
        if both {
            room(0).unwrap_or(t) + room(1).unwrap_or(t)
        } else {
            match (room(0), room(1)) {
                (None, _) => t + 1,
                (Some(a), None) => a,
                (Some(a), Some(b)) => a.min(b),
            }
        }
    }

    /// The public part of `seat`'s strength (margin, attack, exposure).
    fn strength(&self, seat: Seat) -> f64 {
        let n = self.num_seats() as Seat;
        let mut attack = 0u32;
        let mut exposed = 0u32;
        for o in (0..n).filter(|&o| o != seat && self.is_in(o)) {
            for g in 0..2 {
                if let Some((k, _)) = self.goal(o, g) {
                    attack += u32::from(self.active(seat, k) > self.active(o, k));
                }
                if let Some((k, _)) = self.goal(seat, g) {
                    exposed += u32::from(self.active(o, k) > self.active(seat, k));
                }
            }
        }
        MARGIN_WEIGHT * f64::from(self.margin(seat)) + ATTACK_WEIGHT * f64::from(attack)
            - EXPOSURE_WEIGHT * f64::from(exposed.min(2))
    }

    /// What `seat`'s own hand adds to its strength.
    fn hand_strength(&self, seat: Seat) -> f64 {
        let can_score =
            (0..self.num_seats() as Seat).any(|o| (0..2).any(|g| self.can_score(seat, o, g)));
        let ball = self.hand_has(seat, Card::Ball) > 0 && can_score;
        BALL_WEIGHT * f64::from(u8::from(ball))
            + STOP_WEIGHT * f64::from(self.hand_has(seat, Card::Stop))
    }
}

impl Heuristic for State {
    fn heuristic(&self, seat: Seat) -> f64 {
        if self.turn() == Turn::Terminal {
            return self.returns()[usize::from(seat)];
        }
        let n = self.num_seats();
        let me = usize::from(seat);
        let ranks = self.ranks();
        let mut total = 0.0;
        if !self.is_in(seat) {
            // Decided: the seats out before it rank below it, every other seat above.
            for o in (0..n).filter(|&o| o != me && !self.is_in(o as Seat)) {
                total += match ranks[me].cmp(&ranks[o]) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
            }
            return total / (n - 1) as f64;
        }
        let mut x = [0.0; MAX_SEATS];
        for (o, xo) in x.iter_mut().enumerate().take(n) {
            if self.is_in(o as Seat) {
                *xo = self.strength(o as Seat);
            }
        }
        x[me] += self.hand_strength(seat);
        for o in (0..n).filter(|&o| o != me) {
            total += if self.is_in(o as Seat) {
                1.0 / (1.0 + (-SCALE * (x[me] - x[o])).exp())
            } else {
                1.0
            };
        }
        total / (n - 1) as f64
    }
}
