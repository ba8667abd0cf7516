//! Hidden information: information keys and determinization.

use super::*;
use crate::core::{derive_rng, Stream};

fn rng(k: u32) -> crate::core::Rng {
    derive_rng(11, 0, Stream::Other(k))
}

#[test]
fn a_drawn_card_is_seen_only_by_its_drawer() {
    let drew = |c| {
        let mut s = Setup::new(rules())
            .hand(0, &hand5(&[]))
            .hand(1, &hand5(&[C::PlayerRed]))
            .build()
            .unwrap();
        play(&mut s, &[act::play(C::PlayerBlue), act::card(c)]);
        s
    };
    let (a, b) = (drew(C::Ball), drew(C::Stop));
    assert_ne!(a.info_key(0), b.info_key(0));
    for seat in 1..4 {
        assert_eq!(a.info_key(seat), b.info_key(seat));
    }
    // A played card is seen by all.
    let mut c = a.clone();
    let mut d = a.clone();
    play(&mut c, &[act::play(C::PlayerBlue)]);
    play(&mut d, &[act::play(C::PlayerRed)]);
    assert_ne!(c.info_key(2), d.info_key(2));
}

#[test]
fn determinize_keeps_own_hand_hand_sizes_and_key_and_resamples_the_rest() {
    let mut s = Lastuf::default_rules().new_initial_state();
    draw_any(&mut s);
    let mut differs = false;
    for k in 0..40 {
        let d = s.determinize(0, &mut rng(k));
        assert_eq!(d.hands[0], s.hands[0]);
        assert_eq!(d.hand_count, s.hand_count);
        assert_eq!(d.deck_count(), s.deck_count());
        assert_eq!(d.info_key(0), s.info_key(0));
        assert_eq!(legal(&d), legal(&s));
        d.check_invariants().unwrap();
        differs |= d.hands[1] != s.hands[1] || d.deck != s.deck;
    }
    assert!(differs, "the other hands are resampled");
}

#[test]
fn determinize_depends_only_on_what_the_seat_has_seen() {
    // Same public history and own hand, different hidden hands: identical samples.
    let build = |h1: &[Card]| {
        Setup::new(rules())
            .hand(0, &hand5(&[C::Ball]))
            .hand(1, h1)
            .goal(2, K::Red, 1)
            .build()
            .unwrap()
    };
    let a = build(&[C::Stop, C::Doctor, C::GoalBlue]);
    let b = build(&[C::Injury, C::PlayerGreen, C::PlayerGreen]);
    assert_eq!(a.info_key(0), b.info_key(0));
    for k in 0..20 {
        let (da, db) = (a.determinize(0, &mut rng(k)), b.determinize(0, &mut rng(k)));
        assert_eq!(da.hands, db.hands);
        assert_eq!(da.deck, db.deck);
        assert_eq!(da.info_key(1), db.info_key(1));
    }
}
