//! Fuzzing what the `sim` binary reads: `--set` values and rules files (`sim rules` and a
//! tiny `sim run`), and the files `sim merge` (`shard.json`), `sim resume`
//! (`checkpoint.json`) and `sim report` (`run.json` and the CSVs) read back, mutated at
//! the JSON level (a leaf replaced by a huge, negative or odd value, a key removed, an
//! array shortened), at the CSV level (a cell replaced, a line dropped or doubled) and at
//! the byte level (bytes flipped, inserted or removed, the file truncated). Every command
//! must end with status 0 or 2 (never a panic's 101, never a signal), print no
//! "panicked", print its error as `sim: error: …` lines, and write nothing when it fails.
//!
//! `FUZZ_CASES` sets the cases per target (default 64, a few seconds in all for the five
//! targets on two cores); proptest replays the cases of
//! `fuzz.proptest-regressions` beside this file first and never writes that file (a
//! failure prints the line to add; `engine/tests/support/regressions.rs`). The seed corpus
//! `tests/fuzz-corpus/` (`--set` values, rules files, JSON and CSV edits that once were
//! edge cases or findings) is replayed by every run. See `docs/fuzzing.md`.

use crate::regressions;
use proptest::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use crate::common::{entries, SIM};

/// Cases per target: `FUZZ_CASES`, or `default`.
fn cases(default: u32) -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The default number of cases per target in `cargo test`.
const CI_CASES: u32 = 64;

/// A command that takes longer than this is a finding (a hang).
const TIMEOUT_SECONDS: &str = "120";

/// Runs `sim args` in `dir`, killed after [`TIMEOUT_SECONDS`].
fn sim(dir: &Path, args: &[&str]) -> Output {
    Command::new("timeout")
        .args(["-s", "KILL", TIMEOUT_SECONDS, SIM])
        .args(args)
        .current_dir(dir)
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("sim runs")
}

/// Checks how `sim args` ended: status 0, or status 2 with every line of standard error
/// starting with `sim: error: ` (exactly one line when `one_line`); never a panic.
/// Returns whether it succeeded.
fn outcome(out: &Output, args: &[&str], one_line: bool) -> Result<bool, TestCaseError> {
    let err = String::from_utf8_lossy(&out.stderr);
    let what = || format!("sim {args:?}: status {:?}, stderr:\n{err}", out.status);
    if err.contains("panicked") {
        return Err(TestCaseError::fail(format!("panic: {}", what())));
    }
    match out.status.code() {
        Some(0) => Ok(true),
        Some(2) => {
            let lines: Vec<&str> = err.lines().collect();
            if lines.is_empty() || lines.iter().any(|l| !l.starts_with("sim: error: ")) {
                return Err(TestCaseError::fail(format!(
                    "not sim: error lines: {}",
                    what()
                )));
            }
            if one_line && lines.len() != 1 {
                return Err(TestCaseError::fail(format!("not one line: {}", what())));
            }
            Ok(false)
        }
        _ => Err(TestCaseError::fail(format!("bad status: {}", what()))),
    }
}

/// Runs `sim args` in `dir`, checks its [`outcome`] and, when it failed, that `dir` holds
/// the same entries as before. Returns whether it succeeded.
fn run_checked(dir: &Path, args: &[&str], one_line: bool) -> Result<bool, TestCaseError> {
    let before = entries(dir);
    let out = sim(dir, args);
    let ok = outcome(&out, args, one_line)?;
    if !ok {
        let after = entries(dir);
        if after != before {
            return Err(TestCaseError::fail(format!(
                "sim {args:?} failed but wrote something: {before:?} -> {after:?}"
            )));
        }
    }
    Ok(ok)
}

// ---------------------------------------------------------------------------------------
// Rules: --set values and rules files.

/// A registered game's default rules, as the rules targets use them.
struct GameRules {
    /// The game's name (`--game`).
    name: &'static str,
    /// Its default rule set's file, as embedded.
    text: &'static str,
    /// The dotted key of every leaf of the default rules (with `extends` resolved).
    keys: Vec<String>,
    /// The seats of a game on the default rules: one `random` agent each.
    agents: String,
}

