//! A cooperative stop for long searches: the command line's Ctrl-C and SIGTERM handler
//! calls [`request_stop`]; a search that could run for long (`mcts` with a large
//! `iterations` or `time_ms`) checks [`stop_requested`] every few iterations and, once it
//! is set, returns at once with the best action found so far (any legal action: the game
//! under way is discarded by the caller, so the choice never reaches a result).
//!
//! One flag per process, set once and never cleared: a process that was asked to stop
//! plays no further decision worth keeping. Tests that set it run in a process of their
//! own (`agents/tests/stop.rs`).

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by [`request_stop`].
static STOP: AtomicBool = AtomicBool::new(false);

/// Asks every search of this process to stop as soon as it can. Safe to call from a
/// signal handler's thread.
pub fn request_stop() {
    STOP.store(true, Ordering::Relaxed);
}

/// Whether [`request_stop`] was called (one relaxed atomic load: cheap enough for every
/// few iterations of a search or every decision of a game; inlined into the callers'
/// loops, which live in other crates).
#[inline]
pub fn stop_requested() -> bool {
    STOP.load(Ordering::Relaxed)
}
