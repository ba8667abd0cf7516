//! `sim card-value`: the flags become [`lab::options::CardValueOptions`] and the lab
//! measures the cards ([`lab::card_value::command`]), writes the folder and prints the
//! values.

use crate::cli::CardValueArgs;

/// `sim card-value`. Errors: those of [`lab::card_value::command`].
pub fn card_value(args: &CardValueArgs) -> anyhow::Result<()> {
    lab::card_value::command(&args.options())
}
