//! Every command of the lab in one shape: a function of its options that names the game
//! (`--game`), finds that game in the engine's registry ([`games::dispatch`]), loads its
//! rules in one place ([`games::load_common`] for the commands that play one rule set)
//! and returns the command's report, which the caller prints. No caller names a game
//! type: `sim` and the Python package call these, and the game's generic code is
//! compiled once, in this crate.
//!
//! The crate root re-exports each (`lab::run`, `lab::compare`, …, `lab::merge`). The
//! commands that need no game or find it in their files (`card_value`, `bench`, `merge`,
//! `resume`) are written in their modules and re-exported here, so that every command
//! is called the same way.

use crate::design::DesignReport;
use crate::error::Result;
use crate::games::{self, GameTask};
use crate::ladder::LadderReport;
use crate::options::{
    CompareOptions, FitEvalOptions, LadderOptions, ReplayOptions, RulesOptions, SelfplayOptions,
    SweepOptions, TraceOptions, TuneOptions,
};
use crate::run::RunReport;
use crate::selfplay::SelfplayReport;
use crate::tune::TuneReport;
use crate::RunOptions;
use engine::core::Registered;
use std::io::Write;

pub use crate::bench::bench;
pub use crate::merge::merge;
pub use crate::resume::resume;

/// `sim card-value` ([`crate::card_value::command`], which finds the game itself).
pub use crate::card_value::command as card_value;

/// Runs `f` on the game called `game`, with the typed error of the lab.
fn on_game<F: GameTask>(game: &str, f: F) -> Result<F::Output> {
    Ok(games::dispatch(game, f)?)
}

/// A generic closure over the game type, as a [`GameTask`] (`$out`: its output;
/// `$body`: an expression of the game type `R` and the captured `$arg`).
macro_rules! task {
    ($arg:ident: $ty:ty => $out:ty, |$r:ident| $body:expr) => {{
        struct Task<'a>(&'a $ty);
        impl GameTask for Task<'_> {
            type Output = $out;
            fn call<$r: Registered>(self) -> anyhow::Result<$out> {
                let $arg = self.0;
                Ok($body)
            }
        }
        Task($arg)
    }};
}

/// `sim run`: the games of `options` played in parallel into a new run folder
/// ([`crate::run::run`] on the game loaded from `options.common`). Errors: rules that
/// do not load, and those of [`crate::run::run`].
pub fn run(options: &RunOptions) -> Result<RunReport> {
    on_game(
        &options.common.game,
        task!(options: RunOptions => RunReport, |R| {
            crate::run::run(&games::load_common::<R>(&options.common)?, options)?
        }),
    )
}

/// `sim trace`: every action of the games of `options` as JSON Lines into `out`
/// ([`crate::trace::trace`]). Errors: those of [`crate::trace::trace`].
pub fn trace(options: &TraceOptions, out: &mut dyn Write) -> Result<()> {
    struct Task<'a>(&'a TraceOptions, &'a mut dyn Write);
    impl GameTask for Task<'_> {
        type Output = ();
        fn call<R: Registered>(self) -> anyhow::Result<()> {
            Ok(crate::trace::trace::<R>(self.0, self.1)?)
        }
    }
    on_game(&options.common.game, Task(options, out))
}

/// `sim selfplay`: the dataset of `options` ([`crate::selfplay::selfplay`] on the game
/// loaded from `options.common`). Errors: rules that do not load, and those of
/// [`crate::selfplay::selfplay`].
pub fn selfplay(options: &SelfplayOptions) -> Result<SelfplayReport> {
    on_game(
        &options.common.game,
        task!(options: SelfplayOptions => SelfplayReport, |R| {
            crate::selfplay::selfplay(&games::load_common::<R>(&options.common)?, options)?
        }),
    )
}

/// `sim replay`: the page of one game, of `--game` or of the `--trace` record's game
/// ([`crate::replay::game_name`]); returns its number of steps. Errors: a record that
/// cannot be read, and those of [`crate::replay::replay`].
pub fn replay(options: &ReplayOptions) -> Result<usize> {
    let game = crate::replay::game_name(options)?;
    on_game(
        &game,
        task!(options: ReplayOptions => usize, |R| crate::replay::replay::<R>(options)?),
    )
}

/// `sim rules`: the lines of [`crate::rules::show`] for the game `options.game`.
/// Errors: every problem of the rule set, one line each.
pub fn rules(options: &RulesOptions) -> Result<Vec<String>> {
    on_game(
        &options.game,
        task!(options: RulesOptions => Vec<String>, |R| crate::rules::show::<R>(options)?),
    )
}

/// `sim compare`: [`crate::design::compare`] on the game `options.common.game`.
pub fn compare(options: &CompareOptions) -> Result<DesignReport> {
    crate::long_command::start(options)
}

/// `sim sweep`: [`crate::design::sweep`] on the game `options.common.game`.
pub fn sweep(options: &SweepOptions) -> Result<DesignReport> {
    crate::long_command::start(options)
}

/// `sim tune`: [`crate::tune::tune`] on the game `options.common.game`.
pub fn tune(options: &TuneOptions) -> Result<TuneReport> {
    crate::long_command::start(options)
}

/// `sim ladder`: [`crate::ladder::ladder`] on the game `options.game`.
pub fn ladder(options: &LadderOptions) -> Result<LadderReport> {
    crate::long_command::start(options)
}

/// `sim fit-eval`: [`crate::fit_eval::fit_eval`] on the game `options.game` under
/// `options.rules`. Errors: rules that do not load, and those of
/// [`crate::fit_eval::fit_eval`].
pub fn fit_eval(options: &FitEvalOptions) -> Result<()> {
    on_game(
        &options.game,
        task!(options: FitEvalOptions => (), |R| {
            let game = games::load::<R>(options.rules.as_deref(), &[])?;
            crate::fit_eval::fit_eval(&game, options)?
        }),
    )
}
