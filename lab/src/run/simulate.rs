//! Playing a run's games: chunks of game groups on a rayon pool, their counts added by a
//! collecting thread as they finish (which also writes the checkpoints), or, with
//! `--sprt`, batches of games until the test decides.

use super::tally::StatsObserver;
use super::{Plan, Tally};
use crate::checkpoint::{Saver, Stopped};
use crate::play::{Discarded, Player};
use crate::progress::{LiveScore, Progress};
use anyhow::{Context, Result};
use engine::core::Game;
use rayon::prelude::*;
use serde::Serialize;
use std::time::Instant;

/// Game groups (see [`Schedule`](crate::schedule::Schedule)) per chunk of work: at most
/// 512, and small enough that a run splits into at least 256 chunks, so slow agents keep
/// every thread busy on short runs too. Statistics are integer counts, so the totals are
/// the same whatever the chunking and thread count.
pub fn chunk_size(groups: u64) -> u64 {
    groups.div_ceil(256).clamp(1, 512)
}

/// Games between two checks of `--sprt` (500 pairs): fixed, so where a match stops does
/// not depend on the number of threads.
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
    /// The log-likelihood ratio at the end (pentanomial, over game pairs, with duplicate
    /// deals; trinomial, over games, without).
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

/// Plays the game groups `groups` of `plan` and returns their counts, advancing `bar`
/// game by game.
fn run_chunk<G: Game>(
    game: &G,
    plan: &Plan,
    groups: std::ops::Range<u64>,
    bar: &Progress,
) -> Result<Option<Tally>> {
    if crate::play::discarding(plan.schedule.group_games(groups.start).start) {
        // Stopping: not even set up (a long run has millions of chunks).
        return Ok(None);
    }
    let info = game.info();
    let n = info.num_seats;
    let mut tally = Tally::new(plan, info);
    let mut player =
        Player::new(game, &plan.specs, plan.seed).max_actions(plan.max_actions, plan.trace.clone());
    // The live score follows the first agent of the first match.
    let first_agent = plan.schedule.matches[0][0];
    for q in groups {
        let games = plan.schedule.group_games(q);
        let complete = games.end - games.start == n as u64;
        let mut pair_points2 = 0u8;
        let mut match_index = 0;
        for g in games {
            let scheduled = plan.schedule.game(g);
            let mut observer = StatsObserver::new(&mut tally.stats, &scheduled.seats, n);
            let record = match player.play(&scheduled, &mut observer) {
                // Ctrl-C or SIGTERM: this chunk is played again on resume.
                Err(e) if e.is::<Discarded>() => return Ok(None),
                played => played?,
            };
            let (cards, track) = observer.into_parts();
            pair_points2 += tally.record_game(&scheduled, &record, &cards[..n], &track);
            match_index = scheduled.match_index;
            if let Some(score) = bar.score().filter(|_| scheduled.match_index == 0) {
                if let Some(s) = scheduled.seats.iter().position(|&a| a == first_agent) {
                    score
                        .add_half_points(reports::half_points(&record.returns, s, n), n as u64 - 1);
                }
            }
            bar.inc(1);
        }
        if complete && n == 2 {
            if let Some(m) = tally.matches.get_mut(match_index) {
                m.record_pair(pair_points2);
            }
        }
    }
    Ok(Some(tally))
}

/// Progress over the run's games, with the running score of the first agent of the first
/// match (none at a one-seat game: no opponents, no score rate).
fn progress_bar(plan: &Plan) -> Progress {
    let bar = Progress::new(plan.games(), "games");
    match plan.schedule.matches.first().and_then(|m| m.first()) {
        Some(&agent) if plan.schedule.num_seats > 1 => {
            bar.with_score(LiveScore::new(&plan.labels[agent]))
        }
        _ => bar,
    }
}

/// Counts carried over from a checkpoint: the tally of the finished chunks and their
/// indices.
pub struct Resumed {
    /// The counts of the finished chunks.
    pub tally: Tally,
    /// The finished chunks, ascending.
    pub done: Vec<u64>,
}

