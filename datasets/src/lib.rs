//! `sim selfplay`'s Parquet files: the lab's [`lab::commands::selfplay::DatasetFormat`] written with
//! the arrow and parquet crates. `sim` and the Python package built with the cargo
//! feature `datasets` call `install` at start; the lab itself never depends on arrow, so
//! the feature compiles this crate and the program, and reuses the lab of the default
//! build.
//!
//! Each part file holds the columns of [`lab::commands::selfplay::COLUMNS`] with their Arrow types
//! (the list columns as `list<…>` of non-null items), compressed with Snappy, in row
//! groups of at most `ROW_GROUP_ROWS` (65,536) rows, one record batch per
//! [`lab::commands::selfplay::Rows`] the lab hands over (at most [`lab::commands::selfplay::BATCH_ROWS`]
//! rows, cut in the same places whatever the number of threads), so the files are byte
//! for byte the same whatever `--threads`.
//!
//! Without its own cargo feature `parquet` (which sim's `datasets` turns on) the crate is
//! empty: the default build's tests (`cargo test --workspace`) compile no arrow.

#[cfg(feature = "parquet")]
mod parquet_files;

#[cfg(feature = "parquet")]
pub use parquet_files::{install, Parquet, ROW_GROUP_ROWS};
