//! What a seat sees of a Helvetia Cup match, as a tensor and as text (the `GameState`
//! observation methods; `docs/rules/helvetia.md`, section "Observation", has the layout as
//! a table).
//!
//! Everything on the table is public (figures, BOOST markers, cards, the score, the time
//! track, every D20 roll through its effect), except a shot's target square between the
//! shooter's secret choice and the reveal ([`Phase::Keeper`]): the shooter's seat sees its
//! own square then, the goalkeeper's seat does not; both see it once revealed (the D20 of
//! the shot).
//!
//! The tensor is seat-relative: "me" first, and the pitch as the seat sees it, its own
//! goal on the left: Basela's seat (1) sees the pitch mirrored across the halfway column
//! ([`super::board::Board::mirror`]).

use super::board::{Cell, GOAL_ZONE, OFF_PITCH};
use super::notation::HexName;
use super::rules::{FIGURES, SQUARES};
use super::state::{Phase, RollFor, State};
use crate::core::{push_num, GameState, Observation, ObservationLayout, Seat, TensorWriter, Turn};
use std::fmt::Write as _;

/// Entries per figure in the `figures` part: on the pitch, OFF now, DEF now, BOOST left,
/// a substitute plays.
const FIGURE_FACTS: usize = 5;
/// Entries of the `phase` part (see [`phase_index`]).
const PHASES: usize = 20;
/// Entries per team in the `shootout` part: penalties taken, scored, then the figures
/// that have shot in the current cycle.
const SHOOTOUT_FACTS: usize = 2 + FIGURES;
/// The teams' names, by seat.
const TEAMS: [&str; 2] = ["Zion", "Basela"];

/// The entry of the `phase` part.
fn phase_index(p: Phase) -> usize {
    match p {
        Phase::Toss => 0,
        Phase::Place { .. } => 1,
        Phase::Kicker => 2,
        Phase::Move { .. } => 3,
        Phase::Steal => 4,
        Phase::Roll(RollFor::Steal) => 5,
        Phase::Roll(RollFor::Intercept) => 6,
        Phase::Roll(RollFor::Shot) => 7,
        Phase::Roll(RollFor::Penalty) => 8,
        Phase::TakerMove => 9,
        Phase::CarrierMove => 10,
        Phase::Offence => 11,
        Phase::Intercept => 12,
        Phase::Target => 13,
        Phase::Keeper => 14,
        Phase::ShootoutToss => 15,
        Phase::Appoint { .. } => 16,
        Phase::Taker => 17,
        Phase::Change { .. } => 18,
        Phase::Over => 19,
    }
}

impl State {
    /// Hexes of the board planes: the pitch, then the two goal zones.
    fn plane_cells(&self) -> usize {
        usize::from(self.board.pitch_cells()) + GOAL_ZONE.len()
    }

    /// The entry of hex `c` in a board plane as `me` sees the pitch (its own goal on the
    /// left), `None` off the pitch.
    fn plane_index(&self, me: Seat, c: Cell) -> Option<usize> {
        if c == OFF_PITCH {
            return None;
        }
        let m = if me == 1 { self.board.mirror(c) } else { c };
        let pitch = usize::from(self.board.pitch_cells());
        Some(if m == GOAL_ZONE[0] {
            pitch
        } else if m == GOAL_ZONE[1] {
            pitch + 1
        } else {
            usize::from(m)
        })
    }

    /// Whether `me` sees the shot's target square now: its own secret before the reveal,
    /// or anyone's once revealed (the D20 of the shot).
    fn target_seen(&self, me: Seat) -> bool {
        match self.phase {
            Phase::Keeper => me == self.attack,
            Phase::Roll(RollFor::Shot | RollFor::Penalty) => true,
            _ => false,
        }
    }

    /// The figure the step concerns: the one placed or moved, the defender of a steal or
    /// an interception.
    fn step_figure(&self) -> Option<u8> {
        match self.phase {
            Phase::Place { fig, .. } | Phase::Move { fig, .. } => Some(fig),
            Phase::Steal
            | Phase::Intercept
            | Phase::Roll(RollFor::Steal)
            | Phase::Roll(RollFor::Intercept) => Some(self.defender),
            _ => None,
        }
    }

