//! `sim ladder`: the flags become [`lab::options::LadderOptions`] and the lab plays the
//! ladder's stages ([`lab::ladder()`]), writes its folder and prints the ladder.

use crate::cli::LadderArgs;

/// `sim ladder`: prints the lines of its report. Errors: those of [`lab::ladder()`].
pub fn ladder(args: &LadderArgs) -> anyhow::Result<()> {
    for line in &lab::ladder(&args.options())?.lines {
        say!("{line}");
    }
    Ok(())
}
