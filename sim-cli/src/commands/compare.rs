//! `sim compare` and `sim sweep`: the flags become [`lab::options::CompareOptions`] and
//! [`lab::options::SweepOptions`] and the design lab ([`lab::design`]) plays the rule
//! sets, writes the folder and prints the comparison.

use crate::cli::{CompareArgs, SweepArgs};
use engine::core::Registered;

/// `sim compare` on the game `R`. Errors: those of [`lab::design::compare`].
pub fn compare<R: Registered>(args: &CompareArgs) -> anyhow::Result<()> {
    lab::design::compare::<R>(&args.options())
}

/// `sim sweep` on the game `R`. Errors: those of [`lab::design::sweep`].
pub fn sweep<R: Registered>(args: &SweepArgs) -> anyhow::Result<()> {
    lab::design::sweep::<R>(&args.options())
}
