//! Crash-safe output: files are written to a temporary file and renamed into place, and a
//! run directory is built under a temporary name and renamed when complete, so a crash
//! never leaves a half-written file or a half-written run behind under the final name.

use serde::Serialize;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// A failure to write the outputs of a run. Its message is one line naming the path.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The output directory is already there; runs never overwrite one another.
    #[error("output directory '{0}' already exists (choose another --out)")]
    Exists(PathBuf),
    /// The output directory `path` cannot be made (its parent is a file, or is not
    /// writable). The cause follows in the error chain.
    #[error("cannot create output directory '{path}'")]
    Create {
        /// The directory asked for.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// An I/O operation on `path` failed. The cause follows in the error chain.
    #[error("cannot write '{path}'")]
    Io {
        /// The file or directory concerned.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// Serializing a CSV file failed. The cause follows in the error chain.
    #[error("cannot write '{path}'")]
    Csv {
        /// The file concerned.
        path: PathBuf,
        /// The underlying error.
        source: csv::Error,
    },
    /// Serializing a JSON file failed. The cause follows in the error chain.
    #[error("cannot write '{path}'")]
    Json {
        /// The file concerned.
        path: PathBuf,
        /// The underlying error.
        source: serde_json::Error,
    },
    /// Another process is writing the same output directory: it holds the advisory lock
    /// on `lock`, the file `DIR.lock` beside it.
    #[error(
        "another sim is writing '{target}' (it holds the lock '{lock}'): wait for it to end, \
         or choose another --out"
    )]
    Locked {
        /// The output directory.
        target: PathBuf,
        /// Its lock file.
        lock: PathBuf,
    },
}

/// An advisory lock (`flock`, `LockFileEx`) on `DIR.lock` beside an output directory
/// `DIR`, held while a process writes `DIR`. The operating system releases it when the
/// process ends, however it ends, so a lock is never stale: a `DIR.lock` file left by a
/// killed process is harmless (the next run takes it) and may be deleted. The file is
/// removed when the lock is dropped.
#[derive(Debug)]
struct OutLock {
    path: PathBuf,
    /// Locked for as long as it is open.
    _file: std::fs::File,
}

impl OutLock {
    /// Locks `DIR.lock` for the output directory `target` (whose parent exists).
    /// Errors: [`OutputError::Locked`] if another process holds it, or the I/O error.
    fn acquire(target: &Path) -> Result<OutLock, OutputError> {
        let name = target.file_name().unwrap_or_default().to_string_lossy();
        let path = target.with_file_name(format!("{name}.lock"));
        loop {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(io_err(&path))?;
            match fs4::FileExt::try_lock(&file) {
                Ok(()) => {}
                Err(fs4::TryLockError::WouldBlock) => {
                    return Err(OutputError::Locked {
                        target: target.to_path_buf(),
                        lock: path,
                    })
                }
                Err(fs4::TryLockError::Error(e)) => return Err(io_err(&path)(e)),
            }
            // The holder before us may have removed the file between our open and our
            // lock: then we hold a lock on a file no one else sees; take the new one.
            if same_file(&file, &path) {
                return Ok(OutLock { path, _file: file });
            }
        }
    }
}

