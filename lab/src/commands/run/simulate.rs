//! Playing a run's games: chunks of game groups played by the runner as a phase of the
//! run's journal (which writes the checkpoints and shard files), or, with `--sprt`,
//! batches of games until the test decides.

use super::tally::StatsObserver;
use super::{Plan, Tally};
use crate::infra::play::{Discarded, Player};
use crate::infra::progress::{LiveScore, Progress};
use crate::infra::runner::{play_chunks, Chunks, Job, Merge, Partial};
use anyhow::Result;
use engine_core::Game;
use serde::Serialize;

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
/// game by game. `Ok(None)`: the command is stopping and the chunk was dropped.
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
    let mut tally = Tally::new(plan, game.info());
    let mut player =
        Player::new(game, &plan.specs, plan.seed).max_actions(plan.max_actions, plan.trace.clone());
    let played = play_groups(&mut player, plan, groups, &mut tally, bar, &mut || Ok(()))?;
    Ok(played.then_some(tally))
}

/// Plays the game groups `groups` of `plan` with `player`, adding each game to `tally`
/// (and each complete duplicate pair of a two-seat game to its match), advancing `bar`
/// and calling `after_game` after every game: the one loop over a run's games, for the
/// runner's chunks and for a run with agents built by the caller. Returns `false` when
/// the command is stopping (Ctrl-C or SIGTERM) and the games were dropped. Errors: a
/// game failed; the error of `after_game`.
pub(crate) fn play_groups<G: Game>(
    player: &mut Player<'_, G>,
    plan: &Plan,
    groups: std::ops::Range<u64>,
    tally: &mut Tally,
    bar: &Progress,
    after_game: &mut dyn FnMut() -> Result<()>,
) -> Result<bool> {
    let n = plan.schedule.num_seats;
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
                // Ctrl-C or SIGTERM: these games are played again on resume.
                Err(e) if e.is::<Discarded>() => return Ok(false),
                played => played?,
            };
            after_game()?;
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
    Ok(true)
}

/// Progress over the run's games, with the running score of the first agent of the first
/// match (none at a one-seat game: no opponents, no score rate).
pub(crate) fn progress_bar(plan: &Plan) -> Progress {
    let bar = Progress::new(plan.games(), "games");
    match plan.schedule.matches.first().and_then(|m| m.first()) {
        Some(&agent) if plan.schedule.num_seats > 1 => {
            bar.with_score(LiveScore::new(&plan.labels[agent]))
        }
        _ => bar,
    }
}

/// Plays every game of `plan` of `game` as phase `label` of `journal` (split by
/// `--shard` when `shardable`: [`crate::infra::journal::Journal::run`]), with the progress
/// of a run; with `--sprt`, in batches until the test decides, on the journal's threads
/// without checkpoints ([`simulate`]). Errors: those of the journal, or of the games.
pub(crate) fn play<G: Game>(
    game: &G,
    plan: &Plan,
    journal: &crate::infra::journal::Journal,
    label: &str,
    shardable: bool,
) -> Result<(Tally, Option<SprtOutcome>)> {
    if plan.sprt.is_some() {
        return simulate(game, plan, None);
    }
    let bar = progress_bar(plan);
    let tally = journal.run(label, &RunJob { game, plan }, shardable, &bar)?;
    bar.finish();
    Ok((tally, None))
}

impl Merge for Tally {
    fn merge(&mut self, other: &Self) {
        Tally::merge(self, other);
    }

    fn try_merge(&mut self, other: &Self) -> std::result::Result<(), String> {
        self.checked_merge(other)
    }
}

/// The games of a run as a [`Job`] of the runner: its units are the schedule's game
/// groups.
pub struct RunJob<'a, G: Game> {
    /// The game.
    pub game: &'a G,
    /// The run.
    pub plan: &'a Plan,
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

    /// The counts of another run (another shape: other agents, seats or cards), or
    /// counts that do not agree with each other or with `games`
    /// ([`Tally::check_counts`]).
    fn check(&self, tally: &Tally, games: u64) -> std::result::Result<(), String> {
        if !self.empty().same_shape(tally) {
            return Err("counts of another shape".into());
        }
        tally.check_counts(games, self.game.info())
    }
}

/// Plays the game groups of `plan` (`plan.groups`) on a pool of `plan.threads` threads,
/// without a journal: chunks of game groups played in parallel and their counts added as
/// they finish; as every count is an integer, the totals are the same for any number of
/// threads, and memory does not grow with the number of games. `resumed` skips the
/// chunks it holds and starts from its counts. With `--sprt`, games are played in
/// batches of `SPRT_BATCH` and the match stops after the first batch at which the test
/// decides. Keeps no checkpoint: a stop is the error that nothing was kept. How an
/// `--sprt` run plays, and how tests play part of a run.
pub fn simulate<G: Game>(
    game: &G,
    plan: &Plan,
    resumed: Option<Partial<Tally>>,
) -> Result<(Tally, Option<SprtOutcome>)> {
    let pool = crate::infra::runner::pool(plan.threads)?;
    let job = RunJob { game, plan };
    if plan.sprt.is_none() {
        let chunks = Chunks::new(plan.groups.clone());
        let partial = resumed.unwrap_or_else(|| Partial::empty(job.empty()));
        let bar = progress_bar(plan);
        bar.start_at(crate::infra::runner::games_done(
            &job,
            &chunks,
            &partial.done,
        ));
        let played = play_chunks(&job, &chunks, &pool, &bar, partial, |_| Ok(()))?;
        bar.finish();
        if !played.complete(&chunks) {
            return Err(crate::infra::checkpoint::nothing_kept(
                "a part of a run played without its journal keeps no checkpoint",
            )
            .into());
        }
        return Ok((played.tally, None));
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
