//! The pitch: 15 × 9 hexes in odd-q offset coordinates, the goal zones, distances, the
//! centre circle, the halves and the shooting zones.

use super::*;
use crate::helvetia::board::{Board, GOAL_ZONE};

fn board() -> Board {
    board::Board::new(Helvetia::default_rules().rules())
}

#[test]
fn the_pitch_has_135_hexes_and_two_goal_zones_beyond_the_middle_row() {
    let b = board();
    assert_eq!(b.pitch_cells(), 135);
    assert_eq!(b.cells().count(), 137);
    assert_eq!(b.offset(GOAL_ZONE[0]), (-1, 4));
    assert_eq!(b.offset(GOAL_ZONE[1]), (15, 4));
    // A goal zone touches the pitch at its end of the middle row.
    let left: Vec<_> = b.neighbours(GOAL_ZONE[0]).collect();
    let right: Vec<_> = b.neighbours(GOAL_ZONE[1]).collect();
    assert!(left.contains(&b.at(0, 4).unwrap()), "{left:?}");
    assert!(right.contains(&b.at(14, 4).unwrap()), "{right:?}");
    assert_eq!(left.len(), right.len());
}

#[test]
fn hex_distances() {
    let b = board();
    let c = |col, row| b.at(col, row).unwrap();
    assert_eq!(b.distance(c(3, 3), c(3, 3)), 0);
    assert_eq!(b.distance(c(0, 0), c(14, 0)), 14);
    assert_eq!(b.distance(c(0, 0), c(0, 8)), 8);
    // Along a column, then diagonally: odd-q moves half a row per column.
    assert_eq!(b.distance(c(0, 0), c(2, 1)), 2);
    assert_eq!(b.distance(c(0, 0), c(4, 2)), 4);
    assert_eq!(b.distance(GOAL_ZONE[0], GOAL_ZONE[1]), 16);
    for a in b.cells() {
        for n in b.neighbours(a) {
            assert_eq!(b.distance(a, n), 1);
        }
        // Every hex of the pitch has 6 neighbours unless it is on an edge.
        let n = b.neighbours(a).count();
        assert!((1..=6).contains(&n));
        for x in b.cells() {
            assert_eq!(b.distance(a, x), b.distance(x, a));
            assert_eq!(b.distance(a, x), b.distance(b.mirror(a), b.mirror(x)));
        }
    }
    assert_eq!(b.neighbours(c(7, 4)).count(), 6);
}

#[test]
fn the_centre_circle_is_the_centre_hex_and_its_six_neighbours() {
    let b = board();
    assert_eq!(b.offset(b.centre()), (7, 4));
    let circle: Vec<_> = b.cells().filter(|&c| b.in_centre_circle(c)).collect();
    assert_eq!(circle.len(), 7);
    for c in circle {
        assert!(c == b.centre() || b.neighbours(b.centre()).any(|n| n == c));
    }
}

#[test]
fn halves_split_at_the_halfway_column() {
    let b = board();
    let zion = b.cells().filter(|&c| b.half(c) == Some(0)).count();
    let basela = b.cells().filter(|&c| b.half(c) == Some(1)).count();
    let line = b.cells().filter(|&c| b.half(c).is_none()).count();
    assert_eq!((zion, basela, line), (7 * 9 + 1, 7 * 9 + 1, 9));
    assert_eq!(b.half(GOAL_ZONE[0]), Some(0));
    assert_eq!(b.half(GOAL_ZONE[1]), Some(1));
}

#[test]
fn shooting_zones_are_within_four_hexes_of_the_goal_zone() {
    let b = board();
    let g = Helvetia::default_rules();
    let range = g.rules().shooting_range;
    assert_eq!(range, 4);
    // Zion (team 0) attacks the right goal.
    let zone: Vec<_> = b
        .cells()
        .filter(|&c| c != GOAL_ZONE[1] && b.goal_distance(c, 0) <= range)
        .collect();
    assert!(zone.iter().all(|&c| b.half(c) == Some(1)));
    assert!(zone.contains(&b.at(14, 4).unwrap()));
    assert!(zone.contains(&b.at(11, 4).unwrap()));
    assert!(!zone.contains(&b.at(10, 4).unwrap()));
    assert_eq!(b.goal_distance(b.at(13, 4).unwrap(), 0), 2);
    // Mirror images for Basela.
    let mirrored = b
        .cells()
        .filter(|&c| c != GOAL_ZONE[0] && b.goal_distance(c, 1) <= range)
        .count();
    assert_eq!(mirrored, zone.len());
}

