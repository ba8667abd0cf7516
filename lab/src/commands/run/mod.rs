//! `sim run` (the default command): many games in parallel, folded into statistics and
//! written to a new run directory.
//!
//! - `plan`: the [`Plan`], everything checked from the options before any
//!   game is played (agents and labels, schedule, threads, output folder, time-budget
//!   warnings, the `sim trace` command that replays the games);
//! - `tally`: the [`Tally`], the run's exact integer counts, and how one game is added
//!   to them;
//! - `simulate`: the games played in chunks of game groups, as the phase `games` of the
//!   command's journal ([`crate::infra::journal`]: checkpoints, resume, shards and merge
//!   are the journal's, as for every long command), or, with `--sprt`, in batches until
//!   the test decides;
//! - `finish`: the files written at the end (the CSV files, `run.json`, `report.html`);
//! - `run_json`: the types of `run.json`;
//! - `summary`: what is printed on the console at the end (per agent and seat, the
//!   tournament table, the duplicate deals' gain, the SPRT, warnings).
//!
//! [`run_planned`] strings them together, once for every way a run is played: `sim run`
//! itself, resumed or merged ([`run_in`]), a stage of `sim ladder` ([`run_stage`]), and a
//! run with agents built by the caller (`crate::commands::custom_agents`).

mod finish;
mod plan;
mod run_json;
mod simulate;
mod summary;
mod tally;

pub use finish::{finish, Finished, RunReport};
pub use plan::{labels, plan, Plan, TraceCommand};
pub use simulate::{chunk_size, simulate, RunJob, SprtOutcome};
pub(crate) use simulate::play_groups;
pub use tally::StatsObserver;
pub use tally::{Samples, Tally};

use crate::infra::games::Loaded;
use crate::infra::journal::{Journal, LongCommand, GAMES};
use crate::infra::options::RunOptions;
use anyhow::{Context, Result};
use engine_core::{Game, Registered};
use serde::{Deserialize, Serialize};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

crate::infra::journal::long_command!(RunOptions: "run", RunReport,
    game: common.game,
    run: run_in,
    summary: write_summary);

/// The summary of `report` as `sim` prints it: its lines.
fn write_summary(out: &mut String, report: &RunReport) {
    for line in &report.lines {
        put!(out, "{line}");
    }
}

/// `sim run` of the game loaded as `game`: plays the games, writes `summary.csv`,
/// `cards.csv`, `matchups.csv`, `ratings.csv`, `balance.csv`, `run.json` and
/// `report.html` to a new run directory, and returns the summary for `sim` to print
/// ([`RunReport`]), with a fresh journal of `args` (its checkpoints and shard).
/// Errors: [`crate::Error`], sorted from what failed (see [`crate::infra::error`]).
pub fn run<G: Game>(game: &Loaded<G>, args: &RunOptions) -> crate::infra::error::Result<RunReport> {
    run_loaded(game, args, &args.fresh_journal()).map_err(crate::Error::from)
}

/// The rules of a run as its journal records them ([`Journal::identify`]): a resumed or
/// merged run is played on the rules it was started with, loaded back from their
/// complete rules file, whatever has become of the files its options name.
#[derive(Serialize, Deserialize)]
struct RecordedRules {
    /// How the rules were named (`default`, a file, with `--set`s).
    source: String,
    /// The resolved rules as a complete rules file.
    toml: String,
    /// The resolved rules tree as JSON (for `run.json`).
    json: serde_json::Value,
}

impl RecordedRules {
    /// The rules of the game loaded as `game`.
    fn of<G: Game>(game: &Loaded<G>) -> Self {
        RecordedRules {
            source: game.rules_source.clone(),
            toml: game.rules_toml.clone(),
            json: game.rules_json.clone(),
        }
    }
}