/// Every registered game's default rules ([`GameRules`]), GRANGOL first: a game is fuzzed
/// as soon as it is registered.
fn games() -> &'static [GameRules] {
    use engine::core::{embedded_tree, for_each_game, load_embedded, GameVisitor, Registered};
    struct Collect;
    impl GameVisitor for Collect {
        type Output = GameRules;
        fn visit<G: Registered>(&mut self) -> GameRules {
            fn walk(prefix: &str, t: &toml::Table, out: &mut Vec<String>) {
                for (k, v) in t {
                    let key = if k.contains(['.', ' ', '\'']) {
                        format!("{prefix}\"{k}\"")
                    } else {
                        format!("{prefix}{k}")
                    };
                    match v {
                        toml::Value::Table(inner) => walk(&format!("{key}."), inner, out),
                        _ => out.push(key),
                    }
                }
            }
            let mut keys = Vec::new();
            walk("", &embedded_tree::<G>("default").unwrap(), &mut keys);
            let game = load_embedded::<G>("default", |_| {}).unwrap();
            let seats = game.info().num_seats;
            GameRules {
                name: G::NAME,
                text: G::RULES.iter().find(|r| r.name == "default").unwrap().text,
                keys,
                agents: vec!["random"; seats].join(","),
            }
        }
    }
    static GAMES: OnceLock<Vec<GameRules>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let games = for_each_game(&mut Collect);
        assert_eq!(games[0].name, "grangol");
        assert!(games[0].keys.len() > 40, "{:?}", games[0].keys);
        assert!(
            games.iter().all(|g| g.keys.len() > 5),
            "every game has rule keys"
        );
        games
    })
}

/// The [`GameRules`] of the game called `name`.
fn game_rules(name: &str) -> &'static GameRules {
    games()
        .iter()
        .find(|g| g.name == name)
        .unwrap_or_else(|| panic!("no registered game {name}"))
}

/// A registered game (its index in [`games`]).
fn any_game() -> impl Strategy<Value = usize> {
    0..games().len()
}

/// A key of game `g`: one of its default file's, a section of it, or a random one.
fn any_key(g: usize) -> impl Strategy<Value = String> {
    let keys = &games()[g].keys;
    prop_oneof![
        6 => any::<prop::sample::Index>().prop_map(move |i| i.get(keys).clone()),
        1 => any::<prop::sample::Index>().prop_map(move |i| {
            let k = i.get(keys);
            k.rsplit_once('.').map_or(k.clone(), |(s, _)| s.to_string())
        }),
        1 => "[a-z_.\"]{0,24}",
        1 => "\\PC{0,16}",
    ]
}

/// A game and one of its keys ([`any_key`]).
fn any_game_key() -> impl Strategy<Value = (usize, String)> {
    any_game().prop_flat_map(|g| (Just(g), any_key(g)))
}

/// A TOML value as typed after `KEY=`: integers (negative, huge), floats, strings,
/// arrays, booleans, inline tables, or garbage.
fn any_value() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        (-3i64..200).prop_map(|n| n.to_string()),
        Just("18446744073709551616".to_string()),
        Just("99999999999999999999999999".to_string()),
        any::<f64>().prop_map(|f| f.to_string()),
        prop::sample::select(vec!["nan", "inf", "-inf", "1e308", "-0.0", "0.5", "1e-300"])
            .prop_map(String::from),
        "[a-zA-Z' +-]{0,12}".prop_map(|s| format!("\"{s}\"")),
        "[a-z-]{0,12}",
        prop::collection::vec(-2i64..1000, 0..12).prop_map(|v| format!("{v:?}")),
        prop::collection::vec("[a-zA-Z0-9' +]{0,6}", 0..12).prop_map(|v| format!("{v:?}")),
        Just("[[1, 2], [\"x\"]]".to_string()),
        any::<bool>().prop_map(|b| b.to_string()),
        Just("{ a = 1, b = { c = \"d\" } }".to_string()),
        Just("{}".to_string()),
        Just(String::new()),
        "\\PC{0,24}",
    ]
}

