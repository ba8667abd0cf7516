//! The same design question answered at two rungs of skill: two folders of the same game
//! and rules played by different agents (`sim report DIR_A DIR_B`), shown side by side.
//!
//! - Two `sim card-value` folders (`card_value.csv`): every card's value per copy (the
//!   `all` row: every seat pooled) under each agent setting, on one chart and one table,
//!   with the ranks and Spearman's rank correlation of the values ([`crate::spearman`]).
//! - Two `sim compare` folders (`compare.csv`): each rule set's difference to the first
//!   one, metric by metric, under each agent setting, with whether the two agree; two
//!   `sim sweep` folders (`sweep.csv`, the same schema) likewise, point by point.
//!
//! Folders of different kinds, games, rules (card-value: `base_rules` and `copies`;
//! compare: the rule sets' labels and resolved rules) are refused with one line.

use super::charts::{self, MultiRow, Point, Series, TWO_SERIES};
use super::error::ReportError;
use super::format::{fixed, interval, shell_line};
use super::input::{kind_by_file, read_csv, CardValueRow, CARD_VALUE_REQUIRED};
use super::lab::{decimals, metric_order, title};
use super::templates::render;
use crate::paired::CompareRow;
use minijinja::{context, Value};
use std::path::{Path, PathBuf};

/// The two series of every chart: A (blue circles) and B (orange triangles), as the
/// page's legend says.
const RUNGS: [Series; 2] = TWO_SERIES;

/// What the two folders hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `card_value.csv` (`sim card-value`).
    CardValue,
    /// `compare.csv` (`sim compare`).
    Compare,
    /// `sweep.csv` (`sim sweep`).
    Sweep,
}

impl Kind {
    fn of(dir: &Path) -> Option<Kind> {
        if dir.join("card_value.csv").is_file() && !dir.join("summary.csv").is_file() {
            Some(Kind::CardValue)
        } else {
            kind_by_file(
                dir,
                &[("compare.csv", Kind::Compare), ("sweep.csv", Kind::Sweep)],
            )
        }
    }

    fn name(self) -> &'static str {
        match self {
            Kind::CardValue => "card-value",
            Kind::Compare => "compare",
            Kind::Sweep => "sweep",
        }
    }
}

/// One of the two folders: its path, `run.json` and the label of its agents.
struct Rung {
    dir: PathBuf,
    run: serde_json::Value,
    label: String,
}

impl Rung {
    fn read(dir: &Path) -> Result<Rung, ReportError> {
        if !dir.is_dir() {
            return Err(ReportError::NotAFolder(dir.to_path_buf()));
        }
        let path = dir.join("run.json");
        let text = std::fs::read_to_string(&path).map_err(|source| ReportError::Read {
            path: path.clone(),
            source,
        })?;
        let run: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| ReportError::Json {
                path: path.clone(),
                message: e.to_string(),
            })?;
        let label = run["agents"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default();
        Ok(Rung {
            dir: dir.to_path_buf(),
            run,
            label,
        })
    }

    /// The settings shown at the top of the page.
    fn settings(&self, name: &str) -> Value {
        let command = self.run["command"]
            .as_array()
            .map(|c| {
                let args: Vec<String> = c
                    .iter()
                    .filter_map(|a| a.as_str().map(String::from))
                    .collect();
                shell_line(&args)
            })
            .unwrap_or_default();
        let games = self.run["games"]
            .as_u64()
            .or_else(|| self.run["games_per_rule_set"].as_u64());
        context! {
            name,
            label => self.label,
            folder => self.dir.display().to_string(),
            command,
            games,
            seed => self.run["seed"].as_u64(),
        }
    }
}

/// A one-line refusal naming both folders.
fn refuse(a: &Rung, b: &Rung, why: String) -> ReportError {
    ReportError::Rungs(format!(
        "'{}' and '{}' do not answer the same question: {why}",
        a.dir.display(),
        b.dir.display()
    ))
}

