//! Blue (universal) cards: MELINA, PRESSING, TIFOSI A FAVORE, MISCHIA, OGGETTI IN CAMPO,
//! PIOGGIA, SOLE, EQUILIBRIO IN CAMPO, SUPERIORITA' TECNICA, CONDIZIONE ATLETICA; and the
//! interchangeable PASSAGGIO/CONTRASTO variant. (TEMPO +5 is in `turn.rs`.)

use super::*;
use crate::core::{ChanceOutcomes, LegalActions};

/// Seat `seat` plays the blue `card` in its turn (seat 0 attacks from `progress`).
fn blue(r: Rules, seat: Seat, card: Card, progress: u8, timer: u8) -> State {
    let mut s = scenario(r)
        .hand(seat, &[card])
        .attack(0, progress)
        .turn(seat)
        .timer(timer)
        .build();
    let filler = if seat == 0 {
        C::Contrasto
    } else {
        C::Passaggio
    };
    play(&mut s, &[act::DRAW, act::card(filler), act::play(card)]);
    s
}

// ----- MELINA, PRESSING ------------------------------------------------------------------

#[test]
fn melina_moves_the_timer_forward() {
    let s = blue(rules(), 0, C::Melina, 2, 3);
    assert_eq!(s.timer(), 4);
    assert_turn_start(&s, 1);
    let s = blue(rules(), 1, C::Melina, 2, 0);
    assert_eq!(s.timer(), 1);
}

#[test]
fn pressing_moves_the_timer_back_but_not_below_the_first_card() {
    let s = blue(rules(), 0, C::Pressing, 2, 3);
    assert_eq!(s.timer(), 2);
    let s = blue(rules(), 1, C::Pressing, 2, 0);
    assert_eq!(s.timer(), 0);
    assert_turn_start(&s, 0);
}

// ----- TIFOSI A FAVORE ---------------------------------------------------------------------

fn tifosi_options(r: Rules, seat: Seat, progress: u8) -> Vec<Action> {
    let mut s = scenario(r)
        .hand(seat, &[C::Tifosi])
        .attack(0, progress)
        .turn(seat)
        .build();
    let filler = if seat == 0 {
        C::Contrasto
    } else {
        C::Passaggio
    };
    play(&mut s, &[act::DRAW, act::card(filler)]);
    legal(&s)
}

#[test]
fn tifosi_stands_for_any_card_legal_for_the_role() {
    // Reading 16, default "role-card".
    let l = tifosi_options(rules(), 0, 2);
    for c in [
        C::Passaggio,
        C::Lancio,
        C::Dribbling,
        C::Melina,
        C::Mischia,
        C::Pioggia,
    ] {
        assert!(l.contains(&act::play_as(c)), "{}", c.name());
    }
    for c in [
        C::Tiro,
        C::TiroDaFuori,
        C::Grangol,
        C::Rilancio,
        C::Contropiede,
        C::Ammonizione,
        C::Contrasto,
        C::Tifosi,
    ] {
        assert!(!l.contains(&act::play_as(c)), "{}", c.name());
    }
    assert!(!l.contains(&act::play(C::Tifosi)), "never as itself");
    let l = tifosi_options(rules(), 1, 4);
    for c in [C::Contrasto, C::FalloLaterale, C::Salvataggio, C::Pressing] {
        assert!(l.contains(&act::play_as(c)), "{}", c.name());
    }
    assert!(!l.contains(&act::play_as(C::Passaggio)));
}

#[test]
fn tifosi_never_stands_for_grangol() {
    let l = tifosi_options(rules(), 0, 4);
    assert!(l.contains(&act::play_as(C::Tiro)));
    assert!(l.contains(&act::play_as(C::TiroDaFuori)));
    assert!(!l.contains(&act::play_as(C::Grangol)));
}

#[test]
fn tifosi_played_as_passaggio_rolls_like_it() {
    let mut s = scenario(rules()).hand(0, &[C::Tifosi]).build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Contrasto),
            act::play_as(C::Passaggio),
            PLUS,
        ],
    );
    assert_ball(&s, 0, 4);
    assert_eq!(s.discard[C::Tifosi.index()], 1);
    assert_turn_start(&s, 1);
}

#[test]
fn tifosi_as_contropiede_is_played_without_drawing_and_kept_on_success() {
    // Engine choice: TIFOSI standing for CONTROPIEDE behaves as CONTROPIEDE.
    let mut s = scenario(rules()).hand(0, &[C::Tifosi]).build();
    assert!(legal(&s).contains(&act::play_as(C::Contropiede)));
    play(&mut s, &[act::play_as(C::Contropiede), BALL]);
    assert_ball(&s, 0, 3);
    assert_eq!(s.hand_has(0, C::Tifosi), 1);
}

