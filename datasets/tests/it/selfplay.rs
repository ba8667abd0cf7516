//! `sim selfplay` through the library with the Parquet format installed
//! (`datasets::install`): one row per decision with the columns the manifest
//! names, the observation and mask sizes of the game, the seats' returns, the MCTS root
//! visits, and the same bytes whatever the number of threads.

use arrow_array::{
    Array, BooleanArray, Float32Array, Float64Array, ListArray, RecordBatch, StringArray,
    UInt16Array, UInt32Array, UInt64Array, UInt8Array,
};
use engine::core::Observation;
use engine::core::{Action, GameState, Registered};
use lab::infra::games::{self, check_agents};
use lab::infra::options::{GameOptions, OutputOptions, SelfplayOptions};
use lab::infra::play::{Actor, Observer, Player};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use std::path::Path;

/// The options of a dataset, with the Parquet format installed.
fn options(game: &str, agents: &str, games: u64, out: &Path, threads: usize) -> SelfplayOptions {
    datasets::install();
    SelfplayOptions {
        common: GameOptions {
            game: game.into(),
            agents: agents::AgentSpec::parse_list(agents).unwrap(),
            games,
            seed: 11,
            ..GameOptions::default()
        },
        output: OutputOptions {
            threads: Some(threads),
            out: Some(out.to_path_buf()),
            command_line: Vec::new(),
        },
        rows_per_file: 500,
    }
}

/// Every row of the dataset at `dir`, file by file in order.
fn read_all(dir: &Path) -> Vec<RecordBatch> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "parquet"))
        .collect();
    files.sort();
    let mut batches = Vec::new();
    for f in files {
        let reader = ParquetRecordBatchReaderBuilder::try_new(std::fs::File::open(&f).unwrap())
            .unwrap()
            .build()
            .unwrap();
        batches.extend(reader.map(Result::unwrap));
    }
    batches
}

