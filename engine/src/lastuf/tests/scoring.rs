//! Scoring (How to score a GOAL; BALL), STOP, TIME-OUT against scoring, and elimination.

use super::*;

/// Seat 0 attacks seat 1's red goal with `att` red players against `def` defenders; seat
/// 0 holds a BALL, seat 1 the cards `victim_hand`.
fn duel(r: Rules, att: u8, def: u8, victim_hand: &[Card], balls_in: u8) -> State {
    Setup::new(r)
        .hand(0, &hand5(&[C::Ball]))
        .hand(1, &hand5(victim_hand))
        .players(0, K::Red, St::Plain, att)
        .players(1, K::Red, St::Plain, def)
        .goal(1, K::Red, balls_in)
        .build()
        .unwrap()
}

#[test]
fn a_ball_scores_when_the_attackers_outnumber_the_defenders_of_the_goal_colour() {
    let mut s = duel(rules(), 3, 2, &[], 0);
    assert!(legal(&s).contains(&act::play(C::Ball)));
    play(&mut s, &[act::play(C::Ball)]);
    assert_eq!(legal(&s), vec![act::shoot(1, 0)]);
    play(&mut s, &[act::shoot(1, 0)]);
    // The victim may answer (he holds no STOP: only "let it count").
    assert_eq!(s.turn(), Turn::Decision(1));
    assert_eq!(legal(&s), vec![act::DONE]);
    let ev = play(&mut s, &[act::DONE]);
    assert_eq!(
        ev[..2],
        [
            GameEvent::CardResolved {
                seat: 0,
                card: C::Ball as u8,
                success: true
            },
            GameEvent::Goal { seat: 0 }
        ]
    );
    // The ball stays in the goal: a goal against seat 1.
    assert_eq!(s.goal(1, 0), Some((K::Red, 1)));
    assert_eq!(s.score(0), 1);
    assert_eq!(s.conceded(1), 1);
    assert_eq!(s.conceded(0), 0);
}

#[test]
fn a_ball_cannot_score_without_outnumbering() {
    // Equal numbers.
    let s = duel(rules(), 2, 2, &[], 0);
    assert!(!legal(&s).contains(&act::play(C::Ball)));
    // Other colours do not attack a red goal.
    let s = Setup::new(rules())
        .hand(0, &hand5(&[C::Ball]))
        .players(0, K::Blue, St::Plain, 3)
        .goal(1, K::Red, 0)
        .build()
        .unwrap();
    assert!(!legal(&s).contains(&act::play(C::Ball)));
    // No goal, no score; nor in one's own goal.
    let s = Setup::new(rules())
        .hand(0, &hand5(&[C::Ball]))
        .players(0, K::Red, St::Plain, 3)
        .goal(0, K::Red, 0)
        .build()
        .unwrap();
    assert!(!legal(&s).contains(&act::play(C::Ball)));
}

#[test]
fn injured_players_count_neither_in_attack_nor_in_defence() {
    let s = Setup::new(rules())
        .hand(0, &hand5(&[C::Ball]))
        .players(0, K::Red, St::Plain, 1)
        .players(0, K::Red, St::Injured, 2)
        .players(1, K::Red, St::Plain, 1)
        .goal(1, K::Red, 0)
        .build()
        .unwrap();
    assert!(!legal(&s).contains(&act::play(C::Ball)));
    let s = Setup::new(rules())
        .hand(0, &hand5(&[C::Ball]))
        .players(0, K::Red, St::Booked, 1)
        .players(1, K::Red, St::BookedInjured, 3)
        .goal(1, K::Red, 0)
        .build()
        .unwrap();
    assert!(
        legal(&s).contains(&act::play(C::Ball)),
        "booked players count"
    );
}

#[test]
fn a_seat_under_time_out_cannot_be_scored_on() {
    let s = Setup::new(rules())
        .hand(0, &hand5(&[C::Ball]))
        .players(0, K::Red, St::Plain, 3)
        .goal(1, K::Red, 0)
        .timeout(1)
        .build()
        .unwrap();
    assert!(!legal(&s).contains(&act::play(C::Ball)));
}

#[test]
fn stop_cancels_the_goal_and_its_player_refills_at_once() {
    let mut s = duel(rules(), 3, 0, &[C::Stop], 0);
    play(&mut s, &[act::play(C::Ball), act::shoot(1, 0)]);
    assert_eq!(legal(&s), vec![act::DONE, act::STOP]);
    let ev = play(&mut s, &[act::STOP]);
    assert!(ev.contains(&GameEvent::CardResolved {
        seat: 1,
        card: C::Stop as u8,
        success: true
    }));
    assert!(ev.contains(&GameEvent::CardResolved {
        seat: 0,
        card: C::Ball as u8,
        success: false
    }));
    assert!(!ev.iter().any(|e| matches!(e, GameEvent::Goal { .. })));
    assert_eq!(s.goal(1, 0), Some((K::Red, 0)));
    assert_eq!(s.score(0), 0);
    assert_eq!((s.discarded(C::Stop), s.discarded(C::Ball)), (1, 1));
    // The STOP player draws at once, then the scorer draws back.
    assert_eq!(s.phase(), Phase::StopRefill(1));
    let ev = draw(&mut s, &[C::Doctor]);
    assert_eq!(
        ev,
        vec![GameEvent::CardDrawn {
            seat: 1,
            card: C::Doctor as u8
        }]
    );
    assert_eq!(s.hand_count(1), 5);
    assert_eq!(s.phase(), Phase::Refill);
    draw(&mut s, &[C::Doctor]);
    assert_eq!(s.turn(), Turn::Decision(1));
}

