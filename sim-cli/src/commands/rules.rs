//! `sim rules`: the shipped rule sets, the resolved rules key by key, or a complete rules
//! file ([`lab::rules()`]).

use crate::cli::{RulesArgs, RulesFormat};

/// `sim rules`: prints the shipped rule sets (`--list`), the resolved rules key by key
/// (`--format table`), or a complete rules file (`--format toml`). Errors: every problem
/// of the rule set, one line each.
pub fn rules(args: &RulesArgs) -> anyhow::Result<()> {
    let options = lab::options::RulesOptions {
        game: args.game.clone(),
        rules: args.rules.clone(),
        set: args.set.clone(),
        format: match args.format {
            RulesFormat::Table => lab::options::RulesFormat::Table,
            RulesFormat::Toml => lab::options::RulesFormat::Toml,
        },
        list: args.list,
    };
    for line in lab::rules(&options)? {
        say!("{line}");
    }
    Ok(())
}
