//! The game-agnostic core: what every game of the lab implements and what every agent and
//! runner relies on.
//!
//! The shapes follow OpenSpiel's `State` interface (`open_spiel/spiel.h`): a state says
//! whose [`Turn`] it is (a seat's decision, a chance node, or terminal), lists its legal
//! actions or its chance outcomes, applies one action deterministically, and reports
//! returns at the end. Imperfect information is handled by an information key per seat and
//! by [`GameState::determinize`], which resamples what a seat cannot see (Cowling, Powley
//! & Whitehouse 2012, "Information Set Monte Carlo Tree Search").
//!
//! Architecture invariants kept here:
//! - the engine owns no random number generator: chance is explicit, and the caller samples
//!   chance outcomes with its own stream ([`sample_chance`]);
//! - `legal_actions`, `chance_outcomes` and `apply` never allocate: actions are small
//!   integers in fixed-capacity lists ([`ActionList`], [`ChanceList`]);
//! - agents see a [`PlayerView`], never a state they could read hidden cards from.

mod eval;
mod overlay;
mod registry;
mod rng;
pub mod testing;
mod view;

pub use eval::{logistic, LinearEval};
pub use overlay::{overlay, overlay_with};
pub use registry::{
    embedded_tree, for_each_game, load_embedded, visit_game, BenchWorkload, EmbeddedRules,
    GameVisitor, Registered, AGENT_BENCH, NAMES,
};
pub use rng::{derive_rng, Rng, Stream};
pub use view::PlayerView;

use arrayvec::ArrayVec;
use std::fmt::Debug;

/// A seat at the table, `0..num_seats`. Seat 0 is the first player of the game.
pub type Seat = u8;

/// The largest number of seats any game of the lab supports (LASTUF GOL: 4).
pub const MAX_SEATS: usize = 4;

/// Capacity of an [`ActionList`]: no game may offer more legal actions at one decision.
pub const MAX_ACTIONS: usize = 256;

/// The number of independent chance streams a game may use (see
/// [`GameState::chance_stream`]).
pub const MAX_CHANCE_STREAMS: usize = 4;

/// Capacity of a [`ChanceList`]: no chance node may have more distinct outcomes.
pub const MAX_CHANCE_OUTCOMES: usize = 128;

/// One action: a game-specific code. At a decision it is one of the legal actions; at a
/// chance node it is one of the chance outcomes. Codes are small, dense and stable within a
/// rule set, so an action list is a complete, replayable record of a game.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Action(pub u16);

/// The legal actions at a decision: sorted ascending, no duplicates, never empty at a
/// decision ([`Turn::Decision`]). Fixed capacity [`MAX_ACTIONS`]: filling it never allocates.
pub type ActionList = ArrayVec<Action, MAX_ACTIONS>;

/// The outcomes of a chance node with their integer weights (the probability of an outcome
/// is its weight over the sum). Every weight is positive; outcomes are unique. Integer
/// weights keep sampling exact and platform independent.
pub type ChanceList = ArrayVec<(Action, u32), MAX_CHANCE_OUTCOMES>;

/// Whose move it is: OpenSpiel's current player, with chance and terminal as variants.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turn {
    /// The given seat decides among [`GameState::legal_actions`].
    Decision(Seat),
    /// Nature decides among [`GameState::chance_outcomes`] (a die roll, a card draw).
    Chance,
    /// The game is over; [`GameState::returns`] holds the result.
    Terminal,
}

/// Per-seat returns at the end of a game: 1 for a win, 0 for a loss, 0.5 for a draw in a
/// two-seat game (the chess convention, so that returns are score points); in a game of
/// more seats, the share of opponents the seat finished ahead of, ties counted half
/// ([`placement_returns`]). Entries past `num_seats` are 0.
pub type Returns = [f64; MAX_SEATS];

/// The placement returns of `num_seats` seats from their final standing: `rank[s]` is
/// seat `s`'s place (0 = best; equal values tie). Seat `s` gets
/// `(opponents ranked below s + ties / 2) / (num_seats − 1)`: 1 for a sole winner, 0 for
/// a sole last, 0.5 each for a two-seat draw. The returns sum to `num_seats / 2`
/// ([`Utility::ConstantSum`]). With `num_seats = 1` the return is 1.
pub fn placement_returns(rank: &[u8], num_seats: usize) -> Returns {
    let mut r = [0.0; MAX_SEATS];
    if num_seats == 1 {
        r[0] = 1.0;
        return r;
    }
    for s in 0..num_seats {
        let mut half_points = 0u32;
        for o in 0..num_seats {
            if o != s {
                half_points += match rank[s].cmp(&rank[o]) {
                    std::cmp::Ordering::Less => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Greater => 0,
                };
            }
        }
        r[s] = f64::from(half_points) / (2.0 * (num_seats - 1) as f64);
    }
    r
}