/// Runs `sim rules --game GAME EXTRA…` and a two-game `sim run` of `random` agents with
/// the same `extra` arguments in a fresh folder, checking both.
fn rules_and_run(dir: &Path, game: &GameRules, extra: &[&str]) -> Result<(), TestCaseError> {
    let mut args = vec!["rules", "--game", game.name];
    args.extend_from_slice(extra);
    run_checked(dir, &args, false)?;
    let mut args = vec![
        "--game",
        game.name,
        "--agents",
        &game.agents,
        "--games",
        "2",
        "--threads",
        "1",
        "--out",
        "out",
        "-q",
    ];
    args.extend_from_slice(extra);
    run_checked(dir, &args, false)?;
    Ok(())
}

/// `sim … --game GAME --set KEY=VALUE`.
fn check_set(game: &GameRules, key: &str, value: &str) -> Result<(), TestCaseError> {
    let tmp = tempfile::tempdir().unwrap();
    let set = format!("{key}={value}");
    rules_and_run(tmp.path(), game, &["--set", &set])
}

/// One change to a rules file's lines.
#[derive(Clone, Debug)]
enum LineEdit {
    Delete(prop::sample::Index),
    Duplicate(prop::sample::Index),
    Swap(prop::sample::Index, prop::sample::Index),
    /// The value after `=` of a line replaced.
    Value(prop::sample::Index, String),
    /// A line of garbage inserted.
    Insert(prop::sample::Index, String),
    /// The text cut at a fraction (per mille) of its length.
    Truncate(u16),
}

fn line_edit() -> impl Strategy<Value = LineEdit> {
    let i = any::<prop::sample::Index>;
    prop_oneof![
        1 => i().prop_map(LineEdit::Delete),
        1 => i().prop_map(LineEdit::Duplicate),
        1 => (i(), i()).prop_map(|(a, b)| LineEdit::Swap(a, b)),
        4 => (i(), any_value()).prop_map(|(a, v)| LineEdit::Value(a, v)),
        1 => (i(), prop_oneof![any_game_key().prop_map(|(_, k)| format!("{k} = 1")), "\\PC{0,30}"])
            .prop_map(|(a, s)| LineEdit::Insert(a, s)),
        1 => (0u16..1000).prop_map(LineEdit::Truncate),
    ]
}

/// `text` with `edits` applied in order.
fn edit_lines(text: &str, edits: &[LineEdit]) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    for e in edits {
        if lines.is_empty() {
            break;
        }
        match e {
            LineEdit::Delete(i) => {
                lines.remove(i.index(lines.len()));
            }
            LineEdit::Duplicate(i) => {
                let k = i.index(lines.len());
                lines.insert(k, lines[k].clone());
            }
            LineEdit::Swap(a, b) => {
                let (a, b) = (a.index(lines.len()), b.index(lines.len()));
                lines.swap(a, b);
            }
            LineEdit::Value(i, v) => {
                // Among the lines with a value, so that most edits change one.
                let with: Vec<usize> = (0..lines.len())
                    .filter(|&k| lines[k].contains('=') && !lines[k].starts_with('#'))
                    .collect();
                if let Some(&k) = with.get(i.index(with.len().max(1))) {
                    let key = lines[k].split('=').next().unwrap().to_string();
                    lines[k] = format!("{key}= {v}");
                }
            }
            LineEdit::Insert(i, s) => lines.insert(i.index(lines.len() + 1), s.clone()),
            LineEdit::Truncate(per_mille) => {
                let joined = lines.join("\n");
                let mut cut = joined.len() * usize::from(*per_mille) / 1000;
                while !joined.is_char_boundary(cut) {
                    cut -= 1;
                }
                lines = joined[..cut].lines().map(String::from).collect();
            }
        }
    }
    lines.join("\n")
}

