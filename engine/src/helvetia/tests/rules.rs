//! The rules file: the defaults of the notes, written out as data, and validation that
//! lists every problem with its dotted key.

use super::*;
use crate::helvetia::actions::{connected, CONNECTED};

#[test]
fn the_default_cards_are_the_notes_values_and_exhausted_is_half() {
    let r = *Helvetia::default_rules().rules();
    let want = [
        (1, 6, 14, 1),
        (3, 8, 14, 3),
        (6, 10, 12, 3),
        (8, 12, 10, 3),
        (10, 16, 6, 3),
    ];
    for t in 0..2 {
        for (f, &(n, off, def, boost)) in want.iter().enumerate() {
            let c = r.cards[t][f];
            assert_eq!((c.number, c.off, c.def, c.boost), (n, off, def, boost));
            assert_eq!((c.off_exhausted, c.def_exhausted), (off / 2, def / 2));
        }
    }
    assert_eq!(r.malus, [6, 4, 6, 2, 0, 2]);
    assert_eq!((r.notches, r.minutes_per_notch), (5, 9));
    assert_eq!(r.shootout_shots, 3);
    assert_eq!((1..=20).map(|v| r.d20[v]).sum::<u8>(), 20);
    assert_eq!(r.options.kickoff_after_goal, Kickoff::Actions);
    // The substitutes (11/9/3 and 9/11/3), who come on only under after-goal.
    assert_eq!(r.substitutes, [2, 2]);
    assert_eq!(r.options.substitutions, Substitutions::AfterGoal);
    for t in 0..2 {
        let subs: Vec<_> = r.cards[t][FIGURES..]
            .iter()
            .map(|c| {
                (
                    c.number,
                    c.off,
                    c.def,
                    c.boost,
                    c.off_exhausted,
                    c.def_exhausted,
                )
            })
            .collect();
        assert_eq!(subs, vec![(12, 11, 9, 3, 5, 4), (14, 9, 11, 3, 4, 5)]);
    }
}

#[test]
fn a_team_has_five_to_seven_cards_and_every_list_one_value_per_card() {
    let mut c = Helvetia::default_rules().config().clone();
    c.teams.zion.numbers.truncate(5);
    c.teams.basela.off.push(7);
    let keys: Vec<String> = c
        .validate()
        .unwrap_err()
        .iter()
        .map(|p| p.key.to_string())
        .collect();
    // Zion's other lists now disagree with its 5 numbers; Basela has 8 OFF values.
    assert!(keys.contains(&"teams.zion.off".to_string()), "{keys:?}");
    assert!(keys.contains(&"teams.basela.off".to_string()), "{keys:?}");
    assert!(!keys.contains(&"teams.basela.def".to_string()), "{keys:?}");
    // Five cards: a team without substitutes.
    let mut c = Helvetia::default_rules().config().clone();
    for l in [
        &mut c.teams.zion.numbers,
        &mut c.teams.zion.off,
        &mut c.teams.zion.def,
        &mut c.teams.zion.boost,
        &mut c.teams.zion.off_exhausted,
        &mut c.teams.zion.def_exhausted,
    ] {
        l.truncate(5);
    }
    assert_eq!(c.validate().unwrap().substitutes, [0, 2]);
}

#[test]
fn validation_lists_every_problem_with_its_key() {
    let mut c = Helvetia::default_rules().config().clone();
    c.columns = 14;
    c.rows = 11;
    c.shooting_range = 0;
    c.pass_range = 0;
    c.penalty_distance = 6;
    c.notches = 0;
    c.max_rounds = 0;
    c.d20.faces = vec![0];
    c.goal.malus = vec![1, 2];
    c.teams.zion.off = vec![1, 2, 3];
    c.teams.basela.boost = vec![1, 9, 3, 3, 3];
    c.teams.basela.numbers = vec![1, 1, 6, 8, 10];
    let keys: Vec<String> = c
        .validate()
        .unwrap_err()
        .into_iter()
        .map(|p| p.key)
        .collect();
    for k in [
        "columns",
        "rows",
        "shooting_range",
        "pass_range",
        "penalty_distance",
        "notches",
        "max_rounds",
        "d20.faces",
        "goal.malus",
        "teams.zion.off",
        "teams.basela.boost",
        "teams.basela.numbers",
    ] {
        assert!(keys.iter().any(|x| x == k), "{k} missing from {keys:?}");
    }
}

#[test]
fn the_move_phase_rule_file_parses() {
    let text = include_str!("../../../../configs/helvetia/move-phase.toml");
    assert!(text.contains("kickoff_after_goal = \"move-phase\""));
}

#[test]
fn changes_after_a_goal_are_the_default_and_no_substitutes_turns_them_off() {
    assert_eq!(
        Helvetia::default_rules().rules().options.substitutions,
        Substitutions::AfterGoal
    );
    let text = include_str!("../../../../configs/helvetia/no-substitutes.toml");
    assert!(text.contains("substitutions = \"none\""));
}

