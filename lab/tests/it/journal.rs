//! The long lab commands (run, compare, sweep, tune, card-value) stopped and resumed, and run
//! as four shards and merged, give the files of one uninterrupted run byte for byte
//! (issue 26: one runner, with checkpoints and shards for every long command).
//!
//! The stop is [`Journal::halt_after`]: what Ctrl-C does (a last checkpoint, then
//! `Stopped`), at a chosen chunk, without a signal that would stop every test of the
//! process. `sim-cli/tests/it/long_runs.rs` kills a real `sim compare` with SIGKILL.

use lab::commands::LabCommand;
use lab::infra::options::{
    CardValueOptions, CompareOptions, GameOptions, LabStatsOptions, LongRunOptions, MergeOptions,
    OutputOptions, ResumeOptions, RunOptions, Shard, SweepOptions, TuneOptions,
};
use std::path::{Path, PathBuf};

/// GRANGOL, greedy against random, `games` games on seed 5.
fn game(games: u64) -> GameOptions {
    GameOptions {
        game: "grangol".into(),
        agents: vec![
            agents::AgentSpec::named("greedy"),
            agents::AgentSpec::named("random"),
        ],
        games,
        seed: 5,
        ..GameOptions::default()
    }
}

fn output(out: &Path) -> OutputOptions {
    OutputOptions {
        threads: Some(2),
        out: Some(out.to_path_buf()),
        command_line: Vec::new(),
    }
}

/// The command `command` writing into `out`, with `long`.
fn at(command: &LabCommand, out: &Path, long: LongRunOptions) -> LabCommand {
    command
        .clone()
        .with_output(Some(out.to_path_buf()), Some(2), long)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs `command` whole into `dir/whole`, and stopped after `halt` chunks (as by
/// Ctrl-C: the temporary folder keeps the checkpoint) and resumed into `dir/stopped`;
/// returns the two folders.
fn whole_and_stopped(command: &LabCommand, dir: &Path, halt: u64) -> (PathBuf, PathBuf) {
    let every = LongRunOptions {
        shard: None,
        checkpoint: 1,
    };
    let whole = dir.join("whole");
    let c = at(command, &whole, every);
    c.run(&c.journal(Some(2), every)).unwrap();

    // Stopped as by Ctrl-C: the temporary folder keeps the checkpoint, no output yet.
    let stopped = dir.join("stopped");
    let c = at(command, &stopped, every);
    let e = c
        .run(&c.journal(Some(1), every).halt_after(halt))
        .unwrap_err();
    assert!(matches!(e, lab::Error::Stopped(_)), "{e}");
    assert!(e.to_string().contains("sim resume"), "{e}");
    assert!(!stopped.exists());
    let kept: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("checkpoint.json").is_file())
        .collect();
    assert_eq!(kept.len(), 1, "one temporary folder with its checkpoint");
    // The checkpoint holds the chunks played before the stop: `halt` of them, in the
    // phases finished and the one under way.
    let checkpoint: serde_json::Value =
        serde_json::from_str(&read(&kept[0].join("checkpoint.json"))).unwrap();
    let phases = checkpoint["phases"].as_array().unwrap().len();
    let done = checkpoint["partial"]["done"].as_array().map_or(0, Vec::len);
    assert!(phases + done > 0, "an empty checkpoint: {checkpoint}");
    lab::resume(&ResumeOptions {
        dir: stopped.clone(),
        threads: Some(2),
        checkpoint: 1,
        command_line: Vec::new(),
    })
    .unwrap();
    assert!(!stopped.join("checkpoint.json").exists());
    assert!(!kept[0].exists(), "the temporary folder became the output");

    (whole, stopped)
}

/// Runs `command` whole, stopped after `halt` chunks and resumed, and as four shards
/// merged, in a temporary folder; checks that `files` are the same in all three.
fn whole_stopped_and_sharded(command: LabCommand, halt: u64, files: &[&str]) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let (whole, stopped) = whole_and_stopped(&command, dir, halt);
    // Four shards, merged in another order.
    let mut shards = Vec::new();
    for index in 0..4 {
        let out = dir.join(format!("shard{index}"));
        let long = LongRunOptions {
            shard: Some(Shard { index, count: 4 }),
            checkpoint: 0,
        };
        let c = at(&command, &out, long);
        c.run(&c.journal(Some(2), long)).unwrap();
        assert!(out.join("shard.json").is_file());
        shards.push(out);
    }
    shards.reverse();
    let merged = dir.join("merged");
    lab::merge(&MergeOptions {
        dirs: shards,
        out: Some(merged.clone()),
        command_line: Vec::new(),
    })
    .unwrap();

    for f in files {
        let expected = read(&whole.join(f));
        assert_eq!(read(&stopped.join(f)), expected, "{f}: stopped and resumed");
        assert_eq!(read(&merged.join(f)), expected, "{f}: four shards merged");
    }
}

