//! Runs split over machines: `sim run --shard I/N` plays part I of N of a run and writes
//! `shard.json` beside its files; `sim merge DIR…` checks that the folders are the N parts
//! of one run and writes the files of the whole run, byte for byte those of a single
//! process (every count is an integer, so adding the parts in any order gives the same
//! totals).

use crate::commands::run::{Plan, Tally};
use crate::infra::games::{Loaded, LoadedView};
use crate::infra::options::{GameOptions, RunOptions, Shard};
use anyhow::{bail, Context, Result};
use engine::core::Registered;
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
    /// The agent specs, in `--agents` order (read back from the file as typed values).
    pub agents: Vec<agents::AgentSpec>,
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
    /// The file of shard `shard` of the run `plan` of `game` (from the options
    /// `common`), which counted `tally` in `elapsed` seconds.
    pub fn new(
        game: LoadedView<'_>,
        plan: &Plan,
        common: &GameOptions,
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
            rules_source: game.rules_source.to_string(),
            rules_toml: game.rules_toml.to_string(),
            rules: game.rules_json.clone(),
            shard,
            groups: [plan.groups.start, plan.groups.end],
            elapsed_seconds: elapsed,
            tally: tally.clone(),
        }
    }

    /// Reads `dir/shard.json` and whether its content hash matched (see
    /// [`read_sealed`]). Errors: no such file, or not a shard file, named with the folder.
    pub fn read(dir: &Path) -> Result<(ShardFile, reports::seal::Seal)> {
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
    pub fn run_identity(&self) -> Vec<(&'static str, String)> {
        vec![
            ("version", self.version.clone()),
            ("game", self.game.clone()),
            ("agents", crate::infra::games::typed_list(&self.agents)),
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

/// The game and the `sim run` options of the run that `file` describes, the rules loaded
/// back from its complete rules file, with output folder `out`, `threads` and `shard`.
/// Errors: rules that no longer load (another version of the game, or a damaged file),
/// as one line naming the field `rules_toml` rather than the temporary file.
pub fn rebuild<R: Registered>(
    file: &ShardFile,
    out: Option<PathBuf>,
    threads: Option<usize>,
    shard: Option<Shard>,
) -> Result<(Loaded<R>, RunOptions)> {
    let mut game = load_text::<R>(&file.rules_toml, "rules_toml")?
        .map_err(|named| anyhow::anyhow!("the recorded rules do not load: {named}"))?;
    game.rules_source = file.rules_source.clone();
    game.rules_json = file.rules.clone();
    Ok((game, run_options(file, out, threads, shard)))
}

/// The options of the run that `file` records, with output folder `out`, `threads` and
/// `shard`.
fn run_options(
    file: &ShardFile,
    out: Option<PathBuf>,
    threads: Option<usize>,
    shard: Option<Shard>,
) -> RunOptions {
    let common = GameOptions {
        game: file.game.clone(),
        agents: file.agents.clone(),
        games: file.games,
        gauntlet: file.gauntlet,
        no_duplicate: !file.duplicate,
        seed: file.seed,
        rules: Vec::new(),
        set: Vec::new(),
        players: None,
    };
    RunOptions {
        common,
        threads,
        out,
        sprt: None,
        shard,
        checkpoint: 0,
        max_actions: None,
        json: false,
    }
}

/// Loads game `R` from the text `rules` of a complete rules file (written to a temporary
/// file). `Ok(Err(problems))`: the rules do not load, every problem in one line, the
/// temporary file called `name`. Errors: the temporary file cannot be written.
pub(crate) fn load_text<R: Registered>(
    rules: &str,
    name: &str,
) -> Result<std::result::Result<Loaded<R>, String>> {
    let mut loaded = None;
    let problems = with_rules_file(rules, name, &mut |path| {
        loaded = Some(crate::infra::games::load::<R>(Some(path), &[])?);
        Ok(())
    })?;
    Ok(match (problems, loaded) {
        (None, Some(game)) => Ok(game),
        (problems, _) => Err(problems.unwrap_or_default()),
    })
}

/// Writes `rules` to a temporary file and calls `load` on its path. Returns the problems
/// of a failed load in one line, the file called `name`. Errors: the temporary file
/// cannot be written.
fn with_rules_file(
    rules: &str,
    name: &str,
    load: &mut dyn FnMut(&str) -> Result<()>,
) -> Result<Option<String>> {
    let tmp = tempfile::tempdir().context("cannot make a temporary folder")?;
    let rules_file = tmp.path().join("rules.toml");
    std::fs::write(&rules_file, rules)
        .with_context(|| format!("cannot write '{}'", rules_file.display()))?;
    Ok(load(&rules_file.to_string_lossy()).err().map(|e| {
        let problems = match e.downcast_ref::<crate::infra::rules::RuleErrors>() {
            Some(errors) => errors.0.join("; "),
            None => format!("{e:#}"),
        };
        problems.replace(&*rules_file.to_string_lossy(), name)
    }))
}
