//! The arms of a design: the rule sets a command compares (one `Arm` each, loaded
//! from `--rules` or a sweep's point), their game-free views, and the output folder.

use crate::infra::games::{self, Loaded, LoadedView};
use crate::infra::journal::Journal;
use crate::infra::options::{CompareOptions, OutputOptions};
use crate::infra::progress::Progress;
use anyhow::{bail, Result};
use engine_core::{Game, Registered};
use reports::PairedStats;
use std::path::{Path, PathBuf};

use super::metrics::Metric;
use super::plan::{play_arms, play_arms_into, LabPlan};

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
