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
    /// Play the command a second time with these agents (e.g. `--agents casual,casual
    /// --also-agents expert,expert`, two strength presets) into OUT/second, the first into
    /// OUT/first (needs --out), and compare the two answers side by side in
    /// OUT/first/report-vs-second.html: each effect under both, and whether it depends on
    /// the agents (the test of the difference of the two differences).
    #[arg(long, value_name = "AGENTS", value_parser = crate::args::agent_list)]
    pub also_agents: Option<crate::args::AgentList>,
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
own_args!(SweepFlags => SweepOptions { common: options, vary: clone, stats: options } also: also_agents);
