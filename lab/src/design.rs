//! The design lab: several rule sets played by the same agents on the same seeds (common
//! random numbers), compared metric by metric (`sim compare`, `sim sweep`; `sim tune`
//! uses the same evaluation).
//!
//! Every game `g` of the schedule is played once under every rule set, with the same
//! agent streams `derive_rng(seed, g, Seat(s))` and the same chance streams
//! `derive_rng(seed, deal, Chance(k))`, chance sampled by an exponential race
//! (`sample_chance_coupled`) so that decks differing in a few counts draw alike. The unit
//! of pairing is the group of games played on one deal; each metric is a ratio of sums
//! over groups (`reports::paired`), so its difference between two rule sets gets an
//! interval from the paired groups. Everything here reads game-neutral events only.
//!
//! With `--independent` (calibration only) every rule set but the first plays on a master
//! seed of its own, derived from the seed and its index ([`LabPlan::arm_seed`]), so no two
//! rule sets share random numbers; the paired formulas still hold (their cross term then
//! estimates about 0). The significance flags are corrected for multiplicity over every
//! test of the run ([`reports::Correction`]).

use crate::games::{self, check_agents, Loaded, LoadedView};
use crate::journal::Journal;
use crate::options::{CompareOptions, GameOptions, OutputOptions, SweepOptions};
use crate::play::{Observer, Player};
use crate::progress::Progress;
use crate::run::labels;
use crate::runner::{Job, Merge};
use crate::schedule::Schedule;
use anyhow::{bail, Result};
use engine::core::{Game, GameEvent, GameState, Registered, MAX_SEATS};
use reports::{
    compare_rows, tests_of, CompareRow, Correction, GameTrack, MetricId, Outcome, PairedStats,
};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Level of the significance flags: the family-wise error rate under Holm's correction,
/// the false discovery rate under Benjamini–Hochberg, over every test of the run.
pub const ALPHA: f64 = 0.05;

/// The stream (`Stream::Other`) of the master seeds of the rule sets under
/// `--independent`.
const INDEPENDENT_SEEDS: u32 = 20;

/// What a metric measures, per game: see [`contribution`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MetricKind {
    /// Seat 0's return minus `1 / seats`.
    FirstSeatAdvantage,
    /// The return of whoever sat at the seat.
    SeatScore(usize),
    /// Whether the game was drawn (no seat alone on top).
    DrawRate,
    /// Whether the rules' length cap ended the game.
    CappedRate,
    /// Goals (points) of all seats.
    Goals,
    /// Turns played (`TurnEnd` events).
    LengthTurns,
    /// Decisions taken by all seats.
    LengthDecisions,
    /// Times the lead changed hands.
    LeadChanges,
    /// Whether the half-time leader won, over games with a half-time leader.
    HalfTimeLeaderWins,
    /// Locked turns (`Locked`: no playable card) over turns.
    LockedRate,
    /// Cards played over turns.
    CardsPerTurn,
    /// Turns with at least one change of possession over turns.
    PossessionChangeRate,
    /// The agent's return, over the games it played.
    AgentScore(usize),
    /// Whether the agent won, over the games it played.
    AgentWin(usize),
    /// The agent's goals, over the games it played.
    AgentGoals(usize),
    /// The first agent's return in a match, over that match's games (the skill gap of
    /// the match's first agent over its second).
    MatchScore(usize),
}

/// One metric of a comparison: its name and key (as in `balance.csv`), what it measures,
/// and its natural scale (the size of a difference a designer calls "one step", used to
/// weigh targets in `sim tune`).
#[derive(Clone, Debug)]
pub struct Metric {
    /// Name and key.
    pub id: MetricId,
    /// What it measures.
    pub kind: MetricKind,
    /// Whether the terminal summary shows it (every metric is in the CSV).
    pub on_screen: bool,
    /// A proportion (0.1 is a step) or a count (a tenth of its size is a step).
    pub proportion: bool,
}

