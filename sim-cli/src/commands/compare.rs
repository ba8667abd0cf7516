//! `sim compare`: the flags become [`lab::infra::options::CompareOptions`], the design lab
//! ([`lab::commands::design`]) plays the rule sets and writes the folder, and the summary
//! ([`lab::commands::design::summary::write_compare`]) is printed.

use crate::args::{GameArgs, LabStatsArgs};
use clap::Args;

/// The own flags of `sim compare`.
#[derive(Args, Debug)]
pub struct CompareFlags {
    /// What to play. --rules may be given several times (each is a rule set); --set
    /// applies to every rule set.
    #[command(flatten)]
    pub common: GameArgs,
    /// Play the command a second time with these agents (e.g. `--agents casual,casual
    /// --also-agents expert,expert`, two strength presets) into OUT/second, the first into
    /// OUT/first (needs --out), and compare the two answers side by side in
    /// OUT/first/report-vs-second.html: each effect under both, and whether it depends on
    /// the agents (the test of the difference of the two differences).
    #[arg(long, value_name = "AGENTS", value_parser = crate::args::agent_list)]
    pub also_agents: Option<crate::args::AgentList>,
    /// A rule set made of the first --rules (or the default) and overrides:
    /// `NAME=KEY=VALUE,KEY=VALUE` (e.g. `tiro8=deck.cards.TIRO=8`). Repeatable.
    #[arg(long = "variant", value_name = "NAME=SET_LIST")]
    pub variants: Vec<String>,
    /// Sampling and significance.
    #[command(flatten)]
    pub stats: LabStatsArgs,
}

/// `sim compare`: its own flags, then the output and long-run flags ([`super::Long`]).
pub type CompareArgs = super::Long<CompareFlags>;

// The command's options ([`super::OwnArgs`]): `exec` runs it and prints its summary.
own_args!(CompareFlags => CompareOptions { common: options, variants: clone, stats: options } also: also_agents);
