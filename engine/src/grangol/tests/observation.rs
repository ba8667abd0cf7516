//! Observations: the layout's size, known entries of known positions, seat-relative
//! tensors, and strings and tensors that show nothing a seat cannot see (the other hand,
//! the secret shot direction and wall). The generic battery checks no-peeking at random
//! decisions; these positions are chosen.

use super::shots::foul_at;
use super::*;
use crate::core::testing::{observation as tensor, observation_part as part};
use crate::core::Observation as _;
use crate::core::{ChanceOutcomes, ObservationLayout};

/// `copies` at the ids of `cards` in a per-card part of `k` kinds.
fn per_card(k: usize, cards: &[(Card, f32)]) -> Vec<f32> {
    let mut v = vec![0.0; k];
    for &(c, n) in cards {
        v[c.index()] = n;
    }
    v
}

/// A per-card part of copies as the tensor holds it: each card's `copies` divided by its
/// copies in the deck of `s`.
fn copies(s: &State, k: usize, cards: &[(Card, f32)]) -> Vec<f32> {
    let deck = &s.rules.deck;
    let scaled: Vec<(Card, f32)> = cards
        .iter()
        .map(|&(c, n)| (c, n / f32::from(deck[c.index()])))
        .collect();
    per_card(k, &scaled)
}

#[test]
fn the_layout_size_is_what_the_tensor_holds() {
    for (r, kinds) in [(rules(), 29), (rules_with_blanks(2), 30)] {
        let s = scenario(r).build();
        let layout: ObservationLayout = s.observation_layout();
        assert_eq!(layout.size(), s.observation_size());
        assert_eq!(layout.range("own_hand"), Some(0..kinds));
        assert_eq!(
            layout.range("timer").map(|x| x.len()),
            Some(usize::from(r.timer_cards))
        );
        let mut names: Vec<&str> = layout.parts.iter().map(|p| p.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), layout.parts.len(), "part names are unique");
        assert!(layout.parts.iter().all(|p| !p.about.is_empty()));
        // Every entry is written: a tensor filled with NaN comes back finite.
        for seat in 0..2 {
            assert!(tensor(&s, seat).iter().all(|v| v.is_finite()));
        }
    }
    // The default rules: 12 per-card rows of 29 kinds (348 entries), 10 timer cards and
    // 93 other entries.
    assert_eq!(scenario(rules()).build().observation_size(), 451);
    assert_eq!(
        scenario(rules_with_blanks(1)).build().observation_size(),
        463
    );
}

#[test]
#[should_panic(expected = "wrong length")]
fn a_tensor_of_the_wrong_length_is_refused() {
    let s = scenario(rules()).build();
    let mut t = vec![0.0; s.observation_size() + 1];
    s.observation_tensor(0, &mut t);
}

/// Seat 0 attacks in the opponent's three-quarters at 2-1, seat 1 booked once.
fn known_position() -> State {
    scenario(rules())
        .hand(0, &[C::Tiro, C::Lancio, C::Mischia])
        .hand(1, &[C::Catenaccio, C::Sole])
        .attack(0, 3)
        .score([2, 1])
        .yellows(1, 1)
        .timer(4)
        .in_play(1, C::Pioggia)
        .build()
}

#[test]
fn a_known_position_gives_the_expected_entries() {
    let s = known_position();
    let k = 29;
    let deck = f32::from(s.rules.deck_size);
    // Every entry is a count divided by its bound in the rules, or a flag.
    assert_eq!(
        part(&s, 0, "own_hand"),
        copies(
            &s,
            k,
            &[
                (C::Tiro, 1.0),
                (C::Lancio, 1.0),
                (C::Mischia, 1.0),
                (C::Contrasto, 2.0)
            ]
        )
    );
    assert_eq!(
        part(&s, 1, "own_hand"),
        copies(
            &s,
            k,
            &[(C::Catenaccio, 1.0), (C::Sole, 1.0), (C::Passaggio, 3.0)]
        )
    );
    // Goals and cautions, which no rule bounds: n / (n + 1).
    assert_eq!(part(&s, 0, "score"), [2.0 / 3.0, 0.5]);
    assert_eq!(part(&s, 1, "score"), [0.5, 2.0 / 3.0]);
    assert_eq!(part(&s, 0, "field"), [0.0, 0.0, 0.0, 1.0, 0.0]);
    assert_eq!(part(&s, 1, "field"), [0.0, 1.0, 0.0, 0.0, 0.0]);
    assert_eq!(part(&s, 0, "possession"), [1.0, 0.0]);
    assert_eq!(part(&s, 1, "possession"), [0.0, 1.0]);
    assert_eq!(part(&s, 0, "yellows"), [0.0, 0.5]);
    assert_eq!(part(&s, 0, "hand_sizes"), [5.0 / deck, 5.0 / deck]);
    let limit = 5.0 / f32::from(s.rules.hand_size);
    assert_eq!(part(&s, 0, "hand_limits"), [limit, limit]);
    let rain = 1.0 / deck;
    assert_eq!(part(&s, 0, "in_play"), [0., 0., 0., 0., rain, 0., 0., 0.]);
    assert_eq!(part(&s, 0, "turn_seat"), [1.0, 0.0]);
    assert_eq!(part(&s, 1, "to_move"), [0.0, 1.0]);
    assert_eq!(part(&s, 0, "phase")[0], 1.0, "the start of a turn");
    let timer = part(&s, 0, "timer");
    assert_eq!(timer.iter().position(|&v| v == 1.0), Some(4));
    assert_eq!(part(&s, 0, "half"), [1.0, 0.0]);
    assert_eq!(part(&s, 0, "draw_pile"), [79.0 / deck]);
    // Nothing seen of the other hand: every unseen copy is in the draw pile or there.
    let unseen = part(&s, 0, "unseen");
    let unseen_copies: f32 = unseen
        .iter()
        .zip(&s.rules.deck)
        .map(|(x, &d)| x * f32::from(d))
        .sum();
    assert!(
        (unseen_copies - (79.0 + 5.0)).abs() < 1e-3,
        "{unseen_copies}"
    );
    let pioggia = f32::from(s.rules.deck[C::Pioggia.index()]);
    assert_eq!(unseen[C::Pioggia.index()], (pioggia - 1.0) / pioggia);
    assert_eq!(part(&s, 0, "flags")[9], 1.0, "it is raining");
}

