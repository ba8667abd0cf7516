//! The lab's integration tests, one binary: each file below was a test binary of its own,
//! and every such binary linked the whole lab (every game, every agent, and then
//! tract-onnx and arrow), which made most of CI's build. Run one file's tests with
//! `cargo test -p lab --test it <file>::` (e.g. `journal::`). The dataset tests are the
//! `datasets` crate's (`datasets/tests/it.rs`); here, with no format installed,
//! `selfplay_missing` checks the one-line refusal.

mod calibrate_intervals;
mod calibrate_sprt;
mod common;
mod crazy_eights;
mod custom_agents;
mod files;
mod fit_eval;
mod journal;
mod ladder;
mod memory;
mod overlay;
mod rules;
mod selfplay_missing;
mod spec_edges;
mod structure;