/// Plays every game of `plan` on a pool of `plan.threads` threads. Chunks of game groups
/// are played in parallel and their counts added as they finish; as every count is an
/// integer, the totals are the same for any number of threads, and memory does not grow
/// with the number of games. With `saver`, a checkpoint is written every so often and
/// when Ctrl-C or SIGTERM stops the run (then the error is a [`Stopped`]); `resumed`
/// skips the chunks a checkpoint holds. With `--sprt`, games are played in batches of
/// `SPRT_BATCH` and the match stops after the first batch at which the test decides
/// (no checkpoints).
pub fn simulate<G: Game>(
    game: &G,
    plan: &Plan,
    saver: Option<&Saver>,
    resumed: Option<Resumed>,
) -> Result<(Tally, Option<SprtOutcome>)> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads)
        .build()
        .with_context(|| format!("cannot start {} threads", plan.threads))?;
    if plan.sprt.is_none() {
        return play_chunks(game, plan, &pool, saver, resumed).map(|t| (t, None));
    }
    let schedule = &plan.schedule;
    let (first_group, total_groups) = (plan.groups.start, plan.groups.end);
    let chunk = chunk_size(total_groups - first_group);
    let bar = progress_bar(plan);
    let info = game.info();
    let mut total = Tally::new(plan, info);
    let batch = SPRT_BATCH / schedule.num_seats as u64;
    let mut outcome = None;
    let mut start = first_group;
    while start < total_groups {
        let end = (start + batch).min(total_groups);
        let chunks = (end - start).div_ceil(chunk);
        let parts: Vec<Result<Option<Tally>>> = pool.install(|| {
            (0..chunks)
                .into_par_iter()
                .map(|c| {
                    let from = start + c * chunk;
                    run_chunk(game, plan, from..(from + chunk).min(end), &bar)
                })
                .collect()
        });
        for part in crate::play::all_parts(parts)? {
            let Some(part) = part else {
                return Err(
                    crate::checkpoint::nothing_kept("an --sprt run keeps no checkpoint").into(),
                );
            };
            total.merge(&part);
        }
        start = end;
        if let (Some(test), Some(m)) = (plan.sprt, total.matches.first()) {
            let llr = if schedule.duplicate {
                test.llr_pentanomial(&m.pairs)
            } else {
                test.llr(&m.games)
            };
            let decision = test.decide_llr(llr);
            let (lower, upper) = test.bounds();
            let done = decision != reports::SprtDecision::Continue || start >= total_groups;
            if done {
                outcome = Some(SprtOutcome {
                    elo0: test.elo0,
                    elo1: test.elo1,
                    alpha: test.alpha,
                    beta: test.beta,
                    llr,
                    lower,
                    upper,
                    decision: match decision {
                        reports::SprtDecision::AcceptH1 => "H1",
                        reports::SprtDecision::AcceptH0 => "H0",
                        reports::SprtDecision::Continue => "none",
                    },
                    games: m.games.games(),
                });
                break;
            }
        }
    }
    bar.finish();
    Ok((total, outcome))
}

/// The games of the chunks `chunks` of `plan` (chunk `c` covers `chunk` groups from the
/// plan's first group).
fn games_of_chunks(plan: &Plan, chunk: u64, chunks: &[u64]) -> u64 {
    let (first, end) = (plan.groups.start, plan.groups.end);
    chunks
        .iter()
        .map(|&c| {
            let from = first + c * chunk;
            let to = (from + chunk).min(end);
            plan.schedule.group_games(to - 1).end - plan.schedule.group_games(from).start
        })
        .sum()
}

/// Warns once, on standard error, when the speed of a run's first games says that the
/// rest of it takes more than a day (a warning, not a refusal: long runs are what
/// checkpoints are for). The speed is measured over at least [`LongRunWarning::MEASURE`]
/// of play, so that every thread has finished chunks.
struct LongRunWarning {
    clock: Instant,
    /// Games counted when this process started playing (a resumed run's).
    before: u64,
    /// The run's games.
    total: u64,
    /// Whether the estimate was made.
    done: bool,
}

impl LongRunWarning {
    /// Least play before the speed is taken.
    const MEASURE: std::time::Duration = std::time::Duration::from_secs(3);

