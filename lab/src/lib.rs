//! The strategy lab as a library: everything `sim` does, over plain option structs, with
//! no command-line parsing (the `sim` binary in `sim-cli` turns its flags into these
//! options and formats the output).
//!
//! - [`options`]: the options of the commands as plain data;
//! - [`rules`]: rule sets by name or file, `extends` chains, `--set` overrides, every
//!   problem of a rule set at once, the documentation of each key;
//! - [`games`]: the registered games and how a task reaches one loaded with its rules
//!   ([`games::dispatch`], [`games::Loaded`]), the agents checked against a game;
//! - [`schedule`]: which agents sit where in which game (round robin, gauntlet,
//!   duplicate deals);
//! - [`play`]: one game played: seats, random streams, the action loop, its observers;
//! - [`ntbea`]: the N-Tuple Bandit Evolutionary Algorithm that `sim tune` searches with
//!   (an optimiser, moved from `reports`);
//! - [`progress`]: the progress line of a long command on standard error.
#![deny(missing_docs)]

#[cfg(test)]
mod battery;
pub mod games;
pub mod ntbea;
pub mod options;
pub mod play;
pub mod progress;
pub mod rules;
pub mod schedule;
#[cfg(any(test, feature = "testing"))]
#[doc(hidden)]
pub mod solitaire;

pub use options::GameOptions;
