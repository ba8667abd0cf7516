//! `sim merge DIR…`: the shards of one long command (`sim run --shard I/N`, `sim compare
//! --shard I/N`…, see [`crate::infra::journal`]) checked and added into the files of the
//! whole command.

use crate::commands::LabCommand;
use crate::infra::journal::{Journal, LabShardFile, Phase, Restored, Source, LAB_SHARD_FORMAT};
use crate::infra::options::{LongRunOptions, MergeOptions};
use anyhow::{bail, Result};
use std::path::PathBuf;

/// `sim merge DIR…`: reads every folder's `shard.json`, checks they are all the shards of
/// one command (same version, command, options and rules; each shard index once, none
/// missing), adds their counts and writes the whole command's folder. Returns the
/// command's report, for its summary. Errors: [`crate::Error`], one line naming the
/// folder and what differs; a shard of `sim run` in the format older sims wrote is
/// named with the version that wrote it.
pub fn merge(args: &MergeOptions) -> crate::infra::error::Result<crate::commands::LabReport> {
    merge_untyped(args).map_err(crate::Error::from)
}

/// The work of [`merge`], with `anyhow` errors.
fn merge_untyped(args: &MergeOptions) -> Result<crate::commands::LabReport> {
    for dir in &args.dirs {
        let path = dir.join("shard.json");
        if path.is_file() {
            crate::infra::sealed::refuse_old_run_file(
                &path,
                "shard file",
                "sim-shard-",
                "/version",
            )?;
        }
    }
    let (command, journal) = gather(&args.dirs, args.out.clone(), &args.command_line)?;
    Ok(command.run(&journal)?)
}

/// What [`merge`] runs, from the shard folders `dirs`: the command the shards record, with output folder `out` and
/// `command_line`, and a journal holding every shard's phases. Errors: as [`merge`].
pub fn gather(
    dirs: &[PathBuf],
    out: Option<PathBuf>,
    command_line: &[String],
) -> Result<(LabCommand, Journal)> {
    let mut shards = Vec::new();
    for dir in dirs {
        let path = dir.join("shard.json");
        if !path.is_file() {
            bail!(
                "'{}' is not a shard folder: cannot read shard.json (shards are written by \
                 a long command run with --shard I/N)",
                dir.display()
            );
        }
        let (file, seal): (LabShardFile, _) =
            crate::infra::sealed::read_sealed(&path, "shard file", LAB_SHARD_FORMAT)?;
        shards.push((dir, file, seal));
    }
    let Some((first_dir, first, _)) = shards.first().cloned() else {
        bail!("sim merge needs the shard folders to combine");
    };
    let count = first.shard.count;
    for (dir, s, _) in &shards {
        let differs = |what: &str| {
            anyhow::anyhow!(
                "'{}' is not a shard of the same run as '{}': its {what} differs",
                dir.display(),
                first_dir.display()
            )
        };
        if s.version != first.version {
            return Err(differs("sim version"));
        }
        if s.command != first.command {
            return Err(differs(&first_difference(&first.command, &s.command)));
        }
        if s.identity != first.identity {
            return Err(differs("rules"));
        }
        if s.shard.count != count {
            return Err(differs("number of shards"));
        }
        if s.phases.len() != first.phases.len()
            || s.phases
                .iter()
                .zip(&first.phases)
                .any(|(a, b)| a.label != b.label)
        {
            return Err(differs("phases of play"));
        }
    }
    // Keyed by index: a count read from a file sizes nothing.
    let mut by_index: std::collections::BTreeMap<u64, (&PathBuf, &LabShardFile, _)> =
        Default::default();
    for (dir, s, seal) in &shards {
        if s.shard.index >= count {
            bail!(
                "'{}' is not a valid shard file: shard {} of {count}",
                dir.join("shard.json").display(),
                s.shard.index
            );
        }
        if let Some((other, _, _)) = by_index.insert(s.shard.index, (*dir, s, *seal)) {
            bail!(
                "shard {}/{count} is given twice: '{}' and '{}'",
                s.shard.index,
                other.display(),
                dir.display()
            );
        }
    }
    if by_index.len() as u64 != count {
        let missing: Vec<String> = (0..count)
            .filter(|i| !by_index.contains_key(i))
            .take(5)
            .map(|i| format!("{i}/{count}"))
            .collect();
        let more = count - by_index.len() as u64;
        bail!(
            "shards missing: {}{} (give all {count} shard folders)",
            missing.join(", "),
            if more > 5 {
                format!(" and {} more", more - 5)
            } else {
                String::new()
            }
        );
    }
    if first.version != env!("CARGO_PKG_VERSION") {
        bail!(
            "the shards were written by sim {}, this is {}: merge them with that version",
            first.version,
            env!("CARGO_PKG_VERSION")
        );
    }
    let phases: Vec<Phase> = (0..first.phases.len())
        .map(|k| Phase {
            tallies: by_index
                .values()
                .flat_map(|(_, s, _)| s.phases[k].tallies.clone())
                .collect(),
            ..first.phases[k].clone()
        })
        .collect();
    let command: LabCommand = serde_json::from_value(first.command.clone()).map_err(|e| {
        anyhow::anyhow!(
            "'{}' is not a valid shard file: {e}",
            first_dir.join("shard.json").display()
        )
    })?;
    let command = command
        .with_output(out, None, LongRunOptions::default())
        .with_command_line(command_line.to_vec());
    // The content hashes are checked once the recorded counts are (`Restored::files`).
    let journal = command.journal(None, LongRunOptions::default()).restored(
        Source::Merge,
        Restored {
            elapsed: by_index.values().map(|(_, s, _)| s.elapsed_seconds).sum(),
            identity: first.identity.clone(),
            phases,
            partial: None,
            files: by_index
                .values()
                .map(|(dir, _, seal)| (dir.join("shard.json"), *seal))
                .collect(),
        },
    );
    Ok((command, journal))
}

/// Where two recorded commands first differ, for the error of shards that are not one
/// run's: the command (`command`), or the option's path (`common.seed`), else
/// `options`.
fn first_difference(a: &serde_json::Value, b: &serde_json::Value) -> String {
    fn walk(a: &serde_json::Value, b: &serde_json::Value, path: &mut Vec<String>) -> bool {
        match (a, b) {
            (serde_json::Value::Object(x), serde_json::Value::Object(y)) => {
                for (k, v) in x {
                    path.push(k.clone());
                    if walk(v, y.get(k).unwrap_or(&serde_json::Value::Null), path) {
                        return true;
                    }
                    path.pop();
                }
                y.keys().any(|k| !x.contains_key(k))
            }
            _ => a != b,
        }
    }
    let mut path = Vec::new();
    if walk(a, b, &mut path) && !path.is_empty() {
        // `common.seed` reads as the seed.
        path.last().cloned().unwrap_or_default()
    } else {
        "options".into()
    }
}
