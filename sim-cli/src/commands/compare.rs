//! `sim compare` and `sim sweep`: the flags become [`lab::options::CompareOptions`] and
//! [`lab::options::SweepOptions`], the design lab ([`lab::design`]) plays the rule sets and
//! writes the folder, and this file prints the comparison from its
//! [`lab::design::DesignReport`] (also after `sim resume` and `sim merge`).

use crate::args::{GameArgs, LabStatsArgs, LongRunArgs, OutputArgs};
use clap::Args;

use lab::design::{significance_line, DesignReport, Metric, MetricKind};
use reports::CompareRow;

/// `sim compare`: runs it and prints its summary ([`print_compare`]). Errors: those of
/// [`lab::compare()`].
pub fn compare(args: &CompareArgs) -> anyhow::Result<()> {
    print_compare(&lab::compare(&args.options())?);
    Ok(())
}

/// `sim sweep`: runs it and prints its summary ([`print_sweep`]). Errors: those of
/// [`lab::sweep()`].
pub fn sweep(args: &SweepArgs) -> anyhow::Result<()> {
    print_sweep(&lab::sweep(&args.options())?);
    Ok(())
}

/// Prints the summary of `sim compare`: what was played, the rule sets, the comparison
/// table ([`print_comparison`]), what `*` means, the warnings and the files written.
pub fn print_compare(r: &DesignReport) {
    say!(
        "{}: {} rule sets, {} games each ({}), seed {}, {} {}, {:.1} s",
        r.game,
        r.arms.len(),
        r.games,
        r.agents,
        r.seed,
        if r.duplicate {
            "duplicate deals"
        } else {
            "independent deals"
        },
        if r.independent {
            "on independent random numbers (--independent: calibration only)"
        } else {
            "on the same seeds"
        },
        r.elapsed
    );
    for (p, a) in r.arms.iter().enumerate() {
        say!("  {p}: {:<16} {}", a.label, a.settings);
    }
    say!();
    let labels: Vec<String> = r.arms.iter().map(|a| a.label.clone()).collect();
    print_comparison(&r.metrics, &labels, &r.rows);
    say!();
    say!("differences to {} with 95% intervals;", labels[0]);
    say!(
        "* = {};",
        significance_line(r.correction, &r.rows, "rule set")
    );
    if r.num_seats == 1 {
        say!("not shown: the games ended by the length cap (compare.csv has every row)");
    } else {
        say!("not shown, as they repeat the rows above: the score rates by seat and by agent (compare.csv has every row)");
    }
    for w in &r.warnings {
        say!("warning: {w}");
    }
    say!(
        "wrote {}/ (compare.csv, run.json, report.html)",
        r.out.display()
    );
    say!("report: {}", r.report.display());
}

/// Prints the summary of `sim sweep`: what was played, one line per point and one column
/// per on-screen metric, what `*` means, the warnings and the files written.
pub fn print_sweep(r: &DesignReport) {
    say!(
        "{}: {} points, {} games each ({}), seed {}, {}, {:.1} s",
        r.game,
        r.arms.len(),
        r.games,
        r.agents,
        r.seed,
        if r.independent {
            "independent random numbers at every point (--independent: calibration only)"
        } else {
            "same seeds at every point"
        },
        r.elapsed
    );
    print_points(r);
    say!("{}", significance_line(r.correction, &r.rows, "point"));
    for w in &r.warnings {
        say!("warning: {w}");
    }
    say!(
        "wrote {}/ (sweep.csv, run.json, report.html)",
        r.out.display()
    );
    say!("report: {}", r.report.display());
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

/// Prints the comparison table: one line per on-screen metric, the reference value, then
/// for every other rule set its difference with the 95% interval (`*` where significant
/// after the run's multiplicity correction).
pub fn print_comparison(metric_list: &[Metric], arms: &[String], rows: &[CompareRow]) {
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
    say!("{head}");
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
        say!("{line}");
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

/// Prints one line per point and one column per on-screen metric (transposed when there
/// are more points than fit across).
fn print_points(r: &DesignReport) {
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
    let label = |a: &lab::design::ArmLabel| {
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
    say!();
    say!("{head}");
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
        say!("{line}");
    }
    say!();
    say!("values at each point (95% intervals in sweep.csv); * = differs from the first point,");
}

/// Arguments of `sim compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// What to play. --rules may be given several times (each is a rule set); --set
    /// applies to every rule set.
    #[command(flatten)]
    pub common: GameArgs,
    /// A rule set made of the first --rules (or the default) and overrides:
    /// `NAME=KEY=VALUE,KEY=VALUE` (e.g. `tiro8=deck.cards.TIRO=8`). Repeatable.
    #[arg(long = "variant", value_name = "NAME=SET_LIST")]
    pub variants: Vec<String>,
    /// Sampling and significance.
    #[command(flatten)]
    pub stats: LabStatsArgs,
    /// Threads and output folder.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Shard and checkpoints.
    #[command(flatten)]
    pub long: LongRunArgs,
}

/// Arguments of `sim sweep`.
#[derive(Args, Debug)]
pub struct SweepArgs {
    /// What to play (--games per point).
    #[command(flatten)]
    pub common: GameArgs,
    /// A key and its values: `KEY=A..B` (whole numbers A to B), `KEY=A..B:STEP`, or
    /// `KEY=V1,V2,…`. Repeatable: the grid is every combination.
    #[arg(long = "vary", value_name = "KEY=VALUES", required = true)]
    pub vary: Vec<String>,
    /// Sampling and significance.
    #[command(flatten)]
    pub stats: LabStatsArgs,
    /// Threads and output folder.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Shard and checkpoints.
    #[command(flatten)]
    pub long: LongRunArgs,
}

impl CompareArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::CompareOptions {
        ::lab::options::CompareOptions {
            common: self.common.options(),
            variants: self.variants.clone(),
            stats: self.stats.options(),
            output: self.output.options(),
            long: self.long.options(),
        }
    }
}

impl SweepArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::SweepOptions {
        ::lab::options::SweepOptions {
            common: self.common.options(),
            vary: self.vary.clone(),
            stats: self.stats.options(),
            output: self.output.options(),
            long: self.long.options(),
        }
    }
}
