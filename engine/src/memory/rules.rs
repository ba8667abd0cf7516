//! The memory game's rules as data: the TOML format of `configs/memory/*.toml` and its
//! validation into [`Rules`], a small `Copy` value every state carries.
//!
//! Every key is documented in the comment lines above it in `configs/memory/default.toml`
//! and traced to the rulebook in `docs/rules/memory.md`; each reading the rulebook leaves
//! open is one named option of [`Options`].

use super::cards::NUM_PRIZES;
use crate::core::{option_enum, rule_options, RuleProblem};
use serde::{Deserialize, Serialize};

/// The default rules, embedded in the binary (`configs/memory/default.toml`).
pub const DEFAULT_RULES: &str = include_str!("../../../configs/memory/default.toml");

/// The most places of the grid (`rows × columns`): one bit each in a `u128`.
pub const MAX_CELLS: usize = 128;
/// The most footballer pairs (every pair takes two places).
pub const MAX_PAIRS: usize = MAX_CELLS / 2;
/// The most point values a pair may have (`pairs` lists at most this many counts).
pub const MAX_VALUES: usize = 8;
/// The most faces of the PLAY GAME die, and the most goals on one face.
pub const MAX_DIE_FACES: usize = 20;
/// The largest turn cap (it bounds [`crate::core::GameInfo::max_game_length`]).
pub const MAX_TURNS: u32 = 100_000;

/// The rules file as written (`configs/memory/default.toml`). Unknown keys are errors.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RulesConfig {
    /// Players, 1 to 4 (`sim --players N` sets this key); one plays a solitaire.
    pub players: u8,
    /// Rows of the grid.
    pub rows: u8,
    /// Places in each row.
    pub columns: u8,
    /// The lab's turn cap (all players' turns counted).
    pub max_turns: u32,
    /// Footballer pairs by point value: entry `i` counts the pairs worth `i + 1` points.
    pub pairs: Vec<u8>,
    /// Copies of each prize card.
    pub prizes: PrizesConfig,
    /// The PLAY GAME die.
    pub die: DieConfig,
    /// The readings of the rulebook's open points.
    pub options: Options,
}

/// `[prizes]`: copies of each prize card, by its printed name (and the lab's BLANK).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PrizesConfig {
    /// YELLOW cards.
    #[serde(rename = "YELLOW")]
    pub yellow: u8,
    /// RED cards.
    #[serde(rename = "RED")]
    pub red: u8,
    /// VAR cards.
    #[serde(rename = "VAR")]
    pub var: u8,
    /// PLAY GAME cards.
    #[serde(rename = "PLAY GAME")]
    pub play_game: u8,
    /// The lab's blank prize cards (no effect), for card-value ablations.
    #[serde(rename = "BLANK")]
    pub blank: u8,
}

impl PrizesConfig {
    /// No prize card at all: the classic memory game (`configs/memory/classic.toml`).
    pub const NONE: PrizesConfig = PrizesConfig {
        yellow: 0,
        red: 0,
        var: 0,
        play_game: 0,
        blank: 0,
    };
}

/// `[die]`: the PLAY GAME die.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DieConfig {
    /// The goals shown on each face (0 to 20 each, 2 to 20 faces).
    pub faces: Vec<u8>,
}

option_enum!(
    /// How the two cards of a turn are chosen (reading 1).
    Flip {
        /// The second card is chosen after the first has been turned and seen.
        OneByOne = "one-by-one",
        /// Both places are chosen before either card is turned.
        BothAtOnce = "both-at-once",
    }
);

option_enum!(
    /// What taking a prize card does to the turn (reading 2: a prize card is taken as
    /// soon as it is turned up).
    PrizeRule {
        /// The player still turns his second card (a turn turns two cards).
        KeepFlipping = "keep-flipping",
        /// Taking it ends the turn at once.
        EndsTurn = "ends-turn",
    }
);

