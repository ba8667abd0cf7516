//! The HTML page: a header with the run's settings, then one section per file read, each
//! with its charts (inline SVG) and tables.

use super::cards;
use super::charts::{self, Bar, Cell, Estimate};
use super::error::ReportError;
use super::format::{fixed, interval, shell_line};
use super::input::RunData;
use super::templates::render;
use crate::{BalanceRow, MatchupRow, RatingRow, ShotRow, SummaryRow, Z95};
use minijinja::{context, Value};
use std::ops::Range;
use std::path::Path;

/// An SVG chart as a template value that is not escaped.
fn svg(chart: String) -> Value {
    Value::from_safe_string(chart)
}

/// The shots section: heat maps of the cells shots were taken from and goals scored
/// from, every agent together, as the shooter sees the pitch (attacking right).
fn shots(rows: &[ShotRow]) -> Result<Value, ReportError> {
    let Some(first) = rows.first() else {
        return Ok(Value::from(()));
    };
    let tiling = if first.layout == "square" {
        charts::Tiling::Square
    } else {
        charts::Tiling::HexOddQ
    };
    let pooled = |goals: bool| {
        let mut cells: Vec<(u16, u16, u64)> = Vec::new();
        for r in rows {
            let (Some(c), Some(w)) = (r.column, r.row) else {
                continue;
            };
            let n = if goals { r.goals } else { r.shots };
            match cells.iter_mut().find(|x| x.0 == c && x.1 == w) {
                Some(x) => x.2 += n,
                None => cells.push((c, w, n)),
            }
        }
        cells
    };
    let total = |goals: bool| -> u64 {
        rows.iter()
            .map(|r| if goals { r.goals } else { r.shots })
            .sum()
    };
    let map = |title: &str, goals: bool| {
        charts::heat_map(title, first.columns, first.rows, tiling, &pooled(goals)).map(svg)
    };
    Ok(context! {
        shots_chart => map("Where shots are taken from (attacking right)", false)?,
        goals_chart => map("Where goals are scored from (attacking right)", true)?,
        shots => total(false),
        goals => total(true),
    })
}

/// The whole page for the run folder `dir`.
pub(crate) fn page(dir: &Path, data: &RunData) -> Result<String, ReportError> {
    let run = &data.run;
    let agents = data.agent_order();
    let files: Vec<&str> = [
        ("run.json", true),
        ("summary.csv", true),
        ("cards.csv", data.cards.is_some()),
        ("card_value.csv", data.card_values.is_some()),
        ("matchups.csv", data.matchups.is_some()),
        ("ratings.csv", data.ratings.is_some()),
        ("balance.csv", data.balance.is_some()),
        ("shots.csv", data.shots.is_some()),
        (super::samples::SAMPLES_FILE, data.samples.is_some()),
    ]
    .into_iter()
    .filter_map(|(f, present)| present.then_some(f))
    .collect();
    let solo = data.solo();
    let ctx = context! {
        heading => format!("Run report: {} — {} games", run.game, run.games),
        folder => dir.display().to_string(),
        run => Value::from_serialize(run),
        command => (!run.command.is_empty()).then(|| shell_line(&run.command)),
        facts => facts(data),
        sprt => sprt(data),
        solo,
        results => if solo { solo_results(&agents, &data.summary)? } else { results(&agents, &data.summary)? },
        matchups => data.matchups.as_deref().map(|m| matchups(&agents, m)).transpose()?,
        ratings => data.ratings.as_deref().map(ratings).transpose()?,
        cards => data.cards.as_deref().map(|c| cards::section(&agents, c, data.card_values.as_deref())).transpose()?,
        balance => data.balance.as_deref().map(|b| balance(b, solo)).transpose()?,
        shots => data.shots.as_deref().map(shots).transpose()?,
        samples => data.samples.as_deref().filter(|s| !s.is_empty()).map(Value::from_serialize),
        files => files,
    };
    render("run.html", ctx)
}

