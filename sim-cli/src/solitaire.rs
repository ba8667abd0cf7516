//! Helpers of the tests of the runner over the test solitaire ([`lab::solitaire`]): the
//! arguments of a run as the command line would parse them, a whole run, and the files
//! of two runs compared.

use crate::cli::{AgentList, GameArgs, RunArgs};
use engine::core::Registered;
pub use lab::solitaire::Solitaire;

/// `sim run --game solitaire --agents AGENTS --games GAMES --threads THREADS --out OUT
/// --seed 11 --checkpoint 0`, as the command line would parse it.
pub fn run_args(agents: &str, games: u64, threads: usize, out: std::path::PathBuf) -> RunArgs {
    RunArgs {
        common: GameArgs {
            game: Solitaire::NAME.into(),
            agents: AgentList(agents.split(',').map(String::from).collect()),
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
) -> (lab::games::Loaded<Solitaire>, std::path::PathBuf) {
    let game = lab::games::load::<Solitaire>(None, &[]).unwrap();
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
