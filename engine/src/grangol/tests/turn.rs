//! Setup, the turn (draw, take, play, discard), CAMBIO, TEMPO +5, the two halves and the
//! end of the game.

use super::*;

// ----- setup --------------------------------------------------------------------------

#[test]
fn setup_deals_five_cards_each_and_seat_0_kicks_off_at_midfield() {
    let mut s = State::new(rules());
    assert_eq!(s.turn(), Turn::Chance);
    // The deal alternates, seat 0 first.
    assert_eq!(s.tasks.last(), Some(&Task::Draw(0)));
    play(&mut s, &[act::card(C::Passaggio)]);
    assert_eq!(s.tasks.last(), Some(&Task::Draw(1)));
    chance_until_decision(&mut s);
    assert_turn_start(&s, 0);
    assert_eq!([s.hand_count(0), s.hand_count(1)], [5, 5]);
    assert_eq!([s.hand_limit(0), s.hand_limit(1)], [5, 5]);
    assert_eq!(s.deck_count(), 80);
    assert_eq!((s.half(), s.timer(), s.goals()), (1, 0, [0, 0]));
    assert_eq!((s.possession(), s.section()), (0, 2));
    assert_eq!(s.cambio_used, [false, false]);
}

#[test]
fn opening_tempo_replace_plays_it_and_deals_another_card() {
    // Reading 3, default: a TEMPO +5 dealt is played at once and replaced.
    let mut s = State::new(rules());
    play(&mut s, &[act::card(C::Tempo5)]);
    assert_eq!(s.timer(), 1);
    assert_eq!(s.hand_count(0), 0);
    assert_eq!(s.discard[C::Tempo5.index()], 1);
    assert_eq!(
        s.takeable, [[0; NUM_CARDS]; 2],
        "a played TEMPO +5 cannot be taken"
    );
    assert_eq!(
        s.tasks.last(),
        Some(&Task::Draw(0)),
        "seat 0 is dealt a replacement"
    );
    play(&mut s, &[act::card(C::Tiro)]);
    assert_eq!(hand(&s, 0), [C::Tiro]);
    assert_eq!(s.tasks.last(), Some(&Task::Draw(1)));
    chance_until_decision(&mut s);
    assert_eq!([s.hand_count(0), s.hand_count(1)], [5, 5]);
    assert_eq!(s.hand_has(0, C::Tempo5), 0);
}

#[test]
fn opening_tempo_hold_keeps_it_in_hand_but_a_later_draw_plays_it() {
    // Reading 3, "hold": a TEMPO +5 in the opening hand is an ordinary blue card...
    let r = rules_with(|o| o.opening_tempo = OpeningTempo::Hold);
    let mut s = scenario(r).hand(0, &[C::Tempo5]).build();
    assert_eq!(s.timer(), 0);
    assert_eq!(s.hand_has(0, C::Tempo5), 1);
    play(&mut s, &[act::DRAW, act::card(C::Contrasto)]);
    assert!(legal(&s).contains(&act::play(C::Tempo5)));
    play(&mut s, &[act::play(C::Tempo5)]);
    assert_eq!(s.timer(), 1);
    assert_turn_start(&s, 1);
    // ...but one drawn during the game is still played at once.
    play(&mut s, &[act::DRAW, act::card(C::Tempo5)]);
    assert_eq!(s.timer(), 2);
    assert_eq!(s.hand_has(1, C::Tempo5), 0);
    assert_eq!(s.tasks.last(), Some(&Task::Draw(1)));
}

// ----- the turn ------------------------------------------------------------------------

