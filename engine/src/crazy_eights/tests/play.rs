//! A turn: matching the top card, eights, naming a suit, drawing, the draw limit and
//! passing (OpenSpiel `CrazyEightsState::PlayLegalActions`, `ApplyPlayAction`,
//! `ApplyDealAction`).

use super::*;

#[test]
fn a_card_matching_the_suit_of_the_top_card_may_be_played() {
    let s = standard("HT");
    // Seat 1 holds H3 H4 H5 H6 S7 S9 SK: the hearts match, and it may draw.
    assert_eq!(
        legal(&s),
        vec![card("H3"), card("H4"), card("H5"), card("H6"), act::draw()]
    );
    assert_eq!(
        legal_names(&s),
        vec!["Play H3", "Play H4", "Play H5", "Play H6", "Draw"]
    );
}

#[test]
fn a_card_matching_the_rank_of_the_top_card_may_be_played() {
    let s = standard("D7");
    assert_eq!(legal(&s), vec![card("S7"), act::draw()]);
}

#[test]
fn a_played_card_becomes_the_top_card_and_the_turn_passes() {
    let mut s = standard("HT");
    play(&mut s, &[card("H5")]);
    assert_eq!(s.last_card(), Some(c("H5")));
    assert_eq!(s.hand_size(1), 6);
    assert_eq!(s.plays(), 1);
    assert_eq!(s.turn(), Turn::Decision(0));
    // Seat 0 (C3 C4 C5 C6 C7 D9 DK) matches the rank: C5.
    assert_eq!(legal(&s), vec![card("C5"), act::draw()]);
}

#[test]
fn an_eight_may_always_be_played_and_its_player_names_the_suit() {
    let mut s = setup(
        rules(),
        0,
        [&HAND0, &["H3", "H4", "H5", "H6", "S7", "S9", "C8"]],
        &["DA"],
    );
    // Nothing matches DA but the eight.
    assert_eq!(legal(&s), vec![card("C8"), act::draw()]);
    play(&mut s, &[card("C8")]);
    // The same seat names one of the four suits, and nothing else.
    assert_eq!(s.turn(), Turn::Decision(1));
    assert!(s.naming_suit());
    assert_eq!(legal(&s), (0..4).map(act::nominate).collect::<Vec<_>>());
    assert_eq!(
        legal_names(&s),
        vec![
            "Nominate suit C",
            "Nominate suit D",
            "Nominate suit H",
            "Nominate suit S"
        ]
    );
    play(&mut s, &[act::nominate(1)]);
    // Seat 0 must now follow diamonds (not clubs, the eight's suit).
    assert_eq!(s.turn(), Turn::Decision(0));
    assert_eq!(s.last_suit(), Some(1));
    assert_eq!(legal(&s), vec![card("D9"), card("DK"), act::draw()]);
}

#[test]
fn a_player_may_draw_even_with_a_playable_card_and_play_after_drawing() {
    let mut s = standard("HT");
    assert!(legal(&s).contains(&card("H3")));
    play(&mut s, &[act::draw()]);
    // The draw is a chance node over the pile, with equal odds.
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(chance(&s).len(), 37);
    assert!(chance(&s).iter().all(|&(_, w)| w == 1));
    play(&mut s, &[card("HJ")]);
    assert_eq!(s.hand(1) & set(&["HJ"]), set(&["HJ"]));
    assert_eq!(s.draws_this_turn(), 1);
    // Still seat 1's turn: the drawn card may be played.
    assert_eq!(s.turn(), Turn::Decision(1));
    assert!(legal(&s).contains(&card("HJ")));
    play(&mut s, &[card("HJ")]);
    assert_eq!(s.turn(), Turn::Decision(0));
    assert_eq!(s.draws_this_turn(), 0);
}

#[test]
fn after_max_draw_cards_draws_the_player_may_pass_but_not_draw() {
    let mut s = standard("DA");
    // Seat 1 has nothing matching DA: draw is the only move.
    assert_eq!(legal(&s), vec![act::draw()]);
    for (i, drawn) in ["S2", "S3", "S4", "S5"].iter().enumerate() {
        play(&mut s, &[act::draw(), card(drawn)]);
        assert_eq!(s.draws_this_turn(), i as u8 + 1);
        assert!(
            !legal(&s).contains(&act::pass()),
            "no pass after {} draws",
            i + 1
        );
    }
    play(&mut s, &[act::draw(), card("S6")]);
    assert_eq!(s.draws_this_turn(), 5);
    assert_eq!(legal(&s), vec![act::pass()]);
    // The pass ends the turn; the draw count starts again.
    play(&mut s, &[act::pass()]);
    assert_eq!(s.turn(), Turn::Decision(0));
    assert_eq!(s.draws_this_turn(), 0);
    assert_eq!(s.hand_size(1), 12);
    assert_eq!(
        s.passes(),
        0,
        "a pass with cards in the pile is not counted"
    );
    assert!(!legal(&s).contains(&act::pass()));
}

#[test]
fn after_max_draws_a_matching_card_may_still_be_played() {
    let mut s = standard("DA");
    for drawn in ["S2", "S3", "S4", "S5", "DQ"] {
        play(&mut s, &[act::draw(), card(drawn)]);
    }
    assert_eq!(legal(&s), vec![card("DQ"), act::pass()]);
}

#[test]
fn max_draw_cards_is_a_rule() {
    let r = rules_with(|r| r.max_draw_cards = 1);
    let mut s = setup(r, 0, [&HAND0, &HAND1], &["DA"]);
    play(&mut s, &[act::draw(), card("S2")]);
    assert_eq!(legal(&s), vec![act::pass()]);
}

#[test]
fn with_an_empty_pile_a_player_may_pass_at_once_and_cannot_draw() {
    let mut s = standard("HT");
    s.deck = 0;
    assert_eq!(
        legal(&s),
        vec![card("H3"), card("H4"), card("H5"), card("H6"), act::pass()]
    );
}

#[test]
fn drawing_the_last_card_of_the_pile_allows_a_pass_at_once() {
    let mut s = standard("DA");
    s.deck = set(&["S2", "S3"]);
    play(&mut s, &[act::draw(), card("S3")]);
    assert_eq!(s.draws_this_turn(), 1);
    assert_eq!(legal(&s), vec![act::draw()]);
    play(&mut s, &[act::draw(), card("S2")]);
    // The pile is empty: the draw count jumps to the limit and a pass is allowed.
    assert_eq!(s.draw_pile_size(), 0);
    assert_eq!(s.draws_this_turn(), 5);
    assert_eq!(legal(&s), vec![act::pass()]);
}

#[test]
fn illegal_actions_are_rejected_without_change() {
    let s = standard("HT");
    for a in [
        card("S7"),
        card("C3"),
        act::pass(),
        act::nominate(0),
        Action(58),
    ] {
        let mut copy = s.clone();
        assert!(copy.try_apply(a).is_err(), "{a:?}");
        assert_eq!(copy, s);
    }
}
