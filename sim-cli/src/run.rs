//! `sim run` (the default command): many games in parallel, folded into statistics and
//! written to a new run directory.

use crate::cli::RunArgs;
use crate::games::Loaded;
use crate::play::{Observer, Player};
use anyhow::{Context, Result};
use engine::core::{Game, GameEvent, GameState, MAX_SEATS};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use reports::{card_rows, summary_rows, GameCards, RunDir, RunStats, SeatStats};
use serde::Serialize;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Games per chunk: at most 1024, and small enough that a run splits into at least 256
/// chunks, so slow agents keep every thread busy on short runs too. Statistics are
/// integer counts, so the totals are the same whatever the chunking and thread count.
pub fn chunk_size(games: u64) -> u64 {
    games.div_ceil(256).clamp(1, 1024)
}

/// Everything checked before any game is played or any file is written.
pub struct Plan {
    /// Agent specs in `--agents` order.
    pub specs: Vec<String>,
    /// Agent labels: the spec, with `#k` appended to the k-th repeat of a name.
    pub labels: Vec<String>,
    /// Number of games.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// The run directory to create.
    pub out: PathBuf,
    /// An early-stopping test of the first agent against the second, if asked for.
    pub sprt: Option<reports::Sprt>,
}

/// Games between two checks of `--sprt`: fixed, so where a match stops does not depend on
/// the number of threads.
pub const SPRT_BATCH: u64 = 1000;

/// How an SPRT ended.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SprtOutcome {
    /// H0's Elo difference.
    pub elo0: f64,
    /// H1's Elo difference.
    pub elo1: f64,
    /// Type I error rate.
    pub alpha: f64,
    /// Type II error rate.
    pub beta: f64,
    /// The log-likelihood ratio at the end.
    pub llr: f64,
    /// Wald's lower bound.
    pub lower: f64,
    /// Wald's upper bound.
    pub upper: f64,
    /// "H1" (the first agent is at least elo1 stronger), "H0", or "none" (--games ran out).
    pub decision: &'static str,
    /// Games played.
    pub games: u64,
}

/// Labels for agent specs: `random,random` gives `random`, `random#2`.
pub fn labels(specs: &[String]) -> Vec<String> {
    specs
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let k = specs[..i].iter().filter(|s| *s == spec).count();
            if k == 0 {
                spec.clone()
            } else {
                format!("{spec}#{}", k + 1)
            }
        })
        .collect()
}

/// The default run directory: `runs/<game>-<agents>-<seed>-<games>`, with `-2`, `-3`, …
/// appended if taken. Characters other than letters, digits, `.`, `_` and `-` in agent
/// specs become `_`.
fn default_out(game: &str, specs: &[String], seed: u64, games: u64) -> PathBuf {
    let agents: Vec<String> = specs
        .iter()
        .map(|s| {
            s.chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || "._-".contains(c) {
                        c
                    } else {
                        '_'
                    }
                })
                .collect()
        })
        .collect();
    let base = Path::new("runs").join(format!("{game}-{}-{seed}-{games}", agents.join("-")));
    reports::unused_path(&base)
}

/// Checks the run arguments against the loaded game: agent count and names, threads,
/// output directory. Writes nothing.
pub fn plan<G: Game>(game: &Loaded<G>, args: &RunArgs) -> Result<Plan> {
    let common = &args.common;
    let specs = crate::games::check_agents(game, &common.agents)?;
    let threads = match args.threads {
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let out = match &args.out {
        Some(dir) => {
            if dir.exists() {
                anyhow::bail!(
                    "output directory '{}' already exists (choose another --out)",
                    dir.display()
                );
            }
            dir.clone()
        }
        None => default_out(game.name(), &specs, common.seed, common.games),
    };
    Ok(Plan {
        labels: labels(&specs),
        specs,
        games: common.games,
        seed: common.seed,
        threads,
        out,
        sprt: args.sprt,
    })
}

/// Folds a game's card events into the run statistics.
struct StatsObserver<'a> {
    stats: &'a mut RunStats,
    seats: &'a [usize],
    /// The cards each seat held and played in the current game (for card values).
    cards: [GameCards; MAX_SEATS],
}

impl<S: GameState> Observer<S> for StatsObserver<'_> {
    #[inline]
    fn on_event(&mut self, event: GameEvent) {
        self.stats.record_event(self.seats, event);
        GameCards::observe(&mut self.cards, event);
    }
}

