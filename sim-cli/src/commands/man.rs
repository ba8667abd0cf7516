//! `sim man`: the manual page of `sim` in roff.

use clap::Args;

/// Arguments of `sim man` (none).
#[derive(Args, Debug)]
pub struct ManArgs {}

impl super::Exec for ManArgs {
    fn exec(&self) -> anyhow::Result<()> {
        clap_mangen::Man::new(crate::cli::command())
            .render(&mut std::io::stdout())
            .map_err(anyhow::Error::from)
    }
}
