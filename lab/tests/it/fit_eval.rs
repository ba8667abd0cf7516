//! `sim fit-eval` through the lab: the weights file reproduces from its options (same
//! seed, same bytes, whatever the threads) and loads back; the agents take the fitted
//! evaluation. What `sim fit-eval` prints and its one-line errors are tested in
//! `sim-cli/tests/it/fit_eval.rs`.

use crate::common::{error_text, fit_eval, fit_eval_options, read, run, run_options};
use std::path::Path;

/// The weights file of 30 self-play games of GRANGOL, recording every second decision,
/// fitted on `threads` threads from seed `seed` into `dir/out`.
fn fit(dir: &Path, threads: usize, seed: u64, out: &str) -> String {
    let mut options = fit_eval_options("grangol", 30, &dir.join(out));
    options.threads = Some(threads);
    options.seed = seed;
    options.every = 2;
    fit_eval(&options).unwrap();
    let text = read(&dir.join(out));
    assert!(
        text.contains("# Held-out log-loss: fitted ") && text.contains("hand-made heuristic"),
        "{text}"
    );
    text
}

#[test]
fn same_seed_same_file_whatever_the_threads() {
    let dir = tempfile::tempdir().unwrap();
    let one = fit(dir.path(), 1, 3, "a.toml");
    let two = fit(dir.path(), 2, 3, "b.toml");
    assert_eq!(one, two);
    let other = fit(dir.path(), 2, 4, "c.toml");
    assert_ne!(one, other, "another seed, other games");
    assert!(one.contains("# Made by: sim fit-eval --game grangol --games 30 --seed 3"));
    assert!(one.contains("[weights]\nbias = "));
    assert!(one.contains("\"lead/sigma\" = "));
    // Every line of the weights table is a number the game's parser accepts.
    let table: toml::Table = one.parse().unwrap();
    let w = table["weights"].as_table().unwrap();
    assert!(w.len() > 10);
    assert!(w.values().all(|v| v.as_float().is_some_and(f64::is_finite)));
}

#[test]
fn mcts_and_greedy_take_the_fitted_evaluation() {
    let dir = tempfile::tempdir().unwrap();
    run(&run_options(
        "grangol",
        "mcts(iterations=30,eval=fitted),greedy(eval=fitted)",
        2,
        &dir.path().join("r"),
    ))
    .unwrap();
    let out = dir.path().join("x");
    let err = run(&run_options("grangol", "mcts(eval=x),greedy", 2, &out))
        .expect_err("eval=x is refused");
    let e = error_text(&err);
    assert!(e.contains("heuristic, fitted or a FILE.toml"), "{e}");
    assert!(!out.exists(), "nothing is written");
}

/// `--rounds`: expert iteration writes every round's file beside `--out`, plays each
/// against the last, and writes the kept round with the rounds in its header; the same
/// seed writes the same files whatever the threads; a round's file plays as
/// `mcts(eval=FILE)`.
#[test]
fn rounds_of_expert_iteration_reproduce_and_report_each_round() {
    let dir = tempfile::tempdir().unwrap();
    let rounds = |threads: usize, sub: &str| {
        std::fs::create_dir(dir.path().join(sub)).unwrap();
        let mut options = fit_eval_options("grangol", 24, &dir.path().join(sub).join("e.toml"));
        options.agents = agents::AgentSpec::parse_list("mcts(iterations=8),greedy").unwrap();
        options.threads = Some(threads);
        options.every = 2;
        options.rounds = 3;
        options.match_games = 16;
        fit_eval(&options).unwrap();
        let kept = read(&dir.path().join(sub).join("e.toml"));
        let first = read(&dir.path().join(sub).join("e.round-1.toml"));
        (kept, first)
    };
    let (kept, first) = rounds(1, "one");
    assert_eq!(rounds(2, "two"), (kept.clone(), first.clone()));
    assert!(
        kept.starts_with("# Expert iteration: sim fit-eval --game grangol"),
        "{kept}"
    );
    assert!(kept.contains("--rounds 3 --match-games 16"), "{kept}");
    assert!(kept.contains("# Kept: round "), "{kept}");
    assert!(
        kept.contains("# round 1: ") && kept.contains(" over 16 games"),
        "{kept}"
    );
    // Round 1 plays on --seed itself: its weights are those of a plain fit of the agents.
    let mut plain = fit_eval_options("grangol", 24, &dir.path().join("plain.toml"));
    plain.agents = agents::AgentSpec::parse_list("mcts(iterations=8),greedy").unwrap();
    plain.every = 2;
    fit_eval(&plain).unwrap();
    let weights = |t: &str| t[t.find("[weights]").unwrap()..].to_string();
    assert_eq!(
        weights(&read(&dir.path().join("plain.toml"))),
        weights(&first)
    );
    // A round's file is an evaluation the agents take.
    let file = dir.path().join("one").join("e.round-1.toml");
    run(&run_options(
        "grangol",
        &format!("mcts(iterations=8,eval={}),greedy", file.display()),
        2,
        &dir.path().join("r"),
    ))
    .unwrap();
}

