//! `sim sweep`: the flags become [`lab::infra::options::SweepOptions`], the design lab
//! ([`lab::commands::design`]) plays the grid and writes the folder, and the summary
//! ([`lab::commands::design::summary::write_sweep`]) is printed.

use crate::args::{GameArgs, LabStatsArgs};
use clap::Args;
use lab::infra::options::SweepOptions;

/// The own flags of `sim sweep`.
#[derive(Args, Debug)]
pub struct SweepFlags {
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
}

/// `sim sweep`: its own flags, then the output and long-run flags ([`super::Long`]).
pub type SweepArgs = super::Long<SweepFlags>;

/// `sim sweep` as a long lab command: `exec` runs it and prints its summary
/// ([`super::run_long`]).
impl super::OwnArgs for SweepFlags {
    type Options = SweepOptions;
    fn options(
        &self,
        output: ::lab::infra::options::OutputOptions,
        long: ::lab::infra::options::LongRunOptions,
    ) -> SweepOptions {
        SweepOptions {
            common: self.common.options(),
            vary: self.vary.clone(),
            stats: self.stats.options(),
            output,
            long,
        }
    }
}
