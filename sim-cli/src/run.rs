//! `sim run` (the default command): many games in parallel, folded into statistics and
//! written to a new run directory.

use crate::checkpoint::{Saver, Stopped};
use crate::cli::{RunArgs, Shard};
use crate::games::Loaded;
use crate::play::{Observer, Player};
use crate::progress::{LiveScore, Progress};
use crate::schedule::Schedule;
use anyhow::{Context, Result};
use engine::core::{derive_rng, Game, GameEvent, GameState, Stream, MAX_SEATS};
use rayon::prelude::*;
use reports::{
    balance_rows, card_rows, matchup_rows, rating_rows, summary_rows, BalanceStats, GameCards,
    GameTrack, MatchStats, Outcome, RunDir, RunStats, SeatStats, SkillGap,
};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Game groups (see [`Schedule`]) per chunk of work: at most 512, and small enough that a
/// run splits into at least 256 chunks, so slow agents keep every thread busy on short
/// runs too. Statistics are integer counts, so the totals are the same whatever the
/// chunking and thread count.
pub fn chunk_size(groups: u64) -> u64 {
    groups.div_ceil(256).clamp(1, 512)
}

/// Everything checked before any game is played or any file is written.
pub struct Plan {
    /// Agent specs in `--agents` order.
    pub specs: Vec<String>,
    /// Agent labels: the spec, with `#k` appended to the k-th repeat of a name.
    pub labels: Vec<String>,
    /// The matches, seats and deals of every game.
    pub schedule: Schedule,
    /// Master seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// The run directory to create.
    pub out: PathBuf,
    /// An early-stopping test of the first agent against the second, if asked for.
    pub sprt: Option<reports::Sprt>,
    /// With `--shard i/n`: which part of the run this is.
    pub shard: Option<Shard>,
    /// The game groups (see [`Schedule`]) to play: all of them, or the shard's.
    pub groups: std::ops::Range<u64>,
    /// `--max-actions`: the most actions a game may apply before it is reported.
    pub max_actions: Option<u64>,
    /// The `sim trace` command that replays this run's games (for such a report).
    pub trace: String,
}

impl Plan {
    /// Games in the groups to play.
    pub fn games(&self) -> u64 {
        self.games_of(self.groups.clone())
    }

