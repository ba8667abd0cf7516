//! Helvetia Cup's evaluation for agents (`core::Heuristic`). It reads the public facts of
//! the match, and the shot's secret square only from the state it is given: for an agent
//! that is a determinization, in which the defence's copy of the square is a random one.
//!
//! The estimate for a seat is a logistic of its *expected lead* over the time left:
//! - **score difference**: goals for minus goals against;
//! - **shot value**: a shot that scores with chance p is worth p × (1 − 0.1) − (1 − p) ×
//!   0.05 goals to the shooting team (a goal, then the other team's kick-off, or the
//!   goalkeeper's ball). The chance is the best square's against a goalkeeper who picks
//!   uniformly among the connected sets of his size, times the D20's chance of at most
//!   OFF − malus on it; once the square is chosen, that square's; after the reveal, the
//!   roll's;
//! - **possession** (the carrier's threat): 0.05 at his own goal, growing with the square
//!   of his nearness to the goal he attacks up to 0.9 of his shot from a hex next to the
//!   goal zone (so it scales with his OFF, and a tired carrier is worth less than a fresh
//!   one); in the shooting zone at least 0.9 of his shot from where he stands, so a shot
//!   as good as the position allows is taken rather than kept for later;
//! - **pressure**: the defence gains the chance of a steal when one of its figures shares
//!   the carrier's hex before the action phase, and 0.01 per hex closer than 6 for each
//!   of its outfield figures;
//! - **BOOST left**: a small credit per marker the seat has over the other (0.01 goals),
//!   more for each figure not exhausted (0.05: the last marker keeps his full values for
//!   every roll and penalty to come, so greedy spends it only for a move worth more), and
//!   some for each substitute still on the bench (0.025: a change is worth making only
//!   for an exhausted player);
//! - **time left**: the lead is divided by the square root of the notches still to play
//!   (plus one), so the same lead is worth more late in the match.
//!
//! In the shoot-out it reads the penalties scored and taken. At the end it is the return.
//!
//! **Rollout policy** (`rollout_action`, for search playouts: uniform moves on a hex pitch
//! wander and almost never score): defenders always try a steal or an interception (a
//! failed try costs little); the carrier shoots when his shot is worth at least his
//! threat where he stands; else passes to the teammate with the most threat (less the
//! chance of an interception on his hex) when that is 0.02 more than the carrier's, else
//! ends the round. In the move phase the attack runs at the goal it attacks and the
//! defence at the ball (its goalkeeper stays by his goal), each to the best legal hex with
//! a cost per BOOST spent (markers are spent only by the carrier and by a defender who
//! reaches the ball's hex, and the last marker never: a policy that spent them freely
//! left search's team exhausted within ten rounds); one move in five is uniform. The square and the
//! goalkeeper's sets are drawn from the shot's equilibrium (`shot.rs`); placements and
//! changes after a goal stay uniform.

use super::actions::{self as act};
use super::board::{Cell, GOAL_ZONE};
use super::chances::UNCOVERED;
use super::rules::{FIGURES, SQUARES};
use super::state::{Phase, RollFor, State};
use crate::core::{
    logistic, logit, Action, ActionList, GameState, Heuristic, Rng, Seat, MAX_FEATURES,
};
use rand::Rng as _;

/// The evaluation features ([`Heuristic::features`]), for the evaluating team: the score
/// difference, the expected lead ([`State::expected_lead`], with the shot's chance as the
/// team knows it), the share of the match's notches left, the lead over the square root
/// of the time left as the hand-made evaluation scales it, whether it attacks, the second
/// half, the shoot-out with its penalty lead and kicks taken ahead, its BOOST markers,
/// fresh figures and substitutes over the other team's, and the hand-made evaluation's
/// log-odds (with the same chance).
pub const FEATURES: &[&str] = &[
    "score_lead",
    "expected_lead",
    "time_left",
    "lead_per_time",
    "attacking",
    "second_half",
    "shootout",
    "penalty_lead",
    "kicks_ahead",
    "boost_diff",
    "fresh_diff",
    "subs_diff",
    "heuristic_logit",
];

impl State {
    /// The expected lead of team `seat` in goals, from the position (see the module doc).
    pub fn expected_lead(&self, seat: Seat) -> f64 {
        self.expected_lead_with(seat, self.shot_chance())
    }