#[test]
fn option_stop_refill_own_turn_waits_for_the_stop_players_turn_end() {
    // With `refill = "end"` he plays his next turn with 4 cards.
    let r = rules_with(4, |o| {
        o.stop_refill = StopRefill::OwnTurn;
        o.refill = TurnRefill::End;
    });
    let mut s = duel(r, 3, 0, &[C::Stop], 0);
    play(&mut s, &[act::play(C::Ball), act::shoot(1, 0), act::STOP]);
    assert_eq!(s.phase(), Phase::Refill);
    draw(&mut s, &[C::Doctor]);
    assert_eq!(s.hand_count(1), 4);
    assert_eq!(s.turn(), Turn::Decision(1));
    play(&mut s, &[act::play(C::PlayerBlue)]);
    draw(&mut s, &[C::Doctor, C::Doctor]);
    assert_eq!(s.hand_count(1), 5);
    // With the default `refill = "start-and-end"` he draws back at the start of his turn.
    let r = rules_with(4, |o| o.stop_refill = StopRefill::OwnTurn);
    let mut s = duel(r, 3, 0, &[C::Stop], 0);
    play(&mut s, &[act::play(C::Ball), act::shoot(1, 0), act::STOP]);
    draw(&mut s, &[C::Doctor]);
    assert_eq!(s.phase(), Phase::StartRefill);
    draw(&mut s, &[C::Doctor]);
    assert_eq!(s.hand_count(1), 5);
    assert_eq!(s.turn(), Turn::Decision(1));
}

#[test]
fn a_player_holding_stop_may_let_the_goal_count() {
    let mut s = duel(rules(), 3, 0, &[C::Stop], 0);
    play(&mut s, &[act::play(C::Ball), act::shoot(1, 0), act::DONE]);
    assert_eq!(s.goal(1, 0), Some((K::Red, 1)));
    assert_eq!(s.hand_has(1, C::Stop), 1);
}

#[test]
fn the_third_goal_eliminates_the_seat_its_cards_are_discarded_and_its_goal_leaves() {
    let mut s = Setup::new(rules())
        .hand(0, &hand5(&[C::Ball]))
        .hand(1, &hand5(&[C::Stop]))
        .players(0, K::Red, St::Plain, 2)
        .players(1, K::Red, St::Booked, 1)
        .players(1, K::Green, St::Injured, 1)
        .goal(1, K::Red, 2)
        .timeout(2)
        .build()
        .unwrap();
    // Seat 2's TIME-OUT does not protect seat 1.
    play(&mut s, &[act::play(C::Ball), act::shoot(1, 0), act::DONE]);
    assert!(!s.is_in(1));
    assert_eq!(s.out_round(1), 1);
    assert_eq!(s.hand_count(1), 0);
    assert_eq!(s.goal_count(1), 0);
    // The default (`goal-out`): the goal leaves the game, its balls are discarded.
    assert_eq!(s.out_of_game(C::GoalRed), 1);
    assert_eq!(s.out_of_game(C::Ball), 0);
    assert_eq!(s.discarded(C::Ball), 3);
    assert_eq!(s.discarded(C::Stop), 1);
    assert_eq!(s.discarded(C::PlayerRed), 1);
    assert_eq!(s.discarded(C::YellowCard), 1);
    assert_eq!(s.discarded(C::Injury), 1);
    assert_eq!(s.conceded(1), 3);
    draw(&mut s, &[C::Doctor]);
    // Seat 2 (an empty hand in this position) draws five at the start of his turn.
    draw_any(&mut s);
    assert_eq!(s.hand_count(2), 5);
    assert_eq!(s.turn(), Turn::Decision(2), "seat 1 is skipped");
}

#[test]
fn option_eliminated_goal_discard_puts_the_goal_and_balls_on_the_discard_pile() {
    let r = rules_with(4, |o| o.eliminated_goal = EliminatedGoal::Discard);
    let mut s = duel(r, 1, 0, &[], 2);
    play(&mut s, &[act::play(C::Ball), act::shoot(1, 0), act::DONE]);
    assert!(!s.is_in(1));
    assert_eq!(s.out_of_game(C::GoalRed), 0);
    assert_eq!((s.discarded(C::GoalRed), s.discarded(C::Ball)), (1, 3));
}

