//! The word-at-a-time reads of the state (issue 42): the kinds a hand holds and the seats
//! still in, against the count-by-count answer.

use super::*;
use crate::core::{ChanceOutcomes, LegalActions, Rng};
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

/// Card by card, what may be played (the rulebook's card texts, as `State::playable` read
/// before the kinds were tested together): the reference of `playable_set`.
fn playable_one(s: &State, seat: u8, card: Card) -> bool {
    let has_player = |t: u8, fit: fn(Status) -> bool| {
        Colour::ALL.iter().any(|&k| {
            Status::ALL
                .iter()
                .any(|&st| fit(st) && s.players(t, k, st) > 0)
        })
    };
    let sanction_on =
        |t: u8| s.is_in(t) && (t != seat || s.rules.options.sanctions == Sanctions::Any);
    match card {
        C::GoalRed | C::GoalBlue | C::GoalGreen | C::GoalYellow => s.seats().any(|t| s.has_room(t)),
        C::PlayerRed | C::PlayerBlue | C::PlayerGreen | C::PlayerYellow | C::TimeOut => true,
        C::Ball => s
            .rivals(seat)
            .any(|t| (0..2).any(|g| s.can_score(seat, t, g))),
        C::YellowCard | C::RedCard => s.seats().any(|t| sanction_on(t) && has_player(t, |_| true)),
        C::Injury => s
            .seats()
            .any(|t| sanction_on(t) && has_player(t, |st| !st.injured())),
        C::Doctor => s.seats().any(|t| {
            s.is_in(t)
                && (t == seat || s.rules.options.doctor == DoctorRule::Any)
                && has_player(t, Status::injured)
        }),
        C::Substitution => {
            has_player(seat, |_| true) && s.rivals(seat).any(|t| has_player(t, |_| true))
        }
        C::SwapSides => s.goal_count(seat) > 0 && s.rivals(seat).any(|t| s.goal_count(t) > 0),
        C::Stop => false,
    }
}

#[test]
fn the_kinds_playable_together_are_the_card_by_card_answer() {
    let mut rng = Rng::seed_from_u64(11);
    let mut checked = 0;
    for game in 0..240u32 {
        let players = 2 + (game % 3) as u8;
        let mut s = State::new(rules_with(players, |o| {
            o.sanctions = if game % 2 == 0 {
                Sanctions::Rivals
            } else {
                Sanctions::Any
            };
            o.doctor = if game % 4 < 2 {
                DoctorRule::Any
            } else {
                DoctorRule::Own
            };
            o.full_goal = if game % 8 < 4 {
                FullGoal::Open
            } else {
                FullGoal::Closed
            };
        }));
        while let turn @ (Turn::Chance | Turn::Decision(_)) = s.turn() {
            if turn == Turn::Chance {
                let a = s.sample_chance_outcome(&mut rng);
                s.apply(a);
                continue;
            }
            if s.phase == Phase::Play {
                for seat in s.seats() {
                    let want = Card::ALL
                        .iter()
                        .filter(|&&c| playable_one(&s, seat, c))
                        .fold(0u32, |m, &c| m | 1 << c.index());
                    assert_eq!(s.playable_set(seat, u32::MAX), want, "seat {seat}: {s:?}");
                    let held = s.held(seat).fold(0u32, |m, c| m | 1 << c.index());
                    assert_eq!(s.playable_set(seat, held), want & held, "seat {seat}");
                    assert_eq!(s.any_playable(seat), want & held != 0, "seat {seat}");
                    checked += 1;
                }
            }
            let a = s.random_legal_action(&mut rng);
            s.apply(a);
        }
    }
    assert!(checked > 10_000, "only {checked} positions checked");
}
