//! How a design's games are played: the plan (agents, schedule, seed, threads) and
//! the job that plays every arm on the same deals into per-group statistics.

use crate::commands::run::labels;
use crate::infra::games::check_agents;
use crate::infra::journal::Journal;
use crate::infra::options::GameOptions;
use crate::infra::play::Player;
use crate::infra::progress::Progress;
use crate::infra::runner::{Job, Merge};
use crate::infra::schedule::Schedule;
use anyhow::Result;
use engine_core::Game;
use reports::{Correction, PairedStats};

use super::metrics::{contribution, Counts, GameFacts, Metric};

/// The stream (`Stream::Other`) of the master seeds of the rule sets under
/// `--independent`.
const INDEPENDENT_SEEDS: u32 = 20;

/// The games of a lab command: agents, schedule, seed, threads.
#[derive(Clone, Debug)]
pub struct LabPlan {
    /// Agent specs in `--agents` order, as typed (trimmed).
    pub specs: Vec<agents::AgentSpec>,
    /// Agent labels (`random`, `random#2`).
    pub labels: Vec<String>,
    /// The matches, seats and deals.
    pub schedule: Schedule,
    /// Master seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// The `sim trace` command of these games (with `--coupled`, given `--games` and
    /// `--seed` from the schedule and seed), named when a game panics.
    pub trace: crate::commands::run::TraceCommand,
    /// Every rule set on its own random numbers (`--independent`) instead of common ones.
    pub independent: bool,
    /// The multiplicity correction of the significance flags.
    pub correction: Correction,
    /// The agent specs of each rule set where they differ from [`LabPlan::specs`]
    /// (`sim tune` over agent parameters): rule set `r` plays `arm_specs[r]` when there is
    /// one, else `specs`. Labels stay those of `specs`.
    pub arm_specs: Vec<Vec<agents::AgentSpec>>,
}

impl LabPlan {
    /// Who plays, for a summary's first line: `greedy vs random`, or at a one-seat game
    /// `greedy, random each alone` (`greedy alone`).
    pub fn agents_text(&self) -> String {
        match (&self.labels[..], self.schedule.num_seats) {
            ([one], 1) => format!("{one} alone"),
            (more, 1) => format!("{} each alone", more.join(", ")),
            (all, _) => all.join(" vs "),
        }
    }

    /// Checks the agents and schedule of `args` against `game`.
    pub fn new<G: Game>(game: &G, args: &GameOptions, threads: Option<usize>) -> Result<Self> {
        let (specs, schedule) = check_agents(game, args)?;
        Ok(LabPlan {
            labels: labels(&specs),
            specs,
            schedule,
            seed: args.seed,
            threads: crate::infra::progress::threads(threads),
            trace: crate::commands::run::TraceCommand::new(game.info().name, args),
            independent: false,
            correction: Correction::Holm,
            arm_specs: Vec::new(),
        })
    }

    /// The master seed of rule set `r`: the seed itself under common random numbers and
    /// for rule set 0; with `--independent`, for `r > 0`, the first number of
    /// `derive_rng(seed, r, Other(20))`, so that every rule set draws its agent and chance
    /// streams from a seed of its own.
    pub fn arm_seed(&self, r: usize) -> u64 {
        if self.independent && r > 0 {
            use rand::RngCore as _;
            engine_core::derive_rng(
                self.seed,
                r as u64,
                engine_core::Stream::Other(INDEPENDENT_SEEDS),
            )
            .next_u64()
        } else {
            self.seed
        }
    }

    /// How the rule sets share random numbers, for `run.json`.
    pub fn sampling(&self) -> &'static str {
        if self.independent {
            "independent (--independent, for calibration): every rule set on agent and chance streams of its own, from a master seed derived from the seed and the rule set's index (rule set 0 keeps the seed)"
        } else {
            "common random numbers: the same agent and chance streams for every rule set, chance sampled by an exponential race (sample_chance_coupled)"
        }
    }
}

/// What `play_chunk` folds each group's `(y, x)` values into (laid out as in
/// `PairedStats::record_group`): the paired sums, or those and the groups themselves.
/// Merges exactly ([`Merge`]), so chunks, checkpoints and shards add up in any order.
pub trait GroupSink: Merge + Sync {
    /// Adds group `group` (its index in the schedule).
    fn record_group(&mut self, group: u64, values: &[(f64, f64)]);
}

impl GroupSink for PairedStats {
    fn record_group(&mut self, _group: u64, values: &[(f64, f64)]) {
        PairedStats::record_group(self, values);
    }
}

impl GroupSink for (PairedStats, reports::GroupValues) {
    fn record_group(&mut self, group: u64, values: &[(f64, f64)]) {
        self.0.record_group(values);
        self.1.record_group(group, values);
    }
}

