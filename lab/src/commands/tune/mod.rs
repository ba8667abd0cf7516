//! `sim tune`: a search for rules whose metrics come closest to targets.
//!
//! The search space is the grid of `--vary` values; a candidate is one point of it, laid
//! over the base rules (`--rules`, `--set`). The search is the N-Tuple Bandit Evolutionary
//! Algorithm (Lucas, Liu & Perez-Liebana 2018; `crate::commands::ntbea`), built for noisy,
//! expensive evaluations: each evaluation plays `--eval-games` games of one candidate on
//! seeds of its own, and its fitness is minus the weighted loss
//! `Σ w · ((metric − target) / step)²`, where a metric's step is 0.1 for a proportion and
//! a tenth of the target (at least 0.1) for a count. A search's best score is biased
//! upward (it is the luckiest of many noisy evaluations), so the best candidates by the
//! model's estimate are re-played at the end, with the base rules (always a finalist,
//! never played twice), on fresh seeds and paired like `sim compare`. The final is a paired
//! test (`reports::loss`): each rule set's loss with a bootstrap interval, every other
//! rule set's difference to the winner (the lowest loss) with an interval, and the tie set
//! of those not distinguishable from it. A change is recommended only when the winner is a
//! candidate and the base is not in its tie set; `best.toml` holds the recommended rules
//! (the winner, or else the base rules) as a file that `--rules` loads.
//!
//! **Agent parameters.** A `--vary` key `agent.KEY` (`agent.c=0.1,0.2,0.4`) varies the
//! parameter `KEY` of the *first* agent of `--agents` (the tuned agent); the other agents
//! are the fixed opponents, and rule keys may be varied alongside. A candidate's agent is
//! the first spec with the point's values written over it, built like every agent of the
//! lab from its effective spec (the game's `configs/<game>/agents.toml` under the typed
//! parameters), so the base (always a finalist) is the agent as the game plays it today.
//! The objective is a target like any other: `score_rate[mcts]=1` (the tuned agent's
//! score against the opponents, maximized: the loss falls as the score rises toward 1),
//! or at a solitaire `mean_length[turns]=0` (fewest turns). The winner is also written as
//! `agents.toml`, the game's current agent table with the tuned keys set to the
//! recommended values (the base's, when no candidate beat it), in the format of
//! `configs/<game>/agents.toml`, its header giving the command that made it and the final.

use crate::commands::design::{
    self, Arm, ArmLabel, ArmView, ArmsPhase, LabPlan, LoadedArms, Metric, Vary,
};
use crate::commands::ntbea::{Ntbea, NtbeaParams};
use crate::infra::games::{self, LoadedView};
use crate::infra::journal::Journal;
use crate::infra::options::TuneOptions;
use crate::infra::rules::{parse_set, RuleErrors};
use agents::AgentSpec;
use anyhow::{Context, Result};
use engine_core::{derive_rng, EmbeddedRules, Registered, Stream};
use rand::RngCore;
use reports::{
    final_test, CompareRow, Final, GroupValues, LossTerm, PairedStats, TuneRow, FINAL_RESAMPLES,
};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

mod targets;
pub use targets::{budget, parse_target, Budget, Target};

mod files;
pub use files::AGENT_PREFIX;

pub mod summary;
use files::*;
use targets::*;

/// A seed of its own for evaluation `i` (or the final re-play), derived from `seed`.
fn derived_seed(seed: u64, i: u64, stream: u32) -> u64 {
    derive_rng(seed, i, Stream::Other(stream)).next_u64()
}

const SEARCH_STREAM: u32 = 10;
const EVAL_SEEDS: u32 = 11;
const FINAL_SEEDS: u32 = 12;
const FINAL_BOOTSTRAP: u32 = 13;

/// `run.json` of `sim tune`.
#[derive(Serialize)]
struct TuneJson<'a> {
    command: Vec<String>,
    version: &'static str,
    kind: &'static str,
    game: &'a str,
    agents: &'a [String],
    /// The agent specs of the recommended finalist, as typed (the game's agent defaults
    /// lie under them).
    recommended_agents: &'a [AgentSpec],
    seed: u64,
    base: &'a str,
    vary: BTreeMap<&'a str, &'a [String]>,
    targets: Vec<String>,
    budget: Budget,
    algorithm: &'static str,
    winner: &'a str,
    recommended: String,
    final_test: FinalJson<'a>,
    rule_sets: Vec<design::ArmJson<'a>>,
    elapsed_seconds: f64,
}

