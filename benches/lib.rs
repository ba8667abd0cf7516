//! Shared pieces of the criterion benchmarks (`cargo bench -p benches`).
#![deny(missing_docs)]

use engine::core::{sample_chance, ActionList, ChanceList, GameState, Rng, Turn};
use rand::Rng as _;

/// Plays `state` to the end with uniformly random decisions and chance outcomes from
/// `rng`, reusing the caller's buffers; returns the number of applied actions.
pub fn random_playout<S: GameState>(
    state: &mut S,
    rng: &mut Rng,
    legal: &mut ActionList,
    chance: &mut ChanceList,
) -> usize {
    let mut n = 0;
    loop {
        let a = match state.turn() {
            Turn::Terminal => return n,
            Turn::Chance => {
                state.chance_outcomes(chance);
                sample_chance(chance, rng)
            }
            Turn::Decision(_) => {
                state.legal_actions(legal);
                legal[rng.gen_range(0..legal.len())]
            }
        };
        state.apply(a);
        n += 1;
    }
}
