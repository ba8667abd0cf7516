//! Reading a run folder: `run.json` and the CSV files, by column name, with one-line
//! errors naming the file, the line and the column.

use super::ReportError;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::path::Path;

/// One agent of `run.json`.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct AgentInfo {
    pub label: String,
    pub spec: String,
}

/// Timings of `run.json`.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct Timings {
    pub elapsed_seconds: Option<f64>,
    pub games_per_second: Option<f64>,
}

/// What the report shows of `run.json` (other fields are ignored).
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct RunInfo {
    pub game: String,
    pub games: u64,
    pub seed: u64,
    pub agents: Vec<AgentInfo>,
    #[serde(default)]
    pub command: Vec<String>,
    pub version: Option<String>,
    pub threads: Option<u64>,
    pub timings: Option<Timings>,
    pub sprt: Option<serde_json::Value>,
}

/// A row of `summary.csv`.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct SummaryIn {
    pub agent: String,
    pub seat: String,
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub score_rate: Option<f64>,
    pub score_rate_lo: Option<f64>,
    pub score_rate_hi: Option<f64>,
    pub mean_goals_for: Option<f64>,
    pub mean_goals_against: Option<f64>,
    pub mean_actions: Option<f64>,
    pub win_rate: Option<f64>,
    pub win_rate_lo: Option<f64>,
    pub win_rate_hi: Option<f64>,
    pub draw_rate: Option<f64>,
    pub draw_rate_lo: Option<f64>,
    pub draw_rate_hi: Option<f64>,
    pub mean_goals_for_se: Option<f64>,
    pub mean_goals_against_se: Option<f64>,
    pub mean_actions_se: Option<f64>,
}

/// The columns `summary.csv` must have.
pub(crate) const SUMMARY_REQUIRED: &[&str] = &[
    "agent",
    "seat",
    "games",
    "wins",
    "draws",
    "losses",
    "score_rate",
    "score_rate_lo",
    "score_rate_hi",
];

/// A row of `cards.csv`.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct CardIn {
    pub agent: String,
    pub card: String,
    pub drawn: Option<u64>,
    pub played: Option<u64>,
    pub success_rate: Option<f64>,
    pub gih_games: Option<u64>,
    pub gih_score: Option<f64>,
    pub gih_score_lo: Option<f64>,
    pub gih_score_hi: Option<f64>,
    pub gns_games: Option<u64>,
    pub gns_score: Option<f64>,
    pub gns_score_lo: Option<f64>,
    pub gns_score_hi: Option<f64>,
    pub iwd: Option<f64>,
    pub iwd_lo: Option<f64>,
    pub iwd_hi: Option<f64>,
    pub played_games: Option<u64>,
    pub played_score: Option<f64>,
    pub played_score_lo: Option<f64>,
    pub played_score_hi: Option<f64>,
}

/// The columns `cards.csv` must have.
pub(crate) const CARDS_REQUIRED: &[&str] = &["agent", "card", "iwd"];

/// A row of `matchups.csv`.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct MatchupIn {
    pub agent: String,
    pub opponent: String,
    pub games: Option<u64>,
    pub wins: Option<u64>,
    pub draws: Option<u64>,
    pub losses: Option<u64>,
    pub score_rate: Option<f64>,
    pub score_rate_lo: Option<f64>,
    pub score_rate_hi: Option<f64>,
    pub interval: Option<String>,
    pub pairs: Option<u64>,
    pub elo: Option<f64>,
    pub elo_lo: Option<f64>,
    pub elo_hi: Option<f64>,
}

/// The columns `matchups.csv` must have.
pub(crate) const MATCHUPS_REQUIRED: &[&str] = &[
    "agent",
    "opponent",
    "score_rate",
    "score_rate_lo",
    "score_rate_hi",
];

/// A row of `ratings.csv`.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct RatingIn {
    pub rank: Option<u64>,
    pub agent: String,
    pub elo: Option<f64>,
    pub elo_lo: Option<f64>,
    pub elo_hi: Option<f64>,
    pub games: Option<u64>,
    pub score_rate: Option<f64>,
}

/// The columns `ratings.csv` must have.
pub(crate) const RATINGS_REQUIRED: &[&str] = &["agent", "elo"];

/// A row of `balance.csv` (long format).
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct BalanceIn {
    pub metric: String,
    pub key: Option<String>,
    pub value: Option<f64>,
    pub lo: Option<f64>,
    pub hi: Option<f64>,
}

/// The columns `balance.csv` must have.
pub(crate) const BALANCE_REQUIRED: &[&str] = &["metric", "key", "value"];

/// Everything read from a run folder.
#[derive(Clone, Debug)]
pub(crate) struct RunData {
    pub run: RunInfo,
    pub summary: Vec<SummaryIn>,
    pub cards: Option<Vec<CardIn>>,
    pub matchups: Option<Vec<MatchupIn>>,
    pub ratings: Option<Vec<RatingIn>>,
    pub balance: Option<Vec<BalanceIn>>,
}

