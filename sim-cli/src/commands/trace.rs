//! `sim trace`: the flags become [`lab::options::TraceOptions`] and [`lab::trace::trace`]
//! writes every action of the games as JSON Lines to standard output.

use crate::cli::TraceArgs;
use engine::core::Registered;
use lab::games;

/// `sim trace` on the game `R`: its rules loaded from `--rules` and `--set`, then the
/// trace. Errors: rules that do not load, and those of [`lab::trace::trace`] (a closed
/// standard output among them, which `sim` ends on quietly).
pub fn trace<R: Registered>(args: &TraceArgs) -> anyhow::Result<()> {
    let options = args.options();
    let game = games::load::<R>(
        games::single_rules(&options.common.rules)?,
        &games::sets::<R>(&options.common)?,
    )?;
    lab::trace::trace(&game, &options, &mut std::io::stdout().lock())
}
