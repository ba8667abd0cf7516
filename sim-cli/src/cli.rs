//! The command line.

pub use ::lab::Shard;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// `sim --version`: the package version and the commit it was built from (`build.rs`).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("SIM_COMMIT"),
    ")"
);

/// The seed used when `--seed` is not given.
pub const DEFAULT_SEED: u64 = 20261121;

/// Self-play simulator for tabletop soccer card games.
///
/// Without a subcommand, `sim` runs a simulation (`sim run`):
///   sim --game grangol --agents random,random --games 10000
#[derive(Parser, Debug)]
#[command(name = "sim", version = VERSION, verbatim_doc_comment)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// No progress on standard error (no bar, no progress lines); results, the summary
    /// and errors are written as usual.
    #[arg(long, short, global = true)]
    pub quiet: bool,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play games in parallel (one match, or a round robin of more agents) and write
    /// summary, cards, matchups, ratings and balance CSVs, run.json and report.html to a
    /// new directory (the default command).
    Run(RunArgs),
    /// Print every action of some games as JSON Lines on stdout (single-threaded, same
    /// games as `run` with the same seed).
    Trace(TraceArgs),
    /// Write a self-play dataset: games played as `run` plays them (same agents, seeds and
    /// rules), one row per decision (observation tensor, legal mask, action, the agent's
    /// root visits where it searches, the seat's final return) in Parquet files
    /// part-00000.parquet, … and manifest.json, read by pandas or polars. Same seed, same
    /// files, whatever --threads.
    Selfplay(SelfplayArgs),
    /// Draw one game of a board game as pictures of its board after every turn, on an
    /// HTML page (the first game `sim trace` prints for the same
    /// arguments).
    Replay(ReplayArgs),
    /// List the agents with their parameters and defaults (with --game, that game's
    /// defaults: configs/<game>/agents.toml laid over the generic ones).
    Agents(AgentsArgs),
    /// List the games: name, numbers of players, what the game is, its shipped rule
    /// sets (one line each, tab-separated).
    Games,
    /// Print a shell completion script (e.g. `sim completions bash >
    /// ~/.local/share/bash-completion/completions/sim`).
    Completions(CompletionsArgs),
    /// Print the manual page (roff: `sim man > sim.1; man ./sim.1`).
    Man,
    /// A fixed single-thread workload: prints a signature of its results and the throughput.
    Bench(BenchArgs),
    /// The causal value of a card: every game played twice on the same seeds, with the
    /// rules as given and with --copies copies (default 1) of --card replaced by blank
    /// cards; prints the
    /// change with its 95% interval and writes card_value.csv.
    CardValue(CardValueArgs),
    /// Fit the game's evaluation to the outcomes of its own games: record the evaluation
    /// features of sampled decisions of self-play with each seat's final return, fit a
    /// logistic regression, print its held-out log-loss and Brier score against the
    /// hand-made heuristic, and write the weights as an eval.toml (the file shipped in
    /// configs/GAME/ that mcts(eval=fitted) uses). Same seed, same file, whatever
    /// --threads.
    FitEval(FitEvalArgs),
    /// Go on with a run stopped by Ctrl-C, SIGTERM or a kill, from its last checkpoint:
    /// the files at the end are those of an uninterrupted run.
    Resume(ResumeArgs),
    /// Combine the shard folders of one run (`sim run --shard I/N`, every I from 0 to
    /// N-1) into the folder of the whole run: the same files, byte for byte, as one
    /// process playing every game.
    Merge(MergeArgs),
    /// Turn a run, compare, sweep or tune folder into a self-contained HTML page with
    /// charts (report.html).
    Report(ReportArgs),
    /// Print a rule set as resolved (shipped name or file, `extends`, `--set`): every key
    /// with its value, its default and its documentation, marking what differs; or, with
    /// `--format toml`, a complete rules file that loads back as it is.
    Rules(RulesArgs),
    /// Play two or more rule sets with the same agents on the same seeds (common random
    /// numbers) and write every metric's difference to the first rule set, with its 95%
    /// interval and a significance flag corrected for multiplicity, to compare.csv.
    Compare(CompareArgs),
    /// Play a grid of rule changes (`--vary KEY=4..8`) on the same seeds and write every
    /// metric at every point, with intervals, to sweep.csv.
    Sweep(SweepArgs),
    /// Search the `--vary` ranges for the rules whose metrics come closest to the
    /// `--target`s (N-Tuple Bandit Evolutionary Algorithm), re-play the best candidates on
    /// fresh seeds and write the winner as a rules file.
    Tune(TuneArgs),
    /// The skill ladder of a game: random, greedy, mcts at doubling budgets until a
    /// doubling no longer wins significantly, and the oracle (which sees hidden
    /// information), played on duplicate deals through the runner; Bradley–Terry ratings,
    /// iterations and time per game, skill depth and luck share (ladder.csv, ladder.json).
    Ladder(LadderArgs),
    /// Play a whole game yourself against the lab's agents, in a terminal UI (or, without
    /// a terminal, a plain line protocol a script can drive): what your seat sees, the log
    /// as you saw it, your legal actions, hints from mcts, undo; the game is saved as a
    /// record that `sim replay --trace` reads (docs/play.md).
    Play(PlayArgs),
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
    #[arg(long, short = 'g', value_parser = game_name)]
    pub game: String,
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

