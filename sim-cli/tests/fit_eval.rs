//! `sim fit-eval`: the weights file reproduces from its command (same seed, same bytes,
//! whatever --threads), loads back, and bad input is one line with status 2.

mod common;

use common::{ok, one_line_error, read, sim};

fn fit(dir: &std::path::Path, threads: &str, seed: &str, out: &str) -> String {
    let o = ok(
        dir,
        &[
            "fit-eval",
            "--game",
            "grangol",
            "--games",
            "30",
            "--seed",
            seed,
            "--threads",
            threads,
            "--every",
            "2",
            "--out",
            out,
        ],
    );
    let stdout = String::from_utf8(o.stdout).unwrap();
    assert!(stdout.contains("held-out log-loss: fitted"), "{stdout}");
    assert!(stdout.contains("hand-made heuristic"), "{stdout}");
    read(&dir.join(out))
}

#[test]
fn same_seed_same_file_whatever_the_threads() {
    let dir = tempfile::tempdir().unwrap();
    let one = fit(dir.path(), "1", "3", "a.toml");
    let two = fit(dir.path(), "2", "3", "b.toml");
    assert_eq!(one, two);
    let other = fit(dir.path(), "2", "4", "c.toml");
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
fn bad_input_is_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let err = |args: &[&str]| one_line_error(dir.path(), args);
    let e = err(&[
        "fit-eval", "--game", "memory", "--games", "2", "--agents", "greedy",
    ]);
    assert!(e.contains("no evaluation features"), "{e}");
    let e = err(&[
        "fit-eval", "--game", "grangol", "--games", "2", "--agents", "greedy",
    ]);
    assert!(e.contains("one agent per seat"), "{e}");
    let e = err(&[
        "fit-eval", "--game", "grangol", "--games", "2", "--ridge", "-1",
    ]);
    assert!(e.contains("--ridge"), "{e}");
}

#[test]
fn mcts_and_greedy_take_the_fitted_evaluation() {
    let dir = tempfile::tempdir().unwrap();
    let o = ok(
        dir.path(),
        &[
            "--game",
            "grangol",
            "--agents",
            "mcts(iterations=30,eval=fitted),greedy(eval=fitted)",
            "--games",
            "2",
            "--out",
            "r",
        ],
    );
    assert!(o.status.success());
    let o = sim(
        dir.path(),
        &["-g", "grangol", "-a", "mcts(eval=x),greedy", "-n", "2"],
    );
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8(o.stderr).unwrap();
    assert!(e.contains("heuristic or fitted"), "{e}");
}