/// The games of `plan` under every rule set of `arms` as a [`Job`] of the runner: the
/// units are the schedule's game groups, each played under every rule set.
pub struct ArmsJob<'a, G: Game, S> {
    /// The rule sets' games.
    pub arms: &'a [&'a G],
    /// Agents, schedule, seeds.
    pub plan: &'a LabPlan,
    /// What is measured.
    pub metrics: &'a [Metric],
    /// The tally with nothing counted.
    pub empty: S,
}

impl<G: Game, S: GroupSink> Job for ArmsJob<'_, G, S> {
    type Tally = S;

    fn units(&self) -> u64 {
        self.plan.schedule.total_groups()
    }

    fn games(&self, units: std::ops::Range<u64>) -> u64 {
        if units.is_empty() {
            return 0;
        }
        let s = &self.plan.schedule;
        (s.group_games(units.end - 1).end - s.group_games(units.start).start)
            * self.arms.len() as u64
    }

    fn empty(&self) -> S {
        self.empty.clone()
    }

    fn play(&self, units: std::ops::Range<u64>, bar: &Progress) -> Result<Option<S>> {
        crate::infra::runner::unless_discarded(play_chunk(
            self.arms,
            self.plan,
            self.metrics,
            units,
            bar,
            &self.empty,
        ))
    }
}

/// Plays the groups `range` of `plan` under every rule set of `arms`, folding each group
/// into a copy of `empty` (metric-major within each rule set).
fn play_chunk<G: Game, S: GroupSink>(
    arms: &[&G],
    plan: &LabPlan,
    metrics: &[Metric],
    range: std::ops::Range<u64>,
    bar: &Progress,
    empty: &S,
) -> Result<S> {
    if crate::infra::play::discarding(plan.schedule.group_games(range.start).start) {
        return Err(crate::infra::play::Discarded.into());
    }
    let m = metrics.len();
    let mut stats = empty.clone();
    let mut players: Vec<Player<'_, G>> = arms
        .iter()
        .enumerate()
        .map(|(r, g)| {
            let seed = plan.arm_seed(r);
            let trace = plan.trace.with(plan.schedule.games_per_match, seed) + " --coupled";
            let specs = plan.arm_specs.get(r).unwrap_or(&plan.specs);
            Player::new(*g, specs, seed).coupled().trace(trace)
        })
        .collect();
    let mut values = vec![(0.0, 0.0); m * arms.len()];
    for q in range {
        values.iter_mut().for_each(|v| *v = (0.0, 0.0));
        for (r, player) in players.iter_mut().enumerate() {
            let n = arms[r].info().num_seats;
            for g in plan.schedule.group_games(q) {
                let game = plan.schedule.game(g);
                let mut counts = Counts::new(n);
                let record = player.play(&game, &mut counts).map_err(|e| {
                    let failed_game = e.is::<crate::infra::play::GamePanic>()
                        || e.is::<crate::infra::play::UnfinishedGame>();
                    if arms.len() > 1 && failed_game {
                        // The trace command has every rule set's options: keep this one's.
                        e.context(format!("rule set {} of {}", r + 1, arms.len()))
                    } else {
                        e
                    }
                })?;
                let facts = GameFacts {
                    match_agents: plan.schedule.matches[game.match_index].clone(),
                    match_index: game.match_index,
                    seats: record.seats,
                    returns: record.returns,
                    scores: record.scores,
                    decisions: record.decisions.iter().sum(),
                    capped: record.capped,
                    counts,
                };
                for (i, metric) in metrics.iter().enumerate() {
                    let (y, x) = contribution(metric.kind, &facts);
                    let v = &mut values[r * m + i];
                    v.0 += y;
                    v.1 += x;
                }
                bar.inc(1);
            }
        }
        stats.record_group(q, &values);
    }
    Ok(stats)
}

/// Plays every game of `plan` under every rule set of `arms` as phase `label` of
/// `journal` (see [`crate::infra::journal::Journal::run`]: chunks on its threads, checkpoints,
/// its shard's part when `shardable`). Every sum is exact, so the result is the same for
/// any number of threads, checkpoints or shards.
pub fn play_arms<G: Game>(
    arms: &[&G],
    plan: &LabPlan,
    metrics: &[Metric],
    bar: &Progress,
    journal: &Journal,
    label: &str,
    shardable: bool,
) -> Result<PairedStats> {
    play_arms_into(
        arms,
        plan,
        metrics,
        bar,
        PairedStats::new(metrics.len(), arms.len()),
        journal,
        label,
        shardable,
    )
}

/// [`play_arms`], folding the groups into `empty` (any [`GroupSink`]).
#[allow(clippy::too_many_arguments)]
pub fn play_arms_into<G: Game, S: GroupSink>(
    arms: &[&G],
    plan: &LabPlan,
    metrics: &[Metric],
    bar: &Progress,
    empty: S,
    journal: &Journal,
    label: &str,
    shardable: bool,
) -> Result<S> {
    let job = ArmsJob {
        arms,
        plan,
        metrics,
        empty,
    };
    journal.run(label, &job, shardable, bar)
}
