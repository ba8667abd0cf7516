//! Defence cards and fouls: CONTRASTO, CATENACCIO, the answers to a foul (AMMONIZIONE,
//! ESPULSIONE, ERRORE ARBITRALE), yellow and red cards, FUORIGIOCO, FALLO LATERALE,
//! FALLO INTENZIONALE, FALLO ED ERRORE ARBITRALE, SALVATAGGIO IN EXTREMIS.

use super::*;
use crate::core::ChanceOutcomes;

// ----- CONTRASTO -------------------------------------------------------------------------

#[test]
fn contrasto_x_changes_nothing() {
    let s = tackle(rules(), &[], &[], 2, R_X);
    assert_turn_start(&s, 0);
    assert_ball(&s, 0, 2);
    assert_eq!(s.discard[C::Contrasto.index()], 1);
    assert_eq!(s.yellows, [0, 0]);
}

#[test]
fn contrasto_ball_wins_the_ball_in_the_same_section() {
    let s = tackle(rules(), &[], &[], 1, R_BALL);
    assert_turn_start(&s, 0);
    assert_eq!((s.possession(), s.section()), (1, 1));
    assert_ball(&s, 1, 3);
}

#[test]
fn contrasto_whistle_is_a_foul_the_attacker_then_the_defender_may_answer() {
    let mut s = tackle(rules(), &[], &[], 2, WHISTLE);
    assert_eq!(
        s.tasks.last(),
        Some(&Task::FoulAnswerAttacker(Foul::Whistle))
    );
    // The decision is offered even without an answer in hand (a single pass), so that
    // the opponent learns nothing.
    assert_eq!(s.turn(), Turn::Decision(0));
    assert_eq!(legal(&s), [act::DONE]);
    play(&mut s, &[act::DONE]);
    assert_eq!(s.tasks.last(), Some(&Task::FoulAnswerDefender));
    assert_eq!(s.turn(), Turn::Decision(1));
    assert_eq!(legal(&s), [act::DONE]);
    play(&mut s, &[act::DONE]);
    assert_turn_start(&s, 0);
    assert_ball(&s, 0, 2);
    assert_eq!(s.yellows, [0, 0]);
}

#[test]
fn contrasto_yellow_books_the_defender_at_once() {
    let mut s = tackle(rules(), &[C::Ammonizione], &[], 2, YELLOW);
    assert_eq!(s.yellows, [0, 1]);
    // Only ESPULSIONE answers a yellow card.
    assert_eq!(legal(&s), [act::DONE]);
    play(&mut s, &[act::DONE, act::DONE]);
    assert_turn_start(&s, 0);
    assert_ball(&s, 0, 2);
}

// ----- AMMONIZIONE, ESPULSIONE ----------------------------------------------------------

#[test]
fn ammonizione_answers_a_whistle_with_a_yellow_and_refills_at_once() {
    let mut s = tackle(
        rules(),
        &[C::Ammonizione, C::Espulsione],
        &[C::ErroreArbitrale],
        2,
        WHISTLE,
    );
    assert_eq!(
        legal(&s),
        [
            act::play(C::Ammonizione),
            act::play(C::Espulsione),
            act::DONE
        ]
    );
    let events = play_events(&mut s, &[act::play(C::Ammonizione)]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, GameEvent::RedCard { .. })));
    assert_eq!(s.yellows, [0, 1]);
    assert_eq!((s.reds, s.hand_limit), ([0, 0], [5, 5]));
    // The answering player draws back at once; a TEMPO +5 drawn is played as usual.
    assert_eq!(s.tasks.last(), Some(&Task::Draw(0)));
    play(&mut s, &[act::card(C::Tempo5), act::card(C::Melina)]);
    assert_eq!(s.timer(), 1);
    // Answered: no ERRORE ARBITRALE for the defender.
    assert_turn_start(&s, 0);
    assert_eq!(
        hand(&s, 0),
        [
            C::Espulsione,
            C::Contrasto,
            C::Contrasto,
            C::Contrasto,
            C::Melina
        ]
    );
    assert_eq!(s.discard[C::Ammonizione.index()], 1);
}

