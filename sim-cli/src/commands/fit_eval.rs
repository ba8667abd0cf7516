//! `sim fit-eval`: the flags become [`lab::options::FitEvalOptions`] and the lab fits the
//! game's evaluation ([`lab::fit_eval::fit_eval`]) and writes the weights file.

use crate::cli::FitEvalArgs;
use engine::core::Registered;

/// `sim fit-eval` on the game `R` under `--rules`. Errors: rules that do not load, and
/// those of [`lab::fit_eval::fit_eval`].
pub fn fit_eval<R: Registered>(args: &FitEvalArgs) -> anyhow::Result<()> {
    let options = args.options();
    let game = lab::games::load::<R>(options.rules.as_deref(), &[])?;
    Ok(lab::fit_eval::fit_eval(&game, &options)?)
}
