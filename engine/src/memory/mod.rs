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
pub mod heuristic;
mod register;
mod rules;
mod state;
#[cfg(test)]
mod tests;
pub mod theory;

pub use cards::{Prize, NUM_FACES, NUM_PRIZES, PRIZE_BASE};
pub use rules::*;
pub use state::{face_name, Phase, SeatSnapshot, Snapshot, State, EMPTY, NONE};

use crate::core::{CardInfo, Game, GameInfo, Information, RuleProblem, Utility};

/// A loaded memory-game rule set: the file as written and its validated form.
#[derive(Clone, Debug)]
pub struct Memory {
    config: RulesConfig,
    rules: Rules,
    info: GameInfo,
}

impl Memory {
    /// Loads rules from TOML text; `source` names the text in error messages. Errors: one
    /// line per problem, each naming its key.
    pub fn from_toml(text: &str, source: &str) -> Result<Self, String> {
        let config = RulesConfig::parse(text, source)?;
        let rules = config
            .validate()
            .map_err(|problems| RuleProblem::lines(source, &problems))?;
        Ok(Self::from_parts(config, rules))
    }

    /// The embedded default rules (`configs/memory/default.toml`): two players, 10 × 10.
    pub fn default_rules() -> Self {
        Self::from_toml(DEFAULT_RULES, "embedded configs/memory/default.toml")
            .expect("the embedded default rules are valid")
    }

    /// A game from an already validated pair (tests change `rules` directly), with its
    /// [`GameInfo`]: `players` seats of 1..=4 (placement returns from two players, the
    /// solitaire's efficiency for one), the length bound [`Rules::max_game_length`], and
    /// the prize cards as the game's cards (BLANK only when the rules hold one).
    pub fn from_parts(config: RulesConfig, rules: Rules) -> Self {
        let n = usize::from(rules.players);
        let info = GameInfo {
            name: "memory",
            num_seats: n,
            min_seats: 1,
            max_seats: 4,
            utility: if n == 1 {
                Utility::GeneralSum
            } else {
                Utility::ConstantSum(n as f64 / 2.0)
            },
            information: Information::Imperfect,
            num_distinct_actions: usize::from(actions::NUM_ACTIONS),
            max_game_length: rules.max_game_length(),
            cards: Prize::ALL
                .iter()
                .filter(|&&p| p != Prize::Blank || rules.prizes[p.index()] > 0)
                .map(|p| CardInfo {
                    name: p.name().to_string(),
                    has_outcome: p.has_outcome(),
                    die_odds: None,
                })
                .collect(),
            board: None,
        };
        Memory {
            config,
            rules,
            info,
        }
    }

    /// The rules file as loaded.
    pub fn config(&self) -> &RulesConfig {
        &self.config
    }

    /// The validated rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
}

impl Game for Memory {
    type State = State;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    /// The state before the deal: a chance node dealing the first place.
    fn new_initial_state(&self) -> State {
        State::new(self.rules)
    }
}