    fn new(before: u64, total: u64) -> Self {
        LongRunWarning {
            clock: Instant::now(),
            before,
            total,
            done: false,
        }
    }

    /// `games` are counted so far.
    fn after(&mut self, games: u64, bar: &Progress) {
        let elapsed = self.clock.elapsed();
        if self.done || elapsed < Self::MEASURE || games <= self.before {
            return;
        }
        self.done = true;
        const DAY: f64 = 86_400.0;
        let rate = (games - self.before) as f64 / elapsed.as_secs_f64();
        let seconds = self.total.saturating_sub(games) as f64 / rate;
        if seconds > DAY {
            bar.warn(&format!(
                "at the speed of its first {} games ({rate:.0} a second), this run of {} \
                 games takes about {:.1} more days; Ctrl-C stops it with a checkpoint for \
                 `sim resume`",
                games - self.before,
                self.total,
                seconds / DAY
            ));
        }
    }
}

/// Plays the chunks of `plan` that `resumed` does not hold, adding each chunk's counts as
/// it finishes (in a collecting thread, which writes the checkpoints of `saver`).
fn play_chunks<G: Game>(
    game: &G,
    plan: &Plan,
    pool: &rayon::ThreadPool,
    saver: Option<&Saver>,
    resumed: Option<Resumed>,
) -> Result<Tally> {
    let (first, end) = (plan.groups.start, plan.groups.end);
    let chunk = chunk_size(end - first);
    let chunks = (end - first).div_ceil(chunk);
    let (mut total, mut done) = match resumed {
        Some(r) => (r.tally, r.done),
        None => (Tally::new(plan, game.info()), Vec::new()),
    };
    let todo: Vec<u64> = (0..chunks)
        .filter(|c| done.binary_search(c).is_err())
        .collect();
    let bar = progress_bar(plan);
    bar.start_at(games_of_chunks(plan, chunk, &done));
    let clock = Instant::now();
    let (tx, rx) = std::sync::mpsc::channel::<(u64, Tally)>();
    let mut estimate = LongRunWarning::new(total.stats.games(), plan.games());
    let collected = std::thread::scope(|scope| {
        let bar_of_collector = &bar;
        let collector = scope.spawn(move || -> Result<(Tally, Vec<u64>)> {
            let mut last = Instant::now();
            for (c, t) in rx {
                total.merge(&t);
                done.push(c);
                estimate.after(total.stats.games(), bar_of_collector);
                if let Some(s) = saver {
                    if last.elapsed() >= s.every {
                        done.sort_unstable();
                        s.save(&total, &done, clock.elapsed().as_secs_f64())?;
                        last = Instant::now();
                    }
                }
            }
            done.sort_unstable();
            Ok((total, done))
        });
        // Every chunk is started even after a failure (those past a panicking game are
        // discarded at once), so the error reported is the same whatever the threads.
        let failures = std::sync::Mutex::new(Vec::new());
        pool.install(|| {
            todo.par_iter().for_each_with(tx, |tx, &c| {
                let from = first + c * chunk;
                match run_chunk(game, plan, from..(from + chunk).min(end), &bar) {
                    // The collector ends only after every sender is gone.
                    Ok(Some(t)) => drop(tx.send((c, t))),
                    Ok(None) => {}
                    Err(e) => failures.lock().unwrap_or_else(|p| p.into_inner()).push(e),
                }
            })
        });
        let collected = collector
            .join()
            .map_err(|_| anyhow::anyhow!("the collecting thread panicked"))?;
        let failures = failures.into_inner().unwrap_or_else(|p| p.into_inner());
        match crate::play::first_failure(failures) {
            Some(e) => Err(e),
            None => collected,
        }
    });
    let (total, done) = collected?;
    bar.finish();
    if crate::checkpoint::stopping() {
        let Some(s) = saver else {
            return Err(
                crate::checkpoint::nothing_kept("--checkpoint 0 writes no checkpoint").into(),
            );
        };
        s.save(&total, &done, clock.elapsed().as_secs_f64())?;
        return Err(Stopped(crate::checkpoint::stopped_message(
            &plan.out,
            total.stats.games(),
            plan.games(),
        ))
        .into());
    }
    Ok(total)
}