option_enum!(
    /// When VAR may be used (reading 3: "only before his next move").
    VarRule {
        /// Only at the start of its holder's next turn after taking it; not used then, it
        /// stays in hand (it counts in the tie-break) but can no longer be used.
        NextTurn = "next-turn",
        /// At the start of any later turn of its holder.
        AnyTurn = "any-turn",
    }
);

option_enum!(
    /// When YELLOW and RED may be played against the player whose turn it is (reading 4:
    /// "at any moment (including in the middle of others' turn)").
    Sanction {
        /// Once per turn, after its first card comes up a footballer (the middle of a
        /// two-card turn).
        AfterFirstCard = "after-first-card",
        /// Also before the turn's first card, and after its second card when the two
        /// make a pair (before the pair is taken).
        AnyMoment = "any-moment",
    }
);

option_enum!(
    /// Which YELLOWs against the same player work as a RED (reading 5: "2 yellow cards
    /// turn into a red card").
    DoubleYellow {
        /// Every second one: the 2nd, 4th, 6th… (two yellows make one red, then the
        /// count starts again).
        EverySecond = "every-second",
        /// Every one from the second on: once booked twice, a player stays "sent off".
        FromSecond = "from-second",
    }
);

rule_options!(
/// `[options]`: one named option per reading the rulebook leaves open.
{
    /// How the two cards of a turn are chosen.
    pub flip: Flip,
    /// Whether taking a prize card ends the turn.
    pub prize: PrizeRule,
    /// When VAR may be used.
    pub var: VarRule,
    /// When YELLOW and RED may be played.
    pub sanction: Sanction,
    /// Which YELLOWs against the same player work as a RED.
    pub double_yellow: DoubleYellow,
}
);

/// Validated rules: a small `Copy` value carried by every state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Players, 1..=4.
    pub players: u8,
    /// Rows of the grid.
    pub rows: u8,
    /// Places in each row.
    pub columns: u8,
    /// The turn cap.
    pub max_turns: u32,
    /// Pairs by value: entry `i` counts the pairs worth `i + 1` points.
    pub pairs: [u8; MAX_VALUES],
    /// Number of footballer pairs (the sum of `pairs`).
    pub num_pairs: u8,
    /// Copies of each prize card, by [`super::Prize`] id.
    pub prizes: [u8; NUM_PRIZES],
    /// Faces of the PLAY GAME die showing each number of goals (index = goals).
    pub die: [u8; MAX_DIE_FACES + 1],
    /// The readings of the open points.
    pub options: Options,
}

impl Rules {
    /// Cards on the grid at the start: two per pair, plus the prize cards.
    pub fn num_cards(&self) -> usize {
        2 * usize::from(self.num_pairs) + self.prizes.iter().map(|&n| usize::from(n)).sum::<usize>()
    }

    /// The point value of footballer `f` (`0..num_pairs`): footballers are numbered by
    /// value, the pairs worth 1 point first.
    pub fn value(&self, f: u8) -> u8 {
        let mut below = 0u16;
        for (i, &n) in self.pairs.iter().enumerate() {
            below += u16::from(n);
            if u16::from(f) < below {
                return i as u8 + 1;
            }
        }
        0
    }

    /// The points of every pair together.
    pub fn total_points(&self) -> u32 {
        self.pairs
            .iter()
            .enumerate()
            .map(|(i, &n)| (i as u32 + 1) * u32::from(n))
            .sum()
    }

    /// An upper bound on the actions (decisions and chance outcomes) of one game: the deal
    /// (one chance outcome per card), then at most `max_turns` turns, each of at most a
    /// VAR and its two looks, two cards, one YELLOW/RED answer per other player in each
    /// of the turn's three answer windows (one under `after-first-card`), and a
    /// PLAY GAME match (its rolls repeat on equal scores: the bound counts 40 rolls, and
    /// a longer match only makes the game longer than this bound, never wrong).
    pub fn max_game_length(&self) -> usize {
        let windows = match self.options.sanction {
            Sanction::AfterFirstCard => 1,
            Sanction::AnyMoment => 3,
        };
        let per_turn = 3 + 2 + windows * usize::from(self.players) + 40 + 1;
        self.num_cards() + self.max_turns as usize * per_turn
    }
}

