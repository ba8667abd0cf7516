//! The Parquet datasets' tests, one binary (run with the writer: `cargo test -p datasets
//! --features parquet`, or `.ci/run`'s features stage).

mod selfplay;
