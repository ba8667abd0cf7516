//! The summaries of `sim compare` and `sim sweep` as text: what the command prints on
//! standard output, whether it ran fresh, was resumed or merged from its shards.

use super::{significance_line, DesignReport, Metric, MetricKind};
use reports::CompareRow;

/// Writes the summary of `sim compare`: what was played, the rule sets, the comparison
/// table ([`write_comparison`]), what `*` means, the warnings and the files written.
pub fn write_compare(out: &mut String, r: &DesignReport) {
    let deals = if r.duplicate {
        "duplicate deals"
    } else {
        "independent deals"
    };
    let numbers = if r.independent {
        "on independent random numbers (--independent: calibration only)"
    } else {
        "on the same seeds"
    };
    write_header(out, r, "rule sets", &format!("{deals} {numbers}"));
    for (p, a) in r.arms.iter().enumerate() {
        put!(out, "  {p}: {:<16} {}", a.label, a.settings);
    }
    put!(out);
    let labels: Vec<String> = r.arms.iter().map(|a| a.label.clone()).collect();
    write_comparison(out, &r.metrics, &labels, &r.rows);
    put!(out);
    put!(out, "differences to {} with 95% intervals;", labels[0]);
    put!(
        out,
        "* = {};",
        significance_line(r.correction, &r.rows, "rule set")
    );
    if r.num_seats == 1 {
        put!(
            out,
            "not shown: the games ended by the length cap (compare.csv has every row)"
        );
    } else {
        put!(out, "not shown, as they repeat the rows above: the score rates by seat and by agent (compare.csv has every row)");
    }
    put!(out);
    // The verdict, in the words of the report's first table (reports::verdict).
    for p in 1..r.arms.len() {
        put!(out, "verdict: {}", reports::verdict::sentence(&r.rows, p));
    }
    write_footer(out, r, "compare.csv");
}

/// Writes the summary of `sim sweep`: what was played, one line per point and one column
/// per on-screen metric, what `*` means, the verdict ([`reports::verdict::sweep_sentence`]),
/// the warnings and the files written.
pub fn write_sweep(out: &mut String, r: &DesignReport) {
    let numbers = if r.independent {
        "independent random numbers at every point (--independent: calibration only)"
    } else {
        "same seeds at every point"
    };
    write_header(out, r, "points", numbers);
    write_points(out, r);
    put!(out, "{}", significance_line(r.correction, &r.rows, "point"));
    put!(out);
    // The verdict, in the words of the report's first table (reports::verdict).
    let verdict = reports::verdict::sweep_sentence(&r.rows);
    if !verdict.is_empty() {
        put!(out, "verdict: {verdict}");
    }
    write_footer(out, r, "sweep.csv");
}

/// The first line of both summaries: the game, how many `arms` (rule sets or points) of
/// how many games, the agents, the seed, `how` they were played and the time spent.
fn write_header(out: &mut String, r: &DesignReport, arms: &str, how: &str) {
    put!(
        out,
        "{}: {} {arms}, {} games each ({}), seed {}, {how}, {:.1} s",
        r.game,
        r.arms.len(),
        r.games,
        r.agents,
        r.seed,
        r.elapsed
    );
}

/// The warnings, the files written (`table` beside `run.json` and `report.html`) and the
/// report's path: the last lines of both summaries.
fn write_footer(out: &mut String, r: &DesignReport, table: &str) {
    for w in &r.warnings {
        put!(out, "warning: {w}");
    }
    put!(
        out,
        "wrote {}/ ({table}, run.json, report.html)",
        r.out.display()
    );
    put!(out, "report: {}", r.report.display());
}

/// A number with `digits` decimals, or `-`.
fn num(x: Option<f64>, digits: usize) -> String {
    x.map_or_else(|| "-".into(), |v| format!("{v:.digits$}"))
}

/// Decimals that suit a metric's values.
fn digits(metric: &Metric) -> usize {
    if metric.proportion {
        3
    } else {
        2
    }
}

