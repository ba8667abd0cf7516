//! `sim replay`: the flags become [`lab::options::ReplayOptions`] and
//! [`lab::replay::replay`] draws the first game turn by turn; this file prints where.

use crate::cli::ReplayArgs;
use engine::core::Registered;
use lab::games;

/// `sim replay` on the game `R`: its rules loaded from `--rules` and `--set`, the page
/// written, and its path and number of pictures printed. Errors: rules that do not load,
/// and those of [`lab::replay::replay`].
pub fn replay<R: Registered>(args: &ReplayArgs) -> anyhow::Result<()> {
    let options = args.options();
    let game = games::load::<R>(
        games::single_rules(&options.common.rules)?,
        &games::sets::<R>(&options.common)?,
    )?;
    let pictures = lab::replay::replay(&game, &options)?;
    say!("replay: {} ({pictures} pictures)", options.out.display());
    Ok(())
}
