//! The lab's integration tests, one binary: each file below was a test binary of its own,
//! and every such binary linked the whole lab (every game, every agent, and then
//! tract-onnx and arrow), which made most of CI's build. Run one file's tests with
//! `cargo test -p lab --test it <file>::` (e.g. `journal::`). The dataset tests
//! (`selfplay`) need the `datasets` feature (`cargo test -p lab --features datasets --test
//! it selfplay::`); without it, `selfplay_missing` checks the one-line refusal.

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
#[cfg(feature = "datasets")]
mod selfplay;
#[cfg(not(feature = "datasets"))]
mod selfplay_missing;
mod structure;
