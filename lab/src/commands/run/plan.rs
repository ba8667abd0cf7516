//! The [`Plan`] of a run: what `sim run`'s arguments ask for, checked against the game
//! before any game is played or any file is written.

use crate::infra::games::Loaded;
use crate::infra::options::{GameOptions, RunOptions, Shard};
use crate::infra::schedule::Schedule;
use agents::AgentSpec;
use anyhow::Result;
use engine_core::Game;
use std::path::{Path, PathBuf};

/// Everything checked before any game is played or any file is written.
pub struct Plan {
    /// Agent specs in `--agents` order, as typed (trimmed).
    pub specs: Vec<AgentSpec>,
    /// Agent labels: the spec, with `#k` appended to the k-th repeat of a name.
    pub labels: Vec<String>,
    /// The matches, seats and deals of every game.
    pub schedule: Schedule,
    /// Master seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// The run directory to create.
    pub out: PathBuf,
    /// An early-stopping test of the first agent against the second, if asked for.
    pub sprt: Option<reports::Sprt>,
    /// With `--shard i/n`: which part of the run this is.
    pub shard: Option<Shard>,
    /// The game groups (see [`Schedule`]) to play: all of them, or the shard's.
    pub groups: std::ops::Range<u64>,
    /// `--max-actions`: the most actions a game may apply before it is reported.
    pub max_actions: Option<u64>,
    /// The `sim trace` command that replays this run's games (for such a report).
    pub trace: String,
    /// `--json`: the summary as one JSON object instead of text.
    pub json: bool,
}

impl Plan {
    /// Games in the groups to play.
    pub fn games(&self) -> u64 {
        self.games_of(self.groups.clone())
    }

    /// Games in the groups `groups` of the schedule.
    pub fn games_of(&self, groups: std::ops::Range<u64>) -> u64 {
        if groups.is_empty() {
            return 0;
        }
        let first = self.schedule.group_games(groups.start).start;
        self.schedule.group_games(groups.end - 1).end - first
    }
}

/// Labels for agent specs: `random,random` gives `random`, `random#2`.
/// Two specs repeat each other when their texts are the same.
pub fn labels(specs: &[AgentSpec]) -> Vec<String> {
    specs
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let k = specs[..i]
                .iter()
                .filter(|s| s.as_str() == spec.as_str())
                .count();
            if k == 0 {
                spec.to_string()
            } else {
                format!("{spec}#{}", k + 1)
            }
        })
        .collect()
}

/// The default run directory: `runs/<game>-<agents>-<seed>-<games>`, with `-2`, `-3`, …
/// appended if taken. Characters other than letters, digits, `.`, `_` and `-` in agent
/// specs become `_`.
fn default_out(game: &str, specs: &[AgentSpec], seed: u64, games: u64) -> PathBuf {
    let agents: Vec<String> = specs
        .iter()
        .map(|s| {
            s.as_str()
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || "._-".contains(c) {
                        c
                    } else {
                        '_'
                    }
                })
                .collect()
        })
        .collect();
    let base = Path::new("runs").join(format!("{game}-{}-{seed}-{games}", agents.join("-")));
    reports::unused_path(&base)
}

/// Warns on standard error, before any game, about agents whose time budget makes the run
/// last more than a day however fast the machine: a decision takes at least its
/// `time_ms`, and a game has at least one decision of each agent.
fn budget_warnings(specs: &[AgentSpec], schedule: &Schedule, threads: usize) {
    const DAY: f64 = 86_400.0;
    for (a, spec) in specs.iter().enumerate() {
        let Ok(Some(floor)) = agents::decision_time_floor(spec) else {
            continue;
        };
        let games = schedule.games_per_match
            * schedule.matches.iter().filter(|m| m.contains(&a)).count() as u64;
        let seconds = floor.as_secs_f64() * games as f64 / threads.max(1) as f64;
        if seconds > DAY {
            eprintln!(
                "sim: warning: {spec} takes at least {} ms a decision: its {games} games take \
                 at least {:.1} days on {threads} threads",
                floor.as_millis(),
                seconds / DAY
            );
        }
    }
}

/// The `sim trace` command that plays the same games as a run of `game` with `common`.
fn trace_command(game: &str, common: &GameOptions) -> String {
    TraceCommand::new(game, common).with(common.games, common.seed)
}

/// A `sim trace` command line of a game and its arguments, before `--games` and `--seed`
/// are chosen (a lab command plays several seeds and game counts).
#[derive(Clone, Debug)]
pub struct TraceCommand {
    /// `sim trace --game G --agents 'A,B'`.
    head: String,
    /// The options after `--seed`: `--gauntlet`, `--no-duplicate`, `--players`,
    /// `--rules`, `--set`.
    tail: String,
}

