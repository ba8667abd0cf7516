//! Golden playthroughs: `sim trace` output for fixed seeds, kept under
//! `tests/playthroughs/<game>/` at the repository root, compared byte for byte.
//!
//! Each case is a pair of files: `<case>.args`, the `sim trace` arguments on one line
//! (whitespace-separated, no quoting), and `<case>.jsonl`, the trace they must print.
//! Every game that `sim games` lists must have at least one case, and every rule set it
//! ships (the last field of its `sim games` line, as `sim rules --list` lists them) a
//! case that plays it (`--rules NAME`, or no `--rules` for `default`), so a new game or
//! rule set brings its own playthroughs and no file here changes.
//!
//! A rule change that changes play makes these fail on purpose. Regenerate them with
//! `UPDATE_PLAYTHROUGHS=1 cargo test -p sim-cli --test it playthroughs::`, then review the
//! diff of the `.jsonl` files like code: every changed line is a changed game.

use std::path::{Path, PathBuf};

use crate::common::{ok, read, registered_games, SIM};

/// `tests/playthroughs/` at the repository root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("tests")
        .join("playthroughs")
}

/// The `.args` files of `game`, sorted.
fn cases(game: &str) -> Vec<PathBuf> {
    let dir = root().join(game);
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| {
            d.map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "args"))
                .collect()
        })
        .unwrap_or_default();
    cases.sort();
    cases
}

#[test]
fn golden_playthroughs_replay_exactly() {
    let update = std::env::var_os("UPDATE_PLAYTHROUGHS").is_some();
    let games = registered_games();
    assert!(games.len() >= 2, "sim games lists {games:?}");
    let mut checked = 0;
    for game in &games {
        let cases = cases(game);
        assert!(
            !cases.is_empty(),
            "no golden playthrough for '{game}': add tests/playthroughs/{game}/<case>.args \
             (sim trace arguments) and run with UPDATE_PLAYTHROUGHS=1"
        );
        for args_file in cases {
            let line = read(&args_file);
            let args: Vec<&str> = line.split_whitespace().collect();
            assert!(
                args.first() == Some(&"trace") && args.windows(2).any(|w| w == ["--game", game]),
                "{}: the arguments must be 'trace --game {game} …'",
                args_file.display()
            );
            let out = ok(Path::new("."), &args);
            let golden = args_file.with_extension("jsonl");
            if update {
                std::fs::write(&golden, &out.stdout).unwrap();
                continue;
            }
            let want = read(&golden);
            let got = String::from_utf8(out.stdout).unwrap();
            if got != want {
                let first = got
                    .lines()
                    .zip(want.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(got.lines().count().min(want.lines().count()));
                panic!(
                    "{} no longer replays: first difference at line {} \
                     ({SIM} {}).\n  got:  {}\n  want: {}\nIf the change is meant, regenerate \
                     with UPDATE_PLAYTHROUGHS=1 and review the diff.",
                    golden.display(),
                    first + 1,
                    args.join(" "),
                    got.lines().nth(first).unwrap_or("<end>"),
                    want.lines().nth(first).unwrap_or("<end>"),
                );
            }
            checked += 1;
        }
    }
    assert!(update || checked >= games.len());
}

/// Each game's shipped rule sets, as the last tab-separated field of its line of `sim
/// games` (the same list `sim rules --list --game GAME` prints).
fn shipped_rule_sets() -> Vec<(String, Vec<String>)> {
    let out = ok(Path::new("."), &["games"]);
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let fields: Vec<&str> = l.split('\t').collect();
            let sets = fields.last().unwrap().split(',').map(str::to_string);
            (fields[0].to_string(), sets.collect())
        })
        .collect()
}

/// The rule set a case plays: the value of its `--rules`, `default` without one.
fn rule_set_of(args: &str) -> String {
    let words: Vec<&str> = args.split_whitespace().collect();
    words
        .windows(2)
        .find(|w| w[0] == "--rules")
        .map_or("default", |w| w[1])
        .to_string()
}

#[test]
fn every_shipped_rule_set_has_a_golden_playthrough() {
    let mut missing = Vec::new();
    for (game, sets) in shipped_rule_sets() {
        assert!(sets.iter().any(|s| s == "default"), "{game}: {sets:?}");
        let played: Vec<String> = cases(&game).iter().map(|c| rule_set_of(&read(c))).collect();
        for set in sets {
            if !played.contains(&set) {
                missing.push(format!("{game} --rules {set}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "shipped rule sets without a golden playthrough (add tests/playthroughs/GAME/<case>.args \
         with --rules NAME and run with UPDATE_PLAYTHROUGHS=1): {missing:?}"
    );
}

#[test]
fn a_case_names_the_rule_set_it_plays() {
    assert_eq!(
        rule_set_of("trace --game g --agents random --seed 1"),
        "default"
    );
    assert_eq!(
        rule_set_of("trace --game g --rules quick --seed 1"),
        "quick"
    );
}
