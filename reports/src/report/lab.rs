//! The report of a design-lab folder: `sim compare` (`compare.csv`), `sim sweep`
//! (`sweep.csv`) and `sim tune` (`tune.csv`, `tune_results.csv`, `best.toml`). One
//! self-contained page, like a run's.

use super::charts::{self, Estimate, SeriesPoint};
use super::error::ReportError;
use super::format::{fixed, interval, num, shell_line};
use super::input::{kind_by_file, read_csv};
use super::templates::render;
use crate::paired::{CompareRow, TuneRow};
use minijinja::{context, Value};
use std::path::Path;

/// What kind of lab folder a folder is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LabKind {
    /// `compare.csv`.
    Compare,
    /// `sweep.csv`.
    Sweep,
    /// `tune.csv` and `tune_results.csv`.
    Tune,
}

impl LabKind {
    /// The kind of the folder `dir`, if it is a lab folder.
    pub(crate) fn of(dir: &Path) -> Option<LabKind> {
        kind_by_file(
            dir,
            &[
                ("compare.csv", LabKind::Compare),
                ("sweep.csv", LabKind::Sweep),
                ("tune.csv", LabKind::Tune),
            ],
        )
    }
}

/// A readable title for a metric of the lab (`docs/design-lab.md` defines them).
pub(crate) fn title(metric: &str, key: &str) -> String {
    let name = match metric {
        "first_seat_advantage" => "first-seat advantage (seat 0's score − 0.5)".to_string(),
        "seat_score_rate" => format!("score of seat {key}"),
        "draw_rate" => "draw rate".into(),
        "capped_rate" => "games ended by the turn cap".into(),
        "mean_goals" => "goals per game (all seats)".into(),
        "mean_length" => format!("{key} per game"),
        "mean_lead_changes" => "lead changes per game".into(),
        "half_time_leader_wins" => "the half-time leader wins".into(),
        "locked_rate" => "locked turns (no playable card) per turn".into(),
        "cards_per_turn" => "cards played per turn".into(),
        "possession_change_rate" => "turns with a change of possession, per turn".into(),
        "score_rate" => format!("score rate of {key}"),
        "win_rate" => format!("win rate of {key}"),
        "goals_for" => format!("goals per game of {key}"),
        "skill_gap" => format!("skill gap: score of {key}"),
        "loss" => "loss to the targets".into(),
        other if key.is_empty() => other.to_string(),
        other => format!("{other} ({key})"),
    };
    name
}

/// Decimals that suit the values of a metric.
pub(crate) fn decimals(rows: &[&CompareRow]) -> usize {
    let top = rows
        .iter()
        .filter_map(|r| r.value)
        .fold(0.0f64, |a, v| a.max(v.abs()));
    crate::verdict::decimals_for(top)
}

/// The (metric, key) pairs of `rows` in order of first appearance.
pub(crate) fn metric_order(rows: &[CompareRow]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for r in rows {
        if !out.iter().any(|(m, k)| *m == r.metric && *k == r.key) {
            out.push((r.metric.clone(), r.key.clone()));
        }
    }
    out
}

/// The rows of each metric (name and key), in [`metric_order`].
fn metric_groups(rows: &[CompareRow]) -> Vec<(String, String, Vec<&CompareRow>)> {
    metric_order(rows)
        .into_iter()
        .map(|(metric, key)| {
            let these = rows
                .iter()
                .filter(|r| r.metric == metric && r.key == key)
                .collect();
            (metric, key, these)
        })
        .collect()
}

