//! The flag groups that several commands share (`GameArgs`: what to play; `OutputArgs`,
//! `LongRunArgs`, `LabStatsArgs`), the default seed and the flags' value parsers. Each
//! command's own flags are beside its code (`commands/<command>.rs`); `cli.rs` gathers
//! the commands into `sim`'s command line.

pub use ::lab::Shard;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// The seed used when `--seed` is not given ([`lab::infra::options::DEFAULT_SEED`]).
pub use ::lab::infra::options::DEFAULT_SEED;

/// Where a lab command writes and how many threads it uses.
#[derive(Args, Debug)]
pub struct OutputArgs {
    /// Worker threads [default: all cores]. Results do not depend on it.
    #[arg(long, short = 'j', value_name = "T", value_parser = positive_usize, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Output directory, which must not exist [default: runs/COMMAND-GAME-SEED-N, with
    /// -2, -3… appended if taken; `sim run`: runs/GAME-AGENTS-SEED-N; `sim card-value`:
    /// runs/card-value-GAME-CARD-SEED-N, CARD `all` when ranking every card].
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// How a long lab command survives a stop and splits over machines.
#[derive(Args, Debug)]
pub struct LongRunArgs {
    /// Play only part I of N of the command's games (I from 0 to N-1; `sim run`: whole
    /// duplicate pairs) and write shard.json, for `sim merge` to combine the N parts into
    /// the files of one whole run. Tune's search, where each step depends on the last, is
    /// played whole by every shard; only its final re-play is split.
    #[arg(long, value_name = "I/N", value_parser = shard_spec)]
    pub shard: Option<Shard>,
    /// Seconds between two checkpoints, written to the command's temporary folder so that
    /// a killed command can go on with `sim resume OUT`; 0: none (Ctrl-C and SIGTERM then
    /// end it without a checkpoint). Not with `sim run --sprt`, which keeps no checkpoint.
    #[arg(long, value_name = "SECONDS", default_value_t = ::lab::infra::options::DEFAULT_CHECKPOINT_SECONDS)]
    pub checkpoint: u64,
}

impl LongRunArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::infra::options::LongRunOptions {
        ::lab::infra::options::LongRunOptions {
            shard: self.shard,
            checkpoint: self.checkpoint,
        }
    }
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

impl OutputArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::infra::options::OutputOptions {
        ::lab::infra::options::OutputOptions {
            threads: self.threads,
            out: self.out.clone(),
            command_line: command_line(),
        }
    }
}

impl LabStatsArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::infra::options::LabStatsOptions {
        ::lab::infra::options::LabStatsOptions {
            independent: self.independent,
            correction: self.correction.into(),
        }
    }
}

/// A finite number `>= 0`.
pub(crate) fn non_negative_f64(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!("'{s}' is not a number >= 0")),
    }
}

/// A finite number `> 0`.
pub(crate) fn positive_f64(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("'{s}' is not a number > 0")),
    }
}

/// The `--agents` list: one spec per seat, split on commas outside parentheses, each read
/// once into an [`agents::AgentSpec`] here (the lab parses no spec text after this).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentList(pub Vec<agents::AgentSpec>);

impl std::ops::Deref for AgentList {
    type Target = [agents::AgentSpec];
    fn deref(&self) -> &[agents::AgentSpec] {
        &self.0
    }
}

/// The value parser of `--agents` and `--vs`: the list read with
/// [`agents::AgentSpec::read_list`]. Errors: unbalanced parentheses or an empty spec (a
/// piece that is not a spec is kept, and the command reports it where it checks its
/// agents, after its other arguments, as it reports an unknown agent).
pub(crate) fn agent_list(s: &str) -> Result<AgentList, String> {
    agents::AgentSpec::read_list(s)
        .map(AgentList)
        .map_err(|e| e.to_string())
}

/// One agent spec ([`agents::AgentSpec::parse`]). Errors: a text that is not a spec.
pub(crate) fn agent_spec(s: &str) -> Result<agents::AgentSpec, String> {
    agents::AgentSpec::parse(s).map_err(|e| e.to_string())
}

/// A `--game` name: one of the registered games.
pub(crate) fn game_name(s: &str) -> Result<String, String> {
    let s = s.trim().to_ascii_lowercase();
    if ::engine::core::NAMES.contains(&s.as_str()) {
        Ok(s)
    } else {
        Err(format!(
            "unknown game '{s}' (games: {})",
            ::engine::core::NAMES.join(", ")
        ))
    }
}

/// What to play: shared by every command that plays games.
#[derive(Args, Debug)]
pub struct GameArgs {
    // Declared here as in `GameArg`, not flattened from it: `sim replay` takes these flags
    // as an `Option<GameArgs>`, and with the game flattened one level deeper clap left it
    // `None` (`sim replay --game …` then read no game). A doc comment here would be the
    // flag's help.
    /// The game (`sim games` lists them; `sim rules --list --game NAME` its shipped rule
    /// sets).
    #[arg(long, short = 'g', value_name = "GAME", value_parser = game_name)]
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

impl RuleSetArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::infra::options::RuleSetOptions {
        ::lab::infra::options::RuleSetOptions {
            rules: self.rules.clone(),
            set: self.set.clone(),
            players: self.players,
        }
    }
}

/// `--game`/`-g`: the game, by the name `sim games` lists.
#[derive(Args, Debug)]
pub struct GameArg {
    /// The game (`sim games` lists them; `sim rules --list --game NAME` its shipped rule
    /// sets).
    #[arg(id = "game", long = "game", short = 'g', value_name = "GAME", value_parser = game_name)]
    pub name: String,
}

impl GameArg {
    /// The game's name, as the lab's options take it.
    pub fn owned_name(&self) -> String {
        self.name.clone()
    }
}

/// One rule set to play (`sim play`, `sim ladder`): `--rules`, `--set` and `--players`.
#[derive(Args, Debug)]
pub struct RuleSetArgs {
    /// The rules: a shipped rule set by name (`sim rules --list`) or a TOML file
    /// [default: default].
    #[arg(long, value_name = "NAME|FILE")]
    pub rules: Option<String>,
    /// Change one rule (`KEY=VALUE`, the rules file's dotted key); repeatable, applied in
    /// order after --rules.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Number of players, for a game played by a varying number: the rules key
    /// `players`, set before any --set (1 at the memory game: its solitaire).
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

pub(crate) fn shard_spec(s: &str) -> Result<Shard, String> {
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

pub(crate) fn sprt_spec(s: &str) -> Result<reports::Sprt, String> {
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

pub(crate) fn positive_u64(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err("expected a positive whole number".into()),
    }
}

pub(crate) fn positive_usize(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err("expected a positive whole number".into()),
    }
}

/// The command line as typed (the process's arguments, program first), which the lab
/// records in `run.json` ([`::lab::infra::options::OutputOptions::command_line`]).
pub fn command_line() -> Vec<String> {
    std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect()
}