#[test]
fn a_card_seen_going_to_the_other_hand_is_known() {
    // MISCHIA: seat 0 gives its only GRANGOL and takes a SOLE (the only one) at random.
    let mut s = scenario(rules())
        .hand(0, &[C::Mischia, C::Grangol])
        .hand(1, &[C::Sole])
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Contrasto),
            act::play(C::Mischia),
            act::pick(C::Grangol),
            act::card(C::Sole),
        ],
    );
    let k = 29;
    assert_eq!(
        part(&s, 0, "opponent_known"),
        per_card(k, &[(C::Grangol, 1.0)])
    );
    assert_eq!(part(&s, 1, "own_known"), per_card(k, &[(C::Grangol, 1.0)]));
    assert_eq!(
        part(&s, 1, "opponent_known"),
        per_card(k, &[(C::Sole, 1.0)])
    );
    assert!(s
        .observation_string(0)
        .contains("you know it holds: GRANGOL"));
}

/// The position of [`known_position`] with the seats swapped.
fn swapped_position() -> State {
    scenario(rules())
        .hand(1, &[C::Tiro, C::Lancio, C::Mischia])
        .hand(0, &[C::Catenaccio, C::Sole])
        .attack(1, 3)
        .turn(1)
        .score([1, 2])
        .yellows(0, 1)
        .timer(4)
        .in_play(0, C::Pioggia)
        .build()
}

#[test]
fn the_tensor_is_seat_relative() {
    let (mut a, mut b) = (known_position(), swapped_position());
    assert_ne!(tensor(&a, 0), tensor(&a, 1));
    // The same play from both: draw a PASSAGGIO, pass, and the green die shows a ball.
    let next = [
        act::DRAW,
        act::card(C::Passaggio),
        act::play(C::Passaggio),
        BALL,
    ];
    for step in 0..=next.len() {
        assert_eq!(tensor(&a, 0), tensor(&b, 1), "step {step}");
        assert_eq!(tensor(&a, 1), tensor(&b, 0), "step {step}");
        assert_ne!(tensor(&a, 0), tensor(&b, 0), "step {step}");
        if step < next.len() {
            play(&mut a, &next[step..=step]);
            play(&mut b, &next[step..=step]);
        }
    }
    assert_eq!(
        part(&a, 0, "field"),
        [0.0, 0.0, 0.0, 0.0, 1.0],
        "the pass went on"
    );
}

/// Seat 0 (TIRO, LANCIO and padding) against a seat 1 holding `other` and padding.
fn with_other_hand(other: &[Card]) -> State {
    scenario(rules())
        .hand(0, &[C::Tiro, C::Lancio])
        .hand(1, other)
        .build()
}

#[test]
fn the_string_names_the_own_cards_and_not_the_hidden_ones() {
    let a = with_other_hand(&[C::Sole, C::Melina]);
    let b = with_other_hand(&[C::Pressing, C::Tifosi]);
    let (sa, sb) = (a.observation_string(0), b.observation_string(0));
    assert_eq!(sa, sb, "seat 0 cannot tell the two apart");
    assert_eq!(tensor(&a, 0), tensor(&b, 0));
    for name in ["TIRO", "LANCIO", "CONTRASTO x3"] {
        assert!(sa.contains(name), "{name} in {sa}");
    }
    for hidden in ["SOLE", "MELINA", "PRESSING", "TIFOSI"] {
        assert!(!sa.contains(hidden), "{hidden} in {sa}");
    }
    assert!(sa.contains("Opponent's hand: 5 cards"), "{sa}");
    // Seat 1 sees its own cards, which differ.
    let (ta, tb) = (a.observation_string(1), b.observation_string(1));
    assert!(
        ta.contains("SOLE") && ta.contains("MELINA") && !ta.contains("TIRO"),
        "{ta}"
    );
    assert!(
        tb.contains("PRESSING") && tb.contains("TIFOSI A FAVORE"),
        "{tb}"
    );
    assert_ne!(tensor(&a, 1), tensor(&b, 1));
}