#[test]
fn tifosi_answers_a_foul_under_role_card() {
    let mut s = scenario(rules())
        .hand(0, &[C::Tifosi])
        .hand(1, &[C::Contrasto])
        .turn(1)
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
    assert_eq!(
        legal(&s),
        [
            act::play_as(C::Ammonizione),
            act::play_as(C::Espulsione),
            act::DONE
        ]
    );
    play(
        &mut s,
        &[act::play_as(C::Ammonizione), act::card(C::Melina)],
    );
    assert_eq!(s.yellows, [0, 1]);
    assert_eq!(s.discard[C::Tifosi.index()], 1);
    assert_turn_start(&s, 0);
}

#[test]
fn tifosi_in_turn_option_cannot_answer_a_foul() {
    // Reading 16, "in-turn".
    let r = rules_with(|o| o.tifosi = TifosiRule::InTurn);
    let mut s = scenario(r)
        .hand(0, &[C::Tifosi])
        .hand(1, &[C::Contrasto, C::Tifosi])
        .turn(1)
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
    assert_eq!(legal(&s), [act::DONE]);
    play(&mut s, &[act::DONE]);
    assert_eq!(legal(&s), [act::DONE], "no ERRORE ARBITRALE either");
    // In turn it still stands for the role's cards.
    assert!(tifosi_options(r, 0, 2).contains(&act::play_as(C::Passaggio)));
}

// ----- MISCHIA -----------------------------------------------------------------------------

#[test]
fn mischia_gives_a_chosen_card_and_takes_one_at_random() {
    let mut s = scenario(rules())
        .hand(0, &[C::Mischia, C::Tiro])
        .hand(1, &[C::Catenaccio])
        .build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Mischia)],
    );
    assert_eq!(s.turn(), Turn::Decision(0));
    assert_eq!(legal(&s), [act::pick(C::Tiro), act::pick(C::Contrasto)]);
    play(&mut s, &[act::pick(C::Tiro)]);
    // A random card of the opponent's hand (the given card is not among them).
    let mut c = ChanceList::new();
    s.chance_outcomes(&mut c);
    assert_eq!(
        c.to_vec(),
        [(act::card(C::Passaggio), 4), (act::card(C::Catenaccio), 1)]
    );
    play(&mut s, &[act::card(C::Catenaccio)]);
    assert_turn_start(&s, 1);
    assert_eq!(
        hand(&s, 0),
        [
            C::Contrasto,
            C::Contrasto,
            C::Contrasto,
            C::Contrasto,
            C::Catenaccio
        ]
    );
    assert_eq!(
        hand(&s, 1),
        [
            C::Passaggio,
            C::Passaggio,
            C::Passaggio,
            C::Passaggio,
            C::Tiro
        ]
    );
    // Both players know where the exchanged cards went.
    assert_eq!(s.known[0][C::Tiro.index()], 1);
    assert_eq!(s.known[1][C::Catenaccio.index()], 1);
    assert_eq!(s.discard[C::Mischia.index()], 1);
}

// ----- OGGETTI IN CAMPO ------------------------------------------------------------------

#[test]
fn oggetti_in_campo_plain_ball_resets_the_timer_and_leaves_the_game() {
    let mut s = scenario(rules())
        .hand(0, &[C::Oggetti])
        .attack(0, 3)
        .timer(6)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Contrasto),
            act::play(C::Oggetti),
            BALL,
        ],
    );
    assert_eq!(s.timer(), 0);
    assert_ball(&s, 0, 3);
    assert_eq!(s.out[C::Oggetti.index()], 1);
    assert_eq!(s.discard[C::Oggetti.index()], 0);
    assert_turn_start(&s, 1);
}

#[test]
fn oggetti_in_campo_other_faces_do_nothing_but_it_still_leaves_the_game() {
    for face in [PLUS, MINUS, G_X] {
        let mut s = scenario(rules()).hand(0, &[C::Oggetti]).timer(6).build();
        play(
            &mut s,
            &[
                act::DRAW,
                act::card(C::Contrasto),
                act::play(C::Oggetti),
                face,
            ],
        );
        assert_eq!(s.timer(), 6);
        assert_eq!(s.out[C::Oggetti.index()], 1);
    }
}