/// Writes the comparison table: one line per on-screen metric, the reference value, then
/// for every other rule set its difference with the 95% interval (`*` where significant
/// after the run's multiplicity correction).
pub fn write_comparison(
    out: &mut String,
    metric_list: &[Metric],
    arms: &[String],
    rows: &[CompareRow],
) {
    let find = |p: usize, m: &Metric| {
        rows.iter()
            .find(|r| r.point == p && r.metric == m.id.name && r.key == m.id.key)
    };
    let name = |m: &Metric| {
        if m.id.key.is_empty() || m.kind == MetricKind::FirstSeatAdvantage {
            m.id.name.clone()
        } else {
            format!("{} [{}]", m.id.name, m.id.key)
        }
    };
    let shown: Vec<&Metric> = metric_list.iter().filter(|m| m.on_screen).collect();
    let w = shown
        .iter()
        .map(|m| name(m).len())
        .max()
        .unwrap_or(6)
        .max(6);
    let mut head = format!("{:<w$} {:>10}", "metric", trunc(&arms[0], 10));
    for a in &arms[1..] {
        head.push_str(&format!(
            " {:>28}",
            format!("{} − {}", trunc(a, 16), trunc(&arms[0], 10))
        ));
    }
    put!(out, "{head}");
    for m in shown {
        let d = digits(m);
        let mut line = format!(
            "{:<w$} {:>10}",
            name(m),
            num(find(0, m).and_then(|r| r.value), d)
        );
        for p in 1..arms.len() {
            let cell = find(p, m).map_or_else(String::new, |r| {
                format!(
                    "{} [{}, {}]{}",
                    signed(r.diff, d),
                    signed(r.diff_lo, d),
                    signed(r.diff_hi, d),
                    if r.significant == Some(true) {
                        "*"
                    } else {
                        " "
                    }
                )
            });
            line.push_str(&format!(" {cell:>28}"));
        }
        put!(out, "{line}");
    }
}

fn signed(x: Option<f64>, digits: usize) -> String {
    x.map_or_else(|| "-".into(), |v| format!("{v:+.digits$}"))
}

fn trunc(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let t: String = s.chars().take(n - 1).collect();
        format!("{t}…")
    }
}

/// Writes one line per point and one column per on-screen metric (transposed when there
/// are more points than fit across).
fn write_points(out: &mut String, r: &DesignReport) {
    let (metric_list, arms, rows) = (&r.metrics, &r.arms, &r.rows);
    // One column per metric: decisions and the per-agent win and goal rates stay in
    // sweep.csv, so that a line fits the screen.
    let shown: Vec<&Metric> = metric_list
        .iter()
        .filter(|m| {
            m.on_screen
                && !matches!(
                    m.kind,
                    MetricKind::AgentWin(_)
                        | MetricKind::AgentGoals(_)
                        | MetricKind::LengthDecisions
                )
        })
        .collect();
    let short = |m: &Metric| match (m.id.name.as_str(), m.id.key.as_str()) {
        ("first_seat_advantage", _) => "1st seat".to_string(),
        ("draw_rate", _) => "draws".into(),
        ("mean_goals", _) => "goals".into(),
        ("mean_length", k) => k.to_string(),
        ("mean_lead_changes", _) => "leads".into(),
        ("half_time_leader_wins", _) => "HT wins".into(),
        ("locked_rate", _) => "locked".into(),
        ("cards_per_turn", _) => "cards/t".into(),
        ("possession_change_rate", _) => "poss./t".into(),
        (_, k) => trunc(k, 9),
    };
    // A point as `TIRO=4, grangol=tiro`: the last part of each key is enough on screen
    // (sweep.csv has the full keys).
    let label = |a: &super::ArmLabel| {
        a.label
            .split(", ")
            .map(|kv| match kv.split_once('=') {
                Some((k, v)) => format!("{}={v}", k.rsplit('.').next().unwrap_or(k)),
                None => kv.to_string(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let pw = arms
        .iter()
        .map(|a| label(a).chars().count())
        .max()
        .unwrap_or(5)
        .clamp(5, 40);
    let mut head = format!("{:<pw$}", "point");
    for m in &shown {
        head.push_str(&format!(" {:>9}", trunc(&short(m), 9)));
    }
    put!(out);
    put!(out, "{head}");
    for (p, a) in arms.iter().enumerate() {
        let mut line = format!("{:<pw$}", trunc(&label(a), pw));
        for m in &shown {
            let r = rows
                .iter()
                .find(|r| r.point == p && r.metric == m.id.name && r.key == m.id.key);
            let v = num(r.and_then(|r| r.value), digits(m));
            let star = if r.and_then(|r| r.significant) == Some(true) {
                "*"
            } else {
                " "
            };
            line.push_str(&format!(" {v:>8}{star}"));
        }
        put!(out, "{line}");
    }
    put!(out);
    put!(
        out,
        "values at each point (95% intervals in sweep.csv); * = differs from the first point,"
    );
}