#[test]
fn rounds_need_two_seats_and_an_agent_with_an_evaluation() {
    let dir = tempfile::tempdir().unwrap();
    let mut options = fit_eval_options("grangol", 4, &dir.path().join("e.toml"));
    options.rounds = 2;
    options.agents = agents::AgentSpec::parse_list("random,greedy").unwrap();
    let e = error_text(&fit_eval(&options).unwrap_err());
    assert!(e.contains("no eval parameter"), "{e}");
    let mut options = fit_eval_options("lastuf", 4, &dir.path().join("e.toml"));
    options.rounds = 2;
    options.agents = agents::AgentSpec::parse_list("greedy,greedy,greedy,greedy").unwrap();
    let e = error_text(&fit_eval(&options).unwrap_err());
    assert!(e.contains("two-player"), "{e}");
    let mut options = fit_eval_options("grangol", 4, &dir.path().join("a\"b.toml"));
    options.rounds = 2;
    let e = error_text(&fit_eval(&options).unwrap_err());
    assert!(e.contains("may not hold"), "{e}");
    assert!(!dir.path().join("e.toml").exists() && !dir.path().join("a\"b.toml").exists());
}

/// `--target`: the search value is the agent's own estimate, so it moves the weights only
/// where an agent searched: greedy's games fit the same weights under every target, mcts's
/// do not; and the file says what it was fitted to.
#[test]
fn the_search_target_is_read_from_the_searching_agents_only() {
    use lab::commands::fit_eval::Target;
    let dir = tempfile::tempdir().unwrap();
    let fit = |agents: &str, target: Target, out: &str| {
        let mut options = fit_eval_options("grangol", 24, &dir.path().join(out));
        options.agents = agents::AgentSpec::parse_list(agents).unwrap();
        options.every = 2;
        options.target = target;
        fit_eval(&options).unwrap();
        let text = read(&dir.path().join(out));
        let weights = text[text.find("[weights]").unwrap()..].to_string();
        (text, weights)
    };
    let (_, greedy) = fit("greedy,greedy", Target::Outcome, "g0.toml");
    let (text, greedy_search) = fit("greedy,greedy", Target::Search, "g1.toml");
    assert_eq!(greedy, greedy_search);
    assert!(text.contains("--target search"), "{text}");
    assert!(
        text.contains("the searching agent's value of its chosen action"),
        "{text}"
    );
    let (_, outcome) = fit("mcts(iterations=8),greedy", Target::Outcome, "m0.toml");
    let (_, search) = fit("mcts(iterations=8),greedy", Target::Search, "m1.toml");
    let (text, blend) = fit("mcts(iterations=8),greedy", Target::Blend, "m2.toml");
    assert_ne!(outcome, search);
    assert_ne!(search, blend);
    assert!(text.contains("--target blend"), "{text}");
}
