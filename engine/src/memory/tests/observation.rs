//! The observation tensor and string (`observation.rs`): the layout's size, the entries
//! of a known position, what each seat remembers, and the battery's no-peeking check.

use super::*;
use crate::core::Observation as _;
use crate::core::ObservationLayout;

/// `seat`'s tensor of `s`.
fn tensor(s: &State, seat: Seat) -> Vec<f32> {
    let mut out = vec![f32::NAN; s.observation_size()];
    s.observation_tensor(seat, &mut out);
    out
}

/// The entries of part `name`.
fn part<'a>(layout: &ObservationLayout, t: &'a [f32], name: &str) -> &'a [f32] {
    &t[layout
        .range(name)
        .unwrap_or_else(|| panic!("no part {name}"))]
}

/// The face `seat`'s tensor shows at `place` (the row of the `seen` part set there).
fn seen_face(s: &State, seat: Seat, place: usize) -> Option<usize> {
    let layout = s.observation_layout();
    let t = tensor(s, seat);
    let seen = part(&layout, &t, "seen");
    let cells = 20;
    let rows: Vec<usize> = (0..seen.len() / cells)
        .filter(|&f| seen[f * cells + place] == 1.0)
        .collect();
    assert!(rows.len() <= 1, "one face at most: {rows:?}");
    rows.first().copied()
}

#[test]
fn the_battery_checks_observations_for_every_player_count() {
    for n in 1..=4 {
        let g = small(n, |_| {});
        let report = check_game(&g, 5, 90 + u64::from(n)).unwrap();
        assert!(
            report.observations > 0,
            "{n} players: no observation checked"
        );
    }
}

#[test]
fn the_layout_size_is_what_the_tensor_writes() {
    for n in 1..=4u8 {
        let mut c = Memory::default_rules().config().clone();
        c.players = n;
        let rules = c.validate().unwrap();
        let g = Memory::from_parts(c, rules);
        let s = dealt(&g, &[]);
        let layout = s.observation_layout();
        assert_eq!(s.observation_size(), layout.size());
        // 100 places, 44 footballers + 5 prize kinds, 4 point values.
        assert_eq!(layout.size(), 5519 + 15 * usize::from(n), "{n} players");
        for seat in 0..n {
            let t = tensor(&s, seat);
            assert!(t.iter().all(|v| v.is_finite()), "every entry written");
        }
        // The layout never depends on the state.
        assert_eq!(g.new_initial_state().observation_layout(), layout);
    }
}

#[test]
fn a_card_only_one_seat_has_seen_is_unknown_to_the_other() {
    let g = small(2, |_| {});
    let mut s = with_var(&g);
    play(&mut s, &[act::USE_VAR, act::look(6), act::look(7)]);
    // Seat 0 looked at places 6 and 7 (footballer 3) in secret.
    assert_eq!(seen_face(&s, 0, 6), Some(3));
    assert_eq!(seen_face(&s, 0, 7), Some(3));
    assert_eq!(seen_face(&s, 1, 6), None);
    assert_eq!(seen_face(&s, 1, 7), None);
    // Both saw places 0 (footballer 0) and 2 (footballer 1) turned up; nobody place 9.
    for seat in 0..2 {
        assert_eq!(seen_face(&s, seat, 0), Some(0));
        assert_eq!(seen_face(&s, seat, 2), Some(1));
        assert_eq!(seen_face(&s, seat, 9), None);
    }
    // The strings: seat 0 remembers `f3` (face down), seat 1 does not see it.
    let mine = s.observation_string(0);
    let theirs = s.observation_string(1);
    assert!(mine.contains("f3"), "{mine}");
    assert!(!theirs.contains("f3") && !theirs.contains("F3"), "{theirs}");
    assert!(theirs.contains("??"), "{theirs}");
    assert!(mine.contains("f0") && theirs.contains("f0"), "{theirs}");
    // The second row (places 5..10), labelled `r2`: `?? f3 f3 ?? ??` for seat 0, all
    // unknown for seat 1; the columns labelled over the grid.
    assert!(mine.contains("  r2  ??  f3  f3  ??  ??\n"), "{mine}");
    assert!(theirs.contains("  r2  ??  ??  ??  ??  ??\n"), "{theirs}");
    assert!(mine.contains("      c1  c2  c3  c4  c5\n"), "{mine}");
}

#[test]
fn a_known_position_gives_the_expected_entries() {
    let g = small(2, |_| {});
    let mut s = with_var(&g);
    play(&mut s, &[act::USE_VAR, act::look(6), act::look(7)]);
    play(&mut s, &[act::turn(6), act::turn(7)]);
    // Seat 0 took the pair of footballer 3 (worth 2) and goes again.
    let layout = s.observation_layout();
    for (seat, me, other) in [(0u8, 0usize, 1usize), (1, 1, 0)] {
        let t = tensor(&s, seat);
        let cells = part(&layout, &t, "cells");
        // Place 18 (the VAR taken), 6 and 7 (the pair) hold no card; 0 is face down.
        for place in [6, 7, 18] {
            assert_eq!(cells[place], 1.0, "no card at {place}");
        }
        assert_eq!(cells[20], 1.0, "place 0 face down");
        let seats = part(&layout, &t, "seats");
        // Per seat: points, pairs by value (3 values), 5 prize kinds, VAR ready, yellows.
        let width = 1 + 3 + 5 + 2;
        assert_eq!(seats.len(), 2 * width);
        let row = |k: usize| &seats[k * width..(k + 1) * width];
        let seat0 = row(if seat == 0 { 0 } else { 1 });
        // Points are divided by all the pairs' points, pairs by that value's pairs.
        let rules = &s.rules;
        let all = rules.total_points() as f32;
        assert_eq!(seat0[0], 2.0 / all, "seat 0 has 2 points");
        let worth_2 = 1.0 / f32::from(rules.pairs[1]);
        assert_eq!(&seat0[1..4], &[0.0, worth_2, 0.0], "one pair worth 2");
        assert_eq!(row(other)[0], 0.0);
        let _ = me;
        let mover = part(&layout, &t, "mover");
        assert_eq!(
            mover[usize::from(seat != 0)],
            1.0,
            "seat 0's turn, me first"
        );
        let vars = f32::from(s.rules.prizes[Prize::Var.index()]);
        assert_eq!(
            part(&layout, &t, "discards")[Prize::Var.index()],
            1.0 / vars
        );
        assert_eq!(part(&layout, &t, "phase")[1], 1.0, "turn start");
    }
}
