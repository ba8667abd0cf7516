//! `sim replay`: the flags become [`lab::options::ReplayOptions`] and [`lab::replay()`]
//! writes the page of one game; this file prints where.

use crate::cli::ReplayArgs;

/// `sim replay`: the page written, and its path and number of steps printed. Errors:
/// those of [`lab::replay()`].
pub fn replay(args: &ReplayArgs) -> anyhow::Result<()> {
    let steps = lab::replay(&args.options())?;
    say!("replay: {} ({steps} steps)", args.out.display());
    Ok(())
}