#[test]
fn turn_draws_one_card_then_plays_one_green_or_blue_card() {
    let mut s = scenario(rules()).hand(0, &[C::Passaggio]).build();
    // No CONTROPIEDE in hand, nothing to take: draw (or CAMBIO).
    assert_eq!(legal(&s), [act::DRAW, act::CAMBIO]);
    play(&mut s, &[act::DRAW]);
    assert_eq!(s.turn(), Turn::Chance);
    play(&mut s, &[act::card(C::Melina)]);
    assert_eq!(s.hand_count(0), 6);
    // The attacker may play green and blue cards, not his red CONTRASTO.
    assert_eq!(legal(&s), [act::play(C::Passaggio), act::play(C::Melina)]);
    play(&mut s, &[act::play(C::Melina)]);
    assert_turn_start(&s, 1);
    assert_eq!(s.hand_count(0), 5);
    assert_eq!(s.deck_count(), 79);
}

#[test]
fn defender_plays_only_red_or_blue_cards() {
    let mut s = scenario(rules())
        .hand(1, &[C::Contrasto, C::Lancio, C::Pressing])
        .turn(1)
        .build();
    play(&mut s, &[act::DRAW, act::card(C::Passaggio)]);
    assert_eq!(legal(&s), [act::play(C::Contrasto), act::play(C::Pressing)]);
}

#[test]
fn discard_when_unable_only() {
    // Reading 1, default: a player discards only when he cannot play.
    let mut s = scenario(rules()).hand(0, &[C::Passaggio]).build();
    play(&mut s, &[act::DRAW, act::card(C::FalloLaterale)]);
    assert_eq!(legal(&s), [act::play(C::Passaggio)]);

    let mut s = scenario(rules()).build(); // five CONTRASTO: nothing to play
    play(&mut s, &[act::DRAW, act::card(C::FalloLaterale)]);
    assert_eq!(
        legal(&s),
        [act::pick(C::Contrasto), act::pick(C::FalloLaterale)]
    );
    play(&mut s, &[act::pick(C::FalloLaterale)]);
    assert_turn_start(&s, 1);
    assert_eq!(s.discard[C::FalloLaterale.index()], 1);
    assert_eq!(s.takeable[1][C::FalloLaterale.index()], 1);
    assert_eq!(s.hand_count(0), 5);
}

#[test]
fn discard_always_option() {
    // Reading 1, "always": a player may discard instead of playing.
    let r = rules_with(|o| o.discard = DiscardRule::Always);
    let mut s = scenario(r).hand(0, &[C::Passaggio]).build();
    play(&mut s, &[act::DRAW, act::card(C::FalloLaterale)]);
    assert_eq!(
        legal(&s),
        [
            act::play(C::Passaggio),
            act::pick(C::Passaggio),
            act::pick(C::Contrasto),
            act::pick(C::FalloLaterale)
        ]
    );
}

#[test]
fn a_discarded_card_may_be_taken_instead_of_drawing_and_must_be_played() {
    let mut s = scenario(rules()).hand(1, &[C::Contrasto]).build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::FalloLaterale),
            act::pick(C::FalloLaterale),
        ],
    );
    assert_turn_start(&s, 1);
    assert_eq!(
        legal(&s),
        [act::DRAW, act::take(C::FalloLaterale), act::CAMBIO]
    );
    play(&mut s, &[act::take(C::FalloLaterale)]);
    // Taking replaces the draw (only seat 0's draw left the deck); the taken card is
    // played at once, not the CONTRASTO.
    assert_eq!(s.deck_count(), 79);
    assert_eq!(legal(&s), [act::play(C::FalloLaterale)]);
    play(&mut s, &[act::play(C::FalloLaterale)]);
    assert_ball(&s, 0, 1);
    assert_turn_start(&s, 0);
}

#[test]
fn a_discarded_card_is_taken_only_if_it_can_be_played() {
    let r = rules_with(|o| o.discard = DiscardRule::Always);
    let mut s = scenario(r).hand(0, &[C::Passaggio]).build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::pick(C::Passaggio)],
    );
    // The defender cannot play PASSAGGIO, so he cannot take it.
    assert_eq!(legal(&s), [act::DRAW, act::CAMBIO]);
}

