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

use super::cards::{Card, Colour};
use super::rules::Elimination;
use super::state::State;
use crate::core::{logit, GameState, Heuristic, Seat, Turn, MAX_FEATURES, MAX_SEATS};

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
        let (attack, exposed) = self.attack_exposure(seat);
        MARGIN_WEIGHT * f64::from(self.margin(seat)) + ATTACK_WEIGHT * f64::from(attack)
            - EXPOSURE_WEIGHT * f64::from(exposed.min(2))
    }

    /// The rival goals `seat`'s active players outnumber, and `seat`'s goals some rival
    /// outnumbers (counted per rival).
    fn attack_exposure(&self, seat: Seat) -> (u32, u32) {
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
        (attack, exposed)
    }

    /// Whether `seat` holds a BALL and could score with it now.
    fn ball_ready(&self, seat: Seat) -> bool {
        let can_score =
            (0..self.num_seats() as Seat).any(|o| (0..2).any(|g| self.can_score(seat, o, g)));
        self.hand_has(seat, Card::Ball) > 0 && can_score
    }

    /// What `seat`'s own hand adds to its strength.
    fn hand_strength(&self, seat: Seat) -> f64 {
        BALL_WEIGHT * f64::from(u8::from(self.ball_ready(seat)))
            + STOP_WEIGHT * f64::from(self.hand_has(seat, Card::Stop))
    }
}

/// The evaluation features ([`Heuristic::features`]), for the evaluating seat at any
/// number of seats: its margin, the smallest and the mean margin of the rivals still in,
/// its attack and exposure counts, whether its BALL can score now, its hand (size, GOAL
/// and PLAYER cards together, then each action card), the rivals' mean hand size, the
/// share of rivals out, its TIME-OUT, its active players and the rivals' mean, the draw
/// pile, and the hand-made evaluation's log-odds. Rivals count only while in.
pub const FEATURES: &[&str] = &[
    "margin",
    "rival_margin_min",
    "rival_margin_mean",
    "attack",
    "exposed",
    "ball_ready",
    "hand",
    "hand_goals",
    "hand_players",
    "hand_ball",
    "hand_yellow_card",
    "hand_red_card",
    "hand_injury",
    "hand_doctor",
    "hand_substitution",
    "hand_time_out",
    "hand_swap_sides",
    "hand_stop",
    "rival_hand_mean",
    "rivals_out",
    "timed_out",
    "active",
    "rival_active_mean",
    "draw_pile",
    "heuristic_logit",
];

/// Where the action cards (BALL on, [`Card::ALL`]'s order) start among the card ids; the
/// `hand_<card>` entries of [`FEATURES`] follow them.
const ACTION_CARDS: usize = Card::Ball as usize;

impl Heuristic for State {
    const FEATURES: &'static [&'static str] = FEATURES;

    crate::core::fitted_eval!("lastuf");

    fn features(&self, seat: Seat, out: &mut [f64; MAX_FEATURES]) -> usize {
        let n = self.num_seats() as Seat;
        let active = |s: Seat| -> f64 {
            Colour::ALL
                .iter()
                .map(|&k| f64::from(self.active(s, k)))
                .sum()
        };
        let (mut rivals, mut out_of_game) = (0.0, 0.0);
        let (mut margin_min, mut margin_sum, mut hands, mut actives) =
            (f64::INFINITY, 0.0, 0.0, 0.0);
        for o in (0..n).filter(|&o| o != seat) {
            if self.is_in(o) {
                rivals += 1.0;
                let m = f64::from(self.margin(o));
                margin_min = margin_min.min(m);
                margin_sum += m;
                hands += f64::from(self.hand_count(o));
                actives += active(o);
            } else {
                out_of_game += 1.0;
            }
        }
        let mean = |x: f64| if rivals > 0.0 { x / rivals } else { 0.0 };
        let (attack, exposed) = self.attack_exposure(seat);
        let held = |cards: &[Card]| -> f64 {
            cards
                .iter()
                .map(|&c| f64::from(self.hand_has(seat, c)))
                .sum()
        };
        let head = [
            f64::from(self.margin(seat)),
            if rivals > 0.0 { margin_min } else { 0.0 },
            mean(margin_sum),
            f64::from(attack),
            f64::from(exposed),
            f64::from(u8::from(self.ball_ready(seat))),
            f64::from(self.hand_count(seat)),
            held(&Card::ALL[..Card::PlayerRed as usize]),
            held(&Card::ALL[Card::PlayerRed as usize..ACTION_CARDS]),
        ];
        out[..head.len()].copy_from_slice(&head);
        let k = head.len();
        let actions = &Card::ALL[ACTION_CARDS..];
        for (o, &c) in out[k..].iter_mut().zip(actions) {
            *o = f64::from(self.hand_has(seat, c));
        }
        let k = k + actions.len();
        let tail = [
            mean(hands),
            out_of_game / f64::from(n - 1).max(1.0),
            f64::from(u8::from(self.timed_out(seat))),
            active(seat),
            mean(actives),
            f64::from(self.deck_count()),
            logit(self.heuristic(seat)),
        ];
        out[k..k + tail.len()].copy_from_slice(&tail);
        FEATURES.len()
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    /// The `hand_<card>` features follow the action cards' printed names, and the head
    /// counts the GOAL and PLAYER cards before them.
    #[test]
    fn hand_features_follow_the_cards() {
        assert!(Card::ALL[..Card::PlayerRed as usize]
            .iter()
            .all(|c| c.name().starts_with("GOAL")));
        assert!(Card::ALL[Card::PlayerRed as usize..ACTION_CARDS]
            .iter()
            .all(|c| c.name().starts_with("PLAYER")));
        let first = FEATURES.iter().position(|&f| f == "hand_ball").unwrap();
        for (i, c) in Card::ALL[ACTION_CARDS..].iter().enumerate() {
            let name: String = c
                .name()
                .to_lowercase()
                .chars()
                .map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '_' })
                .collect();
            assert_eq!(FEATURES[first + i], format!("hand_{name}"));
        }
    }
}
