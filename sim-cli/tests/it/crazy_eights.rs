//! End-to-end tests of `sim` on crazy_eights, the calibration game (OpenSpiel's
//! `crazy_eights(players=2)`): `sim run` and `sim trace` reach it by its name. Runs and
//! rules of the game are tested through the lab in `lab/tests/it/crazy_eights.rs`.

use serde_json::Value;

use crate::common::ok;

/// `sim run` reaches the game by its name and prints the summary (what the run counts is
/// tested through the lab in `lab/tests/it/crazy_eights.rs`).
#[test]
fn a_run_prints_its_summary() {
    let tmp = tempfile::tempdir().unwrap();
    let args = [
        "run",
        "--game",
        "crazy_eights",
        "--agents",
        "random,random",
        "--games",
        "10",
        "--threads",
        "1",
        "--out",
        "run",
    ];
    let stdout = String::from_utf8(ok(tmp.path(), &args).stdout).unwrap();
    assert!(stdout.starts_with("crazy_eights: 10 games"), "{stdout}");
    assert!(tmp.path().join("run/summary.csv").is_file());
}

#[test]
fn trace_names_actions_as_openspiel_does() {
    let tmp = tempfile::tempdir().unwrap();
    let out = ok(
        tmp.path(),
        &[
            "trace",
            "--game",
            "crazy_eights",
            "--agents",
            "random,random",
            "--games",
            "1",
        ],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // The line after the record's header: the first action.
    let first: Value = serde_json::from_str(text.lines().nth(1).unwrap()).unwrap();
    assert!(first["action"]
        .as_str()
        .unwrap()
        .ends_with("to be the dealer"));
    assert!(text.contains("\"Deal "));
    assert!(text.contains("\"end\":true"));
}
