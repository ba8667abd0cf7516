//! Pictures of a game's board: the cells of its grid (squares or hexes) with the
//! pieces on them, and a heat map of where things happened on it.

use super::*;

/// A piece drawn on a [`board`]: its column and row (a column −1 or `columns` for a
/// cell beyond the grid), its seat (`None`: neutral, drawn as a small black ball) and
/// its label.
pub(crate) type DrawnPiece = (i16, i16, Option<u8>, String);

/// The fill of a cell beyond the grid (a goal zone) on a [`board`].
const BEYOND_FILL: RGBColor = RGBColor(250, 250, 250);

/// The colours of the seats' pieces on a [`board`].
const SEAT_COLOURS: [RGBColor; 4] = [
    RGBColor(200, 40, 40),
    RGBColor(31, 92, 153),
    RGBColor(40, 140, 60),
    RGBColor(214, 110, 20),
];

/// A board of `columns × rows` cells: each cell filled and labelled by `cell(column,
/// row)` (`(fill, label)`), the cells `beyond` the grid (`(column, row)`, a column −1 or
/// `columns`: goal zones) drawn pale beside it, then `pieces` drawn on their cells (a
/// seat's piece as a circle of its colour with its label; a neutral one as a small black
/// ball beside it). Hexes are flat-topped, odd columns shifted half a hex down. Without
/// `draw_cells`, the cells are not drawn: the same picture's frame and pieces alone, in the same
/// places.
#[allow(clippy::too_many_arguments)]
pub(crate) fn board(
    title: &str,
    columns: u16,
    rows: u16,
    tiling: Tiling,
    cell: impl Fn(u16, u16) -> (RGBColor, Option<String>),
    beyond: &[(i16, i16)],
    pieces: &[DrawnPiece],
    draw_cells: bool,
) -> Result<String, ReportError> {
    // Columns drawn: the grid, and one more on a side that has a cell beyond it.
    let left = i16::from(beyond.iter().any(|b| b.0 < 0));
    let right = i16::from(beyond.iter().any(|b| b.0 >= columns as i16));
    let drawn = columns as i16 + left + right;
    let (cols, rws) = (f64::from(drawn.max(1)), f64::from(rows.max(1)));
    // Cell size in pixels: hexes of radius `r` are 1.5 r apart across and √3 r down.
    let r = (760.0 / (1.5 * cols + 0.5)).min(420.0 / (3f64.sqrt() * (rws + 0.5)));
    let (cw, ch) = match tiling {
        Tiling::HexOddQ => (1.5 * r, 3f64.sqrt() * r),
        Tiling::Square => (2.0 * r, 2.0 * r),
    };
    let width = (cw * cols + r + 40.0) as u32;
    let height = (ch * (rws + 0.5) + 90.0) as u32;
    let top = 56.0;
    let centre = |c: i16, w: i16| match tiling {
        Tiling::HexOddQ => (
            20.0 + r + cw * f64::from(c + left),
            top + ch * (f64::from(w) + 0.5 + 0.5 * f64::from(c.rem_euclid(2))),
        ),
        Tiling::Square => (
            20.0 + r + cw * f64::from(c + left),
            top + ch * (f64::from(w) + 0.5),
        ),
    };
    let grid = (0..columns).flat_map(|c| (0..rows).map(move |w| (c as i16, w as i16)));
    let cells: Vec<(i16, i16, RGBColor, Option<String>)> = grid
        .map(|(c, w)| {
            let (fill, label) = cell(c as u16, w as u16);
            (c, w, fill, label)
        })
        .chain(beyond.iter().map(|&(c, w)| (c, w, BEYOND_FILL, None)))
        .filter(|_| draw_cells)
        .collect();
    svg(title, (width.max(300), height), |root| {
        root.draw(&Text::new(
            title.to_string(),
            (20, 12),
            (FONT, CAPTION_SIZE).into_font().color(&BLACK),
        ))?;
        for (c, w, fill, label) in cells {
            {
                let (cx, cy) = centre(c, w);
                let corners: Vec<(i32, i32)> = match tiling {
                    Tiling::HexOddQ => (0..6)
                        .map(|k| {
                            let a = std::f64::consts::PI / 3.0 * f64::from(k);
                            ((cx + r * a.cos()) as i32, (cy + r * a.sin()) as i32)
                        })
                        .collect(),
                    Tiling::Square => [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
                        .iter()
                        .map(|(dx, dy)| ((cx + dx * r) as i32, (cy + dy * r) as i32))
                        .collect(),
                };
                root.draw(&Polygon::new(corners.clone(), fill.filled()))?;
                let mut outline = corners;
                outline.push(outline[0]);
                // Grid lines: light grey on white cells, white on coloured ones.
                let pale = u32::from(fill.0) + u32::from(fill.1) + u32::from(fill.2) > 740;
                let line = if pale { LIGHT } else { WHITE };
                root.draw(&PathElement::new(outline, line.stroke_width(1)))?;
                if let Some(text) = label {
                    let dark = u32::from(fill.0) + u32::from(fill.1) + u32::from(fill.2) < 380;
                    let ink: &'static RGBColor = if dark { &WHITE } else { &BLACK };
                    root.draw(&Text::new(
                        text,
                        (cx as i32, cy as i32),
                        centred_text(VALUE_SIZE * 0.8, ink),
                    ))?;
                }
            }
        }
        for (c, w, seat, label) in pieces {
            let (cx, cy) = centre(*c, *w);
            match seat {
                Some(s) => {
                    let colour = SEAT_COLOURS[usize::from(*s) % SEAT_COLOURS.len()];
                    let at = (cx as i32, cy as i32);
                    root.draw(&Circle::new(at, (r * 0.62) as i32, colour.filled()))?;
                    root.draw(&Text::new(
                        label.clone(),
                        at,
                        centred_text(VALUE_SIZE * 0.75, &WHITE),
                    ))?;
                }
                None => {
                    let at = ((cx + r * 0.55) as i32, (cy - r * 0.45) as i32);
                    root.draw(&Circle::new(at, (r * 0.22) as i32, BLACK.filled()))?;
                }
            }
        }
        Ok(())
    })
}

/// A heat map of a board: `columns × rows` cells, each coloured from white (0) to the
/// ink colour (the largest count) by its count in `counts` (`(column, row, count)`; cells
/// not listed count 0) and labelled with its count when it has one. Hexes are flat-topped,
/// odd columns shifted half a hex down; the board is drawn in its own orientation (the
/// shooter attacks towards the right).
pub(crate) fn heat_map(
    title: &str,
    columns: u16,
    rows: u16,
    tiling: Tiling,
    counts: &[(u16, u16, u64)],
) -> Result<String, ReportError> {
    let max = counts.iter().map(|c| c.2).max().unwrap_or(0).max(1) as f64;
    let count_at = |c: u16, w: u16| {
        counts
            .iter()
            .find(|x| x.0 == c && x.1 == w)
            .map_or(0, |x| x.2)
    };
    board(
        title,
        columns,
        rows,
        tiling,
        |c, w| {
            let n = count_at(c, w);
            let t = n as f64 / max;
            let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t) as u8;
            let fill = RGBColor(mix(255, INK.0), mix(255, INK.1), mix(255, INK.2));
            (fill, (n > 0).then(|| n.to_string()))
        },
        &[],
        &[],
        true,
    )
}