/// The final of `run.json`: the winner, its loss with its interval, the tie set and the
/// recommendation.
#[derive(Serialize)]
struct FinalJson<'a> {
    method: String,
    winner: &'a str,
    winner_settings: &'a str,
    winner_loss: Option<f64>,
    winner_loss_lo: Option<f64>,
    winner_loss_hi: Option<f64>,
    not_distinguishable: Vec<&'a str>,
    change_recommended: bool,
    recommended_settings: &'a str,
    finalists: Vec<FinalistJson<'a>>,
}

/// One finalist in `run.json`.
#[derive(Serialize)]
struct FinalistJson<'a> {
    label: &'a str,
    settings: &'a str,
    loss: Option<f64>,
    loss_lo: Option<f64>,
    loss_hi: Option<f64>,
    diff_to_winner: Option<f64>,
    diff_lo: Option<f64>,
    diff_hi: Option<f64>,
    not_distinguishable: bool,
}

/// What `sim tune` found, for its summary: the search's size, the final's rule sets with
/// their losses and target metrics, the verdict and where the files went. The library
/// prints nothing; `sim` formats this.
#[derive(Clone, Debug)]
pub struct TuneReport {
    /// The game's registered name.
    pub game: String,
    /// The `--vary` keys searched, in order (rule keys and `agent.` keys).
    pub keys: Vec<String>,
    /// How the games were spent (the final's games per rule set as played).
    pub budget: Budget,
    /// Who played ([`LabPlan::agents_text`]).
    pub agents: String,
    /// The rule sets of the final: the base, then the candidates re-played.
    pub arms: Vec<ArmLabel>,
    /// Every `--target`, with the index of its metric in [`TuneReport::metrics`].
    pub targets: Vec<(Target, usize)>,
    /// The metrics measured, in the rows' order.
    pub metrics: Vec<Metric>,
    /// The rows of `tune_results.csv`: every metric of every rule set of the final, then
    /// each one's loss.
    pub rows: Vec<CompareRow>,
    /// The paired final: each rule set's loss, its difference to the winner, the tie set.
    pub fin: Final,
    /// How the final's intervals were made ([`method_text`]).
    pub method: String,
    /// Whether a change is recommended: the winner is a candidate and the base is not in
    /// its tie set.
    pub change: bool,
    /// Whether rule keys were searched (`best.toml` is then worth loading).
    pub tunes_rules: bool,
    /// Whether parameters of the first agent were searched (`agents.toml` written).
    pub tunes_agent: bool,
    /// The first agent's spec as recommended (the winner's, or the base's).
    pub recommended_agent: String,
    /// The output folder written (a shard's, with `--shard`).
    pub out: PathBuf,
    /// Its `report.html`.
    pub report: PathBuf,
    /// Seconds spent searching and re-playing (with those of the run resumed, or of the
    /// shards merged).
    pub elapsed: f64,
}

crate::infra::journal::long_command!(
    /// `sim tune`: searches, re-plays the finalists and writes `tune.csv`,
    /// `tune_results.csv`, `best.toml`, `run.json` and `report.html` (and `agents.toml` when
    /// it tunes agent parameters). Returns what the summary shows; prints nothing. Errors
    /// ([`crate::Error`]): bad options, targets or values (every rules problem at once), an
    /// output folder that exists, a failed game, a stop.
    pub fn tune(TuneOptions) -> TuneReport: "tune",
    game: common.game,
    run: tune_report,
    summary: summary::write_tune);

/// [`tune`] with its phases of play (one per evaluation of the search, which every shard
/// plays whole, and the final re-play, which shards split) recorded in `journal` (fresh,
/// resumed or merged: see [`crate::infra::journal`]), with `anyhow` errors: the game
/// loaded, the rest ([`tune_with`]) compiled once for every game.
fn tune_report<R: Registered>(args: &TuneOptions, journal: &Journal) -> Result<TuneReport> {
    let common = &args.common;
    let rules = games::single_rules(&common.rules)?;
    let base_sets = games::sets::<R>(common)?;
    let base = games::load::<R>(rules, &base_sets)?;
    let varies = design::parse_varies(&args.vary)?;
    let plan = LabPlan::new(&base.game, common, args.output.threads)?;
    let game = Tuned::<R> {
        rules,
        marker: std::marker::PhantomData,
    };
    tune_with(
        args,
        journal,
        TuneBase {
            name: R::NAME,
            shipped: R::RULES,
            rules,
            loaded: base.view(),
            sets: base_sets,
            varies,
            plan,
        },
        &game,
    )
}

