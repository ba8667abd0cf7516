//! `sim selfplay`: the flags become [`lab::options::SelfplayOptions`] and
//! [`lab::selfplay::selfplay`] plays the games and writes the dataset's folder.

use crate::cli::SelfplayArgs;
use engine::core::Registered;
use lab::games;

/// `sim selfplay` on the game `R`: its rules loaded from `--rules`, `--set` and
/// `--players`, then the dataset. Errors: rules that do not load, and every error of
/// [`lab::selfplay::selfplay`].
pub fn selfplay<R: Registered>(args: &SelfplayArgs) -> anyhow::Result<()> {
    let options = args.options();
    let game = games::load::<R>(
        games::single_rules(&options.common.rules)?,
        &games::sets::<R>(&options.common)?,
    )?;
    let report = lab::selfplay::selfplay(&game, &options)?;
    for line in report.lines() {
        say!("{line}");
    }
    Ok(())
}
