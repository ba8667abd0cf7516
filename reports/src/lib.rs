//! Statistics of self-play runs and the files they are written to.
//!
//! - [`wilson`](mod@wilson): Wilson score intervals for proportions (score rates, card success rates);
//! - [`stats`]: integer accumulators per (agent, seat) and per (agent, card), mergeable
//!   exactly, so results do not depend on how games are spread over threads;
//! - [`tables`]: the rows of `summary.csv` and `cards.csv`;
//! - [`output`]: crash-safe writing (temporary file or directory, then rename).
//!
//! Engine types are not serialized directly: this crate maps them to rows.
#![deny(missing_docs)]

pub mod output;
pub mod stats;
pub mod tables;
pub mod wilson;

pub use output::{unused_path, write_csv, write_json, OutputError, RunDir};
pub use stats::{CardStats, Outcome, RunStats, SeatStats};
pub use tables::{card_rows, summary_rows, CardRow, SummaryRow};
pub use wilson::{wilson, wilson95, Interval, Z95};
