//! `sim merge DIR…`: the flags become [`lab::infra::options::MergeOptions`] and
//! [`lab::commands::merge::merge`] writes the whole run's files from its shards; merged shards of
//! `compare`, `sweep`, `tune` or `card-value` print the summary the command itself would
//! ([`lab::commands::LabReport::summary`]).

use clap::Args;
use std::path::PathBuf;

/// `sim merge DIR…`. Errors: those of [`lab::commands::merge::merge`].
impl super::Exec for MergeArgs {
    fn exec(&self) -> anyhow::Result<()> {
        let report = lab::merge(&lab::infra::options::MergeOptions {
            dirs: self.dirs.clone(),
            out: self.out.clone(),
            command_line: crate::args::command_line(),
        })?;
        super::print_text(&report.summary());
        Ok(())
    }
}

/// Arguments of `sim merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shard folders, one per shard, in any order.
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// Output directory, which must not exist [default: runs/GAME-AGENTS-SEED-N, with
    /// -2, -3… appended if taken, as the whole run would have].
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: Option<PathBuf>,
}
