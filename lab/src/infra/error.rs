//! The lab's typed errors: what a caller (the `sim` binary, the Python API, a test) can
//! tell apart and act on. Inside a command, work is done with `anyhow` chains; at the
//! public entry points ([`crate::commands::run::run`], [`crate::commands::design::compare`], …) the chain is
//! sorted into an [`Error`] by what it holds ([`Error::from`]).

use crate::infra::checkpoint::Stopped;
use crate::infra::play::{Discarded, GamePanic, UnfinishedGame};
use crate::infra::rules::RuleErrors;

/// Why a lab command failed. Every message is one line (a rule set's problems are one
/// line each), fit to print after `sim: error: `.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input is wrong: an option or agent spec, a rules key or file, an output folder
    /// that exists, a checkpoint or shard that does not fit its run. `sim` exits with
    /// status 2.
    #[error("{0}")]
    Input(String),
    /// Every problem of a rule set (or of every rule set of a command), one per entry:
    /// the file, the key and what is wrong. `sim` prints one line each, status 2.
    #[error("{}", .0.join("; "))]
    Rules(Vec<String>),
    /// A game failed: a panic inside the engine or an agent, or a game past its action
    /// cap; the message names the game, its seed and the `sim trace` command that plays
    /// it again. Status 2.
    #[error("{0}")]
    Game(String),
    /// A file could not be read or written (the message names it). Status 2.
    #[error("{0}")]
    Io(String),
    /// The standard output was closed while writing to it (`sim trace … | head`): not a
    /// failure, `sim` ends quietly with status 0.
    #[error("the standard output was closed")]
    ClosedOutput,
    /// Stopped by Ctrl-C or SIGTERM after writing a checkpoint: the message gives the
    /// `sim resume` command. Status 130.
    #[error("{0}")]
    Stopped(String),
    /// Stopped by Ctrl-C or SIGTERM by a command that keeps nothing (no checkpoint, or a
    /// command that does not checkpoint). Status 130.
    #[error("stopped by Ctrl-C or SIGTERM; nothing was kept")]
    Interrupted,
}

impl Error {
    /// The exit status `sim` ends with: 0 for a closed output, 130 for a stop, else 2.
    pub fn exit_status(&self) -> u8 {
        match self {
            Error::ClosedOutput => 0,
            Error::Stopped(_) | Error::Interrupted => 130,
            _ => 2,
        }
    }
}

/// A lab result with the typed [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

impl From<anyhow::Error> for Error {
    /// Sorts an `anyhow` chain: a stop ([`Stopped`], [`Discarded`]), a rule set's
    /// problems ([`RuleErrors`]), a failed game ([`GamePanic`], [`UnfinishedGame`]), a
    /// closed pipe or other I/O error anywhere in the chain; anything else is input.
    fn from(e: anyhow::Error) -> Self {
        // An `Error` passed through an `anyhow` chain (a command calling another).
        let e = match e.downcast::<Error>() {
            Ok(typed) => return typed,
            Err(e) => e,
        };
        let text = || format!("{e:#}").replace('\n', " ");
        if let Some(s) = e.downcast_ref::<Stopped>() {
            return Error::Stopped(s.0.clone());
        }
        if e.is::<Discarded>() {
            return Error::Interrupted;
        }
        if let Some(r) = e.downcast_ref::<RuleErrors>() {
            return Error::Rules(r.0.clone());
        }
        if e.chain()
            .any(|c| c.is::<GamePanic>() || c.is::<UnfinishedGame>())
        {
            return Error::Game(text());
        }
        if let Some(reports::OutputError::Exists(_)) = e.downcast_ref::<reports::OutputError>() {
            return Error::Input(text());
        }
        let io = e.chain().find_map(|c| c.downcast_ref::<std::io::Error>());
        if io.is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) {
            return Error::ClosedOutput;
        }
        if io.is_some() || e.chain().any(|c| c.is::<reports::OutputError>()) {
            return Error::Io(text());
        }
        Error::Input(text())
    }
}

impl From<RuleErrors> for Error {
    fn from(e: RuleErrors) -> Self {
        Error::Rules(e.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_game_is_sorted_as_one_and_keeps_its_line() {
        let unfinished = anyhow::Error::from(UnfinishedGame {
            index: 3,
            message: "game 3 (deal 1, seed 7) did not end within 5 actions".into(),
        });
        match Error::from(unfinished) {
            Error::Game(line) => {
                assert_eq!(line, "game 3 (deal 1, seed 7) did not end within 5 actions")
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            Error::from(anyhow::anyhow!("a bad value")),
            Error::Input(_)
        ));
    }
}
