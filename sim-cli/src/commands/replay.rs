//! `sim replay`: the flags become [`lab::options::ReplayOptions`] and
//! [`lab::replay::replay`] draws the first game turn by turn; this file prints where.

use crate::cli::ReplayArgs;
use engine::core::Registered;

/// `sim replay` on the game `R`: the page written, and its path and number of pictures
/// printed. Errors: those of [`lab::replay::replay`].
pub fn replay<R: Registered>(args: &ReplayArgs) -> anyhow::Result<()> {
    let pictures = lab::replay::replay::<R>(&args.options())?;
    say!("replay: {} ({pictures} pictures)", args.out.display());
    Ok(())
}
