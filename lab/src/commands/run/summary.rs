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

/// The balance a designer asks for first, each figure with its 95% interval, as lines
/// (the first one empty): first-seat advantage, draw rate, games ended by the turn cap
/// (when there are any, with how the game scores them, `at_cap`:
/// [`engine_core::GameInfo::at_cap`]), goals and turns per game (`docs/statistics.md`,
/// `balance.csv`). At a one-seat game, no first-seat advantage and no draw rate (there
/// are no opponents), and goals only when some game had one. Nothing without games.
pub fn balance_lines(balance: &BalanceStats, at_cap: &str) -> Vec<String> {
    let mut out = Vec::new();
    if balance.games() == 0 {
        return out;
    }
    let solo = balance.num_seats() == 1;
    let games = balance.games();
    let rate = |successes: f64| {
        let p = successes / games as f64;
        match reports::wilson95(successes, games) {
            Some(i) => (p, i.lo, i.hi),
            None => (p, p, p),
        }
    };
    // A count's mean with its log-scale interval, which stays within the counts' range.
    let mean = |m: &reports::Moments| {
        let v = m.mean().unwrap_or(0.0);
        let (lo, hi) = m.interval95().unwrap_or((v, v));
        (v, lo, hi)
    };
    out.push(String::new());
    out.push("balance (95% intervals)".into());
    if !solo {
        let p = balance.seat_points(0) / games as f64;
        let (lo, hi) = balance
            .seat_score_interval(0)
            .map_or((p, p), |i| (i.lo, i.hi));
        out.push(format!(
            "  first-seat advantage       {:+.3}  [{:+.3}, {:+.3}]   seat 0's score rate minus 0.5",
            p - 0.5,
            lo - 0.5,
            hi - 0.5
        ));
        let (p, lo, hi) = rate(balance.drawn_games() as f64);
        out.push(format!(
            "  draw rate                   {p:.3}  [{lo:.3}, {hi:.3}]   games no player won outright"
        ));
    }
    if balance.capped_games() > 0 {
        let (p, lo, hi) = rate(balance.capped_games() as f64);
        out.push(format!(
            "  ended by the turn cap       {p:.3}  [{lo:.3}, {hi:.3}]   {at_cap}"
        ));
    }
    if !solo || balance.goals().sum > 0 {
        let (v, lo, hi) = mean(balance.goals());
        out.push(format!(
            "  goals per game              {v:.2}  [{lo:.2}, {hi:.2}]"
        ));
    }
    if balance.turns().mean().is_some_and(|t| t > 0.0) {
        let (v, lo, hi) = mean(balance.turns());
        out.push(format!(
            "  turns per game              {v:.2}  [{lo:.2}, {hi:.2}]"
        ));
        if let Some((v, lo, hi)) = balance.goals_per_turn().filter(|g| g.0 > 0.0) {
            out.push(format!(
                "  goals per turn              {v:.3}  [{lo:.3}, {hi:.3}]"
            ));
        }
    } else {
        let (v, lo, hi) = mean(balance.length());
        out.push(format!(
            "  decisions per game          {v:.1}  [{lo:.1}, {hi:.1}]"
        ));
    }
    out
}

/// How the SPRT `t` ended, as one line: its parameters, the decision, the games it took and the
/// log-likelihood ratio between Wald's bounds.
pub fn sprt_lines(t: &SprtOutcome) -> Vec<String> {
    let mut out = Vec::new();
    out.push(format!(
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
    ));
    out
}

/// How much the duplicate deals narrowed a match's interval.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Gain {
    /// The pentanomial half-width (pairs the samples).
    paired: f64,
    /// The trinomial half-width of the same games counted as independent (draws
    /// accounted for): what unpaired games with these results would give.
    independent: f64,
    /// Whether the pairing measurably narrowed the interval: the correlation of the two
    /// games of a pair, `ρ̂ = 2·σ̂²_pair / σ̂²_game − 1` (the pair mean's variance is
    /// `σ²(1 + ρ)/2`), is below `−1.96/√P` over `P` pairs, the two-sided 95% bound of
    /// a zero correlation (its standard error is about `1/√P`, Fisher 1921).
    measurable: bool,
}

/// The duplicate deals' [`Gain`] of match `m`: the pentanomial half-width against the
/// trinomial half-width of the same games, like with like (both count draws as the
/// smaller spread they are). `None` without a pentanomial interval.
fn duplicate_gain(m: &MatchStats, paired: bool) -> Option<Gain> {
    let (_, w, _) = m.score_interval(false)?;
    let (_, p, how) = m.score_interval(paired)?;
    if how != "pentanomial" {
        return None;
    }
    let pairs = m.pairs.pairs() as f64;
    let game_var = m.games.score_variance()?;
    let pair_var = m.pairs.score_variance()?;
    let rho = if game_var > 0.0 {
        2.0 * pair_var / game_var - 1.0
    } else {
        0.0
    };
    Some(Gain {
        paired: (p.hi - p.lo) / 2.0,
        independent: (w.hi - w.lo) / 2.0,
        measurable: rho < -reports::Z95 / pairs.sqrt(),
    })
}

