//! Crazy Eights against OpenSpiel, and the generic battery.
//!
//! `tests/data/crazy_eights_openspiel.jsonl` holds 200 uniformly random games of
//! OpenSpiel's `crazy_eights(players=2)` recorded by `benches/openspiel/histories.py`
//! (OpenSpiel 2.0.2, seed 20260720); `crazy_eights_openspiel_variants.jsonl` holds games
//! with other parameters (special cards, reshuffle, short draw limits and games). Each
//! history is replayed here action by action, checking at every step that the lab's
//! engine has the same player to move, the same legal actions (or the same chance outcomes,
//! with equal weights as OpenSpiel's equal probabilities), and at the end the same
//! returns: `score` equals OpenSpiel's return and the lab's return is 1 for the higher one.

use engine::core::testing::check_game;
use engine::core::{
    ActionList, ChanceList, ChanceOutcomes, Game, GameState, LegalActions, Notation, Turn,
};
use engine::crazy_eights::{CrazyEights, RulesConfig, DEFAULT_RULES};
use serde_json::Value;

/// The game with OpenSpiel's parameter string (`players=2,reshuffle=true`).
fn game_with(params: &str) -> CrazyEights {
    let mut cfg = RulesConfig::parse(DEFAULT_RULES, "default").unwrap();
    for kv in params.split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv.split_once('=').unwrap();
        match k {
            "players" => cfg.players = v.parse().unwrap(),
            "max_draw_cards" => cfg.max_draw_cards = v.parse().unwrap(),
            "max_turns" => cfg.max_turns = v.parse().unwrap(),
            "reshuffle" => cfg.reshuffle = v.parse().unwrap(),
            "use_special_cards" => cfg.use_special_cards = v.parse().unwrap(),
            _ => panic!("unknown OpenSpiel parameter {k}"),
        }
    }
    let rules = cfg.validate().unwrap();
    CrazyEights::from_parts(cfg, rules)
}

fn mask(actions: impl Iterator<Item = u16>) -> u64 {
    actions.fold(0, |m, a| m | 1u64 << a)
}

/// What the replays saw, to check that the fixtures exercise the rules.
#[derive(Default, Debug)]
struct Coverage {
    games: usize,
    steps: usize,
    eights_turned_back: usize,
    passes_ends: usize,
    max_turns_ends: usize,
    empty_hand_ends: usize,
    draws: usize,
    passes: usize,
    nominations: usize,
    draws_by_seat: [usize; 2],
}

