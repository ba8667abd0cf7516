//! Observations: the layout's size for 2 to 4 seats, known entries of a known position,
//! seat-relative tensors, strings that show no hidden card, and the public computation of
//! the unseen cards. The generic battery checks no-peeking at random decisions.

use super::*;
use crate::core::testing::{observation as tensor, observation_part as part};
use crate::core::Observation as _;
use crate::core::{derive_rng, sample_chance, ObservationLayout, Stream};
use rand::Rng as _;

#[test]
fn the_layout_size_is_what_the_tensor_holds_for_two_to_four_seats() {
    let two_goals = rules_with(2, |o| o.goals_per_player = 2);
    for (r, size) in [
        (rules_n(2), 168),
        (rules_n(3), 198),
        (rules_n(4), 228),
        (two_goals, 179),
    ] {
        let mut s =
            Lastuf::from_parts(Lastuf::default_rules().config().clone(), r).new_initial_state();
        draw_any(&mut s);
        let layout: ObservationLayout = s.observation_layout();
        assert_eq!(layout.size(), size, "{} seats", r.players);
        assert_eq!(s.observation_size(), size);
        let n = usize::from(r.players);
        let g = usize::from(r.options.goals_per_player);
        assert_eq!(layout.range("hand_sizes").map(|x| x.len()), Some(n));
        assert_eq!(layout.range("goals").map(|x| x.len()), Some(n * g * 4));
        let mut names: Vec<&str> = layout.parts.iter().map(|p| p.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), layout.parts.len(), "part names are unique");
        for seat in 0..r.players {
            assert!(tensor(&s, seat).iter().all(|v| v.is_finite()));
        }
    }
}

#[test]
#[should_panic(expected = "wrong length")]
fn a_tensor_of_the_wrong_length_is_refused() {
    let s = Setup::new(rules_n(2)).build().unwrap();
    let mut t = vec![0.0; s.observation_size() - 1];
    s.observation_tensor(0, &mut t);
}

/// Three seats: seat 0 holds a BALL and a DOCTOR, has scored twice and has two red
/// players (one booked); seat 1 defends a red goal with one ball in it; seat 2 a blue one
/// under a TIME-OUT; seat 2 is to play.
fn known_position() -> State {
    Setup::new(rules_n(3))
        .hand(0, &hand5(&[C::Ball, C::Doctor]))
        .hand(1, &hand5(&[C::Stop, C::SwapSides]))
        .hand(2, &hand5(&[]))
        .players(0, K::Red, St::Plain, 1)
        .players(0, K::Red, St::Booked, 1)
        .goal(1, K::Red, 1)
        .goal(2, K::Blue, 0)
        .timeout(2)
        .scored(0, 2)
        .turn(2)
        .build()
        .unwrap()
}