/// What `sim tune` does with its game's type: build an agent, load rule sets.
trait TuneGame {
    /// Builds the agent `spec` at the game. Errors: the agent's.
    fn make_agent(&self, spec: &AgentSpec) -> Result<()>;
    /// Loads the base rules with the overrides of each of `arms` (label, settings,
    /// `--set`s), in order. Errors: the first that does not load.
    fn load_arms(&self, arms: Vec<(String, String, Vec<String>)>) -> Result<Box<dyn LoadedArms>>;
}

/// The [`TuneGame`] of game `R`, on the base rules `rules`.
struct Tuned<'a, R> {
    rules: Option<&'a str>,
    marker: std::marker::PhantomData<R>,
}

impl<R: Registered> TuneGame for Tuned<'_, R> {
    fn make_agent(&self, spec: &AgentSpec) -> Result<()> {
        agents::make_agent::<R::State>(spec)?;
        Ok(())
    }

    fn load_arms(&self, arms: Vec<(String, String, Vec<String>)>) -> Result<Box<dyn LoadedArms>> {
        let mut loaded: Vec<Arm<R>> = Vec::with_capacity(arms.len());
        for (label, settings, sets) in arms {
            loaded.push(Arm {
                label,
                settings,
                loaded: games::load::<R>(self.rules, &sets)?,
            });
        }
        Ok(Box::new(loaded))
    }
}

/// What [`tune_with`] starts from: the game, its base rules and the search's options as
/// read.
struct TuneBase<'a> {
    /// The game's name.
    name: &'static str,
    /// The game's shipped rule sets.
    shipped: &'static [EmbeddedRules],
    /// The one `--rules`, if any.
    rules: Option<&'a str>,
    /// The base rules.
    loaded: LoadedView<'a>,
    /// The base's `--set`s (with `--players`).
    sets: Vec<String>,
    /// The `--vary` keys.
    varies: Vec<Vary>,
    /// The games of an evaluation, before the budget is known.
    plan: LabPlan,
}

