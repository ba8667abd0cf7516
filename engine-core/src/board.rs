//! The board capability: a game played on a board describes it ([`BoardInfo`]) and the
//! pieces on it ([`BoardPiece`]), for `sim replay`.

use super::Seat;

/// The geometry of a board game's pitch, as pictures need it: `columns × rows` cells, the
/// cell of column `c` and row `r` being `r · columns + c` (row 0 on top, column 0 on the
/// left). A cell from `columns · rows` on lies beyond the grid (a goal zone): it is drawn
/// where [`BoardInfo::beyond`] places it, else not at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardInfo {
    /// Cells across, left to right.
    pub columns: u16,
    /// Cells down, top to bottom.
    pub rows: u16,
    /// How the cells tile the plane.
    pub layout: BoardLayout,
    /// Up to [`MAX_BEYOND`] cells beyond the grid and where pictures draw them:
    /// `(cell, column, row)`, the column −1 (left of the grid) to `columns` (right of it),
    /// the row in `0..rows`. Unused entries are `None`.
    pub beyond: [Option<(u16, i16, i16)>; MAX_BEYOND],
}

/// The most cells beyond the grid a [`BoardInfo`] places.
pub const MAX_BEYOND: usize = 4;

impl BoardInfo {
    /// Where pictures draw `cell`: `(column, row)`, possibly one column outside the grid
    /// for a cell of [`BoardInfo::beyond`]; `None` for a cell beyond the grid that is not
    /// placed.
    pub fn place(&self, cell: u16) -> Option<(i16, i16)> {
        let pitch = u32::from(self.columns) * u32::from(self.rows);
        if u32::from(cell) < pitch {
            return Some(((cell % self.columns) as i16, (cell / self.columns) as i16));
        }
        self.beyond
            .iter()
            .flatten()
            .find(|b| b.0 == cell)
            .map(|b| (b.1, b.2))
    }
}

/// A piece on a board, as [`GameState::board_pieces`](super::GameState::board_pieces) reports it for pictures.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardPiece {
    /// The cell it stands on ([`BoardInfo`]'s numbering).
    pub cell: u16,
    /// The seat it belongs to; `None` for a neutral piece (the ball).
    pub seat: Option<Seat>,
    /// A short label drawn on it (a player's number), at most a few characters.
    pub label: String,
}

/// How the cells of a [`BoardInfo`] tile the plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardLayout {
    /// Flat-topped hexes in columns, every odd column shifted half a hex down ("odd-q"
    /// offset coordinates, Red Blob Games, "Hexagonal Grids").
    HexOddQ,
    /// Squares.
    Square,
}
