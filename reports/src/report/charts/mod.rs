//! The charts of the report, drawn by `plotters` into SVG strings (text as SVG `<text>`,
//! so no font file is needed).

use super::error::ReportError;
use super::format::{escape, fixed};
use plotters::chart::MeshStyle;
use plotters::coord::ranged1d::{
    AsRangedCoord, DefaultFormatting, KeyPointHint, Ranged, ValueFormatter,
};
use plotters::coord::types::RangedCoordf64;
use plotters::element::ErrorBarOrientH;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::error::Error;
use std::ops::Range;

mod board;
pub(crate) use board::{board, heat_map, DrawnPiece};

/// The font family of every chart.
const FONT: &str = "sans-serif";
/// Font sizes as given to plotters (its SVG backend writes `size / 1.24` pixels).
const CAPTION_SIZE: f64 = 22.0;
const LABEL_SIZE: f64 = 16.0;
const DESC_SIZE: f64 = 17.0;
const VALUE_SIZE: f64 = 15.0;
/// Width of every chart in pixels (the page scales it down when narrower).
pub(crate) const WIDTH: u32 = 1000;
/// Colour of points, bars and error bars.
const INK: RGBColor = RGBColor(31, 92, 153);
const GREY: RGBColor = RGBColor(128, 128, 128);
const LIGHT: RGBColor = RGBColor(230, 230, 230);

/// A chart drawing failure, any type.
type DrawResult = Result<(), Box<dyn Error>>;

/// A value with its 95% interval, shown on one row of an interval chart.
#[derive(Clone, Debug)]
pub(crate) struct Estimate {
    /// The row's label (an agent, a card).
    pub label: String,
    /// The estimate.
    pub value: f64,
    /// The interval's ends, when known.
    pub interval: Option<(f64, f64)>,
    /// The text written next to the point.
    pub text: String,
}

/// A bar of a distribution chart: a category's share with its interval.
#[derive(Clone, Debug)]
pub(crate) struct Bar {
    /// The category (`3`, `10-19`, `>30`).
    pub key: String,
    /// Its share of games.
    pub value: f64,
    /// The interval's ends, when known.
    pub interval: Option<(f64, f64)>,
}

/// A cell of the matchup matrix.
#[derive(Clone, Debug)]
pub(crate) struct Cell {
    /// The score rate of the row agent against the column agent.
    pub rate: f64,
    /// Its interval, when known.
    pub interval: Option<(f64, f64)>,
    /// Games played between the two, when known.
    pub games: Option<u64>,
}

/// A row of a row chart ([`interval_chart`], [`multi_interval_chart`]): its label, at
/// the left, and the value text written beside it.
trait ChartRow {
    /// The row's label (an agent, a card, a metric).
    fn label(&self) -> &str;
    /// The text written beside the row.
    fn text(&self) -> &str;
}

impl ChartRow for Estimate {
    fn label(&self) -> &str {
        &self.label
    }
    fn text(&self) -> &str {
        &self.text
    }
}

impl ChartRow for MultiRow {
    fn label(&self) -> &str {
        &self.label
    }
    fn text(&self) -> &str {
        &self.text
    }
}

/// Estimated pixel width of `text` at a plotters font size (a generous average glyph
/// width, 0.6 em: a digit of a sans-serif font is about 0.55 em, so labels are not cut).
fn text_width(text: &str, size: f64) -> u32 {
    (text.chars().count() as f64 * size * 0.6).ceil() as u32
}

/// The free width at the right of a row chart for the value texts drawn right of each
/// row's interval (`texts`), in pixels: the widest text and a gap, so no label is cut
/// (at least 40 pixels, at most 480 of the chart's [`WIDTH`]).
fn value_area<'a>(texts: impl Iterator<Item = &'a str>) -> u32 {
    widest(texts, VALUE_SIZE).clamp(40, 480) + 16
}

/// The pixel width of the widest of `texts` at a plotters font size (0 without texts).
fn widest<'a>(texts: impl Iterator<Item = &'a str>, size: f64) -> u32 {
    texts.map(|t| text_width(t, size)).max().unwrap_or(0)
}

/// An axis label: `v` with `decimals` decimals, without the sign of a rounded zero.
fn axis_number(v: f64, decimals: usize) -> String {
    fixed(v, decimals, false)
}

/// The axis range over `lo..hi`: `share` of its width added on each side, and at least
/// half a unit of the last of `decimals` decimals, so that the range of values that are
/// all equal still spans ticks that read differently ([`axis_decimals`] then adds one
/// decimal at most).
pub(crate) fn padded_range(lo: f64, hi: f64, share: f64, decimals: usize) -> Range<f64> {
    let pad = ((hi - lo) * share).max(0.5 * 10f64.powi(-(decimals as i32)));
    (lo - pad)..(hi + pad)
}

