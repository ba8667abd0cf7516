//! Crazy Eights rules as data: the TOML format of `configs/crazy_eights/*.toml` and its
//! validation into [`Rules`], a small `Copy` value every state carries.
//!
//! The keys are OpenSpiel's game parameters (`open_spiel/games/crazy_eights/
//! crazy_eights.cc`, `kGameType`: `players`, `max_draw_cards`, `max_turns`, `reshuffle`,
//! `use_special_cards`) plus the numbers OpenSpiel writes as constants (the hand size of
//! `CrazyEightsState::CrazyEightsState` and the penalties of `CrazyEightsState::ScoreUp`).
//! Every key is documented in `docs/rules/crazy_eights.md`.

use super::cards::{rank, EIGHT_RANK, NUM_CARDS};
use crate::core::RuleProblem;
use serde::{Deserialize, Serialize};

/// The default rules, embedded in the binary (`configs/crazy_eights/default.toml`).
pub const DEFAULT_RULES: &str = include_str!("../../../configs/crazy_eights/default.toml");

/// The largest `hand_size`: two hands of 23 leave 6 cards, so the card turned up after the
/// deal can always be something other than an eight (there are 4 eights).
pub const MAX_HAND_SIZE: u8 = 23;

/// The largest `max_turns` this lab accepts (it bounds [`crate::core::GameInfo`]'s
/// `max_game_length`).
pub const MAX_TURNS: u16 = 1000;

/// The rules file as written (`configs/crazy_eights/default.toml`). Unknown keys are
/// errors.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RulesConfig {
    /// Seats (OpenSpiel `players`); only 2 is supported.
    pub players: u8,
    /// Cards dealt to each player (OpenSpiel: `kNumInitialCardsForTwoPlayers` = 7).
    pub hand_size: u8,
    /// Most draws per turn before a pass is allowed (OpenSpiel `max_draw_cards`).
    pub max_draw_cards: u8,
    /// Cards played, both players counted, after which the game ends (OpenSpiel
    /// `max_turns`).
    pub max_turns: u16,
    /// Whether the discard pile is reshuffled into the draw pile when it runs out
    /// (OpenSpiel `reshuffle`).
    pub reshuffle: bool,
    /// Whether queens skip, aces reverse and twos make the next player draw two
    /// (OpenSpiel `use_special_cards`).
    pub use_special_cards: bool,
    /// The penalty points of cards left in hand at the end.
    pub penalty: PenaltyConfig,
}

/// `[penalty]`: what each card left in hand costs at the end (OpenSpiel
/// `CrazyEightsState::ScoreUp`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PenaltyConfig {
    /// Points per eight (OpenSpiel: 50).
    pub eight: u16,
    /// Points per jack, queen, king or ace (OpenSpiel: 10).
    pub court: u16,
    /// Points of the other cards.
    pub pips: Pips,
}

/// `penalty.pips`: the points of a card that is neither an eight nor a court card (nor an
/// ace).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Pips {
    /// The card's id plus 2, as OpenSpiel's `ScoreUp` computes it (`card + 2`, where the
    /// id is `4 * rank + suit`): the clubs two costs 2, the spades ten 37. OpenSpiel's
    /// header says "face value"; its code does this, and this lab follows the code.
    Openspiel,
    /// The face value, 2 to 10 (what OpenSpiel's header describes).
    Face,
}

/// Validated rules: a small `Copy` value carried by every state (OpenSpiel keeps the same
/// parameters in each `CrazyEightsState`: `max_draw_cards_`, `max_turns_`, `reshuffle_`,
/// `use_special_cards_`, `num_initial_cards_`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Cards dealt to each player.
    pub hand_size: u8,
    /// Most draws per turn before a pass is allowed (at least 1).
    pub max_draw_cards: u8,
    /// Cards played after which the game ends (at least 1).
    pub max_turns: u16,
    /// Whether the discard pile becomes the draw pile when it runs out.
    pub reshuffle: bool,
    /// Whether queens, aces and twos have their special effects.
    pub use_special_cards: bool,
    /// Points per eight left in hand.
    pub eight_penalty: u16,
    /// Points per jack, queen, king or ace left in hand.
    pub court_penalty: u16,
    /// Points of the other cards.
    pub pips: Pips,
}

