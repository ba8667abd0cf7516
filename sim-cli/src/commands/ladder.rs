//! `sim ladder`: the flags become [`lab::infra::options::LadderOptions`] and the lab plays the
//! ladder's stages ([`lab::ladder()`]), writes its folder and prints the ladder.

use crate::args::{agent_spec, GameArg, positive_u64, RuleSetArgs, DEFAULT_SEED};
use clap::Args;

/// The own flags of `sim ladder`.
#[derive(Args, Debug)]
pub struct LadderFlags {
    /// The game.
    #[command(flatten)]
    pub game: GameArg,
    /// The rule set (1 player at the memory game: the solitaire, measured in turns
    /// against its known optimum).
    #[command(flatten)]
    pub rule_set: RuleSetArgs,
    /// Games of every pairing (of every agent alone at a one-player game), on duplicate
    /// deals.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 400, value_parser = positive_u64, allow_negative_numbers = true)]
    pub games: u64,
    /// Master seed: every stage plays on it, so on the same deals.
    #[arg(long, short = 's', value_name = "S", default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// The search whose budget is doubled: mcts with any parameters but iterations (the
    /// ladder sets them); the oracle rung plays the same. The default, sequential halving
    /// at the root, spends its whole budget, so the ladder measures what search is worth
    /// in the game rather than where the default's root stops early.
    #[arg(long, value_name = "SPEC", default_value = "mcts(root=halving)", value_parser = agent_spec)]
    pub search: agents::AgentSpec,
    /// The first mcts budget, in iterations per decision.
    #[arg(long, value_name = "N", default_value_t = 50)]
    pub start_iterations: u32,
    /// The largest mcts budget: the doubling stops there even if it still wins.
    #[arg(long, value_name = "N", default_value_t = 3200)]
    pub max_iterations: u32,
    /// The score a rung must reach against the previous link to extend the skill chain
    /// (strictly between 0.5 and 1).
    #[arg(long, value_name = "SCORE", default_value_t = 0.6)]
    pub step: f64,
    /// Games per agent played on one thread to measure iterations and time per game.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = positive_u64, allow_negative_numbers = true)]
    pub calibration_games: u64,
}

/// `sim ladder`: its own flags, then the output and long-run flags ([`super::Long`]).
pub type LadderArgs = super::Long<LadderFlags>;

// The command's options ([`super::OwnArgs`]): `exec` runs it and prints its summary.
own_args!(LadderFlags => LadderOptions {
    game: owned_name,
    rule_set: options,
    games: clone,
    seed: clone,
    search: clone,
    start_iterations: clone,
    max_iterations: clone,
    step: clone,
    calibration_games: clone,
});
