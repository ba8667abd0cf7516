//! `sim run` (the default command): many games in parallel, folded into statistics and
//! written to a new run directory.
//!
//! - `plan`: the [`Plan`], everything checked from the options before any
//!   game is played (agents and labels, schedule, threads, output folder, time-budget
//!   warnings, the `sim trace` command that replays the games);
//! - `tally`: the [`Tally`], the run's exact integer counts, and how one game is added
//!   to them;
//! - `simulate`: the games played in chunks of game groups on a rayon
//!   pool, a collecting thread adding each chunk's counts and writing checkpoints, and the
//!   `--sprt` batches;
//! - `finish`: the files written at the end (the CSV files, `shard.json`,
//!   `run.json`, `report.html`);
//! - `run_json`: the types of `run.json`;
//! - `summary`: what is printed on the console at the end (per agent and seat, the
//!   tournament table, the duplicate deals' gain, the SPRT, warnings).
//!
//! [`run`] strings them together; `sim resume` and `sim merge` reuse the pieces.

mod finish;
mod plan;
mod run_json;
mod simulate;
mod summary;
mod tally;

pub use finish::{finish, Finished, RunReport};
pub use plan::{labels, plan, Plan, TraceCommand};
pub use simulate::{chunk_size, simulate, simulate_in, Resumed, SprtOutcome};
pub use tally::StatsObserver;
pub use tally::{Samples, Tally};

use crate::infra::checkpoint::{Saver, Stopped};
use crate::infra::games::{Loaded, LoadedView};
use crate::infra::options::RunOptions;
use anyhow::Result;
use engine::core::Game;
use reports::RunDir;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// `sim run`: plays the games, writes `summary.csv`, `cards.csv`, `matchups.csv`,
/// `ratings.csv`, `balance.csv`, `run.json` and `report.html` to a new run directory, and
/// returns the summary for `sim` to print ([`RunReport`]).
/// Errors: [`crate::Error`], sorted from what failed (see [`crate::infra::error`]).
pub fn run<G: Game>(game: &Loaded<G>, args: &RunOptions) -> crate::infra::error::Result<RunReport> {
    run_keep(game, args)
        .map(|(_, _, report)| report)
        .map_err(crate::Error::from)
}

/// [`run`], returning the plan and a copy of the run's counts (for `sim ladder`, which
/// plays its stages through the runner and then fits ratings over all of them).
pub fn run_keep<G: Game>(game: &Loaded<G>, args: &RunOptions) -> Result<(Plan, Tally, RunReport)> {
    let plan = plan(game, args)?;
    run_planned(
        game.view(),
        args,
        plan,
        &|plan, saver| simulate(&game.game, plan, saver, None),
        &|plan, gauntlet, dir, done| finish(game, plan, gauntlet, dir, done),
    )
}

/// How a run plays its games ([`simulate`] of its plan, with its checkpoints' saver).
type PlayRun<'a> = dyn Fn(&Plan, Option<&Saver>) -> Result<(Tally, Option<SprtOutcome>)> + 'a;

/// How a run ends ([`finish`] of its plan into its folder, with `--gauntlet`).
type FinishRun<'a> = dyn Fn(&Plan, bool, RunDir, Finished) -> Result<RunReport> + 'a;

/// [`run_keep`] once planned (`plan`, at the game loaded as `game`): the games played
/// with `play`, the run finished with `finish`.
fn run_planned(
    game: LoadedView<'_>,
    args: &RunOptions,
    plan: Plan,
    play: &PlayRun<'_>,
    finish: &FinishRun<'_>,
) -> Result<(Plan, Tally, RunReport)> {
    // The output folder's temporary twin is made before the first game: a path that
    // cannot be written fails now, not after the last game.
    let dir = RunDir::create(&plan.out)?;
    let started = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let clock = Instant::now();
    let saver = if args.checkpoint > 0 && plan.sprt.is_none() {
        let groups = plan.groups.end - plan.groups.start;
        let empty = Tally::new(&plan, game.info);
        let whole = crate::infra::checkpoint::shard_or_whole(plan.shard);
        Some(Saver {
            path: dir.tmp_path().join(crate::infra::checkpoint::CHECKPOINT),
            every: std::time::Duration::from_secs(args.checkpoint),
            template: crate::infra::checkpoint::CheckpointFile {
                format: crate::infra::checkpoint::CHECKPOINT_FORMAT.into(),
                run: crate::infra::shard::ShardFile::new(
                    game,
                    &plan,
                    &args.common,
                    whole,
                    &empty,
                    0.0,
                ),
                sharded: plan.shard.is_some(),
                chunk_size: chunk_size(groups),
                done: Vec::new(),
            },
            elapsed_before: 0.0,
        })
    } else {
        None
    };
    let (tally, sprt) = match play(&plan, saver.as_ref()) {
        Ok(done) => done,
        Err(e) => {
            if saver.is_some() && e.downcast_ref::<Stopped>().is_some() {
                // Kept for `sim resume`.
                dir.keep();
            }
            return Err(e);
        }
    };
    let elapsed = clock.elapsed().as_secs_f64();
    let shard = plan.shard.map(|s| {
        crate::infra::shard::ShardFile::new(game, &plan, &args.common, s, &tally, elapsed)
    });
    let kept = tally.clone();
    let report = finish(
        &plan,
        args.common.gauntlet,
        dir,
        Finished {
            tally,
            sprt,
            elapsed,
            started,
            replays: shard.is_none(),
            shard,
        },
    )?;
    Ok((plan, kept, report))
}

/// [`run_keep`] with the games played as phase `label` of `journal` (see
/// [`simulate_in`]): how `sim ladder` plays a stage. No `--sprt`, `--shard` or checkpoint
/// of the run's own; the journal checkpoints.
pub fn run_in<G: Game>(
    game: &Loaded<G>,
    args: &RunOptions,
    journal: &crate::infra::journal::Journal,
    label: &str,
) -> Result<(Plan, Tally, RunReport)> {
    let plan = plan(game, args)?;
    let dir = RunDir::create(&plan.out)?;
    let started = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let clock = Instant::now();
    let tally = simulate_in(&game.game, &plan, journal, label)?;
    let kept = tally.clone();
    let report = finish(
        game,
        &plan,
        args.common.gauntlet,
        dir,
        Finished {
            tally,
            sprt: None,
            elapsed: clock.elapsed().as_secs_f64(),
            started,
            shard: None,
            replays: true,
        },
    )?;
    Ok((plan, kept, report))
}

#[cfg(test)]
mod solo_tests;