/// `a` and `b` with the fewest decimals (3 to 6) at which they print differently.
fn two_widths(a: f64, b: f64) -> (String, String) {
    for digits in 3..=6 {
        let (x, y) = (format!("{a:.digits$}"), format!("{b:.digits$}"));
        if x != y || digits == 6 {
            return (x, y);
        }
    }
    unreachable!()
}

/// " (12% narrower, worth 1.29x the games)" for a measurable [`Gain`], else empty.
fn gain_text(g: Gain) -> String {
    if g.measurable && g.paired > 0.0 {
        format!(
            " ({:.0}% narrower, worth {:.2}x the games)",
            100.0 * (1.0 - g.paired / g.independent),
            (g.independent / g.paired).powi(2)
        )
    } else {
        String::new()
    }
}

/// The first agent's paired interval and, in a plain sentence, how much the duplicate
/// deals narrowed it, as lines (the first one empty; none without a pentanomial interval).
pub fn duplicate_gain_lines(m: &MatchStats, paired: bool) -> Vec<String> {
    let mut out = Vec::new();
    let (Some(gain), Some((score, p, _))) = (duplicate_gain(m, paired), m.score_interval(paired))
    else {
        return Vec::new();
    };
    let (hp, hw) = (gain.paired, gain.independent);
    let (a, b) = two_widths(hp, hw);
    out.push(String::new());
    out.push(format!(
        "Score of the first agent against the second: {score:.3} [{:.3}, {:.3}], from {} pairs \
         of games played on the same deal with the seats swapped.",
        p.lo,
        p.hi,
        m.pairs.pairs(),
    ));
    if gain.measurable && hp > 0.0 {
        out.push(format!(
            "Playing each deal twice made this interval {:.1}% narrower than independent games \
             with the same results would (±{a} instead of ±{b}, draws counted in both): as \
             precise as {:.2} times as many independent games.",
            100.0 * (1.0 - hp / hw),
            (hw / hp).powi(2)
        ));
    } else if hp > 0.0 {
        out.push(format!(
            "Playing each deal twice did not measurably narrow this interval (±{a}; \
             independent games with the same results ±{b}): the two games of a deal are no \
             more alike than chance."
        ));
    }
    out
}

/// The ratings and the matchups of a tournament, as lines.
pub fn tournament_lines(
    plan: &Plan,
    matches: &[MatchStats],
    ratings: &[reports::RatingRow],
    paired: bool,
) -> Vec<String> {
    let mut out = Vec::new();
    out.push(String::new());
    out.push(format!(
        "{:<4} {:<24} {:>8} {:>20} {:>9} {:>6}",
        "rank", "agent", "elo", "95% interval", "games", "score"
    ));
    for r in ratings {
        out.push(format!(
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
        ));
    }
    out.push(String::new());
    for m in matches {
        let [a, b] = m.agents;
        if let Some((score, i, how)) = m.score_interval(paired) {
            let gain = duplicate_gain(m, paired).map(gain_text).unwrap_or_default();
            out.push(format!(
                "{:<24} vs {:<24} {score:.3} [{:.3}, {:.3}] {how}{gain}, W/D/L {}/{}/{}",
                plan.labels[a],
                plan.labels[b],
                i.lo,
                i.hi,
                m.games.wins,
                m.games.draws,
                m.games.losses
            ));
        }
    }
    out
}

/// `x` with `digits` decimals, or `-` when undefined.
fn fmt_opt(x: Option<f64>, digits: usize) -> String {
    x.map_or_else(|| "-".to_string(), |v| format!("{v:.digits$}"))
}

/// One line of the results table: `label` at `seat` (a seat number or `all`), its games,
/// score rate with its 95% interval (`paired`, the pentanomial interval of its duplicate
/// pairs, when given; else the draw-aware interval of independent games,
/// [`SeatStats::score_interval`]), W/D/L, win share, goals for and against and decisions
/// per game.
fn row_line(label: &str, seat: &str, s: &SeatStats, paired: Option<reports::Interval>) -> String {
    let ci = paired.or_else(|| s.score_interval());
    let interval = ci.map_or_else(
        || "-".to_string(),
        |i| format!("[{:.3}, {:.3}]", i.lo, i.hi),
    );
    format!(
        "{label:<12} {seat:>4} {games:>9} {rate:>6} {interval:>16} {wdl:>22} {win:>6} {gf:>7} {ga:>7} {act:>9}",
        games = s.games,
        win = fmt_opt(s.per_game(100.0 * s.win_share12 as f64 / 12.0), 1),
        rate = fmt_opt(s.score_rate(), 3),
        wdl = format!("{}/{}/{}", s.wins, s.draws, s.losses),
        gf = fmt_opt(s.per_game(s.goals_for as f64), 2),
        ga = fmt_opt(s.per_game(s.goals_against as f64), 2),
        act = fmt_opt(s.per_game(s.decisions as f64), 1),
    )
}

