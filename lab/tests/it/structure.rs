//! The workspace's structure: no import circle of more than two files in any crate
//! (`scripts/import-cycles.py`; ARCHITECTURE.md, "Import circles").

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