/// Checks that `a` and `b` are folders of the same kind, game and rules.
fn same_question(a: &Rung, b: &Rung) -> Result<Kind, ReportError> {
    let kind = |r: &Rung| {
        Kind::of(&r.dir).ok_or_else(|| {
            ReportError::Rungs(format!(
                "'{}' is neither a card-value folder (card_value.csv without summary.csv) \
                 nor a compare or sweep folder (compare.csv, sweep.csv): two rungs compare \
                 those",
                r.dir.display()
            ))
        })
    };
    let (ka, kb) = (kind(a)?, kind(b)?);
    if ka != kb {
        return Err(refuse(
            a,
            b,
            format!(
                "one is a {} folder, the other a {} folder",
                ka.name(),
                kb.name()
            ),
        ));
    }
    let game = |r: &Rung| r.run["game"].as_str().unwrap_or("?").to_string();
    if game(a) != game(b) {
        return Err(refuse(
            a,
            b,
            format!("the games differ ({} and {})", game(a), game(b)),
        ));
    }
    match ka {
        Kind::CardValue => {
            if a.run["base_rules"] != b.run["base_rules"] {
                return Err(refuse(
                    a,
                    b,
                    "the rules differ (run.json, base_rules)".into(),
                ));
            }
            if a.run["copies"] != b.run["copies"] {
                return Err(refuse(
                    a,
                    b,
                    format!(
                        "the copies replaced differ ({} and {})",
                        a.run["copies"], b.run["copies"]
                    ),
                ));
            }
        }
        Kind::Compare | Kind::Sweep => {
            let sets = |r: &Rung| -> Vec<(serde_json::Value, serde_json::Value)> {
                r.run["rule_sets"]
                    .as_array()
                    .map(|s| {
                        s.iter()
                            .map(|x| (x["label"].clone(), x["rules"].clone()))
                            .collect()
                    })
                    .unwrap_or_default()
            };
            if sets(a) != sets(b) {
                return Err(refuse(
                    a,
                    b,
                    "the rule sets differ (run.json, rule_sets: labels or rules)".into(),
                ));
            }
        }
    }
    Ok(ka)
}

/// The `all` rows of `dir/card_value.csv`.
fn card_values(dir: &Path) -> Result<Vec<CardValueRow>, ReportError> {
    let rows: Vec<CardValueRow> = read_csv(&dir.join("card_value.csv"), CARD_VALUE_REQUIRED)?;
    Ok(rows.into_iter().filter(|r| r.agent == "all").collect())
}

/// 1-based ranks by value, largest first (ties in input order), of the defined values.
fn ranks(values: &[Option<f64>]) -> Vec<Option<usize>> {
    let mut order: Vec<usize> = (0..values.len()).filter(|&i| values[i].is_some()).collect();
    order.sort_by(|&i, &j| {
        let (x, y) = (values[i].unwrap_or(0.0), values[j].unwrap_or(0.0));
        y.total_cmp(&x)
    });
    let mut out = vec![None; values.len()];
    for (r, &i) in order.iter().enumerate() {
        out[i] = Some(r + 1);
    }
    out
}

