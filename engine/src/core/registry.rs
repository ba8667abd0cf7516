//! How a game plugs into the lab: its name, its embedded rule files, and how a rules tree
//! becomes a validated game. The `sim` commands (run, trace, rules, compare, sweep, tune,
//! card-value) find games only through [`Registered`], so a new game brings all of them
//! with it: its own folder plus one registration line in `sim-cli/src/games.rs`.
//!
//! Rules are TOML. The loader (`sim-cli/src/rules.rs`) resolves `extends` chains and
//! `--set` overrides on the TOML tree, checks the tree against the game's default file
//! (which declares every key, its type and its one-line documentation in the comment
//! above it), and then calls [`Registered::parse`] and [`Registered::build`].

use super::{Game, RuleProblem};

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
        toml::Value::Table(tree.clone())
            .try_into()
            .map_err(|e: toml::de::Error| e.message().trim().replace('\n', " "))
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
    /// listed as `BLANK` in [`super::GameInfo::cards`]. Calls chain to blank several
    /// copies. `None`: the game has no blank card, and card-value does not apply to it
    /// (the default). Errors: `Some(Err(one line))` naming the card (unknown, or no copy
    /// left in the deck).
    fn ablate_card(&self, card: &str) -> Option<Result<Self, String>> {
        let _ = card;
        None
    }
}
