//! The HTML page: a header with the run's settings, then one section per file read, each
//! with its charts (inline SVG) and tables.

use super::charts::{self, Bar, Cell, Estimate};
use super::input::RunData;
use super::ReportError;
use crate::{BalanceRow, CardRow, MatchupRow, RatingRow, SummaryRow};
use std::fmt::Write as _;
use std::path::Path;

/// The page's style sheet (inline: the page loads nothing).
pub(crate) const STYLE: &str = "
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;
  color: #222; background: #fff; max-width: 1160px; margin: 0 auto; padding: 16px 20px 48px;
  line-height: 1.4; }
h1 { font-size: 1.6em; margin: 0.4em 0 0.2em; }
h2 { font-size: 1.3em; margin-top: 1.6em; border-bottom: 2px solid #1f5c99; padding-bottom: 4px; }
h3 { font-size: 1.05em; margin: 1.2em 0 0.4em; }
p.note { color: #555; font-size: 0.9em; margin: 0.3em 0 0.8em; }
dl.run { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0.6em 0; }
dl.run dt { font-weight: 600; color: #444; }
dl.run dd { margin: 0; }
code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.92em;
  background: #f3f3f3; padding: 1px 4px; border-radius: 3px; word-break: break-all; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.88em; }
th, td { border-bottom: 1px solid #ddd; padding: 3px 7px; text-align: left; white-space: nowrap; }
th { background: #f0f3f7; font-weight: 600; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.all td { font-weight: 600; background: #fafafa; }
span.ci { color: #777; font-size: 0.85em; display: block; }
.chart { margin: 0.6em 0 1.2em; overflow-x: auto; }
.chart svg { max-width: 100%; height: auto; display: block; }
details { margin: 0.4em 0 1em; }
summary { cursor: pointer; color: #1f5c99; }
.scroll { overflow-x: auto; }
footer { margin-top: 3em; color: #777; font-size: 0.85em; }
";

/// `text` with the characters that are special in HTML escaped.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `v` with `d` decimals (`+` in front of a positive value if `plus`), a value that
/// rounds to zero written without a sign.
pub(crate) fn fixed(v: f64, d: usize, plus: bool) -> String {
    let s = format!("{v:.d$}");
    let unsigned = s.strip_prefix('-').unwrap_or(&s);
    if unsigned.chars().all(|c| c == '0' || c == '.') {
        unsigned.to_string()
    } else if plus && v > 0.0 {
        format!("+{s}")
    } else {
        s
    }
}

/// `v` with `d` decimals, or an en dash when undefined or not finite.
pub(crate) fn num(v: Option<f64>, d: usize) -> String {
    match v.filter(|x| x.is_finite()) {
        Some(x) => fixed(x, d, false),
        None => "–".into(),
    }
}

/// An optional count, or an en dash.
fn count(v: impl Into<Option<u64>>) -> String {
    v.into().map_or("–".into(), |x| x.to_string())
}

/// A text cell, or `None` when it is empty (its column missing from the file).
fn known(text: &str) -> Option<&str> {
    (!text.is_empty()).then_some(text)
}

/// A value followed by its interval in grey (HTML).
fn with_ci(v: Option<f64>, lo: Option<f64>, hi: Option<f64>, d: usize) -> String {
    let mut s = num(v, d);
    if let (Some(lo), Some(hi)) = (lo, hi) {
        let _ = write!(
            s,
            " <span class=\"ci\">[{}, {}]</span>",
            num(Some(lo), d),
            num(Some(hi), d)
        );
    }
    s
}

/// A mean with its standard error (HTML).
fn with_se(v: Option<f64>, se: Option<f64>, d: usize) -> String {
    let mut s = num(v, d);
    if let Some(se) = se.filter(|x| x.is_finite()) {
        let _ = write!(s, " <span class=\"ci\">± {}</span>", num(Some(se), d));
    }
    s
}

/// Both ends of an interval when both are known and finite and the low end is not above
/// the high end (a chart maps every value inside the ends it is given).
pub(crate) fn interval(lo: Option<f64>, hi: Option<f64>) -> Option<(f64, f64)> {
    lo.zip(hi)
        .filter(|(a, b)| a.is_finite() && b.is_finite() && a <= b)
}

/// A command line as one string, arguments quoted for a POSIX shell where needed.
pub fn shell_line(args: &[String]) -> String {
    let plain = |a: &str| {
        !a.is_empty()
            && a.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
    };
    args.iter()
        .map(|a| {
            if plain(a) {
                a.clone()
            } else {
                format!("'{}'", a.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// An HTML table under construction: column names (an `n:` prefix marks a right-aligned
/// numeric column), then rows of cells already in HTML.
pub(crate) struct Table {
    html: String,
    numeric: Vec<bool>,
}

impl Table {
    pub(crate) fn new(columns: &[&str]) -> Table {
        let mut html = String::from("<div class=\"scroll\"><table>\n<thead><tr>");
        let mut numeric = Vec::new();
        for c in columns {
            let (n, name) = match c.strip_prefix("n:") {
                Some(rest) => (true, rest),
                None => (false, *c),
            };
            numeric.push(n);
            let _ = write!(
                html,
                "<th{}>{}</th>",
                if n { " class=\"n\"" } else { "" },
                escape(name)
            );
        }
        html.push_str("</tr></thead>\n<tbody>\n");
        Table { html, numeric }
    }

    /// Adds a row of cells already in HTML.
    pub(crate) fn row(&mut self, class: Option<&str>, cells: &[String]) {
        match class {
            Some(c) => {
                let _ = write!(self.html, "<tr class=\"{c}\">");
            }
            None => self.html.push_str("<tr>"),
        }
        for (i, cell) in cells.iter().enumerate() {
            let n = self.numeric.get(i).copied().unwrap_or(false);
            let _ = write!(
                self.html,
                "<td{}>{cell}</td>",
                if n { " class=\"n\"" } else { "" }
            );
        }
        self.html.push_str("</tr>\n");
    }

    pub(crate) fn finish(mut self) -> String {
        self.html.push_str("</tbody></table></div>\n");
        self.html
    }
}

/// Appends a chart in its container.
pub(crate) fn push_chart(out: &mut String, svg: &str) {
    out.push_str("<div class=\"chart\">\n");
    out.push_str(svg);
    out.push_str("</div>\n");
}

/// The whole page for the run folder `dir`.
pub(crate) fn page(dir: &Path, data: &RunData) -> Result<String, ReportError> {
    let run = &data.run;
    let agents = data.agent_order();
    let mut out = String::new();
    let title = format!("{} — {} games", run.game, run.games);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Run report: {}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>Run report: {}</h1>\n",
        escape(&title),
        escape(&title)
    );
    header(&mut out, dir, data);
    results(&mut out, &agents, &data.summary)?;
    if data.matchups.is_some() || data.ratings.is_some() {
        out.push_str("<h2>Matchups and ratings</h2>\n");
        if let Some(m) = &data.matchups {
            matchups(&mut out, &agents, m)?;
        }
        if let Some(r) = &data.ratings {
            ratings(&mut out, r)?;
        }
    }
    if let Some(cards) = &data.cards {
        card_section(&mut out, &agents, cards)?;
    }
    if let Some(balance) = &data.balance {
        balance_section(&mut out, balance)?;
    }
    let files: Vec<&str> = [
        ("run.json", true),
        ("summary.csv", true),
        ("cards.csv", data.cards.is_some()),
        ("matchups.csv", data.matchups.is_some()),
        ("ratings.csv", data.ratings.is_some()),
        ("balance.csv", data.balance.is_some()),
    ]
    .into_iter()
    .filter_map(|(f, present)| present.then_some(f))
    .collect();
    let _ = write!(
        out,
        "<footer>Made by <code>sim report</code> from {} in <code>{}</code>. \
         Intervals are 95%; “–” marks an undefined value.</footer>\n</body>\n</html>\n",
        escape(&files.join(", ")),
        escape(&dir.display().to_string())
    );
    Ok(out)
}

/// The run's settings from `run.json`.
fn header(out: &mut String, dir: &Path, data: &RunData) {
    let run = &data.run;
    out.push_str("<dl class=\"run\">\n");
    let mut item = |name: &str, html: String| {
        let _ = writeln!(out, "<dt>{}</dt><dd>{html}</dd>", escape(name));
    };
    item(
        "folder",
        format!("<code>{}</code>", escape(&dir.display().to_string())),
    );
    item("game", escape(&run.game));
    item("games", run.games.to_string());
    item("seed", run.seed.to_string());
    let agents: Vec<String> = run
        .agents
        .iter()
        .map(|a| {
            if a.label == a.spec {
                format!("<code>{}</code>", escape(&a.label))
            } else {
                format!(
                    "<code>{}</code> = <code>{}</code>",
                    escape(&a.label),
                    escape(&a.spec)
                )
            }
        })
        .collect();
    item("agents", agents.join(", "));
    if !run.command.is_empty() {
        item(
            "command",
            format!("<code>{}</code>", escape(&shell_line(&run.command))),
        );
    }
    let mut facts = Vec::new();
    if let Some(v) = &run.version {
        facts.push(format!("version {}", escape(v)));
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
    if !facts.is_empty() {
        item("run", facts.join(", "));
    }
    if let Some(sprt) = &run.sprt {
        let text = match sprt.as_object() {
            Some(map) => map
                .iter()
                .map(|(k, v)| match v {
                    serde_json::Value::String(s) => format!("{k} {s}"),
                    v => format!("{k} {v}"),
                })
                .collect::<Vec<_>>()
                .join(", "),
            None => sprt.to_string(),
        };
        item("SPRT", escape(&text));
    }
    out.push_str("</dl>\n");
}

/// Score rates per agent (chart of the `all` rows) and the summary table.
fn results(out: &mut String, agents: &[String], summary: &[SummaryRow]) -> Result<(), ReportError> {
    out.push_str("<h2>Results</h2>\n");
    let all: Vec<&SummaryRow> = agents
        .iter()
        .filter_map(|a| summary.iter().find(|r| &r.agent == a && r.seat == "all"))
        .collect();
    let items: Vec<Estimate> = all
        .iter()
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
    if items.is_empty() {
        out.push_str("<p class=\"note\">No agent has a defined score rate.</p>\n");
    } else {
        push_chart(
            out,
            &charts::interval_chart(
                "Score rate per agent (95% Wilson interval)",
                "score rate (win 1, draw 1/2, loss 0)",
                &items,
                0.0..1.0,
                1,
                Some(0.5),
            )?,
        );
    }
    let mut t = Table::new(&[
        "agent",
        "seat",
        "n:games",
        "n:wins",
        "n:draws",
        "n:losses",
        "n:score rate",
        "n:win rate",
        "n:draw rate",
        "n:goals for",
        "n:goals against",
        "n:decisions",
    ]);
    for r in summary {
        t.row(
            (r.seat == "all").then_some("all"),
            &[
                escape(&r.agent),
                escape(&r.seat),
                r.games.to_string(),
                r.wins.to_string(),
                r.draws.to_string(),
                r.losses.to_string(),
                with_ci(r.score_rate, r.score_rate_lo, r.score_rate_hi, 3),
                with_ci(r.win_rate, r.win_rate_lo, r.win_rate_hi, 3),
                with_ci(r.draw_rate, r.draw_rate_lo, r.draw_rate_hi, 3),
                with_se(r.mean_goals_for, r.mean_goals_for_se, 2),
                with_se(r.mean_goals_against, r.mean_goals_against_se, 2),
                with_se(r.mean_actions, r.mean_actions_se, 1),
            ],
        );
    }
    out.push_str(
        "<p class=\"note\">Score rate = (wins + draws/2) / games, with its 95% Wilson \
         interval; means are per game, ± their standard error. Decisions are the agent's \
         own.</p>\n",
    );
    out.push_str(&t.finish());
    Ok(())
}

/// The matchup matrix and the table of pairs.
fn matchups(out: &mut String, agents: &[String], rows: &[MatchupRow]) -> Result<(), ReportError> {
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
    let mut kinds: Vec<&str> = rows.iter().filter_map(|m| known(&m.interval)).collect();
    kinds.sort_unstable();
    kinds.dedup();
    out.push_str("<h3>Matchup matrix</h3>\n");
    if present.len() >= 2 {
        push_chart(
            out,
            &charts::matchup_chart(
                "Score rate of each agent (row) against each opponent (column)",
                &present,
                &cells,
            )?,
        );
    }
    let _ = writeln!(
        out,
        "<p class=\"note\">Each cell: the row agent's score rate against the column \
         opponent, its 95% interval{} and the games played. Red below 0.5, green above.</p>",
        if kinds.is_empty() {
            String::new()
        } else {
            format!(" ({})", escape(&kinds.join(", ")))
        }
    );
    let mut t = Table::new(&[
        "agent",
        "opponent",
        "n:games",
        "n:wins",
        "n:draws",
        "n:losses",
        "n:score rate",
        "interval",
        "n:pairs",
        "n:Elo difference",
    ]);
    for m in rows {
        t.row(
            None,
            &[
                escape(&m.agent),
                escape(&m.opponent),
                count(m.games),
                count(m.wins),
                count(m.draws),
                count(m.losses),
                with_ci(m.score_rate, m.score_rate_lo, m.score_rate_hi, 3),
                escape(known(&m.interval).unwrap_or("–")),
                count(m.pairs),
                with_ci(m.elo, m.elo_lo, m.elo_hi, 0),
            ],
        );
    }
    out.push_str("<details><summary>All pairs as a table</summary>\n");
    out.push_str(&t.finish());
    out.push_str("</details>\n");
    Ok(())
}

/// The ratings table and the chart of Elo ratings with their intervals.
fn ratings(out: &mut String, rows: &[RatingRow]) -> Result<(), ReportError> {
    out.push_str("<h3>Ratings</h3>\n");
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
    if !items.is_empty() {
        let (mut lo, mut hi) = (0.0_f64, 0.0_f64);
        for e in &items {
            let (a, b) = e.interval.unwrap_or((e.value, e.value));
            lo = lo.min(a.min(e.value));
            hi = hi.max(b.max(e.value));
        }
        let pad = ((hi - lo) * 0.08).max(10.0);
        push_chart(
            out,
            &charts::interval_chart(
                "Elo rating per agent (95% interval)",
                "Elo",
                &items,
                (lo - pad)..(hi + pad),
                0,
                Some(0.0),
            )?,
        );
    }
    let mut t = Table::new(&["n:rank", "agent", "n:Elo", "n:games", "n:score rate"]);
    for r in sorted {
        t.row(
            None,
            &[
                count(r.rank as u64),
                escape(&r.agent),
                with_ci(Some(r.elo), r.elo_lo, r.elo_hi, 0),
                count(r.games),
                num(r.score_rate, 3),
            ],
        );
    }
    out.push_str(&t.finish());
    Ok(())
}

/// IWD per card for each agent, and the card table.
fn card_section(out: &mut String, agents: &[String], cards: &[CardRow]) -> Result<(), ReportError> {
    out.push_str("<h2>Cards</h2>\n");
    out.push_str(
        "<p class=\"note\">IWD (improvement when drawn) = score rate in the games the agent \
         held the card (GIH) − score rate in the games it never did (GNS). It measures \
         association, not cause. Cards whose IWD is undefined (held in every game or in \
         none) are left out of the charts.</p>\n",
    );
    let mut names: Vec<String> = agents.to_vec();
    for c in cards {
        if !names.contains(&c.agent) {
            names.push(c.agent.clone());
        }
    }
    for agent in &names {
        let rows: Vec<&CardRow> = cards.iter().filter(|c| &c.agent == agent).collect();
        if rows.is_empty() {
            continue;
        }
        let _ = writeln!(out, "<h3>{}</h3>", escape(agent));
        let mut items: Vec<Estimate> = rows
            .iter()
            .filter_map(|c| {
                let v = c.iwd.filter(|x| x.is_finite())?;
                Some(Estimate {
                    label: c.card.clone(),
                    value: v,
                    interval: interval(c.iwd_lo, c.iwd_hi),
                    text: fixed(v, 3, true),
                })
            })
            .collect();
        items.sort_by(|a, b| b.value.total_cmp(&a.value));
        if items.is_empty() {
            out.push_str("<p class=\"note\">No card has a defined IWD.</p>\n");
        } else {
            let reach = items
                .iter()
                .map(|e| {
                    let (a, b) = e.interval.unwrap_or((e.value, e.value));
                    a.abs().max(b.abs()).max(e.value.abs())
                })
                .fold(0.0_f64, f64::max);
            let reach = (reach * 1.1).max(0.01);
            let with_ci = items.iter().any(|e| e.interval.is_some());
            push_chart(
                out,
                &charts::interval_chart(
                    &format!("IWD per card: {agent}"),
                    if with_ci {
                        "IWD = GIH score rate − GNS score rate (95% interval)"
                    } else {
                        "IWD = GIH score rate − GNS score rate"
                    },
                    &items,
                    -reach..reach,
                    2,
                    Some(0.0),
                )?,
            );
        }
        let mut t = Table::new(&[
            "card",
            "n:drawn",
            "n:played",
            "n:success rate",
            "n:GIH games",
            "n:GIH score",
            "n:GNS games",
            "n:GNS score",
            "n:IWD",
            "n:played games",
            "n:played score",
        ]);
        for c in rows {
            t.row(
                None,
                &[
                    escape(&c.card),
                    count(c.drawn),
                    count(c.played),
                    num(c.success_rate, 3),
                    count(c.gih_games),
                    with_ci(c.gih_score, c.gih_score_lo, c.gih_score_hi, 3),
                    count(c.gns_games),
                    with_ci(c.gns_score, c.gns_score_lo, c.gns_score_hi, 3),
                    with_ci(c.iwd, c.iwd_lo, c.iwd_hi, 3),
                    count(c.played_games),
                    with_ci(c.played_score, c.played_score_lo, c.played_score_hi, 3),
                ],
            );
        }
        let _ = writeln!(
            out,
            "<details><summary>Card table of {}</summary>",
            escape(agent)
        );
        out.push_str(&t.finish());
        out.push_str("</details>\n");
    }
    Ok(())
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

/// The balance figures as a table, then one bar chart per distribution.
fn balance_section(out: &mut String, rows: &[BalanceRow]) -> Result<(), ReportError> {
    out.push_str("<h2>Balance</h2>\n");
    let is_distribution = |m: &str| m.ends_with("_distribution");
    let mut t = Table::new(&["figure", "n:value", "n:95% interval"]);
    let mut any = false;
    for r in rows.iter().filter(|r| !is_distribution(&r.metric)) {
        any = true;
        let key = r.key.as_str();
        let d = if r.metric == "games" { 0 } else { 3 };
        let ci = match interval(r.lo, r.hi) {
            Some((lo, hi)) => format!("[{}, {}]", num(Some(lo), d), num(Some(hi), d)),
            None => "–".into(),
        };
        t.row(
            None,
            &[escape(&metric_name(&r.metric, key)), num(r.value, d), ci],
        );
    }
    if any {
        out.push_str(&t.finish());
    }
    let mut metrics: Vec<&str> = Vec::new();
    for r in rows.iter().filter(|r| is_distribution(&r.metric)) {
        if !metrics.contains(&r.metric.as_str()) {
            metrics.push(&r.metric);
        }
    }
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
        // Leave out the empty categories at both ends.
        let first = bars.iter().position(|b| b.value > 0.0);
        let last = bars.iter().rposition(|b| b.value > 0.0);
        let (title, axis) = distribution_titles(metric);
        let (Some(first), Some(last)) = (first, last) else {
            let _ = writeln!(out, "<p class=\"note\">{}: no games.</p>", escape(&title));
            continue;
        };
        push_chart(
            out,
            &charts::distribution_chart(&title, &axis, &bars[first..=last])?,
        );
        let mut cut = Vec::new();
        if first > 0 {
            cut.push(format!("before {}", escape(&bars[first].key)));
        }
        if last + 1 < bars.len() {
            cut.push(format!("after {}", escape(&bars[last].key)));
        }
        if !cut.is_empty() {
            let _ = writeln!(
                out,
                "<p class=\"note\">Categories without games {} are not shown.</p>",
                cut.join(" and ")
            );
        }
    }
    Ok(())
}
