//! [`Setup`]: the positions it builds and the problems it names.

use super::*;

/// Full hands that the default deck can hold: PASSAGGIO for seat 0, CONTRASTO for seat 1.
fn full(r: Rules) -> Setup {
    Setup::new(r)
        .hand(0, &[C::Passaggio; 5])
        .hand(1, &[C::Contrasto; 5])
}

#[test]
fn setup_builds_the_whole_position() {
    let s = full(rules())
        .attack(1, 1)
        .turn(1)
        .timer(3)
        .half(2)
        .score([2, 3])
        .yellows(0, 1)
        .cambio_used(1)
        .sent_off(0, C::Tiro)
        .in_play(1, C::Sole)
        .out(C::Oggetti, 1)
        .hand(0, &[C::Passaggio; 4])
        .build()
        .unwrap();
    assert_turn_start(&s, 1);
    assert_ball(&s, 1, 1);
    assert_eq!(s.section(), 3);
    assert_eq!((s.timer(), s.half(), s.goals()), (3, 2, [2, 3]));
    assert_eq!((s.yellows, s.reds), ([1, 0], [1, 0]));
    assert_eq!(s.cambio_used, [false, true]);
    assert_eq!([s.hand_limit(0), s.hand_limit(1)], [4, 5]);
    assert_eq!(hand(&s, 0), [C::Passaggio; 4]);
    assert_eq!(s.discard[C::Tiro.index()], 1);
    assert_eq!(s.takeable, [[0; NUM_CARDS]; 2]);
    assert_eq!(s.out[C::Oggetti.index()], 1);
    assert!(s
        .lasting
        .iter()
        .any(|l| l.as_card == C::Sole && l.owner == 1));
    // 90 cards: 9 in hands, 1 discarded, 1 in play, 1 out.
    assert_eq!(s.deck_count(), 78);
}

#[test]
fn setup_deals_like_a_real_deal() {
    // The same hands dealt by hand through the chance nodes: the same state and keys.
    let built = full(rules()).build().unwrap();
    let mut dealt = State::new(rules());
    for _ in 0..5 {
        play(
            &mut dealt,
            &[act::card(C::Passaggio), act::card(C::Contrasto)],
        );
    }
    assert_eq!(built.info_key(0), dealt.info_key(0));
    assert_eq!(built.info_key(1), dealt.info_key(1));
    assert_eq!(built.snapshot().hands, dealt.snapshot().hands);
    assert_eq!(built.deck, dealt.deck);
}

#[test]
fn setup_keeps_only_the_given_draw_pile() {
    let s = full(rules()).deck(&[(C::Tiro, 2)]).build().unwrap();
    assert_eq!(s.deck_count(), 2);
    assert_eq!(s.deck[C::Tiro.index()], 2);
    assert_eq!(s.discard[C::Tiro.index()], 4);
}

#[test]
fn setup_names_each_problem() {
    let r = rules();
    let err = |s: Setup| s.build().unwrap_err();
    assert_eq!(
        err(full(r).turn(2)),
        SetupError::Seat {
            what: "turn",
            seat: 2
        }
    );
    assert!(matches!(
        err(full(r).attack(0, 5)),
        SetupError::OutOfRange {
            what: "progress",
            value: 5,
            ..
        }
    ));
    assert!(matches!(
        err(full(r).half(3)),
        SetupError::OutOfRange { what: "half", .. }
    ));
    // The last timer card, RECUPERO, ends the half.
    let last = r.timer_cards - 1;
    assert!(matches!(
        err(full(r).timer(last)),
        SetupError::OutOfRange { what: "timer", .. }
    ));
    assert!(full(r).timer(last - 1).build().is_ok());
    assert!(matches!(
        err(full(r).yellows(1, 2)),
        SetupError::OutOfRange {
            what: "yellows",
            ..
        }
    ));
    assert_eq!(
        err(full(r).hand(1, &[C::Contrasto; 4])),
        SetupError::HandSize {
            seat: 1,
            cards: 4,
            limit: 5
        }
    );
    // A red card lowers the limit: the hand must shrink with it.
    assert_eq!(
        err(full(r).sent_off(0, C::Tiro)),
        SetupError::HandSize {
            seat: 0,
            cards: 5,
            limit: 4
        }
    );
    assert_eq!(
        err(full(r).hand(0, &[C::Tiro; 5]).hand(1, &[C::Tiro; 5])),
        SetupError::Copies {
            card: C::Tiro,
            placed: 10,
            deck: 6
        }
    );
    assert_eq!(
        err(full(r).deck(&[(C::Passaggio, 11)])),
        SetupError::Copies {
            card: C::Passaggio,
            placed: 16,
            deck: 15
        }
    );
    assert_eq!(
        err(full(r).hand(1, &[C::Tempo5; 5])),
        SetupError::HeldTempo(1)
    );
    let hold = rules_with(|o| o.opening_tempo = OpeningTempo::Hold);
    assert!(full(hold).hand(1, &[C::Tempo5; 5]).build().is_ok());
    assert_eq!(
        err(full(r).in_play(0, C::Tiro)),
        SetupError::NotLasting(C::Tiro)
    );
    assert_eq!(
        err(full(r).in_play(0, C::Pioggia).in_play(1, C::Sole)),
        SetupError::RainAndSun
    );
    assert_eq!(err(full(r).deck(&[])), SetupError::EmptyDrawPile);
    // Every message names what is wrong.
    let msg = err(full(r).hand(0, &[C::Tiro; 5]).hand(1, &[C::Tiro; 5])).to_string();
    assert!(
        msg.contains("TIRO") && msg.contains("10") && msg.contains('6'),
        "{msg}"
    );
}
