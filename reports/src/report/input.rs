//! Reading a run folder: `run.json` and the CSV files, by column name, with one-line
//! errors naming the file, the line and the column.
//!
//! The CSV files are read back into the very row types the run writes them with
//! ([`SummaryRow`], [`CardRow`], [`MatchupRow`], [`RatingRow`], [`BalanceRow`]), so a
//! column is defined in one place. The report needs only the `*_REQUIRED` columns of
//! each file; the row types let the others be missing (see their `serde(default)`
//! fields), and an empty cell reads as `None` where the writer may leave it empty.

use super::error::ReportError;
use crate::{BalanceRow, CardRow, MatchupRow, RatingRow, ShotRow, SummaryRow};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One agent of `run.json`.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub(crate) struct AgentInfo {
    pub label: String,
    pub spec: String,
}

/// Timings of `run.json`.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub(crate) struct Timings {
    pub elapsed_seconds: Option<f64>,
    pub games_per_second: Option<f64>,
}

/// What the report shows of `run.json` (other fields are ignored).
#[derive(Clone, Debug, Deserialize, Serialize)]
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
    /// The SHA-256 of each CSV file, by name, as `sim run` recorded them.
    #[serde(default)]
    pub csv_sha256: std::collections::BTreeMap<String, String>,
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

/// The columns `cards.csv` must have.
pub(crate) const CARDS_REQUIRED: &[&str] = &["agent", "card", "iwd"];

/// The columns `card_value.csv` must have.
pub(crate) const CARD_VALUE_REQUIRED: &[&str] = &["card", "agent", "holder_value"];

/// What the reports read of a row of `card_value.csv`, in either mode of `sim card-value`
/// (written from [`crate::AblationRow`] or [`crate::CardRankRow`]; the file may hold the
/// rows of several cards).
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct CardValueRow {
    /// The ablated card's printed name.
    pub card: String,
    /// The agent's label, or `all`.
    pub agent: String,
    /// Games played on each version of the rules.
    #[serde(default)]
    pub games: Option<u64>,
    /// Score points per copy held beyond the opponent.
    pub holder_value: Option<f64>,
    /// Lower end of its 95% interval.
    #[serde(default)]
    pub holder_value_lo: Option<f64>,
    /// Upper end of its 95% interval.
    #[serde(default)]
    pub holder_value_hi: Option<f64>,
    /// Whether the ranking flags the value as significant (ranking mode only).
    #[serde(default)]
    pub significant: Option<bool>,
}

/// The columns `matchups.csv` must have.
pub(crate) const MATCHUPS_REQUIRED: &[&str] = &[
    "agent",
    "opponent",
    "score_rate",
    "score_rate_lo",
    "score_rate_hi",
];

/// The columns `ratings.csv` must have.
pub(crate) const RATINGS_REQUIRED: &[&str] = &["agent", "elo"];

/// The columns `shots.csv` must have.
pub(crate) const SHOTS_REQUIRED: &[&str] = &[
    "agent", "column", "row", "shots", "goals", "layout", "columns", "rows",
];

/// The columns `balance.csv` must have.
pub(crate) const BALANCE_REQUIRED: &[&str] = &["metric", "key", "value"];

