//! The command line.

use crate::args::*;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

pub use crate::commands::bench::BenchArgs;
pub use crate::commands::card_value::CardValueArgs;
pub use crate::commands::compare::{CompareArgs, SweepArgs};
pub use crate::commands::fit_eval::FitEvalArgs;
pub use crate::commands::ladder::LadderArgs;
pub use crate::commands::merge::MergeArgs;
pub use crate::commands::play::PlayArgs;
pub use crate::commands::replay::ReplayArgs;
pub use crate::commands::resume::ResumeArgs;
pub use crate::commands::rules::RulesArgs;
pub use crate::commands::run::RunArgs;
pub use crate::commands::selfplay::SelfplayArgs;
pub use crate::commands::trace::TraceArgs;
pub use crate::commands::tune::TuneArgs;

/// `sim --version`: the package version and the commit it was built from (`build.rs`).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("SIM_COMMIT"),
    ")"
);

/// Self-play simulator for tabletop soccer card games.
///
/// Without a subcommand, `sim` runs a simulation (`sim run`):
///   sim --game grangol --agents random,random --games 10000
#[derive(Parser, Debug)]
#[command(name = "sim", version = VERSION, verbatim_doc_comment)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// No progress on standard error (no bar, no progress lines); results, the summary
    /// and errors are written as usual.
    #[arg(long, short, global = true)]
    pub quiet: bool,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play games in parallel (one match, or a round robin of more agents) and write
    /// summary, cards, matchups, ratings and balance CSVs, run.json and report.html to a
    /// new directory (the default command).
    Run(RunArgs),
    /// Print every action of some games as JSON Lines on stdout (single-threaded, same
    /// games as `run` with the same seed).
    Trace(TraceArgs),
    /// Write a self-play dataset: games played as `run` plays them (same agents, seeds and
    /// rules), one row per decision (observation tensor, legal mask, action, the agent's
    /// root visits where it searches, the seat's final return) in Parquet files
    /// part-00000.parquet, … and manifest.json, read by pandas or polars. Same seed, same
    /// files, whatever --threads.
    Selfplay(SelfplayArgs),
    /// Draw one game of a board game as pictures of its board after every turn, on an
    /// HTML page (the first game `sim trace` prints for the same
    /// arguments).
    Replay(ReplayArgs),
    /// List the agents with their parameters and defaults (with --game, that game's
    /// defaults: configs/<game>/agents.toml laid over the generic ones).
    Agents(AgentsArgs),
    /// List the games: name, numbers of players, what the game is, its shipped rule
    /// sets (one line each, tab-separated).
    Games,
    /// Print a shell completion script (e.g. `sim completions bash >
    /// ~/.local/share/bash-completion/completions/sim`).
    Completions(CompletionsArgs),
    /// Print the manual page (roff: `sim man > sim.1; man ./sim.1`).
    Man,
    /// A fixed single-thread workload: prints a signature of its results and the throughput.
    Bench(BenchArgs),
    /// The causal value of a card: every game played twice on the same seeds, with the
    /// rules as given and with --copies copies (default 1) of --card replaced by blank
    /// cards; prints the
    /// change with its 95% interval and writes card_value.csv.
    CardValue(CardValueArgs),
    /// Fit the game's evaluation to the outcomes of its own games: record the evaluation
    /// features of sampled decisions of self-play with each seat's final return, fit a
    /// logistic regression, print its held-out log-loss and Brier score against the
    /// hand-made heuristic, and write the weights as an eval.toml (the file shipped in
    /// configs/GAME/ that mcts(eval=fitted) uses). Same seed, same file, whatever
    /// --threads.
    FitEval(FitEvalArgs),
    /// Go on with a run stopped by Ctrl-C, SIGTERM or a kill, from its last checkpoint:
    /// the files at the end are those of an uninterrupted run.
    Resume(ResumeArgs),
    /// Combine the shard folders of one run (`sim run --shard I/N`, every I from 0 to
    /// N-1) into the folder of the whole run: the same files, byte for byte, as one
    /// process playing every game.
    Merge(MergeArgs),
    /// Turn a run, compare, sweep or tune folder into a self-contained HTML page with
    /// charts (report.html).
    Report(ReportArgs),
    /// Print a rule set as resolved (shipped name or file, `extends`, `--set`): every key
    /// with its value, its default and its documentation, marking what differs; or, with
    /// `--format toml`, a complete rules file that loads back as it is.
    Rules(RulesArgs),
    /// Play two or more rule sets with the same agents on the same seeds (common random
    /// numbers) and write every metric's difference to the first rule set, with its 95%
    /// interval and a significance flag corrected for multiplicity, to compare.csv.
    Compare(CompareArgs),
    /// Play a grid of rule changes (`--vary KEY=4..8`) on the same seeds and write every
    /// metric at every point, with intervals, to sweep.csv.
    Sweep(SweepArgs),
    /// Search the `--vary` ranges for the rules whose metrics come closest to the
    /// `--target`s (N-Tuple Bandit Evolutionary Algorithm), re-play the best candidates on
    /// fresh seeds and write the winner as a rules file.
    Tune(TuneArgs),
    /// The skill ladder of a game: random, greedy, mcts at doubling budgets until a
    /// doubling no longer wins significantly, and the oracle (which sees hidden
    /// information), played on duplicate deals through the runner; Bradley–Terry ratings,
    /// iterations and time per game, skill depth and luck share (ladder.csv, ladder.json).
    Ladder(LadderArgs),
    /// Play a whole game yourself against the lab's agents, in a terminal UI (or, without
    /// a terminal, a plain line protocol a script can drive): what your seat sees, the log
    /// as you saw it, your legal actions, hints from mcts, undo; the game is saved as a
    /// record that `sim replay --trace` reads (docs/play.md).
    Play(PlayArgs),
}