impl RulesConfig {
    /// Validates the file into [`Rules`]. Errors: every problem, each with its dotted key
    /// (`players`, `pairs`, `prizes.VAR`, `die.faces`) and one line saying what to change.
    pub fn validate(&self) -> Result<Rules, Vec<RuleProblem>> {
        let mut problems = Vec::new();
        let mut bad = |key: &str, msg: String| problems.push(RuleProblem::new(key, msg));
        if !(1..=4).contains(&self.players) {
            bad(
                "players",
                format!(
                    "{} players: the memory game is played by 1 to 4",
                    self.players
                ),
            );
        }
        let places = usize::from(self.rows) * usize::from(self.columns);
        if self.rows == 0 || self.columns == 0 {
            bad(
                if self.rows == 0 { "rows" } else { "columns" },
                "the grid needs at least one row and one column".into(),
            );
        } else if places > MAX_CELLS {
            bad(
                "rows",
                format!(
                    "{} rows of {} is {places} places, more than the {MAX_CELLS} the lab \
                     supports",
                    self.rows, self.columns
                ),
            );
        }
        if self.max_turns == 0 || self.max_turns > MAX_TURNS {
            bad(
                "max_turns",
                format!("{} is not in 1..={MAX_TURNS}", self.max_turns),
            );
        }
        let mut pairs = [0u8; MAX_VALUES];
        if self.pairs.len() > MAX_VALUES {
            bad(
                "pairs",
                format!(
                    "{} point values; at most {MAX_VALUES} (pairs worth 1 to {MAX_VALUES} points)",
                    self.pairs.len()
                ),
            );
        }
        for (p, &n) in pairs.iter_mut().zip(&self.pairs) {
            *p = n;
        }
        let num_pairs: usize = pairs.iter().map(|&n| usize::from(n)).sum();
        if num_pairs == 0 {
            bad(
                "pairs",
                "no footballer pair: the game needs at least one".into(),
            );
        } else if num_pairs > MAX_PAIRS {
            bad("pairs", format!("{num_pairs} pairs; at most {MAX_PAIRS}"));
        }
        let p = &self.prizes;
        let prizes = [p.yellow, p.red, p.var, p.play_game, p.blank];
        let cards = 2 * num_pairs + prizes.iter().map(|&n| usize::from(n)).sum::<usize>();
        if places > 0 && places <= MAX_CELLS && cards > places {
            bad(
                "rows",
                format!(
                    "{cards} cards ({num_pairs} pairs and {} prize cards) do not fit in {} \
                     rows of {} ({places} places)",
                    cards - 2 * num_pairs,
                    self.rows,
                    self.columns
                ),
            );
        }
        let mut die = [0u8; MAX_DIE_FACES + 1];
        let faces = &self.die.faces;
        if faces.len() < 2 || faces.len() > MAX_DIE_FACES {
            bad(
                "die.faces",
                format!("{} faces; a die has 2 to {MAX_DIE_FACES}", faces.len()),
            );
        }
        for &g in faces {
            if usize::from(g) > MAX_DIE_FACES {
                bad(
                    "die.faces",
                    format!("{g} goals on a face; at most {MAX_DIE_FACES}"),
                );
            } else {
                die[usize::from(g)] += 1;
            }
        }
        if faces.len() >= 2 && die.iter().filter(|&&n| n > 0).count() < 2 {
            bad(
                "die.faces",
                "every face shows the same number: a PLAY GAME match could never be decided".into(),
            );
        }
        RuleProblem::none_or(problems, || Rules {
            players: self.players,
            rows: self.rows,
            columns: self.columns,
            max_turns: self.max_turns,
            pairs,
            num_pairs: num_pairs as u8,
            prizes,
            die,
            options: self.options,
        })
    }
}