/// [`tune_report`] from the loaded `base`, reaching the game through `game`.
fn tune_with(
    args: &TuneOptions,
    journal: &Journal,
    base: TuneBase<'_>,
    game: &dyn TuneGame,
) -> Result<TuneReport> {
    let common = &args.common;
    let TuneBase {
        name,
        shipped,
        rules,
        loaded: base,
        sets: base_sets,
        varies,
        mut plan,
    } = base;
    let metric_list = design::metrics(&plan.labels, &plan.schedule, base.info.num_seats);
    let targets = args
        .targets
        .iter()
        .map(|t| {
            let t = parse_target(t)?;
            let i = target_index(&t, &metric_list)?;
            Ok((t, i))
        })
        .collect::<Result<Vec<_>>>()?;
    let budget = budget(common.games, args.eval_games, args.finalists)?;
    let out = design::out_dir(&args.output, "tune", name, plan.seed, common.games)?;
    let is_agent = |v: &Vary| v.key.starts_with(AGENT_PREFIX);
    let first = plan.specs[0].clone();
    let agent_defaults = games::agent_defaults(name)?;
    // Every value of every agent parameter must build the first agent: check them first.
    for v in varies.iter().filter(|v| is_agent(v)) {
        let key = &v.key[AGENT_PREFIX.len()..];
        for x in &v.values {
            let spec = with_params(&first, &[(key.to_string(), x.clone())])?;
            let eff = games::effective_specs(name, &[spec])?;
            game.make_agent(&eff[0])
                .map_err(|e| anyhow::anyhow!("--vary {}={x}: {e}", v.key))?;
        }
    }
    // Every value of every rule key must load on the base rules: check them all first.
    let mut errors = Vec::new();
    for v in varies.iter().filter(|v| !is_agent(v)) {
        for x in &v.values {
            let sets: Vec<String> = base_sets
                .iter()
                .cloned()
                .chain([format!("{}={x}", v.key)])
                .collect();
            if let Err(e) = game.load_arms(vec![(String::new(), String::new(), sets)]) {
                match e.downcast::<RuleErrors>() {
                    Ok(re) => errors.extend(re.0),
                    Err(e) => return Err(e),
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(RuleErrors(design::once_per_key(errors)).into());
    }

    // Every key of a point, as `KEY=VALUE` (rule keys and `agent.` keys alike).
    let point_sets = |p: &[usize]| -> Vec<String> {
        varies
            .iter()
            .zip(p)
            .map(|(v, &i)| format!("{}={}", v.key, v.values[i]))
            .collect()
    };
    // The rule keys of a point, as `--set`s.
    let rule_sets = |p: &[usize]| -> Vec<String> {
        varies
            .iter()
            .zip(p)
            .filter(|(v, _)| !is_agent(v))
            .map(|(v, &i)| format!("{}={}", v.key, v.values[i]))
            .collect()
    };
    // The agent parameters of a point, `(KEY, VALUE)`.
    let agent_params = |p: &[usize]| -> Vec<(String, String)> {
        varies
            .iter()
            .zip(p)
            .filter(|(v, _)| is_agent(v))
            .map(|(v, &i)| (v.key[AGENT_PREFIX.len()..].to_string(), v.values[i].clone()))
            .collect()
    };
    // The agent specs of a point: the first with the point's parameters over it.
    let point_specs = |p: &[usize]| -> Result<Vec<AgentSpec>> {
        let mut specs = plan.specs.clone();
        specs[0] = with_params(&first, &agent_params(p))?;
        Ok(specs)
    };
    // The base's `--set`s and the rule keys of a point.
    let point_rules =
        |p: &[usize]| -> Vec<String> { base_sets.iter().cloned().chain(rule_sets(p)).collect() };
    // Start at the base's own values where they are on the grid: the rules' values, and
    // the first agent's as it plays today (typed, else the game's, else the generic
    // default).
    first.readable()?;
    let start: Option<Vec<usize>> = varies
        .iter()
        .map(|v| {
            if is_agent(v) {
                let key = &v.key[AGENT_PREFIX.len()..];
                let current = first
                    .param(key)
                    .map(str::to_string)
                    .or_else(|| agent_defaults.effective_default(first.name(), key))?;
                return v.values.iter().position(|x| same_value(x, &current));
            }
            let current = crate::infra::rules::key_lines_of(shipped, base.resolved)
                .into_iter()
                .find(|l| l.key == v.key)?;
            v.values.iter().position(|x| {
                parse_set(&format!("k={x}"))
                    .ok()
                    .and_then(|t| t.get("k").map(|v| v.to_string()))
                    .is_some_and(|s| s == current.value)
            })
        })
        .collect();

    journal.identify("rules", base.rules_json)?;
    // Before the first game: an output path that cannot be written fails now.
    let dir = journal.open(&out)?;
    let clock = Instant::now();
    let sizes: Vec<usize> = varies.iter().map(|v| v.values.len()).collect();
    let mut rng = derive_rng(plan.seed, 0, Stream::Other(SEARCH_STREAM));
    let mut search = Ntbea::new(sizes, NtbeaParams::default(), start.clone(), &mut rng);
    let total_search = budget.evaluations * budget.eval_games;
    let bar = crate::infra::progress::Progress::new(total_search, "games searched");
    let mut progress_rows: Vec<TuneRow> = Vec::new();
    let mut games_so_far = 0u64;
    let master_seed = plan.seed;
    plan.schedule = crate::infra::schedule::Schedule {
        games_per_match: budget.eval_games,
        ..plan.schedule.clone()
    };
    for i in 0..budget.evaluations {
        let mut failure = None;
        let step = {
            let plan_i = LabPlan {
                seed: derived_seed(master_seed, i, EVAL_SEEDS),
                ..plan.clone()
            };
            search.step(
                |p| match evaluate(
                    game,
                    point_rules(p),
                    &|| point_specs(p),
                    &plan_i,
                    &metric_list,
                    &targets,
                    &bar,
                    journal,
                    &format!("evaluation {}", i + 1),
                ) {
                    Ok(f) => f,
                    Err(e) => {
                        failure.get_or_insert(e);
                        f64::NEG_INFINITY
                    }
                },
                &mut rng,
            )
        };
        if let Some(e) = failure {
            bar.finish();
            return Err(journal.kept(dir, e));
        }
        games_so_far += plan.schedule.total_games();
        progress_rows.push(TuneRow {
            iteration: i + 1,
            games: games_so_far,
            candidate: point_sets(&step.point).join("; "),
            fitness: step.fitness,
            estimate: step.estimate,
            best: point_sets(&step.best).join("; "),
            best_estimate: step.best_estimate,
        });
    }
    bar.finish();

    // The final: the base rules and the best candidates by the model (the base's own
    // point, if among them, is not played twice), on fresh seeds, paired.
    let finalists: Vec<(Vec<usize>, f64)> = search
        .best(args.finalists + 1)
        .into_iter()
        .filter(|(p, _)| start.as_deref() != Some(&p[..]))
        .take(args.finalists)
        .collect();
    // The base's settings: its rules, and the tuned agent's values as it plays today.
    let base_settings = start.as_ref().map_or(base.rules_source.to_string(), |p| {
        let agent = point_sets(p)
            .into_iter()
            .zip(&varies)
            .filter(|(_, v)| is_agent(v))
            .map(|(x, _)| x);
        std::iter::once(base.rules_source.to_string())
            .chain(agent)
            .collect::<Vec<_>>()
            .join("; ")
    });
    let mut final_arms = vec![("base".to_string(), base_settings, base_sets.clone())];
    for (k, (p, _)) in finalists.iter().enumerate() {
        final_arms.push((
            format!("candidate {}", k + 1),
            point_sets(p).join("; "),
            point_rules(p),
        ));
    }
    let loaded_arms = game.load_arms(final_arms)?;
    let arms = loaded_arms.views();
    let mut arm_specs = vec![plan.specs.clone()];
    for (p, _) in &finalists {
        arm_specs.push(point_specs(p)?);
    }
    // The final's share of the budget goes to the rule sets actually re-played (fewer
    // than `--finalists` + 1 when the search saw fewer points).
    let budget = Budget {
        final_games: (((common.games - total_search) / arms.len() as u64) & !1)
            .max(budget.final_games),
        ..budget
    };
    let final_plan = LabPlan {
        seed: derived_seed(master_seed, 0, FINAL_SEEDS),
        schedule: crate::infra::schedule::Schedule {
            games_per_match: budget.final_games,
            ..plan.schedule.clone()
        },
        arm_specs: arm_specs.clone(),
        ..plan.clone()
    };
    let terms = terms(&targets, &metric_list);
    let (mut rows, fin) = match final_round(
        &arms,
        &*loaded_arms,
        &final_plan,
        &metric_list,
        &targets,
        &terms,
        journal,
    ) {
        Ok(done) => done,
        Err(e) => return Err(journal.kept(dir, e)),
    };
    let elapsed = clock.elapsed().as_secs_f64();
    for (p, r) in fin.rows.iter().enumerate() {
        rows.push(CompareRow {
            game: name.to_string(),
            point: p,
            set: arms[p].label.to_string(),
            settings: arms[p].settings.to_string(),
            metric: "loss".into(),
            key: String::new(),
            value: r.loss,
            lo: r.lo,
            hi: r.hi,
            diff: r.diff,
            diff_lo: r.diff_lo,
            diff_hi: r.diff_hi,
            p_value: None,
            significant: r.diff.map(|_| !r.tied),
        });
    }
    let winner = fin.winner;
    // A change is recommended only when the base rules are beaten: the winner is a
    // candidate and the base is not in its tie set.
    let change = winner != 0 && !fin.rows[0].tied;
    let recommended = if change { winner } else { 0 };
    let best_toml = winner_file(
        shipped,
        &args.output.command_line,
        rules,
        &base_sets,
        change.then(|| &finalists[winner - 1].0[..]),
        &rule_sets,
        &targets,
        &metric_list,
        &rows,
        recommended,
    )?;
    let tunes_agent = varies.iter().any(is_agent);
    let agents_toml = if tunes_agent {
        let tuned = if change {
            agent_params(&finalists[winner - 1].0)
        } else {
            Vec::new()
        };
        Some(agents_file(
            name,
            first.name(),
            &agent_defaults,
            &tuned,
            &FinalText {
                command_line: &args.output.command_line,
                what: if change {
                    "the candidate closest to the targets, re-played on fresh seeds: it beat the \
                     base (the agent as the game played it)"
                } else {
                    "no change recommended: no candidate beat the base (the agent as the game \
                     played it) in the final, so the table keeps the base values (the game's \
                     table as it was; empty: the generic defaults); the base winning is a \
                     legitimate outcome"
                },
                targets: &targets,
                metric_list: &metric_list,
                rows: &rows,
                arms: &arms,
                fin: &fin,
            },
        )?)
    } else {
        None
    };

    dir.write_csv("tune.csv", progress_rows.clone())?;
    dir.write_csv("tune_results.csv", rows.clone())?;
    dir.write_text("best.toml", &best_toml)?;
    if let Some(text) = &agents_toml {
        dir.write_text("agents.toml", text)?;
    }
    let vary: BTreeMap<&str, &[String]> = varies
        .iter()
        .map(|v| (v.key.as_str(), &v.values[..]))
        .collect();
    dir.write_json(
        "run.json",
        &TuneJson {
            command: args.output.command_line.clone(),
            version: env!("CARGO_PKG_VERSION"),
            kind: "tune",
            game: name,
            agents: &plan.labels,
            recommended_agents: &arm_specs[recommended],
            seed: master_seed,
            base: base.rules_source,
            vary,
            targets: args.targets.clone(),
            budget,
            algorithm: "N-Tuple Bandit Evolutionary Algorithm (Lucas, Liu & Perez-Liebana 2018): 1-tuples, 2-tuples and the full tuple, UCB over 50 neighbours; the base rules and the finalists re-played on fresh seeds, paired; a paired bootstrap final (final_test)",
            winner: arms[winner].settings,
            recommended: if change {
                format!("change to {}", arms[winner].settings)
            } else {
                "no change: the base rules were not beaten".into()
            },
            final_test: FinalJson {
                method: method_text(&fin),
                winner: arms[winner].label,
                winner_settings: arms[winner].settings,
                winner_loss: fin.rows[winner].loss,
                winner_loss_lo: fin.rows[winner].lo,
                winner_loss_hi: fin.rows[winner].hi,
                not_distinguishable: fin.tie_set().into_iter().map(|p| arms[p].label).collect(),
                change_recommended: change,
                recommended_settings: arms[recommended].settings,
                finalists: arms
                    .iter()
                    .zip(&fin.rows)
                    .map(|(a, r)| FinalistJson {
                        label: a.label,
                        settings: a.settings,
                        loss: r.loss,
                        loss_lo: r.lo,
                        loss_hi: r.hi,
                        diff_to_winner: r.diff,
                        diff_lo: r.diff_lo,
                        diff_hi: r.diff_hi,
                        not_distinguishable: r.tied})
                    .collect()},
            rule_sets: arms.iter().map(design::ArmJson::from).collect(),
            elapsed_seconds: elapsed},
    )?;
    let out = journal.finish(dir)?;
    let report = reports::write_report(&out)?;
    Ok(TuneReport {
        game: name.to_string(),
        keys: varies.iter().map(|v| v.key.clone()).collect(),
        budget,
        agents: plan.agents_text(),
        arms: arms.iter().map(ArmLabel::from).collect(),
        method: method_text(&fin),
        targets,
        metrics: metric_list,
        rows,
        fin,
        change,
        tunes_rules: varies.iter().any(|v| !is_agent(v)),
        tunes_agent,
        recommended_agent: arm_specs[recommended][0].to_string(),
        out,
        report,
        elapsed,
    })
}

/// Plays one evaluation of a point (its base `--set`s and rule keys `sets`, its agents
/// from `specs`) and returns its fitness (minus the loss).
#[allow(clippy::too_many_arguments)]
fn evaluate(
    game: &dyn TuneGame,
    sets: Vec<String>,
    specs: &dyn Fn() -> Result<Vec<AgentSpec>>,
    plan: &LabPlan,
    metric_list: &[Metric],
    targets: &[(Target, usize)],
    bar: &crate::infra::progress::Progress,
    journal: &Journal,
    label: &str,
) -> Result<f64> {
    let loaded = game.load_arms(vec![(String::new(), String::new(), sets)])?;
    let plan = LabPlan {
        arm_specs: vec![specs()?],
        ..plan.clone()
    };
    let stats = loaded.play(&ArmsPhase {
        plan: &plan,
        metrics: metric_list,
        bar,
        journal,
        label,
        shardable: false,
    })?;
    let ratios: Vec<Option<f64>> = targets
        .iter()
        .map(|(_, i)| stats.estimate(0, *i).map(|e| e.value))
        .collect();
    let l = reports::loss::loss(&terms(targets, metric_list), &ratios);
    // A candidate whose metrics are undefined (no games of that kind) is the worst.
    Ok(l.map_or(f64::MIN, |l| -l))
}

/// Plays the final: every rule set of `arms` (played by `loaded`) on `plan`, paired;
/// returns the rows of `tune_results.csv` (without the loss rows) and the bootstrap
/// final of the losses.
fn final_round(
    arms: &[ArmView<'_>],
    loaded: &dyn LoadedArms,
    plan: &LabPlan,
    metric_list: &[Metric],
    targets: &[(Target, usize)],
    terms: &[LossTerm],
    journal: &Journal,
) -> Result<(Vec<CompareRow>, Final)> {
    let bar = crate::infra::progress::Progress::new(
        plan.schedule.total_games() * arms.len() as u64,
        "games re-played",
    );
    let (m, k) = (metric_list.len(), arms.len());
    let keep: Vec<usize> = targets.iter().map(|(_, i)| *i).collect();
    let empty = (PairedStats::new(m, k), GroupValues::new(m, k, keep));
    let phase = ArmsPhase {
        plan,
        metrics: metric_list,
        bar: &bar,
        journal,
        label: "final",
        shardable: true,
    };
    let played = loaded.play_groups(&phase, empty);
    bar.finish();
    let (stats, groups) = played?;
    let rows = design::arm_rows(
        arms[0].loaded.info.name,
        arms,
        metric_list,
        &stats,
        plan.correction,
    );
    let mut rng = derive_rng(plan.seed, 0, Stream::Other(FINAL_BOOTSTRAP));
    let fin = final_test(&groups, terms, FINAL_RESAMPLES, design::ALPHA, &mut rng).context(
        "no rule set could be measured in the final re-play (a target's metric never occurred)",
    )?;
    Ok((rows, fin))
}

/// How the final's intervals were made, for the summary and `run.json`.
pub fn method_text(fin: &Final) -> String {
    let others = fin.rows.len().saturating_sub(1);
    if others == 0 {
        return format!(
            "plug-in loss with its 95% percentile interval (percentile bootstrap over deal groups, {} resamples; Efron & Tibshirani 1993); no other rule set to compare: the search's best points were the base's own",
            fin.resamples
        );
    }
    format!(
        "plug-in loss with its 95% percentile interval; differences to the winner with {:.1}% intervals (Bonferroni over {others} comparison{}, simultaneous 95%); paired percentile bootstrap over deal groups, {} resamples (Efron & Tibshirani 1993)",
        100.0 * fin.level,
        if others == 1 { "" } else { "s" },
        fin.resamples
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_with_keys_and_weights() {
        let t = parse_target("mean_goals=2.7:2").unwrap();
        assert_eq!(
            (t.name.as_str(), t.key.as_str(), t.value, t.weight),
            ("mean_goals", "", 2.7, 2.0)
        );
        let t = parse_target("mean_length[turns]=60").unwrap();
        assert_eq!(
            (t.name.as_str(), t.key.as_str(), t.value),
            ("mean_length", "turns", 60.0)
        );
        assert!(parse_target("draw_rate").is_err());
        assert!(parse_target("draw_rate=x").is_err());
        assert!(parse_target("draw_rate=0.2:0").is_err());
    }

    #[test]
    fn the_budget_pays_for_search_and_final() {
        let b = budget(4000, None, 3).unwrap();
        assert_eq!(b.eval_games, 70);
        assert!(b.evaluations * b.eval_games + 4 * b.final_games <= 4000);
        assert!(b.final_games >= 2 && b.final_games.is_multiple_of(2));
        assert!(budget(50, None, 3).is_err());
    }
}
