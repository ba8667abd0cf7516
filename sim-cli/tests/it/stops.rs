//! Stops that stop, panics that become one line, and input refused before any game:
//! SIGTERM ends every long command within a decision whatever the agents' budgets; a
//! panic inside a game (forced by the test-only agent `panic(at=K)`, available with
//! SIM_TEST_AGENTS=1) is a one-line error naming the game, its seed and the `sim trace`
//! command; repeated `--vary` keys, duplicate `--variant` names and `--sprt` with
//! `--checkpoint` are refused.

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{entries, sim};

/// An agent that would think for an hour at every decision.
const SLOW: &str = "mcts(time_ms=3600000),greedy";

/// The lab commands, each with the arguments of a small design question on GRANGOL.
const LAB_COMMANDS: &[(&str, &[&str])] = &[
    ("compare", &["--variant", "t=deck.cards.TIRO=8"]),
    ("sweep", &["--vary", "deck.cards.TIRO=4..5"]),
    (
        "tune",
        &[
            "--vary",
            "deck.cards.TIRO=4..8",
            "--target",
            "draw_rate=0.3",
        ],
    ),
    ("card-value", &["--card", "TIRO"]),
];

/// Starts `sim args` in `dir`.
fn spawn(dir: &Path, args: &[&str]) -> Child {
    Command::new(crate::common::SIM)
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sim starts")
}