/// The decimals of an axis's labels: at least `decimals`, and enough (at most 8) that
/// about `ticks` labels over `range` read differently (issue 43: a turn-cap rate's axis
/// from 0 to 0.0004 read `0.000` five times).
fn axis_decimals(range: &Range<f64>, ticks: usize, decimals: usize) -> usize {
    let step = (range.end - range.start).abs() / ticks.max(1) as f64;
    if !(step > 0.0 && step.is_finite()) {
        return decimals;
    }
    let needed = (-step.log10()).ceil().clamp(0.0, 8.0) as usize;
    decimals.max(needed)
}

/// `text` cut to `max` characters, with an ellipsis when cut.
fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max - 1).collect();
        s.push('…');
        s
    }
}

/// Draws a `size` SVG with `draw` and returns it, with a `<title>` element for `title`.
fn svg(
    title: &str,
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, plotters::coord::Shift>) -> DrawResult,
) -> Result<String, ReportError> {
    let mut buf = String::new();
    {
        let root = SVGBackend::with_string(&mut buf, size).into_drawing_area();
        let drawn = root
            .fill(&WHITE)
            .map_err(Box::<dyn Error>::from)
            .and_then(|()| draw(&root))
            .and_then(|()| root.present().map_err(Box::<dyn Error>::from));
        drawn.map_err(|e| ReportError::Chart {
            chart: title.to_string(),
            message: e.to_string(),
        })?;
    }
    // The opening tag ends the first line; the title goes right after it.
    let title_tag = format!("<title>{}</title>\n", escape(title));
    match buf.find(">\n") {
        Some(i) => buf.insert_str(i + 2, &title_tag),
        None => buf.push_str(&title_tag),
    }
    Ok(buf)
}

/// A categorical axis: categories `0, 1, …, n - 1` at the integers of the range
/// `-0.5 .. n - 0.5`, with a tick and label on every `every`-th one.
#[derive(Clone, Debug)]
struct CategoryAxis {
    n: usize,
    every: usize,
}

impl Ranged for CategoryAxis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let span = self.n.max(1) as f64;
        let t = (value + 0.5) / span;
        limit.0 + (t * f64::from(limit.1 - limit.0)).round() as i32
    }

    fn key_points<H: KeyPointHint>(&self, hint: H) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            return Vec::new();
        }
        (0..self.n)
            .step_by(self.every.max(1))
            .map(|i| i as f64)
            .collect()
    }

    fn range(&self) -> Range<f64> {
        -0.5..self.n as f64 - 0.5
    }
}

/// One category per integer `0..n`, labelled every `every`-th.
fn category_axis(n: usize, every: usize) -> CategoryAxis {
    CategoryAxis { n, every }
}

/// The index of the category at axis value `v`, if it is one.
fn category(v: f64, n: usize) -> Option<usize> {
    let i = v.round();
    (i >= 0.0 && (i as usize) < n && (v - i).abs() < 1e-6).then_some(i as usize)
}

/// The label of the category at axis value `v` among `labels` (`labels[0]` at 0), empty
/// between categories.
fn category_label(labels: &[String], v: f64) -> String {
    category(v, labels.len())
        .map(|k| labels[k].clone())
        .unwrap_or_default()
}

/// The label of the row at axis value `v` of a chart whose rows are `labels`, the first at
/// the top (at `labels.len() - 1`), empty between rows.
fn row_label(labels: &[String], v: f64) -> String {
    let n = labels.len();
    category(v, n)
        .map(|k| labels[n - 1 - k].clone())
        .unwrap_or_default()
}

/// A chart over the coordinates `X` (horizontal) and `Y` (vertical), drawn into an SVG.
type SvgChart<'a, 'b, X, Y> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<X, Y>>;

/// The frame of a chart captioned `title` in a 12-pixel margin, `margin_right` pixels at
/// the right, with `x_area` and `y_area` pixels for the labels of the x and y axes, over
/// the axes `x` and `y`.
fn frame<'a, 'b, X: AsRangedCoord, Y: AsRangedCoord>(
    root: &'a DrawingArea<SVGBackend<'b>, plotters::coord::Shift>,
    title: &str,
    (margin_right, x_area, y_area): (u32, u32, u32),
    (x, y): (X, Y),
) -> Result<SvgChart<'a, 'b, X::CoordDescType, Y::CoordDescType>, Box<dyn Error>> {
    let chart = ChartBuilder::on(root)
        .caption(title, (FONT, CAPTION_SIZE))
        .margin(12)
        .margin_right(margin_right)
        .x_label_area_size(x_area)
        .y_label_area_size(y_area)
        .build_cartesian_2d(x, y)?;
    Ok(chart)
}