/// `sim run` of `args` on game `R` with `journal` (fresh, resumed or merged): the rules
/// loaded from the options, or, when the journal was restored from a file, from the
/// rules it recorded. Errors: rules that do not load, and those of the run.
pub fn run_in<R: Registered>(args: &RunOptions, journal: &Journal) -> Result<RunReport> {
    let game = match journal.recorded_identity(0) {
        None => crate::infra::games::load_common::<R>(&args.common)?,
        Some(recorded) => {
            let rules: RecordedRules = serde_json::from_value(recorded)
                .context("the recorded rules of the run are not readable")?;
            let mut game = crate::infra::sealed::load_text::<R>(&rules.toml, "rules_toml")?
                .map_err(|named| anyhow::anyhow!("the recorded rules do not load: {named}"))?;
            // As recorded: the rules file written anew from the loaded rules may differ
            // from the recorded one in its comments.
            (game.rules_source, game.rules_toml, game.rules_json) =
                (rules.source, rules.toml, rules.json);
            game
        }
    };
    run_loaded(&game, args, journal)
}

/// [`run_in`] of the game loaded as `game`: its rules recorded in `journal`, then the
/// games played as its phase `games`.
fn run_loaded<G: Game>(game: &Loaded<G>, args: &RunOptions, journal: &Journal) -> Result<RunReport> {
    journal.identify("rules", &RecordedRules::of(game))?;
    let plan = plan(game, args)?;
    let replays = plan.shard.is_none();
    let (_, _, report) = run_planned(
        game,
        plan,
        (args.common.gauntlet, replays),
        Some(journal),
        &|| journal.elapsed(),
        |plan| simulate::play(&game.game, plan, journal, GAMES, true),
    )?;
    Ok(report)
}

/// A stage of `sim ladder`: the run of `args` on the game loaded as `game`, its games
/// played as phase `label` of the ladder's `journal` (played whole by every shard; the
/// ladder takes none). Returns the plan and a copy of the run's counts with its report,
/// for the ladder's ratings over all stages.
pub fn run_stage<G: Game>(
    game: &Loaded<G>,
    args: &RunOptions,
    journal: &Journal,
    label: &str,
) -> Result<(Plan, Tally, RunReport)> {
    let plan = plan(game, args)?;
    let clock = Instant::now();
    run_planned(
        game,
        plan,
        (args.common.gauntlet, true),
        None,
        &|| clock.elapsed().as_secs_f64(),
        |plan| simulate::play(&game.game, plan, journal, label, false),
    )
}

/// The one skeleton of a run, once planned (`plan`, at the game loaded as `game`): the
/// output folder opened by the command's `journal` (new, or the interrupted run's on
/// resume; `None`: a new folder of a ladder stage, inside the ladder's own), the games
/// played with `play` (the counts of the plan's games, and how `--sprt` ended), the files written ([`finish`]) and the folder put in place (by
/// the journal, with `shard.json` for a shard). `(gauntlet, replays)`: the schedule's
/// format for `run.json`, and whether to write the sample games' replay pages
/// ([`Finished::replays`]). `elapsed` gives the seconds the games
/// took (with a resumed run's, or the shards' sum). Returns the plan, a copy of the
/// counts and the report. Errors: those of `play` (the folder is kept when it holds a
/// checkpoint: [`Journal::kept`]) and of the files.
pub fn run_planned<G: Game>(
    game: &Loaded<G>,
    plan: Plan,
    (gauntlet, replays): (bool, bool),
    journal: Option<&Journal>,
    elapsed: &dyn Fn() -> f64,
    play: impl FnOnce(&Plan) -> Result<(Tally, Option<SprtOutcome>)>,
) -> Result<(Plan, Tally, RunReport)> {
    // The output folder's temporary twin is made before the first game: a path that
    // cannot be written fails now, not after the last game.
    let dir = match journal {
        Some(journal) => journal.open(&plan.out)?,
        None => reports::RunDir::create(&plan.out)?,
    };
    let started = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (tally, sprt) = match play(&plan) {
        Ok(done) => done,
        Err(e) => {
            return Err(match journal {
                Some(journal) => journal.kept(dir, e),
                None => e,
            })
        }
    };
    let kept = tally.clone();
    let report = finish(
        game,
        &plan,
        gauntlet,
        dir,
        journal,
        Finished {
            tally,
            sprt,
            elapsed: elapsed(),
            started,
            replays,
        },
    )?;
    Ok((plan, kept, report))
}

#[cfg(test)]
mod solo_tests;