#[test]
fn oggetti_in_campo_is_not_reshuffled_at_half_time() {
    let mut s = scenario(rules())
        .hand(0, &[C::Oggetti])
        .hand(1, &[C::Melina])
        .timer(8)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Contrasto),
            act::play(C::Oggetti),
            G_X,
        ],
    );
    play(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::play(C::Melina)],
    );
    assert_eq!(s.half(), 2);
    assert_eq!(s.deck[C::Oggetti.index()], 0);
    assert_eq!(s.deck_count(), 89);
}

#[test]
fn objects_restart_half_option() {
    // Reading 15, "restart-half": the timer is reset and play restarts from midfield.
    let r = rules_with(|o| o.objects = Objects::RestartHalf);
    let mut s = scenario(r)
        .hand(0, &[C::Oggetti])
        .attack(0, 4)
        .timer(6)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Contrasto),
            act::play(C::Oggetti),
            BALL,
        ],
    );
    assert_eq!(s.timer(), 0);
    assert_ball(&s, 0, 2);
}

// ----- PIOGGIA, SOLE -----------------------------------------------------------------------

#[test]
fn pioggia_lies_in_play_for_the_half() {
    let s = blue(rules(), 1, C::Pioggia, 2, 0);
    assert!(s.raining());
    assert_eq!(s.table[C::Pioggia.index()], 1);
    assert_eq!(
        s.lasting.to_vec(),
        [Lasting {
            phys: C::Pioggia,
            as_card: C::Pioggia,
            owner: 1
        }]
    );
    assert_turn_start(&s, 0);
}

/// Seat 0 attacks from `from` in the rain and plays `card` (LANCIO: two sections).
fn rainy(r: Rules, card: Card, from: u8, face: Action) -> State {
    let mut s = scenario(r)
        .hand(0, &[card])
        .attack(0, from)
        .in_play(1, C::Pioggia)
        .build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(card)],
    );
    if card == C::Lancio {
        play(&mut s, &[act::lancio(2)]);
    }
    play(&mut s, &[face]);
    s
}

#[test]
fn pioggia_makes_every_advance_one_section_shorter_but_at_least_one() {
    // Reading 6, default "min-one".
    assert_ball(&rainy(rules(), C::Passaggio, 1, BALL), 0, 2);
    assert_ball(&rainy(rules(), C::Passaggio, 1, PLUS), 0, 2);
    assert_ball(&rainy(rules(), C::Passaggio, 1, MINUS), 0, 1);
    assert_ball(&rainy(rules(), C::Lancio, 1, BALL), 0, 2);
    assert_ball(&rainy(rules(), C::Lancio, 1, PLUS), 0, 3);
    assert_ball(&rainy(rules(), C::Rilancio, 0, BALL), 0, 2);
}

#[test]
fn rain_minus_one_option() {
    // Reading 6, "minus-one": n becomes n - 1, down to 0.
    let r = rules_with(|o| o.rain = Rain::MinusOne);
    assert_ball(&rainy(r, C::Passaggio, 1, BALL), 0, 1);
    assert_ball(&rainy(r, C::Passaggio, 1, PLUS), 0, 2);
    assert_ball(&rainy(r, C::Lancio, 1, BALL), 0, 2);
}

#[test]
fn sole_cancels_pioggia() {
    let mut s = scenario(rules())
        .hand(0, &[C::Sole])
        .in_play(1, C::Pioggia)
        .build();
    assert!(s.raining());
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Sole)],
    );
    assert!(!s.raining());
    assert_eq!(s.discard[C::Pioggia.index()], 1);
    assert_eq!(s.table[C::Sole.index()], 1);
    assert_eq!(s.lasting.len(), 1);
}

#[test]
fn sole_prevents_pioggia_for_the_half() {
    let mut s = scenario(rules())
        .hand(1, &[C::Pioggia])
        .in_play(0, C::Sole)
        .turn(1)
        .build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::play(C::Pioggia)],
    );
    assert!(!s.raining());
    assert_eq!(s.discard[C::Pioggia.index()], 1);
    assert_eq!(s.table[C::Pioggia.index()], 0);
}

// ----- EQUILIBRIO IN CAMPO -----------------------------------------------------------------

