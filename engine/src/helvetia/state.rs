//! The state of a Helvetia Cup match (Family rules): [`State`], its fields and queries;
//! the `GameState` impl is in `game.rs`, whose methods delegate to the files that hold
//! each concern:
//! the flow of a match (`flow.rs`), legality and chance outcomes (`legal.rs`), information
//! keys and determinization (`info.rs`) and notation (`notation.rs`).
//! `docs/rules/helvetia.md` traces each clause to these files.
//!
//! **The flow.** The coin decides who attacks first ([`Phase::Toss`]). At every kick-off
//! the defence places its goalkeeper and four players one decision each
//! ([`Phase::Place`]), then the attack names its kick-off player ([`Phase::Kicker`], put
//! on the centre hex) and places the others. A round is a move phase (every figure of the
//! attack in card order, then the defence: [`Phase::Move`]) and an action phase: a steal
//! when a defender shares the carrier's hex ([`Phase::Steal`]), then passes, a shot or the
//! end of the round ([`Phase::Offence`]). A kick-off goes straight to the action phase or
//! through a move phase first (the options [`super::Kickoff`]).
//!
//! **The secret square.** A shot's (or penalty's) target square is chosen first
//! ([`Phase::Target`], a secret choice masked in the defence's information key) and the
//! goalkeeper's squares next ([`Phase::Keeper`]); then the target is revealed to the
//! defence. Determinizing for the goalkeeper's seat resamples the hidden square.
//!
//! **Chance.** Stream 0 is the Chafouin coin (the kick-off toss, the shoot-out toss);
//! stream 1 is the D20.

use super::board::{Board, Cell, GOAL_ZONE, OFF_PITCH};
use super::chances::ShotTable;
use super::rules::{Card, Rules, FIGURES, SQUARES};
use super::shot;
use serde::Serialize;

pub(super) const TAG_ACTION: u64 = 0xAC7_0000;
pub(super) const TAG_SECRET: u64 = 0x5EC_0000;
pub(super) const TAG_REVEAL: u64 = 0xE7E_0000;
pub(super) const TAG_DET: u64 = 0xDE7_0000;

/// What a D20 roll decides.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub enum RollFor {
    /// A steal: success when the roll is at most the defender's DEF.
    Steal,
    /// An interception: the same.
    Intercept,
    /// A shot: a goal when the roll is at most the shooter's OFF less the square's malus.
    Shot,
    /// A penalty of the shoot-out: the same.
    Penalty,
}

/// The step the match is at.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub enum Phase {
    /// Chance: the coin names the team that attacks first.
    Toss,
    /// `team` places its figure `fig` on a hex of its half.
    Place {
        /// The placing team.
        team: u8,
        /// The figure (0 the goalkeeper).
        fig: u8,
    },
    /// The attack names the player who kicks off from the centre hex.
    Kicker,
    /// `team` moves figure `fig` (the move phase).
    Move {
        /// The moving team.
        team: u8,
        /// The figure.
        fig: u8,
    },
    /// The defender on the carrier's hex decides whether to try a steal.
    Steal,
    /// Chance: the D20.
    Roll(RollFor),
    /// The defender who won the ball MUST move one hex (his team now attacks).
    TakerMove,
    /// The carrier who kept the ball after a failed steal MUST move one hex.
    CarrierMove,
    /// The attack passes, shoots or ends the round.
    Offence,
    /// The defender on the receiver's hex decides whether to try an interception.
    Intercept,
    /// The shooter's secret target square (a shot or a penalty).
    Target,
    /// The goalkeeper's edge-adjacent squares.
    Keeper,
    /// Chance: the coin names the team that shoots the first penalty.
    ShootoutToss,
    /// `team` appoints its `k`-th penalty taker.
    Appoint {
        /// The appointing team.
        team: u8,
        /// Which taker (0 first).
        k: u8,
    },
    /// Sudden death: the kicking team names its taker.
    Taker,
    /// After a goal, before the placing: `team` makes a change or no more changes.
    Change {
        /// The team deciding.
        team: u8,
    },
    /// The match is over.
    Over,
}

