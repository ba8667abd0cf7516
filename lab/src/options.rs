//! The options of the lab's commands as plain data, what the `sim` binary's flags become
//! (ripgrep's "high-level arguments": no parser types here).

/// What to play: the game, its rules and the agents' schedule (`--game`, `--agents`,
/// `--games`, `--gauntlet`, `--no-duplicate`, `--seed`, `--rules`, `--set`, `--players`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// The registered game's name (`grangol`).
    pub game: String,
    /// The agents' specs as typed (`mcts(iterations=400)`, `greedy`), one per entry.
    pub agents: Vec<String>,
    /// Number of games of each match (positive).
    pub games: u64,
    /// With more agents than seats, the first agent against each of the others instead
    /// of a round robin.
    pub gauntlet: bool,
    /// Every game dealt afresh instead of in duplicate pairs.
    pub no_duplicate: bool,
    /// Master seed: game i uses streams derived from (seed, i).
    pub seed: u64,
    /// The rules: shipped rule sets by name or TOML files (most commands take one).
    pub rules: Vec<String>,
    /// `KEY=VALUE` overrides laid over the rules, in order.
    pub set: Vec<String>,
    /// The number of players (the rules key `players`), set before any override.
    pub players: Option<usize>,
}
