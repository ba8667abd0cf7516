//! Helvetia Cup's evaluation for agents (`core::Heuristic`). Every fact of the match is
//! public (the hidden target square is not read), so it cannot leak anything.
//!
//! The estimate for a seat is a logistic of its *expected lead* over the time left:
//! - **score difference**: goals for minus goals against;
//! - **possession**: the team with the ball gets a share of a goal, more the closer its
//!   carrier is to the goal it attacks (**ball carrier's distance to goal**), and more
//!   again in the shooting zone (**shot chance**: the carrier's OFF over the D20's faces);
//! - **BOOST left**: a small credit per marker the seat has over the other;
//! - **time left**: the lead is divided by the square root of the notches still to play
//!   (plus one), so the same lead is worth more late in the match.
//!
//! In the shoot-out it reads the penalties scored and taken. At the end it is the return.

use super::rules::FIGURES;
use super::state::{Phase, State};
use crate::core::{GameState, Heuristic, Seat};

impl State {
    /// The expected lead of team `seat` in goals, from the position (see the module doc).
    pub fn expected_lead(&self, seat: Seat) -> f64 {
        let (s, o) = (usize::from(seat), usize::from(1 - seat));
        let mut lead = f64::from(self.score[s]) - f64::from(self.score[o]);
        let r = self.rules();
        if self.ball() != super::board::OFF_PITCH && !self.penalty {
            let span = f64::from(r.columns) + 1.0;
            let d = f64::from(self.board().goal_distance(self.ball(), self.attack()));
            let near = (1.0 - d / span).clamp(0.0, 1.0);
            let mut threat = 0.05 + 0.25 * near * near;
            if d <= f64::from(r.shooting_range) {
                let faces: u32 = r.d20.iter().map(|&n| u32::from(n)).sum();
                let off = f64::from(self.off(self.attack(), self.carrier()));
                let p = (off - 2.0).max(0.0) / f64::from(faces.max(1));
                threat += 0.3 * p.min(1.0) * (1.0 - d / 7.0);
            }
            lead += if self.attack() == seat {
                threat
            } else {
                -threat
            };
        }
        let boost = |t: usize| -> f64 { (0..FIGURES).map(|f| f64::from(self.boost[t][f])).sum() };
        lead + 0.01 * (boost(s) - boost(o))
    }
}

impl Heuristic for State {
    fn heuristic(&self, seat: Seat) -> f64 {
        if self.phase() == Phase::Over {
            return self.returns()[usize::from(seat)];
        }
        let r = self.rules();
        let logistic = |x: f64| 1.0 / (1.0 + (-x).exp());
        let (s, o) = (usize::from(seat), usize::from(1 - seat));
        if self.score[0] == self.score[1]
            && matches!(
                self.phase(),
                Phase::ShootoutToss | Phase::Appoint { .. } | Phase::Taker
            )
            || self.penalty
        {
            let lead = f64::from(self.pens[s]) - f64::from(self.pens[o]);
            let taken = f64::from(self.kicks[s]) - f64::from(self.kicks[o]);
            return logistic(1.5 * (lead - 0.7 * taken));
        }
        let left = if self.half() == 1 {
            2 * u32::from(r.notches) - u32::from(self.notch())
        } else {
            u32::from(r.notches) - u32::from(self.notch())
        };
        let lead = self.expected_lead(seat);
        logistic(2.0 * lead / (1.0 + 0.25 * f64::from(left)).sqrt())
    }
}