/// Where a lab command writes and how many threads it uses.
#[derive(Args, Debug)]
pub struct OutputArgs {
    /// Worker threads [default: all cores]. Results do not depend on it.
    #[arg(long, short = 'j', value_name = "T", value_parser = positive_usize, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Output directory, which must not exist [default: runs/COMMAND-GAME-SEED-N, with
    /// -2, -3… appended if taken].
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// How a long lab command survives a stop and splits over machines.
#[derive(Args, Debug)]
pub struct LongRunArgs {
    /// Play only part I of N of the command's games (I from 0 to N-1) and write
    /// shard.json, for `sim merge` to combine the N parts into the files of one whole run.
    /// Tune's search, where each step depends on the last, is played whole by every
    /// shard; only its final re-play is split.
    #[arg(long, value_name = "I/N", value_parser = shard_spec)]
    pub shard: Option<Shard>,
    /// Seconds between two checkpoints, written to the command's temporary folder so that
    /// a killed command can go on with `sim resume OUT`; 0: none (Ctrl-C and SIGTERM then
    /// end it without a checkpoint).
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub checkpoint: u64,
}

impl LongRunArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::LongRunOptions {
        ::lab::options::LongRunOptions {
            shard: self.shard,
            checkpoint: self.checkpoint,
        }
    }
}

/// Arguments of `sim compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// What to play. --rules may be given several times (each is a rule set); --set
    /// applies to every rule set.
    #[command(flatten)]
    pub common: GameArgs,
    /// A rule set made of the first --rules (or the default) and overrides:
    /// `NAME=KEY=VALUE,KEY=VALUE` (e.g. `tiro8=deck.cards.TIRO=8`). Repeatable.
    #[arg(long = "variant", value_name = "NAME=SET_LIST")]
    pub variants: Vec<String>,
    /// Sampling and significance.
    #[command(flatten)]
    pub stats: LabStatsArgs,
    /// Threads and output folder.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Shard and checkpoints.
    #[command(flatten)]
    pub long: LongRunArgs,
}

/// How to correct the significance flags of a lab command for multiplicity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum CorrectionArg {
    /// Holm's step-down method: at most a 5% chance of flagging any null difference of the
    /// whole run (family-wise error rate).
    #[default]
    Holm,
    /// Benjamini–Hochberg's step-up method: at most 5% of the flags are false on average
    /// (false discovery rate); more power on large grids.
    Bh,
}

impl From<CorrectionArg> for reports::Correction {
    fn from(c: CorrectionArg) -> Self {
        match c {
            CorrectionArg::Holm => reports::Correction::Holm,
            CorrectionArg::Bh => reports::Correction::BenjaminiHochberg,
        }
    }
}

/// Sampling and significance options of `sim compare` and `sim sweep`.
#[derive(Args, Debug, Default)]
pub struct LabStatsArgs {
    /// Play every rule set on its own random numbers (agent and chance streams derived from
    /// the seed and the rule set's index) instead of the same ones. For calibration only
    /// (A/A checks: identical rule sets then differ by chance alone); common random
    /// numbers measure a real rule change far more precisely.
    #[arg(long)]
    pub independent: bool,
    /// Multiplicity correction of the significance flags, over every test of the run
    /// (every rule set or point but the first × every metric).
    #[arg(long, value_enum, value_name = "METHOD", default_value_t = CorrectionArg::Holm)]
    pub correction: CorrectionArg,
}

/// Arguments of `sim sweep`.
#[derive(Args, Debug)]
pub struct SweepArgs {
    /// What to play (--games per point).
    #[command(flatten)]
    pub common: GameArgs,
    /// A key and its values: `KEY=A..B` (whole numbers A to B), `KEY=A..B:STEP`, or
    /// `KEY=V1,V2,…`. Repeatable: the grid is every combination.
    #[arg(long = "vary", value_name = "KEY=VALUES", required = true)]
    pub vary: Vec<String>,
    /// Sampling and significance.
    #[command(flatten)]
    pub stats: LabStatsArgs,
    /// Threads and output folder.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Shard and checkpoints.
    #[command(flatten)]
    pub long: LongRunArgs,
}

