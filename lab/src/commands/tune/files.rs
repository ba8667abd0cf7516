//! What `sim tune` writes beside its CSV: `best.toml` (the recommended rules, which
//! extend the base rules), the agents file of a tuned agent, and their comment lines.

use crate::commands::design::{ArmView, Metric};
use crate::infra::rules::parse_set;
use agents::AgentSpec;
use anyhow::{Context, Result};
use engine_core::EmbeddedRules;
use reports::{CompareRow, Final};

use super::targets::Target;

/// `best.toml`: the recommended rules as a file that extends the base rules and sets the
/// base's `--set`s and, when a change is recommended, the tuned keys of `point`; the
/// targets and the re-played metrics of rule set `winner` in comments, under the
/// `command_line` that made it.
#[allow(clippy::too_many_arguments)]
pub(super) fn winner_file(
    shipped: &[EmbeddedRules],
    command_line: &[String],
    rules: Option<&str>,
    base_sets: &[String],
    point: Option<&[usize]>,
    point_sets: &dyn Fn(&[usize]) -> Vec<String>,
    targets: &[(Target, usize)],
    metric_list: &[Metric],
    rows: &[CompareRow],
    winner: usize,
) -> Result<String> {
    let mut tree = toml::Table::new();
    let tuned = point.map(point_sets).unwrap_or_default();
    for set in base_sets.iter().cloned().chain(tuned) {
        let t = parse_set(&set).map_err(anyhow::Error::msg)?;
        engine_core::overlay(&mut tree, &t);
    }
    let extends = match rules {
        None => shipped[0].name.to_string(),
        Some(r) if shipped.iter().any(|x| x.name == r) => r.to_string(),
        Some(path) => std::fs::canonicalize(path)
            .map(|p| p.display().to_string())
            .unwrap_or_else(|_| path.to_string()),
    };
    let what = if point.is_some() {
        "the candidate closest to the targets, re-played on fresh seeds: it beat the base rules"
    } else {
        "no change recommended: no candidate beat the base rules in the final, so these are the base rules"
    };
    let mut text = format!(
        "# Found by `sim tune`: {what}.\n# {}\n",
        reports::report::shell_line(command_line)
    );
    for (t, i) in targets {
        let r = rows.iter().find(|r| {
            r.point == winner
                && r.metric == metric_list[*i].id.name
                && r.key == metric_list[*i].id.key
        });
        let got = r.and_then(|r| r.value.map(|v| (v, r.lo, r.hi))).map_or(
            "-".into(),
            |(v, lo, hi)| match (lo, hi) {
                (Some(lo), Some(hi)) => format!("{v:.3} [{lo:.3}, {hi:.3}]"),
                _ => format!("{v:.3}"),
            },
        );
        let name = if t.key.is_empty() {
            t.name.clone()
        } else {
            format!("{}[{}]", t.name, t.key)
        };
        text.push_str(&format!(
            "#   {name}: target {} (weight {}), re-played {got}\n",
            t.value, t.weight
        ));
    }
    text.push_str(&format!("extends = {}\n\n", toml::Value::String(extends)));
    text.push_str(&toml::to_string(&tree).context("cannot write the winner's rules")?);
    Ok(text)
}

/// The prefix of a `--vary` key that names a parameter of the first agent
/// (`agent.c=0.1,0.2`).
pub const AGENT_PREFIX: &str = "agent.";

/// `spec` with the parameters `params` written over it: `name(k=v,...)` with the spec's
/// own parameters not in `params`, then `params`; `spec` itself (trimmed) when `params`
/// is empty. No text is parsed ([`AgentSpec::with_params`]). Errors: a text that is not
/// a spec ([`AgentSpec::readable`]).
pub(super) fn with_params(spec: &AgentSpec, params: &[(String, String)]) -> Result<AgentSpec> {
    if params.is_empty() {
        return Ok(spec.trimmed());
    }
    Ok(spec.with_params(params)?)
}

/// Whether two parameter values as typed are the same value (`0.2` and `0.20`).
pub(super) fn same_value(a: &str, b: &str) -> bool {
    a == b || matches!((a.parse::<f64>(), b.parse::<f64>()), (Ok(x), Ok(y)) if x == y)
}

/// A parameter value as typed, as a TOML value: a whole number, a number, true/false, or
/// a word.
pub(super) fn toml_value(v: &str) -> toml::Value {
    if let Ok(i) = v.parse::<i64>() {
        toml::Value::Integer(i)
    } else if let Ok(x) = v.parse::<f64>() {
        toml::Value::Float(x)
    } else if let Ok(b) = v.parse::<bool>() {
        toml::Value::Boolean(b)
    } else {
        toml::Value::String(v.to_string())
    }
}