    /// Whether a figure has the ball (after the toss, outside the shoot-out's setup).
    fn ball_in_play(&self) -> bool {
        !matches!(
            self.phase,
            Phase::Toss | Phase::ShootoutToss | Phase::Appoint { .. }
        )
    }
}

impl Observation for State {
    /// The observation layout of these rules (`Observation::observation_layout`).
    fn observation_layout(&self) -> ObservationLayout {
        let c = self.plane_cells();
        ObservationLayout::default()
            .part(
                "own_figures",
                &[FIGURES, c],
                "my figures' hexes, one plane per figure (goalkeeper first); cells: the pitch \
                 row-major as I see it (my goal left), then my goal zone, then the other",
            )
            .part(
                "opponent_figures",
                &[FIGURES, c],
                "the opponent's figures' hexes, one plane per figure, cells as above",
            )
            .part(
                "ball",
                &[c],
                "the ball's hex (the carrier's), cells as above",
            )
            .part(
                "figures",
                &[2, FIGURES, FIGURE_FACTS],
                "per team (me first) and figure: on the pitch (0/1), OFF now, DEF now (fractions \
                 of the largest value on the teams' cards), BOOST markers left (a fraction of \
                 the most any card has), a substitute plays (0/1)",
            )
            .part(
                "possession",
                &[2],
                "the team with the ball (in the shoot-out: the kicking team), me first, one-hot",
            )
            .part(
                "carrier",
                &[FIGURES],
                "the figure with the ball (of the team in possession), one-hot",
            )
            .part("score", &[2], "goals of each team, me first; n goals as n / (n + 1)")
            .part(
                "clock",
                &[3],
                "first half / second half one-hot, then time notches passed in the half, a \
                 fraction of the notches of a half",
            )
            .part(
                "phase",
                &[PHASES],
                "toss, place, kicker, move, steal, D20 steal, D20 interception, D20 shot, D20 \
                 penalty, taker moves, carrier moves, offence, interception, target square, \
                 goalkeeper, shoot-out toss, appoint takers, sudden-death taker, change, over; \
                 one-hot",
            )
            .part(
                "to_act",
                &[2],
                "the team deciding now (me first), one-hot; all 0 at chance and at the end",
            )
            .part(
                "step_figure",
                &[FIGURES],
                "the figure the step concerns: placed or moved, or the defender of a steal or \
                 an interception; one-hot",
            )
            .part(
                "receiver",
                &[FIGURES],
                "the receiver of the pass an interception concerns, one-hot",
            )
            .part(
                "shot",
                &[2 + SQUARES],
                "the shot under way: a penalty (0/1), squares the goalkeeper covers (a fraction \
                 of the goal's squares), the target square one-hot (the shooter's own secret; everyone once revealed)",
            )
            .part(
                "round",
                &[2],
                "passes in this round (a fraction of max_passes), rounds the attack has ended in \
                 a row (n as n / (n + 1))",
            )
            .part(
                "substitutes",
                &[2],
                "substitutes each team may still bring on, me first; fractions of its substitutes",
            )
            .part(
                "shootout",
                &[2, SHOOTOUT_FACTS],
                "per team (me first): penalties taken, scored (n as n / (n + shootout_shots)), \
                 then the figures that have shot in the current cycle (0/1 each)",
            )
    }

    /// The layout's size, computed without building it (`Observation::observation_size`).
    fn observation_size(&self) -> usize {
        (2 * FIGURES + 1) * self.plane_cells()
            + 2 * FIGURES * FIGURE_FACTS
            + 2
            + FIGURES
            + 2
            + 3
            + PHASES
            + 2
            + 2 * FIGURES
            + 2
            + SQUARES
            + 2
            + 2
            + 2 * SHOOTOUT_FACTS
    }