    /// Games in the groups `groups` of the schedule.
    pub fn games_of(&self, groups: std::ops::Range<u64>) -> u64 {
        if groups.is_empty() {
            return 0;
        }
        let first = self.schedule.group_games(groups.start).start;
        self.schedule.group_games(groups.end - 1).end - first
    }
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

/// Warns on standard error, before any game, about agents whose time budget makes the run
/// last more than a day however fast the machine: a decision takes at least its
/// `time_ms`, and a game has at least one decision of each agent.
fn budget_warnings(specs: &[String], schedule: &Schedule, threads: usize) {
    const DAY: f64 = 86_400.0;
    for (a, spec) in specs.iter().enumerate() {
        let Ok(Some(floor)) = agents::decision_time_floor(spec) else {
            continue;
        };
        let games = schedule.games_per_match
            * schedule.matches.iter().filter(|m| m.contains(&a)).count() as u64;
        let seconds = floor.as_secs_f64() * games as f64 / threads.max(1) as f64;
        if seconds > DAY {
            eprintln!(
                "sim: warning: {spec} takes at least {} ms a decision: its {games} games take \
                 at least {:.1} days on {threads} threads",
                floor.as_millis(),
                seconds / DAY
            );
        }
    }
}

/// The `sim trace` command that plays the same games as a run of `game` with `common`.
fn trace_command(game: &str, common: &crate::cli::GameArgs) -> String {
    let mut cmd = format!(
        "sim trace --game {game} --agents '{}' --games {} --seed {}",
        common.agents.join(","),
        common.games,
        common.seed
    );
    if common.gauntlet {
        cmd += " --gauntlet";
    }
    if common.no_duplicate {
        cmd += " --no-duplicate";
    }
    if let Some(n) = common.players {
        cmd += &format!(" --players {n}");
    }
    for r in &common.rules {
        cmd += &format!(" --rules '{r}'");
    }
    for s in &common.set {
        cmd += &format!(" --set '{s}'");
    }
    cmd
}

/// Checks the run arguments against the loaded game: agent count and names, schedule,
/// threads, output directory. Writes nothing.
pub fn plan<G: Game>(game: &Loaded<G>, args: &RunArgs) -> Result<Plan> {
    let common = &args.common;
    let (specs, schedule) = crate::games::check_agents(&game.game, common)?;
    // Game indices are 64-bit: a run's games must fit, with room for the deal streams.
    if schedule
        .games_per_match
        .checked_mul(schedule.matches.len() as u64)
        .is_none_or(|g| g > 1 << 62)
    {
        anyhow::bail!(
            "--games {} over {} matches is more games than a run can number",
            schedule.games_per_match,
            schedule.matches.len()
        );
    }
    if args.sprt.is_some() && args.shard.is_some() {
        anyhow::bail!(
            "--sprt decides when to stop from every game played so far, which a shard does \
             not see: use one or the other"
        );
    }
    if args.sprt.is_some() && (schedule.matches.len() != 1 || schedule.num_seats != 2) {
        anyhow::bail!(
            "--sprt tests one agent against another: name exactly two agents, not {}",
            specs.len()
        );
    }
    let threads = crate::progress::threads(args.threads);
    budget_warnings(&specs, &schedule, threads);
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
        None => {
            let mut out = default_out(game.name(), &specs, common.seed, common.games);
            if let Some(s) = args.shard {
                let mut name = out.file_name().unwrap_or_default().to_os_string();
                name.push(format!("-shard-{}-of-{}", s.index, s.count));
                out = reports::unused_path(&out.with_file_name(name));
            }
            out
        }
    };
    let all = schedule.total_groups();
    let groups = match args.shard {
        Some(s) => s.groups(all),
        None => 0..all,
    };
    Ok(Plan {
        labels: labels(&specs),
        specs,
        schedule,
        seed: common.seed,
        threads,
        out,
        sprt: args.sprt,
        shard: args.shard,
        groups,
        max_actions: args.max_actions,
        trace: trace_command(game.name(), common),
    })
}

/// Everything a run counts, for a chunk of games or the whole run: exact integer
/// accumulators, merged in any order. Written to and read from `shard.json`.
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
pub struct Tally {
    /// Per (agent, seat) and per (agent, card) counts.
    pub stats: RunStats,
    /// Per match results (two-seat games), in schedule order.
    pub matches: Vec<MatchStats>,
    /// First-seat advantage, lengths, goals, half-time leaders, lead changes.
    pub balance: BalanceStats,
    /// Per agent: decisions well past its time budget (timing, not results: reported,
    /// never written to the CSV files).
    #[serde(default)]
    pub overruns: Vec<crate::play::Overrun>,
}

impl Tally {
    /// Empty counts for `plan` at a game with `info`.
    pub fn new(plan: &Plan, info: &engine::core::GameInfo) -> Self {
        Tally {
            stats: RunStats::new(plan.specs.len(), info.num_seats, info.cards.len()),
            matches: plan
                .schedule
                .head_to_head()
                .into_iter()
                .map(|[a, b]| MatchStats::new(a, b))
                .collect(),
            balance: BalanceStats::new(info.num_seats),
            overruns: vec![crate::play::Overrun::default(); plan.specs.len()],
        }
    }

