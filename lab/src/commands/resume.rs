//! `sim resume OUT`: a stopped run played to its end from its checkpoint (see
//! [`crate::infra::checkpoint`]), into the files of an uninterrupted run.

use crate::commands::run::{chunk_size, finish, simulate, Finished, SprtOutcome, Tally};
use crate::infra::checkpoint::{
    stop_on_signals, CheckpointFile, Saver, Stopped, CHECKPOINT, CHECKPOINT_FORMAT,
};
use crate::infra::games::GameTask;
use crate::infra::options::ResumeOptions;
use crate::infra::shard::ShardFile;
use anyhow::{bail, Result};
use engine::core::{GameInfo, Registered};
use reports::RunDir;
use std::path::PathBuf;

/// `sim resume OUT`: finds the newest checkpoint of the run that would become `OUT`,
/// plays the rest of its games and writes the run's folder. Returns the report of a
/// resumed `compare`, `sweep`, `tune` or `card-value`, for its summary (`None`: a `sim
/// run`, which prints its own). Errors: [`crate::Error`]: no checkpoint, a finished
/// `OUT`, a checkpoint of another version or format.
pub fn resume(
    args: &ResumeOptions,
) -> crate::infra::error::Result<Option<crate::infra::long_command::LabReport>> {
    resume_untyped(args).map_err(crate::Error::from)
}

/// The work of [`resume`], with `anyhow` errors.
fn resume_untyped(args: &ResumeOptions) -> Result<Option<crate::infra::long_command::LabReport>> {
    let out = &args.dir;
    if out.exists() {
        bail!(
            "'{}' already exists: that run is finished, nothing to resume",
            out.display()
        );
    }
    let Some(tmp) = RunDir::unfinished(out, CHECKPOINT).into_iter().next() else {
        bail!(
            "no checkpoint of '{}' found (an interrupted run keeps it in '{}.tmp-*' beside it)",
            out.display(),
            out.display()
        );
    };
    let path = tmp.join(CHECKPOINT);
    if crate::infra::journal::format_of(&path, "checkpoint")?
        == crate::infra::journal::LAB_CHECKPOINT_FORMAT
    {
        // A checkpoint of compare, sweep, tune or card-value.
        return crate::infra::long_command::resume(
            &path,
            tmp,
            out,
            args.threads,
            args.checkpoint,
            &args.command_line,
        )
        .map(Some);
    }
    let (file, seal): (CheckpointFile, _) =
        crate::infra::shard::read_sealed(&path, "checkpoint", CHECKPOINT_FORMAT)?;
    if file.run.version != env!("CARGO_PKG_VERSION") {
        bail!(
            "'{}' was written by sim {}, this is {}: resume it with that version",
            path.display(),
            file.run.version,
            env!("CARGO_PKG_VERSION")
        );
    }
    let game = file.run.game.clone();
    let mut report = None;
    crate::infra::games::dispatch(
        &game,
        ResumeTask {
            args,
            tmp,
            path,
            file,
            seal,
            report: &mut report,
        },
    )?;
    Ok(report.map(crate::infra::long_command::LabReport::Run))
}

struct ResumeTask<'a> {
    args: &'a ResumeOptions,
    /// Where the resumed run's summary goes.
    report: &'a mut Option<crate::commands::run::RunReport>,
    tmp: PathBuf,
    path: PathBuf,
    file: CheckpointFile,
    seal: reports::seal::Seal,
}

impl GameTask for ResumeTask<'_> {
    type Output = ();
    fn call<R: Registered>(self) -> Result<()> {
        let ResumeTask {
            args,
            report,
            tmp,
            path,
            file,
            seal,
        } = self;
        let shard = file.sharded.then_some(file.run.shard);
        let (game, run_args) = crate::infra::shard::rebuild::<R>(
            &file.run,
            Some(args.dir.clone()),
            args.threads,
            shard,
        )?;
        let plan = crate::commands::run::plan(&game, &run_args)?;
        *report = Some(resume_run(
            args,
            tmp,
            path,
            file,
            seal,
            shard,
            &plan,
            game.game.info(),
            &|saver, resumed| simulate(&game.game, &plan, Some(saver), Some(resumed)),
            &|dir, gauntlet, done| finish(&game, &plan, gauntlet, dir, done),
        )?);
        Ok(())
    }
}

/// How a resumed run plays the rest of its games ([`simulate`] with the saver and what
/// was played).
type PlayRest<'a> =
    dyn Fn(&Saver, crate::commands::run::Resumed) -> Result<(Tally, Option<SprtOutcome>)> + 'a;

/// How a resumed run ends ([`finish`] into its folder, with `--gauntlet` as recorded).
type FinishRun<'a> = dyn Fn(RunDir, bool, Finished) -> Result<crate::commands::run::RunReport> + 'a;