/// A position of Helvetia Cup. `Copy`-sized (no heap), cloned per search iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The rules, shared by every state of them ([`Rules::interned`]): a reference keeps
    /// the state about a third of the size the rules by value made it, and a state is
    /// copied for every child of a search.
    pub(crate) rules: &'static Rules,
    pub(crate) board: Board,
    pub(crate) phase: Phase,
    /// The hex of every figure, `pos[team][fig]` ([`OFF_PITCH`] before it is placed).
    pub(crate) pos: [[Cell; FIGURES]; 2],
    /// BOOST markers left on every figure's card.
    pub(crate) boost: [[u8; FIGURES]; 2],
    /// The card each figure plays, `slot[team][fig]` (an index into the rules' cards:
    /// the figure's own card until a substitute comes on in its place).
    pub(crate) slot: [[u8; FIGURES]; 2],
    /// Per team, the substitutes that have come on (bit `k` = substitute `k`).
    pub(crate) subs_used: [u8; 2],
    /// The team with the ball (in the shoot-out: the kicking team).
    pub(crate) attack: u8,
    /// The figure of `attack` with the ball (in the shoot-out: the taker).
    pub(crate) carrier: u8,
    /// The defender concerned by a steal or an interception.
    pub(crate) defender: u8,
    /// The receiver of the pass under way.
    pub(crate) receiver: u8,
    /// The shot's target square (hidden from the defence until the reveal).
    pub(crate) target: u8,
    /// Squares the goalkeeper covers against the shot under way.
    pub(crate) cover: u8,
    /// Whether the shot under way is a penalty.
    pub(crate) penalty: bool,
    /// What follows the kick-off being set up: a move phase (`true`) or the actions.
    pub(crate) kick_to_move: bool,
    /// Goals of each team.
    pub(crate) score: [u8; 2],
    /// The half (1 or 2).
    pub(crate) half: u8,
    /// Time notches passed in this half.
    pub(crate) notch: u8,
    /// The team that attacked at the start of the match.
    pub(crate) first_attack: u8,
    /// Rounds ended.
    pub(crate) rounds: u32,
    /// Rounds in a row the attack has ended itself since the last notch, change of
    /// possession or kick-off (for [`super::rules::Options::notch_after_rounds`]).
    pub(crate) held: u8,
    /// Passes in this round.
    pub(crate) passes: u8,
    /// Shoot-out: the team that shoots first.
    pub(crate) first_kick: u8,
    /// Shoot-out: penalties taken by each team.
    pub(crate) kicks: [u8; 2],
    /// Shoot-out: penalties scored by each team.
    pub(crate) pens: [u8; 2],
    /// Shoot-out: the appointed takers of the first series.
    pub(crate) order: [[u8; FIGURES]; 2],
    /// Shoot-out: the figures of each team that have shot in the current cycle (bit set).
    pub(crate) shot: [u8; 2],
    /// Whether a lab cap ended the match.
    pub(crate) capped: bool,
    /// Per seat: the hash of everything it has observed.
    pub(crate) obs: [u64; 2],
    /// The chances of a shot under `rules`' D20 and maluses, shared by every state of
    /// them (`chances.rs`).
    pub(crate) shots: &'static ShotTable,
}

