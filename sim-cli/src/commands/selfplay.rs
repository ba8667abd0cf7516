//! `sim selfplay`: the flags become [`lab::infra::options::SelfplayOptions`] and
//! [`lab::selfplay()`] plays the games and writes the dataset's folder.

use crate::args::{positive_u64, GameArgs, OutputArgs};
use clap::Args;

/// `sim selfplay`: prints the lines of the dataset's summary. Errors: those of
/// [`lab::selfplay()`].
impl super::Exec for SelfplayArgs {
    const LONG: bool = true;
    fn exec(&self) -> anyhow::Result<()> {
        for line in lab::selfplay(&self.options())?.lines() {
            say!("{line}");
        }
        Ok(())
    }
}

/// `sim selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// What to play.
    #[command(flatten)]
    pub common: GameArgs,
    /// Threads and output folder [default: runs/selfplay-GAME-SEED-N].
    #[command(flatten)]
    pub output: OutputArgs,
    /// Rows (decisions) per Parquet file; the last file holds the rest.
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = positive_u64)]
    pub rows_per_file: u64,
}

impl SelfplayArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::infra::options::SelfplayOptions {
        ::lab::infra::options::SelfplayOptions {
            common: self.common.options(),
            output: self.output.options(),
            rows_per_file: self.rows_per_file,
        }
    }
}
