//! Hidden information: information keys, determinization and the heuristic's honesty.

use super::*;
use crate::core::{derive_rng, Heuristic, Stream};

/// Two games that differ only in the card seat 1 drew (HJ or CJ): seat 0 cannot tell
/// them apart.
fn twins() -> (State, State) {
    let mut a = standard("DA");
    let mut b = a.clone();
    play(&mut a, &[act::draw(), card("HJ")]);
    play(&mut b, &[act::draw(), card("CJ")]);
    (a, b)
}

#[test]
fn a_card_drawn_is_seen_by_its_drawer_only() {
    let (a, b) = twins();
    assert_eq!(a.info_key(0), b.info_key(0));
    assert_ne!(a.info_key(1), b.info_key(1));
    assert_ne!(a.info_key(0), a.info_key(1));
}

#[test]
fn cards_dealt_are_seen_by_their_receivers_only() {
    let a = setup(rules(), 0, [&HAND0, &HAND1], &["DA"]);
    let mut other = HAND1;
    other[0] = "HJ";
    let b = setup(rules(), 0, [&HAND0, &other], &["DA"]);
    assert_eq!(a.info_key(0), b.info_key(0));
    assert_ne!(a.info_key(1), b.info_key(1));
}

#[test]
fn public_actions_change_both_keys() {
    let s = standard("HT");
    let mut t = s.clone();
    play(&mut t, &[card("H3")]);
    assert_ne!(s.info_key(0), t.info_key(0));
    assert_ne!(s.info_key(1), t.info_key(1));
    let mut u = s.clone();
    play(&mut u, &[card("H4")]);
    assert_ne!(t.info_key(0), u.info_key(0));
}

#[test]
fn determinize_keeps_what_the_seat_knows_and_resamples_the_rest() {
    let (a, _) = twins();
    let mut moved = false;
    for i in 0..200 {
        let mut rng = derive_rng(1, i, Stream::Other(0));
        let d = a.determinize(0, &mut rng);
        d.check_invariants().unwrap();
        assert_eq!(d.hand(0), a.hand(0));
        assert_eq!(d.hand_size(1), a.hand_size(1));
        assert_eq!(d.draw_pile_size(), a.draw_pile_size());
        assert_eq!(d.discard_pile(), a.discard_pile());
        assert_eq!(d.last_card(), a.last_card());
        assert_eq!(d.info_key(0), a.info_key(0));
        assert_ne!(d.info_key(1), a.info_key(1));
        // Seat 1 is to move: its own determinization keeps its legal actions.
        assert_eq!(legal(&a.determinize(1, &mut rng)), legal(&a));
        moved |= d.hand(1) != a.hand(1);
    }
    assert!(moved, "the hidden hand was never resampled");
}

#[test]
fn determinize_depends_only_on_the_seats_information() {
    let (a, b) = twins();
    for i in 0..50 {
        let da = a.determinize(0, &mut derive_rng(2, i, Stream::Other(0)));
        let db = b.determinize(0, &mut derive_rng(2, i, Stream::Other(0)));
        assert_eq!((da.hand(1), da.draw_pile()), (db.hand(1), db.draw_pile()));
        assert_eq!(da.info_key(1), db.info_key(1));
    }
}

#[test]
fn every_unseen_card_can_land_in_the_hidden_hand() {
    let (a, _) = twins();
    let unseen = a.draw_pile() | a.hand(1);
    let mut seen = 0u64;
    for i in 0..400 {
        seen |= a
            .determinize(0, &mut derive_rng(3, i, Stream::Other(0)))
            .hand(1);
    }
    assert_eq!(seen, unseen);
}

#[test]
fn the_heuristic_reads_only_what_the_seat_may_see() {
    let (a, b) = twins();
    assert_eq!(a.heuristic(0), b.heuristic(0));
    let h = a.heuristic(0);
    assert!((0.0..=1.0).contains(&h));
    // Seat 0 holds 7 cards against seat 1's 8: ahead.
    assert!(h > 0.5, "{h}");
}

#[test]
fn the_heuristic_is_the_return_at_the_end() {
    let mut s = standard("HT");
    s.hands[1] = set(&["H4"]);
    play(&mut s, &[card("H4")]);
    assert_eq!((s.heuristic(0), s.heuristic(1)), (0.0, 1.0));
}