impl OutputArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::OutputOptions {
        ::lab::options::OutputOptions {
            threads: self.threads,
            out: self.out.clone(),
            command_line: command_line(),
        }
    }
}

impl LabStatsArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::LabStatsOptions {
        ::lab::options::LabStatsOptions {
            independent: self.independent,
            correction: self.correction.into(),
        }
    }
}

impl CompareArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::CompareOptions {
        ::lab::options::CompareOptions {
            common: self.common.options(),
            variants: self.variants.clone(),
            stats: self.stats.options(),
            output: self.output.options(),
            long: self.long.options(),
        }
    }
}

impl SweepArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::SweepOptions {
        ::lab::options::SweepOptions {
            common: self.common.options(),
            vary: self.vary.clone(),
            stats: self.stats.options(),
            output: self.output.options(),
            long: self.long.options(),
        }
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

/// Arguments of `sim card-value`.
#[derive(Args, Debug)]
pub struct CardValueArgs {
    /// What to play.
    #[command(flatten)]
    pub common: GameArgs,
    /// The card to ablate, by its printed name (e.g. LANCIO, "TIRO DA FUORI"): its value
    /// per agent. `all` (the default) or a comma list (`LANCIO,TIRO`) ranks those cards in
    /// one run, on the same games: one row per card, sorted by value, Holm-corrected.
    #[arg(long, value_name = "NAME|all|A,B,…")]
    pub card: Option<String>,
    /// How many copies of the card to replace by blanks: one copy of a big deck changes
    /// little, several make the effect measurable in fewer games.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = positive_u64)]
    pub copies: u64,
    /// Worker threads [default: all cores]. Results do not depend on it.
    #[arg(long, short = 'j', value_name = "T", value_parser = positive_usize, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Output directory, which must not exist [default:
    /// runs/card-value-GAME-CARD-SEED-N (CARD `all` when ranking every card), with -2,
    /// -3… appended if taken].
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Shard and checkpoints.
    #[command(flatten)]
    pub long: LongRunArgs,
}

impl CardValueArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::CardValueOptions {
        ::lab::options::CardValueOptions {
            common: self.common.options(),
            card: self.card.clone(),
            copies: self.copies,
            output: ::lab::options::OutputOptions {
                threads: self.threads,
                out: self.out.clone(),
                command_line: command_line(),
            },
            long: self.long.options(),
        }
    }
}

/// Arguments of `sim fit-eval`.
#[derive(Args, Debug)]
pub struct FitEvalArgs {
    /// The game (one with evaluation features: grangol).
    #[arg(long, short = 'g', value_parser = game_name)]
    pub game: String,
    /// The rules the games are played under (a shipped rule set or a file) [default: the
    /// game's default rules].
    #[arg(long, value_name = "NAME|FILE")]
    pub rules: Option<String>,
    /// Self-play games to record (a positive whole number).
    #[arg(long, short = 'n', value_name = "N", value_parser = positive_u64, allow_negative_numbers = true)]
    pub games: u64,
    /// Master seed: games, sampled decisions and reservoirs all derive from it.
    #[arg(long, short = 's', value_name = "S", default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// The agents whose games are recorded, one per seat (seats rotate game by game).
    #[arg(long, short = 'a', value_parser = agent_list, default_value = "greedy,greedy")]
    pub agents: AgentList,
    /// Record a decision with probability 1/K (so positions of one game are few and far
    /// apart).
    #[arg(long, value_name = "K", default_value_t = ::lab::fit_eval::DEFAULT_EVERY, value_parser = clap::value_parser!(u32).range(1..))]
    pub every: u32,
    /// At most this many positions are fitted (a uniform sample of those recorded; a
    /// quarter as many are held out), so memory does not grow with --games.
    #[arg(long, value_name = "P", default_value_t = ::lab::fit_eval::DEFAULT_POSITIONS, value_parser = positive_usize)]
    pub positions: usize,
    /// The L2 penalty on the weights (not on the intercept), in the units of the summed
    /// log-likelihood.
    #[arg(long, value_name = "LAMBDA", default_value_t = ::lab::fit_eval::DEFAULT_RIDGE, value_parser = non_negative_f64, allow_negative_numbers = true)]
    pub ridge: f64,
    /// Worker threads [default: all cores]. Results do not depend on it.
    #[arg(long, short = 'j', value_name = "T", value_parser = positive_usize, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// The weights file to write (overwritten) [default: eval-GAME-SEED-N.toml].
    #[arg(long, short = 'o', value_name = "FILE")]
    pub out: Option<PathBuf>,
}