/// A fingerprint of everything one seat has observed so far (perfect recall): two states
/// with the same key for a seat are indistinguishable to that seat. A 64-bit hash, so
/// distinct information states collide with probability about 2^-64 per pair.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct InfoKey(pub u64);

impl InfoKey {
    /// One step of a seat's running observation hash: mixes observation `v` into the hash
    /// `h` of everything seen before (perfect recall). A bijection of `h` for each `v`
    /// (a rotation, an xor and a multiplication by an odd constant), so two histories
    /// that differ in one observation never meet again; one multiplication per seat and
    /// action, cheap enough for every applied action. Games keep one such `u64` per seat
    /// and read their key with [`InfoKey::finish`].
    #[inline]
    pub fn mix(h: u64, v: u64) -> u64 {
        (h.rotate_left(26) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// The key of a running observation hash ([`InfoKey::mix`]): SplitMix64's finalizer,
    /// so that every output bit depends on every input bit, as hash tables keyed by
    /// information keys need.
    #[inline]
    pub fn finish(h: u64) -> InfoKey {
        let mut z = h;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        InfoKey(z ^ (z >> 31))
    }
}

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
    /// its opponents it finished ahead of, ties counted half ([`placement_returns`]), so
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
    /// ([`GameState::determinize`]).
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
    /// The largest seat count the game can be played with (at most [`MAX_SEATS`]).
    pub max_seats: usize,
    /// How the returns of the seats relate.
    pub utility: Utility,
    /// Whether the game has hidden information.
    pub information: Information,
    /// The number of distinct action codes, decisions and chance outcomes alike: every
    /// [`Action`] the game produces is below it (OpenSpiel `NumDistinctActions` plus
    /// `MaxChanceOutcomes`, one code space here).
    pub num_distinct_actions: usize,
    /// An upper bound on the number of applied actions (decisions and chance outcomes) in
    /// one game; the generic test battery checks that random games end within it.
    pub max_game_length: usize,
    /// The cards whose life the engine reports through [`GameEvent`]s, indexed by card id:
    /// the card capability. Empty for a game without cards, which then reports no card
    /// events and has no card statistics.
    pub cards: Vec<CardInfo>,
    /// The board capability: the pitch of a board game, for pictures (the heat map of
    /// shots in the report). `None` for games without a board, which report no
    /// [`GameEvent::Shot`].
    pub board: Option<BoardInfo>,
}

/// The geometry of a board game's pitch, as pictures need it: `columns × rows` cells, the
/// cell of column `c` and row `r` being `r · columns + c` (row 0 on top, column 0 on the
/// left). A cell from `columns · rows` on lies beyond the grid (a goal zone): it is drawn
/// where [`BoardInfo::beyond`] places it, else not at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardInfo {
    /// Cells across, left to right.
    pub columns: u16,
    /// Cells down, top to bottom.
    pub rows: u16,
    /// How the cells tile the plane.
    pub layout: BoardLayout,
    /// Up to [`MAX_BEYOND`] cells beyond the grid and where pictures draw them:
    /// `(cell, column, row)`, the column −1 (left of the grid) to `columns` (right of it),
    /// the row in `0..rows`. Unused entries are `None`.
    pub beyond: [Option<(u16, i16, i16)>; MAX_BEYOND],
}

/// The most cells beyond the grid a [`BoardInfo`] places.
pub const MAX_BEYOND: usize = 4;

impl BoardInfo {
    /// Where pictures draw `cell`: `(column, row)`, possibly one column outside the grid
    /// for a cell of [`BoardInfo::beyond`]; `None` for a cell beyond the grid that is not
    /// placed.
    pub fn place(&self, cell: u16) -> Option<(i16, i16)> {
        let pitch = u32::from(self.columns) * u32::from(self.rows);
        if u32::from(cell) < pitch {
            return Some(((cell % self.columns) as i16, (cell / self.columns) as i16));
        }
        self.beyond
            .iter()
            .flatten()
            .find(|b| b.0 == cell)
            .map(|b| (b.1, b.2))
    }
}

/// A piece on a board, as [`GameState::board_pieces`] reports it for pictures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPiece {
    /// The cell it stands on ([`BoardInfo`]'s numbering).
    pub cell: u16,
    /// The seat it belongs to; `None` for a neutral piece (the ball).
    pub seat: Option<Seat>,
    /// A short label drawn on it (a player's number), at most a few characters.
    pub label: String,
}

/// How the cells of a [`BoardInfo`] tile the plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardLayout {
    /// Flat-topped hexes in columns, every odd column shifted half a hex down ("odd-q"
    /// offset coordinates, Red Blob Games, "Hexagonal Grids").
    HexOddQ,
    /// Squares.
    Square,
}

