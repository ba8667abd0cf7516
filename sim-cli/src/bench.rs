//! `sim bench`: a fixed workload on one thread that prints a signature of its results and
//! its throughput (after Stockfish's `bench`). The signature is a checksum of every game's
//! result, length and decisions: the same build and rules always print the same one, so
//! "no functional change" is a checkable claim, and a test pins it.

use crate::play::{Observer, Player};
use crate::schedule::{Format, Schedule};
use anyhow::Result;
use engine::core::{Game, GameState};
use engine::grangol::Grangol;
use std::time::Instant;

/// The seed of the bench workload.
pub const BENCH_SEED: u64 = 1;

struct Quiet;
impl<S: GameState> Observer<S> for Quiet {}

/// SplitMix64's finalizer, to fold results into the signature.
fn mix(h: u64, v: u64) -> u64 {
    let mut z = (h ^ v).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One line of the bench: what was played and what came out.
pub struct BenchLine {
    /// The agents, as typed in `--agents`.
    pub agents: &'static str,
    /// Games played.
    pub games: u64,
    /// Applied actions (decisions and chance outcomes).
    pub actions: u64,
    /// Decisions taken by the agents.
    pub decisions: u64,
    /// Checksum of every game's goals, length and decisions.
    pub signature: u64,
    /// Wall time in seconds.
    pub seconds: f64,
}

fn bench_line(game: &Grangol, agents: &'static str, games: u64) -> Result<BenchLine> {
    let specs: Vec<String> = agents::split_specs(agents)?;
    let schedule = Schedule::new(specs.len(), 2, Format::RoundRobin, games, true)
        .map_err(anyhow::Error::msg)?;
    let mut player = Player::new(game, &specs, BENCH_SEED);
    let start = Instant::now();
    let (mut actions, mut decisions, mut signature) = (0, 0, 0u64);
    for index in 0..games {
        let r = player.play(&schedule.game(index), &mut Quiet)?;
        actions += r.actions;
        let d: u64 = r.decisions.iter().sum();
        decisions += d;
        for &g in &r.scores {
            signature = mix(signature, g as u64);
        }
        signature = mix(signature, r.actions);
        signature = mix(signature, d);
    }
    Ok(BenchLine {
        agents,
        games,
        actions,
        decisions,
        signature,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Runs the bench: `games` games of random against random and `search_games` of a small
/// `mcts` against `greedy`, GRANGOL on the embedded rules, seed [`BENCH_SEED`], one thread.
/// Prints one line per workload and the combined signature.
pub fn bench(games: u64, search_games: u64) -> Result<()> {
    let game = Grangol::default_rules();
    say!(
        "bench: {}, embedded rules, seed {BENCH_SEED}, one thread",
        game.info().name
    );
    let lines = [
        bench_line(&game, "random,random", games)?,
        bench_line(&game, "mcts(iterations=100),greedy", search_games)?,
    ];
    let mut total = 0u64;
    for l in &lines {
        total = mix(total, l.signature);
        say!(
            "{:<30} {:>6} games {:>10} actions {:>9} decisions  signature {:016x}  {:>9.0} games/s {:>12.0} actions/s",
            l.agents,
            l.games,
            l.actions,
            l.decisions,
            l.signature,
            l.games as f64 / l.seconds.max(1e-9),
            l.actions as f64 / l.seconds.max(1e-9),
        );
    }
    say!("signature {total:016x}");
    Ok(())
}