#[test]
fn ammonizione_espulsione_and_errore_are_not_played_in_turn() {
    let mut s = scenario(rules())
        .hand(0, &[C::Ammonizione, C::Espulsione])
        .build();
    play(&mut s, &[act::DRAW, act::card(C::Contrasto)]);
    assert!(legal(&s)
        .iter()
        .all(|&a| a != act::play(C::Ammonizione) && a != act::play(C::Espulsione)));
    let mut s = scenario(rules())
        .hand(1, &[C::ErroreArbitrale])
        .turn(1)
        .build();
    play(&mut s, &[act::DRAW, act::card(C::Passaggio)]);
    assert!(!legal(&s).contains(&act::play(C::ErroreArbitrale)));
}

#[test]
fn second_yellow_is_a_red_card() {
    let mut s = scenario(rules())
        .hand(0, &[C::Ammonizione])
        .hand(1, &[C::Contrasto, C::Tiro])
        .turn(1)
        .yellows(1, 1)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Passaggio),
            act::play(C::Contrasto),
            WHISTLE,
        ],
    );
    let events = play_events(&mut s, &[act::play(C::Ammonizione)]);
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, GameEvent::RedCard { .. }))
            .collect::<Vec<_>>(),
        [&GameEvent::RedCard { seat: 1 }],
        "the red card is reported once, for the offender"
    );
    // The first yellow is discarded, a red is given: one card of the offender's hand is
    // discarded at random (reading 12, default), and his limit drops by one.
    assert_eq!((s.yellows, s.reds), ([0, 0], [0, 1]));
    assert_eq!(s.hand_limit(1), 4);
    assert_eq!(s.tasks.last(), Some(&Task::RedDiscardRandom(1)));
    let mut c = ChanceList::new();
    s.chance_outcomes(&mut c);
    assert_eq!(
        c.to_vec(),
        [(act::card(C::Passaggio), 4), (act::card(C::Tiro), 1)]
    );
    play(&mut s, &[act::card(C::Tiro)]);
    assert_eq!(s.discard[C::Tiro.index()], 1);
    assert_eq!(s.takeable, [[0; NUM_CARDS]; 2], "nobody may take it");
    play(&mut s, &[act::card(C::Melina)]); // the attacker's refill
    assert_turn_start(&s, 0);
    assert_eq!(s.hand_count(1), 4);
}

#[test]
fn yellow_face_on_a_booked_defender_is_a_red_card() {
    let mut s = scenario(rules())
        .hand(1, &[C::Contrasto])
        .turn(1)
        .yellows(1, 1)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Passaggio),
            act::play(C::Contrasto),
            YELLOW,
        ],
    );
    assert_eq!((s.yellows, s.reds), ([0, 0], [0, 1]));
    assert_eq!(s.tasks.last(), Some(&Task::RedDiscardRandom(1)));
    play(&mut s, &[act::card(C::Passaggio)]);
    // Already sent off: the attacker has no ESPULSIONE window; only ERRORE ARBITRALE's.
    assert_eq!(s.tasks.last(), Some(&Task::FoulAnswerDefender));
    play(&mut s, &[act::DONE]);
    assert_turn_start(&s, 0);
    assert_eq!((s.hand_count(1), s.hand_limit(1)), (4, 4));
}

#[test]
fn espulsione_answers_a_whistle_with_a_red_card() {
    let mut s = tackle(rules(), &[C::Espulsione], &[], 2, WHISTLE);
    play(&mut s, &[act::play(C::Espulsione)]);
    assert_eq!(s.reds, [0, 1]);
    assert_eq!(s.hand_limit(1), 4);
    // Red discard first, then the answering player's refill.
    play(&mut s, &[act::card(C::Passaggio), act::card(C::Melina)]);
    assert_turn_start(&s, 0);
    assert_eq!([s.hand_count(0), s.hand_count(1)], [5, 4]);
    // The next turns keep the smaller hand.
    play(
        &mut s,
        &[act::DRAW, act::card(C::Melina), act::play(C::Melina)],
    );
    assert_turn_start(&s, 1);
    play(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::pick(C::Passaggio)],
    );
    assert_turn_start(&s, 0);
    assert_eq!(s.hand_count(1), 4);
}

#[test]
fn espulsione_turns_the_automatic_yellow_into_a_red() {
    let mut s = tackle(rules(), &[C::Espulsione, C::Ammonizione], &[], 2, YELLOW);
    assert_eq!(legal(&s), [act::play(C::Espulsione), act::DONE]);
    play(&mut s, &[act::play(C::Espulsione)]);
    assert_eq!((s.yellows, s.reds), ([0, 0], [0, 1]));
    play(&mut s, &[act::card(C::Passaggio), act::card(C::Melina)]);
    assert_turn_start(&s, 0);
}