#[test]
fn two_goal_variant_either_eliminates_on_one_full_goal() {
    let r = rules_with(2, |o| o.goals_per_player = 2);
    let mut s = Setup::new(r)
        .hand(0, &hand5(&[C::Ball]))
        .players(0, K::Red, St::Plain, 1)
        .goal(1, K::Blue, 0)
        .goal(1, K::Red, 2)
        .build()
        .unwrap();
    assert_eq!(
        legal(&{
            let mut t = s.clone();
            play(&mut t, &[act::play(C::Ball)]);
            t
        }),
        vec![act::shoot(1, 1)]
    );
    play(&mut s, &[act::play(C::Ball), act::shoot(1, 1), act::DONE]);
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.returns()[..2], [1.0, 0.0]);
}

#[test]
fn two_goal_variant_both_needs_both_goals_full() {
    let r = rules_with(2, |o| {
        o.goals_per_player = 2;
        o.elimination = Elimination::Both;
    });
    let mut s = Setup::new(r)
        .hand(0, &hand5(&[C::Ball, C::Ball]))
        .hand(1, &fill(K::Green, 5))
        .players(0, K::Red, St::Plain, 1)
        .players(0, K::Blue, St::Plain, 1)
        .goal(1, K::Blue, 2)
        .goal(1, K::Red, 2)
        .build()
        .unwrap();
    play(&mut s, &[act::play(C::Ball), act::shoot(1, 1), act::DONE]);
    assert!(s.is_in(1), "one goal of two is full");
    assert_eq!(s.margin(1), 1);
    draw(&mut s, &[C::Doctor]);
    play(&mut s, &[act::play(C::PlayerGreen)]);
    draw(&mut s, &[C::Doctor]);
    play(&mut s, &[act::play(C::Ball), act::shoot(1, 0), act::DONE]);
    assert_eq!(s.turn(), Turn::Terminal);
}

#[test]
fn two_goal_variant_both_lets_balls_pile_into_a_full_goal() {
    // Nothing in the text stops a goal into a goal that has already conceded three: the
    // ball stays there, out of play (the `two-goals-both` warning names it).
    let r = rules_with(2, |o| {
        o.goals_per_player = 2;
        o.elimination = Elimination::Both;
    });
    let mut s = Setup::new(r)
        .hand(0, &hand5(&[C::Ball]))
        .hand(1, &fill(K::Green, 5))
        .players(0, K::Blue, St::Plain, 1)
        .goal(1, K::Blue, 3)
        .goal(1, K::Red, 0)
        .build()
        .unwrap();
    assert!(s.can_score(0, 1, 0));
    play(&mut s, &[act::play(C::Ball), act::shoot(1, 0), act::DONE]);
    assert_eq!(s.goal(1, 0), Some((K::Blue, 4)));
    assert!(s.is_in(1));
}

/// The other reading of a full goal (issue 43): under `full_goal = "closed"` a goal that
/// has conceded three takes no more balls; the player's other goal still does, and he
/// is out when it is full too.
#[test]
fn option_full_goal_closed_stops_balls_into_a_full_goal() {
    let r = rules_with(2, |o| {
        o.goals_per_player = 2;
        o.elimination = Elimination::Both;
        o.full_goal = FullGoal::Closed;
    });
    let mut s = Setup::new(r)
        .hand(0, &hand5(&[C::Ball]))
        .hand(1, &fill(K::Green, 5))
        .players(0, K::Blue, St::Plain, 1)
        .players(0, K::Red, St::Plain, 1)
        .goal(1, K::Blue, 3)
        .goal(1, K::Red, 2)
        .build()
        .unwrap();
    assert!(!s.can_score(0, 1, 0), "the full goal is closed");
    assert!(s.can_score(0, 1, 1), "the other goal is open");
    play(&mut s, &[act::play(C::Ball)]);
    let targets = crate::core::testing::legal(&s);
    assert!(targets.contains(&act::shoot(1, 1)) && !targets.contains(&act::shoot(1, 0)));
    play(&mut s, &[act::shoot(1, 1), act::DONE]);
    assert!(
        !s.is_in(1),
        "both goals full: out (his goals leave the game)"
    );
}

/// An elimination is an event of the step that makes it (issue 43: `sim play`'s log
/// tells it).
#[test]
fn an_elimination_is_reported_on_its_step() {
    let r = rules_with(4, |_| {});
    let mut s = duel(r, 1, 0, &[], 2);
    play(&mut s, &[act::play(C::Ball)]);
    let mut events = Vec::new();
    for a in [act::shoot(1, 0), act::DONE] {
        crate::core::ApplyAction::apply_with(&mut s, a, &mut |e| events.push(e));
    }
    assert!(!s.is_in(1));
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, GameEvent::Eliminated { seat: 1 }))
            .count(),
        1,
        "{events:?}"
    );
}

#[test]
fn option_eliminated_goal_out_takes_the_balls_out_of_the_game_too() {
    let r = rules_with(4, |o| o.eliminated_goal = EliminatedGoal::Out);
    let mut s = duel(r, 1, 0, &[], 2);
    play(&mut s, &[act::play(C::Ball), act::shoot(1, 0), act::DONE]);
    assert!(!s.is_in(1));
    assert_eq!((s.out_of_game(C::GoalRed), s.out_of_game(C::Ball)), (1, 3));
    assert_eq!((s.discarded(C::GoalRed), s.discarded(C::Ball)), (0, 0));
}
