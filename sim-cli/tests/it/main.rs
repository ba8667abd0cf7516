//! The end-to-end tests of `sim`, one binary: each file below was a test binary of its
//! own, and every such binary linked the lab (with every game and agent) again. Run one
//! file's tests with `cargo test -p sim-cli --test it <file>::` (e.g. `long_runs::`).

mod calibrate_lab;
mod cli;
mod common;
mod crazy_eights;
mod design;
mod first_hour;
mod fit_eval;
mod fuzz;
mod ladder;
mod long_runs;
mod memory;
mod play;
mod playthroughs;
mod presets;
/// Proptest's failure persistence that never writes the regression files (shared with
/// the engine's tests).
#[path = "../../../engine/tests/support/regressions.rs"]
mod regressions;
mod replay;
mod rules;
mod rungs;
mod statistics;
mod stops;
