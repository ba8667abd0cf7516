//! The options of the lab's commands as plain data, what the `sim` binary's flags become
//! (ripgrep's "high-level arguments": no parser types here).

/// What to play: the game, its rules and the agents' schedule (`--game`, `--agents`,
/// `--games`, `--gauntlet`, `--no-duplicate`, `--seed`, `--rules`, `--set`, `--players`).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameOptions {
    /// The registered game's name (`grangol`).
    pub game: String,
    /// The agents' specs as typed (`mcts(iterations=400)`, `greedy`), one per entry, read
    /// once where the options are made (`sim`'s flags, a Python call, a recorded file).
    pub agents: Vec<agents::AgentSpec>,
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

/// Part `index` of `count` of a run (`--shard I/N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// Which part, from 0.
    pub index: u64,
    /// How many parts.
    pub count: u64,
}

impl Shard {
    /// The shard's groups of a run of `groups` game groups: the `index`-th of `count`
    /// consecutive ranges as equal as whole groups allow.
    pub fn groups(&self, groups: u64) -> std::ops::Range<u64> {
        let at = |k: u64| (u128::from(groups) * u128::from(k) / u128::from(self.count)) as u64;
        at(self.index)..at(self.index + 1)
    }
}

/// How to run the games of [`GameOptions`] (`sim run`'s flags, [`crate::commands::run::run`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RunOptions {
    /// What to play.
    pub common: GameOptions,
    /// Stop the match early by a sequential probability ratio test (`--sprt`; no
    /// checkpoint then).
    pub sprt: Option<reports::Sprt>,
    /// Stop the run at a game longer than this many applied actions (`None`: the game's
    /// own bound).
    pub max_actions: Option<u64>,
    /// Print the summary as one JSON object instead of text (the files are the same).
    /// Not recorded: how a resumed or merged run prints is its own command's choice.
    #[serde(skip)]
    pub json: bool,
    /// Threads and output folder (`None`: `runs/GAME-AGENTS-SEED-N`, with `-2`, `-3`…
    /// appended if taken).
    pub output: OutputOptions,
    /// Shard (`--shard I/N`: play only this part of the run and write `shard.json`) and
    /// checkpoints.
    pub long: LongRunOptions,
}

/// What `sim card-value` measures ([`crate::commands::card_value::command`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CardValueOptions {
    /// What to play.
    pub common: GameOptions,
    /// The card to ablate by its printed name; `all` (`None`) or a comma list ranks
    /// those cards in one run, on the same games.
    pub card: Option<String>,
    /// How many copies of the card to replace by blanks (positive).
    pub copies: u64,
    /// `--resolution R`: play in rounds, only the cards not yet decided against the
    /// average card (stronger, weaker, or within `±R` score points per copy of it), up
    /// to `common.games` games a card (`lab::commands::card_value::race`). `None`: every
    /// card plays every game.
    #[serde(default)]
    pub resolution: Option<f64>,
    /// Threads and output folder (`None`: `runs/card-value-GAME-CARD-SEED-N`, with `-2`,
    /// `-3`… appended if taken).
    pub output: OutputOptions,
    /// Shard and checkpoints.
    pub long: LongRunOptions,
}

/// What the fit is fitted to (`--target`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FitTarget {
    /// The seat's final return (wins + draws/2).
    Outcome,
    /// The searching agent's value of the action it chose (the mean return of its root
    /// iterations through it): a one-turn lookahead of the current evaluation, with far
    /// less of the game's luck than the outcome; the outcome where the agent did not
    /// search (greedy, a forced decision).
    Search,
    /// The mean of the two, as AlphaZero-style training mixes the outcome `z` with the
    /// search value `q`.
    Blend,
}

impl FitTarget {
    /// The target of a position whose seat got `outcome` and whose agent estimated
    /// `search`.
    pub(crate) fn of(self, outcome: f64, search: Option<f64>) -> f64 {
        match (self, search) {
            (FitTarget::Outcome, _) | (_, None) => outcome,
            (FitTarget::Search, Some(q)) => q,
            (FitTarget::Blend, Some(q)) => (outcome + q) / 2.0,
        }
    }

