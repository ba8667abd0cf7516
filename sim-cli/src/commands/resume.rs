//! `sim resume OUT`: the flags become [`lab::options::ResumeOptions`] and
//! [`lab::resume::resume`] plays the stopped run to its end; a resumed `compare`, `sweep`,
//! `tune` or `card-value` prints the summary the command itself would ([`print()`]).

use crate::args::positive_usize;
use clap::Args;
use std::path::PathBuf;

use lab::summary::LabReport;

/// `sim resume OUT`. Errors: those of [`lab::resume::resume`].
pub fn resume(args: &ResumeArgs) -> anyhow::Result<()> {
    let report = lab::resume(&lab::options::ResumeOptions {
        dir: args.dir.clone(),
        threads: args.threads,
        checkpoint: args.checkpoint,
        command_line: crate::args::command_line(),
    })?;
    if let Some(report) = report {
        print(&report);
    }
    Ok(())
}

/// Prints the summary of a long lab command, as the command itself does (`sim resume`
/// and `sim merge` of it print the same).
pub fn print(report: &LabReport) {
    match report {
        LabReport::Compare(r) => super::compare::print_compare(r),
        LabReport::Sweep(r) => super::compare::print_sweep(r),
        LabReport::Tune(r) => super::tune::print_tune(r),
        LabReport::CardValue(r) => super::card_value::print_card_value(r),
        LabReport::Ladder(lab::ladder::LadderReport { lines })
        | LabReport::Run(lab::run::RunReport { lines }) => {
            for line in lines {
                say!("{line}");
            }
        }
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
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub checkpoint: u64,
}
