//! Runs split over machines: `sim run --shard I/N` plays part I of N of a run and writes
//! `shard.json` beside its files; `sim merge DIR…` checks that the folders are the N parts
//! of one run and writes the files of the whole run, byte for byte those of a single
//! process (every count is an integer, so adding the parts in any order gives the same
//! totals).

use crate::cli::{AgentList, GameArgs, MergeArgs, RunArgs, Shard};
use crate::run::{finish, plan, Finished, Plan, Tally};
use ::lab::games::{GameTask, Loaded};
use anyhow::{bail, Context, Result};
use engine::core::{Game, Registered};
use reports::RunDir;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The format tag of `shard.json`; a merge refuses any other.
/// Format 2 added the content hash ([`reports::seal`]) and the cross-checks of the counts;
/// format 3 the sums of squared scores (half-points, win shares, card scores) of the
/// draw-aware score intervals. A file of an older format is refused with a line saying so.
pub const SHARD_FORMAT: &str = "sim-shard-3";

/// Reads the sealed JSON file `path` (a `what`: "shard file", "checkpoint") of format
/// `format`: the file and whether its content hash matched, for the caller to check
/// with [`sealed_intact`] after the cross-checks that name a field. Errors, one line
/// naming the file: unreadable, not JSON (a truncated file), another format (an older
/// one is named as such), a field missing or of the wrong type.
pub fn read_sealed<T: serde::de::DeserializeOwned>(
    path: &Path,
    what: &str,
    format: &str,
) -> Result<(T, reports::seal::Seal)> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read '{}'", path.display()))?;
    let invalid =
        |e: serde_json::Error| anyhow::anyhow!("'{}' is not a valid {what}: {e}", path.display());
    let (tree, seal) = reports::seal::unseal(&text).map_err(invalid)?;
    let found = tree.get("format").and_then(|f| f.as_str()).unwrap_or("");
    if found != format {
        let (stem, version) = format.rsplit_once('-').unwrap_or((format, ""));
        let older = found
            .strip_prefix(stem)
            .and_then(|v| v.strip_prefix('-'))
            .and_then(|v| v.parse::<u32>().ok())
            .is_some_and(|v| version.parse::<u32>().is_ok_and(|w| v < w));
        bail!(
            "'{}' has format '{found}', not '{format}'{}",
            path.display(),
            if older {
                " (written by an older sim: finish it with that version)"
            } else {
                ""
            }
        );
    }
    let file = serde_json::from_value(tree).map_err(invalid)?;
    Ok((file, seal))
}

/// Checks the content hash of a file read by [`read_sealed`]. Errors: the hash is missing
/// or is not that of the content (the file was edited or damaged), naming the file.
pub fn sealed_intact(path: &Path, seal: reports::seal::Seal) -> Result<()> {
    match seal {
        reports::seal::Seal::Matches => Ok(()),
        reports::seal::Seal::Differs => bail!(
            "'{}': the content hash does not match the content (the file was edited or damaged)",
            path.display()
        ),
        reports::seal::Seal::Missing => bail!(
            "'{}' has no content_hash (the file was edited or damaged)",
            path.display()
        ),
    }
}

/// `shard.json`: what a shard played and every count it made, enough to check shards
/// against each other and to rebuild the run's plan.
#[derive(Clone, Serialize, Deserialize)]
pub struct ShardFile {
    /// [`SHARD_FORMAT`].
    pub format: String,
    /// The `sim` version that wrote it (shards of different versions may play differently).
    pub version: String,
    /// The game's name.
    pub game: String,
    /// The agent specs, in `--agents` order.
    pub agents: Vec<String>,
    /// Games per match.
    pub games: u64,
    /// `--gauntlet`.
    pub gauntlet: bool,
    /// Duplicate deals (not `--no-duplicate`).
    pub duplicate: bool,
    /// The master seed.
    pub seed: u64,
    /// How the rules were named (`default`, a file, with `--set`s).
    pub rules_source: String,
    /// The resolved rules as a complete rules file.
    pub rules_toml: String,
    /// The resolved rules tree as JSON (compared between shards).
    pub rules: serde_json::Value,
    /// Which part this is.
    pub shard: Shard,
    /// The game groups it played.
    pub groups: [u64; 2],
    /// Seconds it spent playing.
    pub elapsed_seconds: f64,
    /// Every count of its games.
    pub tally: Tally,
}