/// The sections of two card-value folders.
fn card_sections(a: &Rung, b: &Rung) -> Result<Value, ReportError> {
    let (ra, rb) = (card_values(&a.dir)?, card_values(&b.dir)?);
    // Cards in A's order (its ranking), then those only B measured.
    let mut cards: Vec<&str> = ra.iter().map(|r| r.card.as_str()).collect();
    for r in &rb {
        if !cards.contains(&r.card.as_str()) {
            cards.push(&r.card);
        }
    }
    let find = |rows: &[CardValueRow], c: &str| rows.iter().find(|r| r.card == c).cloned();
    let pairs: Vec<(Option<CardValueRow>, Option<CardValueRow>)> =
        cards.iter().map(|c| (find(&ra, c), find(&rb, c))).collect();
    let value = |r: &Option<CardValueRow>| r.as_ref().and_then(|r| r.holder_value);
    // Ranks among the cards measured in both, so that the two columns are comparable.
    let both: Vec<bool> = pairs
        .iter()
        .map(|(x, y)| value(x).is_some() && value(y).is_some())
        .collect();
    let only_both = |v: Option<f64>, i: usize| v.filter(|_| both[i]);
    let va: Vec<Option<f64>> = pairs
        .iter()
        .enumerate()
        .map(|(i, (x, _))| only_both(value(x), i))
        .collect();
    let vb: Vec<Option<f64>> = pairs
        .iter()
        .enumerate()
        .map(|(i, (_, y))| only_both(value(y), i))
        .collect();
    let (rank_a, rank_b) = (ranks(&va), ranks(&vb));
    let xs: Vec<f64> = va.iter().flatten().copied().collect();
    let ys: Vec<f64> = vb.iter().flatten().copied().collect();
    let rho = crate::spearman::spearman(&xs, &ys);
    let point = |r: &Option<CardValueRow>| -> Option<Point> {
        let r = r.as_ref()?;
        Some((
            r.holder_value?,
            interval(r.holder_value_lo, r.holder_value_hi),
        ))
    };
    let mut lo = 0.0f64;
    let mut hi = 0.0f64;
    for (x, y) in &pairs {
        for p in [point(x), point(y)].into_iter().flatten() {
            let (l, h) = p.1.unwrap_or((p.0, p.0));
            lo = lo.min(l);
            hi = hi.max(h);
        }
    }
    let rank_text = |r: Option<usize>| r.map_or("–".to_string(), |r| r.to_string());
    let rows: Vec<MultiRow> = pairs
        .iter()
        .enumerate()
        .map(|(i, (x, y))| MultiRow {
            label: cards[i].to_string(),
            points: vec![point(x), point(y)],
            text: format!("rank {} → {}", rank_text(rank_a[i]), rank_text(rank_b[i])),
        })
        .collect();
    let chart = charts::multi_interval_chart(
        "Value per copy under each agent setting",
        "score points per copy held beyond the opponent",
        &RUNGS,
        &rows,
        charts::padded_range(lo, hi, 0.05, 3),
        3,
        Some(0.0),
    )?;
    let ci = value_text;
    let table: Vec<Value> = pairs
        .iter()
        .enumerate()
        .map(|(i, (x, y))| {
            context! {
                card => cards[i],
                rank_a => rank_text(rank_a[i]),
                value_a => ci(x),
                rank_b => rank_text(rank_b[i]),
                value_b => ci(y),
                moved => match (rank_a[i], rank_b[i]) {
                    (Some(p), Some(q)) => format!("{:+}", p as i64 - q as i64),
                    _ => "–".into(),
                },
            }
        })
        .collect();
    let significant =
        |rows: &[CardValueRow]| rows.iter().filter(|r| r.significant == Some(true)).count();
    Ok(context! {
        kind => "cards",
        chart => Value::from_safe_string(chart),
        rho => rho.map(|r| fixed(r, 3, true)),
        n => xs.len(),
        significant_a => significant(&ra),
        significant_b => significant(&rb),
        rows => table,
    })
}

/// The key of B's rows that answers A's row `(metric, key)`: the same key when B has it,
/// else the key at the same place among the metric's keys (per-agent metrics are keyed by
/// the agents' labels, `greedy` and `greedy#2` under A, `mcts` and `mcts#2` under B).
fn matching_key(
    order_a: &[(String, String)],
    order_b: &[(String, String)],
    metric: &str,
    key: &str,
) -> String {
    if order_b.iter().any(|(m, k)| m == metric && k == key) {
        return key.to_string();
    }
    let keys = |order: &[(String, String)]| -> Vec<String> {
        order
            .iter()
            .filter(|(m, _)| m == metric)
            .map(|(_, k)| k.clone())
            .collect()
    };
    let (ka, kb) = (keys(order_a), keys(order_b));
    match ka.iter().position(|k| k == key) {
        Some(i) if ka.len() == kb.len() => kb[i].clone(),
        _ => key.to_string(),
    }
}

