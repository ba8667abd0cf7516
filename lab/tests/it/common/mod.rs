//! Helpers shared by the lab's integration tests: the options of a command as `sim`'s
//! flags and their defaults would give them (built in one place each, so that a new
//! field is a one-line change), the command run on the game its options name (through
//! [`lab_games::dispatch`], as the `sim` binary runs it), and its error as `sim` prints
//! it.
#![allow(dead_code, unused_imports)] // not every helper is used

use anyhow::Result;
use engine::core::Registered;
use lab::infra::games::{self, GameTask};
use lab::infra::options::{FitEvalOptions, LadderOptions};
use lab::{GameOptions, RunOptions};
use std::path::Path;

pub use lab::testing::{csv_rows, entries, num, read};

/// `sim`'s default `--seed`.
pub const SEED: u64 = 20261121;

/// `sim run --game GAME --agents AGENTS --games GAMES --out OUT` with every other flag at
/// its default (seed [`SEED`], duplicate deals, all cores, a checkpoint every 60 s).
/// Tests change the fields they give flags for.
pub fn run_options(game: &str, agents: &str, games: u64, out: &Path) -> RunOptions {
    RunOptions {
        common: GameOptions {
            game: game.into(),
            agents: agents::AgentSpec::parse_list(agents).unwrap(),
            games,
            gauntlet: false,
            no_duplicate: false,
            seed: SEED,
            rules: Vec::new(),
            set: Vec::new(),
            players: None,
        },
        sprt: None,
        max_actions: None,
        json: false,
        output: lab::infra::options::OutputOptions::new(None, Some(out.to_path_buf())),
        long: lab::infra::options::LongRunOptions::every(60),
    }
}

/// `sim ladder --game GAME --out OUT` with every other flag at its default.
pub fn ladder_options(game: &str, out: &Path) -> LadderOptions {
    LadderOptions {
        game: game.into(),
        rule_set: Default::default(),
        games: 400,
        seed: SEED,
        search: lab::infra::options::default_ladder_search(),
        start_iterations: 50,
        max_iterations: 3200,
        step: 0.6,
        calibration_games: 10,
        output: lab::infra::options::OutputOptions::new(None, Some(out.to_path_buf())),
        long: lab::infra::options::LongRunOptions::every(60),
    }
}

/// `sim fit-eval --game GAME --games GAMES --out OUT` with every other flag at its
/// default.
pub fn fit_eval_options(game: &str, games: u64, out: &Path) -> FitEvalOptions {
    FitEvalOptions {
        game: game.into(),
        rules: None,
        games,
        seed: SEED,
        agents: vec![
            agents::AgentSpec::named("greedy"),
            agents::AgentSpec::named("greedy"),
        ],
        every: lab::commands::fit_eval::DEFAULT_EVERY,
        positions: lab::commands::fit_eval::DEFAULT_POSITIONS,
        ridge: lab::commands::fit_eval::DEFAULT_RIDGE,
        threads: None,
        out: Some(out.to_path_buf()),
        target: lab::commands::fit_eval::Target::Outcome,
        rounds: 1,
        match_games: lab::commands::fit_eval::DEFAULT_MATCH_GAMES,
    }
}

/// `sim -q run`: the rules of `options` loaded for the game it names, then the run (which
/// writes its folder and prints its summary). Progress is off (`--quiet`) in every test.
pub fn run(options: &RunOptions) -> Result<()> {
    struct Run<'a>(&'a RunOptions);
    impl GameTask for Run<'_> {
        type Output = ();
        fn call<R: Registered>(self) -> Result<()> {
            let common = &self.0.common;
            let game = games::load::<R>(
                games::single_rules(&common.rules)?,
                &games::sets::<R>(common)?,
            )?;
            lab::commands::run::run(&game, self.0)?;
            Ok(())
        }
    }
    lab::infra::progress::set_quiet(true);
    lab_games::dispatch(&options.common.game, Run(options))
}

/// `sim -q ladder` on the game `options` names; returns the lines `sim` would print.
pub fn ladder(options: &LadderOptions) -> Result<Vec<String>> {
    struct Ladder<'a>(&'a LadderOptions, &'a mut Vec<String>);
    impl GameTask for Ladder<'_> {
        type Output = ();
        fn call<R: Registered>(self) -> Result<()> {
            *self.1 = lab::commands::ladder::ladder::<R>(self.0)?.lines;
            Ok(())
        }
    }
    lab::infra::progress::set_quiet(true);
    let mut lines = Vec::new();
    lab_games::dispatch(&options.game, Ladder(options, &mut lines))?;
    Ok(lines)
}

/// `sim -q fit-eval`: the game `options` names under its rules, then the fit (which writes
/// the weights file and prints the losses).
pub fn fit_eval(options: &FitEvalOptions) -> Result<()> {
    struct FitEval<'a>(&'a FitEvalOptions);
    impl GameTask for FitEval<'_> {
        type Output = ();
        fn call<R: Registered>(self) -> Result<()> {
            let game = games::load::<R>(self.0.rules.as_deref(), &[])?;
            Ok(lab::commands::fit_eval::fit_eval(&game, self.0)?)
        }
    }
    lab::infra::progress::set_quiet(true);
    lab_games::dispatch(&options.game, FitEval(options))
}

/// An error as `sim` prints it, without the `sim: error: ` before each line: every
/// problem of a rule set on its own line ([`lab::infra::rules::RuleErrors`]), any other error
/// with its causes on one line.
pub fn error_text(err: &anyhow::Error) -> String {
    if let Some(typed) = err.downcast_ref::<lab::Error>() {
        return match typed {
            lab::Error::Rules(lines) => lines.join("\n"),
            other => other.to_string(),
        };
    }
    match err.downcast_ref::<lab::infra::rules::RuleErrors>() {
        Some(errors) => errors.0.join("\n"),
        None => format!("{err:#}").replace('\n', " "),
    }
}

/// The error of a run that must fail, as [`error_text`] gives it.
pub fn run_error(options: &RunOptions) -> String {
    match run(options) {
        Ok(()) => panic!("the run of {options:?} did not fail"),
        Err(e) => error_text(&e),
    }
}
