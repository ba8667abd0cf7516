//! One file per command, as cargo's `commands/*.rs`: each declares its flags (a
//! `clap::Args` type; the groups several commands share are in `args.rs`) and what the
//! command does ([`Exec`]): turn the flags into the lab's options, call the lab's function
//! of that command and print its result. `commands!` below registers them: one line per
//! command makes its module, its variant of [`Command`] (the variant's doc comment is
//! the command's help) and its dispatch.

use crate::args::{LongRunArgs, OutputArgs};
use clap::Subcommand;
use lab::infra::options::{LongRunOptions, OutputOptions};

/// What a command does once its flags are parsed.
pub trait Exec {
    /// Whether it plays many games and so stops cleanly on Ctrl-C and SIGTERM (exit status
    /// 130, see `lab::infra::checkpoint`) instead of being killed.
    const LONG: bool = false;
    /// Runs the command. Errors: the command's, as one line for `main` to print.
    fn exec(&self) -> anyhow::Result<()>;
}

/// Registers the commands: each line `Variant(module::Args),` declares `module` (the
/// command's file) and adds `Variant(Args)` to [`Command`], `sim variant-name`.
macro_rules! commands {
    ($($(#[$m:meta])* $variant:ident($module:ident::$args:ident),)*) => {
        $(pub mod $module;)*

        /// The subcommands.
        #[derive(Subcommand, Debug)]
        pub enum Command {
            $($(#[$m])* $variant($module::$args),)*
        }

        impl Command {
            /// Runs the command ([`Exec::exec`]).
            pub fn exec(&self) -> anyhow::Result<()> {
                match self {
                    $(Command::$variant(args) => args.exec(),)*
                }
            }

            /// Whether it stops cleanly on Ctrl-C and SIGTERM ([`Exec::LONG`]).
            pub fn is_long(&self) -> bool {
                match self {
                    $(Command::$variant(_) => <$module::$args as Exec>::LONG,)*
                }
            }

            /// Its name as typed (`card-value`).
            pub fn name(&self) -> String {
                lab::infra::long_command::kebab_case(match self {
                    $(Command::$variant(_) => stringify!($variant),)*
                })
            }
        }
    };
}

/// Implements [`OwnArgs`] for a long command's flags: `own_args!(Flags => Options {
/// field: conversion, … })` builds `lab::infra::options::Options` from `self.field.
/// conversion()` for each listed field (`clone` for a value as typed, `options` for a
/// group of flags), then the output and long-run options.
///
/// `also: FIELD` at the end (compare, sweep, card-value) makes the flag `FIELD` (an
/// `Option<AgentList>`, `--also-agents`) play the command a second time with those
/// agents ([`OwnArgs::pair`], [`pair_of`]).
macro_rules! own_args {
    ($flags:ident => $options:ident { $($field:ident: $conv:ident),* $(,)? } $(also: $also:ident)?) => {
        impl $crate::commands::OwnArgs for $flags {
            type Options = ::lab::infra::options::$options;
            fn options(
                &self,
                output: ::lab::infra::options::OutputOptions,
                long: ::lab::infra::options::LongRunOptions,
            ) -> Self::Options {
                ::lab::infra::options::$options {
                    $($field: self.$field.$conv(),)*
                    output,
                    long,
                }
            }
            $(
            fn pair(
                &self,
                first: &Self::Options,
            ) -> anyhow::Result<Option<(Self::Options, Self::Options)>> {
                fn agents(o: &mut ::lab::infra::options::$options) -> &mut Vec<::agents::AgentSpec> {
                    &mut o.common.agents
                }
                fn out(o: &mut ::lab::infra::options::$options) -> &mut Option<std::path::PathBuf> {
                    &mut o.output.out
                }
                if self.$also.is_some() && first.long.shard.is_some() {
                    anyhow::bail!(
                        "--also-agents plays two runs: shard each run on its own (--shard \
                         without --also-agents) and compare them with sim report"
                    );
                }
                $crate::commands::pair_of(self.$also.as_ref(), first, agents, out)
            }
            )?
        }
    };
}

/// The two runs of a command with `--also-agents LIST`: `first` as typed, into `OUT/first`,
/// and the same with the agents `LIST`, into `OUT/second`; `None` without the flag.
/// Errors: `--out` missing or taken (one line).
pub fn pair_of<O: Clone>(
    also: Option<&crate::args::AgentList>,
    first: &O,
    agents: fn(&mut O) -> &mut Vec<::agents::AgentSpec>,
    out: fn(&mut O) -> &mut Option<std::path::PathBuf>,
) -> anyhow::Result<Option<(O, O)>> {
    let Some(list) = also else {
        return Ok(None);
    };
    let (mut a, mut b) = (first.clone(), first.clone());
    let Some(dir) = out(&mut a).clone() else {
        anyhow::bail!(
            "--also-agents needs --out DIR: the run of --agents goes to DIR/first, the run of \
             --also-agents to DIR/second, and the two are compared in DIR/first/report-vs-second.html"
        );
    };
    if dir.exists() {
        anyhow::bail!(
            "--out {}: already exists (give a new folder)",
            dir.display()
        );
    }
    *out(&mut a) = Some(dir.join("first"));
    *out(&mut b) = Some(dir.join("second"));
    *agents(&mut b) = list.0.clone();
    Ok(Some((a, b)))
}

/// Prints `text` (lines, each ending in `\n`) on standard output as `say!` does: a closed
/// standard output is not an error.
pub fn print_text(text: &str) {
    use std::io::Write as _;
    let _ = std::io::stdout().write_all(text.as_bytes());
}

/// The flags of a long lab command: the options they stand for, a
/// [`lab::infra::long_command::LongCommand`]. Every such command's `exec` is the same
/// ([`run_long`]: the command run from its start, its summary printed) and it stops
/// cleanly on Ctrl-C and SIGTERM.
pub trait LongArgs {
    /// The lab's options of the command.
    type Options: lab::infra::long_command::LongCommand;
    /// The options these flags stand for, for the lab library.
    fn options(&self) -> Self::Options;
    /// The two runs of `--also-agents` ([`OwnArgs::pair`]); `None` without it.
    fn pair(&self) -> anyhow::Result<Option<(Self::Options, Self::Options)>> {
        Ok(None)
    }
}

/// The flags of a long lab command whose threads, output folder, shard and checkpoint
/// flags come after its own (`compare`, `sweep`, `tune`, `card-value`, `ladder`; `sim
/// run` declares its own order): `A`, the command's own flags, then [`OutputArgs`] and
/// [`LongRunArgs`].
#[derive(clap::Args, Debug)]
pub struct Long<A: clap::Args> {
    /// The command's own flags.
    #[command(flatten)]
    pub own: A,
    /// Threads and output folder.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Shard and checkpoints.
    #[command(flatten)]
    pub long: LongRunArgs,
}

/// A long lab command's own flags ([`Long`]): the options they stand for with the output
/// and long-run options.
pub trait OwnArgs {
    /// The lab's options of the command.
    type Options: lab::infra::long_command::LongCommand;
    /// The options these flags stand for, with `output` and `long`.
    fn options(&self, output: OutputOptions, long: LongRunOptions) -> Self::Options;
    /// With `--also-agents` (compare, sweep, card-value): the two runs, `first` with its
    /// agents and the same with the others ([`pair_of`]); `None` otherwise.
    fn pair(
        &self,
        first: &Self::Options,
    ) -> anyhow::Result<Option<(Self::Options, Self::Options)>> {
        let _ = first;
        Ok(None)
    }
}

impl<A: OwnArgs + clap::Args> LongArgs for Long<A> {
    type Options = A::Options;
    fn options(&self) -> A::Options {
        self.own.options(self.output.options(), self.long.options())
    }
    fn pair(&self) -> anyhow::Result<Option<(A::Options, A::Options)>> {
        self.own.pair(&self.options())
    }
}

impl<T: LongArgs> Exec for T {
    const LONG: bool = true;
    fn exec(&self) -> anyhow::Result<()> {
        match self.pair()? {
            None => run_long(&self.options()),
            Some((first, second)) => run_pair(&first, &second),
        }
    }
}

/// Runs a command twice, with `--agents` and with `--also-agents`, into `OUT/first` and
/// `OUT/second` (`OUT` created here), prints both summaries, and writes the two side by
/// side (`sim report OUT/first OUT/second`: each effect under both agents and whether it
/// depends on them, the test of their difference). Errors: those of either run; `OUT` is
/// removed if nothing was written into it.
fn run_pair<C: lab::infra::long_command::LongCommand>(first: &C, second: &C) -> anyhow::Result<()> {
    let (mut a, mut b) = (first.clone(), second.clone());
    let a_dir = a
        .settings()
        .0
        .out
        .clone()
        .expect("pair_of sets both folders");
    let b_dir = b
        .settings()
        .0
        .out
        .clone()
        .expect("pair_of sets both folders");
    let dir = a_dir.parent().expect("OUT/first").to_path_buf();
    std::fs::create_dir_all(&dir).map_err(|e| anyhow::anyhow!("--out {}: {e}", dir.display()))?;
    let result = (|| {
        say!("== --agents, into {}", a_dir.display());
        run_long(first)?;
        say!("== --also-agents, into {}", b_dir.display());
        run_long(second)?;
        let page = reports::write_rungs_report(&a_dir, &b_dir)?;
        say!(
            "report: {} (each effect under both agents, and whether it depends on them)",
            page.display()
        );
        Ok(())
    })();
    if result.is_err() && std::fs::read_dir(&dir).is_ok_and(|mut d| d.next().is_none()) {
        let _ = std::fs::remove_dir(&dir);
    }
    result
}

/// Runs a long lab command from its start ([`lab::infra::long_command::LongCommand::start`],
/// compiled in the lab, not here for every game) and prints its
/// summary ([`lab::infra::long_command::LongCommand::summary`]): the `exec` of every
/// [`LongArgs`] (`sim run`, `compare`, `sweep`, `tune`, `card-value` and `ladder`).
/// Errors: those of the command.
pub fn run_long<C: lab::infra::long_command::LongCommand>(options: &C) -> anyhow::Result<()> {
    let report = options.start()?;
    print_text(&C::summary(&report));
    Ok(())
}

commands! {
    /// Play games in parallel (one match, or a round robin of more agents) and write
    /// summary, cards, matchups, ratings and balance CSVs, run.json and report.html to a
    /// new directory (the default command).
    Run(run::RunArgs),
    /// Print every action of some games as JSON Lines on stdout (single-threaded, same
    /// games as `run` with the same seed).
    Trace(trace::TraceArgs),
    /// Write a self-play dataset: games played as `run` plays them (same agents, seeds and
    /// rules), one row per decision (observation tensor, legal mask, action, the agent's
    /// root visits where it searches, the seat's final return) in Parquet files
    /// part-00000.parquet, … and _manifest.json, read by pandas or polars. Same seed, same
    /// files, whatever --threads.
    Selfplay(selfplay::SelfplayArgs),
    /// Write one game of any game as a self-contained HTML page that steps through it
    /// action by action: the board or the cards in play, what each seat sees, the log
    /// (the game `sim trace` prints for the same arguments, or a record's).
    Replay(replay::ReplayArgs),
    /// List the agents with their parameters and defaults (with --game, that game's
    /// defaults: `configs/<game>/agents.toml` laid over the generic ones).
    Agents(agents::AgentsArgs),
    /// List the games: name, numbers of players, what the game is, its shipped rule
    /// sets (one line each, tab-separated).
    Games(games::GamesArgs),
    /// Print a shell completion script (e.g. `sim completions bash >
    /// ~/.local/share/bash-completion/completions/sim`).
    Completions(completions::CompletionsArgs),
    /// Print the manual page (roff: `sim man > sim.1; man ./sim.1`).
    Man(man::ManArgs),
    /// A fixed single-thread workload: prints a signature of its results and the throughput.
    Bench(bench::BenchArgs),
    /// The causal value of a card: every game played twice on the same seeds, with the
    /// rules as given and with --copies copies (default 1) of --card replaced by blank
    /// cards; prints the
    /// change with its 95% interval and writes card_value.csv.
    CardValue(card_value::CardValueArgs),
    /// Fit the game's evaluation to the outcomes of its own games: record the evaluation
    /// features of sampled decisions of self-play with each seat's final return, fit a
    /// logistic regression, print its held-out log-loss and Brier score against the
    /// hand-made heuristic, and write the weights as an eval.toml (the file shipped in
    /// configs/GAME/ that mcts(eval=fitted) uses). Same seed, same file, whatever
    /// --threads.
    FitEval(fit_eval::FitEvalArgs),
    /// Go on with a run stopped by Ctrl-C, SIGTERM or a kill, from its last checkpoint:
    /// the files at the end are those of an uninterrupted run.
    Resume(resume::ResumeArgs),
    /// Combine the shard folders of one run (`sim run --shard I/N`, every I from 0 to
    /// N-1) into the folder of the whole run: the same files, byte for byte, as one
    /// process playing every game.
    Merge(merge::MergeArgs),
    /// Turn a run, compare, sweep or tune folder into a self-contained HTML page with
    /// charts (report.html).
    Report(report::ReportArgs),
    /// Print a rule set as resolved (shipped name or file, `extends`, `--set`): every key
    /// with its value, its default and its documentation, marking what differs; or, with
    /// `--format toml`, a complete rules file that loads back as it is.
    Rules(rules::RulesArgs),
    /// Play two or more rule sets with the same agents on the same seeds (common random
    /// numbers) and write every metric's difference to the first rule set, with its 95%
    /// interval and a significance flag corrected for multiplicity, to compare.csv.
    Compare(compare::CompareArgs),
    /// Play a grid of rule changes (`--vary KEY=4..8`) on the same seeds and write every
    /// metric at every point, with intervals, to sweep.csv.
    Sweep(sweep::SweepArgs),
    /// Search the `--vary` ranges for the rules whose metrics come closest to the
    /// `--target`s (N-Tuple Bandit Evolutionary Algorithm), re-play the best candidates on
    /// fresh seeds and write the winner as a rules file.
    Tune(tune::TuneArgs),
    /// The skill ladder of a game: random, greedy, mcts at doubling budgets until a
    /// doubling no longer wins significantly, and the oracle (which sees hidden
    /// information), played on duplicate deals through the runner; Bradley–Terry ratings,
    /// iterations and time per game, skill depth and luck share (ladder.csv, ladder.json).
    Ladder(ladder::LadderArgs),
    /// Play a whole game yourself against the lab's agents, in a terminal UI (or, without
    /// a terminal, a plain line protocol a script can drive): what your seat sees, the log
    /// as you saw it, your legal actions, hints from mcts, undo; the game is saved as a
    /// record that `sim replay --trace` reads (docs/play.md).
    Play(play::PlayArgs),
}