#[test]
fn a_second_red_lowers_the_hand_limit_again() {
    // Reading 12: each red card lowers the limit by one for the rest of the half.
    let mut s = scenario(rules())
        .hand(0, &[C::Espulsione])
        .hand(1, &[C::Contrasto])
        .turn(1)
        .sent_off(1, C::Passaggio)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Passaggio),
            act::play(C::Contrasto),
            WHISTLE,
        ],
    );
    play(
        &mut s,
        &[
            act::play(C::Espulsione),
            act::card(C::Passaggio),
            act::card(C::Melina),
        ],
    );
    assert_turn_start(&s, 0);
    assert_eq!(s.reds, [0, 2]);
    assert_eq!((s.hand_count(1), s.hand_limit(1)), (3, 3));
}

#[test]
fn red_card_discard_offender_option() {
    // Reading 12, "offender": the sent-off player chooses the card he loses.
    let r = rules_with(|o| o.red_card_discard = RedCardDiscard::Offender);
    let mut s = tackle(r, &[C::Espulsione], &[C::Tiro], 2, WHISTLE);
    play(&mut s, &[act::play(C::Espulsione)]);
    assert_eq!(s.turn(), Turn::Decision(1));
    assert_eq!(legal(&s), [act::pick(C::Passaggio), act::pick(C::Tiro)]);
    play(&mut s, &[act::pick(C::Tiro), act::card(C::Melina)]);
    assert_turn_start(&s, 0);
    assert_eq!(s.hand_has(1, C::Tiro), 0);
    assert_eq!(s.hand_count(1), 4);
}

// ----- ERRORE ARBITRALE ------------------------------------------------------------------

#[test]
fn errore_arbitrale_after_an_unanswered_foul_wins_the_ball() {
    for face in [WHISTLE, YELLOW] {
        let mut s = tackle(rules(), &[], &[C::ErroreArbitrale], 3, face);
        play(&mut s, &[act::DONE]);
        assert_eq!(legal(&s), [act::play(C::ErroreArbitrale), act::DONE]);
        play(&mut s, &[act::play(C::ErroreArbitrale)]);
        assert_eq!((s.possession(), s.section()), (1, 3));
        // The defender draws back at once; no free kick: the ball changed side.
        assert_eq!(s.tasks.last(), Some(&Task::Draw(1)));
        play(&mut s, &[act::card(C::Passaggio)]);
        assert_turn_start(&s, 0);
        assert_eq!(s.hand_count(1), 5);
    }
}

#[test]
fn errore_arbitrale_not_after_an_answered_foul() {
    let mut s = tackle(
        rules(),
        &[C::Ammonizione],
        &[C::ErroreArbitrale],
        2,
        WHISTLE,
    );
    play(&mut s, &[act::play(C::Ammonizione), act::card(C::Melina)]);
    assert_turn_start(&s, 0);
    assert_eq!(s.hand_has(1, C::ErroreArbitrale), 1);
}

// ----- CATENACCIO --------------------------------------------------------------------------

#[test]
fn catenaccio_only_at_the_start_of_a_turn_without_drawing() {
    let mut s = scenario(rules()).hand(1, &[C::Catenaccio]).turn(1).build();
    assert_eq!(
        legal(&s),
        [act::play(C::Catenaccio), act::DRAW, act::CAMBIO]
    );
    play(&mut s, &[act::DRAW, act::card(C::Passaggio)]);
    assert!(!legal(&s).contains(&act::play(C::Catenaccio)));
}

#[test]
fn catenaccio_kept_while_it_fails() {
    for face in [R_X, WHISTLE, YELLOW] {
        let mut s = scenario(rules()).hand(1, &[C::Catenaccio]).turn(1).build();
        play(&mut s, &[act::play(C::Catenaccio), face]);
        if face != R_X {
            play(&mut s, &[act::DONE, act::DONE]);
        }
        assert_turn_start(&s, 0);
        assert_ball(&s, 0, 2);
        assert_eq!(s.hand_has(1, C::Catenaccio), 1);
        assert_eq!(s.hand_count(1), 5);
        assert_eq!(s.deck_count(), 80);
    }
}

#[test]
fn catenaccio_discarded_when_it_succeeds() {
    let mut s = scenario(rules()).hand(1, &[C::Catenaccio]).turn(1).build();
    play(&mut s, &[act::play(C::Catenaccio), R_BALL]);
    assert_eq!((s.possession(), s.section()), (1, 2));
    assert_eq!(s.discard[C::Catenaccio.index()], 1);
    play(&mut s, &[act::card(C::Passaggio)]);
    assert_turn_start(&s, 0);
    assert_eq!(s.hand_has(1, C::Catenaccio), 0);
}

