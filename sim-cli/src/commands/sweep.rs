//! `sim sweep`: the flags become [`lab::infra::options::SweepOptions`], the design lab
//! ([`lab::commands::design`]) plays the grid and writes the folder, and the summary
//! ([`lab::commands::design::summary::write_sweep`]) is printed.

use crate::args::{GameArgs, LabStatsArgs};
use clap::Args;

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

// The command's options ([`super::OwnArgs`]): `exec` runs it and prints its summary.
own_args!(SweepFlags => SweepOptions { common: options, vary: clone, stats: options });