/// The sections of two compare (or sweep) folders, read from `file`: per metric, each rule set's difference to the
/// first under each agent setting.
fn compare_sections(a: &Rung, b: &Rung, file: &str) -> Result<Value, ReportError> {
    let columns = ["point", "set", "metric", "key", "value"];
    let ra: Vec<CompareRow> = read_csv(&a.dir.join(file), &columns)?;
    let rb: Vec<CompareRow> = read_csv(&b.dir.join(file), &columns)?;
    let reference = ra
        .iter()
        .find(|r| r.point == 0)
        .map_or("", |r| &r.set)
        .to_string();
    let mut charts_out = Vec::new();
    let mut table = Vec::new();
    let (order_a, order_b) = (metric_order(&ra), metric_order(&rb));
    for (metric, key) in &order_a {
        let key_b = matching_key(&order_a, &order_b, metric, key);
        let these = |rows: &[CompareRow], key: &str| -> Vec<CompareRow> {
            rows.iter()
                .filter(|r| r.metric == *metric && r.key == key && r.point > 0)
                .cloned()
                .collect()
        };
        let (xa, xb) = (these(&ra, key), these(&rb, &key_b));
        // Per-agent metrics name the agents, which differ between the rungs.
        let shown = if key_b == *key {
            title(metric, key)
        } else {
            title(metric, &format!("{key} | {key_b}"))
        };
        let refs: Vec<&CompareRow> = xa.iter().chain(&xb).collect();
        let d = decimals(&refs);
        let point = |r: Option<&CompareRow>| -> Option<Point> {
            let r = r?;
            Some((
                r.diff.filter(|v| v.is_finite())?,
                interval(r.diff_lo, r.diff_hi),
            ))
        };
        let mut rows = Vec::new();
        let (mut lo, mut hi) = (0.0f64, 0.0f64);
        for r in &xa {
            let other = xb.iter().find(|s| s.set == r.set);
            let (pa, pb) = (point(Some(r)), point(other));
            for p in [pa, pb].into_iter().flatten() {
                let (l, h) = p.1.unwrap_or((p.0, p.0));
                lo = lo.min(l);
                hi = hi.max(h);
            }
            let text = |p: Option<Point>, s: Option<bool>| match p {
                Some((v, _)) => format!(
                    "{}{}",
                    fixed(v, d, true),
                    if s == Some(true) { "*" } else { "" }
                ),
                None => "–".into(),
            };
            let (ta, tb) = (
                text(pa, r.significant),
                text(pb, other.and_then(|o| o.significant)),
            );
            let verdict = match (pa, pb, r.significant, other.and_then(|o| o.significant)) {
                (Some((x, _)), Some((y, _)), Some(true), Some(true)) if x * y > 0.0 => {
                    "both significant, same sign"
                }
                (Some(_), Some(_), Some(true), Some(true)) => "both significant, opposite signs",
                (_, _, Some(true), _) => "significant under A only",
                (_, _, _, Some(true)) => "significant under B only",
                _ => "significant under neither",
            };
            let ci = |x: Option<&CompareRow>| match x {
                Some(x) => match interval(x.diff_lo, x.diff_hi) {
                    Some((l, h)) => format!("[{}, {}]", fixed(l, d, true), fixed(h, d, true)),
                    None => "–".into(),
                },
                None => "–".into(),
            };
            table.push(context! {
                metric => shown.clone(),
                set => r.set,
                diff_a => ta.clone(),
                ci_a => ci(Some(r)),
                diff_b => tb.clone(),
                ci_b => ci(other),
                verdict,
            });
            if pa.is_some() || pb.is_some() {
                rows.push(MultiRow {
                    label: r.set.clone(),
                    points: vec![pa, pb],
                    text: format!("{ta} → {tb}"),
                });
            }
        }
        if rows.is_empty() {
            continue;
        }
        let svg = charts::multi_interval_chart(
            &shown,
            &format!("difference to {reference}"),
            &RUNGS,
            &rows,
            charts::padded_range(lo, hi, 0.1, d),
            d,
            Some(0.0),
        )?;
        charts_out.push(Value::from_safe_string(svg));
    }
    Ok(context! { kind => "compare", reference, charts => charts_out, rows => table })
}

/// The page of one card-value folder (`sim report DIR` on a folder written by `sim
/// card-value`, which has no `summary.csv`): every card's value per copy with its interval
/// on one chart, in the file's order (the ranking's). `None` when `dir` is not a
/// card-value folder.
pub(crate) fn card_value_page(dir: &Path) -> Option<Result<String, ReportError>> {
    if Kind::of(dir) != Some(Kind::CardValue) {
        return None;
    }
    Some(card_value_single(dir))
}

fn card_value_single(dir: &Path) -> Result<String, ReportError> {
    let rung = Rung::read(dir)?;
    let rows = card_values(dir)?;
    let points: Vec<Option<Point>> = rows
        .iter()
        .map(|r| {
            Some((
                r.holder_value?,
                interval(r.holder_value_lo, r.holder_value_hi),
            ))
        })
        .collect();
    let (mut lo, mut hi) = (0.0f64, 0.0f64);
    for (v, iv) in points.iter().flatten() {
        let (l, h) = iv.unwrap_or((*v, *v));
        lo = lo.min(l);
        hi = hi.max(h);
    }
    let chart_rows: Vec<MultiRow> = rows
        .iter()
        .zip(&points)
        .map(|(r, p)| MultiRow {
            label: r.card.clone(),
            points: vec![*p],
            text: value_text(&Some(r.clone())),
        })
        .collect();
    let chart = charts::multi_interval_chart(
        "Value per copy of each card",
        "score points per copy held beyond the opponent",
        &RUNGS[..1],
        &chart_rows,
        charts::padded_range(lo, hi, 0.05, 3),
        3,
        Some(0.0),
    )?;
    render(
        "rungs.html",
        context! {
            heading => "Card values by ablation",
            game => rung.run["game"].as_str().unwrap_or(""),
            a => rung.settings("run"),
            single => true,
            same_seed => false,
            section => context! {
                kind => "ranking",
                chart => Value::from_safe_string(chart),
                significance => rung.run["significance"].as_str(),
            },
        },
    )
}