impl ShardFile {
    /// The file of shard `shard` of the run `plan` of `game` (from the arguments
    /// `common`), which counted `tally` in `elapsed` seconds.
    pub fn new<G: Game>(
        game: &Loaded<G>,
        plan: &Plan,
        common: &GameArgs,
        shard: Shard,
        tally: &Tally,
        elapsed: f64,
    ) -> ShardFile {
        ShardFile {
            format: SHARD_FORMAT.into(),
            version: env!("CARGO_PKG_VERSION").into(),
            game: game.name().into(),
            agents: plan.specs.clone(),
            games: common.games,
            gauntlet: common.gauntlet,
            duplicate: plan.schedule.duplicate,
            seed: plan.seed,
            rules_source: game.rules_source.clone(),
            rules_toml: game.rules_toml.clone(),
            rules: game.rules_json.clone(),
            shard,
            groups: [plan.groups.start, plan.groups.end],
            elapsed_seconds: elapsed,
            tally: tally.clone(),
        }
    }

    /// Reads `dir/shard.json` and whether its content hash matched (see
    /// [`read_sealed`]). Errors: no such file, or not a shard file, named with the folder.
    fn read(dir: &Path) -> Result<(ShardFile, reports::seal::Seal)> {
        let path = dir.join("shard.json");
        if !path.is_file() {
            bail!(
                "'{}' is not a shard folder: cannot read shard.json (shards are written by \
                 sim run --shard I/N)",
                dir.display()
            );
        }
        let (file, seal): (ShardFile, _) = read_sealed(&path, "shard file", SHARD_FORMAT)?;
        let Shard { index, count } = file.shard;
        if count == 0 || index >= count {
            bail!(
                "'{}' is not a valid shard file: shard {index} of {count}",
                path.display()
            );
        }
        Ok((file, seal))
    }

    /// The fields every shard of one run shares, with their names, for a clear error.
    fn run_identity(&self) -> Vec<(&'static str, String)> {
        vec![
            ("version", self.version.clone()),
            ("game", self.game.clone()),
            ("agents", self.agents.join(",")),
            ("games", self.games.to_string()),
            (
                "schedule",
                format!("gauntlet {}, duplicate {}", self.gauntlet, self.duplicate),
            ),
            ("seed", self.seed.to_string()),
            ("rules", self.rules.to_string()),
            ("number of shards", self.shard.count.to_string()),
        ]
    }
}

/// `sim merge DIR…`: reads every folder's `shard.json`, checks they are all the shards of
/// one run (same version, game, rules, agents, games, schedule and seed; each shard index
/// once, none missing), adds their counts and writes the whole run's folder. Errors: one
/// line naming the folder and what differs.
pub fn merge(args: &MergeArgs) -> Result<()> {
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
    ::lab::games::dispatch(&game, MergeTask { args, shards })
}

struct MergeTask<'a> {
    args: &'a MergeArgs,
    shards: Vec<(PathBuf, ShardFile, reports::seal::Seal)>,
}