#[test]
fn equilibrio_discards_superiorita_and_condizione() {
    let mut s = scenario(rules())
        .hand(1, &[C::Equilibrio])
        .in_play(0, C::Superiorita)
        .in_play(0, C::Condizione)
        .in_play(1, C::Pioggia)
        .turn(1)
        .build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::play(C::Equilibrio)],
    );
    assert_eq!(
        s.lasting.to_vec(),
        [Lasting {
            phys: C::Pioggia,
            as_card: C::Pioggia,
            owner: 1
        }]
    );
    for c in [C::Superiorita, C::Condizione, C::Equilibrio] {
        assert_eq!(s.discard[c.index()], 1, "{}", c.name());
    }
}

// ----- SUPERIORITA' TECNICA, CONDIZIONE ATLETICA -----------------------------------------

#[test]
fn superiorita_lies_in_play_in_front_of_its_owner() {
    let s = blue(rules(), 0, C::Superiorita, 2, 0);
    assert_eq!(
        s.lasting.to_vec(),
        [Lasting {
            phys: C::Superiorita,
            as_card: C::Superiorita,
            owner: 0
        }]
    );
}

/// Seat 0 with SUPERIORITA' TECNICA owned by `owner` plays `card` (LANCIO: two sections).
fn superior(r: Rules, owner: Seat, card: Card, progress: u8) -> State {
    let mut s = scenario(r)
        .hand(0, &[card])
        .attack(0, progress)
        .in_play(owner, C::Superiorita)
        .build();
    if card == C::Contropiede {
        play(&mut s, &[act::play(card)]);
    } else {
        play(
            &mut s,
            &[act::DRAW, act::card(C::Contrasto), act::play(card)],
        );
    }
    if card == C::Lancio {
        play(&mut s, &[act::lancio(2)]);
    }
    s
}

#[test]
fn superiorita_rolls_twice_and_the_owner_keeps_one() {
    let mut s = superior(rules(), 0, C::Passaggio, 1);
    play(&mut s, &[G_X]);
    assert_eq!(s.turn(), Turn::Chance, "the second roll");
    play(&mut s, &[BALL]);
    assert_eq!(s.turn(), Turn::Decision(0));
    assert_eq!(legal(&s), [act::keep_green(0), act::keep_green(3)]);
    play(&mut s, &[act::keep_green(0)]);
    assert_ball(&s, 0, 2);
    assert_turn_start(&s, 1);
    // Two equal faces: nothing to choose.
    let mut s = superior(rules(), 0, C::Passaggio, 1);
    play(&mut s, &[PLUS, PLUS]);
    assert_ball(&s, 0, 3);
    assert_turn_start(&s, 1);
}

#[test]
fn superiorita_helps_only_its_owner() {
    let mut s = superior(rules(), 1, C::Passaggio, 1);
    play(&mut s, &[G_X]);
    assert_eq!((s.possession(), s.section()), (1, 1));
}

#[test]
fn superiority_like_card_option_default() {
    // Reading 7, default "like-card": LANCIO, RILANCIO and CONTROPIEDE roll twice too.
    for (card, p) in [(C::Lancio, 1), (C::Rilancio, 0), (C::Contropiede, 1)] {
        let mut s = superior(rules(), 0, card, p);
        play(&mut s, &[G_X, BALL]);
        assert_eq!(s.turn(), Turn::Decision(0), "{}", card.name());
    }
}

#[test]
fn superiority_named_card_option() {
    // Reading 7, "named-card": only PASSAGGIO.
    let r = rules_with(|o| o.superiority = Superiority::NamedCard);
    let mut s = superior(r, 0, C::Lancio, 1);
    play(&mut s, &[G_X]);
    assert_eq!((s.possession(), s.section()), (1, 1), "a single roll");
    let mut s = superior(r, 0, C::Passaggio, 1);
    play(&mut s, &[G_X, BALL, act::keep_green(0)]);
    assert_ball(&s, 0, 2);
}

/// Seat 1, with CONDIZIONE ATLETICA in play, tackles with `card`.
fn fit(r: Rules, card: Card) -> State {
    let mut s = scenario(r)
        .hand(1, &[card])
        .in_play(1, C::Condizione)
        .turn(1)
        .build();
    if card == C::Catenaccio {
        play(&mut s, &[act::play(card)]);
    } else {
        play(
            &mut s,
            &[act::DRAW, act::card(C::Passaggio), act::play(card)],
        );
    }
    s
}