// ----- FUORIGIOCO --------------------------------------------------------------------------

fn offside_after(first: &[Action]) -> State {
    let mut s = scenario(rules())
        .hand(0, &[C::Lancio, C::Passaggio])
        .hand(1, &[C::Fuorigioco])
        .attack(0, 1)
        .build();
    play(&mut s, first);
    assert_turn_start(&s, 1);
    play(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::play(C::Fuorigioco)],
    );
    assert_turn_start(&s, 0);
    assert_eq!(s.discard[C::Fuorigioco.index()], 1);
    s
}

#[test]
fn fuorigioco_after_a_successful_lancio_wins_the_ball() {
    let s = offside_after(&[
        act::DRAW,
        act::card(C::Contrasto),
        act::play(C::Lancio),
        act::lancio(2),
        BALL,
    ]);
    assert_eq!((s.possession(), s.section()), (1, 3));
}

#[test]
fn fuorigioco_has_no_effect_without_a_lancio() {
    let s = offside_after(&[
        act::DRAW,
        act::card(C::Contrasto),
        act::play(C::Passaggio),
        PLUS,
    ]);
    assert_ball(&s, 0, 3);
}

#[test]
fn fuorigioco_only_after_the_attackers_last_turn() {
    let mut s = scenario(rules())
        .hand(0, &[C::Lancio, C::Passaggio])
        .hand(1, &[C::Fuorigioco, C::Pressing])
        .attack(0, 1)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Contrasto),
            act::play(C::Lancio),
            act::lancio(1),
            BALL,
        ],
    );
    play(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::play(C::Pressing)],
    );
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Contrasto),
            act::play(C::Passaggio),
            MINUS,
        ],
    );
    play(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::play(C::Fuorigioco)],
    );
    assert_turn_start(&s, 0);
    assert_ball(&s, 0, 2);
}

// ----- FALLO LATERALE --------------------------------------------------------------------

fn throw_in(r: Rules, progress: u8) -> State {
    let mut s = scenario(r)
        .hand(1, &[C::FalloLaterale])
        .attack(0, progress)
        .turn(1)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Passaggio),
            act::play(C::FalloLaterale),
        ],
    );
    assert_turn_start(&s, 0);
    s
}

#[test]
fn fallo_laterale_sends_the_attacker_back_one_section_keeping_the_ball() {
    assert_ball(&throw_in(rules(), 3), 0, 2);
    assert_ball(&throw_in(rules(), 1), 0, 0);
    // Never behind his own penalty area.
    assert_ball(&throw_in(rules(), 0), 0, 0);
}

#[test]
fn throw_in_back_option() {
    // Reading 14: `throw_in_back = 2`.
    let mut r = rules();
    r.options.throw_in_back = 2;
    assert_ball(&throw_in(r, 3), 0, 1);
    assert_ball(&throw_in(r, 1), 0, 0);
}

// ----- FALLO INTENZIONALE ---------------------------------------------------------------

fn intentional(progress: u8) -> State {
    let mut s = scenario(rules())
        .hand(0, &[C::Tiro, C::Lancio, C::Passaggio])
        .hand(1, &[C::FalloIntenzionale, C::Tiro])
        .attack(0, progress)
        .turn(1)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Passaggio),
            act::play(C::FalloIntenzionale),
        ],
    );
    // An automatic red card: one card at random, a limit of four.
    assert_eq!(s.reds, [0, 1]);
    assert_eq!(s.hand_limit(1), 4);
    assert_eq!(s.tasks.last(), Some(&Task::RedDiscardRandom(1)));
    play(&mut s, &[act::card(C::Tiro)]);
    // The defender sees the attacker's hand and discards one of its cards.
    assert_eq!(s.tasks.last(), Some(&Task::InspectDiscard));
    assert_eq!(s.turn(), Turn::Decision(1));
    assert_eq!(
        legal(&s),
        [
            act::pick(C::Passaggio),
            act::pick(C::Tiro),
            act::pick(C::Lancio),
            act::pick(C::Contrasto)
        ]
    );
    play(&mut s, &[act::pick(C::Lancio)]);
    // The attacker draws a replacement.
    assert_eq!(s.tasks.last(), Some(&Task::Draw(0)));
    play(&mut s, &[act::card(C::Melina)]);
    assert_eq!(s.hand_count(0), 5);
    assert_eq!(s.known[1][C::Tiro.index()], 1);
    assert_eq!(s.known[1][C::Contrasto.index()], 2);
    assert_eq!(s.known[1][C::Lancio.index()], 0);
    assert_eq!(
        s.known[1][C::Melina.index()],
        0,
        "the replacement is not seen"
    );
    assert_eq!(s.discard[C::Lancio.index()], 1);
    // No yellow/red answer for the attacker; the defender may still plead a referee error.
    assert_eq!(s.tasks.last(), Some(&Task::FoulAnswerDefender));
    play(&mut s, &[act::DONE]);
    s
}

