//! The strategy lab as a library: everything `sim` does, over plain option structs, with
//! no command-line parsing (the `sim` binary in `sim-cli` turns its flags into these
//! options and formats the output).
//!
//! - [`commands`]: every command as one function of its options (`lab::run`,
//!   `lab::compare`, …): the game found by name and loaded in one place;
//! - [`options`]: the options of the commands as plain data;
//! - [`rules`](mod@rules): rule sets by name or file, `extends` chains, `--set` overrides, every
//!   problem of a rule set at once, the documentation of each key;
//! - [`design`]: the design lab, `sim compare` and `sim sweep` over
//!   [`options::CompareOptions`] and [`options::SweepOptions`]: rule sets played on the
//!   same seeds, the metrics read from game-neutral events, the paired runner;
//! - [`fit_eval`](mod@fit_eval): `sim fit-eval` over [`options::FitEvalOptions`]: self-play positions in
//!   fixed-size reservoirs, the logistic fit, the weights file;
//! - [`games`]: the registered games and how a task reaches one loaded with its rules
//!   ([`games::dispatch`], [`games::Loaded`]), the agents checked against a game;
//! - [`schedule`]: which agents sit where in which game (round robin, gauntlet,
//!   duplicate deals);
//! - [`play`]: one game played: seats, random streams, the action loop, its observers;
//! - [`ladder`](mod@ladder): `sim ladder` over [`options::LadderOptions`]: random, greedy, mcts at
//!   doubling budgets and the oracle played as stages of the runner, ratings over all
//!   stages, `ladder.csv` and `ladder.json`;
//! - [`ntbea`]: the N-Tuple Bandit Evolutionary Algorithm that `sim tune` searches with
//!   (an optimiser, moved from `reports`);
//! - [`progress`]: the progress line of a long command on standard error;
//! - [`run`](mod@run): `sim run` over [`RunOptions`]: the plan, the games played in parallel chunks,
//!   their counts ([`run::Tally`]), the files of the run folder and the printed summary;
//! - [`card_value`](mod@card_value): `sim card-value` over [`options::CardValueOptions`]: a card's value
//!   by ablation, the base and every ablated version played on the same games;
//! - [`runner`]: the one runner of parallel work: [`runner::Job`]s of units played in
//!   fixed chunks, their [`runner::Merge`] tallies added by a collecting thread;
//! - [`journal`]: checkpoints, resume, shards and merge for `compare`, `sweep`, `tune` and
//!   `card-value`, by recording each command's phases of play;
//! - [`checkpoint`]: the stop flag, `checkpoint.json` and its saver (`sim resume`);
//! - [`resume`](mod@resume): `sim resume` over [`options::ResumeOptions`]: a stopped run played to its
//!   end from its checkpoint;
//! - [`merge`](mod@merge): `sim merge` over [`options::MergeOptions`]: shard folders merged into the
//!   files of the whole run;
//! - [`shard`]: `shard.json`, sealed files read back, a run rebuilt from its file
//!   (`--shard I/N`, `sim merge`);
//! - [`tune`](mod@tune): `sim tune` over [`options::TuneOptions`]: rule keys or agent parameters
//!   searched with NTBEA against metric targets, the final re-play;
//! - [`bench`](mod@bench): `sim bench` over [`options::BenchOptions`]: fixed workloads on
//!   one thread, a signature of their results and their throughput;
//! - [`trace`](mod@trace): `sim trace` over [`options::TraceOptions`]: every action of some games as
//!   JSON Lines, into any writer;
//! - [`record`]: game records, the JSON Lines of `sim trace`, `sim play` and `sim replay
//!   --trace` (a header with the rules, a line per action with its code, an end line);
//! - [`session`]: `sim play`: a person plays a whole game against the lab's agents (an
//!   interactive game: human seats, agents' seats, the log as a seat saw it, hints, undo
//!   and the record);
//! - [`replay`](mod@replay): `sim replay` over [`options::ReplayOptions`]: one game of any game as a
//!   self-contained page that steps through it (from arguments or a saved record);
//! - [`custom_agents`]: a match of `sim run` in which some agents are built by the caller
//!   (a Python callable), played on one thread with the lab's schedule and seeds.
//! - [`selfplay`](mod@selfplay): `sim selfplay` over [`options::SelfplayOptions`]: games played as `sim
//!   run` plays them, one row per decision in sharded Parquet files and a manifest;
//! - [`long_command`]: the long commands registered for resume and merge, and what they
//!   return for their summaries ([`long_command::LabReport`], with the summary's text):
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
pub mod bench;
pub mod card_value;
pub mod checkpoint;
pub mod commands;
pub mod custom_agents;
pub mod design;
pub mod error;
pub mod fit_eval;
pub mod games;
pub mod journal;
pub mod ladder;
pub mod long_command;
pub mod merge;
pub mod ntbea;
pub mod options;
pub mod play;
pub mod progress;
pub mod record;
pub mod replay;
pub mod resume;
pub mod rules;
pub mod run;
pub mod runner;
pub mod schedule;
pub mod selfplay;
pub mod session;
pub mod shard;
#[cfg(any(test, debug_assertions))]
#[doc(hidden)]
pub mod solitaire;
#[cfg(any(test, debug_assertions))]
#[doc(hidden)]
pub mod testing;
pub mod trace;
pub mod tune;

pub use commands::{
    bench, card_value, compare, fit_eval, ladder, merge, replay, resume, rules, run, selfplay,
    sweep, trace, tune,
};
pub use error::Error;
pub use options::{GameOptions, RunOptions, Shard};
