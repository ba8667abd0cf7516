//! `sim tune`: a search for rules whose metrics come closest to targets.
//!
//! The search space is the grid of `--vary` values; a candidate is one point of it, laid
//! over the base rules (`--rules`, `--set`). The search is the N-Tuple Bandit Evolutionary
//! Algorithm (Lucas, Liu & Perez-Liebana 2018; `crate::ntbea`), built for noisy,
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

use crate::design::{self, Arm, ArmLabel, ArmView, ArmsPhase, LabPlan, LoadedArms, Metric, Vary};
use crate::games::{self, LoadedView};
use crate::journal::Journal;
use crate::ntbea::{Ntbea, NtbeaParams};
use crate::options::TuneOptions;
use crate::rules::{parse_set, RuleErrors};
use anyhow::{bail, Context, Result};
use engine::core::{derive_rng, EmbeddedRules, Registered, Stream};
use rand::RngCore;
use reports::{
    final_test, CompareRow, Final, GroupValues, LossTerm, PairedStats, TuneRow, FINAL_RESAMPLES,
};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

/// One `--target`.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    /// Metric name (`draw_rate`).
    pub name: String,
    /// Metric key (`turns` of `mean_length`; empty for one-key metrics).
    pub key: String,
    /// The value to aim at.
    pub value: f64,
    /// Its weight in the loss.
    pub weight: f64,
}

/// Parses `METRIC=VALUE`, `METRIC[KEY]=VALUE`, with an optional `:WEIGHT`.
/// Errors: one line naming the `--target`.
pub fn parse_target(s: &str) -> Result<Target> {
    let Some((lhs, rhs)) = s.rsplit_once('=') else {
        bail!("--target '{s}': expected METRIC=VALUE, e.g. draw_rate=0.25 or mean_goals=2.7:2");
    };
    let (name, key) = match lhs.trim().split_once('[') {
        Some((n, k)) if k.ends_with(']') => (n.trim(), k.trim_end_matches(']').trim()),
        Some(_) => bail!("--target '{s}': a key goes in brackets, e.g. mean_length[turns]=60"),
        None => (lhs.trim(), ""),
    };
    let (value, weight) = rhs.split_once(':').unwrap_or((rhs, "1"));
    let number = |x: &str, what: &str| {
        x.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| {
                anyhow::anyhow!("--target '{s}': the {what} '{}' is not a number", x.trim())
            })
    };
    let (value, weight) = (number(value, "value")?, number(weight, "weight")?);
    if weight <= 0.0 {
        bail!("--target '{s}': the weight must be positive");
    }
    Ok(Target {
        name: name.to_string(),
        key: key.to_string(),
        value,
        weight,
    })
}

/// The index of the metric `t` aims at. Errors: an unknown metric, or a metric with
/// several keys and none given (naming the choices).
fn target_index(t: &Target, metric_list: &[Metric]) -> Result<usize> {
    let same_name: Vec<usize> = (0..metric_list.len())
        .filter(|&i| metric_list[i].id.name == t.name)
        .collect();
    if same_name.is_empty() {
        let mut names: Vec<&str> = metric_list.iter().map(|m| m.id.name.as_str()).collect();
        names.dedup();
        bail!(
            "--target {}: unknown metric (metrics: {})",
            t.name,
            names.join(", ")
        );
    }
    if let Some(&i) = same_name.iter().find(|&&i| metric_list[i].id.key == t.key) {
        return Ok(i);
    }
    if t.key.is_empty() && same_name.len() == 1 {
        return Ok(same_name[0]);
    }
    let keys: Vec<String> = same_name
        .iter()
        .map(|&i| format!("{}[{}]", t.name, metric_list[i].id.key))
        .collect();
    bail!(
        "--target {}[{}]: name the key: {}",
        t.name,
        t.key,
        keys.join(", ")
    )
}

/// The size of one step of metric `m` near target `t`.
fn step(m: &Metric, t: &Target) -> f64 {
    if m.proportion {
        0.1
    } else {
        (t.value.abs() / 10.0).max(0.1)
    }
}

/// The loss terms of `targets` (one per target, in order).
fn terms(targets: &[(Target, usize)], metric_list: &[Metric]) -> Vec<LossTerm> {
    targets
        .iter()
        .map(|(t, i)| LossTerm {
            target: t.value,
            step: step(&metric_list[*i], t),
            weight: t.weight,
        })
        .collect()
}

