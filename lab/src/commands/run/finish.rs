//! The end of a run (or of a merge of shards): the run folder's files written from the
//! counts, the folder renamed into place, the report made and the summary printed.

use super::run_json::{RunJson, Timings};
use super::simulate::SprtOutcome;
use super::summary::{
    balance_lines, duplicate_gain_lines, sprt_lines, summary_lines, tournament_lines, warning_lines,
};
use super::{Plan, Tally};
use crate::infra::games::{Loaded, LoadedView};
use crate::infra::journal::Journal;
use anyhow::{Context, Result};
use engine_core::{derive_rng, Game, Stream};
use reports::{
    balance_rows, card_rows, matchup_rows, rating_rows, summary_rows, MatchStats, RunDir, SkillGap,
};

/// The skill gap of `balance.csv`: each agent's score against every agent named `random`
/// (the baseline of the agent table, [`agents::baseline`]) it met.
fn skill_gaps(plan: &Plan, matches: &[MatchStats]) -> Vec<SkillGap> {
    let is_random = |a: usize| plan.specs[a].as_str() == agents::baseline().name;
    let mut gaps: Vec<SkillGap> = Vec::new();
    for m in matches {
        for side in [*m, m.flipped()] {
            let [a, b] = side.agents;
            if is_random(a) || !is_random(b) {
                continue;
            }
            let points2 = 2 * side.games.wins + side.games.draws;
            let points2_sq = 4 * side.games.wins + side.games.draws;
            match gaps.iter_mut().find(|g| g.agent == plan.labels[a]) {
                Some(g) => {
                    g.points2 += points2;
                    g.points2_sq += points2_sq;
                    g.games += side.games.games();
                }
                None => gaps.push(SkillGap {
                    agent: plan.labels[a].clone(),
                    points2,
                    points2_sq,
                    games: side.games.games(),
                }),
            }
        }
    }
    gaps
}

/// The seed of the bootstrap of `ratings.csv`: a stream of its own, derived from the run's
/// seed.
const BOOTSTRAP_STREAM: u32 = 1;

/// What a run (or a merge of shards) hands to [`finish`].
pub struct Finished {
    /// Every count of the games played.
    pub tally: Tally,
    /// How `--sprt` ended, when given.
    pub sprt: Option<SprtOutcome>,
    /// Seconds spent playing.
    pub elapsed: f64,
    /// When the run started, in seconds since 1970.
    pub started: u64,
    /// Whether to write the sample games' replay pages (`games/`, see
    /// `replay::write_samples`): not for a shard (its merge does), nor for agents
    /// the lab cannot build again (Python callables).
    pub replays: bool,
}

/// Writes the run folder's files from the counts in `done`, puts the folder in place
/// (through the command's `journal`, with `shard.json` for a shard: [`Journal::finish`];
/// `None`: a ladder stage's folder), and returns what `sim` prints ([`RunReport`]).
/// `gauntlet`: the schedule's format for `run.json`.
pub fn finish<G: Game>(
    game: &Loaded<G>,
    plan: &Plan,
    gauntlet: bool,
    dir: RunDir,
    journal: Option<&Journal>,
    done: Finished,
) -> Result<RunReport> {
    finish_of(game.view(), plan, (gauntlet, journal), dir, done, &|samples, out| {
        crate::commands::replay::write_samples(game, plan, samples, out)
    })
}

/// How [`finish_of`] writes the replay pages of a run's sample games into its folder
/// ([`crate::commands::replay::write_samples`]).
type WriteSamples<'a> = dyn Fn(&super::Samples, &std::path::Path) -> Result<Vec<String>> + 'a;