#[test]
fn condizione_atletica_rolls_the_red_die_twice_and_the_owner_keeps_one() {
    let mut s = fit(rules(), C::Contrasto);
    play(&mut s, &[R_X, R_BALL]);
    assert_eq!(s.turn(), Turn::Decision(1));
    assert_eq!(legal(&s), [act::keep_red(0), act::keep_red(3)]);
    play(&mut s, &[act::keep_red(3)]);
    assert_eq!((s.possession(), s.section()), (1, 2));
    assert_turn_start(&s, 0);
    // Like-card (default): CATENACCIO too.
    let mut s = fit(rules(), C::Catenaccio);
    play(&mut s, &[R_X, WHISTLE]);
    assert_eq!(legal(&s), [act::keep_red(0), act::keep_red(1)]);
}

#[test]
fn condizione_named_card_option() {
    let r = rules_with(|o| o.superiority = Superiority::NamedCard);
    let mut s = fit(r, C::Catenaccio);
    play(&mut s, &[R_X]);
    assert_turn_start(&s, 0);
}

// ----- the variant -------------------------------------------------------------------------

#[test]
fn passaggio_and_contrasto_are_not_interchangeable_by_default() {
    let mut s = scenario(rules()).build();
    play(&mut s, &[act::DRAW, act::card(C::Contrasto)]);
    assert!(!legal(&s).contains(&act::play(C::Contrasto)));
}

#[test]
fn interchangeable_variant() {
    // Reading 19: CONTRASTO is a PASSAGGIO for the attacker, and PASSAGGIO a CONTRASTO for
    // the defender.
    let r = rules_with(|o| o.interchangeable = true);
    let mut s = scenario(r).attack(0, 1).build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Contrasto)],
    );
    let mut c = ChanceList::new();
    s.chance_outcomes(&mut c);
    assert!(
        c.iter()
            .all(|&(a, _)| [BALL, PLUS, MINUS, G_X].contains(&a)),
        "green die"
    );
    play(&mut s, &[PLUS]);
    assert_ball(&s, 0, 3);
    assert_turn_start(&s, 1);
    play(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::play(C::Passaggio)],
    );
    s.chance_outcomes(&mut c);
    assert!(
        c.iter()
            .all(|&(a, _)| [R_X, WHISTLE, YELLOW, R_BALL].contains(&a)),
        "red die"
    );
    play(&mut s, &[R_BALL]);
    assert_eq!((s.possession(), s.section()), (1, 3));
}

#[test]
fn tifosi_stands_for_tempo_only_when_tempo_can_be_held() {
    let legal_for = |rules: Rules| {
        let mut s = scenario(rules).hand(0, &[C::Tifosi]).turn(0).build();
        play(&mut s, &[act::DRAW, act::card(C::Passaggio)]);
        let mut legal = ActionList::new();
        s.legal_actions(&mut legal);
        legal.contains(&act::play_as(C::Tempo5))
    };
    assert!(!legal_for(rules()));
    assert!(legal_for(rules_with(
        |o| o.opening_tempo = OpeningTempo::Hold
    )));
    // MELINA, the other blue timer card, is always a choice.
}

#[test]
fn interchangeable_plays_count_as_the_card_they_were_used_as() {
    // A CONTRASTO played as a pass is reported (and so counted in cards.csv) as a
    // PASSAGGIO, its success a pass's success; a PASSAGGIO played as a tackle as a
    // CONTRASTO.
    let r = rules_with(|o| o.interchangeable = true);
    let mut s = scenario(r).attack(0, 1).build();
    let events = play_events(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Contrasto),
            act::play(C::Contrasto),
            PLUS,
        ],
    );
    let pass = C::Passaggio as u8;
    assert!(events.contains(&GameEvent::CardPlayed {
        seat: 0,
        card: pass
    }));
    assert!(events.contains(&GameEvent::CardResolved {
        seat: 0,
        card: pass,
        success: true
    }));
    assert!(!events
        .iter()
        .any(|e| matches!(e, GameEvent::CardPlayed { card, .. } if *card == C::Contrasto as u8)));
    let events = play_events(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Passaggio),
            act::play(C::Passaggio),
            R_BALL,
        ],
    );
    let tackle = C::Contrasto as u8;
    assert!(events.contains(&GameEvent::CardPlayed {
        seat: 1,
        card: tackle
    }));
    assert!(events.contains(&GameEvent::CardResolved {
        seat: 1,
        card: tackle,
        success: true
    }));
    // Without the variant a card is always counted as itself (TIFOSI as TIFOSI).
    let mut s = scenario(rules()).hand(0, &[C::Tifosi]).attack(0, 1).build();
    let events = play_events(
        &mut s,
        &[act::DRAW, act::card(C::Melina), act::play_as(C::Passaggio)],
    );
    assert!(events.contains(&GameEvent::CardPlayed {
        seat: 0,
        card: C::Tifosi as u8
    }));
}

