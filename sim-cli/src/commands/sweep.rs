//! `sim sweep`: the flags become [`lab::infra::options::SweepOptions`], the design lab
//! ([`lab::commands::design`]) plays the grid and writes the folder, and the summary
//! ([`lab::commands::design::summary::write_sweep`]) is printed.

use crate::args::{GameArgs, LabStatsArgs, LongRunArgs, OutputArgs};
use clap::Args;
use lab::infra::options::SweepOptions;

/// Arguments of `sim sweep`.
#[derive(Args, Debug)]
pub struct SweepArgs {
    /// What to play (--games per point).
    #[command(flatten)]
    pub common: GameArgs,
    /// A key and its values: `KEY=A..B` (whole numbers A to B), `KEY=A..B:STEP`, or
    /// `KEY=V1,V2,…`. Repeatable: the grid is every combination.
    #[arg(long = "vary", value_name = "KEY=VALUES", required = true)]
    pub vary: Vec<String>,
    /// Sampling and significance.
    #[command(flatten)]
    pub stats: LabStatsArgs,
    /// Threads and output folder.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Shard and checkpoints.
    #[command(flatten)]
    pub long: LongRunArgs,
}

/// `sim sweep` as a long lab command: `exec` runs it and prints its summary
/// ([`super::run_long`]).
impl super::LongArgs for SweepArgs {
    type Options = SweepOptions;
    fn options(&self) -> SweepOptions {
        SweepOptions {
            common: self.common.options(),
            vary: self.vary.clone(),
            stats: self.stats.options(),
            output: self.output.options(),
            long: self.long.options(),
        }
    }
}