/// Whether `path` is still the open file `file`.
#[cfg(unix)]
fn same_file(file: &std::fs::File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Whether `path` is still the open file `file` (without inode numbers: whether it exists).
#[cfg(not(unix))]
fn same_file(_file: &std::fs::File, path: &Path) -> bool {
    path.exists()
}

impl Drop for OutLock {
    fn drop(&mut self) {
        // Removed while still locked; the lock goes with the file handle.
        let _ = std::fs::remove_file(&self.path);
    }
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> OutputError + '_ {
    move |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes `path` atomically: `write` fills a temporary file in the same directory, which
/// is flushed, synced and renamed to `path` only if `write` succeeded (replacing any file
/// of that name). On error the temporary file is removed and `path` is untouched.
pub fn write_atomic<F>(path: &Path, write: F) -> Result<(), OutputError>
where
    F: FnOnce(&mut BufWriter<&mut std::fs::File>) -> Result<(), OutputError>,
{
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    // Temporary files are private (0600) by default; a result file gets the usual mode
    // (0666 less the umask), as if created directly.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp = builder.tempfile_in(dir).map_err(io_err(path))?;
    {
        let mut out = BufWriter::new(tmp.as_file_mut());
        write(&mut out)?;
        out.flush().map_err(io_err(path))?;
    }
    tmp.as_file().sync_all().map_err(io_err(path))?;
    tmp.persist(path).map_err(|e| io_err(path)(e.error))?;
    Ok(())
}

/// Writes `rows` as a CSV file at `path` (header from the row type's field names),
/// atomically ([`write_atomic`]).
pub fn write_csv<R: Serialize>(
    path: &Path,
    rows: impl IntoIterator<Item = R>,
) -> Result<(), OutputError> {
    let csv_err = |source| OutputError::Csv {
        path: path.to_path_buf(),
        source,
    };
    write_atomic(path, |out| {
        let mut w = csv::Writer::from_writer(out);
        for row in rows {
            w.serialize(row).map_err(csv_err)?;
        }
        w.flush().map_err(io_err(path))
    })
}

/// Writes `value` as pretty-printed JSON followed by a newline at `path`, atomically
/// ([`write_atomic`]).
pub fn write_json<T: Serialize + ?Sized>(path: &Path, value: &T) -> Result<(), OutputError> {
    write_atomic(path, |out| {
        serde_json::to_writer_pretty(&mut *out, value).map_err(|source| OutputError::Json {
            path: path.to_path_buf(),
            source,
        })?;
        out.write_all(b"\n").map_err(io_err(path))
    })
}

/// `base` if nothing exists there, otherwise the first of `base-2`, `base-3`, … that does
/// not exist. (Another process may take the name before it is used: [`RunDir::finish`]
/// checks again.)
pub fn unused_path(base: &Path) -> PathBuf {
    if !base.exists() {
        return base.to_path_buf();
    }
    let name = base.file_name().unwrap_or_default().to_string_lossy();
    (2u64..)
        .map(|k| base.with_file_name(format!("{name}-{k}")))
        .find(|p| !p.exists())
        .expect("some suffix is free")
}

/// The folder that holds `target` (`.` for a bare name).
fn parent_of(target: &Path) -> &Path {
    match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A run directory under construction: files are written into a temporary directory
/// `DIR.tmp-XXXXXX` next to the target `DIR`, which becomes `DIR` on [`RunDir::finish`].
/// Dropped without `finish` (an error, a panic), the temporary directory is deleted, so
/// `DIR` either holds a complete run or does not exist.
#[derive(Debug)]
pub struct RunDir {
    target: PathBuf,
    tmp: PathBuf,
    /// Whether the temporary directory stays when `self` is dropped.
    kept: bool,
    /// The parent directories [`RunDir::create`] made, innermost first, removed again
    /// (those still empty) when the run fails.
    made_parents: Vec<PathBuf>,
    /// The lock on `DIR.lock`, held until the directory is finished or dropped.
    lock: Option<OutLock>,
}

impl Drop for RunDir {
    fn drop(&mut self) {
        // The lock file goes first, so that parents made for the run are empty again.
        self.lock.take();
        if !self.kept {
            let _ = std::fs::remove_dir_all(&self.tmp);
            for p in &self.made_parents {
                // Fails, and so keeps it, unless it is empty.
                let _ = std::fs::remove_dir(p);
            }
        }
    }
}

impl RunDir {
    /// Starts a run directory that will become `target`, creating `target`'s parent
    /// directories if needed. Errors: [`OutputError::Exists`] if `target` exists, or the
    /// I/O error of creating the directories.
    pub fn create(target: &Path) -> Result<RunDir, OutputError> {
        if target.exists() {
            return Err(OutputError::Exists(target.to_path_buf()));
        }
        let parent = parent_of(target);
        let create = |source| OutputError::Create {
            path: target.to_path_buf(),
            source,
        };
        let made_parents: Vec<PathBuf> = parent
            .ancestors()
            .take_while(|p| !p.as_os_str().is_empty() && !p.exists())
            .map(Path::to_path_buf)
            .collect();
        if let Some(file) = parent
            .ancestors()
            .find(|p| p.exists())
            .filter(|p| !p.is_dir())
        {
            return Err(create(std::io::Error::other(format!(
                "'{}' is a file, not a folder",
                file.display()
            ))));
        }
        std::fs::create_dir_all(parent).map_err(create)?;
        let lock = match OutLock::acquire(target) {
            Ok(lock) => lock,
            Err(e) => {
                for p in &made_parents {
                    let _ = std::fs::remove_dir(p);
                }
                return Err(e);
            }
        };
        let name = target.file_name().unwrap_or_default().to_string_lossy();
        let tmp = tempfile::Builder::new()
            .prefix(&format!("{name}.tmp-"))
            .tempdir_in(parent)
            .map_err(create)?
            // Deleted by `RunDir`'s own drop unless kept (an interrupted run).
            .keep();
        Ok(RunDir {
            target: target.to_path_buf(),
            tmp,
            kept: false,
            made_parents,
            lock: Some(lock),
        })
    }

    /// Takes up again the temporary directory `tmp` of an interrupted run that will
    /// become `target` (see [`RunDir::keep`] and [`RunDir::unfinished`]). Errors:
    /// [`OutputError::Exists`] if `target` exists.
    pub fn reopen(target: &Path, tmp: PathBuf) -> Result<RunDir, OutputError> {
        if target.exists() {
            return Err(OutputError::Exists(target.to_path_buf()));
        }
        Ok(RunDir {
            lock: Some(OutLock::acquire(target)?),
            target: target.to_path_buf(),
            tmp,
            kept: false,
            made_parents: Vec::new(),
        })
    }

    /// The temporary directories of interrupted runs that would become `target`, that
    /// hold a file `marker` (`checkpoint.json`), most recently changed first.
    pub fn unfinished(target: &Path, marker: &str) -> Vec<PathBuf> {
        let parent = parent_of(target);
        let prefix = format!(
            "{}.tmp-",
            target.file_name().unwrap_or_default().to_string_lossy()
        );
        let mut found: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(parent)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
            .map(|e| e.path())
            .filter(|p| p.join(marker).is_file())
            .map(|p| {
                let t = std::fs::metadata(p.join(marker))
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH);
                (t, p)
            })
            .collect();
        found.sort_by_key(|f| std::cmp::Reverse(f.0));
        found.into_iter().map(|(_, p)| p).collect()
    }

    /// Leaves the temporary directory on disk when `self` is dropped (an interrupted run
    /// that may be resumed), and returns its path.
    pub fn keep(mut self) -> PathBuf {
        self.kept = true;
        self.tmp.clone()
    }

    /// The temporary directory the files are written to.
    pub fn tmp_path(&self) -> &Path {
        &self.tmp
    }

    /// The final path of the run directory.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The path `name` will have once the directory is finished.
    pub fn final_path(&self, name: &str) -> PathBuf {
        self.target.join(name)
    }

    /// Writes `rows` to the CSV file `name` of the run ([`write_csv`]).
    pub fn write_csv<R: Serialize>(
        &self,
        name: &str,
        rows: impl IntoIterator<Item = R>,
    ) -> Result<(), OutputError> {
        write_csv(&self.tmp.join(name), rows)
    }

    /// Writes `value` to the JSON file `name` of the run ([`write_json`]).
    pub fn write_json<T: Serialize + ?Sized>(
        &self,
        name: &str,
        value: &T,
    ) -> Result<(), OutputError> {
        write_json(&self.tmp.join(name), value)
    }

    /// Writes `text` to the file `name` of the run (a rules file, a note).
    pub fn write_text(&self, name: &str, text: &str) -> Result<(), OutputError> {
        let path = self.tmp.join(name);
        std::fs::write(&path, text).map_err(io_err(&path))
    }

    /// Renames the temporary directory to the target and returns the target's path.
    /// Errors: [`OutputError::Exists`] if something appeared at the target meanwhile (the
    /// temporary directory is then deleted), or the I/O error of the rename.
    pub fn finish(mut self) -> Result<PathBuf, OutputError> {
        let target = self.target.clone();
        if target.exists() {
            // Dropped here: the temporary directory is deleted.
            return Err(OutputError::Exists(target));
        }
        std::fs::rename(&self.tmp, &target).map_err(io_err(&target))?;
        self.kept = true;
        Ok(target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Row {
        a: u32,
        b: Option<f64>,
    }

    #[test]
    fn run_dir_appears_only_when_finished() {
        let root = tempfile::tempdir().unwrap();
        let target = root.path().join("runs").join("x");
        let dir = RunDir::create(&target).unwrap();
        dir.write_csv("t.csv", [Row { a: 1, b: None }, Row { a: 2, b: Some(0.5) }])
            .unwrap();
        dir.write_json("r.json", &[1, 2]).unwrap();
        assert!(!target.exists());
        let done = dir.finish().unwrap();
        assert_eq!(done, target);
        let csv = std::fs::read_to_string(target.join("t.csv")).unwrap();
        assert_eq!(csv, "a,b\n1,\n2,0.5\n");
        let json = std::fs::read_to_string(target.join("r.json")).unwrap();
        assert_eq!(json, "[\n  1,\n  2\n]\n");
        // Only the finished directory is left.
        let names: Vec<_> = std::fs::read_dir(root.path().join("runs"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("x")]);
        assert!(matches!(
            RunDir::create(&target),
            Err(OutputError::Exists(_))
        ));
        assert_eq!(unused_path(&target), root.path().join("runs").join("x-2"));
    }

    #[test]
    fn dropped_run_dir_leaves_nothing() {
        let root = tempfile::tempdir().unwrap();
        let target = root.path().join("y");
        {
            let dir = RunDir::create(&target).unwrap();
            dir.write_json("r.json", &1).unwrap();
        }
        assert_eq!(std::fs::read_dir(root.path()).unwrap().count(), 0);
    }
}