impl FitEvalArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::FitEvalOptions {
        ::lab::options::FitEvalOptions {
            game: self.game.clone(),
            rules: self.rules.clone(),
            games: self.games,
            seed: self.seed,
            agents: self.agents.0.clone(),
            every: self.every,
            positions: self.positions,
            ridge: self.ridge,
            threads: self.threads,
            out: self.out.clone(),
        }
    }
}

/// A finite number `>= 0`.
fn non_negative_f64(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!("'{s}' is not a number >= 0")),
    }
}

/// Arguments of `sim ladder`.
#[derive(Args, Debug)]
pub struct LadderArgs {
    /// The game.
    #[arg(long, short = 'g', value_parser = game_name)]
    pub game: String,
    /// A shipped rule set by name or a TOML file [default: default].
    #[arg(long, value_name = "NAME|FILE")]
    pub rules: Option<String>,
    /// Change one rule (`KEY=VALUE`); repeatable, applied after --rules.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Number of players (the rules key `players`); 1 at the memory game is the
    /// solitaire, measured in turns against its known optimum.
    #[arg(long, value_name = "N", value_parser = positive_usize, allow_negative_numbers = true)]
    pub players: Option<usize>,
    /// Games of every pairing (of every agent alone at a one-player game), on duplicate
    /// deals.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 400, value_parser = positive_u64, allow_negative_numbers = true)]
    pub games: u64,
    /// Master seed: every stage plays on it, so on the same deals.
    #[arg(long, short = 's', value_name = "S", default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// The first mcts budget, in iterations per decision.
    #[arg(long, value_name = "N", default_value_t = 50)]
    pub start_iterations: u32,
    /// The largest mcts budget: the doubling stops there even if it still wins.
    #[arg(long, value_name = "N", default_value_t = 3200)]
    pub max_iterations: u32,
    /// The score a rung must reach against the previous link to extend the skill chain
    /// (strictly between 0.5 and 1).
    #[arg(long, value_name = "SCORE", default_value_t = 0.6)]
    pub step: f64,
    /// Games per agent played on one thread to measure iterations and time per game.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = positive_u64, allow_negative_numbers = true)]
    pub calibration_games: u64,
    /// Threads and output folder (default runs/ladder-GAME-SEED-N).
    #[command(flatten)]
    pub output: OutputArgs,
    /// Checkpoints (`--shard` is refused: every stage depends on the last).
    #[command(flatten)]
    pub long: LongRunArgs,
}

impl LadderArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::LadderOptions {
        ::lab::options::LadderOptions {
            game: self.game.clone(),
            rules: self.rules.clone(),
            set: self.set.clone(),
            players: self.players,
            games: self.games,
            seed: self.seed,
            start_iterations: self.start_iterations,
            max_iterations: self.max_iterations,
            step: self.step,
            calibration_games: self.calibration_games,
            output: self.output.options(),
            long: self.long.options(),
        }
    }
}

/// Arguments of `sim completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// Arguments of `sim report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// The run folder (written by `sim run`).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// A second card-value, compare or sweep folder of the same game and rules as DIR,
    /// played by other agents: writes DIR/report-vs-NAME.html, the two answers side by
    /// side (card values with Spearman's rank correlation, or each rule set's effect under
    /// both).
    #[arg(value_name = "DIR_B")]
    pub against: Option<PathBuf>,
}

/// Arguments of `sim bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Only this game's workloads (default: every game's random games, then GRANGOL's
    /// greedy and mcts workloads).
    #[arg(long, value_parser = game_name)]
    pub game: Option<String>,
    /// Games of random against random, per game.
    #[arg(long, value_name = "N", default_value_t = 2000, value_parser = positive_u64)]
    pub games: u64,
    /// Games of greedy against random.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = positive_u64)]
    pub greedy_games: u64,
    /// Games of mcts(iterations=100) against greedy.
    #[arg(long, value_name = "M", default_value_t = 20, value_parser = positive_u64)]
    pub search_games: u64,
    /// Also time single ISMCTS searches of exactly this many iterations, with random
    /// playouts to the end of the game, from the first decision of --searches dealt games
    /// (the workload of `benches/compare-openspiel.sh`); prints each start state's actions.
    #[arg(long, value_name = "ITERATIONS", value_parser = positive_u64)]
    pub search: Option<u64>,
    /// How many searches --search times.
    #[arg(long, value_name = "K", default_value_t = 10, value_parser = positive_u64)]
    pub searches: u64,
}

impl BenchArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::BenchOptions {
        ::lab::options::BenchOptions {
            game: self.game.clone(),
            games: self.games,
            greedy_games: self.greedy_games,
            search_games: self.search_games,
            search: self.search,
            searches: self.searches,
        }
    }
}

