//! The turn: deal, one play (a card, or a discard of one or two cards), drawing back to a
//! full hand with reshuffles, the order of play, and the GOAL placement obligation.

use super::*;

#[test]
fn the_deal_gives_every_seat_a_full_hand_and_seat_0_plays_first() {
    let g = Lastuf::default_rules();
    let mut s = g.new_initial_state();
    let mut dealt = 0;
    while s.turn() == Turn::Chance {
        let first = chance(&s)[0].0;
        let events = apply(&mut s, first);
        assert!(matches!(events[0], GameEvent::CardDrawn { .. }));
        dealt += 1;
    }
    assert_eq!(dealt, 20);
    for seat in 0..4 {
        assert_eq!(s.hand_count(seat), 5);
    }
    assert_eq!(s.deck_count(), 61);
    assert_eq!(s.turn(), Turn::Decision(0));
}

#[test]
fn a_turn_is_one_play_then_drawing_back_to_five_then_the_next_seat() {
    let mut s = Setup::new(rules())
        .hand(0, &hand5(&[C::PlayerRed]))
        .hand(1, &hand5(&[]))
        .build()
        .unwrap();
    let ev = play(&mut s, &[act::play(C::PlayerRed)]);
    assert!(ev.contains(&GameEvent::CardPlayed {
        seat: 0,
        card: C::PlayerRed as u8
    }));
    assert_eq!(s.players(0, K::Red, St::Plain), 1);
    assert_eq!(s.turn(), Turn::Chance, "drawing back");
    let ev = draw(&mut s, &[C::Ball]);
    assert_eq!(s.hand_count(0), 5);
    assert_eq!(s.hand_has(0, C::Ball), 1);
    assert!(ev.contains(&GameEvent::TurnEnd { seat: 0 }));
    assert_eq!(s.turn(), Turn::Decision(1));
}

#[test]
fn a_discard_is_one_or_two_cards_then_the_hand_is_refilled() {
    let mut s = Setup::new(rules())
        .hand(0, &hand5(&[C::Stop, C::Doctor]))
        .hand(1, &hand5(&[]))
        .build()
        .unwrap();
    play(&mut s, &[act::discard(C::Stop)]);
    assert_eq!(s.phase(), Phase::MoreDiscard(1));
    assert!(legal(&s).contains(&act::DONE));
    play(&mut s, &[act::discard(C::Doctor)]);
    // Two discarded: no third.
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.discarded(C::Stop) + s.discarded(C::Doctor), 2);
    draw(&mut s, &[C::Ball, C::Ball]);
    assert_eq!(s.hand_count(0), 5);
    assert_eq!(s.turn(), Turn::Decision(1));

    // One card and done.
    let mut s = Setup::new(rules())
        .hand(0, &hand5(&[C::Stop]))
        .hand(1, &hand5(&[]))
        .build()
        .unwrap();
    play(&mut s, &[act::discard(C::Stop), act::DONE]);
    draw(&mut s, &[C::Ball]);
    assert_eq!(s.turn(), Turn::Decision(1));
}

#[test]
fn option_discard_max_one_ends_the_play_after_one_card() {
    let r = rules_with(4, |o| o.discard_max = 1);
    let mut s = Setup::new(r).hand(0, &hand5(&[C::Stop])).build().unwrap();
    play(&mut s, &[act::discard(C::Stop)]);
    assert_eq!(s.turn(), Turn::Chance);
}

#[test]
fn playing_nothing_is_allowed_only_under_option_pass() {
    let s = Setup::new(rules()).hand(0, &hand5(&[])).build().unwrap();
    assert!(!legal(&s).contains(&act::PASS));
    let r = rules_with(4, |o| o.pass = true);
    let mut s = Setup::new(r)
        .hand(0, &hand5(&[]))
        .hand(1, &hand5(&[]))
        .build()
        .unwrap();
    play(&mut s, &[act::PASS]);
    assert_eq!(s.turn(), Turn::Decision(1), "a full hand draws nothing");
}