/// The version, threads and speed of the run, as short phrases.
fn facts(data: &RunData) -> Vec<String> {
    let run = &data.run;
    let mut facts = Vec::new();
    if let Some(v) = &run.version {
        facts.push(format!("version {v}"));
    }
    if let Some(t) = run.threads {
        facts.push(format!("{t} threads"));
    }
    if let Some(t) = &run.timings {
        if let Some(s) = t.elapsed_seconds.filter(|x| x.is_finite()) {
            facts.push(format!("{s:.1} s"));
        }
        if let Some(r) = t.games_per_second.filter(|x| x.is_finite()) {
            facts.push(format!("{r:.0} games/s"));
        }
    }
    facts
}

/// The SPRT settings and outcome of `run.json`, as one line.
fn sprt(data: &RunData) -> Option<String> {
    let sprt = data.run.sprt.as_ref()?;
    Some(match sprt.as_object() {
        Some(map) => map
            .iter()
            .map(|(k, v)| match v {
                serde_json::Value::String(s) => format!("{k} {s}"),
                v => format!("{k} {v}"),
            })
            .collect::<Vec<_>>()
            .join(", "),
        None => sprt.to_string(),
    })
}

/// Score rates per agent (chart of the `all` rows) and the summary rows.
fn results(agents: &[String], summary: &[SummaryRow]) -> Result<Value, ReportError> {
    let items: Vec<Estimate> = agents
        .iter()
        .filter_map(|a| summary.iter().find(|r| &r.agent == a && r.seat == "all"))
        .filter_map(|r| {
            let v = r.score_rate.filter(|x| x.is_finite())?;
            Some(Estimate {
                label: r.agent.clone(),
                value: v,
                interval: interval(r.score_rate_lo, r.score_rate_hi),
                text: fixed(v, 3, false),
            })
        })
        .collect();
    let chart = agents_chart(
        (
            "Score rate per agent (95% interval)",
            "score rate (win 1, draw 1/2, loss 0)",
        ),
        &items,
        |_| 0.0..1.0,
        1,
        Some(0.5),
    )?;
    Ok(context! { chart, rows => Value::from_serialize(summary) })
}

/// The results of a one-seat game: each agent's mean score (the game's points) with its
/// 95% interval `mean ± z·SE` (chart of the `all` rows), and the `all` rows alone (seat
/// 0 is every game).
fn solo_results(agents: &[String], summary: &[SummaryRow]) -> Result<Value, ReportError> {
    let all: Vec<&SummaryRow> = agents
        .iter()
        .filter_map(|a| summary.iter().find(|r| &r.agent == a && r.seat == "all"))
        .collect();
    let items: Vec<Estimate> = all
        .iter()
        .filter_map(|r| {
            let v = r.mean_goals_for.filter(|x| x.is_finite())?;
            let se = r.mean_goals_for_se.filter(|x| x.is_finite());
            Some(Estimate {
                label: r.agent.clone(),
                value: v,
                interval: se.map(|se| (v - Z95 * se, v + Z95 * se)),
                text: fixed(v, 2, false),
            })
        })
        .collect();
    let chart = agents_chart(
        (
            "Mean score per agent (95% interval)",
            "points per game (the game's score)",
        ),
        &items,
        |items| {
            let (lo, hi, pad) = reach(items, 0.5);
            (lo - if lo < 0.0 { pad } else { 0.0 })..(hi + pad)
        },
        1,
        None,
    )?;
    Ok(context! { chart, rows => Value::from_serialize(&all) })
}

/// The interval chart of `items` (one row per agent; `None` without any) described by
/// `(title, axis)`, over the value range that `range` gives for the items, with axis
/// labels of `decimals` decimals and a dashed line at `reference` if given.
fn agents_chart(
    (title, axis): (&str, &str),
    items: &[Estimate],
    range: impl FnOnce(&[Estimate]) -> Range<f64>,
    decimals: usize,
    reference: Option<f64>,
) -> Result<Option<Value>, ReportError> {
    if items.is_empty() {
        return Ok(None);
    }
    let chart = charts::interval_chart(title, axis, items, range(items), decimals, reference)?;
    Ok(Some(svg(chart)))
}

