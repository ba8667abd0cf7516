//! The observation tensor and string (`observation.rs`): the layout's size, the board
//! planes of a known position in each seat's orientation, the score, and the secret
//! square hidden from the goalkeeper's seat until the reveal.

use super::*;
use crate::core::testing::{layout_part as part, observation as tensor};
use crate::core::Observation as _;

use crate::helvetia::actions::Decoded;

/// The set entries of `v`.
fn ones(v: &[f32]) -> Vec<usize> {
    (0..v.len()).filter(|&i| v[i] == 1.0).collect()
}

/// A 7×5 pitch and two notches a half: short matches.
fn small_game() -> Helvetia {
    game_with(|c| {
        c.columns = 7;
        c.rows = 5;
        c.notches = 2;
    })
}

#[test]
fn the_battery_checks_observations() {
    let g = small_game();
    let r = check_game(&g, 4, 11).unwrap();
    assert!(r.observations > 0, "{r:?}");
}

#[test]
fn the_layout_size_is_what_the_tensor_writes() {
    let g = Helvetia::default_rules();
    let s = position(&g, 0, 4, ZION, BASELA);
    let layout = s.observation_layout();
    // 137 hexes (135 of the pitch and the two goal zones) in 11 planes, then 120 facts.
    assert_eq!(layout.size(), 1627);
    assert_eq!(s.observation_size(), layout.size());
    for seat in 0..2 {
        assert!(tensor(&s, seat).iter().all(|v| v.is_finite()));
    }
    assert_eq!(g.new_initial_state().observation_layout(), layout);
    let small = game_with(|c| {
        c.columns = 7;
        c.rows = 5;
    });
    let s = small.new_initial_state();
    assert_eq!(s.observation_size(), 11 * 37 + 120);
    assert_eq!(s.observation_layout().size(), s.observation_size());
}

#[test]
fn each_seat_sees_the_pitch_from_its_own_goal() {
    let g = Helvetia::default_rules();
    let mut s = position(&g, 0, 4, ZION, BASELA);
    s.score = [2, 1];
    let layout = s.observation_layout();
    let cells = 137;
    let (t0, t1) = (tensor(&s, 0), tensor(&s, 1));
    // The figures stand as mirror images: each seat sees the same own and other planes.
    let own0 = part(&layout, &t0, "own_figures");
    assert_eq!(own0, part(&layout, &t1, "own_figures"));
    assert_eq!(
        part(&layout, &t0, "opponent_figures"),
        part(&layout, &t1, "opponent_figures")
    );
    // Zion's goalkeeper in its goal zone (entry 135), #3 at 2:2 (cell 32), #10 at 5:5.
    assert_eq!(ones(&own0[..cells]), vec![135]);
    assert_eq!(ones(&own0[cells..2 * cells]), vec![32]);
    assert_eq!(ones(&own0[4 * cells..]), vec![80]);
    // The ball: with Zion's #10 at 5:5; Basela's seat sees it at 9:5 (cell 84).
    assert_eq!(ones(part(&layout, &t0, "ball")), vec![80]);
    assert_eq!(ones(part(&layout, &t1, "ball")), vec![84]);
    // The score (n goals as n / (n + 1)) and the possession, me first.
    assert_eq!(part(&layout, &t0, "score"), &[2.0 / 3.0, 0.5]);
    assert_eq!(part(&layout, &t1, "score"), &[0.5, 2.0 / 3.0]);
    assert_eq!(part(&layout, &t0, "possession"), &[1.0, 0.0]);
    assert_eq!(part(&layout, &t1, "possession"), &[0.0, 1.0]);
    assert_eq!(ones(part(&layout, &t0, "carrier")), vec![4]);
    assert_eq!(part(&layout, &t0, "to_act"), &[1.0, 0.0]);
    // The figures' facts: Zion's #10 (figure 4) OFF, DEF and BOOST as on its card.
    // OFF and DEF are divided by the largest value on the teams' cards, BOOST by the
    // most markers any card has.
    let facts = part(&layout, &t0, "figures");
    let card = s.card(0, 4);
    let cards = s.rules.cards.iter().flatten();
    let stat = cards
        .clone()
        .map(|c| c.off.max(c.def).max(c.off_exhausted).max(c.def_exhausted))
        .max()
        .unwrap();
    let boost = cards.map(|c| c.boost).max().unwrap();
    assert_eq!(
        &facts[4 * 5..5 * 5],
        &[
            1.0,
            f32::from(card.off) / f32::from(stat),
            f32::from(card.def) / f32::from(stat),
            f32::from(card.boost) / f32::from(boost),
            0.0
        ]
    );
    let text = s.observation_string(0);
    assert!(text.contains("Score: Zion 2 - 1 Basela"), "{text}");
    assert!(text.contains("the ball is with #"), "{text}");
}