/// Which grid lines a chart's mesh draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Grid {
    /// Vertical lines, at the x axis's labels (the row charts).
    Vertical,
    /// Horizontal lines, at the y axis's labels (the column charts).
    Horizontal,
    /// None (the matchup matrix).
    None,
}

/// Draws `mesh`, its axes set by the caller: the `grid` lines (light grey, the finer ones
/// white), the labels and the axis descriptions in the charts' fonts.
fn draw_mesh<X, Y>(mesh: &mut MeshStyle<'_, '_, X, Y, SVGBackend<'_>>, grid: Grid) -> DrawResult
where
    X: Ranged + ValueFormatter<X::ValueType>,
    Y: Ranged + ValueFormatter<Y::ValueType>,
{
    match grid {
        Grid::Vertical => mesh.disable_y_mesh(),
        Grid::Horizontal => mesh.disable_x_mesh(),
        Grid::None => mesh.disable_mesh(),
    };
    if grid != Grid::None {
        mesh.light_line_style(WHITE).bold_line_style(LIGHT);
    }
    mesh.label_style((FONT, LABEL_SIZE))
        .axis_desc_style((FONT, DESC_SIZE))
        .draw()?;
    Ok(())
}

/// A chart of one column per category over a value range (the distribution and series
/// charts).
type ColumnChart<'a, 'b> = SvgChart<'a, 'b, CategoryAxis, RangedCoordf64>;

/// Draws the mesh of a [`ColumnChart`]: the categories `labels` on the x axis described
/// by `x_desc` (every few labelled, as its axis says), 8 labels of `decimals` decimals on
/// the y axis described by `y_desc`, horizontal grid lines.
fn column_mesh(
    chart: &mut ColumnChart,
    (x_desc, y_desc): (&str, &str),
    labels: &[String],
    decimals: usize,
) -> DrawResult {
    let category = |v: &f64| category_label(labels, *v);
    let decimals = axis_decimals(&chart.y_range(), 8, decimals);
    let value = |v: &f64| axis_number(*v, decimals);
    let mut mesh = chart.configure_mesh();
    mesh.y_labels(8)
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_label_formatter(&category)
        .y_label_formatter(&value);
    draw_mesh(&mut mesh, Grid::Horizontal)
}

/// `v` moved inside `range`: plotters maps a value far outside its axis to a pixel that
/// overflows, and the values of a run folder a user edited may lie anywhere.
fn inside(v: f64, range: &Range<f64>) -> f64 {
    v.clamp(range.start.min(range.end), range.end.max(range.start))
}

/// An error unless both ends of `range` are finite numbers (a chart needs finite axes).
fn finite_axis(title: &str, range: &Range<f64>) -> Result<(), ReportError> {
    if range.start.is_finite() && range.end.is_finite() {
        return Ok(());
    }
    Err(ReportError::Chart {
        chart: title.to_string(),
        message: "its values are too large to draw".to_string(),
    })
}

/// A chart with one row per label (the first at the top) over the value range `range`.
type RowChart<'a, 'b> = SvgChart<'a, 'b, RangedCoordf64, CategoryAxis>;

/// Writes each row's text (in the value style) `dx` pixels right of the point `at` gives
/// for the row (its index and itself).
fn draw_texts<R: ChartRow>(
    chart: &mut RowChart,
    rows: &[R],
    dx: i32,
    at: impl Fn(usize, &R) -> (f64, f64),
) -> DrawResult {
    let style = TextStyle::from((FONT, VALUE_SIZE).into_font())
        .color(&BLACK)
        .pos(Pos::new(HPos::Left, VPos::Center));
    chart.draw_series(rows.iter().enumerate().map(|(i, r)| {
        EmptyElement::at(at(i, r)) + Text::new(r.text().to_string(), (dx, 0), style.clone())
    }))?;
    Ok(())
}

/// A horizontal error bar at height `y` from `lo` through `v` to `hi` (each moved inside
/// `range`), two pixels wide in `colour`, with end caps `cap` pixels high.
fn error_bar(
    y: f64,
    [lo, v, hi]: [f64; 3],
    range: &Range<f64>,
    colour: RGBColor,
    cap: u32,
) -> ErrorBar<f64, f64, ErrorBarOrientH<f64, f64>> {
    let [lo, v, hi] = [lo, v, hi].map(|x| inside(x, range));
    ErrorBar::new_horizontal(y, lo, v, hi, colour.stroke_width(2), cap)
}

/// An SVG chart of one row per item of `rows`, each `row` pixels high, over `range`
/// (checked finite; axis labels with the given decimals), with room on the right for the
/// widest of the rows' texts: the frame of [`row_chart`], light bands on every other row
/// when `bands`, then a dashed line at `reference` if given, on which `draw` draws the
/// rows.
fn rows_svg<R: ChartRow>(
    (title, axis): (&str, &str),
    rows: &[R],
    (range, decimals, reference): (&Range<f64>, usize, Option<f64>),
    (row, bands): (u32, bool),
    draw: impl FnOnce(&mut RowChart<'_, '_>) -> DrawResult,
) -> Result<String, ReportError> {
    finite_axis(title, range)?;
    let n = rows.len();
    let height = 130 + row * n.max(1) as u32;
    let labels: Vec<String> = rows.iter().map(|r| r.label().to_string()).collect();
    let text_area = value_area(rows.iter().map(ChartRow::text));
    svg(title, (WIDTH, height), |root| {
        let mut chart = row_chart(root, title, axis, &labels, range, decimals, text_area)?;
        if bands {
            // Light bands on every other row, so a row's markers read together.
            chart.draw_series((0..n).filter(|i| i % 2 == 1).map(|i| {
                let yc = (n - 1 - i) as f64;
                Rectangle::new(
                    [(range.start, yc - 0.5), (range.end, yc + 0.5)],
                    RGBColor(246, 246, 246).filled(),
                )
            }))?;
        }
        if let Some(r) = reference {
            draw_reference(&mut chart, r, n, range)?;
        }
        draw(&mut chart)
    })
}

/// The frame of a chart with one row per label of `labels` (the first at the top, labels
/// cut to 40 characters) over `range` (axis labels with `decimals` decimals, described by
/// `axis`), with `margin_right` pixels free at the right, its mesh drawn.
fn row_chart<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, plotters::coord::Shift>,
    title: &str,
    axis: &str,
    labels: &[String],
    range: &Range<f64>,
    decimals: usize,
    margin_right: u32,
) -> Result<RowChart<'a, 'b>, Box<dyn Error>> {
    let n = labels.len();
    let labels: Vec<String> = labels.iter().map(|l| truncate(l, 40)).collect();
    let label_area = widest(labels.iter().map(String::as_str), LABEL_SIZE).clamp(40, 420) + 16;
    let areas = (margin_right, 50, label_area);
    let mut chart = frame(root, title, areas, (range.clone(), category_axis(n, 1)))?;
    let decimals = axis_decimals(range, 10, decimals);
    let value = |v: &f64| axis_number(*v, decimals);
    let row = |v: &f64| row_label(&labels, *v);
    let mut mesh = chart.configure_mesh();
    mesh.x_labels(10)
        .x_desc(axis)
        .x_label_formatter(&value)
        .y_label_formatter(&row);
    draw_mesh(&mut mesh, Grid::Vertical)?;
    Ok(chart)
}