fn col<'a, T: 'static>(b: &'a RecordBatch, name: &str) -> &'a T {
    b.column_by_name(name)
        .unwrap_or_else(|| panic!("column {name}"))
        .as_any()
        .downcast_ref::<T>()
        .unwrap_or_else(|| panic!("type of {name}"))
}

/// Counts the decisions of each game and remembers each game's returns.
#[derive(Default)]
struct Count {
    decisions: u64,
    actions: Vec<(u64, u8, Action)>,
    step: u64,
}

impl<S: GameState> Observer<S> for Count {
    fn before_action(&mut self, _state: &S, actor: Actor, action: Action) {
        if let Actor::Seat(s) = actor {
            self.decisions += 1;
            self.actions.push((self.step, s, action));
        }
        self.step += 1;
    }
}

/// The dataset of `game` under `agents`, checked row by row against the same games
/// played again here (decisions, seats, actions, returns); returns the folder's files.
fn check<R: Registered>(agents: &str, games: u64) -> Vec<(String, Vec<u8>)> {
    let tmp = tempfile::tempdir().unwrap();
    let name = <R as Registered>::NAME;
    let loaded = games::load::<R>(None, &[]).unwrap();
    let mut seen = Vec::new();
    for threads in [1, 3] {
        let out = tmp.path().join(format!("t{threads}"));
        let o = options(name, agents, games, &out, threads);
        let report = lab::commands::selfplay::selfplay(&loaded, &o).unwrap();
        assert_eq!(report.out, out);
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().path())
            .map(|p| {
                let text = p.file_name().unwrap().to_string_lossy().to_string();
                (text, std::fs::read(&p).unwrap())
            })
            .collect();
        files.sort();
        seen.push((out, report, files));
    }
    let (out, report, files) = &seen[0];
    assert_eq!(
        files, &seen[1].2,
        "the same files, byte for byte, on 1 and 3 threads"
    );
    // The games again, with an observer that counts decisions.
    let (specs, schedule) =
        check_agents(&loaded.game, &options(name, agents, games, out, 1).common).unwrap();
    let mut player = Player::new(&loaded.game, &specs, 11);
    let mut expected = Vec::new();
    for index in 0..schedule.total_games() {
        let mut count = Count::default();
        let record = player.play(&schedule.game(index), &mut count).unwrap();
        assert_eq!(count.decisions, record.decisions.iter().sum::<u64>());
        for (step, seat, action) in count.actions {
            expected.push((index, step, seat, action, record.returns[usize::from(seat)]));
        }
    }
    let manifest: serde_json::Value =
        serde_json::from_slice(&files.iter().find(|f| f.0 == "_manifest.json").unwrap().1).unwrap();
    let obs = loaded.game.new_initial_state().observation_size();
    let actions = loaded.game.info().num_distinct_actions;
    assert_eq!(manifest["observation_size"], obs);
    assert_eq!(manifest["num_distinct_actions"], actions);
    assert_eq!(manifest["rows"], expected.len());
    assert_eq!(report.rows, expected.len() as u64);
    let parquet_files = files.iter().filter(|f| f.0.ends_with(".parquet")).count();
    assert_eq!(
        parquet_files,
        expected.len().div_ceil(500),
        "files of 500 rows"
    );
    assert_eq!(manifest["files"].as_array().unwrap().len(), parquet_files);
    let names: Vec<&str> = manifest["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    let mut row = 0;
    let mut searched = 0;
    for b in read_all(out) {
        let schema_names: Vec<String> = b
            .schema()
            .fields()
            .iter()
            .map(|f| f.name().clone())
            .collect();
        assert_eq!(schema_names, names);
        let game = col::<UInt64Array>(&b, "game");
        let step = col::<UInt32Array>(&b, "step");
        let seat = col::<UInt8Array>(&b, "seat");
        let agent = col::<StringArray>(&b, "agent");
        let observation = col::<ListArray>(&b, "observation");
        let legal = col::<ListArray>(&b, "legal");
        let action = col::<UInt16Array>(&b, "action");
        let policy = col::<ListArray>(&b, "policy");
        let ret = col::<Float64Array>(&b, "return");
        for i in 0..b.num_rows() {
            let (g, st, s, a, r) = expected[row];
            assert_eq!(
                (
                    game.value(i),
                    u64::from(step.value(i)),
                    seat.value(i),
                    action.value(i)
                ),
                (g, st, s, a.0),
                "row {row}"
            );
            assert_eq!(ret.value(i), r, "row {row}");
            assert_eq!(observation.value(i).len(), obs);
            let mask = legal.value(i);
            let mask = mask.as_any().downcast_ref::<BooleanArray>().unwrap();
            assert_eq!(mask.len(), actions);
            assert!(
                mask.value(usize::from(a.0)),
                "row {row}: the action is legal"
            );
            let p = policy.value(i);
            let p = p.as_any().downcast_ref::<Float32Array>().unwrap();
            if agent.value(i).starts_with("mcts") && !p.is_empty() {
                assert_eq!(p.len(), actions);
                assert!(p.values().iter().sum::<f32>() > 0.0, "row {row}: visits");
                for (k, &v) in p.values().iter().enumerate() {
                    assert!(
                        v == 0.0 || mask.value(k),
                        "row {row}: visits of illegal {k}"
                    );
                }
                searched += 1;
            } else if !agent.value(i).starts_with("mcts") {
                assert!(p.is_empty(), "row {row}: {} has no visits", agent.value(i));
            }
            row += 1;
        }
    }
    assert_eq!(row, expected.len());
    if agents.contains("mcts") {
        assert!(searched > 0, "some decision of mcts searched");
    }
    files.clone()
}

#[test]
fn crazy_eights_rows_are_the_decisions_with_mcts_visits_whatever_the_threads() {
    lab_games::install();
    check::<engine::crazy_eights::CrazyEights>("mcts(iterations=20),random", 6);
}

#[test]
fn every_game_writes_one_row_per_decision() {
    lab_games::install();
    struct Each;
    impl engine::core::GameVisitor for Each {
        type Output = usize;
        fn visit<R: Registered>(&mut self) -> usize {
            let seats = games::load::<R>(None, &[]).unwrap().game.info().num_seats;
            let agents: Vec<&str> = (0..seats.max(2))
                .map(|s| if s % 2 == 0 { "random" } else { "greedy" })
                .collect();
            check::<R>(&agents.join(","), 2).len()
        }
    }
    let files = engine::core::for_each_game(&mut Each);
    assert!(files.iter().all(|&n| n >= 2), "{files:?}");
}

#[test]
fn a_bad_row_count_or_an_existing_folder_is_an_error_and_leaves_nothing() {
    lab_games::install();
    let tmp = tempfile::tempdir().unwrap();
    let loaded = games::load::<engine::crazy_eights::CrazyEights>(None, &[]).unwrap();
    let out = tmp.path().join("d");
    let mut o = options("crazy_eights", "random,random", 2, &out, 1);
    o.rows_per_file = 0;
    let e = lab::commands::selfplay::selfplay(&loaded, &o).unwrap_err();
    assert!(e.to_string().contains("--rows-per-file"), "{e}");
    assert!(!out.exists());
    std::fs::create_dir(&out).unwrap();
    o.rows_per_file = 10;
    assert!(lab::commands::selfplay::selfplay(&loaded, &o).is_err());
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 0);
}
