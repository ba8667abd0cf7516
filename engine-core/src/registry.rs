//! How a game plugs into the lab: its name, its embedded rule files, and how a rules tree
//! becomes a validated game ([`Registered`]), and the generic closure over games
//! ([`GameVisitor`]). The list of games is the engine's (`engine/src/lib.rs`,
//! `registered_games!`, one line per game, read through `engine::core::visit_game`,
//! `for_each_game` and `NAMES`); everything here is game-free, so the crates that only
//! need the shape of a game (agents, reports, the lab) depend on this crate alone and a
//! change to a game does not rebuild them.
//!
//! Rules are TOML. The loader (`lab/src/infra/rules/`) resolves `extends` chains and
//! `--set` overrides on the TOML tree with [`crate::overlay`], checks the tree against the
//! game's default file (which declares every key, its type and its one-line documentation
//! in the comment above it), and then calls [`Registered::parse`] and
//! [`Registered::build`]. [`embedded_tree`] resolves the same way a shipped rule set whose
//! `extends` names only embedded files, without the loader (the engine reads no file).

use crate::{overlay, Game, RuleProblem};

/// A rules file shipped with a game and embedded in the binary, addressable by name
/// (`--rules interchangeable`).
#[derive(Clone, Copy, Debug)]
pub struct EmbeddedRules {
    /// The name typed after `--rules` (the file stem: `interchangeable`).
    pub name: &'static str,
    /// The file's text (TOML; may start with `extends = "default"`).
    pub text: &'static str,
    /// One line saying what the rule set is for, shown by `sim rules --list`.
    pub about: &'static str,
}

/// A fixed workload of `sim bench` beyond random play: agents, as typed after
/// `--agents`, played on the embedded default rules.
#[derive(Clone, Copy, Debug)]
pub struct BenchWorkload {
    /// The agents (`"mcts(iterations=100),greedy"`).
    pub agents: &'static str,
    /// Whether the workload searches (its game count is `sim bench --search-games`,
    /// else `--greedy-games`).
    pub search: bool,
}

/// The agent workloads most games bench: `greedy,random` (one-ply expectimax decisions)
/// and `mcts(iterations=100),greedy` (a fixed search budget).
pub const AGENT_BENCH: &[BenchWorkload] = &[
    BenchWorkload {
        agents: "greedy,random",
        search: false,
    },
    BenchWorkload {
        agents: "mcts(iterations=100),greedy",
        search: true,
    },
];

/// A game of the lab, as the commands see it.
pub trait Registered: Game + Sized + 'static {
    /// The rules file as written, after `extends` and overrides are resolved.
    type Config: serde::de::DeserializeOwned;

    /// The name typed after `--game` (`grangol`).
    const NAME: &'static str;
    /// One line for `--help` (`GRANGOL (Turitto & Mearelli), 2 players`).
    const ABOUT: &'static str;
    /// The embedded rule files; the first is `default` and declares every key the game
    /// reads, with its documentation in the comment lines directly above it.
    const RULES: &'static [EmbeddedRules];

    /// The game's defaults of agent parameters: the text of `configs/<game>/agents.toml`
    /// (embedded with `include_str!`), whose `[mcts]` table (and `[greedy]`,
    /// `[forgetful]`) replaces the generic defaults of those parameters for this game;
    /// a parameter typed in `--agents` replaces both. Read by `agents::AgentDefaults`
    /// (the format and its errors); its header comment gives the `sim tune` command that
    /// chose the values. Empty text: the generic defaults.
    const AGENT_DEFAULTS: &'static str;

    /// The workloads `sim bench` plays on this game after random against random (whose
    /// every game is benched): none by default; the main game names its agent workloads.
    const BENCH: &'static [BenchWorkload] = &[];

    /// Reads a resolved rules tree (no `extends` key) into the game's config.
    /// Errors: the deserializer's message (wrong type, unknown value of an option…); the
    /// loader calls this once per changed key to tell which key is at fault, so the
    /// message need not name it.
    fn parse(tree: &toml::Table) -> Result<Self::Config, String> {
        parse_tree(tree)
    }

    /// Validates a config into the game, listing every problem at once, each with its
    /// dotted key.
    fn build(config: Self::Config) -> Result<Self, Vec<RuleProblem>>;

    /// Warnings about a rule set that loads but may make a degenerate game (no card that
    /// can score…), printed on the summary of every command that plays it.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }

    /// The card-ablation capability of card games (`sim card-value`): the same rules
    /// with one copy of `card` (its printed name, as in the rules file's deck) replaced
    /// by the game's blank card, a card with no effect that is never playable and is
    /// listed as `BLANK` in [`crate::GameInfo::cards`]. Calls chain to blank several
    /// copies. `None`: the game has no blank card, and card-value does not apply to it
    /// (the default). Errors: `Some(Err(one line))` naming the card (unknown, or no copy
    /// left in the deck).
    fn ablate_card(&self, card: &str) -> Option<Result<Self, String>> {
        let _ = card;
        None
    }
}