/// A dashed vertical line at `r` (moved inside `range`) over the `n` rows of `chart`.
fn draw_reference(chart: &mut RowChart, r: f64, n: usize, range: &Range<f64>) -> DrawResult {
    let r = inside(r, range);
    chart.draw_series(DashedLineSeries::new(
        [(r, -0.5), (r, n as f64 - 0.5)],
        6,
        4,
        GREY.stroke_width(1),
    ))?;
    Ok(())
}

/// A horizontal chart of estimates with their intervals, one row per item, the first at
/// the top, over the value range `range` (axis labels with `decimals` decimals), with a
/// dashed line at `reference` if given.
pub(crate) fn interval_chart(
    title: &str,
    axis: &str,
    items: &[Estimate],
    range: Range<f64>,
    decimals: usize,
    reference: Option<f64>,
) -> Result<String, ReportError> {
    // Row i is drawn at y = n - 1 - i, so the first item is at the top.
    let y = |i: usize| (items.len() - 1 - i) as f64;
    let frame = (&range, decimals, reference);
    rows_svg((title, axis), items, frame, (26, false), |chart| {
        chart.draw_series(items.iter().enumerate().filter_map(|(i, e)| {
            let (lo, hi) = e.interval?;
            Some(error_bar(y(i), [lo, e.value, hi], &range, INK, 10))
        }))?;
        chart.draw_series(
            items
                .iter()
                .enumerate()
                .map(|(i, e)| Circle::new((inside(e.value, &range), y(i)), 4, INK.filled())),
        )?;
        draw_texts(chart, items, 8, |i, e| {
            let right = e.interval.map_or(e.value, |(_, hi)| hi.max(e.value));
            (inside(right, &range), y(i))
        })
    })
}

