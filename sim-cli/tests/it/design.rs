//! The design lab end to end: `sim compare`, `sim sweep`, `sim tune` and their reports.

use crate::common::{csv_rows, num, ok, one_line_error, read, sim, verdict_line};
use std::collections::BTreeMap;

type Row = BTreeMap<String, String>;

fn find<'a>(rows: &'a [Row], point: &str, metric: &str, key: &str) -> &'a Row {
    rows.iter()
        .find(|r| r["point"] == point && r["metric"] == metric && r["key"] == key)
        .unwrap_or_else(|| panic!("no row {point} {metric} [{key}]"))
}

#[test]
fn compare_prints_every_difference_with_its_interval_and_writes_compare_csv() {
    let tmp = tempfile::tempdir().unwrap();
    let out = ok(
        tmp.path(),
        &[
            "compare",
            "--game",
            "grangol",
            "--rules",
            "default",
            "--rules",
            "interchangeable",
            "--agents",
            "greedy,random",
            "--games",
            "200",
            "--seed",
            "3",
            "--out",
            "cmp",
        ],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().count() <= 40, "one screen:\n{text}");
    for metric in [
        "first_seat_advantage",
        "draw_rate",
        "mean_goals",
        "locked_rate",
        "cards_per_turn",
        "possession_change_rate",
        "skill_gap",
    ] {
        let line = text
            .lines()
            .find(|l| l.starts_with(metric))
            .unwrap_or_else(|| panic!("{metric} not printed:\n{text}"));
        assert!(line.contains('[') && line.contains(']'), "{line}");
    }
    let rows = csv_rows(&tmp.path().join("cmp/compare.csv"));
    let sets: std::collections::BTreeSet<&str> = rows.iter().map(|r| r["set"].as_str()).collect();
    assert_eq!(sets.len(), 2, "{sets:?}");
    // Every metric has a row for each rule set; the second has a difference and interval.
    let first: Vec<&Row> = rows.iter().filter(|r| r["point"] == "0").collect();
    let second: Vec<&Row> = rows.iter().filter(|r| r["point"] == "1").collect();
    assert_eq!(first.len(), second.len());
    assert!(first.len() >= 15);
    for r in &second {
        if r["value"].is_empty() {
            continue;
        }
        let (d, lo, hi) = (num(r, "diff"), num(r, "diff_lo"), num(r, "diff_hi"));
        assert!(lo <= d && d <= hi, "{r:?}");
        assert!(
            r["significant"] == "true" || r["significant"] == "false",
            "{r:?}"
        );
        let base = find(&rows, "0", &r["metric"], &r["key"]);
        assert!(
            (num(r, "value") - num(base, "value") - d).abs() < 1e-9,
            "{r:?}"
        );
    }
    assert!(first.iter().all(|r| r["diff"].is_empty()));
    // The rulebook's variant exists to unlock players: fewer locked turns.
    let locked = find(&rows, "1", "locked_rate", "");
    assert!(num(locked, "diff") < 0.0, "{locked:?}");
    assert!(
        read(&tmp.path().join("cmp/report.html"))
            .matches("<svg")
            .count()
            >= 2
    );
    let run = read(&tmp.path().join("cmp/run.json"));
    assert!(run.contains("\"interchangeable\""), "{run}");
}

#[test]
fn compare_results_do_not_depend_on_threads() {
    let tmp = tempfile::tempdir().unwrap();
    for t in ["1", "2"] {
        ok(
            tmp.path(),
            &[
                "compare",
                "--game",
                "grangol",
                "--variant",
                "tiro8=deck.cards.TIRO=8",
                "--agents",
                "random,random",
                "--games",
                "300",
                "--threads",
                t,
                "--out",
                t,
            ],
        );
    }
    assert_eq!(
        read(&tmp.path().join("1/compare.csv")),
        read(&tmp.path().join("2/compare.csv"))
    );
}

