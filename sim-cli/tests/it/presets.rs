//! Strength presets (`[presets]` of `configs/<game>/agents.toml`, docs/agents.md "Strength
//! presets") end to end: listed by `sim agents --game G`, typed as agents in every game,
//! recorded as their effective spec, and a name that is neither an agent nor a preset is
//! one line naming the game's presets.

use crate::common::{ok, one_line_error, read, registered_games};

/// Every registered game names its presets `casual` and `club`; `casual` is `greedy`
/// and `club` the game's default `mcts`, so that a designer's words mean the same in
/// every game.
#[test]
fn every_game_lists_casual_and_club_and_they_play() {
    let tmp = tempfile::tempdir().unwrap();
    for game in registered_games() {
        let game = game.as_str();
        let listed = String::from_utf8(ok(tmp.path(), &["agents", "--game", game]).stdout).unwrap();
        assert!(listed.contains("strength presets"), "{game}: {listed}");
        for name in ["casual: greedy", "club: mcts"] {
            assert!(
                listed.contains(&format!("  {name}")),
                "{game}: {name}: {listed}"
            );
        }
        assert!(listed.contains("measured: "), "{game}: {listed}");
    }
    // A short game of each preset at GRANGOL, and what run.json records.
    let out = tmp.path().join("r");
    ok(
        tmp.path(),
        &[
            "--game",
            "grangol",
            "--agents",
            "casual,expert(iterations=8)",
            "--games",
            "2",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let run: serde_json::Value = serde_json::from_str(&read(&out.join("run.json"))).unwrap();
    let text = run.to_string();
    assert!(text.contains("\"effective\":\"greedy\""), "{text}");
    assert!(
        text.contains("\"effective\":\"mcts(root=halving,iterations=8)\""),
        "{text}"
    );
    let summary = read(&out.join("summary.csv"));
    assert!(summary.contains("expert(iterations=8)"), "{summary}");
}

#[test]
fn an_unknown_name_is_one_line_naming_the_presets() {
    let tmp = tempfile::tempdir().unwrap();
    let e = one_line_error(
        tmp.path(),
        &[
            "--game",
            "grangol",
            "--agents",
            "grandmaster,greedy",
            "--games",
            "2",
        ],
    );
    assert!(e.contains("unknown agent 'grandmaster'"), "{e}");
    assert!(
        e.contains("presets of grangol: casual, club, expert"),
        "{e}"
    );
}
