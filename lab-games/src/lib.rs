//! The lab's commands compiled for every registered game. The lab (`lab/`) names no game:
//! each of its commands keeps its code for a game in a table
//! (`lab::infra::games::PerGame`), and this crate fills those tables from the engine's
//! registration list at start ([`install`]), which instantiates the lab's generic code
//! for each game here. A change to a game so rebuilds the engine and this crate, not the
//! lab and its game-free code (options, journals, summaries, reports): see
//! `docs/performance.md`, "The rebuild after an engine change".
//!
//! Every program that runs lab commands calls [`install`] first: `sim`, the Python
//! module, and the integration tests of the lab and of `sim`.

#![deny(missing_docs)]

use lab::infra::games::{Call, GameTask};

/// Installs every registered game into the lab's tables (`lab::commands::install_game`
/// for each game of `engine::core::for_each_game`, in registration order). Idempotent:
/// a second call does nothing.
pub fn install() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        engine::core::for_each_game(&mut lab::commands::Installer);
    });
}

/// Runs the generic closure `f` on the registered game called `name`, for work on a game
/// that the lab's tables do not list (the tests' own checks, the Python module's custom
/// agents); the games are installed first ([`install`]), since `f` may call the lab's
/// commands. Errors: an unknown name (with the registered names), or `f`'s error.
pub fn dispatch<F: GameTask>(name: &str, f: F) -> anyhow::Result<F::Output> {
    install();
    engine::core::visit_game(name, &mut Call::new(f)).unwrap_or_else(|| {
        anyhow::bail!(
            "unknown game '{name}' (games: {})",
            engine::core::NAMES.join(", ")
        )
    })
}