/// Arguments of `sim agents`.
#[derive(Args, Debug)]
pub struct AgentsArgs {
    /// Show the defaults this game plays with: its configs/<game>/agents.toml (embedded)
    /// over the generic defaults; parameters it sets are marked.
    #[arg(long, short = 'g', value_parser = game_name)]
    pub game: Option<String>,
}

/// The `--agents` list: one spec per seat, split on commas outside parentheses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentList(pub Vec<String>);

impl std::ops::Deref for AgentList {
    type Target = [String];
    fn deref(&self) -> &[String] {
        &self.0
    }
}

fn agent_list(s: &str) -> Result<AgentList, String> {
    agents::split_specs(s)
        .map(AgentList)
        .map_err(|e| e.to_string())
}

/// A `--game` name: one of the registered games.
fn game_name(s: &str) -> Result<String, String> {
    let s = s.trim().to_ascii_lowercase();
    if ::lab::games::NAMES.contains(&s.as_str()) {
        Ok(s)
    } else {
        Err(format!(
            "unknown game '{s}' (games: {})",
            ::lab::games::NAMES.join(", ")
        ))
    }
}

/// What to play: shared by every command that plays games.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// The game (see `sim rules --list --game NAME` for its shipped rule sets).
    #[arg(long, short = 'g', value_parser = game_name)]
    pub game: String,
    /// Agents, comma-separated (e.g. random,random). One per seat plays a match; more play
    /// a round robin (every pair at a two-seat game, every table of N at an N-seat game;
    /// at a one-player game each agent plays its games alone, on the same deals).
    /// Seats rotate game by game: at two seats the first agent has seat 0 in even games
    /// and seat 1 in odd ones. An agent may carry
    /// parameters: `mcts(iterations=400,c=0.7),greedy` (see `sim agents`).
    #[arg(long, short = 'a', value_parser = agent_list, required = true)]
    pub agents: AgentList,
    /// Number of games of each match (a positive whole number).
    #[arg(long, short = 'n', value_name = "N", value_parser = positive_u64, allow_negative_numbers = true)]
    pub games: u64,
    /// With more agents than seats, play the first agent against each of the others
    /// instead of a round robin of every pair (not at a one-player game: no opponents).
    #[arg(long)]
    pub gauntlet: bool,
    /// Deal every game afresh. By default games come in duplicate pairs: the same deal
    /// (cards and dice) played twice with the seats swapped, so the luck of the deal
    /// cancels and intervals narrow.
    #[arg(long)]
    pub no_duplicate: bool,
    /// Master seed: game i uses streams derived from (seed, i).
    #[arg(long, short = 's', value_name = "S", default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// The rules: a shipped rule set by name (`default`, `interchangeable`, …: `sim rules
    /// --list`) or a TOML file, which may name the rule set it changes with
    /// `extends = "default"`. `sim compare` takes it more than once.
    #[arg(long, value_name = "NAME|FILE")]
    pub rules: Vec<String>,
    /// Change one rule, on the rules file's tree before validation: the file's dotted key
    /// and a value (`options.interchangeable=true`, `deck.cards.TIRO=8`,
    /// `options.grangol=tiro`). Repeatable; applied in order, after --rules.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Number of players, for a game played by a varying number (`--players 4` at
    /// lastuf): the rules key `players`, set before any --set. A game of a fixed number
    /// accepts only that number.
    #[arg(long, value_name = "N", value_parser = positive_usize, allow_negative_numbers = true)]
    pub players: Option<usize>,
}

impl GameArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::GameOptions {
        ::lab::GameOptions {
            game: self.game.clone(),
            agents: self.agents.0.clone(),
            games: self.games,
            gauntlet: self.gauntlet,
            no_duplicate: self.no_duplicate,
            seed: self.seed,
            rules: self.rules.clone(),
            set: self.set.clone(),
            players: self.players,
        }
    }
}

