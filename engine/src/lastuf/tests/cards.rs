//! One test per card kind (Types of cards) and per option about a card.

use super::*;

/// Seat 0 to play `card` (plus blue players); seat 1 has one red player of status `t`.
fn against(r: Rules, card: Card, t: Status) -> State {
    Setup::new(r)
        .hand(0, &hand5(&[card]))
        .players(1, K::Red, t, 1)
        .build()
        .unwrap()
}

#[test]
fn an_outfield_player_goes_in_front_of_its_owner() {
    let mut s = Setup::new(rules())
        .hand(0, &hand5(&[C::PlayerGreen]))
        .build()
        .unwrap();
    play(&mut s, &[act::play(C::PlayerGreen)]);
    assert_eq!(s.players(0, K::Green, St::Plain), 1);
    assert_eq!(s.active(0, K::Green), 1);
}

#[test]
fn yellow_card_books_a_rivals_player_and_a_second_one_sends_him_off() {
    let mut s = against(rules(), C::YellowCard, St::Plain);
    play(&mut s, &[act::play(C::YellowCard)]);
    assert_eq!(legal(&s), vec![act::target(1, K::Red, St::Plain)]);
    assert_eq!(
        s.action_to_string(act::target(1, K::Red, St::Plain)),
        "YELLOW CARD on seat 1's RED player"
    );
    play(&mut s, &[act::target(1, K::Red, St::Plain)]);
    assert_eq!(s.players(1, K::Red, St::Booked), 1);
    assert_eq!(s.active(1, K::Red), 1, "a booked player still counts");
    let mut s = against(rules(), C::YellowCard, St::BookedInjured);
    play(
        &mut s,
        &[
            act::play(C::YellowCard),
            act::target(1, K::Red, St::BookedInjured),
        ],
    );
    assert_eq!(s.players(1, K::Red, St::BookedInjured), 0);
    assert_eq!(s.discarded(C::YellowCard), 2);
    assert_eq!(s.discarded(C::PlayerRed), 1);
    assert_eq!(s.discarded(C::Injury), 1);
}

#[test]
fn red_card_sends_a_rivals_player_off_with_his_cards() {
    let mut s = against(rules(), C::RedCard, St::Booked);
    play(
        &mut s,
        &[act::play(C::RedCard), act::target(1, K::Red, St::Booked)],
    );
    assert_eq!(s.players(1, K::Red, St::Booked), 0);
    assert_eq!(
        (
            s.discarded(C::RedCard),
            s.discarded(C::PlayerRed),
            s.discarded(C::YellowCard)
        ),
        (1, 1, 1)
    );
}

#[test]
fn injury_stops_a_player_counting_and_cannot_be_doubled() {
    let mut s = against(rules(), C::Injury, St::Booked);
    play(
        &mut s,
        &[act::play(C::Injury), act::target(1, K::Red, St::Booked)],
    );
    assert_eq!(s.players(1, K::Red, St::BookedInjured), 1);
    assert_eq!(s.active(1, K::Red), 0);
    let s = against(rules(), C::Injury, St::Injured);
    assert!(
        !legal(&s).contains(&act::play(C::Injury)),
        "no uninjured target"
    );
}

#[test]
fn sanctions_go_on_rivals_only_unless_option_sanctions_any() {
    let own = |r| {
        Setup::new(r)
            .hand(0, &hand5(&[C::RedCard]))
            .players(0, K::Red, St::Plain, 1)
            .build()
            .unwrap()
    };
    assert!(!legal(&own(rules())).contains(&act::play(C::RedCard)));
    let mut s = own(rules_with(4, |o| o.sanctions = Sanctions::Any));
    play(&mut s, &[act::play(C::RedCard)]);
    assert_eq!(legal(&s), vec![act::target(0, K::Red, St::Plain)]);
}

#[test]
fn doctor_heals_any_injured_player_or_only_own_under_option_doctor_own() {
    let setup = |r| {
        Setup::new(r)
            .hand(0, &hand5(&[C::Doctor]))
            .players(0, K::Red, St::Injured, 1)
            .players(2, K::Green, St::BookedInjured, 1)
            .build()
            .unwrap()
    };
    let mut s = setup(rules());
    play(&mut s, &[act::play(C::Doctor)]);
    assert_eq!(
        legal(&s),
        vec![
            act::target(0, K::Red, St::Injured),
            act::target(2, K::Green, St::BookedInjured)
        ]
    );
    play(&mut s, &[act::target(2, K::Green, St::BookedInjured)]);
    assert_eq!(s.players(2, K::Green, St::Booked), 1);
    assert_eq!((s.discarded(C::Doctor), s.discarded(C::Injury)), (1, 1));
    let mut s = setup(rules_with(4, |o| o.doctor = DoctorRule::Own));
    play(&mut s, &[act::play(C::Doctor)]);
    assert_eq!(legal(&s), vec![act::target(0, K::Red, St::Injured)]);
}

