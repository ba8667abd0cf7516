//! `sim tune`: the flags become [`lab::options::TuneOptions`], the lab searches the rules
//! or agent parameters ([`lab::tune::tune`]) and writes the folder, and this file prints
//! the recommendation from its [`lab::tune::TuneReport`] (also after `sim resume` and
//! `sim merge`).

use crate::args::{positive_u64, positive_usize, GameArgs, LongRunArgs, OutputArgs};
use clap::Args;

use lab::tune::TuneReport;

/// `sim tune`: runs it and prints its summary ([`print_tune`]). Errors: those of
/// [`lab::tune()`].
pub fn tune(args: &TuneArgs) -> anyhow::Result<()> {
    print_tune(&lab::tune(&args.options())?);
    Ok(())
}

/// Prints the summary of `sim tune`: the search's size, the final's table
/// ([`print_final`]), the winner, the near-ties, the verdict and the files written.
pub fn print_tune(r: &TuneReport) {
    let (arms, fin, budget) = (&r.arms, &r.fin, &r.budget);
    say!(
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
    say!();
    print_final(r);
    say!();
    let winner = fin.winner;
    say!("winner: {} ({})", arms[winner].label, arms[winner].settings);
    let ties: Vec<&str> = fin
        .tie_set()
        .into_iter()
        .map(|p| arms[p].label.as_str())
        .collect();
    if !ties.is_empty() {
        say!(
            "near-tie: {} {} not distinguishable from the winner at these games; play more games (--games) to separate them",
            and_list(&ties),
            if ties.len() == 1 { "is" } else { "are" }
        );
    }
    if r.change {
        say!(
            "change recommended: {} beats the base rules ({})",
            arms[winner].label,
            arms[winner].settings
        );
    } else if r.tunes_rules {
        say!("no change recommended: the base rules were not beaten");
    } else {
        say!("no change recommended: the base (the agent as the game plays it) was not beaten");
    }
    say!(
        "wrote {}/ (tune.csv, tune_results.csv, best.toml, {}run.json, report.html)",
        r.out.display(),
        if r.tunes_agent { "agents.toml, " } else { "" }
    );
    if r.tunes_rules {
        say!(
            "use it: --rules {}{}",
            r.out.join("best.toml").display(),
            if r.change { "" } else { " (the base rules)" }
        );
    }
    if r.tunes_agent {
        say!(
            "agents: {}{}; to make them {}'s defaults, copy {} to {} and rebuild",
            r.recommended_agent,
            if r.change { "" } else { " (the base)" },
            r.game,
            r.out.join("agents.toml").display(),
            lab::games::agent_defaults_file(&r.game)
        );
    }
    say!("report: {}", r.report.display());
}

fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The final table: each re-played rule set's loss with its interval, its difference to
/// The final table: each re-played rule set's loss with its interval, its difference to
/// the winner with its interval (`≈`: not distinguishable), and its target metrics.
fn print_final(report: &TuneReport) {
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
    say!("{head}");
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
        say!("{line}");
    }
    for a in arms.iter().skip(1) {
        say!("  {}: {}", a.label, a.settings);
    }
    say!("{}", report.method);
    if arms.len() > 1 {
        say!("≈ = not distinguishable from the winner (the interval of the difference contains 0)");
    }
}

/// Arguments of `sim tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// What to play. --games is the budget of the whole search (every evaluation and the
    /// final re-play together).
    #[command(flatten)]
    pub common: GameArgs,
    /// A key and the values to search: `KEY=A..B`, `KEY=A..B:STEP` or `KEY=V1,V2,…`.
    /// Repeatable. A rule key, or `agent.PARAM` for a parameter of the first agent of
    /// --agents (`agent.c=0.1,0.2,0.4`; see `sim agents`): the other agents are the fixed
    /// opponents, and the winner is also written as agents.toml (the format of
    /// configs/<game>/agents.toml).
    #[arg(long = "vary", value_name = "KEY=VALUES", required = true)]
    pub vary: Vec<String>,
    /// A metric and the value to aim at, with an optional weight: `draw_rate=0.25`,
    /// `mean_goals=2.7:2`, `mean_length[turns]=60`. Repeatable. To make the first agent
    /// as strong as it can be: `score_rate[LABEL]=1` (its score against the others,
    /// maximized), or alone at a solitaire `mean_length[turns]=0` (fewest turns).
    #[arg(long = "target", value_name = "METRIC=VALUE[:WEIGHT]", required = true)]
    pub targets: Vec<String>,
    /// Games per evaluation of a candidate during the search [default: from the budget].
    #[arg(long, value_name = "N", value_parser = positive_u64)]
    pub eval_games: Option<u64>,
    /// Candidates re-played on fresh seeds at the end, with the base rules (always re-played
    /// too): the final, a paired test that recommends a change only if the base is beaten.
    #[arg(long, value_name = "K", default_value_t = 3, value_parser = positive_usize)]
    pub finalists: usize,
    /// Threads and output folder.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Shard and checkpoints.
    #[command(flatten)]
    pub long: LongRunArgs,
}

impl TuneArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::TuneOptions {
        ::lab::options::TuneOptions {
            common: self.common.options(),
            vary: self.vary.clone(),
            targets: self.targets.clone(),
            eval_games: self.eval_games,
            finalists: self.finalists,
            output: self.output.options(),
            long: self.long.options(),
        }
    }
}
