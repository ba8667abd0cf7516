//! `sim ladder` through the lab, on small budgets: the columns of ladder.csv, the rungs in
//! order with the oracle marked and last, the summary figures recomputed from the CSV as
//! documented, byte-identical results whatever the threads (but for the one timing
//! column), the report page, and the one-player ladder against the memory optimum. Bad
//! input (one line, exit status 2) is tested in `sim-cli/tests/it/ladder.rs`.

use crate::common::{csv_rows, ladder, ladder_options, read};
use std::collections::BTreeMap;
use std::path::Path;

const COLUMNS: &str = "game,rung,agent,sees_hidden_information,iterations_per_game,\
cpu_ms_per_game,rating,rating_lo,rating_hi,games,score_vs_previous,score_vs_previous_lo,\
score_vs_previous_hi,score_vs_random,score_vs_random_lo,score_vs_random_hi,in_skill_chain,\
turns_per_game,turns_lo,turns_hi,bound_turns";

/// A small ladder of GRANGOL (16 games per pairing, mcts from 4 to 8 iterations, 2
/// calibration games, seed 11) on `threads` threads into `dir/out`; returns what `sim`
/// would print.
fn small_ladder(dir: &Path, out: &str, threads: usize) -> Vec<String> {
    let mut options = ladder_options("grangol", &dir.join(out));
    options.games = 16;
    options.start_iterations = 4;
    options.max_iterations = 8;
    options.calibration_games = 2;
    options.seed = 11;
    options.output.threads = Some(threads);
    ladder(&options).unwrap()
}

/// ladder.csv without its timing column (the only one that depends on the machine).
fn without_timing(path: &Path) -> String {
    let text = read(path);
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let t = header.iter().position(|c| *c == "cpu_ms_per_game").unwrap();
    let mut rdr = csv::Reader::from_path(path).unwrap();
    let mut out = String::new();
    for r in rdr.records() {
        let r = r.unwrap();
        let cells: Vec<&str> = r
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != t)
            .map(|(_, c)| c)
            .collect();
        out += &cells.join(",");
        out += "\n";
    }
    out
}

fn cell(row: &BTreeMap<String, String>, c: &str) -> Option<f64> {
    let s = &row[c];
    (!s.is_empty()).then(|| s.parse().unwrap())
}