    /// Writes `me`'s tensor into `out` (`Observation::observation_tensor`); no allocation.
    /// Panics when `out` is not `layout_size` long.
    fn observation_tensor(&self, me: Seat, out: &mut [f32]) {
        assert_eq!(
            out.len(),
            self.observation_size(),
            "observation tensor length"
        );
        let cells = self.plane_cells();
        let teams = [me, 1 - me];
        let rel = |t: u8| usize::from(t != me);
        let cards = self.rules.cards.iter().flatten();
        let stat = cards
            .clone()
            .map(|c| c.off.max(c.def).max(c.off_exhausted).max(c.def_exhausted))
            .max()
            .unwrap_or(0);
        let boost = cards.map(|c| c.boost).max().unwrap_or(0);
        let mut w = TensorWriter::new(out);
        for t in teams {
            for f in 0..FIGURES as u8 {
                w.one_hot(cells, self.plane_index(me, self.pos(t, f)));
            }
        }
        let ball = self
            .ball_in_play()
            .then(|| self.ball())
            .and_then(|c| self.plane_index(me, c));
        w.one_hot(cells, ball);
        for t in teams {
            for f in 0..FIGURES as u8 {
                let (ti, fi) = (usize::from(t), usize::from(f));
                w.flag(self.pos(t, f) != OFF_PITCH);
                w.fraction(self.off(t, f), stat);
                w.fraction(self.def(t, f), stat);
                w.fraction(self.boost(t, f), boost);
                w.flag(usize::from(self.slot[ti][fi]) >= FIGURES);
            }
        }
        let started = self.phase != Phase::Toss;
        w.one_hot(2, started.then(|| rel(self.attack)));
        w.one_hot(
            FIGURES,
            self.ball_in_play().then_some(usize::from(self.carrier)),
        );
        for t in teams {
            w.squashed(self.score[usize::from(t)], 1.0);
        }
        w.one_hot(2, Some(usize::from(self.half.clamp(1, 2) - 1)));
        w.fraction(self.notch, self.rules.notches);
        w.one_hot(PHASES, Some(phase_index(self.phase)));
        let actor = match self.turn() {
            Turn::Decision(s) => Some(rel(s)),
            _ => None,
        };
        w.one_hot(2, actor);
        w.one_hot(FIGURES, self.step_figure().map(usize::from));
        let passing = matches!(
            self.phase,
            Phase::Intercept | Phase::Roll(RollFor::Intercept)
        );
        w.one_hot(FIGURES, passing.then_some(usize::from(self.receiver)));
        let shooting = matches!(
            self.phase,
            Phase::Target | Phase::Keeper | Phase::Roll(RollFor::Shot | RollFor::Penalty)
        );
        w.flag(shooting && self.penalty);
        w.fraction(if shooting { self.cover } else { 0 }, SQUARES as u8);
        w.one_hot(
            SQUARES,
            self.target_seen(me).then_some(usize::from(self.target)),
        );
        w.fraction(self.passes, self.rules.max_passes);
        w.squashed(self.held, 1.0);
        for t in teams {
            let subs = self.rules.substitutes[usize::from(t)];
            w.fraction(self.subs_left(t).count_ones() as u8, subs);
        }
        let shots = f32::from(self.rules.shootout_shots.max(1));
        for t in teams {
            let ti = usize::from(t);
            w.squashed(self.kicks[ti], shots);
            w.squashed(self.pens[ti], shots);
            for f in 0..FIGURES {
                w.flag(self.shot[ti] >> f & 1 == 1);
            }
        }
        w.finish();
    }