/// Something that happened while an action was applied, reported to the observer passed to
/// [`GameState::apply_with`]. Statistics fold these; the engine keeps no counters itself.
///
/// Two kinds:
/// - **game-neutral** events, which every game may report and every statistic of
///   `balance.csv` and the design lab reads: [`GameEvent::Goal`] (a point scored),
///   [`GameEvent::PeriodEnd`], [`GameEvent::TurnEnd`], [`GameEvent::Locked`],
///   [`GameEvent::PossessionChange`];
/// - the **board capability**: [`GameEvent::Shot`], reported by games that describe
///   their pitch in [`GameInfo::board`] (the report's heat map of shots);
/// - the **card capability**: [`GameEvent::CardDrawn`], [`GameEvent::CardPlayed`] and
///   [`GameEvent::CardResolved`], reported by card games, which opt in by listing their
///   cards in [`GameInfo::cards`]. The card statistics (`cards.csv`) and card-value
///   ablations ([`Registered::ablate_card`]) apply to the games that have it; a game
///   with an empty card list reports none of these.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameEvent {
    /// `seat` put card `card` (an index into [`GameInfo::cards`]) into its hand.
    CardDrawn {
        /// The seat that drew.
        seat: Seat,
        /// The card id.
        card: u8,
    },
    /// `seat` played card `card`.
    CardPlayed {
        /// The seat that played.
        seat: Seat,
        /// The card id.
        card: u8,
    },
    /// The effect of a played card was decided: `success` is true when it did what it is
    /// for (a pass advanced, a tackle won the ball, a shot scored…).
    CardResolved {
        /// The seat that played the card.
        seat: Seat,
        /// The card id.
        card: u8,
        /// Whether the card succeeded.
        success: bool,
    },
    /// `seat` scored a goal (or a point, in non-football games).
    Goal {
        /// The scoring seat.
        seat: Seat,
    },
    /// A period of play ended (a half, in football games), before any event of the next
    /// period. Periods are numbered from 1; the last period's end is reported too, before
    /// the state becomes terminal. Balance statistics use it for the half-time score.
    PeriodEnd {
        /// The period that ended (1 for the first half).
        period: u8,
    },
    /// `seat`'s turn ended (reported once per turn, before the next seat's turn begins
    /// and before the state becomes terminal). Game length in turns, cards played per turn
    /// and the other per-turn rates count these.
    TurnEnd {
        /// The seat whose turn ended.
        seat: Seat,
    },
    /// `seat` was locked: it had no playable card (or move) in its turn and had to pass or
    /// discard for want of one. Reported at most once per turn.
    Locked {
        /// The locked seat.
        seat: Seat,
    },
    /// Possession (of the ball, or of the initiative in non-football games) passed to
    /// `seat` from another seat during play. Kick-offs after a goal or at the start of a
    /// period are not changes of possession.
    PossessionChange {
        /// The seat that now has possession.
        seat: Seat,
    },
    /// The board capability: `seat` shot from cell `cell` of [`GameInfo::board`], and
    /// `scored` says whether the shot became a goal; reported once, when the shot is
    /// decided. The cell is given as the shooter sees the pitch, attacking towards the
    /// right (a game whose teams face each other mirrors the cells of the team attacking
    /// left), so that every seat's shots fall on one heat map.
    Shot {
        /// The seat that shot.
        seat: Seat,
        /// Where from, a cell of the board (attacking right).
        cell: u16,
        /// Whether it was a goal.
        scored: bool,
    },
}

/// Who decides next, as written in trace snapshots: a seat, chance, or nobody (the game
/// is over). Serialized as the seat number, `"chance"` or `null`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToMove {
    /// A seat decides.
    Seat(Seat),
    /// A chance node.
    Chance,
    /// The game is over.
    Nobody,
}

impl From<Turn> for ToMove {
    fn from(turn: Turn) -> Self {
        match turn {
            Turn::Decision(s) => ToMove::Seat(s),
            Turn::Chance => ToMove::Chance,
            Turn::Terminal => ToMove::Nobody,
        }
    }
}

impl serde::Serialize for ToMove {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ToMove::Seat(x) => s.serialize_u8(*x),
            ToMove::Chance => s.serialize_str("chance"),
            ToMove::Nobody => s.serialize_none(),
        }
    }
}

/// Declares a rule option: a fieldless enum read from and written to a rules file by its
/// kebab-case names (`option_enum!(/// doc
/// Name { /// doc
/// A = "a", /// doc
/// B = "b" })`). Every game's `[options]` use it, so an option's spelling is in one
/// place: its variant.
macro_rules! option_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, serde::Serialize, serde::Deserialize, PartialEq, Eq)]
        pub enum $name {
            $($(#[$vm])* #[serde(rename = $text)] $variant),+
        }
    };
}
pub(crate) use option_enum;