    /// [`State::expected_lead`] with `chance` as the chance of the match shot under way.
    fn expected_lead_with(&self, seat: Seat, chance: Option<f64>) -> f64 {
        let (s, o) = (usize::from(seat), usize::from(1 - seat));
        let mut lead = f64::from(self.score[s]) - f64::from(self.score[o]);
        let r = self.rules();
        if let Some(p) = chance {
            // A match shot under way.
            let edge = shot_value(p);
            lead += if self.attack() == seat { edge } else { -edge };
        } else if self.ball() != super::board::OFF_PITCH && !self.penalty {
            let threat = self.threat(self.carrier());
            // Pressure: a defender on the carrier's hex may steal before the attack acts
            // (the chance of his DEF on the die), and every defender closer to the ball
            // is closer to a steal.
            let d = 1 - self.attack();
            let mut pressure = 0.0;
            if matches!(self.phase(), Phase::Move { .. } | Phase::Steal) {
                if let Some(f) = self.figure_at(d, self.ball()) {
                    let faces = r.d20_faces();
                    let p = f64::from(self.def(d, f)) / f64::from(faces.max(1));
                    pressure += p.min(1.0) * (0.3 + 2.0 * threat);
                }
            }
            // Every outfield defender within 6 hexes of the ball presses a little.
            for f in 1..FIGURES as u8 {
                let far = self.board().distance(self.pos(d, f), self.ball());
                pressure += 0.01 * (6.0 - f64::from(far)).max(0.0);
            }
            let edge = threat - pressure;
            lead += if self.attack() == seat { edge } else { -edge };
        }
        let boost = |t: usize| -> f64 { (0..FIGURES).map(|f| f64::from(self.boost[t][f])).sum() };
        let fresh = |t: usize| (0..FIGURES).filter(|&f| self.boost[t][f] > 0).count() as f64;
        let subs = |t: u8| f64::from(self.subs_left(t).count_ones());
        lead + BOOST_MARKER * (boost(s) - boost(o))
            + FRESH * (fresh(s) - fresh(o))
            + SUBSTITUTE * (subs(seat) - subs(1 - seat))
    }
}

/// The threat of a team with the ball at its own goal (a share of a goal).
const BASE_THREAT: f64 = 0.05;
/// About what a kick-off from the centre is worth to the kicking team (a share of a goal).
const KICKOFF: f64 = 0.1;
/// Each BOOST marker a team holds (in goals).
const BOOST_MARKER: f64 = 0.01;
/// Each figure of a team that still has BOOST, so is not exhausted (in goals): his full
/// OFF and DEF for every roll to come and for a penalty. The last marker is worth this
/// much more than the others, so a move must gain more than that to spend it.
const FRESH: f64 = 0.05;
/// Each substitute a team may still bring on (in goals): more than the markers he brings
/// over a player with one marker left, less than a fresh player for an exhausted one, so
/// a change is made for an exhausted player only.
const SUBSTITUTE: f64 = 0.025;
/// The rollout policy passes only to a teammate worth this much more (in goals).
const PASS_MARGIN: f64 = 0.02;
/// The rollout policy's cost of a move that spends a figure's last BOOST marker (in the
/// units of `move_cost`: 4 a hex): more than any hex gained.
const LAST_MARKER: i32 = 100;
/// Holding the ball in the shooting zone is worth this share of shooting from there: a
/// shot as good as the position allows is taken rather than kept for later.
const HOLD: f64 = 0.9;

/// The value, in goals, for the shooting team of a match shot that scores with chance
/// `p`: a goal, after which the other team kicks off (worth about [`KICKOFF`] to it), or
/// else the goalkeeper's ball (worth about [`BASE_THREAT`] to his team).
fn shot_value(p: f64) -> f64 {
    p * (1.0 - KICKOFF) - (1.0 - p) * BASE_THREAT
}

/// The chance that a goalkeeper covering `cover` squares, picked uniformly among the
/// connected sets of that size of the 2 × 3 goal, leaves square `q` open.
fn uncovered(cover: u8, q: u8) -> f64 {
    UNCOVERED[usize::from(cover).min(SQUARES)][usize::from(q)]
}

impl State {
    /// The chance that a shot by the attack's figure `fig` scores on `square` with the
    /// D20: faces at most his OFF less the square's malus, over all faces.
    pub(super) fn roll_chance(&self, fig: u8, square: u8) -> f64 {
        let r = self.rules();
        let need = self
            .off(self.attack(), fig)
            .saturating_sub(r.malus[usize::from(square)]);
        // The D20's chance (`Rules::d20_at_most`), read from the state's table.
        self.shots.at_most(need)
    }

    /// The chance that the match shot under way scores (`None` when no match shot is
    /// under way). The goalkeeper is taken to pick uniformly among the connected sets of
    /// his size: before the square is chosen, the chance on the best square; once it is
    /// chosen, on that square; after the reveal (the D20 to roll), the roll's chance.
    /// The square is read from the state evaluated, which for an agent is a
    /// determinization: the defence's copy holds a random square, never the true one
    /// (`InfoSets::determinize`).
    pub fn shot_chance(&self) -> Option<f64> {
        if self.penalty {
            return None;
        }
        let c = self.carrier();
        let known = |q: u8| uncovered(self.cover, q) * self.roll_chance(c, q);
        match self.phase() {
            Phase::Target => Some(self.best_shot(c, self.cover)),
            Phase::Keeper => Some(known(self.target)),
            Phase::Roll(RollFor::Shot) => Some(self.roll_chance(c, self.target)),
            _ => None,
        }
    }

