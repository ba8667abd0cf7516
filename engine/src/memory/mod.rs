//! The football memory game by Klepka, for 1 to 4 players: footballer cards lie face down
//! on a grid; a turn turns two cards up, a pair is taken (and the player goes again),
//! other footballers go back face down, and prize cards (YELLOW, RED, VAR, PLAY GAME) are
//! taken and used later. The grid empties; the most points win, then the most cards.
//!
//! Rules: the Klepka rulebook; the readings of what it leaves open are the options of
//! [`Options`], and `docs/rules/memory.md` maps each clause to its code, option and test.
//! No dice decide a turn and no hand is hidden: what is hidden are the faces of the
//! face-down cards, which become known by being seen. What each seat has seen is part of
//! the state ([`State::known`]), so information keys, determinization and the forgetful
//! agent follow it exactly.
//!
//! Returns: with two or more players, placement by points then cards held
//! ([`crate::core::placement_returns`]); a solitaire's return is its efficiency, pairs
//! taken per turn (1 at best).

pub mod actions;
pub mod cards;
mod flow;
mod game;
pub mod heuristic;
mod info;
mod legal;
mod notation;
mod observation;
mod register;
mod rules;
mod state;
#[cfg(test)]
mod tests;
pub mod theory;

pub use cards::{Prize, NUM_FACES, NUM_PRIZES, PRIZE_BASE};
pub use notation::{face_name, SeatSnapshot, Snapshot};
pub use rules::*;
pub use state::{Phase, State, EMPTY, NONE};

use crate::core::{CardInfo, GameInfo, KnownOptimum, Utility};

crate::core::rule_set!(
/// A loaded memory-game rule set: the file as written and its validated form.
Memory, "configs/memory/default.toml"
);

/// The [`GameInfo`] of a rule set: `players` seats of 1..=4 (placement returns from two players, the
/// solitaire's efficiency for one), the length bound [`Rules::max_game_length`], and
/// the prize cards as the game's cards (BLANK only when the rules hold one), and the
/// known optimum of the solitaire without prize cards.
fn game_info(_config: &RulesConfig, rules: &Rules) -> GameInfo {
    let n = usize::from(rules.players);
    let num_actions = usize::from(actions::NUM_ACTIONS);
    GameInfo {
        utility: if n == 1 {
            Utility::GeneralSum
        } else {
            Utility::ConstantSum(n as f64 / 2.0)
        },
        cards: Prize::ALL
            .iter()
            .filter(|&&p| p != Prize::Blank || rules.prizes[p.index()] > 0)
            .map(|p| CardInfo::new(p.name(), p.has_outcome()))
            .collect(),
        // The solitaire without prize cards is the game Velleman & Warrington solved
        // (2013; `theory`).
        known_optimum: (n == 1 && rules.prizes.iter().all(|&c| c == 0)).then(|| KnownOptimum {
            size: rules.pairs.iter().map(|&p| u32::from(p)).sum(),
            turns_at: theory::optimal_expected_moves,
        }),
        // The players are placed by their points as they stood.
        at_cap: "placed by their points as they stood",
        ..GameInfo::new("memory", n, 1..=4, num_actions, rules.max_game_length())
    }
}