#[test]
fn compare_needs_two_rule_sets_and_valid_ones() {
    let tmp = tempfile::tempdir().unwrap();
    let out = sim(
        tmp.path(),
        &[
            "compare",
            "--game",
            "grangol",
            "--agents",
            "random,random",
            "--games",
            "10",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("two or more rule sets"));
    let out = sim(
        tmp.path(),
        &[
            "compare",
            "--game",
            "grangol",
            "--variant",
            "x=options.grangol=penalty",
            "--agents",
            "random,random",
            "--games",
            "10",
            "--out",
            "o",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("options.grangol"));
    assert!(!tmp.path().join("o").exists());
}

#[test]
fn sweep_writes_one_row_per_point_and_metric_and_report_charts_it() {
    let tmp = tempfile::tempdir().unwrap();
    let out = ok(
        tmp.path(),
        &[
            "sweep",
            "--game",
            "grangol",
            "--vary",
            "deck.cards.TIRO=4..8",
            "--agents",
            "random,random",
            "--games",
            "100",
            "--out",
            "sw",
        ],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().count() <= 30, "{text}");
    // The verdict in one sentence (reports::verdict::sweep_sentence), which the report
    // repeats over its first table.
    let verdict = verdict_line(&text);
    assert!(
        verdict.contains("metrics differ from deck.cards.TIRO=4 somewhere; the widest, "),
        "{verdict}"
    );
    let rows = csv_rows(&tmp.path().join("sw/sweep.csv"));
    let goals: Vec<&Row> = rows
        .iter()
        .filter(|r| r["metric"] == "mean_goals")
        .collect();
    assert_eq!(goals.len(), 5);
    for (i, r) in goals.iter().enumerate() {
        assert_eq!(r["point"], i.to_string());
        assert_eq!(r["set"], format!("deck.cards.TIRO={}", 4 + i));
        assert!(num(r, "lo") <= num(r, "value") && num(r, "value") <= num(r, "hi"));
    }
    // More TIRO, more goals: the last point scores more than the first.
    assert!(num(goals[4], "value") > num(goals[0], "value"), "{goals:?}");
    std::fs::remove_file(tmp.path().join("sw/report.html")).unwrap();
    ok(tmp.path(), &["report", "sw"]);
    let report = read(&tmp.path().join("sw/report.html"));
    assert!(report.matches("<svg").count() >= 3);
    assert!(report.contains(verdict), "the report repeats: {verdict}");
}

/// `sim compare ARGS --out OUT` of two identical rule sets (random,random, 400 games,
/// seed 3) in `dir`, then its rows.
fn aa_compare(dir: &std::path::Path, out: &str, extra: &[&str]) -> Vec<Row> {
    let mut args = vec![
        "compare",
        "--game",
        "grangol",
        "--rules",
        "default",
        "--rules",
        "default",
        "--agents",
        "random,random",
        "--games",
        "400",
        "--seed",
        "3",
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    ok(dir, &args);
    csv_rows(&dir.join(out).join("compare.csv"))
}

/// Issue 24 (5): on common random numbers two identical rule sets replay the same games
/// (every difference exactly 0); with `--independent` they differ by chance, with
/// intervals, and the reference keeps its games.
#[test]
fn compare_independent_gives_an_aa_comparison_something_to_test() {
    let tmp = tempfile::tempdir().unwrap();
    let crn = aa_compare(tmp.path(), "crn", &[]);
    let ind = aa_compare(tmp.path(), "ind", &["--independent", "--threads", "1"]);
    let (mut nonzero, mut tests) = (0, 0);
    for (c, i) in crn.iter().zip(&ind) {
        assert_eq!((&c["metric"], &c["key"]), (&i["metric"], &i["key"]));
        if c["point"] == "0" {
            // Rule set 0 plays on the seed itself either way.
            assert_eq!(c["value"], i["value"], "{c:?}");
            continue;
        }
        if c["diff"].is_empty() {
            continue;
        }
        assert_eq!(
            (num(c, "diff"), num(c, "diff_lo"), num(c, "diff_hi")),
            (0.0, 0.0, 0.0),
            "{c:?}"
        );
        assert_eq!(c["significant"], "false", "{c:?}");
        let (d, lo, hi) = (num(i, "diff"), num(i, "diff_lo"), num(i, "diff_hi"));
        if d != 0.0 {
            nonzero += 1;
            assert!(lo < d && d < hi, "{i:?}");
        }
        tests += 1;
    }
    // Every metric of GRANGOL varies but the length cap (never reached).
    assert!(nonzero + 1 >= tests && tests >= 15, "{nonzero} of {tests}");
    let run = read(&tmp.path().join("ind/run.json"));
    let json: serde_json::Value = serde_json::from_str(&run).unwrap();
    assert!(json["sampling"]
        .as_str()
        .unwrap()
        .starts_with("independent"));
    assert_eq!(json["multiplicity"]["correction"], "holm");
    let with_p = ind.iter().filter(|r| !r["p_value"].is_empty()).count();
    assert_eq!(json["multiplicity"]["tests"], with_p);
    let crn_json = read(&tmp.path().join("crn/run.json"));
    assert!(crn_json.contains("common random numbers"), "{crn_json}");
    // Independent streams are still the same whatever the threads.
    aa_compare(tmp.path(), "ind2", &["--independent", "--threads", "2"]);
    assert_eq!(
        read(&tmp.path().join("ind/compare.csv")),
        read(&tmp.path().join("ind2/compare.csv"))
    );
}

/// Issue 24 (3): the flags are corrected over every point × metric of a sweep, by Holm or
/// (`--correction bh`) Benjamini–Hochberg, and the summary and run.json say which, over
/// how many tests.
#[test]
fn sweep_corrects_over_every_test_by_holm_or_benjamini_hochberg() {
    let tmp = tempfile::tempdir().unwrap();
    let sweep = |out: &str, correction: &str| {
        let o = ok(
            tmp.path(),
            &[
                "sweep",
                "--game",
                "grangol",
                "--vary",
                "deck.cards.TIRO=4..8",
                "--agents",
                "random,random",
                "--games",
                "300",
                "--correction",
                correction,
                "--out",
                out,
            ],
        );
        let text = String::from_utf8(o.stdout).unwrap();
        let rows = csv_rows(&tmp.path().join(out).join("sweep.csv"));
        let json: serde_json::Value =
            serde_json::from_str(&read(&tmp.path().join(out).join("run.json"))).unwrap();
        (text, rows, json)
    };
    let (htext, holm, hjson) = sweep("holm", "holm");
    let (btext, bh, bjson) = sweep("bh", "bh");
    let tests = holm.iter().filter(|r| !r["p_value"].is_empty()).count();
    // Four points besides the first, every metric with a p-value.
    assert!(tests >= 4 * 15, "{tests}");
    assert_eq!(hjson["multiplicity"]["tests"], tests);
    assert_eq!(hjson["multiplicity"]["correction"], "holm");
    assert_eq!(bjson["multiplicity"]["correction"], "bh");
    assert_eq!(bjson["multiplicity"]["controls"], "false discovery rate");
    assert!(
        htext.contains("Holm's correction") && htext.contains(&format!("over the {tests} tests")),
        "{htext}"
    );
    assert!(btext.contains("Benjamini–Hochberg"), "{btext}");
    // Same games, same p-values; every Holm rejection is a Benjamini–Hochberg one.
    let (mut nh, mut nb) = (0, 0);
    for (h, b) in holm.iter().zip(&bh) {
        assert_eq!(h["p_value"], b["p_value"]);
        if h["significant"] == "true" {
            nh += 1;
            assert_eq!(b["significant"], "true", "{b:?}");
        }
        nb += usize::from(b["significant"] == "true");
    }
    // TIRO 4 to 8 changes goals and lengths at every point.
    assert!(nh >= 8 && nb >= nh, "{nh} {nb}");
    let out = sim(
        tmp.path(),
        &[
            "sweep",
            "--game",
            "grangol",
            "--vary",
            "deck.cards.TIRO=4..5",
            "--agents",
            "random,random",
            "--games",
            "10",
            "--correction",
            "bonferroni",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--correction") && err.lines().count() <= 2,
        "{err}"
    );
}

#[test]
fn tune_replays_finalists_on_fresh_seeds_and_writes_a_loadable_winner() {
    let tmp = tempfile::tempdir().unwrap();
    let out = ok(
        tmp.path(),
        &[
            "tune",
            "--game",
            "grangol",
            "--agents",
            "random,random",
            "--games",
            "1200",
            "--vary",
            "deck.cards.TIRO=0..12:3",
            "--vary",
            "options.shot_success=any-ball,plain-ball",
            "--target",
            "mean_goals=1.5",
            "--eval-games",
            "40",
            "--finalists",
            "2",
            "--out",
            "tu",
        ],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("winner:"), "{text}");
    let progress = csv_rows(&tmp.path().join("tu/tune.csv"));
    assert!(progress.len() >= 5, "{}", progress.len());
    let results = csv_rows(&tmp.path().join("tu/tune_results.csv"));
    let sets: std::collections::BTreeSet<&str> =
        results.iter().map(|r| r["set"].as_str()).collect();
    assert_eq!(sets.len(), 3, "base and 2 finalists: {sets:?}");
    let goals = find(&results, "1", "mean_goals", "");
    assert!(!goals["lo"].is_empty() && !goals["hi"].is_empty());
    // The winner loads as a rules file.
    let best = tmp.path().join("tu/best.toml");
    let text = read(&best);
    assert!(text.contains("extends = \"default\""), "{text}");
    ok(
        tmp.path(),
        &[
            "rules",
            "--game",
            "grangol",
            "--rules",
            best.to_str().unwrap(),
        ],
    );
    ok(
        tmp.path(),
        &[
            "--game",
            "grangol",
            "--rules",
            best.to_str().unwrap(),
            "--agents",
            "random,random",
            "--games",
            "10",
            "--out",
            "again",
        ],
    );
    assert!(
        read(&tmp.path().join("tu/report.html"))
            .matches("<svg")
            .count()
            >= 1
    );
}

#[test]
fn tune_names_unknown_targets_and_small_budgets() {
    let tmp = tempfile::tempdir().unwrap();
    let args = |target: &str, games: &str| {
        sim(
            tmp.path(),
            &[
                "tune",
                "--game",
                "grangol",
                "--agents",
                "random,random",
                "--games",
                games,
                "--vary",
                "deck.cards.TIRO=4..6",
                "--target",
                target,
            ],
        )
    };
    let out = args("goals=2", "2000");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown metric"));
    let out = args("score_rate=0.5", "2000");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("score_rate[random]"));
    let out = args("mean_goals=2", "20");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("too small a budget"));
}

/// Runs `sim tune` in `dir` with `--vary VARY --target TARGET --games GAMES`, into
/// `out`; returns stdout, the loss rows of `tune_results.csv` and `run.json`.
fn tune_final(
    dir: &std::path::Path,
    out: &str,
    [vary, target, games]: [&str; 3],
) -> (String, Vec<Row>, serde_json::Value) {
    let all = [
        "tune",
        "--game",
        "grangol",
        "--agents",
        "random,random",
        "--out",
        out,
        "--vary",
        vary,
        "--target",
        target,
        "--games",
        games,
    ];
    let text = String::from_utf8(ok(dir, &all).stdout).unwrap();
    let losses: Vec<Row> = csv_rows(&dir.join(out).join("tune_results.csv"))
        .into_iter()
        .filter(|r| r["metric"] == "loss")
        .collect();
    let run: serde_json::Value =
        serde_json::from_str(&read(&dir.join(out).join("run.json"))).unwrap();
    (text, losses, run)
}

#[test]
fn tune_reports_a_flat_optimum_as_a_tie_and_recommends_no_change() {
    // The half's turn cap (300 by default) is never reached by these games: every value
    // plays the same games, so every finalist has the same loss.
    let tmp = tempfile::tempdir().unwrap();
    let (text, losses, run) = tune_final(
        tmp.path(),
        "flat",
        ["max_turns_per_half=300,400,500", "mean_goals=3", "1000"],
    );
    // The base and the two other points; the base's own point (300) is not played twice.
    let sets: Vec<&str> = losses.iter().map(|r| r["settings"].as_str()).collect();
    assert_eq!(sets.len(), 3, "{sets:?}");
    assert_eq!(losses[0]["set"], "base");
    assert!(!sets[1..].iter().any(|s| s.contains("=300")), "{sets:?}");
    for r in &losses[1..] {
        assert_eq!(r["value"], losses[0]["value"], "{r:?}");
        assert_eq!(
            (num(r, "diff"), num(r, "diff_lo"), num(r, "diff_hi")),
            (0.0, 0.0, 0.0)
        );
        assert_eq!(r["significant"], "false");
    }
    assert!(num(&losses[0], "lo") <= num(&losses[0], "value"));
    assert!(num(&losses[0], "value") <= num(&losses[0], "hi"));
    assert!(text.contains("winner: base"), "{text}");
    assert!(
        text.contains(
            "near-tie: candidate 1 and candidate 2 are not distinguishable from the winner"
        ),
        "{text}"
    );
    assert!(
        text.contains("no change recommended: the base rules were not beaten"),
        "{text}"
    );
    let f = &run["final_test"];
    assert_eq!(f["change_recommended"], false);
    assert_eq!(f["winner"], "base");
    assert_eq!(f["not_distinguishable"].as_array().unwrap().len(), 2);
    assert!(f["winner_loss_lo"].as_f64().unwrap() <= f["winner_loss"].as_f64().unwrap());
    let report = read(&tmp.path().join("flat/report.html"));
    assert_eq!(report.matches("not distinguishable</td>").count(), 2);
    assert!(report.contains("no change: the base rules were not beaten"));
    // The page leads with its verdict, before the search and the finalists.
    let verdict = report
        .find("No change recommended: no finalist beat the base.")
        .expect("a verdict");
    assert!(verdict < report.find("Search progress").unwrap());
    assert!(verdict < report.find("The finalists, re-played").unwrap());
    // best.toml is the base rules, and loads.
    let best = tmp.path().join("flat/best.toml");
    let toml_text = read(&best);
    assert!(toml_text.contains("no change recommended"), "{toml_text}");
    assert!(
        toml_text
            .lines()
            .all(|l| l.starts_with('#') || !l.contains("max_turns_per_half")),
        "{toml_text}"
    );
    ok(
        tmp.path(),
        &[
            "rules",
            "--game",
            "grangol",
            "--rules",
            best.to_str().unwrap(),
        ],
    );
}

#[test]
fn tune_does_not_recommend_a_change_the_base_was_not_shown_worse_than() {
    // Issue 24's case: TIRO=5 against the base's 6, both near 3 goals a game. The base is
    // always a finalist; a change may be recommended only with the base significantly
    // worse, and at these games and seeds it is not.
    let tmp = tempfile::tempdir().unwrap();
    for games in ["1000", "4000", "20000"] {
        let (text, losses, run) = tune_final(
            tmp.path(),
            &format!("issue-{games}"),
            ["deck.cards.TIRO=5", "mean_goals=3", games],
        );
        assert_eq!(losses[0]["set"], "base", "{games}: {losses:?}");
        assert_eq!(losses.len(), 2, "{games}: base and TIRO=5: {losses:?}");
        let change = run["final_test"]["change_recommended"].as_bool().unwrap();
        if change {
            // Never a change worse than the base.
            assert!(num(&losses[0], "diff_lo") > 0.0, "{games}: {losses:?}");
        }
        assert!(!change, "{games}: {text}");
        assert!(text.contains("no change recommended"), "{games}: {text}");
    }
}

#[test]
fn tune_with_only_the_base_point_keeps_the_base() {
    // TIRO=6 is the base's own value: the base is the only finalist, played once.
    let tmp = tempfile::tempdir().unwrap();
    let (text, losses, run) = tune_final(
        tmp.path(),
        "only",
        ["deck.cards.TIRO=6", "mean_goals=3", "1000"],
    );
    assert_eq!(losses.len(), 1, "{losses:?}");
    assert_eq!(run["final_test"]["change_recommended"], false);
    assert!(text.contains("then the base rules re-played"), "{text}");
    assert!(text.contains("no change recommended"), "{text}");
    assert!(!text.contains("near-tie"), "{text}");
}

#[test]
fn tune_names_a_clear_winner_and_recommends_it() {
    // Without TIRO the game scores about 2.4 goals, the base about 3: a target of 2.5 is
    // met by TIRO=0 only.
    let tmp = tempfile::tempdir().unwrap();
    let (text, losses, run) = tune_final(
        tmp.path(),
        "clear",
        ["deck.cards.TIRO=0,30", "mean_goals=2.5", "4000"],
    );
    let f = &run["final_test"];
    assert_eq!(f["change_recommended"], true, "{text}");
    assert_eq!(f["winner_settings"], "deck.cards.TIRO=0");
    assert!(text.contains("change recommended: candidate"), "{text}");
    assert!(!text.contains("no change"), "{text}");
    // The base is beaten: its difference to the winner is above 0, flagged.
    assert_eq!(losses[0]["significant"], "true", "{losses:?}");
    assert!(num(&losses[0], "diff_lo") > 0.0);
    let best = read(&tmp.path().join("clear/best.toml"));
    assert!(best.contains("TIRO = 0"), "{best}");
}

/// `sim tune` over agent parameters (`--vary agent.KEY`): the first agent varies, the
/// others are fixed; the same seed gives the same search and the same agents.toml whatever
/// the threads; the file is in the format of configs/<game>/agents.toml and records the
/// command.
#[test]
fn tune_over_agent_parameters_is_deterministic_and_writes_agents_toml() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |threads: &str, out: &str| {
        ok(
            tmp.path(),
            &[
                "tune",
                "--game",
                "grangol",
                "--agents",
                "mcts(iterations=8),greedy",
                "--games",
                "360",
                "--eval-games",
                "40",
                "--vary",
                "agent.c=0.1,0.2,0.8",
                "--vary",
                "agent.prior=0,20",
                "--target",
                "score_rate[mcts(iterations=8)]=1",
                "--finalists",
                "2",
                "--threads",
                threads,
                "--out",
                out,
            ],
        )
    };
    let text = String::from_utf8(run("1", "one").stdout).unwrap();
    run("2", "two");
    assert!(text.contains("agents.toml"), "{text}");
    let file = read(&tmp.path().join("one/agents.toml"));
    assert_eq!(file, read(&tmp.path().join("two/agents.toml")));
    assert_eq!(
        read(&tmp.path().join("one/tune.csv")),
        read(&tmp.path().join("two/tune.csv"))
    );
    assert!(
        file.contains("sim tune --game grangol") && !file.contains("--threads"),
        "{file}"
    );
    assert!(file.contains("[mcts]") && file.contains("base"), "{file}");
    let defaults = agents::AgentDefaults::parse(&file, "agents.toml").unwrap();
    for (k, _) in defaults.params_for("mcts") {
        assert!(["c", "prior", "policy"].contains(&k.as_str()), "{k}");
    }
    // The candidates played the varied agent: their settings name agent keys.
    let results = csv_rows(&tmp.path().join("one/tune_results.csv"));
    assert!(
        results
            .iter()
            .any(|r| r["set"] == "candidate 1" && r["settings"].contains("agent.")),
        "{results:?}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&read(&tmp.path().join("one/run.json"))).unwrap();
    assert!(json["recommended_agents"][0]
        .as_str()
        .unwrap()
        .starts_with("mcts("));
    assert_eq!(json["recommended_agents"][1], "greedy");
}

/// A bad agent parameter of `sim tune`: one line naming it, exit status 2, before any
/// game.
#[test]
fn tune_rejects_unknown_and_out_of_range_agent_parameters() {
    let tmp = tempfile::tempdir().unwrap();
    let cases = [
        ("mcts,greedy", "agent.cc=1,2", "no parameter 'cc'"),
        ("mcts,greedy", "agent.c=0.1,99", "--vary agent.c=99"),
        ("mcts,greedy", "agent.root=paired,best", "root=best"),
        (
            "random,greedy",
            "agent.c=0.1,0.2",
            "agent 'random' has no parameter 'c'",
        ),
    ];
    for (agents, vary, want) in cases {
        let target = format!("score_rate[{}]=1", agents.split(',').next().unwrap());
        let out = sim(
            tmp.path(),
            &[
                "tune", "--game", "grangol", "--agents", agents, "--games", "2000", "--vary", vary,
                "--target", &target,
            ],
        );
        assert_eq!(out.status.code(), Some(2), "{vary}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(want) && err.lines().count() == 1,
            "{vary}: {err}"
        );
    }
}

/// `sim agents --game G` shows the defaults that game plays with.
#[test]
fn agents_lists_a_games_defaults() {
    let tmp = tempfile::tempdir().unwrap();
    for &game in engine::core::NAMES {
        let out = ok(tmp.path(), &["agents", "--game", game]);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains(&format!("configs/{game}/agents.toml")),
            "{text}"
        );
        assert!(
            text.contains("mcts:") && text.contains("iterations="),
            "{text}"
        );
    }
}

/// `text` with the folder `from` named `to` and every duration (`0.6 s`, `(1.2 s)`) as
/// `X s`: what differs between the summaries of one run and of its merged shards.
fn without_times(text: &str, from: &str, to: &str) -> String {
    let text = text.replace(from, to);
    let words: Vec<&str> = text.split(' ').collect();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let number = w.trim_start_matches('(');
        let duration = number.contains('.')
            && number.parse::<f64>().is_ok()
            && words.get(i + 1).is_some_and(|n| n.starts_with('s'));
        out.push(if duration {
            format!("{}X", &w[..w.len() - number.len()])
        } else {
            w.to_string()
        });
    }
    out.join(" ")
}

