//! `sim fit-eval` end to end: it prints the held-out losses and writes the weights file,
//! and bad input is one line with status 2. The file's contents (same seed, same bytes,
//! whatever --threads) are tested through the lab in `lab/tests/it/fit_eval.rs`.

use crate::common::{ok, one_line_error, read, registered_games};

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

/// `sim fit-eval` prints the held-out losses and writes the weights file (what the file
/// holds, whatever the threads, is tested through the lab in `lab/tests/it/fit_eval.rs`).
#[test]
fn fit_eval_prints_the_losses_and_writes_the_weights() {
    let dir = tempfile::tempdir().unwrap();
    let text = fit(dir.path(), "2", "3", "a.toml");
    assert!(text.contains("[weights]\nbias = "), "{text}");
}

/// Every registered game has evaluation features, so `sim fit-eval` fits each, with
/// `greedy` at every seat by default (four at LASTUF's default rules).
#[test]
fn fit_eval_works_for_every_registered_game() {
    let dir = tempfile::tempdir().unwrap();
    let games = registered_games();
    assert!(games.len() >= 5, "{games:?}");
    for game in &games {
        let out = format!("{game}.toml");
        let o = ok(
            dir.path(),
            &[
                "fit-eval", "--game", game, "--games", "10", "--every", "1", "--out", &out,
            ],
        );
        let stdout = String::from_utf8(o.stdout).unwrap();
        assert!(
            stdout.contains("held-out log-loss: fitted"),
            "{game}: {stdout}"
        );
        let text = read(&dir.path().join(&out));
        assert!(text.contains("[weights]\nbias = "), "{game}: {text}");
        assert!(
            text.contains("\"heuristic_logit\" = ") || text.contains("\"hand_logit\" = "),
            "{game}: {text}"
        );
    }
}

#[test]
fn bad_input_is_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let err = |args: &[&str]| one_line_error(dir.path(), args);
    let e = err(&[
        "fit-eval", "--game", "grangol", "--games", "2", "--agents", "greedy",
    ]);
    assert!(e.contains("one agent per seat"), "{e}");
    let e = err(&[
        "fit-eval", "--game", "grangol", "--games", "2", "--ridge", "-1",
    ]);
    assert!(e.contains("--ridge"), "{e}");
}
