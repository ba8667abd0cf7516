//! LASTUF GOL rules as data: the TOML format of `configs/lastuf/*.toml` and its validation
//! into [`Rules`], a small `Copy` value every state carries.
//!
//! Every key is documented in the comment lines above it in `configs/lastuf/default.toml`
//! and traced to the rulebook in `docs/rules/lastuf.md`; each reading the rulebook leaves
//! open is one named option of [`Options`].

use super::cards::{Card, NUM_CARDS};
use crate::core::{option_enum, rule_options, RuleProblem};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The default rules, embedded in the binary (`configs/lastuf/default.toml`).
pub const DEFAULT_RULES: &str = include_str!("../../../configs/lastuf/default.toml");

/// The most copies of one card kind a deck may hold.
pub const MAX_COPIES: u8 = 60;
/// The largest hand size.
pub const MAX_HAND_SIZE: u8 = 10;
/// The largest turn cap (it bounds [`crate::core::GameInfo::max_game_length`]).
pub const MAX_TURNS: u16 = 5000;
/// The most goals a goal may concede before its owner is out.
pub const MAX_GOALS_TO_ELIMINATE: u8 = 20;

/// The rules file as written (`configs/lastuf/default.toml`). Unknown keys are errors.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RulesConfig {
    /// Seats at the table, 2 to 4 (`sim --players N` sets this key).
    pub players: u8,
    /// Cards in a full hand: dealt at the start, drawn back to after every turn.
    pub hand_size: u8,
    /// The lab's turn cap: after this many turns the game ends as a draw among the seats
    /// still in.
    pub max_turns: u16,
    /// Goals conceded in one goal that eliminate its owner (rulebook: 3).
    pub goals_to_eliminate: u8,
    /// The deck.
    pub deck: DeckConfig,
    /// The readings of the rulebook's open points.
    pub options: Options,
}

/// `[deck]`: the cards of the deck.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DeckConfig {
    /// Copies of each card kind by printed name ([`Card::name`]); a card left out has 0.
    pub cards: BTreeMap<String, u8>,
}

option_enum!(
    /// Whether a GOAL in hand must be placed (Types of cards: GOAL).
    GoalPlacement {
        /// A GOAL in hand must be placed whenever some seat has room for it; it may be
        /// discarded only when none has.
        Must = "must",
        /// A GOAL is a card like any other: placed, kept or discarded at will.
        Free = "free",
    }
);

option_enum!(
    /// On whose players YELLOW CARD, RED CARD and INJURY may be played.
    Sanctions {
        /// Only on rivals' players (the text says "a rival's Outfield Player").
        Rivals = "rivals",
        /// On any player, your own included.
        Any = "any",
    }
);

option_enum!(
    /// Whose injured players DOCTOR may heal.
    DoctorRule {
        /// Any injured player on the table (the text: "the Injury on any Player").
        Any = "any",
        /// Only the player's own.
        Own = "own",
    }
);

option_enum!(
    /// When a player who played STOP draws back to a full hand.
    StopRefill {
        /// At once, out of turn.
        AtOnce = "at-once",
        /// At the end of his own next turn, with the rest of his draws.
        OwnTurn = "own-turn",
    }
);

option_enum!(
    /// When the turn seat draws back to a full hand.
    TurnRefill {
        /// At the start of his turn when his hand is short ("each player must have 5
        /// cards in his hand at the beginning of his turn"), and at its end ("in order to
        /// finish your turn you must draw as many cards as you need to have 5").
        StartAndEnd = "start-and-end",
        /// Only at the end of his turn.
        End = "end",
    }
);

option_enum!(
    /// What happens to an eliminated player's goals and the balls in them.
    EliminatedGoal {
        /// They leave the game, the balls in them too.
        Out = "out",
        /// The goals leave the game; the balls in them go to the discard pile (the text
        /// discards "all the cards on the table, except for the goal").
        GoalOut = "goal-out",
        /// They go to the discard pile with his other cards.
        Discard = "discard",
    }
);

option_enum!(
    /// The two-goal variant for two players: when a player is eliminated.
    Elimination {
        /// When either of his goals has conceded `goals_to_eliminate` goals.
        Either = "either",
        /// When both of his goals have (a player with fewer than two goals is not out).
        Both = "both",
    }
);

option_enum!(
    /// Whether a goal that has conceded `goals_to_eliminate` goals still takes balls (it
    /// matters only where such a goal does not eliminate its owner: two goals each,
    /// `elimination = "both"`).
    FullGoal {
        /// It does: nothing in the text stops a ball, and every ball beyond stays there.
        Open = "open",
        /// It does not: a full goal is closed to scoring.
        Closed = "closed",
    }
);

