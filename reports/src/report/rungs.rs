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
use crate::paired::{holm, normal_upper_tail, CompareRow};
use crate::wilson::{mover_difference, Interval, Z95};
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

/// A row of `card_groups.csv` (`sim card-value --resolution`), as the page reads it.
#[derive(serde::Deserialize)]
struct GroupRow {
    card: String,
    group: String,
    games: u64,
    value: f64,
    games_needed: u64,
}

/// The groups of a `--resolution` run, strongest first, for the page's verdict: each
/// standing with its cards (value and games); `None` without `card_groups.csv`.
fn card_groups(dir: &Path, run: &serde_json::Value) -> Result<Option<Value>, ReportError> {
    let path = dir.join("card_groups.csv");
    if !path.is_file() {
        return Ok(None);
    }
    let mut rows: Vec<GroupRow> = read_csv(&path, &["card", "group", "games", "value"])?;
    rows.sort_by(|a, b| b.value.total_cmp(&a.value));
    let r = &run["resolution"];
    let resolution = r["resolution"].as_f64().unwrap_or(f64::NAN);
    let groups: Vec<Value> = [
        (
            "stronger",
            "strongest group: worth more than the average card",
        ),
        ("weaker", "weakest group: worth less than the average card"),
        (
            "within",
            "measured to the resolution, not told apart from the average card",
        ),
        ("open", "not resolved"),
    ]
    .iter()
    .map(|(key, title)| {
        let cards: Vec<String> = rows
            .iter()
            .filter(|g| g.group == *key)
            .map(|g| match g.group.as_str() {
                "open" => format!(
                    "{} ({:+.4}, {} games; about {} needed)",
                    g.card, g.value, g.games, g.games_needed
                ),
                _ => format!("{} ({:+.4}, {} games)", g.card, g.value, g.games),
            })
            .collect();
        context! { title => *title, count => cards.len(), cards => cards.join(", ") }
    })
    .collect();
    Ok(Some(context! {
        groups,
        resolution,
        z => r["z"].as_f64().map(|z| format!("{z:.2}")),
        looks => r["looks"].as_u64(),
        cards => rows.len(),
    }))
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
            let ci = |x: Option<&CompareRow>| match x {
                Some(x) => match interval(x.diff_lo, x.diff_hi) {
                    Some((l, h)) => format!("[{}, {}]", fixed(l, d, true), fixed(h, d, true)),
                    None => "–".into(),
                },
                None => "–".into(),
            };
            table.push(TableRow {
                metric: shown.clone(),
                set: r.set.clone(),
                diff_a: ta.clone(),
                ci_a: ci(Some(r)),
                diff_b: tb.clone(),
                ci_b: ci(other),
                interaction: Interaction::of(pa, pb),
                decimals: d,
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
    let p_values: Vec<Option<f64>> = table
        .iter()
        .map(|t| t.interaction.map(|i| i.p_value))
        .collect();
    let differs = holm(&p_values, 0.05);
    let rows: Vec<Value> = table
        .into_iter()
        .zip(differs)
        .map(|(t, differs)| t.context(differs))
        .collect();
    let measured = p_values.iter().flatten().count();
    Ok(context! { kind => "compare", reference, charts => charts_out, rows, tests => measured })
}

/// One row of the compare table of two rungs: a rule set's difference to the first under
/// A and under B, and their interaction.
struct TableRow {
    metric: String,
    set: String,
    diff_a: String,
    ci_a: String,
    diff_b: String,
    ci_b: String,
    interaction: Option<Interaction>,
    decimals: usize,
}

impl TableRow {
    /// The template's row; `differs`: Holm's verdict on the interaction over the table.
    fn context(self, differs: bool) -> Value {
        let d = self.decimals;
        let (b_minus_a, ci, verdict) = match self.interaction {
            Some(i) => (
                fixed(i.diff, d, true),
                format!("[{}, {}]", fixed(i.lo, d, true), fixed(i.hi, d, true)),
                i.verdict(differs).to_string(),
            ),
            None => ("–".into(), "–".into(), "not measured under both".into()),
        };
        context! {
            metric => self.metric, set => self.set, diff_a => self.diff_a, ci_a => self.ci_a,
            diff_b => self.diff_b, ci_b => self.ci_b, b_minus_a, ci_interaction => ci, verdict,
        }
    }
}

/// The interaction of a rule change with the agents: the difference `B − A` between the
/// change's effect under rung B and under rung A, with the MOVER interval of two
/// independent estimates ([`mover_difference`]) and the two-sided p-value of `B − A = 0`
/// read from that interval (the normal test whose standard error is the half-width on the
/// side of 0 over `z₀.₉₇₅`, so the interval excludes 0 exactly when `p < 0.05`). The two
/// runs play different agents on their own games, so they are taken as independent.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Interaction {
    /// The effect under A.
    a: f64,
    /// The effect under B.
    b: f64,
    /// `b − a`.
    diff: f64,
    /// Lower end of its 95% interval.
    lo: f64,
    /// Upper end.
    hi: f64,
    /// Two-sided p-value of `b − a = 0`.
    p_value: f64,
}

impl Interaction {
    /// The interaction of the effects `a` and `b` with their intervals; `None` unless both
    /// were measured with intervals.
    fn of(a: Option<Point>, b: Option<Point>) -> Option<Interaction> {
        let ((a, ia), (b, ib)) = (a?, b?);
        let ((la, ha), (lb, hb)) = (ia?, ib?);
        let (lo, hi) = mover_difference(
            b,
            Interval { lo: lb, hi: hb },
            a,
            Interval { lo: la, hi: ha },
        );
        let diff = b - a;
        let half = if diff >= 0.0 { diff - lo } else { hi - diff };
        let p_value = if half > 0.0 {
            (2.0 * normal_upper_tail(diff.abs() * Z95 / half)).min(1.0)
        } else if diff == 0.0 {
            1.0
        } else {
            0.0
        };
        Some(Interaction {
            a,
            b,
            diff,
            lo,
            hi,
            p_value,
        })
    }

    /// The verdict: whether the effect depends on the agents (`differs`, Holm's verdict
    /// over the table), and how.
    fn verdict(&self, differs: bool) -> &'static str {
        if !differs {
            "the same under A and B (no significant difference)"
        } else if self.a * self.b < 0.0 {
            "depends on the agents: opposite signs"
        } else if self.b.abs() > self.a.abs() {
            "depends on the agents: stronger under B"
        } else {
            "depends on the agents: weaker under B"
        }
    }
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
                groups => card_groups(dir, &rung.run)?,
                sentence => card_value_sentence(&rows),
            },
        },
    )
}

