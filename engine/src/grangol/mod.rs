//! GRANGOL (Turitto & Mearelli), a two-player football game played with cards.
//!
//! Rules: `shared/seeds/000_*.txt` (English translation) and `001_*.txt` (Italian
//! original); the readings of what they leave open are `shared/rules-notes.md` and the
//! options of [`RulesConfig`]. `docs/rules/grangol.md` maps each clause to its code and test.

mod actions;
mod cards;
pub mod heuristic;
mod rules;
mod state;
#[cfg(test)]
mod tests;

pub use actions::{decode, Decoded};
pub use cards::{Card, Colour, NUM_CARDS};
pub use rules::*;
pub use state::{Snapshot, State, ToMove};

/// Action constructors, for tests and tools that script a game.
pub mod action {
    pub use super::actions::*;
}

use crate::core::{CardInfo, Game, GameInfo};

/// A loaded GRANGOL rule set: the file as written and its validated form.
#[derive(Clone, Debug)]
pub struct Grangol {
    config: RulesConfig,
    rules: Rules,
    info: GameInfo,
}

impl Grangol {
    /// Loads rules from TOML text; `source` names the file in error messages.
    /// Errors: [`RulesError`] with one line naming the file, key and value.
    pub fn from_toml(text: &str, source: &str) -> Result<Self, RulesError> {
        let config = RulesConfig::parse(text, source)?;
        let rules = config.validate(source)?;
        Ok(Self::from_parts(config, rules))
    }

    /// The embedded default rules (`configs/grangol/default.toml`).
    pub fn default_rules() -> Self {
        Self::from_toml(DEFAULT_RULES, "embedded configs/grangol/default.toml")
            .expect("the embedded default rules are valid")
    }

    /// A rule set from an already validated pair (tests change `rules` directly).
    pub fn from_parts(config: RulesConfig, rules: Rules) -> Self {
        // Per half: the deal, then at most `max_turns_per_half` turns; a turn applies at
        // most a few dozen decisions and rolls plus the cards it draws, and a half draws
        // each card of the deck at most once (reshuffles aside, bounded by turns too).
        let per_turn = 64 + usize::from(rules.deck_size);
        let per_half =
            2 * usize::from(rules.hand_size) * 4 + usize::from(rules.max_turns_per_half) * per_turn;
        let info = GameInfo {
            name: "grangol",
            num_seats: 2,
            max_game_length: 2 * per_half,
            cards: Card::ALL
                .iter()
                .map(|c| CardInfo {
                    name: c.name().to_string(),
                    has_outcome: c.has_outcome(),
                })
                .collect(),
        };
        Grangol {
            config,
            rules,
            info,
        }
    }

    /// The rules file as loaded (serializable, for `run.json`).
    pub fn config(&self) -> &RulesConfig {
        &self.config
    }

    /// The validated rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
}

impl Game for Grangol {
    type State = State;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn new_initial_state(&self) -> State {
        State::new(self.rules)
    }
}
