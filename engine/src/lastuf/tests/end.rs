//! The end of the game (Object of the game: last player standing), placement returns,
//! the turn cap, scores and the heuristic at the end.

use super::*;
use crate::core::{Heuristic, Seat};

/// Seat `att` (with a BALL and three red players) to play against seat `victim`'s red
/// goal holding two balls, under `r`.
fn finishing_blow(r: Rules, att: Seat, victim: Seat, out: &[Seat]) -> State {
    let mut b = Setup::new(r)
        .hand(att, &hand5(&[C::Ball]))
        .players(att, K::Red, St::Plain, 3)
        .goal(victim, K::Red, 2)
        .turn(att);
    for &o in out {
        b = b.eliminated(o);
    }
    b.build().unwrap()
}

#[test]
fn the_last_player_standing_wins_two_players() {
    let mut s = finishing_blow(rules_n(2), 1, 0, &[]);
    let ev = play(&mut s, &[act::play(C::Ball), act::shoot(0, 0), act::DONE]);
    assert_eq!(ev.last(), Some(&GameEvent::TurnEnd { seat: 1 }));
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.returns()[..2], [0.0, 1.0]);
    assert!(!s.ended_by_cap());
    assert_eq!(s.heuristic(1), 1.0);
    assert_eq!(s.heuristic(0), 0.0);
}

#[test]
fn placement_follows_the_order_of_elimination() {
    // Seat 2 went out first (round 1); seat 1 goes out now; seats 0 and 3 play on.
    let mut s = finishing_blow(rules(), 0, 1, &[2]);
    play(&mut s, &[act::play(C::Ball), act::shoot(1, 0), act::DONE]);
    assert_eq!(s.turn(), Turn::Chance, "two seats are still in");
    assert_eq!(s.ranks()[..4], [0, 1, 2, 0]);
    // Seat 1's return is decided: ahead of seat 2 only.
    assert!((s.heuristic(1) - 1.0 / 3.0).abs() < 1e-12);
    assert_eq!(s.heuristic(2), 0.0);
    draw(&mut s, &[C::Ball]);
    // Seat 3 (an empty hand in this position) draws five at the start of his turn.
    assert_eq!(s.turn(), Turn::Chance);
    draw_any(&mut s);
    assert_eq!(s.hand_count(3), 5);
    assert_eq!(s.turn(), Turn::Decision(3), "seats 1 and 2 are skipped");
    // Seat 0 finishes seat 3 after seats 1 and 2 went out together.
    let mut t = Setup::new(rules())
        .hand(0, &hand5(&[C::Ball]))
        .players(0, K::Green, St::Plain, 1)
        .goal(3, K::Green, 2)
        .eliminated(1)
        .eliminated(2)
        .build()
        .unwrap();
    play(&mut t, &[act::play(C::Ball), act::shoot(3, 0), act::DONE]);
    assert_eq!(t.turn(), Turn::Terminal);
    // Seats 1 and 2 went out together (the builder's round 1): they share the last place.
    assert_eq!(t.returns(), [1.0, 1.0 / 6.0, 1.0 / 6.0, 2.0 / 3.0]);
    assert_eq!(t.returns().iter().sum::<f64>(), 2.0);
}

#[test]
fn the_turn_cap_ends_the_game_as_a_draw_among_the_seats_still_in() {
    let mut r = rules();
    r.max_turns = 1;
    let mut s = Setup::new(r)
        .hand(0, &hand5(&[]))
        .eliminated(3)
        .build()
        .unwrap();
    play(&mut s, &[act::play(C::PlayerBlue)]);
    draw(&mut s, &[C::Ball]);
    assert_eq!(s.turn(), Turn::Terminal);
    assert!(s.ended_by_cap());
    assert_eq!(s.returns(), [2.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0, 0.0]);
    for seat in 0..4 {
        assert_eq!(s.heuristic(seat), s.returns()[seat as usize]);
    }
}

#[test]
fn score_counts_goals_scored_and_conceded_counts_balls_in_ones_goals() {
    let s = Setup::new(rules())
        .goal(1, K::Red, 2)
        .scored(0, 2)
        .build()
        .unwrap();
    assert_eq!((s.score(0), s.score(1)), (2, 0));
    assert_eq!((s.conceded(0), s.conceded(1)), (0, 2));
}

#[test]
fn the_heuristic_is_a_probability_and_prefers_the_stronger_seat() {
    let s = Setup::new(rules_n(2))
        .hand(0, &hand5(&[C::Ball]))
        .players(0, K::Red, St::Plain, 2)
        .goal(0, K::Blue, 0)
        .goal(1, K::Red, 2)
        .build()
        .unwrap();
    let (h0, h1) = (s.heuristic(0), s.heuristic(1));
    assert!(h0 > 0.5 && h0 < 1.0 && h1 > 0.0 && h1 < 0.5, "{h0} {h1}");
    // Hidden cards do not move it: another hand for seat 1 gives the same values.
    let t = Setup::new(rules_n(2))
        .hand(0, &hand5(&[C::Ball]))
        .hand(1, &[C::Stop, C::Stop])
        .players(0, K::Red, St::Plain, 2)
        .goal(0, K::Blue, 0)
        .goal(1, K::Red, 2)
        .build()
        .unwrap();
    assert_eq!(t.heuristic(0), h0);
}