/// Seat 0 shoots a TIRO from the penalty area aiming `aim`: the goalkeeper (seat 1) is to
/// dive.
fn aimed(aim: Action) -> State {
    let mut s = scenario(rules()).hand(0, &[C::Tiro]).attack(0, 4).build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Tiro), aim],
    );
    assert_eq!(s.tasks.last(), Some(&Task::Keeper));
    s
}

#[test]
fn the_shot_direction_is_hidden_from_the_goalkeeper_until_he_dives() {
    let (l, r) = (aimed(LEFT), aimed(RIGHT));
    assert_eq!(
        tensor(&l, 1),
        tensor(&r, 1),
        "the keeper cannot see the aim"
    );
    assert_eq!(l.observation_string(1), r.observation_string(1));
    assert!(l.observation_string(1).contains("direction hidden"));
    assert_ne!(tensor(&l, 0), tensor(&r, 0), "the shooter sees his aim");
    assert!(l.observation_string(0).contains("direction left"));
    assert!(r.observation_string(0).contains("direction right"));
    let shot = part(&l, 1, "shot");
    assert_eq!(&shot[..3], [1.0, 0.0, 0.0], "a played shot");
    assert_eq!(&shot[3..9], [0.0; 6], "no direction, no wall");
    assert_eq!(&shot[9..], [0.0, 1.0], "the opponent shoots");
    // The dive reveals it: the roll that follows is seen with the direction.
    let (mut l, mut r) = (l, r);
    play(&mut l, &[MIDDLE]);
    play(&mut r, &[MIDDLE]);
    assert_ne!(tensor(&l, 1), tensor(&r, 1));
    assert_eq!(&part(&l, 1, "shot")[3..6], [1.0, 0.0, 0.0]);
    assert!(r.observation_string(1).contains("direction right"));
}

#[test]
fn a_secret_wall_and_the_aim_are_hidden_until_the_dive() {
    // A free kick: the aim (seat 0), then the wall (seat 1, secret), then the dive.
    let free_kick = |aim, wall| {
        let mut s = foul_at(rules(), 3, WHISTLE);
        play(&mut s, &[aim, wall]);
        assert_eq!(s.tasks.last(), Some(&Task::Keeper));
        s
    };
    let a = free_kick(LEFT, MIDDLE);
    let b = free_kick(RIGHT, MIDDLE);
    let c = free_kick(LEFT, RIGHT);
    assert_eq!(
        tensor(&a, 1),
        tensor(&b, 1),
        "the defender cannot see the aim"
    );
    assert_eq!(a.observation_string(1), b.observation_string(1));
    assert_eq!(
        tensor(&a, 0),
        tensor(&c, 0),
        "the shooter cannot see the wall"
    );
    assert_eq!(a.observation_string(0), c.observation_string(0));
    assert!(a.observation_string(0).contains("wall hidden"));
    assert!(a.observation_string(1).contains("wall middle"));
    assert_ne!(tensor(&a, 1), tensor(&c, 1), "the defender sees his wall");
}

#[test]
fn the_battery_checks_observations() {
    let g = Grangol::default_rules();
    let r = check_game(&g, 20, 5).unwrap();
    assert!(r.observations > 20, "{r:?}");
}

#[test]
fn every_state_of_random_games_has_an_observation() {
    // Chance nodes and the end included (the battery checks decisions), under readings
    // that change what is secret and what is held.
    let variants = [
        rules(),
        rules_with(|o| o.wall = WallRule::OpenFirst),
        rules_with(|o| {
            o.opening_tempo = OpeningTempo::Hold;
            o.red_card_discard = RedCardDiscard::Offender;
            o.take_discard = TakeDiscard::Any;
        }),
    ];
    for (v, r) in variants.into_iter().enumerate() {
        let g = Grangol::from_parts(Grangol::default_rules().config().clone(), r);
        let layout = g.new_initial_state().observation_layout();
        for game in 0..4 {
            let mut rng = crate::core::derive_rng(v as u64, game, crate::core::Stream::Other(0));
            let mut s = g.new_initial_state();
            let mut t = vec![f32::NAN; layout.size()];
            loop {
                for seat in 0..2 {
                    s.observation_tensor(seat, &mut t);
                    assert!(t.iter().all(|x| x.is_finite()));
                    assert!(s.observation_string(seat).contains("GRANGOL"));
                }
                if s.turn() == Turn::Terminal {
                    assert_eq!(part(&s, 0, "phase")[19], 1.0, "the end");
                    break;
                }
                let a = match s.turn() {
                    Turn::Chance => s.sample_chance_outcome(&mut rng),
                    _ => {
                        let l = legal(&s);
                        l[rand::Rng::gen_range(&mut rng, 0..l.len())]
                    }
                };
                s.apply(a);
            }
        }
    }
}