/// [`Registered::parse`]: `tree` deserialized into a `C`. `register_game!` calls it from
/// the game's own impl, so that each game's deserializer is compiled once, in the engine,
/// and not in every crate that loads rules. Errors: the deserializer's message, on one
/// line.
pub fn parse_tree<C: serde::de::DeserializeOwned>(tree: &toml::Table) -> Result<C, String> {
    toml::Value::Table(tree.clone())
        .try_into()
        .map_err(|e: toml::de::Error| e.message().trim().replace('\n', " "))
}

/// A rules file's text read into a `C` (a game's `RulesConfig::parse`): the TOML parsed
/// into a table, then [`parse_tree`]. `defaults` is the game's default rules file, on
/// which each key of `text` is tried alone to find the one the deserializer refused.
/// Errors: one line after `source`, with the line at fault and its text where it is
/// known: for text that is not TOML, the parser's message; else the deserializer's (a
/// value of the wrong type, an unknown or a missing key).
pub fn parse_text<C: serde::de::DeserializeOwned>(
    text: &str,
    source: &str,
    defaults: &str,
) -> Result<C, String> {
    let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count();
    let tree: toml::Table = toml::from_str(text).map_err(|e: toml::de::Error| {
        let at = e.span().map(|s| line_of(s.start));
        format!("{source}{}: {}", at_line(text, at), one_line(e.message()))
    })?;
    parse_tree(&tree).map_err(|msg| {
        let at = toml::from_str::<toml::Table>(defaults)
            .ok()
            .and_then(|defaults| refused_key::<C>(&tree, &defaults))
            .and_then(|key| key_line(text, &key));
        format!("{source}{}: {msg}", at_line(text, at))
    })
}

/// ` (line N: its text)` for the 0-based line `at` of `text`; nothing for `None`.
fn at_line(text: &str, at: Option<usize>) -> String {
    let Some(at) = at else {
        return String::new();
    };
    let src: String = text
        .lines()
        .nth(at)
        .unwrap_or("")
        .trim()
        .chars()
        .take(80)
        .collect();
    format!(" (line {}: {src})", at + 1)
}

/// `message` on one line.
fn one_line(message: &str) -> String {
    message.trim().replace('\n', " ")
}

/// The first key of `tree` (a path of names, in the table's order) that the game's
/// deserializer refuses when it alone is set into `defaults` (a key under a section the
/// defaults lack is not tried: the deserializer's message names that section).
fn refused_key<C: serde::de::DeserializeOwned>(
    tree: &toml::Table,
    defaults: &toml::Table,
) -> Option<Vec<String>> {
    let mut leaves = Vec::new();
    collect_leaves(tree, &mut Vec::new(), &mut leaves);
    leaves
        .into_iter()
        .find(|(path, value)| {
            let mut probe = defaults.clone();
            crate::set_leaf(&mut probe, path, (*value).clone());
            parse_tree::<C>(&probe).is_err()
        })
        .map(|(path, _)| path)
}

