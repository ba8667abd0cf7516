//! Helvetia Cup (Helvetia Games, 2012), Family rules: two coaches, a hex pitch, a
//! goalkeeper and four players a team, BOOST markers, a D20 and a time track of red
//! notches. Rounds of a move phase and an action phase (steal, pass, interception, shot at
//! a secretly chosen square of the goal); two halves; a drawn match goes to a penalty
//! shoot-out.
//!
//! Rules: the Family rulebook; the readings of what it leaves open are the options of
//! [`Options`], and `docs/rules/helvetia.md` maps each clause to its code, option and
//! test. Every number a real box could differ on (the pitch, the player cards, the goal's
//! malus, the D20, the time track) is read from `configs/helvetia/`.
//!
//! Returns: placement (win 1, loss 0); the shoot-out always decides, except when the
//! lab's sudden-death cap ends it (a draw, 1/2 each, `ended_by_cap`).

pub mod actions;
pub mod board;
mod chances;
mod flow;
mod game;
pub mod heuristic;
mod info;
mod legal;
mod notation;
mod observation;
mod register;
mod rules;
pub mod shot;
mod state;
#[cfg(test)]
mod tests;

pub use notation::{hex_name, FigureSnapshot, Snapshot};
pub use rules::*;
pub use state::{Phase, RollFor, State};

use crate::core::GameInfo;

crate::core::rule_set!(
/// A loaded Helvetia Cup rule set: the file as written and its validated form.
Helvetia, "configs/helvetia/default.toml"
);

/// The [`GameInfo`] of a rule set: two seats (Zion 0,
/// Basela 1), placement returns, imperfect information (the secret square), the length
/// bound [`Rules::max_game_length`], no cards, the pitch as the board capability.
fn game_info(config: &RulesConfig, rules: &Rules) -> GameInfo {
    let num_actions = usize::from(actions::NUM_ACTIONS);
    GameInfo {
        // The pitch, and the goal-zone hexes beyond each end of its middle row: shots
        // are reported from it (`GameEvent::Shot`) and `sim replay` draws it.
        board: Some(crate::core::BoardInfo {
            columns: u16::from(rules.columns),
            rows: u16::from(rules.rows),
            layout: crate::core::BoardLayout::HexOddQ,
            beyond: [
                Some((
                    u16::from(board::GOAL_ZONE[0]),
                    -1,
                    i16::from(rules.rows / 2),
                )),
                Some((
                    u16::from(board::GOAL_ZONE[1]),
                    i16::from(rules.columns),
                    i16::from(rules.rows / 2),
                )),
                None,
                None,
            ],
        }),
        // The round cap scores the match as it stands; the sudden-death cap ends it
        // level.
        at_cap: "scored as it stood (level: a draw, 1/2 each)",
        // The rulebook moves the clock only on won balls and goals
        // (docs/rules/helvetia.md, `options.notch_after_rounds`).
        endless: config.options.notch_after_rounds == 0,
        ..GameInfo::new("helvetia", 2, 2..=2, num_actions, rules.max_game_length())
    }
}
