//! `sim rules`: the shipped rule sets, the resolved rules key by key, or a complete rules
//! file ([`lab::rules()`]).

use crate::args::GameArg;
use clap::{Args, ValueEnum};

/// `sim rules`: prints the shipped rule sets (`--list`), the resolved rules key by key
/// (`--format table`), or a complete rules file (`--format toml`). Errors: every problem
/// of the rule set, one line each.
impl super::Exec for RulesArgs {
    fn exec(&self) -> anyhow::Result<()> {
        let options = lab::infra::options::RulesOptions {
            game: self.game.name.clone(),
            rules: self.rules.clone(),
            set: self.set.clone(),
            format: match self.format {
                RulesFormat::Table => lab::infra::options::RulesFormat::Table,
                RulesFormat::Toml => lab::infra::options::RulesFormat::Toml,
            },
            list: self.list,
        };
        for line in lab::rules(&options)? {
            say!("{line}");
        }
        Ok(())
    }
}

/// How `sim rules` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesFormat {
    /// One line per key: value, default, documentation; `*` marks a changed key.
    Table,
    /// A complete TOML rules file that loads back as it is.
    Toml,
}

/// Arguments of `sim rules`.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArg,
    /// A shipped rule set by name or a TOML file [default: default].
    #[arg(long, value_name = "NAME|FILE")]
    pub rules: Option<String>,
    /// Change one rule (`KEY=VALUE`, the file's dotted key); repeatable.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RulesFormat::Table)]
    pub format: RulesFormat,
    /// List the game's shipped rule sets instead.
    #[arg(long)]
    pub list: bool,
}