/// Arguments of `sim completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// Arguments of `sim report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// The run folder (written by `sim run`).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// A second card-value, compare or sweep folder of the same game and rules as DIR,
    /// played by other agents: writes DIR/report-vs-NAME.html, the two answers side by
    /// side (card values with Spearman's rank correlation, or each rule set's effect under
    /// both).
    #[arg(value_name = "DIR_B")]
    pub against: Option<PathBuf>,
}

/// Arguments of `sim agents`.
#[derive(Args, Debug)]
pub struct AgentsArgs {
    /// Show the defaults this game plays with: its configs/<game>/agents.toml (embedded)
    /// over the generic defaults; parameters it sets are marked.
    #[arg(long, short = 'g', value_parser = game_name)]
    pub game: Option<String>,
}

/// The command line with `run` inserted when no subcommand is given, so that
/// `sim --game grangol …` means `sim run --game grangol …`. Help and version flags and
/// explicit subcommands are left alone.
pub fn with_default_subcommand(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    // The global flags may come before the subcommand: look past them.
    let first = args
        .iter()
        .skip(1)
        .map(|a| a.to_str())
        .find(|a| !matches!(a, Some("-q" | "--quiet")))
        .flatten();
    let insert = match first {
        None => true,
        Some("-h" | "--help" | "-V" | "--version") => false,
        Some(a) => a.starts_with('-'),
    };
    let mut args = args;
    if insert {
        args.insert(1.min(args.len()), "run".into());
    }
    args
}

/// The cargo features of `sim` this build was made without, each with what it brings
/// (docs/features.md): `onnx` (the `onnx(model=FILE)` agent), `datasets` (`sim
/// selfplay`), `tui` (`sim play`'s terminal UI). Empty for a `--features full` build.
pub fn missing_features() -> Vec<(&'static str, &'static str)> {
    let mut missing = Vec::new();
    if !cfg!(feature = "onnx") {
        missing.push(("onnx", "the onnx(model=FILE) agent"));
    }
    if !cfg!(feature = "datasets") {
        missing.push(("datasets", "sim selfplay's Parquet datasets"));
    }
    if !cfg!(feature = "tui") {
        missing.push(("tui", "sim play's terminal UI"));
    }
    missing
}

/// The command line's definition as this build has it: [`Cli`] with what the build lacks
/// marked in `sim --help` (a closing paragraph naming the missing features and the
/// command that builds them all) and in the help of the commands that need one (`sim
/// selfplay`, `sim play`).
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    let missing = missing_features();
    let mut cmd = Cli::command();
    if missing.is_empty() {
        return cmd;
    }
    let lacks = |feature: &str| missing.iter().any(|(f, _)| *f == feature);
    if lacks("datasets") {
        cmd = cmd.mut_subcommand("selfplay", |c| {
            let about = c.get_about().map(|a| a.to_string()).unwrap_or_default();
            c.about(format!("[not in this build: feature 'datasets'] {about}"))
        });
    }
    if lacks("tui") {
        cmd = cmd.mut_subcommand("play", |c| {
            let about = c.get_about().map(|a| a.to_string()).unwrap_or_default();
            c.about(format!(
                "{about} [this build: line protocol only, no feature 'tui']"
            ))
        });
    }
    let list: Vec<String> = missing
        .iter()
        .map(|(f, what)| format!("'{f}' ({what})"))
        .collect();
    cmd.after_help(format!(
        "This build of sim lacks the cargo features {}; build everything with: cargo build \
         --release -p sim-cli --features full",
        list.join(", ")
    ))
}

