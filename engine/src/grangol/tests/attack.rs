//! Attack cards that move the ball: PASSAGGIO, LANCIO, RILANCIO, CONTROPIEDE, DRIBBLING.

use super::*;
use crate::core::ApplyAction;

/// Seat 0, attacking from `progress`, draws and plays `card`, and the die shows `face`.
fn pass_like(r: Rules, card: Card, progress: u8, lancio: Option<u8>, face: Action) -> State {
    let mut s = scenario(r).hand(0, &[card]).attack(0, progress).build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(card)],
    );
    if let Some(n) = lancio {
        assert_eq!(legal(&s), [act::lancio(1), act::lancio(2)]);
        play(&mut s, &[act::lancio(n)]);
    }
    play(&mut s, &[face]);
    assert_turn_start(&s, 1);
    s
}

// ----- PASSAGGIO ---------------------------------------------------------------------------

#[test]
fn passaggio_ball_advances_one_section() {
    let s = pass_like(rules(), C::Passaggio, 1, None, BALL);
    assert_ball(&s, 0, 2);
    assert_eq!(s.discard[C::Passaggio.index()], 1);
}

#[test]
fn passaggio_plus_one_advances_two_sections() {
    let s = pass_like(rules(), C::Passaggio, 1, None, PLUS);
    assert_ball(&s, 0, 3);
    // Never past the opponent's penalty area.
    let s = pass_like(rules(), C::Passaggio, 3, None, PLUS);
    assert_ball(&s, 0, 4);
}

#[test]
fn passaggio_minus_one_stays_and_keeps_the_ball() {
    let s = pass_like(rules(), C::Passaggio, 1, None, MINUS);
    assert_ball(&s, 0, 1);
}

#[test]
fn passaggio_x_gives_the_ball_away_in_the_same_section() {
    let s = pass_like(rules(), C::Passaggio, 1, None, G_X);
    assert_eq!((s.possession(), s.section()), (1, 1));
    assert_ball(&s, 1, 3);
    assert_eq!(s.discard[C::Passaggio.index()], 1);
}

#[test]
fn passaggio_result_is_reported() {
    let mut s = scenario(rules()).hand(0, &[C::Passaggio]).build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Passaggio)],
    );
    let mut events = Vec::new();
    s.apply_with(G_X, &mut |e| events.push(e));
    assert!(events.contains(&crate::core::GameEvent::CardResolved {
        seat: 0,
        card: C::Passaggio as u8,
        success: false
    }));
}

// ----- LANCIO ------------------------------------------------------------------------------

#[test]
fn lancio_advances_two_sections_or_one_if_declared() {
    assert_ball(&pass_like(rules(), C::Lancio, 1, Some(2), BALL), 0, 3);
    assert_ball(&pass_like(rules(), C::Lancio, 1, Some(1), BALL), 0, 2);
    assert_ball(&pass_like(rules(), C::Lancio, 3, Some(2), BALL), 0, 4);
}

#[test]
fn lancio_plus_and_minus_are_relative_to_its_own_advance() {
    // Reading 5, default "relative".
    assert_ball(&pass_like(rules(), C::Lancio, 0, Some(2), PLUS), 0, 3);
    assert_ball(&pass_like(rules(), C::Lancio, 0, Some(1), PLUS), 0, 2);
    assert_ball(&pass_like(rules(), C::Lancio, 1, Some(2), MINUS), 0, 2);
    assert_ball(&pass_like(rules(), C::Lancio, 1, Some(1), MINUS), 0, 1);
    assert_ball(&pass_like(rules(), C::Lancio, 2, Some(2), PLUS), 0, 4);
}

#[test]
fn lancio_pass_only_option_ignores_plus_and_minus() {
    // Reading 5, "pass-only": only PASSAGGIO is modified.
    let r = rules_with(|o| o.long_ball_dice = LongBallDice::PassOnly);
    assert_ball(&pass_like(r, C::Lancio, 0, Some(2), PLUS), 0, 2);
    assert_ball(&pass_like(r, C::Lancio, 0, Some(2), MINUS), 0, 2);
    assert_ball(&pass_like(r, C::Passaggio, 0, None, PLUS), 0, 2);
    assert_ball(&pass_like(r, C::Passaggio, 0, None, MINUS), 0, 0);
}

#[test]
fn lancio_x_gives_the_ball_away_in_the_same_section() {
    let s = pass_like(rules(), C::Lancio, 1, Some(2), G_X);
    assert_eq!((s.possession(), s.section()), (1, 1));
    assert!(!s.offside_open, "a failed LANCIO opens no offside");
}

// ----- RILANCIO ----------------------------------------------------------------------------

#[test]
fn rilancio_only_from_the_own_penalty_area() {
    for p in 1..=4 {
        let mut s = scenario(rules())
            .hand(0, &[C::Rilancio])
            .attack(0, p)
            .build();
        play(&mut s, &[act::DRAW, act::card(C::Contrasto)]);
        assert!(!legal(&s).contains(&act::play(C::Rilancio)), "progress {p}");
    }
    let mut s = scenario(rules())
        .hand(0, &[C::Rilancio])
        .attack(0, 0)
        .build();
    play(&mut s, &[act::DRAW, act::card(C::Contrasto)]);
    assert!(legal(&s).contains(&act::play(C::Rilancio)));
}

