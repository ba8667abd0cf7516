//! Long runs: failing before the work, capped threads, and progress for people and logs.

use std::path::Path;

use crate::common::{entries, ok, read, sim};

/// Every command that writes a folder, with an output path whose parent is a file, so
/// the folder cannot be made. Each names a workload of hours (a million `mcts` games, or
/// as many per rule set): if any game were played before the folder is tried, the test
/// would not end.
#[test]
fn an_unwritable_out_fails_before_any_game() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("a-file"), "not a folder").unwrap();
    let out = "a-file/run";
    let long = ["--agents", "mcts,greedy", "--games", "1000000"];
    let commands: Vec<Vec<&str>> = vec![
        [&["--game", "grangol"][..], &long, &["--out", out]].concat(),
        [
            &["card-value", "--game", "grangol", "--card", "TIRO"][..],
            &long,
            &["--out", out],
        ]
        .concat(),
        [
            &[
                "compare", "--game", "grangol", "--rules", "default", "--rules", "quick",
            ][..],
            &long,
            &["--out", out],
        ]
        .concat(),
        [
            &[
                "sweep",
                "--game",
                "grangol",
                "--vary",
                "deck.cards.TIRO=4..8",
            ][..],
            &long,
            &["--out", out],
        ]
        .concat(),
        [
            &[
                "tune",
                "--game",
                "grangol",
                "--vary",
                "deck.cards.TIRO=4..8",
                "--target",
                "mean_goals=3",
            ][..],
            &long,
            &["--out", out],
        ]
        .concat(),
    ];
    for args in &commands {
        let o = sim(tmp.path(), args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 1, "{args:?}: {err}");
        assert!(lines[0].starts_with("sim: error: "), "{err}");
        // The user's path, never the temporary folder's.
        assert!(lines[0].contains("a-file/run"), "{err}");
        assert!(!lines[0].contains(".tmp-"), "{err}");
        assert!(!err.contains("progress"), "{err}");
        assert_eq!(entries(tmp.path()), ["a-file"], "{args:?} wrote something");
    }
}