/// The smallest range holding 0 and every estimate of `items` with its interval, as
/// `(lo, hi, pad)`: a margin to add, 8% of the range and at least `min_pad`.
fn reach(items: &[Estimate], min_pad: f64) -> (f64, f64, f64) {
    let (mut lo, mut hi) = (0.0_f64, 0.0_f64);
    for e in items {
        let (a, b) = e.interval.unwrap_or((e.value, e.value));
        lo = lo.min(a.min(e.value));
        hi = hi.max(b.max(e.value));
    }
    (lo, hi, ((hi - lo) * 0.08).max(min_pad))
}

/// The matchup matrix and the rows of pairs.
fn matchups(agents: &[String], rows: &[MatchupRow]) -> Result<Value, ReportError> {
    let present: Vec<String> = agents
        .iter()
        .filter(|a| rows.iter().any(|m| &m.agent == *a || &m.opponent == *a))
        .cloned()
        .collect();
    let cells: Vec<Vec<Option<Cell>>> = present
        .iter()
        .map(|a| {
            present
                .iter()
                .map(|o| {
                    let m = rows.iter().find(|m| &m.agent == a && &m.opponent == o)?;
                    Some(Cell {
                        rate: m.score_rate.filter(|x| x.is_finite())?,
                        interval: interval(m.score_rate_lo, m.score_rate_hi),
                        games: Some(m.games),
                    })
                })
                .collect()
        })
        .collect();
    let mut kinds: Vec<&str> = rows
        .iter()
        .map(|m| m.interval.as_str())
        .filter(|k| !k.is_empty())
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    let chart = if present.len() >= 2 {
        Some(svg(charts::matchup_chart(
            "Score rate of each agent (row) against each opponent (column)",
            &present,
            &cells,
        )?))
    } else {
        None
    };
    Ok(context! { chart, kinds, rows => Value::from_serialize(rows) })
}

/// The chart of Elo ratings with their intervals, and the rows by rank.
fn ratings(rows: &[RatingRow]) -> Result<Value, ReportError> {
    let mut sorted: Vec<&RatingRow> = rows.iter().collect();
    sorted.sort_by_key(|r| r.rank);
    let items: Vec<Estimate> = sorted
        .iter()
        .filter_map(|r| {
            let v = Some(r.elo).filter(|x| x.is_finite())?;
            Some(Estimate {
                label: r.agent.clone(),
                value: v,
                interval: interval(r.elo_lo, r.elo_hi),
                text: fixed(v, 0, true),
            })
        })
        .collect();
    let chart = agents_chart(
        ("Elo rating per agent (95% interval)", "Elo"),
        &items,
        |items| {
            let (lo, hi, pad) = reach(items, 10.0);
            (lo - pad)..(hi + pad)
        },
        0,
        Some(0.0),
    )?;
    Ok(context! { chart, rows => Value::from_serialize(&sorted) })
}

/// A readable name for a balance metric and its key (`docs/statistics.md` defines them).
pub(crate) fn metric_name(metric: &str, key: &str) -> String {
    let name = match metric {
        "games" => "games",
        "seat_score_rate" => return format!("score rate of seat {key}"),
        "first_seat_advantage" => "first-seat advantage (seat 0's score rate − 0.5)",
        "draw_rate" => "draw rate",
        "capped_rate" => "games ended by the turn cap (a draw among the players still in)",
        "seat_win_share" => return format!("win share of seat {key} (fair: 1 / seats)"),
        "mean_goals" => "goals per game (all seats)",
        "mean_length" if key == "turns" => "turns per game",
        "mean_length" => "decisions per game (all agents)",
        "mean_lead_changes" => "lead changes per game",
        "half_time_leader_rate" => "games with a sole leader at half time",
        "half_time_leader_wins" => "decisiveness: the half-time leader wins",
        "half_time_leader_draws" => "the half-time leader draws",
        "skill_gap" => return format!("skill gap: score rate of {key} against random"),
        other => {
            return if key.is_empty() {
                other.to_string()
            } else {
                format!("{other} ({key})")
            }
        }
    };
    name.to_string()
}

