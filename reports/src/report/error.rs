//! [`ReportError`], the one error of every page: a leaf that the pages and the readers
//! of the run folder share.

use crate::output::OutputError;
use std::path::PathBuf;

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
