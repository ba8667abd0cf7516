//! The replay page of one game (`sim replay`): a self-contained HTML file that steps
//! through a game of any registered game. The game's data (every step's actor, action,
//! score, each seat's observation, what each seat saw, the full state, the board picture
//! and the agents' candidates) is embedded as JSON in a `<script type="application/json">`
//! tag; the page's own script (inline, `reports/templates/replay_page.js`) draws the step
//! shown. No network, no server.

use super::charts;
use super::error::ReportError;
use super::templates::render;
use crate::output::{write_atomic, OutputError};
use minijinja::{context, Value};
use std::io::Write;
use std::path::Path;

/// The page's script (inline).
const SCRIPT: &str = include_str!("../../templates/replay_page.js");

/// An SVG picture of `board` with `pieces` on it (the drawing of the report's board
/// charts: the board in its own orientation, the cells beyond the grid beside it),
/// titled `title`. Errors: the chart's drawing failure.
pub fn board_svg(
    title: &str,
    board: &engine_core::BoardInfo,
    pieces: &[engine_core::BoardPiece],
) -> Result<String, ReportError> {
    board_picture(title, board, pieces, true)
}

/// [`board_svg`], with its cells drawn or not (`draw_cells`).
fn board_picture(
    title: &str,
    board: &engine_core::BoardInfo,
    pieces: &[engine_core::BoardPiece],
    draw_cells: bool,
) -> Result<String, ReportError> {
    let tiling = match board.layout {
        engine_core::BoardLayout::HexOddQ => charts::Tiling::HexOddQ,
        engine_core::BoardLayout::Square => charts::Tiling::Square,
    };
    let beyond: Vec<(i16, i16)> = board.beyond.iter().flatten().map(|b| (b.1, b.2)).collect();
    let grass = plotters::style::RGBColor(222, 238, 214);
    let on_board: Vec<charts::DrawnPiece> = pieces
        .iter()
        .filter_map(|p| {
            let (c, w) = board.place(p.cell)?;
            Some((c, w, p.seat, p.label.clone()))
        })
        .collect();
    charts::board(
        title,
        board.columns,
        board.rows,
        tiling,
        |_, _| (grass, None),
        &beyond,
        &on_board,
        draw_cells,
    )
}

/// A board picture cut in three, so that a page with many positions holds the board once:
/// `head` + `pieces` + `tail` is the picture ([`board_svg`]), `head` and `tail` being the
/// same for every position of a board (the empty board's picture around its end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardCut {
    /// The picture up to where its pieces begin.
    pub head: String,
    /// The pieces' elements.
    pub pieces: String,
    /// The rest (the closing of the picture).
    pub tail: String,
}

/// [`board_svg`] of `pieces` on `board` (untitled), cut into the empty board's head and
/// tail and the pieces between them; when the picture does not split that way, the whole
/// picture is `pieces` and `head`, `tail` are empty. Errors: the chart's drawing failure.
pub fn board_cut(
    board: &engine_core::BoardInfo,
    pieces: &[engine_core::BoardPiece],
) -> Result<BoardCut, ReportError> {
    let cutter = BoardCutter::new(board)?;
    if cutter.head.is_empty() {
        return Ok(BoardCut {
            head: String::new(),
            pieces: board_svg("", board, pieces)?,
            tail: String::new(),
        });
    }
    Ok(BoardCut {
        pieces: cutter.pieces(pieces)?,
        head: cutter.head,
        tail: cutter.tail,
    })
}

/// [`board_cut`] for the many positions of one board: the empty board is drawn once, and
/// a position's pieces on a picture without the cells (the same frame and places), so
/// that a replay page of thousands of positions does not draw the board thousands of
/// times.
#[derive(Clone, Debug)]
pub struct BoardCutter<'a> {
    board: &'a engine_core::BoardInfo,
    /// The empty board's picture up to where pieces begin ([`BoardCut::head`]).
    pub head: String,
    /// The rest of it ([`BoardCut::tail`]).
    pub tail: String,
    /// The same two cuts of the picture without cells.
    bare: Option<(String, String)>,
    /// Each piece's elements on the picture without cells, drawn the first time the piece
    /// is asked for: a piece's elements do not depend on the other pieces (each is a
    /// circle and its label, in the order given), so a position's pieces are these in
    /// turn, and a page of thousands of positions draws each piece once per cell it
    /// stands on.
    drawn: std::cell::RefCell<std::collections::HashMap<engine_core::BoardPiece, String>>,
}

