//! `sim run` (the default command): the flags become [`lab::RunOptions`] and the lab
//! ([`lab::run()`]) plays the games, writes the run folder and returns the summary.

use crate::args::{positive_u64, positive_usize, shard_spec, sprt_spec, GameArgs, Shard};
use clap::Args;
use std::path::PathBuf;

/// `sim run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// What to play.
    #[command(flatten)]
    pub common: GameArgs,
    /// Worker threads [default: all cores]. Results do not depend on it.
    #[arg(long, short = 'j', value_name = "T", value_parser = positive_usize, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Output directory, which must not exist [default: runs/GAME-AGENTS-SEED-N,
    /// with -2, -3… appended if taken].
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Stop the match early by a sequential probability ratio test of the first agent's
    /// Elo advantage: H0 elo0 against H1 elo1, error rates alpha and beta (default 0.05
    /// each). --games is then the most games played; the test is checked every 1000 games.
    #[arg(
        long,
        value_name = "ELO0,ELO1[,ALPHA,BETA]",
        value_parser = sprt_spec,
        allow_hyphen_values = true
    )]
    pub sprt: Option<reports::Sprt>,
    /// Play only part I of N of the run (I from 0 to N-1), whole duplicate pairs, and
    /// write it with shard.json, for `sim merge` to combine the N parts into the files of
    /// the whole run.
    #[arg(long, value_name = "I/N", value_parser = shard_spec)]
    pub shard: Option<Shard>,
    /// Seconds between two checkpoints of the run's counts, written to its temporary
    /// folder so that a killed run can go on with `sim resume OUT`; 0: none (Ctrl-C and
    /// SIGTERM then end the run without a checkpoint). Not with --sprt, which keeps no
    /// checkpoint (refused when both are given).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 60,
        conflicts_with = "sprt"
    )]
    pub checkpoint: u64,
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
            output: ::lab::infra::options::OutputOptions {
                threads: self.threads,
                out: self.out.clone(),
                command_line: crate::args::command_line(),
            },
            long: ::lab::infra::options::LongRunOptions {
                shard: self.shard,
                checkpoint: self.checkpoint,
            },
        }
    }
}
