//! Crazy Eights exactly as OpenSpiel implements it (`open_spiel/games/crazy_eights/
//! crazy_eights.h` and `.cc`, game `crazy_eights` with `players=2`), so that the lab's
//! speed can be compared with OpenSpiel's on identical work: the same deal, the same
//! legal actions in the same order, the same action ids (an OpenSpiel action history
//! replays here verbatim) and the same returns.
//!
//! Supported OpenSpiel parameters: `players` = 2 only; `max_draw_cards`, `max_turns`,
//! `reshuffle` and `use_special_cards` with any value (`configs/crazy_eights/default.toml`
//! holds OpenSpiel's defaults). `docs/rules/crazy_eights.md` maps each rule to its code
//! and test.
//!
//! Returns: OpenSpiel's returns are minus the penalty points left in hand; the lab's
//! [`crate::core::GameState::returns`] gives 1 to the seat with the higher OpenSpiel
//! return, 0 to the other, 0.5 each when they are equal, and
//! [`crate::core::GameState::score`] gives OpenSpiel's return itself.

pub mod actions;
pub mod cards;
pub mod heuristic;
mod register;
mod rules;
mod state;
#[cfg(test)]
mod tests;

pub use rules::*;
pub use state::{Snapshot, State};

use crate::core::{CardInfo, Game, GameInfo, RuleProblem};

/// A loaded Crazy Eights rule set (OpenSpiel `CrazyEightsGame`): the file as written and
/// its validated form.
#[derive(Clone, Debug)]
pub struct CrazyEights {
    config: RulesConfig,
    rules: Rules,
    info: GameInfo,
}

impl CrazyEights {
    /// Loads rules from TOML text (as OpenSpiel's `LoadGame` loads a parameter string);
    /// `source` names the text in error messages. Errors: one line per problem, each
    /// naming its key.
    pub fn from_toml(text: &str, source: &str) -> Result<Self, String> {
        let config = RulesConfig::parse(text, source)?;
        let rules = config
            .validate()
            .map_err(|problems| RuleProblem::lines(source, &problems))?;
        Ok(Self::from_parts(config, rules))
    }

    /// The embedded default rules (`configs/crazy_eights/default.toml`): OpenSpiel's
    /// `crazy_eights(players=2)`.
    pub fn default_rules() -> Self {
        Self::from_toml(DEFAULT_RULES, "embedded configs/crazy_eights/default.toml")
            .expect("the embedded default rules are valid")
    }

    /// A game from an already validated pair (tests change `rules` directly), with its
    /// [`GameInfo`]: 2 seats (OpenSpiel `NumPlayers`), the length bound
    /// [`Rules::max_game_length`] (OpenSpiel `MaxGameLength`: 10000) and the 52 cards.
    pub fn from_parts(config: RulesConfig, rules: Rules) -> Self {
        let info = GameInfo {
            name: "crazy_eights",
            num_seats: 2,
            min_seats: 2,
            max_seats: 2,
            utility: crate::core::Utility::ConstantSum(1.0),
            information: crate::core::Information::Imperfect,
            num_distinct_actions: usize::from(actions::NUM_DISTINCT_ACTIONS),
            max_game_length: rules.max_game_length(),
            // The 52 cards by OpenSpiel's names, indexed by card id: `CardDrawn` and
            // `CardPlayed` events report them.
            cards: (0..cards::NUM_CARDS as u8)
                .map(|c| CardInfo {
                    name: cards::card_name(c).to_string(),
                    has_outcome: false,
                    die_odds: None,
                })
                .collect(),
            board: None,
        };
        CrazyEights {
            config,
            rules,
            info,
        }
    }

    /// The rules file as loaded (OpenSpiel `GetParameters`).
    pub fn config(&self) -> &RulesConfig {
        &self.config
    }

    /// The validated rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
}

impl Game for CrazyEights {
    type State = State;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    /// OpenSpiel `CrazyEightsGame::NewInitialState`: a chance node choosing the dealer.
    fn new_initial_state(&self) -> State {
        State::new(self.rules)
    }
}
