//! The workspace's structure: no import circle of more than two files in any crate
//! (`scripts/import-cycles.py`; ARCHITECTURE.md, "Import circles").

use crate::spec_edges::{rust_files, without_tests};
use std::path::Path;
use std::process::Command;

/// Runs `python3 scripts/import-cycles.py` on the workspace and fails with its listing
/// when it finds a circle (exit status 1). Needs `python3` on the path: the test fails,
/// never skips, without it.
#[test]
fn no_import_circle_of_more_than_two_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("lab/ sits in the workspace root");
    let out = Command::new("python3")
        .arg(root.join("scripts/import-cycles.py"))
        .arg(root)
        .output()
        .expect("python3 runs scripts/import-cycles.py");
    let listing = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "import circles found:\n{listing}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(listing.contains("no import circle"), "{listing}");
}

/// The most lines a source file may have, its `#[cfg(test)]` module left out (issue 40:
/// large files split by purpose).
const MAX_LINES: usize = 900;

#[test]
fn no_source_file_is_longer_than_900_lines_without_its_tests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("lab/ sits in the workspace root");
    let mut files = Vec::new();
    for krate in [
        "engine-core",
        "engine",
        "agents",
        "lab",
        "lab-games",
        "sim-cli",
        "reports",
        "python",
        "datasets",
        "onnx",
    ] {
        rust_files(&root.join(krate).join("src"), &mut files);
    }
    assert!(files.len() > 100, "{} files", files.len());
    let mut long = Vec::new();
    for path in &files {
        let name = path.to_string_lossy();
        if name.contains("/tests/") || name.ends_with("tests.rs") {
            continue;
        }
        let end = without_tests(&std::fs::read_to_string(path).unwrap())
            .lines()
            .count();
        if end > MAX_LINES {
            long.push(format!(
                "{} ({end} lines)",
                path.strip_prefix(root).unwrap().display()
            ));
        }
    }
    assert!(
        long.is_empty(),
        "source files over {MAX_LINES} lines without their tests (split them by purpose): {}",
        long.join(", ")
    );
}