#[test]
fn too_many_threads_are_capped_with_a_warning() {
    let tmp = tempfile::tempdir().unwrap();
    let args = [
        "--game",
        "grangol",
        "--agents",
        "random,random",
        "--games",
        "20",
        "--threads",
        "10000",
        "--out",
        "r",
    ];
    let o = ok(tmp.path(), &args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err.matches("sim: warning: --threads 10000 capped at")
            .count(),
        1,
        "one warning: {err}"
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(!out.contains("10000 threads"), "{out}");
}

/// Standard error is a pipe here, as in a cluster job's log: progress comes as plain
/// lines (at least the last one, with the running score), never a bar's control
/// characters; `--quiet` prints none.
#[test]
fn progress_is_plain_lines_in_a_log_and_nothing_when_quiet() {
    let tmp = tempfile::tempdir().unwrap();
    let args = [
        "--game",
        "grangol",
        "--agents",
        "greedy,random",
        "--games",
        "200",
        "--seed",
        "3",
        "--out",
        "a",
    ];
    let o = ok(tmp.path(), &args);
    let err = String::from_utf8_lossy(&o.stderr);
    let last = err
        .lines()
        .rfind(|l| l.starts_with("progress: "))
        .unwrap_or_else(|| panic!("no progress line in: {err}"));
    assert!(
        last.starts_with("progress: 200/200 games (100.0%), "),
        "{last}"
    );
    assert!(last.contains(" games/s, greedy 0."), "{last}");
    assert!(!err.contains('\r') && !err.contains('\u{1b}'), "{err:?}");

    let mut quiet = args.to_vec();
    let last = quiet.len() - 1;
    quiet[last] = "b";
    quiet.push("--quiet");
    let o = ok(tmp.path(), &quiet);
    assert_eq!(String::from_utf8_lossy(&o.stderr), "");
    // Quiet changes nothing else: the same results.
    let read = |d: &str| std::fs::read_to_string(tmp.path().join(d).join("summary.csv")).unwrap();
    assert_eq!(read("a"), read("b"));
}

/// Plays `sim run` with `extra` arguments into `out` under `dir`, quietly, with seed 9
/// unless `extra` names one.
fn run_into(dir: &Path, out: &str, extra: &[&str]) {
    let seed = if extra.contains(&"--seed") {
        &[][..]
    } else {
        &["--seed", "9"][..]
    };
    let mut args = vec![
        "--game",
        "grangol",
        "--agents",
        "greedy,random,random",
        "--games",
        "301",
        "--quiet",
        "--out",
        out,
    ];
    args.extend_from_slice(seed);
    args.extend_from_slice(extra);
    ok(dir, &args);
}

/// The files a merge must reproduce exactly: every CSV of a run.
const CSVS: [&str; 5] = [
    "summary.csv",
    "cards.csv",
    "balance.csv",
    "matchups.csv",
    "ratings.csv",
];

#[test]
fn four_shards_merged_equal_one_run_byte_for_byte() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    run_into(dir, "whole", &[]);
    for i in 0..4 {
        run_into(dir, &format!("s{i}"), &["--shard", &format!("{i}/4")]);
        assert!(dir.join(format!("s{i}/shard.json")).exists());
    }
    // Any order of the folders, on one thread or another.
    ok(
        dir,
        &["merge", "s2", "s0", "s3", "s1", "--out", "merged", "-q"],
    );
    for f in CSVS {
        let (a, b) = (
            read(&dir.join("whole").join(f)),
            read(&dir.join("merged").join(f)),
        );
        assert_eq!(a, b, "{f} differs");
    }
    // A shard's own files cover its own games only: 3 matches of 301 games, split in 4.
    let shard_games: u64 = (0..4)
        .map(|i| {
            let run: serde_json::Value =
                serde_json::from_str(&read(&dir.join(format!("s{i}/run.json")))).unwrap();
            run["games"].as_u64().unwrap()
        })
        .sum();
    assert_eq!(shard_games, 3 * 301);
}

#[test]
fn shards_of_a_four_player_round_robin_merge_to_the_whole_run() {
    // Five agents at four seats: five tables; each game counts for six pairs of agents.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let run = |out: &str, extra: &[&str]| {
        let mut args = vec![
            "--game",
            "lastuf",
            "--players",
            "4",
            "--agents",
            "greedy,random,random,random,random",
            "--games",
            "30",
            "--seed",
            "4",
            "-q",
            "--out",
            out,
        ];
        args.extend_from_slice(extra);
        ok(dir, &args);
    };
    run("whole", &[]);
    run("s0", &["--shard", "0/2"]);
    run("s1", &["--shard", "1/2"]);
    ok(dir, &["merge", "s1", "s0", "--out", "merged", "-q"]);
    for f in CSVS {
        let (a, b) = (
            read(&dir.join("whole").join(f)),
            read(&dir.join("merged").join(f)),
        );
        assert_eq!(a, b, "{f} differs");
    }
    let matchups = read(&dir.join("whole/matchups.csv"));
    // 5 agents: 10 pairs, two rows each.
    assert_eq!(matchups.lines().count(), 1 + 20, "{matchups}");
}