/// `sim run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// What to play.
    #[command(flatten)]
    pub common: GameArgs,
    /// Worker threads [default: all cores]. Results do not depend on it.
    #[arg(long, short = 'j', value_name = "T", value_parser = positive_usize, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Output directory, which must not exist [default: runs/GAME-AGENTS-SEED-N,
    /// with -2, -3… appended if taken].
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Stop the match early by a sequential probability ratio test of the first agent's
    /// Elo advantage: H0 elo0 against H1 elo1, error rates alpha and beta (default 0.05
    /// each). --games is then the most games played; the test is checked every 1000 games.
    #[arg(
        long,
        value_name = "ELO0,ELO1[,ALPHA,BETA]",
        value_parser = sprt_spec,
        allow_hyphen_values = true
    )]
    pub sprt: Option<reports::Sprt>,
    /// Play only part I of N of the run (I from 0 to N-1), whole duplicate pairs, and
    /// write it with shard.json, for `sim merge` to combine the N parts into the files of
    /// the whole run.
    #[arg(long, value_name = "I/N", value_parser = shard_spec)]
    pub shard: Option<Shard>,
    /// Seconds between two checkpoints of the run's counts, written to its temporary
    /// folder so that a killed run can go on with `sim resume OUT`; 0: none (Ctrl-C and
    /// SIGTERM then end the run without a checkpoint). Not with --sprt, which keeps no
    /// checkpoint (refused when both are given).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 60,
        conflicts_with = "sprt"
    )]
    pub checkpoint: u64,
    /// Stop the run at a game longer than this many applied actions and report it (its
    /// index, deal and seed, its last actions and the `sim trace` command that shows all
    /// of it) [default: the game's own bound, which only an engine bug exceeds].
    #[arg(long, value_name = "N", value_parser = positive_u64, allow_negative_numbers = true)]
    pub max_actions: Option<u64>,
    /// Print the summary as one JSON object on standard output (the rows of summary.csv,
    /// balance.csv, matchups.csv and ratings.csv, the warnings, timings and the output
    /// folder), for scripts and notebooks, instead of the text summary. The files are
    /// written as usual.
    #[arg(long)]
    pub json: bool,
}

impl RunArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::RunOptions {
        ::lab::RunOptions {
            common: self.common.options(),
            threads: self.threads,
            out: self.out.clone(),
            sprt: self.sprt,
            shard: self.shard,
            checkpoint: self.checkpoint,
            max_actions: self.max_actions,
            json: self.json,
        }
    }
}

/// Arguments of `sim resume`.
#[derive(Args, Debug)]
pub struct ResumeArgs {
    /// The output folder of the interrupted run (its `--out`, or the folder its stop
    /// message names).
    #[arg(value_name = "OUT")]
    pub dir: PathBuf,
    /// Worker threads [default: all cores]. Results do not depend on it.
    #[arg(long, short = 'j', value_name = "T", value_parser = positive_usize, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Seconds between two checkpoints (at least 1: a resumed run always keeps its
    /// checkpoint).
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub checkpoint: u64,
}

/// Arguments of `sim merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shard folders, one per shard, in any order.
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// Output directory, which must not exist [default: runs/GAME-AGENTS-SEED-N, with
    /// -2, -3… appended if taken, as the whole run would have].
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: Option<PathBuf>,
}

fn shard_spec(s: &str) -> Result<Shard, String> {
    let (i, n) = s
        .split_once('/')
        .ok_or_else(|| format!("'{s}' is not I/N (e.g. 0/4, the first of four shards)"))?;
    let num = |x: &str| {
        x.trim()
            .parse::<u64>()
            .map_err(|_| format!("'{x}' is not a whole number"))
    };
    let (index, count) = (num(i)?, num(n)?);
    if count == 0 || index >= count {
        return Err(format!(
            "shard {index} of {count}: I must be from 0 to N-1 and N at least 1"
        ));
    }
    Ok(Shard { index, count })
}

fn sprt_spec(s: &str) -> Result<reports::Sprt, String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    if parts.len() != 2 && parts.len() != 4 {
        return Err("expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA".into());
    }
    let num = |x: &str| {
        x.parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| format!("'{x}' is not a number"))
    };
    let (elo0, elo1) = (num(parts[0])?, num(parts[1])?);
    let (alpha, beta) = if parts.len() == 4 {
        (num(parts[2])?, num(parts[3])?)
    } else {
        (0.05, 0.05)
    };
    if elo1 <= elo0 {
        return Err(format!("elo1 ({elo1}) must be above elo0 ({elo0})"));
    }
    if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
        return Err("alpha and beta must be between 0 and 0.5".into());
    }
    Ok(reports::Sprt {
        elo0,
        elo1,
        alpha,
        beta,
    })
}

/// `sim trace`.
#[derive(Args, Debug)]
pub struct TraceArgs {
    /// What to play.
    #[command(flatten)]
    pub common: GameArgs,
    /// Sample chance as `compare`, `sweep`, `tune` and `card-value` do (an exponential
    /// race, coupled across rule sets), to replay one of their games.
    #[arg(long)]
    pub coupled: bool,
    /// At each decision of an agent that searches (mcts), record its candidates and their
    /// visit shares in the step's `explain` field.
    #[arg(long)]
    pub explain: bool,
}

