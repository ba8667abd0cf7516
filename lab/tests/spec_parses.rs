//! Issue 40: no agent spec text is parsed after the arguments are read. A command is
//! handed typed specs ([`agents::AgentSpec`], read once at the edge); the agents crate
//! counts every text its one parser reads ([`agents::parse_count`]), and the count must
//! not move while a command plays, plans, writes `run.json` and summarises.
//!
//! A test binary of its own, with one test: the count is the process's, so no other test
//! may parse while this one runs (the `it` binary runs its tests in parallel).

use agents::AgentSpec;
use lab::infra::options::TraceOptions;
use lab::{GameOptions, RunOptions};

/// `sim run` and `sim trace` at grangol between `mcts(iterations=20)` and `greedy`
/// (the game's `agents.toml` lays its defaults under mcts's typed parameters) parse no
/// spec: the typed values are carried, the effective specs made by laying parameters
/// over each other.
#[test]
fn a_command_parses_no_spec_after_its_arguments_are_read() {
    lab_games::install();
    let specs = AgentSpec::parse_list("mcts(iterations=20), greedy").unwrap();
    let common = GameOptions {
        game: "grangol".into(),
        agents: specs,
        games: 4,
        gauntlet: false,
        no_duplicate: false,
        seed: 7,
        rules: Vec::new(),
        set: Vec::new(),
        players: None,
    };
    let tmp = tempfile::tempdir().unwrap();
    let run = RunOptions {
        common: common.clone(),
        sprt: None,
        max_actions: None,
        json: false,
        output: lab::infra::options::OutputOptions::new(Some(2), Some(tmp.path().join("run"))),
        long: lab::infra::options::LongRunOptions::every(0),
    };
    // The game's agents.toml is an edge too (its presets are spec texts), read once per
    // process: read it before counting.
    lab::infra::games::agent_defaults("grangol").unwrap();
    let before = agents::parse_count();
    let report = lab::run(&run).unwrap();
    let mut trace = Vec::new();
    lab::trace(
        &TraceOptions {
            common,
            coupled: false,
            explain: false,
        },
        &mut trace,
    )
    .unwrap();
    assert_eq!(
        agents::parse_count(),
        before,
        "a command parsed an agent spec's text"
    );
    // The command did play, and wrote the specs as typed (the space kept).
    assert!(!report.lines.is_empty());
    let run_json = std::fs::read_to_string(tmp.path().join("run/run.json")).unwrap();
    assert!(
        run_json.contains("\"spec\": \"mcts(iterations=20)\""),
        "{run_json}"
    );
    assert!(String::from_utf8(trace).unwrap().contains("greedy"));
    // The counter counts: reading a spec moves it.
    AgentSpec::read("greedy");
    assert_eq!(agents::parse_count(), before + 1);
}
