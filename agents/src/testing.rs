//! The generic no-peeking test: an agent's choice depends only on what its seat can see.
//!
//! At decisions taken from random games of any game, a *twin* state is built by
//! [`InfoSets::determinize`](engine::core::InfoSets::determinize): another state of the deciding seat's information set
//! (same information key, other hidden cards). Two fresh agents of one spec, given the
//! same random stream, must choose the same action in the real state and in the twin.
//! An agent that read a hidden card (the other hand, the order of the draw pile) would
//! sooner or later choose differently. Every registered game runs it with every agent of
//! the table that does not see hidden information (`agents/tests/it/table.rs`).

use crate::make_agent;
use engine::core::testing::random_decision;
use engine::core::{derive_rng, Game, Heuristic, InfoSets, Notation, PlayerView, Stream};

/// Checks `spec` (an `--agents` entry) at `cases` decisions of random games of `game`,
/// each taken at a random step of its own game, from `seed`. Errors: the first case where
/// the agent chose differently in the twin, naming both actions; or a spec that does not
/// build.
pub fn check_no_peeking<G: Game>(
    game: &G,
    spec: &crate::AgentSpec,
    cases: usize,
    seed: u64,
) -> Result<(), String>
where
    G::State: Heuristic,
{
    let mut found = 0;
    let mut g = 0u64;
    while found < cases {
        g += 1;
        if g > 50 * cases as u64 + 50 {
            return Err(format!(
                "{}: found only {found} decisions with a choice in {g} games",
                game.info().name
            ));
        }
        let Some((s, seat, mut rng)) = random_decision(game, seed, g, 0..200) else {
            continue;
        };
        let twin = s.determinize(seat, &mut rng);
        if twin.info_key(seat) != s.info_key(seat) {
            return Err("determinize changed the information key".into());
        }
        let mut a = make_agent::<G::State>(spec).map_err(|e| e.to_string())?;
        let mut b = make_agent::<G::State>(spec).map_err(|e| e.to_string())?;
        let x = a.act(
            &PlayerView::new(&s, seat),
            &mut derive_rng(seed, g, Stream::Seat(seat)),
        );
        let y = b.act(
            &PlayerView::new(&twin, seat),
            &mut derive_rng(seed, g, Stream::Seat(seat)),
        );
        if x != y {
            return Err(format!(
                "{} game {g}: {spec} chose {} in the real state and {} in a state that \
                 differs only in what seat {seat} cannot see",
                game.info().name,
                s.action_to_string(x),
                twin.action_to_string(y)
            ));
        }
        found += 1;
    }
    Ok(())
}