/// A vertical bar chart of shares of games per category, with interval whiskers. `x_axis`
/// describes the categories.
pub(crate) fn distribution_chart(
    title: &str,
    x_axis: &str,
    bars: &[Bar],
) -> Result<String, ReportError> {
    let n = bars.len();
    let top = bars
        .iter()
        .map(|b| b.interval.map_or(b.value, |(_, hi)| hi.max(b.value)))
        .fold(0.0_f64, f64::max);
    let top = if top > 0.0 { top * 1.08 } else { 1.0 };
    let axis = 0.0..top;
    finite_axis(title, &axis)?;
    let height = 440;
    // Show every k-th category so labels do not overlap.
    let plot_width = (WIDTH - 110) as f64;
    let widest = bars
        .iter()
        .map(|b| text_width(&b.key, LABEL_SIZE))
        .max()
        .unwrap_or(10) as f64
        + 10.0;
    let every = ((widest * n as f64) / plot_width).ceil().max(1.0) as usize;
    svg(title, (WIDTH, height), |root| {
        let mut chart = frame(
            root,
            title,
            (20, 50, 80),
            (category_axis(n, every), 0.0..top),
        )?;
        let keys: Vec<String> = bars.iter().map(|b| b.key.clone()).collect();
        column_mesh(&mut chart, (x_axis, "share of games"), &keys, 2)?;
        let half = 0.4;
        chart.draw_series(bars.iter().enumerate().map(|(i, b)| {
            let x = i as f64;
            Rectangle::new(
                [(x - half, 0.0), (x + half, inside(b.value, &axis))],
                INK.mix(0.55).filled(),
            )
        }))?;
        // Whiskers: a vertical line from lo to hi with a cap at each end.
        let cap = 0.12;
        chart.draw_series(
            bars.iter()
                .enumerate()
                .filter_map(|(i, b)| b.interval.map(|iv| (i as f64, iv)))
                .flat_map(|(x, (lo, hi))| {
                    let (lo, hi) = (inside(lo, &axis), inside(hi, &axis));
                    [
                        vec![(x, lo), (x, hi)],
                        vec![(x - cap, lo), (x + cap, lo)],
                        vec![(x - cap, hi), (x + cap, hi)],
                    ]
                })
                .map(|points| PathElement::new(points, BLACK.stroke_width(1))),
        )?;
        Ok(())
    })
}

/// The colour of a score rate: red at 0, white at 0.5, green at 1.
fn rate_colour(rate: f64) -> RGBColor {
    let white = (247.0, 247.0, 247.0);
    let red = (214.0, 96.0, 77.0);
    let green = (77.0, 172.0, 102.0);
    let t = rate.clamp(0.0, 1.0);
    let (from, to, s) = if t < 0.5 {
        (red, white, t / 0.5)
    } else {
        (white, green, (t - 0.5) / 0.5)
    };
    let mix = |a: f64, b: f64| (a + (b - a) * s).round() as u8;
    RGBColor(mix(from.0, to.0), mix(from.1, to.1), mix(from.2, to.2))
}

