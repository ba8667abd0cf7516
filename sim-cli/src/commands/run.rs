//! `sim run` (the default command): the flags become [`lab::RunOptions`] and the lab's
//! runner ([`lab::run::run`]) plays the games, writes the run folder and prints the
//! summary.

use crate::cli::RunArgs;
use engine::core::Registered;
use lab::games;

/// `sim run` on the game `R`: its rules loaded from `--rules` and `--set`, then the run.
/// Errors: rules that do not load, and every error of [`lab::run::run`].
pub fn run<R: Registered>(args: &RunArgs) -> anyhow::Result<()> {
    let options = args.options();
    let game = games::load::<R>(
        games::single_rules(&options.common.rules)?,
        &games::sets::<R>(&options.common)?,
    )?;
    let report = lab::run::run(&game, &options)?;
    for line in &report.lines {
        say!("{line}");
    }
    Ok(())
}