/// Replays every game of the fixture `text`; panics at the first difference.
fn replay(text: &str) -> Coverage {
    let mut cov = Coverage::default();
    let mut legal = ActionList::new();
    let mut chance = ChanceList::new();
    for (line_no, line) in text.lines().enumerate() {
        let v: Value = serde_json::from_str(line).unwrap();
        let game = game_with(v["params"].as_str().unwrap());
        let actions: Vec<u16> = v["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_u64().unwrap() as u16)
            .collect();
        let players: Vec<i64> = v["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_i64().unwrap())
            .collect();
        let masks: Vec<u64> = v["masks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_u64().unwrap())
            .collect();
        let returns: Vec<f64> = v["returns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_f64().unwrap())
            .collect();
        let mut s = game.new_initial_state();
        let ctx = |i: usize| format!("fixture line {}, step {i}", line_no + 1);
        let mut flips = 0;
        for (i, &a) in actions.iter().enumerate() {
            s.check_invariants()
                .unwrap_or_else(|e| panic!("{}: {e}", ctx(i)));
            match (s.turn(), players[i]) {
                (Turn::Chance, -1) => {
                    s.chance_outcomes(&mut chance);
                    let ours = mask(chance.iter().map(|&(a, _)| a.0));
                    assert_eq!(ours, masks[i], "{}: chance outcomes differ", ctx(i));
                    assert!(
                        chance
                            .windows(2)
                            .all(|w| w[0].0 < w[1].0 && w[0].1 == w[1].1),
                        "{}: outcomes not ascending with equal weights: {chance:?}",
                        ctx(i)
                    );
                    let dealt = s.hand_size(0) + s.hand_size(1);
                    let turning_up = dealt == 2 * u32::from(game.rules().hand_size);
                    if turning_up && s.last_card().is_none() && a / 4 == 6 {
                        flips += 1;
                    }
                }
                (Turn::Decision(p), q) if i64::from(p) == q => {
                    s.legal_actions(&mut legal);
                    let ours = mask(legal.iter().map(|a| a.0));
                    assert_eq!(
                        ours,
                        masks[i],
                        "{}: legal actions differ: ours {:?}",
                        ctx(i),
                        legal
                            .iter()
                            .map(|a| s.action_to_string(*a))
                            .collect::<Vec<_>>()
                    );
                    match a {
                        52 => {
                            cov.draws += 1;
                            cov.draws_by_seat[p as usize] += 1;
                        }
                        53 => cov.passes += 1,
                        54..=57 => cov.nominations += 1,
                        _ => {}
                    }
                }
                (turn, q) => panic!("{}: ours {turn:?}, OpenSpiel's player {q}", ctx(i)),
            }
            s.try_apply(engine::core::Action(a))
                .unwrap_or_else(|e| panic!("{}: {e}", ctx(i)));
        }
        assert_eq!(s.turn(), Turn::Terminal, "{}: not over", ctx(actions.len()));
        s.check_invariants().unwrap();
        let score = [s.score(0), s.score(1)];
        assert_eq!(
            [f64::from(score[0]), f64::from(score[1])],
            [returns[0], returns[1]],
            "{}: returns differ",
            ctx(actions.len())
        );
        let r = s.returns();
        let expect = match returns[0].partial_cmp(&returns[1]).unwrap() {
            std::cmp::Ordering::Greater => [1.0, 0.0],
            std::cmp::Ordering::Less => [0.0, 1.0],
            std::cmp::Ordering::Equal => [0.5, 0.5],
        };
        assert_eq!([r[0], r[1]], expect, "{}", ctx(actions.len()));
        cov.eights_turned_back += flips;
        if s.hand(0) == 0 || s.hand(1) == 0 {
            cov.empty_hand_ends += 1;
        } else if s.plays() >= game.rules().max_turns {
            cov.max_turns_ends += 1;
        } else {
            cov.passes_ends += 1;
        }
        cov.games += 1;
        cov.steps += actions.len();
    }
    cov
}

#[test]
fn openspiel_histories_replay_verbatim() {
    let cov = replay(include_str!("data/crazy_eights_openspiel.jsonl"));
    println!("{cov:?}");
    assert_eq!(cov.games, 200);
    // The fixture reaches both ways a default game ends in practice (an empty hand, three
    // passes with an empty draw pile; 100 plays are not reached in random play: the
    // variants cover max_turns) and the rarer rules.
    assert!(cov.empty_hand_ends > 0 && cov.passes_ends > 0);
    assert!(cov.eights_turned_back > 0);
    assert!(cov.draws > 0 && cov.passes > 0 && cov.nominations > 0);
}

#[test]
fn openspiel_variant_histories_replay_verbatim() {
    let cov = replay(include_str!("data/crazy_eights_openspiel_variants.jsonl"));
    println!("{cov:?}");
    assert_eq!(cov.games, 240);
    assert!(cov.empty_hand_ends > 0 && cov.passes_ends > 0 && cov.max_turns_ends > 0);
}

#[test]
fn crazy_eights_passes_the_battery() {
    let game = CrazyEights::default_rules();
    let report = check_game(&game, 2000, 20260720).unwrap();
    assert_eq!(report.games, 2000);
    assert!(report.determinizations > 1000);
    assert!(report.rejected > 1000);
}