/// The matchup matrix: row agent × column opponent, each cell coloured by the row
/// agent's score rate and labelled with it, its interval and the games; the diagonal and
/// missing pairs are blank. `cells[i][j]` is agent `i` against agent `j`.
pub(crate) fn matchup_chart(
    title: &str,
    agents: &[String],
    cells: &[Vec<Option<Cell>>],
) -> Result<String, ReportError> {
    let n = agents.len();
    let labels: Vec<String> = agents.iter().map(|a| truncate(a, 32)).collect();
    let widest_label = widest(labels.iter().map(String::as_str), LABEL_SIZE);
    let label_area = widest_label.clamp(40, 320) + 16;
    let cell_w = (widest_label + 12).clamp(130, 300);
    let cell_h = 76;
    let width = (label_area + 60 + cell_w * n as u32)
        .max(text_width(title, CAPTION_SIZE) + 60)
        .max(480);
    let height = 150 + cell_h * n as u32;
    svg(title, (width, height), |root| {
        let axes = (category_axis(n, 1), category_axis(n, 1));
        let mut chart = frame(root, title, (30, 55, label_area), axes)?;
        // Agent i's row is drawn at y = n - 1 - i, so the first agent is at the top.
        let y = |i: usize| (n - 1 - i) as f64;
        let opponent = |v: &f64| category_label(&labels, *v);
        let agent = |v: &f64| row_label(&labels, *v);
        let mut mesh = chart.configure_mesh();
        mesh.x_desc("opponent")
            .y_desc("agent")
            .x_label_formatter(&opponent)
            .y_label_formatter(&agent);
        draw_mesh(&mut mesh, Grid::None)?;
        let mut rects = Vec::new();
        let mut texts = Vec::new();
        for (i, row) in cells.iter().enumerate().take(n) {
            for (j, cell) in row.iter().enumerate().take(n) {
                let (x0, y0) = (j as f64 - 0.5, y(i) - 0.5);
                let corners = [(x0, y0), (x0 + 1.0, y0 + 1.0)];
                let Some(cell) = cell.as_ref().filter(|_| i != j) else {
                    rects.push(Rectangle::new(corners, RGBColor(240, 240, 240).filled()));
                    continue;
                };
                let fill = rate_colour(cell.rate);
                rects.push(Rectangle::new(corners, fill.filled()));
                let ink: &'static RGBColor = if (cell.rate - 0.5).abs() > 0.4 {
                    &WHITE
                } else {
                    &BLACK
                };
                let at = (j as f64, y(i));
                texts.push(
                    EmptyElement::at(at)
                        + Text::new(
                            format!("{:.3}", cell.rate),
                            (0, -18),
                            centred_text(20.0, ink),
                        ),
                );
                if let Some((lo, hi)) = cell.interval {
                    texts.push(
                        EmptyElement::at(at)
                            + Text::new(
                                format!("[{lo:.3}, {hi:.3}]"),
                                (0, 2),
                                centred_text(15.0, ink),
                            ),
                    );
                }
                if let Some(g) = cell.games {
                    texts.push(
                        EmptyElement::at(at)
                            + Text::new(format!("{g} games"), (0, 20), centred_text(14.0, ink)),
                    );
                }
            }
        }
        chart.draw_series(rects)?;
        // Cell borders.
        chart.draw_series((0..n).flat_map(|i| {
            (0..n).map(move |j| {
                let (x0, y0) = (j as f64 - 0.5, i as f64 - 0.5);
                Rectangle::new([(x0, y0), (x0 + 1.0, y0 + 1.0)], WHITE.stroke_width(2))
            })
        }))?;
        chart.draw_series(texts)?;
        Ok(())
    })
}

/// One point of a [`series_chart`]: a value (absent where undefined) and its interval.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SeriesPoint {
    /// The value.
    pub value: Option<f64>,
    /// Its 95% interval, when known.
    pub interval: Option<(f64, f64)>,
}

/// A chart of one value per category, in order (the points of a sweep, the iterations of a
/// search): the values joined by a line, each interval drawn as a shaded band, and
/// optionally a second series `dots` drawn as small grey dots (the noisy evaluations of a
/// search). `labels` name the categories on the x axis (every few when many).
pub(crate) fn series_chart(
    title: &str,
    x_desc: &str,
    y_desc: &str,
    labels: &[String],
    line: &[SeriesPoint],
    dots: Option<&[f64]>,
    decimals: usize,
) -> Result<String, ReportError> {
    let n = labels.len().max(1);
    let mut ys: Vec<f64> = Vec::new();
    for p in line {
        ys.extend(p.value);
        if let Some((lo, hi)) = p.interval {
            ys.extend([lo, hi]);
        }
    }
    ys.extend(dots.unwrap_or(&[]).iter().copied());
    ys.retain(|v| v.is_finite());
    let (lo, hi) = ys
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
            (a.min(v), b.max(v))
        });
    let (lo, hi) = if lo.is_finite() { (lo, hi) } else { (0.0, 1.0) };
    let range = padded_range(lo, hi, 0.08, decimals);
    finite_axis(title, &range)?;
    let every = n.div_ceil(12);
    let shown: Vec<String> = labels.iter().map(|l| truncate(l, 18)).collect();
    svg(title, (WIDTH, 420), |root| {
        let axes = (category_axis(n, every), range.clone());
        let mut chart = frame(root, title, (40, 60, 80), axes)?;
        column_mesh(&mut chart, (x_desc, y_desc), &shown, decimals)?;
        // The band: the polygon through the upper ends, then back through the lower ones,
        // over each run of points that have an interval.
        let band: Vec<(usize, (f64, f64))> = line
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.interval.map(|iv| (i, iv)))
            .collect();
        if band.len() >= 2 {
            let mut poly: Vec<(f64, f64)> = band.iter().map(|&(i, (_, h))| (i as f64, h)).collect();
            poly.extend(band.iter().rev().map(|&(i, (l, _))| (i as f64, l)));
            chart.draw_series(std::iter::once(Polygon::new(poly, INK.mix(0.18).filled())))?;
        } else {
            chart.draw_series(band.iter().map(|&(i, (l, h))| {
                ErrorBar::new_vertical(i as f64, l, (l + h) / 2.0, h, INK.stroke_width(2), 10)
            }))?;
        }
        if let Some(d) = dots {
            chart.draw_series(
                d.iter()
                    .enumerate()
                    .filter(|(_, v)| v.is_finite())
                    .map(|(i, &v)| Circle::new((i as f64, v), 3, GREY.filled())),
            )?;
        }
        let points: Vec<(f64, f64)> = line
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.value.filter(|v| v.is_finite()).map(|v| (i as f64, v)))
            .collect();
        chart.draw_series(LineSeries::new(points.clone(), INK.stroke_width(2)))?;
        if points.len() <= 60 {
            chart.draw_series(points.iter().map(|&p| Circle::new(p, 4, INK.filled())))?;
        }
        Ok(())
    })
}

