//! Helpers shared by the end-to-end tests of the `sim` binary.
#![allow(dead_code, unused_imports)] // each test file uses its own subset

use std::path::Path;
use std::process::{Command, Output};

/// The `sim` binary built for the tests.
pub const SIM: &str = env!("CARGO_BIN_EXE_sim");

/// Runs `sim args` in `dir`.
pub fn sim(dir: &Path, args: &[&str]) -> Output {
    Command::new(SIM)
        .args(args)
        .current_dir(dir)
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("sim runs")
}

/// Runs `sim args` in `dir` and checks that it succeeded.
pub fn ok(dir: &Path, args: &[&str]) -> Output {
    let out = sim(dir, args);
    assert!(
        out.status.success(),
        "sim {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Runs `sim args` in `dir`, checks that it failed with status 2 and one line on
/// standard error, and returns that line.
pub fn one_line_error(dir: &Path, args: &[&str]) -> String {
    let out = sim(dir, args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let e = String::from_utf8(out.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{e}");
    e
}

/// The sentence of a summary's `verdict: ` line (compare, sweep, card-value); panics,
/// showing the summary, when it has none.
pub fn verdict_line(summary: &str) -> &str {
    summary
        .lines()
        .find_map(|l| l.strip_prefix("verdict: "))
        .unwrap_or_else(|| panic!("no verdict line: {summary}"))
}

/// The files a test reads back, shared with the lab's tests.
pub use lab::testing::{csv_rows, entries, num, read};

/// The games `sim games` lists.
pub fn registered_games() -> Vec<String> {
    let out = ok(std::path::Path::new("."), &["games"]);
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect()
}
