//! The memory game's acceptance through the lab's runner: a solitaire's mean number of
//! turns, with its interval, against the exact expectations of the mathematics
//! (`engine::memory::theory`, `docs/rules/memory.md` section 5), read from the run folder.
//! The summary a designer reads is tested through `sim` (`sim-cli/tests/it/memory.rs`).

use crate::common::{csv_rows, num, read, run, run_options};
use engine::memory::theory;
use lab::RunOptions;
use std::collections::BTreeMap;

/// The small grid of the quick checks: 8 pairs on 4 × 4.
const SMALL: [&str; 3] = ["rows=4", "columns=4", "pairs=[8]"];

/// A one-player classic memory game of `agents`, `games` games each, seed `seed`, with
/// the `--set` overrides `sets`.
fn solitaire_options(
    agents: &str,
    games: u64,
    seed: u64,
    sets: &[&str],
    out: &std::path::Path,
) -> RunOptions {
    let mut options = run_options("memory", agents, games, out);
    options.common.players = Some(1);
    options.common.rules = vec!["classic".into()];
    options.common.seed = seed;
    options.common.set = sets.iter().map(|s| s.to_string()).collect();
    options
}

/// Runs a one-player classic memory game and returns its rows of `summary.csv` and
/// `balance.csv`, checking that it was played by one seat.
#[allow(clippy::type_complexity)]
fn solitaire(
    agents: &str,
    games: u64,
    seed: u64,
    sets: &[&str],
) -> (Vec<BTreeMap<String, String>>, Vec<BTreeMap<String, String>>) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    run(&solitaire_options(agents, games, seed, sets, &out)).unwrap();
    let run: serde_json::Value = serde_json::from_str(&read(&out.join("run.json"))).unwrap();
    let matches = run["schedule"]["matches"].as_array().unwrap();
    assert!(
        !matches.is_empty() && matches.iter().all(|m| m.as_array().unwrap().len() == 1),
        "one seat: {matches:?}"
    );
    (
        csv_rows(&out.join("summary.csv")),
        csv_rows(&out.join("balance.csv")),
    )
}

/// The `mean_length, turns` balance row of a one-player run: `(mean, lo, hi)`.
fn solitaire_turns(agents: &str, games: u64, seed: u64, sets: &[&str]) -> (f64, f64, f64) {
    let (_, balance) = solitaire(agents, games, seed, sets);
    let row = balance
        .iter()
        .find(|r| r["metric"] == "mean_length" && r["key"] == "turns")
        .expect("a turns row");
    (num(row, "value"), num(row, "lo"), num(row, "hi"))
}

#[test]
fn greedy_solitaire_takes_the_turns_perfect_memory_takes() {
    // The default grid: 44 pairs; the standard perfect-memory strategy takes 70.49 turns
    // on average (sd 1.34), and no strategy takes fewer.
    let (mean, lo, hi) = solitaire_turns("greedy", 400, 1, &[]);
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
    let (mean, lo, hi) = solitaire_turns("random", 4000, 2, &SMALL);
    let exact = theory::random_expected_moves(8);
    assert_eq!(exact, 64.0);
    assert!(
        lo <= exact && exact <= hi,
        "{exact} outside [{lo}, {hi}] (mean {mean})"
    );
    // And the same grid with perfect memory is far shorter.
    let (g, _, _) = solitaire_turns("greedy", 200, 2, &SMALL);
    assert!(
        (g - theory::perfect_memory_expected_moves(8)).abs() < 0.5,
        "{g}"
    );
}

#[test]
fn each_agent_of_a_solitaire_gets_its_own_turns() {
    let (summary, _) = solitaire("greedy,random", 300, 4, &SMALL);
    let turns = |agent: &str| {
        let row = summary
            .iter()
            .find(|r| r["agent"] == agent && r["seat"] == "all")
            .unwrap();
        let (m, se) = (num(row, "mean_turns"), num(row, "mean_turns_se"));
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

/// Runs the memory game under `flip=both-at-once` with `agents`, `games` games, the
/// number of players `players` and the `--set` overrides `sets`, and checks that it
/// succeeds.
fn both_at_once(agents: &str, games: u64, players: Option<usize>, sets: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let mut options = run_options("memory", agents, games, &dir.path().join("run"));
    options.common.players = players;
    options.common.set = ["options.flip=both-at-once"]
        .iter()
        .chain(sets)
        .map(|s| s.to_string())
        .collect();
    run(&options).unwrap();
}

/// Issue 23, reproduction 1: under `flip=both-at-once` a lone prize card left face down
/// gave the player to move no legal action, and `greedy` panicked ("cannot sample empty
/// range") in this very command; it now runs to the end.
#[test]
fn greedy_plays_both_at_once_to_the_end() {
    both_at_once("greedy,greedy", 22, None, &[]);
}

/// Issue 23, reproduction 1: `mcts` under `flip=both-at-once` at 2 and 4 players, on a
/// grid of 4 pairs and one prize card (9 cards, so a lone card is often left last).
#[test]
fn mcts_plays_both_at_once_to_the_end_at_2_and_4_players() {
    for players in [2, 4] {
        let agents = vec!["mcts(iterations=40)"; players].join(",");
        both_at_once(
            &agents,
            24,
            Some(players),
            &[
                "rows=3",
                "columns=3",
                "pairs=[4]",
                "prizes.YELLOW=1",
                "prizes.RED=0",
                "prizes.VAR=0",
                "prizes.\"PLAY GAME\"=0",
            ],
        );
    }
}