    /// The word of `--target`.
    pub fn word(self) -> &'static str {
        match self {
            FitTarget::Outcome => "outcome",
            FitTarget::Search => "search",
            FitTarget::Blend => "blend",
        }
    }
}

/// What `sim fit-eval` records and fits ([`crate::commands::fit_eval::fit_eval`]).
#[derive(Clone, Debug, PartialEq)]
pub struct FitEvalOptions {
    /// The game (one with evaluation features).
    pub game: String,
    /// The rules the games are played under (`None`: the game's default rules).
    pub rules: Option<String>,
    /// Self-play games to record (positive).
    pub games: u64,
    /// Master seed: games, sampled decisions and reservoirs all derive from it.
    pub seed: u64,
    /// The agents whose games are recorded, one per seat; none: `greedy` at every seat.
    pub agents: Vec<agents::AgentSpec>,
    /// Record a decision with probability 1/`every` (at least 1).
    pub every: u32,
    /// At most this many positions are fitted (positive).
    pub positions: usize,
    /// The L2 penalty on the weights, in the units of the summed log-likelihood (≥ 0).
    pub ridge: f64,
    /// Worker threads (`None`: all cores). Results do not depend on it.
    pub threads: Option<usize>,
    /// The weights file to write (`None`: `eval-GAME-SEED-N.toml`).
    pub out: Option<std::path::PathBuf>,
    /// What the fit is fitted to (the outcome, the search value or their mean).
    pub target: FitTarget,
    /// Rounds of expert iteration (1: one fit; see `commands::fit_eval`).
    pub rounds: u32,
    /// Games of each round's head-to-head against the last round (positive).
    pub match_games: u64,
}

/// One rule set to play (`--rules`, `--set`, `--players` of `sim play` and `sim ladder`),
/// loaded by [`crate::infra::games::load_rule_set`].
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RuleSetOptions {
    /// A shipped rule set by name or a TOML file (`None`: default).
    pub rules: Option<String>,
    /// `KEY=VALUE` overrides laid over the rules, in order.
    pub set: Vec<String>,
    /// The number of players (the rules key `players`), set before any override.
    pub players: Option<usize>,
}

/// What `sim ladder` plays ([`crate::commands::ladder::ladder`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LadderOptions {
    /// The game.
    pub game: String,
    /// Its rule set (recorded as three keys of the command: `rules`, `set`, `players`).
    #[serde(flatten)]
    pub rule_set: RuleSetOptions,
    /// Games of every pairing, on duplicate deals (positive).
    pub games: u64,
    /// Master seed: every stage plays on it, so on the same deals.
    pub seed: u64,
    /// The search whose budget the ladder doubles: an `mcts` spec without `iterations`
    /// (`mcts(root=halving)`, the default [`default_ladder_search`]); the oracle rung
    /// plays the same parameters.
    #[serde(default = "ladder_search_of_older_files")]
    pub search: agents::AgentSpec,
    /// The first mcts budget, in iterations per decision.
    pub start_iterations: u32,
    /// The largest mcts budget.
    pub max_iterations: u32,
    /// The score a rung must reach against the previous link to extend the skill chain
    /// (strictly between 0.5 and 1).
    pub step: f64,
    /// Games per agent played on one thread to measure iterations and time per game.
    pub calibration_games: u64,
    /// Threads and output folder (`None`: `runs/ladder-GAME-SEED-N`).
    pub output: OutputOptions,
    /// Checkpoints (`--shard` is refused: every stage depends on the last).
    pub long: LongRunOptions,
}

/// The ladder's search by default, `mcts(root=halving)`: sequential halving spends its
/// whole budget, so the rungs measure what more search is worth in the game rather than
/// where the paired root stops early (issue 41).
pub fn default_ladder_search() -> agents::AgentSpec {
    agents::AgentSpec::new("mcts", [("root", "halving")])
}

/// The search of a ladder recorded before `--search` existed (a checkpoint or shard of an
/// older version): plain `mcts`, which those ladders climbed, so it resumes as it began.
fn ladder_search_of_older_files() -> agents::AgentSpec {
    agents::AgentSpec::named("mcts")
}

