//! The report of a design-lab folder: `sim compare` (`compare.csv`), `sim sweep`
//! (`sweep.csv`) and `sim tune` (`tune.csv`, `tune_results.csv`, `best.toml`). One
//! self-contained page, like a run's.

use super::charts::{self, Estimate, SeriesPoint};
use super::html::{escape, fixed, interval, num, push_chart, shell_line, Table, STYLE};
use super::input::read_csv;
use super::ReportError;
use crate::paired::{CompareRow, TuneRow};
use std::fmt::Write as _;
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
        if dir.join("compare.csv").is_file() {
            Some(LabKind::Compare)
        } else if dir.join("sweep.csv").is_file() {
            Some(LabKind::Sweep)
        } else if dir.join("tune.csv").is_file() {
            Some(LabKind::Tune)
        } else {
            None
        }
    }
}

/// A readable title for a metric of the lab (`docs/design-lab.md` defines them).
fn title(metric: &str, key: &str) -> String {
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
fn decimals(rows: &[&CompareRow]) -> usize {
    let top = rows
        .iter()
        .filter_map(|r| r.value)
        .fold(0.0f64, |a, v| a.max(v.abs()));
    if top >= 10.0 {
        1
    } else if top >= 1.0 {
        2
    } else {
        3
    }
}

/// The (metric, key) pairs of `rows` in order of first appearance.
fn metric_order(rows: &[CompareRow]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for r in rows {
        if !out.iter().any(|(m, k)| *m == r.metric && *k == r.key) {
            out.push((r.metric.clone(), r.key.clone()));
        }
    }
    out
}

/// The page head and the settings from `run.json`.
fn head(out: &mut String, dir: &Path, heading: &str) {
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{0}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
        escape(heading)
    );
    let run: Option<serde_json::Value> = std::fs::read_to_string(dir.join("run.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok());
    let Some(run) = run else {
        return;
    };
    out.push_str("<dl class=\"run\">\n");
    let mut item = |name: &str, value: String| {
        let _ = writeln!(out, "<dt>{}</dt><dd>{value}</dd>", escape(name));
    };
    if let Some(cmd) = run["command"].as_array() {
        let args: Vec<String> = cmd
            .iter()
            .filter_map(|a| a.as_str().map(String::from))
            .collect();
        item(
            "command",
            format!("<code>{}</code>", escape(&shell_line(&args))),
        );
    }
    if let Some(agents) = run["agents"].as_array() {
        let names: Vec<&str> = agents.iter().filter_map(|a| a.as_str()).collect();
        item("agents", escape(&names.join(", ")));
    }
    for (name, key) in [
        ("games per rule set", "games_per_rule_set"),
        ("seed", "seed"),
        ("sampling", "sampling"),
        ("search", "algorithm"),
        ("winner", "winner"),
    ] {
        match &run[key] {
            serde_json::Value::Null => {}
            serde_json::Value::String(s) => item(name, escape(s)),
            v => item(name, escape(&v.to_string())),
        }
    }
    if let Some(sets) = run["rule_sets"].as_array() {
        let list: Vec<String> = sets
            .iter()
            .enumerate()
            .map(|(i, s)| {
                format!(
                    "{i}: <b>{}</b> {}",
                    escape(s["label"].as_str().unwrap_or("")),
                    escape(s["settings"].as_str().unwrap_or(""))
                )
            })
            .collect();
        item("rule sets", list.join("<br>"));
    }
    out.push_str("</dl>\n");
}

/// Interval charts of every metric's differences to point 0, one chart per metric with
/// a row per other rule set (`*` marks a significant difference after Holm).
fn difference_charts(out: &mut String, rows: &[CompareRow]) -> Result<(), ReportError> {
    let reference = rows.iter().find(|r| r.point == 0).map_or("", |r| &r.set);
    let _ = writeln!(
        out,
        "<p class=\"note\">Each chart shows, for one metric, how far each rule set lies from \
         <b>{}</b> on the same seeds, with its 95% interval; the dashed line is no \
         difference; <b>*</b> marks a difference that stays significant after Holm's \
         correction over all the metrics of that rule set.</p>",
        escape(reference)
    );
    for (metric, key) in metric_order(rows) {
        if metric == "loss" {
            continue;
        }
        let these: Vec<&CompareRow> = rows
            .iter()
            .filter(|r| r.metric == metric && r.key == key)
            .collect();
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
        let pad = ((hi - lo) * 0.1).max(1e-6);
        let svg = charts::interval_chart(
            &title(&metric, &key),
            &format!("difference to {reference}"),
            &items,
            (lo - pad)..(hi + pad),
            d,
            Some(0.0),
        )?;
        push_chart(out, &svg);
    }
    Ok(())
}

/// The table of every row.
fn rows_table(out: &mut String, rows: &[CompareRow]) {
    let mut t = Table::new(&[
        "rule set",
        "metric",
        "n:value",
        "n:95% interval",
        "n:difference",
        "n:95% interval",
        "n:p",
        "significant",
    ]);
    for (metric, key) in metric_order(rows) {
        let these: Vec<&CompareRow> = rows
            .iter()
            .filter(|r| r.metric == metric && r.key == key)
            .collect();
        let d = decimals(&these);
        for r in these {
            let iv = |lo: Option<f64>, hi: Option<f64>| match interval(lo, hi) {
                Some((a, b)) => format!("[{}, {}]", fixed(a, d, false), fixed(b, d, false)),
                None => "–".into(),
            };
            t.row(
                None,
                &[
                    escape(&r.set),
                    escape(&title(&r.metric, &r.key)),
                    num(r.value, d),
                    iv(r.lo, r.hi),
                    r.diff.map_or("–".into(), |v| fixed(v, d, true)),
                    iv(r.diff_lo, r.diff_hi),
                    num(r.p_value, 4),
                    match r.significant {
                        Some(true) => "yes".into(),
                        Some(false) => "no".into(),
                        None => "–".into(),
                    },
                ],
            );
        }
    }
    out.push_str("<details><summary>Every metric of every rule set</summary>\n");
    out.push_str(&t.finish());
    out.push_str("</details>\n");
}

/// Charts of every metric against the sweep's points, with their 95% bands.
fn sweep_charts(out: &mut String, rows: &[CompareRow]) -> Result<(), ReportError> {
    let mut labels: Vec<String> = Vec::new();
    for r in rows {
        if r.point == labels.len() {
            labels.push(r.set.clone());
        }
    }
    out.push_str(
        "<p class=\"note\">Each chart shows one metric at every point of the sweep, all \
         played on the same seeds; the band is the 95% interval of each point.</p>\n",
    );
    for (metric, key) in metric_order(rows) {
        let these: Vec<&CompareRow> = rows
            .iter()
            .filter(|r| r.metric == metric && r.key == key)
            .collect();
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
        push_chart(out, &svg);
    }
    Ok(())
}

/// The page of the lab folder `dir` of kind `kind`.
pub(crate) fn page(dir: &Path, kind: LabKind) -> Result<String, ReportError> {
    let mut out = String::new();
    let compare_columns = ["point", "set", "metric", "key", "value"];
    match kind {
        LabKind::Compare => {
            let rows: Vec<CompareRow> = read_csv(&dir.join("compare.csv"), &compare_columns)?;
            head(&mut out, dir, "Rule sets compared");
            out.push_str("<h2>Differences to the first rule set</h2>\n");
            difference_charts(&mut out, &rows)?;
            rows_table(&mut out, &rows);
        }
        LabKind::Sweep => {
            let rows: Vec<CompareRow> = read_csv(&dir.join("sweep.csv"), &compare_columns)?;
            head(&mut out, dir, "Sweep of rule changes");
            out.push_str("<h2>Every metric along the sweep</h2>\n");
            sweep_charts(&mut out, &rows)?;
            out.push_str("<h2>Differences to the first point</h2>\n");
            difference_charts(&mut out, &rows)?;
            rows_table(&mut out, &rows);
        }
        LabKind::Tune => {
            let progress: Vec<TuneRow> = read_csv(
                &dir.join("tune.csv"),
                &["iteration", "fitness", "best_estimate"],
            )?;
            head(&mut out, dir, "Rules tuned toward targets");
            out.push_str(
                "<h2>The search</h2>\n<p class=\"note\">Grey dots: the fitness measured at \
                 each evaluation (minus the loss to the targets; noisy). Line: the search \
                 model's estimate of its best candidate so far.</p>\n",
            );
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
            push_chart(&mut out, &svg);
            let results_path = dir.join("tune_results.csv");
            if results_path.is_file() {
                let rows: Vec<CompareRow> = read_csv(&results_path, &compare_columns)?;
                out.push_str("<h2>The finalists, re-played on fresh seeds</h2>\n");
                let mut t = Table::new(&["rule set", "settings", "n:loss"]);
                for r in rows.iter().filter(|r| r.metric == "loss") {
                    t.row(
                        None,
                        &[escape(&r.set), escape(&r.settings), num(r.value, 3)],
                    );
                }
                out.push_str(&t.finish());
                difference_charts(&mut out, &rows)?;
                rows_table(&mut out, &rows);
            }
            if let Ok(best) = std::fs::read_to_string(dir.join("best.toml")) {
                let _ = write!(
                    out,
                    "<h2>The winner: <code>best.toml</code></h2>\n<pre>{}</pre>\n",
                    escape(&best)
                );
            }
        }
    }
    let _ = write!(
        out,
        "<footer>Made by <code>sim report</code> from the files in <code>{}</code>. \
         Intervals are 95%; “–” marks an undefined value.</footer>\n</body>\n</html>\n",
        escape(&dir.display().to_string())
    );
    Ok(out)
}