#[test]
fn rilancio_advances_three_sections() {
    assert_ball(&pass_like(rules(), C::Rilancio, 0, None, BALL), 0, 3);
    assert_ball(&pass_like(rules(), C::Rilancio, 0, None, PLUS), 0, 4);
    assert_ball(&pass_like(rules(), C::Rilancio, 0, None, MINUS), 0, 2);
    let s = pass_like(rules(), C::Rilancio, 0, None, G_X);
    assert_eq!((s.possession(), s.section()), (1, 0));
    let r = rules_with(|o| o.long_ball_dice = LongBallDice::PassOnly);
    assert_ball(&pass_like(r, C::Rilancio, 0, None, PLUS), 0, 3);
    assert_ball(&pass_like(r, C::Rilancio, 0, None, MINUS), 0, 3);
}

// ----- CONTROPIEDE -------------------------------------------------------------------------

#[test]
fn contropiede_only_at_the_start_of_a_turn_without_drawing() {
    let mut s = scenario(rules()).hand(0, &[C::Contropiede]).build();
    assert_eq!(
        legal(&s),
        [act::play(C::Contropiede), act::DRAW, act::CAMBIO]
    );
    play(&mut s, &[act::DRAW, act::card(C::Contrasto)]);
    // After drawing it is an unplayable card.
    assert_eq!(
        legal(&s),
        [act::pick(C::Contropiede), act::pick(C::Contrasto)]
    );
    // The defender cannot play it at all.
    let s = scenario(rules()).hand(1, &[C::Contropiede]).turn(1).build();
    assert_eq!(legal(&s), [act::DRAW, act::CAMBIO]);
}

#[test]
fn contropiede_success_keeps_it_in_hand() {
    let mut s = scenario(rules()).hand(0, &[C::Contropiede]).build();
    play(&mut s, &[act::play(C::Contropiede), BALL]);
    assert_turn_start(&s, 1);
    assert_ball(&s, 0, 3);
    assert_eq!(s.hand_has(0, C::Contropiede), 1);
    assert_eq!(s.hand_count(0), 5);
    assert_eq!(s.deck_count(), 80, "no card drawn");
    assert_eq!(
        s.known[1][C::Contropiede.index()],
        1,
        "the opponent saw it return"
    );
    // It can be used again next time.
    play(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::pick(C::Passaggio)],
    );
    assert!(legal(&s).contains(&act::play(C::Contropiede)));
}

#[test]
fn contropiede_failure_discards_it() {
    let mut s = scenario(rules()).hand(0, &[C::Contropiede]).build();
    play(&mut s, &[act::play(C::Contropiede), G_X]);
    assert_eq!((s.possession(), s.section()), (1, 2));
    assert_eq!(s.discard[C::Contropiede.index()], 1);
    play(&mut s, &[act::card(C::Passaggio)]); // end-of-turn refill
    assert_turn_start(&s, 1);
    assert_eq!(s.hand_has(0, C::Contropiede), 0);
}

#[test]
fn contropiede_minus_one_counts_as_success() {
    // Reading 13, default: "-1" keeps CONTROPIEDE.
    let mut s = scenario(rules()).hand(0, &[C::Contropiede]).build();
    play(&mut s, &[act::play(C::Contropiede), MINUS]);
    assert_turn_start(&s, 1);
    assert_ball(&s, 0, 2);
    assert_eq!(s.hand_has(0, C::Contropiede), 1);
}

#[test]
fn contropiede_minus_one_failure_option() {
    // Reading 13, "failure": "-1" discards CONTROPIEDE, but the ball is kept.
    let r = rules_with(|o| o.counter_minus_one = CounterMinusOne::Failure);
    let mut s = scenario(r).hand(0, &[C::Contropiede]).build();
    play(&mut s, &[act::play(C::Contropiede), MINUS]);
    assert_ball(&s, 0, 2);
    assert_eq!(s.discard[C::Contropiede.index()], 1);
    play(&mut s, &[act::card(C::Passaggio)]);
    assert_turn_start(&s, 1);
    assert_eq!(s.hand_has(0, C::Contropiede), 0);
}

// ----- DRIBBLING ---------------------------------------------------------------------------

fn dribbling_hand() -> State {
    let mut s = scenario(rules())
        .hand(0, &[C::Dribbling, C::Dribbling, C::Passaggio, C::Tiro])
        .attack(0, 3)
        .build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Dribbling)],
    );
    s
}

