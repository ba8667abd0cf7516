//! Helvetia Cup's rules as data: the TOML format of `configs/helvetia/*.toml` and its
//! validation into [`Rules`], a small `Copy` value every state carries.
//!
//! Every key is documented in the comment lines above it in
//! `configs/helvetia/default.toml` and traced to the rulebook in `docs/rules/helvetia.md`;
//! each reading the rulebook leaves open is one named option of [`Options`].

use crate::core::{option_enum, rule_options, RuleProblem};
use serde::{Deserialize, Serialize};

/// The default rules, embedded in the binary (`configs/helvetia/default.toml`).
pub const DEFAULT_RULES: &str = include_str!("../../../configs/helvetia/default.toml");

/// Figures of a team on the pitch: the goalkeeper (index 0) and four players.
pub const FIGURES: usize = 5;
/// The most substitutes of a team ("a goalkeeper, four players and two substitutes").
pub const SUBSTITUTES: usize = 2;
/// The most cards of a team: the five starters, then the substitutes.
pub const CARDS: usize = FIGURES + SUBSTITUTES;
/// Squares of the goal (2 rows × 3), numbered top row left to right, then the bottom row.
pub const SQUARES: usize = 6;
/// The most columns of the pitch.
pub const MAX_COLUMNS: u8 = 15;
/// The most rows of the pitch.
pub const MAX_ROWS: u8 = 9;
/// The most faces of the D20 (and the largest number on a face).
pub const MAX_FACES: usize = 30;
/// The largest competence on a player card.
pub const MAX_COMPETENCE: u8 = 30;
/// The most BOOST markers on one card.
pub const MAX_BOOST: u8 = 3;
/// The largest turn cap ([`Rules::max_rounds`]).
pub const MAX_ROUNDS: u32 = 10_000;

/// The rules file as written (`configs/helvetia/default.toml`). Unknown keys are errors.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RulesConfig {
    /// Hexes from goal to goal (odd, 5 to 15).
    pub columns: u8,
    /// Hexes from touchline to touchline (odd, 3 to 9).
    pub rows: u8,
    /// Radius of the centre circle, in hexes.
    pub centre_circle_radius: u8,
    /// Largest hex distance to the goal-zone hex from which a figure may shoot.
    pub shooting_range: u8,
    /// Largest hex distance of a pass.
    pub pass_range: u8,
    /// Hex distance of the penalty spot from the goal-zone hex (squares the goalkeeper
    /// covers against a penalty).
    pub penalty_distance: u8,
    /// Time notches in a half.
    pub notches: u8,
    /// Minutes per notch.
    pub minutes_per_notch: u8,
    /// Shots of each team in the first series of the shoot-out.
    pub shootout_shots: u8,
    /// The lab's cap on rounds.
    pub max_rounds: u32,
    /// The lab's cap on passes in one round.
    pub max_passes: u8,
    /// The lab's cap on sudden-death pairs of penalties.
    pub max_sudden_death: u8,
    /// The D20.
    pub d20: DieConfig,
    /// The goal's squares.
    pub goal: GoalConfig,
    /// The two teams' player cards.
    pub teams: TeamsConfig,
    /// The readings of the rulebook's open points.
    pub options: Options,
}

/// `[d20]`: the die.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DieConfig {
    /// The number on each face (1 to 30 each, 2 to 30 faces).
    pub faces: Vec<u8>,
}

/// `[goal]`: the goal's 2 × 3 squares.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GoalConfig {
    /// The malus of each square, top row left to right, then the bottom row.
    pub malus: Vec<u8>,
}

/// `[teams]`: Zion (seat 0) and Basela (seat 1).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TeamsConfig {
    /// Seat 0's cards.
    pub zion: TeamConfig,
    /// Seat 1's cards.
    pub basela: TeamConfig,
}

/// One team's player cards, each list in the order goalkeeper, the four players, then up
/// to two substitutes; every list has the same length (5 to 7).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TeamConfig {
    /// The numbers printed on the cards (the goalkeeper's first).
    pub numbers: Vec<u8>,
    /// Offensive competence (OFF).
    pub off: Vec<u8>,
    /// Defensive competence (DEF).
    pub def: Vec<u8>,
    /// BOOST markers (at most 3).
    pub boost: Vec<u8>,
    /// OFF once the BOOST is spent.
    pub off_exhausted: Vec<u8>,
    /// DEF once the BOOST is spent.
    pub def_exhausted: Vec<u8>,
}