impl Rules {
    /// The penalty points of `card` left in hand at the end (OpenSpiel
    /// `CrazyEightsState::ScoreUp`): eights [`Rules::eight_penalty`], ranks from the jack
    /// up [`Rules::court_penalty`], the others by [`Rules::pips`].
    pub fn penalty(&self, card: u8) -> i32 {
        let r = rank(card);
        if r == EIGHT_RANK {
            i32::from(self.eight_penalty)
        } else if r >= 9 {
            i32::from(self.court_penalty)
        } else {
            match self.pips {
                Pips::Openspiel => i32::from(card) + 2,
                Pips::Face => i32::from(r) + 2,
            }
        }
    }

    /// An upper bound on the actions (chance outcomes and decisions) of one game, with
    /// these rules. OpenSpiel declares 10000 for every parameter set
    /// (`kMaxGameLength`); this bound is tighter and holds for every rule set here:
    ///
    /// - 1 dealer choice, `2 * hand_size` dealt cards;
    /// - turning up the first card: an eight turned up goes back into the draw pile and
    ///   another card is turned, without limit in principle; 64 turns are allowed for,
    ///   and 64 eights in a row have a probability below 10^-60;
    /// - at most `max_turns` cards played and as many suits named;
    /// - every card drawn costs at most two actions (a draw decision and its chance
    ///   outcome). The cards that can ever be drawn are the draw pile after the deal, plus
    ///   (with `reshuffle`) every card played and the first card turned up, each of which
    ///   can come back to the draw pile once per time it is discarded;
    /// - a pass with cards in the draw pile needs `max_draw_cards` draws in the same turn
    ///   first; passes with an empty draw pile come at most two in a row (the third ends
    ///   the game), and only a play or a suit named ends such a run.
    pub fn max_game_length(&self) -> usize {
        let hand = usize::from(self.hand_size);
        let plays = usize::from(self.max_turns);
        let after_deal = NUM_CARDS - 2 * hand - 1;
        let drawable = after_deal + if self.reshuffle { plays + 1 } else { 0 };
        let deal = 1 + 2 * hand + 64;
        let passes_with_cards = drawable / usize::from(self.max_draw_cards);
        let passes_without = 2 * (2 * plays + 2) + 1;
        deal + 2 * plays + 2 * drawable + passes_with_cards + passes_without
    }
}

impl RulesConfig {
    /// Validates the file into [`Rules`] (OpenSpiel checks nothing beyond its parameter
    /// types, `CrazyEightsGame::CrazyEightsGame`). Errors: every problem, each with its
    /// dotted key and one line saying what to change.
    pub fn validate(&self) -> Result<Rules, Vec<RuleProblem>> {
        let mut problems = Vec::new();
        if self.players != 2 {
            problems.push(RuleProblem::new(
                "players",
                format!(
                    "{} players: this lab plays crazy_eights with 2 players only (OpenSpiel \
                     allows 2 to 15)",
                    self.players
                ),
            ));
        }
        if self.hand_size == 0 || self.hand_size > MAX_HAND_SIZE {
            problems.push(RuleProblem::new(
                "hand_size",
                format!(
                    "{} is not in 1..={MAX_HAND_SIZE} (two hands must leave a card other than \
                     an eight to turn up)",
                    self.hand_size
                ),
            ));
        }
        if self.max_draw_cards == 0 || usize::from(self.max_draw_cards) > NUM_CARDS {
            problems.push(RuleProblem::new(
                "max_draw_cards",
                format!(
                    "{} is not in 1..={NUM_CARDS} (with 0 a player without a playable card \
                     would have no move)",
                    self.max_draw_cards
                ),
            ));
        }
        if self.max_turns == 0 || self.max_turns > MAX_TURNS {
            problems.push(RuleProblem::new(
                "max_turns",
                format!("{} is not in 1..={MAX_TURNS}", self.max_turns),
            ));
        }
        for (key, v) in [
            ("penalty.eight", self.penalty.eight),
            ("penalty.court", self.penalty.court),
        ] {
            if v > 1000 {
                problems.push(RuleProblem::new(key, format!("{v} is more than 1000")));
            }
        }
        RuleProblem::none_or(problems, || Rules {
            hand_size: self.hand_size,
            max_draw_cards: self.max_draw_cards,
            max_turns: self.max_turns,
            reshuffle: self.reshuffle,
            use_special_cards: self.use_special_cards,
            eight_penalty: self.penalty.eight,
            court_penalty: self.penalty.court,
            pips: self.penalty.pips,
        })
    }
}