/// How the budget of `--games` is spent.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Budget {
    /// Games per evaluation during the search.
    pub eval_games: u64,
    /// Evaluations of the search.
    pub evaluations: u64,
    /// Games per rule set in the final re-play (base plus finalists).
    pub final_games: u64,
}

/// Splits `total` games: about 70% for the search, 30% for the final re-play of
/// `finalists` candidates and the base rules; `eval_games` per evaluation (default: a
/// fortieth of the search share, 20 to 2,000, even so duplicate pairs stay whole).
/// Errors: a budget too small for five evaluations and a final of two games per set.
pub fn budget(total: u64, eval_games: Option<u64>, finalists: usize) -> Result<Budget> {
    let search = total * 7 / 10;
    let eval = eval_games.unwrap_or_else(|| (search / 40).clamp(20, 2000));
    let eval = eval + eval % 2;
    let evaluations = search / eval;
    let sets = finalists as u64 + 1;
    let final_games = ((total - evaluations * eval) / sets) & !1;
    if evaluations < 5 || final_games < 2 {
        bail!(
            "--games {total} is too small a budget: it must pay for at least 5 evaluations of \
             {eval} games (--eval-games) and a final re-play of {sets} rule sets; give at \
             least {}",
            (5 * eval * 10).div_ceil(7).max(5 * eval + 2 * sets)
        );
    }
    Ok(Budget {
        eval_games: eval,
        evaluations,
        final_games,
    })
}

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
    recommended_agents: &'a [String],
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

/// `sim tune`: searches, re-plays the finalists and writes `tune.csv`,
/// `tune_results.csv`, `best.toml`, `run.json` and `report.html` (and `agents.toml` when
/// it tunes agent parameters). Returns what the summary shows; prints nothing. Errors
/// ([`crate::Error`]): bad options, targets or values (every rules problem at once), an
/// output folder that exists, a failed game, a stop.
pub fn tune<R: Registered>(args: &TuneOptions) -> crate::error::Result<TuneReport> {
    let journal = Journal::new("tune", args, args.output.threads, args.long);
    tune_in::<R>(args, &journal)
}

/// [`tune`] with its phases of play (one per evaluation of the search, which every shard
/// plays whole, and the final re-play, which shards split) recorded in `journal` (fresh,
/// resumed or merged: see [`crate::journal`]).
pub fn tune_in<R: Registered>(
    args: &TuneOptions,
    journal: &Journal,
) -> crate::error::Result<TuneReport> {
    tune_report::<R>(args, journal).map_err(crate::Error::from)
}

