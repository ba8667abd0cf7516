//! Helpers of the runner's tests over the test solitaire ([`crate::solitaire`]): a run's
//! options as the command line would give them ([`run_args`]), a whole run
//! ([`whole_run`]) and the files of two runs compared ([`assert_same_counts`]); and the
//! files a test reads back ([`read`], [`entries`], [`csv_rows`], [`num`]), one copy for
//! every crate's tests. Built for this crate's tests and, with the feature `testing`, for
//! its integration tests (`lab/tests/`) and the tests of `sim-cli`.

use crate::solitaire::Solitaire;
use engine_core::Registered;

/// `sim run --game solitaire --agents AGENTS --games GAMES --threads THREADS --out OUT
/// --seed 11 --checkpoint 0`, as the command line would turn it into options.
pub fn run_args(
    agents: &str,
    games: u64,
    threads: usize,
    out: std::path::PathBuf,
) -> crate::infra::options::RunOptions {
    crate::infra::options::RunOptions {
        common: crate::infra::options::GameOptions {
            game: Solitaire::NAME.into(),
            agents: agents::AgentSpec::parse_list(agents).expect("the test's agents"),
            games,
            gauntlet: false,
            no_duplicate: false,
            seed: 11,
            rules: Vec::new(),
            set: Vec::new(),
            players: None,
        },
        sprt: None,
        max_actions: None,
        json: false,
        output: crate::infra::options::OutputOptions::new(Some(threads), Some(out)),
        long: crate::infra::options::LongRunOptions::default(),
    }
}

/// The solitaire with its default rules and a whole run of `agents` (150 games each,
/// seed 11) played into `dir/whole`: what a shard merge or a resumed run must give.
pub fn whole_run(
    agents: &str,
    dir: &std::path::Path,
) -> (crate::infra::games::Loaded<Solitaire>, std::path::PathBuf) {
    let game = crate::infra::games::load::<Solitaire>(None, &[]).unwrap();
    let whole = dir.join("whole");
    crate::commands::run::run(&game, &run_args(agents, 150, 2, whole.clone())).unwrap();
    (game, whole)
}

/// Checks that the run folders `a` and `b` hold the same CSV files of counts.
pub fn assert_same_counts(a: &std::path::Path, b: &std::path::Path) {
    for name in ["summary.csv", "cards.csv", "balance.csv"] {
        let read = |dir: &std::path::Path| std::fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(read(a), read(b), "{name}");
    }
}

/// The text of a file, or a panic naming it.
pub fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The names of the entries of `dir`, sorted.
pub fn entries(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The rows of a CSV file (a run folder's `summary.csv`…) as maps from column name to
/// cell, or a panic naming the file.
pub fn csv_rows(path: &std::path::Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let mut rdr =
        csv::Reader::from_path(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let header = rdr.headers().unwrap().clone();
    rdr.records()
        .map(|r| {
            let r = r.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            header
                .iter()
                .map(String::from)
                .zip(r.iter().map(String::from))
                .collect()
        })
        .collect()
}

/// The number in `row[column]` (a row of [`csv_rows`]), or a panic naming it.
pub fn num(row: &std::collections::BTreeMap<String, String>, column: &str) -> f64 {
    row[column]
        .parse()
        .unwrap_or_else(|_| panic!("{column} = '{}' in {row:?}", row[column]))
}
