//! `sim tune`: the flags become [`lab::options::TuneOptions`] and the lab searches the
//! rules or agent parameters ([`lab::tune::tune`]), writes the folder and prints the
//! recommendation.

use crate::cli::TuneArgs;
use engine::core::Registered;

/// `sim tune` on the game `R`. Errors: those of [`lab::tune::tune`].
pub fn tune<R: Registered>(args: &TuneArgs) -> anyhow::Result<()> {
    lab::tune::tune::<R>(&args.options())
}
