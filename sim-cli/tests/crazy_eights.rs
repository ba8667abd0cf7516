//! End-to-end tests of `sim` on crazy_eights, the calibration game (OpenSpiel's
//! `crazy_eights(players=2)`): every command reaches it through its one registration line.

use serde_json::Value;

mod common;
use common::{csv_rows, num, ok, sim};

#[test]
fn a_random_run_counts_every_game_and_its_cards() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    let args = [
        "run",
        "--game",
        "crazy_eights",
        "--agents",
        "random,random",
        "--games",
        "300",
        "--threads",
        "1",
        "--out",
        "run",
    ];
    let stdout = String::from_utf8(ok(tmp.path(), &args).stdout).unwrap();
    assert!(stdout.starts_with("crazy_eights: 300 games"), "{stdout}");
    let rows = csv_rows(&out.join("summary.csv"));
    let seat0: f64 = rows
        .iter()
        .filter(|r| r["seat"] == "0")
        .map(|r| num(r, "games"))
        .sum();
    assert_eq!(seat0, 300.0);
    // 52 cards for each agent, named as OpenSpiel names them.
    let cards = csv_rows(&out.join("cards.csv"));
    assert!(
        cards.iter().any(|r| r["card"] == "S8"),
        "{:?}",
        cards.first()
    );
    let run: Value = serde_json::from_str(&common::read(&out.join("run.json"))).unwrap();
    let per_game = run["actions"].as_f64().unwrap() / 300.0;
    assert!(
        (100.0..200.0).contains(&per_game),
        "{per_game} actions per game"
    );
}

#[test]
fn search_agents_play_it() {
    let tmp = tempfile::tempdir().unwrap();
    ok(
        tmp.path(),
        &[
            "run",
            "--game",
            "crazy_eights",
            "--agents",
            "greedy,mcts(iterations=30)",
            "--games",
            "6",
            "--out",
            "run",
        ],
    );
}

#[test]
fn rules_name_the_faulty_key() {
    let tmp = tempfile::tempdir().unwrap();
    let out = sim(
        tmp.path(),
        &["rules", "--game", "crazy_eights", "--set", "players=3"],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("players: 3 players"), "{err}");
    let listed =
        String::from_utf8(ok(tmp.path(), &["rules", "--game", "crazy_eights"]).stdout).unwrap();
    for key in [
        "max_draw_cards",
        "max_turns",
        "reshuffle",
        "use_special_cards",
        "penalty.pips",
    ] {
        assert!(listed.contains(key), "{key} missing from:\n{listed}");
    }
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
    let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert!(first["action"]
        .as_str()
        .unwrap()
        .ends_with("to be the dealer"));
    assert!(text.contains("\"Deal "));
    assert!(text.contains("\"end\":true"));
}