impl State {
    /// The state before the toss.
    pub fn new(rules: Rules) -> Self {
        let mut boost = [[0; FIGURES]; 2];
        for (t, b) in boost.iter_mut().enumerate() {
            for (f, x) in b.iter_mut().enumerate() {
                *x = rules.cards[t][f].boost;
            }
        }
        let board = Board::new(&rules);
        // The move phase's table of this pitch size, made by the first state of it.
        board.prepare();
        State {
            rules: rules.interned(),
            board,
            phase: Phase::Toss,
            pos: [[OFF_PITCH; FIGURES]; 2],
            boost,
            slot: [[0, 1, 2, 3, 4]; 2],
            subs_used: [0; 2],
            attack: 0,
            carrier: 0,
            defender: 0,
            receiver: 0,
            target: 0,
            cover: 0,
            penalty: false,
            kick_to_move: false,
            score: [0; 2],
            half: 1,
            notch: 0,
            first_attack: 0,
            rounds: 0,
            held: 0,
            passes: 0,
            first_kick: 0,
            kicks: [0; 2],
            pens: [0; 2],
            order: [[0; FIGURES]; 2],
            shot: [0; 2],
            capped: false,
            obs: [0; 2],
            shots: ShotTable::interned(rules.d20_cumulative, rules.malus),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.rules
    }

    /// The pitch.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The step the match is at.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The hex of `team`'s figure `fig` ([`OFF_PITCH`] when not placed).
    pub fn pos(&self, team: u8, fig: u8) -> Cell {
        self.pos[usize::from(team)][usize::from(fig)]
    }

    /// BOOST markers left on `team`'s figure `fig`.
    pub fn boost(&self, team: u8, fig: u8) -> u8 {
        self.boost[usize::from(team)][usize::from(fig)]
    }

    /// The team with the ball.
    pub fn attack(&self) -> u8 {
        self.attack
    }

    /// The figure with the ball.
    pub fn carrier(&self) -> u8 {
        self.carrier
    }

    /// The hex of the ball (the carrier's), [`OFF_PITCH`] before the kick-off.
    pub fn ball(&self) -> Cell {
        self.pos(self.attack, self.carrier)
    }

    /// The half (1 or 2).
    pub fn half(&self) -> u8 {
        self.half
    }

    /// Time notches passed in the half.
    pub fn notch(&self) -> u8 {
        self.notch
    }

    /// The minute on the time track.
    pub fn minute(&self) -> u16 {
        u16::from(self.notch) * u16::from(self.rules.minutes_per_notch)
    }

    /// Penalties scored in the shoot-out by each team.
    pub fn penalties(&self) -> [u8; 2] {
        self.pens
    }

    /// Rounds ended so far.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// The card `team`'s figure `fig` plays (its own, or the substitute's who replaced
    /// it).
    pub fn card(&self, team: u8, fig: u8) -> &Card {
        let (t, f) = (usize::from(team), usize::from(fig));
        &self.rules.cards[t][usize::from(self.slot[t][f])]
    }

    /// The substitutes `team` may still bring on (bit `k` = substitute `k`).
    pub fn subs_left(&self, team: u8) -> u8 {
        let t = usize::from(team);
        ((1u8 << self.rules.substitutes[t]) - 1) & !self.subs_used[t]
    }

    /// OFF of `team`'s figure `fig` now: the exhausted value once its BOOST is spent.
    pub fn off(&self, team: u8, fig: u8) -> u8 {
        let c = self.card(team, fig);
        if self.boost(team, fig) == 0 {
            c.off_exhausted
        } else {
            c.off
        }
    }

    /// DEF of `team`'s figure `fig` now: the exhausted value once its BOOST is spent.
    pub fn def(&self, team: u8, fig: u8) -> u8 {
        let c = self.card(team, fig);
        if self.boost(team, fig) == 0 {
            c.def_exhausted
        } else {
            c.def
        }
    }

    /// The figure of `team` on hex `c`, if any (one per team per hex).
    pub fn figure_at(&self, team: u8, c: Cell) -> Option<u8> {
        self.pos[usize::from(team)]
            .iter()
            .position(|&p| p == c)
            .map(|f| f as u8)
    }

    /// Whether `team`'s figure `fig` may stand on `c`: a hex of the board, no teammate
    /// there (itself apart), and a goal zone only for the goalkeeper in his own.
    pub fn may_stand(&self, team: u8, fig: u8, c: Cell) -> bool {
        if !self.board.is_cell(c) {
            return false;
        }
        if GOAL_ZONE.contains(&c) && (fig != 0 || c != GOAL_ZONE[usize::from(team)]) {
            return false;
        }
        let here = self.figure_at(team, c);
        here.is_none() || here == Some(fig)
    }

    /// Whether `team`'s figure `fig` may be placed on `c` at a kick-off: a hex of its own
    /// half (the halfway column is nobody's), outside the centre circle.
    pub fn may_place(&self, team: u8, fig: u8, c: Cell) -> bool {
        self.may_stand(team, fig, c)
            && self.board.half(c) == Some(team)
            && !self.board.in_centre_circle(c)
            && self.figure_at(team, c).is_none()
    }

    /// Squares the goalkeeper covers against a shot from `c` by `team`: its distance to
    /// the goal, at most the 6 squares.
    pub fn cover_from(&self, c: Cell, team: u8) -> u8 {
        self.board.goal_distance(c, team).min(SQUARES as u8)
    }

    /// The equilibrium of the shot under way (a match shot or a penalty: the carrier's
    /// chance on each square against the squares the goalkeeper covers), from public
    /// facts only: the shooter's OFF, the squares covered, the malus
    /// ([`super::shot::solve`]). Meaningful from the shot's start to the goalkeeper's
    /// choice.
    pub fn shot_equilibrium(&self) -> shot::Equilibrium {
        let p = std::array::from_fn(|q| self.roll_chance(self.carrier, q as u8));
        shot::solve(self.cover, &p)
    }

    /// Whether the carrier may shoot (he is in the shooting zone).
    pub fn may_shoot(&self) -> bool {
        self.board.goal_distance(self.ball(), self.attack) <= self.rules.shooting_range
    }

    pub(super) fn defence(&self) -> u8 {
        1 - self.attack
    }

    /// The winner: 0 or 1, or 2 for a draw (a capped shoot-out).
    pub fn winner(&self) -> Option<u8> {
        if self.phase != Phase::Over {
            return None;
        }
        let (a, b) = if self.score[0] != self.score[1] {
            (self.score[0], self.score[1])
        } else {
            (self.pens[0], self.pens[1])
        };
        Some(match a.cmp(&b) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => 2,
        })
    }
}
