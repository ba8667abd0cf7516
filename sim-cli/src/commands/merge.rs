//! `sim merge DIR…`: the flags become [`lab::options::MergeOptions`] and
//! [`lab::merge::merge`] writes the whole run's files from its shards; merged shards of
//! `compare`, `sweep`, `tune` or `card-value` print the summary the command itself would
//! ([`super::resume::print`]).

use crate::cli::MergeArgs;

/// `sim merge DIR…`. Errors: those of [`lab::merge::merge`].
pub fn merge(args: &MergeArgs) -> anyhow::Result<()> {
    let report = lab::merge::merge(&lab::options::MergeOptions {
        dirs: args.dirs.clone(),
        out: args.out.clone(),
        command_line: crate::cli::command_line(),
    })?;
    if let Some(report) = report {
        super::resume::print(&report);
    }
    Ok(())
}