/// The game and the `sim run` arguments of the run that `file` describes, the rules loaded
/// back from its complete rules file, with output folder `out`, `threads` and `shard`.
/// Errors: rules that no longer load (another version of the game, or a damaged file),
/// as one line naming the field `rules_toml` rather than the temporary file.
pub fn rebuild<R: Registered>(
    file: &ShardFile,
    out: Option<PathBuf>,
    threads: Option<usize>,
    shard: Option<Shard>,
) -> Result<(Loaded<R>, RunArgs)> {
    let tmp = tempfile::tempdir().context("cannot make a temporary folder")?;
    let rules_file = tmp.path().join("rules.toml");
    std::fs::write(&rules_file, &file.rules_toml)
        .with_context(|| format!("cannot write '{}'", rules_file.display()))?;
    let mut game =
        ::lab::games::load::<R>(Some(&rules_file.to_string_lossy()), &[]).map_err(|e| {
            let problems = match e.downcast_ref::<::lab::rules::RuleErrors>() {
                Some(errors) => errors.0.join("; "),
                None => format!("{e:#}"),
            };
            let named = problems.replace(&*rules_file.to_string_lossy(), "rules_toml");
            anyhow::anyhow!("the recorded rules do not load: {named}")
        })?;
    game.rules_source = file.rules_source.clone();
    game.rules_json = file.rules.clone();
    let common = GameArgs {
        game: file.game.clone(),
        agents: AgentList(file.agents.clone()),
        games: file.games,
        gauntlet: file.gauntlet,
        no_duplicate: !file.duplicate,
        seed: file.seed,
        rules: Vec::new(),
        set: Vec::new(),
        players: None,
    };
    let run_args = RunArgs {
        common,
        threads,
        out,
        sprt: None,
        shard,
        checkpoint: 0,
        max_actions: None,
        json: false,
    };
    Ok((game, run_args))
}

impl GameTask for MergeTask<'_> {
    fn call<R: Registered>(self) -> Result<()> {
        let (first_dir, first, _) = &self.shards[0];
        // The rules as the shards played them, loaded back from their complete file.
        let (game, run_args) = rebuild::<R>(first, self.args.out.clone(), Some(1), None)
            .with_context(|| format!("cannot merge '{}'", first_dir.display()))?;
        let plan = plan(&game, &run_args)?;
        let mut tally = Tally::new(&plan, game.game.info());
        let mut elapsed = 0.0;
        for (dir, s, seal) in &self.shards {
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
                .check_counts(games, game.game.info())
                .map_err(|e| not_this(format!(": {e}")))?;
            sealed_intact(&dir.join("shard.json"), *seal)?;
            tally
                .checked_merge(&s.tally)
                .map_err(|e| not_this(format!(": {e}")))?;
            elapsed += s.elapsed_seconds;
        }
        let dir = RunDir::create(&plan.out)?;
        let started = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        finish(
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
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::{assert_same_counts, run_args, whole_run, Solitaire};

    /// `sim merge` of the solitaire's `shards` into `dir/merged`, which it returns.
    fn merge_solitaire(
        dir: &Path,
        shards: Vec<(PathBuf, ShardFile, reports::seal::Seal)>,
    ) -> PathBuf {
        let merged = dir.join("merged");
        let args = MergeArgs {
            dirs: shards.iter().map(|(d, _, _)| d.clone()).collect(),
            out: Some(merged.clone()),
        };
        MergeTask {
            args: &args,
            shards,
        }
        .call::<Solitaire>()
        .unwrap();
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
            crate::run::run(&game, &args).unwrap();
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
        let game = ::lab::games::load::<Solitaire>(None, &[]).unwrap();
        let games = 10_000_000_000;
        let args = run_args("random", games, 1, tmp.path().join("unused"));
        let whole = plan(&game, &args).unwrap();
        let total = whole.schedule.total_groups();
        let mut one = plan(&game, &args).unwrap();
        one.groups = 0..1;
        assert_eq!(whole.games(), games);
        assert_eq!(whole.games_of(0..total), games);
        let (counts, _) = crate::run::simulate(&game.game, &one, None, None).unwrap();
        let mut shards = Vec::new();
        for index in 0..2 {
            let shard = Shard { index, count: 2 };
            let mut part = plan(&game, &args).unwrap();
            part.groups = shard.groups(total);
            // Every group of the solitaire's run is one game.
            assert_eq!(part.games(), part.groups.end - part.groups.start);
            let empty = Tally::new(&part, game.game.info());
            let tally = times(&counts, part.games(), empty);
            let file = ShardFile::new(&game, &part, &args.common, shard, &tally, 1.0);
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
