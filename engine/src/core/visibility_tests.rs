//! What [`seen_by`] says of real games' chance nodes and decisions (the function is
//! `engine_core`'s; the games are the engine's).

use crate::core::*;
use crate::core::{ChanceOutcomes, LegalActions};
use crate::core::{Game, Notation, Rng};
use crate::grangol::Grangol;
use rand::SeedableRng;

/// GRANGOL deals the first card to seat 0: seat 0 sees which card, seat 1 only that one
/// was dealt; a die roll is seen by both; a decision is seen by its own seat.
#[test]
fn a_card_dealt_is_seen_by_its_receiver_only_and_dice_by_everyone() {
    let game = Grangol::default_rules();
    let state = game.new_initial_state();
    assert_eq!(state.turn(), Turn::Chance);
    let mut outcomes = ChanceList::new();
    state.chance_outcomes(&mut outcomes);
    let (card, _) = outcomes[0];
    let mut dealt = state;
    dealt.apply(card);
    assert_eq!(dealt.snapshot().hand_sizes, [1, 0], "seat 0 got the card");
    assert!(seen_by(&state, card, 0));
    assert!(!seen_by(&state, card, 1));
    // Play on at random until a die is rolled: every seat sees the roll.
    let mut rng = Rng::seed_from_u64(5);
    let mut s = state;
    let mut rolls = 0;
    while s.turn() != Turn::Terminal && rolls < 3 {
        let action = match s.turn() {
            Turn::Chance => s.sample_chance_outcome(&mut rng),
            Turn::Decision(seat) => {
                let mut list = ActionList::new();
                s.legal_actions(&mut list);
                assert!(seen_by(&s, list[0], seat));
                list[0]
            }
            Turn::Terminal => unreachable!(),
        };
        if s.turn() == Turn::Chance && s.action_to_string(action).contains("die") {
            assert!(seen_by(&s, action, 0) && seen_by(&s, action, 1));
            rolls += 1;
        }
        s.apply(action);
    }
    assert!(rolls > 0, "a die was rolled");
}

/// Memory deals its cards face down one at a time: the last deal has one outcome (the
/// one card left), yet no seat may know which card it is. Its own node offers no other
/// outcome, so only the drawn information sets show it hidden.
#[test]
fn the_last_card_dealt_face_down_is_not_seen_though_it_is_forced() {
    use crate::memory::Memory;
    let state0 = Memory::default_rules().new_initial_state();
    let seats = state0.num_seats() as Seat;
    let mut rng = Rng::seed_from_u64(3);
    let mut s = state0;
    let mut forced = 0;
    while s.turn() == Turn::Chance {
        let mut outcomes = ChanceList::new();
        s.chance_outcomes(&mut outcomes);
        let action = s.sample_chance_outcome(&mut rng);
        if outcomes.len() == 1 {
            forced += 1;
            for seat in 0..seats {
                assert!(
                    !seen_by(&s, action, seat),
                    "seat {seat} sees '{}'",
                    s.action_to_string(action)
                );
            }
        } else if forced == 0 {
            // A face-down deal with a choice of cards is hidden too.
            assert!(!seen_by(&s, action, 0));
        }
        s.apply(action);
    }
    assert_eq!(forced, 1, "the deal ends with one forced card");
}
