//! The files of `sim play`: where a game's record goes, and how it is written (through a
//! temporary file renamed into place, never over a user's file unless asked), and the
//! seed of a game started without one.

use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The default path of a game's record: `games/play-<game>-<seed>.jsonl`.
pub fn default_record_path(game: &str, seed: u64) -> PathBuf {
    PathBuf::from("games").join(format!("play-{game}-{seed}.jsonl"))
}

/// Checks that a record may be written at `path` later: it does not exist yet, and its
/// folder exists or is created. Errors, one line naming the file.
pub fn check_record_path(path: &Path) -> Result<()> {
    if path.exists() {
        bail!(
            "the record '{}' exists already (choose another with --save FILE)",
            path.display()
        );
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the folder '{}'", dir.display()))?;
    }
    Ok(())
}

/// Writes `bytes` to the new file `path`: a temporary file in its folder, renamed into
/// place only if `path` still does not exist. Errors, one line naming the file.
pub fn write_new_file(path: &Path, bytes: &[u8]) -> Result<()> {
    write_file(path, bytes, false)
}

/// Writes `bytes` to `path` through a temporary file in its folder renamed into place;
/// `replace`: over an existing file, else never (the file is left as it was). Errors,
/// one line naming the file.
pub(super) fn write_file(path: &Path, bytes: &[u8], replace: bool) -> Result<()> {
    let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(d) => d.to_path_buf(),
        None => PathBuf::from("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(&dir)
        .with_context(|| format!("cannot write in '{}'", dir.display()))?;
    // A temporary file is private (0600); the record is an ordinary readable file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = tmp
            .as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644));
    }
    tmp.write_all(bytes)
        .and_then(|()| tmp.flush())
        .with_context(|| format!("cannot write '{}'", path.display()))?;
    let persisted = if replace {
        tmp.persist(path)
    } else {
        tmp.persist_noclobber(path)
    };
    persisted.map_err(|e| {
        anyhow::anyhow!(
            "cannot write '{}': {} (the file is left as it was)",
            path.display(),
            e.error
        )
    })?;
    Ok(())
}

/// A seed drawn from the clock (nanoseconds since the epoch, mixed), for a game without
/// `--seed`.
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    // Keep it short enough to type back: below 10^9.
    nanos % 1_000_000_000
}
