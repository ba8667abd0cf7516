//! `sim tune`: the flags become [`lab::infra::options::TuneOptions`], the lab searches the rules
//! or agent parameters ([`lab::commands::tune::tune`]) and writes the folder, and the
//! recommendation ([`lab::commands::tune::summary::write_tune`]) is printed.

use crate::args::{positive_u64, positive_usize, GameArgs};
use clap::Args;

/// The own flags of `sim tune`.
#[derive(Args, Debug)]
pub struct TuneFlags {
    /// What to play. --games is the budget of the whole search (every evaluation and the
    /// final re-play together).
    #[command(flatten)]
    pub common: GameArgs,
    /// A key and the values to search: `KEY=A..B`, `KEY=A..B:STEP` or `KEY=V1,V2,…`.
    /// Repeatable. A rule key, or `agent.PARAM` for a parameter of the first agent of
    /// --agents (`agent.c=0.1,0.2,0.4`; see `sim agents`): the other agents are the fixed
    /// opponents, and the winner is also written as agents.toml (the format of
    /// `configs/<game>/agents.toml`).
    #[arg(long = "vary", value_name = "KEY=VALUES", required = true)]
    pub vary: Vec<String>,
    /// A metric and the value to aim at, with an optional weight: `draw_rate=0.25`,
    /// `mean_goals=2.7:2`, `mean_length[turns]=60`. Repeatable. To make the first agent
    /// as strong as it can be: `score_rate[LABEL]=1` (its score against the others,
    /// maximized), or alone at a solitaire `mean_length[turns]=0` (fewest turns).
    #[arg(long = "target", value_name = "METRIC=VALUE[:WEIGHT]", required = true)]
    pub targets: Vec<String>,
    /// Games per evaluation of a candidate during the search [default: from the budget].
    #[arg(long, value_name = "N", value_parser = positive_u64)]
    pub eval_games: Option<u64>,
    /// Candidates re-played on fresh seeds at the end, with the base rules (always re-played
    /// too): the final, a paired test that recommends a change only if the base is beaten.
    #[arg(long, value_name = "K", default_value_t = 3, value_parser = positive_usize)]
    pub finalists: usize,
}

/// `sim tune`: its own flags, then the output and long-run flags ([`super::Long`]).
pub type TuneArgs = super::Long<TuneFlags>;

// The command's options ([`super::OwnArgs`]): `exec` runs it and prints its summary.
own_args!(TuneFlags => TuneOptions {
    common: options,
    vary: clone,
    targets: clone,
    eval_games: clone,
    finalists: clone,
});
