//! The events reported to observers: cards dealt, drawn and played, turns, locked seats.

use super::*;

#[test]
fn the_deal_reports_every_card_dealt_but_not_the_card_turned_up() {
    let mut s = State::new(rules());
    let mut events = apply(&mut s, act::dealer(0));
    for (x, y) in HAND1.iter().zip(HAND0.iter()) {
        events.extend(play(&mut s, &[card(x), card(y)]));
    }
    events.extend(play(&mut s, &[card("S8"), card("HT")]));
    assert_eq!(events.len(), 14);
    assert_eq!(
        events[0],
        GameEvent::CardDrawn {
            seat: 1,
            card: c("H3")
        }
    );
    assert_eq!(
        events[1],
        GameEvent::CardDrawn {
            seat: 0,
            card: c("C3")
        }
    );
}

#[test]
fn a_draw_and_a_play_report_the_card_and_the_end_of_the_turn() {
    let mut s = standard("HT");
    assert_eq!(play(&mut s, &[act::draw()]), vec![]);
    assert_eq!(
        play(&mut s, &[card("HJ")]),
        vec![GameEvent::CardDrawn {
            seat: 1,
            card: c("HJ")
        }]
    );
    assert_eq!(
        play(&mut s, &[card("HJ")]),
        vec![
            GameEvent::CardPlayed {
                seat: 1,
                card: c("HJ")
            },
            GameEvent::TurnEnd { seat: 1 }
        ]
    );
}

#[test]
fn after_an_eight_the_turn_ends_with_the_suit() {
    let mut s = setup(
        rules(),
        0,
        [&HAND0, &["H3", "H4", "H5", "H6", "S7", "S9", "C8"]],
        &["DA"],
    );
    assert_eq!(
        play(&mut s, &[card("C8")]),
        vec![GameEvent::CardPlayed {
            seat: 1,
            card: c("C8")
        }]
    );
    assert_eq!(
        play(&mut s, &[act::nominate(2)]),
        vec![GameEvent::TurnEnd { seat: 1 }]
    );
}

#[test]
fn a_pass_for_want_of_a_playable_card_reports_a_locked_seat() {
    let mut s = standard("DA");
    s.deck = 0;
    assert_eq!(
        play(&mut s, &[act::pass()]),
        vec![
            GameEvent::Locked { seat: 1 },
            GameEvent::TurnEnd { seat: 1 }
        ]
    );
    // Seat 0 could play D9 or DK: its pass is a choice, not a lock.
    assert_eq!(
        play(&mut s, &[act::pass()]),
        vec![GameEvent::TurnEnd { seat: 0 }]
    );
}

#[test]
fn the_last_card_ends_the_turn_and_the_game() {
    let mut s = standard("HT");
    s.hands[1] = set(&["H4"]);
    assert_eq!(
        play(&mut s, &[card("H4")]),
        vec![
            GameEvent::CardPlayed {
                seat: 1,
                card: c("H4")
            },
            GameEvent::TurnEnd { seat: 1 }
        ]
    );
}
