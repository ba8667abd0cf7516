//! `sim merge DIR…`: the shards of one run (`sim run --shard I/N`, see [`crate::infra::shard`])
//! checked and added into the files of the whole run.

use crate::commands::run::{finish, plan, Finished, Tally};
use crate::infra::games::GameTask;
use crate::infra::options::MergeOptions;
use crate::infra::shard::{rebuild, sealed_intact, ShardFile};
use anyhow::{bail, Context, Result};
use engine::core::Registered;
use reports::RunDir;
use std::path::{Path, PathBuf};

/// `sim merge DIR…`: reads every folder's `shard.json`, checks they are all the shards of
/// one run (same version, game, rules, agents, games, schedule and seed; each shard index
/// once, none missing), adds their counts and writes the whole run's folder. Returns the
/// report of merged shards of `compare`, `sweep`, `tune` or `card-value`, for its summary
/// (`None`: a `sim run`, which prints its own). Errors: [`crate::Error`], one line naming
/// the folder and what differs.
pub fn merge(
    args: &MergeOptions,
) -> crate::infra::error::Result<Option<crate::infra::long_command::LabReport>> {
    merge_untyped(args).map_err(crate::Error::from)
}

/// The work of [`merge`], with `anyhow` errors.
fn merge_untyped(args: &MergeOptions) -> Result<Option<crate::infra::long_command::LabReport>> {
    if let Some(first) = args.dirs.first() {
        let path = first.join("shard.json");
        if path.is_file()
            && crate::infra::journal::format_of(&path, "shard file")?
                == crate::infra::journal::LAB_SHARD_FORMAT
        {
            // Shards of compare, sweep, tune or card-value.
            return crate::infra::long_command::merge(
                &args.dirs,
                args.out.clone(),
                &args.command_line,
            )
            .map(Some);
        }
    }
    let mut shards = Vec::new();
    for dir in &args.dirs {
        let (file, seal) = ShardFile::read(dir)?;
        shards.push((dir.clone(), file, seal));
    }
    let (first_dir, first, _) = &shards[0];
    let identity = first.run_identity();
    for (dir, s, _) in &shards[1..] {
        for ((what, a), (_, b)) in identity.iter().zip(s.run_identity()) {
            if *a != b {
                bail!(
                    "'{}' is not a shard of the same run as '{}': its {what} differs",
                    dir.display(),
                    first_dir.display()
                );
            }
        }
    }
    let count = first.shard.count;
    // Keyed by index: a count read from a file sizes nothing.
    let mut seen: std::collections::BTreeMap<u64, &Path> = std::collections::BTreeMap::new();
    for (dir, s, _) in &shards {
        if let Some(other) = seen.insert(s.shard.index, dir) {
            bail!(
                "shard {}/{} is given twice: '{}' and '{}'",
                s.shard.index,
                count,
                other.display(),
                dir.display()
            );
        }
    }
    if seen.len() as u64 != count {
        let missing: Vec<String> = (0..count)
            .filter(|i| !seen.contains_key(i))
            .take(5)
            .map(|i| format!("{i}/{count}"))
            .collect();
        bail!(
            "shards missing: {}{} (give all {count} shard folders)",
            missing.join(", "),
            if count - seen.len() as u64 > 5 {
                format!(" and {} more", count - seen.len() as u64 - 5)
            } else {
                String::new()
            }
        );
    }
    let game = first.game.clone();
    let mut report = None;
    crate::infra::games::dispatch(
        &game,
        MergeTask {
            args,
            shards,
            report: &mut report,
        },
    )?;
    Ok(report.map(crate::infra::long_command::LabReport::Run))
}

struct MergeTask<'a> {
    args: &'a MergeOptions,
    shards: Vec<(PathBuf, ShardFile, reports::seal::Seal)>,
    /// Where the merged run's summary goes.
    report: &'a mut Option<crate::commands::run::RunReport>,
}

impl GameTask for MergeTask<'_> {
    type Output = ();
    fn call<R: Registered>(self) -> Result<()> {
        let (first_dir, first, _) = &self.shards[0];
        // The rules as the shards played them, loaded back from their complete file.
        let (game, run_args) = rebuild::<R>(first, self.args.out.clone(), Some(1), None)
            .with_context(|| format!("cannot merge '{}'", first_dir.display()))?;
        let plan = plan(&game, &run_args)?;
        let (tally, elapsed) = merged(&self.shards, &plan, game.game.info())?;
        let dir = RunDir::create(&plan.out)?;
        let started = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        *self.report = Some(finish(
            &game,
            &plan,
            first.gauntlet,
            dir,
            Finished {
                tally,
                sprt: None,
                elapsed,
                started,
                shard: None,
                replays: true,
            },
        )?);
        Ok(())
    }
}