/// The verdict the terminal printed for a run without `--resolution`
/// ([`crate::verdict::card_value_sentence`] of the `all` rows); a `--resolution` run's
/// groups stand for it.
fn card_value_sentence(rows: &[CardValueRow]) -> String {
    let rows: Vec<crate::verdict::CardVerdictRow> = rows
        .iter()
        .map(|r| crate::verdict::CardVerdictRow {
            card: r.card.clone(),
            games: r.games,
            value: r.holder_value,
            interval: r.holder_value_lo.zip(r.holder_value_hi),
            significant: r.significant,
        })
        .collect();
    crate::verdict::card_value_sentence(&rows)
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
    fn an_effect_significant_under_one_rung_only_is_not_called_different() {
        // Under A the effect is +0.10 [+0.05, +0.15]; under B, on fewer games, the same
        // +0.10 with an interval that contains 0. The labels differ; the effect does not.
        let i = Interaction::of(
            Some((0.10, Some((0.05, 0.15)))),
            Some((0.10, Some((-0.02, 0.22)))),
        )
        .unwrap();
        assert_eq!(i.diff, 0.0);
        assert!(i.lo < 0.0 && i.hi > 0.0);
        assert!(i.p_value > 0.99);
        assert_eq!(
            i.verdict(false),
            "the same under A and B (no significant difference)"
        );
        // A reversal is found, and so is a change of size.
        let r = Interaction::of(
            Some((0.1, Some((0.08, 0.12)))),
            Some((-0.1, Some((-0.12, -0.08)))),
        )
        .unwrap();
        assert!(r.p_value < 1e-6 && r.hi < 0.0);
        assert_eq!(r.verdict(true), "depends on the agents: opposite signs");
        let g = Interaction::of(
            Some((0.1, Some((0.08, 0.12)))),
            Some((0.3, Some((0.27, 0.33)))),
        )
        .unwrap();
        assert!((g.diff - 0.2).abs() < 1e-12 && g.lo > 0.0);
        assert_eq!(g.verdict(true), "depends on the agents: stronger under B");
        // The p-value agrees with the interval: below 0.05 exactly when 0 is outside.
        for (b, lo, hi) in [(0.16, 0.12, 0.2), (0.2, 0.16, 0.24), (0.13, 0.09, 0.17)] {
            let i = Interaction::of(Some((0.1, Some((0.08, 0.12)))), Some((b, Some((lo, hi)))))
                .unwrap();
            assert_eq!(i.p_value < 0.05, i.lo > 0.0, "{i:?}");
        }
        assert!(Interaction::of(Some((0.1, None)), Some((0.1, Some((0.0, 0.2))))).is_none());
        assert!(Interaction::of(None, Some((0.1, Some((0.0, 0.2))))).is_none());
    }

    /// The interaction's interval covers the true `B − A` about 95% of the time, and its
    /// test rejects about 5% of the time when the effect is the same: each rung's effect
    /// is a difference of two rates (Newcombe's interval), as `compare.csv`'s are, with
    /// different numbers of games under A and B, over 4,000 seeds.
    #[test]
    fn the_interaction_interval_covers_and_its_test_keeps_its_level() {
        use rand::SeedableRng as _;
        use rand_distr::{Binomial, Distribution as _};
        let effect = |rng: &mut rand_pcg::Pcg64Mcg, n: u64, p0: f64, p1: f64| -> Point {
            let x0 = Binomial::new(n, p0).unwrap().sample(rng) as f64;
            let x1 = Binomial::new(n, p1).unwrap().sample(rng) as f64;
            let (r0, r1) = (x0 / n as f64, x1 / n as f64);
            let (i0, i1) = (
                crate::wilson95(x0, n).unwrap(),
                crate::wilson95(x1, n).unwrap(),
            );
            let (lo, hi) = crate::wilson::newcombe_difference(r1, i1, r0, i0);
            (r1 - r0, Some((lo, hi)))
        };
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(41);
        let seeds = 4000;
        let (mut covered, mut rejected, mut covered_diff) = (0, 0, 0);
        for _ in 0..seeds {
            // The same effect, +0.05, on 3,000 and on 800 games.
            let i = Interaction::of(
                Some(effect(&mut rng, 3000, 0.20, 0.25)),
                Some(effect(&mut rng, 800, 0.20, 0.25)),
            )
            .unwrap();
            covered += usize::from(i.lo <= 0.0 && 0.0 <= i.hi);
            rejected += usize::from(i.p_value < 0.05);
            // A different effect: +0.05 under A, +0.10 under B.
            let j = Interaction::of(
                Some(effect(&mut rng, 3000, 0.20, 0.25)),
                Some(effect(&mut rng, 800, 0.20, 0.30)),
            )
            .unwrap();
            covered_diff += usize::from(j.lo <= 0.05 && 0.05 <= j.hi);
        }
        let rate = |k: usize| k as f64 / seeds as f64;
        assert!(
            (0.935..=0.965).contains(&rate(covered)),
            "{}",
            rate(covered)
        );
        assert!(
            (0.035..=0.065).contains(&rate(rejected)),
            "{}",
            rate(rejected)
        );
        assert!(
            (0.935..=0.965).contains(&rate(covered_diff)),
            "{}",
            rate(covered_diff)
        );
    }

    #[test]
    fn ranks_put_the_largest_first_and_skip_undefined() {
        let r = ranks(&[Some(0.1), None, Some(0.3), Some(-0.2)]);
        assert_eq!(r, [Some(2), None, Some(1), Some(3)]);
    }
}
