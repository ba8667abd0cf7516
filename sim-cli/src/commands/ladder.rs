//! `sim ladder`: the flags become [`lab::options::LadderOptions`] and the lab plays the
//! ladder's stages ([`lab::ladder::ladder`]), writes its folder and prints the ladder.

use crate::cli::LadderArgs;
use engine::core::Registered;

/// `sim ladder` on the game `R`. Errors: those of [`lab::ladder::ladder`].
pub fn ladder<R: Registered>(args: &LadderArgs) -> anyhow::Result<()> {
    Ok(lab::ladder::ladder::<R>(&args.options())?)
}