/// The metrics of a comparison of agents `labels` playing `schedule` at a game of
/// `num_seats` seats: every metric of `balance.csv` that has one value per game, the
/// per-agent score, win and goal rates of `summary.csv`, the rates the rulebooks speak of
/// (locked turns, cards per turn, turns with a change of possession), and the skill gap
/// of every match. At a one-seat game, only those that need no opponent: the capped
/// rate, goals, lengths, the per-turn rates and each agent's goals (its score).
pub fn metrics(labels: &[String], schedule: &Schedule, num_seats: usize) -> Vec<Metric> {
    let m = |name: &str, key: &str, kind, on_screen, proportion| Metric {
        id: MetricId {
            name: name.to_string(),
            key: key.to_string(),
        },
        kind,
        on_screen,
        proportion,
    };
    use MetricKind::*;
    let mut out = vec![m(
        "first_seat_advantage",
        "0",
        FirstSeatAdvantage,
        true,
        true,
    )];
    for s in 0..num_seats {
        out.push(m(
            "seat_score_rate",
            &s.to_string(),
            SeatScore(s),
            false,
            true,
        ));
    }
    out.extend([
        m("draw_rate", "", DrawRate, true, true),
        m("capped_rate", "", CappedRate, false, true),
        m("mean_goals", "", Goals, true, false),
        m("mean_length", "turns", LengthTurns, true, false),
        m("mean_length", "decisions", LengthDecisions, true, false),
        m("mean_lead_changes", "", LeadChanges, true, false),
        m("half_time_leader_wins", "", HalfTimeLeaderWins, true, true),
        m("locked_rate", "", LockedRate, true, true),
        m("cards_per_turn", "", CardsPerTurn, true, false),
        m(
            "possession_change_rate",
            "",
            PossessionChangeRate,
            true,
            true,
        ),
    ]);
    let distinct: Vec<usize> = (0..labels.len()).collect();
    for &a in &distinct {
        out.push(m(
            "score_rate",
            &labels[a],
            AgentScore(a),
            labels.len() > 2,
            true,
        ));
    }
    for &a in &distinct {
        out.push(m("win_rate", &labels[a], AgentWin(a), true, true));
    }
    for &a in &distinct {
        out.push(m("goals_for", &labels[a], AgentGoals(a), true, false));
    }
    for (i, agents) in schedule.matches.iter().enumerate() {
        if agents.len() == 2 {
            let key = format!("{} vs {}", labels[agents[0]], labels[agents[1]]);
            out.push(m("skill_gap", &key, MatchScore(i), true, true));
        }
    }
    if num_seats == 1 {
        // No opponents: nothing read from the returns or from who leads.
        out.retain(|metric| {
            !matches!(
                metric.kind,
                FirstSeatAdvantage
                    | SeatScore(_)
                    | DrawRate
                    | LeadChanges
                    | HalfTimeLeaderWins
                    | AgentScore(_)
                    | AgentWin(_)
                    | MatchScore(_)
            )
        });
    }
    out
}

/// What one game gives every metric.
#[derive(Clone, Debug)]
pub struct GameFacts {
    /// The agent at each seat.
    pub seats: arrayvec::ArrayVec<usize, MAX_SEATS>,
    /// Each seat's return.
    pub returns: engine::core::Returns,
    /// Each seat's goals.
    pub scores: arrayvec::ArrayVec<i32, MAX_SEATS>,
    /// The match the game belongs to.
    pub match_index: usize,
    /// The agents of that match, in match order.
    pub match_agents: arrayvec::ArrayVec<usize, MAX_SEATS>,
    /// Decisions of all seats.
    pub decisions: u64,
    /// Whether the rules' length cap ended it.
    pub capped: bool,
    /// The events counted while it was played.
    pub counts: Counts,
}

/// Game-neutral event counts of one game.
#[derive(Clone, Copy, Debug)]
pub struct Counts {
    /// Turns (`TurnEnd`).
    pub turns: u64,
    /// Locked turns (`Locked`).
    pub locked: u64,
    /// Cards played (`CardPlayed`).
    pub cards: u64,
    /// Turns with a `PossessionChange`.
    pub possession_turns: u64,
    possession_now: bool,
    /// Goals, half time and lead changes.
    pub track: GameTrack,
}

impl Counts {
    fn new(num_seats: usize) -> Self {
        Counts {
            turns: 0,
            locked: 0,
            cards: 0,
            possession_turns: 0,
            possession_now: false,
            track: GameTrack::new(num_seats),
        }
    }
}

impl<S: GameState> Observer<S> for Counts {
    #[inline]
    fn on_event(&mut self, event: GameEvent) {
        match event {
            GameEvent::TurnEnd { .. } => {
                self.turns += 1;
                if std::mem::take(&mut self.possession_now) {
                    self.possession_turns += 1;
                }
            }
            GameEvent::Locked { .. } => self.locked += 1,
            GameEvent::CardPlayed { .. } => self.cards += 1,
            GameEvent::PossessionChange { .. } => self.possession_now = true,
            _ => {}
        }
        self.track.observe(event);
    }
}

/// The (numerator, denominator) one game adds to `kind` (see [`MetricKind`]).
pub fn contribution(kind: MetricKind, f: &GameFacts) -> (f64, f64) {
    let n = f.seats.len();
    let agent_seat = |a: usize| f.seats.iter().position(|&x| x == a);
    let yes = |b: bool| if b { 1.0 } else { 0.0 };
    let turns = f.counts.turns as f64;
    use MetricKind::*;
    match kind {
        // Placement returns: equal seats score 0.5 at any number of seats.
        FirstSeatAdvantage => (f.returns[0] - 0.5, 1.0),
        SeatScore(s) => (f.returns[s], 1.0),
        DrawRate => (
            yes((0..n).all(|s| Outcome::of(&f.returns, s, n) != Outcome::Win)),
            1.0,
        ),
        CappedRate => (yes(f.capped), 1.0),
        Goals => (f.counts.track.total_goals() as f64, 1.0),
        LengthTurns => (turns, 1.0),
        LengthDecisions => (f.decisions as f64, 1.0),
        LeadChanges => (f64::from(f.counts.track.lead_changes()), 1.0),
        HalfTimeLeaderWins => match f.counts.track.half_time_leader() {
            Some(s) => (
                yes(Outcome::of(&f.returns, usize::from(s), n) == Outcome::Win),
                1.0,
            ),
            None => (0.0, 0.0),
        },
        LockedRate => (f.counts.locked as f64, turns),
        CardsPerTurn => (f.counts.cards as f64, turns),
        PossessionChangeRate => (f.counts.possession_turns as f64, turns),
        AgentScore(a) => agent_seat(a).map_or((0.0, 0.0), |s| (f.returns[s], 1.0)),
        AgentWin(a) => agent_seat(a).map_or((0.0, 0.0), |s| {
            (yes(Outcome::of(&f.returns, s, n) == Outcome::Win), 1.0)
        }),
        AgentGoals(a) => agent_seat(a).map_or((0.0, 0.0), |s| (f64::from(f.scores[s]), 1.0)),
        MatchScore(m) if m == f.match_index => {
            agent_seat(f.match_agents[0]).map_or((0.0, 0.0), |s| (f.returns[s], 1.0))
        }
        MatchScore(_) => (0.0, 0.0),
    }
}