option_enum!(
    /// What follows a kick-off (after a goal, or at the start of the second half): the
    /// rulebook's "Special case" against its "then follows a move phase".
    Kickoff {
        /// Straight to the offensive actions, no move phase.
        Actions = "actions",
        /// A move phase first.
        MovePhase = "move-phase",
    }
);

option_enum!(
    /// Whether the coaches may make changes after a goal: the sheet's setting up lists
    /// only the cards 1, 3, 6, 8, 10, while its aim gives a team "two substitutes" and
    /// its change of possession lets the coaches "carry out changes" after a goal.
    Substitutions {
        /// No changes: the five cards of the setting up play the whole match.
        None = "none",
        /// After a goal, before the placing, each coach (the scorer's first) may bring
        /// on substitutes for outfield players; a player who went out cannot come back.
        AfterGoal = "after-goal",
    }
);

option_enum!(
    /// What happens to spent BOOST markers at half time (the rulebook is silent).
    BoostHalfTime {
        /// Spent markers stay in the box.
        Keep = "keep",
        /// Every card gets its printed BOOST again.
        Refill = "refill",
    }
);

rule_options!(
/// `[options]`: one named option per reading the rulebook leaves open.
{
    /// What follows the kick-off after a goal.
    pub kickoff_after_goal: Kickoff,
    /// What follows the kick-off of the second half.
    pub kickoff_second_half: Kickoff,
    /// BOOST at half time.
    pub boost_half_time: BoostHalfTime,
    /// Changes after a goal.
    pub substitutions: Substitutions,
    /// A house rule, not the rulebook's: after this many rounds in a row ended by the
    /// same attacking team (its "no more offensive actions"), the time marker advances
    /// one notch. 0 (the default) is the rulebook: the clock moves only when the defence
    /// recovers the ball and after a goal ("DURATION OF A MATCH"), so a team that keeps
    /// the ball keeps the clock still.
    pub notch_after_rounds: u8,
}
);

/// One player card, validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Card {
    /// The number printed.
    pub number: u8,
    /// OFF with BOOST left.
    pub off: u8,
    /// DEF with BOOST left.
    pub def: u8,
    /// BOOST markers at the start.
    pub boost: u8,
    /// OFF once exhausted.
    pub off_exhausted: u8,
    /// DEF once exhausted.
    pub def_exhausted: u8,
}

/// Validated rules: a small `Copy` value carried by every state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Columns (odd).
    pub columns: u8,
    /// Rows (odd).
    pub rows: u8,
    /// Centre circle radius.
    pub centre_circle_radius: u8,
    /// Shooting zone radius around the goal-zone hex.
    pub shooting_range: u8,
    /// Pass range.
    pub pass_range: u8,
    /// Squares the goalkeeper covers against a penalty.
    pub penalty_distance: u8,
    /// Notches in a half.
    pub notches: u8,
    /// Minutes per notch.
    pub minutes_per_notch: u8,
    /// First-series penalties per team.
    pub shootout_shots: u8,
    /// Round cap.
    pub max_rounds: u32,
    /// Pass cap per round.
    pub max_passes: u8,
    /// Sudden-death cap.
    pub max_sudden_death: u8,
    /// D20 faces showing each number (index = the number).
    pub d20: [u8; MAX_FACES + 1],
    /// D20 faces showing at most each number (index = the number; the last entry is every
    /// face): the running sum of `d20`, kept so a roll's chance is one division.
    pub d20_cumulative: [u8; MAX_FACES + 1],
    /// Malus of each goal square.
    pub malus: [u8; SQUARES],
    /// The cards: `cards[team][card]`, card 0 the goalkeeper, 1..5 the players who
    /// start, then the substitutes.
    pub cards: [[Card; CARDS]; 2],
    /// Substitutes of each team (cards from [`FIGURES`] on).
    pub substitutes: [u8; 2],
    /// The readings of the open points.
    pub options: Options,
}

impl Rules {
    /// The chance that one D20 roll shows at most `need`: the faces showing at most
    /// `need` over all faces (0 when `need` is 0; `need` above the largest number counts
    /// every face).
    #[inline]
    pub fn d20_at_most(&self, need: u8) -> f64 {
        let all = self.d20_cumulative[MAX_FACES];
        let good = self.d20_cumulative[usize::from(need).min(MAX_FACES)];
        f64::from(good) / f64::from(all.max(1))
    }

