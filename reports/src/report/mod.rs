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
//! ratings) and `balance.csv` (game balance figures and distributions). CSV files are read
//! by column name: unknown columns are ignored and empty cells mean "undefined".

mod cards;
mod charts;
mod html;
pub use html::shell_line;
mod input;
mod lab;
mod rungs;
pub use rungs::{render_rungs, write_rungs_report};
mod ladder;

use crate::output::{write_atomic, OutputError};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a report could not be made. Its message is one line naming the file concerned and,
/// for a bad CSV cell, the line and the column.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The path given is not a folder.
    #[error("'{0}' is not a folder")]
    NotAFolder(PathBuf),
    /// A required file (`summary.csv`, `run.json`) is missing from the folder.
    #[error("'{dir}' is not a run folder: no {file}")]
    NotRunFolder {
        /// The folder given.
        dir: PathBuf,
        /// The missing file's name.
        file: &'static str,
    },
    /// A file could not be read. The cause follows in the error chain.
    #[error("cannot read '{path}'")]
    Read {
        /// The file concerned.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// `run.json` is not valid JSON or lacks a required field.
    #[error("{path}: {message}")]
    Json {
        /// The file concerned.
        path: PathBuf,
        /// What is wrong, with the line and column.
        message: String,
    },
    /// A CSV file has a bad header or a bad cell.
    #[error("{}{}: {message}", path.display(), line.map(|l| format!(" line {l}")).unwrap_or_default())]
    Csv {
        /// The file concerned.
        path: PathBuf,
        /// The line of the file (1 is the header), when known.
        line: Option<u64>,
        /// What is wrong (the column and the cell's text for a bad cell).
        message: String,
    },
    /// Drawing a chart failed.
    #[error("cannot draw the chart '{chart}': {message}")]
    Chart {
        /// The chart's title.
        chart: String,
        /// The drawing error.
        message: String,
    },
    /// An embedded template failed to render (a bug of the report, not of the input).
    #[error("cannot render the template '{template}': {message}")]
    Template {
        /// The template's name.
        template: String,
        /// The template engine's error.
        message: String,
    },
    /// Two folders that `sim report DIR_A DIR_B` cannot put side by side (not card-value or
    /// compare folders, or of different kinds, games or rules): one line naming them.
    #[error("{0}")]
    Rungs(String),
    /// Writing `report.html` failed.
    #[error(transparent)]
    Output(#[from] OutputError),
}

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

/// Writes the replay page of one game to `path` (`sim replay`): `heading`, a one-line
/// `note`, then one picture of `board` per frame, `(caption, pieces)`. Written to a
/// temporary file and renamed into place. Errors: a chart or template failure, or the
/// I/O error of writing.
pub fn write_replay(
    path: &Path,
    heading: &str,
    note: &str,
    board: &engine::core::BoardInfo,
    frames: &[(String, Vec<engine::core::BoardPiece>)],
) -> Result<(), ReportError> {
    let page = html::replay_page(heading, note, board, frames)?;
    write_atomic(path, |out| {
        out.write_all(page.as_bytes())
            .map_err(|source| OutputError::Io {
                path: path.to_path_buf(),
                source,
            })
    })?;
    Ok(())
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