#[test]
fn merge_refuses_shards_that_do_not_make_one_run() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    for i in 0..3 {
        run_into(dir, &format!("s{i}"), &["--shard", &format!("{i}/3")]);
    }
    run_into(dir, "other-seed", &["--shard", "2/3", "--seed", "10"]);
    run_into(dir, "other-count", &["--shard", "2/4"]);
    std::fs::create_dir(dir.join("empty")).unwrap();
    std::fs::create_dir(dir.join("garbled")).unwrap();
    let good = read(&dir.join("s2/shard.json"));
    std::fs::write(dir.join("garbled/shard.json"), &good[..good.len() / 2]).unwrap();
    std::fs::create_dir(dir.join("reshaped")).unwrap();
    // Counts of the wrong shape: a seat list one entry short.
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["phases"][0]["tallies"][0]["stats"]["seats"]
        .as_array_mut()
        .unwrap()
        .pop();
    std::fs::write(dir.join("reshaped/shard.json"), v.to_string()).unwrap();
    // One digit changed in a counter, in the seed, or in the format; the JSON stays valid.
    for (name, pointer, message) in EDITS {
        std::fs::create_dir(dir.join(name)).unwrap();
        let text = edit_one_digit(&good, pointer);
        std::fs::write(dir.join(name).join("shard.json"), text).unwrap();
        let args = ["merge", "s0", "s1", name, "--out", "merged"];
        let o = sim(dir, &args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        // A seed edited in one shard differs from the other shards' before any count is
        // read: the merge names the field.
        let (file, message) = match name {
            "reseeded" => (format!("'{name}'"), "its seed differs"),
            _ => (format!("'{name}/shard.json'"), message),
        };
        assert!(
            err.contains(&file) && err.contains(message),
            "{args:?}: {err}"
        );
    }
    // A shard of `sim run` in its own format, before the run became a phase of the
    // journal.
    std::fs::create_dir(dir.join("run-format")).unwrap();
    std::fs::write(
        dir.join("run-format/shard.json"),
        r#"{"format": "sim-shard-3", "version": "0.1.0"}"#,
    )
    .unwrap();
    let cases: [(&[&str], &str); 7] = [
        (
            &["s0", "s1", "run-format"],
            "is a shard file of `sim run` in the format 'sim-shard-3', written by sim 0.1.0",
        ),
        (&["s0", "s1"], "shards missing: 2/3"),
        (&["s0", "s1", "s1", "s2"], "shard 1/3 is given twice"),
        (&["s0", "s1", "other-seed"], "its seed differs"),
        (&["s0", "s1", "other-count"], "its number of shards differs"),
        (&["s0", "s1", "empty"], "'empty' is not a shard folder"),
        (&["s0", "s1", "garbled"], "not a valid shard file"),
    ];
    let before = entries(dir);
    for (dirs, message) in cases.iter().chain(
        [(
            &["s0", "s1", "reshaped"][..],
            "'reshaped/shard.json' does not hold the counts of shard 2/3",
        )]
        .iter(),
    ) {
        let mut args = vec!["merge"];
        args.extend_from_slice(dirs);
        args.extend(["--out", "merged"]);
        let o = sim(dir, &args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(entries(dir), before, "{args:?} wrote something");
    }
    // And --shard with --sprt, or a shard out of range, are argument errors.
    for extra in [
        &["--shard", "3/3"][..],
        &["--shard", "0/0"],
        &["--shard", "1/2", "--sprt", "0,50"],
    ] {
        let mut args = vec![
            "--game",
            "grangol",
            "--agents",
            "greedy,random",
            "--games",
            "10",
        ];
        args.extend_from_slice(extra);
        let o = sim(dir, &args);
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
    }
}

/// One-digit edits of a file read back (`shard.json`, `checkpoint.json`): a name, the
/// JSON pointer of the value whose last digit changes (a count of the tally, or an
/// option: looked up where each file keeps it, see [`edit_one_digit`]), and what the
/// one-line error must say.
const EDITS: [(&str, &str, &str); 5] = [
    (
        "drawn",
        "/tally/balance/drawn_games",
        "balance.drawn_games counts",
    ),
    (
        "seat-games",
        "/tally/stats/seats/0/games",
        "stats.seats (games at seat 0)",
    ),
    (
        "points-sq",
        "/tally/stats/seats/0/half_points_sq",
        "stats.seats (half_points_sq of agent 0 at seat 0) counts",
    ),
    ("reseeded", "/seed", "the content hash does not match"),
    (
        "goals-sq",
        "/tally/balance/goals/sum_sq",
        "the content hash does not match",
    ),
];

/// `text` (JSON) with the last digit of the number at `pointer` changed (`n` to `n ^ 1`,
/// so exactly one digit), still valid JSON. The journal's files keep the tally (`/tally…`)
/// under `/partial/tally` (a checkpoint) or `/phases/0/tallies/0` (a shard file), and the
/// options (`/seed`) under `/command/common`.
fn edit_one_digit(text: &str, pointer: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    let at = match pointer.strip_prefix("/tally") {
        Some(rest) => ["/partial/tally", "/phases/0/tallies/0"]
            .map(|p| format!("{p}{rest}"))
            .into_iter()
            .find(|p| v.pointer(p).is_some())
            .unwrap_or_else(|| panic!("no tally in {text}")),
        None => format!("/command/common{pointer}"),
    };
    let n = v
        .pointer_mut(&at)
        .unwrap_or_else(|| panic!("no value at {pointer}"));
    *n = serde_json::json!(n.as_u64().unwrap() ^ 1);
    serde_json::to_string_pretty(&v).unwrap()
}

/// The temporary folder of the run that would become `dir/out`, once it holds a
/// checkpoint; waits up to a minute.
fn wait_for_checkpoint(dir: &Path, out: &str) -> std::path::PathBuf {
    for _ in 0..600 {
        let found = entries(dir)
            .into_iter()
            .filter(|e| e.starts_with(&format!("{out}.tmp-")))
            .map(|e| dir.join(e))
            .find(|p| p.join("checkpoint.json").is_file());
        if let Some(p) = found {
            return p;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    panic!("no checkpoint of {out} within a minute");
}

#[test]
fn a_killed_or_stopped_run_resumes_to_the_files_of_an_uninterrupted_one() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = |out: &'static str| {
        vec![
            "--game",
            "grangol",
            "--agents",
            "greedy,random",
            // About 3 s on two threads of the 2-core machine (the test build's sim, greedy
            // at opt-level 1): long enough for a checkpoint (after 1 s) to be written
            // while the run is under way, and played three times. Two threads whatever
            // the machine's cores, so that a many-core machine does not finish first.
            "--games",
            "6000",
            "--threads",
            "2",
            "--seed",
            "4",
            "--checkpoint",
            "1",
            "--out",
            out,
        ]
    };
    let mut whole = args("whole");
    whole.push("-q");
    ok(dir, &whole);
    let spawn = |out: &'static str| {
        std::process::Command::new(crate::common::SIM)
            .args(args(out))
            .current_dir(dir)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let same = |out: &str| {
        for f in CSVS {
            let (a, b) = (
                read(&dir.join("whole").join(f)),
                read(&dir.join(out).join(f)),
            );
            assert_eq!(a, b, "{out}/{f} differs from the uninterrupted run");
        }
    };

    // SIGKILL once a checkpoint is written: the temporary folder stays, with it.
    let mut child = spawn("killed");
    let kept = wait_for_checkpoint(dir, "killed");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(kept.join("checkpoint.json").is_file());
    assert!(!dir.join("killed").exists());
    let o = ok(dir, &["resume", "killed", "-q"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("wrote killed/"));
    same("killed");
    assert!(!kept.exists(), "the temporary folder became the run");
    assert!(!dir.join("killed/checkpoint.json").exists());

    // SIGTERM: a last checkpoint, a message saying how to resume, status 130.
    let child = spawn("stopped");
    wait_for_checkpoint(dir, "stopped");
    terminate_with(
        child,
        "checkpoint written. Resume with:\n  sim resume stopped",
    );
    ok(dir, &["resume", "stopped", "-q", "--threads", "1"]);
    same("stopped");

    // Nothing left to resume, or nothing at all: one-line errors.
    for (what, message) in [
        ("stopped", "already exists"),
        ("nothing", "no checkpoint of 'nothing' found"),
    ] {
        let o = sim(dir, &["resume", what]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(message), "{err}");
    }
}

#[test]
fn a_game_past_its_length_bound_is_reported_with_how_to_trace_it() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = [
        "--game",
        "grangol",
        "--agents",
        "random,greedy",
        "--games",
        "6",
        "--seed",
        "3",
        "--set",
        "deck.cards.TIRO=5",
        "--max-actions",
        "60",
        "--out",
        "deep/run",
    ];
    let o = sim(dir, &args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    let line = err
        .lines()
        .find(|l| l.starts_with("sim: error: "))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(line.contains("did not end within 60 actions"), "{line}");
    assert!(line.contains("seed 3"), "{line}");
    assert_eq!(line.matches("action codes: ").count(), 1, "{line}");
    // The trace command in the report shows that very game, with the same rules.
    let (_, trace) = line.split_once("every action of it: ").unwrap();
    let (cmd, grep) = trace.split_once(" | grep ").unwrap();
    assert!(cmd.contains("--set 'deck.cards.TIRO=5'"), "{cmd}");
    let words: Vec<String> = cmd
        .split_whitespace()
        .skip(1)
        .map(|w| w.trim_matches('\'').to_string())
        .collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let traced = ok(dir, &words);
    let wanted = grep.trim_matches('\'');
    let steps = String::from_utf8_lossy(&traced.stdout)
        .lines()
        .filter(|l| l.contains(wanted) && l.contains("\"step\""))
        .count();
    assert!(steps > 60, "the traced game has {steps} steps");
    // Nothing is left behind, not even the folders made for --out.
    assert!(entries(dir).is_empty(), "{:?}", entries(dir));
}

#[test]
fn a_time_budget_that_needs_days_is_warned_about_before_any_game() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("a-file"), "").unwrap();
    // The unwritable --out ends the run before its first game, after the warning.
    let args = [
        "--game",
        "grangol",
        "--agents",
        "mcts(time_ms=2000),greedy",
        "--games",
        "100000",
        "--threads",
        "2",
        "--out",
        "a-file/x",
    ];
    let o = sim(tmp.path(), &args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(
            "sim: warning: mcts(time_ms=2000) takes at least 2000 ms a decision: its 100000 \
             games take at least 1.2 days on 2 threads"
        ),
        "{err}"
    );
    // An iteration budget has no such floor: no warning.
    let args = [
        "--game",
        "grangol",
        "--agents",
        "mcts(iterations=10000),greedy",
        "--games",
        "100000",
        "--out",
        "a-file/x",
    ];
    let err = String::from_utf8_lossy(&sim(tmp.path(), &args).stderr).into_owned();
    assert!(!err.contains("warning"), "{err}");
}

