//! crazy_eights, the calibration game (OpenSpiel's `crazy_eights(players=2)`), through
//! the lab: a run and the rules reach it through its one registration line. What `sim`
//! prints of a run and `sim trace` are tested in `sim-cli/tests/it/crazy_eights.rs`.

use crate::common::{csv_rows, num, read, run, run_options};
use engine::crazy_eights::CrazyEights;
use serde_json::Value;

#[test]
fn a_random_run_counts_every_game_and_its_cards() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    let mut options = run_options("crazy_eights", "random,random", 300, &out);
    options.output.threads = Some(1);
    run(&options).unwrap();
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
    let run: Value = serde_json::from_str(&read(&out.join("run.json"))).unwrap();
    assert_eq!(run["game"], "crazy_eights");
    assert_eq!(run["games"], 300);
    let per_game = run["actions"].as_f64().unwrap() / 300.0;
    assert!(
        (100.0..200.0).contains(&per_game),
        "{per_game} actions per game"
    );
}

#[test]
fn search_agents_play_it() {
    let tmp = tempfile::tempdir().unwrap();
    run(&run_options(
        "crazy_eights",
        "greedy,mcts(iterations=30)",
        6,
        &tmp.path().join("run"),
    ))
    .unwrap();
}

#[test]
fn rules_name_the_faulty_key() {
    let err = lab::infra::rules::load::<CrazyEights>(None, &["players=3".into()])
        .expect_err("3 players are refused");
    assert!(err.to_string().contains("players: 3 players"), "{err}");
    let (_, resolved) = lab::infra::rules::load::<CrazyEights>(None, &[]).unwrap();
    let listed: Vec<String> = lab::infra::rules::key_lines::<CrazyEights>(&resolved)
        .into_iter()
        .map(|l| l.key)
        .collect();
    for key in [
        "max_draw_cards",
        "max_turns",
        "reshuffle",
        "use_special_cards",
        "penalty.pips",
    ] {
        assert!(
            listed.iter().any(|k| k == key),
            "{key} missing from {listed:?}"
        );
    }
}