/// A card's value per copy with its interval and `*` when significant.
fn value_text(r: &Option<CardValueRow>) -> String {
    match r {
        Some(r) => {
            let v = r.holder_value.map_or("–".into(), |v| fixed(v, 4, true));
            let iv = match interval(r.holder_value_lo, r.holder_value_hi) {
                Some((l, h)) => format!(" [{}, {}]", fixed(l, 4, true), fixed(h, 4, true)),
                None => String::new(),
            };
            let star = if r.significant == Some(true) {
                " *"
            } else {
                ""
            };
            format!("{v}{iv}{star}")
        }
        None => "not measured".into(),
    }
}

/// The page comparing folder `a` with folder `b` (see the module's documentation).
/// Errors: [`ReportError::Rungs`] for folders that are not two card-value or two compare
/// folders of the same game and rules, and the errors of reading their files.
pub fn render_rungs(a: &Path, b: &Path) -> Result<String, ReportError> {
    let (mut ra, mut rb) = (Rung::read(a)?, Rung::read(b)?);
    let kind = same_question(&ra, &rb)?;
    if ra.label == rb.label {
        // The same agents (other seeds or games): tell them apart by folder.
        ra.label = format!("{} ({})", ra.label, ra.dir.display());
        rb.label = format!("{} ({})", rb.label, rb.dir.display());
    }
    let (heading, section) = match kind {
        Kind::CardValue => (
            "Card values at two rungs of skill",
            card_sections(&ra, &rb)?,
        ),
        Kind::Compare => (
            "Rule sets compared at two rungs of skill",
            compare_sections(&ra, &rb, "compare.csv")?,
        ),
        Kind::Sweep => (
            "Sweeps at two rungs of skill",
            compare_sections(&ra, &rb, "sweep.csv")?,
        ),
    };
    render(
        "rungs.html",
        context! {
            heading,
            game => ra.run["game"].as_str().unwrap_or(""),
            a => ra.settings("A"),
            b => rb.settings("B"),
            single => false,
            same_seed => ra.run["seed"].is_u64() && ra.run["seed"] == rb.run["seed"],
            section,
        },
    )
}

/// Writes the page of [`render_rungs`] to `a/report-vs-<name of b>.html` (through a
/// temporary file, replacing an older one) and returns that path. Errors as
/// [`render_rungs`], and the I/O error of writing.
pub fn write_rungs_report(a: &Path, b: &Path) -> Result<PathBuf, ReportError> {
    let page = render_rungs(a, b)?;
    let name: String = b
        .canonicalize()
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "other".into())
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let path = a.join(format!("report-vs-{name}.html"));
    crate::output::write_atomic(&path, |out| {
        use std::io::Write;
        out.write_all(page.as_bytes())
            .map_err(|source| crate::output::OutputError::Io {
                path: path.clone(),
                source,
            })
    })?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agent_keys_match_by_place() {
        let order = |keys: &[(&str, &str)]| -> Vec<(String, String)> {
            keys.iter()
                .map(|(m, k)| (m.to_string(), k.to_string()))
                .collect()
        };
        let a = order(&[
            ("draw_rate", ""),
            ("score_rate", "greedy"),
            ("score_rate", "greedy#2"),
        ]);
        let b = order(&[
            ("draw_rate", ""),
            ("score_rate", "mcts"),
            ("score_rate", "mcts#2"),
        ]);
        assert_eq!(matching_key(&a, &b, "draw_rate", ""), "");
        assert_eq!(matching_key(&a, &b, "score_rate", "greedy#2"), "mcts#2");
        assert_eq!(matching_key(&a, &a, "score_rate", "greedy"), "greedy");
    }

    #[test]
    fn ranks_put_the_largest_first_and_skip_undefined() {
        let r = ranks(&[Some(0.1), None, Some(0.3), Some(-0.2)]);
        assert_eq!(r, [Some(2), None, Some(1), Some(3)]);
    }
}