#[test]
fn the_secret_square_is_hidden_from_the_goalkeeper_until_the_reveal() {
    let g = Helvetia::default_rules();
    let mut zion = ZION;
    zion[4] = (13, 4);
    let mut s = position(&g, 0, 4, zion, BASELA);
    play(&mut s, &[act::SHOOT]);
    let layout = s.observation_layout();
    let shot = |s: &State, seat| part(&layout, &tensor(s, seat), "shot").to_vec();
    play(&mut s, &[act::square(3)]);
    assert_eq!(s.phase(), Phase::Keeper);
    // The shooter sees its own square; the goalkeeper's seat sees none, whatever it is.
    assert_eq!(ones(&shot(&s, 0)[2..]), vec![3]);
    assert_eq!(ones(&shot(&s, 1)[2..]), Vec::<usize>::new());
    let mut other = s.clone();
    other.target = 5;
    assert_eq!(tensor(&other, 1), tensor(&s, 1));
    assert_eq!(other.observation_string(1), s.observation_string(1));
    assert_ne!(tensor(&other, 0), tensor(&s, 0));
    assert!(s.observation_string(0).contains("target square 4"));
    let hidden = s.observation_string(1);
    assert!(hidden.contains("hidden until the reveal"), "{hidden}");
    assert!(!hidden.contains("target square 4"), "{hidden}");
    // The goalkeeper covers squares without square 3: revealed, both see it.
    let keep = legal(&s)
        .into_iter()
        .find(|&a| matches!(act::decode(a), Decoded::Keeper(m) if m & 1 << 3 == 0))
        .expect("a cover that leaves square 3 open");
    play(&mut s, &[keep]);
    assert_eq!(s.phase(), Phase::Roll(RollFor::Shot));
    for seat in 0..2 {
        assert_eq!(ones(&shot(&s, seat)[2..]), vec![3]);
        assert!(s.observation_string(seat).contains("target square 4"));
    }
}

/// The observation string names the step in words at every step of a random match
/// (issue 43: it showed the type's debug form, `Phase: Place { team: 0, fig: 0 }`).
#[test]
fn the_phase_is_named_in_words() {
    use crate::core::{ActionList, Rng};
    use rand::{Rng as _, SeedableRng as _};
    let g = small_game();
    let mut rng = Rng::seed_from_u64(7);
    let mut s = g.new_initial_state();
    let mut phases = std::collections::BTreeSet::new();
    while s.turn() != Turn::Terminal {
        for seat in 0..2 {
            let text = s.observation_string(seat);
            let line = text.lines().find(|l| l.starts_with("Phase: ")).unwrap();
            assert!(
                !line.contains(['{', '}', '(', ')']) && !line.contains("Roll"),
                "{line}"
            );
            phases.insert(line.split(';').next().unwrap().to_string());
        }
        let action = match s.turn() {
            Turn::Chance => s.sample_chance_outcome(&mut rng),
            _ => {
                let mut legal = ActionList::new();
                s.legal_actions(&mut legal);
                legal[rng.gen_range(0..legal.len())]
            }
        };
        s.apply(action);
    }
    assert!(phases.len() > 5, "{phases:?}");
}
