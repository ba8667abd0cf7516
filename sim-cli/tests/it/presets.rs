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
        text.contains("\"effective\":\"mcts(policy=0.02,root=halving,iterations=8)\""),
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
        e.contains("presets of grangol: casual, club, expert, rapid"),
        "{e}"
    );
}

/// `--also-agents`: compare, sweep and card-value play twice in one command, at two skill
/// levels, and write the two answers side by side; without --out it is one line.
#[test]
fn one_command_plays_two_presets_and_compares_them() {
    let tmp = tempfile::tempdir().unwrap();
    let runs: [(&str, &[&str]); 3] = [
        (
            "compare",
            &["--rules", "default", "--rules", "interchangeable"],
        ),
        ("sweep", &["--vary", "hand_size=5,6"]),
        ("card-value", &["--card", "TIRO"]),
    ];
    for (command, own) in runs {
        let out = tmp.path().join(command);
        let mut args = vec![
            command,
            "--game",
            "grangol",
            "--agents",
            "casual,casual",
            "--also-agents",
            "expert(iterations=4),expert(iterations=4)",
            "--games",
            "8",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend(own);
        let printed = String::from_utf8(ok(tmp.path(), &args).stdout).unwrap();
        assert!(
            printed.contains("report-vs-second.html"),
            "{command}: {printed}"
        );
        assert!(
            out.join("first/report-vs-second.html").is_file(),
            "{command}"
        );
        let first = read(&out.join("first/run.json"));
        let second = read(&out.join("second/run.json"));
        // The agents' labels (a quoted string of their own; the command line holds the
        // whole list as one): the presets as typed, one run each.
        let label = |text: &str, name: &str| {
            text.contains(&format!("\"{name}\"")) || text.contains(&format!("\"{name}#2\""))
        };
        assert!(label(&first, "casual"), "{command}: {first}");
        assert!(!label(&first, "expert(iterations=4)"), "{command}: {first}");
        assert!(
            label(&second, "expert(iterations=4)"),
            "{command}: {second}"
        );
        let page = read(&out.join("first/report-vs-second.html"));
        assert!(page.contains("expert(iterations=4)"), "{command}");
    }
    // Without --out, and with an --out that is taken: one line each.
    let taken = tmp.path().join("compare");
    let base = "compare --game grangol --rules default --rules interchangeable --agents \
                casual,casual --also-agents club,club --games 4";
    let mut args: Vec<&str> = base.split_whitespace().collect();
    let e = one_line_error(tmp.path(), &args);
    assert!(e.contains("--also-agents needs --out"), "{e}");
    let mut sharded = args.clone();
    sharded.extend(["--shard", "0/2", "--out", "s"]);
    let e = one_line_error(tmp.path(), &sharded);
    assert!(e.contains("--also-agents plays two runs"), "{e}");
    args.extend(["--out", taken.to_str().unwrap()]);
    let e = one_line_error(tmp.path(), &args);
    assert!(e.contains("already exists"), "{e}");
}
