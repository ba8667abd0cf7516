//! `sim`: the command line of the tabletop soccer lab.
//!
//! - `sim [run] --game grangol --agents random,random --games N …`: self-play in parallel,
//!   written to a new run directory (`summary.csv`, `cards.csv`, `matchups.csv`,
//!   `ratings.csv`, `balance.csv`, `run.json`, `report.html`);
//! - `sim trace …`: every action of some games as JSON Lines on stdout;
//! - `sim selfplay …`: a dataset of every decision in Parquet files (`part-*.parquet`,
//!   `manifest.json`);
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

use ::lab::{checkpoint, games, play};
use cli::{Cli, Command};
use std::process::ExitCode;

/// Prints the agents `--agents` accepts, with their parameters and defaults; with a
/// game, the defaults that game plays with (its `configs/<game>/agents.toml` over the
/// generic ones, each of its values marked). Errors: the game's defaults file does not
/// load (one line).
fn print_agents(game: Option<&str>) -> anyhow::Result<()> {
    let defaults = match game {
        Some(g) => games::agent_defaults(g)?,
        None => agents::AgentDefaults::none(),
    };
    if let Some(g) = game {
        let file = games::agent_defaults_file(g);
        if defaults.is_empty() {
            say!("{g}: {file} sets no parameter: the generic defaults hold");
        } else {
            say!("{g}: parameters marked [{file}] are this game's defaults");
        }
        say!();
    }
    for entry in agents::AGENTS {
        let agents::AgentEntry {
            name,
            about,
            params,
            ..
        } = entry;
        match entry.feature.filter(|_| !entry.available()) {
            Some(feature) => say!(
                "{name}: [not in this build: feature '{feature}'; {}] {about}",
                agents::build_with(feature)
            ),
            None => say!("{name}: {about}"),
        }
        let own = defaults.params_for(name);
        for p in params.iter() {
            match own.iter().find(|(k, _)| k == p.name) {
                Some((_, v)) => say!(
                    "    {}={v}  [{}; generic default {}]  {}",
                    p.name,
                    games::agent_defaults_file(game.unwrap_or_default()),
                    p.default,
                    p.help
                ),
                None => say!("    {}={}  {}", p.name, p.default, p.help),
            }
        }
    }
    say!();
    say!(
        "Agents marked SEES HIDDEN INFORMATION ({}) read the true deal: the lab marks every \
         seat they play in its summaries and run.json.",
        agents::AGENTS
            .iter()
            .filter(|a| a.sees_hidden_information)
            .map(|a| a.name)
            .collect::<Vec<_>>()
            .join(", ")
    );
    say!("Example: --agents 'mcts(iterations=400,c=0.7),greedy'");
    Ok(())
}

/// The name of a command that plays many games and so stops cleanly on Ctrl-C and
/// SIGTERM (exit status 130, see `checkpoint`), or `None`.
fn long_command(command: &Command) -> Option<&'static str> {
    match command {
        Command::Run(_) => Some("run"),
        Command::Resume(_) => Some("resume"),
        Command::Compare(_) => Some("compare"),
        Command::Sweep(_) => Some("sweep"),
        Command::Tune(_) => Some("tune"),
        Command::CardValue(_) => Some("card-value"),
        Command::FitEval(_) => Some("fit-eval"),
        Command::Ladder(_) => Some("ladder"),
        Command::Selfplay(_) => Some("selfplay"),
        _ => None,
    }
}

fn main() -> ExitCode {
    // The optional parts this build has, installed into the lab and the agents.
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
    ::lab::progress::set_quiet(cli.quiet);
    play::quiet_game_panics();
    if let Some(name) = long_command(&cli.command) {
        // Ctrl-C and SIGTERM stop within a decision instead of killing the process, so
        // that temporary folders are removed or kept for `sim resume`.
        if let Err(err) = checkpoint::stop_on_signals() {
            eprintln!("sim: error: sim {name}: {err:#}");
            return ExitCode::from(2);
        }
    }
    let result = match &cli.command {
        Command::Run(args) => commands::run::run(args),
        Command::Trace(args) => commands::trace::trace(args),
        Command::Selfplay(args) => commands::selfplay::selfplay(args),
        Command::Replay(args) => commands::replay::replay(args),
        Command::Rules(args) => commands::rules::rules(args),
        Command::Compare(args) => commands::compare::compare(args),
        Command::Sweep(args) => commands::compare::sweep(args),
        Command::Tune(args) => commands::tune::tune(args),
        Command::Ladder(args) => commands::ladder::ladder(args),
        Command::Play(args) => commands::play::play(args),
        Command::CardValue(args) => commands::card_value::card_value(args),
        Command::FitEval(args) => commands::fit_eval::fit_eval(args),
        Command::Report(args) => match &args.against {
            Some(b) => reports::write_rungs_report(&args.dir, b),
            None => reports::write_report(&args.dir),
        }
        .map(|path| say!("report: {}", path.display()))
        .map_err(anyhow::Error::from),
        Command::Agents(args) => print_agents(args.game.as_deref()),
        Command::Games => commands::games::list(),
        Command::Completions(args) => {
            let mut cmd = cli::command();
            clap_complete::generate(args.shell, &mut cmd, "sim", &mut std::io::stdout());
            Ok(())
        }
        Command::Man => clap_mangen::Man::new(cli::command())
            .render(&mut std::io::stdout())
            .map_err(anyhow::Error::from),
        Command::Bench(args) => commands::bench::bench(args),
        Command::Merge(args) => commands::merge::merge(args),
        Command::Resume(args) => commands::resume::resume(args),
    };
    let Err(err) = result else {
        return ExitCode::SUCCESS;
    };
    // The library's typed error says what happened and the exit status.
    let err = ::lab::Error::from(err);
    match &err {
        ::lab::Error::ClosedOutput => {}
        ::lab::Error::Interrupted => {
            let name = long_command(&cli.command).unwrap_or("this command");
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
