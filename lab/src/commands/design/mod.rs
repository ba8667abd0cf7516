//! The design lab: several rule sets played by the same agents on the same seeds (common
//! random numbers), compared metric by metric (`sim compare`, `sim sweep`; `sim tune`
//! uses the same evaluation).
//!
//! Every game `g` of the schedule is played once under every rule set, with the same
//! agent streams `derive_rng(seed, g, Seat(s))` and the same chance streams
//! `derive_rng(seed, deal, Chance(k))`, chance sampled by an exponential race
//! (`sample_chance_coupled`) so that decks differing in a few counts draw alike. The unit
//! of pairing is the group of games played on one deal; each metric is a ratio of sums
//! over groups (`reports::paired`), so its difference between two rule sets gets an
//! interval from the paired groups. Everything here reads game-neutral events only.
//!
//! With `--independent` (calibration only) every rule set but the first plays on a master
//! seed of its own, derived from the seed and its index ([`LabPlan::arm_seed`]), so no two
//! rule sets share random numbers; the paired formulas still hold (their cross term then
//! estimates about 0). The significance flags are corrected for multiplicity over every
//! test of the run ([`reports::Correction`]).

use crate::infra::games;
use crate::infra::journal::Journal;
use crate::infra::options::{CompareOptions, GameOptions, OutputOptions, SweepOptions};
use crate::infra::progress::Progress;
use anyhow::{bail, Result};
use engine_core::{Game, Registered};
use reports::{compare_rows, tests_of, CompareRow, Correction, MetricId, PairedStats};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Instant;

mod metrics;
pub use metrics::{contribution, metrics, Counts, GameFacts, Metric, MetricKind};

mod plan;
pub use plan::{play_arms, play_arms_into, ArmsJob, GroupSink, LabPlan};

mod arms;
pub use arms::{compare_arms, out_dir, split_list, views, Arm, ArmView, ArmsPhase, LoadedArms};

pub mod summary;

mod vary;
pub use vary::{grid, parse_varies, parse_vary, Vary, MAX_POINTS};

/// Level of the significance flags: the family-wise error rate under Holm's correction,
/// the false discovery rate under Benjamini–Hochberg, over every test of the run.
pub const ALPHA: f64 = 0.05;

/// One rule set in `run.json` of a lab command.
#[derive(Serialize)]
pub struct ArmJson<'a> {
    /// Its label.
    pub label: &'a str,
    /// What distinguishes it.
    pub settings: &'a str,
    /// The sources applied, root first.
    pub sources: &'a [String],
    /// The resolved rules.
    pub rules: &'a serde_json::Value,
}

impl<'a> From<&ArmView<'a>> for ArmJson<'a> {
    fn from(a: &ArmView<'a>) -> Self {
        ArmJson {
            label: a.label,
            settings: a.settings,
            sources: &a.loaded.resolved.sources,
            rules: a.loaded.rules_json,
        }
    }
}

/// `run.json` of `sim compare` and `sim sweep`.
#[derive(Serialize)]
struct LabJson<'a> {
    command: Vec<String>,
    version: &'static str,
    kind: &'static str,
    game: &'a str,
    agents: &'a [String],
    games_per_rule_set: u64,
    duplicate: bool,
    seed: u64,
    threads: usize,
    sampling: &'static str,
    alpha: f64,
    multiplicity: Multiplicity,
    /// The same in words, for the report: what a significant difference means.
    significance: String,
    rule_sets: Vec<ArmJson<'a>>,
    elapsed_seconds: f64,
}

/// How the significance flags of a run were corrected, in `run.json`.
#[derive(Serialize)]
pub struct Multiplicity {
    /// `holm` or `bh`.
    pub correction: &'static str,
    /// What the flags control (`family-wise error rate` or `false discovery rate`).
    pub controls: &'static str,
    /// Its level.
    pub alpha: f64,
    /// The number of tests corrected together: every row with a p-value.
    pub tests: usize,
}

impl Multiplicity {
    /// The correction `c` at level [`ALPHA`] over the tests of `rows`.
    pub fn of(c: Correction, rows: &[CompareRow]) -> Self {
        Multiplicity {
            correction: c.name(),
            controls: match c {
                Correction::Holm => "family-wise error rate",
                Correction::BenjaminiHochberg => "false discovery rate",
            },
            alpha: ALPHA,
            tests: tests_of(rows),
        }
    }
}