/// [`finish`] on the view of the game, writing the sample games' pages with
/// `write_samples`.
fn finish_of(
    game: LoadedView<'_>,
    plan: &Plan,
    (gauntlet, journal): (bool, Option<&Journal>),
    dir: RunDir,
    done: Finished,
    write_samples: &WriteSamples<'_>,
) -> Result<RunReport> {
    let Finished {
        tally,
        sprt,
        elapsed,
        started,
        replays,
    } = done;
    let stats = &tally.stats;
    let rate = stats.games() as f64 / elapsed.max(1e-9);

    let name = game.name();
    let info = game.info;
    let decisions: u64 = (0..plan.specs.len())
        .map(|a| stats.agent_total(a).decisions)
        .sum();
    let paired = plan.schedule.duplicate;
    let ratings = if tally.matches.is_empty() {
        Vec::new()
    } else {
        let mut rng = derive_rng(plan.seed, 0, Stream::Other(BOOTSTRAP_STREAM));
        rating_rows(
            name,
            &plan.labels,
            &tally.matches,
            paired,
            reports::BOOTSTRAP_RESAMPLES,
            &mut rng,
        )
    };
    // Card statistics belong to games with the card capability (a card list).
    let has_cards = !info.cards.is_empty();
    let mut files = vec!["summary.csv"];
    if has_cards {
        files.push("cards.csv");
    }
    files.push("balance.csv");
    // Shot positions belong to games with the board capability, when a shot was taken.
    let shots = info
        .board
        .map(|board| reports::shot_rows(name, &plan.labels, &board, stats))
        .filter(|rows| !rows.is_empty());
    if shots.is_some() {
        files.push("shots.csv");
    }
    if !tally.matches.is_empty() {
        files.push("matchups.csv");
    }
    // No ratings where some agent played no game (a shard of a round robin).
    if !ratings.is_empty() {
        files.push("ratings.csv");
    }
    if plan.shard.is_some() {
        files.push("shard.json");
    }
    files.extend(["run.json", "report.html"]);
    let mut run_json = RunJson::new(
        game,
        plan,
        gauntlet,
        stats,
        Timings {
            started,
            elapsed,
            rate,
        },
        files,
        sprt,
    );

    let summary = summary_rows(name, &plan.labels, stats, &tally.matches, paired);
    dir.write_csv("summary.csv", summary.clone())?;
    if has_cards {
        dir.write_csv(
            "cards.csv",
            card_rows(name, &plan.labels, &info.cards, stats),
        )?;
    }
    if let Some(rows) = shots {
        dir.write_csv("shots.csv", rows)?;
    }
    let gaps = skill_gaps(plan, &tally.matches);
    let balance = balance_rows(name, &tally.balance, &gaps);
    dir.write_csv("balance.csv", balance.clone())?;
    let matchups = if tally.matches.is_empty() {
        Vec::new()
    } else {
        matchup_rows(name, &plan.labels, &tally.matches, paired)
    };
    if !matchups.is_empty() {
        dir.write_csv("matchups.csv", matchups.clone())?;
    }
    if !ratings.is_empty() {
        dir.write_csv("ratings.csv", ratings.clone())?;
    }
    for name in run_json.files.iter().filter(|f| f.ends_with(".csv")) {
        let path = dir.tmp_path().join(name);
        let bytes =
            std::fs::read(&path).with_context(|| format!("cannot read '{}'", path.display()))?;
        run_json
            .csv_sha256
            .insert(name, reports::seal::sha256_hex(&bytes));
    }
    dir.write_json("run.json", &reports::seal::seal(&run_json)?)?;
    // The checkpoint goes, a shard gets its shard.json, the folder is put in place.
    let out = match journal {
        Some(journal) => journal.finish(dir)?,
        None => dir.finish()?,
    };
    // Derived pages, as the report: written into the folder once it is in place.
    let pages = if replays {
        write_samples(&tally.samples, &out)?
    } else {
        Vec::new()
    };
    let report = reports::report::write_report(&out)?;

    let warnings = warning_lines(plan, game.warnings, &tally, decisions);
    if plan.json {
        let summary_json = serde_json::json!({
            "game": name,
            "agents": plan.labels,
            "seats": info.num_seats,
            "games": stats.games(),
            "seed": plan.seed,
            "threads": plan.threads,
            "elapsed_seconds": elapsed,
            "games_per_second": rate,
            "summary": summary,
            "balance": balance,
            "matchups": matchups,
            "ratings": ratings,
            "sprt": sprt,
            "warnings": warnings,
            "out": out,
            "files": run_json.files,
            "sample_games": pages,
            "report": report,
        });
        return Ok(RunReport {
            lines: vec![summary_json.to_string()],
        });
    }
    let mut lines = summary_lines(name, plan, &tally, elapsed, rate);
    lines.extend(balance_lines(&tally.balance, info.at_cap));
    lines.extend(warnings.iter().map(|w| format!("warning: {w}")));
    if tally.matches.len() > 1 {
        lines.extend(tournament_lines(plan, &tally.matches, &ratings, paired));
    } else if let Some(m) = tally.matches.first() {
        lines.extend(duplicate_gain_lines(m, paired));
    }
    if let Some(t) = sprt {
        lines.extend(sprt_lines(&t));
    }
    lines.push(String::new());
    lines.push(format!(
        "wrote {}/ ({})",
        out.display(),
        run_json
            .files
            .iter()
            .copied()
            .chain(pages.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    lines.push(format!("report: {}", report.display()));
    Ok(RunReport { lines })
}

/// What `sim run` (or the merge or resume of a run) prints, as lines: the results by
/// agent and seat, the balance block, warnings, the tournament or the duplicate deals'
/// gain, the SPRT, and the files written; with `--json`, one line holding one JSON
/// object of the same. The library prints nothing; `sim` prints the lines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunReport {
    /// The lines, without their line ends.
    pub lines: Vec<String>,
}
