//! The files of the journal: `checkpoint.json` ([`LabCheckpointFile`]) and `shard.json`
//! ([`LabShardFile`]) with their phases, and how a command is recorded in them.

use crate::infra::options::{LongRunOptions, OutputOptions, Shard};
use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::Path;

/// The format tag of a lab command's `checkpoint.json`; resume refuses any other.
pub const LAB_CHECKPOINT_FORMAT: &str = "sim-lab-checkpoint-1";

/// The format tag of a lab command's `shard.json`; merge refuses any other.
pub const LAB_SHARD_FORMAT: &str = "sim-lab-shard-1";

/// One finished phase: its label, whether shards split it, and its tally (one per shard
/// once shards are merged).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Phase {
    /// What it played (`games`, `evaluation 3`, `final`).
    pub label: String,
    /// Whether `--shard` splits its units (else every shard plays it whole).
    pub shardable: bool,
    /// Its tally as JSON; one per shard in shard order after a merge.
    pub tallies: Vec<Value>,
}

/// The phase under way in a checkpoint: the chunks done and their tally.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PartialPhase {
    /// Its index among the command's phases.
    pub phase: usize,
    /// Its label.
    pub label: String,
    /// Units per chunk.
    pub chunk_size: u64,
    /// The chunks done, ascending.
    pub done: Vec<u64>,
    /// Their tally as JSON.
    pub tally: Value,
}

/// `checkpoint.json` of a lab command.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LabCheckpointFile {
    /// [`LAB_CHECKPOINT_FORMAT`].
    pub format: String,
    /// The `sim` version that wrote it.
    pub version: String,
    /// The command and its options ([`crate::commands::LabCommand`], recorded).
    pub command: Value,
    /// What the command depends on beyond its options ([`Journal::identify`](super::Journal::identify)).
    pub identity: Vec<Value>,
    /// The shard the command plays, if any.
    pub shard: Option<Shard>,
    /// The finished phases.
    pub phases: Vec<Phase>,
    /// The phase under way.
    pub partial: Option<PartialPhase>,
    /// Seconds played so far.
    pub elapsed_seconds: f64,
}

/// `shard.json` of a lab command run with `--shard`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LabShardFile {
    /// [`LAB_SHARD_FORMAT`].
    pub format: String,
    /// The `sim` version that wrote it.
    pub version: String,
    /// The command and its options ([`crate::commands::LabCommand`], recorded).
    pub command: Value,
    /// What the command depends on beyond its options ([`Journal::identify`](super::Journal::identify)).
    pub identity: Vec<Value>,
    /// Which part this is.
    pub shard: Shard,
    /// Every phase, with this shard's tally.
    pub phases: Vec<Phase>,
    /// Seconds it spent playing.
    pub elapsed_seconds: f64,
}

/// Reads the `format` field of the sealed JSON file `path` (a `what`: "checkpoint",
/// "shard file"), to tell a run's file from a lab command's. Errors: unreadable, or not
/// JSON (a truncated file), naming the file.
pub fn format_of(path: &Path, what: &str) -> Result<String> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read '{}'", path.display()))?;
    let tree: Value = serde_json::from_str(&text)
        .map_err(|e| anyhow::anyhow!("'{}' is not a valid {what}: {e}", path.display()))?;
    Ok(tree["format"].as_str().unwrap_or("").to_string())
}

/// The command `name` with `options` as files record it: a `command` tag beside the
/// options, without output folder, threads or long-run options (which resume and merge
/// give anew). Matches the serialization of [`crate::commands::LabCommand`].
pub fn record(name: &str, options: &impl Serialize) -> Value {
    record_value(name, serde_json::to_value(options).unwrap_or(Value::Null))
}

/// [`record`] of the options as JSON, `v`.
fn record_value(name: &str, mut v: Value) -> Value {
    if let Value::Object(m) = &mut v {
        let blank = |x: Result<Value, serde_json::Error>| x.unwrap_or(Value::Null);
        m.insert(
            "output".into(),
            blank(serde_json::to_value(OutputOptions::default())),
        );
        m.insert(
            "long".into(),
            blank(serde_json::to_value(LongRunOptions::default())),
        );
        m.insert("command".into(), Value::String(name.to_string()));
    }
    v
}