/// What `*` means, for a summary's footer: `significant after Holm's correction
/// (family-wise error rate 0.05) over the 40 tests of this run (every rule set but the
/// first × metric)`.
pub fn significance_line(c: Correction, rows: &[CompareRow], what: &str) -> String {
    format!(
        "significant after {} over the {} tests of this run (every {what} but the first × metric)",
        c.describe(ALPHA),
        tests_of(rows)
    )
}

/// Warnings about the arms: the game's own (a degenerate rule set) and what the games
/// showed (no goal at all, every game drawn, no decision).
pub fn warnings(arms: &[ArmView<'_>], rows: &[CompareRow]) -> Vec<String> {
    let mut out = Vec::new();
    for (p, arm) in arms.iter().enumerate() {
        for w in arm.loaded.warnings {
            out.push(format!("{}: {w}", arm.label));
        }
        let value = |name: &str, key: &str| {
            rows.iter()
                .find(|r| r.point == p && r.metric == name && r.key == key)
                .and_then(|r| r.value)
        };
        if value("draw_rate", "") == Some(1.0) {
            if value("mean_goals", "") == Some(0.0) {
                out.push(format!(
                    "{}: no goal was scored in any game (every game a 0-0 draw)",
                    arm.label
                ));
            } else {
                out.push(format!("{}: every game was a draw", arm.label));
            }
        }
        if value("mean_length", "decisions") == Some(0.0) {
            out.push(format!(
                "{}: no player ever had a decision to take",
                arm.label
            ));
        }
    }
    out
}

/// Plays every game of `plan` under every rule set of `arms` (a progress bar counting
/// `what`) and returns the rows of `compare.csv` for `metric_list` and the seconds taken.
/// `play` plays every game of a plan under every rule set (see [`play_arms`], its phase
/// `games`, shardable).
pub fn measure(
    arms: &[ArmView<'_>],
    plan: &LabPlan,
    metric_list: &[Metric],
    what: &str,
    journal: &Journal,
    play: &PlayArms<'_>,
) -> Result<(Vec<CompareRow>, f64)> {
    let info = arms[0].loaded.info;
    let bar = Progress::new(plan.schedule.total_games() * arms.len() as u64, what);
    let clock = Instant::now();
    let stats = play(plan, metric_list, &bar, journal)?;
    bar.finish();
    let rows = arm_rows(info.name, arms, metric_list, &stats, plan.correction);
    Ok((rows, clock.elapsed().as_secs_f64()))
}

/// The rows of `compare.csv` of `arms` (labels and settings) for `metric_list` and `stats`,
/// significance flagged by `correction` over every test of the rows.
pub fn arm_rows(
    game: &str,
    arms: &[ArmView<'_>],
    metric_list: &[Metric],
    stats: &PairedStats,
    correction: Correction,
) -> Vec<CompareRow> {
    let sets: Vec<(String, String)> = arms
        .iter()
        .map(|a| (a.label.to_string(), a.settings.to_string()))
        .collect();
    let ids: Vec<MetricId> = metric_list.iter().map(|m| m.id.clone()).collect();
    compare_rows(game, &sets, &ids, stats, ALPHA, correction)
}

/// What [`play_and_write`] returns: the rows, the metrics, the folder and the seconds.
type Written = (Vec<CompareRow>, Vec<Metric>, PathBuf, f64);

/// How a design command plays its rule sets: every game of a plan under every rule set,
/// measuring the metrics, advancing the bar, as phase `games` of the journal
/// ([`play_arms`], shardable).
pub type PlayArms<'a> =
    dyn Fn(&LabPlan, &[Metric], &Progress, &Journal) -> Result<PairedStats> + 'a;

/// Plays `arms`, writes `file` (compare.csv or sweep.csv) and `run.json` (recording
/// `command_line`) to `out`.
#[allow(clippy::too_many_arguments)]
fn play_and_write(
    kind: &'static str,
    arms: &[ArmView<'_>],
    plan: &LabPlan,
    out: &Path,
    file: &str,
    command_line: &[String],
    journal: &Journal,
    play: &PlayArms<'_>,
) -> Result<Written> {
    let info = arms[0].loaded.info;
    let metric_list = metrics(&plan.labels, &plan.schedule, info.num_seats);
    let rules: Vec<(&str, &serde_json::Value)> = arms
        .iter()
        .map(|a| (a.label, a.loaded.rules_json))
        .collect();
    journal.identify("rule sets", &rules)?;
    // Before the first game: an output path that cannot be written fails now.
    let dir = journal.open(out)?;
    let (rows, elapsed) = match measure(arms, plan, &metric_list, "games", journal, play) {
        Ok(measured) => measured,
        Err(e) => return Err(journal.kept(dir, e)),
    };
    let games = plan.schedule.total_games();
    dir.write_csv(file, rows.clone())?;
    dir.write_json(
        "run.json",
        &LabJson {
            command: command_line.to_vec(),
            version: env!("CARGO_PKG_VERSION"),
            kind,
            game: info.name,
            agents: &plan.labels,
            games_per_rule_set: games,
            duplicate: plan.schedule.duplicate,
            seed: plan.seed,
            threads: plan.threads,
            sampling: plan.sampling(),
            alpha: ALPHA,
            multiplicity: Multiplicity::of(plan.correction, &rows),
            significance: significance_line(
                plan.correction,
                &rows,
                if kind == "sweep" { "point" } else { "rule set" },
            ),
            rule_sets: arms.iter().map(ArmJson::from).collect(),
            elapsed_seconds: elapsed,
        },
    )?;
    let out = journal.finish(dir)?;
    Ok((rows, metric_list, out, elapsed))
}

/// One rule set of a design report: its label and what distinguishes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmLabel {
    /// Its label in the CSV and the summary (`default`, `tiro8`, `deck.cards.TIRO=4`;
    /// a sweep's point: `KEY=VALUE, KEY=VALUE`).
    pub label: String,
    /// What distinguishes it (the rules' source, or the `--set`s joined by `; `).
    pub settings: String,
}

impl From<&ArmView<'_>> for ArmLabel {
    fn from(a: &ArmView<'_>) -> Self {
        ArmLabel {
            label: a.label.to_string(),
            settings: a.settings.to_string(),
        }
    }
}

/// What `sim compare` or `sim sweep` found, for its summary: the rule sets (or points),
/// how they were played, every metric's row (those of `compare.csv` or `sweep.csv`) and
/// where the files went. The library prints nothing; `sim` formats this.
#[derive(Clone, Debug)]
pub struct DesignReport {
    /// The game's registered name.
    pub game: String,
    /// The rule sets (compare) or the grid's points (sweep), in order; the first is the
    /// reference.
    pub arms: Vec<ArmLabel>,
    /// Games played under each rule set.
    pub games: u64,
    /// Who played ([`LabPlan::agents_text`]: `greedy vs random`, `greedy alone`).
    pub agents: String,
    /// The master seed.
    pub seed: u64,
    /// Whether the games were dealt in duplicate pairs.
    pub duplicate: bool,
    /// Whether every rule set played on random numbers of its own (`--independent`).
    pub independent: bool,
    /// The multiplicity correction of the significance flags.
    pub correction: Correction,
    /// Seats of the game as played (1: a solitaire).
    pub num_seats: usize,
    /// The metrics measured, in the rows' order ([`Metric::on_screen`]: those a summary
    /// shows).
    pub metrics: Vec<Metric>,
    /// Every metric of every rule set: the rows of `compare.csv` or `sweep.csv`.
    pub rows: Vec<CompareRow>,
    /// Warnings about the rule sets ([`warnings`]), one line each.
    pub warnings: Vec<String>,
    /// The output folder written (a shard's, with `--shard`).
    pub out: PathBuf,
    /// Its `report.html`.
    pub report: PathBuf,
    /// Seconds spent playing (with those of the run resumed, or of the shards merged).
    pub elapsed: f64,
}

impl DesignReport {
    /// The report of `arms` played on `plan`, from what [`play_and_write`] wrote and the
    /// `report` page.
    fn new(
        arms: &[ArmView<'_>],
        plan: &LabPlan,
        (rows, metrics, out, elapsed): Written,
        report: PathBuf,
    ) -> Self {
        DesignReport {
            game: arms[0].loaded.info.name.to_string(),
            arms: arms.iter().map(ArmLabel::from).collect(),
            games: plan.schedule.total_games(),
            agents: plan.agents_text(),
            seed: plan.seed,
            duplicate: plan.schedule.duplicate,
            independent: plan.independent,
            correction: plan.correction,
            num_seats: plan.schedule.num_seats,
            warnings: warnings(arms, &rows),
            metrics,
            rows,
            out,
            report,
            elapsed,
        }
    }
}

crate::infra::journal::long_command!(
    /// `sim compare`: plays every rule set on the same seeds and writes `compare.csv` (every
    /// metric's difference to the first rule set with its interval), `run.json` and
    /// `report.html`; with `--shard`, its part and `shard.json`; stopped, a checkpoint for
    /// `sim resume` (see [`crate::infra::journal`]). Returns what the summary shows; prints nothing.
    /// Errors ([`crate::Error`]): bad options or rules, an output folder that exists, a
    /// failed game, a stop.
    pub fn compare(CompareOptions) -> DesignReport: "compare",
    game: common.game,
    run: compare_report,
    summary: summary::write_compare);

/// [`compare`] with its phase of play recorded in `journal` (fresh, resumed or merged), with
/// `anyhow` errors.
fn compare_report<R: Registered>(args: &CompareOptions, journal: &Journal) -> Result<DesignReport> {
    let arms = compare_arms::<R>(args)?;
    design_report(
        DesignKind::Compare,
        R::NAME,
        &arms,
        &args.common,
        &args.stats,
        &args.output,
        journal,
    )
}

/// Which design command is reported.
#[derive(Clone, Copy)]
enum DesignKind {
    /// `sim compare`.
    Compare,
    /// `sim sweep`.
    Sweep,
}

/// The end of `sim compare` and `sim sweep` on the loaded `arms` of game `game`: the
/// plan, the games played, the files written and the report.
fn design_report<G: Game>(
    kind: DesignKind,
    game: &str,
    arms: &[Arm<G>],
    common: &GameOptions,
    stats: &crate::infra::options::LabStatsOptions,
    output: &OutputOptions,
    journal: &Journal,
) -> Result<DesignReport> {
    let plan = LabPlan::new(&arms[0].loaded.game, common, output.threads)?;
    let games_of: Vec<&G> = arms.iter().map(|a| &a.loaded.game).collect();
    design_report_of(
        kind,
        game,
        &views(arms),
        plan,
        common.games,
        stats,
        output,
        journal,
        &|plan, metrics, bar, journal| {
            play_arms(&games_of, plan, metrics, bar, journal, "games", true)
        },
    )
}

/// [`design_report`] on the views of the arms, playing them with `play`.
#[allow(clippy::too_many_arguments)]
fn design_report_of(
    kind: DesignKind,
    game: &str,
    arms: &[ArmView<'_>],
    mut plan: LabPlan,
    games: u64,
    stats: &crate::infra::options::LabStatsOptions,
    output: &OutputOptions,
    journal: &Journal,
    play: &PlayArms<'_>,
) -> Result<DesignReport> {
    let (name, file) = match kind {
        DesignKind::Compare => ("compare", "compare.csv"),
        DesignKind::Sweep => ("sweep", "sweep.csv"),
    };
    plan.independent = stats.independent;
    plan.correction = stats.correction;
    let out = out_dir(output, name, game, plan.seed, games)?;
    let written = play_and_write(
        name,
        arms,
        &plan,
        &out,
        file,
        &output.command_line,
        journal,
        play,
    )?;
    let report = reports::write_report(&written.2)?;
    Ok(DesignReport::new(arms, &plan, written, report))
}

crate::infra::journal::long_command!(
    /// `sim sweep`: plays every point of the grid on the same seeds and writes every metric
    /// at every point with its interval (and its difference to the first point) to
    /// `sweep.csv`, `run.json` and `report.html`; with `--shard`, its part and `shard.json`;
    /// stopped, a checkpoint for `sim resume` (see [`crate::infra::journal`]). Returns what the
    /// summary shows; prints nothing. Errors ([`crate::Error`]): bad options, every problem of
    /// every point's rules, an output folder that exists, a failed game, a stop.
    pub fn sweep(SweepOptions) -> DesignReport: "sweep",
    game: common.game,
    run: sweep_report,
    summary: summary::write_sweep);

/// [`sweep`] with its phase of play recorded in `journal` (fresh, resumed or merged), with
/// `anyhow` errors.
fn sweep_report<R: Registered>(args: &SweepOptions, journal: &Journal) -> Result<DesignReport> {
    let common = &args.common;
    let rules = games::single_rules(&common.rules)?;
    let mut arms = Vec::new();
    sweep_points(
        &args.vary,
        &|| games::sets::<R>(common),
        &mut |sets, label, settings| {
            let loaded = games::load::<R>(rules, sets)?;
            arms.push(Arm {
                label,
                settings,
                loaded,
            });
            Ok(())
        },
    )?;
    design_report(
        DesignKind::Sweep,
        R::NAME,
        &arms,
        common,
        &args.stats,
        &args.output,
        journal,
    )
}

/// How the rule sets of a design command are loaded: `load(sets, label, settings)`
/// loads the rules with the overrides `sets` as a rule set labelled `label`.
type LoadArm<'a> = dyn FnMut(&[String], String, String) -> Result<()> + 'a;

/// Loads every point of the grid of `vary` with `load`, on the overrides of `sets`.
/// Errors: a bad `--vary`, too many points, and every problem of every point's rules,
/// each once ([`once_per_key`]).
fn sweep_points(
    vary: &[String],
    sets: &dyn Fn() -> Result<Vec<String>>,
    load: &mut LoadArm<'_>,
) -> Result<()> {
    let varies = parse_varies(vary)?;
    let points = grid(&varies);
    if points.len() > MAX_POINTS {
        bail!("--vary makes {} points; at most {MAX_POINTS}", points.len());
    }
    let mut errors = Vec::new();
    for p in &points {
        let sets: Vec<String> = sets()?.into_iter().chain(p.iter().cloned()).collect();
        if let Err(e) = load(&sets, p.join(", "), p.join("; ")) {
            match e.downcast::<crate::infra::rules::RuleErrors>() {
                Ok(re) => errors.extend(re.0),
                Err(e) => return Err(e),
            }
        }
    }
    if !errors.is_empty() {
        return Err(crate::infra::rules::RuleErrors(once_per_key(errors)).into());
    }
    Ok(())
}

/// The problems of a grid's points, less those that repeat one already listed for
/// another value of the same key: a line `--set KEY=VALUE: PROBLEM` is kept once per
/// `KEY` and `PROBLEM`, so a misspelt `--vary` key is one line, not one per point,
/// while a problem that depends on the value (`deck.size: 339 is more than 250`) is
/// listed at each value it has. Any other line is kept once. The order is kept. `sweep`
/// and `tune` both check their grids with it.
pub(crate) fn once_per_key(errors: Vec<String>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    errors
        .into_iter()
        .filter(|line| {
            let key_and_problem = line
                .strip_prefix("--set ")
                .and_then(|rest| rest.split_once(": "))
                .map(|(set, problem)| (set.split_once('=').map_or(set, |(k, _)| k), problem));
            match key_and_problem {
                Some((key, problem)) => seen.insert(format!("{key}\n{problem}")),
                None => seen.insert(line.clone()),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_lists_a_problem_once_per_key_and_each_value_dependent_one() {
        let lines = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let errors = lines(&[
            "--set nosuch=1: nosuch: unknown key",
            "--set deck.cards.TIRO=200: deck.size: 339 is more than 250",
            "--set nosuch=2: nosuch: unknown key",
            "--set deck.cards.TIRO=201: deck.size: 340 is more than 250",
            "--set deck.cards.TIRO=201: deck.cards: a count above 60",
            "--set deck.cards.TIRO=202: deck.cards: a count above 60",
            "rules.toml: hand_size: 0 must be at least 1",
            "rules.toml: hand_size: 0 must be at least 1",
        ]);
        assert_eq!(
            once_per_key(errors),
            lines(&[
                "--set nosuch=1: nosuch: unknown key",
                "--set deck.cards.TIRO=200: deck.size: 339 is more than 250",
                "--set deck.cards.TIRO=201: deck.size: 340 is more than 250",
                "--set deck.cards.TIRO=201: deck.cards: a count above 60",
                "rules.toml: hand_size: 0 must be at least 1",
            ])
        );
    }

    #[test]
    fn vary_ranges_steps_and_lists() {
        assert_eq!(
            parse_vary("deck.cards.TIRO=4..8").unwrap().values,
            ["4", "5", "6", "7", "8"]
        );
        assert_eq!(
            parse_vary("hand_size=3..9:3").unwrap().values,
            ["3", "6", "9"]
        );
        assert_eq!(
            parse_vary("options.grangol=automatic-goal,tiro")
                .unwrap()
                .values,
            ["automatic-goal", "tiro"]
        );
        assert_eq!(
            parse_vary("dice.green=[\"ball\",\"X\"],[\"X\"]")
                .unwrap()
                .values,
            ["[\"ball\",\"X\"]", "[\"X\"]"]
        );
        assert!(parse_vary("x=8..4").is_err());
        assert!(parse_vary("x=a..4").is_err());
        assert!(parse_vary("x").is_err());
    }

    #[test]
    fn grid_is_every_combination_first_key_slowest() {
        let g = grid(&[
            Vary {
                key: "a".into(),
                values: vec!["1".into(), "2".into()],
            },
            Vary {
                key: "b".into(),
                values: vec!["x".into(), "y".into()],
            },
        ]);
        assert_eq!(
            g,
            [
                ["a=1", "b=x"],
                ["a=1", "b=y"],
                ["a=2", "b=x"],
                ["a=2", "b=y"]
            ]
        );
    }
}