/// The title and category axis of a distribution chart.
fn distribution_titles(metric: &str) -> (String, String) {
    match metric {
        "goals_distribution" => (
            "Goals per game: share of games (95% Wilson interval)".into(),
            "goals in the game (all seats)".into(),
        ),
        "length_distribution" => (
            "Game length: share of games (95% Wilson interval)".into(),
            "decisions in the game (all agents)".into(),
        ),
        other => (
            format!("{other}: share of games (95% interval)"),
            "key".into(),
        ),
    }
}

/// The decimals a balance figure is shown with: counts none, means of goals and lead
/// changes two, game lengths (decisions and turns per game) one, rates three.
fn balance_decimals(metric: &str) -> usize {
    match metric {
        "games" => 0,
        "mean_length" => 1,
        "mean_goals" | "mean_lead_changes" => 2,
        _ => 3,
    }
}

/// The balance figures, then one bar chart per distribution (with the empty categories at
/// both ends cut).
fn balance(rows: &[BalanceRow], solo: bool) -> Result<Value, ReportError> {
    let is_distribution = |m: &str| m.ends_with("_distribution");
    let figures: Vec<Value> = rows
        .iter()
        .filter(|r| !is_distribution(&r.metric))
        .map(|r| {
            let (lo, hi) = interval(r.lo, r.hi).unzip();
            // One seat: no draw among players, no other seat's goals.
            let name = match r.metric.as_str() {
                "capped_rate" if solo => "games ended by the turn cap".to_string(),
                "mean_goals" if solo => "goals per game".to_string(),
                _ => metric_name(&r.metric, &r.key),
            };
            context! {
                name,
                value => r.value,
                lo,
                hi,
                decimals => balance_decimals(&r.metric),
            }
        })
        .collect();
    let has_turns = rows
        .iter()
        .any(|r| r.metric == "mean_length" && r.key == "turns");
    let length_note = if has_turns {
        "Game length is counted in turns, the game's own unit, and in decisions of all \
         agents (chance outcomes not counted); the length distribution is in decisions."
            .to_string()
    } else {
        "Game length is counted in decisions of all agents (chance outcomes not counted): \
         this run's files hold no count of turns."
            .to_string()
    };
    let mut metrics: Vec<&str> = Vec::new();
    for r in rows.iter().filter(|r| is_distribution(&r.metric)) {
        if !metrics.contains(&r.metric.as_str()) {
            metrics.push(&r.metric);
        }
    }
    let mut distributions = Vec::new();
    for metric in metrics {
        let bars: Vec<Bar> = rows
            .iter()
            .filter(|r| r.metric == metric)
            .map(|r| Bar {
                key: r.key.clone(),
                value: r.value.filter(|x| x.is_finite()).unwrap_or(0.0),
                interval: interval(r.lo, r.hi),
            })
            .collect();
        let first = bars.iter().position(|b| b.value > 0.0);
        let last = bars.iter().rposition(|b| b.value > 0.0);
        let (title, axis) = distribution_titles(metric);
        let (Some(first), Some(last)) = (first, last) else {
            distributions
                .push(context! { title, chart => None::<Value>, cut => Vec::<String>::new() });
            continue;
        };
        let chart = svg(charts::distribution_chart(
            &title,
            &axis,
            &bars[first..=last],
        )?);
        let mut cut = Vec::new();
        if first > 0 {
            cut.push(format!("before {}", bars[first].key));
        }
        if last + 1 < bars.len() {
            cut.push(format!("after {}", bars[last].key));
        }
        distributions.push(context! { title, chart, cut });
    }
    Ok(context! { figures, length_note, distributions })
}
