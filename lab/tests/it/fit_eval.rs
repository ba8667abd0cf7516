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
    assert!(e.contains("heuristic or fitted"), "{e}");
    assert!(!out.exists(), "nothing is written");
}
