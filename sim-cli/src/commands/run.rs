//! `sim run` (the default command): the flags become [`lab::RunOptions`] and the lab
//! ([`lab::run()`]) plays the games, writes the run folder and returns the summary.

use crate::args::{positive_u64, sprt_spec, GameArgs, LongRunArgs, OutputArgs};
use clap::Args;

/// `sim run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// What to play.
    #[command(flatten)]
    pub common: GameArgs,
    /// Threads and output folder.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Stop the match early by a sequential probability ratio test of the first agent's
    /// Elo advantage: H0 elo0 against H1 elo1, error rates alpha and beta (default 0.05
    /// each). --games is then the most games played; the test is checked every 1000 games.
    /// Such a run keeps no checkpoint (--checkpoint is refused with it).
    #[arg(
        long,
        value_name = "ELO0,ELO1[,ALPHA,BETA]",
        value_parser = sprt_spec,
        allow_hyphen_values = true,
        conflicts_with = "checkpoint"
    )]
    pub sprt: Option<reports::Sprt>,
    /// Shard and checkpoints.
    #[command(flatten)]
    pub long: LongRunArgs,
    /// Stop the run at a game longer than this many applied actions and report it (its
    /// index, deal and seed, its last actions and the `sim trace` command that shows all
    /// of it) [default: the game's own bound, which only an engine bug exceeds].
    #[arg(long, value_name = "N", value_parser = positive_u64, allow_negative_numbers = true)]
    pub max_actions: Option<u64>,
    /// Print the summary as one JSON object on standard output (the rows of summary.csv,
    /// balance.csv, matchups.csv and ratings.csv, the warnings, timings and the output
    /// folder), for scripts and notebooks, instead of the text summary. The files are
    /// written as usual.
    #[arg(long)]
    pub json: bool,
}

/// `sim run` as a long lab command: `exec` runs it and prints its summary
/// ([`super::run_long`]).
impl super::LongArgs for RunArgs {
    type Options = ::lab::RunOptions;
    fn options(&self) -> ::lab::RunOptions {
        ::lab::RunOptions {
            common: self.common.options(),
            sprt: self.sprt,
            max_actions: self.max_actions,
            json: self.json,
            output: self.output.options(),
            long: self.long.options(),
        }
    }
}
