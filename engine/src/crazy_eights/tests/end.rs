//! The end of the game and the scoring (OpenSpiel `CrazyEightsState::ApplyPlayAction`,
//! `CheckAllCardsPlayed`, `ScoreUp`, `Returns`).

use super::*;

/// A game where seat 1 holds only `last` and seat 0 holds [`HAND0`], top card `top`.
fn one_card_left(last: &str, top: &str) -> State {
    let mut s = standard(top);
    // Seat 1's other cards go to the discard pile.
    s.hands[1] = set(&[last]);
    s.deck &= !set(&[last]);
    s.check_invariants().unwrap();
    s
}

#[test]
fn playing_the_last_card_ends_the_game_and_the_others_lose_their_points() {
    let mut s = one_card_left("H4", "HT");
    assert_eq!(s.returns(), [0.0; 4]);
    play(&mut s, &[card("H4")]);
    assert_eq!(s.turn(), Turn::Terminal);
    // Seat 0 holds C3 C4 C5 C6 C7 D9 DK: OpenSpiel counts card id + 2 for the pips
    // (C3 = 6, C4 = 10, C5 = 14, C6 = 18, C7 = 22, D9 = 31) and 10 for the king.
    assert_eq!(s.score(0), -(6 + 10 + 14 + 18 + 22 + 31 + 10));
    assert_eq!(s.score(1), 0);
    assert_eq!(s.returns(), [0.0, 1.0, 0.0, 0.0]);
    assert!(legal(&s).is_empty() && chance(&s).is_empty());
}

#[test]
fn an_eight_as_the_last_card_ends_the_game_without_naming_a_suit() {
    let mut s = one_card_left("D8", "HT");
    play(&mut s, &[card("D8")]);
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.returns()[1], 1.0);
}

#[test]
fn the_game_ends_after_max_turns_cards_played() {
    let r = rules_with(|r| r.max_turns = 2);
    let mut s = setup(r, 0, [&HAND0, &HAND1], &["HT"]);
    play(&mut s, &[card("H5"), card("C5")]);
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.plays(), 2);
    // Both seats lose the points of their hands: seat 0 (C3 C4 C6 C7 D9 DK) 97,
    // seat 1 (H3 H4 H6 S7 S9 SK) 8 + 12 + 20 + 25 + 33 + 10 = 108.
    assert_eq!(s.score(0), -(6 + 10 + 18 + 22 + 31 + 10));
    assert_eq!(s.score(1), -(8 + 12 + 20 + 25 + 33 + 10));
    assert_eq!(s.returns(), [1.0, 0.0, 0.0, 0.0]);
}

#[test]
fn draws_suits_and_passes_do_not_count_towards_max_turns() {
    let r = rules_with(|r| r.max_turns = 2);
    let mut s = setup(
        r,
        0,
        [&HAND0, &["H3", "H4", "H5", "H6", "S7", "S9", "C8"]],
        &["HT"],
    );
    play(
        &mut s,
        &[act::draw(), card("S2"), card("C8"), act::nominate(0)],
    );
    assert_eq!(s.plays(), 1);
    assert_eq!(s.turn(), Turn::Decision(0));
}

#[test]
fn three_passes_in_a_row_with_an_empty_pile_end_the_game() {
    let mut s = standard("DA");
    s.deck = 0;
    play(&mut s, &[act::pass()]);
    assert_eq!(s.passes(), 1);
    // Seat 0 has DK and D9: a play resets the count.
    play(&mut s, &[card("DK")]);
    assert_eq!(s.passes(), 0);
    // Seat 1 (no diamond, no king but SK) plays SK; seat 0 has nothing on spades.
    play(&mut s, &[card("SK"), act::pass(), act::pass()]);
    assert_eq!(s.turn(), Turn::Decision(0));
    assert_eq!(s.passes(), 2);
    play(&mut s, &[act::pass()]);
    assert_eq!(s.turn(), Turn::Terminal);
    assert!(s.score(0) < 0 && s.score(1) < 0);
}

#[test]
fn passes_with_cards_in_the_pile_are_not_counted() {
    let mut s = standard("DA");
    for drawn in ["S2", "S3", "S4", "S5", "S6"] {
        play(&mut s, &[act::draw(), card(drawn)]);
    }
    play(&mut s, &[act::pass()]);
    assert_eq!(s.passes(), 0);
}

#[test]
fn penalties_follow_openspiel_score_up() {
    let r = rules();
    // Eights 50, jack to ace 10, the others card id + 2.
    assert_eq!(r.penalty(c("C8")), 50);
    assert_eq!(r.penalty(c("SJ")), 10);
    assert_eq!(r.penalty(c("HA")), 10);
    assert_eq!(r.penalty(c("C2")), 2);
    assert_eq!(r.penalty(c("D2")), 3);
    assert_eq!(r.penalty(c("ST")), 37);
    // The face-value reading.
    let f = rules_with(|r| r.pips = Pips::Face);
    assert_eq!(f.penalty(c("D2")), 2);
    assert_eq!(f.penalty(c("ST")), 10);
    assert_eq!(f.penalty(c("H9")), 9);
    assert_eq!(f.penalty(c("C8")), 50);
    let e = rules_with(|r| {
        r.eight_penalty = 20;
        r.court_penalty = 5;
    });
    assert_eq!((e.penalty(c("C8")), e.penalty(c("DQ"))), (20, 5));
}

#[test]
fn equal_openspiel_returns_are_a_draw() {
    let r = rules_with(|r| r.max_turns = 1);
    let mut s = setup(r, 0, [&HAND0, &HAND1], &["HT"]);
    // Seat 1 will play H3 and keep H4 H5 H6 S7 S9 SK: 12 + 16 + 20 + 25 + 33 + 10 = 116;
    // seat 0 holds as many points: 6 + 10 + 14 + 18 + 31 + 10 + 10 + 17 = 116.
    s.hands[0] = set(&["C3", "C4", "C5", "C6", "D9", "DK", "DQ", "S5"]);
    s.deck = ALL_CARDS & !s.hands[0] & !s.hands[1] & !set(&["HT"]);
    s.check_invariants().unwrap();
    play(&mut s, &[card("H3")]);
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!((s.score(0), s.score(1)), (-116, -116));
    assert_eq!(s.returns(), [0.5, 0.5, 0.0, 0.0]);
}