/// Where a lab command writes and how many threads it uses (`--threads`, `--out`).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct OutputOptions {
    /// Worker threads (`None`: all cores). Results do not depend on it.
    pub threads: Option<usize>,
    /// Output directory, which must not exist (`None`: `runs/COMMAND-GAME-SEED-N`, with
    /// `-2`, `-3`… appended if taken).
    pub out: Option<std::path::PathBuf>,
    /// The command line that started the command, program first, as `run.json` records it
    /// (and `sim tune` in the headers of `best.toml` and `agents.toml`); empty: none. The
    /// `sim` binary gives its own arguments. Not serialized: a checkpoint or shard records
    /// the command without it, so the shards of one command merge whatever line started
    /// each.
    #[serde(skip)]
    pub command_line: Vec<String>,
}

impl OutputOptions {
    /// `threads` threads writing to `out`, with no command line recorded.
    pub fn new(threads: Option<usize>, out: Option<std::path::PathBuf>) -> Self {
        OutputOptions {
            threads,
            out,
            command_line: Vec::new(),
        }
    }
}

/// Sampling and significance options of `sim compare` and `sim sweep`.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LabStatsOptions {
    /// Every rule set on its own random numbers instead of the same ones (calibration
    /// only).
    pub independent: bool,
    /// Multiplicity correction of the significance flags, over every test of the run.
    pub correction: reports::Correction,
}

/// What `sim compare` plays ([`crate::commands::design::compare`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CompareOptions {
    /// What to play; every `rules` entry is a rule set, `set` applies to each.
    pub common: GameOptions,
    /// Rule sets made of the first rules and overrides: `NAME=KEY=VALUE,KEY=VALUE`.
    pub variants: Vec<String>,
    /// Sampling and significance.
    pub stats: LabStatsOptions,
    /// Threads and output folder.
    pub output: OutputOptions,
    /// Shard and checkpoints.
    pub long: LongRunOptions,
}

/// What `sim sweep` plays ([`crate::commands::design::sweep`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SweepOptions {
    /// What to play (`games` per point).
    pub common: GameOptions,
    /// Keys and their values (`KEY=A..B`, `KEY=A..B:STEP`, `KEY=V1,V2,…`): the grid is
    /// every combination.
    pub vary: Vec<String>,
    /// Sampling and significance.
    pub stats: LabStatsOptions,
    /// Threads and output folder.
    pub output: OutputOptions,
    /// Shard and checkpoints.
    pub long: LongRunOptions,
}

/// What `sim tune` searches ([`crate::commands::tune::tune`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TuneOptions {
    /// What to play; `games` is the budget of the whole search.
    pub common: GameOptions,
    /// Keys and the values to search (`KEY=A..B`, `KEY=A..B:STEP`, `KEY=V1,V2,…`; a rule
    /// key or `agent.PARAM` of the first agent).
    pub vary: Vec<String>,
    /// Metrics and the values to aim at: `METRIC=VALUE[:WEIGHT]`.
    pub targets: Vec<String>,
    /// Games per evaluation of a candidate (`None`: from the budget).
    pub eval_games: Option<u64>,
    /// Candidates re-played on fresh seeds at the end (positive).
    pub finalists: usize,
    /// Threads and output folder.
    pub output: OutputOptions,
    /// Shard and checkpoints.
    pub long: LongRunOptions,
}

/// The master seed of a command when none is given (`--seed`'s default in `sim` and in
/// Python).
pub const DEFAULT_SEED: u64 = 20261121;

/// Seconds between two checkpoints of a long command unless told otherwise
/// (`--checkpoint`'s default in `sim` and in Python).
pub const DEFAULT_CHECKPOINT_SECONDS: u64 = 60;

/// How a long lab command survives a stop and splits over machines (`--shard I/N`,
/// `--checkpoint SECS`; see [`crate::infra::journal`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LongRunOptions {
    /// Play only this part of the command's shardable games and write `shard.json`.
    pub shard: Option<Shard>,
    /// Seconds between two checkpoints; 0: none (Ctrl-C then keeps nothing).
    pub checkpoint: u64,
}

impl LongRunOptions {
    /// The whole command (no shard), checkpointed every `checkpoint` seconds (0: never).
    pub fn every(checkpoint: u64) -> Self {
        LongRunOptions {
            shard: None,
            checkpoint,
        }
    }
}