/// Plays games `range` and returns their statistics, advancing `bar` game by game.
fn run_chunk<G: Game>(
    game: &G,
    plan: &Plan,
    range: std::ops::Range<u64>,
    bar: &ProgressBar,
) -> Result<RunStats> {
    let info = game.info();
    let mut stats = RunStats::new(plan.specs.len(), info.num_seats, info.cards.len());
    let mut player = Player::new(game, &plan.specs, plan.seed);
    for index in range {
        let seats = crate::play::seating(index, info.num_seats);
        let mut observer = StatsObserver {
            stats: &mut stats,
            seats: &seats,
            cards: [GameCards::default(); MAX_SEATS],
        };
        let record = player.play(index, &mut observer)?;
        let cards = observer.cards;
        stats.record_game(
            &record.seats,
            &record.scores,
            &record.returns,
            &record.decisions,
            record.actions,
            &cards[..info.num_seats],
        );
        bar.inc(1);
    }
    Ok(stats)
}

fn progress_bar(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} games, eta {eta}",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// Plays every game of `plan` on a pool of `plan.threads` threads. The statistics are
/// merged in chunk order; as every count is an integer, they are the same for any number
/// of threads. With `--sprt`, games are played in batches of [`SPRT_BATCH`] and the match
/// stops after the first batch at which the test decides.
pub fn simulate<G: Game>(game: &G, plan: &Plan) -> Result<(RunStats, Option<SprtOutcome>)> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads)
        .build()
        .with_context(|| format!("cannot start {} threads", plan.threads))?;
    let chunk = chunk_size(plan.games);
    let bar = progress_bar(plan.games);
    let info = game.info();
    let mut total = RunStats::new(plan.specs.len(), info.num_seats, info.cards.len());
    let batch = if plan.sprt.is_some() {
        SPRT_BATCH
    } else {
        plan.games
    };
    let mut outcome = None;
    let mut start = 0;
    while start < plan.games {
        let end = (start + batch).min(plan.games);
        let chunks = (end - start).div_ceil(chunk);
        let parts: Result<Vec<RunStats>> = pool.install(|| {
            (0..chunks)
                .into_par_iter()
                .map(|c| {
                    let from = start + c * chunk;
                    run_chunk(game, plan, from..(from + chunk).min(end), &bar)
                })
                .collect()
        });
        for part in &parts? {
            total.merge(part);
        }
        start = end;
        if let Some(test) = plan.sprt {
            let first = total.agent_total(0);
            let wdl = reports::Wdl {
                wins: first.wins,
                draws: first.draws,
                losses: first.losses,
            };
            let decision = test.decide(&wdl);
            let (lower, upper) = test.bounds();
            let done = decision != reports::SprtDecision::Continue || start >= plan.games;
            if done {
                outcome = Some(SprtOutcome {
                    elo0: test.elo0,
                    elo1: test.elo1,
                    alpha: test.alpha,
                    beta: test.beta,
                    llr: test.llr(&wdl),
                    lower,
                    upper,
                    decision: match decision {
                        reports::SprtDecision::AcceptH1 => "H1",
                        reports::SprtDecision::AcceptH0 => "H0",
                        reports::SprtDecision::Continue => "none",
                    },
                    games: start,
                });
                break;
            }
        }
    }
    bar.finish_and_clear();
    Ok((total, outcome))
}

/// One agent in `run.json`.
#[derive(Serialize)]
struct AgentJson<'a> {
    label: &'a str,
    spec: &'a str,
}

/// The rules in `run.json`.
#[derive(Serialize)]
struct RulesJson<'a> {
    source: &'a str,
    config: &'a serde_json::Value,
}

/// Timings in `run.json`.
#[derive(Serialize)]
struct TimingsJson {
    elapsed_seconds: f64,
    games_per_second: f64,
}

/// Build facts in `run.json` (nothing that depends on a git checkout).
#[derive(Serialize)]
struct BuildJson {
    package: &'static str,
    profile: &'static str,
    target_os: &'static str,
    target_arch: &'static str,
}

/// `run.json`: what was run, with what, and how long it took.
#[derive(Serialize)]
struct RunJson<'a> {
    command: Vec<String>,
    version: &'static str,
    game: &'a str,
    agents: Vec<AgentJson<'a>>,
    seating: &'static str,
    games: u64,
    seed: u64,
    threads: usize,
    chunk_size: u64,
    started_unix_seconds: u64,
    rules: RulesJson<'a>,
    timings: TimingsJson,
    actions: u64,
    decisions: u64,
    files: [&'static str; 3],
    /// The early-stopping test, when `--sprt` was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    sprt: Option<SprtOutcome>,
    build: BuildJson,
}