    /// These rules, shared: the first call with rules equal to these keeps a copy for
    /// the life of the process, later ones find it (a lock and a comparison per state
    /// made, never per action). A process keeps one copy per distinct rule set it plays.
    pub fn interned(self) -> &'static Rules {
        static SETS: crate::core::Interned<Rules> = crate::core::Interned::new();
        SETS.get(|r| *r == self, || self)
    }

    /// The faces of the D20.
    #[inline]
    pub fn d20_faces(&self) -> u32 {
        u32::from(self.d20_cumulative[MAX_FACES])
    }

    /// An upper bound on the actions of one game: per round at most 10 moves, a steal
    /// (decision, roll, two moves), `max_passes` passes with their interception (3
    /// actions each), a shot (4), an end, a placement of 11 decisions and the changes
    /// (each team's substitutes and its "no more changes"); plus the shoot-out
    /// (appointments, and 5 actions per penalty).
    pub fn max_game_length(&self) -> usize {
        let per_round = 10
            + 4
            + 4 * usize::from(self.max_passes)
            + 5
            + 1
            + 2 * (FIGURES + 1)
            + 2 * (SUBSTITUTES + 1);
        let penalties = 2 * (usize::from(self.shootout_shots) + usize::from(self.max_sudden_death));
        let shootout = 2 + 2 * usize::from(self.shootout_shots) + 6 * penalties;
        1 + (self.max_rounds as usize + 4) * per_round + shootout
    }
}

