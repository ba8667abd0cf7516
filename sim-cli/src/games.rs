//! The games `sim` knows, loaded with their rules.

use crate::cli::{CardValueArgs, GameArgs, GameName};
use crate::schedule::{Format, Schedule};
use anyhow::{bail, Context, Result};
use engine::core::Game;
use engine::grangol::Grangol;
use std::path::Path;

/// A game loaded with its rules, and how to describe those rules in `run.json`.
pub struct Loaded<G: Game> {
    /// The validated rule set.
    pub game: G,
    /// Where the rules came from: a file path, or the embedded default.
    pub rules_source: String,
    /// The rules as loaded, as JSON (for `run.json`).
    pub rules_json: serde_json::Value,
}

impl<G: Game> Loaded<G> {
    /// The game's name (`grangol`).
    pub fn name(&self) -> &'static str {
        self.game.info().name
    }
}

/// Loads GRANGOL from `rules` (a TOML file) or the embedded default rules.
/// Errors: an unreadable file, or the one-line [`engine::grangol::RulesError`].
pub fn load_grangol(rules: Option<&Path>) -> Result<Loaded<Grangol>> {
    let (game, rules_source) = match rules {
        None => (
            Grangol::default_rules(),
            "embedded configs/grangol/default.toml".to_string(),
        ),
        Some(path) => {
            let source = path.display().to_string();
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read rules file '{source}'"))?;
            (Grangol::from_toml(&text, &source)?, source)
        }
    };
    let rules_json =
        serde_json::to_value(game.config()).context("cannot serialize the GRANGOL rules")?;
    Ok(Loaded {
        game,
        rules_source,
        rules_json,
    })
}

/// Checks `--agents` and the schedule flags of `args` against the game: as many agents
/// as seats (one match), or more at a two-seat game (a round robin, or a gauntlet with
/// `--gauntlet`); every name known to `agents::make_agent`. Returns the trimmed specs and
/// the schedule.
pub fn check_agents<G: Game>(game: &Loaded<G>, args: &GameArgs) -> Result<(Vec<String>, Schedule)> {
    let seats = game.game.info().num_seats;
    let specs: Vec<String> = args.agents.iter().map(|s| s.trim().to_string()).collect();
    let format = if args.gauntlet {
        Format::Gauntlet
    } else {
        Format::RoundRobin
    };
    let schedule = Schedule::new(specs.len(), seats, format, args.games, !args.no_duplicate)
        .map_err(|e| anyhow::anyhow!("--agents '{}': {e}", args.agents.join(",")))?;
    if args.gauntlet && specs.len() <= seats {
        bail!(
            "--gauntlet plays the first agent against each of the others: name more than \
             {seats} agents"
        );
    }
    for spec in &specs {
        agents::make_agent::<G::State>(spec)?;
    }
    Ok((specs, schedule))
}

/// Loads the game named on the command line and runs `f` on it.
pub fn dispatch(name: GameName, rules: Option<&Path>, f: impl GameTask) -> Result<()> {
    match name {
        GameName::Grangol => f.call(&load_grangol(rules)?),
    }
}

/// `sim card-value`: loads the game named in `args` twice, as given and with `--copies`
/// copies of `--card` replaced by the game's blank card, and runs the ablation. Errors:
/// bad rules, an unknown card, or fewer copies in the deck than `--copies` (one line).
pub fn card_value(args: &CardValueArgs) -> Result<()> {
    let common = &args.common;
    match common.game {
        GameName::Grangol => {
            let base = load_grangol(common.rules.as_deref())?;
            let mut ablated = base.game.with_blank(&args.card)?;
            for k in 1..args.copies {
                ablated = ablated.with_blank(&args.card).with_context(|| {
                    format!("--copies {}: only {k} could be replaced", args.copies)
                })?;
            }
            crate::card_value::card_value(&base, &ablated, args)
        }
    }
}

/// A command that runs on any loaded game (a generic closure).
pub trait GameTask {
    /// Runs the command on `game`.
    fn call<G: Game>(self, game: &Loaded<G>) -> Result<()>;
}