/// `sim … --game GAME --rules FILE` with `text` as the file.
fn check_rules_file(game: &GameRules, text: &str) -> Result<(), TestCaseError> {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("mine.toml");
    std::fs::write(&file, text).unwrap();
    // The file lives beside the run: a failed run must leave just it.
    rules_and_run(tmp.path(), game, &["--rules", "mine.toml"])
}

// ---------------------------------------------------------------------------------------
// Files read back: shard.json, checkpoint.json, run.json and the CSVs.

/// The folders every case copies: two shards, a checkpointed run and a finished run.
struct Prepared {
    /// Holds `s0/` and `s1/` (`--shard 0/2` and `1/2`), `r.tmp-*/` (a killed run with
    /// its checkpoint) and `run/` (a finished three-agent round robin).
    dir: tempfile::TempDir,
    /// The name of the checkpointed run's temporary folder.
    checkpoint: String,
}

/// The prepared folders, made once per test process.
fn prepared() -> &'static Prepared {
    static PREPARED: OnceLock<Prepared> = OnceLock::new();
    PREPARED.get_or_init(|| {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        for i in 0..2 {
            let (out, shard) = (format!("s{i}"), format!("{i}/2"));
            let args = [
                "--game",
                "grangol",
                "--agents",
                "greedy,random",
                "--games",
                "10",
                "--seed",
                "5",
                "--shard",
                &shard,
                "--out",
                &out,
                "-q",
            ];
            assert!(sim(dir, &args).status.success());
        }
        let args = [
            "--game",
            "grangol",
            "--agents",
            "greedy,random,random",
            "--games",
            "6",
            "--seed",
            "6",
            "--out",
            "run",
            "-q",
        ];
        assert!(sim(dir, &args).status.success());
        std::fs::remove_file(dir.join("run/report.html")).unwrap();
        let checkpoint = killed_with_checkpoint(dir);
        Prepared {
            dir: tmp,
            checkpoint,
        }
    })
}

/// Starts a run into `dir/r`, stops it with SIGTERM as soon as it has started (it writes
/// a last checkpoint and keeps its temporary folder) and returns that folder's name. A
/// run that ends before the signal is tried again with more games; resuming takes a
/// moment.
fn killed_with_checkpoint(dir: &Path) -> String {
    for games in ["4000", "40000", "400000"] {
        let child = Command::new(SIM)
            .args([
                "--game",
                "grangol",
                "--agents",
                "random,random",
                "--games",
                games,
                "--threads",
                "1",
                "--seed",
                "7",
                "--out",
                "r",
                "-q",
            ])
            .current_dir(dir)
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let tmp = || entries(dir).into_iter().find(|e| e.starts_with("r.tmp-"));
        for _ in 0..1000 {
            if tmp().is_some() || dir.join("r").exists() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        // The signal handler is installed just after the folder is made.
        std::thread::sleep(std::time::Duration::from_millis(20));
        Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap();
        child.wait_with_output().unwrap();
        let kept = entries(dir)
            .into_iter()
            .find(|e| e.starts_with("r.tmp-") && dir.join(e).join("checkpoint.json").is_file());
        if let Some(name) = kept {
            return name;
        }
        for e in entries(dir)
            .into_iter()
            .filter(|e| e == "r" || e.starts_with("r.tmp-"))
        {
            std::fs::remove_dir_all(dir.join(e)).unwrap();
        }
    }
    panic!("could not stop a run with a checkpoint");
}

/// Copies the folder `from` into `to`, recursively.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

/// A JSON value to put in place of a leaf.
fn any_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::from(u64::MAX)),
        Just(Value::from(u64::MAX - 1)),
        Just(Value::from(u64::MAX / 2 + 1)),
        Just(Value::from(i64::MIN)),
        any::<u64>().prop_map(Value::from),
        (-1000i64..1000).prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        Just(serde_json::json!(1e300)),
        Just(serde_json::json!(-0.5)),
        "[a-z0-9 ]{0,8}".prop_map(Value::from),
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        Just(serde_json::json!([])),
        Just(serde_json::json!([1, 2, 3])),
        Just(serde_json::json!({})),
    ]
}

