//! `sim merge DIR…`: the flags become [`lab::options::MergeOptions`] and
//! [`lab::merge::merge`] writes the whole run's files from its shards.

use crate::cli::MergeArgs;

/// `sim merge DIR…`. Errors: those of [`lab::merge::merge`].
pub fn merge(args: &MergeArgs) -> anyhow::Result<()> {
    Ok(lab::merge::merge(&lab::options::MergeOptions {
        dirs: args.dirs.clone(),
        out: args.out.clone(),
    })?)
}
