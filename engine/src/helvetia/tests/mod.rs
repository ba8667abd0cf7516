//! Rule tests of Helvetia Cup: one test per clause of the Family rulebook and per rule
//! option (`docs/rules/helvetia.md` maps each clause to these tests), then the generic
//! battery.

mod board;
mod clauses;
mod observation;
mod rules;
mod shootout;
mod shot;

use super::*;
use crate::core::testing::{apply_checked, check_game, legal};
use crate::core::Game;
use crate::core::{Action, ChanceOutcomes, GameEvent, GameState, InfoSets, LegalActions, Turn};
use crate::helvetia::actions as act;

/// Zion's figures (goalkeeper, #3, #6, #8, #10) in a match in play, as offset
/// `(column, row)`; Zion defends the left goal.
pub(super) const ZION: [(i32, i32); 5] = [(-1, 4), (2, 2), (2, 6), (5, 3), (5, 5)];
/// Basela's figures, the mirror image of [`ZION`].
pub(super) const BASELA: [(i32, i32); 5] = [(15, 4), (12, 2), (12, 6), (9, 3), (9, 5)];

/// A match in play on `game`: `attack` has the ball at its figure `carrier`, the figures
/// stand at `zion` and `basela`, and the attack is to choose its offensive action.
pub(super) fn position(
    game: &Helvetia,
    attack: u8,
    carrier: u8,
    zion: [(i32, i32); 5],
    basela: [(i32, i32); 5],
) -> State {
    let mut s = game.new_initial_state();
    apply_checked(&mut s, act::coin(attack));
    for (t, team) in [zion, basela].iter().enumerate() {
        for (f, &(col, row)) in team.iter().enumerate() {
            s.pos[t][f] = s.board.at(col, row).expect("a hex of the pitch");
        }
    }
    s.attack = attack;
    s.carrier = carrier;
    s.phase = Phase::Offence;
    s.check_invariants().unwrap();
    s
}

/// The hex at offset `(column, row)` of the default pitch.
pub(super) fn at(s: &State, col: i32, row: i32) -> u8 {
    s.board.at(col, row).unwrap()
}

/// Applies the actions, checked, and returns their events.
pub(super) fn play(s: &mut State, actions: &[Action]) -> Vec<GameEvent> {
    actions.iter().flat_map(|&a| apply_checked(s, a)).collect()
}

/// The default game with its config changed by `f`.
pub(super) fn game_with(f: impl FnOnce(&mut RulesConfig)) -> Helvetia {
    let mut c = Helvetia::default_rules().config().clone();
    f(&mut c);
    let rules = c.validate().unwrap();
    Helvetia::from_parts(c, rules)
}

#[test]
fn battery_default_rules() {
    let r = check_game(&Helvetia::default_rules(), 30, 1).unwrap();
    assert!(r.secret_choices > 0 && r.determinizations > 0, "{r:?}");
    // What nodes say a seat sees of their action was checked against the replay.
    assert!(r.claimed_actions > 30, "{r:?}");
}

#[test]
fn battery_move_phase_kickoffs() {
    let g = game_with(|c| {
        c.options.kickoff_after_goal = Kickoff::MovePhase;
        c.options.kickoff_second_half = Kickoff::MovePhase;
    });
    check_game(&g, 20, 2).unwrap();
}

#[test]
fn battery_boost_refill_and_small_pitch() {
    let g = game_with(|c| {
        c.options.boost_half_time = BoostHalfTime::Refill;
        c.columns = 7;
        c.rows = 5;
        c.notches = 2;
    });
    check_game(&g, 30, 3).unwrap();
}

#[test]
fn battery_substitutions_after_goals() {
    let g = game_with(|c| {
        c.options.substitutions = Substitutions::AfterGoal;
        c.columns = 7;
        c.rows = 5;
    });
    let r = check_game(&g, 30, 6).unwrap();
    assert!(r.games > 0, "{r:?}");
}

#[test]
fn battery_possession_clock() {
    let g = game_with(|c| c.options.notch_after_rounds = 2);
    check_game(&g, 30, 5).unwrap();
}

#[test]
fn battery_round_cap() {
    let g = game_with(|c| c.max_rounds = 3);
    check_game(&g, 30, 4).unwrap();
}

#[test]
fn the_rollout_policy_picks_legal_actions_and_always_tries_to_win_the_ball() {
    use crate::core::{derive_rng, sample_chance, ActionList, ChanceList, Heuristic, Stream};
    let g = Helvetia::default_rules();
    let (mut l, mut c) = (ActionList::new(), ChanceList::new());
    let mut goals = 0;
    for game in 0..10 {
        let mut rng = derive_rng(11, game, Stream::Other(0));
        let mut s = g.new_initial_state();
        loop {
            match s.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    s.chance_outcomes(&mut c);
                    s.apply(sample_chance(&c, &mut rng));
                }
                Turn::Decision(who) => {
                    s.legal_actions(&mut l);
                    let a = s.rollout_action(who, &l, &mut rng);
                    if let Some(a) = a {
                        assert!(l.contains(&a), "{a:?} not legal at {:?}", s.phase());
                    }
                    if matches!(s.phase(), Phase::Steal | Phase::Intercept) {
                        assert!(a == Some(act::STEAL) || a == Some(act::INTERCEPT));
                    }
                    let a = a.unwrap_or_else(|| {
                        use rand::Rng as _;
                        l[rng.gen_range(0..l.len())]
                    });
                    s.apply(a);
                }
            }
        }
        goals += s.score(0) + s.score(1);
        assert!(!s.ended_by_cap(), "policy games end by the clock");
    }
    assert!(goals > 0, "policy playouts score");
}

#[test]
fn the_heuristic_is_a_probability_that_sums_to_one_and_ends_at_the_return() {
    use crate::core::Heuristic;
    let g = Helvetia::default_rules();
    for game in 0..5 {
        let Some((mut s, _, mut rng)) = crate::core::testing::random_decision(&g, 21, game, 0..1)
        else {
            continue;
        };
        let (mut l, mut c) = (
            crate::core::ActionList::new(),
            crate::core::ChanceList::new(),
        );
        loop {
            let (h0, h1) = (s.heuristic(0), s.heuristic(1));
            assert!((0.0..=1.0).contains(&h0) && (0.0..=1.0).contains(&h1));
            assert!(
                (h0 + h1 - 1.0).abs() < 1e-9,
                "{h0} + {h1} at {:?}",
                s.phase()
            );
            match s.turn() {
                Turn::Terminal => {
                    assert_eq!([h0, h1], [s.returns()[0], s.returns()[1]]);
                    break;
                }
                Turn::Chance => {
                    s.chance_outcomes(&mut c);
                    s.apply(crate::core::sample_chance(&c, &mut rng));
                }
                Turn::Decision(_) => {
                    use rand::Rng as _;
                    s.legal_actions(&mut l);
                    s.apply(l[rng.gen_range(0..l.len())]);
                }
            }
        }
    }
}
