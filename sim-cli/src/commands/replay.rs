//! `sim replay`: the flags become [`lab::infra::options::ReplayOptions`] and [`lab::replay()`]
//! writes the page of one game; this file prints where.

use crate::args::GameArgs;
use clap::Args;

/// `sim replay`: the page written, and its path and number of steps printed. Errors:
/// those of [`lab::replay()`].
impl super::Exec for ReplayArgs {
    fn exec(&self) -> anyhow::Result<()> {
        let steps = lab::replay(&self.options())?;
        say!("replay: {} ({steps} steps)", self.out.display());
        Ok(())
    }
}

/// `sim replay`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["game", "trace"])))]
#[command(mut_arg("game", |a| a.required(false)))]
#[command(mut_arg("agents", |a| a.required(false).required_unless_present("trace")))]
#[command(mut_arg("games", |a| {
    a.required(false)
        .default_value_if("game", clap::builder::ArgPredicate::IsPresent, "1")
        .help("Number of games of each match (default 1: the page shows one game, --index)")
}))]
pub struct ReplayArgs {
    /// What to play (game --index of the schedule is shown); not with --trace.
    #[command(flatten)]
    pub common: Option<GameArgs>,
    /// A game record to replay (made by `sim trace` or `sim play`): the game, rules, seed
    /// and agents come from its first line.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<std::path::PathBuf>,
    /// The game to show: its index in the schedule (or in the record), from 0.
    #[arg(long, value_name = "G", default_value_t = 0)]
    pub index: u64,
    /// Record and show the searching agents' candidates at each decision, with their visit
    /// shares and values (expected scores with 95% intervals), and label the decisions
    /// no search needs (as `sim trace --explain`; a record shows what it holds).
    #[arg(long, conflicts_with = "trace")]
    pub explain: bool,
    /// The HTML page to write (it must not exist yet).
    #[arg(long, value_name = "FILE")]
    pub out: std::path::PathBuf,
}

impl ReplayArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::infra::options::ReplayOptions {
        ::lab::infra::options::ReplayOptions {
            common: self
                .common
                .as_ref()
                .map(GameArgs::options)
                .unwrap_or_default(),
            out: self.out.clone(),
            index: self.index,
            explain: self.explain,
            trace: self.trace.clone(),
        }
    }
}
