//! Helvetia Cup's evaluation for agents (`core::Heuristic`). Every fact of the match is
//! public (the hidden target square is not read), so it cannot leak anything.
//!
//! The estimate for a seat is a logistic of its *expected lead* over the time left:
//! - **score difference**: goals for minus goals against;
//! - **possession**: the team with the ball gets a share of a goal, more the closer its
//!   carrier is to the goal it attacks (**ball carrier's distance to goal**), and more
//!   again in the shooting zone (**shot chance**: the carrier's OFF over the D20's faces);
//! - **pressure**: the defence gains the chance of a steal when one of its figures shares
//!   the carrier's hex before the action phase, and a little for a defender near the ball;
//! - **BOOST left**: a small credit per marker the seat has over the other;
//! - **time left**: the lead is divided by the square root of the notches still to play
//!   (plus one), so the same lead is worth more late in the match.
//!
//! In the shoot-out it reads the penalties scored and taken. At the end it is the return.
//!
//! **Rollout policy** (`rollout_action`, for search playouts: uniform moves on a hex pitch
//! wander and almost never score): defenders always try a steal or an interception (a
//! failed try costs little); the carrier shoots from 2 hexes or closer, and from farther
//! in the shooting zone half the time; else passes to the teammate nearest the goal when
//! he is at least 2 hexes nearer, else ends the round. In the move phase the attack runs
//! at the goal it attacks and the defence at the ball (its goalkeeper stays by his goal),
//! each to the best legal hex with a small cost per BOOST spent; one move in five is
//! uniform. Placements, squares and the goalkeeper's sets stay uniform.

use super::actions::{self as act};
use super::board::{Cell, GOAL_ZONE};
use super::rules::FIGURES;
use super::state::{Phase, State};
use crate::core::{Action, ActionList, GameState, Heuristic, Rng, Seat};
use rand::Rng as _;

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
            // Pressure: a defender on the carrier's hex may steal before the attack acts
            // (the chance of his DEF on the die), and every defender closer to the ball
            // is closer to a steal.
            let d = 1 - self.attack();
            let mut pressure = 0.0;
            if matches!(self.phase(), Phase::Move { .. } | Phase::Steal) {
                if let Some(f) = self.figure_at(d, self.ball()) {
                    let faces: u32 = r.d20.iter().map(|&n| u32::from(n)).sum();
                    let p = f64::from(self.def(d, f)) / f64::from(faces.max(1));
                    pressure += p.min(1.0) * (0.3 + 2.0 * threat);
                }
            }
            let nearest = (1..FIGURES as u8)
                .map(|f| self.board().distance(self.pos(d, f), self.ball()))
                .min()
                .unwrap_or(0);
            pressure += 0.02 * (6.0 - f64::from(nearest)).max(0.0);
            let edge = threat - pressure;
            lead += if self.attack() == seat { edge } else { -edge };
        }
        let boost = |t: usize| -> f64 { (0..FIGURES).map(|f| f64::from(self.boost[t][f])).sum() };
        lead + 0.01 * (boost(s) - boost(o))
    }
}

impl State {
    /// Where `team`'s figure `fig` wants to be in the move phase of the rollout policy,
    /// and how far the hex `c` is from it (lower is better), with a cost per BOOST spent.
    fn move_cost(&self, team: u8, fig: u8, c: Cell) -> i32 {
        let b = self.board();
        let from = self.pos(team, fig);
        let spent = i32::from(b.distance(from, c).saturating_sub(1));
        let aim = if team == self.attack() {
            i32::from(b.goal_distance(c, team))
        } else if fig == 0 {
            i32::from(b.distance(c, GOAL_ZONE[usize::from(team)]))
        } else {
            i32::from(b.distance(c, self.ball()))
        };
        4 * aim + spent
    }

    /// The rollout policy's choice (see the module doc), `None` for a uniform one.
    fn policy(&self, legal: &ActionList, rng: &mut Rng) -> Option<Action> {
        match self.phase() {
            Phase::Steal => Some(act::STEAL),
            Phase::Intercept => Some(act::INTERCEPT),
            Phase::Offence => {
                let b = self.board();
                let t = self.attack();
                let here = b.goal_distance(self.ball(), t);
                if legal.contains(&act::SHOOT) && (here <= 2 || rng.gen_bool(0.5)) {
                    return Some(act::SHOOT);
                }
                let best = legal
                    .iter()
                    .filter(|&&a| a != act::SHOOT && a != act::END_ROUND)
                    .min_by_key(|&&a| {
                        let f = (a.0 - act::figure(0).0) as u8;
                        b.goal_distance(self.pos(t, f), t)
                    })
                    .copied();
                match best {
                    Some(a)
                        if b.goal_distance(self.pos(t, (a.0 - act::figure(0).0) as u8), t) + 2
                            <= here =>
                    {
                        Some(a)
                    }
                    _ => Some(act::END_ROUND),
                }
            }
            Phase::Move { team, fig } => {
                if rng.gen_range(0..5) == 0 {
                    return None;
                }
                let (mut best, mut best_cost, mut ties) = (legal[0], i32::MAX, 0u32);
                for &a in legal {
                    let cost = self.move_cost(team, fig, a.0 as Cell);
                    if cost < best_cost {
                        (best, best_cost, ties) = (a, cost, 1);
                    } else if cost == best_cost {
                        ties += 1;
                        if rng.gen_range(0..ties) == 0 {
                            best = a;
                        }
                    }
                }
                Some(best)
            }
            _ => None,
        }
    }
}

impl Heuristic for State {
    fn rollout_action(&self, _who: Seat, legal: &ActionList, rng: &mut Rng) -> Option<Action> {
        self.policy(legal, rng)
    }

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
