//! The report of a run: one self-contained HTML page (`report.html`, written into the run
//! folder) with the run's settings, tables and charts drawn as inline SVG. The page loads
//! nothing from elsewhere (no scripts, fonts, style sheets or images), so it opens
//! offline and can be mailed as one file.
//!
//! A folder written by `sim compare`, `sim sweep` or `sim tune` (it holds `compare.csv`,
//! `sweep.csv` or `tune.csv`) gets the page of its kind instead (`lab.rs`): differences
//! to the first rule set with intervals, metrics along a sweep with their bands, the
//! progress of a search and its re-played finalists.
//!
//! A `sim card-value` folder (`card_value.csv`, no `summary.csv`) gets a chart of its card
//! values. Two card-value, compare or sweep folders of the same game and rules played by
//! different agents (`sim report DIR_A DIR_B`) get one page that sets the two answers side
//! by side (`rungs.rs`).
//! A folder written by `sim ladder` (it holds `ladder.csv`) gets the ladder's page
//! (`ladder.rs`): ratings with intervals, strength against iterations and time per game.
//!
//! Read from the run folder: `run.json` and `summary.csv` (required), and when present
//! `cards.csv` (card values, play and success rates per card), `card_value.csv` (the
//! ablation value of a card, from `sim card-value`), `matchups.csv` (the matchup matrix), `ratings.csv` (Elo
//! ratings), `balance.csv` (game balance figures and distributions) and
//! `games/samples.json` (sample games with their replay pages, [`SampleGame`]). CSV files are read
//! by column name: unknown columns are ignored and empty cells mean "undefined".

mod cards;
mod charts;
mod error;
mod format;
mod html;
pub use error::ReportError;
pub use format::shell_line;
mod input;
mod lab;
mod rungs;
pub use rungs::{render_rungs, write_rungs_report};
mod ladder;
mod replay_page;
mod templates;
pub use replay_page::{
    board_cut, board_svg, render_replay_page, write_replay_page, BoardCut, BoardCutter,
};

mod samples;
pub use samples::{SampleGame, SAMPLES_FILE};

use crate::output::{write_atomic, OutputError};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Builds the report page of the run folder `dir` and returns its HTML, without writing
/// anything. Errors as [`write_report`].
pub fn render_report(dir: &Path) -> Result<String, ReportError> {
    if dir.join("ladder.csv").is_file() {
        return ladder::page(dir);
    }
    if let Some(kind) = lab::LabKind::of(dir) {
        return lab::page(dir, kind);
    }
    if let Some(page) = rungs::card_value_page(dir) {
        return page;
    }
    let data = input::RunData::read(dir)?;
    html::page(dir, &data)
}

/// Writes the report of the run folder `dir` to `dir/report.html` and returns that path.
///
/// The page is written to a temporary file in `dir` and renamed into place, so a crash
/// never leaves a half-written report; an older `report.html` is replaced (it is derived
/// data). Errors: [`ReportError::NotRunFolder`] when `summary.csv` or `run.json` is
/// missing, [`ReportError::Csv`] / [`ReportError::Json`] for a malformed file (optional
/// files that are absent just leave their section out), and the I/O error of writing.
pub fn write_report(dir: &Path) -> Result<PathBuf, ReportError> {
    let page = render_report(dir)?;
    let path = dir.join("report.html");
    write_atomic(&path, |out| {
        out.write_all(page.as_bytes())
            .map_err(|source| OutputError::Io {
                path: path.clone(),
                source,
            })
    })?;
    Ok(path)
}
