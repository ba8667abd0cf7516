//! Shared pieces of the criterion benchmarks (`cargo bench -p benches`).
#![deny(missing_docs)]

use engine::core::{
    derive_rng, sample_chance, ActionList, ChanceList, ChanceOutcomes, Game, GameState,
    LegalActions, Rng, Stream, Turn,
};
use rand::Rng as _;

/// Plays `state` to the end with uniformly random decisions and chance outcomes from
/// `rng`, reusing the caller's buffer; returns the number of applied actions.
pub fn random_playout<S: GameState>(state: &mut S, rng: &mut Rng, legal: &mut ActionList) -> usize {
    let mut n = 0;
    loop {
        let a = match state.turn() {
            Turn::Terminal => return n,
            Turn::Chance => state.sample_chance_outcome(rng),
            Turn::Decision(_) => {
                state.legal_actions(legal);
                legal[rng.gen_range(0..legal.len())]
            }
        };
        state.apply(a);
        n += 1;
    }
}

/// `n` decision states (with more than one legal action) taken from random games of
/// `game`, about 100 actions in: the mid-game positions the benches measure.
pub fn midgame_states<G: Game>(game: &G, n: usize) -> Vec<G::State> {
    let mut out = Vec::new();
    let (mut legal, mut chance) = (ActionList::new(), ChanceList::new());
    let mut i = 0u64;
    while out.len() < n {
        i += 1;
        let mut rng = derive_rng(7, i, Stream::Other(0));
        let mut s = game.new_initial_state();
        let mut k = 0;
        loop {
            match s.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    s.chance_outcomes(&mut chance);
                    s.apply(sample_chance(&chance, &mut rng));
                }
                Turn::Decision(_) => {
                    s.legal_actions(&mut legal);
                    if k >= 100 && legal.len() > 1 {
                        out.push(s);
                        break;
                    }
                    s.apply(legal[rng.gen_range(0..legal.len())]);
                }
            }
            k += 1;
        }
    }
    out
}