/// The work of [`tune_in`], with `anyhow` errors: the game loaded, the rest
/// ([`tune_with`]) compiled once for every game.
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
    fn make_agent(&self, spec: &str) -> Result<()>;
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
    fn make_agent(&self, spec: &str) -> Result<()> {
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
        return Err(RuleErrors(errors).into());
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
    let point_specs = |p: &[usize]| -> Result<Vec<String>> {
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
    let first_parsed = agents::parse_spec(&first)?;
    let start: Option<Vec<usize>> = varies
        .iter()
        .map(|v| {
            if is_agent(v) {
                let key = &v.key[AGENT_PREFIX.len()..];
                let current = first_parsed
                    .params
                    .iter()
                    .rev()
                    .find(|(k, _)| k == key)
                    .map(|(_, x)| x.clone())
                    .or_else(|| agent_defaults.effective_default(&first_parsed.name, key))?;
                return v.values.iter().position(|x| same_value(x, &current));
            }
            let current = crate::rules::key_lines_of(shipped, base.resolved)
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
    let bar = crate::progress::Progress::new(total_search, "games searched");
    let mut progress_rows: Vec<TuneRow> = Vec::new();
    let mut games_so_far = 0u64;
    let master_seed = plan.seed;
    plan.schedule = crate::schedule::Schedule {
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
        schedule: crate::schedule::Schedule {
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
            &first_parsed.name,
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
                        not_distinguishable: r.tied,
                    })
                    .collect(),
            },
            rule_sets: arms.iter().map(design::ArmJson::from).collect(),
            elapsed_seconds: elapsed,
        },
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
        recommended_agent: arm_specs[recommended][0].clone(),
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
    specs: &dyn Fn() -> Result<Vec<String>>,
    plan: &LabPlan,
    metric_list: &[Metric],
    targets: &[(Target, usize)],
    bar: &crate::progress::Progress,
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
    let bar = crate::progress::Progress::new(
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

/// `best.toml`: the recommended rules as a file that extends the base rules and sets the
/// base's `--set`s and, when a change is recommended, the tuned keys of `point`; the
/// targets and the re-played metrics of rule set `winner` in comments, under the
/// `command_line` that made it.
#[allow(clippy::too_many_arguments)]
fn winner_file(
    shipped: &[EmbeddedRules],
    command_line: &[String],
    rules: Option<&str>,
    base_sets: &[String],
    point: Option<&[usize]>,
    point_sets: &dyn Fn(&[usize]) -> Vec<String>,
    targets: &[(Target, usize)],
    metric_list: &[Metric],
    rows: &[CompareRow],
    winner: usize,
) -> Result<String> {
    let mut tree = toml::Table::new();
    let tuned = point.map(point_sets).unwrap_or_default();
    for set in base_sets.iter().cloned().chain(tuned) {
        let t = parse_set(&set).map_err(anyhow::Error::msg)?;
        engine::core::overlay(&mut tree, &t);
    }
    let extends = match rules {
        None => shipped[0].name.to_string(),
        Some(r) if shipped.iter().any(|x| x.name == r) => r.to_string(),
        Some(path) => std::fs::canonicalize(path)
            .map(|p| p.display().to_string())
            .unwrap_or_else(|_| path.to_string()),
    };
    let what = if point.is_some() {
        "the candidate closest to the targets, re-played on fresh seeds: it beat the base rules"
    } else {
        "no change recommended: no candidate beat the base rules in the final, so these are the base rules"
    };
    let mut text = format!(
        "# Found by `sim tune`: {what}.\n# {}\n",
        reports::report::shell_line(command_line)
    );
    for (t, i) in targets {
        let r = rows.iter().find(|r| {
            r.point == winner
                && r.metric == metric_list[*i].id.name
                && r.key == metric_list[*i].id.key
        });
        let got = r.and_then(|r| r.value.map(|v| (v, r.lo, r.hi))).map_or(
            "-".into(),
            |(v, lo, hi)| match (lo, hi) {
                (Some(lo), Some(hi)) => format!("{v:.3} [{lo:.3}, {hi:.3}]"),
                _ => format!("{v:.3}"),
            },
        );
        let name = if t.key.is_empty() {
            t.name.clone()
        } else {
            format!("{}[{}]", t.name, t.key)
        };
        text.push_str(&format!(
            "#   {name}: target {} (weight {}), re-played {got}\n",
            t.value, t.weight
        ));
    }
    text.push_str(&format!("extends = {}\n\n", toml::Value::String(extends)));
    text.push_str(&toml::to_string(&tree).context("cannot write the winner's rules")?);
    Ok(text)
}

/// The prefix of a `--vary` key that names a parameter of the first agent
/// (`agent.c=0.1,0.2`).
pub const AGENT_PREFIX: &str = "agent.";

/// `spec` with the parameters `params` written over it: `name(k=v,...)` with the spec's
/// own parameters not in `params`, then `params`; `spec` itself (trimmed) when `params`
/// is empty. Errors: a spec that does not parse.
fn with_params(spec: &str, params: &[(String, String)]) -> Result<String> {
    if params.is_empty() {
        return Ok(spec.trim().to_string());
    }
    Ok(agents::parse_spec(spec)?.with_params(params))
}

/// Whether two parameter values as typed are the same value (`0.2` and `0.20`).
fn same_value(a: &str, b: &str) -> bool {
    a == b || matches!((a.parse::<f64>(), b.parse::<f64>()), (Ok(x), Ok(y)) if x == y)
}

/// A parameter value as typed, as a TOML value: a whole number, a number, true/false, or
/// a word.
fn toml_value(v: &str) -> toml::Value {
    if let Ok(i) = v.parse::<i64>() {
        toml::Value::Integer(i)
    } else if let Ok(x) = v.parse::<f64>() {
        toml::Value::Float(x)
    } else if let Ok(b) = v.parse::<bool>() {
        toml::Value::Boolean(b)
    } else {
        toml::Value::String(v.to_string())
    }
}

/// The command line that reproduces a tune's result, from the `command_line` that started
/// it: the program as `sim`, without the options the result does not depend on
/// (`--threads`, `--out`), so that the same search gives the same file whatever the
/// threads.
fn reproducible_command(command_line: &[String]) -> String {
    let mut out = vec!["sim".to_string()];
    let mut args = command_line.iter().skip(1).cloned();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--threads" | "-j" | "--out" | "-o" => {
                args.next();
            }
            _ if ["--threads=", "--out=", "-j=", "-o="]
                .iter()
                .any(|p| a.starts_with(p)) => {}
            _ => out.push(a),
        }
    }
    reports::report::shell_line(&out)
}

