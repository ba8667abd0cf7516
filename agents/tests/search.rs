//! How much an ISMCTS search runs: the whole budget when asked, less when its early stops
//! apply (the `margin` rule), and nothing at a symmetric secret choice, which is made
//! uniformly.

use agents::{Eval, Mcts, MctsConfig, Root};
use engine::core::{
    derive_rng, ActionList, Agent, Game, GameState, Heuristic, PlayerView, Stream, Turn,
};
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
        root: Root::Uct,
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

#[test]
fn paired_rounds_try_every_root_action_alike_and_drop_actions_by_margin() {
    let game = Grangol::default_rules();
    let (plain, _) = decisions(&game, 40);
    let base = MctsConfig {
        iterations: 400,
        reuse: false,
        root: Root::Paired,
        ..MctsConfig::default()
    };
    let mut legal = ActionList::new();
    let sizes: Vec<u64> = plain
        .iter()
        .map(|(s, _)| {
            s.legal_actions(&mut legal);
            legal.len() as u64
        })
        .collect();
    // With the whole budget, every round tries every root action once: as many whole
    // rounds as the budget pays for.
    let full = iterations(
        MctsConfig {
            full_budget: true,
            ..base
        },
        &plain,
    );
    for (&n, &k) in full.iter().zip(&sizes) {
        assert_eq!(n, 400 / k * k, "{k} actions: {n} iterations");
    }
    // A wide margin drops the other actions after the first rounds; none at all
    // (margin 0) drops only actions that are worse at 95% confidence.
    let exact = iterations(
        MctsConfig {
            margin: 0.0,
            ..base
        },
        &plain,
    );
    let wide = iterations(
        MctsConfig {
            margin: 0.05,
            ..base
        },
        &plain,
    );
    assert!(exact.iter().all(|&e| e <= 400), "{exact:?}");
    let (e, w): (u64, u64) = (exact.iter().sum(), wide.iter().sum());
    assert!(w * 2 < e, "margin 0.05: {w} iterations against {e} without");
    // No action is dropped before 16 rounds: a search runs at least 16 rounds of all.
    for (&n, &k) in wide.iter().zip(&sizes) {
        assert!(
            n >= (16 * k).min(400 / k * k),
            "{k} actions: {n} iterations"
        );
    }
}

#[test]
fn paired_search_finds_the_action_greedy_finds_when_one_is_clearly_best() {
    // At decisions where one action is better than every other by at least 0.02 of the
    // heuristic one step ahead, the paired search picks it at least 8 times in 10: the
    // rounds measure real differences (a search choosing at random, or the worst of the
    // rounds, fails this).
    let game = Grangol::default_rules();
    let (plain, _) = decisions(&game, 150);
    let mut agree = 0;
    let mut clear = 0;
    for (i, (s, seat)) in plain.iter().enumerate() {
        let mut legal = ActionList::new();
        s.legal_actions(&mut legal);
        let values: Vec<f64> = legal
            .iter()
            .map(|&a| {
                let mut next = s.clone();
                next.apply(a);
                next.heuristic(*seat)
            })
            .collect();
        let mut sorted = values.clone();
        sorted.sort_by(|a, b| b.partial_cmp(a).unwrap());
        if sorted[0] - sorted[1] < 0.02 {
            continue;
        }
        clear += 1;
        let best = legal[values.iter().position(|&v| v == sorted[0]).unwrap()];
        // Scored by the same evaluation that defines the clear choice.
        let mut mcts = Mcts::new(MctsConfig {
            root: Root::Paired,
            reuse: false,
            eval: Eval::Heuristic,
            ..MctsConfig::default()
        });
        let mut rng = derive_rng(8, i as u64, Stream::Seat(*seat));
        if mcts.act(&PlayerView::new(s, *seat), &mut rng) == best {
            agree += 1;
        }
    }
    assert!(clear >= 5, "only {clear} clear decisions");
    assert!(agree * 10 >= clear * 8, "{agree} of {clear}");
}