#[test]
fn pictures_place_the_goal_zones_beside_the_ends_of_the_middle_row() {
    use crate::core::Game;
    for (columns, rows) in [(15u8, 9u8), (7, 5)] {
        let g = game_with(|c| (c.columns, c.rows) = (columns, rows));
        let info = g.info().board.expect("the board capability");
        let (cols, mid) = (i16::from(columns), i16::from(rows / 2));
        assert_eq!(info.place(u16::from(GOAL_ZONE[0])), Some((-1, mid)));
        assert_eq!(info.place(u16::from(GOAL_ZONE[1])), Some((cols, mid)));
        assert_eq!(info.place(0), Some((0, 0)));
        let last = u16::from(columns) * u16::from(rows) - 1;
        assert_eq!(info.place(last), Some((cols - 1, i16::from(rows) - 1)));
        // A cell beyond the grid that is no goal zone has no place.
        assert_eq!(info.place(137), None);
    }
}

/// The compile-time table of axial coordinates gives what the offset formula gives, for
/// every cell code of every board size the rules allow.
#[test]
fn axial_coordinates_follow_the_offset_formula_on_every_board_size() {
    for (columns, rows, b) in every_board_size() {
        for c in 0..=u8::MAX {
            let (col, row) = b.offset(c);
            assert_eq!(
                b.axial(c),
                (col, row - col.div_euclid(2)),
                "{columns}x{rows} {c}"
            );
        }
    }
}

/// The board of every size the rules allow (odd columns 5 to 15 by odd rows 3 to 9), with
/// its columns and rows.
fn every_board_size() -> impl Iterator<Item = (u8, u8, Board)> {
    (5..=15).step_by(2).flat_map(|columns| {
        (3..=9).step_by(2).map(move |rows| {
            let mut rules = *Helvetia::default_rules().rules();
            rules.columns = columns;
            rules.rows = rows;
            (columns, rows, Board::new(&rules))
        })
    })
}

/// The table of discs a move phase reads is the scan of the box around the hex, and both
/// are the pitch hexes within the reach by distance, in increasing order, on every board
/// size, from every hex and cell code, at every reach a move may have.
#[test]
fn discs_are_the_pitch_hexes_within_reach_on_every_board_size() {
    use crate::helvetia::board::{MAX_REACH, NUM_CELLS, OFF_PITCH};
    for (columns, rows, b) in every_board_size() {
        for from in 0..NUM_CELLS as u8 {
            for reach in 1..=MAX_REACH {
                let mut scanned = Vec::new();
                b.scan_disc(from, reach, |c| {
                    scanned.push(c);
                    true
                });
                let disc = b.disc(from, reach).expect("a cell code and a move's reach");
                assert_eq!(disc, &scanned[..], "{columns}x{rows} {from} {reach}");
                if b.is_cell(from) {
                    let by_distance: Vec<u8> = (0..b.pitch_cells())
                        .filter(|&c| b.distance(from, c) <= reach)
                        .collect();
                    assert_eq!(disc, &by_distance[..], "{columns}x{rows} {from} {reach}");
                }
            }
        }
        assert_eq!(b.disc(OFF_PITCH, 1), None);
        assert_eq!(b.disc(0, MAX_REACH + 1), None);
    }
}

/// A hex's name written in place is its formatted name, for every hex, both goal zones
/// and off the pitch.
#[test]
fn hex_names_written_in_place_are_the_formatted_ones() {
    use crate::helvetia::notation::HexName;
    let b = board();
    let extra = [
        GOAL_ZONE[0],
        GOAL_ZONE[1],
        crate::helvetia::board::OFF_PITCH,
    ];
    for c in b.cells().chain(extra) {
        let mut s = String::from("at ");
        HexName(&b, c).push_to(&mut s);
        assert_eq!(s, format!("at {}", HexName(&b, c)));
    }
}
