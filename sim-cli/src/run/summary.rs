//! What `sim run` prints on the console at the end: the results per agent and seat, the
//! tournament table or the duplicate deals' gain, and warnings about a degenerate game.

use super::simulate::SprtOutcome;
use super::{Plan, Tally};
use reports::{BalanceStats, MatchStats, SeatStats};

/// Warnings for a degenerate game: the rule set's own (`warnings`, from the game) and what
/// the games showed (no goal at all, every game drawn, no decision to take).
pub fn degenerate(warnings: &[String], balance: &BalanceStats, decisions: u64) -> Vec<String> {
    let mut out = warnings.to_vec();
    if balance.games() > 0 {
        // Only a game where every game is drawn is degenerate: a game whose points are
        // not goals (crazy_eights' penalty points) scores none yet has winners.
        if balance.drawn_games() == balance.games() {
            if balance.goals().mean() == Some(0.0) {
                out.push("no goal was scored in any game: every game was a 0-0 draw".into());
            } else {
                out.push("every game was a draw".into());
            }
        }
        if decisions == 0 {
            out.push("no player ever had a decision to take: the agents do not matter".into());
        }
    }
    out
}

/// Prints the warnings of a finished run: the degenerate game's (see [`degenerate`],
/// `warnings` being the rule set's own, `decisions` the decisions taken in all games) and
/// each agent that overran its time budget.
pub fn print_warnings(plan: &Plan, warnings: &[String], tally: &Tally, decisions: u64) {
    for w in degenerate(warnings, &tally.balance, decisions) {
        say!("warning: {w}");
    }
    for (label, o) in plan.labels.iter().zip(&tally.overruns) {
        if o.count > 0 {
            say!(
                "warning: {label} took more than twice its time budget in {} decisions (the \
                 longest {} ms): the machine was busy, or a decision's own work outlasts the \
                 budget",
                o.count,
                o.longest_ms
            );
        }
    }
}

/// Prints how the SPRT `t` ended: its parameters, the decision, the games it took and the
/// log-likelihood ratio between Wald's bounds.
pub fn print_sprt(t: &SprtOutcome) {
    say!(
        "SPRT elo0 {} elo1 {} (alpha {}, beta {}): {} after {} games, LLR {:.3} in [{:.3}, {:.3}]",
        t.elo0,
        t.elo1,
        t.alpha,
        t.beta,
        match t.decision {
            "H1" => "H1 accepted",
            "H0" => "H0 accepted",
            _ => "no decision",
        },
        t.games,
        t.llr,
        t.lower,
        t.upper
    );
}

/// How much the duplicate deals narrowed a match's interval: the pentanomial half-width
/// and the Wilson half-width of the same games counted as independent, which is what
/// unpaired games would give. `None` without a pentanomial interval.
fn duplicate_gain(m: &MatchStats, paired: bool) -> Option<(f64, f64)> {
    let (_, w, _) = m.score_interval(false)?;
    let (_, p, how) = m.score_interval(paired)?;
    (how == "pentanomial").then(|| ((p.hi - p.lo) / 2.0, (w.hi - w.lo) / 2.0))
}

/// "12% narrower, worth 1.29x the games" for half-widths `paired` and `independent`.
fn gain_text(paired: f64, independent: f64) -> String {
    if paired > 0.0 {
        format!(
            "{:.0}% narrower, worth {:.2}x the games",
            100.0 * (1.0 - paired / independent),
            (independent / paired).powi(2)
        )
    } else {
        "no spread at all".into()
    }
}

/// Prints the first agent's paired interval and how much the duplicate deals narrowed it.
pub fn print_duplicate_gain(m: &MatchStats, paired: bool) {
    let (Some((hp, hw)), Some((score, p, _))) =
        (duplicate_gain(m, paired), m.score_interval(paired))
    else {
        return;
    };
    say!();
    say!(
        "duplicate deals: {score:.3} [{:.3}, {:.3}] (±{hp:.4}, {} pairs); as independent games ±{hw:.4}: {}",
        p.lo,
        p.hi,
        m.pairs.pairs(),
        gain_text(hp, hw)
    );
}