impl<'a> BoardCutter<'a> {
    /// The cutter of `board`'s pictures. Errors: the chart's drawing failure.
    pub fn new(board: &'a engine_core::BoardInfo) -> Result<Self, ReportError> {
        let split = |picture: String| {
            let at = picture.rfind("</svg>")?;
            let (head, tail) = picture.split_at(at);
            Some((head.to_string(), tail.to_string()))
        };
        let (head, tail) = split(board_picture("", board, &[], true)?).unwrap_or_default();
        let bare = split(board_picture("", board, &[], false)?);
        Ok(BoardCutter {
            board,
            head,
            tail,
            bare,
            drawn: Default::default(),
        })
    }

    /// The elements of `piece` alone on the picture without cells, as [`Self::pieces`]
    /// puts them into the picture of any position it stands in (drawn the first time it
    /// is asked for); `None` when such a picture does not cut, where [`Self::pieces`]
    /// draws the whole position instead. Errors: the chart's drawing failure.
    pub fn piece(
        &self,
        piece: &engine_core::BoardPiece,
    ) -> Result<Option<std::cell::Ref<'_, str>>, ReportError> {
        let Some((head, tail)) = &self.bare else {
            return Ok(None);
        };
        if !self.drawn.borrow().contains_key(piece) {
            let alone = board_picture("", self.board, std::slice::from_ref(piece), false)?;
            let Some(elements) = middle(&alone, (head, tail)) else {
                return Ok(None);
            };
            self.drawn.borrow_mut().insert(piece.clone(), elements);
        }
        Ok(Some(std::cell::Ref::map(self.drawn.borrow(), |d| {
            d[piece].as_str()
        })))
    }

    /// The elements of `pieces` on the board ([`BoardCut::pieces`]): `head` + this +
    /// `tail` is [`board_svg`] of them. Errors: the chart's drawing failure, or a picture
    /// that does not begin with `head` and end with `tail` (`head` is empty when even the
    /// empty board's picture has no end to cut at).
    pub fn pieces(&self, pieces: &[engine_core::BoardPiece]) -> Result<String, ReportError> {
        if self.bare.is_some() {
            let mut cut = String::new();
            let mut whole = true;
            for piece in pieces {
                match self.piece(piece)? {
                    Some(elements) => cut.push_str(&elements),
                    None => {
                        whole = false;
                        break;
                    }
                }
            }
            if whole {
                return Ok(cut);
            }
        }
        let full = board_picture("", self.board, pieces, true)?;
        middle(&full, (&self.head, &self.tail)).ok_or_else(|| ReportError::Chart {
            chart: "board".into(),
            message: "the picture of the pieces does not cut around the empty board's".into(),
        })
    }
}

/// The part of `picture` between `head` and `tail`, when it begins with the one and
/// ends with the other (and `head` is not empty).
fn middle(picture: &str, (head, tail): (&str, &str)) -> Option<String> {
    (!head.is_empty()
        && picture.len() >= head.len() + tail.len()
        && picture.starts_with(head)
        && picture.ends_with(tail))
    .then(|| picture[head.len()..picture.len() - tail.len()].to_string())
}

/// `data` as JSON that is safe inside a `<script>` element: every `<` (which JSON holds
/// only inside strings) written as `\u003c`, so no `</script>` or `<!--` can end it.
fn script_json(data: &impl serde::Serialize) -> Result<String, ReportError> {
    let json = serde_json::to_string(data).map_err(|e| ReportError::Chart {
        chart: "replay page".into(),
        message: format!("its data does not serialize: {e}"),
    })?;
    Ok(json.replace('<', "\\u003c"))
}