    /// Whether `other` (read from a file) counts the same things as `self`: the same
    /// agents, seats and cards, the same matches, games of the same number of seats.
    pub fn same_shape(&self, other: &Tally) -> bool {
        self.stats.same_shape(&other.stats)
            && self.matches.len() == other.matches.len()
            && self
                .matches
                .iter()
                .zip(&other.matches)
                .all(|(a, b)| a.agents == b.agents)
            && self.balance.num_seats() == other.balance.num_seats()
            && (other.overruns.is_empty() || other.overruns.len() == self.overruns.len())
    }

    /// Checks counts read from a file (`shard.json`, `checkpoint.json`) that claim to be
    /// those of `games` games of a run whose whole has `total` games, of a game of `info`:
    /// no count above what `games` games can make (each game adds at most the square of
    /// the longest game, `max_game_length`, to a sum of squares), every game counted once,
    /// and totals of the whole run that cannot overflow when added. Run after
    /// [`Tally::same_shape`]. Errors: what is implausible.
    pub fn check_counts(
        &self,
        games: u64,
        total: u64,
        info: &engine::core::GameInfo,
    ) -> Result<(), String> {
        let longest = info.max_game_length as u64 + 1;
        let per_game = longest.saturating_mul(longest);
        // Sums of up to 1024 counts of the whole run must fit in a u64.
        if total
            .checked_mul(per_game)
            .and_then(|n| n.checked_mul(1024))
            .is_none()
        {
            return Err(format!("{total} games are too many to count"));
        }
        let ceiling = games * per_game;
        fn within(v: &serde_json::Value, ceiling: u64) -> bool {
            match v {
                serde_json::Value::Number(n) => n.as_u64().is_none_or(|n| n <= ceiling),
                serde_json::Value::Array(a) => a.iter().all(|x| within(x, ceiling)),
                serde_json::Value::Object(m) => m.values().all(|x| within(x, ceiling)),
                _ => true,
            }
        }
        let tree = serde_json::to_value(self).map_err(|e| e.to_string())?;
        if !within(&tree, ceiling) {
            return Err(format!("a count is larger than {games} games can make"));
        }
        let in_matches: u64 = self.matches.iter().map(|m| m.games.games()).sum();
        if self.stats.games() != games
            || self.balance.games() != games
            || (!self.matches.is_empty() && in_matches != games)
        {
            return Err(format!(
                "the games counted are not the {games} games played"
            ));
        }
        Ok(())
    }

    /// Adds `other`'s counts (exact, so the order of merges does not matter).
    pub fn merge(&mut self, other: &Tally) {
        self.stats.merge(&other.stats);
        for (a, b) in self.matches.iter_mut().zip(&other.matches) {
            a.merge(b);
        }
        self.balance.merge(&other.balance);
        for (a, b) in self.overruns.iter_mut().zip(&other.overruns) {
            a.merge(b);
        }
    }
}

/// Folds a game's events into the run statistics.
struct StatsObserver<'a> {
    stats: &'a mut RunStats,
    seats: &'a [usize],
    /// The cards each seat held and played in the current game (for card values).
    cards: [GameCards; MAX_SEATS],
    /// Goals, half-time score and lead changes of the current game.
    track: GameTrack,
}

impl<S: GameState> Observer<S> for StatsObserver<'_> {
    #[inline]
    fn on_event(&mut self, event: GameEvent) {
        self.stats.record_event(self.seats, event);
        GameCards::observe(&mut self.cards, event);
        self.track.observe(event);
    }
}