#[test]
fn the_possession_clock_is_off_by_default_and_on_in_its_rule_file() {
    assert_eq!(
        Helvetia::default_rules().rules().options.notch_after_rounds,
        0
    );
    let text = include_str!("../../../../configs/helvetia/possession-clock.toml");
    assert!(text.contains("notch_after_rounds = 3"));
}

#[test]
fn the_goalkeepers_choices_are_the_connected_sets_of_the_2_by_3_goal() {
    let by_size: Vec<usize> = (1..=6)
        .map(|k| {
            (1u8..64)
                .filter(|&m| m.count_ones() == k && CONNECTED & (1 << m) != 0)
                .count()
        })
        .collect();
    // 6 squares, 7 edges, then the connected triples, quadruples, …
    assert_eq!(by_size, vec![6, 7, 10, 10, 6, 1]);
    assert!(connected(0b000_011)); // top-left + top-middle
    assert!(connected(0b001_001)); // top-left over bottom-left
    assert!(!connected(0b010_001)); // top-left + bottom-middle: a diagonal
    assert!(!connected(0b000_101)); // the two top corners
}

/// Every pitch the rules accept can be played: each odd size from 5 × 3 to 15 × 9 with
/// each centre circle (radius 0 to 2) either plays two random games through the battery
/// (no decision without a legal action: a half too small for its five figures had one at
/// the last placement) or is refused on `columns` for want of placement hexes.
#[test]
fn every_pitch_the_rules_accept_plays_and_a_pitch_too_small_to_place_on_is_refused() {
    let (mut played, mut refused) = (0, 0);
    for columns in (5..=15).step_by(2) {
        for rows in (3..=9).step_by(2) {
            for circle in 0..=2 {
                let mut c = Helvetia::default_rules().config().clone();
                (c.columns, c.rows, c.centre_circle_radius) = (columns, rows, circle);
                let size = format!("{columns} x {rows}, circle {circle}");
                match c.validate() {
                    Ok(rules) => {
                        let room = crate::helvetia::board::Board::new(&rules).placement_hexes();
                        assert!(room >= 5, "{size}: accepted with {room} hexes");
                        check_game(&Helvetia::from_parts(c, rules), 2, 7)
                            .unwrap_or_else(|e| panic!("{size}: {e}"));
                        played += 1;
                    }
                    Err(problems) => {
                        assert_eq!(problems.len(), 1, "{size}: {problems:?}");
                        assert_eq!(problems[0].key, "columns", "{size}");
                        assert!(problems[0].message.contains("outside the circle"), "{size}");
                        refused += 1;
                    }
                }
            }
        }
    }
    assert!(
        played > 50 && refused > 0,
        "{played} played, {refused} refused"
    );
}

/// Every entry of a D20 and goal's table of shot chances (`chances.rs`), and the values
/// computed beyond it, against the formulas as the evaluation wrote them before the
/// table: the D20's chance by one division, the best square by a fold over the squares;
/// for the default rules and for a changed D20 and maluses. Rule sets that differ
/// elsewhere share one table, and every state refers to its rules' table.
#[test]
fn the_shot_tables_are_the_formulas_bit_for_bit() {
    use crate::helvetia::chances::{ShotTable, UNCOVERED};
    let tables_are_the_formulas = |g: &Helvetia| {
        let r = g.rules();
        let table = ShotTable::interned(r.d20_cumulative, r.malus);
        let best = |off: u8, cover: u8| {
            let open = &UNCOVERED[usize::from(cover).min(SQUARES)];
            (0..SQUARES)
                .map(|q| open[q] * r.d20_at_most(off.saturating_sub(r.malus[q])))
                .fold(0.0, f64::max)
        };
        for need in 0..=40u8 {
            let (a, b) = (table.at_most(need), r.d20_at_most(need));
            assert_eq!(a.to_bits(), b.to_bits(), "at most {need}");
        }
        for off in 0..=MAX_COMPETENCE + 10 {
            for cover in 0..=8 {
                let (a, b) = (table.best(off, cover), best(off, cover));
                assert_eq!(a.to_bits(), b.to_bits(), "OFF {off} against {cover}");
            }
        }
        assert!(std::ptr::eq(g.new_initial_state().shots, table));
        table
    };
    let default = tables_are_the_formulas(&Helvetia::default_rules());
    let other = tables_are_the_formulas(&game_with(|c| {
        c.goal.malus = vec![0, 4, 5, 3, 2, 1];
        c.d20.faces = (1..=12).collect();
    }));
    assert!(!std::ptr::eq(default, other));
    let longer = game_with(|c| c.notches += 1);
    assert!(std::ptr::eq(default, longer.new_initial_state().shots));
}