/// `sim merge` of the shards of `compare`, `sweep`, `tune` and `card-value` prints the
/// summary the whole command prints (the library returns a report, `sim` formats it the
/// same way after a merge or a resume); only the seconds and the folder differ.
#[test]
fn merged_shards_print_the_summary_of_the_whole_command() {
    let tmp = tempfile::tempdir().unwrap();
    let game = ["--game", "grangol", "--agents", "greedy,random", "-q"];
    let commands: [&[&str]; 4] = [
        &[
            "compare",
            "--games",
            "40",
            "--variant",
            "tiro8=deck.cards.TIRO=8",
        ],
        &["sweep", "--games", "20", "--vary", "deck.cards.TIRO=5..6"],
        &[
            "tune",
            "--games",
            "200",
            "--vary",
            "deck.cards.TIRO=5..8",
            "--target",
            "mean_goals=3",
            "--eval-games",
            "20",
            "--finalists",
            "1",
        ],
        &["card-value", "--games", "20", "--card", "TIRO,PASSAGGIO"],
    ];
    for command in commands {
        let name = command[0];
        let run = |out: &str, extra: &[&str]| {
            let args: Vec<&str> = command
                .iter()
                .chain(&game)
                .chain(&["--out", out])
                .chain(extra)
                .copied()
                .collect();
            String::from_utf8(ok(tmp.path(), &args).stdout).unwrap()
        };
        let whole = run(&format!("{name}-whole"), &[]);
        for i in 0..2 {
            run(&format!("{name}-{i}"), &["--shard", &format!("{i}/2")]);
        }
        let merged = ok(
            tmp.path(),
            &[
                "merge",
                &format!("{name}-1"),
                &format!("{name}-0"),
                "--out",
                &format!("{name}-merged"),
                "-q",
            ],
        );
        let merged = String::from_utf8(merged.stdout).unwrap();
        assert!(whole.contains(&format!("wrote {name}-whole/")), "{whole}");
        // Each but tune (whose winner and recommendation stand for it) ends with a
        // verdict, which a merge prints the same.
        if name != "tune" {
            assert!(whole.contains("\nverdict: "), "{whole}");
        }
        assert_eq!(
            without_times(&merged, &format!("{name}-merged"), "OUT"),
            without_times(&whole, &format!("{name}-whole"), "OUT"),
            "{name}"
        );
    }
}

/// A misspelt `--vary` key fails the same way at every point of the grid: one line, not
/// one per point (`sweep` and `tune` load their grid alike), and nothing is written.
#[test]
fn a_misspelt_vary_key_is_one_line_whatever_the_grid() {
    let tmp = tempfile::tempdir().unwrap();
    for command in ["sweep", "tune"] {
        let mut args = vec![
            command,
            "--game",
            "grangol",
            "--vary",
            "deck.card.TIRO=1..40",
            "--vary",
            "hand_size=3..5",
            "--agents",
            "random,random",
            "--games",
            "2000",
            "--out",
            "x",
        ];
        if command == "tune" {
            args.extend(["--target", "draw_rate=0.1"]);
        }
        let e = one_line_error(tmp.path(), &args);
        assert!(
            e.starts_with("sim: error: --set deck.card.TIRO=1: deck.card: unknown key"),
            "{e}"
        );
        assert!(!tmp.path().join("x").exists());
    }
}
