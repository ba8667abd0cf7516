//! `sim fit-eval`: the flags become [`lab::infra::options::FitEvalOptions`] and the lab fits the
//! game's evaluation ([`lab::fit_eval()`]) and writes the weights file.

use crate::args::{GameArg, 
    agent_list, non_negative_f64, positive_u64, positive_usize, AgentList, DEFAULT_SEED,
};
use clap::Args;
use std::path::PathBuf;

/// `sim fit-eval`. Errors: those of [`lab::fit_eval()`].
impl super::Exec for FitEvalArgs {
    const LONG: bool = true;
    fn exec(&self) -> anyhow::Result<()> {
        Ok(lab::fit_eval(&self.options())?)
    }
}

/// Arguments of `sim fit-eval`.
#[derive(Args, Debug)]
pub struct FitEvalArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArg,
    /// The rules the games are played under (a shipped rule set or a file) [default: the
    /// game's default rules].
    #[arg(long, value_name = "NAME|FILE")]
    pub rules: Option<String>,
    /// Self-play games to record (a positive whole number).
    #[arg(long, short = 'n', value_name = "N", value_parser = positive_u64, allow_negative_numbers = true)]
    pub games: u64,
    /// Master seed: games, sampled decisions and reservoirs all derive from it.
    #[arg(long, short = 's', value_name = "S", default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// The agents whose games are recorded, one per seat (seats rotate game by game)
    /// [default: greedy at every seat].
    #[arg(long, short = 'a', value_parser = agent_list)]
    pub agents: Option<AgentList>,
    /// Record a decision with probability 1/K (so positions of one game are few and far
    /// apart).
    #[arg(long, value_name = "K", default_value_t = ::lab::commands::fit_eval::DEFAULT_EVERY, value_parser = clap::value_parser!(u32).range(1..))]
    pub every: u32,
    /// At most this many positions are fitted (a uniform sample of those recorded; a
    /// quarter as many are held out), so memory does not grow with --games.
    #[arg(long, value_name = "P", default_value_t = ::lab::commands::fit_eval::DEFAULT_POSITIONS, value_parser = positive_usize)]
    pub positions: usize,
    /// The L2 penalty on the weights (not on the intercept), in the units of the summed
    /// log-likelihood.
    #[arg(long, value_name = "LAMBDA", default_value_t = ::lab::commands::fit_eval::DEFAULT_RIDGE, value_parser = non_negative_f64, allow_negative_numbers = true)]
    pub ridge: f64,
    /// Worker threads [default: all cores]. Results do not depend on it.
    #[arg(long, short = 'j', value_name = "T", value_parser = positive_usize, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// The weights file to write (overwritten) [default: eval-GAME-SEED-N.toml].
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// What the weights are fitted to: outcome (the seat's final return), search (the
    /// searching agent's value of the action it chose: its mean return over the root's
    /// iterations through it, a one-turn lookahead with far less luck; the outcome where
    /// it did not search) or blend (their mean).
    #[arg(long, value_name = "TARGET", default_value = "outcome", value_parser = ["outcome", "search", "blend"])]
    pub target: String,
    /// Rounds of expert iteration: round R records self-play of --agents with round R-1's
    /// weights as their evaluation (eval=FILE), fits OUT.round-R.toml, and plays the first
    /// agent with it against round R-1 (--match-games games on duplicate deals); the rounds
    /// stop when one does not win at 95%, and OUT is the last that did. Two-player games.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub rounds: u32,
    /// Games of each round's head-to-head (with --rounds).
    #[arg(long, value_name = "N", default_value_t = ::lab::commands::fit_eval::DEFAULT_MATCH_GAMES, value_parser = positive_u64, allow_negative_numbers = true)]
    pub match_games: u64,
}

impl FitEvalArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::infra::options::FitEvalOptions {
        ::lab::infra::options::FitEvalOptions {
            game: self.game.name.clone(),
            rules: self.rules.clone(),
            games: self.games,
            seed: self.seed,
            agents: self.agents.as_ref().map(|a| a.0.clone()).unwrap_or_default(),
            every: self.every,
            positions: self.positions,
            ridge: self.ridge,
            threads: self.threads,
            out: self.out.clone(),
            target: match self.target.as_str() {
                "search" => ::lab::commands::fit_eval::Target::Search,
                "blend" => ::lab::commands::fit_eval::Target::Blend,
                _ => ::lab::commands::fit_eval::Target::Outcome,
            },
            rounds: self.rounds,
            match_games: self.match_games,
        }
    }
}