#[test]
fn substitution_swaps_players_with_the_cards_on_them() {
    let mut s = Setup::new(rules())
        .hand(0, &hand5(&[C::Substitution]))
        .players(0, K::Blue, St::Injured, 1)
        .players(3, K::Red, St::Booked, 1)
        .build()
        .unwrap();
    play(&mut s, &[act::play(C::Substitution)]);
    assert_eq!(legal(&s), vec![act::give(K::Blue, St::Injured)]);
    play(&mut s, &[act::give(K::Blue, St::Injured)]);
    assert_eq!(legal(&s), vec![act::target(3, K::Red, St::Booked)]);
    play(&mut s, &[act::target(3, K::Red, St::Booked)]);
    assert_eq!(s.players(0, K::Red, St::Booked), 1);
    assert_eq!(s.players(3, K::Blue, St::Injured), 1);
    assert_eq!(s.players(0, K::Blue, St::Injured), 0);
    assert_eq!(s.discarded(C::Substitution), 1);
    // Both must have a player on the table.
    let s = Setup::new(rules())
        .hand(0, &hand5(&[C::Substitution]))
        .players(0, K::Blue, St::Plain, 1)
        .build()
        .unwrap();
    assert!(!legal(&s).contains(&act::play(C::Substitution)));
}

#[test]
fn time_out_protects_until_the_players_next_turn_then_is_discarded() {
    let mut s = Setup::new(rules_n(2))
        .hand(0, &hand5(&[C::TimeOut]))
        .hand(1, &hand5(&[C::Ball]))
        .goal(0, K::Red, 0)
        .players(1, K::Red, St::Plain, 1)
        .build()
        .unwrap();
    play(&mut s, &[act::play(C::TimeOut)]);
    assert!(s.timed_out(0));
    draw(&mut s, &[C::Doctor]);
    assert!(
        !legal(&s).contains(&act::play(C::Ball)),
        "seat 0 is protected"
    );
    play(&mut s, &[act::play(C::PlayerBlue)]);
    draw(&mut s, &[C::Doctor]);
    // Seat 0's turn: the TIME-OUT goes to the discard pile; he plays normally.
    assert!(!s.timed_out(0));
    assert_eq!(s.discarded(C::TimeOut), 1);
    assert_eq!(s.turn(), Turn::Decision(0));
}

#[test]
fn swap_sides_swaps_goals_with_their_balls_when_both_defend_one() {
    let mut s = Setup::new(rules())
        .hand(0, &hand5(&[C::SwapSides]))
        .goal(0, K::Red, 2)
        .goal(2, K::Green, 0)
        .build()
        .unwrap();
    play(&mut s, &[act::play(C::SwapSides)]);
    assert_eq!(legal(&s), vec![act::swap(0, 2, 0)]);
    play(&mut s, &[act::swap(0, 2, 0)]);
    assert_eq!(s.goal(0, 0), Some((K::Green, 0)));
    assert_eq!(s.goal(2, 0), Some((K::Red, 2)));
    assert_eq!((s.conceded(0), s.conceded(2)), (0, 2));
    // No goal of one's own: not playable.
    let s = Setup::new(rules())
        .hand(0, &hand5(&[C::SwapSides]))
        .goal(2, K::Green, 0)
        .build()
        .unwrap();
    assert!(!legal(&s).contains(&act::play(C::SwapSides)));
}

#[test]
fn swap_sides_can_eliminate_in_the_two_goal_both_variant() {
    let r = rules_with(2, |o| {
        o.goals_per_player = 2;
        o.elimination = Elimination::Both;
    });
    let mut s = Setup::new(r)
        .hand(0, &hand5(&[C::SwapSides]))
        .goal(0, K::Red, 3)
        .goal(1, K::Blue, 0)
        .goal(1, K::Green, 3)
        .build()
        .unwrap();
    play(&mut s, &[act::play(C::SwapSides), act::swap(0, 1, 0)]);
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.returns()[..2], [1.0, 0.0]);
}

#[test]
fn stop_cannot_be_played_in_ones_own_turn() {
    let s = Setup::new(rules())
        .hand(0, &hand5(&[C::Stop]))
        .build()
        .unwrap();
    assert!(!legal(&s).contains(&act::play(C::Stop)));
    assert!(legal(&s).contains(&act::discard(C::Stop)));
}
