//! The hex pitch of Helvetia Cup.
//!
//! **Coordinates.** The pitch is stored in *offset* coordinates, "odd-q": `columns` columns
//! run from Zion's goal (left, column 0) to Basela's (right, column `columns − 1`), each of
//! `rows` hexes; every odd column is shifted half a hex down. With an odd number of
//! columns both goal-zone hexes (column −1 and column `columns`, middle row) are in odd
//! columns, so the pitch is symmetric under the mirror `column ↦ columns − 1 − column`.
//! Distances are computed in *axial* coordinates (`q = column`,
//! `r = row − ⌊column / 2⌋`): the hex distance is `(|Δq| + |Δr| + |Δq + Δr|) / 2`
//! (Red Blob Games, "Hexagonal Grids").
//!
//! **Cells.** A hex of the pitch is the cell `row · columns + column` (`0..135` on the
//! 15 × 9 pitch); the two goal-zone hexes are the cells [`GOAL_ZONE`]`[0]` = 135 (left,
//! Zion's) and `[1]` = 136 (right, Basela's), whatever the pitch size, so that action
//! codes stay stable.

use super::rules::{Rules, MAX_BOOST};
use std::sync::OnceLock;

/// A hex: a pitch cell `0..columns · rows`, or a goal-zone hex ([`GOAL_ZONE`]).
pub type Cell = u8;

/// The goal-zone hex of each team's goal: `GOAL_ZONE[t]` is the one team `t` defends
/// (team 0, Zion, the left one).
pub const GOAL_ZONE: [Cell; 2] = [135, 136];
/// One past the largest cell code.
pub const NUM_CELLS: usize = 137;
/// No hex (a figure not yet placed).
pub const OFF_PITCH: Cell = u8::MAX;

/// The pitch's geometry, from the rules' sizes: a small `Copy` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// Columns (odd).
    pub columns: u8,
    /// Rows (odd).
    pub rows: u8,
    /// Centre circle radius.
    pub circle: u8,
    /// The board's row of [`AXIAL`].
    table: u8,
}

/// The board sizes of [`AXIAL`]: odd columns 5 to 15 by odd rows 3 to 9 (the sizes the
/// rules allow).
const SIZES: usize = 6 * 4;

/// The axial coordinates `(q, r)` of every cell code `0..256` of every board size, computed
/// at compile time as [`Board::axial`] defines them (codes that are not cells of the
/// board get what the offset formula gives them, as before the table): distances are
/// the hot path of move generation and of the evaluation.
const AXIAL: [[(i8, i8); 256]; SIZES] = {
    let mut t = [[(0i8, 0i8); 256]; SIZES];
    let mut k = 0;
    while k < SIZES {
        let (columns, rows) = (5 + 2 * (k / 4) as i32, 3 + 2 * (k % 4) as i32);
        let mid = rows / 2;
        let mut c = 0;
        while c < 256 {
            let (col, row) = if c == GOAL_ZONE[0] as i32 {
                (-1, mid)
            } else if c == GOAL_ZONE[1] as i32 {
                (columns, mid)
            } else {
                (c % columns, c / columns)
            };
            t[k][c as usize] = (col as i8, (row - col.div_euclid(2)) as i8);
            c += 1;
        }
        k += 1;
    }
    t
};

/// The most hexes a figure moves in a move phase: one, and one more per BOOST marker.
pub const MAX_REACH: u8 = 1 + MAX_BOOST;

/// For one board size, the pitch cells within each reach `1..=MAX_REACH` of every cell
/// code `0..NUM_CELLS` ([`Board::disc`]): `cells[starts[i]..starts[i + 1]]` for `i = from
/// · MAX_REACH + reach − 1`.
struct Discs {
    starts: Vec<u16>,
    cells: Vec<Cell>,
}

/// The [`Discs`] of each board size of [`AXIAL`], made the first time a board of that
/// size asks (at most about 17 KB each).
static DISCS: [OnceLock<Discs>; SIZES] = [const { OnceLock::new() }; SIZES];

