//! Hidden information: information keys and determinization.

use super::*;
use crate::core::{derive_rng, Stream};

fn rng(k: u32) -> crate::core::Rng {
    derive_rng(7, 0, Stream::Other(k))
}

#[test]
fn a_drawn_card_is_seen_only_by_its_drawer_but_tempo_is_public() {
    let drew = |c| {
        let mut s = scenario(rules()).build();
        play(&mut s, &[act::DRAW, act::card(c)]);
        s
    };
    let (a, b) = (drew(C::Tiro), drew(C::Lancio));
    assert_eq!(a.info_key(1), b.info_key(1));
    assert_ne!(a.info_key(0), b.info_key(0));
    let t = drew(C::Tempo5);
    assert_ne!(a.info_key(1), t.info_key(1), "a TEMPO +5 is played face up");
}

#[test]
fn determinize_keeps_the_seats_own_hand_and_knowledge() {
    let s = scenario(rules())
        .hand(0, &[C::Tiro, C::Lancio, C::Mischia])
        .hand(1, &[C::Catenaccio, C::Sole])
        .build();
    let mut differs = false;
    for k in 0..50 {
        let d = s.determinize(0, &mut rng(k));
        assert_eq!(d.hands[0], s.hands[0]);
        assert_eq!(d.hand_count, s.hand_count);
        assert_eq!(d.deck_count(), s.deck_count());
        assert_eq!(d.info_key(0), s.info_key(0));
        assert_eq!(legal(&d), legal(&s));
        d.check_invariants().unwrap();
        differs |= d.hands[1] != s.hands[1];
    }
    assert!(differs, "the opponent's hand is resampled");
}

#[test]
fn determinize_keeps_cards_known_after_mischia() {
    let mut s = scenario(rules())
        .hand(0, &[C::Mischia, C::Grangol])
        .hand(1, &[C::Sole])
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Contrasto),
            act::play(C::Mischia),
            act::pick(C::Grangol),
            act::card(C::Sole),
        ],
    );
    for k in 0..50 {
        // The giver knows his GRANGOL (the only one) is in the other hand...
        let d = s.determinize(0, &mut rng(k));
        assert_eq!(d.hands[1][C::Grangol.index()], 1);
        assert_eq!(d.hands[0], s.hands[0]);
        // ...and the other player knows where his SOLE (the only one) went.
        let d = s.determinize(1, &mut rng(k));
        assert_eq!(d.hands[0][C::Sole.index()], 1);
        assert_eq!(d.hands[1], s.hands[1]);
    }
}

#[test]
fn determinize_depends_only_on_what_the_seat_has_seen() {
    // Same public history, different hidden hands: identical samples with the same rng.
    let a = scenario(rules())
        .hand(0, &[C::Tiro])
        .hand(1, &[C::Catenaccio, C::Sole, C::Fuorigioco])
        .build();
    let b = scenario(rules())
        .hand(0, &[C::Tiro])
        .hand(1, &[C::Mischia, C::Equilibrio])
        .build();
    assert_eq!(a.info_key(0), b.info_key(0));
    assert_ne!(a.info_key(1), b.info_key(1));
    for k in 0..20 {
        let (da, db) = (a.determinize(0, &mut rng(k)), b.determinize(0, &mut rng(k)));
        assert_eq!(format!("{da:?}"), format!("{db:?}"));
    }
}

#[test]
fn determinize_resamples_a_hidden_shot_direction() {
    let mut s = scenario(rules()).hand(0, &[C::Tiro]).attack(0, 4).build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Tiro), LEFT],
    );
    let dirs: std::collections::BTreeSet<u8> = (0..30)
        .map(|k| s.determinize(1, &mut rng(k)).shot_dir)
        .collect();
    assert_eq!(dirs.len(), 3, "the keeper cannot know the direction");
    assert!((0..30).all(|k| s.determinize(0, &mut rng(k)).shot_dir == 0));
}

#[test]
fn determinize_never_deals_tempo_into_a_hidden_hand_when_it_is_replaced() {
    // Under opening_tempo = "replace" every TEMPO +5 drawn is played at once: no hand can
    // hold one, so a determinization must not invent one.
    let s = scenario(rules())
        .deck(&[(C::Tempo5, 10), (C::Sole, 1)])
        .build();
    for k in 0..50 {
        let d = s.determinize(0, &mut rng(k));
        assert_eq!(d.hands[1][C::Tempo5.index()], 0);
        d.check_invariants().unwrap();
    }
    // Under "hold" an opening hand may hold one.
    let r = rules_with(|o| o.opening_tempo = OpeningTempo::Hold);
    let s = scenario(r).deck(&[(C::Tempo5, 10), (C::Sole, 1)]).build();
    assert!((0..50).any(|k| s.determinize(0, &mut rng(k)).hands[1][C::Tempo5.index()] > 0));
}