/// How a series of a [`multi_interval_chart`] marks its points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Marker {
    /// A filled circle.
    Circle,
    /// A filled triangle.
    Triangle,
    /// A filled square.
    Square,
    /// A cross, for a reference value without an interval (e.g. a closed-form rate).
    Cross,
}

/// A series of a [`multi_interval_chart`]: its colour and marker (the page's legend names
/// it).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Series {
    /// The colour of its points and intervals.
    pub colour: RGBColor,
    /// The marker of its points.
    pub marker: Marker,
}

/// The series colours of the card charts: blue, orange, purple.
pub(crate) const SERIES_COLOURS: [RGBColor; 3] = [
    RGBColor(31, 92, 153),
    RGBColor(214, 110, 20),
    RGBColor(120, 60, 160),
];

/// The first two series of a comparison chart: blue circles, then orange triangles.
pub(crate) const TWO_SERIES: [Series; 2] = [
    Series {
        colour: SERIES_COLOURS[0],
        marker: Marker::Circle,
    },
    Series {
        colour: SERIES_COLOURS[1],
        marker: Marker::Triangle,
    },
];

/// The colour of a reference value drawn as a marker (the die's closed-form rate).
pub(crate) const REFERENCE_COLOUR: RGBColor = RGBColor(30, 30, 30);

/// The colour of an estimate whose interval contains the reference (no clear sign).
const NEUTRAL: RGBColor = RGBColor(165, 165, 165);

/// An estimate with its 95% interval, when known.
pub(crate) type Point = (f64, Option<(f64, f64)>);

/// A row of a [`multi_interval_chart`]: a label, one optional point per series, and a
/// text written at the right edge of the plot.
#[derive(Clone, Debug)]
pub(crate) struct MultiRow {
    /// The row's label (a card).
    pub label: String,
    /// One point per series (value and interval), `None` where undefined.
    pub points: Vec<Option<Point>>,
    /// The text at the right of the row (the first series' value, or why it is missing).
    pub text: String,
}

/// A horizontal chart with up to three estimates per row (one per series, each a marker
/// with its interval, drawn one above the other), the first row at the top, over
/// `range` (axis labels with `decimals` decimals). With `reference`, a dashed line marks
/// it and an estimate whose interval contains it is drawn in a neutral grey.
pub(crate) fn multi_interval_chart(
    title: &str,
    axis: &str,
    series: &[Series],
    rows: &[MultiRow],
    range: Range<f64>,
    decimals: usize,
    reference: Option<f64>,
) -> Result<String, ReportError> {
    let n = rows.len();
    let k = series.len().max(1);
    let row = 14 + 9 * k as u32;
    rows_svg(
        (title, axis),
        rows,
        (&range, decimals, reference),
        (row, true),
        |chart| {
            // Row i is drawn at y = n - 1 - i, so the first row is at the top; series s a
            // little above or below the row's centre.
            let y = |i: usize, s: usize| {
                let offset = if k == 1 {
                    0.0
                } else {
                    0.3 - 0.6 * s as f64 / (k - 1) as f64
                };
                (n - 1 - i) as f64 + offset
            };
            let colour = |s: &Series, iv: Option<(f64, f64)>| match (reference, iv) {
                (Some(r), Some((lo, hi))) if lo <= r && r <= hi => NEUTRAL,
                (Some(_), None) => NEUTRAL,
                _ => s.colour,
            };
            for (s, style) in series.iter().enumerate() {
                let points: Vec<(usize, Point)> = rows
                    .iter()
                    .enumerate()
                    .filter_map(|(i, r)| {
                        let p = r.points.get(s).copied().flatten()?;
                        p.0.is_finite().then_some((i, p))
                    })
                    .collect();
                chart.draw_series(points.iter().filter_map(|&(i, (v, iv))| {
                    let (lo, hi) = iv?;
                    Some(error_bar(
                        y(i, s),
                        [lo, v, hi],
                        &range,
                        colour(style, iv),
                        6,
                    ))
                }))?;
                let at = |&(i, (v, iv)): &(usize, Point)| {
                    (
                        EmptyElement::at((inside(v, &range), y(i, s))),
                        colour(style, iv).filled(),
                    )
                };
                match style.marker {
                    Marker::Circle => chart.draw_series(points.iter().map(|p| {
                        let (at, c) = at(p);
                        at + Circle::new((0, 0), 4, c)
                    }))?,
                    Marker::Triangle => chart.draw_series(points.iter().map(|p| {
                        let (at, c) = at(p);
                        at + TriangleMarker::new((0, 0), 6, c)
                    }))?,
                    Marker::Square => chart.draw_series(points.iter().map(|p| {
                        let (at, c) = at(p);
                        at + Rectangle::new([(-4, -4), (4, 4)], c)
                    }))?,
                    Marker::Cross => chart.draw_series(points.iter().map(|p| {
                        let (at, c) = at(p);
                        at + Cross::new((0, 0), 5, c.stroke_width(2))
                    }))?,
                };
            }
            draw_texts(chart, rows, 10, |i, _| (range.end, (n - 1 - i) as f64))
        },
    )
}