/// Defines a game's loaded rule set, `$name`: the rules file as written (the module's
/// `RulesConfig`) and its validated `Rules`, with the game's [`GameInfo`]. It gives
/// `from_toml` (parse, then validate, every problem on a line of its own naming its key),
/// `default_rules` (the module's embedded `DEFAULT_RULES`, from `$file`), `config`,
/// `rules` and the [`Game`] impl whose initial state is `State::new(rules)`. The module
/// writes the one game-specific part itself: `from_parts(config, rules) -> Self`, which
/// builds the `GameInfo`.
macro_rules! rule_set {
    ($(#[$m:meta])* $name:ident, $file:literal) => {
        $(#[$m])*
        #[derive(Clone, Debug)]
        pub struct $name {
            config: RulesConfig,
            rules: Rules,
            info: $crate::core::GameInfo,
        }

        impl $name {
            /// Loads rules from TOML text; `source` names the text in error messages.
            /// Errors: one line per problem, each naming its key.
            pub fn from_toml(text: &str, source: &str) -> Result<Self, String> {
                let config = RulesConfig::parse(text, source)?;
                let rules = config
                    .validate()
                    .map_err(|problems| $crate::core::RuleProblem::lines(source, &problems))?;
                Ok(Self::from_parts(config, rules))
            }

            #[doc = concat!("The embedded default rules (`", $file, "`).")]
            pub fn default_rules() -> Self {
                Self::from_toml(DEFAULT_RULES, concat!("embedded ", $file))
                    .expect("the embedded default rules are valid")
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

        impl $crate::core::Game for $name {
            type State = State;

            fn info(&self) -> &$crate::core::GameInfo {
                &self.info
            }

            /// The state before the first action (a chance node dealing or tossing).
            fn new_initial_state(&self) -> State {
                State::new(self.rules)
            }
        }
    };
}
pub(crate) use rule_set;

/// One problem found in a rule set, for validation that reports every problem at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleProblem {
    /// The dotted key of the rules file the problem is about (`deck.cards.TIRO`,
    /// `dice.green`), as a designer would type it after `--set`; empty for the file as a
    /// whole.
    pub key: String,
    /// What is wrong and, where it helps, what to change, in a designer's words (no type
    /// names), one line.
    pub message: String,
}

impl RuleProblem {
    /// A problem with the value at `key`.
    pub fn new(key: impl Into<String>, message: impl Into<String>) -> Self {
        RuleProblem {
            key: key.into(),
            message: message.into(),
        }
    }

    /// Every problem of `problems` on a line of its own, each prefixed by `source` (the
    /// file or text the rules came from): the error text of a game's `from_toml`.
    pub fn lines(source: &str, problems: &[RuleProblem]) -> String {
        problems
            .iter()
            .map(|p| format!("{source}: {p}"))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl std::fmt::Display for RuleProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.key.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.key, self.message)
        }
    }
}

/// A loaded rule set of one game: validated once, then shared read-only by every thread.
pub trait Game: Sync + Send {
    /// The game state this rule set plays; every game provides a heuristic evaluation
    /// for the agents that need one.
    type State: Heuristic;
    /// Static facts: name, seats, length bound, card names.
    fn info(&self) -> &GameInfo;
    /// The state before the first action (usually a chance node dealing cards).
    fn new_initial_state(&self) -> Self::State;
}

/// One position of a game, cheap to clone (no heap data in the games of this lab), which
/// is what search needs: MCTS clones a state per iteration.
pub trait GameState: Clone + Send + Sync + Debug {
    /// A serializable snapshot of the public and private facts of the state, written by
    /// `sim trace`. Engine types are not serialized directly; this is the mapping.
    type Snapshot: serde::Serialize;

    /// Number of seats playing.
    fn num_seats(&self) -> usize;

    /// How the seats' returns relate, as [`GameInfo::utility`] says (search reads it
    /// from the state it holds). The default is the lab's placement convention,
    /// [`Utility::ConstantSum`] of `num_seats / 2` ([`placement_returns`]); a game with
    /// other returns overrides it, and the battery checks the two agree.
    fn utility(&self) -> Utility {
        Utility::ConstantSum(self.num_seats() as f64 / 2.0)
    }

    /// Whose move it is.
    fn turn(&self) -> Turn;

    /// Fills `out` (cleared first) with the legal actions of the deciding seat, sorted and
    /// unique. Leaves it empty when the state is not a decision. Never allocates.
    fn legal_actions(&self, out: &mut ActionList);

    /// Fills `out` (cleared first) with the outcomes of the chance node and their weights.
    /// Leaves it empty when the state is not a chance node. Never allocates.
    fn chance_outcomes(&self, out: &mut ChanceList);

    /// Draws one outcome of the chance node from `rng`, with probability proportional to
    /// its weight: exactly what [`sample_chance`] returns on [`GameState::chance_outcomes`]
    /// with the same `rng` (the same numbers drawn, the same outcome), so a game may
    /// override it to sample without building the list (the generic battery checks that
    /// the two agree). Panics when the state is not a chance node.
    #[inline]
    fn sample_chance_outcome(&self, rng: &mut Rng) -> Action {
        sample_listed_chance(self, rng)
    }

    /// Whether the decision is a symmetric secret choice: the legal actions are options
    /// the rules treat alike, whose only effect is whether they match another seat's
    /// choice that neither can see (a penalty kick's direction against the goalkeeper's
    /// dive). Against any strategy of the other seat every action then has the same
    /// value in expectation, and the uniform choice is the equilibrium (the matching
    /// game of von Neumann & Morgenstern): search cannot improve on it, so search agents
    /// choose uniformly at random without searching. The default is `false`; a game
    /// says `true` only where its rules guarantee it.
    fn symmetric_choice(&self) -> bool {
        false
    }

    /// Whether the decision is a *secret choice*: the sequential form of a simultaneous
    /// move. The deciding seat chooses first and its action stays hidden from the other
    /// seats until a later reveal (GRANGOL's shot direction, chosen before the wall and
    /// the goalkeeper's dive). The pattern: the action is masked in every other seat's
    /// information key, and whoever decides next sees the same legal actions whatever
    /// was chosen; [`testing::check_secret_choice`] checks exactly this at every such
    /// decision of the battery. The default is `false`.
    fn secret_choice(&self) -> bool {
        false
    }

    /// At a decision of a simultaneous secret game whose equilibrium the rules fix from
    /// public facts (Helvetia Cup's shot: the square against the goalkeeper's squares, a
    /// small zero-sum matrix game), an action drawn with `rng` from the deciding seat's
    /// equilibrium mixed strategy; `None` elsewhere. Search agents play it instead of
    /// searching the decision, at the root and in the tree (no node), as they play a
    /// [`GameState::symmetric_choice`] uniformly: against any reply it is worth at least
    /// the game's value, and no node of the tree can then depend on a secret the other
    /// seat cannot see. It must read only what the deciding seat sees (never the other
    /// seat's secret choice). The default is `None` and draws nothing from `rng`.
    fn equilibrium_choice(&self, rng: &mut Rng) -> Option<Action> {
        let _ = rng;
        None
    }

    /// Which of the game's independent sources of luck the chance node draws from, in
    /// `0..MAX_CHANCE_STREAMS` (for GRANGOL: the draw pile, the green die, the red die, a
    /// random card from a hand). The runner samples each source from its own random stream,
    /// so that two games dealt from the same seed (duplicate deals) see the same die rolls
    /// and the same draws even after their decisions make them diverge. Only meaningful at
    /// a chance node; the default puts all chance in stream 0.
    fn chance_stream(&self) -> u8 {
        0
    }

    /// Applies `action` (a legal action or a chance outcome), reporting what happened to
    /// `events`. Deterministic. The action must be legal: an illegal one may leave the
    /// state inconsistent (use [`GameState::try_apply`] for unchecked input).
    fn apply_with<F: FnMut(GameEvent)>(&mut self, action: Action, events: &mut F);

    /// Applies `action` without observing events.
    #[inline]
    fn apply(&mut self, action: Action) {
        self.apply_with(action, &mut |_| {});
    }

    /// Applies `action` after checking that it is legal here (or a possible chance
    /// outcome). Errors: [`IllegalAction`], and the state is left unchanged.
    fn try_apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        let ok = match self.turn() {
            Turn::Terminal => false,
            Turn::Chance => {
                let mut list = ChanceList::new();
                self.chance_outcomes(&mut list);
                list.iter().any(|&(a, _)| a == action)
            }
            Turn::Decision(_) => {
                let mut list = ActionList::new();
                self.legal_actions(&mut list);
                list.binary_search(&action).is_ok()
            }
        };
        if ok {
            self.apply(action);
            Ok(())
        } else {
            Err(IllegalAction(action))
        }
    }

    /// Per-seat returns; all zero until the state is terminal.
    fn returns(&self) -> Returns;

    /// Goals (or points) scored so far by `seat`.
    fn score(&self, seat: Seat) -> i32;

    /// Goals (or points) scored against `seat` so far. The default is every other seat's
    /// score, right for games where every point is scored against all the others (two
    /// seats); a game where a goal is scored against one chosen seat (LASTUF GOL)
    /// overrides it.
    fn conceded(&self, seat: Seat) -> i32 {
        (0..self.num_seats() as Seat)
            .filter(|&o| o != seat)
            .map(|o| self.score(o))
            .sum()
    }

    /// At a terminal state, whether the game was ended by its rules' length cap (a turn
    /// limit declared in the rules, the game scored as it stood) rather than by its own
    /// end condition. Balance statistics count these (`capped_rate` in `balance.csv`).
    /// The default is `false`: the game always ends by itself.
    fn ended_by_cap(&self) -> bool {
        false
    }

    /// The *memory capability* of games whose hidden facts become known by being seen
    /// (the memory game's face-down cards): the number of slots (grid cells) whose
    /// content a seat may remember, each in `0..memory_slots()`. A forgetful player
    /// (`agents::Forgetful`) forgets slots; search then treats a forgotten slot as never
    /// seen. The default is 0: nothing to forget (hands are held, not remembered).
    fn memory_slots(&self) -> usize {
        0
    }

    /// If `seat` knows the hidden content of `slot` now (it has seen it and the content is
    /// still hidden from some seat), a stamp that changes each time the slot is shown
    /// again (turned face up, looked at), so that a forgetful player remembers a slot seen
    /// anew; `None` when `seat` does not know it or the slot holds nothing hidden. The
    /// default is `None` everywhere.
    fn memory_stamp(&self, seat: Seat, slot: usize) -> Option<u32> {
        let _ = (seat, slot);
        None
    }

    /// Makes `seat` forget `slot`: the state becomes one in which `seat` never saw the
    /// slot's content, so [`GameState::determinize`] for `seat` resamples it and `seat`'s
    /// information key changes. Agents call it only on their own determinizations, never
    /// on the true state. The default does nothing.
    fn forget(&mut self, seat: Seat, slot: usize) {
        let _ = (seat, slot);
    }

    /// The number of turns begun so far: the clock of forgetting (a forgetful player
    /// forgets once per turn begun, see [`GameState::memory_slots`]). The default is 0.
    fn turns_begun(&self) -> u32 {
        0
    }

    /// The board capability: the pieces on the board now, for pictures (`sim replay`),
    /// pushed onto `out` (not cleared first); cells as in [`GameInfo::board`], in the
    /// board's own orientation. The default pushes nothing (a game without a board).
    /// Pictures only: it may allocate.
    fn board_pieces(&self, out: &mut Vec<BoardPiece>) {
        let _ = out;
    }

    /// The information key of `seat`: equal for two states exactly when `seat` has seen
    /// the same things in both (perfect recall, up to hash collisions).
    fn info_key(&self, seat: Seat) -> InfoKey;

    /// A state drawn from `seat`'s information set: everything `seat` has seen is kept
    /// (its own hand, public cards, every hand size, its information key), and every
    /// hidden part (other hands, the order or make-up of the draw pile, other seats' secret
    /// choices) is resampled from `rng`, consistent with what `seat` knows. The result
    /// depends only on `seat`'s information and `rng`, never on the hidden truth.
    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self;

    /// A readable name of `action` at this state, as a user reads it in a trace
    /// (`"PASSAGGIO"`, `"green die: +1"`, `"draw TIRO"`, `"shot: left"`).
    fn action_to_string(&self, action: Action) -> String;

    /// The trace snapshot of this state.
    fn snapshot(&self) -> Self::Snapshot;

    /// Checks the game's own invariants (card conservation, hand limits…), returning the
    /// first violation found. Used by the test battery and `sim trace` checks.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

/// A game-specific evaluation of a state, used by the greedy agent and at the cut of
/// depth-limited MCTS playouts.
pub trait Heuristic: GameState {
    /// An estimate of `seat`'s return from this state, in `[0, 1]` (the scale of
    /// [`Returns`]): at a terminal state it must equal the return. An implementation reads
    /// only what `seat` may see (public facts and its own hand), so evaluating a
    /// determinization cannot leak hidden information.
    fn heuristic(&self, seat: Seat) -> f64;

    /// The game's *rollout policy*: an action for `who` among `legal` (its legal actions
    /// here), chosen only from what `who` knows, for the playouts and the expansion order
    /// of search (`mcts(playout=policy)`, the default). A game whose hidden information is
    /// the point of play (the memory game) gives one, because uniform playouts there are
    /// mere noise and one-ply heuristic playouts on a determinization would see the cards
    /// no player has seen. `rng` is the caller's stream. The default is `None` (no
    /// policy: search plays uniformly at random), and draws nothing from `rng`.
    fn rollout_action(&self, who: Seat, legal: &ActionList, rng: &mut Rng) -> Option<Action> {
        let _ = (who, legal, rng);
        None
    }

    /// Whether [`Heuristic::action_class`] puts some legal actions in one class in this
    /// game (a fact of the rules and the number of seats, never of hidden information):
    /// search then keeps one action of each class. The default is `false` (every action
    /// is its own class, and search does not look).
    fn has_action_classes(&self) -> bool {
        false
    }

    /// The class of `action` (legal for `who` here) among `who`'s legal actions: two
    /// actions of one class are exchangeable given what `who` knows (they lead to
    /// positions that differ only by a relabelling `who` cannot tell apart, such as two
    /// face-down cards it has never seen in the memory game), so a search need only try
    /// one of them. Like [`Heuristic::heuristic`], it reads only what `who` may see, so
    /// every determinization of one information set gives the same classes. Only read
    /// when [`Heuristic::has_action_classes`]; the default is the action itself.
    fn action_class(&self, who: Seat, action: Action) -> u64 {
        let _ = who;
        u64::from(action.0)
    }

    /// The names of the game's evaluation features, in the order [`Heuristic::features`]
    /// writes them (at most [`MAX_FEATURES`]); the keys of `configs/<game>/eval.toml`.
    /// The default is none: the game has no fitted evaluation.
    const FEATURES: &'static [&'static str] = &[];

    /// Writes the evaluation features of this state for `seat` into `out[..n]` and
    /// returns `n` (= `FEATURES.len()`), without allocating. Like
    /// [`Heuristic::heuristic`], it reads only what `seat` may see, so two
    /// determinizations of one information set give the same features. The default
    /// writes nothing and returns 0.
    fn features(&self, seat: Seat, out: &mut [f64; MAX_FEATURES]) -> usize {
        let _ = (seat, out);
        0
    }

    /// The game's fitted evaluation over [`Heuristic::FEATURES`] (its embedded
    /// `configs/<game>/eval.toml`, fitted by `sim fit-eval`), if it has one. The default
    /// is `None`.
    fn fitted_eval() -> Option<&'static LinearEval> {
        None
    }

    /// The fitted evaluation of this state for `seat`, in `[0, 1]`: the return at a
    /// terminal state, [`LinearEval::value`] of the features where the game has a fitted
    /// evaluation, and [`Heuristic::heuristic`] elsewhere.
    fn fitted_heuristic(&self, seat: Seat) -> f64 {
        match Self::fitted_eval() {
            Some(eval) if self.turn() != Turn::Terminal => {
                let mut x = [0.0; MAX_FEATURES];
                self.features(seat, &mut x);
                eval.value(&x)
            }
            _ => self.heuristic(seat),
        }
    }
}