/// Everything read from a run folder.
#[derive(Clone, Debug)]
pub(crate) struct RunData {
    pub run: RunInfo,
    pub summary: Vec<SummaryRow>,
    pub cards: Option<Vec<CardRow>>,
    pub card_values: Option<Vec<CardValueRow>>,
    pub matchups: Option<Vec<MatchupRow>>,
    pub ratings: Option<Vec<RatingRow>>,
    pub balance: Option<Vec<BalanceRow>>,
    pub shots: Option<Vec<ShotRow>>,
    pub samples: Option<Vec<super::samples::SampleGame>>,
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
        let (run, seal) = read_run_json(&dir.join("run.json"))?;
        let summary_path = dir.join("summary.csv");
        let summary: Vec<SummaryRow> = read_csv(&summary_path, SUMMARY_REQUIRED)?;
        if summary.is_empty() {
            return Err(ReportError::Csv {
                path: summary_path,
                line: None,
                message: "no data rows".into(),
            });
        }
        let optional = |name: &str| dir.join(name).is_file().then(|| dir.join(name));
        let data = RunData {
            run,
            summary,
            cards: read_optional_csv(dir, "cards.csv", CARDS_REQUIRED)?,
            card_values: read_optional_csv(dir, "card_value.csv", CARD_VALUE_REQUIRED)?,
            matchups: read_optional_csv(dir, "matchups.csv", MATCHUPS_REQUIRED)?,
            ratings: read_optional_csv(dir, "ratings.csv", RATINGS_REQUIRED)?,
            balance: read_optional_csv(dir, "balance.csv", BALANCE_REQUIRED)?,
            shots: read_optional_csv(dir, "shots.csv", SHOTS_REQUIRED)?,
            samples: optional(super::samples::SAMPLES_FILE)
                .map(|p| super::samples::read_samples(&p))
                .transpose()?,
        };
        data.check_agreement(dir, seal != crate::seal::Seal::Missing)?;
        data.check_hashes(dir, seal)?;
        Ok(data)
    }

    /// Cross-checks the counts that must agree between `run.json` and the CSV files, in
    /// exact integers (a count near `u64::MAX` is refused, never added with overflow):
    /// in `summary.csv`, every row's wins, draws and losses add up to its games, and the
    /// games at seat 0 to the games of `run.json`; in `cards.csv`, every row's
    /// `gih_games + gns_games` (the agent's games) is the agent's games in `summary.csv`
    /// and its `played_games` are no more; in `balance.csv`, `games` is the games of
    /// `run.json` and, at two seats, `draw_rate` the draws of seat 0 over them. Errors:
    /// the first disagreement, naming the file, the line, the column and the value. The
    /// checks between files apply to a folder of `sim run` (`sealed`: its `run.json`
    /// has a content hash); those within a row (and the refusal of a count that
    /// overflows) to any folder.
    fn check_agreement(&self, dir: &Path, sealed: bool) -> Result<(), ReportError> {
        let bad = |file: &str, i: Option<usize>, message: String| ReportError::Csv {
            path: dir.join(file),
            // Data row i is on line i + 2 (line 1 is the header).
            line: i.map(|i| i as u64 + 2),
            message,
        };
        let games = u128::from(self.run.games);
        let mut at_seat0: u128 = 0;
        let mut draws0: u128 = 0;
        for (i, r) in self.summary.iter().enumerate() {
            if let (Some(w), Some(d), Some(l)) = (r.wins, r.draws, r.losses) {
                let sum = u128::from(w) + u128::from(d) + u128::from(l);
                if sum != u128::from(r.games) {
                    return Err(bad(
                        "summary.csv",
                        Some(i),
                        format!(
                            "column 'games': {} is not wins + draws + losses = {sum}",
                            r.games
                        ),
                    ));
                }
            }
            if r.seat == "0" {
                at_seat0 += u128::from(r.games);
                draws0 += u128::from(r.draws.unwrap_or(0));
            }
        }
        if sealed && at_seat0 != games {
            return Err(bad(
                "summary.csv",
                None,
                format!(
                    "column 'games': the games at seat 0 add up to {at_seat0}, not the {games} \
                     games of run.json"
                ),
            ));
        }
        let agent_games = |agent: &str| {
            self.summary
                .iter()
                .find(|r| r.agent == agent && r.seat == "all")
                .map(|r| u128::from(r.games))
        };
        for (i, c) in self.cards.iter().flatten().enumerate() {
            let held = u128::from(c.gih_games) + u128::from(c.gns_games);
            let expected = agent_games(&c.agent).filter(|_| sealed);
            if expected.is_some_and(|g| g != held) || held > u128::from(u64::MAX) {
                // The column that is too large: above the agent's games, or the larger.
                let gih_first = match expected {
                    Some(g) => u128::from(c.gih_games) > g,
                    None => c.gih_games > c.gns_games,
                };
                let (column, value) = if gih_first {
                    ("gih_games", c.gih_games)
                } else {
                    ("gns_games", c.gns_games)
                };
                let want = match expected {
                    Some(g) => format!("not the agent's {g} games in summary.csv"),
                    None => "more than a count can hold".into(),
                };
                return Err(bad(
                    "cards.csv",
                    Some(i),
                    format!(
                        "column '{column}': {value} makes gih_games + gns_games = {held}, {want}"
                    ),
                ));
            }
            if u128::from(c.played_games) > held {
                return Err(bad(
                    "cards.csv",
                    Some(i),
                    format!(
                        "column 'played_games': {} is more than the agent's {held} games",
                        c.played_games
                    ),
                ));
            }
        }
        let two_seats = self.summary.iter().any(|r| r.seat == "1")
            && self
                .summary
                .iter()
                .all(|r| ["0", "1", "all"].contains(&r.seat.as_str()));
        for (i, r) in self.balance.iter().flatten().enumerate().filter(|_| sealed) {
            let Some(value) = r.value else { continue };
            let disagrees = match r.metric.as_str() {
                "games" => value != games as f64,
                "draw_rate" if two_seats && games > 0 => {
                    (value * games as f64 - draws0 as f64).abs() > 0.5 + games as f64 * 1e-9
                }
                _ => false,
            };
            if disagrees {
                return Err(bad(
                    "balance.csv",
                    Some(i),
                    format!(
                        "metric '{}': {value} disagrees with summary.csv and run.json ({draws0} \
                         draws at seat 0 in {games} games)",
                        r.metric
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Checks the content hash of `run.json` (`seal`) and the SHA-256 it records of each
    /// CSV file (`csv_sha256`, written by `sim run`; folders of other commands record
    /// none). Errors: a file whose hash does not match, or a recorded file missing.
    fn check_hashes(&self, dir: &Path, seal: crate::seal::Seal) -> Result<(), ReportError> {
        let edited = |path: &Path, what: &str| ReportError::Json {
            path: path.to_path_buf(),
            message: format!("{what} (the file was edited or damaged)"),
        };
        for (name, hash) in &self.run.csv_sha256 {
            let path = dir.join(name);
            if name.contains(['/', '\\']) || !name.ends_with(".csv") {
                return Err(edited(
                    &dir.join("run.json"),
                    "csv_sha256 names no CSV file of the folder",
                ));
            }
            let bytes = std::fs::read(&path).map_err(|source| ReportError::Read {
                path: path.clone(),
                source,
            })?;
            if crate::seal::sha256_hex(&bytes) != *hash {
                return Err(edited(
                    &path,
                    "the content hash does not match the one recorded in run.json",
                ));
            }
        }
        if seal == crate::seal::Seal::Differs {
            return Err(edited(
                &dir.join("run.json"),
                "the content hash does not match the content",
            ));
        }
        Ok(())
    }

    /// Whether the run is of a one-seat game (a solitaire): `summary.csv` has rows of
    /// seat 0 and `all` only, and no score rate (nobody to finish ahead of).
    pub fn solo(&self) -> bool {
        self.summary
            .iter()
            .all(|r| (r.seat == "0" || r.seat == "all") && r.score_rate.is_none())
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

/// The kind of the folder `dir` by the files it holds: the kind of the first pair of
/// `kinds` whose file name is a file in `dir`, `None` when none is.
pub(crate) fn kind_by_file<K: Copy>(dir: &Path, kinds: &[(&str, K)]) -> Option<K> {
    kinds
        .iter()
        .find(|(file, _)| dir.join(file).is_file())
        .map(|&(_, kind)| kind)
}

/// Reads and parses `run.json`, with what its content hash says (see [`crate::seal`]).
fn read_run_json(path: &Path) -> Result<(RunInfo, crate::seal::Seal), ReportError> {
    let text = std::fs::read_to_string(path).map_err(|source| ReportError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let json = |e: serde_json::Error| ReportError::Json {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let (tree, seal) = crate::seal::unseal(&text).map_err(json)?;
    Ok((serde_json::from_value(tree).map_err(json)?, seal))
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

/// [`read_csv`] of the file `name` in `dir` if it is there; `None` if not.
fn read_optional_csv<R: DeserializeOwned>(
    dir: &Path,
    name: &str,
    required: &[&str],
) -> Result<Option<Vec<R>>, ReportError> {
    let path = dir.join(name);
    path.is_file()
        .then(|| read_csv(&path, required))
        .transpose()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance::tests::one_gap;
    use crate::{
        balance_rows, card_rows, matchup_rows, rating_rows, summary_rows, write_csv, BalanceStats,
        GameCards, GameTrack, MatchStats, RunStats,
    };
    use engine_core::{derive_rng, placement_returns, CardInfo, GameEvent, Stream, MAX_SEATS};

    /// Three agents in a round robin of two-seat games (agent `i` at seat 0 against
    /// `(i + 1) % 3`), with cards drawn, played and resolved and goals scored, so that
    /// every kind of column has values: counts, rates, intervals, empty cells.
    fn played() -> (RunStats, BalanceStats, Vec<MatchStats>) {
        let cards = 3;
        let mut stats = RunStats::new(3, 2, cards);
        let mut balance = BalanceStats::new(2);
        let mut matches = vec![
            MatchStats::new(0, 1),
            MatchStats::new(1, 2),
            MatchStats::new(0, 2),
        ];
        let mut x: u64 = 7;
        let mut next = |m: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % m
        };
        for g in 0..60u64 {
            let a = (g % 3) as usize;
            let seats = [a, (a + 1) % 3];
            let mut game_cards = [GameCards::default(); MAX_SEATS];
            let mut track = GameTrack::new(2);
            let mut events = Vec::new();
            for _ in 0..6 {
                let (seat, card) = (next(2) as u8, next(cards as u64) as u8);
                events.push(GameEvent::CardDrawn { seat, card });
                if next(3) > 0 {
                    events.push(GameEvent::CardPlayed { seat, card });
                    let success = next(2) == 0;
                    events.push(GameEvent::CardResolved {
                        seat,
                        card,
                        success,
                    });
                    if success && card == 0 {
                        events.push(GameEvent::Goal { seat });
                    }
                }
            }
            let mut scores = [0i32; 2];
            for (i, &event) in events.iter().enumerate() {
                if i == events.len() / 2 {
                    track.observe(GameEvent::PeriodEnd { period: 1 });
                }
                if !stats.record_event(&seats, &mut game_cards, event) {
                    track.observe(event);
                }
                if let GameEvent::Goal { seat } = event {
                    scores[usize::from(seat)] += 1;
                }
            }
            let rank = [
                u8::from(scores[0] < scores[1]),
                u8::from(scores[1] < scores[0]),
            ];
            let returns = placement_returns(&rank, 2);
            let decisions = [next(40) + 1, next(40) + 1];
            stats.record_game(
                &seats,
                &scores,
                Some(&[scores[1], scores[0]]),
                &returns,
                &decisions,
                decisions.iter().sum::<u64>() + 5,
                &game_cards[..2],
            );
            balance.record_game(&track, &returns, decisions.iter().sum(), g % 17 == 0);
            let m = matches
                .iter_mut()
                .find(|m| m.agents == [seats[0].min(seats[1]), seats[0].max(seats[1])])
                .unwrap();
            let first = if m.agents[0] == seats[0] { 0 } else { 1 };
            let points2 = (2.0 * returns[first]).round() as u8;
            m.record_game(points2);
            m.record_pair(points2 + (2 - points2) / 2);
        }
        (stats, balance, matches)
    }

    /// The CSV files the run writes (with the run's writers) are read back by the report
    /// (`RunData::read`) into equal rows.
    #[test]
    fn rows_written_by_the_run_read_back_equal() {
        let (stats, balance, matches) = played();
        let labels: Vec<String> = ["random", "greedy", "random#2"].map(String::from).to_vec();
        let cards: Vec<CardInfo> = ["PASSAGGIO", "TIRO", "CONTRASTO, \"quoted\""]
            .iter()
            .enumerate()
            .map(|(i, name)| CardInfo {
                name: name.to_string(),
                has_outcome: i != 1,
                colour: None,
                die_odds: (i == 0).then_some(engine_core::Odds {
                    favourable: 4,
                    outcomes: 6,
                }),
            })
            .collect();
        let summary = summary_rows("grangol", &labels, &stats, &matches, true);
        let card = card_rows("grangol", &labels, &cards, &stats);
        let matchups = matchup_rows("grangol", &labels, &matches, true);
        let mut rng = derive_rng(3, 0, Stream::Other(1));
        let ratings = rating_rows("grangol", &labels, &matches, true, 200, &mut rng);
        let gap = one_gap("greedy", 30, 50, 40);
        let balance = balance_rows("grangol", &balance, &gap);
        // Not vacuous: defined and undefined values, both kinds of rows.
        assert!(summary.iter().any(|r| r.score_rate_lo.is_some()));
        assert!(card.iter().any(|r| r.success_rate.is_none()));
        assert!(card.iter().any(|r| r.iwd_lo.is_some()));
        assert!(ratings.len() == 3 && ratings.iter().any(|r| r.elo_lo.is_some()));
        assert!(balance.iter().any(|r| r.key.is_empty() && r.lo.is_none()));

        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write_csv(&d.join("summary.csv"), &summary).unwrap();
        write_csv(&d.join("cards.csv"), &card).unwrap();
        write_csv(&d.join("matchups.csv"), &matchups).unwrap();
        write_csv(&d.join("ratings.csv"), &ratings).unwrap();
        write_csv(&d.join("balance.csv"), &balance).unwrap();
        let run = r#"{"game": "grangol", "games": 60, "seed": 3, "agents": []}"#;
        std::fs::write(d.join("run.json"), run).unwrap();

        let data = RunData::read(d).unwrap();
        assert_eq!(data.summary, summary);
        assert_eq!(data.cards, Some(card));
        assert_eq!(data.matchups, Some(matchups));
        assert_eq!(data.ratings, Some(ratings));
        assert_eq!(data.balance, Some(balance));
    }

    /// Every column the report requires is one the run writes.
    #[test]
    fn required_columns_are_written() {
        let (stats, balance, matches) = played();
        let labels: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let cards = [CardInfo {
            name: "TIRO".into(),
            has_outcome: true,
            colour: None,
            die_odds: None,
        }];
        let mut rng = derive_rng(3, 0, Stream::Other(1));
        let dir = tempfile::tempdir().unwrap();
        let header = |name: &str| {
            let text = std::fs::read_to_string(dir.path().join(name)).unwrap();
            text.lines().next().unwrap().to_string()
        };
        let files: [(&str, &[&str]); 5] = [
            ("summary.csv", SUMMARY_REQUIRED),
            ("cards.csv", CARDS_REQUIRED),
            ("matchups.csv", MATCHUPS_REQUIRED),
            ("ratings.csv", RATINGS_REQUIRED),
            ("balance.csv", BALANCE_REQUIRED),
        ];
        let d = dir.path();
        write_csv(
            &d.join("summary.csv"),
            summary_rows("g", &labels, &stats, &[], false),
        )
        .unwrap();
        write_csv(
            &d.join("cards.csv"),
            card_rows("g", &labels, &cards, &stats),
        )
        .unwrap();
        write_csv(
            &d.join("matchups.csv"),
            matchup_rows("g", &labels, &matches, false),
        )
        .unwrap();
        let ratings = rating_rows("g", &labels, &matches, false, 10, &mut rng);
        write_csv(&d.join("ratings.csv"), ratings).unwrap();
        write_csv(&d.join("balance.csv"), balance_rows("g", &balance, &[])).unwrap();
        for (name, required) in files {
            let columns = header(name);
            for column in required {
                assert!(
                    columns.split(',').any(|c| c == *column),
                    "{name}: {column} not in {columns}"
                );
            }
        }
    }
}
