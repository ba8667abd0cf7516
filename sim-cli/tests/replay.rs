//! `sim replay`: one game of a board game drawn after every turn, and a heat map of shots
//! in the report of a board game's run (the board capability).

mod common;

use common::{ok, sim};
use std::fs;

#[test]
fn a_helvetia_game_is_drawn_turn_by_turn_and_never_over_a_file() {
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
    let pictures = html.matches("<svg").count();
    assert!(out.contains(&format!("({pictures} pictures)")), "{out}");
    assert!(pictures > 5, "a picture per turn");
    // Every picture: the 15 × 9 hexes of the pitch and the two goal zones beside it,
    // ten figures and the ball (ten labelled circles and a small one). In this game a
    // goalkeeper goes into his goal zone (the trace shows it), and every picture still
    // has all ten figures.
    // The same game, traced: the replay's arguments without the page.
    let mut trace_args = args[..args.len() - 2].to_vec();
    trace_args[0] = "trace";
    let trace = ok(dir.path(), &trace_args);
    let trace = String::from_utf8(trace.stdout).unwrap();
    assert!(
        trace.contains("\"hex\":\"goal-zone"),
        "a goalkeeper in his goal zone"
    );
    for picture in html.split("<svg").skip(1) {
        let picture = &picture[..picture.find("</svg>").unwrap()];
        assert_eq!(picture.matches("<polygon").count(), 15 * 9 + 2, "{picture}");
        assert_eq!(picture.matches("<circle").count(), 11, "{picture}");
    }
    assert!(html.contains("after turn 1, score 0–0"));
    // A second replay to the same file is refused, and the page is left as it was.
    let again = sim(dir.path(), &args);
    assert_eq!(again.status.code(), Some(2));
    let err = String::from_utf8(again.stderr).unwrap();
    assert!(err.contains("exists") && err.lines().count() == 1, "{err}");
    assert_eq!(fs::read_to_string(&page).unwrap(), html);
    // A game without a board says so.
    let none = sim(
        dir.path(),
        &[
            "replay",
            "--game",
            "memory",
            "--agents",
            "greedy,random",
            "--games",
            "1",
            "--out",
            "m.html",
        ],
    );
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8(none.stderr)
        .unwrap()
        .contains("has no board to draw"));
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
