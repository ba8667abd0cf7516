//! What a game declares about itself: [`GameInfo`] (seats, utility, information, cards,
//! board) and its parts.

use super::BoardInfo;
use std::ops::RangeInclusive;

/// What a card of a card game is called, whether it has a success condition, and the
/// closed-form chance of that success where the dice alone decide it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardInfo {
    /// The name as printed on the card (e.g. `PASSAGGIO`).
    pub name: String,
    /// Whether playing the card can succeed or fail (a die roll or a condition); the
    /// `succeeded` column of `cards.csv` is empty for the others.
    pub has_outcome: bool,
    /// The chance that one plain play of the card succeeds when a single roll of one die
    /// decides it: the faces that make it succeed out of the die's faces, under the rule
    /// set's die faces and readings, with no card in play that changes the roll (no
    /// second roll, no modifier). `None` where choices or the state also decide the
    /// outcome (a shot against the keeper's guess, a condition on the position) or no die
    /// is rolled. `cards.csv` writes it as `die_rate`, the reference the report marks
    /// next to each card's measured success rate.
    pub die_odds: Option<Odds>,
    /// The colour printed on the card where the game's cards have colours that matter to
    /// play (GRANGOL: `green` attack, `red` defence, `blue` either), in English lower
    /// case; `None` otherwise. Views colour the card's name with it (`sim play`).
    pub colour: Option<&'static str>,
}

impl CardInfo {
    /// The card printed `name`, with an outcome or not, whose success the dice alone never
    /// decide (`die_odds` is `None`).
    pub fn new(name: &str, has_outcome: bool) -> Self {
        CardInfo {
            name: name.to_string(),
            has_outcome,
            die_odds: None,
            colour: None,
        }
    }
}

/// A probability as a count of equally likely outcomes: `favourable` of `outcomes`
/// (e.g. 4 faces of a 6-faced die). Exact, so that [`CardInfo`] stays comparable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    /// The outcomes that count (e.g. the faces on which a pass succeeds).
    pub favourable: u32,
    /// All outcomes, at least 1 (e.g. the die's faces).
    pub outcomes: u32,
}

impl Odds {
    /// `favourable / outcomes`, in `[0, 1]` when `favourable <= outcomes`; 0 for the
    /// degenerate `outcomes = 0`.
    pub fn probability(self) -> f64 {
        if self.outcomes == 0 {
            0.0
        } else {
            f64::from(self.favourable) / f64::from(self.outcomes)
        }
    }
}

/// How the returns of a game's seats relate (OpenSpiel's `GameType::Utility`).
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Utility {
    /// The returns of every terminal state sum to 0.
    ZeroSum,
    /// The returns of every terminal state sum to the given constant. The lab's
    /// competitive games use the *placement* convention: a seat's return is the share of
    /// its opponents it finished ahead of, ties counted half ([`placement_returns`](super::placement_returns)), so
    /// the returns of `n` seats sum to `n / 2` (1 for two seats: win 1, draw 0.5, loss 0).
    ConstantSum(f64),
    /// No relation between the seats' returns.
    GeneralSum,
}

/// What the seats can see (OpenSpiel's `GameType::Information`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Information {
    /// Every seat sees the whole state (no hidden cards, no simultaneous choices).
    Perfect,
    /// Some seat cannot see part of the state: agents search by determinization
    /// ([`InfoSets::determinize`](super::InfoSets::determinize)).
    Imperfect,
}

