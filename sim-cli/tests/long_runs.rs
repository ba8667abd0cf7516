//! Long runs: failing before the work, capped threads, and progress for people and logs.

mod common;
use common::{entries, ok, sim};

/// Every command that writes a folder, with an output path whose parent is a file, so
/// the folder cannot be made. Each names a workload of hours (a million `mcts` games, or
/// as many per rule set): if any game were played before the folder is tried, the test
/// would not end.
#[test]
fn an_unwritable_out_fails_before_any_game() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("a-file"), "not a folder").unwrap();
    let out = "a-file/run";
    let long = ["--agents", "mcts,greedy", "--games", "1000000"];
    let commands: Vec<Vec<&str>> = vec![
        [&["--game", "grangol"][..], &long, &["--out", out]].concat(),
        [
            &["card-value", "--game", "grangol", "--card", "TIRO"][..],
            &long,
            &["--out", out],
        ]
        .concat(),
        [
            &[
                "compare", "--game", "grangol", "--rules", "default", "--rules", "quick",
            ][..],
            &long,
            &["--out", out],
        ]
        .concat(),
        [
            &[
                "sweep",
                "--game",
                "grangol",
                "--vary",
                "deck.cards.TIRO=4..8",
            ][..],
            &long,
            &["--out", out],
        ]
        .concat(),
        [
            &[
                "tune",
                "--game",
                "grangol",
                "--vary",
                "deck.cards.TIRO=4..8",
                "--target",
                "mean_goals=3",
            ][..],
            &long,
            &["--out", out],
        ]
        .concat(),
    ];
    for args in &commands {
        let o = sim(tmp.path(), args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 1, "{args:?}: {err}");
        assert!(lines[0].starts_with("sim: error: "), "{err}");
        // The user's path, never the temporary folder's.
        assert!(lines[0].contains("a-file/run"), "{err}");
        assert!(!lines[0].contains(".tmp-"), "{err}");
        assert!(!err.contains("progress"), "{err}");
        assert_eq!(entries(tmp.path()), ["a-file"], "{args:?} wrote something");
    }
}

#[test]
fn too_many_threads_are_capped_with_a_warning() {
    let tmp = tempfile::tempdir().unwrap();
    let args = [
        "--game",
        "grangol",
        "--agents",
        "random,random",
        "--games",
        "20",
        "--threads",
        "10000",
        "--out",
        "r",
    ];
    let o = ok(tmp.path(), &args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("sim: warning: --threads 10000 capped at"),
        "{err}"
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(!out.contains("10000 threads"), "{out}");
}

/// Standard error is a pipe here, as in a cluster job's log: progress comes as plain
/// lines (at least the last one, with the running score), never a bar's control
/// characters; `--quiet` prints none.
#[test]
fn progress_is_plain_lines_in_a_log_and_nothing_when_quiet() {
    let tmp = tempfile::tempdir().unwrap();
    let args = [
        "--game",
        "grangol",
        "--agents",
        "greedy,random",
        "--games",
        "200",
        "--seed",
        "3",
        "--out",
        "a",
    ];
    let o = ok(tmp.path(), &args);
    let err = String::from_utf8_lossy(&o.stderr);
    let last = err
        .lines()
        .rfind(|l| l.starts_with("progress: "))
        .unwrap_or_else(|| panic!("no progress line in: {err}"));
    assert!(
        last.starts_with("progress: 200/200 games (100.0%), "),
        "{last}"
    );
    assert!(last.contains(" games/s, greedy 0."), "{last}");
    assert!(!err.contains('\r') && !err.contains('\u{1b}'), "{err:?}");

    let mut quiet = args.to_vec();
    let last = quiet.len() - 1;
    quiet[last] = "b";
    quiet.push("--quiet");
    let o = ok(tmp.path(), &quiet);
    assert_eq!(String::from_utf8_lossy(&o.stderr), "");
    // Quiet changes nothing else: the same results.
    let read = |d: &str| std::fs::read_to_string(tmp.path().join(d).join("summary.csv")).unwrap();
    assert_eq!(read("a"), read("b"));
}
