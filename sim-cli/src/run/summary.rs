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

/// The warnings of a finished run: the degenerate game's (see [`degenerate`], `warnings`
/// being the rule set's own, `decisions` the decisions taken in all games) and each agent
/// that overran its time budget, one line each.
pub fn warning_lines(
    plan: &Plan,
    warnings: &[String],
    tally: &Tally,
    decisions: u64,
) -> Vec<String> {
    let mut out = degenerate(warnings, &tally.balance, decisions);
    for (label, o) in plan.labels.iter().zip(&tally.overruns) {
        if o.count > 0 {
            out.push(format!(
                "{label} took more than twice its time budget in {} decisions (the \
                 longest {} ms): the machine was busy, or a decision's own work outlasts the \
                 budget",
                o.count, o.longest_ms
            ));
        }
    }
    out
}

/// Prints the balance a designer asks for first, each figure with its 95% interval:
/// first-seat advantage, draw rate, games ended by the turn cap (when there are any),
/// goals and turns per game (`docs/statistics.md`, `balance.csv`).
pub fn print_balance(balance: &BalanceStats) {
    if balance.games() == 0 {
        return;
    }
    let games = balance.games();
    let rate = |successes: f64| {
        let p = successes / games as f64;
        match reports::wilson95(successes, games) {
            Some(i) => (p, i.lo, i.hi),
            None => (p, p, p),
        }
    };
    let mean = |m: &reports::Moments| {
        let v = m.mean().unwrap_or(0.0);
        let se = m.standard_error().unwrap_or(0.0);
        (v, v - reports::Z95 * se, v + reports::Z95 * se)
    };
    say!();
    say!("balance (95% intervals)");
    let (p, lo, hi) = rate(balance.seat_points(0));
    say!(
        "  first-seat advantage       {:+.3}  [{:+.3}, {:+.3}]   seat 0's score rate minus 0.5",
        p - 0.5,
        lo - 0.5,
        hi - 0.5
    );
    let (p, lo, hi) = rate(balance.drawn_games() as f64);
    say!("  draw rate                   {p:.3}  [{lo:.3}, {hi:.3}]   games no player won outright");
    if balance.capped_games() > 0 {
        let (p, lo, hi) = rate(balance.capped_games() as f64);
        say!("  ended by the turn cap       {p:.3}  [{lo:.3}, {hi:.3}]   counted as draws among the players still in");
    }
    let (v, lo, hi) = mean(balance.goals());
    say!("  goals per game              {v:.2}  [{lo:.2}, {hi:.2}]");
    if balance.turns().mean().is_some_and(|t| t > 0.0) {
        let (v, lo, hi) = mean(balance.turns());
        say!("  turns per game              {v:.1}  [{lo:.1}, {hi:.1}]");
    } else {
        let (v, lo, hi) = mean(balance.length());
        say!("  decisions per game          {v:.1}  [{lo:.1}, {hi:.1}]");
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

/// Prints the first agent's paired interval and, in a plain sentence, how much the
/// duplicate deals narrowed it.
pub fn print_duplicate_gain(m: &MatchStats, paired: bool) {
    let (Some((hp, hw)), Some((score, p, _))) =
        (duplicate_gain(m, paired), m.score_interval(paired))
    else {
        return;
    };
    say!();
    say!(
        "Score of the first agent against the second: {score:.3} [{:.3}, {:.3}], from {} pairs \
         of games played on the same deal with the seats swapped.",
        p.lo,
        p.hi,
        m.pairs.pairs(),
    );
    if hp > 0.0 && hp < hw {
        say!(
            "Playing each deal twice made this interval {:.0}% narrower than independent games \
             would (±{hp:.3} instead of ±{hw:.3}): as precise as {:.1} times as many \
             independent games.",
            100.0 * (1.0 - hp / hw),
            (hw / hp).powi(2)
        );
    } else if hp > 0.0 {
        say!(
            "Playing each deal twice did not narrow this interval (±{hp:.3}, independent \
             games ±{hw:.3}): the deal's luck weighs little between these agents."
        );
    }
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
        "{label:<12} {seat:>4} {games:>9} {rate:>6} {interval:>16} {wdl:>22} {win:>6} {gf:>7} {ga:>7} {act:>9}",
        games = s.games,
        win = fmt_opt(s.per_game(100.0 * s.win_share12 as f64 / 12.0), 1),
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
        "{:<12} {:>4} {:>9} {:>6} {:>16} {:>22} {:>6} {:>7} {:>7} {:>9}",
        "agent",
        "seat",
        "games",
        "score",
        "95% interval",
        "wins/draws/losses",
        "win %",
        "goals",
        "against",
        "decisions"
    );
    for (a, label) in plan.labels.iter().enumerate() {
        print_row(label, "all", &stats.agent_total(a));
        for seat in 0..stats.num_seats() {
            print_row("", &seat.to_string(), stats.seat(a, seat as u8));
        }
    }
    say!(
        "score: the mean share of opponents finished ahead of (0.5 is even; with two players \
         wins + draws/2); win %: games won (a draw among k players counts 1/k); goals, \
         against, decisions: per game"
    );
}
