//! The state of a Helvetia Cup match (Family rules) and its `GameState` implementation
//! (`docs/rules/helvetia.md` traces each clause here).
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

use super::actions::{self as act, Decoded, CONNECTED};
use super::board::{Board, Cell, GOAL_ZONE, OFF_PITCH};
use super::rules::{BoostHalfTime, Card, Kickoff, Rules, Substitutions, FIGURES, SQUARES};
use super::shot;
use crate::core::{
    Action, ActionList, ChanceList, GameEvent, GameState, InfoKey, Returns, Rng, Seat, ToMove, Turn,
};
use rand::Rng as _;
use serde::Serialize;

const TAG_ACTION: u64 = 0xAC7_0000;
const TAG_SECRET: u64 = 0x5EC_0000;
const TAG_REVEAL: u64 = 0xE7E_0000;
const TAG_DET: u64 = 0xDE7_0000;

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
    pub(crate) rules: Rules,
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
        State {
            rules,
            board: Board::new(&rules),
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
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
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

    fn defence(&self) -> u8 {
        1 - self.attack
    }

    fn observe_all(&mut self, v: u64) {
        for h in &mut self.obs {
            *h = InfoKey::mix(*h, v);
        }
    }

    /// Every figure off the pitch; the defence places first.
    fn kickoff<F: FnMut(GameEvent)>(&mut self, attack: u8, option: Kickoff, ev: &mut F) {
        if self.cap_reached(ev) {
            return;
        }
        self.attack = attack;
        self.kick_to_move = option == Kickoff::MovePhase;
        self.pos = [[OFF_PITCH; FIGURES]; 2];
        self.passes = 0;
        self.phase = Phase::Place {
            team: 1 - attack,
            fig: 0,
        };
    }

    /// The next figure to place, or what follows the placement.
    fn next_placement(&mut self, team: u8) {
        if let Some(f) = self.pos[usize::from(team)]
            .iter()
            .position(|&p| p == OFF_PITCH)
        {
            self.phase = Phase::Place { team, fig: f as u8 };
        } else if team != self.attack {
            self.phase = Phase::Kicker;
        } else if self.kick_to_move {
            self.phase = Phase::Move {
                team: self.attack,
                fig: 0,
            };
        } else {
            self.begin_actions();
        }
    }

    /// The action phase: a steal when a defender shares the carrier's hex, else the
    /// offensive actions.
    fn begin_actions(&mut self) {
        match self.figure_at(self.defence(), self.ball()) {
            Some(d) => {
                self.defender = d;
                self.phase = Phase::Steal;
            }
            None => self.phase = Phase::Offence,
        }
    }

    /// Ends the round of the attacking team (one `TurnEnd`).
    fn close_round<F: FnMut(GameEvent)>(&mut self, ev: &mut F) {
        ev(GameEvent::TurnEnd { seat: self.attack });
        self.rounds += 1;
        self.passes = 0;
        self.held = 0;
    }

    /// Whether the round cap ended the match (then it is finished).
    fn cap_reached<F: FnMut(GameEvent)>(&mut self, ev: &mut F) -> bool {
        if self.rounds >= self.rules.max_rounds {
            self.capped = true;
            ev(GameEvent::PeriodEnd { period: self.half });
            self.finish_match();
            true
        } else {
            false
        }
    }

    /// A new round: the move phase of the attack.
    fn next_round<F: FnMut(GameEvent)>(&mut self, ev: &mut F) {
        if !self.cap_reached(ev) {
            self.phase = Phase::Move {
                team: self.attack,
                fig: 0,
            };
        }
    }

    /// The defence's figure `fig` has the ball: the round ends and possession changes.
    fn win_ball<F: FnMut(GameEvent)>(&mut self, fig: u8, ev: &mut F) {
        self.close_round(ev);
        self.attack = self.defence();
        self.carrier = fig;
        ev(GameEvent::PossessionChange { seat: self.attack });
    }

    /// The time marker advances one notch; at the last one the half ends. Returns whether
    /// the half ended (and what follows it is set up).
    fn advance_clock<F: FnMut(GameEvent)>(&mut self, ev: &mut F) -> bool {
        self.notch += 1;
        if self.notch < self.rules.notches {
            return false;
        }
        ev(GameEvent::PeriodEnd { period: self.half });
        if self.half == 1 {
            self.half = 2;
            self.notch = 0;
            if self.rules.options.boost_half_time == BoostHalfTime::Refill {
                for t in 0..2 {
                    for f in 0..FIGURES {
                        self.boost[t][f] = self.card(t as u8, f as u8).boost;
                    }
                }
            }
            let option = self.rules.options.kickoff_second_half;
            self.kickoff(1 - self.first_attack, option, ev);
        } else {
            self.finish_match();
        }
        true
    }

    /// The final whistle: a winner, or the shoot-out.
    fn finish_match(&mut self) {
        self.phase = if self.score[0] == self.score[1] {
            Phase::ShootoutToss
        } else {
            Phase::Over
        };
    }

    /// After a change of possession by a won ball: the clock, then a new round.
    fn after_turnover<F: FnMut(GameEvent)>(&mut self, ev: &mut F) {
        if !self.advance_clock(ev) {
            self.next_round(ev);
        }
    }

    /// The next penalty of the shoot-out, or its end.
    fn next_penalty(&mut self) {
        let n = self.rules.shootout_shots;
        let (a, b) = (self.first_kick, 1 - self.first_kick);
        let (ka, kb) = (self.kicks[usize::from(a)], self.kicks[usize::from(b)]);
        let (pa, pb) = (self.pens[usize::from(a)], self.pens[usize::from(b)]);
        // The first series is decided once one team cannot be caught.
        let left = |k: u8| n.saturating_sub(k);
        if ka <= n && kb <= n && (pa > pb + left(kb) || pb > pa + left(ka)) {
            self.phase = Phase::Over;
            return;
        }
        if ka == kb && ka >= n {
            if pa != pb {
                self.phase = Phase::Over;
                return;
            }
            if ka - n >= self.rules.max_sudden_death {
                self.capped = true;
                self.phase = Phase::Over;
                return;
            }
        }
        self.attack = if ka == kb { a } else { b };
        let k = self.kicks[usize::from(self.attack)];
        if k < n {
            self.carrier = self.order[usize::from(self.attack)][usize::from(k)];
            self.start_shot(true);
        } else {
            self.phase = Phase::Taker;
        }
    }

    /// The shooter chooses his secret square.
    fn start_shot(&mut self, penalty: bool) {
        self.penalty = penalty;
        self.cover = if penalty {
            self.rules.penalty_distance
        } else {
            self.cover_from(self.ball(), self.attack)
        };
        self.phase = Phase::Target;
    }

    /// A penalty was scored or missed.
    fn penalty_done(&mut self, goal: bool) {
        let t = usize::from(self.attack);
        self.kicks[t] += 1;
        self.pens[t] += u8::from(goal);
        self.shot[t] |= 1 << self.carrier;
        if self.shot[t] == (1 << FIGURES) - 1 {
            self.shot[t] = 0;
        }
        self.next_penalty();
    }

    /// The board capability's report of the shot being decided: the carrier's hex as the
    /// shooter sees the pitch, attacking right (Basela's hexes mirrored), and whether it
    /// scored. Penalties of the shoot-out are not shots of the match.
    fn shot_event(&self, scored: bool) -> GameEvent {
        let from = self.ball();
        let cell = if self.attack == 0 {
            from
        } else {
            self.board.mirror(from)
        };
        GameEvent::Shot {
            seat: self.attack,
            cell: u16::from(cell),
            scored,
        }
    }

    /// The shot (not a penalty) is over without a goal: the goalkeeper has the ball.
    fn keeper_ball<F: FnMut(GameEvent)>(&mut self, ev: &mut F) {
        self.win_ball(0, ev);
        self.after_turnover(ev);
    }

    /// A goal: the score, the clock, then the kick-off of the team that conceded.
    fn goal<F: FnMut(GameEvent)>(&mut self, ev: &mut F) {
        self.score[usize::from(self.attack)] += 1;
        ev(GameEvent::Goal { seat: self.attack });
        self.close_round(ev);
        if !self.advance_clock(ev) {
            let option = self.rules.options.kickoff_after_goal;
            self.kickoff(self.defence(), option, ev);
            if self.rules.options.substitutions == Substitutions::AfterGoal
                && matches!(self.phase, Phase::Place { .. })
            {
                self.next_changes(self.defence());
            }
        }
    }

    /// `team` has made its changes: the other team's turn to change, or the placing.
    fn changes_done(&mut self, team: u8) {
        if team == self.defence() {
            self.next_changes(self.attack);
        } else {
            self.phase = Phase::Place {
                team: self.defence(),
                fig: 0,
            };
        }
    }

    /// The changes after a goal of `team` (the team that places first, then the other);
    /// a team with no substitute left is passed over.
    fn next_changes(&mut self, team: u8) {
        if self.subs_left(team) != 0 {
            self.phase = Phase::Change { team };
        } else {
            self.changes_done(team);
        }
    }

    /// The hexes one step from the figure `fig` of `team` it may stand on; its own hex
    /// when it has none (a forced move that cannot be made).
    fn one_step(&self, team: u8, fig: u8, out: &mut ActionList) {
        let from = self.pos(team, fig);
        let mut cells = [0u8; 6];
        let mut n = 0;
        for c in self.board.neighbours(from) {
            if self.may_stand(team, fig, c) {
                cells[n] = c;
                n += 1;
            }
        }
        if n == 0 {
            out.push(act::hex(from));
            return;
        }
        cells[..n].sort_unstable();
        out.extend(cells[..n].iter().map(|&c| act::hex(c)));
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

/// A hex's name in traces: `column:row` (from 0), or `goal-zone-left`/`-right`.
pub fn hex_name(board: &Board, c: Cell) -> String {
    if c == GOAL_ZONE[0] {
        "goal-zone-left".into()
    } else if c == GOAL_ZONE[1] {
        "goal-zone-right".into()
    } else if c == OFF_PITCH {
        "-".into()
    } else {
        let (col, row) = board.offset(c);
        format!("{col}:{row}")
    }
}

/// One figure in a trace snapshot.
#[derive(Clone, Debug, Serialize)]
pub struct FigureSnapshot {
    /// The number on its card.
    pub number: u8,
    /// Its hex (`column:row`, `goal-zone-left`, `-` when off the pitch).
    pub hex: String,
    /// BOOST left.
    pub boost: u8,
}

/// What `sim trace` prints of a state.
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    /// The half.
    pub half: u8,
    /// The minute on the time track.
    pub minute: u16,
    /// Goals of Zion (seat 0) and Basela (seat 1).
    pub score: [u8; 2],
    /// Penalties scored in the shoot-out.
    pub penalties: [u8; 2],
    /// The team with the ball (the kicking team in the shoot-out).
    pub attack: u8,
    /// The ball: the number of the carrier's card and his hex.
    pub ball: String,
    /// Rounds ended.
    pub rounds: u32,
    /// Who decides next.
    pub to_move: ToMove,
    /// The step.
    pub phase: Phase,
    /// Zion's figures, then Basela's.
    pub teams: [Vec<FigureSnapshot>; 2],
}

impl GameState for State {
    type Snapshot = Snapshot;

    fn num_seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        let a = self.attack;
        match self.phase {
            Phase::Toss | Phase::ShootoutToss | Phase::Roll(_) => Turn::Chance,
            Phase::Over => Turn::Terminal,
            Phase::Place { team, .. }
            | Phase::Move { team, .. }
            | Phase::Appoint { team, .. }
            | Phase::Change { team } => Turn::Decision(team),
            Phase::Kicker
            | Phase::TakerMove
            | Phase::CarrierMove
            | Phase::Offence
            | Phase::Target
            | Phase::Taker => Turn::Decision(a),
            Phase::Steal | Phase::Intercept | Phase::Keeper => Turn::Decision(1 - a),
        }
    }

    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        match self.phase {
            Phase::Place { team, fig } => {
                for c in self.board.cells() {
                    if self.may_place(team, fig, c) {
                        out.push(act::hex(c));
                    }
                }
            }
            Phase::Kicker => out.extend((1..FIGURES as u8).map(act::figure)),
            Phase::Move { team, fig } => {
                let from = self.pos(team, fig);
                let reach = 1 + self.boost(team, fig);
                for c in self.board.cells() {
                    if self.board.distance(from, c) <= reach && self.may_stand(team, fig, c) {
                        out.push(act::hex(c));
                    }
                }
            }
            Phase::Steal => {
                out.push(act::STEAL);
                out.push(act::NO_STEAL);
            }
            Phase::Intercept => {
                out.push(act::INTERCEPT);
                out.push(act::NO_INTERCEPT);
            }
            Phase::TakerMove | Phase::CarrierMove => self.one_step(self.attack, self.carrier, out),
            Phase::Offence => {
                if self.may_shoot() {
                    out.push(act::SHOOT);
                }
                out.push(act::END_ROUND);
                if self.passes < self.rules.max_passes {
                    let from = self.ball();
                    for f in 0..FIGURES as u8 {
                        if f != self.carrier
                            && self.board.distance(from, self.pos(self.attack, f))
                                <= self.rules.pass_range
                        {
                            out.push(act::figure(f));
                        }
                    }
                }
            }
            Phase::Target => out.extend((0..SQUARES as u8).map(act::square)),
            Phase::Keeper => {
                for m in 1..(1u8 << SQUARES) {
                    if CONNECTED & (1 << m) != 0 && m.count_ones() == u32::from(self.cover) {
                        out.push(act::keeper(m));
                    }
                }
            }
            Phase::Appoint { team, k } => {
                let taken = &self.order[usize::from(team)][..usize::from(k)];
                out.extend(
                    (0..FIGURES as u8)
                        .filter(|f| !taken.contains(f))
                        .map(act::figure),
                );
            }
            Phase::Taker => {
                let shot = self.shot[usize::from(self.attack)];
                out.extend(
                    (0..FIGURES as u8)
                        .filter(|f| shot & (1 << f) == 0)
                        .map(act::figure),
                );
            }
            Phase::Change { team } => {
                let left = self.subs_left(team);
                for f in 1..FIGURES as u8 {
                    for k in 0..self.rules.substitutes[usize::from(team)] {
                        if left & (1 << k) != 0 {
                            out.push(act::change(f, k));
                        }
                    }
                }
                out.push(act::NO_CHANGE);
            }
            Phase::Toss | Phase::ShootoutToss | Phase::Roll(_) | Phase::Over => {}
        }
    }

    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        match self.phase {
            Phase::Toss | Phase::ShootoutToss => {
                out.push((act::coin(0), 1));
                out.push((act::coin(1), 1));
            }
            Phase::Roll(_) => {
                for (v, &n) in self.rules.d20.iter().enumerate() {
                    if n > 0 {
                        out.push((act::roll(v as u8), u32::from(n)));
                    }
                }
            }
            _ => {}
        }
    }

    /// The coin draws from stream 0, the D20 from stream 1.
    fn chance_stream(&self) -> u8 {
        u8::from(matches!(self.phase, Phase::Roll(_)))
    }

    fn secret_choice(&self) -> bool {
        self.phase == Phase::Target
    }

    /// The shot's square and the goalkeeper's squares are drawn from the equilibrium of
    /// the shot's matching game ([`super::shot`]), which reads the shooter's OFF, the
    /// squares covered and the malus, never the square chosen.
    fn equilibrium_choice(&self, rng: &mut Rng) -> Option<Action> {
        let keeper = match self.phase {
            Phase::Target => false,
            Phase::Keeper => true,
            _ => return None,
        };
        let eq = self.shot_equilibrium();
        let u: f64 = rng.gen();
        Some(if keeper {
            act::keeper(eq.sets[shot::pick(&eq.keeper[..eq.len], u)])
        } else {
            act::square(shot::pick(&eq.shooter, u) as u8)
        })
    }

    fn apply_with<F: FnMut(GameEvent)>(&mut self, action: Action, ev: &mut F) {
        if self.phase == Phase::Target {
            // The square is seen by the shooter's team only, until the reveal.
            let a = usize::from(self.attack);
            self.obs[a] = InfoKey::mix(self.obs[a], TAG_ACTION ^ u64::from(action.0));
            self.obs[1 - a] = InfoKey::mix(self.obs[1 - a], TAG_SECRET);
        } else {
            self.observe_all(TAG_ACTION ^ u64::from(action.0));
        }
        match (self.phase, act::decode(action)) {
            (Phase::Toss, Decoded::Coin(t)) => {
                self.first_attack = t;
                self.kickoff(t, Kickoff::Actions, ev);
            }
            (Phase::Place { team, fig }, Decoded::Hex(c)) => {
                self.pos[usize::from(team)][usize::from(fig)] = c;
                self.next_placement(team);
            }
            (Phase::Kicker, Decoded::Figure(f)) => {
                self.carrier = f;
                self.pos[usize::from(self.attack)][usize::from(f)] = self.board.centre();
                self.next_placement(self.attack);
            }
            (Phase::Move { team, fig }, Decoded::Hex(c)) => {
                let (t, f) = (usize::from(team), usize::from(fig));
                let d = self.board.distance(self.pos[t][f], c);
                self.boost[t][f] -= d.saturating_sub(1);
                self.pos[t][f] = c;
                self.phase = if usize::from(fig) + 1 < FIGURES {
                    Phase::Move { team, fig: fig + 1 }
                } else if team == self.attack {
                    Phase::Move {
                        team: self.defence(),
                        fig: 0,
                    }
                } else {
                    self.begin_actions();
                    self.phase
                };
            }
            (Phase::Steal, Decoded::Steal) => self.phase = Phase::Roll(RollFor::Steal),
            (Phase::Steal, Decoded::NoSteal) => self.phase = Phase::Offence,
            (Phase::Roll(RollFor::Steal), Decoded::Roll(v)) => {
                if v <= self.def(self.defence(), self.defender) {
                    self.win_ball(self.defender, ev);
                    self.phase = Phase::TakerMove;
                } else {
                    self.phase = Phase::CarrierMove;
                }
            }
            (Phase::TakerMove, Decoded::Hex(c)) => {
                self.pos[usize::from(self.attack)][usize::from(self.carrier)] = c;
                self.after_turnover(ev);
            }
            (Phase::CarrierMove, Decoded::Hex(c)) => {
                self.pos[usize::from(self.attack)][usize::from(self.carrier)] = c;
                self.phase = Phase::Offence;
            }
            (Phase::Offence, Decoded::EndRound) => {
                let held = self.held.saturating_add(1);
                self.close_round(ev);
                let limit = self.rules.options.notch_after_rounds;
                if limit > 0 && held >= limit {
                    // The house rule's notch; the half may end on it.
                    if !self.advance_clock(ev) {
                        self.next_round(ev);
                    }
                } else {
                    self.held = held;
                    self.next_round(ev);
                }
            }
            (Phase::Offence, Decoded::Figure(f)) => {
                self.passes += 1;
                self.receiver = f;
                match self.figure_at(self.defence(), self.pos(self.attack, f)) {
                    Some(d) => {
                        self.defender = d;
                        self.phase = Phase::Intercept;
                    }
                    None => self.carrier = f,
                }
            }
            (Phase::Intercept, Decoded::Intercept) => {
                self.phase = Phase::Roll(RollFor::Intercept);
            }
            (Phase::Intercept, Decoded::NoIntercept) => {
                self.carrier = self.receiver;
                self.phase = Phase::Offence;
            }
            (Phase::Roll(RollFor::Intercept), Decoded::Roll(v)) => {
                if v <= self.def(self.defence(), self.defender) {
                    self.win_ball(self.defender, ev);
                    self.phase = Phase::TakerMove;
                } else {
                    self.carrier = self.receiver;
                    self.phase = Phase::Offence;
                }
            }
            (Phase::Offence, Decoded::Shoot) => self.start_shot(false),
            (Phase::Target, Decoded::Square(s)) => {
                self.target = s;
                self.phase = Phase::Keeper;
            }
            (Phase::Keeper, Decoded::Keeper(m)) => {
                // Both coaches reveal: the defence now sees the square.
                let d = usize::from(self.defence());
                self.obs[d] = InfoKey::mix(self.obs[d], TAG_REVEAL ^ u64::from(self.target));
                let saved = m & (1 << self.target) != 0;
                match (saved, self.penalty) {
                    (true, true) => self.penalty_done(false),
                    (true, false) => {
                        ev(self.shot_event(false));
                        self.keeper_ball(ev)
                    }
                    (false, true) => self.phase = Phase::Roll(RollFor::Penalty),
                    (false, false) => self.phase = Phase::Roll(RollFor::Shot),
                }
            }
            (Phase::Roll(kind @ (RollFor::Shot | RollFor::Penalty)), Decoded::Roll(v)) => {
                let malus = self.rules.malus[usize::from(self.target)];
                let need = self.off(self.attack, self.carrier).saturating_sub(malus);
                let goal = v <= need;
                if kind == RollFor::Shot {
                    ev(self.shot_event(goal));
                }
                match (kind, goal) {
                    (RollFor::Penalty, g) => self.penalty_done(g),
                    (_, true) => self.goal(ev),
                    (_, false) => self.keeper_ball(ev),
                }
            }
            (Phase::Change { team }, Decoded::Change(f, k)) => {
                // The player goes out for good; the substitute comes on with his card's
                // BOOST.
                let (t, f) = (usize::from(team), usize::from(f));
                self.subs_used[t] |= 1 << k;
                self.slot[t][f] = FIGURES as u8 + k;
                self.boost[t][f] = self.rules.cards[t][FIGURES + usize::from(k)].boost;
                if self.subs_left(team) == 0 {
                    self.changes_done(team);
                }
            }
            (Phase::Change { team }, Decoded::NoChange) => self.changes_done(team),
            (Phase::ShootoutToss, Decoded::Coin(t)) => {
                self.first_kick = t;
                self.phase = Phase::Appoint { team: t, k: 0 };
            }
            (Phase::Appoint { team, k }, Decoded::Figure(f)) => {
                self.order[usize::from(team)][usize::from(k)] = f;
                self.phase = if k + 1 < self.rules.shootout_shots {
                    Phase::Appoint { team, k: k + 1 }
                } else if team == self.first_kick {
                    Phase::Appoint {
                        team: 1 - team,
                        k: 0,
                    }
                } else {
                    self.next_penalty();
                    self.phase
                };
            }
            (Phase::Taker, Decoded::Figure(f)) => {
                self.carrier = f;
                self.start_shot(true);
            }
            (phase, d) => panic!("{d:?} is not an action of {phase:?}"),
        }
    }

    fn returns(&self) -> Returns {
        let mut r = [0.0; crate::core::MAX_SEATS];
        match self.winner() {
            Some(2) => {
                r[0] = 0.5;
                r[1] = 0.5;
            }
            Some(w) => r[usize::from(w)] = 1.0,
            None => {}
        }
        r
    }

    fn score(&self, seat: Seat) -> i32 {
        i32::from(self.score[usize::from(seat)])
    }

    fn ended_by_cap(&self) -> bool {
        self.capped && self.phase == Phase::Over
    }

    fn turns_begun(&self) -> u32 {
        self.rounds
    }

    fn info_key(&self, seat: Seat) -> InfoKey {
        InfoKey::finish(self.obs[usize::from(seat)])
    }

    /// Everything is public except a shot's target square between its choice and the
    /// reveal: for the goalkeeper's seat then, the square is drawn uniformly anew (and
    /// the shooter's observation hash is made from the seat's own, so that it tells
    /// nothing).
    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut d = self.clone();
        if self.phase == Phase::Keeper && seat == self.defence() {
            d.target = rng.gen_range(0..SQUARES as u8);
            let a = usize::from(self.attack);
            d.obs[a] = InfoKey::mix(self.obs[usize::from(seat)], TAG_DET);
        }
        d
    }

    fn action_to_string(&self, action: Action) -> String {
        match act::decode(action) {
            Decoded::Hex(c) => format!("hex {}", hex_name(&self.board, c)),
            Decoded::Steal => "steal".into(),
            Decoded::NoSteal => "no steal".into(),
            Decoded::Intercept => "intercept".into(),
            Decoded::NoIntercept => "no interception".into(),
            Decoded::Shoot => "shoot".into(),
            Decoded::EndRound => "end the round".into(),
            Decoded::Figure(f) => {
                let team = match self.phase {
                    Phase::Appoint { team, .. } => team,
                    _ => self.attack,
                };
                let what = match self.phase {
                    Phase::Kicker => "kick-off",
                    Phase::Offence => "pass to",
                    _ => "penalty taker",
                };
                let n = self.card(team, f.min(4)).number;
                format!("{what} #{n}")
            }
            Decoded::Square(s) => format!("aim {}", act::square_name(s)),
            Decoded::Keeper(m) => {
                let names: Vec<&str> = (0..SQUARES as u8)
                    .filter(|s| m & (1 << s) != 0)
                    .map(act::square_name)
                    .collect();
                format!("goalkeeper covers {}", names.join("+"))
            }
            Decoded::Roll(v) => format!("D20: {v}"),
            Decoded::Coin(t) => format!("coin: {}", ["Zion", "Basela"][usize::from(t.min(1))]),
            Decoded::Change(f, k) => {
                let team = match self.phase {
                    Phase::Change { team } => team,
                    _ => self.attack,
                };
                let on = self.rules.cards[usize::from(team)][FIGURES + usize::from(k.min(1))];
                format!(
                    "change: #{} off, #{} on",
                    self.card(team, f.min(4)).number,
                    on.number
                )
            }
            Decoded::NoChange => "no more changes".into(),
        }
    }

    fn snapshot(&self) -> Snapshot {
        let team = |t: usize| {
            (0..FIGURES)
                .map(|f| FigureSnapshot {
                    number: self.card(t as u8, f as u8).number,
                    hex: hex_name(&self.board, self.pos[t][f]),
                    boost: self.boost[t][f],
                })
                .collect()
        };
        let ball = if self.ball() == OFF_PITCH {
            "-".into()
        } else {
            format!(
                "#{} at {}",
                self.card(self.attack, self.carrier).number,
                hex_name(&self.board, self.ball())
            )
        };
        Snapshot {
            half: self.half,
            minute: self.minute(),
            score: self.score,
            penalties: self.pens,
            attack: self.attack,
            ball,
            rounds: self.rounds,
            to_move: self.turn().into(),
            phase: self.phase,
            teams: [team(0), team(1)],
        }
    }

    /// Every figure on its hex, labelled with its card's number, and the ball on the
    /// carrier's hex (the board capability, for `sim replay`).
    fn board_pieces(&self, out: &mut Vec<crate::core::BoardPiece>) {
        for team in 0..2u8 {
            for fig in 0..FIGURES as u8 {
                let cell = self.pos(team, fig);
                if cell != OFF_PITCH {
                    out.push(crate::core::BoardPiece {
                        cell: u16::from(cell),
                        seat: Some(team),
                        label: self.card(team, fig).number.to_string(),
                    });
                }
            }
        }
        if self.ball() != OFF_PITCH {
            out.push(crate::core::BoardPiece {
                cell: u16::from(self.ball()),
                seat: None,
                label: "ball".into(),
            });
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        for t in 0..2usize {
            let slots = self.slot[t];
            let mut seen = 0u8;
            for (f, &c) in slots.iter().enumerate() {
                let own = usize::from(c) == f;
                let k = usize::from(c).wrapping_sub(FIGURES);
                let sub = f > 0
                    && k < usize::from(self.rules.substitutes[t])
                    && self.subs_used[t] & (1 << k) != 0;
                if !(own || sub) || seen & (1 << c) != 0 {
                    return Err(format!("team {t} figure {f} plays card {c}"));
                }
                seen |= 1 << c;
            }
        }
        for t in 0..2u8 {
            for f in 0..FIGURES as u8 {
                let c = self.pos(t, f);
                if self.boost(t, f) > self.card(t, f).boost {
                    return Err(format!("team {t} figure {f} has more BOOST than its card"));
                }
                if c == OFF_PITCH {
                    continue;
                }
                if !self.may_stand(t, f, c) {
                    return Err(format!("team {t} figure {f} may not stand on {c}"));
                }
                if self.figure_at(t, c) != Some(f) {
                    return Err(format!("two figures of team {t} share hex {c}"));
                }
            }
        }
        let playing = !matches!(
            self.phase,
            Phase::Toss
                | Phase::Place { .. }
                | Phase::Kicker
                | Phase::ShootoutToss
                | Phase::Appoint { .. }
                | Phase::Taker
                | Phase::Change { .. }
                | Phase::Over
        ) && !self.penalty;
        if playing && self.ball() == OFF_PITCH {
            return Err("the ball is off the pitch during play".into());
        }
        if self.phase == Phase::Steal
            && self.figure_at(1 - self.attack, self.ball()) != Some(self.defender)
        {
            return Err("a steal without a defender on the carrier's hex".into());
        }
        if playing && self.notch >= self.rules.notches {
            return Err(format!(
                "play at notch {} of {}: past the whistle",
                self.notch, self.rules.notches
            ));
        }
        if self.passes > self.rules.max_passes {
            return Err("more passes than the cap".into());
        }
        Ok(())
    }
}
