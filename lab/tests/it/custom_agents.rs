//! `lab::commands::custom_agents::run_custom`: a run whose agents the caller built gives the files of
//! `sim run` with the same agents, seed and games; a failure the caller reports stops it.

use crate::common::{read, run_options};
use engine::core::{Agent, Game, Registered};
use engine::crazy_eights::CrazyEights;
use lab::commands::custom_agents::{run_custom, CustomAgent};

type State = <CrazyEights as Game>::State;

fn loaded() -> lab::infra::games::Loaded<CrazyEights> {
    lab::infra::games::load::<CrazyEights>(None, &[]).unwrap()
}

/// `greedy` with the game's defaults, built by the caller.
fn greedy() -> Box<dyn Agent<State>> {
    let typed = [agents::AgentSpec::named("greedy")];
    let spec = lab::infra::games::effective_specs(CrazyEights::NAME, &typed).unwrap();
    agents::make_agent::<State>(&spec[0]).unwrap()
}

const FILES: [&str; 5] = [
    "summary.csv",
    "matchups.csv",
    "ratings.csv",
    "cards.csv",
    "balance.csv",
];

#[test]
fn a_caller_built_agent_gives_the_files_of_the_agent_it_wraps() {
    lab_games::install();
    let tmp = tempfile::tempdir().unwrap();
    let game = loaded();
    let mut by_run = run_options(
        CrazyEights::NAME,
        "random,greedy",
        24,
        &tmp.path().join("run"),
    );
    by_run.output.threads = Some(2);
    lab::commands::run::run(&game, &by_run).unwrap();
    // The same run, greedy built by the caller and labelled as its spec.
    let by_caller = run_options(
        CrazyEights::NAME,
        "random,greedy",
        24,
        &tmp.path().join("own"),
    );
    let custom = vec![CustomAgent {
        index: 1,
        agent: greedy(),
    }];
    let mut games = 0;
    run_custom(&game, &by_caller, custom, &mut || {
        games += 1;
        Ok(())
    })
    .unwrap();
    assert_eq!(games, 24, "called after every game");
    for f in FILES {
        assert_eq!(
            read(&tmp.path().join("run").join(f)),
            read(&tmp.path().join("own").join(f)),
            "{f}"
        );
    }
    // Labelled otherwise: the same numbers under the new label.
    let labelled = run_options(
        CrazyEights::NAME,
        "random,mine",
        24,
        &tmp.path().join("mine"),
    );
    let custom = vec![CustomAgent {
        index: 1,
        agent: greedy(),
    }];
    run_custom(&game, &labelled, custom, &mut || Ok(())).unwrap();
    let summary = read(&tmp.path().join("mine").join("summary.csv"));
    assert!(summary.contains(",mine,"), "{summary}");
    assert_eq!(
        summary.replace(",mine,", ",greedy,"),
        read(&tmp.path().join("run").join("summary.csv"))
    );
}

#[test]
fn a_failure_after_a_game_stops_the_run_and_bad_indices_are_refused() {
    lab_games::install();
    let tmp = tempfile::tempdir().unwrap();
    let game = loaded();
    let options = run_options(CrazyEights::NAME, "random,mine", 24, &tmp.path().join("a"));
    let mut games = 0;
    let e = run_custom(
        &game,
        &options,
        vec![CustomAgent {
            index: 1,
            agent: greedy(),
        }],
        &mut || {
            games += 1;
            if games == 3 {
                anyhow::bail!("the policy failed");
            }
            Ok(())
        },
    )
    .unwrap_err();
    assert_eq!(e.to_string(), "the policy failed");
    assert!(!tmp.path().join("a").exists(), "no half-written folder");
    let e = run_custom(
        &game,
        &options,
        vec![CustomAgent {
            index: 2,
            agent: greedy(),
        }],
        &mut || Ok(()),
    )
    .unwrap_err();
    assert!(e.to_string().contains("out of range"), "{e}");
    // Without the caller's agent, `mine` is no spec the lab knows.
    assert!(run_custom(&game, &options, Vec::new(), &mut || Ok(())).is_err());
}