#[test]
fn contropiede_cannot_be_taken_from_the_discard_pile() {
    // Engine choice: taking replaces the draw, and CONTROPIEDE needs a turn without one.
    let mut s = scenario(rules())
        .hand(0, &[C::Contropiede])
        .attack(1, 2)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Passaggio),
            act::pick(C::Contropiede),
        ],
    );
    assert_turn_start(&s, 1);
    assert_eq!(s.takeable[1][C::Contropiede.index()], 1);
    assert!(!legal(&s).contains(&act::take(C::Contropiede)));
}

/// Seat 0 discards CONTRASTO, seat 1 covers it with PRESSING, seat 0 discards FALLO
/// LATERALE: what may seat 1 take?
fn two_discards(r: Rules) -> State {
    let mut s = scenario(r).hand(1, &[C::Pressing]).build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::FalloLaterale),
            act::pick(C::Contrasto),
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
            act::card(C::Salvataggio),
            act::pick(C::FalloLaterale),
        ],
    );
    assert_turn_start(&s, 1);
    s
}

#[test]
fn take_discard_top_only() {
    // Reading 2, default: only the top card of the discard pile.
    let s = two_discards(rules());
    let l = legal(&s);
    assert!(l.contains(&act::take(C::FalloLaterale)));
    assert!(!l.contains(&act::take(C::Contrasto)));
}

#[test]
fn take_discard_any_option() {
    // Reading 2, "any": any card the opponent discarded this half.
    let s = two_discards(rules_with(|o| o.take_discard = TakeDiscard::Any));
    let l = legal(&s);
    assert!(l.contains(&act::take(C::FalloLaterale)));
    assert!(l.contains(&act::take(C::Contrasto)));
}

#[test]
fn a_drawn_tempo_is_played_at_once_and_another_card_drawn() {
    let mut s = scenario(rules()).timer(2).build();
    play(&mut s, &[act::DRAW, act::card(C::Tempo5)]);
    assert_eq!(s.timer(), 3);
    assert_eq!(s.discard[C::Tempo5.index()], 1);
    assert_eq!(s.tasks.last(), Some(&Task::Draw(0)));
    play(&mut s, &[act::card(C::Melina)]);
    assert_eq!(s.hand_count(0), 6);
    assert_eq!(legal(&s), [act::play(C::Melina)]);
}

#[test]
fn cambio_replaces_up_to_three_cards_once_per_match_then_the_turn_goes_on() {
    let mut s = scenario(rules())
        .hand(0, &[C::Tiro, C::Tiro, C::Grangol])
        .build();
    play(&mut s, &[act::CAMBIO]);
    // CAMBIO replaces at least one card: no "done" before the first pick.
    assert!(!legal(&s).contains(&act::DONE));
    play(
        &mut s,
        &[
            act::pick(C::Tiro),
            act::pick(C::Tiro),
            act::pick(C::Grangol),
        ],
    );
    // Three cards discarded, three drawn.
    assert_eq!(s.turn(), Turn::Chance);
    play(
        &mut s,
        &[
            act::card(C::Passaggio),
            act::card(C::Lancio),
            act::card(C::Melina),
        ],
    );
    assert_eq!(
        hand(&s, 0),
        [
            C::Passaggio,
            C::Lancio,
            C::Contrasto,
            C::Contrasto,
            C::Melina
        ]
    );
    assert_eq!(s.discard[C::Tiro.index()], 2);
    assert_eq!(
        s.takeable, [[0; NUM_CARDS]; 2],
        "CAMBIO discards cannot be taken"
    );
    // Not a turn: the player still draws normally, and cannot use CAMBIO again.
    assert_turn_start(&s, 0);
    assert_eq!(legal(&s), [act::DRAW]);
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
    assert_ball(&s, 0, 3);
    assert_eq!(s.cambio_used, [true, false]);
}