/// Most evaluation features a game may have ([`Heuristic::features`]).
pub const MAX_FEATURES: usize = 48;

/// An action that is neither legal nor a chance outcome at the state it was applied to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("illegal action {}", .0 .0)]
pub struct IllegalAction(pub Action);

/// [`GameState::sample_chance_outcome`] by the list: builds `state`'s chance outcomes and
/// draws one with [`sample_chance`]. The default of that method, and the fallback of the
/// games that override it for their common chance nodes. Panics at a state that is not a
/// chance node.
pub fn sample_listed_chance<S: GameState>(state: &S, rng: &mut Rng) -> Action {
    let mut list = ChanceList::new();
    state.chance_outcomes(&mut list);
    sample_chance(&list, rng)
}

/// Draws one outcome from `outcomes` with probability proportional to its weight.
/// Panics if `outcomes` is empty (a chance node always has an outcome).
///
/// When every weight is 1 (a card drawn from a pile of distinct cards), the outcome is
/// found by index instead of by a scan: the same outcome for the same random number.
pub fn sample_chance(outcomes: &ChanceList, rng: &mut Rng) -> Action {
    use rand::Rng as _;
    let (total, ones) = outcomes
        .iter()
        .fold((0u32, true), |(t, ones), &(_, w)| (t + w, ones & (w == 1)));
    let mut r = rng.gen_range(0..total);
    if ones {
        return outcomes[r as usize].0;
    }
    for &(a, w) in outcomes {
        if r < w {
            return a;
        }
        r -= w;
    }
    unreachable!("chance weights sum to {total}")
}