/// `sim replay`.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["game", "trace"])))]
#[command(mut_arg("game", |a| a.required(false)))]
#[command(mut_arg("agents", |a| a.required(false).required_unless_present("trace")))]
#[command(mut_arg("games", |a| a.required(false).required_unless_present("trace")))]
pub struct ReplayArgs {
    /// What to play (game --index of the schedule is shown); not with --trace.
    #[command(flatten)]
    pub common: Option<GameArgs>,
    /// A game record to replay (made by `sim trace` or `sim play`): the game, rules, seed
    /// and agents come from its first line.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<std::path::PathBuf>,
    /// The game to show: its index in the schedule (or in the record), from 0.
    #[arg(long, value_name = "G", default_value_t = 0)]
    pub index: u64,
    /// Record and show the searching agents' candidates and visit shares at each decision
    /// (as `sim trace --explain`; a record shows what it holds).
    #[arg(long, conflicts_with = "trace")]
    pub explain: bool,
    /// The HTML page to write (it must not exist yet).
    #[arg(long, value_name = "FILE")]
    pub out: std::path::PathBuf,
}

/// `sim play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game (see `sim games`).
    #[arg(long, short = 'g', value_parser = game_name)]
    pub game: String,
    /// The agents at the other seats, comma-separated, in seat order: one fills every
    /// other seat (`sim agents` lists them).
    #[arg(long, value_parser = agent_list, default_value = "mcts")]
    pub vs: AgentList,
    /// Your seat, from 0; repeat it to play several seats (hot seat).
    #[arg(long = "seat", value_name = "K", default_value = "0")]
    pub seat: Vec<u8>,
    /// Master seed [default: one drawn from the clock, printed and recorded].
    #[arg(long, short = 's', value_name = "S")]
    pub seed: Option<u64>,
    /// The rules: a shipped rule set by name or a TOML file.
    #[arg(long, value_name = "NAME|FILE")]
    pub rules: Option<String>,
    /// Change one rule (`KEY=VALUE`), repeatable, applied in order after --rules.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Number of players, for a game played by a varying number.
    #[arg(long, value_name = "N", value_parser = positive_usize, allow_negative_numbers = true)]
    pub players: Option<usize>,
    /// Show from the start what mcts would play and its visit shares (key `h` toggles).
    #[arg(long)]
    pub hint: bool,
    /// Where to save the game's record (it must not exist) [default:
    /// games/play-GAME-SEED.jsonl].
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

impl TraceArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::TraceOptions {
        ::lab::options::TraceOptions {
            common: self.common.options(),
            coupled: self.coupled,
            explain: self.explain,
        }
    }
}

impl ReplayArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::ReplayOptions {
        ::lab::options::ReplayOptions {
            common: self
                .common
                .as_ref()
                .map(GameArgs::options)
                .unwrap_or_default(),
            out: self.out.clone(),
            index: self.index,
            explain: self.explain,
            trace: self.trace.clone(),
        }
    }
}

fn positive_u64(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err("expected a positive whole number".into()),
    }
}

fn positive_usize(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err("expected a positive whole number".into()),
    }
}

/// The command line with `run` inserted when no subcommand is given, so that
/// `sim --game grangol …` means `sim run --game grangol …`. Help and version flags and
/// explicit subcommands are left alone.
pub fn with_default_subcommand(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    // The global flags may come before the subcommand: look past them.
    let first = args
        .iter()
        .skip(1)
        .map(|a| a.to_str())
        .find(|a| !matches!(a, Some("-q" | "--quiet")))
        .flatten();
    let insert = match first {
        None => true,
        Some("-h" | "--help" | "-V" | "--version") => false,
        Some(a) => a.starts_with('-'),
    };
    let mut args = args;
    if insert {
        args.insert(1.min(args.len()), "run".into());
    }
    args
}

/// The cargo features of `sim` this build was made without, each with what it brings
/// (docs/features.md): `onnx` (the `onnx(model=FILE)` agent), `datasets` (`sim
/// selfplay`), `tui` (`sim play`'s terminal UI). Empty for a `--features full` build.
pub fn missing_features() -> Vec<(&'static str, &'static str)> {
    let mut missing = Vec::new();
    if !cfg!(feature = "onnx") {
        missing.push(("onnx", "the onnx(model=FILE) agent"));
    }
    if !cfg!(feature = "datasets") {
        missing.push(("datasets", "sim selfplay's Parquet datasets"));
    }
    if !cfg!(feature = "tui") {
        missing.push(("tui", "sim play's terminal UI"));
    }
    missing
}