#[test]
fn cambio_may_replace_fewer_cards() {
    let mut s = scenario(rules()).build();
    play(&mut s, &[act::CAMBIO, act::pick(C::Contrasto), act::DONE]);
    assert_eq!(s.tasks.last(), Some(&Task::Draw(0)));
    play(&mut s, &[act::card(C::Passaggio)]);
    assert_turn_start(&s, 0);
    assert_eq!(s.hand_count(0), 5);

    // "Done" at once would use CAMBIO up for nothing: it is not offered.
    let mut s = scenario(rules()).build();
    play(&mut s, &[act::CAMBIO]);
    assert!(!legal(&s).contains(&act::DONE));
    assert!(s.try_apply(act::DONE).is_err());
}

#[test]
fn hands_are_refilled_to_the_limit_at_the_end_of_the_turn() {
    // CONTROPIEDE fails without a draw: the hand is back to five at the end of the turn.
    let mut s = scenario(rules()).hand(0, &[C::Contropiede]).build();
    play(&mut s, &[act::play(C::Contropiede), G_X]);
    assert_eq!(s.tasks.last(), Some(&Task::Draw(0)));
    play(&mut s, &[act::card(C::Tiro)]);
    assert_turn_start(&s, 1);
    assert_eq!(s.hand_count(0), 5);
}

// ----- halves and the end of the game --------------------------------------------------

#[test]
fn half_ends_when_recupero_is_revealed_and_the_second_half_is_set_up() {
    let mut s = scenario(rules())
        .hand(0, &[C::Melina])
        .timer(8)
        .in_play(0, C::Pioggia)
        .score([1, 0])
        .yellows(1, 1)
        .cambio_used(1)
        // Seat 1 was sent off (one card less) and OGGETTI IN CAMPO was used.
        .sent_off(1, C::Passaggio)
        .out(C::Oggetti, 1)
        .build();

    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Melina)],
    );
    // RECUPERO revealed: the second half is being dealt.
    assert_eq!(s.half(), 2);
    assert_eq!(s.timer(), 0);
    assert!(s.dealing);
    assert_eq!(s.tasks.last(), Some(&Task::Draw(0)));
    assert_eq!(s.goals(), [1, 0], "the score is kept");
    assert_eq!((s.yellows, s.reds), ([0, 0], [0, 0]));
    assert_eq!(s.hand_limit, [5, 5], "red-card effects end with the half");
    assert!(s.lasting.is_empty() && !s.raining());
    assert_eq!(s.cambio_used, [false, true], "CAMBIO is once per match");
    assert_eq!(
        s.deck_count(),
        89,
        "everything back in the deck but the used OGGETTI"
    );
    assert_eq!(s.deck[C::Oggetti.index()], 0);
    assert_eq!([s.hand_count(0), s.hand_count(1)], [0, 0]);
    chance_until_decision(&mut s);
    // The seat that did not kick off the first half kicks off the second.
    assert_turn_start(&s, 1);
    assert_eq!((s.possession(), s.section()), (1, 2));
    assert_eq!([s.hand_count(0), s.hand_count(1)], [5, 5]);
    assert_eq!(
        legal(&s),
        [act::DRAW],
        "seat 1 used its CAMBIO in the first half"
    );
}

#[test]
fn half_ends_when_the_draw_pile_is_empty() {
    // Reading 18, default.
    let mut s = scenario(rules()).deck(&[(C::Melina, 1)]).build();
    assert_eq!(s.deck_count(), 1);
    play(&mut s, &[act::DRAW, act::card(C::Melina)]);
    assert_eq!(s.half(), 2);
    assert_eq!(s.deck_count(), 90);
    assert!(s.dealing);
}

#[test]
fn half_end_recupero_reshuffle_refills_the_empty_draw_pile() {
    // Reading 18, "recupero-reshuffle": the discard pile becomes the draw pile.
    let r = rules_with(|o| o.half_end = HalfEnd::RecuperoReshuffle);
    let mut s = scenario(r).deck(&[(C::Melina, 1)]).build();
    let discarded = s.discard.iter().map(|&n| u16::from(n)).sum::<u16>();
    play(&mut s, &[act::DRAW, act::card(C::Melina)]);
    assert_eq!(s.half(), 1);
    assert_eq!(s.deck_count(), discarded);
    assert_eq!(s.discard, [0; NUM_CARDS]);
    assert_eq!(legal(&s), [act::play(C::Melina)]);
}