/// `sim run`: plays the games, writes `summary.csv`, `cards.csv` and `run.json` to a new
/// run directory, and prints a summary.
pub fn run<G: Game>(game: &Loaded<G>, args: &RunArgs) -> Result<()> {
    let plan = plan(game, args)?;
    let started = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let clock = Instant::now();
    let (stats, sprt) = simulate(&game.game, &plan)?;
    let elapsed = clock.elapsed().as_secs_f64();
    let rate = stats.games() as f64 / elapsed.max(1e-9);

    let name = game.name();
    let info = game.game.info();
    let decisions: u64 = (0..plan.specs.len())
        .map(|a| stats.agent_total(a).decisions)
        .sum();
    let run_json = RunJson {
        command: std::env::args_os()
            .map(|a| a.to_string_lossy().into_owned())
            .collect(),
        version: env!("CARGO_PKG_VERSION"),
        game: name,
        agents: plan
            .labels
            .iter()
            .zip(&plan.specs)
            .map(|(label, spec)| AgentJson { label, spec })
            .collect(),
        seating: "agent a sits at seat (a + game) mod seats: with two agents the first \
                  has seat 0 in even games and seat 1 in odd games",
        games: stats.games(),
        seed: plan.seed,
        threads: plan.threads,
        chunk_size: chunk_size(plan.games),
        started_unix_seconds: started,
        rules: RulesJson {
            source: &game.rules_source,
            config: &game.rules_json,
        },
        timings: TimingsJson {
            elapsed_seconds: elapsed,
            games_per_second: rate,
        },
        actions: stats.actions(),
        decisions,
        files: ["summary.csv", "cards.csv", "run.json"],
        sprt,
        build: BuildJson {
            package: env!("CARGO_PKG_NAME"),
            profile: if cfg!(debug_assertions) {
                "debug"
            } else {
                "release"
            },
            target_os: std::env::consts::OS,
            target_arch: std::env::consts::ARCH,
        },
    };

    let dir = RunDir::create(&plan.out)?;
    dir.write_csv("summary.csv", summary_rows(name, &plan.labels, &stats))?;
    dir.write_csv(
        "cards.csv",
        card_rows(name, &plan.labels, &info.cards, &stats),
    )?;
    dir.write_json("run.json", &run_json)?;
    let out = dir.finish()?;

    print_summary(name, &plan, &stats, elapsed, rate, &out);
    if let Some(t) = sprt {
        println!(
            "SPRT elo0 {} elo1 {} (alpha {}, beta {}): {} after {} games, LLR {:.3} in [{:.3}, {:.3}]",
            t.elo0,
            t.elo1,
            t.alpha,
            t.beta,
            match t.decision {
                "H1" => "H1 accepted",
                "H0" => "H0 accepted",
                _ => "no decision",
            },
            t.games,
            t.llr,
            t.lower,
            t.upper
        );
    }
    Ok(())
}

fn fmt_opt(x: Option<f64>, digits: usize) -> String {
    x.map_or_else(|| "-".to_string(), |v| format!("{v:.digits$}"))
}

fn print_row(label: &str, seat: &str, s: &SeatStats) {
    let ci = reports::wilson95(s.points(), s.games);
    let interval = ci.map_or_else(
        || "-".to_string(),
        |i| format!("[{:.3}, {:.3}]", i.lo, i.hi),
    );
    println!(
        "{label:<12} {seat:>4} {games:>9} {rate:>6} {interval:>16} {wdl:>22} {gf:>6} {ga:>6} {act:>8}",
        games = s.games,
        rate = fmt_opt(s.score_rate(), 3),
        wdl = format!("{}/{}/{}", s.wins, s.draws, s.losses),
        gf = fmt_opt(s.per_game(s.goals_for as f64), 2),
        ga = fmt_opt(s.per_game(s.goals_against as f64), 2),
        act = fmt_opt(s.per_game(s.decisions as f64), 1),
    );
}

fn print_summary(name: &str, plan: &Plan, stats: &RunStats, elapsed: f64, rate: f64, out: &Path) {
    println!(
        "{name}: {} games, {}, seed {}, {} thread{}",
        stats.games(),
        plan.labels.join(" vs "),
        plan.seed,
        plan.threads,
        if plan.threads == 1 { "" } else { "s" }
    );
    println!(
        "elapsed {elapsed:.2} s, {rate:.0} games/s, {} actions",
        stats.actions()
    );
    println!();
    println!(
        "{:<12} {:>4} {:>9} {:>6} {:>16} {:>22} {:>6} {:>6} {:>8}",
        "agent", "seat", "games", "score", "95% interval", "W/D/L", "goals", "conc.", "dec/game"
    );
    for (a, label) in plan.labels.iter().enumerate() {
        print_row(label, "all", &stats.agent_total(a));
        for seat in 0..stats.num_seats() {
            print_row("", &seat.to_string(), stats.seat(a, seat as u8));
        }
    }
    println!();
    println!(
        "wrote {}/ (summary.csv, cards.csv, run.json)",
        out.display()
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_number_repeats() {
        let specs: Vec<String> = ["random", "random", "greedy", "random"]
            .map(String::from)
            .to_vec();
        assert_eq!(labels(&specs), ["random", "random#2", "greedy", "random#3"]);
    }
}