/// Waits (up to a minute) until `dir` holds the temporary folder `out.tmp-*`, made once
/// the command has installed its signal handler and is about to play.
fn wait_for_tmp(dir: &Path, out: &str) {
    let prefix = format!("{out}.tmp-");
    for _ in 0..600 {
        if entries(dir).iter().any(|e| e.starts_with(&prefix)) {
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("no {prefix}* folder within a minute");
}

/// Sends SIGTERM to `child` and waits for it to end: a generous bound of 30 s (a stop
/// takes a decision, far less), so a command that ignored the stop fails the test
/// instead of running for hours.
fn terminate(child: Child) -> Output {
    let term = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(term.success());
    let mut child = child;
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("still running 30 s after SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn sigterm_stops_a_run_of_hour_long_decisions_and_keeps_its_checkpoint() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let child = spawn(
        dir,
        &[
            "--game", "grangol", "--agents", SLOW, "--games", "100", "--out", "r", "-q",
        ],
    );
    wait_for_tmp(dir, "r");
    let o = terminate(child);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert!(err.contains("Resume with:\n  sim resume r"), "{err}");
    let kept: Vec<String> = entries(dir);
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(dir.join(&kept[0]).join("checkpoint.json").is_file());
    // No game was finished: `sim resume` takes the checkpoint up all the same (and is
    // stopped again, the same way).
    let child = spawn(dir, &["resume", "r", "-q"]);
    // The lock on r.lock is taken once the signal handler is in place.
    for _ in 0..600 {
        if dir.join("r.lock").exists() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let o = terminate(child);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert!(err.contains("Resume with:\n  sim resume r"), "{err}");
}

#[test]
fn sigterm_stops_every_lab_command_keeping_its_checkpoint_unless_told_not_to() {
    for &(command, extra) in LAB_COMMANDS {
        for keep in [true, false] {
            let tmp = tempfile::tempdir().unwrap();
            let dir = tmp.path();
            let mut args = vec![
                command, "--game", "grangol", "--agents", SLOW, "--games", "1000", "--out", "x",
                "-q",
            ];
            args.extend_from_slice(extra);
            if !keep {
                args.extend_from_slice(&["--checkpoint", "0"]);
            }
            let child = spawn(dir, &args);
            wait_for_tmp(dir, "x");
            let o = terminate(child);
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(130), "{command}: {err}");
            if keep {
                // No game was finished, and the checkpoint says so: resume takes it up.
                let err = err.trim();
                assert!(
                    err.starts_with("sim: stopped after 0 of ")
                        && err.ends_with("; checkpoint written. Resume with:\n  sim resume x")
                        && err.lines().count() == 2,
                    "{command}: {err}"
                );
                let kept = entries(dir);
                assert_eq!(kept.len(), 1, "{command}: {kept:?}");
                assert!(dir.join(&kept[0]).join("checkpoint.json").is_file());
            } else {
                assert_eq!(
                    err.trim(),
                    "sim: stopped by Ctrl-C or SIGTERM; nothing was kept (--checkpoint 0 \
                     writes no checkpoint)",
                    "{command}"
                );
                assert!(entries(dir).is_empty(), "{command}: {:?}", entries(dir));
            }
        }
    }
}

/// Runs `sim args` in `dir` with the test-only agents.
fn sim_test_agents(dir: &Path, args: &[&str]) -> Output {
    Command::new(crate::common::SIM)
        .args(args)
        .current_dir(dir)
        .env("SIM_TEST_AGENTS", "1")
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("sim runs")
}

#[test]
fn a_panic_in_a_game_is_one_line_naming_the_game_seed_and_trace_command() {
    let agents = "random,panic(at=3)";
    const EMPTY: &[&str] = &[];
    let (run, trace) = ([("run", EMPTY)], [("trace", EMPTY)]);
    let commands = run.iter().chain(LAB_COMMANDS).chain(&trace);
    for &(command, extra) in commands {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let mut args = vec![
            command, "--game", "grangol", "--agents", agents, "--games", "200", "--seed", "7",
        ];
        if command != "trace" {
            args.extend_from_slice(&["--out", "x", "-q"]);
        }
        args.extend_from_slice(extra);
        let mut messages = Vec::new();
        for threads in ["1", "2"] {
            let mut args = args.clone();
            if command != "trace" {
                args.extend_from_slice(&["--threads", threads]);
            }
            let o = sim_test_agents(dir, &args);
            let err = String::from_utf8_lossy(&o.stderr).into_owned();
            assert_eq!(o.status.code(), Some(2), "{command}: {err}");
            assert_eq!(err.lines().count(), 1, "{command}: {err}");
            assert!(err.starts_with("sim: error: "), "{command}: {err}");
            // tune plays its evaluations on seeds derived from --seed.
            let seed = if command == "tune" { "" } else { "7" };
            assert!(
                err.contains(&format!("game 0 (deal 0, seed {seed}"))
                    && err.contains(") panicked")
                    && err.contains("test agent panic(at=3) panics as asked"),
                "{command}: {err}"
            );
            // The panic's file and line, which every profile keeps (the release build
            // ships no debug information: they come from the panic's location).
            assert!(
                err.contains("at agents/src/panicking.rs:"),
                "{command}: {err}"
            );
            if command != "trace" {
                assert!(
                    err.contains("sim trace --game grangol --agents 'random,panic(at=3)'")
                        && err.contains("| grep '\"game\":0,'"),
                    "{command}: {err}"
                );
            }
            assert!(!err.contains("backtrace"), "{command}: {err}");
            assert!(entries(dir).is_empty(), "{command}: {:?}", entries(dir));
            messages.push(err);
        }
        // The same game is named whatever the threads.
        assert_eq!(messages[0], messages[1], "{command}");
    }
    // Without SIM_TEST_AGENTS=1 the agent does not exist, and `sim agents` never lists it.
    let tmp = tempfile::tempdir().unwrap();
    let o = sim(
        tmp.path(),
        &["--game", "grangol", "--agents", agents, "--games", "2"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown agent 'panic'"));
    let o = sim_test_agents(tmp.path(), &["agents"]);
    assert!(!String::from_utf8_lossy(&o.stdout).contains("panic"));
}

/// `sim args` fails with one line holding `needle`, before any game (nothing written).
fn refused(args: &[&str], needle: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let o = sim(tmp.path(), args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(entries(tmp.path()).is_empty(), "{args:?}");
}

#[test]
fn repeated_vary_keys_duplicate_variants_and_sprt_with_checkpoint_are_refused() {
    let game: Vec<&str> = "--game grangol --agents greedy,random --games 10"
        .split(' ')
        .collect();
    let with = |extra: &[&'static str]| -> Vec<&'static str> {
        let mut a: Vec<&str> = extra[..1].to_vec();
        a.extend_from_slice(&game);
        a.extend_from_slice(&extra[1..]);
        a
    };
    let twice = "--vary: the key 'deck.cards.TIRO' is given twice";
    refused(
        &with(&[
            "sweep",
            "--vary",
            "deck.cards.TIRO=4..8",
            "--vary",
            "deck.cards.TIRO=1..2",
        ]),
        twice,
    );
    refused(
        &with(&[
            "tune",
            "--vary",
            "deck.cards.TIRO=4..8",
            "--vary",
            "deck.cards.TIRO=1..2",
            "--target",
            "draw_rate=0.3",
        ]),
        twice,
    );
    refused(
        &with(&[
            "compare",
            "--variant",
            "a=deck.cards.TIRO=4",
            "--variant",
            "a=deck.cards.TIRO=5",
        ]),
        "the name 'a' is already taken",
    );
    refused(
        &with(&["run", "--sprt", "0,10", "--checkpoint", "5"]),
        "'--sprt <ELO0,ELO1[,ALPHA,BETA]>' cannot be used with '--checkpoint <SECONDS>'",
    );
}

#[test]
fn a_second_command_writing_the_same_out_is_refused_while_the_first_runs() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let first = spawn(
        dir,
        &[
            "--game", "grangol", "--agents", SLOW, "--games", "10", "--out", "same", "-q",
        ],
    );
    wait_for_tmp(dir, "same");
    assert!(dir.join("same.lock").is_file());
    let game: Vec<&str> = "--game grangol --agents greedy,random --games 10"
        .split(' ')
        .collect();
    for command in [
        &["run"][..],
        &["compare", "--variant", "t=deck.cards.TIRO=8"],
    ] {
        let mut args = command.to_vec();
        args.extend_from_slice(&game);
        args.extend_from_slice(&["--out", "same"]);
        let o = sim(dir, &args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert_eq!(
            err.trim(),
            "sim: error: another sim is writing 'same' (it holds the lock 'same.lock'): wait \
             for it to end, or choose another --out",
        );
    }
    let o = terminate(first);
    assert_eq!(o.status.code(), Some(130));
    // The lock file goes with the lock; the stopped run's folder stays for `sim resume`.
    assert!(!dir.join("same.lock").exists(), "{:?}", entries(dir));
}

#[test]
fn a_run_that_would_take_more_than_a_day_is_warned_about_once_with_the_estimate() {
    use std::io::BufRead;
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let mut child = spawn(
        dir,
        &[
            "--game",
            "grangol",
            "--agents",
            "greedy,greedy",
            "--games",
            "4294967297",
            "--out",
            "big",
            "-q",
        ],
    );
    let stderr = child.stderr.take().unwrap();
    let mut lines = std::io::BufReader::new(stderr).lines();
    // The estimate comes after a few seconds of play (greedy plays well under 40,000
    // games a second, so the run takes more than a day on any machine).
    let warning = lines
        .by_ref()
        .map(|l| l.unwrap())
        .find(|l| l.starts_with("sim: warning:"))
        .expect("a warning before the end of standard error");
    assert!(
        warning.contains("this run of 4294967297 games takes about")
            && warning.ends_with("more days; Ctrl-C stops it with a checkpoint for `sim resume`"),
        "{warning}"
    );
    let o = terminate(child);
    assert_eq!(o.status.code(), Some(130));
    let rest: Vec<String> = lines.map(|l| l.unwrap()).collect();
    assert!(
        !rest.iter().any(|l| l.contains("warning")),
        "warned once: {rest:?}"
    );
}
