//! `sim resume OUT`: a stopped long command (`run`, `compare`, `sweep`, `tune`,
//! `card-value`, `ladder`) played to its end from the checkpoint of its journal (see
//! [`crate::infra::journal`]), into the files of an uninterrupted command.

use crate::commands::LabCommand;
use crate::infra::checkpoint::CHECKPOINT;
use crate::infra::journal::{Journal, LabCheckpointFile, Restored, Source, LAB_CHECKPOINT_FORMAT};
use crate::infra::options::{LongRunOptions, ResumeOptions, Shard};
use anyhow::{bail, Result};
use reports::RunDir;
use std::path::{Path, PathBuf};

/// `sim resume OUT`: finds the newest checkpoint of the command that would become `OUT`,
/// plays the rest of its games and writes its folder. Returns the command's report, for
/// its summary. Errors: [`crate::Error`]: no checkpoint, a finished `OUT`, a checkpoint
/// of another version or format (one of the formats older sims wrote for `sim run` is
/// named with the version that wrote it), a damaged checkpoint.
pub fn resume(args: &ResumeOptions) -> crate::infra::error::Result<crate::commands::LabReport> {
    resume_untyped(args).map_err(crate::Error::from)
}

/// The work of [`resume`], with `anyhow` errors.
fn resume_untyped(args: &ResumeOptions) -> Result<crate::commands::LabReport> {
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
    crate::infra::sealed::refuse_old_run_file(
        &path,
        "checkpoint",
        "sim-checkpoint-",
        "/run/version",
    )?;
    let (command, journal) = restore(
        &path,
        tmp,
        out,
        args.threads,
        args.checkpoint,
        &args.command_line,
    )?;
    Ok(command.run(&journal)?)
}

/// What [`resume`] runs, from the checkpoint `path` in the temporary folder `tmp` of the
/// command that becomes `out`: the command its checkpoint records, with its output folder,
/// threads, checkpoints and command line given anew, and its journal restored from the
/// checkpoint. Errors: as [`resume`].
pub fn restore(
    path: &Path,
    tmp: PathBuf,
    out: &Path,
    threads: Option<usize>,
    checkpoint: u64,
    command_line: &[String],
) -> Result<(LabCommand, Journal)> {
    let (file, seal): (LabCheckpointFile, _) =
        crate::infra::sealed::read_sealed(path, "checkpoint", LAB_CHECKPOINT_FORMAT)?;
    if file.version != env!("CARGO_PKG_VERSION") {
        bail!(
            "'{}' was written by sim {}, this is {}: resume it with that version",
            path.display(),
            file.version,
            env!("CARGO_PKG_VERSION")
        );
    }
    if let Some(Shard { index, count }) = file.shard {
        if index >= count {
            bail!(
                "'{}' is not a valid checkpoint: shard {index} of {count}",
                path.display()
            );
        }
    }
    // The content hash is checked once the recorded counts are (`Restored::files`).
    let command: LabCommand = serde_json::from_value(file.command.clone())
        .map_err(|e| anyhow::anyhow!("'{}' is not a valid checkpoint: {e}", path.display()))?;
    let long = LongRunOptions {
        shard: file.shard,
        checkpoint: checkpoint.max(1),
    };
    let command = command
        .with_output(Some(out.to_path_buf()), threads, long)
        .with_command_line(command_line.to_vec());
    let journal = command.journal(threads, long).restored(
        Source::Resume(tmp),
        Restored {
            elapsed: file.elapsed_seconds,
            identity: file.identity,
            phases: file.phases,
            partial: file.partial,
            files: vec![(path.to_path_buf(), seal)],
        },
    );
    Ok((command, journal))
}