/// The settings of `run.json` (none when it is missing or not JSON), each a name and a
/// value (`code` for a command line, `sets` for the list of rule sets).
fn settings(dir: &Path) -> Vec<Value> {
    let run: Option<serde_json::Value> = std::fs::read_to_string(dir.join("run.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok());
    let Some(run) = run else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Some(cmd) = run["command"].as_array() {
        let args: Vec<String> = cmd
            .iter()
            .filter_map(|a| a.as_str().map(String::from))
            .collect();
        out.push(context! { name => "command", value => shell_line(&args), code => true });
    }
    if let Some(agents) = run["agents"].as_array() {
        let names: Vec<&str> = agents.iter().filter_map(|a| a.as_str()).collect();
        out.push(context! { name => "agents", value => names.join(", ") });
    }
    for (name, key) in [
        ("games per rule set", "games_per_rule_set"),
        ("seed", "seed"),
        ("sampling", "sampling"),
        ("significance", "significance"),
        ("search", "algorithm"),
        ("winner", "winner"),
        ("recommended", "recommended"),
    ] {
        match &run[key] {
            serde_json::Value::Null => {}
            serde_json::Value::String(s) => out.push(context! { name, value => s }),
            v => out.push(context! { name, value => v.to_string() }),
        }
    }
    if let Some(sets) = run["rule_sets"].as_array() {
        let sets: Vec<Value> = sets
            .iter()
            .map(|s| {
                context! {
                    label => s["label"].as_str().unwrap_or(""),
                    settings => s["settings"].as_str().unwrap_or(""),
                }
            })
            .collect();
        out.push(context! { name => "rule sets", sets });
    }
    out
}

/// Interval charts of every metric's differences to point 0, one chart per metric with
/// a row per other rule set (`*` marks a difference significant after the run's
/// multiplicity correction).
fn difference_charts(rows: &[CompareRow]) -> Result<Value, ReportError> {
    let reference = rows.iter().find(|r| r.point == 0).map_or("", |r| &r.set);
    let mut charts = Vec::new();
    for (metric, key, these) in metric_groups(rows) {
        if metric == "loss" {
            continue;
        }
        let d = decimals(&these);
        let items: Vec<Estimate> = these
            .iter()
            .filter(|r| r.point > 0)
            .filter_map(|r| {
                let diff = r.diff.filter(|v| v.is_finite())?;
                let iv = interval(r.diff_lo, r.diff_hi);
                let star = if r.significant == Some(true) {
                    " *"
                } else {
                    ""
                };
                Some(Estimate {
                    label: format!("{}{star}", r.set),
                    value: diff,
                    interval: iv,
                    text: match iv {
                        Some((lo, hi)) => format!(
                            "{} [{}, {}]",
                            fixed(diff, d, true),
                            fixed(lo, d, true),
                            fixed(hi, d, true)
                        ),
                        None => fixed(diff, d, true),
                    },
                })
            })
            .collect();
        if items.is_empty() {
            continue;
        }
        let mut lo = 0.0f64;
        let mut hi = 0.0f64;
        for e in &items {
            let (a, b) = e.interval.unwrap_or((e.value, e.value));
            lo = lo.min(a);
            hi = hi.max(b);
        }
        let svg = charts::interval_chart(
            &title(&metric, &key),
            &format!("difference to {reference}"),
            &items,
            charts::padded_range(lo, hi, 0.1, d),
            d,
            Some(0.0),
        )?;
        charts.push(Value::from_safe_string(svg));
    }
    Ok(context! { kind => "differences", reference, charts })
}

/// The verdict of every rule set against the reference (point 0), in plain words
/// ([`crate::verdict`]): its sentence, then a table of every metric (baseline, variant,
/// change, relative change, the change's interval, significant or not after the run's
/// correction), what changed most first.
fn verdict_section(rows: &[CompareRow]) -> Value {
    let reference = rows.iter().find(|r| r.point == 0).map_or("", |r| &r.set);
    let points = rows.iter().map(|r| r.point).max().unwrap_or(0);
    let variants: Vec<Value> = (1..=points)
        .map(|p| {
            let set = rows.iter().find(|r| r.point == p).map_or("", |r| &r.set);
            let table: Vec<Value> = crate::verdict::changes(rows, p)
                .iter()
                .map(|c| {
                    let d = crate::verdict::decimals_of(c);
                    context! {
                        metric => c.name(),
                        baseline => fixed(c.baseline, d, false),
                        variant => c.variant.map_or("–".into(), |v| fixed(v, d, false)),
                        change => fixed(c.change, d, true),
                        relative => c.relative.map_or("–".into(), |r| format!("{:+.0}%", 100.0 * r)),
                        interval => c.interval.map_or("–".into(), |(lo, hi)| {
                            format!("[{}, {}]", fixed(lo, d, true), fixed(hi, d, true))
                        }),
                        significant => c.significant,
                        tested => c.tested,
                    }
                })
                .collect();
            context! { set, sentence => crate::verdict::sentence(rows, p), rows => table }
        })
        .collect();
    context! { kind => "verdict", reference, variants }
}

/// One forest plot of every metric's change against the reference, relative to the
/// baseline value (percent; metrics whose baseline is 0 are left out), a row per metric
/// and rule set, on one shared scale.
fn forest_chart(rows: &[CompareRow]) -> Result<Option<Value>, ReportError> {
    let points = rows.iter().map(|r| r.point).max().unwrap_or(0);
    let mut items = Vec::new();
    for p in 1..=points {
        let set = rows.iter().find(|r| r.point == p).map_or("", |r| &r.set);
        for c in crate::verdict::changes(rows, p) {
            let Some(rel) = c.relative else { continue };
            let scale = 100.0 / c.baseline.abs();
            let iv = c.interval.map(|(lo, hi)| (lo * scale, hi * scale));
            let star = if c.significant { " *" } else { "" };
            let label = if points > 1 {
                format!("{} ({set}){star}", c.name())
            } else {
                format!("{}{star}", c.name())
            };
            items.push(Estimate {
                label,
                value: 100.0 * rel,
                interval: iv,
                text: format!("{:+.0}%", 100.0 * rel),
            });
        }
    }
    if items.is_empty() {
        return Ok(None);
    }
    let (mut lo, mut hi) = (0.0f64, 0.0f64);
    for e in &items {
        let (a, b) = e.interval.unwrap_or((e.value, e.value));
        lo = lo.min(a);
        hi = hi.max(b);
    }
    let reference = rows.iter().find(|r| r.point == 0).map_or("", |r| &r.set);
    let svg = charts::interval_chart(
        "Every change, relative to its baseline",
        &format!("change from {reference}, % of the baseline"),
        &items,
        charts::padded_range(lo, hi, 0.1, 0),
        0,
        Some(0.0),
    )?;
    Ok(Some(
        context! { kind => "forest", chart => Value::from_safe_string(svg) },
    ))
}

/// The sweep's first table: every metric's value at the first point, where it is lowest
/// and highest, and how many points differ significantly from the first
/// ([`crate::verdict::extremes`]).
fn extremes_section(rows: &[CompareRow]) -> Value {
    let first = rows.iter().find(|r| r.point == 0).map_or("", |r| &r.set);
    let table: Vec<Value> = crate::verdict::extremes(rows)
        .iter()
        .map(|e| {
            let top = e.first.abs().max(e.lowest.1.abs()).max(e.highest.1.abs());
            let d = crate::verdict::decimals_for(top);
            context! {
                metric => e.name,
                first => fixed(e.first, d, false),
                lowest => format!("{} at {}", fixed(e.lowest.1, d, false), e.lowest.0),
                highest => format!("{} at {}", fixed(e.highest.1, d, false), e.highest.0),
                significant => format!("{} of {}", e.significant, e.compared),
            }
        })
        .collect();
    context! { kind => "extremes", first, sentence => crate::verdict::sweep_sentence(rows), rows => table }
}

/// The table of every row, its numbers written with the decimals of their metric.
fn rows_table(rows: &[CompareRow]) -> Value {
    let mut out = Vec::new();
    for (_, _, these) in metric_groups(rows) {
        let d = decimals(&these);
        for r in these {
            let iv = |lo: Option<f64>, hi: Option<f64>| match interval(lo, hi) {
                Some((a, b)) => format!("[{}, {}]", fixed(a, d, false), fixed(b, d, false)),
                None => "–".into(),
            };
            out.push(context! {
                set => r.set,
                metric => title(&r.metric, &r.key),
                value => num(r.value, d),
                value_ci => iv(r.lo, r.hi),
                diff => r.diff.map_or("–".into(), |v| fixed(v, d, true)),
                diff_ci => iv(r.diff_lo, r.diff_hi),
                p => num(r.p_value, 4),
                significant => match r.significant {
                    Some(true) => "yes",
                    Some(false) => "no",
                    None => "–",
                },
            });
        }
    }
    context! { kind => "rows", rows => out }
}

/// Charts of every metric against the sweep's points, with their 95% bands.
fn sweep_charts(rows: &[CompareRow]) -> Result<Value, ReportError> {
    let mut labels: Vec<String> = Vec::new();
    for r in rows {
        if r.point == labels.len() {
            labels.push(r.set.clone());
        }
    }
    let mut charts = Vec::new();
    for (metric, key, these) in metric_groups(rows) {
        let d = decimals(&these);
        let mut line = vec![
            SeriesPoint {
                value: None,
                interval: None
            };
            labels.len()
        ];
        for r in &these {
            if let Some(p) = line.get_mut(r.point) {
                *p = SeriesPoint {
                    value: r.value,
                    interval: interval(r.lo, r.hi),
                };
            }
        }
        if line.iter().all(|p| p.value.is_none()) {
            continue;
        }
        let svg = charts::series_chart(
            &title(&metric, &key),
            "point of the sweep",
            "value",
            &labels,
            &line,
            None,
            d,
        )?;
        charts.push(Value::from_safe_string(svg));
    }
    Ok(context! { kind => "sweep", charts })
}

/// The verdict of a tune folder, from its `run.json`: whether a change is recommended,
/// the winner with its settings and loss, and the finalists not distinguishable from it;
/// `None` without a readable `run.json` or a final.
fn tune_verdict(dir: &Path) -> Option<Value> {
    let text = std::fs::read_to_string(dir.join("run.json")).ok()?;
    let run: serde_json::Value = serde_json::from_str(&text).ok()?;
    let fin = run.get("final_test")?;
    let winner = fin["winner"].as_str().unwrap_or_default().to_string();
    let settings = fin["winner_settings"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let loss = match (
        fin["winner_loss"].as_f64(),
        fin["winner_loss_lo"].as_f64(),
        fin["winner_loss_hi"].as_f64(),
    ) {
        (Some(v), Some(lo), Some(hi)) => format!("{v:.3} [{lo:.3}, {hi:.3}]"),
        (Some(v), _, _) => format!("{v:.3}"),
        _ => "–".into(),
    };
    let ties: Vec<String> = fin["not_distinguishable"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|t| t.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    let change = fin["change_recommended"].as_bool().unwrap_or(false);
    Some(context! {
        kind => "tune_verdict", winner, settings, loss, ties, change,
    })
}

/// A section that is only a heading.
fn heading(text: &str) -> Value {
    context! { kind => "heading", text }
}

/// The page of the lab folder `dir` of kind `kind`.
pub(crate) fn page(dir: &Path, kind: LabKind) -> Result<String, ReportError> {
    let compare_columns = ["point", "set", "metric", "key", "value"];
    let mut sections = Vec::new();
    let title = match kind {
        LabKind::Compare => {
            let rows: Vec<CompareRow> = read_csv(&dir.join("compare.csv"), &compare_columns)?;
            sections.push(verdict_section(&rows));
            if let Some(forest) = forest_chart(&rows)? {
                sections.push(forest);
            }
            sections.push(heading("Each metric's difference to the first rule set"));
            sections.push(difference_charts(&rows)?);
            sections.push(rows_table(&rows));
            "Rule sets compared"
        }
        LabKind::Sweep => {
            let rows: Vec<CompareRow> = read_csv(&dir.join("sweep.csv"), &compare_columns)?;
            sections.push(extremes_section(&rows));
            sections.push(heading("Every metric along the sweep"));
            sections.push(sweep_charts(&rows)?);
            sections.push(heading("Differences to the first point"));
            sections.push(difference_charts(&rows)?);
            sections.push(rows_table(&rows));
            "Sweep of rule changes"
        }
        LabKind::Tune => {
            if let Some(verdict) = tune_verdict(dir) {
                sections.push(verdict);
            }
            let progress: Vec<TuneRow> = read_csv(
                &dir.join("tune.csv"),
                &["iteration", "fitness", "best_estimate"],
            )?;
            let labels: Vec<String> = progress.iter().map(|r| r.iteration.to_string()).collect();
            let line: Vec<SeriesPoint> = progress
                .iter()
                .map(|r| SeriesPoint {
                    value: Some(r.best_estimate),
                    interval: None,
                })
                .collect();
            let dots: Vec<f64> = progress.iter().map(|r| r.fitness).collect();
            let svg = charts::series_chart(
                "Search progress",
                "evaluation",
                "fitness (− loss)",
                &labels,
                &line,
                Some(&dots),
                2,
            )?;
            sections.push(context! { kind => "search", chart => Value::from_safe_string(svg) });
            let results_path = dir.join("tune_results.csv");
            if results_path.is_file() {
                let rows: Vec<CompareRow> = read_csv(&results_path, &compare_columns)?;
                let finalists: Vec<Value> = rows
                    .iter()
                    .filter(|r| r.metric == "loss")
                    .map(|r| {
                        context! {
                            set => r.set, settings => r.settings, value => r.value,
                            lo => r.lo, hi => r.hi, diff => r.diff, diff_lo => r.diff_lo,
                            diff_hi => r.diff_hi, significant => r.significant,
                        }
                    })
                    .collect();
                sections.push(context! { kind => "finalists", rows => finalists });
                sections.push(difference_charts(&rows)?);
                sections.push(rows_table(&rows));
            }
            if let Ok(best) = std::fs::read_to_string(dir.join("best.toml")) {
                sections.push(context! { kind => "best", text => best });
            }
            "Rules tuned toward targets"
        }
    };
    render(
        "lab.html",
        context! {
            heading => title,
            settings => settings(dir),
            sections,
            folder => dir.display().to_string(),
        },
    )
}
