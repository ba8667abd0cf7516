//! Stops and checkpoints of every long command (`run`, `compare`, `sweep`, `tune`,
//! `card-value`, `ladder`): Ctrl-C and SIGTERM ask the command to stop
//! ([`stop_on_signals`]); what is kept is the journal's `checkpoint.json`
//! ([`crate::infra::journal`]), in the command's temporary folder (`OUT.tmp-XXXXXX`, beside
//! `--out`), written every `--checkpoint` seconds (60 by default) and once more at the
//! stop; a SIGKILL leaves the last one there. `sim resume OUT` reads it and plays what
//! is missing into the files of an uninterrupted command: every count is an integer, so
//! the order in which chunks are added does not matter. A chunk under way when the
//! command stopped is played again from its start, so at most one checkpoint interval of
//! work is lost.

use anyhow::Result;

/// The checkpoint's file name in the run's temporary folder.
pub const CHECKPOINT: &str = "checkpoint.json";

/// Whether the command was asked to stop (Ctrl-C or SIGTERM, see [`stop_on_signals`]):
/// the flag [`agents::stop_requested`], which the searches check too.
pub fn stopping() -> bool {
    agents::stop_requested()
}

/// Makes Ctrl-C and SIGTERM ask the command to stop ([`agents::request_stop`]: every
/// search returns within a few iterations, every game is discarded at its next decision)
/// instead of killing the process. Installed once per process; later calls do nothing.
/// Errors: the handler cannot be installed.
pub fn stop_on_signals() -> Result<()> {
    static INSTALLED: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    INSTALLED
        .get_or_init(|| ctrlc::set_handler(agents::request_stop).map_err(|e| e.to_string()))
        .clone()
        .map_err(|e| anyhow::anyhow!("cannot install the Ctrl-C and SIGTERM handler: {e}"))
}

/// The message of a command stopped by Ctrl-C or SIGTERM that keeps nothing (`why`: it
/// does not checkpoint, or `--checkpoint 0`, or `--sprt`); `main` prints it and exits
/// with status 130, as for a run that kept a checkpoint.
pub fn nothing_kept(why: &str) -> Stopped {
    Stopped(format!(
        "sim: stopped by Ctrl-C or SIGTERM; nothing was kept ({why})"
    ))
}

/// A run stopped by Ctrl-C or SIGTERM after writing its checkpoint: not an error of the
/// input. `main` prints the message and exits with status 130.
#[derive(Debug)]
pub struct Stopped(pub String);

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Stopped {}
