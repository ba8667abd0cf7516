//! `sim bench` over [`BenchOptions`]: fixed workloads on one thread that print a signature of their results and
//! their throughput (after Stockfish's `bench`). A signature is a checksum of every game's
//! scores, length and decisions: the same build and rules always print the same one, so
//! "no functional change" is a checkable claim, and a test pins the combined signature.
//!
//! Workloads, all on the embedded default rules, seed [`BENCH_SEED`]:
//! - random against random, for every registered game (the engine loop);
//! - each game's own agent workloads ([`engine_core::Registered::BENCH`]; GRANGOL's:
//!   `greedy` against `random`, one-ply expectimax decisions, and
//!   `mcts(iterations=100)` against `greedy`, a fixed search budget);
//! - with `--search K`: single ISMCTS searches of exactly `K` iterations with random
//!   playouts to the end of the game, timed per iteration (the search workload that
//!   `benches/compare-openspiel.sh` runs on both programs).

use crate::infra::games::{self, per_game_fn, GameTask, PerGame};
use crate::infra::options::BenchOptions;
use crate::infra::play::Player;
use crate::infra::schedule::{Format, Schedule};
use agents::AgentSpec;
use anyhow::Result;
use engine_core::{
    derive_rng, Agent, ChanceOutcomes, Game, GameState, LegalActions, PlayerView, Registered,
    Stream, Turn,
};
use std::io::Write;
use std::time::Instant;

/// The seed of the bench workloads.
pub const BENCH_SEED: u64 = 1;

/// SplitMix64's finalizer, to fold results into the signature.
fn mix(h: u64, v: u64) -> u64 {
    let mut z = (h ^ v).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One line of the bench: what was played and what came out.
pub struct BenchLine {
    /// The game's name.
    pub game: &'static str,
    /// The agents, as typed in `--agents`.
    pub agents: String,
    /// Games played.
    pub games: u64,
    /// Applied actions (decisions and chance outcomes).
    pub actions: u64,
    /// Decisions taken by the agents.
    pub decisions: u64,
    /// Checksum of every game's scores, length and decisions.
    pub signature: u64,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// The line of `games` games of `game` between `specs`, whose list is written `agents`.
fn bench_line<G: Game>(
    game: &G,
    agents: &str,
    specs: &[AgentSpec],
    games: u64,
) -> Result<BenchLine> {
    let seats = game.info().num_seats;
    let schedule = Schedule::new(specs.len(), seats, Format::RoundRobin, games, true)
        .map_err(anyhow::Error::msg)?;
    let mut player = Player::new(game, specs, BENCH_SEED);
    let start = Instant::now();
    let (mut actions, mut decisions, mut signature) = (0, 0, 0u64);
    for index in 0..games {
        let r = player.play(&schedule.game(index), &mut ())?;
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
        game: game.info().name,
        agents: agents.to_string(),
        games,
        actions,
        decisions,
        signature,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Writes the line of `l` to `out`.
fn print_line(out: &mut dyn Write, l: &BenchLine) -> std::io::Result<()> {
    writeln!(
        out,
        "{:<13} {:<28} {:>6} games {:>10} actions {:>9} decisions  signature {:016x}  {:>9.0} games/s {:>12.0} actions/s",
        l.game,
        l.agents,
        l.games,
        l.actions,
        l.decisions,
        l.signature,
        l.games as f64 / l.seconds.max(1e-9),
        l.actions as f64 / l.seconds.max(1e-9),
    )
}

/// One registered game's workloads on its default rules: its random games, or its agent
/// workloads ([`Registered::BENCH`]), each line printed to `out` as it is done and kept.
pub(crate) struct Workloads<'a> {
    /// The random games (`true`) or the agent workloads (`false`).
    random: bool,
    /// The options' game counts.
    options: &'a BenchOptions,
    lines: &'a mut Vec<BenchLine>,
    out: &'a mut dyn Write,
}

impl GameTask for Workloads<'_> {
    type Output = ();
    fn call<R: Registered>(self) -> Result<()> {
        if !self.random && R::BENCH.is_empty() {
            return Ok(());
        }
        let loaded = games::load::<R>(None, &[])?;
        // (agents as printed, their specs, games)
        let mut workloads = Vec::new();
        if self.random {
            let seats = loaded.game.info().num_seats;
            let baseline = AgentSpec::named(agents::baseline().name);
            let agents = vec![agents::baseline().name; seats].join(",");
            workloads.push((agents, vec![baseline; seats], self.options.games));
        }
        for w in R::BENCH.iter().filter(|_| !self.random) {
            let games = if w.search {
                self.options.search_games
            } else {
                self.options.greedy_games
            };
            // The workloads are text the game's registration declares (the engine knows
            // no agent): read here, as a recorded file is.
            workloads.push((
                w.agents.to_string(),
                AgentSpec::parse_list(w.agents)?,
                games,
            ));
        }
        for (agents, specs, games) in workloads {
            let line = bench_line(&loaded.game, &agents, &specs, games)?;
            print_line(self.out, &line)?;
            self.lines.push(line);
        }
        Ok(())
    }
}

/// Single searches of a fixed number of iterations on one registered game.
pub(crate) struct Searches<'a> {
    iterations: u64,
    searches: u64,
    out: &'a mut dyn Write,
}

impl GameTask for Searches<'_> {
    type Output = ();
    fn call<R: Registered>(self) -> Result<()> {
        let loaded = games::load::<R>(None, &[])?;
        search_bench(&loaded.game, self.iterations, self.searches, self.out)?;
        Ok(())
    }
}