#[test]
fn a_known_position_gives_the_expected_entries() {
    let s = known_position();
    // Every entry is a count divided by its bound in the rules, or a flag.
    let deck = |c: C| f32::from(s.rules.deck[c.index()]);
    let mut own = vec![0.0; NUM_CARDS];
    own[C::Ball.index()] = 1.0 / deck(C::Ball);
    own[C::Doctor.index()] = 1.0 / deck(C::Doctor);
    own[C::PlayerBlue.index()] = 3.0 / deck(C::PlayerBlue);
    assert_eq!(part(&s, 0, "own_hand"), own);
    // Seat 0's rows: itself, seat 1, seat 2. Seat 2's: itself, seat 0, seat 1. Goals,
    // which no rule bounds: n / (n + goals_to_eliminate).
    let t = f32::from(s.rules.goals_to_eliminate);
    assert_eq!(part(&s, 0, "scored"), [2.0 / (2.0 + t), 0.0, 0.0]);
    assert_eq!(part(&s, 2, "scored"), [0.0, 2.0 / (2.0 + t), 0.0]);
    assert_eq!(part(&s, 0, "balls"), [0.0, 1.0 / deck(C::Ball), 0.0]);
    assert_eq!(part(&s, 0, "conceded"), [0.0, 1.0 / (1.0 + t), 0.0]);
    assert_eq!(part(&s, 2, "timeout"), [1.0, 0.0, 0.0]);
    assert_eq!(
        part(&s, 1, "goals"),
        [1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 0., 0.],
        "seat 1: its red goal, seat 2's blue one, none for seat 0"
    );
    let players = part(&s, 0, "players");
    let red = 1.0 / deck(C::PlayerRed);
    assert_eq!(
        &players[..4],
        [red, red, 0.0, 0.0],
        "own red: plain, booked"
    );
    assert!(players[4..].iter().all(|&v| v == 0.0));
    assert_eq!(part(&s, 0, "turn_seat"), [0.0, 0.0, 1.0]);
    assert_eq!(part(&s, 2, "to_move"), [1.0, 0.0, 0.0]);
    assert_eq!(part(&s, 0, "in_game"), [1.0; 3]);
    assert_eq!(
        part(&s, 0, "hand_sizes"),
        [5.0 / f32::from(s.rules.deck_size); 3]
    );
    assert_eq!(part(&s, 0, "phase")[1], 1.0, "the play phase");
    // Unseen: the draw pile and the other two hands.
    let unseen = part(&s, 0, "unseen");
    let unseen_copies: f32 = unseen
        .iter()
        .zip(&s.rules.deck)
        .map(|(x, &d)| x * f32::from(d))
        .sum();
    let want = f32::from(s.deck_count()) + 10.0;
    assert!((unseen_copies - want).abs() < 1e-3, "{unseen_copies}");
    assert_eq!(
        unseen[C::Stop.index()] * deck(C::Stop),
        2.0,
        "both STOPs are unseen by seat 0"
    );
    assert_eq!(
        unseen[C::TimeOut.index()] * deck(C::TimeOut),
        1.0,
        "one TIME-OUT lies on the table"
    );
}

/// A scoring BALL waits for the victim's STOP: its phase entries.
#[test]
fn a_goal_waiting_for_stop_shows_shooter_and_slot() {
    let mut s = Setup::new(rules_n(2))
        .hand(0, &hand5(&[C::Ball]))
        .hand(1, &hand5(&[C::Stop]))
        .players(0, K::Red, St::Plain, 2)
        .goal(1, K::Red, 0)
        .build()
        .unwrap();
    play(&mut s, &[act::play(C::Ball), act::shoot(1, 0)]);
    assert_eq!(s.phase(), Phase::StopAsk(1, 0));
    assert_eq!(
        part(&s, 1, "stop_goal"),
        [0.0, 1.0, 1.0],
        "shooter: the other seat"
    );
    assert_eq!(part(&s, 1, "to_move"), [1.0, 0.0]);
    assert_eq!(part(&s, 1, "target_card")[C::Ball.index()], 1.0);
    assert_eq!(
        part(&s, 0, "unseen")[C::Ball.index()] * f32::from(s.rules.deck[C::Ball.index()]),
        9.0,
        "the shot BALL is seen"
    );
    assert!(s
        .observation_string(1)
        .contains("seat 0 shot a BALL into your RED goal"));
}

/// [`known_position`] with every seat moved one place on (seat `s` becomes `s + 1`).
fn rotated_position() -> State {
    Setup::new(rules_n(3))
        .hand(1, &hand5(&[C::Ball, C::Doctor]))
        .hand(2, &hand5(&[C::Stop, C::SwapSides]))
        .hand(0, &hand5(&[]))
        .players(1, K::Red, St::Plain, 1)
        .players(1, K::Red, St::Booked, 1)
        .goal(2, K::Red, 1)
        .goal(0, K::Blue, 0)
        .timeout(0)
        .scored(1, 2)
        .turn(0)
        .build()
        .unwrap()
}

