//! Uniformly random games of Crazy Eights (`crazy_eights`, OpenSpiel's defaults), one CSV
//! line per game, for `benches/openspiel/calibrate.sh`:
//!
//! ```text
//! cargo run --release -p engine --example crazy_eights_random -- GAMES SEED > games.csv
//! ```
//!
//! Columns: `game`, `length` (actions applied, chance outcomes included: OpenSpiel's
//! `len(state.history())`), `return0`, `return1` (OpenSpiel's returns: minus the penalty
//! points left in hand). Each decision is uniform among the legal actions (OpenSpiel's
//! `UniformRandomBot`), each chance node is sampled by its weights; both from streams
//! derived from `SEED` and the game's index. The time per game goes to stderr.

use engine::core::{
    derive_rng, ActionList, ChanceOutcomes, Game, GameState, LegalActions, Stream, Turn,
};
use engine::crazy_eights::CrazyEights;
use rand::Rng as _;
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).map_or(1000, |s| s.parse().expect("GAMES"));
    let seed: u64 = args.get(2).map_or(1, |s| s.parse().expect("SEED"));
    let game = CrazyEights::default_rules();
    let mut legal = ActionList::new();
    let mut rows = Vec::with_capacity(games as usize);
    let start = std::time::Instant::now();
    for g in 0..games {
        let mut chance_rng = derive_rng(seed, g, Stream::Chance(0));
        let mut agent_rng = derive_rng(seed, g, Stream::Seat(0));
        let mut s = game.new_initial_state();
        let mut length = 0u32;
        loop {
            let a = match s.turn() {
                Turn::Terminal => break,
                Turn::Chance => s.sample_chance_outcome(&mut chance_rng),
                Turn::Decision(_) => {
                    s.legal_actions(&mut legal);
                    legal[agent_rng.gen_range(0..legal.len())]
                }
            };
            s.apply(a);
            length += 1;
        }
        rows.push((length, s.score(0), s.score(1)));
    }
    let secs = start.elapsed().as_secs_f64();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    writeln!(out, "game,length,return0,return1").unwrap();
    for (g, (len, r0, r1)) in rows.iter().enumerate() {
        writeln!(out, "{g},{len},{r0},{r1}").unwrap();
    }
    eprintln!(
        "{games} games in {secs:.3} s: {:.3} us per game (one thread)",
        secs * 1e6 / games as f64
    );
}
