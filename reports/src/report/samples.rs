//! A run's sample games: the list the report links (`games/samples.json`).

use super::error::ReportError;
use std::path::Path;

/// One sample game of a run (`games/samples.json` in the run folder, an array of them, in
/// the order the report lists them), written by `sim run` with the game's replay page
/// beside it; the report links each page.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SampleGame {
    /// What the game is an example of: `win`, `loss` or `longest`.
    pub kind: String,
    /// The game's index in the run's schedule (what `sim trace` and `sim replay --index`
    /// take).
    pub index: u64,
    /// One line about it: who sat where, the score, its length.
    pub caption: String,
    /// The replay page, relative to the run folder (`games/win.html`).
    pub page: String,
}

/// Where a run folder lists its sample games, relative to the folder.
pub const SAMPLES_FILE: &str = "games/samples.json";

/// Reads the sample games of a run folder (`games/samples.json`). Errors: the file cannot
/// be read or is not a JSON array of sample games ([`ReportError::Json`]).
pub(crate) fn read_samples(path: &Path) -> Result<Vec<SampleGame>, ReportError> {
    let text = std::fs::read_to_string(path).map_err(|source| ReportError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|e| ReportError::Json {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}
