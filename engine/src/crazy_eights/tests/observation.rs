//! The observation tensor and string (`observation.rs`): OpenSpiel's layout first (the
//! own hand, the previous card and suit, the other hand's size), the lab's parts after,
//! the sizes, and no card of the other hand in a seat's string.

use super::*;
use crate::core::testing::{layout_part as part, observation as tensor};
use crate::core::Observation as _;

fn ones(v: &[f32]) -> Vec<usize> {
    (0..v.len()).filter(|&i| v[i] == 1.0).collect()
}

#[test]
fn the_battery_checks_observations() {
    let report = crate::core::testing::check_game(&CrazyEights::default_rules(), 5, 3).unwrap();
    assert!(report.observations > 0, "{report:?}");
}

#[test]
fn the_sizes_follow_openspiel_then_the_labs_parts() {
    let s = standard("HT");
    let layout = s.observation_layout();
    assert_eq!(openspiel_size(s.rules()), 213);
    assert_eq!(layout.size(), 213 + 63);
    assert_eq!(s.observation_size(), layout.size());
    assert_eq!(
        layout.range("phase").unwrap().start,
        213,
        "OpenSpiel's entries first"
    );
    let special = setup(
        rules_with(|r| r.use_special_cards = true),
        0,
        [&HAND0, &HAND1],
        &["HT"],
    );
    assert_eq!(openspiel_size(special.rules()), 214);
    assert_eq!(special.observation_size(), 214 + 63);
    assert_eq!(special.observation_layout().size(), 214 + 63);
    assert_eq!(
        special.observation_layout().range("direction"),
        Some(213..214)
    );
    let d = tensor(&special, 0);
    assert_eq!(d[213], 1.0, "counterclockwise");
    assert!(tensor(&s, 1).iter().all(|v| v.is_finite()));
}

#[test]
fn a_known_position_gives_openspiels_entries() {
    let s = standard("HT");
    let layout = s.observation_layout();
    for (seat, hand) in [(0u8, HAND0), (1, HAND1)] {
        let t = tensor(&s, seat);
        // OpenSpiel: values[card * 2 + copies] = 1 for every card.
        let h = part(&layout, &t, "hand");
        for id in 0..52u8 {
            let held = hand.iter().any(|&n| c(n) == id);
            let at = 2 * usize::from(id);
            assert_eq!(
                (h[at], h[at + 1]),
                if held { (0.0, 1.0) } else { (1.0, 0.0) }
            );
        }
        assert_eq!(
            ones(part(&layout, &t, "previous_card")),
            vec![usize::from(c("HT"))]
        );
        assert_eq!(ones(part(&layout, &t, "previous_suit")), vec![2], "hearts");
        assert_eq!(ones(part(&layout, &t, "other_hand_size")), vec![7]);
        // The lab's parts.
        assert_eq!(ones(part(&layout, &t, "phase")), vec![1], "play");
        assert_eq!(
            ones(part(&layout, &t, "discard_pile")),
            vec![usize::from(c("HT"))]
        );
        assert_eq!(
            part(&layout, &t, "draw_pile"),
            &[37.0 / 52.0],
            "of the 52 cards"
        );
        assert_eq!(
            ones(part(&layout, &t, "to_act")),
            vec![usize::from(seat == 0)]
        );
    }
    // While chance deals, OpenSpiel's entries are all zero.
    let mut dealing = State::new(rules());
    apply(&mut dealing, act::dealer(0));
    let t = tensor(&dealing, 0);
    assert!(t[..213].iter().all(|&v| v == 0.0));
    assert_eq!(ones(part(&layout, &t, "phase")), vec![0]);
}

#[test]
fn the_string_shows_the_own_hand_and_never_the_other() {
    let s = standard("HT");
    let mine = s.observation_string(0);
    // OpenSpiel's `ObservationString`, verbatim, then the lab's lines.
    let openspiel = "Currently I have: \n\
                     Suit C:  34567       \n\
                     Suit D:        9   K \n\
                     Suit H:              \n\
                     Suit S:              \n\
                     Previous card: HT\n\
                     Previous suit: H\n\
                     Starting counterclockwise, other players have: 7, 7 cards.\n";
    assert!(mine.starts_with(openspiel), "{mine}");
    assert!(mine.contains("Discard pile: HT\n"), "{mine}");
    assert!(mine.contains("Draw pile: 37 cards"), "{mine}");
    let theirs = s.observation_string(1);
    assert!(theirs.contains("Suit H:  3456"), "{theirs}");
    // Seat 0's string holds none of seat 1's cards, and the other way round.
    assert!(!mine.contains("Suit H:  3456"), "{mine}");
    assert!(!theirs.contains("Suit C:  34567"), "{theirs}");
    // A state with another hidden hand and pile reads the same for seat 0.
    let mut other = s.clone();
    let swap = set(&["H3"]) | set(&["C2"]);
    assert!(other.hands[1] & set(&["H3"]) != 0 && other.deck & set(&["C2"]) != 0);
    other.hands[1] ^= swap;
    other.deck ^= swap;
    assert_eq!(other.observation_string(0), mine);
    assert_eq!(tensor(&other, 0), tensor(&s, 0));
    assert_ne!(tensor(&other, 1), tensor(&s, 1));
}

/// OpenSpiel's own tensors and strings along two random games (one with special cards),
/// written by `tests/data/openspiel_observations.py` with `pyspiel`: replayed action for
/// action here, the lab's tensor begins with OpenSpiel's entries and its string with
/// OpenSpiel's text.
#[test]
fn openspiels_tensor_and_string_are_the_prefix() {
    let data = include_str!("data/openspiel_observations.txt");
    let mut state: Option<State> = None;
    let (mut tensors, mut strings, mut games) = (0, 0, 0);
    for line in data.lines() {
        let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
        match tag {
            "game" => {
                let special = rest == "1";
                state = Some(State::new(rules_with(|r| r.use_special_cards = special)));
                games += 1;
            }
            "a" => {
                let s = state.as_mut().expect("a game");
                apply(s, Action(rest.parse().unwrap()));
            }
            "t" => {
                let s = state.as_ref().expect("a game");
                let (seat, ones_list) = rest.split_once(' ').unwrap_or((rest, ""));
                let seat: Seat = seat.parse().unwrap();
                let want: Vec<usize> = ones_list
                    .split_whitespace()
                    .map(|i| i.parse().unwrap())
                    .collect();
                let t = tensor(s, seat);
                let n = openspiel_size(s.rules());
                assert_eq!(ones(&t[..n]), want, "seat {seat} at {:?}", s.snapshot());
                tensors += 1;
            }
            "s" => {
                let s = state.as_ref().expect("a game");
                let (seat, text) = rest.split_once(' ').unwrap();
                let seat: Seat = seat.parse().unwrap();
                let want = text.replace('|', "\n");
                let got = s.observation_string(seat);
                assert!(
                    got.starts_with(&want),
                    "seat {seat}:\n{got}\nOpenSpiel:\n{want}"
                );
                strings += 1;
            }
            "end" => assert_eq!(state.take().map(|s| s.turn()), Some(Turn::Terminal)),
            _ => panic!("unknown line {line}"),
        }
    }
    assert_eq!(games, 2);
    assert!(
        tensors > 100 && strings > 20,
        "{tensors} tensors, {strings} strings"
    );
}
