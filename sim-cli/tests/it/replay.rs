//! `sim replay`: the page of one game (here a board game's, and a game without a board),
//! and a heat map of shots in the report of a board game's run (the board capability).

use crate::common::{ok, sim};
use std::fs;

/// The JSON embedded in a replay page.
fn page_data(html: &str) -> serde_json::Value {
    let tag = "id=\"game-data\">";
    let start = html.find(tag).expect("the data tag") + tag.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).expect("the page's data parses")
}

#[test]
fn a_helvetia_game_gets_a_page_of_every_step_and_never_over_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("game.html");
    let args = [
        "replay",
        "--game",
        "helvetia",
        "--agents",
        "greedy,random",
        "--games",
        "1",
        "--seed",
        "1",
        "--out",
        page.to_str().unwrap(),
    ];
    let out = String::from_utf8(ok(dir.path(), &args).stdout).unwrap();
    let html = fs::read_to_string(&page).unwrap();
    let data = page_data(&html);
    let steps = data["steps"].as_array().unwrap().len();
    assert!(out.contains(&format!("({steps} steps)")), "{out}");
    // The board: the 15 × 9 hexes of the pitch and the two goal zones beside it, drawn
    // once; every position with its ten figures and the ball (ten labelled circles and
    // a small one).
    let head = data["board_head"].as_str().unwrap();
    assert_eq!(head.matches("<polygon").count(), 15 * 9 + 2);
    let placed = data["frames"]
        .as_array()
        .unwrap()
        .iter()
        .rfind(|f| !f["board"].is_null())
        .unwrap();
    let circles: usize = placed["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            data["boards"][i.as_u64().unwrap() as usize]
                .as_str()
                .unwrap()
                .matches("<circle")
                .count()
        })
        .sum();
    assert_eq!(circles, 11);
    // The same game, traced then replayed from its record: the same page.
    let mut trace_args = args[..args.len() - 2].to_vec();
    trace_args[0] = "trace";
    let trace = ok(dir.path(), &trace_args);
    fs::write(dir.path().join("game.jsonl"), &trace.stdout).unwrap();
    ok(
        dir.path(),
        &["replay", "--trace", "game.jsonl", "--out", "again.html"],
    );
    assert!(fs::read_to_string(dir.path().join("again.html")).unwrap() == html);
    // A second replay to the same file is refused, and the page is left as it was.
    let again = sim(dir.path(), &args);
    assert_eq!(again.status.code(), Some(2));
    let err = String::from_utf8(again.stderr).unwrap();
    assert!(err.contains("exists") && err.lines().count() == 1, "{err}");
    assert_eq!(fs::read_to_string(&page).unwrap(), html);
    // Neither a game nor a record: one line.
    let none = sim(dir.path(), &["replay", "--out", "m.html"]);
    assert_eq!(none.status.code(), Some(2));
    assert_eq!(String::from_utf8(none.stderr).unwrap().lines().count(), 1);
    // A game without a board gets its page too; `--games` defaults to 1 (one page, one
    // game), and giving it changes nothing for the game shown.
    let memory = ["replay", "--game", "memory", "--agents", "greedy,random"];
    ok(dir.path(), &[&memory[..], &["--out", "m.html"]].concat());
    ok(
        dir.path(),
        &[&memory[..], &["--games", "1", "--out", "m1.html"]].concat(),
    );
    assert!(
        fs::read_to_string(dir.path().join("m.html")).unwrap()
            == fs::read_to_string(dir.path().join("m1.html")).unwrap()
    );
    assert_eq!(
        page_data(&fs::read_to_string(dir.path().join("m.html")).unwrap())["board"],
        false
    );
}

#[test]
fn a_helvetia_run_writes_its_shots_and_the_report_maps_them() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    ok(
        dir.path(),
        &[
            "--game",
            "helvetia",
            "--agents",
            "greedy,greedy",
            "--games",
            "40",
            "-q",
            "-o",
            out.to_str().unwrap(),
        ],
    );
    let shots = fs::read_to_string(out.join("shots.csv")).unwrap();
    assert!(shots.starts_with("game,agent,cell,column,row,shots,goals,layout,columns,rows\n"));
    // Every shot as the shooter sees the pitch: in the right half (the shooting zone).
    for line in shots.lines().skip(1) {
        let column: u16 = line.split(',').nth(3).unwrap().parse().unwrap();
        assert!(column >= 10, "{line}");
    }
    let goals: u64 = shots
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(6).unwrap().parse::<u64>().unwrap())
        .sum();
    let summary = fs::read_to_string(out.join("summary.csv")).unwrap();
    let scored: f64 = summary
        .lines()
        .filter(|l| l.contains(",all,"))
        .map(|l| l.split(',').nth(10).unwrap().parse::<f64>().unwrap() * 40.0)
        .sum();
    assert_eq!(goals as f64, scored.round(), "every goal is a shot's");
    let report = fs::read_to_string(out.join("report.html")).unwrap();
    assert!(report.contains("Where shots are taken from (attacking right)"));
    assert!(report.contains("Where goals are scored from (attacking right)"));
}