/// The six axial directions.
const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

impl Board {
    /// The board of a rule set.
    pub fn new(rules: &Rules) -> Self {
        Board::sized(rules.columns, rules.rows, rules.centre_circle_radius)
    }

    /// The board of `columns` × `rows` hexes (odd, 5 to 15 and 3 to 9, as the rules
    /// check) with a centre circle of radius `circle`.
    pub fn sized(columns: u8, rows: u8, circle: u8) -> Self {
        Board {
            columns,
            rows,
            circle,
            table: (columns - 5) / 2 * 4 + (rows - 3) / 2,
        }
    }

    /// The hexes of a team's half outside the centre circle: where its figures are placed
    /// at a kick-off (both halves have as many, the pitch being symmetric).
    pub fn placement_hexes(&self) -> usize {
        (0..self.pitch_cells())
            .filter(|&c| self.half(c) == Some(0) && !self.in_centre_circle(c))
            .count()
    }

    /// Pitch cells (goal zones not counted).
    pub fn pitch_cells(&self) -> u8 {
        self.columns * self.rows
    }

    /// Whether `c` is a hex of this board (a pitch cell or a goal zone).
    pub fn is_cell(&self, c: Cell) -> bool {
        c < self.pitch_cells() || GOAL_ZONE.contains(&c)
    }

    /// The offset `(column, row)` of `c`: the goal zones are at columns −1 and `columns`
    /// of the middle row.
    pub fn offset(&self, c: Cell) -> (i32, i32) {
        let mid = i32::from(self.rows / 2);
        if c == GOAL_ZONE[0] {
            (-1, mid)
        } else if c == GOAL_ZONE[1] {
            (i32::from(self.columns), mid)
        } else {
            (i32::from(c % self.columns), i32::from(c / self.columns))
        }
    }

    /// The cell at offset `(column, row)`, if it is on this board.
    pub fn at(&self, col: i32, row: i32) -> Option<Cell> {
        let mid = i32::from(self.rows / 2);
        if row == mid && col == -1 {
            Some(GOAL_ZONE[0])
        } else if row == mid && col == i32::from(self.columns) {
            Some(GOAL_ZONE[1])
        } else if (0..i32::from(self.columns)).contains(&col)
            && (0..i32::from(self.rows)).contains(&row)
        {
            Some((row * i32::from(self.columns) + col) as Cell)
        } else {
            None
        }
    }

    /// Axial `(q, r)` of `c`: `q` its column, `r` its row less half its column (rounded
    /// down), from its offset coordinates ([`Board::offset`]).
    #[inline]
    pub fn axial(&self, c: Cell) -> (i32, i32) {
        let (q, r) = AXIAL[usize::from(self.table)][usize::from(c)];
        (i32::from(q), i32::from(r))
    }

    /// Calls `each`, while it returns `true`, on the pitch cells within `reach` hexes of
    /// `from` (its own included when it is a pitch cell), in increasing cell order: only
    /// the box of offsets `reach` columns and rows around `from` can hold them (a hex `d`
    /// steps away is at most `d` columns and `d` rows away), so that box is scanned, row by
    /// row. The goal zones are not among them.
    pub fn scan_disc(&self, from: Cell, reach: u8, mut each: impl FnMut(Cell) -> bool) {
        let reach = i32::from(reach);
        let (fc, fr) = self.offset(from);
        let fq = fr - fc.div_euclid(2);
        let (cols, rows) = (i32::from(self.columns), i32::from(self.rows));
        for row in (fr - reach).max(0)..=(fr + reach).min(rows - 1) {
            for col in (fc - reach).max(0)..=(fc + reach).min(cols - 1) {
                let (dq, dr) = (col - fc, row - col.div_euclid(2) - fq);
                if (dq.abs() + dr.abs() + (dq + dr).abs()) / 2 <= reach
                    && !each((row * cols + col) as Cell)
                {
                    return;
                }
            }
        }
    }