#[test]
fn dribbling_plays_up_to_two_more_cards_then_refills_the_hand() {
    let mut s = dribbling_hand();
    // No second DRIBBLING, no red card; TIRO may be chosen though not yet playable.
    assert_eq!(
        legal(&s),
        [act::play(C::Passaggio), act::play(C::Tiro), act::DONE]
    );
    play(&mut s, &[act::play(C::Passaggio)]);
    assert_eq!(legal(&s), [act::play(C::Tiro), act::DONE]);
    play(&mut s, &[act::play(C::Tiro)]);
    // All chosen: the PASSAGGIO is resolved first...
    assert_eq!(s.turn(), Turn::Chance);
    play(&mut s, &[BALL]);
    assert_ball(&s, 0, 4);
    // ...then the TIRO from the penalty area.
    assert_eq!(s.tasks.last(), Some(&Task::ShotDirection));
    play(&mut s, &[LEFT, RIGHT, BALL]);
    assert_eq!(s.goals(), [1, 0]);
    // Three cards played: the hand is refilled with two (the errata's "draw two").
    assert_eq!(s.hand_count(0), 3);
    play(&mut s, &[act::card(C::Melina), act::card(C::Melina)]);
    assert_turn_start(&s, 1);
    assert_eq!(s.hand_count(0), 5);
    assert_eq!(s.discard[C::Dribbling.index()], 1);
}

#[test]
fn dribbling_cards_after_a_failure_are_wasted() {
    let mut s = dribbling_hand();
    play(&mut s, &[act::play(C::Passaggio), act::play(C::Tiro), G_X]);
    // The pass failed: no shot; TIRO is discarded anyway.
    assert_eq!((s.possession(), s.section()), (1, 3));
    assert_eq!(
        s.tasks.last(),
        Some(&Task::Draw(0)),
        "straight to the refill"
    );
    assert_eq!(s.discard[C::Tiro.index()], 1);
    assert_eq!(s.table, [0; NUM_CARDS]);
    play(&mut s, &[act::card(C::Melina), act::card(C::Melina)]);
    assert_turn_start(&s, 1);
}

#[test]
fn dribbling_card_not_playable_when_its_turn_comes_is_wasted() {
    // PASSAGGIO "-1" keeps the attacker in the three-quarters: TIRO cannot be used.
    let mut s = dribbling_hand();
    play(
        &mut s,
        &[act::play(C::Passaggio), act::play(C::Tiro), MINUS],
    );
    assert_ball(&s, 0, 3);
    assert_eq!(s.tasks.last(), Some(&Task::Draw(0)));
    assert_eq!(s.discard[C::Tiro.index()], 1);
}

#[test]
fn dribbling_may_stop_after_one_card() {
    let mut s = dribbling_hand();
    play(&mut s, &[act::play(C::Passaggio), act::DONE, BALL]);
    assert_ball(&s, 0, 4);
    // Two cards played (DRIBBLING and PASSAGGIO): one card is drawn back.
    assert_eq!(s.hand_count(0), 4);
    play(&mut s, &[act::card(C::Melina)]);
    assert_turn_start(&s, 1);
    assert_eq!(s.hand_count(0), 5);
}

#[test]
fn dribbling_extra_option_limits_the_cards() {
    // Reading 17: with dribbling_extra = 1 only one card goes with DRIBBLING.
    let mut r = rules();
    r.options.dribbling_extra = 1;
    let mut s = scenario(r)
        .hand(0, &[C::Dribbling, C::Passaggio, C::Tiro])
        .attack(0, 3)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Contrasto),
            act::play(C::Dribbling),
            act::play(C::Passaggio),
        ],
    );
    assert_eq!(s.turn(), Turn::Chance, "no second pick");
    play(&mut s, &[BALL, act::card(C::Melina)]);
    assert_turn_start(&s, 1);
    assert_ball(&s, 0, 4);
    // With 0, DRIBBLING does nothing.
    r.options.dribbling_extra = 0;
    let mut s = scenario(r).hand(0, &[C::Dribbling]).build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Dribbling)],
    );
    assert_turn_start(&s, 1);
}

#[test]
fn dribbling_rebound_option() {
    // Reading 24: a TIRO inside DRIBBLING saved on the keeper's side but not held (an X)
    // bounces back to the attacker. By default the second TIRO then resolves at once;
    // under "stop" it is wasted, as "it is now the defender's turn".
    for (rule, second_shot) in [
        (DribblingRebound::Continue, true),
        (DribblingRebound::Stop, false),
    ] {
        let r = rules_with(|o| o.dribbling_rebound = rule);
        let mut s = scenario(r)
            .hand(0, &[C::Dribbling, C::Tiro, C::Tiro])
            .attack(0, 4)
            .build();
        play(
            &mut s,
            &[
                act::DRAW,
                act::card(C::Contrasto),
                act::play(C::Dribbling),
                act::play(C::Tiro),
                act::play(C::Tiro),
                LEFT,
                LEFT,
                G_X,
            ],
        );
        assert_ball(&s, 0, 4);
        assert_eq!(
            s.tasks.last() == Some(&Task::ShotDirection),
            second_shot,
            "{rule:?}"
        );
        if !second_shot {
            assert_eq!(s.discard[C::Tiro.index()], 2);
        }
    }
}