per_game_fn!(
    /// [`Workloads`] on one game.
    pub(crate) WorkloadsFn: for<'a> fn(Workloads<'a>) -> Result<()> = |R| |w| w.call::<R>()
);
per_game_fn!(
    /// [`Searches`] on one game.
    pub(crate) SearchesFn: for<'a> fn(Searches<'a>) -> Result<()> = |R| |s| s.call::<R>()
);

/// Each game's workloads ([`crate::commands::install_game`] fills it).
pub(crate) static WORKLOADS: PerGame<WorkloadsFn> = PerGame::new();
/// Each game's searches ([`crate::commands::install_game`] fills it).
pub(crate) static SEARCHES: PerGame<SearchesFn> = PerGame::new();

/// Times `searches` ISMCTS searches of exactly `iterations` iterations (UCB at every
/// node, random playouts to the end of the game, no tree reuse, no early stop), each from the first decision
/// with a choice of a game dealt from seed [`BENCH_SEED`] and index `k`. Prints each
/// start state as the space-separated action codes that lead to it (so another program
/// can replay it) and the time per iteration to `out`.
fn search_bench<G: Game>(
    game: &G,
    iterations: u64,
    searches: u64,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let cfg = agents::MctsConfig {
        iterations: u32::try_from(iterations).unwrap_or(u32::MAX),
        depth: u32::MAX,
        until: agents::Until::Depth,
        reuse: false,
        full_budget: true,
        // UCB at the root too: the same kind of search as OpenSpiel's MCTSBot.
        root: agents::Root::Uct,
        ..agents::MctsConfig::default()
    };
    let mut legal = engine_core::ActionList::new();
    let (mut total_seconds, mut total_iterations, mut timed) = (0.0, 0u64, 0u64);
    for k in 0..searches {
        let mut rng = derive_rng(BENCH_SEED, k, Stream::Chance(0));
        let mut state = game.new_initial_state();
        let mut history = Vec::new();
        // The first decision with a choice, with random decisions before it.
        let seat = loop {
            let a = match state.turn() {
                Turn::Terminal => break None,
                Turn::Chance => state.sample_chance_outcome(&mut rng),
                Turn::Decision(seat) => {
                    state.legal_actions(&mut legal);
                    if legal.len() > 1 {
                        break Some(seat);
                    }
                    legal[0]
                }
            };
            history.push(a.0.to_string());
            state.apply(a);
        };
        let Some(seat) = seat else { continue };
        let mut mcts = agents::Mcts::new(cfg);
        let view = PlayerView::new(&state, seat);
        let mut seat_rng = derive_rng(BENCH_SEED, k, Stream::Seat(seat));
        let start = Instant::now();
        let choice = mcts.act(&view, &mut seat_rng);
        let seconds = start.elapsed().as_secs_f64();
        let done = mcts.iterations_done();
        total_seconds += seconds;
        total_iterations += done;
        timed += 1;
        writeln!(
            out,
            "search {k}: start {} | {done} iterations, {:.3} us/iteration, chose {}",
            history.join(" "),
            seconds * 1e6 / done.max(1) as f64,
            choice.0
        )?;
    }
    writeln!(
        out,
        "{:<13} mcts search                   {total_iterations} iterations in {timed} searches  {:>9.3} us/iteration {:>12.0} iterations/s",
        game.info().name,
        total_seconds * 1e6 / total_iterations.max(1) as f64,
        total_iterations as f64 / total_seconds.max(1e-9)
    )
}