/// What was run (`name`, agents, deals, seed, threads), how long it took (`elapsed`
/// seconds, `rate` games a second) and the results of each agent, over all its seats and
/// at each seat, as lines. At a one-seat game, [`solo_lines`] instead.
pub fn summary_lines(
    name: &str,
    plan: &Plan,
    tally: &Tally,
    elapsed: f64,
    rate: f64,
) -> Vec<String> {
    let stats = &tally.stats;
    if stats.num_seats() == 1 {
        return solo_lines(name, plan, tally, elapsed, rate);
    }
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
    let mut out = vec![
        format!(
            "{name}: {} games, {what}, {} deals, seed {}, {}",
            stats.games(),
            if plan.schedule.duplicate {
                "duplicate"
            } else {
                "independent"
            },
            plan.seed,
            threads_text(plan.threads)
        ),
        elapsed_text(elapsed, rate, stats.actions()),
        String::new(),
        format!(
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
        ),
    ];
    let duplicate = plan.schedule.duplicate && stats.num_seats() == 2;
    for (a, label) in plan.labels.iter().enumerate() {
        let total = stats.agent_total(a);
        // As in summary.csv: the pentanomial interval when all its games are pairs.
        let pairs = total.score_rate().filter(|_| duplicate).and_then(|score| {
            reports::agent_pentanomial_interval(a, score, total.games, &tally.matches)
        });
        out.push(row_line(label, "all", &total, pairs));
        for seat in 0..stats.num_seats() {
            out.push(row_line(
                "",
                &seat.to_string(),
                stats.seat(a, seat as u8),
                None,
            ));
        }
    }
    out.extend(hidden_information_note(plan));
    out.extend(game_defaults_note(name, plan));
    out.push(
        "score: the mean share of opponents finished ahead of (0.5 is even; with two players \
         wins + draws/2); win %: games won (a draw among k players counts 1/k); goals, \
         against, decisions: per game"
            .into(),
    );
    out
}

/// `"elapsed 1.20 s, 830 games/s, 123456 actions"`.
fn elapsed_text(elapsed: f64, rate: f64, actions: u64) -> String {
    format!("elapsed {elapsed:.2} s, {rate:.0} games/s, {actions} actions")
}

/// A line naming the agents of `plan` that see hidden information (the `oracle`), if any:
/// their results bound honest play, they do not measure it.
fn hidden_information_note(plan: &Plan) -> Option<String> {
    let peeking: Vec<&str> = plan
        .labels
        .iter()
        .zip(&plan.specs)
        .filter(|(_, spec)| agents::sees_hidden_information(spec))
        .map(|(label, _)| label.as_str())
        .collect();
    (!peeking.is_empty()).then(|| {
        format!(
            "SEES HIDDEN INFORMATION: {} (searches the true deal; a bound on honest play, not \
             an honest player)",
            peeking.join(", ")
        )
    })
}

/// A line naming the agents of `plan` that play with parameters from the game's
/// defaults (`configs/<game>/agents.toml`), with their effective specs, if any.
fn game_defaults_note(name: &str, plan: &Plan) -> Option<String> {
    let effective = crate::infra::games::effective_specs(name, &plan.specs).ok()?;
    let changed: Vec<String> = plan
        .labels
        .iter()
        .zip(&plan.specs)
        .zip(&effective)
        .filter(|((_, typed), eff)| typed.as_str() != eff.as_str())
        .map(|((label, _), eff)| format!("{label} = {eff}"))
        .collect();
    (!changed.is_empty()).then(|| {
        format!(
            "{name}'s defaults of agent parameters ({}): {}",
            crate::infra::games::agent_defaults_file(name),
            changed.join("; ")
        )
    })
}

/// `"4 threads"`, `"1 thread"`.
fn threads_text(threads: usize) -> String {
    format!("{threads} thread{}", if threads == 1 { "" } else { "s" })
}