/// Draws one outcome from `outcomes` with probability proportional to its weight, by an
/// exponential race: one 64-bit number from `rng` is hashed with each outcome's action
/// code into a uniform `u` in (0, 1), the outcome's clock is `−ln(u) / weight`, and the
/// earliest clock wins, which happens with probability `weight / Σ weights` (the minimum
/// of independent exponential variables; the Gumbel-max trick in another form).
///
/// Unlike [`sample_chance`], the winner depends on each outcome's own clock, not on its
/// place in the list: two chance nodes that differ only in the weights of a few outcomes
/// give the same result unless one of those outcomes is involved. Common random numbers
/// for ablations (`sim card-value` replaces one card by a blank) keep games aligned
/// this way. About 20 ns per outcome, so the runner uses it only there. Panics if
/// `outcomes` is empty.
pub fn sample_chance_coupled(outcomes: &ChanceList, rng: &mut Rng) -> Action {
    use rand::RngCore as _;
    let r = rng.next_u64();
    let mut best = (f64::INFINITY, None);
    for &(a, w) in outcomes {
        let h = rng::mix(r ^ u64::from(a.0).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let u = ((h >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
        let clock = -u.ln() / f64::from(w);
        if clock < best.0 {
            best = (clock, Some(a));
        }
    }
    best.1.expect("a chance node has at least one outcome")
}

/// Something that chooses actions for a seat, seeing only that seat's [`PlayerView`].
pub trait Agent<S: GameState>: Send {
    /// The agent's name as typed in `--agents` (`random`).
    fn name(&self) -> &str;
    /// Chooses one of `view`'s legal actions. `rng` is the seat's own stream: the agent
    /// draws every random choice from it, so runs are reproducible.
    fn act(&mut self, view: &PlayerView<'_, S>, rng: &mut Rng) -> Action;

    /// Forgets everything from earlier games (a search tree kept between decisions), so
    /// that one agent can play many games and each game's choices depend only on that
    /// game. Runners call it before every game. The default does nothing (a stateless
    /// agent).
    fn new_game(&mut self) {}

    /// The time one decision may take, for an agent whose budget is a time (an MCTS
    /// with a time limit); runners report decisions that go well past it. The default,
    /// `None`: the budget is not a time (iterations, or no search).
    fn time_budget(&self) -> Option<std::time::Duration> {
        None
    }
}

#[cfg(test)]
mod sampling_tests {
    use super::*;

    fn list(weights: &[(u16, u32)]) -> ChanceList {
        weights.iter().map(|&(a, w)| (Action(a), w)).collect()
    }

    #[test]
    fn sampling_unit_weights_by_index_matches_the_scan() {
        // The scan that sample_chance runs for other weights, as a reference.
        fn scan(outcomes: &ChanceList, rng: &mut Rng) -> Action {
            use rand::Rng as _;
            let total: u32 = outcomes.iter().map(|&(_, w)| w).sum();
            let mut r = rng.gen_range(0..total);
            for &(a, w) in outcomes {
                if r < w {
                    return a;
                }
                r -= w;
            }
            unreachable!()
        }
        for n in [1u16, 2, 7, 52] {
            let outcomes = (0..n).map(|a| (Action(3 * a + 1), 1)).collect();
            for i in 0..200 {
                let a = sample_chance(&outcomes, &mut derive_rng(9, i, Stream::Other(3)));
                let b = scan(&outcomes, &mut derive_rng(9, i, Stream::Other(3)));
                assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn coupled_sampling_follows_the_weights() {
        let outcomes = list(&[(0, 15), (4, 3), (7, 2), (29, 1)]);
        let mut rng = derive_rng(3, 0, Stream::Other(1));
        let mut counts = [0u32; 30];
        let n = 210_000;
        for _ in 0..n {
            counts[usize::from(sample_chance_coupled(&outcomes, &mut rng).0)] += 1;
        }
        for &(a, w) in &outcomes {
            let p = f64::from(w) / 21.0;
            let got = f64::from(counts[usize::from(a.0)]) / f64::from(n);
            let sd = (p * (1.0 - p) / f64::from(n)).sqrt();
            assert!((got - p).abs() < 5.0 * sd, "outcome {a:?}: {got} vs {p}");
        }
    }

    #[test]
    fn coupled_sampling_changes_only_where_the_weights_changed() {
        // One copy of outcome 4 becomes outcome 29: draws of the other outcomes agree.
        let base = list(&[(0, 15), (4, 3), (7, 2), (9, 5)]);
        let ablated = list(&[(0, 15), (4, 2), (7, 2), (9, 5), (29, 1)]);
        let (mut same, mut moved) = (0, 0);
        for i in 0..20_000 {
            let a = sample_chance_coupled(&base, &mut derive_rng(5, i, Stream::Other(2)));
            let b = sample_chance_coupled(&ablated, &mut derive_rng(5, i, Stream::Other(2)));
            if a == b {
                same += 1;
            } else {
                moved += 1;
                assert!(a.0 == 4 || b.0 == 29, "{a:?} became {b:?}");
            }
        }
        // Only draws touching the changed weights move: about 1/25 of them.
        assert!(moved > 0 && moved < 2000, "{moved} of {}", same + moved);
    }
}
