//! Every command of the lab in one shape: a function of its options that names the game
//! (`--game`), finds that game in the engine's registry ([`games::dispatch`]), loads its
//! rules in one place ([`games::load_common`] for the commands that play one rule set)
//! and returns the command's report, which the caller prints. No caller names a game
//! type: `sim` and the Python package call these, and the game's generic code is
//! compiled once, in this crate.
//!
//! The crate root re-exports each (`lab::run`, `lab::compare`, …, `lab::merge`). The
//! commands that need no game or find it in their files (`card_value`, `bench`) are
//! written in their modules and re-exported here, so that every command is called the
//! same way; `merge` and `resume`, which run the long commands registered here, are
//! re-exported from their modules by the crate root.

pub mod bench;
pub mod custom_agents;
pub mod fit_eval;
pub mod merge;
pub mod ntbea;
pub mod replay;
pub mod resume;
pub mod selfplay;
pub mod session;
pub mod trace;

// The long commands: one line each declares the command's module and registers its
// options type (which implements `LongCommand` in the module) for checkpoints, resume,
// shards and merge.
crate::infra::long_command::long_commands! {
    run { /// `sim run`.
        Run(crate::infra::options::RunOptions) }
    design { /// `sim compare`.
        Compare(CompareOptions), /// `sim sweep`.
        Sweep(SweepOptions) }
    tune { /// `sim tune`.
        Tune(TuneOptions) }
    card_value { /// `sim card-value`.
        CardValue(crate::infra::options::CardValueOptions) }
    ladder { /// `sim ladder`.
        Ladder(LadderOptions) }
}

impl LabCommand {
    /// The command with output folder `out`, `threads` and long-run options `long`.
    pub fn with_output(
        mut self,
        out: Option<std::path::PathBuf>,
        threads: Option<usize>,
        long: crate::infra::options::LongRunOptions,
    ) -> Self {
        let (output, l) = self.settings();
        (output.out, output.threads, *l) = (out, threads, long);
        self
    }

    /// The command with `command_line` as the line that started it (what `run.json`
    /// records: [`crate::infra::options::OutputOptions::command_line`]).
    pub fn with_command_line(mut self, command_line: Vec<String>) -> Self {
        self.settings().0.command_line = command_line;
        self
    }
}

use crate::commands::design::DesignReport;
use crate::commands::ladder::LadderReport;
use crate::commands::run::RunReport;
use crate::commands::selfplay::SelfplayReport;
use crate::commands::tune::TuneReport;
use crate::infra::error::Result;
use crate::infra::games::{self, GameTask};
use crate::infra::options::{
    CompareOptions, FitEvalOptions, LadderOptions, ReplayOptions, RulesOptions, SelfplayOptions,
    SweepOptions, TraceOptions, TuneOptions,
};
use crate::RunOptions;
use engine::core::Registered;
use std::io::Write;

pub use crate::commands::bench::bench;

/// `sim card-value` ([`crate::commands::card_value::command`], which finds the game itself).
pub use crate::commands::card_value::command as card_value;

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

/// `sim run`: the games of `options` played in parallel into a new run folder, as a long
/// command with its journal ([`crate::infra::long_command::start`]: checkpoints, shards).
/// Errors: rules that do not load, and those of [`crate::commands::run::run`].
pub fn run(options: &RunOptions) -> Result<RunReport> {
    crate::infra::long_command::start(options)
}

/// `sim trace`: every action of the games of `options` as JSON Lines into `out`
/// ([`crate::commands::trace::trace`]). Errors: those of [`crate::commands::trace::trace`].
pub fn trace(options: &TraceOptions, out: &mut dyn Write) -> Result<()> {
    struct Task<'a>(&'a TraceOptions, &'a mut dyn Write);
    impl GameTask for Task<'_> {
        type Output = ();
        fn call<R: Registered>(self) -> anyhow::Result<()> {
            Ok(crate::commands::trace::trace::<R>(self.0, self.1)?)
        }
    }
    on_game(&options.common.game, Task(options, out))
}

/// `sim selfplay`: the dataset of `options` ([`crate::commands::selfplay::selfplay`] on the game
/// loaded from `options.common`). Errors: rules that do not load, and those of
/// [`crate::commands::selfplay::selfplay`].
pub fn selfplay(options: &SelfplayOptions) -> Result<SelfplayReport> {
    on_game(
        &options.common.game,
        task!(options: SelfplayOptions => SelfplayReport, |R| {
            crate::commands::selfplay::selfplay(&games::load_common::<R>(&options.common)?, options)?
        }),
    )
}

/// `sim replay`: the page of one game, of `--game` or of the `--trace` record's game
/// ([`crate::commands::replay::game_name`]); returns its number of steps. Errors: a record that
/// cannot be read, and those of [`crate::commands::replay::replay`].
pub fn replay(options: &ReplayOptions) -> Result<usize> {
    let game = crate::commands::replay::game_name(options)?;
    on_game(
        &game,
        task!(options: ReplayOptions => usize, |R| crate::commands::replay::replay::<R>(options)?),
    )
}

/// `sim rules`: the lines of [`crate::infra::rules::show`] for the game `options.game`.
/// Errors: every problem of the rule set, one line each.
pub fn rules(options: &RulesOptions) -> Result<Vec<String>> {
    on_game(
        &options.game,
        task!(options: RulesOptions => Vec<String>, |R| crate::infra::rules::show::<R>(options)?),
    )
}

/// `sim compare`: [`crate::commands::design::compare`] on the game `options.common.game`.
pub fn compare(options: &CompareOptions) -> Result<DesignReport> {
    crate::infra::long_command::start(options)
}

/// `sim sweep`: [`crate::commands::design::sweep`] on the game `options.common.game`.
pub fn sweep(options: &SweepOptions) -> Result<DesignReport> {
    crate::infra::long_command::start(options)
}

/// `sim tune`: [`crate::commands::tune::tune`] on the game `options.common.game`.
pub fn tune(options: &TuneOptions) -> Result<TuneReport> {
    crate::infra::long_command::start(options)
}

/// `sim ladder`: [`crate::commands::ladder::ladder`] on the game `options.game`.
pub fn ladder(options: &LadderOptions) -> Result<LadderReport> {
    crate::infra::long_command::start(options)
}

/// `sim fit-eval`: [`crate::commands::fit_eval::fit_eval`] on the game `options.game` under
/// `options.rules`. Errors: rules that do not load, and those of
/// [`crate::commands::fit_eval::fit_eval`].
pub fn fit_eval(options: &FitEvalOptions) -> Result<()> {
    on_game(
        &options.game,
        task!(options: FitEvalOptions => (), |R| {
            let game = games::load::<R>(options.rules.as_deref(), &[])?;
            crate::commands::fit_eval::fit_eval(&game, options)?
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::LabCommand;

    /// A command's files are tagged with its variant's name in kebab case (serde's
    /// `rename_all`), which must be the name it is typed by: `sim resume` reads the tag.
    #[test]
    fn every_registered_command_is_tagged_with_its_name() {
        for (variant, name) in LabCommand::VARIANTS {
            assert_eq!(
                &crate::infra::long_command::kebab_case(variant),
                name,
                "{variant}"
            );
        }
    }
}
