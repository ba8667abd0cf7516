//! `sim report DIR [DIR_B]`: a run, compare, sweep, tune or card-value folder as one HTML
//! page with charts ([`reports::write_report`]), or two folders side by side
//! ([`reports::write_rungs_report`]).

use clap::Args;
use std::path::PathBuf;

/// Arguments of `sim report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// The run folder (written by `sim run`).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// A second card-value, compare or sweep folder of the same game and rules as DIR,
    /// played by other agents: writes DIR/report-vs-NAME.html, the two answers side by
    /// side (card values with Spearman's rank correlation, or each rule set's effect under
    /// both).
    #[arg(value_name = "DIR_B")]
    pub against: Option<PathBuf>,
}

impl super::Exec for ReportArgs {
    fn exec(&self) -> anyhow::Result<()> {
        let path = match &self.against {
            Some(b) => reports::write_rungs_report(&self.dir, b),
            None => reports::write_report(&self.dir),
        }?;
        say!("report: {}", path.display());
        Ok(())
    }
}