impl RunData {
    /// Reads the run folder `dir`: `summary.csv` and `run.json` must be there, the other
    /// files are optional.
    pub fn read(dir: &Path) -> Result<RunData, ReportError> {
        if !dir.is_dir() {
            return Err(ReportError::NotAFolder(dir.to_path_buf()));
        }
        for file in ["summary.csv", "run.json"] {
            if !dir.join(file).is_file() {
                return Err(ReportError::NotRunFolder {
                    dir: dir.to_path_buf(),
                    file,
                });
            }
        }
        let run = read_run_json(&dir.join("run.json"))?;
        let summary_path = dir.join("summary.csv");
        let summary: Vec<SummaryIn> = read_csv(&summary_path, SUMMARY_REQUIRED)?;
        if summary.is_empty() {
            return Err(ReportError::Csv {
                path: summary_path,
                line: None,
                message: "no data rows".into(),
            });
        }
        let optional = |name: &str| dir.join(name).is_file().then(|| dir.join(name));
        Ok(RunData {
            run,
            summary,
            cards: optional("cards.csv")
                .map(|p| read_csv(&p, CARDS_REQUIRED))
                .transpose()?,
            matchups: optional("matchups.csv")
                .map(|p| read_csv(&p, MATCHUPS_REQUIRED))
                .transpose()?,
            ratings: optional("ratings.csv")
                .map(|p| read_csv(&p, RATINGS_REQUIRED))
                .transpose()?,
            balance: optional("balance.csv")
                .map(|p| read_csv(&p, BALANCE_REQUIRED))
                .transpose()?,
        })
    }

    /// The agents' labels in order: those of `run.json`, then any other agent that a
    /// CSV file names, in order of appearance.
    pub fn agent_order(&self) -> Vec<String> {
        let mut labels: Vec<String> = Vec::new();
        let mut add = |l: &str| {
            if !labels.iter().any(|x| x == l) {
                labels.push(l.to_string());
            }
        };
        self.run.agents.iter().for_each(|a| add(&a.label));
        self.summary.iter().for_each(|r| add(&r.agent));
        for m in self.matchups.iter().flatten() {
            add(&m.agent);
            add(&m.opponent);
        }
        labels
    }
}

/// Reads and parses `run.json`.
fn read_run_json(path: &Path) -> Result<RunInfo, ReportError> {
    let text = std::fs::read_to_string(path).map_err(|source| ReportError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|e| ReportError::Json {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// A cell's text as shown in an error message: at most 40 characters, control
/// characters escaped, so the message stays on one line.
fn shown(value: &str) -> String {
    let mut s: String = value
        .chars()
        .take(40)
        .flat_map(char::escape_debug)
        .collect();
    if value.chars().count() > 40 {
        s.push('…');
    }
    s
}

/// Reads the CSV file `path` (header row, then one row per record) into rows of type
/// `R`, by column name: unknown columns are ignored, the `required` ones must be in the
/// header, an empty cell is `None` for an optional value.
pub(crate) fn read_csv<R: DeserializeOwned>(
    path: &Path,
    required: &[&str],
) -> Result<Vec<R>, ReportError> {
    let csv_error = |line: Option<u64>, message: String| ReportError::Csv {
        path: path.to_path_buf(),
        line,
        message,
    };
    let from_csv = |e: csv::Error| match e.kind() {
        csv::ErrorKind::Io(_) => ReportError::Read {
            path: path.to_path_buf(),
            source: match e.into_kind() {
                csv::ErrorKind::Io(io) => io,
                _ => unreachable!(),
            },
        },
        csv::ErrorKind::UnequalLengths {
            pos,
            expected_len,
            len,
        } => csv_error(
            pos.as_ref().map(|p| p.line()),
            format!("{len} cells where the header has {expected_len} columns"),
        ),
        csv::ErrorKind::Utf8 { pos, .. } => csv_error(
            pos.as_ref().map(|p| p.line()),
            "not valid UTF-8".to_string(),
        ),
        _ => csv_error(e.position().map(|p| p.line()), e.to_string()),
    };
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .from_path(path)
        .map_err(from_csv)?;
    let headers = reader.headers().map_err(from_csv)?.clone();
    for column in required {
        if !headers.iter().any(|h| h == *column) {
            return Err(csv_error(
                Some(1),
                format!("missing column '{column}' in the header"),
            ));
        }
    }
    let mut rows = Vec::new();
    let mut record = csv::StringRecord::new();
    while reader.read_record(&mut record).map_err(from_csv)? {
        let line = record.position().map(|p| p.line());
        let row = record.deserialize::<R>(Some(&headers)).map_err(|e| {
            let csv::ErrorKind::Deserialize { err, .. } = e.kind() else {
                return csv_error(line, e.to_string());
            };
            let field = err.field().map(|i| i as usize);
            let column = field
                .and_then(|i| headers.get(i))
                .map(|h| format!("column '{h}': "))
                .unwrap_or_default();
            let value = field.and_then(|i| record.get(i)).unwrap_or("");
            let problem = match err.kind() {
                _ if value.is_empty() && field.is_some() => "is empty (a value is required)".into(),
                csv::DeserializeErrorKind::ParseFloat(_) => {
                    format!("'{}' is not a number", shown(value))
                }
                csv::DeserializeErrorKind::ParseInt(_) => {
                    format!("'{}' is not a whole number", shown(value))
                }
                csv::DeserializeErrorKind::ParseBool(_) => {
                    format!("'{}' is not true or false", shown(value))
                }
                csv::DeserializeErrorKind::InvalidUtf8(_) => "not valid UTF-8".into(),
                csv::DeserializeErrorKind::UnexpectedEndOfRow => "missing cells".into(),
                other => other.to_string(),
            };
            csv_error(line, format!("{column}{problem}"))
        })?;
        rows.push(row);
    }
    Ok(rows)
}
