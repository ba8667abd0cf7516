//! A board game's pitch as text, for the terminal (`sim play`): the grid of
//! [`BoardInfo`] with the pieces of
//! [`GameState::board_pieces`](engine_core::GameState::board_pieces) on it, column numbers
//! on top and row numbers on the left, so that a cell is named `column:row` as the games'
//! actions name it (`hex 3:2`).
//!
//! A hex board in odd-q offset coordinates (every odd column half a hex down) takes two
//! text rows per board row: even columns on the first, odd ones on the second. Each cell
//! is [`CELL`] characters wide: the labels of its pieces (a player's number; the ball is
//! `o`), or `·` when empty. Cells beyond the grid (goals) are drawn one column outside it.

use engine_core::{BoardInfo, BoardLayout, BoardPiece, Seat};

/// Characters per cell.
pub const CELL: usize = 3;

/// One piece of a text row: its text and the seat whose piece it shows (for a view that
/// colours teams), `None` for plain text.
pub type Segment = (String, Option<Seat>);

/// The board as text rows (the header of column numbers first), each a list of segments.
pub fn text_board(info: &BoardInfo, pieces: &[BoardPiece]) -> Vec<Vec<Segment>> {
    let hex = info.layout == BoardLayout::HexOddQ;
    let columns = info.columns as i16;
    let mut header = "   ".to_string();
    for c in -1..=columns {
        header += &if (0..columns).contains(&c) {
            format!("{c:^CELL$}")
        } else {
            " ".repeat(CELL)
        };
    }
    let mut out = vec![vec![(header.trim_end().to_string(), None)]];
    let text_rows = if hex { 2 * info.rows } else { info.rows };
    for t in 0..text_rows {
        let parity = if hex { t % 2 } else { 0 };
        let label = if parity == 0 {
            format!("{:>2} ", if hex { t / 2 } else { t })
        } else {
            "   ".to_string()
        };
        let mut line: Vec<Segment> = vec![(label, None)];
        for c in -1..=columns {
            let shown = !hex || c.rem_euclid(2) as u16 == parity;
            let r = if hex {
                ((t - parity) / 2) as i16
            } else {
                t as i16
            };
            let here: Vec<&BoardPiece> = pieces
                .iter()
                .filter(|p| info.place(p.cell) == Some((c, r)))
                .collect();
            let segment = if !shown {
                (" ".repeat(CELL), None)
            } else if !here.is_empty() {
                let text: String = here
                    .iter()
                    .map(|p| {
                        if p.seat.is_none() {
                            "o"
                        } else {
                            p.label.as_str()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join("");
                (format!("{text:^CELL$}"), here.iter().find_map(|p| p.seat))
            } else if (0..columns).contains(&c) {
                (format!("{:^CELL$}", "·"), None)
            } else {
                (" ".repeat(CELL), None)
            };
            line.push(segment);
        }
        // Plain segments in a row merge; trailing blanks go.
        let mut merged: Vec<Segment> = Vec::new();
        for (text, seat) in line {
            match merged.last_mut() {
                Some((last, None)) if seat.is_none() => last.push_str(&text),
                _ => merged.push((text, seat)),
            }
        }
        if let Some((last, None)) = merged.last_mut() {
            let kept = last.trim_end().len();
            last.truncate(kept);
        }
        out.push(merged);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(rows: &[Vec<Segment>]) -> Vec<String> {
        rows.iter()
            .map(|r| r.iter().map(|s| s.0.as_str()).collect())
            .collect()
    }

    /// A 3 × 2 hex board: odd columns half a row down, pieces at their cells with their
    /// seat, the ball as `o` beside the figure it is with, a goal beyond the grid.
    #[test]
    fn a_hex_board_places_pieces_by_column_and_row() {
        let mut beyond = [None; engine_core::MAX_BEYOND];
        beyond[0] = Some((6, -1, 0));
        let info = BoardInfo {
            columns: 3,
            rows: 2,
            layout: BoardLayout::HexOddQ,
            beyond,
        };
        let piece = |cell, seat, label: &str| BoardPiece {
            cell,
            seat,
            label: label.into(),
        };
        // Cell 4 is column 1, row 1; cell 2 column 2, row 0.
        let pieces = [
            piece(4, Some(0), "10"),
            piece(4, None, "ball"),
            piece(2, Some(1), "3"),
            piece(6, Some(1), "1"),
        ];
        let rows = text_board(&info, &pieces);
        assert_eq!(
            text(&rows),
            [
                "       0  1  2",
                " 0     ·     3 ",
                "    1     ·",
                " 1     ·     ·",
                "         10o",
            ]
        );
        // The team of each piece is kept for colour.
        let seats: Vec<(String, Option<Seat>)> = rows[4].clone();
        assert!(seats.contains(&("10o".to_string(), Some(0))), "{seats:?}");
        assert!(rows[1].contains(&(" 3 ".to_string(), Some(1))));
        assert!(
            rows[2].contains(&(" 1 ".to_string(), Some(1))),
            "the goalkeeper in its goal"
        );
    }
}
