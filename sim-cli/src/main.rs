//! `sim`: the command line of the tabletop soccer lab.
//!
//! - `sim [run] --game grangol --agents random,random --games N …`: self-play in parallel,
//!   written to a new run directory (`summary.csv`, `cards.csv`, `matchups.csv`,
//!   `ratings.csv`, `balance.csv`, `run.json`, `report.html`);
//! - `sim trace …`: every action of some games as JSON Lines on stdout;
//! - `sim selfplay …`: a dataset of every decision in Parquet files (`part-*.parquet`,
//!   `_manifest.json`);
//! - `sim play --game G --vs AGENT`: a person plays a game against the agents;
//! - `sim replay … --out FILE`: one game of a board game drawn turn by turn;
//! - `sim agents`: the agents and their parameters;
//! - `sim bench`: a fixed workload printing a result signature and throughput;
//! - `sim card-value …`: the value of a card by ablation (`card_value.csv`);
//! - `sim fit-eval …`: the game's evaluation fitted to self-play outcomes (`eval.toml`);
//! - `sim report DIR`: a run folder as one HTML page with charts.
//!
//! Errors are one line on stderr (`sim: error: …`) with exit status 2, a panic inside a
//! game included (`play::GamePanic`: the game, its seed and the `sim trace` command that
//! replays it); a closed stdout (`sim trace … | head`) ends the program quietly with
//! status 0. Ctrl-C or SIGTERM stops `run`, `resume`, `compare`, `sweep`, `tune`,
//! `card-value`, `fit-eval` and `ladder` within a decision with one line and exit status
//! 130 (`run`, `compare`, `sweep`, `tune`, `card-value` and `ladder` keep a checkpoint
//! for `sim resume`; `fit-eval` keeps nothing yet).
#![deny(missing_docs)]

#[macro_use]
extern crate lab;

mod args;
mod cli;
mod commands;

use ::lab::{infra::checkpoint, infra::play};
use cli::Cli;
use std::process::ExitCode;

fn main() -> ExitCode {
    // The games, installed into the lab's tables (the lab names none), and the optional
    // parts this build has, installed into the lab and the agents.
    lab_games::install();
    #[cfg(feature = "datasets")]
    datasets::install();
    #[cfg(feature = "onnx")]
    onnx::install();
    let args = cli::with_default_subcommand(std::env::args_os().collect());
    let parsed = cli::command()
        .try_get_matches_from(args)
        .and_then(|m| <Cli as clap::FromArgMatches>::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(err) if !err.use_stderr() => {
            // --help, --version: print as clap does, to stdout; the top-level help goes on
            // with the flags of the default command, `sim run`.
            let _ = err.print();
            if err.kind() == clap::error::ErrorKind::DisplayHelp && cli::is_top_level_help() {
                say!();
                say!("{}", cli::default_command_help());
            }
            return ExitCode::SUCCESS;
        }
        Err(err) => {
            eprintln!("sim: error: {}", cli::one_line(&err));
            return ExitCode::from(2);
        }
    };
    ::lab::infra::progress::set_quiet(cli.quiet);
    play::quiet_game_panics();
    if cli.command.is_long() {
        let name = cli.command.name();
        // Ctrl-C and SIGTERM stop within a decision instead of killing the process, so
        // that temporary folders are removed or kept for `sim resume`.
        if let Err(err) = checkpoint::stop_on_signals() {
            eprintln!("sim: error: sim {name}: {err:#}");
            return ExitCode::from(2);
        }
    }
    let result = cli.command.exec();
    let Err(err) = result else {
        return ExitCode::SUCCESS;
    };
    // The library's typed error says what happened and the exit status.
    let err = ::lab::Error::from(err);
    match &err {
        ::lab::Error::ClosedOutput => {}
        ::lab::Error::Interrupted => {
            let name = cli.command.name();
            eprintln!(
                "{}",
                checkpoint::nothing_kept(&format!("sim {name} does not checkpoint yet"))
            );
        }
        ::lab::Error::Stopped(message) => eprintln!("{message}"),
        ::lab::Error::Rules(lines) => {
            for line in lines {
                eprintln!("sim: error: {line}");
            }
        }
        other => eprintln!("sim: error: {other}"),
    }
    ExitCode::from(err.exit_status())
}
