//! The targets of `sim tune` (`--target METRIC[KEY]=VALUE`), the loss they make over
//! the metrics, and how the game budget is split between search and the final re-play.

use crate::commands::design::Metric;
use anyhow::{bail, Result};
use reports::LossTerm;
use serde::Serialize;

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
pub(super) fn target_index(t: &Target, metric_list: &[Metric]) -> Result<usize> {
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
pub(super) fn step(m: &Metric, t: &Target) -> f64 {
    if m.proportion {
        0.1
    } else {
        (t.value.abs() / 10.0).max(0.1)
    }
}

/// The loss terms of `targets` (one per target, in order).
pub(super) fn terms(targets: &[(Target, usize)], metric_list: &[Metric]) -> Vec<LossTerm> {
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