/// [`ResumeTask::call`] once the run is planned (`plan`, at the game described by
/// `info`): the checkpoint `file` (at `path`, sealed `seal`) checked against the plan,
/// the rest played with `play` and the run finished with `finish`.
#[allow(clippy::too_many_arguments)]
fn resume_run(
    args: &ResumeOptions,
    tmp: PathBuf,
    path: PathBuf,
    file: CheckpointFile,
    seal: reports::seal::Seal,
    shard: Option<crate::Shard>,
    plan: &crate::commands::run::Plan,
    info: &GameInfo,
    play: &PlayRest<'_>,
    finish: &FinishRun<'_>,
) -> Result<crate::commands::run::RunReport> {
    let bad =
        |what: &str| anyhow::anyhow!("'{}' does not fit the run it names: {what}", path.display());
    let groups = plan.groups.end - plan.groups.start;
    let chunk = chunk_size(groups);
    let chunks = groups.div_ceil(chunk);
    if file.chunk_size != chunk {
        return Err(bad("another chunk size"));
    }
    let empty = Tally::new(plan, info);
    if !empty.same_shape(&file.run.tally)
        || file.done.iter().any(|&c| c >= chunks)
        || file.done.windows(2).any(|w| w[0] >= w[1])
    {
        return Err(bad("counts of another shape, or unknown chunks"));
    }
    let done_games: u64 = file
        .done
        .iter()
        .map(|&c| {
            let start = plan.groups.start + c * chunk;
            plan.games_of(start..(start + chunk).min(plan.groups.end))
        })
        .sum();
    file.run
        .tally
        .check_counts(done_games, info)
        .map_err(|e| bad(&e))?;
    crate::infra::shard::sealed_intact(&path, seal)?;
    stop_on_signals()?;
    let dir = RunDir::reopen(&plan.out, tmp)?;
    let resumed = crate::commands::run::Resumed {
        tally: file.run.tally.clone(),
        done: file.done.clone(),
    };
    let run = file.run.clone();
    let saver = Saver {
        path: dir.tmp_path().join(CHECKPOINT),
        every: std::time::Duration::from_secs(args.checkpoint.max(1)),
        elapsed_before: file.run.elapsed_seconds,
        template: CheckpointFile {
            run: ShardFile {
                tally: empty,
                ..file.run
            },
            done: Vec::new(),
            ..file
        },
    };
    let started = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let clock = std::time::Instant::now();
    let played = play(&saver, resumed);
    let (tally, sprt) = match played {
        Ok(done) => done,
        Err(e) => {
            if e.downcast_ref::<Stopped>().is_some() {
                dir.keep();
            }
            return Err(e);
        }
    };
    let elapsed = saver.elapsed_before + clock.elapsed().as_secs_f64();
    let gauntlet = run.gauntlet;
    let shard_file = shard.map(|s| ShardFile {
        tally: tally.clone(),
        elapsed_seconds: elapsed,
        shard: s,
        ..run
    });
    finish(
        dir,
        gauntlet,
        Finished {
            tally,
            sprt,
            elapsed,
            started,
            replays: shard_file.is_none(),
            shard: shard_file,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::checkpoint::shard_or_whole;
    use crate::solitaire::Solitaire;
    use crate::testing::{assert_same_counts, run_args, whole_run};
    use engine::core::Game;

    /// A one-seat run stopped after its first chunks, with their counts in its
    /// checkpoint, resumes into the files of the uninterrupted run.
    #[test]
    fn a_one_seat_run_resumes_from_its_checkpoint() {
        let tmp = tempfile::tempdir().unwrap();
        let (game, whole) = whole_run("greedy,random", tmp.path());

        // What a stopped run leaves: its temporary folder with the first chunks' counts.
        let out = tmp.path().join("resumed");
        let mut args = run_args("greedy,random", 150, 2, out.clone());
        args.checkpoint = 60;
        let plan = crate::commands::run::plan(&game, &args).unwrap();
        let groups = plan.groups.end - plan.groups.start;
        let chunk = chunk_size(groups);
        let first = 4;
        let mut part = crate::commands::run::plan(&game, &args).unwrap();
        part.groups = plan.groups.start..plan.groups.start + first * chunk;
        let (counts, _) = simulate(&game.game, &part, None, None).unwrap();
        let dir = RunDir::create(&plan.out).unwrap();
        let empty = Tally::new(&plan, game.game.info());
        let saver = Saver {
            path: dir.tmp_path().join(CHECKPOINT),
            every: std::time::Duration::from_secs(60),
            template: CheckpointFile {
                format: CHECKPOINT_FORMAT.into(),
                run: ShardFile::new(
                    game.view(),
                    &plan,
                    &args.common,
                    shard_or_whole(None),
                    &empty,
                    0.0,
                ),
                sharded: false,
                chunk_size: chunk,
                done: Vec::new(),
            },
            elapsed_before: 0.0,
        };
        let done: Vec<u64> = (0..first).collect();
        saver.save(&counts, &done, 0.5).unwrap();
        let kept = dir.keep();

        // `sim resume OUT`, on the game the checkpoint names.
        let path = kept.join(CHECKPOINT);
        let (file, seal) =
            crate::infra::shard::read_sealed(&path, "checkpoint", CHECKPOINT_FORMAT).unwrap();
        let resume = ResumeOptions {
            dir: out.clone(),
            threads: Some(3),
            checkpoint: 60,
            command_line: Vec::new(),
        };
        let mut report = None;
        ResumeTask {
            args: &resume,
            report: &mut report,
            tmp: kept,
            path,
            file,
            seal,
        }
        .call::<Solitaire>()
        .unwrap();
        assert!(report.is_some());
        assert_same_counts(&out, &whole);
        assert!(!out.join(CHECKPOINT).exists());
    }
}
