//! Every command of the lab in one shape: a function of its options that names the game
//! (`--game`), finds the command's code for that game in its table ([`PerGame::of`]),
//! loads its rules in one place ([`games::load_common`] for the commands that play one
//! rule set) and returns the command's report, which the caller prints. No caller names
//! a game type: `sim` and the Python package call these. The tables are filled at start
//! by [`install_game`] for each game (`lab_games::install`), so the games' generic code
//! is compiled once, in `lab-games`, and not in the lab, which depends on `engine-core`
//! alone.
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
use crate::infra::games::{self, per_game_fn, PerGame};
use crate::infra::options::{
    CompareOptions, FitEvalOptions, LadderOptions, ReplayOptions, RulesOptions, SelfplayOptions,
    SweepOptions, TraceOptions, TuneOptions,
};
use crate::RunOptions;
use engine_core::{GameVisitor, Registered};
use std::io::Write;

pub use crate::commands::bench::bench;

/// `sim card-value` ([`crate::commands::card_value::command`], which finds the game itself).
pub use crate::commands::card_value::command as card_value;

per_game_fn!(
    /// `sim trace` on one game.
    TraceFn: fn(&TraceOptions, &mut dyn Write) -> anyhow::Result<()> =
        |R| |o, out| Ok(crate::commands::trace::trace::<R>(o, out)?)
);
per_game_fn!(
    /// `sim selfplay` on one game.
    SelfplayFn: fn(&SelfplayOptions) -> anyhow::Result<SelfplayReport> = |R| |o| {
        Ok(crate::commands::selfplay::selfplay(&games::load_common::<R>(&o.common)?, o)?)
    }
);
per_game_fn!(
    /// `sim replay` on one game.
    ReplayFn: fn(&ReplayOptions) -> anyhow::Result<usize> =
        |R| |o| Ok(crate::commands::replay::replay::<R>(o)?)
);
per_game_fn!(
    /// `sim rules` on one game.
    RulesFn: fn(&RulesOptions) -> anyhow::Result<Vec<String>> =
        |R| |o| crate::infra::rules::show::<R>(o)
);
per_game_fn!(
    /// `sim fit-eval` on one game.
    FitEvalFn: fn(&FitEvalOptions) -> anyhow::Result<()> = |R| |o| {
        let game = games::load::<R>(o.rules.as_deref(), &[])?;
        Ok(crate::commands::fit_eval::fit_eval(&game, o)?)
    }
);

static TRACE: PerGame<TraceFn> = PerGame::new();
static SELFPLAY: PerGame<SelfplayFn> = PerGame::new();
static REPLAY: PerGame<ReplayFn> = PerGame::new();
static RULES: PerGame<RulesFn> = PerGame::new();
static FIT_EVAL: PerGame<FitEvalFn> = PerGame::new();

/// Installs game `R` into the table of every command ([`PerGame::add`]): what a program
/// that uses the lab does once per game at start (`lab_games::install`, through
/// [`Installer`]). Its code is generic over `R`, so every command's code for `R` is
/// compiled where this is called with the game's type, not in the lab.
pub fn install_game<R: Registered>() {
    games::GAMES.add::<R>();
    TRACE.add::<R>();
    SELFPLAY.add::<R>();
    REPLAY.add::<R>();
    RULES.add::<R>();
    FIT_EVAL.add::<R>();
    crate::commands::bench::WORKLOADS.add::<R>();
    crate::commands::bench::SEARCHES.add::<R>();
    crate::commands::session::OPEN.add::<R>();
    crate::commands::session::RESUME.add::<R>();
    install_long_commands::<R>();
}

/// [`install_game`] as a visitor of the engine's games (`engine_core::for_each_game(&mut
/// Installer)` installs them all, in registration order).
pub struct Installer;

impl GameVisitor for Installer {
    type Output = ();
    fn visit<G: Registered>(&mut self) {
        install_game::<G>();
    }
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
    Ok(TRACE.of(&options.common.game)?(options, out)?)
}

/// `sim selfplay`: the dataset of `options` ([`crate::commands::selfplay::selfplay`] on the game
/// loaded from `options.common`). Errors: rules that do not load, and those of
/// [`crate::commands::selfplay::selfplay`].
pub fn selfplay(options: &SelfplayOptions) -> Result<SelfplayReport> {
    Ok(SELFPLAY.of(&options.common.game)?(options)?)
}

/// `sim replay`: the page of one game, of `--game` or of the `--trace` record's game
/// ([`crate::commands::replay::game_name`]); returns its number of steps. Errors: a record that
/// cannot be read, and those of [`crate::commands::replay::replay`].
pub fn replay(options: &ReplayOptions) -> Result<usize> {
    let game = crate::commands::replay::game_name(options)?;
    Ok(REPLAY.of(&game)?(options)?)
}

/// `sim rules`: the lines of [`crate::infra::rules::show`] for the game `options.game`.
/// Errors: every problem of the rule set, one line each.
pub fn rules(options: &RulesOptions) -> Result<Vec<String>> {
    Ok(RULES.of(&options.game)?(options)?)
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
    Ok(FIT_EVAL.of(&options.game)?(options)?)
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
