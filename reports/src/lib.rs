//! Statistics of self-play runs and the files they are written to.
//!
//! - [`wilson`](mod@wilson): Wilson score intervals for proportions (score rates, card success rates);
//! - [`stats`]: integer accumulators per (agent, seat) and per (agent, card), mergeable
//!   exactly, so results do not depend on how games are spread over threads;
//! - [`tables`]: the rows of `summary.csv` and `cards.csv`;
//! - [`output`]: crash-safe writing (temporary file or directory, then rename);
//! - [`elo`]: Elo differences from scores and the SPRT of chess engine testing;
//! - [`rating`]: Bradley–Terry ratings of several agents (Elo scale).
//!
//! Engine types are not serialized directly: this crate maps them to rows.
#![deny(missing_docs)]

pub mod elo;
pub mod output;
pub mod rating;
pub mod stats;
pub mod tables;
pub mod wilson;

pub use elo::{elo_from_score, score_from_elo, Sprt, SprtDecision, Wdl};
pub use output::{unused_path, write_csv, write_json, OutputError, RunDir};
pub use rating::{bradley_terry, PairResult};
pub use stats::{CardStats, GameCards, Outcome, RunStats, SeatStats};
pub use tables::{card_rows, summary_rows, CardRow, SummaryRow};
pub use wilson::{wilson, wilson95, Interval, Z95};