/// What the header of `agents.toml` says about the final, and the command that made it.
struct FinalText<'a> {
    command_line: &'a [String],
    what: &'a str,
    targets: &'a [(Target, usize)],
    metric_list: &'a [Metric],
    rows: &'a [CompareRow],
    arms: &'a [ArmView<'a>],
    fin: &'a Final,
}

/// `agents.toml`: the game's agent table (`configs/<game>/agents.toml`) of the tuned
/// agent `agent` (`oracle`: `[mcts]`) with the keys of `tuned` set to its values, and in
/// its header the command, the verdict and every finalist's target metrics and loss.
fn agents_file(
    game: &str,
    agent: &str,
    defaults: &agents::AgentDefaults,
    tuned: &[(String, String)],
    fin: &FinalText<'_>,
) -> Result<String> {
    let table_name = agents::AgentDefaults::table_of(agent);
    let mut table = toml::Table::new();
    for (k, v) in defaults.params_for(agent).iter().chain(tuned) {
        table.insert(k.clone(), toml_value(v));
    }
    let mut text = format!(
        "# Per-game defaults of the agents' parameters for {game} (docs/agents.md, \"Per-game\n\
         # defaults\"): a key of a table replaces the generic default of that parameter in\n\
         # this game; a parameter typed in --agents replaces both; the oracle reads [mcts].\n\
         #\n"
    );
    let mut line = String::from("#");
    for word in format!(
        "Chosen by `sim tune` over the parameters of the first agent: {}.",
        fin.what
    )
    .split(' ')
    {
        if line.len() + word.len() > 88 {
            text.push_str(&line);
            text.push('\n');
            line = String::from("#");
        }
        line.push(' ');
        line.push_str(word);
    }
    text.push_str(&line);
    text.push_str(&format!(
        "\n#   {}\n",
        reproducible_command(fin.command_line)
    ));
    text.push_str("# The final (fresh seeds, paired):\n");
    for (p, arm) in fin.arms.iter().enumerate() {
        let r = &fin.fin.rows[p];
        let mut line = format!(
            "#   {}{} ({}): loss {}",
            arm.label,
            if p == fin.fin.winner { " (winner)" } else { "" },
            arm.settings,
            interval(r.loss, r.lo, r.hi)
        );
        if p != fin.fin.winner {
            line.push_str(&format!(
                ", minus the winner's {}{}",
                interval(r.diff, r.diff_lo, r.diff_hi),
                if r.tied { " (not distinguishable)" } else { "" }
            ));
        }
        for (t, i) in fin.targets {
            let m = &fin.metric_list[*i];
            let got = fin
                .rows
                .iter()
                .find(|r| r.point == p && r.metric == m.id.name && r.key == m.id.key)
                .map_or("-".into(), |r| interval(r.value, r.lo, r.hi));
            line.push_str(&format!("; {} {got}", target_name(t)));
        }
        text.push_str(&line);
        text.push('\n');
    }
    let mut root = toml::Table::new();
    root.insert(table_name.to_string(), toml::Value::Table(table));
    text.push_str(&toml::to_string(&root).context("cannot write the agents file")?);
    Ok(text)
}

/// `v [lo, hi]` with three decimals; `v` alone without an interval; `-` without a value.
fn interval(v: Option<f64>, lo: Option<f64>, hi: Option<f64>) -> String {
    match (v, lo, hi) {
        (Some(v), Some(lo), Some(hi)) => format!("{v:.3} [{lo:.3}, {hi:.3}]"),
        (Some(v), _, _) => format!("{v:.3}"),
        _ => "-".into(),
    }
}

/// `name` or `name[key]` of a target.
fn target_name(t: &Target) -> String {
    if t.key.is_empty() {
        t.name.clone()
    } else {
        format!("{}[{}]", t.name, t.key)
    }
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