/// One change to a JSON tree.
#[derive(Clone, Debug)]
enum JsonEdit {
    /// A node (a number, most of the time) replaced by a value.
    Replace(prop::sample::Index, bool, Value),
    /// A node removed from its object or array.
    Remove(prop::sample::Index),
    /// An array cut to a fraction (per mille) of its length.
    Shorten(prop::sample::Index, u16),
}

fn json_edit() -> impl Strategy<Value = JsonEdit> {
    let i = any::<prop::sample::Index>;
    prop_oneof![
        6 => (i(), any::<bool>(), any_json()).prop_map(|(a, n, v)| JsonEdit::Replace(a, n, v)),
        1 => i().prop_map(JsonEdit::Remove),
        1 => (i(), 0u16..1000).prop_map(|(a, f)| JsonEdit::Shorten(a, f)),
    ]
}

/// The JSON pointers of every node of `v` under `at` (the root excluded).
fn pointers(v: &Value, at: &str, out: &mut Vec<String>) {
    let children: Vec<(String, &Value)> = match v {
        Value::Object(m) => m
            .iter()
            .map(|(k, c)| (k.replace('~', "~0").replace('/', "~1"), c))
            .collect(),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .map(|(i, c)| (i.to_string(), c))
            .collect(),
        _ => return,
    };
    for (k, c) in children {
        let p = format!("{at}/{k}");
        out.push(p.clone());
        pointers(c, &p, out);
    }
}

/// `tree` with `edit` applied.
fn edit_json(tree: &mut Value, edit: &JsonEdit) {
    let mut all = Vec::new();
    pointers(tree, "", &mut all);
    if all.is_empty() {
        return;
    }
    match edit {
        JsonEdit::Replace(i, numbers, v) => {
            let numbers_only: Vec<String> = all
                .iter()
                .filter(|p| tree.pointer(p).is_some_and(Value::is_number))
                .cloned()
                .collect();
            let pool = if *numbers && !numbers_only.is_empty() {
                &numbers_only
            } else {
                &all
            };
            *tree.pointer_mut(i.get::<String>(pool)).unwrap() = v.clone();
        }
        JsonEdit::Remove(i) => {
            let p = i.get::<String>(&all);
            let (parent, last) = p.rsplit_once('/').unwrap();
            match tree.pointer_mut(parent) {
                Some(Value::Object(m)) => {
                    m.remove(&last.replace("~1", "/").replace("~0", "~"));
                }
                Some(Value::Array(a)) => {
                    a.remove(last.parse::<usize>().unwrap());
                }
                _ => {}
            }
        }
        JsonEdit::Shorten(i, per_mille) => {
            let arrays: Vec<String> = all
                .iter()
                .filter(|p| tree.pointer(p).is_some_and(Value::is_array))
                .cloned()
                .collect();
            if !arrays.is_empty() {
                if let Some(Value::Array(a)) = tree.pointer_mut(i.get::<String>(&arrays)) {
                    a.truncate(a.len() * usize::from(*per_mille) / 1000);
                }
            }
        }
    }
}

/// One change to a file's bytes.
#[derive(Clone, Debug)]
enum ByteEdit {
    Flip(prop::sample::Index, u8),
    Insert(prop::sample::Index, u8),
    Delete(prop::sample::Index),
    Truncate(u16),
}

fn byte_edit() -> impl Strategy<Value = ByteEdit> {
    let i = any::<prop::sample::Index>;
    prop_oneof![
        3 => (i(), 1u8..=255).prop_map(|(a, b)| ByteEdit::Flip(a, b)),
        1 => (i(), any::<u8>()).prop_map(|(a, b)| ByteEdit::Insert(a, b)),
        1 => i().prop_map(ByteEdit::Delete),
        1 => (0u16..1000).prop_map(ByteEdit::Truncate),
    ]
}

