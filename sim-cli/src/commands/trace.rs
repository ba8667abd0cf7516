//! `sim trace`: the flags become [`lab::options::TraceOptions`] and [`lab::trace::trace`]
//! writes every action of the games as JSON Lines to standard output.

use crate::cli::TraceArgs;
use engine::core::Registered;

/// `sim trace` on the game `R`. Errors: those of [`lab::trace::trace`] (a closed standard
/// output among them, which `sim` ends on quietly).
pub fn trace<R: Registered>(args: &TraceArgs) -> anyhow::Result<()> {
    Ok(lab::trace::trace::<R>(
        &args.options(),
        &mut std::io::stdout().lock(),
    )?)
}
