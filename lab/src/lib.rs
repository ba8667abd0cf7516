//! The strategy lab as a library: everything `sim` does, over plain option structs, with
//! no command-line parsing (the `sim` binary in `sim-cli` turns its flags into these
//! options and formats the output).
//!
//! - [`commands`]: every command as one function of its options (`lab::run`,
//!   `lab::compare`, …): the game found by name and loaded in one place;
//! - [`options`](mod@infra::options): the options of the commands as plain data;
//! - [`rules`](mod@infra::rules): rule sets by name or file, `extends` chains, `--set` overrides, every
//!   problem of a rule set at once, the documentation of each key;
//! - [`design`](mod@commands::design): the design lab, `sim compare` and `sim sweep` over
//!   [`options::CompareOptions`](infra::options::CompareOptions) and [`options::SweepOptions`](infra::options::SweepOptions): rule sets played on the
//!   same seeds, the metrics read from game-neutral events, the paired runner;
//! - [`fit_eval`](mod@commands::fit_eval): `sim fit-eval` over [`options::FitEvalOptions`](infra::options::FitEvalOptions): self-play positions in
//!   fixed-size reservoirs, the logistic fit, the weights file;
//! - [`games`](mod@infra::games): the installed games, each command's code per game
//!   ([`games::PerGame`](infra::games::PerGame), filled at start by `lab_games::install`:
//!   the lab names no game), a game loaded with its rules
//!   ([`games::Loaded`](infra::games::Loaded)), the agents checked against a game;
//! - [`schedule`](mod@infra::schedule): which agents sit where in which game (round robin, gauntlet,
//!   duplicate deals);
//! - [`play`](mod@infra::play): one game played: seats, random streams, the action loop, its observers;
//! - [`ladder`](mod@commands::ladder): `sim ladder` over [`options::LadderOptions`](infra::options::LadderOptions): random, greedy, mcts at
//!   doubling budgets and the oracle played as stages of the runner, ratings over all
//!   stages, `ladder.csv` and `ladder.json`;
//! - [`ntbea`](mod@commands::ntbea): the N-Tuple Bandit Evolutionary Algorithm that `sim tune` searches with
//!   (an optimiser, moved from `reports`);
//! - [`progress`](mod@infra::progress): the progress line of a long command on standard error;
//! - [`run`](mod@commands::run): `sim run` over [`RunOptions`]: the plan, the games played in parallel chunks,
//!   their counts ([`Tally`](commands::run::Tally)), the files of the run folder and the printed summary;
//! - [`card_value`](mod@commands::card_value): `sim card-value` over [`options::CardValueOptions`](infra::options::CardValueOptions): a card's value
//!   by ablation, the base and every ablated version played on the same games;
//! - [`runner`](mod@infra::runner): the one runner of parallel work: [`runner::Job`](infra::runner::Job)s of units played in
//!   fixed chunks, their [`runner::Merge`](infra::runner::Merge) tallies added by a collecting thread;
//! - [`journal`](mod@infra::journal): checkpoints, resume, shards and merge for every long command (`run`,
//!   `compare`, `sweep`, `tune`, `card-value`, `ladder`), by recording each command's phases of play;
//! - [`checkpoint`](mod@infra::checkpoint): the stop flag and the stop's messages (`sim resume`);
//! - [`resume`](mod@commands::resume): `sim resume` over [`options::ResumeOptions`](infra::options::ResumeOptions): a stopped command played to
//!   its end from its checkpoint;
//! - [`merge`](mod@commands::merge): `sim merge` over [`options::MergeOptions`](infra::options::MergeOptions): shard folders merged into the
//!   files of the whole command;
//! - [`sealed`](mod@infra::sealed): the sealed files the journal reads back, and rules loaded back from
//!   the complete rules file a command recorded;
//! - [`tune`](mod@commands::tune): `sim tune` over [`options::TuneOptions`](infra::options::TuneOptions): rule keys or agent parameters
//!   searched with NTBEA against metric targets, the final re-play;
//! - [`bench`](mod@commands::bench): `sim bench` over [`options::BenchOptions`](infra::options::BenchOptions): fixed workloads on
//!   one thread, a signature of their results and their throughput;
//! - [`trace`](mod@commands::trace): `sim trace` over [`options::TraceOptions`](infra::options::TraceOptions): every action of some games as
//!   JSON Lines, into any writer;
//! - [`record`](mod@infra::record): game records, the JSON Lines of `sim trace`, `sim play` and `sim replay
//!   --trace` (a header with the rules, a line per action with its code, an end line);
//! - [`session`](mod@commands::session): `sim play`: a person plays a whole game against the lab's agents (an
//!   interactive game: human seats, agents' seats, the log as a seat saw it, hints, undo
//!   and the record);
//! - [`replay`](mod@commands::replay): `sim replay` over [`options::ReplayOptions`](infra::options::ReplayOptions): one game of any game as a
//!   self-contained page that steps through it (from arguments or a saved record);
//! - [`custom_agents`](mod@commands::custom_agents): a match of `sim run` in which some agents are built by the caller
//!   (a Python callable), played on one thread with the lab's schedule and seeds.
//! - [`selfplay`](mod@commands::selfplay): `sim selfplay` over [`options::SelfplayOptions`](infra::options::SelfplayOptions): games played as `sim
//!   run` plays them, one row per decision in sharded Parquet files and a manifest;
//! - [`long_command`](mod@infra::long_command): the long commands registered for resume and merge, and what they
//!   return for their summaries ([`commands::LabReport`], with the summary's text):
//!   the library prints nothing.
#![deny(missing_docs)]

/// Prints a line to stdout like `println!`, but a closed stdout (`sim … | head`) is not an
/// error: the results are in the run folder, the printed summary is a courtesy. (`println!`
/// would panic.) Exported for `sim`'s own printing, which uses the same rule.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

/// `put!(out, "…", args)`: [`say!`] into the `String` `out` (a summary the library
/// returns instead of printing); `put!(out)` adds an empty line.
macro_rules! put {
    ($out:expr) => {
        $out.push('\n')
    };
    ($out:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($out, $($arg)*);
    }};
}

#[cfg(test)]
mod battery;
pub mod commands;
pub mod infra;

#[cfg(any(test, debug_assertions))]
#[doc(hidden)]
pub mod solitaire;
#[cfg(any(test, debug_assertions))]
#[doc(hidden)]
pub mod testing;

pub use commands::merge::merge;
pub use commands::resume::resume;
pub use commands::{
    bench, card_value, compare, fit_eval, ladder, replay, rules, run, selfplay, sweep, trace, tune,
};
pub use infra::error::Error;
pub use infra::options::{GameOptions, RunOptions, Shard};
