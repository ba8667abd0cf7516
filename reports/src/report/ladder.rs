//! The report of a `sim ladder` folder (`ladder.csv`, `ladder.json`): the rungs' ratings
//! with their intervals (turns against the optimum at a one-player game), strength against
//! the iterations and time each rung spends per game, and the summary figures.

use super::charts::{self, Estimate, SeriesPoint};
use super::error::ReportError;
use super::format::shell_line;
use super::input::read_csv;
use super::templates::render;
use crate::ladder::{LadderRow, LadderSummary};
use minijinja::{context, Value};
use std::path::Path;

/// A rung's label on a chart: its spec, marked when it sees hidden information.
fn label(r: &LadderRow) -> String {
    if r.sees_hidden_information {
        format!("{} (sees hidden)", r.agent)
    } else {
        r.agent.clone()
    }
}

/// The value range of `items` (their values and interval ends) and of `extra`, with 8%
/// padding on each side (at least half a unit of the last of `decimals` decimals).
fn range_of(items: &[Estimate], extra: Option<f64>, decimals: usize) -> std::ops::Range<f64> {
    padded(
        items
            .iter()
            .flat_map(|e| {
                let (lo, hi) = e.interval.unwrap_or((e.value, e.value));
                [e.value, lo, hi]
            })
            .chain(extra),
        decimals,
    )
}

/// A rung's estimate: its value, its interval and the text shown beside it.
type Point = (f64, Option<(f64, f64)>, String);

/// The title and axis of the chart of [`turns`].
const TURNS_CHART: (&str, &str) = (
    "Turns per game by rung (dashed: the optimum)",
    "turns per game (fewer is better)",
);

/// The title and axis of the chart of [`rating`].
const RATING_CHART: (&str, &str) = (
    "Bradley–Terry rating by rung",
    "rating (Elo; the ladder's ratings average 0)",
);

/// A rung's turns per game, for a one-player ladder.
fn turns(r: &LadderRow) -> Option<Point> {
    let t = r.turns_per_game?;
    Some((t, r.turns_lo.zip(r.turns_hi), format!("{t:.2}")))
}

/// A rung's Bradley–Terry rating.
fn rating(r: &LadderRow) -> Option<Point> {
    let v = r.rating?;
    Some((v, r.rating_lo.zip(r.rating_hi), format!("{v:.0}")))
}

/// An interval chart of one estimate per rung (`of` gives the rung's value, interval and
/// text; rungs without a value are left out), axis labels with `decimals` decimals, over the
/// range of the values and of `within`, with `reference` drawn dashed.
fn rung_chart(
    (title, axis): (&str, &str),
    rows: &[LadderRow],
    of: fn(&LadderRow) -> Option<Point>,
    decimals: usize,
    within: Option<f64>,
    reference: Option<f64>,
) -> Result<Value, ReportError> {
    let items: Vec<Estimate> = rows
        .iter()
        .filter_map(|r| {
            let (value, interval, text) = of(r)?;
            Some(Estimate {
                label: label(r),
                value,
                interval,
                text,
            })
        })
        .collect();
    let range = range_of(&items, within, decimals);
    let svg = charts::interval_chart(title, axis, &items, range, decimals, reference)?;
    Ok(Value::from_safe_string(svg))
}

/// The value range of `values` with 8% padding on each side
/// ([`charts::padded_range`]); `0..1` without a finite value.
fn padded(values: impl Iterator<Item = f64>, decimals: usize) -> std::ops::Range<f64> {
    let (lo, hi) = values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
    if !lo.is_finite() {
        return 0.0..1.0;
    }
    charts::padded_range(lo, hi, 0.08, decimals)
}