#[test]
fn an_empty_draw_pile_is_refilled_from_the_shuffled_discard_pile() {
    // A two-player deck of 12 cards: 10 in hands, 2 discarded, nothing left to draw.
    let mut r = rules_n(2);
    r.deck = [0; NUM_CARDS];
    r.deck[C::PlayerRed.index()] = 10;
    r.deck[C::Stop.index()] = 2;
    r.deck_size = 12;
    let mut s = Setup::new(r)
        .hand(
            0,
            &[
                C::PlayerRed,
                C::PlayerRed,
                C::PlayerRed,
                C::PlayerRed,
                C::Stop,
            ],
        )
        .hand(1, &fill(K::Red, 5))
        .discard(&[C::PlayerRed, C::Stop])
        .build()
        .unwrap();
    assert_eq!(s.deck_count(), 0);
    play(&mut s, &[act::discard(C::Stop), act::DONE]);
    // The three discarded cards became the draw pile.
    assert_eq!(
        chance(&s),
        vec![(act::card(C::PlayerRed), 1), (act::card(C::Stop), 2)]
    );
    draw(&mut s, &[C::Stop]);
    assert_eq!(s.deck_count(), 2);
    assert_eq!(s.discarded(C::Stop), 0);
}

#[test]
fn drawing_stops_when_both_piles_are_empty() {
    let mut r = rules_n(2);
    r.deck = [0; NUM_CARDS];
    r.deck[C::PlayerRed.index()] = 10;
    r.deck_size = 10;
    let mut s = Setup::new(r)
        .hand(0, &fill(K::Red, 5))
        .hand(1, &fill(K::Red, 5))
        .build()
        .unwrap();
    play(&mut s, &[act::play(C::PlayerRed)]);
    assert_eq!(
        s.turn(),
        Turn::Decision(1),
        "no card to draw: the turn ends"
    );
    assert_eq!(s.hand_count(0), 4);
}

/// Two players, a 10-card deck all in hand (nine PLAYER RED, one RED CARD with seat 1):
/// seat 0 plays a player and cannot draw; seat 1 sends him off with the RED CARD and
/// draws one of the two discarded cards back. Seat 0's hand has 4 cards when his turn
/// begins again and one card is in the draw pile.
fn short_hand_at_turn_start(refill: TurnRefill) -> State {
    let mut r = rules_with(2, |o| o.refill = refill);
    r.deck = [0; NUM_CARDS];
    r.deck[C::PlayerRed.index()] = 9;
    r.deck[C::RedCard.index()] = 1;
    r.deck_size = 10;
    let mut hand1 = fill(K::Red, 4);
    hand1.push(C::RedCard);
    let mut s = Setup::new(r)
        .hand(0, &fill(K::Red, 5))
        .hand(1, &hand1)
        .build()
        .unwrap();
    play(&mut s, &[act::play(C::PlayerRed)]);
    assert_eq!((s.turn(), s.hand_count(0)), (Turn::Decision(1), 4));
    play(
        &mut s,
        &[act::play(C::RedCard), act::target(0, K::Red, St::Plain)],
    );
    draw(&mut s, &[C::PlayerRed]);
    assert_eq!(s.deck_count(), 1, "the RED CARD is left in the draw pile");
    s
}

#[test]
fn a_short_hand_is_refilled_at_the_start_of_the_turn_unless_option_refill_end() {
    // Default: "each player must have 5 cards in his hand at the beginning of his turn".
    let mut s = short_hand_at_turn_start(TurnRefill::StartAndEnd);
    assert_eq!(s.turn(), Turn::Chance, "seat 0 draws before he plays");
    let events = draw(&mut s, &[C::RedCard]);
    assert!(events.contains(&GameEvent::CardDrawn {
        seat: 0,
        card: C::RedCard as u8
    }));
    assert_eq!((s.turn(), s.hand_count(0)), (Turn::Decision(0), 5));
    // `end`: he plays with 4 cards and draws only at the end of his turn.
    let s = short_hand_at_turn_start(TurnRefill::End);
    assert_eq!((s.turn(), s.hand_count(0)), (Turn::Decision(0), 4));
}

#[test]
fn a_full_hand_is_not_refilled_at_the_start_of_the_turn() {
    let mut s = Setup::new(rules())
        .hand(0, &hand5(&[]))
        .hand(1, &fill(K::Green, 5))
        .build()
        .unwrap();
    play(&mut s, &[act::play(C::PlayerBlue)]);
    draw(&mut s, &[C::Ball]);
    assert_eq!(
        s.turn(),
        Turn::Decision(1),
        "seat 1's full hand draws nothing"
    );
}

