//! The strategy lab as a library: everything `sim` does, over plain option structs, with
//! no command-line parsing (the `sim` binary in `sim-cli` turns its flags into these
//! options and formats the output).
//!
//! - [`schedule`]: which agents sit where in which game (round robin, gauntlet,
//!   duplicate deals);
//! - [`progress`]: the progress line of a long command on standard error.
#![deny(missing_docs)]

pub mod progress;
pub mod schedule;