#[test]
fn determinize_keeps_a_card_seen_returning_to_hand() {
    // A successful CONTROPIEDE goes back to its owner's hand face up.
    let mut s = scenario(rules()).hand(0, &[C::Contropiede]).build();
    play(&mut s, &[act::play(C::Contropiede), BALL]);
    for k in 0..50 {
        let d = s.determinize(1, &mut rng(k));
        assert!(d.hands[0][C::Contropiede.index()] >= 1);
    }
}

/// One task of every kind, with payloads of both seats where a task has one.
fn every_task() -> Vec<Task> {
    use super::super::tasks::RollFor;
    let mut tasks = vec![
        Task::Roll {
            purpose: RollFor::Tackle,
            twice: false,
            first: super::super::state::NONE,
        },
        Task::Roll {
            purpose: RollFor::Pass { base: 2 },
            twice: true,
            first: 1,
        },
        Task::TurnStart,
        Task::Play,
        Task::CambioDiscard { left: 3, done: 0 },
        Task::LancioDistance,
        Task::ChooseFace {
            purpose: RollFor::Save,
            a: 0,
            b: 1,
        },
        Task::ShotDirection,
        Task::Wall,
        Task::Keeper,
        Task::FoulAnswerAttacker(Foul::Red),
        Task::FoulAnswerDefender,
        Task::InspectDiscard,
        Task::DribblingPick(1),
        Task::EndTurn,
        Task::FoulShot,
        Task::DribbleNext(0),
        Task::RevealHand,
        Task::DealDone,
    ];
    for s in 0..2 {
        tasks.extend([
            Task::Draw(s),
            Task::RedDiscardRandom(s),
            Task::MischiaTake(s),
            Task::MischiaGive(s),
            Task::RedDiscardChoose(s),
            Task::RefillTo(s),
        ]);
    }
    tasks
}

/// The tag a task mixes into the observation hashes is the one the information keys
/// have always had (a `match` of every kind, written out here): the table that
/// replaced the match changes no key.
#[test]
fn task_tags_are_those_of_every_kind() {
    use super::super::info::task_tag;
    let tasks = every_task();
    let mut kinds = std::collections::BTreeSet::new();
    for &t in &tasks {
        let want = match t {
            Task::Draw(s) => 1 + u64::from(s),
            Task::RedDiscardRandom(_) => 3,
            Task::MischiaTake(_) => 4,
            Task::Roll { .. } => 5,
            Task::TurnStart => 6,
            Task::Play => 7,
            Task::CambioDiscard { .. } => 8,
            Task::LancioDistance => 9,
            Task::ChooseFace { .. } => 10,
            Task::ShotDirection => 11,
            Task::Wall => 12,
            Task::Keeper => 13,
            Task::FoulAnswerAttacker(_) => 14,
            Task::FoulAnswerDefender => 15,
            Task::MischiaGive(_) => 16,
            Task::InspectDiscard => 17,
            Task::RedDiscardChoose(_) => 18,
            Task::DribblingPick(_) => 19,
            Task::RefillTo(_)
            | Task::EndTurn
            | Task::FoulShot
            | Task::DribbleNext(_)
            | Task::RevealHand
            | Task::DealDone => 20,
        };
        assert_eq!(task_tag(t), want, "{t:?}");
        kinds.insert(t.index());
    }
    assert_eq!(
        kinds.len(),
        super::super::tasks::TASK_KINDS,
        "every kind is listed"
    );
}

/// Whose move it is at every kind of task, for every seat whose turn it is, every
/// attacker and every seat choosing a face, is what the rules say (a `match` written
/// out here); an automatic task left on top is a panic.
#[test]
fn the_mover_of_every_task() {
    let base = scenario(rules()).build();
    for t in every_task() {
        for (turn_seat, possession, cur_seat) in [(0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 1, 1)] {
            let mut s = base;
            s.turn_seat = turn_seat;
            s.possession = possession;
            s.cur_seat = cur_seat;
            s.tasks.push(t);
            let want = match t {
                Task::Draw(_)
                | Task::RedDiscardRandom(_)
                | Task::MischiaTake(_)
                | Task::Roll { .. } => Some(Turn::Chance),
                Task::TurnStart
                | Task::Play
                | Task::CambioDiscard { .. }
                | Task::LancioDistance
                | Task::DribblingPick(_) => Some(Turn::Decision(turn_seat)),
                Task::ChooseFace { .. } => Some(Turn::Decision(cur_seat)),
                Task::ShotDirection | Task::FoulAnswerAttacker(_) => {
                    Some(Turn::Decision(possession))
                }
                Task::Wall | Task::Keeper | Task::FoulAnswerDefender | Task::InspectDiscard => {
                    Some(Turn::Decision(1 - possession))
                }
                Task::MischiaGive(m) | Task::RedDiscardChoose(m) => Some(Turn::Decision(m)),
                _ => None,
            };
            match want {
                Some(turn) => assert_eq!(s.compute_turn(), turn, "{t:?}"),
                None => {
                    let caught = std::panic::catch_unwind(|| s.compute_turn());
                    assert!(caught.is_err(), "{t:?} is automatic");
                }
            }
            s.game_over = true;
            assert_eq!(s.compute_turn(), Turn::Terminal);
        }
    }
}
