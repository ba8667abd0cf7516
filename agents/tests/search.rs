//! How much an ISMCTS search runs: the whole budget when asked, less when its early stops
//! apply (the `margin` rule), and nothing at a symmetric secret choice, which is made
//! uniformly.

use agents::{Mcts, MctsConfig};
use engine::core::{derive_rng, ActionList, Agent, Game, GameState, PlayerView, Stream, Turn};
use engine::grangol::{Grangol, State};
use rand::Rng as _;

/// Decision states `(state, deciding seat)`.
type Decisions = Vec<(State, u8)>;

/// Decision states from random games where the seat has a choice, split into ordinary
/// decisions and symmetric secret choices, `want` of each.
fn decisions(game: &Grangol, want: usize) -> (Decisions, Decisions) {
    let (mut plain, mut symmetric) = (Vec::new(), Vec::new());
    let mut legal = ActionList::new();
    for g in 0.. {
        let mut rng = derive_rng(17, g, Stream::Other(0));
        let mut s = game.new_initial_state();
        while s.turn() != Turn::Terminal {
            let a = match s.turn() {
                Turn::Decision(seat) => {
                    s.legal_actions(&mut legal);
                    if legal.len() > 1 {
                        let list = if s.symmetric_choice() {
                            &mut symmetric
                        } else {
                            &mut plain
                        };
                        if list.len() < want && rng.gen_bool(0.2) {
                            list.push((s.clone(), seat));
                        }
                    }
                    legal[rng.gen_range(0..legal.len())]
                }
                _ => s.sample_chance_outcome(&mut rng),
            };
            s.apply(a);
        }
        if plain.len() == want && symmetric.len() == want {
            break;
        }
    }
    (plain, symmetric)
}

/// The iterations one fresh search of `cfg` runs at each state.
fn iterations(cfg: MctsConfig, states: &[(State, u8)]) -> Vec<u64> {
    states
        .iter()
        .enumerate()
        .map(|(i, (s, seat))| {
            let mut mcts = Mcts::new(cfg);
            let mut rng = derive_rng(5, i as u64, Stream::Seat(*seat));
            mcts.act(&PlayerView::new(s, *seat), &mut rng);
            mcts.iterations_done()
        })
        .collect()
}

#[test]
fn full_budget_runs_every_iteration_and_the_early_stops_run_fewer() {
    let game = Grangol::default_rules();
    let (plain, _) = decisions(&game, 40);
    let base = MctsConfig {
        iterations: 400,
        reuse: false,
        ..MctsConfig::default()
    };
    let full = iterations(
        MctsConfig {
            full_budget: true,
            ..base
        },
        &plain,
    );
    assert!(full.iter().all(|&n| n == 400), "{full:?}");
    // Without `margin`, a search stops only once its choice cannot change.
    let exact = iterations(
        MctsConfig {
            margin: 0.0,
            ..base
        },
        &plain,
    );
    // A wide margin settles every close choice early.
    let wide = iterations(
        MctsConfig {
            margin: 0.05,
            ..base
        },
        &plain,
    );
    let (e, w): (u64, u64) = (exact.iter().sum(), wide.iter().sum());
    assert!(
        exact.iter().zip(&wide).all(|(e, w)| w <= e),
        "{exact:?}\n{wide:?}"
    );
    assert!(w * 2 < e, "margin 0.05: {w} iterations against {e} without");
    // Early stops are checked every 8 iterations.
    assert!(wide.iter().all(|&n| n % 8 == 0 || n == 400), "{wide:?}");
}

#[test]
fn symmetric_choices_are_not_searched_and_are_uniform() {
    let game = Grangol::default_rules();
    let (_, symmetric) = decisions(&game, 20);
    let mut counts = [0u32; 3];
    let mut legal = ActionList::new();
    for (i, (s, seat)) in symmetric.iter().enumerate() {
        s.legal_actions(&mut legal);
        assert_eq!(legal.len(), 3, "three directions");
        for k in 0..60 {
            let mut mcts = Mcts::new(MctsConfig::default());
            let mut rng = derive_rng(i as u64, k, Stream::Seat(*seat));
            let a = mcts.act(&PlayerView::new(s, *seat), &mut rng);
            assert_eq!(
                mcts.iterations_done(),
                0,
                "a symmetric choice is not searched"
            );
            counts[legal.iter().position(|&l| l == a).unwrap()] += 1;
        }
    }
    // 1,200 choices: each direction near 400 (a binomial standard deviation of 16).
    assert!(
        counts.iter().all(|&c| (320..=480).contains(&c)),
        "{counts:?}"
    );
}