/// The HTML of the replay page: `heading`, a one-line `note`, and `data` (the game, see
/// `lab::commands::replay` for its fields: any value that serializes to a JSON object)
/// embedded as JSON. Errors: a template failure, or data that does not serialize
/// ([`ReportError::Chart`] naming the replay page).
pub fn render_replay_page(
    heading: &str,
    note: &str,
    data: &impl serde::Serialize,
) -> Result<String, ReportError> {
    let data = script_json(data)?;
    render(
        "replay_page.html",
        context! {
            heading,
            note,
            data => Value::from_safe_string(data),
            script => Value::from_safe_string(SCRIPT.to_string()),
        },
    )
}

/// Writes the replay page ([`render_replay_page`]) to `path`, through a temporary file
/// renamed into place. Errors: a template failure, or the I/O error of writing.
pub fn write_replay_page(
    path: &Path,
    heading: &str,
    note: &str,
    data: &impl serde::Serialize,
) -> Result<(), ReportError> {
    let page = render_replay_page(heading, note, data)?;
    write_atomic(path, |out| {
        out.write_all(page.as_bytes())
            .map_err(|source| OutputError::Io {
                path: path.to_path_buf(),
                source,
            })
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_board_is_the_whole_picture_again() {
        let board = engine_core::BoardInfo {
            columns: 5,
            rows: 4,
            layout: engine_core::BoardLayout::HexOddQ,
            beyond: [Some((20, -1, 1)), None, None, None],
        };
        let piece = |cell, seat, label: &str| engine_core::BoardPiece {
            cell,
            seat,
            label: label.into(),
        };
        let pieces = [
            piece(3, Some(0), "7"),
            piece(20, Some(1), "1"),
            piece(3, None, ""),
        ];
        let cut = board_cut(&board, &pieces).unwrap();
        assert!(!cut.head.is_empty(), "the picture splits");
        let whole = format!("{}{}{}", cut.head, cut.pieces, cut.tail);
        assert_eq!(whole, board_svg("", &board, &pieces).unwrap());
        assert_eq!(cut.head, board_cut(&board, &pieces[..1]).unwrap().head);
        assert!(cut.pieces.contains(">\n7\n</text>"), "{}", cut.pieces);
        // The cutter draws the pieces without the cells: the same picture once put
        // between the empty board's head and tail, for every subset of the pieces.
        let cutter = BoardCutter::new(&board).unwrap();
        assert_eq!((&cutter.head, &cutter.tail), (&cut.head, &cut.tail));
        // Each piece is drawn once and its elements reused: in any order, again and
        // again, and beside a piece off the board (drawn as nothing).
        let mut more = pieces.to_vec();
        more.push(piece(1, Some(1), "10"));
        more.push(piece(999, Some(0), "9"));
        more.push(piece(20, Some(1), "1"));
        let mut sets: Vec<Vec<engine_core::BoardPiece>> =
            (0..=more.len()).map(|n| more[..n].to_vec()).collect();
        sets.push(more.iter().rev().cloned().collect());
        sets.push(more[1..].to_vec());
        for (n, set) in sets.iter().enumerate() {
            let middle = cutter.pieces(set).unwrap();
            let whole = format!("{}{middle}{}", cutter.head, cutter.tail);
            assert_eq!(whole, board_svg("", &board, set).unwrap(), "set {n}");
        }
        for n in 0..=pieces.len() {
            let middle = cutter.pieces(&pieces[..n]).unwrap();
            let whole = format!("{}{middle}{}", cutter.head, cutter.tail);
            assert_eq!(
                whole,
                board_svg("", &board, &pieces[..n]).unwrap(),
                "{n} pieces"
            );
        }
        let bare = board_picture("", &board, &pieces, false).unwrap();
        assert!(bare.len() * 3 < whole.len(), "no cells drawn: {bare}");
    }

    #[test]
    fn the_data_cannot_end_its_script_element() {
        let data = serde_json::json!({"action": "</script><script>alert(1)</script>"});
        let page = render_replay_page("h", "n", &data).unwrap();
        assert_eq!(
            page.matches("</script>").count(),
            2,
            "the data's and the code's"
        );
        let start = page.find("id=\"game-data\">").unwrap() + "id=\"game-data\">".len();
        let end = start + page[start..].find("</script>").unwrap();
        let back: serde_json::Value = serde_json::from_str(&page[start..end]).unwrap();
        assert_eq!(back, data);
    }
}