/// The command line's definition as this build has it: [`Cli`] with what the build lacks
/// marked in `sim --help` (a closing paragraph naming the missing features and the
/// command that builds them all) and in the help of the commands that need one (`sim
/// selfplay`, `sim play`).
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    let missing = missing_features();
    let mut cmd = Cli::command();
    if missing.is_empty() {
        return cmd;
    }
    let lacks = |feature: &str| missing.iter().any(|(f, _)| *f == feature);
    if lacks("datasets") {
        cmd = cmd.mut_subcommand("selfplay", |c| {
            let about = c.get_about().map(|a| a.to_string()).unwrap_or_default();
            c.about(format!("[not in this build: feature 'datasets'] {about}"))
        });
    }
    if lacks("tui") {
        cmd = cmd.mut_subcommand("play", |c| {
            let about = c.get_about().map(|a| a.to_string()).unwrap_or_default();
            c.about(format!(
                "{about} [this build: line protocol only, no feature 'tui']"
            ))
        });
    }
    let list: Vec<String> = missing
        .iter()
        .map(|(f, what)| format!("'{f}' ({what})"))
        .collect();
    cmd.after_help(format!(
        "This build of sim lacks the cargo features {}; build everything with: cargo build \
         --release -p sim-cli --features full",
        list.join(", ")
    ))
}

/// Whether the process was asked for the top-level help (`sim -h`, `sim --help`, before
/// any subcommand), which then shows the default command's flags too.
pub fn is_top_level_help() -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    args.iter()
        .take_while(|a| a.starts_with('-'))
        .any(|a| a == "-h" || a == "--help")
        && !args.iter().any(|a| !a.starts_with('-'))
}

/// The options of the default command, `sim run`, as `sim run --help` lists them, under a
/// heading: what `sim --help` prints after the list of commands.
pub fn default_command_help() -> String {
    let mut cmd = command();
    let run = cmd
        .find_subcommand_mut("run")
        .expect("the run subcommand exists");
    let help = run.render_help().to_string();
    let options = help
        .split_once("Options:")
        .map_or(help.as_str(), |(_, rest)| rest);
    format!(
        "Options of the default command (sim [run] --game G --agents A,B --games N ...):{options}"
    )
}

/// A clap error as one line: its first paragraph with lines joined, without the `error: `
/// prefix, and a pointer to `--help`.
pub fn one_line(err: &clap::Error) -> String {
    let text = err.to_string();
    let first: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    let msg = first.join(" ");
    let msg = msg.strip_prefix("error: ").unwrap_or(&msg);
    format!("{msg} (see 'sim --help')")
}

/// The command line as typed (the process's arguments, program first), which the lab
/// records in `run.json` ([`::lab::options::OutputOptions::command_line`]).
pub fn command_line() -> Vec<String> {
    std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_consistent() {
        Cli::command().debug_assert();
    }

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        let args = args.iter().map(Into::into).collect();
        Cli::try_parse_from(with_default_subcommand(args))
    }

    #[test]
    fn run_is_the_default() {
        let cli = parse(&[
            "sim",
            "--game",
            "grangol",
            "--agents",
            "random,random",
            "--games",
            "3",
        ])
        .unwrap();
        let Command::Run(run) = cli.command else {
            panic!("not a run")
        };
        assert_eq!(*run.common.agents, ["random", "random"]);
        assert_eq!(run.common.seed, DEFAULT_SEED);
        assert!(
            parse(&["sim", "run", "--game", "grangol", "--agents", "random", "--games", "3"])
                .is_ok()
        );
        assert!(
            parse(&["sim", "trace", "--game", "grangol", "--agents", "a,b", "--games", "1"])
                .is_ok()
        );
    }

    #[test]
    fn errors_are_one_line() {
        for bad in [
            &[
                "sim",
                "--game",
                "grangol",
                "--agents",
                "random,random",
                "--games",
                "0",
            ][..],
            &[
                "sim",
                "--game",
                "grangol",
                "--agents",
                "random,random",
                "--games",
                "x",
            ],
            &[
                "sim",
                "--game",
                "chess",
                "--agents",
                "random,random",
                "--games",
                "1",
            ],
            &["sim", "--game", "grangol", "--agents", "random,random"],
            &["sim"],
            &["sim", "--bogus"],
        ] {
            let err = parse(bad).unwrap_err();
            let line = one_line(&err);
            assert!(!line.contains('\n'), "{line}");
            assert!(!line.starts_with("error"), "{line}");
        }
    }
}

/// `sim selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// What to play.
    #[command(flatten)]
    pub common: GameArgs,
    /// Threads and output folder [default: runs/selfplay-GAME-SEED-N].
    #[command(flatten)]
    pub output: OutputArgs,
    /// Rows (decisions) per Parquet file; the last file holds the rest.
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = positive_u64)]
    pub rows_per_file: u64,
}

impl SelfplayArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::SelfplayOptions {
        ::lab::options::SelfplayOptions {
            common: self.common.options(),
            output: self.output.options(),
            rows_per_file: self.rows_per_file,
        }
    }
}