/// The command line that reproduces a tune's result, from the `command_line` that started
/// it: the program as `sim`, without the options the result does not depend on
/// (`--threads`, `--out`), so that the same search gives the same file whatever the
/// threads.
pub(super) fn reproducible_command(command_line: &[String]) -> String {
    let mut out = vec!["sim".to_string()];
    let mut args = command_line.iter().skip(1).cloned();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--threads" | "-j" | "--out" | "-o" => {
                args.next();
            }
            _ if ["--threads=", "--out=", "-j=", "-o="]
                .iter()
                .any(|p| a.starts_with(p)) => {}
            _ => out.push(a),
        }
    }
    reports::report::shell_line(&out)
}

/// What the header of `agents.toml` says about the final, and the command that made it.
pub(super) struct FinalText<'a> {
    pub(super) command_line: &'a [String],
    pub(super) what: &'a str,
    pub(super) targets: &'a [(Target, usize)],
    pub(super) metric_list: &'a [Metric],
    pub(super) rows: &'a [CompareRow],
    pub(super) arms: &'a [ArmView<'a>],
    pub(super) fin: &'a Final,
}

/// `agents.toml`: the game's agent table (`configs/<game>/agents.toml`) of the tuned
/// agent `agent` (`oracle`: `[mcts]`) with the keys of `tuned` set to its values, and in
/// its header the command, the verdict and every finalist's target metrics and loss.
pub(super) fn agents_file(
    game: &str,
    agent: &str,
    defaults: &agents::AgentDefaults,
    tuned: &[(String, String)],
    fin: &FinalText<'_>,
) -> Result<String> {
    let table_name = agents::AgentDefaults::table_of(agent);
    let mut table = toml::Table::new();
    for (k, v) in defaults.params_for(agent).iter().chain(tuned) {
        table.insert(k.clone(), toml_value(v));
    }
    let mut text = format!(
        "# Per-game defaults of the agents' parameters for {game} (docs/agents.md, \"Per-game\n\
         # defaults\"): a key of a table replaces the generic default of that parameter in\n\
         # this game; a parameter typed in --agents replaces both; the oracle reads [mcts].\n\
         #\n"
    );
    let mut line = String::from("#");
    for word in format!(
        "Chosen by `sim tune` over the parameters of the first agent: {}.",
        fin.what
    )
    .split(' ')
    {
        if line.len() + word.len() > 88 {
            text.push_str(&line);
            text.push('\n');
            line = String::from("#");
        }
        line.push(' ');
        line.push_str(word);
    }
    text.push_str(&line);
    text.push_str(&format!(
        "\n#   {}\n",
        reproducible_command(fin.command_line)
    ));
    text.push_str("# The final (fresh seeds, paired):\n");
    for (p, arm) in fin.arms.iter().enumerate() {
        let r = &fin.fin.rows[p];
        let mut line = format!(
            "#   {}{} ({}): loss {}",
            arm.label,
            if p == fin.fin.winner { " (winner)" } else { "" },
            arm.settings,
            interval(r.loss, r.lo, r.hi)
        );
        if p != fin.fin.winner {
            line.push_str(&format!(
                ", minus the winner's {}{}",
                interval(r.diff, r.diff_lo, r.diff_hi),
                if r.tied { " (not distinguishable)" } else { "" }
            ));
        }
        for (t, i) in fin.targets {
            let m = &fin.metric_list[*i];
            let got = fin
                .rows
                .iter()
                .find(|r| r.point == p && r.metric == m.id.name && r.key == m.id.key)
                .map_or("-".into(), |r| interval(r.value, r.lo, r.hi));
            line.push_str(&format!("; {} {got}", target_name(t)));
        }
        text.push_str(&line);
        text.push('\n');
    }
    let mut root = toml::Table::new();
    root.insert(table_name.to_string(), toml::Value::Table(table));
    text.push_str(&toml::to_string(&root).context("cannot write the agents file")?);
    Ok(text)
}

/// `v [lo, hi]` with three decimals; `v` alone without an interval; `-` without a value.
pub(super) fn interval(v: Option<f64>, lo: Option<f64>, hi: Option<f64>) -> String {
    match (v, lo, hi) {
        (Some(v), Some(lo), Some(hi)) => format!("{v:.3} [{lo:.3}, {hi:.3}]"),
        (Some(v), _, _) => format!("{v:.3}"),
        _ => "-".into(),
    }
}

/// `name` or `name[key]` of a target.
pub(super) fn target_name(t: &Target) -> String {
    if t.key.is_empty() {
        t.name.clone()
    } else {
        format!("{}[{}]", t.name, t.key)
    }
}