/// Runs `sim bench`: the workloads of the module documentation on `options.game` (every
/// registered game when `None`), one line each written to `out` as it is done, then the
/// combined signature, which it returns. Errors: a game's default rules failing to load
/// (a build bug), an unknown game, a write error of `out` (a closed standard output is
/// [`std::io::ErrorKind::BrokenPipe`], which `sim` ends on quietly).
/// Errors: [`crate::Error`], sorted from what failed (see [`crate::infra::error`]).
pub fn bench(options: &BenchOptions, out: &mut dyn Write) -> crate::infra::error::Result<u64> {
    bench_untyped(options, out).map_err(crate::Error::from)
}

/// The work of [`bench`], with `anyhow` errors.
fn bench_untyped(options: &BenchOptions, out: &mut dyn Write) -> Result<u64> {
    writeln!(out, "bench: embedded rules, seed {BENCH_SEED}, one thread")?;
    let mut lines = Vec::new();
    let names: Vec<&str> = match &options.game {
        Some(g) => vec![g.as_str()],
        None => games::names(),
    };
    for random in [true, false] {
        for name in &names {
            let task = Workloads {
                random,
                options,
                lines: &mut lines,
                out: &mut *out,
            };
            WORKLOADS.of(name)?(task)?;
        }
    }
    if let Some(iterations) = options.search {
        for name in &names {
            SEARCHES.of(name)?(Searches {
                iterations,
                searches: options.searches,
                out: &mut *out,
            })?;
        }
    }
    let total = lines.iter().fold(0u64, |t, l| mix(t, l.signature));
    writeln!(out, "signature {total:016x}")?;
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sim bench --game GAME --games 50 --search-games 2`, with `search`.
    fn options(game: &str, search: Option<u64>) -> BenchOptions {
        BenchOptions {
            game: Some(game.into()),
            games: 50,
            greedy_games: 100,
            search_games: 2,
            search,
            searches: 2,
        }
    }

    /// The signature `sim bench --game crazy_eights --games 50 --search-games 2` prints
    /// (pinned with the other games' in `sim-cli/tests/it/cli.rs`, `BENCH_SIGNATURES`).
    const CRAZY_EIGHTS: u64 = 0x545e_fd72_7091_56ef;

    #[test]
    fn the_library_prints_the_pinned_signature_and_returns_it() {
        let mut out = Vec::new();
        let total = bench(&options("crazy_eights", None), &mut out).unwrap();
        assert_eq!(total, CRAZY_EIGHTS);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "bench: embedded rules, seed 1, one thread");
        assert!(
            lines[1].starts_with("crazy_eights  random,random "),
            "{text}"
        );
        assert_eq!(lines.last(), Some(&"signature 545efd72709156ef"), "{text}");
    }

    #[test]
    fn timed_searches_print_their_lines_and_leave_the_signature_alone() {
        let mut out = Vec::new();
        let total = bench(&options("crazy_eights", Some(20)), &mut out).unwrap();
        assert_eq!(total, CRAZY_EIGHTS);
        let text = String::from_utf8(out).unwrap();
        let searches = text.lines().filter(|l| l.starts_with("search ")).count();
        assert_eq!(searches, 2, "{text}");
        assert!(text.contains(" 20 iterations, "), "{text}");
        assert!(text.contains("crazy_eights  mcts search"), "{text}");
    }
}
