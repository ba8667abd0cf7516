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
own_args!(CompareFlags => CompareOptions { common: options, variants: clone, stats: options });