/// The counts of `shards` added up, after checking each against `plan` (at the game
/// described by `info`), and the seconds they played. Errors: a shard of another run, or
/// whose file was changed.
fn merged(
    shards: &[(PathBuf, ShardFile, reports::seal::Seal)],
    plan: &crate::commands::run::Plan,
    info: &engine::core::GameInfo,
) -> Result<(Tally, f64)> {
    let mut tally = Tally::new(plan, info);
    let mut elapsed = 0.0;
    for (dir, s, seal) in shards {
        let not_this = |why: String| {
            anyhow::anyhow!(
                "'{}' does not hold the counts of shard {}/{} of this run{why}",
                dir.join("shard.json").display(),
                s.shard.index,
                s.shard.count
            )
        };
        let expected = s.shard.groups(plan.schedule.total_groups());
        if s.groups != [expected.start, expected.end] || !tally.same_shape(&s.tally) {
            return Err(not_this(String::new()));
        }
        let games = plan.games_of(expected);
        s.tally
            .check_counts(games, info)
            .map_err(|e| not_this(format!(": {e}")))?;
        sealed_intact(&dir.join("shard.json"), *seal)?;
        tally
            .checked_merge(&s.tally)
            .map_err(|e| not_this(format!(": {e}")))?;
        elapsed += s.elapsed_seconds;
    }
    Ok((tally, elapsed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::Solitaire;
    use crate::testing::{assert_same_counts, run_args, whole_run};
    use crate::Shard;
    use engine::core::Game;

    /// `sim merge` of the solitaire's `shards` into `dir/merged`, which it returns.
    fn merge_solitaire(
        dir: &Path,
        shards: Vec<(PathBuf, ShardFile, reports::seal::Seal)>,
    ) -> PathBuf {
        let merged = dir.join("merged");
        let args = MergeOptions {
            dirs: shards.iter().map(|(d, _, _)| d.clone()).collect(),
            out: Some(merged.clone()),
            command_line: Vec::new(),
        };
        let mut report = None;
        MergeTask {
            args: &args,
            shards,
            report: &mut report,
        }
        .call::<Solitaire>()
        .unwrap();
        assert!(report.is_some_and(|r| r.lines.iter().any(|l| l.starts_with("wrote "))));
        merged
    }

    /// The shards of a one-seat run merge into the files of the whole run.
    #[test]
    fn shards_of_a_one_seat_run_merge_into_the_whole() {
        let tmp = tempfile::tempdir().unwrap();
        let (game, whole) = whole_run("greedy,random", tmp.path());
        let mut shards = Vec::new();
        for index in 0..2 {
            let dir = tmp.path().join(format!("shard-{index}"));
            let mut args = run_args("greedy,random", 150, 1, dir.clone());
            args.shard = Some(Shard { index, count: 2 });
            crate::commands::run::run(&game, &args).unwrap();
            let (file, seal) = ShardFile::read(&dir).unwrap();
            shards.push((dir.clone(), file, seal));
        }
        let merged = merge_solitaire(tmp.path(), shards);
        assert_same_counts(&merged, &whole);
        assert!(!merged.join("matchups.csv").exists() && merged.join("report.html").exists());
    }

    /// `t` added to itself `k` times (double and add): the counts of `k` copies of its
    /// games, which agree with each other as those of `k` played groups would.
    fn times(t: &Tally, mut k: u64, mut acc: Tally) -> Tally {
        let mut base = t.clone();
        while k > 0 {
            if k & 1 == 1 {
                acc.checked_merge(&base).unwrap();
            }
            let copy = base.clone();
            base.checked_merge(&copy).unwrap();
            k >>= 1;
        }
        acc
    }

    /// Issue 23: the two shards of a run of 10^10 games (counts made from one played
    /// group, replicated to each shard's groups) pass the checks and merge into a run of
    /// 10^10 games; a bound of the worst case (games × longest game², as before) refused
    /// such runs from 3,000,000 games on.
    #[test]
    fn shards_of_a_ten_billion_game_run_merge() {
        let tmp = tempfile::tempdir().unwrap();
        let game = crate::infra::games::load::<Solitaire>(None, &[]).unwrap();
        let games = 10_000_000_000;
        let args = run_args("random", games, 1, tmp.path().join("unused"));
        let whole = plan(&game, &args).unwrap();
        let total = whole.schedule.total_groups();
        let mut one = plan(&game, &args).unwrap();
        one.groups = 0..1;
        assert_eq!(whole.games(), games);
        assert_eq!(whole.games_of(0..total), games);
        let (counts, _) = crate::commands::run::simulate(&game.game, &one, None, None).unwrap();
        let mut shards = Vec::new();
        for index in 0..2 {
            let shard = Shard { index, count: 2 };
            let mut part = plan(&game, &args).unwrap();
            part.groups = shard.groups(total);
            // Every group of the solitaire's run is one game.
            assert_eq!(part.games(), part.groups.end - part.groups.start);
            let empty = Tally::new(&part, game.game.info());
            let tally = times(&counts, part.games(), empty);
            let file = ShardFile::new(game.view(), &part, &args.common, shard, &tally, 1.0);
            let dir = tmp.path().join(format!("shard-{index}"));
            std::fs::create_dir(&dir).unwrap();
            reports::write_json(
                &dir.join("shard.json"),
                &reports::seal::seal(&file).unwrap(),
            )
            .unwrap();
            let (file, seal) = ShardFile::read(&dir).unwrap();
            shards.push((dir, file, seal));
        }
        let merged = merge_solitaire(tmp.path(), shards);
        let summary = std::fs::read_to_string(merged.join("summary.csv")).unwrap();
        assert!(summary.contains(",10000000000,"), "{summary}");
    }
}