/// The summary of a run of a one-seat game (a solitaire), as lines: what was run, how
/// long it took, and per agent its games, its mean score (the game's points) with the
/// 95% interval `mean ± 1.96·SE`, and its decisions per game. No placement columns: with
/// one seat there are no opponents (no wins, score rate or win share).
pub fn solo_lines(name: &str, plan: &Plan, tally: &Tally, elapsed: f64, rate: f64) -> Vec<String> {
    let stats = &tally.stats;
    let what = match &plan.labels[..] {
        [one] => format!("{one} alone"),
        more => format!(
            "{} each alone ({} games each, {})",
            more.join(", "),
            plan.schedule.games_per_match,
            if plan.schedule.duplicate {
                "on the same deals"
            } else {
                "on independent deals"
            }
        ),
    };
    let width = plan
        .labels
        .iter()
        .map(|l| l.chars().count())
        .fold(12, usize::max);
    let mut out = vec![
        format!(
            "{name}: {} games, 1 player, {what}, seed {}, {}",
            stats.games(),
            plan.seed,
            threads_text(plan.threads)
        ),
        elapsed_text(elapsed, rate, stats.actions()),
        String::new(),
        format!(
            "{:<width$} {:>9} {:>9} {:>20} {:>9} {:>20} {:>9}",
            "agent", "games", "score", "95% interval", "turns", "95% interval", "decisions"
        ),
    ];
    // A mean `sum / games` and its 95% interval `mean ± 1.96·SE`, as text.
    let with_interval = |s: &reports::SeatStats, sum: u64, sum_sq: u64| {
        let mean = s.per_game(sum as f64);
        let interval = mean.zip(s.standard_error(sum, sum_sq)).map_or_else(
            || "-".to_string(),
            |(m, se)| {
                format!(
                    "[{:.2}, {:.2}]",
                    m - reports::Z95 * se,
                    m + reports::Z95 * se
                )
            },
        );
        (fmt_opt(mean, 2), interval)
    };
    for (a, label) in plan.labels.iter().enumerate() {
        let s = stats.agent_total(a);
        let (score, score_iv) = with_interval(&s, s.goals_for, s.goals_for_sq);
        let (turns, turns_iv) = with_interval(&s, s.turns, s.turns_sq);
        out.push(format!(
            "{label:<width$} {:>9} {score:>9} {score_iv:>20} {turns:>9} {turns_iv:>20} {:>9}",
            s.games,
            fmt_opt(s.per_game(s.decisions as f64), 1),
        ));
    }
    out.extend(hidden_information_note(plan));
    out.extend(game_defaults_note(name, plan));
    out.push(
        "score: the game's points per game; turns: per game (the game's own length); each \
         with its 95% interval (± 1.96 standard errors); decisions: the agent's, per game. \
         One player: no opponents, so no wins, score rates, matchups or ratings"
            .into(),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use reports::{Pentanomial, Wdl};

    #[test]
    fn widths_print_with_the_digits_that_tell_them_apart() {
        assert_eq!(two_widths(0.0121, 0.0172), ("0.012".into(), "0.017".into()));
        assert_eq!(
            two_widths(0.00312, 0.00324),
            ("0.0031".into(), "0.0032".into())
        );
        assert_eq!(two_widths(0.5, 0.5), ("0.500000".into(), "0.500000".into()));
    }

    /// A match of `pairs` pair counts; its games are the pairs' games (LL = two losses,
    /// a split pair a win and a loss, and so on).
    fn paired(counts: [u64; 5]) -> MatchStats {
        let mut m = MatchStats::new(0, 1);
        m.pairs = Pentanomial { counts };
        // k = 0: LL, 1: LD, 2: WL (or DD, counted as WL here), 3: WD, 4: WW.
        let [c0, c1, c2, c3, c4] = counts;
        m.games = Wdl {
            wins: c2 + c3 + 2 * c4,
            draws: c1 + c3,
            losses: 2 * c0 + c1 + c2,
        };
        m
    }

    #[test]
    fn the_gain_compares_pairs_with_the_trinomial_interval() {
        // Every pair split 1-1: the pair score never varies, the games do (ρ = −1).
        let g = duplicate_gain(&paired([10, 0, 400, 0, 10]), true).unwrap();
        assert!(g.measurable && g.paired < g.independent / 2.0, "{g:?}");
        let (_, t, _) = paired([10, 0, 400, 0, 10]).score_interval(false).unwrap();
        assert_eq!(g.independent, (t.hi - t.lo) / 2.0);
        assert!(gain_text(g).contains("% narrower"));
        // Pairs as independent pairs of games would give (k binomial(2, ½) over
        // wins and losses: 1/4, 1/2, 1/4): ρ = 0, nothing measurable to claim.
        let g = duplicate_gain(&paired([250, 0, 500, 0, 250]), true).unwrap();
        assert!(!g.measurable, "{g:?}");
        assert_eq!(gain_text(g), "");
        // Unpaired runs have no gain.
        assert_eq!(duplicate_gain(&paired([250, 0, 500, 0, 250]), false), None);
    }
}
