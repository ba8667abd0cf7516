//! `sim replay`: the flags become [`lab::options::ReplayOptions`] and
//! [`lab::replay::replay`] writes the page of one game; this file prints where.

use crate::cli::ReplayArgs;
use engine::core::Registered;

/// The registered game `sim replay` shows: `--game`, or the game of the `--trace` record.
/// Errors: the record cannot be read.
pub fn game_name(args: &ReplayArgs) -> anyhow::Result<String> {
    Ok(lab::replay::game_name(&args.options())?)
}

/// `sim replay` on the game `R`: the page written, and its path and number of steps
/// printed. Errors: those of [`lab::replay::replay`].
pub fn replay<R: Registered>(args: &ReplayArgs) -> anyhow::Result<()> {
    let steps = lab::replay::replay::<R>(&args.options())?;
    say!("replay: {} ({steps} steps)", args.out.display());
    Ok(())
}
