//! Checkpoints and resume: a long `sim run` survives Ctrl-C, SIGTERM and SIGKILL.
//!
//! A run plays its games in fixed chunks of game groups (see `run::chunk_size`); each
//! finished chunk's counts are added to the run's tally as it comes. Every `--checkpoint`
//! seconds (60 by default) the tally and the list of finished chunks are written
//! atomically to `checkpoint.json` in the run's temporary folder (`OUT.tmp-XXXXXX`, beside
//! `--out`). Ctrl-C or SIGTERM stops the workers at their next decision (a search under
//! way returns at once), writes a last checkpoint and keeps the temporary folder; a
//! SIGKILL leaves the last checkpoint there.
//! `sim resume OUT` reads it, plays the chunks that were not finished and writes the same
//! files as an uninterrupted run: every count is an integer, so the order in which chunks
//! are added does not matter. A chunk under way when the run stopped is played again from
//! its start, so at most one checkpoint interval of work is lost.

use crate::cli::{ResumeArgs, Shard};
use crate::run::{chunk_size, finish, simulate, Finished, Tally};
use crate::shard::ShardFile;
use ::lab::games::GameTask;
use anyhow::{bail, Result};
use engine::core::Registered;
use reports::RunDir;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The checkpoint's file name in the run's temporary folder.
pub const CHECKPOINT: &str = "checkpoint.json";

/// The format tag of `checkpoint.json`; resume refuses any other.
/// Format 2 added the content hash ([`reports::seal`]) and the cross-checks of the
/// counts; format 3 the sums of squared scores (half-points, win shares, card scores)
/// of the draw-aware score intervals. A checkpoint of an older format is refused with a
/// line saying so.
pub const CHECKPOINT_FORMAT: &str = "sim-checkpoint-3";

/// Whether the command was asked to stop (Ctrl-C or SIGTERM, see [`stop_on_signals`]):
/// the flag [`agents::stop_requested`], which the searches check too.
pub fn stopping() -> bool {
    agents::stop_requested()
}

/// Makes Ctrl-C and SIGTERM ask the command to stop ([`agents::request_stop`]: every
/// search returns within a few iterations, every game is discarded at its next decision)
/// instead of killing the process. Installed once per process; later calls do nothing.
/// Errors: the handler cannot be installed.
pub fn stop_on_signals() -> Result<()> {
    static INSTALLED: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    INSTALLED
        .get_or_init(|| ctrlc::set_handler(agents::request_stop).map_err(|e| e.to_string()))
        .clone()
        .map_err(|e| anyhow::anyhow!("cannot install the Ctrl-C and SIGTERM handler: {e}"))
}

/// The message of a command stopped by Ctrl-C or SIGTERM that keeps nothing (`why`: it
/// does not checkpoint, or `--checkpoint 0`, or `--sprt`); `main` prints it and exits
/// with status 130, as for a run that kept a checkpoint.
pub fn nothing_kept(why: &str) -> Stopped {
    Stopped(format!(
        "sim: stopped by Ctrl-C or SIGTERM; nothing was kept ({why})"
    ))
}

/// A run stopped by Ctrl-C or SIGTERM after writing its checkpoint: not an error of the
/// input. `main` prints the message and exits with status 130.
#[derive(Debug)]
pub struct Stopped(pub String);

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Stopped {}

/// `checkpoint.json`: the run's identity and the counts of its finished chunks.
#[derive(Serialize, Deserialize)]
pub struct CheckpointFile {
    /// [`CHECKPOINT_FORMAT`].
    pub format: String,
    /// The run: its identity (as a shard file: the whole run is shard 0 of 1), the
    /// counts of the finished chunks and the seconds played so far.
    pub run: ShardFile,
    /// Whether the run was a shard (`--shard`), which then ends with `shard.json`.
    pub sharded: bool,
    /// The chunk size, in game groups.
    pub chunk_size: u64,
    /// The finished chunks, by index from the shard's first group, ascending.
    pub done: Vec<u64>,
}

/// Writes checkpoints of a run to its temporary folder.
pub struct Saver {
    /// `checkpoint.json` in the run's temporary folder.
    pub path: PathBuf,
    /// Time between two checkpoints.
    pub every: std::time::Duration,
    /// The file with an empty tally: each checkpoint fills in the counts.
    pub template: CheckpointFile,
    /// Seconds played before this process (a resumed run).
    pub elapsed_before: f64,
}