    /// `me`'s observation as text (`Observation::observation_string`).
    fn observation_string(&self, me: Seat) -> String {
        // Room for every figure's line and the lines around them.
        let mut s = String::with_capacity(1536);
        let side = if me == 0 { "left" } else { "right" };
        let _ = writeln!(
            s,
            "I am {} (seat {me}), defending the {side} goal; hexes are column:row",
            TEAMS[usize::from(me)]
        );
        let _ = writeln!(
            s,
            "Score: {} {} - {} {}",
            TEAMS[0], self.score[0], self.score[1], TEAMS[1]
        );
        let _ = writeln!(
            s,
            "Half {}, minute {} ({} of {} notches), round {}",
            self.half,
            self.minute(),
            self.notch,
            self.rules.notches,
            self.rounds + 1
        );
        let _ = write!(s, "Phase: {}", self.phase_text());
        if let Turn::Decision(t) = self.turn() {
            let _ = write!(s, "; {} decides", TEAMS[usize::from(t)]);
        }
        s.push('\n');
        if self.phase != Phase::Toss {
            let _ = write!(s, "{} attacks", TEAMS[usize::from(self.attack)]);
            if self.ball_in_play() {
                let _ = write!(
                    s,
                    "; the ball is with #{} at {}",
                    self.card(self.attack, self.carrier).number,
                    HexName(&self.board, self.ball())
                );
            }
            let _ = writeln!(s, "; passes this round {}", self.passes);
        }
        for t in [me, 1 - me] {
            let _ = writeln!(
                s,
                "{}{} (substitutes left {}):",
                TEAMS[usize::from(t)],
                if t == me { " (me)" } else { "" },
                self.subs_left(t).count_ones()
            );
            // `  goalkeeper #1 at 0:2: OFF 3 DEF 7 BOOST 1`, written in place: a replay
            // page asks for every seat's text at every step.
            for f in 0..FIGURES as u8 {
                s.push_str(if f == 0 {
                    "  goalkeeper #"
                } else {
                    "  player #"
                });
                push_num(&mut s, self.card(t, f).number);
                s.push_str(" at ");
                HexName(&self.board, self.pos(t, f)).push_to(&mut s);
                for (label, v) in [
                    (": OFF ", self.off(t, f)),
                    (" DEF ", self.def(t, f)),
                    (" BOOST ", self.boost(t, f)),
                ] {
                    s.push_str(label);
                    push_num(&mut s, v);
                }
                if usize::from(self.slot[usize::from(t)][usize::from(f)]) >= FIGURES {
                    s.push_str(" (substitute)");
                }
                s.push('\n');
            }
        }
        if matches!(
            self.phase,
            Phase::Target | Phase::Keeper | Phase::Roll(RollFor::Shot | RollFor::Penalty)
        ) {
            let _ = write!(
                s,
                "{} by #{}: the goalkeeper covers {} squares; ",
                if self.penalty { "Penalty" } else { "Shot" },
                self.card(self.attack, self.carrier).number,
                self.cover
            );
            if self.phase == Phase::Target {
                s.push_str("the square is being chosen\n");
            } else if self.target_seen(me) {
                let _ = writeln!(s, "target square {}", self.target + 1);
            } else {
                s.push_str("target square hidden until the reveal\n");
            }
        }
        if self.kicks != [0, 0] || self.pens != [0, 0] {
            let _ = writeln!(
                s,
                "Shoot-out: {} {}/{} - {}/{} {}",
                TEAMS[0], self.pens[0], self.kicks[0], self.pens[1], self.kicks[1], TEAMS[1]
            );
        }
        s
    }
}

impl State {
    /// The step the match is at, in a player's words, for the observation string
    /// ("Zion places #7", "the D20 for the shot"): never the type's debug form.
    fn phase_text(&self) -> String {
        let team = |t: u8| TEAMS[usize::from(t)];
        let defence = 1 - self.attack;
        match self.phase {
            Phase::Toss => "the coin toss for the kick-off".into(),
            Phase::Place { team: t, fig } => {
                format!("{} places #{}", team(t), self.card(t, fig).number)
            }
            Phase::Kicker => format!("{} names the kicker", team(self.attack)),
            Phase::Move { team: t, fig } => {
                format!(
                    "move phase, {} moves #{}",
                    team(t),
                    self.card(t, fig).number
                )
            }
            Phase::Steal => format!("{} may try a steal", team(defence)),
            Phase::Roll(RollFor::Steal) => "the D20 for the steal".into(),
            Phase::Roll(RollFor::Intercept) => "the D20 for the interception".into(),
            Phase::Roll(RollFor::Shot) => "the D20 for the shot".into(),
            Phase::Roll(RollFor::Penalty) => "the D20 for the penalty".into(),
            Phase::TakerMove => format!("{}'s new carrier moves one hex", team(self.attack)),
            Phase::CarrierMove => format!("{}'s carrier moves one hex", team(self.attack)),
            Phase::Offence => format!("{} passes, shoots or ends the round", team(self.attack)),
            Phase::Intercept => format!("{} may try an interception", team(defence)),
            Phase::Target => format!("{} aims the shot", team(self.attack)),
            Phase::Keeper => format!("{}'s goalkeeper dives", team(defence)),
            Phase::ShootoutToss => "the coin toss for the penalty shoot-out".into(),
            Phase::Appoint { team: t, k } => {
                format!("{} appoints penalty taker {}", team(t), k + 1)
            }
            Phase::Taker => format!("sudden death, {} names its taker", team(self.attack)),
            Phase::Change { team: t } => format!("{} may make a change", team(t)),
            Phase::Over => "the match is over".into(),
        }
    }
}