/// Every value of `tree` that is not a table, with its path.
fn collect_leaves<'a>(
    tree: &'a toml::Table,
    path: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, &'a toml::Value)>,
) {
    for (key, value) in tree {
        path.push(key.clone());
        match value {
            toml::Value::Table(t) => collect_leaves(t, path, out),
            v => out.push((path.clone(), v)),
        }
        path.pop();
    }
}

/// The 0-based line of `text` that sets the key at `path`: the first line of the key's
/// section (`[a.b]`) that starts with the key's last name (bare or quoted) and `=`; else
/// the first such line anywhere.
fn key_line(text: &str, path: &[String]) -> Option<usize> {
    let (last, parents) = path.split_last()?;
    let sets = |line: &str| {
        let line = line.trim_start();
        line.strip_prefix(last.as_str())
            .or_else(|| line.strip_prefix(&format!("\"{last}\"")))
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    };
    let mut section: Vec<String> = Vec::new();
    let mut anywhere = None;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if let Some(header) = t.strip_prefix('[').and_then(|h| h.split(']').next()) {
            section = header
                .split('.')
                .map(|p| p.trim().trim_matches('"').to_string())
                .collect();
        } else if sets(line) {
            if section.as_slice() == parents {
                return Some(i);
            }
            anywhere.get_or_insert(i);
        }
    }
    anywhere
}

/// Something done to a registered game, whatever its type (a generic closure over games):
/// the engine's `visit_game` calls it on the game of a name, `for_each_game` on every
/// game.
pub trait GameVisitor {
    /// What a visit returns.
    type Output;
    /// Does the work on game `G`.
    fn visit<G: Registered>(&mut self) -> Self::Output;
}

/// The rules tree of game `R`'s embedded rule set `name` ([`Registered::RULES`]), as the
/// `sim` loader resolves it: its `extends` chain followed among the game's embedded
/// files, each laid over its parent with [`overlay`] (every level), the `extends` key
/// removed. Errors, one line: an unknown name, a file that is not TOML, an `extends` that
/// is not the name of an embedded rule set, a cycle.
pub fn embedded_tree<R: Registered>(name: &str) -> Result<toml::Table, String> {
    let mut chain: Vec<toml::Table> = Vec::new();
    let mut names: Vec<&str> = Vec::new();
    let mut next = Some(name.to_string());
    while let Some(name) = next.take() {
        let Some(file) = R::RULES.iter().find(|r| r.name == name) else {
            return Err(format!(
                "{}: no embedded rule set '{name}' (extends of {})",
                R::NAME,
                names.last().unwrap_or(&"the request")
            ));
        };
        if names.contains(&file.name) {
            return Err(format!(
                "{}: {}: the chain of `extends` comes back to '{}'",
                R::NAME,
                names.join(" -> "),
                file.name
            ));
        }
        let mut tree: toml::Table = file.text.parse().map_err(|e: toml::de::Error| {
            format!("{}: {}: {}", R::NAME, file.name, e.message().trim())
        })?;
        next = match tree.remove("extends") {
            None => None,
            Some(toml::Value::String(parent)) => Some(parent),
            Some(other) => {
                return Err(format!(
                    "{}: {}: extends = {other}: expected the name of a rule set",
                    R::NAME,
                    file.name
                ))
            }
        };
        names.push(file.name);
        chain.push(tree);
    }
    let mut tree = toml::Table::new();
    for layer in chain.iter().rev() {
        overlay(&mut tree, layer);
    }
    Ok(tree)
}

/// Game `R` on its embedded rule set `name` ([`embedded_tree`]), with the changes `edit`
/// makes to the tree first (tests shorten `max_turns`). Errors, one line: as
/// [`embedded_tree`], or the game's parse error or problems.
pub fn load_embedded<R: Registered>(
    name: &str,
    edit: impl FnOnce(&mut toml::Table),
) -> Result<R, String> {
    let mut tree = embedded_tree::<R>(name)?;
    edit(&mut tree);
    let config = R::parse(&tree).map_err(|e| format!("{}: {name}: {e}", R::NAME))?;
    R::build(config).map_err(|problems| {
        let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
        format!("{}: {name}: {}", R::NAME, lines.join("; "))
    })
}