/// The page of the ladder folder `dir`. Errors: a missing or malformed `ladder.csv` or
/// `ladder.json`, a chart that cannot be drawn.
pub(crate) fn page(dir: &Path) -> Result<String, ReportError> {
    let rows: Vec<LadderRow> = read_csv(&dir.join("ladder.csv"), &["rung", "agent"])?;
    let path = dir.join("ladder.json");
    let text = std::fs::read_to_string(&path).map_err(|source| ReportError::Read {
        path: path.clone(),
        source,
    })?;
    let summary: LadderSummary = serde_json::from_str(&text).map_err(|e| ReportError::Json {
        path: path.clone(),
        message: e.to_string(),
    })?;
    let solo = summary.seats == 1;
    let f = |x: Option<f64>, d: usize| x.map_or("–".to_string(), |v| format!("{v:.d$}"));
    let mut settings = vec![
        context! { name => "command", value => shell_line(&summary.command), code => true },
        context! { name => "game", value => summary.game },
        context! { name => "games per pairing", value => summary.games_per_pairing },
        context! { name => "seed", value => summary.seed },
    ];
    if !solo {
        settings.push(context! {
            name => "skill depth",
            value => format!(
                "{} (links scoring at least {} against the previous: {})",
                summary.skill_depth.map_or("–".into(), |d| d.to_string()),
                summary.step,
                summary.skill_chain.join(" < ")
            )
        });
        settings.push(context! {
            name => "luck share",
            value => format!(
                "{} (random's score against the best honest agent, {}, which scores {} \
                 against random); upset rate {} (the lower-rated side's score over every \
                 honest pairing of this ladder)",
                f(summary.luck_share, 3),
                summary.best_honest.as_deref().unwrap_or("–"),
                f(summary.best_honest_vs_random, 3),
                f(summary.upset_rate, 3)
            )
        });
        settings.push(context! {
            name => "headroom",
            value => format!(
                "the oracle (sees hidden information) scores {} against the best honest agent",
                f(summary.oracle_vs_best_honest, 3)
            )
        });
    }
    settings.push(context! {
        name => "plateau",
        value => format!(
            "{} ({})",
            summary
                .plateau_iterations
                .map_or("none within the budgets played".into(), |p| format!("mcts({p})")),
            summary.stopped
        )
    });

    let effort = |r: &LadderRow| {
        format!(
            "{} · {} it · {:.0} ms",
            label(r),
            r.iterations_per_game
                .map_or("0".into(), |i| format!("{:.1}k", i / 1000.0)),
            r.cpu_ms_per_game
        )
    };
    let mut charts_out = Vec::new();
    if solo {
        let bound = rows.iter().find_map(|r| r.bound_turns);
        charts_out.push(rung_chart(TURNS_CHART, &rows, turns, 1, bound, bound)?);
    } else {
        charts_out.push(rung_chart(RATING_CHART, &rows, rating, 0, None, Some(0.0))?);
        let labels: Vec<String> = rows.iter().map(effort).collect();
        let line: Vec<SeriesPoint> = rows
            .iter()
            .map(|r| SeriesPoint {
                value: r.rating,
                interval: r.rating_lo.zip(r.rating_hi),
            })
            .collect();
        charts_out.push(Value::from_safe_string(charts::series_chart(
            "Strength against iterations and time per game",
            "rung · search iterations per game · decision time per game (one thread)",
            "rating (Elo)",
            &labels,
            &line,
            None,
            0,
        )?));
    }
    let note = if solo {
        "One player: each rung plays its games alone on the same deals; the ladder is measured \
         in turns per game against the optimum where it is known."
    } else {
        "Every pairing played on the same duplicate deals; ratings are Bradley–Terry on the \
         Elo scale with 95% bootstrap intervals. An agent marked (sees hidden information) \
         reads the true deal: it bounds honest play, it does not measure it."
    };
    render(
        "ladder.html",
        context! {
            heading => format!("Skill ladder of {}", summary.game),
            settings,
            charts => charts_out,
            note,
            solo,
            rows => rows.iter().map(Value::from_serialize).collect::<Vec<_>>(),
            folder => dir.display().to_string(),
        },
    )
}