/// `sim run` is a long command of the journal too (issue 40: one persistence format):
/// stopped and resumed, or played as four shards and merged, it writes the files of one
/// uninterrupted run.
#[test]
fn run_stopped_or_sharded_writes_the_files_of_one_run() {
    lab_games::install();
    let command = LabCommand::Run(RunOptions {
        common: game(800),
        sprt: None,
        max_actions: None,
        json: false,
        output: OutputOptions::default(),
        long: LongRunOptions::default(),
    });
    whole_stopped_and_sharded(
        command,
        60,
        &[
            "summary.csv",
            "cards.csv",
            "balance.csv",
            "matchups.csv",
            "ratings.csv",
        ],
    );
}

#[test]
fn compare_stopped_or_sharded_writes_the_files_of_one_run() {
    lab_games::install();
    let command = LabCommand::Compare(CompareOptions {
        common: game(600),
        variants: vec!["tiro8=deck.cards.TIRO=8".into()],
        stats: LabStatsOptions::default(),
        output: OutputOptions::default(),
        long: LongRunOptions::default(),
    });
    whole_stopped_and_sharded(command, 40, &["compare.csv"]);
}

#[test]
fn sweep_stopped_or_sharded_writes_the_files_of_one_run() {
    lab_games::install();
    let command = LabCommand::Sweep(SweepOptions {
        common: game(400),
        vary: vec!["deck.cards.TIRO=5..7".into()],
        stats: LabStatsOptions::default(),
        output: OutputOptions::default(),
        long: LongRunOptions::default(),
    });
    whole_stopped_and_sharded(command, 100, &["sweep.csv"]);
}

#[test]
fn tune_stopped_in_its_search_or_sharded_writes_the_files_of_one_run() {
    lab_games::install();
    let command = LabCommand::Tune(TuneOptions {
        common: game(400),
        vary: vec!["deck.cards.TIRO=5..8".into()],
        targets: vec!["mean_goals=3".into()],
        eval_games: Some(40),
        finalists: 2,
        output: OutputOptions::default(),
        long: LongRunOptions::default(),
    });
    // 7 evaluations of 20 groups (one chunk of one group each): the stop falls in the
    // search, so resume replays finished evaluations and plays the rest.
    whole_stopped_and_sharded(command, 70, &["tune.csv", "tune_results.csv", "best.toml"]);
}

#[test]
fn tune_stopped_in_its_final_resumes_to_the_same_files() {
    lab_games::install();
    let command = LabCommand::Tune(TuneOptions {
        common: game(300),
        vary: vec!["deck.cards.TIRO=5..8".into()],
        targets: vec!["mean_goals=3".into()],
        eval_games: Some(40),
        finalists: 1,
        output: OutputOptions::default(),
        long: LongRunOptions::default(),
    });
    // 5 evaluations of 20 chunks: the stop falls 10 chunks into the final.
    whole_stopped_and_sharded(command, 110, &["tune.csv", "tune_results.csv", "best.toml"]);
}