/// Prints the ratings and the matchups of a tournament.
pub fn print_tournament(
    plan: &Plan,
    matches: &[MatchStats],
    ratings: &[reports::RatingRow],
    paired: bool,
) {
    say!();
    say!(
        "{:<4} {:<24} {:>8} {:>20} {:>9} {:>6}",
        "rank",
        "agent",
        "elo",
        "95% interval",
        "games",
        "score"
    );
    for r in ratings {
        say!(
            "{:<4} {:<24} {:>8.1} {:>20} {:>9} {:>6}",
            r.rank,
            r.agent,
            r.elo,
            match (r.elo_lo, r.elo_hi) {
                (Some(lo), Some(hi)) => format!("[{lo:.1}, {hi:.1}]"),
                _ => "-".into(),
            },
            r.games,
            fmt_opt(r.score_rate, 3)
        );
    }
    say!();
    for m in matches {
        let [a, b] = m.agents;
        if let Some((score, i, how)) = m.score_interval(paired) {
            let gain = duplicate_gain(m, paired)
                .map(|(hp, hw)| format!(" ({})", gain_text(hp, hw)))
                .unwrap_or_default();
            say!(
                "{:<24} vs {:<24} {score:.3} [{:.3}, {:.3}] {how}{gain}, W/D/L {}/{}/{}",
                plan.labels[a],
                plan.labels[b],
                i.lo,
                i.hi,
                m.games.wins,
                m.games.draws,
                m.games.losses
            );
        }
    }
}

/// `x` with `digits` decimals, or `-` when undefined.
fn fmt_opt(x: Option<f64>, digits: usize) -> String {
    x.map_or_else(|| "-".to_string(), |v| format!("{v:.digits$}"))
}

/// Prints one line of the results table: `label` at `seat` (a seat number or `all`),
/// its games, score rate with its 95% Wilson interval, W/D/L, win share, goals for and
/// against and decisions per game.
fn print_row(label: &str, seat: &str, s: &SeatStats) {
    let ci = reports::wilson95(s.points(), s.games);
    let interval = ci.map_or_else(
        || "-".to_string(),
        |i| format!("[{:.3}, {:.3}]", i.lo, i.hi),
    );
    say!(
        "{label:<12} {seat:>4} {games:>9} {rate:>6} {interval:>16} {wdl:>22} {win:>6} {gf:>6} {ga:>6} {act:>8}",
        games = s.games,
        win = fmt_opt(s.per_game(s.win_share12 as f64 / 12.0), 3),
        rate = fmt_opt(s.score_rate(), 3),
        wdl = format!("{}/{}/{}", s.wins, s.draws, s.losses),
        gf = fmt_opt(s.per_game(s.goals_for as f64), 2),
        ga = fmt_opt(s.per_game(s.goals_against as f64), 2),
        act = fmt_opt(s.per_game(s.decisions as f64), 1),
    );
}

/// Prints what was run (`name`, agents, deals, seed, threads), how long it took
/// (`elapsed` seconds, `rate` games a second) and the results of each agent, over all its
/// seats and at each seat.
pub fn print_summary(name: &str, plan: &Plan, tally: &Tally, elapsed: f64, rate: f64) {
    let stats = &tally.stats;
    let what = if plan.schedule.matches.len() == 1 {
        plan.labels.join(" vs ")
    } else {
        format!(
            "{} matches of {} games between {}",
            plan.schedule.matches.len(),
            plan.schedule.games_per_match,
            plan.labels.join(", ")
        )
    };
    say!(
        "{name}: {} games, {what}, {} deals, seed {}, {} thread{}",
        stats.games(),
        if plan.schedule.duplicate {
            "duplicate"
        } else {
            "independent"
        },
        plan.seed,
        plan.threads,
        if plan.threads == 1 { "" } else { "s" }
    );
    say!(
        "elapsed {elapsed:.2} s, {rate:.0} games/s, {} actions",
        stats.actions()
    );
    say!();
    say!(
        "{:<12} {:>4} {:>9} {:>6} {:>16} {:>22} {:>6} {:>6} {:>6} {:>8}",
        "agent",
        "seat",
        "games",
        "score",
        "95% interval",
        "W/D/L",
        "win",
        "goals",
        "conc.",
        "dec/game"
    );
    for (a, label) in plan.labels.iter().enumerate() {
        print_row(label, "all", &stats.agent_total(a));
        for seat in 0..stats.num_seats() {
            print_row("", &seat.to_string(), stats.seat(a, seat as u8));
        }
    }
}
