//! The memory game through the `sim` binary: the summary a designer reads of a
//! solitaire. Its numbers (mean turns with their intervals against the exact expectations
//! of `engine::memory::theory`) are tested through the lab in `lab/tests/it/memory.rs`.

use crate::common::ok;

#[test]
fn the_summary_of_a_solitaire_shows_turns_and_pairs_per_turn() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s");
    let o = ok(
        dir.path(),
        &[
            "--game",
            "memory",
            "--players",
            "1",
            "--rules",
            "classic",
            "--agents",
            "greedy",
            "--games",
            "20",
            "-q",
            "-o",
            out.to_str().unwrap(),
        ],
    );
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("1 player, greedy alone"), "{text}");
    assert!(text.contains("turns per game"), "{text}");
    assert!(text.contains("goals per turn"), "{text}");
    assert!(!text.contains("first-seat advantage"), "{text}");
}
