//! The memory game's acceptance through the `sim` binary: a solitaire's mean number of
//! turns, with its interval, against the exact expectations of the mathematics
//! (`engine::memory::theory`, `docs/rules/memory.md` section 5), and the summary a
//! designer reads.

mod common;

use common::ok;
use engine::memory::theory;
use serde_json::Value;

/// The small grid of the quick checks: 8 pairs on 4 × 4.
const SMALL: [&str; 6] = [
    "--set",
    "rows=4",
    "--set",
    "columns=4",
    "--set",
    "pairs=[8]",
];

/// Runs a one-player classic memory game with `args` added and returns its `--json`
/// summary.
fn solitaire(args: &[&str]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let mut all = vec![
        "--game",
        "memory",
        "--players",
        "1",
        "--rules",
        "classic",
        "--json",
        "-q",
        "-o",
        out.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    let text = String::from_utf8(ok(dir.path(), &all).stdout).unwrap();
    let v: Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(v["seats"], 1);
    v
}

/// The `mean_length, turns` balance row of a one-player run with `args` added:
/// `(mean, lo, hi)`.
fn solitaire_turns(args: &[&str]) -> (f64, f64, f64) {
    let v = solitaire(args);
    let row = v["balance"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["metric"] == "mean_length" && r["key"] == "turns")
        .expect("a turns row")
        .clone();
    let f = |k: &str| row[k].as_f64().unwrap();
    (f("value"), f("lo"), f("hi"))
}

#[test]
fn greedy_solitaire_takes_the_turns_perfect_memory_takes() {
    // The default grid: 44 pairs; the standard perfect-memory strategy takes 70.49 turns
    // on average (sd 1.34), and no strategy takes fewer.
    let (mean, lo, hi) = solitaire_turns(&["--agents", "greedy", "--games", "400", "-s", "1"]);
    let exact = theory::perfect_memory_expected_moves(44);
    assert!((70.49..70.50).contains(&exact));
    assert!(
        lo <= exact && exact <= hi,
        "{exact} outside [{lo}, {hi}] (mean {mean})"
    );
    assert!(hi - lo < 0.4, "400 games give an interval of about ±0.13");
}

#[test]
fn random_solitaire_takes_n_squared_turns() {
    // Eight pairs on a 4 × 4 grid: a player without memory takes n² = 64 turns on
    // average (sd 24.8).
    let small = |agent: &str, games: &str| {
        solitaire_turns(
            &[
                &["--agents", agent, "--games", games, "-s", "2"][..],
                &SMALL,
            ]
            .concat(),
        )
    };
    let (mean, lo, hi) = small("random", "4000");
    let exact = theory::random_expected_moves(8);
    assert_eq!(exact, 64.0);
    assert!(
        lo <= exact && exact <= hi,
        "{exact} outside [{lo}, {hi}] (mean {mean})"
    );
    // And the same grid with perfect memory is far shorter.
    let (g, _, _) = small("greedy", "200");
    assert!(
        (g - theory::perfect_memory_expected_moves(8)).abs() < 0.5,
        "{g}"
    );
}

#[test]
fn each_agent_of_a_solitaire_gets_its_own_turns() {
    let args = ["--agents", "greedy,random", "--games", "300", "-s", "4"];
    let v = solitaire(&[&args[..], &SMALL].concat());
    let turns = |agent: &str| {
        let row = v["summary"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["agent"] == agent && r["seat"] == "all")
            .unwrap()
            .clone();
        let (m, se) = (
            row["mean_turns"].as_f64().unwrap(),
            row["mean_turns_se"].as_f64().unwrap(),
        );
        (m - 1.96 * se, m + 1.96 * se)
    };
    let (lo, hi) = turns("greedy");
    let exact = theory::perfect_memory_expected_moves(8);
    assert!(
        lo <= exact && exact <= hi,
        "greedy: {exact} outside [{lo}, {hi}]"
    );
    let (lo, hi) = turns("random");
    assert!(lo <= 64.0 && 64.0 <= hi, "random: 64 outside [{lo}, {hi}]");
}

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

/// Runs `sim` on the memory game under `flip=both-at-once` with `args` added, and checks
/// that it succeeds.
fn both_at_once(args: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let mut all = vec![
        "--game",
        "memory",
        "--set",
        "options.flip=both-at-once",
        "-q",
        "-o",
        out.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    ok(dir.path(), &all);
}

/// Issue 23, reproduction 1: under `flip=both-at-once` a lone prize card left face down
/// gave the player to move no legal action, and `greedy` panicked ("cannot sample empty
/// range") in this very command; it now runs to the end.
#[test]
fn greedy_plays_both_at_once_to_the_end() {
    both_at_once(&["--agents", "greedy,greedy", "--games", "22"]);
}

/// Issue 23, reproduction 1: `mcts` under `flip=both-at-once` at 2 and 4 players, on a
/// grid of 4 pairs and one prize card (9 cards, so a lone card is often left last).
#[test]
fn mcts_plays_both_at_once_to_the_end_at_2_and_4_players() {
    for players in ["2", "4"] {
        let n: usize = players.parse().unwrap();
        let agents = vec!["mcts(iterations=40)"; n].join(",");
        both_at_once(&[
            "--agents",
            &agents,
            "--players",
            players,
            "--games",
            "24",
            "--set",
            "rows=3",
            "--set",
            "columns=3",
            "--set",
            "pairs=[4]",
            "--set",
            "prizes.YELLOW=1",
            "--set",
            "prizes.RED=0",
            "--set",
            "prizes.VAR=0",
            "--set",
            "prizes.\"PLAY GAME\"=0",
        ]);
    }
}
