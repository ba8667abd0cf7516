//! The types of `run.json`: what was run, with what, and how long it took.

use super::simulate::{chunk_size, SprtOutcome};
use super::Plan;
use crate::infra::games::LoadedView;
use reports::RunStats;
use serde::Serialize;

/// One agent in `run.json`.
#[derive(Serialize)]
pub struct AgentJson<'a> {
    /// The agent's label (the spec, `#k` appended to the k-th repeat).
    pub label: &'a str,
    /// The agent's spec as given to `--agents`.
    pub spec: &'a str,
    /// The spec the agent was built from: the game's defaults of agent parameters
    /// (`configs/<game>/agents.toml`) under the typed ones; the same as `spec` where the
    /// game sets none of its parameters.
    pub effective: String,
    /// Whether the agent sees hidden information (the `oracle`,
    /// [`agents::sees_hidden_information`]): its results bound honest play rather than
    /// measure it.
    pub sees_hidden_information: bool,
}

/// The rules in `run.json`.
#[derive(Serialize)]
pub struct RulesJson<'a> {
    /// How the rules were named (`default`, a file, with `--set`s).
    pub source: &'a str,
    /// The whole rule set, as JSON.
    pub config: &'a serde_json::Value,
}

/// Timings in `run.json`.
#[derive(Serialize)]
pub struct TimingsJson {
    /// Seconds spent playing.
    pub elapsed_seconds: f64,
    /// Games played a second.
    pub games_per_second: f64,
}

/// Build facts in `run.json` (nothing that depends on a git checkout).
#[derive(Serialize)]
pub struct BuildJson {
    /// The package (`sim-cli`).
    pub package: &'static str,
    /// `debug` or `release`.
    pub profile: &'static str,
    /// The operating system (`linux`).
    pub target_os: &'static str,
    /// The architecture (`x86_64`).
    pub target_arch: &'static str,
}

/// The schedule in `run.json`.
#[derive(Serialize)]
pub struct ScheduleJson {
    /// `match` (one match), `gauntlet` or `round-robin`; `solo` at a one-seat game (each
    /// agent plays its games alone).
    pub format: &'static str,
    /// Whether games were played on duplicate deals.
    pub duplicate: bool,
    /// Games per match.
    pub games_per_match: u64,
    /// The agents (indices into `agents`) of each match.
    pub matches: Vec<Vec<usize>>,
    /// How agents are seated, in words.
    pub seating: &'static str,
}

/// `run.json`: what was run, with what, and how long it took.
#[derive(Serialize)]
pub struct RunJson<'a> {
    /// The command line, argument by argument.
    pub command: Vec<String>,
    /// The `sim` version.
    pub version: &'static str,
    /// The game's name.
    pub game: &'a str,
    /// The agents, in `--agents` order.
    pub agents: Vec<AgentJson<'a>>,
    /// The matches and how they are seated.
    pub schedule: ScheduleJson,
    /// Games played.
    pub games: u64,
    /// The master seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Game groups per chunk of work, for the whole run (see [`chunk_size`]).
    pub chunk_size: u64,
    /// When the run started, in seconds since 1970.
    pub started_unix_seconds: u64,
    /// The rules played.
    pub rules: RulesJson<'a>,
    /// How long the games took.
    pub timings: TimingsJson,
    /// Actions applied in all games.
    pub actions: u64,
    /// Decisions the agents took in all games.
    pub decisions: u64,
    /// The files of the run folder, in the order written.
    pub files: Vec<&'static str>,
    /// The SHA-256 of each CSV file of the run folder, by name, which `sim report`
    /// checks (`run.json` itself carries its own `content_hash`, see [`reports::seal`]).
    pub csv_sha256: std::collections::BTreeMap<&'static str, String>,
    /// The early-stopping test, when `--sprt` was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtOutcome>,
    /// How `sim` was built.
    pub build: BuildJson,
}

/// When a run started and how fast it went, for [`RunJson::new`].
pub struct Timings {
    /// When the run started, in seconds since 1970.
    pub started: u64,
    /// Seconds spent playing.
    pub elapsed: f64,
    /// Games played a second.
    pub rate: f64,
}

impl<'a> RunJson<'a> {
    /// `run.json` of a run of `game` as planned by `plan` (`gauntlet`: `--gauntlet`, for
    /// the schedule's format) whose games counted `stats`, timed `timings`, which writes
    /// `files`, and whose SPRT, if any, ended as `sprt`.
    pub fn new(
        game: LoadedView<'a>,
        plan: &'a Plan,
        gauntlet: bool,
        stats: &RunStats,
        timings: Timings,
        files: Vec<&'static str>,
        sprt: Option<SprtOutcome>,
    ) -> Self {
        let schedule = &plan.schedule;
        RunJson {
            command: std::env::args_os()
                .map(|a| a.to_string_lossy().into_owned())
                .collect(),
            version: env!("CARGO_PKG_VERSION"),
            game: game.name(),
            agents: plan
                .labels
                .iter()
                .zip(&plan.specs)
                .zip(
                    crate::infra::games::effective_specs(game.name(), &plan.specs)
                        .unwrap_or_else(|_| plan.specs.clone()),
                )
                .map(|((label, spec), effective)| AgentJson {
                    label,
                    spec: spec.as_str(),
                    effective: effective.to_string(),
                    sees_hidden_information: agents::sees_hidden_information(spec),
                })
                .collect(),
            schedule: ScheduleJson {
                format: match (schedule.num_seats, schedule.matches.len(), gauntlet) {
                    (1, _, _) => "solo",
                    (_, 1, _) => "match",
                    (_, _, true) => "gauntlet",
                    _ => "round-robin",
                },
                duplicate: schedule.duplicate,
                games_per_match: schedule.games_per_match,
                matches: schedule.matches.iter().map(|m| m.to_vec()).collect(),
                seating: if schedule.num_seats == 1 {
                    "one seat: each agent plays its games alone (a match of its own); with \
                     duplicate deals game i of every agent is played on deal i"
                } else {
                    "in game i of a match, the match's k-th agent sits at seat (k + i) mod \
                     seats; with duplicate deals games i and i + 1 (i even, two seats) are \
                     played on the same deal"
                },
            },
            games: stats.games(),
            seed: plan.seed,
            threads: plan.threads,
            chunk_size: chunk_size(schedule.total_groups()),
            started_unix_seconds: timings.started,
            rules: RulesJson {
                source: game.rules_source,
                config: game.rules_json,
            },
            timings: TimingsJson {
                elapsed_seconds: timings.elapsed,
                games_per_second: timings.rate,
            },
            actions: stats.actions(),
            decisions: (0..plan.specs.len())
                .map(|a| stats.agent_total(a).decisions)
                .sum(),
            files,
            csv_sha256: Default::default(),
            sprt,
            build: BuildJson {
                package: env!("CARGO_PKG_NAME"),
                profile: if cfg!(debug_assertions) {
                    "debug"
                } else {
                    "release"
                },
                target_os: std::env::consts::OS,
                target_arch: std::env::consts::ARCH,
            },
        }
    }
}