    /// The pitch cells within `reach` hexes of `from`, in increasing order, as
    /// [`Board::scan_disc`] finds them, read from a table made once per board size: for a
    /// reach `1..=`[`MAX_REACH`] and a cell code below [`NUM_CELLS`]; `None` otherwise.
    #[inline]
    pub fn disc(&self, from: Cell, reach: u8) -> Option<&'static [Cell]> {
        if !(1..=MAX_REACH).contains(&reach) || usize::from(from) >= NUM_CELLS {
            return None;
        }
        let discs = self.discs();
        let i = usize::from(from) * usize::from(MAX_REACH) + usize::from(reach) - 1;
        Some(&discs.cells[usize::from(discs.starts[i])..usize::from(discs.starts[i + 1])])
    }

    /// Makes this board size's table of discs ([`Board::disc`]) now, if no board of its
    /// size has: the first state of a pitch size does, before its game's first action.
    pub(super) fn prepare(&self) {
        self.discs();
    }

    /// This board size's table of discs, made at the first call.
    fn discs(&self) -> &'static Discs {
        DISCS[usize::from(self.table)].get_or_init(|| {
            let mut discs = Discs {
                starts: vec![0],
                cells: Vec::new(),
            };
            for from in 0..NUM_CELLS as Cell {
                for reach in 1..=MAX_REACH {
                    self.scan_disc(from, reach, |c| {
                        discs.cells.push(c);
                        true
                    });
                    discs.starts.push(discs.cells.len() as u16);
                }
            }
            discs
        })
    }

    /// The hex distance between `a` and `b` (0 for the same hex).
    pub fn distance(&self, a: Cell, b: Cell) -> u8 {
        let (q1, r1) = self.axial(a);
        let (q2, r2) = self.axial(b);
        let (dq, dr) = (q1 - q2, r1 - r2);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u8
    }

    /// The hexes adjacent to `c` (goal zones included), at most six.
    pub fn neighbours(&self, c: Cell) -> impl Iterator<Item = Cell> + '_ {
        let (q, r) = self.axial(c);
        DIRECTIONS.iter().filter_map(move |&(dq, dr)| {
            let (nq, nr) = (q + dq, r + dr);
            self.at(nq, nr + nq.div_euclid(2))
        })
    }

    /// Every hex of the board in increasing cell order: the pitch, then the goal zones.
    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        (0..self.pitch_cells()).chain(GOAL_ZONE)
    }

    /// The centre hex (the kick-off spot).
    pub fn centre(&self) -> Cell {
        (self.rows / 2) * self.columns + self.columns / 2
    }

    /// Whether `c` is in the centre circle (within its radius of the centre hex).
    pub fn in_centre_circle(&self, c: Cell) -> bool {
        self.distance(c, self.centre()) <= self.circle
    }

    /// The team whose half `c` is in: 0 left of the halfway column (and Zion's goal zone),
    /// 1 right of it; `None` on the halfway column.
    pub fn half(&self, c: Cell) -> Option<u8> {
        let (col, _) = self.offset(c);
        let mid = i32::from(self.columns / 2);
        match col.cmp(&mid) {
            std::cmp::Ordering::Less => Some(0),
            std::cmp::Ordering::Greater => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The hex distance from `c` to the goal team `attacking` attacks (the goal-zone hex
    /// of the other team): the "hexagons between the shooter and the goal".
    pub fn goal_distance(&self, c: Cell, attacking: u8) -> u8 {
        self.distance(c, GOAL_ZONE[usize::from(1 - attacking)])
    }

    /// The mirror image of `c` across the halfway column (the other team's view).
    pub fn mirror(&self, c: Cell) -> Cell {
        let (col, row) = self.offset(c);
        self.at(i32::from(self.columns) - 1 - col, row)
            .expect("the mirror of a hex is a hex")
    }
}
