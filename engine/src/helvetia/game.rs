//! The `GameState` impl of Helvetia Cup: the seats, whose turn it is, the secret and
//! equilibrium choices of the shot (`shot.rs`), the returns, the score, the board pieces
//! (`notation.rs`) and the invariants. It depends on `state.rs` and the files below it,
//! which never depend on it, so the folder's imports form no circle.
//!
//! The supertraits of `GameState` are implemented beside their concern, not here:
//! `LegalActions` in `legal.rs`, `ChanceOutcomes` (with the streams of the coin and the
//! D20) in `legal.rs`, `ApplyAction` (the transition) in `flow.rs`, `Observation` in
//! `observation.rs`, `InfoSets` (information keys, determinization) in `info.rs`,
//! `Notation` (action names, the trace snapshot) in `notation.rs`.

use super::actions::{self as act};
use super::board::OFF_PITCH;
use super::rules::FIGURES;
use super::shot;
use super::state::{Phase, State};
use crate::core::{Action, GameState, Returns, Rng, Seat, Turn};
use rand::Rng as _;

impl GameState for State {
    fn num_seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        let a = self.attack;
        match self.phase {
            Phase::Toss | Phase::ShootoutToss | Phase::Roll(_) => Turn::Chance,
            Phase::Over => Turn::Terminal,
            Phase::Place { team, .. }
            | Phase::Move { team, .. }
            | Phase::Appoint { team, .. }
            | Phase::Change { team } => Turn::Decision(team),
            Phase::Kicker
            | Phase::TakerMove
            | Phase::CarrierMove
            | Phase::Offence
            | Phase::Target
            | Phase::Taker => Turn::Decision(a),
            Phase::Steal | Phase::Intercept | Phase::Keeper => Turn::Decision(1 - a),
        }
    }

    fn secret_choice(&self) -> bool {
        self.phase == Phase::Target
    }

    /// The shot's square and the goalkeeper's squares are drawn from the equilibrium of
    /// the shot's matching game ([`super::shot`]), which reads the shooter's OFF, the
    /// squares covered and the malus, never the square chosen.
    fn equilibrium_choice(&self, rng: &mut Rng) -> Option<Action> {
        let keeper = match self.phase {
            Phase::Target => false,
            Phase::Keeper => true,
            _ => return None,
        };
        let eq = self.shot_equilibrium();
        let u: f64 = rng.gen();
        Some(if keeper {
            act::keeper(eq.sets[shot::pick(&eq.keeper[..eq.len], u)])
        } else {
            act::square(shot::pick(&eq.shooter, u) as u8)
        })
    }

    fn returns(&self) -> Returns {
        let mut r = [0.0; crate::core::MAX_SEATS];
        match self.winner() {
            Some(2) => {
                r[0] = 0.5;
                r[1] = 0.5;
            }
            Some(w) => r[usize::from(w)] = 1.0,
            None => {}
        }
        r
    }

    fn score(&self, seat: Seat) -> i32 {
        i32::from(self.score[usize::from(seat)])
    }

    fn ended_by_cap(&self) -> bool {
        self.capped && self.phase == Phase::Over
    }

    fn turns_begun(&self) -> u32 {
        self.rounds
    }

    /// Every figure on its hex, labelled with its card's number, and the ball on the
    /// carrier's hex (the board capability, for `sim replay`).
    #[inline]
    fn board_pieces(&self, out: &mut Vec<crate::core::BoardPiece>) {
        self.list_board_pieces(out)
    }

    fn check_invariants(&self) -> Result<(), String> {
        for t in 0..2usize {
            let slots = self.slot[t];
            let mut seen = 0u8;
            for (f, &c) in slots.iter().enumerate() {
                let own = usize::from(c) == f;
                let k = usize::from(c).wrapping_sub(FIGURES);
                let sub = f > 0
                    && k < usize::from(self.rules.substitutes[t])
                    && self.subs_used[t] & (1 << k) != 0;
                if !(own || sub) || seen & (1 << c) != 0 {
                    return Err(format!("team {t} figure {f} plays card {c}"));
                }
                seen |= 1 << c;
            }
        }
        for t in 0..2u8 {
            for f in 0..FIGURES as u8 {
                let c = self.pos(t, f);
                if self.boost(t, f) > self.card(t, f).boost {
                    return Err(format!("team {t} figure {f} has more BOOST than its card"));
                }
                if c == OFF_PITCH {
                    continue;
                }
                if !self.may_stand(t, f, c) {
                    return Err(format!("team {t} figure {f} may not stand on {c}"));
                }
                if self.figure_at(t, c) != Some(f) {
                    return Err(format!("two figures of team {t} share hex {c}"));
                }
            }
        }
        let playing = !matches!(
            self.phase,
            Phase::Toss
                | Phase::Place { .. }
                | Phase::Kicker
                | Phase::ShootoutToss
                | Phase::Appoint { .. }
                | Phase::Taker
                | Phase::Change { .. }
                | Phase::Over
        ) && !self.penalty;
        if playing && self.ball() == OFF_PITCH {
            return Err("the ball is off the pitch during play".into());
        }
        if self.phase == Phase::Steal
            && self.figure_at(1 - self.attack, self.ball()) != Some(self.defender)
        {
            return Err("a steal without a defender on the carrier's hex".into());
        }
        if playing && self.notch >= self.rules.notches {
            return Err(format!(
                "play at notch {} of {}: past the whistle",
                self.notch, self.rules.notches
            ));
        }
        if self.passes > self.rules.max_passes {
            return Err("more passes than the cap".into());
        }
        Ok(())
    }
}