/// How the cells of a [`heat_map`] tile the plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tiling {
    /// Flat-topped hexes in columns, odd columns half a hex down ("odd-q").
    HexOddQ,
    /// Squares.
    Square,
}

/// A text style of `size` in `ink`, centred on its point.
fn centred_text(size: f64, ink: &'static RGBColor) -> TextStyle<'static> {
    TextStyle::from((FONT, size).into_font())
        .color(ink)
        .pos(Pos::new(HPos::Center, VPos::Center))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Axis labels over a tiny range read differently (a turn-cap rate from 0 to 0.0004
    /// read `0.000` at every tick); a wide range keeps the caller's decimals.
    #[test]
    fn tick_labels_of_a_tiny_range_differ() {
        let range = 0.0..0.0004;
        let d = axis_decimals(&range, 10, 3);
        let labels: Vec<String> = (0..=10)
            .map(|i| axis_number(0.00004 * f64::from(i), d))
            .collect();
        let distinct: std::collections::BTreeSet<&String> = labels.iter().collect();
        assert_eq!(distinct.len(), labels.len(), "{labels:?}");
        assert_eq!(axis_decimals(&(0.0..1.0), 10, 3), 3);
        assert_eq!(axis_decimals(&(0.0..1.0), 10, 0), 1);
        assert_eq!(axis_decimals(&(0.0..0.0), 10, 2), 2);
    }

    /// Values that are all equal get a range of half a unit of the last decimal on each
    /// side, whose ticks read differently with one decimal more (not eight).
    #[test]
    fn a_range_of_equal_values_is_padded_to_the_decimals() {
        let range = padded_range(0.0, 0.0, 0.1, 3);
        assert_eq!(range, -0.0005..0.0005);
        assert_eq!(axis_decimals(&range, 10, 3), 4);
        assert_eq!(padded_range(1.0, 3.0, 0.1, 3), 0.8..3.2);
    }

    /// The x coordinate and the text of every `<text>` element of an SVG.
    fn texts(svg: &str) -> Vec<(f64, String)> {
        svg.split("<text")
            .skip(1)
            .map(|t| {
                let x = t.split("x=\"").nth(1).unwrap().split('"').next().unwrap();
                let body = t.split('>').nth(1).unwrap().split('<').next().unwrap();
                (x.parse().unwrap(), body.trim().to_string())
            })
            .collect()
    }

    /// The compare report's rows: a long value text right of an interval that reaches the
    /// right end of the axis must end inside the picture (it was cut at "+0.").
    #[test]
    fn value_labels_right_of_an_interval_fit_in_the_chart() {
        let text = "+0.013 [+0.007, +0.019]".to_string();
        let items: Vec<Estimate> = (0..4)
            .map(|i| Estimate {
                label: format!("metric {i}"),
                value: 0.013,
                interval: Some((0.007, 0.019)),
                text: text.clone(),
            })
            .collect();
        let svg = interval_chart("t", "axis", &items, -0.02..0.019, 3, Some(0.0)).unwrap();
        let shown: Vec<_> = texts(&svg)
            .into_iter()
            .filter(|(_, t)| *t == text)
            .collect();
        assert_eq!(shown.len(), items.len(), "{svg}");
        for (x, t) in shown {
            let right = x + text_width(&t, VALUE_SIZE) as f64;
            assert!(
                right <= WIDTH as f64,
                "the label ends at {right} px, past {WIDTH}"
            );
        }
    }
}