/// Static facts about a loaded game: the lab's counterpart of OpenSpiel's `GameType`
/// plus the per-rule-set facts of its `Game` (`NumPlayers`, `NumDistinctActions`,
/// `MaxGameLength`).
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// The game's short name as typed on the command line (`grangol`).
    pub name: &'static str,
    /// Number of seats in the loaded rule set (OpenSpiel `NumPlayers`).
    pub num_seats: usize,
    /// The seat counts the game can be played with, `min_seats..=max_seats`
    /// (OpenSpiel `GameType::min_num_players`, `max_num_players`); `num_seats` is one
    /// of them. `sim --players N` chooses within it.
    pub min_seats: usize,
    /// The largest seat count the game can be played with (at most [`MAX_SEATS`](super::MAX_SEATS)).
    pub max_seats: usize,
    /// How the returns of the seats relate.
    pub utility: Utility,
    /// Whether the game has hidden information.
    pub information: Information,
    /// The number of distinct action codes, decisions and chance outcomes alike: every
    /// [`Action`](super::Action) the game produces is below it (OpenSpiel `NumDistinctActions` plus
    /// `MaxChanceOutcomes`, one code space here).
    pub num_distinct_actions: usize,
    /// An upper bound on the number of applied actions (decisions and chance outcomes) in
    /// one game; the generic test battery checks that random games end within it.
    pub max_game_length: usize,
    /// The cards whose life the engine reports through [`GameEvent`](super::GameEvent)s, indexed by card id:
    /// the card capability. Empty for a game without cards, which then reports no card
    /// events and has no card statistics.
    pub cards: Vec<CardInfo>,
    /// The board capability: the pitch of a board game, for pictures (the heat map of
    /// shots in the report). `None` for games without a board, which report no
    /// [`GameEvent::Shot`](super::GameEvent::Shot).
    pub board: Option<BoardInfo>,
    /// The theory capability: the expected length of optimal play where a closed form
    /// is known for this rule set (the memory solitaire without prize cards), which the
    /// ladder measures a one-player game's agents against. `None` for the others.
    pub known_optimum: Option<KnownOptimum>,
    /// How a game that the rules' length cap ends ([`super::GameState::ended_by_cap`])
    /// is scored, in words, for the summary's balance line (`scored as it stood`, `a
    /// draw, 1/2 each`).
    pub at_cap: &'static str,
    /// Whether the rules allow a game that never ends even when no player stalls on
    /// purpose: Helvetia Cup (the clock moves only when the ball is won, so a team that
    /// keeps it, as a leading team should, keeps the clock still) and LASTUF GOL (nothing
    /// forces a goal and the discard pile is reshuffled, so random play can go on for
    /// ever). Then the lab's length cap ends some games by design (`at_cap` says how
    /// they count), and the agents' battery does not count those as stalls. `false`
    /// where play that makes progress ends the game ([`super::GameState::progress`]: the
    /// memory game, whose players could only stall by choice).
    pub endless: bool,
}

impl GameInfo {
    /// The facts every game states: its `name`, `num_seats` playing of the range `seats`
    /// (`min_seats..=max_seats`), its `num_distinct_actions` action codes and its bound
    /// `max_game_length`; with what most games of the lab share: the placement returns
    /// ([`Utility::ConstantSum`] of `num_seats / 2`), imperfect information, no cards,
    /// board or known optimum, and a game stopped by the length cap scored as it stood. A game states the rest over it with struct update syntax
    /// (`GameInfo { cards, ..GameInfo::new(…) }`).
    pub fn new(
        name: &'static str,
        num_seats: usize,
        seats: RangeInclusive<usize>,
        num_distinct_actions: usize,
        max_game_length: usize,
    ) -> Self {
        GameInfo {
            name,
            num_seats,
            min_seats: *seats.start(),
            max_seats: *seats.end(),
            utility: Utility::ConstantSum(num_seats as f64 / 2.0),
            information: Information::Imperfect,
            num_distinct_actions,
            max_game_length,
            cards: Vec::new(),
            board: None,
            known_optimum: None,
            at_cap: "scored as it stood",
            endless: false,
        }
    }
}

/// A closed form, from theory, of the expected number of turns of optimal play at one
/// rule set. It is evaluated on demand ([`KnownOptimum::expected_turns`]): it may cost
/// more than loading the rules does.
#[derive(Clone, Copy, Debug)]
pub struct KnownOptimum {
    /// The closed form's argument at this rule set (for example its number of pairs).
    pub size: u32,
    /// The expected turns of optimal play as a function of `size`.
    pub turns_at: fn(u32) -> f64,
}

impl KnownOptimum {
    /// The expected turns of optimal play at this rule set: `turns_at(size)`.
    pub fn expected_turns(&self) -> f64 {
        (self.turns_at)(self.size)
    }
}
