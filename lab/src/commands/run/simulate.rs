//! Playing a run's games: chunks of game groups on a rayon pool, their counts added by a
//! collecting thread as they finish (which also writes the checkpoints), or, with
//! `--sprt`, batches of games until the test decides.

use super::tally::StatsObserver;
use super::{Plan, Tally};
use crate::infra::checkpoint::{Saver, Stopped};
use crate::infra::play::{Discarded, Player};
use crate::infra::progress::{LiveScore, Progress};
use crate::infra::runner::{play_chunks, Chunks, Job, Merge, Partial};
use anyhow::Result;
use engine::core::Game;
use serde::Serialize;
use std::time::Instant;

pub use crate::infra::runner::chunk_size;

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
    if crate::infra::play::discarding(plan.schedule.group_games(groups.start).start) {
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

/// Plays every game of `plan` as phase `label` of `journal` (played whole by every shard:
/// [`crate::infra::journal::Journal::run`]), with the progress of a run; how `sim ladder` plays
/// its stages, so that they checkpoint and resume. Errors: those of the journal.
pub fn simulate_in<G: Game>(
    game: &G,
    plan: &Plan,
    journal: &crate::infra::journal::Journal,
    label: &str,
) -> Result<Tally> {
    let bar = progress_bar(plan);
    let tally = journal.run(label, &RunJob { game, plan }, false, &bar);
    bar.finish();
    tally
}

/// Counts carried over from a checkpoint: the tally of the finished chunks and their
/// indices.
pub type Resumed = Partial<Tally>;

impl Merge for Tally {
    fn merge(&mut self, other: &Self) {
        Tally::merge(self, other);
    }
}

/// The games of a run (its shard's groups) as a [`Job`] of the runner.
struct RunJob<'a, G: Game> {
    game: &'a G,
    plan: &'a Plan,
}

impl<G: Game> Job for RunJob<'_, G> {
    type Tally = Tally;

    fn units(&self) -> u64 {
        self.plan.schedule.total_groups()
    }

    fn games(&self, units: std::ops::Range<u64>) -> u64 {
        self.plan.games_of(units)
    }

    fn empty(&self) -> Tally {
        Tally::new(self.plan, self.game.info())
    }

    fn play(&self, units: std::ops::Range<u64>, bar: &Progress) -> Result<Option<Tally>> {
        run_chunk(self.game, self.plan, units, bar)
    }
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
    let pool = crate::infra::runner::pool(plan.threads)?;
    let job = RunJob { game, plan };
    if plan.sprt.is_none() {
        return play_run(&job, &pool, saver, resumed).map(|t| (t, None));
    }
    let schedule = &plan.schedule;
    let (first_group, total_groups) = (plan.groups.start, plan.groups.end);
    let chunk = chunk_size(total_groups - first_group);
    let bar = progress_bar(plan);
    let mut total = job.empty();
    let batch = SPRT_BATCH / schedule.num_seats as u64;
    let mut outcome = None;
    let mut start = first_group;
    while start < total_groups {
        let end = (start + batch).min(total_groups);
        let chunks = Chunks {
            range: start..end,
            size: chunk,
        };
        let part = play_chunks(
            &job,
            &chunks,
            &pool,
            &bar,
            Partial::empty(job.empty()),
            |_| Ok(()),
        )?;
        if !part.complete(&chunks) {
            return Err(crate::infra::checkpoint::nothing_kept(
                "an --sprt run keeps no checkpoint",
            )
            .into());
        }
        total.merge(&part.tally);
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

/// Plays the chunks of the run that `resumed` does not hold through the runner, whose
/// collecting thread warns about a run of days and writes the checkpoints of `saver`.
fn play_run<G: Game>(
    job: &RunJob<'_, G>,
    pool: &rayon::ThreadPool,
    saver: Option<&Saver>,
    resumed: Option<Resumed>,
) -> Result<Tally> {
    let plan = job.plan;
    let chunks = Chunks::new(plan.groups.clone());
    let partial = resumed.unwrap_or_else(|| Partial::empty(job.empty()));
    let bar = progress_bar(plan);
    bar.start_at(crate::infra::runner::games_done(
        job,
        &chunks,
        &partial.done,
    ));
    let clock = Instant::now();
    let mut estimate = LongRunWarning::new(partial.tally.stats.games(), plan.games());
    let mut last = Instant::now();
    let played = play_chunks(job, &chunks, pool, &bar, partial, |p| {
        estimate.after(p.tally.stats.games(), &bar);
        if let Some(s) = saver {
            if last.elapsed() >= s.every {
                s.save(&p.tally, &p.done, clock.elapsed().as_secs_f64())?;
                last = Instant::now();
            }
        }
        Ok(())
    })?;
    bar.finish();
    if !played.complete(&chunks) {
        let Some(s) = saver else {
            return Err(crate::infra::checkpoint::nothing_kept(
                "--checkpoint 0 writes no checkpoint",
            )
            .into());
        };
        s.save(&played.tally, &played.done, clock.elapsed().as_secs_f64())?;
        return Err(Stopped(crate::infra::checkpoint::stopped_message(
            &plan.out,
            played.tally.stats.games(),
            plan.games(),
        ))
        .into());
    }
    Ok(played.tally)
}