rule_options!(
/// `[options]`: one named option per reading the rulebook leaves open.
{
    /// The most cards one discard play throws away (the text: "2 cards at the most").
    pub discard_max: u8,
    /// Whether a player may play nothing at all (neither a card nor a discard).
    pub pass: bool,
    /// Whether a GOAL in hand must be placed.
    pub goal_placement: GoalPlacement,
    /// On whose players YELLOW CARD, RED CARD and INJURY may be played.
    pub sanctions: Sanctions,
    /// Whose players DOCTOR may heal.
    pub doctor: DoctorRule,
    /// When the STOP player refills his hand.
    pub stop_refill: StopRefill,
    /// When the turn seat draws back to a full hand.
    pub refill: TurnRefill,
    /// Where an eliminated player's goals go.
    pub eliminated_goal: EliminatedGoal,
    /// Goals each player may defend: 1, or 2 (the two-player variant only).
    pub goals_per_player: u8,
    /// With two goals each: eliminated by either goal or only by both.
    pub elimination: Elimination,
    /// Whether a full goal (one that has conceded `goals_to_eliminate`) takes more balls.
    pub full_goal: FullGoal,
}
);

/// Validated rules: a small `Copy` value carried by every state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Seats, 2..=4.
    pub players: u8,
    /// Cards in a full hand.
    pub hand_size: u8,
    /// The turn cap.
    pub max_turns: u16,
    /// Goals in one goal that eliminate its owner.
    pub goals_to_eliminate: u8,
    /// Copies of each card kind, by card id.
    pub deck: [u8; NUM_CARDS],
    /// Cards in the deck.
    pub deck_size: u16,
    /// The readings of the open points.
    pub options: Options,
}

impl Rules {
    /// An upper bound on the actions (decisions and chance outcomes) of one game:
    /// the deal (`players * hand_size` draws), then at most `max_turns` turns, each of at
    /// most: the play and its target or second step (3 decisions), up to `discard_max`
    /// discards and a DONE, the victim's STOP decision and his refill of one card, and the
    /// drawing back of at most `hand_size` cards.
    pub fn max_game_length(&self) -> usize {
        let h = usize::from(self.hand_size);
        let deal = usize::from(self.players) * h;
        let per_turn = 3 + usize::from(self.options.discard_max) + 1 + 2 + h;
        deal + usize::from(self.max_turns) * per_turn
    }
}

impl RulesConfig {
    /// Validates the file into [`Rules`]. Errors: every problem, each with its dotted key
    /// (`players`, `deck.cards.BALL`, `options.discard_max`) and one line saying what to
    /// change.
    pub fn validate(&self) -> Result<Rules, Vec<RuleProblem>> {
        let mut problems = Vec::new();
        let mut bad = |key: &str, msg: String| problems.push(RuleProblem::new(key, msg));
        if !(2..=4).contains(&self.players) {
            bad(
                "players",
                format!("{} players: LASTUF GOL is played by 2 to 4", self.players),
            );
        }
        RuleProblem::check_range(&mut bad, "hand_size", self.hand_size, 1..=MAX_HAND_SIZE);
        RuleProblem::check_range(&mut bad, "max_turns", self.max_turns, 1..=MAX_TURNS);
        RuleProblem::check_range(
            &mut bad,
            "goals_to_eliminate",
            self.goals_to_eliminate,
            1..=MAX_GOALS_TO_ELIMINATE,
        );
        let mut deck = [0u8; NUM_CARDS];
        for (name, &n) in &self.deck.cards {
            let key = format!("deck.cards.{name}");
            match Card::parse_name(name) {
                None => bad(
                    &key,
                    format!(
                        "unknown card \"{name}\"; cards are named as printed: \"GOAL RED\", \
                         \"PLAYER BLUE\", \"BALL\", \"YELLOW CARD\", \"TIME-OUT\"…"
                    ),
                ),
                Some(c) if n > MAX_COPIES => {
                    bad(&key, format!("{n} copies is more than {MAX_COPIES}"));
                    deck[c.index()] = MAX_COPIES;
                }
                Some(c) => deck[c.index()] = n,
            }
        }
        let deck_size: u16 = deck.iter().map(|&n| u16::from(n)).sum();
        let dealt = u16::from(self.players) * u16::from(self.hand_size);
        if deck_size < dealt {
            bad(
                "deck.cards",
                format!(
                    "the deck holds {deck_size} cards, fewer than the {dealt} dealt \
                     ({} hands of {})",
                    self.players, self.hand_size
                ),
            );
        }
        let o = &self.options;
        if o.discard_max == 0 || o.discard_max > self.hand_size.max(1) {
            bad(
                "options.discard_max",
                format!(
                    "{} is not in 1..=hand_size ({})",
                    o.discard_max, self.hand_size
                ),
            );
        }
        match o.goals_per_player {
            1 => {}
            2 if self.players == 2 => {}
            2 => bad(
                "options.goals_per_player",
                format!(
                    "2 goals each is the two-player variant; with {} players use 1",
                    self.players
                ),
            ),
            n => bad("options.goals_per_player", format!("{n} is not 1 or 2")),
        }
        RuleProblem::none_or(problems, || Rules {
            players: self.players,
            hand_size: self.hand_size,
            max_turns: self.max_turns,
            goals_to_eliminate: self.goals_to_eliminate,
            deck,
            deck_size,
            options: self.options,
        })
    }
}