#[test]
fn the_tensor_is_seat_relative() {
    let (mut a, mut b) = (known_position(), rotated_position());
    assert_ne!(tensor(&a, 0), tensor(&a, 1));
    // The turn seat plays a blue player, then draws a STOP.
    let next = [act::play(C::PlayerBlue), act::card(C::Stop)];
    for step in 0..=next.len() {
        for seat in 0..3 {
            assert_eq!(tensor(&a, seat), tensor(&b, (seat + 1) % 3), "step {step}");
            assert_ne!(tensor(&a, seat), tensor(&b, seat), "step {step}");
        }
        if step < next.len() {
            play(&mut a, &next[step..=step]);
            play(&mut b, &next[step..=step]);
        }
    }
}

/// Two seats: seat 0 holds a BALL and a DOCTOR, seat 1 `other` and blue players.
fn with_other_hand(other: &[Card]) -> State {
    Setup::new(rules_n(2))
        .hand(0, &hand5(&[C::Ball, C::Doctor]))
        .hand(1, &hand5(other))
        .build()
        .unwrap()
}

#[test]
fn the_string_names_the_own_cards_and_not_the_hidden_ones() {
    let a = with_other_hand(&[C::SwapSides, C::Substitution]);
    let b = with_other_hand(&[C::RedCard, C::Injury]);
    let (sa, sb) = (a.observation_string(0), b.observation_string(0));
    assert_eq!(sa, sb, "seat 0 cannot tell the two apart");
    assert_eq!(tensor(&a, 0), tensor(&b, 0));
    for name in ["BALL", "DOCTOR", "PLAYER BLUE x3"] {
        assert!(sa.contains(name), "{name} in {sa}");
    }
    for hidden in ["SWAP SIDES", "SUBSTITUTION", "RED CARD", "INJURY"] {
        assert!(!sa.contains(hidden), "{hidden} in {sa}");
    }
    assert!(sa.contains("Seat 1: 5 cards in hand"), "{sa}");
    let tb = b.observation_string(1);
    assert!(
        tb.contains("RED CARD") && tb.contains("INJURY") && !tb.contains("DOCTOR"),
        "{tb}"
    );
    assert_ne!(tensor(&a, 1), tensor(&b, 1));
}

#[test]
fn the_unseen_cards_are_the_draw_pile_and_the_other_hands() {
    // Computed from the visible cards alone, they must be what is really hidden.
    let r = rules_n(3);
    let g = Lastuf::from_parts(Lastuf::default_rules().config().clone(), r);
    for game in 0..10u32 {
        let mut s = g.new_initial_state();
        let mut rng = derive_rng(3, game.into(), Stream::Other(0));
        let mut steps = 0;
        while s.turn() != Turn::Terminal && steps < 2000 {
            for seat in 0..3 {
                let mut want = s.deck;
                for o in (0..3).filter(|&o| o != seat) {
                    for (w, &h) in want.iter_mut().zip(&s.hands[usize::from(o)]) {
                        *w += h;
                    }
                }
                assert_eq!(s.unseen(seat), want, "game {game} step {steps} seat {seat}");
            }
            let a = match s.turn() {
                Turn::Chance => sample_chance(&chance(&s).into_iter().collect(), &mut rng),
                _ => {
                    let l = legal(&s);
                    l[rng.gen_range(0..l.len())]
                }
            };
            s.apply(a);
            steps += 1;
            // Every state has an observation: chance nodes and the end too.
            for seat in 0..3 {
                assert!(tensor(&s, seat).iter().all(|x| x.is_finite()));
                assert!(s.observation_string(seat).contains("LASTUF GOL"));
            }
        }
    }
}

#[test]
fn the_battery_checks_observations() {
    let mut r = rules_n(3);
    r.max_turns = 100;
    let g = Lastuf::from_parts(Lastuf::default_rules().config().clone(), r);
    let report = check_game(&g, 10, 9).unwrap();
    assert!(report.observations > 10, "{report:?}");
}