/// What `sim resume OUT` needs ([`crate::commands::resume::resume`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResumeOptions {
    /// The output folder of the interrupted run (its `--out`).
    pub dir: std::path::PathBuf,
    /// Worker threads (`None`: all cores). Results do not depend on it.
    pub threads: Option<usize>,
    /// Seconds between two checkpoints (at least 1 is used).
    pub checkpoint: u64,
    /// The command line of the resume, program first: what `run.json` of a resumed
    /// `compare`, `sweep`, `tune` or `card-value` records ([`OutputOptions::command_line`]).
    pub command_line: Vec<String>,
}

/// What `sim merge DIR…` needs ([`crate::commands::merge::merge`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeOptions {
    /// The shard folders, one per shard, in any order.
    pub dirs: Vec<std::path::PathBuf>,
    /// The output folder (`None`: the one the whole run would have had).
    pub out: Option<std::path::PathBuf>,
    /// The command line of the merge, program first: what `run.json` of merged shards of
    /// `compare`, `sweep`, `tune` or `card-value` records ([`OutputOptions::command_line`]).
    pub command_line: Vec<String>,
}

/// What `sim bench` plays ([`crate::commands::bench::bench`]): fixed workloads on the embedded
/// default rules, on one thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchOptions {
    /// Only this registered game's workloads (`None`: every game's).
    pub game: Option<String>,
    /// Games of random against random, per game (positive).
    pub games: u64,
    /// Games of each of a game's agent workloads that do not search (positive).
    pub greedy_games: u64,
    /// Games of each of a game's search workloads (positive).
    pub search_games: u64,
    /// Also time single ISMCTS searches of exactly this many iterations (`None`: none).
    pub search: Option<u64>,
    /// How many searches `search` times (positive).
    pub searches: u64,
}

/// What `sim trace` plays ([`crate::commands::trace::trace`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TraceOptions {
    /// What to play; the games are traced in schedule order.
    pub common: GameOptions,
    /// Sample chance as `compare`, `sweep`, `tune` and `card-value` do (an exponential
    /// race, coupled across rule sets), to replay one of their games.
    pub coupled: bool,
    /// Record, at each decision of an agent that searched, its candidates and their visit
    /// shares (`--explain`).
    pub explain: bool,
}

/// What `sim replay` draws ([`crate::commands::replay::replay`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayOptions {
    /// What to play; the first game of the schedule is drawn.
    pub common: GameOptions,
    /// The HTML page to write, which must not exist.
    pub out: std::path::PathBuf,
    /// The game of the schedule (or of the record) to show, from 0.
    pub index: u64,
    /// Record and show the searching agents' candidates (as `sim trace --explain`).
    pub explain: bool,
    /// A saved game record to replay instead of playing `common` (`--trace FILE`: the
    /// game, rules, seed and agents come from its header; `common` is then unused).
    pub trace: Option<std::path::PathBuf>,
}

/// What `sim selfplay` plays and writes ([`crate::commands::selfplay::selfplay`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SelfplayOptions {
    /// What to play, as `sim run` plays it (same seeds, schedule and rules).
    pub common: GameOptions,
    /// Threads and output folder (`None`: `runs/selfplay-GAME-SEED-GAMES`, with `-2`,
    /// `-3`… appended if taken). The files do not depend on the threads.
    pub output: OutputOptions,
    /// Rows (decisions) of each Parquet file but the last (positive).
    pub rows_per_file: u64,
}

/// How `sim rules` shows a rule set ([`RulesOptions::format`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RulesFormat {
    /// Every key with its value, its default when changed and its documentation.
    #[default]
    Table,
    /// A complete rules file.
    Toml,
}

/// What `sim rules` shows ([`crate::infra::rules::show`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RulesOptions {
    /// The game (a registered `--game` name).
    pub game: String,
    /// A shipped rule set's name or a rules file (`None`: the default rules).
    pub rules: Option<String>,
    /// `KEY=VALUE` overrides laid over the rules, in order.
    pub set: Vec<String>,
    /// Table or rules file.
    pub format: RulesFormat,
    /// The game's shipped rule sets instead of one rule set.
    pub list: bool,
}