impl RulesConfig {
    /// Validates the file into [`Rules`]. Errors: every problem, each with its dotted key
    /// (`columns`, `d20.faces`, `teams.zion.off`) and one line saying what to change.
    pub fn validate(&self) -> Result<Rules, Vec<RuleProblem>> {
        let mut problems = Vec::new();
        let mut bad = |key: &str, msg: String| problems.push(RuleProblem::new(key, msg));
        let columns_ok = (5..=MAX_COLUMNS).contains(&self.columns) && self.columns % 2 == 1;
        let rows_ok = (3..=MAX_ROWS).contains(&self.rows) && self.rows % 2 == 1;
        let circle_ok = self.centre_circle_radius <= 2;
        if !columns_ok {
            bad(
                "columns",
                format!(
                    "{} columns: an odd number from 5 to {MAX_COLUMNS}",
                    self.columns
                ),
            );
        }
        if !rows_ok {
            bad(
                "rows",
                format!("{} rows: an odd number from 3 to {MAX_ROWS}", self.rows),
            );
        }
        if !circle_ok {
            bad(
                "centre_circle_radius",
                format!("{}: at most 2", self.centre_circle_radius),
            );
        }
        if columns_ok && rows_ok && circle_ok {
            // Every figure of a team is placed in its half outside the centre circle at a
            // kick-off: a smaller pitch leaves a figure nowhere to go.
            let room =
                super::board::Board::sized(self.columns, self.rows, self.centre_circle_radius)
                    .placement_hexes();
            if room < FIGURES {
                bad(
                    "columns",
                    format!(
                        "{} x {} hexes with a centre circle of radius {}: a team's half has \
                         {room} hexes outside the circle, fewer than the {FIGURES} figures \
                         it places at a kick-off; more columns or rows, or a smaller circle",
                        self.columns, self.rows, self.centre_circle_radius
                    ),
                );
            }
        }
        if self.shooting_range == 0 || self.shooting_range > 6 {
            bad(
                "shooting_range",
                format!(
                    "{}: 1 to 6 (the goalkeeper covers as many squares as the distance, and \
                     the goal has 6)",
                    self.shooting_range
                ),
            );
        }
        if self.pass_range == 0 || self.pass_range > 6 {
            bad("pass_range", format!("{}: 1 to 6", self.pass_range));
        }
        if self.penalty_distance == 0 || self.penalty_distance > 5 {
            bad(
                "penalty_distance",
                format!(
                    "{}: 1 to 5 (6 squares would cover the whole goal)",
                    self.penalty_distance
                ),
            );
        }
        if self.notches == 0 || self.notches > 20 {
            bad("notches", format!("{}: 1 to 20", self.notches));
        }
        if self.minutes_per_notch == 0 {
            bad("minutes_per_notch", "at least 1".into());
        }
        if self.shootout_shots == 0 || self.shootout_shots > 5 {
            bad(
                "shootout_shots",
                format!("{}: 1 to 5 (five figures)", self.shootout_shots),
            );
        }
        RuleProblem::check_range(&mut bad, "max_rounds", self.max_rounds, 1..=MAX_ROUNDS);
        if self.max_passes > 50 {
            bad("max_passes", format!("{}: at most 50", self.max_passes));
        }
        if self.max_sudden_death == 0 || self.max_sudden_death > 200 {
            bad(
                "max_sudden_death",
                format!("{}: 1 to 200", self.max_sudden_death),
            );
        }
        let mut d20 = [0u8; MAX_FACES + 1];
        let faces = &self.d20.faces;
        if faces.len() < 2 || faces.len() > MAX_FACES {
            bad(
                "d20.faces",
                format!("{} faces; the die has 2 to {MAX_FACES}", faces.len()),
            );
        }
        for &f in faces {
            if f == 0 || usize::from(f) > MAX_FACES {
                bad("d20.faces", format!("a face shows {f}; 1 to {MAX_FACES}"));
            } else {
                d20[usize::from(f)] += 1;
            }
        }
        let mut malus = [0u8; SQUARES];
        if self.goal.malus.len() != SQUARES {
            bad(
                "goal.malus",
                format!(
                    "{} squares; the goal has {SQUARES} (2 rows of 3)",
                    self.goal.malus.len()
                ),
            );
        }
        for (m, &v) in malus.iter_mut().zip(&self.goal.malus) {
            if v > MAX_COMPETENCE {
                bad(
                    "goal.malus",
                    format!("a malus of {v}; at most {MAX_COMPETENCE}"),
                );
            }
            *m = v;
        }
        let mut cards = [[Card::default(); CARDS]; 2];
        let mut substitutes = [0u8; 2];
        for (t, (name, team)) in [("zion", &self.teams.zion), ("basela", &self.teams.basela)]
            .into_iter()
            .enumerate()
        {
            let lists: [(&str, &Vec<u8>, u8); 6] = [
                ("numbers", &team.numbers, 99),
                ("off", &team.off, MAX_COMPETENCE),
                ("def", &team.def, MAX_COMPETENCE),
                ("boost", &team.boost, MAX_BOOST),
                ("off_exhausted", &team.off_exhausted, MAX_COMPETENCE),
                ("def_exhausted", &team.def_exhausted, MAX_COMPETENCE),
            ];
            let squad = team.numbers.len();
            for (key, list, max) in lists {
                let dotted = format!("teams.{name}.{key}");
                if list.len() < FIGURES || list.len() > CARDS {
                    bad(
                        &dotted,
                        format!(
                            "{} values; one per card: the goalkeeper, four players and up to \
                             {SUBSTITUTES} substitutes ({FIGURES} to {CARDS})",
                            list.len()
                        ),
                    );
                } else if list.len() != squad {
                    bad(
                        &dotted,
                        format!(
                            "{} values, but teams.{name}.numbers has {squad}: one per card",
                            list.len()
                        ),
                    );
                }
                if let Some(v) = list.iter().find(|&&v| v > max) {
                    bad(&dotted, format!("{v} is more than {max}"));
                }
            }
            substitutes[t] = team
                .numbers
                .len()
                .clamp(FIGURES, CARDS)
                .saturating_sub(FIGURES) as u8;
            for (f, card) in cards[t].iter_mut().enumerate() {
                let get = |l: &Vec<u8>| l.get(f).copied().unwrap_or(0);
                *card = Card {
                    number: get(&team.numbers),
                    off: get(&team.off),
                    def: get(&team.def),
                    boost: get(&team.boost),
                    off_exhausted: get(&team.off_exhausted),
                    def_exhausted: get(&team.def_exhausted),
                };
            }
            let mut numbers = team.numbers.clone();
            numbers.sort_unstable();
            numbers.dedup();
            if numbers.len() != team.numbers.len() {
                bad(
                    &format!("teams.{name}.numbers"),
                    "two cards carry the same number".into(),
                );
            }
        }
        RuleProblem::none_or(problems, || {
            let d20_cumulative = std::array::from_fn(|n| d20[..=n].iter().sum());
            Rules {
                columns: self.columns,
                rows: self.rows,
                centre_circle_radius: self.centre_circle_radius,
                shooting_range: self.shooting_range,
                pass_range: self.pass_range,
                penalty_distance: self.penalty_distance,
                notches: self.notches,
                minutes_per_notch: self.minutes_per_notch,
                shootout_shots: self.shootout_shots,
                max_rounds: self.max_rounds,
                max_passes: self.max_passes,
                max_sudden_death: self.max_sudden_death,
                d20,
                d20_cumulative,
                malus,
                cards,
                substitutes,
                options: self.options,
            }
        })
    }
}