#[test]
fn fallo_intenzionale_red_card_inspection_and_discard() {
    let s = intentional(2);
    assert_turn_start(&s, 0);
    assert_ball(&s, 0, 2);
    assert_eq!((s.hand_count(1), s.hand_limit(1)), (4, 4));
}

#[test]
fn fallo_intenzionale_gives_a_free_kick_or_a_penalty_by_location() {
    let mut s = intentional(3);
    play(&mut s, &[LEFT]);
    assert_eq!(s.tasks.last(), Some(&Task::Wall));
    let mut s = intentional(4);
    play(&mut s, &[LEFT]);
    assert_eq!(s.tasks.last(), Some(&Task::Keeper));
    play(&mut s, &[RIGHT, BALL]);
    assert_eq!(s.goals(), [1, 0]);
    assert_turn_start(&s, 0);
}

// ----- FALLO ED ERRORE ARBITRALE, SALVATAGGIO IN EXTREMIS -------------------------------

#[test]
fn fallo_ed_errore_arbitrale_wins_the_ball() {
    let mut s = scenario(rules())
        .hand(1, &[C::FalloEdErrore])
        .attack(0, 3)
        .turn(1)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Passaggio),
            act::play(C::FalloEdErrore),
        ],
    );
    assert_turn_start(&s, 0);
    assert_eq!((s.possession(), s.section()), (1, 3));
    assert_eq!(s.yellows, [0, 0]);
}

#[test]
fn salvataggio_only_in_the_own_penalty_area() {
    for p in 0..=3 {
        let mut s = scenario(rules())
            .hand(1, &[C::Salvataggio])
            .attack(0, p)
            .turn(1)
            .build();
        play(&mut s, &[act::DRAW, act::card(C::Passaggio)]);
        assert!(!legal(&s).contains(&act::play(C::Salvataggio)), "{p}");
    }
    let mut s = scenario(rules())
        .hand(1, &[C::Salvataggio])
        .attack(0, 4)
        .turn(1)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Passaggio),
            act::play(C::Salvataggio),
        ],
    );
    assert_turn_start(&s, 0);
    assert_eq!((s.possession(), s.section()), (1, 4));
    assert_ball(&s, 1, 0);
}

#[test]
fn errore_arbitrale_option() {
    // Reading 25: the attacker holds AMMONIZIONE and does not answer the whistle. By
    // default the defender may still answer with ERRORE ARBITRALE; under the Italian
    // reading he may not (no decision: the free kick follows at once).
    for (rule, defender_decides) in [
        (ErroreArbitraleRule::Unanswered, true),
        (ErroreArbitraleRule::AttackerWithoutAmmonizione, false),
    ] {
        let r = rules_with(|o| o.errore_arbitrale = rule);
        let mut s = tackle(r, &[C::Ammonizione], &[C::ErroreArbitrale], 3, WHISTLE);
        assert_eq!(s.turn(), Turn::Decision(0));
        assert!(legal(&s).contains(&act::play(C::Ammonizione)));
        play(&mut s, &[act::DONE]);
        assert_eq!(
            s.tasks.last() == Some(&Task::FoulAnswerDefender),
            defender_decides,
            "{rule:?}"
        );
        if !defender_decides {
            assert_eq!(s.tasks.last(), Some(&Task::ShotDirection));
        }
        // Without AMMONIZIONE in the attacker's hand, the defender decides either way.
        let mut s = tackle(r, &[], &[C::ErroreArbitrale], 3, WHISTLE);
        play(&mut s, &[act::DONE]);
        assert_eq!(s.tasks.last(), Some(&Task::FoulAnswerDefender));
        assert!(legal(&s).contains(&act::play(C::ErroreArbitrale)));
    }
}
