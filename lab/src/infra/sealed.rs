//! The sealed files the journal reads back (`checkpoint.json`, `shard.json`: see
//! [`crate::infra::journal`]), checked for their format and content hash
//! ([`reports::seal`]), and rules loaded back from the complete rules file a command
//! recorded.

use crate::infra::games::Loaded;
use anyhow::{bail, Context, Result};
use engine_core::Registered;
use std::path::Path;

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

/// Refuses, with one line naming the file and the version that wrote it, a `what` at
/// `path` in a format of `sim run`'s own (`prefix`: `sim-checkpoint-`, `sim-shard-`),
/// which sims before the run became a phase of the journal wrote; `version` is the JSON
/// pointer of the version in such a file. Other files pass (the journal's reader
/// checks them). Errors: such a file; a file that cannot be read or is not JSON.
pub fn refuse_old_run_file(path: &Path, what: &str, prefix: &str, version: &str) -> Result<()> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("cannot read '{}': {e}", path.display()))?;
    let Ok(tree) = serde_json::from_str::<serde_json::Value>(&text) else {
        // Not JSON: the journal's reader names it as such.
        return Ok(());
    };
    let format = tree["format"].as_str().unwrap_or("");
    if format.starts_with(prefix) {
        bail!(
            "'{}' is a {what} of `sim run` in the format '{format}', written by sim {}; this \
             sim reads only the journal's format ('{}'): finish it with the sim that wrote it",
            path.display(),
            tree.pointer(version)
                .and_then(|v| v.as_str())
                .unwrap_or("of an unknown version"),
            match what {
                "checkpoint" => crate::infra::journal::LAB_CHECKPOINT_FORMAT,
                _ => crate::infra::journal::LAB_SHARD_FORMAT,
            }
        );
    }
    Ok(())
}
