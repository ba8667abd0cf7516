//! The shot's matching game (`shot.rs`): its solution is an equilibrium, and the draws
//! from it read only public facts.

use super::*;
use crate::core::{derive_rng, Stream};
use crate::helvetia::shot::{keeper_sets, pick, solve};
use rand::Rng as _;

/// Checks that `solve(cover, p)` is an equilibrium: the shooter's mix scores at least
/// the value against every set, the goalkeeper's mix concedes at most the value on every
/// square, both mixes are distributions.
fn check_equilibrium(cover: u8, p: &[f64; 6]) {
    let eq = solve(cover, p);
    let (sets, len) = keeper_sets(cover);
    assert_eq!((eq.sets, eq.len), (sets, len));
    let open = |q: usize, m: u8| m & (1 << q) == 0;
    assert!(
        (eq.shooter.iter().sum::<f64>() - 1.0).abs() < 1e-9,
        "{eq:?}"
    );
    assert!(
        (eq.keeper[..len].iter().sum::<f64>() - 1.0).abs() < 1e-9,
        "{eq:?}"
    );
    assert!(eq.shooter.iter().chain(&eq.keeper).all(|&x| x >= 0.0));
    for &m in &sets[..len] {
        let scored: f64 = (0..6)
            .filter(|&q| open(q, m))
            .map(|q| eq.shooter[q] * p[q])
            .sum();
        assert!(
            scored >= eq.value - 1e-9,
            "cover {cover} p {p:?}: set {m:06b} holds the shooter to {scored} < {}",
            eq.value
        );
    }
    for q in 0..6 {
        let conceded: f64 = (0..len)
            .filter(|&j| open(q, sets[j]))
            .map(|j| eq.keeper[j] * p[q])
            .sum();
        assert!(
            conceded <= eq.value + 1e-9,
            "cover {cover} p {p:?}: square {q} scores {conceded} > {}",
            eq.value
        );
    }
}

#[test]
fn the_shot_equilibrium_is_an_equilibrium_for_every_size_and_chances() {
    let mut rng = derive_rng(25, 0, Stream::Other(0));
    for cover in 1..=6 {
        check_equilibrium(cover, &[0.5; 6]);
        check_equilibrium(cover, &[0.0; 6]);
        check_equilibrium(cover, &[0.1, 0.2, 0.1, 0.4, 0.5, 0.4]);
        check_equilibrium(cover, &[0.0, 0.0, 0.0, 0.0, 0.3, 0.0]);
        for _ in 0..200 {
            let p = std::array::from_fn(|_| {
                if rng.gen_range(0..4) == 0 {
                    0.0
                } else {
                    f64::from(rng.gen_range(0..=20u8)) / 20.0
                }
            });
            check_equilibrium(cover, &p);
        }
    }
}

#[test]
fn one_square_covered_of_six_alike_is_a_uniform_game_worth_five_sixths() {
    let eq = solve(1, &[0.6; 6]);
    assert!((eq.value - 0.5).abs() < 1e-9, "{eq:?}");
    assert!(eq.shooter.iter().all(|&x| (x - 1.0 / 6.0).abs() < 1e-9));
    assert!(eq.keeper[..6].iter().all(|&x| (x - 1.0 / 6.0).abs() < 1e-9));
    // A goalkeeper who covers the whole goal concedes nothing.
    let eq = solve(6, &[0.6; 6]);
    assert_eq!((eq.value, eq.len, eq.keeper[0]), (0.0, 1, 1.0));
}

#[test]
fn pick_draws_by_the_cumulative_probabilities() {
    let w = [0.0, 0.25, 0.0, 0.75];
    assert_eq!(pick(&w, 0.0), 1);
    assert_eq!(pick(&w, 0.2499), 1);
    assert_eq!(pick(&w, 0.25), 3);
    assert_eq!(pick(&w, 0.9999999999), 3);
    assert_eq!(
        pick(&w, 1.0),
        3,
        "rounding past the end: the last positive one"
    );
}

/// Before this, search agents chose the shot's square and the goalkeeper's squares by
/// searching them: the goalkeeper's node of a shooter's tree is keyed by the shooter's
/// information, which holds the square, so the tree learnt to cover the very square
/// chosen; and on ties both took the first action (the top row). Now both are drawn from
/// the equilibrium, which never reads the hidden square.
#[test]
fn the_shot_choices_are_drawn_from_the_equilibrium_without_reading_the_square() {
    let base = shot_position();
    assert!(base.secret_choice());
    let eq = base.shot_equilibrium();
    let mut counts = [0u32; 6];
    for i in 0..3000 {
        let mut rng = derive_rng(25, i, Stream::Other(1));
        let a = base
            .equilibrium_choice(&mut rng)
            .expect("the square has an equilibrium");
        match act::decode(a) {
            act::Decoded::Square(q) => counts[usize::from(q)] += 1,
            d => panic!("{d:?} is no square"),
        }
    }
    for (q, (&n, &want)) in counts.iter().zip(&eq.shooter).enumerate() {
        let share = f64::from(n) / 3000.0;
        assert!(
            (share - want).abs() < 0.03,
            "square {q}: {share} against {want}"
        );
    }
    // The goalkeeper draws alike whatever the square, the same rng giving the same set.
    let keeper: Vec<Vec<Action>> = (0..6)
        .map(|q| {
            let mut s = base.clone();
            play(&mut s, &[act::square(q)]);
            (0..50)
                .map(|i| {
                    let mut rng = derive_rng(25, i, Stream::Other(2));
                    s.equilibrium_choice(&mut rng)
                        .expect("the keeper has an equilibrium")
                })
                .collect()
        })
        .collect();
    assert!(keeper.iter().all(|k| *k == keeper[0]));
    let mut s = base.clone();
    play(&mut s, &[act::square(0)]);
    assert!(keeper[0].iter().all(|a| legal(&s).contains(a)));
    // Elsewhere there is none.
    let mut rng = derive_rng(25, 0, Stream::Other(3));
    assert_eq!(
        position(&default_game(), 0, 4, ZION, BASELA).equilibrium_choice(&mut rng),
        None
    );
}

fn shot_position() -> State {
    let g = default_game();
    let mut zion = ZION;
    zion[4] = (13, 4);
    let mut s = position(&g, 0, 4, zion, BASELA);
    play(&mut s, &[act::SHOOT]);
    s
}

fn default_game() -> Helvetia {
    Helvetia::default_rules()
}
