//! What a newcomer meets in the first hour (issue 23, item 6): the declared Rust version
//! really builds the lockfile, and building twice rebuilds nothing.

use std::path::Path;
use std::process::Command;

fn workspace() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// A `major.minor[.patch]` version as numbers, for comparison.
fn version(v: &str) -> Vec<u64> {
    v.split('.').map(|x| x.parse().unwrap()).collect()
}

/// The workspace's `rust-version` is at least every locked crate's own `rust-version`
/// of this platform (so a toolchain of that version can build `Cargo.lock` here), and it is not higher than
/// the highest of them (so it is the real minimum, not a guess); the README says the same.
#[test]
fn rust_version_is_the_one_the_lockfile_needs() {
    // Only the crates this platform builds (a crate for another platform, such as
    // `anstyle-wincon`, need not be downloaded). Not `--offline`: the features' crates
    // (arrow's, tract's) are not in the local registry after the default build alone, so
    // on a fresh machine cargo fetches them from the registry first.
    let host = Command::new("rustc").arg("-vV").output().unwrap();
    let host = String::from_utf8_lossy(&host.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
        .expect("rustc -vV names the host");
    let out = Command::new(env!("CARGO"))
        // Every feature's crates: the declared rust-version must build `--features full`
        // (tract needs a newer Rust than the default build's crates).
        .args(["metadata", "--format-version", "1", "--locked"])
        .arg("--all-features")
        .args(["--filter-platform", &host])
        .current_dir(workspace())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let members: Vec<&str> = meta["workspace_members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mut ours = None;
    let mut needed = (vec![0], String::new());
    for p in meta["packages"].as_array().unwrap() {
        let Some(rv) = p["rust_version"].as_str() else {
            continue;
        };
        if members.contains(&p["id"].as_str().unwrap()) {
            ours = Some(rv.to_string());
        } else if version(rv) > needed.0 {
            needed = (version(rv), format!("{} {}", p["name"], p["version"]));
        }
    }
    let ours = ours.expect("the workspace declares rust-version");
    assert_eq!(
        version(&ours),
        needed.0,
        "Cargo.toml says rust-version {ours}, but {} needs {:?}",
        needed.1,
        needed.0
    );
    let readme = std::fs::read_to_string(workspace().join("README.md")).unwrap();
    assert!(
        readme.contains(&format!("Rust toolchain ({ours} or newer")),
        "the README does not say Rust {ours}"
    );
}

/// `sim-cli/build.rs` watches HEAD and the sources, never git's index: `git status`, which
/// rewrites the index, must not make the next `cargo run` rebuild the binary.
#[test]
fn the_build_script_does_not_watch_the_index() {
    let script = std::fs::read_to_string(workspace().join("sim-cli/build.rs")).unwrap();
    assert!(!script.contains("/index"), "build.rs watches the index");
    assert!(
        script.contains("GIT_OPTIONAL_LOCKS"),
        "build.rs's git status may write the index"
    );
}
