//! LASTUF GOL, a football card game for 2 to 4 players: build attacking and defending
//! teams of outfield players, score with balls against rivals whose goal colour you
//! outnumber, and be the last player standing (a player is out after three goals).
//!
//! Rules: the LASTUF GOL rulebook (Spanish and English texts, which agree); the readings
//! of what it leaves open are the options of [`Options`]. `docs/rules/lastuf.md` maps each
//! clause to its code, option and test.
//!
//! Returns: placement by elimination order (a later elimination is better; the seats
//! still in at the end share the top), from [`crate::core::placement_returns`]; a game
//! stopped by the turn cap `max_turns` is a draw among the seats still in.

pub mod actions;
pub mod cards;
mod effects;
mod flow;
mod game;
pub mod heuristic;
mod info;
mod legal;
mod notation;
mod observation;
mod register;
mod rules;
mod setup;
mod state;
#[cfg(test)]
mod tests;

pub use cards::{Card, Colour, Status, NUM_CARDS, NUM_COLOURS};
pub use notation::{GoalSnapshot, SeatSnapshot, Snapshot, ToMove};
pub use rules::*;
pub use setup::Setup;
pub use state::{Counts, Phase, State};

use crate::core::{CardInfo, GameInfo};

crate::core::rule_set!(
/// A loaded LASTUF GOL rule set: the file as written and its validated form.
Lastuf, "configs/lastuf/default.toml"
);

/// The [`GameInfo`] of a rule set: `players` seats of 2..=4, placement returns summing to `players / 2`,
/// the length bound [`Rules::max_game_length`] and the 17 card kinds.
fn game_info(_config: &RulesConfig, rules: &Rules) -> GameInfo {
    let n = usize::from(rules.players);
    let num_actions = usize::from(actions::NUM_ACTIONS);
    GameInfo {
        cards: Card::ALL
            .iter()
            .map(|c| CardInfo::new(c.name(), c.has_outcome()))
            .collect(),
        // The players still in share the top place (`ranks`).
        at_cap: "counted as draws among the players still in",
        // Nothing in the rules forces a goal, and the discard pile is reshuffled into
        // the draw pile: a game can go on for ever (docs/rules/lastuf.md).
        endless: true,
        ..GameInfo::new("lastuf", n, 2..=4, num_actions, rules.max_game_length())
    }
}