    /// [`State::shot_chance`] as `seat` knows it: while the goalkeeper chooses, the
    /// defence has not seen the square, so for it the chance is the one before the
    /// square was chosen (on the best square). Every determinization of `seat`'s
    /// information set gives the same chance.
    fn shot_chance_seen(&self, seat: Seat) -> Option<f64> {
        if self.phase() == Phase::Keeper && seat != self.attack() && !self.penalty {
            Some(self.best_shot(self.carrier(), self.cover))
        } else {
            self.shot_chance()
        }
    }

    /// The shoot-out's lead and kicks taken ahead for `seat`, when the match is decided by
    /// penalties (the shoot-out, or a penalty under way); `None` otherwise.
    fn shootout_view(&self, seat: Seat) -> Option<(f64, f64)> {
        let (s, o) = (usize::from(seat), usize::from(1 - seat));
        let shootout = self.score[0] == self.score[1]
            && matches!(
                self.phase(),
                Phase::ShootoutToss | Phase::Appoint { .. } | Phase::Taker
            )
            || self.penalty;
        shootout.then(|| {
            (
                f64::from(self.pens[s]) - f64::from(self.pens[o]),
                f64::from(self.kicks[s]) - f64::from(self.kicks[o]),
            )
        })
    }

    /// Notches still to play in the match.
    fn notches_left(&self) -> u32 {
        let r = self.rules();
        if self.half() == 1 {
            2 * u32::from(r.notches) - u32::from(self.notch())
        } else {
            u32::from(r.notches) - u32::from(self.notch())
        }
    }

    /// The evaluation of [`Heuristic::heuristic`] with `chance` as the chance of the match
    /// shot under way: the return once the match is over, else the logistic of
    /// [`State::logit_with`].
    fn heuristic_with(&self, seat: Seat, chance: Option<f64>) -> f64 {
        match self.logit_with(seat, chance) {
            Some(z) => logistic(z),
            None => self.returns()[usize::from(seat)],
        }
    }

    /// The log-odds of [`State::heuristic_with`] (`None` once the match is over): in the
    /// shoot-out 1.5 × (the penalty lead − 0.7 × the kicks taken ahead), else twice the
    /// expected lead over the square root of 1 + a quarter of the notches left.
    fn logit_with(&self, seat: Seat, chance: Option<f64>) -> Option<f64> {
        if self.phase() == Phase::Over {
            return None;
        }
        if let Some((lead, taken)) = self.shootout_view(seat) {
            return Some(1.5 * (lead - 0.7 * taken));
        }
        let lead = self.expected_lead_with(seat, chance);
        Some(2.0 * lead / (1.0 + 0.25 * f64::from(self.notches_left())).sqrt())
    }

    /// The best chance of the attack's figure `fig` to score against a goalkeeper
    /// covering `cover` squares, picked uniformly among the connected sets of that size:
    /// the largest over the squares of (the chance it is not covered) × (the roll's
    /// chance on it).
    #[inline]
    fn best_shot(&self, fig: u8, cover: u8) -> f64 {
        debug_assert!(self
            .shots
            .made_for(&self.rules.d20_cumulative, &self.rules.malus));
        self.shots.best(self.off(self.attack(), fig), cover)
    }

    /// The value in goals, before any pressure, of the attack's figure `fig` holding the
    /// ball on his hex: the approach, a share of his shot from a hex next to the goal
    /// zone that grows as he nears the goal, and in the shooting zone at least a little
    /// less ([`HOLD`]) than his shot from there.
    fn threat(&self, fig: u8) -> f64 {
        let r = self.rules();
        let at = self.pos(self.attack(), fig);
        let span = f64::from(r.columns) + 1.0;
        let d = self.board().goal_distance(at, self.attack());
        let near = |d: u8| (1.0 - f64::from(d) / span).clamp(0.0, 1.0);
        let best = shot_value(self.best_shot(fig, 1)).max(BASE_THREAT);
        let approach =
            BASE_THREAT + HOLD * (best - BASE_THREAT) * (near(d) / near(1)).powi(2).min(1.0);
        if d <= r.shooting_range {
            approach.max(HOLD * self.shot_from(fig))
        } else {
            approach
        }
    }

    /// The value in goals of a shot by the attack's figure `fig` from his hex.
    fn shot_from(&self, fig: u8) -> f64 {
        let at = self.pos(self.attack(), fig);
        shot_value(self.best_shot(fig, self.cover_from(at, self.attack())))
    }

