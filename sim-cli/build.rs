//! Records the commit the binary is built from, for `sim --version` (`SIM_COMMIT`: the
//! short hash, with `-dirty` for uncommitted changes to tracked files, or `unknown`
//! outside a git checkout, e.g. a source tarball).
//!
//! The script reruns only when HEAD moves (a commit, a checkout) or when the sources the
//! binary is built from change (which rebuild it anyway); never because git rewrote its
//! index. Its own `git status` runs without optional locks, so it does not refresh the
//! index either: a second `cargo run` in a fresh clone rebuilds nothing.

use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        // `git status` would otherwise refresh and rewrite the index.
        .env("GIT_OPTIONAL_LOCKS", "0")
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Asks cargo to rerun this script when `path` changes. A path that does not exist is
/// left out: cargo would rerun the script on every build.
fn watch(path: &Path) {
    if path.exists() {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}

fn main() {
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let dirty =
        git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
    let suffix = if dirty { "-dirty" } else { "" };
    println!("cargo:rustc-env=SIM_COMMIT={commit}{suffix}");
    // HEAD, the branch it points to, and packed refs (where a branch may live).
    if git(&["rev-parse", "--git-dir"]).is_some() {
        let mut paths = vec!["HEAD".to_string(), "packed-refs".to_string()];
        if let Some(head) = git(&["symbolic-ref", "-q", "HEAD"]) {
            paths.push(head);
        }
        for p in paths {
            if let Some(path) = git(&["rev-parse", "--git-path", &p]) {
                watch(Path::new(&path));
            }
        }
    }
    // The workspace's sources: a change makes the build dirty (or clean again).
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for dir in [
        "engine/src",
        "agents/src",
        "reports/src",
        "sim-cli/src",
        "configs",
    ] {
        watch(&root.join(dir));
    }
    watch(&root.join("Cargo.lock"));
}
