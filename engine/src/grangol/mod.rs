//! GRANGOL (Turitto & Mearelli), a two-player football game played with cards.
//!
//! Rules: the GRANGOL rulebook, English translation and Italian original; the readings
//! of what they leave open are the
//! options of [`RulesConfig`]. `docs/rules/grangol.md` maps each clause to its code and test.
//!
//! Files:
//! - `cards.rs`: the deck's cards and colours; `rules.rs`: the rules file and its
//!   validation into [`Rules`]; `actions.rs`: the `u16` action codes ([`action`]).
//! - `state.rs`: [`State`], a position: its fields and public queries; `game.rs`: its
//!   [`GameState`](crate::core::GameState) impl (turn, returns, score, invariants).
//! - `flow.rs`: the turn flow, a stack of tasks (the deal and kick-off of each half, the
//!   turn, half time, the end of the game) and the application of an action, the
//!   [`ApplyAction`](crate::core::ApplyAction) impl.
//! - `effects.rs`: what each card does (dice, shots, fouls and their answers, goals).
//! - `legal.rs`: the legal actions, from card masks, the
//!   [`LegalActions`](crate::core::LegalActions) impl; `chance.rs`: the chance nodes, the
//!   [`ChanceOutcomes`](crate::core::ChanceOutcomes) impl.
//! - `tasks.rs`: the plain types of play in progress that a [`State`] holds: the turn
//!   flow's task stack, what a roll decides, the shot being resolved and the cards lying
//!   in play for the half.
//! - `counts.rs`: a zone's per-card counts as arrays, bit sets and byte words, and the
//!   walk that finds a drawn card; `zones.rs`: moving cards between a state's zones, and
//!   card conservation.
//! - `info.rs`: information keys (per-seat observation hashes) and determinization, the
//!   [`InfoSets`](crate::core::InfoSets) impl.
//! - `notation.rs`: action names and the trace [`Snapshot`], the
//!   [`Notation`](crate::core::Notation) impl.
//! - `observation.rs`: the [`Observation`](crate::core::Observation) impl, a seat's
//!   observation tensor and string (seat-relative; the
//!   layout is documented in `docs/rules/grangol.md`, "Observation").
//! - `setup.rs`: [`Setup`], a validated position for scenario tests and tools.
//! - `heuristic.rs`: the evaluation agents use; `register.rs`: the lab's registration.

mod actions;
mod cards;
mod chance;
mod counts;
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
mod tasks;
#[cfg(test)]
mod tests;
mod zones;

pub use actions::{decode, Decoded};
pub use cards::{Card, Colour, NUM_CARDS};
pub use notation::{Snapshot, ToMove};
pub use rules::*;
pub use setup::{Setup, SetupError};
pub use state::State;

/// Action constructors, for tests and tools that script a game.
pub mod action {
    pub use super::actions::*;
}

use crate::core::{CardInfo, GameInfo, RuleProblem};

crate::core::rule_set!(
/// A loaded GRANGOL rule set: the file as written and its validated form.
Grangol, "configs/grangol/default.toml"
);

/// The [`GameInfo`] of a rule set.
fn game_info(_config: &RulesConfig, rules: &Rules) -> GameInfo {
    // Per half: the deal, then at most `max_turns_per_half` turns; a turn applies at
    // most a few dozen decisions and rolls plus the cards it draws, and a half draws
    // each card of the deck at most once (reshuffles aside, bounded by turns too).
    let per_turn = 64 + usize::from(rules.deck_size);
    let per_half =
        2 * usize::from(rules.hand_size) * 4 + usize::from(rules.max_turns_per_half) * per_turn;
    let num_actions = usize::from(actions::NUM_ACTIONS);
    GameInfo {
        // The lab's BLANK (the last id) is listed only when the deck holds a copy, so
        // the card list of a rule set without blanks is the printed cards alone.
        cards: Card::ALL
            .iter()
            .filter(|&&c| c != Card::Blank || rules.deck[c.index()] > 0)
            .map(|c| CardInfo {
                name: c.name().to_string(),
                has_outcome: c.has_outcome(),
                die_odds: c.die_odds(rules),
                colour: c.colour().map(|k| match k {
                    Colour::Green => "green",
                    Colour::Red => "red",
                    Colour::Blue => "blue",
                }),
            })
            .collect(),
        ..GameInfo::new("grangol", 2, 2..=2, num_actions, 2 * per_half)
    }
}

impl Grangol {
    /// The same rules with one copy of `card` replaced by one BLANK (the lab's card
    /// without colour or effect, [`Card::Blank`]), for card-value ablations: the deck
    /// size stays the same and [`Grangol::config`] shows the change (`[deck.cards]` has
    /// one `card` less and one `BLANK` more), so it is recorded in `run.json`.
    ///
    /// `card` is the printed name, as in `[deck.cards]` (`"TIRO DA FUORI"`), matched
    /// without regard to ASCII case and ignoring surrounding whitespace and quotes
    /// ([`Card::parse_name`]). Calls can be chained to blank several copies. The result is
    /// built from the rules file ([`Grangol::config`]) and validated again.
    ///
    /// Errors: one line naming the card, when the name is not a card's, when the deck
    /// holds no copy of the card, when the card is BLANK itself, or when the new rule set
    /// fails validation (more than 60 BLANKs; one line per problem).
    pub fn with_blank(&self, card: &str) -> Result<Grangol, String> {
        let c = Card::parse_name(card).ok_or_else(|| {
            format!(
                "unknown card \"{}\"; cards are named as printed, e.g. \"PASSAGGIO\", \
                 \"TIRO DA FUORI\", \"TEMPO +5\" (the keys of [deck.cards] in \
                 configs/grangol/default.toml)",
                card.trim()
            )
        })?;
        let name = c.name();
        if c == Card::Blank {
            return Err(format!(
                "cannot replace \"{name}\" by a blank: it is the blank card itself"
            ));
        }
        let mut config = self.config.clone();
        match config.deck.cards.get_mut(name) {
            Some(n) if *n > 0 => *n -= 1,
            _ => {
                return Err(format!(
                    "cannot replace a copy of \"{name}\" by a blank: the deck holds 0 copies of it"
                ))
            }
        }
        *config
            .deck
            .cards
            .entry(Card::Blank.name().to_string())
            .or_insert(0) += 1;
        let rules = config.validate().map_err(|problems| {
            let source = format!("rules with one \"{name}\" replaced by BLANK");
            RuleProblem::lines(&source, &problems)
        })?;
        Ok(Self::from_parts(config, rules))
    }
}