#[test]
fn max_turns_per_half_is_a_safety_cap() {
    let mut r = rules();
    r.max_turns_per_half = 2;
    let mut s = scenario(r)
        .hand(0, &[C::Melina])
        .hand(1, &[C::Melina])
        .build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Melina)],
    );
    assert_eq!(s.half(), 1);
    play(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::play(C::Melina)],
    );
    assert_eq!(s.half(), 2);
    assert!(s.dealing);
}

#[test]
fn game_ends_after_the_second_half_with_returns() {
    for (score, returns) in [
        ([2, 1], [1.0, 0.0]),
        ([0, 1], [0.0, 1.0]),
        ([1, 1], [0.5, 0.5]),
    ] {
        let mut s = scenario(rules())
            .hand(0, &[C::Melina])
            .timer(8)
            .half(2)
            .score(score)
            .build();
        assert_eq!(s.returns(), [0.0; 4], "no returns before the end");
        play(
            &mut s,
            &[act::DRAW, act::card(C::Contrasto), act::play(C::Melina)],
        );
        assert_eq!(s.turn(), Turn::Terminal);
        assert_eq!(s.returns(), [returns[0], returns[1], 0.0, 0.0]);
        assert_eq!(
            (s.score(0), s.score(1)),
            (i32::from(score[0]), i32::from(score[1]))
        );
        assert!(legal(&s).is_empty());
        assert!(!allowed(&s, act::DRAW));
    }
}

#[test]
fn game_ends_when_the_draw_pile_runs_out_in_the_second_half() {
    let mut s = scenario(rules()).deck(&[(C::Melina, 1)]).half(2).build();
    play(&mut s, &[act::DRAW, act::card(C::Melina)]);
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.returns()[..2], [0.5, 0.5]);
}

#[test]
fn second_half_hands_option() {
    // Reading 23: under "keep" each player keeps his hand into the second half and draws
    // up to the hand size (restored after a red card); the rest is reshuffled.
    let r = rules_with(|o| o.second_half_hands = SecondHalfHands::Keep);
    let mut s = scenario(r)
        .hand(0, &[C::Melina, C::Tiro, C::Tiro])
        .hand(1, &[C::Catenaccio])
        .timer(8)
        .sent_off(1, C::Passaggio)
        .build();
    let kept = [hand(&s, 0), hand(&s, 1)];
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Melina)],
    );
    assert_eq!(s.half(), 2);
    assert!(s.dealing);
    // Seat 0 played MELINA and drew a CONTRASTO: five cards, nothing to draw. Seat 1 lost
    // a card to the red: one to draw.
    assert_eq!([s.hand_count(0), s.hand_count(1)], [5, 4]);
    assert_eq!(s.tasks.last(), Some(&Task::Draw(1)));
    assert!(hand(&s, 0).iter().filter(|&&c| c == C::Tiro).count() == 2);
    assert_eq!(hand(&s, 1), kept[1]);
    let held = s.hand_count(0) + s.hand_count(1);
    assert_eq!(s.deck_count(), 90 - u16::from(held));
    s.check_invariants().unwrap();
    play(&mut s, &[act::card(C::Fuorigioco)]);
    chance_until_decision(&mut s);
    assert_eq!([s.hand_count(0), s.hand_count(1)], [5, 5]);
    assert_turn_start(&s, 1);
    // Under "fresh" (default) the hands are dealt anew.
    let mut s = scenario(rules()).hand(0, &[C::Melina]).timer(8).build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Melina)],
    );
    assert_eq!([s.hand_count(0), s.hand_count(1)], [0, 0]);
}
