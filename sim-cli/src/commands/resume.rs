//! `sim resume OUT`: the flags become [`lab::infra::options::ResumeOptions`] and
//! [`lab::commands::resume::resume`] plays the stopped run to its end; a resumed `compare`, `sweep`,
//! `tune`, `card-value` or `ladder` prints the summary the command itself would
//! ([`lab::commands::LabReport::summary`]).

use crate::args::positive_usize;
use clap::Args;
use std::path::PathBuf;

/// `sim resume OUT`. Errors: those of [`lab::commands::resume::resume`].
impl super::Exec for ResumeArgs {
    const LONG: bool = true;
    fn exec(&self) -> anyhow::Result<()> {
        let report = lab::resume(&lab::infra::options::ResumeOptions {
            dir: self.dir.clone(),
            threads: self.threads,
            checkpoint: self.checkpoint,
            command_line: crate::args::command_line(),
        })?;
        super::print_text(&report.summary());
        Ok(())
    }
}

/// Arguments of `sim resume`.
#[derive(Args, Debug)]
pub struct ResumeArgs {
    /// The output folder of the interrupted run (its `--out`, or the folder its stop
    /// message names).
    #[arg(value_name = "OUT")]
    pub dir: PathBuf,
    /// Worker threads [default: all cores]. Results do not depend on it.
    #[arg(long, short = 'j', value_name = "T", value_parser = positive_usize, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Seconds between two checkpoints (at least 1: a resumed run always keeps its
    /// checkpoint).
    #[arg(long, value_name = "SECONDS", default_value_t = ::lab::infra::options::DEFAULT_CHECKPOINT_SECONDS)]
    pub checkpoint: u64,
}