#[test]
fn more_games_than_a_run_can_number_is_a_one_line_error() {
    let tmp = tempfile::tempdir().unwrap();
    let args = [
        "--game",
        "grangol",
        "--agents",
        "random,greedy,mcts",
        "--games",
        "18446744073709551615",
    ];
    let o = sim(tmp.path(), &args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("more games than a run can number"), "{err}");
    assert!(entries(tmp.path()).is_empty());
}

/// Copies the folder `from` to `to` (flat: a run's temporary folder).
fn copy_flat(from: &Path, to: &Path) {
    std::fs::create_dir(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
    }
}

/// Issue 23: a run of 3,000,000 random GRANGOL games, killed once its checkpoint exists,
/// resumes (it was refused as "too many to count"); its checkpoint with one digit changed
/// in a counter, in the seed, in the format, or truncated, is refused with one line that
/// names the file and the field (or says the content hash does not match).
#[test]
fn a_3_000_000_game_run_resumes_and_an_edited_checkpoint_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let big = "--game grangol --agents random,random --games 3000000 --seed 5 --checkpoint 1";
    let mut child = std::process::Command::new(crate::common::SIM)
        .args(big.split(' ').chain(["--quiet", "--out", "big"]))
        .current_dir(dir)
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let kept = wait_for_checkpoint(dir, "big");
    child.kill().unwrap();
    child.wait().unwrap();
    let good = read(&kept.join("checkpoint.json"));

    let edits = EDITS
        .iter()
        .map(|&(name, pointer, message)| (name, edit_one_digit(&good, pointer), message));
    let others = [
        (
            "truncated",
            good[..good.len() / 2].to_string(),
            "is not a valid checkpoint",
        ),
        (
            "old",
            good.replacen("sim-lab-checkpoint-1", "sim-lab-checkpoint-0", 1),
            "written by an older sim",
        ),
        // `sim run`'s own format, before the run became a phase of the journal.
        (
            "run-format",
            r#"{"format": "sim-checkpoint-3", "run": {"version": "0.1.0"}}"#.to_string(),
            "is a checkpoint of `sim run` in the format 'sim-checkpoint-3', written by sim \
             0.1.0",
        ),
    ];
    let before = entries(dir).len();
    for (name, text, message) in edits.chain(others) {
        let copy = dir.join(format!("{name}.tmp-000000"));
        copy_flat(&kept, &copy);
        std::fs::write(copy.join("checkpoint.json"), &text).unwrap();
        let o = sim(dir, &["resume", name]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        let file = format!("{name}.tmp-000000/checkpoint.json'");
        assert!(
            err.contains(&file) && err.contains(message),
            "{name}: {err}"
        );
        assert!(!dir.join(name).exists());
    }
    assert_eq!(entries(dir).len(), before + EDITS.len() + 3);

    // The true checkpoint resumes: it plays on (its checkpoint is written again), and a
    // SIGTERM stops it with the resume command.
    let written = |p: &Path| std::fs::metadata(p).unwrap().modified().unwrap();
    let first = written(&kept.join("checkpoint.json"));
    let resumed = std::process::Command::new(crate::common::SIM)
        .args(["resume", "big", "--checkpoint", "1", "-q"])
        .current_dir(dir)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    for _ in 0..600 {
        if written(&kept.join("checkpoint.json")) != first {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_ne!(
        written(&kept.join("checkpoint.json")),
        first,
        "resume wrote no checkpoint"
    );
    terminate_with(resumed, "of 3000000 games; checkpoint written");
}

/// Sends SIGTERM to `child` (a run playing) and checks that it stops with status 130 and
/// `message` on its standard error.
fn terminate_with(child: std::process::Child, message: &str) {
    let term = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert!(err.contains(message), "{err}");
}

#[test]
fn a_killed_or_stopped_compare_resumes_to_the_files_of_an_uninterrupted_one() {
    // The lab commands share the runner's checkpoints (lab/tests/it/journal.rs checks each
    // of them at a chosen stop); here a real process is killed and signalled.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = |out: &'static str| {
        vec![
            "compare",
            "--game",
            "grangol",
            "--agents",
            "random,random",
            "--games",
            "20000",
            "--seed",
            "4",
            "--variant",
            "tiro8=deck.cards.TIRO=8",
            "--checkpoint",
            "1",
            "-q",
            "--out",
            out,
        ]
    };
    ok(dir, &args("whole"));
    let spawn = |out: &'static str| {
        std::process::Command::new(crate::common::SIM)
            .args(args(out))
            .current_dir(dir)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let mut child = spawn("killed");
    let kept = wait_for_checkpoint(dir, "killed");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(kept.join("checkpoint.json").is_file());
    ok(dir, &["resume", "killed", "-q"]);
    assert_eq!(
        read(&dir.join("whole/compare.csv")),
        read(&dir.join("killed/compare.csv"))
    );
    let child = spawn("stopped");
    wait_for_checkpoint(dir, "stopped");
    terminate_with(
        child,
        "checkpoint written. Resume with:\n  sim resume stopped",
    );
    ok(dir, &["resume", "stopped", "-q", "--threads", "1"]);
    assert_eq!(
        read(&dir.join("whole/compare.csv")),
        read(&dir.join("stopped/compare.csv"))
    );
}