#[test]
fn card_value_stopped_or_sharded_writes_the_files_of_one_run() {
    lab_games::install();
    let command = LabCommand::CardValue(CardValueOptions {
        common: game(600),
        card: Some("TIRO,PASSAGGIO".into()),
        copies: 2,
        resolution: None,
        output: OutputOptions::default(),
        long: LongRunOptions::default(),
    });
    whole_stopped_and_sharded(command, 60, &["card_value.csv", "card_value_by_agent.csv"]);
}

/// `--resolution` plays rounds that depend on each other (phases `round-1`, …): stopped
/// within them and resumed, it writes the files of one run.
#[test]
fn card_value_with_a_resolution_stopped_resumes_to_the_same_files() {
    lab_games::install();
    let command = LabCommand::CardValue(CardValueOptions {
        common: game(640),
        card: Some("TIRO,PASSAGGIO,LANCIO".into()),
        copies: 1,
        // Far finer than 640 games resolve: every card stays open to the cap.
        resolution: Some(1e-6),
        output: OutputOptions::default(),
        long: LongRunOptions::default(),
    });
    let tmp = tempfile::tempdir().unwrap();
    let (whole, stopped) = whole_and_stopped(&command, tmp.path(), 30);
    for f in ["card_value.csv", "card_groups.csv"] {
        assert_eq!(read(&stopped.join(f)), read(&whole.join(f)), "{f}");
    }
    let json = read(&whole.join("run.json"));
    assert!(json.contains("\"looks\": 5"), "{json}");
}

#[test]
fn merge_refuses_shards_of_different_commands_or_a_missing_shard() {
    lab_games::install();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let compare = |games: u64, index: u64, name: &str| {
        let out = dir.join(name);
        let long = LongRunOptions {
            shard: Some(Shard { index, count: 2 }),
            checkpoint: 0,
        };
        let c = LabCommand::Compare(CompareOptions {
            common: game(games),
            variants: vec!["tiro8=deck.cards.TIRO=8".into()],
            stats: LabStatsOptions::default(),
            output: output(&out),
            long,
        });
        c.run(&c.journal(Some(2), long)).unwrap();
        out
    };
    let a0 = compare(40, 0, "a0");
    let a1 = compare(40, 1, "a1");
    let b1 = compare(60, 1, "b1");
    let merge = |dirs: Vec<PathBuf>| {
        lab::merge(&MergeOptions {
            dirs,
            out: Some(dir.join("merged")),
            command_line: Vec::new(),
        })
        .unwrap_err()
        .to_string()
    };
    let e = merge(vec![a0.clone(), b1]);
    assert!(
        e.contains("is not a shard of the same run as") && e.contains("its games differs"),
        "{e}"
    );
    let e = merge(vec![a0.clone()]);
    assert!(e.contains("shards missing: 1/2"), "{e}");
    let e = merge(vec![a0.clone(), a0.clone()]);
    assert!(e.contains("given twice"), "{e}");
    // An option edited in one shard file: the merge names it.
    let path = a1.join("shard.json");
    let text = read(&path);
    let mut tree: serde_json::Value = serde_json::from_str(&text).unwrap();
    tree["command"]["common"]["seed"] = serde_json::json!(6);
    std::fs::write(&path, tree.to_string()).unwrap();
    let e = merge(vec![a0.clone(), a1.clone()]);
    assert!(e.contains("its seed differs"), "{e}");
    // An edited field that nothing else checks is refused by the content hash.
    let mut tree: serde_json::Value = serde_json::from_str(&text).unwrap();
    tree["elapsed_seconds"] = serde_json::json!(12345.5);
    std::fs::write(&path, tree.to_string()).unwrap();
    let e = merge(vec![a0, a1]);
    assert!(e.contains("content hash"), "{e}");
    assert!(!dir.join("merged").exists());
}
