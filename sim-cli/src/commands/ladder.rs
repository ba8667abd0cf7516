//! `sim ladder`: the flags become [`lab::options::LadderOptions`] and the lab plays the
//! ladder's stages ([`lab::ladder::ladder`]), writes its folder and prints the ladder.

use crate::cli::LadderArgs;
use engine::core::Registered;

/// `sim ladder` on the game `R`: prints the lines of its report. Errors: those of
/// [`lab::ladder::ladder`].
pub fn ladder<R: Registered>(args: &LadderArgs) -> anyhow::Result<()> {
    let report = lab::ladder::ladder::<R>(&args.options())?;
    for line in &report.lines {
        say!("{line}");
    }
    Ok(())
}
