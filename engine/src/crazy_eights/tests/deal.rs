//! The deal: the dealer's choice, seven cards each, the first card turned up
//! (OpenSpiel `CrazyEightsState::ApplyDealAction`, `ChanceOutcomes`).

use super::*;

#[test]
fn the_dealer_is_chosen_by_chance_with_equal_odds() {
    let s = State::new(rules());
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(chance(&s), vec![(act::dealer(0), 1), (act::dealer(1), 1)]);
    assert_eq!(
        s.action_to_string(act::dealer(1)),
        "Decide Player 1 to be the dealer"
    );
}

#[test]
fn every_card_is_dealt_with_equal_odds() {
    let mut s = State::new(rules());
    apply(&mut s, act::dealer(1));
    let outcomes = chance(&s);
    assert_eq!(outcomes.len(), 52);
    assert!(outcomes
        .iter()
        .enumerate()
        .all(|(i, &(a, w))| a.0 == i as u16 && w == 1));
    assert_eq!(s.action_to_string(card("HQ")), "Deal HQ");
    // A dealt card leaves the pile.
    apply(&mut s, card("HQ"));
    assert_eq!(chance(&s).len(), 51);
    assert!(!chance(&s).contains(&(card("HQ"), 1)));
}

#[test]
fn seven_cards_each_dealt_alternately_from_the_dealers_left() {
    let mut s = State::new(rules());
    apply(&mut s, act::dealer(0));
    // The first card goes to seat 1 (the seat after the dealer), then alternately.
    apply(&mut s, card("C2"));
    assert_eq!(s.hand(1), set(&["C2"]));
    apply(&mut s, card("D2"));
    assert_eq!(s.hand(0), set(&["D2"]));
    let s = setup(rules(), 0, [&HAND0, &HAND1], &[]);
    assert_eq!((s.hand_size(0), s.hand_size(1)), (7, 7));
    assert_eq!(s.hand(0), set(&HAND0));
    assert_eq!(s.hand(1), set(&HAND1));
    // Next: the card turned up, still a chance node.
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(chance(&s).len(), 52 - 14);
}

#[test]
fn hand_size_is_a_rule() {
    let r = rules_with(|r| r.hand_size = 2);
    let s = setup(r, 1, [&["C3", "C4"], &["H3", "H4"]], &["D5"]);
    assert_eq!((s.hand_size(0), s.hand_size(1)), (2, 2));
    assert_eq!(s.draw_pile_size(), 52 - 5);
    // Dealer 1: seat 0 plays first.
    assert_eq!(s.turn(), Turn::Decision(0));
}

#[test]
fn the_first_card_turned_up_starts_the_discard_pile_and_the_dealers_left_plays() {
    let s = standard("HT");
    assert_eq!(s.last_card(), Some(c("HT")));
    assert_eq!(s.last_suit(), Some(2));
    assert_eq!(s.draw_pile_size(), 52 - 15);
    // The card is not in the dealer's hand (OpenSpiel's fix of June 2025).
    assert_eq!(s.hand_size(0), 7);
    assert_eq!(s.turn(), Turn::Decision(1));
}

#[test]
fn an_eight_turned_up_goes_back_and_another_card_is_turned() {
    let mut s = setup(rules(), 0, [&HAND0, &HAND1], &[]);
    apply(&mut s, card("S8"));
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.last_card(), None);
    assert_eq!(s.draw_pile_size(), 38);
    // The eight is back in the pile and can be turned up again.
    assert!(chance(&s).contains(&(card("S8"), 1)));
    play(&mut s, &[card("S8"), card("H8"), card("D4")]);
    assert_eq!(s.last_card(), Some(c("D4")));
    assert_eq!(s.draw_pile_size(), 37);
    assert_eq!(s.turn(), Turn::Decision(1));
}
