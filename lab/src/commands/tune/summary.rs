//! The summary of `sim tune` as text: what the command prints on standard output, whether
//! it ran fresh, was resumed or merged from its shards.

use super::TuneReport;

/// Writes the summary of `sim tune`: the search's size, the final's table
/// (`write_final`), the winner, the near-ties, the verdict and the files written.
pub fn write_tune(out: &mut String, r: &TuneReport) {
    let (arms, fin, budget) = (&r.arms, &r.fin, &r.budget);
    put!(out,
        "{}: tuned {} over {} evaluations of {} games ({}), then {} re-played on fresh seeds, {} games each; {:.1} s",
        r.game,
        r.keys.join(", "),
        budget.evaluations,
        budget.eval_games,
        r.agents,
        match arms.len() {
            1 => "the base rules".to_string(),
            n => format!("{n} rule sets"),
        },
        budget.final_games,
        r.elapsed
    );
    put!(out);
    write_final(out, r);
    put!(out);
    let winner = fin.winner;
    put!(
        out,
        "winner: {} ({})",
        arms[winner].label,
        arms[winner].settings
    );
    let ties: Vec<&str> = fin
        .tie_set()
        .into_iter()
        .map(|p| arms[p].label.as_str())
        .collect();
    if !ties.is_empty() {
        put!(out,
            "near-tie: {} {} not distinguishable from the winner at these games; play more games (--games) to separate them",
            and_list(&ties),
            if ties.len() == 1 { "is" } else { "are" }
        );
    }
    if r.change {
        put!(
            out,
            "change recommended: {} beats the base rules ({})",
            arms[winner].label,
            arms[winner].settings
        );
    } else if r.tunes_rules {
        put!(out, "no change recommended: the base rules were not beaten");
    } else {
        put!(
            out,
            "no change recommended: the base (the agent as the game plays it) was not beaten"
        );
    }
    put!(
        out,
        "wrote {}/ (tune.csv, tune_results.csv, best.toml, {}run.json, report.html)",
        r.out.display(),
        if r.tunes_agent { "agents.toml, " } else { "" }
    );
    if r.tunes_rules {
        put!(
            out,
            "use it: --rules {}{}",
            r.out.join("best.toml").display(),
            if r.change { "" } else { " (the base rules)" }
        );
    }
    if r.tunes_agent {
        put!(
            out,
            "agents: {}{}; to make them {}'s defaults, copy {} to {} and rebuild",
            r.recommended_agent,
            if r.change { "" } else { " (the base)" },
            r.game,
            r.out.join("agents.toml").display(),
            crate::infra::games::agent_defaults_file(&r.game)
        );
    }
    put!(out, "report: {}", r.report.display());
}

fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The final table: each re-played rule set's loss with its interval, its difference to
/// the winner with its interval (`≈`: not distinguishable), and its target metrics.
fn write_final(out: &mut String, report: &TuneReport) {
    let (arms, targets, metric_list, rows, fin) = (
        &report.arms,
        &report.targets,
        &report.metrics,
        &report.rows,
        &report.fin,
    );
    let iv = |v: Option<f64>, lo: Option<f64>, hi: Option<f64>, sign: bool| match (v, lo, hi) {
        (Some(v), Some(lo), Some(hi)) if sign => format!("{v:+.3} [{lo:+.3}, {hi:+.3}]"),
        (Some(v), Some(lo), Some(hi)) => format!("{v:.3} [{lo:.3}, {hi:.3}]"),
        (Some(v), _, _) if sign => format!("{v:+.3}"),
        (Some(v), _, _) => format!("{v:.3}"),
        _ => "-".into(),
    };
    let mut head = format!("{:<13} {:>23} {:>27}", "rule set", "loss", "− winner");
    for (t, _) in targets {
        let name = if t.key.is_empty() {
            t.name.clone()
        } else {
            format!("{}[{}]", t.name, t.key)
        };
        head.push_str(&format!(" {:>26}", format!("{name} → {}", t.value)));
    }
    put!(out, "{head}");
    for (p, a) in arms.iter().enumerate() {
        let r = &fin.rows[p];
        let diff = if p == fin.winner {
            "winner ".to_string()
        } else {
            format!(
                "{}{}",
                iv(r.diff, r.diff_lo, r.diff_hi, true),
                if r.tied { "≈" } else { " " }
            )
        };
        let mut line = format!(
            "{:<13} {:>23} {:>27}",
            format!("{}{}", a.label, if p == fin.winner { " ✓" } else { "" }),
            iv(r.loss, r.lo, r.hi, false),
            diff
        );
        for (_, i) in targets {
            let r = rows.iter().find(|r| {
                r.point == p
                    && r.metric == metric_list[*i].id.name
                    && r.key == metric_list[*i].id.key
            });
            let cell = r.map_or("-".to_string(), |r| iv(r.value, r.lo, r.hi, false));
            line.push_str(&format!(" {cell:>26}"));
        }
        put!(out, "{line}");
    }
    for a in arms.iter().skip(1) {
        put!(out, "  {}: {}", a.label, a.settings);
    }
    put!(out, "{}", report.method);
    if arms.len() > 1 {
        put!(
            out,
            "≈ = not distinguishable from the winner (the interval of the difference contains 0)"
        );
    }
}