#[test]
fn play_goes_clockwise_to_the_next_seat_still_in() {
    let mut s = Setup::new(rules())
        .hand(0, &hand5(&[]))
        .hand(2, &fill(K::Green, 5))
        .eliminated(1)
        .turn(0)
        .build()
        .unwrap();
    play(&mut s, &[act::play(C::PlayerBlue)]);
    draw(&mut s, &[C::Ball]);
    assert_eq!(s.turn(), Turn::Decision(2));
    let mut s = Setup::new(rules())
        .hand(3, &hand5(&[]))
        .hand(0, &fill(K::Green, 5))
        .turn(3)
        .build()
        .unwrap();
    play(&mut s, &[act::play(C::PlayerBlue)]);
    draw(&mut s, &[C::Ball]);
    assert_eq!(s.turn(), Turn::Decision(0));
}

#[test]
fn a_goal_in_hand_must_be_placed_in_front_of_any_seat_with_room() {
    let s = Setup::new(rules())
        .hand(0, &hand5(&[C::GoalRed, C::GoalBlue, C::Ball]))
        .goal(2, K::Green, 0)
        .build()
        .unwrap();
    assert_eq!(
        legal(&s),
        vec![act::play(C::GoalRed), act::play(C::GoalBlue)]
    );
    let mut s2 = s.clone();
    play(&mut s2, &[act::play(C::GoalRed)]);
    // Any seat without a goal, including the player himself.
    assert_eq!(
        legal(&s2),
        vec![act::place(0), act::place(1), act::place(3)]
    );
    play(&mut s2, &[act::place(0)]);
    assert_eq!(s2.goal(0, 0), Some((K::Red, 0)));
    assert_eq!(s2.goal_count(0), 1);
    // One goal a turn: the turn is over.
    assert_eq!(s2.turn(), Turn::Chance);
}

#[test]
fn a_goal_without_room_may_be_discarded_and_the_player_plays_normally() {
    let s = Setup::new(rules_n(2))
        .hand(0, &hand5(&[C::GoalRed]))
        .goal(0, K::Blue, 0)
        .goal(1, K::Green, 0)
        .build()
        .unwrap();
    let l = legal(&s);
    assert!(!l.contains(&act::play(C::GoalRed)));
    assert!(l.contains(&act::discard(C::GoalRed)));
    assert!(l.contains(&act::play(C::PlayerBlue)));
}

#[test]
fn option_goal_placement_free_lets_a_goal_wait() {
    let r = rules_with(4, |o| o.goal_placement = GoalPlacement::Free);
    let s = Setup::new(r)
        .hand(0, &hand5(&[C::GoalRed]))
        .build()
        .unwrap();
    let l = legal(&s);
    assert!(l.contains(&act::play(C::GoalRed)));
    assert!(l.contains(&act::play(C::PlayerBlue)));
    assert!(l.contains(&act::discard(C::GoalRed)));
}

#[test]
fn in_the_two_goal_variant_a_player_may_defend_two_goals() {
    let r = rules_with(2, |o| o.goals_per_player = 2);
    let mut s = Setup::new(r)
        .hand(0, &hand5(&[C::GoalRed]))
        .goal(0, K::Blue, 0)
        .goal(1, K::Green, 0)
        .goal(1, K::Yellow, 0)
        .build()
        .unwrap();
    play(&mut s, &[act::play(C::GoalRed)]);
    assert_eq!(
        legal(&s),
        vec![act::place(0)],
        "seat 1 defends two goals already"
    );
    play(&mut s, &[act::place(0)]);
    assert_eq!(s.goal(0, 1), Some((K::Red, 0)));
}

#[test]
fn a_seat_without_a_playable_card_is_locked_and_discards() {
    // Only a STOP (never playable in one's own turn) and balls without a target.
    let mut s = Setup::new(rules())
        .hand(0, &[C::Stop, C::Ball, C::Ball, C::Stop, C::Ball])
        .build()
        .unwrap();
    assert!(legal(&s)
        .iter()
        .all(|a| matches!(actions::decode(*a), actions::Decoded::Discard(_))));
    let ev = play(&mut s, &[act::discard(C::Stop)]);
    assert_eq!(ev, vec![GameEvent::Locked { seat: 0 }]);
    let ev = play(&mut s, &[act::discard(C::Stop)]);
    assert!(
        !ev.contains(&GameEvent::Locked { seat: 0 }),
        "once per turn"
    );
    // A seat with a playable card is not locked when it discards.
    let mut s = Setup::new(rules())
        .hand(0, &hand5(&[C::Stop]))
        .hand(1, &hand5(&[]))
        .build()
        .unwrap();
    let ev = play(&mut s, &[act::discard(C::Stop)]);
    assert!(ev.is_empty());
}