impl Saver {
    /// Writes the checkpoint of `tally` after the chunks `done`, `elapsed` seconds into
    /// this process's play, sealed with its content hash ([`reports::seal`]). Atomic: a
    /// kill during the write leaves the last checkpoint.
    pub fn save(&self, tally: &Tally, done: &[u64], elapsed: f64) -> Result<()> {
        let file = CheckpointFile {
            format: self.template.format.clone(),
            run: ShardFile {
                tally: tally.clone(),
                elapsed_seconds: self.elapsed_before + elapsed,
                ..self.template.run.clone()
            },
            sharded: self.template.sharded,
            chunk_size: self.template.chunk_size,
            done: done.to_vec(),
        };
        reports::write_json(&self.path, &reports::seal::seal(&file)?)?;
        Ok(())
    }
}

/// The message of a stopped run, with the command that resumes it.
pub fn stopped_message(out: &Path, games: u64, total: u64) -> String {
    format!(
        "sim: stopped after {games} of {total} games; checkpoint written. Resume with:\n  \
         sim resume {}",
        out.display()
    )
}

/// `sim resume OUT`: finds the newest checkpoint of the run that would become `OUT`,
/// plays the rest of its games and writes the run's folder. Errors: no checkpoint, a
/// finished `OUT`, a checkpoint of another version or format.
pub fn resume(args: &ResumeArgs) -> Result<()> {
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
    let (file, seal): (CheckpointFile, _) =
        crate::shard::read_sealed(&path, "checkpoint", CHECKPOINT_FORMAT)?;
    if file.run.version != env!("CARGO_PKG_VERSION") {
        bail!(
            "'{}' was written by sim {}, this is {}: resume it with that version",
            path.display(),
            file.run.version,
            env!("CARGO_PKG_VERSION")
        );
    }
    let game = file.run.game.clone();
    ::lab::games::dispatch(
        &game,
        ResumeTask {
            args,
            tmp,
            path,
            file,
            seal,
        },
    )
}

struct ResumeTask<'a> {
    args: &'a ResumeArgs,
    tmp: PathBuf,
    path: PathBuf,
    file: CheckpointFile,
    seal: reports::seal::Seal,
}

impl GameTask for ResumeTask<'_> {
    fn call<R: Registered>(self) -> Result<()> {
        let ResumeTask {
            args,
            tmp,
            path,
            file,
            seal,
        } = self;
        let shard = file.sharded.then_some(file.run.shard);
        let (game, run_args) =
            crate::shard::rebuild::<R>(&file.run, Some(args.dir.clone()), args.threads, shard)?;
        let plan = crate::run::plan(&game, &run_args)?;
        let bad = |what: &str| {
            anyhow::anyhow!("'{}' does not fit the run it names: {what}", path.display())
        };
        let groups = plan.groups.end - plan.groups.start;
        let chunk = chunk_size(groups);
        let chunks = groups.div_ceil(chunk);
        if file.chunk_size != chunk {
            return Err(bad("another chunk size"));
        }
        let empty = Tally::new(&plan, game.game.info());
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
            .check_counts(done_games, game.game.info())
            .map_err(|e| bad(&e))?;
        crate::shard::sealed_intact(&path, seal)?;
        stop_on_signals()?;
        let dir = RunDir::reopen(&plan.out, tmp)?;
        let resumed = crate::run::Resumed {
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
        let played = simulate(&game.game, &plan, Some(&saver), Some(resumed));
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
            &game,
            &plan,
            gauntlet,
            dir,
            Finished {
                tally,
                sprt,
                elapsed,
                started,
                shard: shard_file,
            },
        )
    }
}

/// The shard a run is, for its checkpoint's identity: its own, or the whole run as shard
/// 0 of 1.
pub fn shard_or_whole(shard: Option<Shard>) -> Shard {
    shard.unwrap_or(Shard { index: 0, count: 1 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::{assert_same_counts, run_args, whole_run, Solitaire};
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
        let plan = crate::run::plan(&game, &args).unwrap();
        let groups = plan.groups.end - plan.groups.start;
        let chunk = chunk_size(groups);
        let first = 4;
        let mut part = crate::run::plan(&game, &args).unwrap();
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
                    &game,
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
            crate::shard::read_sealed(&path, "checkpoint", CHECKPOINT_FORMAT).unwrap();
        let resume = ResumeArgs {
            dir: out.clone(),
            threads: Some(3),
            checkpoint: 60,
        };
        ResumeTask {
            args: &resume,
            tmp: kept,
            path,
            file,
            seal,
        }
        .call::<Solitaire>()
        .unwrap();
        assert_same_counts(&out, &whole);
        assert!(!out.join(CHECKPOINT).exists());
    }
}
