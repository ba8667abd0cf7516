//! `sim bench`: the flags become [`lab::infra::options::BenchOptions`] and [`lab::commands::bench::bench`]
//! plays the fixed workloads, printing a line each and the combined signature.

use crate::args::{game_name, positive_u64};
use clap::Args;

/// `sim bench`, printed to standard output. Errors: those of [`lab::commands::bench::bench`].
impl super::Exec for BenchArgs {
    fn exec(&self) -> anyhow::Result<()> {
        lab::bench(&self.options(), &mut std::io::stdout())?;
        Ok(())
    }
}

/// Arguments of `sim bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Only this game's workloads (default: every game's random games, then GRANGOL's
    /// greedy and mcts workloads).
    #[arg(long, value_parser = game_name)]
    pub game: Option<String>,
    /// Games of random against random, per game.
    #[arg(long, value_name = "N", default_value_t = 2000, value_parser = positive_u64)]
    pub games: u64,
    /// Games of greedy against random.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = positive_u64)]
    pub greedy_games: u64,
    /// Games of mcts(iterations=100) against greedy.
    #[arg(long, value_name = "M", default_value_t = 20, value_parser = positive_u64)]
    pub search_games: u64,
    /// Also time single ISMCTS searches of exactly this many iterations, with random
    /// playouts to the end of the game, from the first decision of --searches dealt games
    /// (the workload of `benches/compare-openspiel.sh`); prints each start state's actions.
    #[arg(long, value_name = "ITERATIONS", value_parser = positive_u64)]
    pub search: Option<u64>,
    /// How many searches --search times.
    #[arg(long, value_name = "K", default_value_t = 10, value_parser = positive_u64)]
    pub searches: u64,
}

impl BenchArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::infra::options::BenchOptions {
        ::lab::infra::options::BenchOptions {
            game: self.game.clone(),
            games: self.games,
            greedy_games: self.greedy_games,
            search_games: self.search_games,
            search: self.search,
            searches: self.searches,
        }
    }
}
