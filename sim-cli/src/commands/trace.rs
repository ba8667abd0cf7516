//! `sim trace`: the flags become [`lab::options::TraceOptions`] and [`lab::trace()`]
//! writes every action of the games as JSON Lines to standard output.

use crate::cli::TraceArgs;

/// `sim trace`. Errors: those of [`lab::trace()`] (a closed standard output among them,
/// which `sim` ends on quietly).
pub fn trace(args: &TraceArgs) -> anyhow::Result<()> {
    Ok(lab::trace(&args.options(), &mut std::io::stdout().lock())?)
}