#[test]
fn a_ladder_plays_its_rungs_and_reports_them_alike_whatever_the_threads() {
    lab_games::install();
    let tmp = tempfile::tempdir().unwrap();
    let lines = small_ladder(tmp.path(), "one", 1);
    small_ladder(tmp.path(), "two", 2);
    let one = tmp.path().join("one");
    // What `sim ladder` prints comes back as lines: each stage's name and summary, then
    // the table and where it was written.
    assert_eq!(lines[0], "sim ladder: stage 01-round-robin: random, greedy");
    assert!(lines.iter().any(|l| l.starts_with("rung ")), "{lines:?}");
    assert_eq!(
        lines.last().unwrap(),
        &format!("written to {}", one.display())
    );
    let text = read(&one.join("ladder.csv"));
    assert_eq!(text.lines().next().unwrap(), COLUMNS);
    assert_eq!(
        without_timing(&one.join("ladder.csv")),
        without_timing(&tmp.path().join("two/ladder.csv")),
        "ladder.csv differs between --threads 1 and 2"
    );
    let rows = csv_rows(&one.join("ladder.csv"));
    let agents: Vec<&str> = rows.iter().map(|r| r["agent"].as_str()).collect();
    // Doubling from 4 to the cap 8 (or stopping at 4 → 8 if it did not win), then the
    // oracle at the last budget.
    assert_eq!(
        agents,
        [
            "random",
            "greedy",
            "mcts(root=halving,iterations=4)",
            "mcts(root=halving,iterations=8)",
            "oracle(root=halving,iterations=8)"
        ]
    );
    for r in &rows {
        assert_eq!(
            r["sees_hidden_information"] == "true",
            r["agent"].starts_with("oracle")
        );
        let searches = r["agent"].contains("iterations");
        assert_eq!(cell(r, "iterations_per_game").is_some(), searches, "{r:?}");
        if searches {
            assert!(cell(r, "iterations_per_game").unwrap() > 0.0);
        }
        assert!(
            cell(r, "rating").is_some() && cell(r, "rating_lo").is_some(),
            "{r:?}"
        );
        // Every rung met every other: 4 opponents × 16 games.
        assert_eq!(r["games"], "64");
    }
    assert_eq!(cell(&rows[0], "score_vs_previous"), None);
    // Rung 2's score against the previous rung is its score against random.
    assert_eq!(
        cell(&rows[1], "score_vs_previous"),
        cell(&rows[1], "score_vs_random")
    );

    // The summary figures, recomputed from the CSV as docs/agents.md defines them.
    let summary: serde_json::Value = serde_json::from_str(&read(&one.join("ladder.json"))).unwrap();
    let chain: Vec<&str> = summary["skill_chain"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(chain[0], "random");
    assert_eq!(
        summary["skill_depth"].as_u64().unwrap() as usize,
        chain.len() - 1
    );
    let in_chain: Vec<&str> = rows
        .iter()
        .filter(|r| r["in_skill_chain"] == "true")
        .map(|r| r["agent"].as_str())
        .collect();
    let mut sorted_chain = chain.clone();
    sorted_chain.sort();
    let mut sorted_in = in_chain.clone();
    sorted_in.sort();
    assert_eq!(sorted_chain, sorted_in);
    assert!(!chain.iter().any(|a| a.starts_with("oracle")));
    // The best honest agent is the honest one of highest rating, and its score against
    // random is the CSV's.
    let best = rows
        .iter()
        .filter(|r| r["sees_hidden_information"] == "false")
        .max_by(|a, b| {
            cell(a, "rating")
                .unwrap()
                .total_cmp(&cell(b, "rating").unwrap())
        })
        .unwrap();
    assert_eq!(summary["best_honest"], best["agent"].as_str());
    if best["agent"] != "random" {
        assert_eq!(
            summary["best_honest_vs_random"].as_f64(),
            cell(best, "score_vs_random")
        );
    }
    // Luck share: random's score against the best honest agent.
    let luck = summary["luck_share"].as_f64().unwrap();
    let best_vs_random = summary["best_honest_vs_random"].as_f64().unwrap();
    assert!(
        (luck - (1.0 - best_vs_random)).abs() < 1e-12,
        "luck share {luck}"
    );
    let upsets = summary["upset_rate"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&upsets), "upset rate {upsets}");

    // Each stage is a run folder; the ladder's own report page is written.
    let stages = summary["stages"].as_array().unwrap();
    assert_eq!(stages.len(), 4, "{stages:?}");
    for s in stages {
        assert!(one.join(s.as_str().unwrap()).join("matchups.csv").is_file());
    }
    let run: serde_json::Value = serde_json::from_str(&read(
        &one.join(stages[3].as_str().unwrap()).join("run.json"),
    ))
    .unwrap();
    let marked: Vec<bool> = run["agents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["sees_hidden_information"].as_bool().unwrap())
        .collect();
    assert!(marked[0], "the oracle's stage marks it in run.json");
    assert!(marked[1..].iter().all(|m| !m));
    let page = read(&one.join("report.html"));
    assert!(page.contains("Skill ladder of grangol") && page.contains("<svg"));
    assert!(page.contains("sees hidden information"));
}

#[test]
fn the_solitaire_ladder_is_measured_against_the_memory_optimum() {
    lab_games::install();
    let tmp = tempfile::tempdir().unwrap();
    let mut options = ladder_options("memory", &tmp.path().join("solo"));
    options.rule_set.players = Some(1);
    options.rule_set.rules = Some("classic".into());
    options.games = 6;
    options.start_iterations = 2;
    options.max_iterations = 2;
    options.calibration_games = 1;
    ladder(&options).unwrap();
    let rows = csv_rows(&tmp.path().join("solo/ladder.csv"));
    let agents: Vec<&str> = rows.iter().map(|r| r["agent"].as_str()).collect();
    assert_eq!(
        agents,
        [
            "random",
            "greedy",
            "mcts(root=halving,iterations=2)",
            "oracle(root=halving,iterations=2)"
        ]
    );
    for r in &rows {
        // 44 pairs: the optimum of engine::memory::theory, 70.49 turns.
        let bound = cell(r, "bound_turns").unwrap();
        assert!((bound - 70.49).abs() < 0.01, "{bound}");
        assert!(cell(r, "turns_per_game").unwrap() >= 44.0);
        assert_eq!(cell(r, "rating"), None);
    }
    let summary: serde_json::Value =
        serde_json::from_str(&read(&tmp.path().join("solo/ladder.json"))).unwrap();
    assert!(summary["skill_depth"].is_null());
    assert!(read(&tmp.path().join("solo/report.html")).contains("optimum"));
}

#[test]
fn a_ladder_stopped_in_a_stage_resumes_to_the_same_tables_and_refuses_shards() {
    lab_games::install();
    use lab::commands::LabCommand;
    use lab::infra::journal::Journal;
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    small_ladder(dir, "whole", 2);
    let mut options = ladder_options("grangol", &dir.join("stopped"));
    options.games = 16;
    options.start_iterations = 4;
    options.max_iterations = 8;
    options.calibration_games = 2;
    options.seed = 11;
    options.long.checkpoint = 1;
    lab::infra::progress::set_quiet(true);
    // Stopped as by Ctrl-C 12 chunks in: in the second stage (the first has 8 chunks).
    let command = LabCommand::Ladder(options.clone());
    let e = command
        .run(&command.journal(Some(1), options.long).halt_after(12))
        .unwrap_err();
    assert!(matches!(e, lab::Error::Stopped(_)), "{e}");
    assert!(!dir.join("stopped").exists());
    lab::resume(&lab::infra::options::ResumeOptions {
        dir: dir.join("stopped"),
        threads: Some(2),
        checkpoint: 1,
        command_line: Vec::new(),
    })
    .unwrap();
    assert_eq!(
        without_timing(&dir.join("whole/ladder.csv")),
        without_timing(&dir.join("stopped/ladder.csv"))
    );
    for stage in crate::common::entries(&dir.join("whole/stages")) {
        for f in ["summary.csv", "matchups.csv"] {
            let path = |run: &str| dir.join(run).join("stages").join(&stage).join(f);
            assert_eq!(read(&path("whole")), read(&path("stopped")), "{stage}/{f}");
        }
    }
    // Each stage depends on the last: no shards.
    options.output.out = Some(dir.join("sharded"));
    options.long.shard = Some(lab::Shard { index: 0, count: 2 });
    let e = Journal::new("ladder", &options, None, options.long);
    let err = LabCommand::Ladder(options.clone()).run(&e).unwrap_err();
    assert!(
        err.to_string().contains("cannot be split into shards"),
        "{err}"
    );
    assert!(!dir.join("sharded").exists());
}