/// `bytes` with `edit` applied.
fn edit_bytes(bytes: &mut Vec<u8>, edit: &ByteEdit) {
    if bytes.is_empty() {
        return;
    }
    match edit {
        ByteEdit::Flip(i, x) => {
            let k = i.index(bytes.len());
            bytes[k] ^= x;
        }
        ByteEdit::Insert(i, b) => bytes.insert(i.index(bytes.len() + 1), *b),
        ByteEdit::Delete(i) => {
            bytes.remove(i.index(bytes.len()));
        }
        ByteEdit::Truncate(per_mille) => {
            bytes.truncate(bytes.len() * usize::from(*per_mille) / 1000)
        }
    }
}

/// One change to a CSV file: a cell replaced, a line removed or doubled.
#[derive(Clone, Debug)]
enum CsvEdit {
    Cell(prop::sample::Index, prop::sample::Index, String),
    DropLine(prop::sample::Index),
    DoubleLine(prop::sample::Index),
}

fn csv_edit() -> impl Strategy<Value = CsvEdit> {
    let i = any::<prop::sample::Index>;
    let cell = prop_oneof![
        prop::sample::select(vec![
            "",
            "0",
            "-1",
            "18446744073709551615",
            "18446744073709551616",
            "1e400",
            "NaN",
            "inf",
            "-inf",
            "-0.5",
            "2.5",
            "abc",
            "\"",
            "all",
            "0,1",
        ])
        .prop_map(String::from),
        any::<u64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|f| f.to_string()),
    ];
    prop_oneof![
        6 => (i(), i(), cell).prop_map(|(l, c, v)| CsvEdit::Cell(l, c, v)),
        1 => i().prop_map(CsvEdit::DropLine),
        1 => i().prop_map(CsvEdit::DoubleLine),
    ]
}

/// `text` (a CSV file without quoted commas) with `edit` applied.
fn edit_csv(text: &str, edit: &CsvEdit) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    if lines.is_empty() {
        return text.to_string();
    }
    match edit {
        CsvEdit::Cell(l, c, v) => {
            let k = l.index(lines.len());
            let mut cells: Vec<String> = lines[k].split(',').map(String::from).collect();
            let j = c.index(cells.len());
            cells[j] = v.clone();
            lines[k] = cells.join(",");
        }
        CsvEdit::DropLine(l) => {
            lines.remove(l.index(lines.len()));
        }
        CsvEdit::DoubleLine(l) => {
            let k = l.index(lines.len());
            lines.insert(k, lines[k].clone());
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// How a case mutates one file.
#[derive(Clone, Debug)]
enum Mutation {
    Json(Vec<JsonEdit>),
    Csv(Vec<CsvEdit>),
    Bytes(Vec<ByteEdit>),
}

fn json_mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => prop::collection::vec(json_edit(), 1..4).prop_map(Mutation::Json),
        1 => prop::collection::vec(byte_edit(), 1..4).prop_map(Mutation::Bytes),
    ]
}

fn csv_mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => prop::collection::vec(csv_edit(), 1..4).prop_map(Mutation::Csv),
        1 => prop::collection::vec(byte_edit(), 1..4).prop_map(Mutation::Bytes),
    ]
}

/// Applies `m` to the file `path`.
fn mutate(path: &Path, m: &Mutation) {
    let bytes = std::fs::read(path).unwrap();
    let out = match m {
        Mutation::Json(edits) => {
            let mut tree: Value = serde_json::from_slice(&bytes).unwrap();
            for e in edits {
                edit_json(&mut tree, e);
            }
            serde_json::to_vec_pretty(&tree).unwrap()
        }
        Mutation::Csv(edits) => {
            let mut text = String::from_utf8(bytes).unwrap();
            for e in edits {
                text = edit_csv(&text, e);
            }
            text.into_bytes()
        }
        Mutation::Bytes(edits) => {
            let mut bytes = bytes;
            for e in edits {
                edit_bytes(&mut bytes, e);
            }
            bytes
        }
    };
    std::fs::write(path, out).unwrap();
}

