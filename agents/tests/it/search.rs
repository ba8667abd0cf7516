//! How much an ISMCTS search runs: the whole budget when asked, less when its early stops
//! apply (the `margin` rule), and nothing at a symmetric secret choice, which is made
//! uniformly.

use agents::{CScale, Eval, Mcts, MctsConfig, Root};
use engine::core::{
    derive_rng, ActionList, Agent, ChanceOutcomes, Game, GameState, Heuristic, LegalActions,
    PlayerView, Stream, Turn,
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
                            list.push((s, seat));
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
        c: 0.2,
        c_scale: CScale::None,
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

/// Plays `cfg` at GRANGOL decisions where one action is better than every other by at
/// least 0.02 of the hand-made heuristic one step ahead, and asserts that the search picks
/// it at least 8 times in 10 (a search choosing at random, or the worst of its rounds,
/// fails this). `cfg` should score with `eval: Eval::Heuristic`, the evaluation that
/// defines the clear choice.
fn finds_the_clearly_best_action(cfg: MctsConfig) {
    let game = Grangol::default_rules();
    let (plain, _) = decisions(&game, 150);
    let (mut agree, mut clear) = (0, 0);
    let mut legal = ActionList::new();
    for (i, (s, seat)) in plain.iter().enumerate() {
        s.legal_actions(&mut legal);
        let values: Vec<f64> = legal
            .iter()
            .map(|&a| {
                let mut next = *s;
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
        let mut mcts = Mcts::new(cfg);
        let mut rng = derive_rng(8, i as u64, Stream::Seat(*seat));
        if mcts.act(&PlayerView::new(s, *seat), &mut rng) == best {
            agree += 1;
        }
    }
    assert!(clear >= 5, "only {clear} clear decisions");
    assert!(agree * 10 >= clear * 8, "{agree} of {clear}");
}

#[test]
fn paired_search_finds_the_action_greedy_finds_when_one_is_clearly_best() {
    finds_the_clearly_best_action(MctsConfig {
        root: Root::Paired,
        reuse: false,
        eval: Eval::Heuristic,
        ..MctsConfig::default()
    });
}

/// The first decision of a memory game (two players, 100 face-down cards): far more than
/// 32 root actions.
fn memory_opening() -> (engine::memory::State, u8) {
    let game = engine::memory::Memory::default_rules();
    let mut s = game.new_initial_state();
    let mut rng = derive_rng(4, 0, Stream::Other(0));
    while s.turn() == Turn::Chance {
        let a = s.sample_chance_outcome(&mut rng);
        s.apply(a);
    }
    let Turn::Decision(seat) = s.turn() else {
        panic!("no decision")
    };
    (s, seat)
}

#[test]
fn sequential_halving_spends_exactly_the_budget() {
    let game = Grangol::default_rules();
    let (plain, _) = decisions(&game, 40);
    let base = MctsConfig {
        iterations: 400,
        reuse: false,
        root: Root::Halving,
        ..MctsConfig::default()
    };
    // However the rounds divide it, every iteration of the budget is run (GRANGOL's
    // decisions have at most 6 actions: 400 pays for one iteration per action and round).
    let full = iterations(base, &plain);
    assert!(full.iter().all(|&n| n == 400), "{full:?}");
    // per_action caps the budget at per_action * L, and that cap is spent whole.
    let mut legal = ActionList::new();
    let capped = iterations(
        MctsConfig {
            per_action: 30,
            ..base
        },
        &plain,
    );
    for ((s, _), &n) in plain.iter().zip(&capped) {
        s.legal_actions(&mut legal);
        assert_eq!(
            n,
            (30 * legal.len() as u64).min(400),
            "{} actions",
            legal.len()
        );
    }
    // A budget too small for one iteration per action and round: fewer actions are
    // considered, and the budget is still spent exactly.
    let small = iterations(
        MctsConfig {
            iterations: 10,
            ..base
        },
        &plain,
    );
    assert!(small.iter().all(|&n| n == 10), "{small:?}");
}

#[test]
fn the_halving_and_paired_roots_search_more_than_32_actions_by_uct() {
    let (s, seat) = memory_opening();
    let run = |root| {
        let mut mcts = Mcts::new(MctsConfig {
            iterations: 300,
            reuse: false,
            root,
            // The opening's unseen cards are one class: search the 100 places.
            merge: false,
            ..MctsConfig::default()
        });
        let a = mcts.act(
            &PlayerView::new(&s, seat),
            &mut derive_rng(2, 0, Stream::Seat(seat)),
        );
        (a, mcts.iterations_done())
    };
    assert_eq!(run(Root::Paired), run(Root::Uct));
    assert_eq!(run(Root::Halving), run(Root::Uct));
}

#[test]
fn sequential_halving_finds_the_action_greedy_finds_when_one_is_clearly_best() {
    finds_the_clearly_best_action(MctsConfig {
        reuse: false,
        root: Root::Halving,
        c: 0.5,
        c_scale: CScale::Std,
        eval: Eval::Heuristic,
        ..MctsConfig::default()
    });
}

#[test]
fn the_exploration_constant_follows_the_spread_of_the_returns() {
    // GRANGOL's returns (goals and the heuristic, in [0, 1]) spread far more than the
    // memory game's (pairs per turn): c_scale=std scales c down to each; none keeps c.
    let game = Grangol::default_rules();
    let (plain, _) = decisions(&game, 1);
    let (gs, gseat) = &plain[0];
    let (ms, mseat) = memory_opening();
    let explore = |scale, memory: bool| {
        let mut mcts = Mcts::new(MctsConfig {
            iterations: 500,
            c: 1.0,
            c_scale: scale,
            reuse: false,
            merge: false,
            ..MctsConfig::default()
        });
        let mut rng = derive_rng(3, 0, Stream::Other(0));
        if memory {
            mcts.act(&PlayerView::new(&ms, mseat), &mut rng);
        } else {
            mcts.act(&PlayerView::new(gs, *gseat), &mut rng);
        }
        mcts.exploration()
    };
    assert_eq!(explore(CScale::None, false), 1.0);
    assert_eq!(explore(CScale::None, true), 1.0);
    let (g, m) = (explore(CScale::Std, false), explore(CScale::Std, true));
    assert!(g > 0.0 && g < 0.5, "grangol: {g}");
    assert!(m > 0.0 && m < g / 2.0, "memory: {m} against grangol {g}");
}

#[test]
fn the_tree_is_kept_for_the_next_decision_under_its_root() {
    // After a search, the searching seat's next decision (after the other seat's and the
    // dice) is found in the tree kept with reuse=true, with the visits the search gave it.
    let game = Grangol::default_rules();
    let mut found = 0;
    for g in 0..20u64 {
        let mut rng = derive_rng(21, g, Stream::Other(0));
        let mut s = game.new_initial_state();
        let mut mcts = Mcts::new(MctsConfig {
            iterations: 2000,
            ..MctsConfig::default()
        });
        let mut searched = false;
        let mut legal = ActionList::new();
        while s.turn() != Turn::Terminal {
            let a = match s.turn() {
                Turn::Decision(seat) => {
                    s.legal_actions(&mut legal);
                    let choice = legal.len() > 1 && !s.symmetric_choice();
                    if seat == 0 && choice && searched {
                        let view = PlayerView::new(&s, seat);
                        if mcts.visits_at(&view) > 0 {
                            found += 1;
                        }
                        break;
                    }
                    if seat == 0 && choice && rng.gen_bool(0.3) {
                        searched = true;
                        mcts.act(&PlayerView::new(&s, seat), &mut rng)
                    } else {
                        legal[rng.gen_range(0..legal.len())]
                    }
                }
                _ => s.sample_chance_outcome(&mut rng),
            };
            s.apply(a);
        }
    }
    // Not every next decision was reached by a search (a rare line of play), but most are.
    assert!(
        found >= 10,
        "{found} of 20 next decisions found in the kept tree"
    );
}
