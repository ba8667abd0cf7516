//! The word-at-a-time reads of the state (issue 42): the kinds a hand holds and the seats
//! still in, against the count-by-count answer.

use super::*;
use crate::core::Rng;
use rand::{Rng as _, SeedableRng};

#[test]
fn the_kinds_held_are_the_nonzero_counts_in_card_order() {
    let mut rng = Rng::seed_from_u64(42);
    let mut s = State::new(rules());
    for _ in 0..2_000 {
        // Sparse and dense hands, counts up to 255 (a byte's every value).
        let density = rng.gen_range(0..=4u8);
        for n in s.hands[1].iter_mut() {
            *n = if rng.gen_range(0..4u8) < density {
                rng.gen()
            } else {
                0
            };
        }
        let want: Vec<Card> = Card::ALL
            .into_iter()
            .filter(|c| s.hands[1][c.index()] > 0)
            .collect();
        assert_eq!(s.held(1).collect::<Vec<_>>(), want, "hand {:?}", s.hands[1]);
    }
}

#[test]
fn the_seats_in_are_those_not_eliminated() {
    let mut rng = Rng::seed_from_u64(7);
    for players in 2..=4u8 {
        let mut s = State::new(rules_n(players));
        for _ in 0..500 {
            for r in s.out_round.iter_mut() {
                *r = if rng.gen() { 0 } else { rng.gen() };
            }
            let want = (0..players)
                .filter(|&t| s.out_round[t as usize] == 0)
                .count();
            assert_eq!(
                s.seats_in(),
                want,
                "{players} players, rounds {:?}",
                s.out_round
            );
        }
    }
}
