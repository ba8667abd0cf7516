//! `sim fit-eval`: the flags become [`lab::options::FitEvalOptions`] and the lab fits the
//! game's evaluation ([`lab::fit_eval()`]) and writes the weights file.

use crate::cli::FitEvalArgs;

/// `sim fit-eval`. Errors: those of [`lab::fit_eval()`].
pub fn fit_eval(args: &FitEvalArgs) -> anyhow::Result<()> {
    Ok(lab::fit_eval(&args.options())?)
}
