//! `sim selfplay`: the flags become [`lab::options::SelfplayOptions`] and
//! [`lab::selfplay()`] plays the games and writes the dataset's folder.

use crate::cli::SelfplayArgs;

/// `sim selfplay`: prints the lines of the dataset's summary. Errors: those of
/// [`lab::selfplay()`].
pub fn selfplay(args: &SelfplayArgs) -> anyhow::Result<()> {
    for line in lab::selfplay(&args.options())?.lines() {
        say!("{line}");
    }
    Ok(())
}