impl TraceCommand {
    /// The command of `game` with the agents, schedule options and rules of `common`.
    pub fn new(game: &str, common: &GameOptions) -> Self {
        let head = format!(
            "sim trace --game {game} --agents '{}'",
            crate::infra::games::typed_list(&common.agents)
        );
        let mut tail = String::new();
        if common.gauntlet {
            tail += " --gauntlet";
        }
        if common.no_duplicate {
            tail += " --no-duplicate";
        }
        if let Some(n) = common.players {
            tail += &format!(" --players {n}");
        }
        for r in &common.rules {
            tail += &format!(" --rules '{r}'");
        }
        for s in &common.set {
            tail += &format!(" --set '{s}'");
        }
        TraceCommand { head, tail }
    }

    /// The command line with `--games games --seed seed`.
    pub fn with(&self, games: u64, seed: u64) -> String {
        format!("{} --games {games} --seed {seed}{}", self.head, self.tail)
    }
}

/// Checks the run arguments against the loaded game: agent count and names, schedule,
/// threads, output directory. Writes nothing (budget warnings go to standard error).
/// Errors: unknown or too few agents, more games than a run can number, `--sprt` with
/// `--shard`, with other than two agents or at a one-seat game, an `--out` that already
/// exists.
pub fn plan<G: Game>(game: &Loaded<G>, args: &RunOptions) -> Result<Plan> {
    let checked = crate::infra::games::check_agents(&game.game, &args.common)?;
    plan_of(game.name(), args, checked)
}

/// [`plan`] of the game called `name`, whose agents and schedule are `checked`
/// ([`crate::infra::games::check_agents`]).
fn plan_of(
    name: &str,
    args: &RunOptions,
    (specs, schedule): (Vec<AgentSpec>, Schedule),
) -> Result<Plan> {
    let common = &args.common;
    // Game indices are 64-bit: a run's games must fit, with room for the deal streams.
    if schedule
        .games_per_match
        .checked_mul(schedule.matches.len() as u64)
        .is_none_or(|g| g > 1 << 62)
    {
        anyhow::bail!(
            "--games {} over {} matches is more games than a run can number",
            schedule.games_per_match,
            schedule.matches.len()
        );
    }
    if args.sprt.is_some() && args.long.shard.is_some() {
        anyhow::bail!(
            "--sprt decides when to stop from every game played so far, which a shard does \
             not see: use one or the other"
        );
    }
    if args.sprt.is_some() && schedule.num_seats == 1 {
        anyhow::bail!(
            "--sprt tests one agent against another at the table, but {} with 1 player has \
             no opponents: compare the agents' mean scores (summary.csv) instead",
            name
        );
    }
    if args.sprt.is_some() && (schedule.matches.len() != 1 || schedule.num_seats != 2) {
        anyhow::bail!(
            "--sprt tests one agent against another: name exactly two agents, not {}",
            specs.len()
        );
    }
    let threads = crate::infra::progress::threads(args.output.threads);
    budget_warnings(&specs, &schedule, threads);
    let out = match &args.output.out {
        Some(dir) => {
            if dir.exists() {
                anyhow::bail!(
                    "output directory '{}' already exists (choose another --out)",
                    dir.display()
                );
            }
            dir.clone()
        }
        None => {
            let mut out = default_out(name, &specs, common.seed, common.games);
            if let Some(s) = args.long.shard {
                let mut name = out.file_name().unwrap_or_default().to_os_string();
                name.push(format!("-shard-{}-of-{}", s.index, s.count));
                out = reports::unused_path(&out.with_file_name(name));
            }
            out
        }
    };
    let all = schedule.total_groups();
    let groups = match args.long.shard {
        Some(s) => s.groups(all),
        None => 0..all,
    };
    Ok(Plan {
        labels: labels(&specs),
        specs,
        schedule,
        seed: common.seed,
        threads,
        out,
        sprt: args.sprt,
        shard: args.long.shard,
        groups,
        max_actions: args.max_actions,
        trace: trace_command(name, common),
        json: args.json,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_number_repeats() {
        let specs: Vec<AgentSpec> = ["random", "random", "greedy", "random"]
            .map(|s| AgentSpec::parse(s).unwrap())
            .to_vec();
        assert_eq!(labels(&specs), ["random", "random#2", "greedy", "random#3"]);
    }
}