/// `sim merge s0 s1` after `m` changed shard `which`'s `shard.json`.
fn check_merge(which: usize, m: &Mutation) -> Result<(), TestCaseError> {
    let tmp = tempfile::tempdir().unwrap();
    for s in ["s0", "s1"] {
        copy_dir(&prepared().dir.path().join(s), &tmp.path().join(s));
    }
    mutate(&tmp.path().join(format!("s{which}/shard.json")), m);
    run_checked(tmp.path(), &["merge", "s0", "s1", "--out", "m", "-q"], true)?;
    Ok(())
}

/// `sim resume r` after `m` changed the checkpoint.
fn check_resume(m: &Mutation) -> Result<(), TestCaseError> {
    let tmp = tempfile::tempdir().unwrap();
    let p = prepared();
    let folder = tmp.path().join(&p.checkpoint);
    copy_dir(&p.dir.path().join(&p.checkpoint), &folder);
    mutate(&folder.join("checkpoint.json"), m);
    let ok = run_checked(tmp.path(), &["resume", "r", "-q", "--threads", "2"], true)?;
    if ok && !tmp.path().join("r/summary.csv").is_file() {
        return Err(TestCaseError::fail("resume succeeded without writing r/"));
    }
    Ok(())
}

/// The files `sim report` reads.
const REPORT_FILES: [&str; 6] = [
    "run.json",
    "summary.csv",
    "cards.csv",
    "balance.csv",
    "matchups.csv",
    "ratings.csv",
];

/// `sim report run` after `m` changed `file`; a failed report leaves the folder as it was.
fn check_report(file: &str, m: &Mutation) -> Result<(), TestCaseError> {
    let tmp = tempfile::tempdir().unwrap();
    let run = tmp.path().join("run");
    copy_dir(&prepared().dir.path().join("run"), &run);
    mutate(&run.join(file), m);
    let before = entries(&run);
    let out = sim(tmp.path(), &["report", "run"]);
    let ok = outcome(&out, &["report", "run", file], true)?;
    if !ok && entries(&run) != before {
        return Err(TestCaseError::fail(format!(
            "a failed report wrote into the run folder: {:?}",
            entries(&run)
        )));
    }
    Ok(())
}

proptest! {
    #![proptest_config(regressions::config(cases(CI_CASES)))]

    #[test]
    fn set_values((g, key) in any_game_key(), value in any_value()) {
        check_set(&games()[g], &key, &value)?;
    }

    #[test]
    fn rules_files(g in any_game(), edits in prop::collection::vec(line_edit(), 1..5)) {
        let game = &games()[g];
        check_rules_file(game, &edit_lines(game.text, &edits))?;
    }

    #[test]
    fn merge_inputs(which in 0usize..2, m in json_mutation()) {
        check_merge(which, &m)?;
    }

    #[test]
    fn resume_inputs(m in json_mutation()) {
        check_resume(&m)?;
    }

    #[test]
    fn report_inputs(file in 0usize..6, json in json_mutation(), csv in csv_mutation()) {
        let name = REPORT_FILES[file];
        check_report(name, if name.ends_with(".json") { &json } else { &csv })?;
    }
}

// ---------------------------------------------------------------------------------------
// The seed corpus, replayed by every run.

/// The corpus folder.
fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/fuzz-corpus")
}

/// Every `KEY=VALUE` line of `fuzz-corpus/set-values.txt` (blank lines and `#` comments
/// skipped), as `--set` to `sim rules` and to a tiny run.
#[test]
fn corpus_set_values() {
    let text = std::fs::read_to_string(corpus().join("set-values.txt")).unwrap();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        // `GAME KEY=VALUE`, or `KEY=VALUE` for GRANGOL.
        let (game, set) = match line.split_once(' ') {
            Some((game, set)) if games().iter().any(|g| g.name == game) => (game_rules(game), set),
            _ => (game_rules("grangol"), line),
        };
        let (key, value) = set.split_once('=').unwrap();
        check_set(game, key, value).unwrap_or_else(|e| panic!("--set {line}: {e}"));
    }
}