/// The games of a lab command: agents, schedule, seed, threads.
#[derive(Clone, Debug)]
pub struct LabPlan {
    /// Agent specs in `--agents` order.
    pub specs: Vec<String>,
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
    pub trace: crate::run::TraceCommand,
    /// Every rule set on its own random numbers (`--independent`) instead of common ones.
    pub independent: bool,
    /// The multiplicity correction of the significance flags.
    pub correction: Correction,
    /// The agent specs of each rule set where they differ from [`LabPlan::specs`]
    /// (`sim tune` over agent parameters): rule set `r` plays `arm_specs[r]` when there is
    /// one, else `specs`. Labels stay those of `specs`.
    pub arm_specs: Vec<Vec<String>>,
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
            threads: crate::progress::threads(threads),
            trace: crate::run::TraceCommand::new(game.info().name, args),
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
            engine::core::derive_rng(
                self.seed,
                r as u64,
                engine::core::Stream::Other(INDEPENDENT_SEEDS),
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
        crate::runner::unless_discarded(play_chunk(
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
    if crate::play::discarding(plan.schedule.group_games(range.start).start) {
        return Err(crate::play::Discarded.into());
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
                    if arms.len() > 1 && e.is::<crate::play::GamePanic>() {
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
/// `journal` (see [`crate::journal::Journal::run`]: chunks on its threads, checkpoints,
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

/// One rule set of a comparison.
pub struct Arm<G: Game> {
    /// Its label in the CSV and the summary (`default`, `interchangeable`, `tiro8`,
    /// `deck.cards.TIRO=4`).
    pub label: String,
    /// What distinguishes it (`--set` list, file).
    pub settings: String,
    /// The loaded rules.
    pub loaded: Loaded<G>,
}

impl<G: Game> Arm<G> {
    /// The rule set without the game's type.
    pub fn view(&self) -> ArmView<'_> {
        ArmView {
            label: &self.label,
            settings: &self.settings,
            loaded: self.loaded.view(),
        }
    }
}

/// An [`Arm`] seen without the game's type ([`LoadedView`]).
#[derive(Clone, Copy)]
pub struct ArmView<'a> {
    /// See [`Arm::label`].
    pub label: &'a str,
    /// See [`Arm::settings`].
    pub settings: &'a str,
    /// See [`Arm::loaded`].
    pub loaded: LoadedView<'a>,
}

/// A phase of play of rule sets: the plan, the metrics measured, the progress bar, and
/// the phase's label and whether shards split it in the journal.
pub struct ArmsPhase<'a> {
    /// Agents, schedule, seeds.
    pub plan: &'a LabPlan,
    /// What is measured.
    pub metrics: &'a [Metric],
    /// The progress line.
    pub bar: &'a Progress,
    /// Where the phase is recorded.
    pub journal: &'a Journal,
    /// The phase's label.
    pub label: &'a str,
    /// Whether `--shard` splits it.
    pub shardable: bool,
}

/// Loaded rule sets of one game, whatever its type: what a command that loads rule sets
/// as it goes (`sim tune`) plays them through, one call per phase of play.
pub trait LoadedArms {
    /// The rule sets' views, in order.
    fn views(&self) -> Vec<ArmView<'_>>;
    /// [`play_arms`] on these rule sets.
    fn play(&self, phase: &ArmsPhase<'_>) -> Result<PairedStats>;
    /// [`play_arms_into`] on these rule sets from `empty`, keeping the groups' values.
    fn play_groups(
        &self,
        phase: &ArmsPhase<'_>,
        empty: (PairedStats, reports::GroupValues),
    ) -> Result<(PairedStats, reports::GroupValues)>;
}

impl<G: Game> LoadedArms for Vec<Arm<G>> {
    fn views(&self) -> Vec<ArmView<'_>> {
        views(self)
    }

    fn play(&self, p: &ArmsPhase<'_>) -> Result<PairedStats> {
        let games_of: Vec<&G> = self.iter().map(|a| &a.loaded.game).collect();
        play_arms(
            &games_of,
            p.plan,
            p.metrics,
            p.bar,
            p.journal,
            p.label,
            p.shardable,
        )
    }

    fn play_groups(
        &self,
        p: &ArmsPhase<'_>,
        empty: (PairedStats, reports::GroupValues),
    ) -> Result<(PairedStats, reports::GroupValues)> {
        let games_of: Vec<&G> = self.iter().map(|a| &a.loaded.game).collect();
        let (plan, metrics, bar) = (p.plan, p.metrics, p.bar);
        play_arms_into(
            &games_of,
            plan,
            metrics,
            bar,
            empty,
            p.journal,
            p.label,
            p.shardable,
        )
    }
}

/// The views of `arms` ([`Arm::view`]).
pub fn views<G: Game>(arms: &[Arm<G>]) -> Vec<ArmView<'_>> {
    arms.iter().map(Arm::view).collect()
}

/// Splits a comma-separated list at commas outside brackets and quotes.
pub fn split_list(s: &str) -> Vec<String> {
    let (mut out, mut cur, mut depth, mut quote) = (Vec::new(), String::new(), 0i32, None);
    for c in s.chars() {
        match (c, quote) {
            ('"' | '\'', None) => quote = Some(c),
            (q, Some(open)) if q == open => quote = None,
            ('[' | '{', None) => depth += 1,
            (']' | '}', None) => depth -= 1,
            (',', None) if depth == 0 => {
                out.push(std::mem::take(&mut cur).trim().to_string());
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// The rule sets of `sim compare`: each `--rules` (with the global `--set`s), then each
/// `--variant NAME=SET_LIST` on the first `--rules` (or the default). Errors: fewer than
/// two rule sets, a variant without a name or settings, and every problem of every rule
/// set.
pub fn compare_arms<R: Registered>(args: &CompareOptions) -> Result<Vec<Arm<R>>> {
    let mut arms = Vec::new();
    compare_rule_sets(
        args,
        R::RULES[0].name,
        &|| games::sets::<R>(&args.common),
        &mut |rules, sets, label, settings| {
            let loaded = games::load::<R>(rules, sets)?;
            arms.push(Arm {
                label,
                settings: settings.unwrap_or_else(|| loaded.rules_source.clone()),
                loaded,
            });
            Ok(())
        },
    )?;
    Ok(arms)
}

/// How [`compare_rule_sets`] loads a rule set: `load(rules, sets, label, settings)`
/// loads `rules` with the overrides `sets` as a rule set labelled `label`, whose
/// settings are `settings` (`None`: the rules' source).
type LoadRuleSet<'a> =
    dyn FnMut(Option<&str>, &[String], String, Option<String>) -> Result<()> + 'a;

/// [`compare_arms`] with the game's `default` rule set's name `default`, the overrides of
/// `sets`, each rule set loaded with `load`.
fn compare_rule_sets(
    args: &CompareOptions,
    default: &str,
    sets: &dyn Fn() -> Result<Vec<String>>,
    load: &mut LoadRuleSet<'_>,
) -> Result<()> {
    let common = &args.common;
    let mut arms: Vec<String> = Vec::new();
    let rules: Vec<Option<&str>> = if common.rules.is_empty() {
        vec![None]
    } else {
        common.rules.iter().map(|r| Some(r.as_str())).collect()
    };
    for r in &rules {
        let label = r.unwrap_or(default).to_string();
        load(*r, &sets()?, label.clone(), None)?;
        arms.push(label);
    }
    for v in &args.variants {
        let Some((name, list)) = v.split_once('=') else {
            bail!(
                "--variant '{v}': expected NAME=KEY=VALUE,KEY=VALUE (e.g. tiro8=deck.cards.TIRO=8)"
            );
        };
        let sets: Vec<String> = sets()?.into_iter().chain(split_list(list)).collect();
        if name.trim().is_empty() || split_list(list).is_empty() {
            bail!("--variant '{v}': give a name and at least one KEY=VALUE");
        }
        if arms.iter().any(|a| a == name.trim()) {
            bail!(
                "--variant '{v}': the name '{}' is already taken by another rule set; give \
                 each --variant its own name",
                name.trim()
            );
        }
        let label = name.trim().to_string();
        load(
            rules[0],
            &sets,
            label.clone(),
            Some(split_list(list).join("; ")),
        )?;
        arms.push(label);
    }
    if arms.len() < 2 {
        bail!(
            "sim compare needs two or more rule sets: --rules A --rules B, or --variant \
             NAME=KEY=VALUE (the first rule set is the reference)"
        );
    }
    Ok(())
}

/// The default output folder `runs/COMMAND-GAME-SEED-N`, with `-2`, `-3`… if taken, or
/// `--out` (which must not exist).
pub fn out_dir(
    output: &OutputOptions,
    command: &str,
    game: &str,
    seed: u64,
    games: u64,
) -> Result<PathBuf> {
    match &output.out {
        Some(dir) if dir.exists() => bail!(
            "output directory '{}' already exists (choose another --out)",
            dir.display()
        ),
        Some(dir) => Ok(dir.clone()),
        None => Ok(reports::unused_path(
            &Path::new("runs").join(format!("{command}-{game}-{seed}-{games}")),
        )),
    }
}

/// One rule set in `run.json` of a lab command.
#[derive(Serialize)]
pub struct ArmJson<'a> {
    /// Its label.
    pub label: &'a str,
    /// What distinguishes it.
    pub settings: &'a str,
    /// The sources applied, root first.
    pub sources: &'a [String],
    /// The resolved rules.
    pub rules: &'a serde_json::Value,
}

impl<'a> From<&ArmView<'a>> for ArmJson<'a> {
    fn from(a: &ArmView<'a>) -> Self {
        ArmJson {
            label: a.label,
            settings: a.settings,
            sources: &a.loaded.resolved.sources,
            rules: a.loaded.rules_json,
        }
    }
}

/// `run.json` of `sim compare` and `sim sweep`.
#[derive(Serialize)]
struct LabJson<'a> {
    command: Vec<String>,
    version: &'static str,
    kind: &'static str,
    game: &'a str,
    agents: &'a [String],
    games_per_rule_set: u64,
    duplicate: bool,
    seed: u64,
    threads: usize,
    sampling: &'static str,
    alpha: f64,
    multiplicity: Multiplicity,
    /// The same in words, for the report: what a significant difference means.
    significance: String,
    rule_sets: Vec<ArmJson<'a>>,
    elapsed_seconds: f64,
}

/// How the significance flags of a run were corrected, in `run.json`.
#[derive(Serialize)]
pub struct Multiplicity {
    /// `holm` or `bh`.
    pub correction: &'static str,
    /// What the flags control (`family-wise error rate` or `false discovery rate`).
    pub controls: &'static str,
    /// Its level.
    pub alpha: f64,
    /// The number of tests corrected together: every row with a p-value.
    pub tests: usize,
}

impl Multiplicity {
    /// The correction `c` at level [`ALPHA`] over the tests of `rows`.
    pub fn of(c: Correction, rows: &[CompareRow]) -> Self {
        Multiplicity {
            correction: c.name(),
            controls: match c {
                Correction::Holm => "family-wise error rate",
                Correction::BenjaminiHochberg => "false discovery rate",
            },
            alpha: ALPHA,
            tests: tests_of(rows),
        }
    }
}

/// What `*` means, for a summary's footer: `significant after Holm's correction
/// (family-wise error rate 0.05) over the 40 tests of this run (every rule set but the
/// first × metric)`.
pub fn significance_line(c: Correction, rows: &[CompareRow], what: &str) -> String {
    format!(
        "significant after {} over the {} tests of this run (every {what} but the first × metric)",
        c.describe(ALPHA),
        tests_of(rows)
    )
}

/// Warnings about the arms: the game's own (a degenerate rule set) and what the games
/// showed (no goal at all, every game drawn, no decision).
pub fn warnings(arms: &[ArmView<'_>], rows: &[CompareRow]) -> Vec<String> {
    let mut out = Vec::new();
    for (p, arm) in arms.iter().enumerate() {
        for w in arm.loaded.warnings {
            out.push(format!("{}: {w}", arm.label));
        }
        let value = |name: &str, key: &str| {
            rows.iter()
                .find(|r| r.point == p && r.metric == name && r.key == key)
                .and_then(|r| r.value)
        };
        if value("draw_rate", "") == Some(1.0) {
            if value("mean_goals", "") == Some(0.0) {
                out.push(format!(
                    "{}: no goal was scored in any game (every game a 0-0 draw)",
                    arm.label
                ));
            } else {
                out.push(format!("{}: every game was a draw", arm.label));
            }
        }
        if value("mean_length", "decisions") == Some(0.0) {
            out.push(format!(
                "{}: no player ever had a decision to take",
                arm.label
            ));
        }
    }
    out
}

/// Plays every game of `plan` under every rule set of `arms` (a progress bar counting
/// `what`) and returns the rows of `compare.csv` for `metric_list` and the seconds taken.
/// `play` plays every game of a plan under every rule set (see [`play_arms`], its phase
/// `games`, shardable).
pub fn measure(
    arms: &[ArmView<'_>],
    plan: &LabPlan,
    metric_list: &[Metric],
    what: &str,
    journal: &Journal,
    play: &PlayArms<'_>,
) -> Result<(Vec<CompareRow>, f64)> {
    let info = arms[0].loaded.info;
    let bar = Progress::new(plan.schedule.total_games() * arms.len() as u64, what);
    let clock = Instant::now();
    let stats = play(plan, metric_list, &bar, journal)?;
    bar.finish();
    let rows = arm_rows(info.name, arms, metric_list, &stats, plan.correction);
    Ok((rows, clock.elapsed().as_secs_f64()))
}

/// The rows of `compare.csv` of `arms` (labels and settings) for `metric_list` and `stats`,
/// significance flagged by `correction` over every test of the rows.
pub fn arm_rows(
    game: &str,
    arms: &[ArmView<'_>],
    metric_list: &[Metric],
    stats: &PairedStats,
    correction: Correction,
) -> Vec<CompareRow> {
    let sets: Vec<(String, String)> = arms
        .iter()
        .map(|a| (a.label.to_string(), a.settings.to_string()))
        .collect();
    let ids: Vec<MetricId> = metric_list.iter().map(|m| m.id.clone()).collect();
    compare_rows(game, &sets, &ids, stats, ALPHA, correction)
}

/// What [`play_and_write`] returns: the rows, the metrics, the folder and the seconds.
type Written = (Vec<CompareRow>, Vec<Metric>, PathBuf, f64);

/// How a design command plays its rule sets: every game of a plan under every rule set,
/// measuring the metrics, advancing the bar, as phase `games` of the journal
/// ([`play_arms`], shardable).
pub type PlayArms<'a> =
    dyn Fn(&LabPlan, &[Metric], &Progress, &Journal) -> Result<PairedStats> + 'a;

/// Plays `arms`, writes `file` (compare.csv or sweep.csv) and `run.json` (recording
/// `command_line`) to `out`.
#[allow(clippy::too_many_arguments)]
fn play_and_write(
    kind: &'static str,
    arms: &[ArmView<'_>],
    plan: &LabPlan,
    out: &Path,
    file: &str,
    command_line: &[String],
    journal: &Journal,
    play: &PlayArms<'_>,
) -> Result<Written> {
    let info = arms[0].loaded.info;
    let metric_list = metrics(&plan.labels, &plan.schedule, info.num_seats);
    let rules: Vec<(&str, &serde_json::Value)> = arms
        .iter()
        .map(|a| (a.label, a.loaded.rules_json))
        .collect();
    journal.identify("rule sets", &rules)?;
    // Before the first game: an output path that cannot be written fails now.
    let dir = journal.open(out)?;
    let (rows, elapsed) = match measure(arms, plan, &metric_list, "games", journal, play) {
        Ok(measured) => measured,
        Err(e) => return Err(journal.kept(dir, e)),
    };
    let games = plan.schedule.total_games();
    dir.write_csv(file, rows.clone())?;
    dir.write_json(
        "run.json",
        &LabJson {
            command: command_line.to_vec(),
            version: env!("CARGO_PKG_VERSION"),
            kind,
            game: info.name,
            agents: &plan.labels,
            games_per_rule_set: games,
            duplicate: plan.schedule.duplicate,
            seed: plan.seed,
            threads: plan.threads,
            sampling: plan.sampling(),
            alpha: ALPHA,
            multiplicity: Multiplicity::of(plan.correction, &rows),
            significance: significance_line(
                plan.correction,
                &rows,
                if kind == "sweep" { "point" } else { "rule set" },
            ),
            rule_sets: arms.iter().map(ArmJson::from).collect(),
            elapsed_seconds: elapsed,
        },
    )?;
    let out = journal.finish(dir)?;
    Ok((rows, metric_list, out, elapsed))
}

/// One rule set of a design report: its label and what distinguishes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmLabel {
    /// Its label in the CSV and the summary (`default`, `tiro8`, `deck.cards.TIRO=4`;
    /// a sweep's point: `KEY=VALUE, KEY=VALUE`).
    pub label: String,
    /// What distinguishes it (the rules' source, or the `--set`s joined by `; `).
    pub settings: String,
}

impl From<&ArmView<'_>> for ArmLabel {
    fn from(a: &ArmView<'_>) -> Self {
        ArmLabel {
            label: a.label.to_string(),
            settings: a.settings.to_string(),
        }
    }
}

/// What `sim compare` or `sim sweep` found, for its summary: the rule sets (or points),
/// how they were played, every metric's row (those of `compare.csv` or `sweep.csv`) and
/// where the files went. The library prints nothing; `sim` formats this.
#[derive(Clone, Debug)]
pub struct DesignReport {
    /// The game's registered name.
    pub game: String,
    /// The rule sets (compare) or the grid's points (sweep), in order; the first is the
    /// reference.
    pub arms: Vec<ArmLabel>,
    /// Games played under each rule set.
    pub games: u64,
    /// Who played ([`LabPlan::agents_text`]: `greedy vs random`, `greedy alone`).
    pub agents: String,
    /// The master seed.
    pub seed: u64,
    /// Whether the games were dealt in duplicate pairs.
    pub duplicate: bool,
    /// Whether every rule set played on random numbers of its own (`--independent`).
    pub independent: bool,
    /// The multiplicity correction of the significance flags.
    pub correction: Correction,
    /// Seats of the game as played (1: a solitaire).
    pub num_seats: usize,
    /// The metrics measured, in the rows' order ([`Metric::on_screen`]: those a summary
    /// shows).
    pub metrics: Vec<Metric>,
    /// Every metric of every rule set: the rows of `compare.csv` or `sweep.csv`.
    pub rows: Vec<CompareRow>,
    /// Warnings about the rule sets ([`warnings`]), one line each.
    pub warnings: Vec<String>,
    /// The output folder written (a shard's, with `--shard`).
    pub out: PathBuf,
    /// Its `report.html`.
    pub report: PathBuf,
    /// Seconds spent playing (with those of the run resumed, or of the shards merged).
    pub elapsed: f64,
}

impl DesignReport {
    /// The report of `arms` played on `plan`, from what [`play_and_write`] wrote and the
    /// `report` page.
    fn new(
        arms: &[ArmView<'_>],
        plan: &LabPlan,
        (rows, metrics, out, elapsed): Written,
        report: PathBuf,
    ) -> Self {
        DesignReport {
            game: arms[0].loaded.info.name.to_string(),
            arms: arms.iter().map(ArmLabel::from).collect(),
            games: plan.schedule.total_games(),
            agents: plan.agents_text(),
            seed: plan.seed,
            duplicate: plan.schedule.duplicate,
            independent: plan.independent,
            correction: plan.correction,
            num_seats: plan.schedule.num_seats,
            warnings: warnings(arms, &rows),
            metrics,
            rows,
            out,
            report,
            elapsed,
        }
    }
}

/// `sim compare`: plays every rule set on the same seeds and writes `compare.csv` (every
/// metric's difference to the first rule set with its interval), `run.json` and
/// `report.html`; with `--shard`, its part and `shard.json`; stopped, a checkpoint for
/// `sim resume` (see [`crate::journal`]). Returns what the summary shows; prints nothing.
/// Errors ([`crate::Error`]): bad options or rules, an output folder that exists, a
/// failed game, a stop.
pub fn compare<R: Registered>(args: &CompareOptions) -> crate::error::Result<DesignReport> {
    let journal = Journal::new("compare", args, args.output.threads, args.long);
    compare_in::<R>(args, &journal)
}

/// [`compare`] with its phase of play recorded in `journal` (fresh, resumed or merged).
pub fn compare_in<R: Registered>(
    args: &CompareOptions,
    journal: &Journal,
) -> crate::error::Result<DesignReport> {
    compare_report::<R>(args, journal).map_err(crate::Error::from)
}

/// The work of [`compare_in`], with `anyhow` errors.
fn compare_report<R: Registered>(args: &CompareOptions, journal: &Journal) -> Result<DesignReport> {
    let arms = compare_arms::<R>(args)?;
    design_report(
        DesignKind::Compare,
        R::NAME,
        &arms,
        &args.common,
        &args.stats,
        &args.output,
        journal,
    )
}

/// Which design command is reported.
#[derive(Clone, Copy)]
enum DesignKind {
    /// `sim compare`.
    Compare,
    /// `sim sweep`.
    Sweep,
}

/// The end of `sim compare` and `sim sweep` on the loaded `arms` of game `game`: the
/// plan, the games played, the files written and the report.
fn design_report<G: Game>(
    kind: DesignKind,
    game: &str,
    arms: &[Arm<G>],
    common: &GameOptions,
    stats: &crate::options::LabStatsOptions,
    output: &OutputOptions,
    journal: &Journal,
) -> Result<DesignReport> {
    let plan = LabPlan::new(&arms[0].loaded.game, common, output.threads)?;
    let games_of: Vec<&G> = arms.iter().map(|a| &a.loaded.game).collect();
    design_report_of(
        kind,
        game,
        &views(arms),
        plan,
        common.games,
        stats,
        output,
        journal,
        &|plan, metrics, bar, journal| {
            play_arms(&games_of, plan, metrics, bar, journal, "games", true)
        },
    )
}

/// [`design_report`] on the views of the arms, playing them with `play`.
#[allow(clippy::too_many_arguments)]
fn design_report_of(
    kind: DesignKind,
    game: &str,
    arms: &[ArmView<'_>],
    mut plan: LabPlan,
    games: u64,
    stats: &crate::options::LabStatsOptions,
    output: &OutputOptions,
    journal: &Journal,
    play: &PlayArms<'_>,
) -> Result<DesignReport> {
    let (name, file) = match kind {
        DesignKind::Compare => ("compare", "compare.csv"),
        DesignKind::Sweep => ("sweep", "sweep.csv"),
    };
    plan.independent = stats.independent;
    plan.correction = stats.correction;
    let out = out_dir(output, name, game, plan.seed, games)?;
    let written = play_and_write(
        name,
        arms,
        &plan,
        &out,
        file,
        &output.command_line,
        journal,
        play,
    )?;
    let report = reports::write_report(&written.2)?;
    Ok(DesignReport::new(arms, &plan, written, report))
}

/// One `--vary KEY=VALUES`: the key and its values as `--set` text.
#[derive(Clone, Debug, PartialEq)]
pub struct Vary {
    /// The dotted key.
    pub key: String,
    /// The values, as typed after `KEY=` in `--set`.
    pub values: Vec<String>,
}

/// Parses `KEY=A..B`, `KEY=A..B:STEP` (whole numbers, inclusive) or `KEY=V1,V2,…`.
/// Errors: one line naming the `--vary`.
pub fn parse_vary(s: &str) -> Result<Vary> {
    let Some((key, spec)) = s.split_once('=') else {
        bail!("--vary '{s}': expected KEY=VALUES: KEY=A..B, KEY=A..B:STEP or KEY=V1,V2 (`sim rules --game GAME` lists every key)");
    };
    let (key, spec) = (key.trim().to_string(), spec.trim());
    if key.is_empty() {
        bail!("--vary '{s}': the key before '=' is empty");
    }
    let values = if let Some((a, rest)) = spec.split_once("..") {
        let (b, step) = rest.split_once(':').unwrap_or((rest, "1"));
        let int = |x: &str| {
            x.trim()
                .parse::<i64>()
                .map_err(|_| anyhow::anyhow!("--vary '{s}': '{}' is not a whole number", x.trim()))
        };
        let (a, b, step) = (int(a)?, int(b)?, int(step)?);
        if step <= 0 || b < a {
            bail!("--vary '{s}': a range A..B needs A <= B and a positive step");
        }
        if (b - a) / step >= 1000 {
            bail!("--vary '{s}': more than 1000 values");
        }
        (a..=b)
            .step_by(step as usize)
            .map(|v| v.to_string())
            .collect()
    } else {
        split_list(spec)
    };
    if values.is_empty() {
        bail!("--vary '{s}': no values");
    }
    Ok(Vary { key, values })
}

/// Parses every `--vary` ([`parse_vary`]). Errors: a bad one, or a key given twice (the
/// grid would repeat each point).
pub fn parse_varies(list: &[String]) -> Result<Vec<Vary>> {
    let varies = list
        .iter()
        .map(|v| parse_vary(v))
        .collect::<Result<Vec<_>>>()?;
    for (i, v) in varies.iter().enumerate() {
        if varies[..i].iter().any(|w| w.key == v.key) {
            bail!(
                "--vary: the key '{}' is given twice; give all its values in one --vary",
                v.key
            );
        }
    }
    Ok(varies)
}

/// Every combination of the values of `varies`, the first key varying slowest; each point
/// is its list of `KEY=VALUE` overrides.
pub fn grid(varies: &[Vary]) -> Vec<Vec<String>> {
    let mut points = vec![Vec::new()];
    for v in varies {
        points = points
            .into_iter()
            .flat_map(|p| {
                v.values.iter().map(move |x| {
                    let mut p = p.clone();
                    p.push(format!("{}={x}", v.key));
                    p
                })
            })
            .collect();
    }
    points
}

/// Most points a sweep may have.
pub const MAX_POINTS: usize = 200;

/// `sim sweep`: plays every point of the grid on the same seeds and writes every metric
/// at every point with its interval (and its difference to the first point) to
/// `sweep.csv`, `run.json` and `report.html`; with `--shard`, its part and `shard.json`;
/// stopped, a checkpoint for `sim resume` (see [`crate::journal`]). Returns what the
/// summary shows; prints nothing. Errors ([`crate::Error`]): bad options, every problem of
/// every point's rules, an output folder that exists, a failed game, a stop.
pub fn sweep<R: Registered>(args: &SweepOptions) -> crate::error::Result<DesignReport> {
    let journal = Journal::new("sweep", args, args.output.threads, args.long);
    sweep_in::<R>(args, &journal)
}

/// [`sweep`] with its phase of play recorded in `journal` (fresh, resumed or merged).
pub fn sweep_in<R: Registered>(
    args: &SweepOptions,
    journal: &Journal,
) -> crate::error::Result<DesignReport> {
    sweep_report::<R>(args, journal).map_err(crate::Error::from)
}

/// The work of [`sweep_in`], with `anyhow` errors.
fn sweep_report<R: Registered>(args: &SweepOptions, journal: &Journal) -> Result<DesignReport> {
    let common = &args.common;
    let rules = games::single_rules(&common.rules)?;
    let mut arms = Vec::new();
    sweep_points(
        &args.vary,
        &|| games::sets::<R>(common),
        &mut |sets, label, settings| {
            let loaded = games::load::<R>(rules, sets)?;
            arms.push(Arm {
                label,
                settings,
                loaded,
            });
            Ok(())
        },
    )?;
    design_report(
        DesignKind::Sweep,
        R::NAME,
        &arms,
        common,
        &args.stats,
        &args.output,
        journal,
    )
}

/// How the rule sets of a design command are loaded: `load(sets, label, settings)`
/// loads the rules with the overrides `sets` as a rule set labelled `label`.
type LoadArm<'a> = dyn FnMut(&[String], String, String) -> Result<()> + 'a;

/// Loads every point of the grid of `vary` with `load`, on the overrides of `sets`.
/// Errors: a bad `--vary`, too many points, and every problem of every point's rules.
fn sweep_points(
    vary: &[String],
    sets: &dyn Fn() -> Result<Vec<String>>,
    load: &mut LoadArm<'_>,
) -> Result<()> {
    let varies = parse_varies(vary)?;
    let points = grid(&varies);
    if points.len() > MAX_POINTS {
        bail!("--vary makes {} points; at most {MAX_POINTS}", points.len());
    }
    let mut errors = Vec::new();
    for p in &points {
        let sets: Vec<String> = sets()?.into_iter().chain(p.iter().cloned()).collect();
        if let Err(e) = load(&sets, p.join(", "), p.join("; ")) {
            match e.downcast::<crate::rules::RuleErrors>() {
                Ok(re) => errors.extend(re.0),
                Err(e) => return Err(e),
            }
        }
    }
    if !errors.is_empty() {
        errors.dedup();
        return Err(crate::rules::RuleErrors(errors).into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vary_ranges_steps_and_lists() {
        assert_eq!(
            parse_vary("deck.cards.TIRO=4..8").unwrap().values,
            ["4", "5", "6", "7", "8"]
        );
        assert_eq!(
            parse_vary("hand_size=3..9:3").unwrap().values,
            ["3", "6", "9"]
        );
        assert_eq!(
            parse_vary("options.grangol=automatic-goal,tiro")
                .unwrap()
                .values,
            ["automatic-goal", "tiro"]
        );
        assert_eq!(
            parse_vary("dice.green=[\"ball\",\"X\"],[\"X\"]")
                .unwrap()
                .values,
            ["[\"ball\",\"X\"]", "[\"X\"]"]
        );
        assert!(parse_vary("x=8..4").is_err());
        assert!(parse_vary("x=a..4").is_err());
        assert!(parse_vary("x").is_err());
    }

    #[test]
    fn grid_is_every_combination_first_key_slowest() {
        let g = grid(&[
            Vary {
                key: "a".into(),
                values: vec!["1".into(), "2".into()],
            },
            Vary {
                key: "b".into(),
                values: vec!["x".into(), "y".into()],
            },
        ]);
        assert_eq!(
            g,
            [
                ["a=1", "b=x"],
                ["a=1", "b=y"],
                ["a=2", "b=x"],
                ["a=2", "b=y"]
            ]
        );
    }
}