#[test]
fn tifosi_stands_for_tempo_inside_dribbling_only_when_tempo_can_be_held() {
    let legal_for = |rules: Rules| {
        let mut s = scenario(rules)
            .hand(0, &[C::Dribbling, C::Tifosi])
            .attack(0, 1)
            .build();
        play(
            &mut s,
            &[act::DRAW, act::card(C::Melina), act::play(C::Dribbling)],
        );
        let l = legal(&s);
        assert!(l.contains(&act::play_as(C::Melina)), "{l:?}");
        l.contains(&act::play_as(C::Tempo5))
    };
    assert!(!legal_for(rules()));
    assert!(legal_for(rules_with(
        |o| o.opening_tempo = OpeningTempo::Hold
    )));
}

/// Seat 0 has used TIFOSI as OGGETTI IN CAMPO (an X: nothing happens), seat 1 has
/// discarded, and seat 0 has drawn in his next turn: may he play the real OGGETTI?
fn oggetti_after_tifosi_as_oggetti(objects: TifosiObjects) -> bool {
    let r = rules_with(|o| o.tifosi_objects = objects);
    let mut s = scenario(r)
        .hand(0, &[C::Tifosi, C::Oggetti])
        .attack(0, 3)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Contrasto),
            act::play_as(C::Oggetti),
            G_X,
        ],
    );
    assert!(s.objects_used);
    play(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::pick(C::Passaggio)],
    );
    play(&mut s, &[act::DRAW, act::card(C::Contrasto)]);
    legal(&s).contains(&act::play(C::Oggetti))
}

#[test]
fn tifosi_objects_option() {
    // Reading 20: by default TIFOSI standing for OGGETTI is a use of its own; under
    // "once-per-game" the OGGETTI effect is spent, whoever used it.
    assert!(oggetti_after_tifosi_as_oggetti(TifosiObjects::Separate));
    assert!(!oggetti_after_tifosi_as_oggetti(TifosiObjects::OncePerGame));
    // And the other way round: after the real OGGETTI, TIFOSI cannot stand for it.
    let r = rules_with(|o| o.tifosi_objects = TifosiObjects::OncePerGame);
    let mut s = scenario(r).hand(0, &[C::Oggetti, C::Tifosi]).build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Contrasto),
            act::play(C::Oggetti),
            G_X,
        ],
    );
    play(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::pick(C::Passaggio)],
    );
    play(&mut s, &[act::DRAW, act::card(C::Contrasto)]);
    let l = legal(&s);
    assert!(l.contains(&act::play_as(C::Melina)), "{l:?}");
    assert!(!l.contains(&act::play_as(C::Oggetti)), "{l:?}");
}

/// Seat 0 at the start of its turn after CAMBIO drew replacements (reading 22), holding
/// CONTROPIEDE; seat 1 holds CATENACCIO.
fn after_cambio(rule: CambioThenNoDraw) -> State {
    let r = rules_with(|o| o.cambio_then_no_draw = rule);
    let mut s = scenario(r)
        .hand(0, &[C::Contropiede])
        .hand(1, &[C::Catenaccio])
        .build();
    assert!(legal(&s).contains(&act::play(C::Contropiede)));
    play(
        &mut s,
        &[
            act::CAMBIO,
            act::pick(C::Contrasto),
            act::DONE,
            act::card(C::Melina),
        ],
    );
    assert_turn_start(&s, 0);
    s
}

#[test]
fn cambio_then_no_draw_option() {
    // Reading 22: after CAMBIO drew replacements, CONTROPIEDE (played instead of the
    // turn's draw) is still offered by default, not under "forbidden".
    let offered = |rule| legal(&after_cambio(rule)).contains(&act::play(C::Contropiede));
    assert!(offered(CambioThenNoDraw::Allowed));
    assert!(!offered(CambioThenNoDraw::Forbidden));
}

#[test]
fn cambio_then_no_draw_forbids_only_the_turn_of_the_cambio() {
    // Reading 22 under "forbidden": the ban is on the CAMBIO player's turn; at the next
    // turn the other player's CATENACCIO is offered again.
    let mut s = after_cambio(CambioThenNoDraw::Forbidden);
    play(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::play(C::Melina)],
    );
    assert_turn_start(&s, 1);
    assert!(legal(&s).contains(&act::play(C::Catenaccio)));
}