/// Every file of `fuzz-corpus/rules/`, as `--rules FILE`.
#[test]
fn corpus_rules_files() {
    for e in std::fs::read_dir(corpus().join("rules")).unwrap() {
        let path = e.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        // `GAME-NAME.toml` is a file of that game's rules; the others are GRANGOL's.
        let name = path.file_stem().unwrap().to_string_lossy();
        let game = games()
            .iter()
            .find(|g| name.starts_with(&format!("{}-", g.name)))
            .unwrap_or_else(|| game_rules("grangol"));
        check_rules_file(game, &text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// Every line `FILE POINTER VALUE` of `fuzz-corpus/json-edits.txt`: the node at the JSON
/// pointer of `shard.json` (for merge: shard 0's), `checkpoint.json` (resume) or
/// `run.json` (report) set to the JSON value, or removed when the value is `REMOVE`.
#[test]
fn corpus_json_edits() {
    let text = std::fs::read_to_string(corpus().join("json-edits.txt")).unwrap();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let mut parts = line.splitn(3, ' ');
        let (file, pointer, value) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let edit = match value {
            "REMOVE" => {
                let (parent, last) = pointer.rsplit_once('/').unwrap();
                Box::new(move |tree: &mut Value| match tree.pointer_mut(parent) {
                    Some(Value::Object(m)) => {
                        m.remove(last).unwrap();
                    }
                    Some(Value::Array(a)) => {
                        a.remove(last.parse::<usize>().unwrap());
                    }
                    _ => panic!("{line}: no parent"),
                }) as Box<dyn Fn(&mut Value)>
            }
            v => {
                let v: Value = serde_json::from_str(v).unwrap();
                Box::new(move |tree: &mut Value| {
                    *tree
                        .pointer_mut(pointer)
                        .unwrap_or_else(|| panic!("{line}: no node")) = v.clone();
                })
            }
        };
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let p = prepared();
        let (path, args): (PathBuf, Vec<&str>) = match file {
            "shard.json" => {
                for s in ["s0", "s1"] {
                    copy_dir(&p.dir.path().join(s), &dir.join(s));
                }
                (
                    dir.join("s0/shard.json"),
                    vec!["merge", "s0", "s1", "--out", "m", "-q"],
                )
            }
            "checkpoint.json" => {
                copy_dir(&p.dir.path().join(&p.checkpoint), &dir.join(&p.checkpoint));
                (
                    dir.join(&p.checkpoint).join(file),
                    vec!["resume", "r", "-q"],
                )
            }
            "run.json" => {
                copy_dir(&p.dir.path().join("run"), &dir.join("run"));
                (dir.join("run/run.json"), vec!["report", "run"])
            }
            _ => panic!("{line}: unknown file"),
        };
        let mut tree: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        edit(&mut tree);
        std::fs::write(&path, serde_json::to_vec(&tree).unwrap()).unwrap();
        let out = sim(dir, &args);
        outcome(&out, &args, true).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}

/// Every line `FILE LINE COLUMN VALUE` of `fuzz-corpus/csv-edits.txt`: the cell of the
/// finished run's CSV file at that line and column set to the value, then `sim report`.
#[test]
fn corpus_csv_edits() {
    let text = std::fs::read_to_string(corpus().join("csv-edits.txt")).unwrap();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let parts: Vec<&str> = line.splitn(4, ' ').collect();
        let (file, at, column, value) = (parts[0], parts[1], parts[2], parts[3]);
        let tmp = tempfile::tempdir().unwrap();
        let run = tmp.path().join("run");
        copy_dir(&prepared().dir.path().join("run"), &run);
        let path = run.join(file);
        let mut lines: Vec<String> = std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .map(String::from)
            .collect();
        let column = lines[0]
            .split(',')
            .position(|c| c == column)
            .unwrap_or_else(|| panic!("{line}: no column"));
        let k = at.parse::<usize>().unwrap() - 1;
        let mut cells: Vec<String> = lines[k].split(',').map(String::from).collect();
        cells[column] = value.to_string();
        lines[k] = cells.join(",");
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        let args = ["report", "run"];
        let out = sim(tmp.path(), &args);
        outcome(&out, &args, true).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}
