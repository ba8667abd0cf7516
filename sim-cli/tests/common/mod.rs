//! Helpers shared by the end-to-end tests of the `sim` binary.
#![allow(dead_code)] // each test file uses its own subset

use std::collections::BTreeMap;
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

/// The names of the entries of `dir`, sorted.
pub fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The text of a file, or a panic naming it.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The rows of a CSV file as maps from column name to cell.
pub fn csv_rows(path: &Path) -> Vec<BTreeMap<String, String>> {
    let mut rdr =
        csv::Reader::from_path(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let header = rdr.headers().unwrap().clone();
    rdr.records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .map(String::from)
                .zip(r.iter().map(String::from))
                .collect()
        })
        .collect()
}

/// The number in `row[column]`, or a panic naming it.
pub fn num(row: &BTreeMap<String, String>, column: &str) -> f64 {
    row[column]
        .parse()
        .unwrap_or_else(|_| panic!("{column} = '{}' in {row:?}", row[column]))
}
