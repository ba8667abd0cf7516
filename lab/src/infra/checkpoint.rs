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

use crate::commands::run::Tally;
use crate::infra::options::Shard;
use crate::infra::shard::ShardFile;
use anyhow::Result;
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

/// The shard a run is, for its checkpoint's identity: its own, or the whole run as shard
/// 0 of 1.
pub fn shard_or_whole(shard: Option<Shard>) -> Shard {
    shard.unwrap_or(Shard { index: 0, count: 1 })
}
