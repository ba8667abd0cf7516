//! `sim run` (the default command): the flags become [`lab::RunOptions`] and the lab
//! ([`lab::run()`]) plays the games, writes the run folder and returns the summary.

use crate::cli::RunArgs;

/// `sim run`: prints the lines of the run's summary. Errors: those of [`lab::run()`].
pub fn run(args: &RunArgs) -> anyhow::Result<()> {
    for line in &lab::run(&args.options())?.lines {
        say!("{line}");
    }
    Ok(())
}
