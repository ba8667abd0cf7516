//! `sim rules`: the shipped rule sets, the resolved rules key by key, or a complete rules
//! file ([`lab::rules`]).

use crate::cli::{RulesArgs, RulesFormat};
use anyhow::Result;
use engine::core::Registered;
use lab::rules::{key_lines, load, to_toml};

/// `sim rules`: prints the shipped rule sets (`--list`), the resolved rules key by key
/// (`--format table`), or a complete rules file (`--format toml`). Errors: every problem
/// of the rule set, one line each.
pub fn command<R: Registered>(args: &RulesArgs) -> Result<()> {
    if args.list {
        for r in R::RULES {
            say!("{:<18} {}", r.name, r.about);
        }
        say!();
        say!("Use one with --rules NAME; write your own with `extends = \"default\"` and --rules FILE.");
        return Ok(());
    }
    let (game, resolved) = load::<R>(args.rules.as_deref(), &args.set)?;
    match args.format {
        RulesFormat::Toml => {
            say!("{}", to_toml::<R>(&resolved)?.trim_end());
        }
        RulesFormat::Table => {
            let lines = key_lines::<R>(&resolved);
            let changed = lines.iter().filter(|l| l.changed).count();
            say!("{} rules: {}", R::NAME, resolved.sources.join(", then "));
            say!(
                "{changed} key{} differ{} from the default (marked *)",
                if changed == 1 { "" } else { "s" },
                if changed == 1 { "s" } else { "" }
            );
            say!();
            let kw = lines.iter().map(|l| l.key.len()).max().unwrap_or(3).max(3);
            // Long values (lists) overflow their column rather than widen every line.
            let vw = lines
                .iter()
                .map(|l| l.value.len().max(l.default.len()))
                .filter(|&w| w <= 24)
                .max()
                .unwrap_or(5)
                .max(5);
            say!(
                "  {:<kw$}  {:<vw$}  {:<vw$}  documentation",
                "key",
                "value",
                "default"
            );
            for l in &lines {
                say!(
                    "{} {:<kw$}  {:<vw$}  {:<vw$}  {}",
                    if l.changed { "*" } else { " " },
                    l.key,
                    l.value,
                    if l.changed { &l.default[..] } else { "" },
                    if l.changed {
                        format!("[{}] {}", l.source, l.doc)
                    } else {
                        l.doc.clone()
                    }
                );
            }
            for w in game.warnings() {
                say!();
                say!("warning: {w}");
            }
        }
    }
    Ok(())
}
