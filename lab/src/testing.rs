//! Helpers of the runner's tests over the test solitaire ([`crate::solitaire`]): a run's
//! options as the command line would give them ([`run_args`]), a whole run
//! ([`whole_run`]) and the files of two runs compared ([`assert_same_counts`]). Built for
//! this crate's tests and, with the feature `testing`, for the tests of `sim-cli`.

use crate::solitaire::Solitaire;
use engine::core::Registered;

/// `sim run --game solitaire --agents AGENTS --games GAMES --threads THREADS --out OUT
/// --seed 11 --checkpoint 0`, as the command line would turn it into options.
pub fn run_args(
    agents: &str,
    games: u64,
    threads: usize,
    out: std::path::PathBuf,
) -> crate::options::RunOptions {
    crate::options::RunOptions {
        common: crate::options::GameOptions {
            game: Solitaire::NAME.into(),
            agents: agents.split(',').map(String::from).collect(),
            games,
            gauntlet: false,
            no_duplicate: false,
            seed: 11,
            rules: Vec::new(),
            set: Vec::new(),
            players: None,
        },
        threads: Some(threads),
        out: Some(out),
        sprt: None,
        shard: None,
        checkpoint: 0,
        max_actions: None,
        json: false,
    }
}

/// The solitaire with its default rules and a whole run of `agents` (150 games each,
/// seed 11) played into `dir/whole`: what a shard merge or a resumed run must give.
pub fn whole_run(
    agents: &str,
    dir: &std::path::Path,
) -> (crate::games::Loaded<Solitaire>, std::path::PathBuf) {
    let game = crate::games::load::<Solitaire>(None, &[]).unwrap();
    let whole = dir.join("whole");
    crate::run::run(&game, &run_args(agents, 150, 2, whole.clone())).unwrap();
    (game, whole)
}

/// Checks that the run folders `a` and `b` hold the same CSV files of counts.
pub fn assert_same_counts(a: &std::path::Path, b: &std::path::Path) {
    for name in ["summary.csv", "cards.csv", "balance.csv"] {
        let read = |dir: &std::path::Path| std::fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(read(a), read(b), "{name}");
    }
}
