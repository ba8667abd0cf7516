//! `sim ladder` and the oracle end to end: bad input is one line with exit status 2, and
//! `sim agents`, the summary of a run and run.json mark the oracle. The ladder's files
//! (rungs, ratings, summary figures, the one-player ladder) are tested through the lab in
//! `lab/tests/it/ladder.rs`.

use crate::common::{ok, read, sim};

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let tmp = tempfile::tempdir().unwrap();
    for (args, needle) in [
        (vec!["--step", "0.4"], "--step"),
        (vec!["--step", "1"], "--step"),
        (
            vec!["--max-iterations", "2", "--start-iterations", "4"],
            "--max-iterations",
        ),
        (vec!["--games", "0"], "--games"),
        (vec!["--set", "nonsense=1"], "nonsense"),
        (vec!["--search", "greedy"], "--search 'greedy'"),
        (vec!["--search", "mcts(iterations=9)"], "--search"),
        (vec!["--search", "mcts(c=99)"], "--search"),
        (vec!["--search", "mcts("], "--search"),
    ] {
        let mut all = vec!["ladder", "--game", "grangol", "--out", "x"];
        all.extend(args.iter());
        let out = sim(tmp.path(), &all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{all:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{all:?}: {err}");
        assert!(err.contains(needle), "{all:?}: {err}");
        assert!(!tmp.path().join("x").exists(), "{all:?} left a folder");
    }
    std::fs::create_dir(tmp.path().join("taken")).unwrap();
    let out = sim(
        tmp.path(),
        &["ladder", "--game", "grangol", "--out", "taken"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--out"));
}

#[test]
fn the_oracle_is_marked_in_agents_the_summary_and_run_json() {
    let tmp = tempfile::tempdir().unwrap();
    let listing = String::from_utf8(ok(tmp.path(), &["agents"]).stdout).unwrap();
    let line = listing.lines().find(|l| l.starts_with("oracle:")).unwrap();
    assert!(line.contains("SEES HIDDEN INFORMATION"), "{line}");
    let out = ok(
        tmp.path(),
        &[
            "--game",
            "grangol",
            "--agents",
            "greedy,oracle(iterations=8)",
            "--games",
            "2",
            "--out",
            "run",
        ],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines()
            .any(|l| l.starts_with("SEES HIDDEN INFORMATION: oracle(iterations=8)")),
        "{text}"
    );
    let run: serde_json::Value =
        serde_json::from_str(&read(&tmp.path().join("run/run.json"))).unwrap();
    assert_eq!(run["agents"][0]["sees_hidden_information"], false);
    assert_eq!(run["agents"][1]["sees_hidden_information"], true);
    // An honest run has no such line.
    let out = ok(
        tmp.path(),
        &[
            "--game",
            "grangol",
            "--agents",
            "greedy,random",
            "--games",
            "2",
            "--out",
            "honest",
        ],
    );
    assert!(!String::from_utf8(out.stdout)
        .unwrap()
        .contains("SEES HIDDEN"));
}