/// Whether the process was asked for the top-level help (`sim -h`, `sim --help`, before
/// any subcommand), which then shows the default command's flags too.
pub fn is_top_level_help() -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    args.iter()
        .take_while(|a| a.starts_with('-'))
        .any(|a| a == "-h" || a == "--help")
        && !args.iter().any(|a| !a.starts_with('-'))
}

/// The options of the default command, `sim run`, as `sim run --help` lists them, under a
/// heading: what `sim --help` prints after the list of commands.
pub fn default_command_help() -> String {
    let mut cmd = command();
    let run = cmd
        .find_subcommand_mut("run")
        .expect("the run subcommand exists");
    let help = run.render_help().to_string();
    let options = help
        .split_once("Options:")
        .map_or(help.as_str(), |(_, rest)| rest);
    format!(
        "Options of the default command (sim [run] --game G --agents A,B --games N ...):{options}"
    )
}

/// A clap error as one line: its first paragraph with lines joined, without the `error: `
/// prefix, and a pointer to `--help`.
pub fn one_line(err: &clap::Error) -> String {
    let text = err.to_string();
    let first: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    let msg = first.join(" ");
    let msg = msg.strip_prefix("error: ").unwrap_or(&msg);
    format!("{msg} (see 'sim --help')")
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_consistent() {
        Cli::command().debug_assert();
    }

    /// A command that can be stopped and resumed (`--checkpoint`) or split into shards
    /// (`--shard`) must be registered with the lab's long commands
    /// (`lab::long_command::LabCommand`), or `sim resume` and `sim merge` could not run
    /// it again; `sim run` has its own files, and `sim resume` takes `--checkpoint` for
    /// the run it resumes.
    #[test]
    fn every_command_with_checkpoints_or_shards_is_a_registered_long_command() {
        let mut long = Vec::new();
        for sub in Cli::command().get_subcommands() {
            let has = |flag: &str| sub.get_arguments().any(|a| a.get_long() == Some(flag));
            if has("checkpoint") || has("shard") {
                long.push(sub.get_name().to_string());
            }
        }
        assert!(long.iter().any(|c| c == "compare"), "{long:?}");
        for name in &long {
            assert!(
                ["run", "resume"].contains(&name.as_str())
                    || lab::long_command::LabCommand::NAMES.contains(&name.as_str()),
                "sim {name} takes --checkpoint or --shard but is not a registered long \
                 command (lab/src/long_command.rs)"
            );
        }
    }

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        let args = args.iter().map(Into::into).collect();
        Cli::try_parse_from(with_default_subcommand(args))
    }

    #[test]
    fn run_is_the_default() {
        let cli = parse(&[
            "sim",
            "--game",
            "grangol",
            "--agents",
            "random,random",
            "--games",
            "3",
        ])
        .unwrap();
        let Command::Run(run) = cli.command else {
            panic!("not a run")
        };
        assert_eq!(*run.common.agents, ["random", "random"]);
        assert_eq!(run.common.seed, DEFAULT_SEED);
        assert!(
            parse(&["sim", "run", "--game", "grangol", "--agents", "random", "--games", "3"])
                .is_ok()
        );
        assert!(
            parse(&["sim", "trace", "--game", "grangol", "--agents", "a,b", "--games", "1"])
                .is_ok()
        );
    }

    #[test]
    fn errors_are_one_line() {
        for bad in [
            &[
                "sim",
                "--game",
                "grangol",
                "--agents",
                "random,random",
                "--games",
                "0",
            ][..],
            &[
                "sim",
                "--game",
                "grangol",
                "--agents",
                "random,random",
                "--games",
                "x",
            ],
            &[
                "sim",
                "--game",
                "chess",
                "--agents",
                "random,random",
                "--games",
                "1",
            ],
            &["sim", "--game", "grangol", "--agents", "random,random"],
            &["sim"],
            &["sim", "--bogus"],
        ] {
            let err = parse(bad).unwrap_err();
            let line = one_line(&err);
            assert!(!line.contains('\n'), "{line}");
            assert!(!line.starts_with("error"), "{line}");
        }
    }
}