    /// Where `team`'s figure `fig` wants to be in the move phase of the rollout policy,
    /// and how far the hex `c` is from it (lower is better), with a cost per BOOST spent:
    /// a marker is worth spending (a little less than the hex it gains) only to the
    /// carrier and to a defender who reaches the ball's hex; to any other figure it costs
    /// more than the hex it gains; and the last marker is never spent (an exhausted
    /// figure rolls with half his values for the rest of the match, as the heuristic's
    /// `FRESH` credit says).
    fn move_cost(&self, team: u8, fig: u8, c: Cell) -> i32 {
        let b = self.board();
        let from = self.pos(team, fig);
        let spent = b.distance(from, c).saturating_sub(1);
        let attack = team == self.attack();
        let aim = if attack {
            i32::from(b.goal_distance(c, team))
        } else if fig == 0 {
            i32::from(b.distance(c, GOAL_ZONE[usize::from(team)]))
        } else {
            i32::from(b.distance(c, self.ball()))
        };
        let worth = if attack {
            fig == self.carrier()
        } else {
            fig != 0 && c == self.ball()
        };
        let per_marker = if worth { 3 } else { 5 };
        let last = if spent > 0 && spent >= self.boost(team, fig) {
            LAST_MARKER
        } else {
            0
        };
        4 * aim + per_marker * i32::from(spent) + last
    }

    /// The rollout policy's choice (see the module doc), `None` for a uniform one.
    fn policy(&self, legal: &ActionList, rng: &mut Rng) -> Option<Action> {
        match self.phase() {
            // The shot's matching game: its equilibrium (`shot.rs`).
            Phase::Target | Phase::Keeper => self.equilibrium_choice(rng),
            Phase::Steal => Some(act::STEAL),
            Phase::Intercept => Some(act::INTERCEPT),
            Phase::Offence => {
                let c = self.carrier();
                if legal.contains(&act::SHOOT) && self.shot_from(c) >= self.threat(c) {
                    return Some(act::SHOOT);
                }
                // The pass to the teammate with the most threat, less the chance that a
                // defender on his hex intercepts.
                let t = self.attack();
                let faces = self.rules().d20_faces();
                let worth = |f: u8| {
                    let caught = self.figure_at(1 - t, self.pos(t, f)).map_or(0.0, |d| {
                        (f64::from(self.def(1 - t, d)) / f64::from(faces.max(1))).min(1.0)
                    });
                    self.threat(f) * (1.0 - caught)
                };
                let best = legal
                    .iter()
                    .filter_map(|&a| match act::decode(a) {
                        act::Decoded::Figure(f) => Some((a, worth(f))),
                        _ => None,
                    })
                    .fold(None, |b: Option<(Action, f64)>, x| match b {
                        Some(b) if b.1 >= x.1 => Some(b),
                        _ => Some(x),
                    });
                match best {
                    Some((a, v)) if v > self.threat(c) + PASS_MARGIN => Some(a),
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
        self.heuristic_with(seat, self.shot_chance())
    }

    fn heuristic_logit(&self, seat: Seat) -> Option<f64> {
        self.logit_with(seat, self.shot_chance())
    }

    const FEATURES: &'static [&'static str] = FEATURES;

    crate::core::fitted_eval!("helvetia");

    fn features(&self, seat: Seat, out: &mut [f64; MAX_FEATURES]) -> usize {
        let (s, o) = (usize::from(seat), usize::from(1 - seat));
        let chance = self.shot_chance_seen(seat);
        let over = self.phase() == Phase::Over;
        let lead = if over {
            0.0
        } else {
            self.expected_lead_with(seat, chance)
        };
        let left = f64::from(self.notches_left());
        let shootout = self.shootout_view(seat);
        let (pens, kicks) = shootout.unwrap_or((0.0, 0.0));
        let boost = |t: usize| -> f64 { (0..FIGURES).map(|f| f64::from(self.boost[t][f])).sum() };
        let fresh = |t: usize| (0..FIGURES).filter(|&f| self.boost[t][f] > 0).count() as f64;
        let subs = |t: u8| f64::from(self.subs_left(t).count_ones());
        let values = [
            f64::from(self.score[s]) - f64::from(self.score[o]),
            lead,
            left / (2.0 * f64::from(self.rules().notches)),
            lead / (1.0 + 0.25 * left).sqrt(),
            f64::from(u8::from(!over && self.attack() == seat)),
            f64::from(u8::from(self.half() > 1)),
            f64::from(u8::from(shootout.is_some())),
            pens,
            kicks,
            boost(s) - boost(o),
            fresh(s) - fresh(o),
            subs(seat) - subs(1 - seat),
            logit(self.heuristic_with(seat, chance)),
        ];
        out[..values.len()].copy_from_slice(&values);
        FEATURES.len()
    }
}