/// Plays the game groups `groups` of `plan` and returns their counts, advancing `bar`
/// game by game.
fn run_chunk<G: Game>(
    game: &G,
    plan: &Plan,
    groups: std::ops::Range<u64>,
    bar: &Progress,
) -> Result<Option<Tally>> {
    let info = game.info();
    let n = info.num_seats;
    let mut tally = Tally::new(plan, info);
    let mut player =
        Player::new(game, &plan.specs, plan.seed).max_actions(plan.max_actions, plan.trace.clone());
    // The live score follows the first agent of the first match.
    let first_agent = plan.schedule.matches[0][0];
    for q in groups {
        if crate::checkpoint::stopping() {
            // Ctrl-C or SIGTERM: this chunk is played again on resume.
            return Ok(None);
        }
        let games = plan.schedule.group_games(q);
        let complete = games.end - games.start == n as u64;
        let mut pair_points2 = 0u8;
        let mut match_index = 0;
        for g in games {
            let scheduled = plan.schedule.game(g);
            let mut observer = StatsObserver {
                stats: &mut tally.stats,
                seats: &scheduled.seats,
                cards: [GameCards::default(); MAX_SEATS],
                track: GameTrack::new(n),
            };
            let record = player.play(&scheduled, &mut observer)?;
            let (cards, track) = (observer.cards, observer.track);
            for (&agent, o) in record.seats.iter().zip(&record.overruns) {
                tally.overruns[agent].merge(o);
            }
            tally.stats.record_game(
                &record.seats,
                &record.scores,
                Some(&record.conceded),
                &record.returns,
                &record.decisions,
                record.actions,
                &cards[..n],
            );
            tally.balance.record_game(
                &track,
                &record.returns,
                record.decisions.iter().sum(),
                record.capped,
            );
            match_index = scheduled.match_index;
            if n == 2 {
                if let Some(m) = tally.matches.get_mut(match_index) {
                    let seat = scheduled.seats.iter().position(|&a| a == m.agents[0]);
                    let points2 = match seat.map(|s| Outcome::of(&record.returns, s, n)) {
                        Some(Outcome::Win) => 2,
                        Some(Outcome::Draw) => 1,
                        _ => 0,
                    };
                    m.record_game(points2);
                    pair_points2 += points2;
                }
            } else {
                // Every two seats of an N-seat game are a head-to-head game between
                // their agents: who finished ahead (Bradley–Terry's pairwise reading).
                for s in 0..n {
                    for t in s + 1..n {
                        let (a, b) = (scheduled.seats[s], scheduled.seats[t]);
                        let (first, second) = if a < b { (s, t) } else { (t, s) };
                        let (lo, hi) = (a.min(b), a.max(b));
                        let m = tally
                            .matches
                            .iter_mut()
                            .find(|m| m.agents == [lo, hi])
                            .expect("every pair of agents that meet has a match");
                        let r = &record.returns;
                        m.record_game(match r[first].partial_cmp(&r[second]) {
                            Some(std::cmp::Ordering::Greater) => 2,
                            Some(std::cmp::Ordering::Equal) => 1,
                            _ => 0,
                        });
                    }
                }
            }
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
/// match.
fn progress_bar(plan: &Plan) -> Progress {
    let bar = Progress::new(plan.games(), "games");
    match plan.schedule.matches.first().and_then(|m| m.first()) {
        Some(&agent) => bar.with_score(LiveScore::new(&plan.labels[agent])),
        None => bar,
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
/// [`SPRT_BATCH`] and the match stops after the first batch at which the test decides
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
        let part = pool.install(|| {
            (0..chunks)
                .into_par_iter()
                .map(|c| {
                    let from = start + c * chunk;
                    run_chunk(game, plan, from..(from + chunk).min(end), &bar)?.ok_or_else(|| {
                        anyhow::anyhow!("stopped (an --sprt run keeps no checkpoint)")
                    })
                })
                .try_reduce(
                    || Tally::new(plan, info),
                    |mut a, b| {
                        a.merge(&b);
                        Ok(a)
                    },
                )
        })?;
        total.merge(&part);
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
    let collected = std::thread::scope(|scope| {
        let collector = scope.spawn(move || -> Result<(Tally, Vec<u64>)> {
            let mut last = Instant::now();
            for (c, t) in rx {
                total.merge(&t);
                done.push(c);
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
        let played = pool.install(|| {
            todo.par_iter().try_for_each_with(tx, |tx, &c| {
                let from = first + c * chunk;
                if let Some(t) = run_chunk(game, plan, from..(from + chunk).min(end), &bar)? {
                    // The collector ends only after every sender is gone.
                    let _ = tx.send((c, t));
                }
                Ok::<(), anyhow::Error>(())
            })
        });
        let collected = collector
            .join()
            .map_err(|_| anyhow::anyhow!("the collecting thread panicked"))?;
        played.and(collected)
    });
    let (total, done) = collected?;
    bar.finish();
    if crate::checkpoint::stopping() {
        let Some(s) = saver else {
            anyhow::bail!("stopped (no checkpoint with --checkpoint 0)");
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

/// The schedule in `run.json`.
#[derive(Serialize)]
struct ScheduleJson {
    format: &'static str,
    duplicate: bool,
    games_per_match: u64,
    matches: Vec<Vec<usize>>,
    seating: &'static str,
}

/// `run.json`: what was run, with what, and how long it took.
#[derive(Serialize)]
struct RunJson<'a> {
    command: Vec<String>,
    version: &'static str,
    game: &'a str,
    agents: Vec<AgentJson<'a>>,
    schedule: ScheduleJson,
    games: u64,
    seed: u64,
    threads: usize,
    chunk_size: u64,
    started_unix_seconds: u64,
    rules: RulesJson<'a>,
    timings: TimingsJson,
    actions: u64,
    decisions: u64,
    files: Vec<&'static str>,
    /// The early-stopping test, when `--sprt` was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    sprt: Option<SprtOutcome>,
    build: BuildJson,
}

/// The skill gap of `balance.csv`: each agent's score against every agent named `random`
/// it met.
fn skill_gaps(plan: &Plan, matches: &[MatchStats]) -> Vec<SkillGap> {
    let is_random = |a: usize| plan.specs[a] == "random";
    let mut gaps: Vec<SkillGap> = Vec::new();
    for m in matches {
        for side in [*m, m.flipped()] {
            let [a, b] = side.agents;
            if is_random(a) || !is_random(b) {
                continue;
            }
            let points2 = 2 * side.games.wins + side.games.draws;
            match gaps.iter_mut().find(|g| g.agent == plan.labels[a]) {
                Some(g) => {
                    g.points2 += points2;
                    g.games += side.games.games();
                }
                None => gaps.push(SkillGap {
                    agent: plan.labels[a].clone(),
                    points2,
                    games: side.games.games(),
                }),
            }
        }
    }
    gaps
}

/// The seed of the bootstrap of `ratings.csv`: a stream of its own, derived from the run's
/// seed.
const BOOTSTRAP_STREAM: u32 = 1;

/// `sim run`: plays the games, writes `summary.csv`, `cards.csv`, `matchups.csv`,
/// `ratings.csv`, `balance.csv`, `run.json` and `report.html` to a new run directory, and
/// prints a summary.
pub fn run<G: Game>(game: &Loaded<G>, args: &RunArgs) -> Result<()> {
    let plan = plan(game, args)?;
    // The output folder's temporary twin is made before the first game: a path that
    // cannot be written fails now, not after the last game.
    let dir = RunDir::create(&plan.out)?;
    let started = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let clock = Instant::now();
    let saver = if args.checkpoint > 0 && plan.sprt.is_none() {
        crate::checkpoint::stop_on_signals()?;
        let groups = plan.groups.end - plan.groups.start;
        let empty = Tally::new(&plan, game.game.info());
        let whole = crate::checkpoint::shard_or_whole(plan.shard);
        Some(Saver {
            path: dir.tmp_path().join(crate::checkpoint::CHECKPOINT),
            every: std::time::Duration::from_secs(args.checkpoint),
            template: crate::checkpoint::CheckpointFile {
                format: crate::checkpoint::CHECKPOINT_FORMAT.into(),
                run: crate::shard::ShardFile::new(game, &plan, &args.common, whole, &empty, 0.0),
                sharded: plan.shard.is_some(),
                chunk_size: chunk_size(groups),
                done: Vec::new(),
            },
            elapsed_before: 0.0,
        })
    } else {
        None
    };
    let (tally, sprt) = match simulate(&game.game, &plan, saver.as_ref(), None) {
        Ok(done) => done,
        Err(e) => {
            if e.downcast_ref::<Stopped>().is_some() {
                // Kept for `sim resume`.
                dir.keep();
            }
            return Err(e);
        }
    };
    let elapsed = clock.elapsed().as_secs_f64();
    let shard = plan
        .shard
        .map(|s| crate::shard::ShardFile::new(game, &plan, &args.common, s, &tally, elapsed));
    finish(
        game,
        &plan,
        args.common.gauntlet,
        dir,
        Finished {
            tally,
            sprt,
            elapsed,
            started,
            shard,
        },
    )
}

/// What a run (or a merge of shards) hands to [`finish`].
pub struct Finished {
    /// Every count of the games played.
    pub tally: Tally,
    /// How `--sprt` ended, when given.
    pub sprt: Option<SprtOutcome>,
    /// Seconds spent playing.
    pub elapsed: f64,
    /// When the run started, in seconds since 1970.
    pub started: u64,
    /// With `--shard`: the shard's file (`shard.json`), for `sim merge`.
    pub shard: Option<crate::shard::ShardFile>,
}

/// Writes the run folder's files from the counts in `done` (and `shard.json` for a
/// shard), renames the folder into place, and prints the summary. `gauntlet`: the
/// schedule's format for `run.json`.
pub fn finish<G: Game>(
    game: &Loaded<G>,
    plan: &Plan,
    gauntlet: bool,
    dir: RunDir,
    done: Finished,
) -> Result<()> {
    let Finished {
        tally,
        sprt,
        elapsed,
        started,
        shard,
    } = done;
    let stats = &tally.stats;
    let rate = stats.games() as f64 / elapsed.max(1e-9);

    let name = game.name();
    let info = game.game.info();
    let decisions: u64 = (0..plan.specs.len())
        .map(|a| stats.agent_total(a).decisions)
        .sum();
    let schedule = &plan.schedule;
    let paired = schedule.duplicate;
    let ratings = if tally.matches.is_empty() {
        Vec::new()
    } else {
        let mut rng = derive_rng(plan.seed, 0, Stream::Other(BOOTSTRAP_STREAM));
        rating_rows(
            name,
            &plan.labels,
            &tally.matches,
            paired,
            reports::BOOTSTRAP_RESAMPLES,
            &mut rng,
        )
    };
    let mut files = vec!["summary.csv", "cards.csv", "balance.csv"];
    if !tally.matches.is_empty() {
        files.push("matchups.csv");
    }
    // No ratings where some agent played no game (a shard of a round robin).
    if !ratings.is_empty() {
        files.push("ratings.csv");
    }
    if shard.is_some() {
        files.push("shard.json");
    }
    files.extend(["run.json", "report.html"]);
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
        schedule: ScheduleJson {
            format: match (schedule.matches.len(), gauntlet) {
                (1, _) => "match",
                (_, true) => "gauntlet",
                _ => "round-robin",
            },
            duplicate: schedule.duplicate,
            games_per_match: schedule.games_per_match,
            matches: schedule.matches.iter().map(|m| m.to_vec()).collect(),
            seating: "in game i of a match, the match's k-th agent sits at seat (k + i) mod \
                      seats; with duplicate deals games i and i + 1 (i even, two seats) are \
                      played on the same deal",
        },
        games: stats.games(),
        seed: plan.seed,
        threads: plan.threads,
        chunk_size: chunk_size(schedule.total_groups()),
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
        files,
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

    dir.write_csv("summary.csv", summary_rows(name, &plan.labels, stats))?;
    dir.write_csv(
        "cards.csv",
        card_rows(name, &plan.labels, &info.cards, stats),
    )?;
    let gaps = skill_gaps(plan, &tally.matches);
    dir.write_csv("balance.csv", balance_rows(name, &tally.balance, &gaps))?;
    if !tally.matches.is_empty() {
        let rows = matchup_rows(name, &plan.labels, &tally.matches, paired);
        dir.write_csv("matchups.csv", rows)?;
    }
    if !ratings.is_empty() {
        dir.write_csv("ratings.csv", ratings.clone())?;
    }
    if let Some(shard) = &shard {
        dir.write_json("shard.json", shard)?;
    }
    dir.write_json("run.json", &run_json)?;
    // A finished run leaves no checkpoint behind.
    let checkpoint = dir.tmp_path().join(crate::checkpoint::CHECKPOINT);
    if checkpoint.exists() {
        std::fs::remove_file(&checkpoint)
            .with_context(|| format!("cannot remove '{}'", checkpoint.display()))?;
    }
    let out = dir.finish()?;
    let report = reports::report::write_report(&out)?;

    print_summary(name, plan, &tally, elapsed, rate);
    for w in degenerate(&game.warnings, &tally.balance, decisions) {
        say!("warning: {w}");
    }
    for (label, o) in plan.labels.iter().zip(&tally.overruns) {
        if o.count > 0 {
            say!(
                "warning: {label} took more than twice its time budget in {} decisions (the \
                 longest {} ms): the machine was busy, or a decision's own work outlasts the \
                 budget",
                o.count,
                o.longest_ms
            );
        }
    }
    if tally.matches.len() > 1 {
        print_tournament(plan, &tally.matches, &ratings, paired);
    } else if let Some(m) = tally.matches.first() {
        print_duplicate_gain(m, paired);
    }
    if let Some(t) = sprt {
        say!(
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
    say!();
    say!("wrote {}/ ({})", out.display(), run_json.files.join(", "));
    say!("report: {}", report.display());
    Ok(())
}

/// Warnings for a degenerate game: the rule set's own (`warnings`, from the game) and what
/// the games showed (no goal at all, every game drawn, no decision to take).
pub fn degenerate(warnings: &[String], balance: &BalanceStats, decisions: u64) -> Vec<String> {
    let mut out = warnings.to_vec();
    if balance.games() > 0 {
        // Only a game where every game is drawn is degenerate: a game whose points are
        // not goals (crazy_eights' penalty points) scores none yet has winners.
        if balance.drawn_games() == balance.games() {
            if balance.goals().mean() == Some(0.0) {
                out.push("no goal was scored in any game: every game was a 0-0 draw".into());
            } else {
                out.push("every game was a draw".into());
            }
        }
        if decisions == 0 {
            out.push("no player ever had a decision to take: the agents do not matter".into());
        }
    }
    out
}

/// How much the duplicate deals narrowed a match's interval: the pentanomial half-width
/// and the Wilson half-width of the same games counted as independent, which is what
/// unpaired games would give. `None` without a pentanomial interval.
fn duplicate_gain(m: &MatchStats, paired: bool) -> Option<(f64, f64)> {
    let (_, w, _) = m.score_interval(false)?;
    let (_, p, how) = m.score_interval(paired)?;
    (how == "pentanomial").then(|| ((p.hi - p.lo) / 2.0, (w.hi - w.lo) / 2.0))
}

/// "12% narrower, worth 1.29x the games" for half-widths `paired` and `independent`.
fn gain_text(paired: f64, independent: f64) -> String {
    if paired > 0.0 {
        format!(
            "{:.0}% narrower, worth {:.2}x the games",
            100.0 * (1.0 - paired / independent),
            (independent / paired).powi(2)
        )
    } else {
        "no spread at all".into()
    }
}

/// Prints the first agent's paired interval and how much the duplicate deals narrowed it.
fn print_duplicate_gain(m: &MatchStats, paired: bool) {
    let (Some((hp, hw)), Some((score, p, _))) =
        (duplicate_gain(m, paired), m.score_interval(paired))
    else {
        return;
    };
    say!();
    say!(
        "duplicate deals: {score:.3} [{:.3}, {:.3}] (±{hp:.4}, {} pairs); as independent games ±{hw:.4}: {}",
        p.lo,
        p.hi,
        m.pairs.pairs(),
        gain_text(hp, hw)
    );
}

/// Prints the ratings and the matchups of a tournament.
fn print_tournament(
    plan: &Plan,
    matches: &[MatchStats],
    ratings: &[reports::RatingRow],
    paired: bool,
) {
    say!();
    say!(
        "{:<4} {:<24} {:>8} {:>20} {:>9} {:>6}",
        "rank",
        "agent",
        "elo",
        "95% interval",
        "games",
        "score"
    );
    for r in ratings {
        say!(
            "{:<4} {:<24} {:>8.1} {:>20} {:>9} {:>6}",
            r.rank,
            r.agent,
            r.elo,
            match (r.elo_lo, r.elo_hi) {
                (Some(lo), Some(hi)) => format!("[{lo:.1}, {hi:.1}]"),
                _ => "-".into(),
            },
            r.games,
            fmt_opt(r.score_rate, 3)
        );
    }
    say!();
    for m in matches {
        let [a, b] = m.agents;
        if let Some((score, i, how)) = m.score_interval(paired) {
            let gain = duplicate_gain(m, paired)
                .map(|(hp, hw)| format!(" ({})", gain_text(hp, hw)))
                .unwrap_or_default();
            say!(
                "{:<24} vs {:<24} {score:.3} [{:.3}, {:.3}] {how}{gain}, W/D/L {}/{}/{}",
                plan.labels[a],
                plan.labels[b],
                i.lo,
                i.hi,
                m.games.wins,
                m.games.draws,
                m.games.losses
            );
        }
    }
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
    say!(
        "{label:<12} {seat:>4} {games:>9} {rate:>6} {interval:>16} {wdl:>22} {gf:>6} {ga:>6} {act:>8}",
        games = s.games,
        rate = fmt_opt(s.score_rate(), 3),
        wdl = format!("{}/{}/{}", s.wins, s.draws, s.losses),
        gf = fmt_opt(s.per_game(s.goals_for as f64), 2),
        ga = fmt_opt(s.per_game(s.goals_against as f64), 2),
        act = fmt_opt(s.per_game(s.decisions as f64), 1),
    );
}

fn print_summary(name: &str, plan: &Plan, tally: &Tally, elapsed: f64, rate: f64) {
    let stats = &tally.stats;
    let what = if plan.schedule.matches.len() == 1 {
        plan.labels.join(" vs ")
    } else {
        format!(
            "{} matches of {} games between {}",
            plan.schedule.matches.len(),
            plan.schedule.games_per_match,
            plan.labels.join(", ")
        )
    };
    say!(
        "{name}: {} games, {what}, {} deals, seed {}, {} thread{}",
        stats.games(),
        if plan.schedule.duplicate {
            "duplicate"
        } else {
            "independent"
        },
        plan.seed,
        plan.threads,
        if plan.threads == 1 { "" } else { "s" }
    );
    say!(
        "elapsed {elapsed:.2} s, {rate:.0} games/s, {} actions",
        stats.actions()
    );
    say!();
    say!(
        "{:<12} {:>4} {:>9} {:>6} {:>16} {:>22} {:>6} {:>6} {:>8}",
        "agent",
        "seat",
        "games",
        "score",
        "95% interval",
        "W/D/L",
        "goals",
        "conc.",
        "dec/game"
    );
    for (a, label) in plan.labels.iter().enumerate() {
        print_row(label, "all", &stats.agent_total(a));
        for seat in 0..stats.num_seats() {
            print_row("", &seat.to_string(), stats.seat(a, seat as u8));
        }
    }
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
