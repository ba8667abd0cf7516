//! The state of a memory game: the grid, what each seat has seen, the turn's steps, and
//! the `GameState` implementation (`docs/rules/memory.md` traces each clause here).
//!
//! **The deal.** The cards are dealt one place after another by chance nodes (stream 0),
//! so that a game is fixed by its deal like any card game of the lab, and two games of a
//! duplicate deal lay out the same grid.
//!
//! **What a seat knows** (`known`): the faces of the face-down cards it has seen: every
//! card turned up (shown to all), and its own VAR looks (the others see which places it
//! looks at, not the faces). A card leaving the grid leaves every seat's knowledge.
//! Information keys are perfect-recall hashes of what the seat has observed, and
//! [`GameState::determinize`] redeals only the face-down cards the seat has not seen.

use super::actions::{self as act, Decoded};
use super::cards::{is_footballer, Prize, NUM_FACES, NUM_PRIZES};
use super::rules::{Flip, PrizeRule, Rules, Sanction, VarRule, MAX_CELLS, MAX_VALUES};
use crate::core::{
    placement_returns, Action, ActionList, ChanceList, GameEvent, GameState, InfoKey, Returns, Rng,
    Seat, ToMove, Turn, Utility, MAX_SEATS,
};
use rand::Rng as _;
use serde::Serialize;

/// No place (no first card yet).
pub const NONE: u8 = u8::MAX;
/// The face of an empty place.
pub const EMPTY: u8 = u8::MAX;

const TAG_ACTION: u64 = 0xA11C_0000;
const TAG_SHOW: u64 = 0x5E11_0000;
const TAG_LOOK: u64 = 0x100C_0000;
const TAG_LOOKED: u64 = 0x100D_0000;
const TAG_FORGET: u64 = 0xF0F0_0000;

#[inline]
const fn bit(c: u8) -> u128 {
    1u128 << c
}

/// The places of a bit set, in increasing order.
#[inline]
fn places(mut set: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let c = set.trailing_zeros() as u8;
            set &= set - 1;
            Some(c)
        }
    })
}

/// The step the game is at.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub enum Phase {
    /// Chance deals the next place.
    Deal,
    /// The player whose turn it is starts it: turns a card, uses VAR or plays PLAY GAME.
    TurnStart,
    /// VAR: the player chooses the place of his first (0) or second (1) look.
    Look(u8),
    /// The player chooses his second card.
    Second,
    /// Seat `s` may play YELLOW or RED against the player whose turn it is, whose first
    /// card is up.
    Answer(Seat),
    /// PLAY GAME: the die of the challenger (0) or of the challenged player (1).
    Roll(u8),
    /// PLAY GAME: the winner chooses which of the loser's pairs to take.
    Take,
    /// The grid is empty (or the turn cap was reached).
    Over,
}

/// The moment of a turn at which the other players may answer with YELLOW or RED.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Window {
    /// Before the turn's first card (`any-moment` only).
    BeforeFirst,
    /// After the first card came up a footballer.
    AfterFirst,
    /// After the second card made a pair, before it is taken (`any-moment` only).
    AfterSecond,
}

/// A position of the memory game. `Copy`-sized (about 600 bytes, no heap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) rules: Rules,
    pub(crate) phase: Phase,
    /// The face at each place, [`EMPTY`] where there is no card.
    pub(crate) face: [u8; MAX_CELLS],
    /// Places dealt so far.
    pub(crate) dealt: u8,
    /// Cards not yet dealt, by face.
    pub(crate) undealt: [u8; NUM_FACES],
    /// Places whose card lies face down.
    pub(crate) down: u128,
    /// Per seat: the places whose card's face the seat knows.
    pub(crate) known: [u128; MAX_SEATS],
    /// Per place: how many times its card has been shown (turned up or looked at),
    /// wrapping; the stamp of [`GameState::memory_stamp`].
    pub(crate) shown: [u8; MAX_CELLS],
    /// Per seat: the hash of everything it has observed.
    pub(crate) obs: [u64; MAX_SEATS],
    /// The player whose turn it is.
    pub(crate) mover: Seat,
    /// The place of the turn's first card (up, or chosen under `both-at-once`), or
    /// [`NONE`].
    pub(crate) first: u8,
    /// The place of the turn's second card while a pair waits for answers, or [`NONE`].
    pub(crate) second: u8,
    /// The answer window open (meaningful in [`Phase::Answer`]).
    pub(crate) window: Window,
    /// The place of the first VAR look of this turn, or [`NONE`].
    pub(crate) looked: u8,
    /// Points of the pairs each seat holds.
    pub(crate) points: [u16; MAX_SEATS],
    /// Pairs each seat holds, by value (index `v - 1`).
    pub(crate) pairs: [[u8; MAX_VALUES]; MAX_SEATS],
    /// Prize cards each seat holds, unused, by [`Prize`] id.
    pub(crate) prizes: [[u8; NUM_PRIZES]; MAX_SEATS],
    /// Prize cards used (in the discard pile), by id.
    pub(crate) used: [u8; NUM_PRIZES],
    /// VAR cards each seat may use at the start of its current or next turn.
    pub(crate) var_ready: [u8; MAX_SEATS],
    /// VAR cards each seat took since its turn began (ready at its next turn).
    pub(crate) var_fresh: [u8; MAX_SEATS],
    /// Whether a VAR was used this turn ("look once").
    pub(crate) var_used: bool,
    /// YELLOW cards played against each seat.
    pub(crate) yellows: [u8; MAX_SEATS],
    /// Turns begun.
    pub(crate) turns: u32,
    /// Pairs taken from the grid (by anyone).
    pub(crate) taken: u8,
    /// Whether the turn cap ended the game.
    pub(crate) capped: bool,
    /// PLAY GAME: the challenged seat.
    pub(crate) opponent: Seat,
    /// PLAY GAME: the challenger's goals.
    pub(crate) roll: u8,
    /// PLAY GAME: the winner.
    pub(crate) winner: Seat,
}

impl State {
    /// The state before the deal: every card undealt, seat 0 to begin.
    pub fn new(rules: Rules) -> Self {
        let mut undealt = [0u8; NUM_FACES];
        for f in 0..rules.num_pairs {
            undealt[usize::from(f)] = 2;
        }
        for p in Prize::ALL {
            undealt[usize::from(p.face())] = rules.prizes[p.index()];
        }
        let mut s = State {
            rules,
            phase: Phase::Deal,
            face: [EMPTY; MAX_CELLS],
            dealt: 0,
            undealt,
            down: 0,
            known: [0; MAX_SEATS],
            shown: [0; MAX_CELLS],
            obs: [0; MAX_SEATS],
            mover: 0,
            first: NONE,
            second: NONE,
            window: Window::AfterFirst,
            looked: NONE,
            points: [0; MAX_SEATS],
            pairs: [[0; MAX_VALUES]; MAX_SEATS],
            prizes: [[0; NUM_PRIZES]; MAX_SEATS],
            used: [0; NUM_PRIZES],
            var_ready: [0; MAX_SEATS],
            var_fresh: [0; MAX_SEATS],
            var_used: false,
            yellows: [0; MAX_SEATS],
            turns: 0,
            taken: 0,
            capped: false,
            opponent: 0,
            roll: 0,
            winner: 0,
        };
        if rules.num_cards() == 0 {
            s.phase = Phase::Over;
        }
        s
    }

    /// The rules this game is played by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The step the game is at.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The player whose turn it is.
    pub fn mover(&self) -> Seat {
        self.mover
    }

    /// The face at place `c`, or [`EMPTY`]. Hidden to the seats that have not seen it:
    /// agents read faces only through determinizations.
    pub fn face(&self, c: u8) -> u8 {
        self.face[usize::from(c)]
    }

    /// The places whose card lies face down.
    pub fn face_down(&self) -> u128 {
        self.down
    }

    /// The places whose card `seat` has seen (and that are still on the grid).
    pub fn known(&self, seat: Seat) -> u128 {
        self.known[usize::from(seat)]
    }

    /// The place of the turn's second card while the pair it makes with the first waits
    /// for YELLOW or RED (`any-moment`), if any.
    pub fn second_card(&self) -> Option<u8> {
        (self.second != NONE).then_some(self.second)
    }

    /// The place of the turn's first card, if one is chosen.
    pub fn first_card(&self) -> Option<u8> {
        (self.first != NONE).then_some(self.first)
    }

    /// Points of the pairs `seat` holds.
    pub fn points(&self, seat: Seat) -> u16 {
        self.points[usize::from(seat)]
    }

    /// Pairs `seat` holds, by value (index `v - 1`).
    pub fn pairs_held(&self, seat: Seat) -> [u8; MAX_VALUES] {
        self.pairs[usize::from(seat)]
    }

    /// Unused prize cards of `seat`, by [`Prize`] id.
    pub fn prizes(&self, seat: Seat) -> [u8; NUM_PRIZES] {
        self.prizes[usize::from(seat)]
    }

    /// Cards `seat` has collected: two per pair plus its unused prize cards (the
    /// rulebook's tie-break).
    pub fn cards_held(&self, seat: Seat) -> u16 {
        let s = usize::from(seat);
        let pairs: u16 = self.pairs[s].iter().map(|&n| u16::from(n)).sum();
        2 * pairs + self.prizes[s].iter().map(|&n| u16::from(n)).sum::<u16>()
    }

    /// Turns begun so far.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Pairs taken from the grid so far.
    pub fn pairs_taken(&self) -> u8 {
        self.taken
    }

    /// VAR cards `seat` may use at the start of its turn now.
    pub fn var_ready(&self, seat: Seat) -> u8 {
        self.var_ready[usize::from(seat)]
    }

    fn n(&self) -> usize {
        usize::from(self.rules.players)
    }

    fn next_seat(&self, s: Seat) -> Seat {
        ((usize::from(s) + 1) % self.n()) as Seat
    }

    fn has_pair(&self, s: Seat) -> bool {
        self.pairs[usize::from(s)].iter().any(|&n| n > 0)
    }

    /// Every seat observes `v` (a public fact).
    fn observe_all(&mut self, v: u64) {
        for o in 0..self.n() {
            self.obs[o] = InfoKey::mix(self.obs[o], v);
        }
    }

    /// The card at `c` is turned face up: every seat sees it.
    fn show(&mut self, c: u8) {
        let f = self.face[usize::from(c)];
        self.down &= !bit(c);
        self.shown[usize::from(c)] = self.shown[usize::from(c)].wrapping_add(1);
        for o in 0..self.n() {
            self.known[o] |= bit(c);
        }
        self.observe_all(TAG_SHOW ^ (u64::from(c) << 8) ^ u64::from(f));
    }

    /// The card at `c` leaves the grid.
    fn remove(&mut self, c: u8) {
        self.face[usize::from(c)] = EMPTY;
        self.down &= !bit(c);
        for k in &mut self.known {
            *k &= !bit(c);
        }
    }

    /// `seat` takes the prize card shown at `c`.
    fn take_prize<F: FnMut(GameEvent)>(&mut self, seat: Seat, c: u8, ev: &mut F) {
        let p = Prize::of_face(self.face[usize::from(c)]).expect("a prize card");
        self.remove(c);
        self.prizes[usize::from(seat)][p.index()] += 1;
        if p == Prize::Var {
            self.var_fresh[usize::from(seat)] += 1;
        }
        ev(GameEvent::CardDrawn {
            seat,
            card: p as u8,
        });
    }

    /// `seat` uses prize card `p`.
    fn use_prize<F: FnMut(GameEvent)>(&mut self, seat: Seat, p: Prize, ev: &mut F) {
        self.prizes[usize::from(seat)][p.index()] -= 1;
        self.used[p.index()] += 1;
        ev(GameEvent::CardPlayed {
            seat,
            card: p as u8,
        });
    }

    /// Under `next-turn`, the VAR cards not used at the start of this turn can no longer
    /// be used once the turn goes on.
    fn lapse_var(&mut self) {
        if self.rules.options.var == VarRule::NextTurn {
            self.var_ready[usize::from(self.mover)] = 0;
        }
    }

    /// Begins `seat`'s turn, or ends the game when the grid is empty or the cap is hit.
    /// Under `any-moment` the others may first answer before his first card.
    fn begin_turn<F: FnMut(GameEvent)>(&mut self, seat: Seat, ev: &mut F) {
        self.first = NONE;
        self.second = NONE;
        self.looked = NONE;
        self.var_used = false;
        if self.down == 0 {
            self.phase = Phase::Over;
            return;
        }
        if self.turns >= self.rules.max_turns {
            self.capped = true;
            self.phase = Phase::Over;
            return;
        }
        self.turns += 1;
        self.mover = seat;
        let s = usize::from(seat);
        match self.rules.options.var {
            VarRule::NextTurn => self.var_ready[s] = self.var_fresh[s],
            VarRule::AnyTurn => self.var_ready[s] += self.var_fresh[s],
        }
        self.var_fresh[s] = 0;
        self.phase = Phase::TurnStart;
        if self.rules.options.sanction == Sanction::AnyMoment {
            self.window = Window::BeforeFirst;
            self.next_answer(seat, ev);
        }
    }

    /// Ends the turn of the player to move; `next` begins the next one.
    fn end_turn<F: FnMut(GameEvent)>(&mut self, next: Seat, ev: &mut F) {
        ev(GameEvent::TurnEnd { seat: self.mover });
        self.begin_turn(next, ev);
    }

    /// In the open [`Window`]: the first seat after the mover (in turn order, after
    /// `from`) that holds YELLOW or RED may answer; when none is left, the turn goes on
    /// (its first card, its second card, or the pair is taken).
    fn next_answer<F: FnMut(GameEvent)>(&mut self, from: Seat, ev: &mut F) {
        let mut s = self.next_seat(from);
        while s != self.mover {
            let p = &self.prizes[usize::from(s)];
            if p[Prize::Yellow.index()] > 0 || p[Prize::Red.index()] > 0 {
                self.phase = Phase::Answer(s);
                return;
            }
            s = self.next_seat(s);
        }
        match self.window {
            Window::BeforeFirst => self.phase = Phase::TurnStart,
            Window::AfterFirst => self.phase = Phase::Second,
            Window::AfterSecond => {
                let (a, b) = (self.first, self.second);
                self.first = NONE;
                self.second = NONE;
                self.resolve(a, b, ev);
            }
        }
    }

    /// The first card of the turn is turned: a prize is taken at once; a footballer stays
    /// up and the others may answer.
    fn turn_first<F: FnMut(GameEvent)>(&mut self, c: u8, ev: &mut F) {
        self.show(c);
        if is_footballer(self.face[usize::from(c)]) {
            self.first = c;
            self.window = Window::AfterFirst;
            self.next_answer(self.mover, ev);
            return;
        }
        self.take_prize(self.mover, c, ev);
        if self.rules.options.prize == PrizeRule::EndsTurn || self.down == 0 {
            let next = self.next_seat(self.mover);
            self.end_turn(next, ev);
        } else {
            self.phase = Phase::Second;
        }
    }

    /// Both cards of the turn are up (`a` may be [`NONE`] when the first was a prize
    /// taken): a pair is taken and the player goes again; otherwise footballers go back
    /// face down, prizes are taken, and the turn passes.
    fn resolve<F: FnMut(GameEvent)>(&mut self, a: u8, b: u8, ev: &mut F) {
        let m = self.mover;
        let fb = self.face[usize::from(b)];
        if a != NONE && is_footballer(fb) && self.face[usize::from(a)] == fb {
            let v = self.rules.value(fb);
            self.remove(a);
            self.remove(b);
            self.points[usize::from(m)] += u16::from(v);
            self.pairs[usize::from(m)][usize::from(v - 1)] += 1;
            self.taken += 1;
            ev(GameEvent::Goal { seat: m });
            // Rulebook: "the player takes the cards and has the right to another turn".
            self.end_turn(m, ev);
            return;
        }
        for c in [a, b] {
            if c == NONE {
                continue;
            }
            if is_footballer(self.face[usize::from(c)]) {
                self.down |= bit(c);
            } else {
                self.take_prize(m, c, ev);
            }
        }
        let next = self.next_seat(m);
        self.end_turn(next, ev);
    }

    /// The answer card `p` (YELLOW or RED) played by `by`: the first card goes back face
    /// down and the turn passes (to the next player after a YELLOW; to `by` after a RED or
    /// a second YELLOW against the same player).
    fn stop_turn<F: FnMut(GameEvent)>(&mut self, by: Seat, p: Prize, ev: &mut F) {
        let m = self.mover;
        self.use_prize(by, p, ev);
        for c in [self.first, self.second] {
            if c != NONE {
                self.down |= bit(c);
            }
        }
        self.first = NONE;
        self.second = NONE;
        let next = if p == Prize::Yellow {
            self.yellows[usize::from(m)] += 1;
            if self.yellows[usize::from(m)].is_multiple_of(2) {
                by
            } else {
                self.next_seat(m)
            }
        } else {
            by
        };
        self.end_turn(next, ev);
    }

    /// The final standing: `rank[s]` 0 for the best, by points then by cards held
    /// (equal values tie).
    pub fn ranks(&self) -> [u8; MAX_SEATS] {
        let key = |s: usize| (self.points[s], self.cards_held(s as Seat));
        std::array::from_fn(|s| {
            if s >= self.n() {
                return 0;
            }
            (0..self.n()).filter(|&o| key(o) > key(s)).count() as u8
        })
    }
}

/// One seat in a trace snapshot.
#[derive(Clone, Debug, Serialize)]
pub struct SeatSnapshot {
    /// Points of its pairs.
    pub points: u16,
    /// Pairs held, by value (`pairs[v - 1]`).
    pub pairs: Vec<u8>,
    /// Unused prize cards, by name.
    pub prizes: Vec<&'static str>,
    /// Face-down cards it knows.
    pub knows: u32,
    /// YELLOW cards played against it.
    pub yellows: u8,
}

/// What `sim trace` prints of a state.
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    /// Turns begun.
    pub turns: u32,
    /// The player whose turn it is.
    pub mover: Seat,
    /// Who decides next.
    pub to_move: ToMove,
    /// The step of the turn.
    pub phase: Phase,
    /// The grid, one string per row, one word per place: `..` empty, `?` not dealt, the
    /// face (`F12`, `YEL`, `RED`, `VAR`, `PG`, `BLK`) in lower case when face down.
    pub grid: Vec<String>,
    /// Every seat.
    pub seats: Vec<SeatSnapshot>,
}

/// A face's name: `F12` (footballer 12) or the prize's name (`PLAY GAME`).
pub fn face_name(f: u8) -> String {
    match Prize::of_face(f) {
        Some(p) => p.name().to_string(),
        None if f == EMPTY => "..".into(),
        None => format!("F{f}"),
    }
}

/// A face's name in one word, for the grid of a trace: `F12`, `YEL`, `RED`, `VAR`, `PG`,
/// `BLK`, `..` for an empty place.
fn grid_name(f: u8) -> String {
    match Prize::of_face(f) {
        Some(Prize::Yellow) => "YEL".into(),
        Some(Prize::Red) => "RED".into(),
        Some(Prize::Var) => "VAR".into(),
        Some(Prize::PlayGame) => "PG".into(),
        Some(Prize::Blank) => "BLK".into(),
        None => face_name(f),
    }
}

impl GameState for State {
    type Snapshot = Snapshot;

    fn num_seats(&self) -> usize {
        self.n()
    }

    /// The placement convention with two or more players; a solitaire's return is its
    /// efficiency, unrelated to any other seat.
    fn utility(&self) -> Utility {
        if self.n() == 1 {
            Utility::GeneralSum
        } else {
            Utility::ConstantSum(self.n() as f64 / 2.0)
        }
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Deal | Phase::Roll(_) => Turn::Chance,
            Phase::Over => Turn::Terminal,
            Phase::Answer(s) => Turn::Decision(s),
            Phase::Take => Turn::Decision(self.winner),
            Phase::TurnStart | Phase::Look(_) | Phase::Second => Turn::Decision(self.mover),
        }
    }

    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        let m = usize::from(self.mover);
        match self.phase {
            Phase::TurnStart => {
                out.extend(places(self.down).map(act::turn));
                if self.var_ready[m] > 0 && !self.var_used {
                    out.push(act::USE_VAR);
                }
                if self.prizes[m][Prize::PlayGame.index()] > 0 && self.has_pair(self.mover) {
                    for t in 0..self.n() as Seat {
                        if t != self.mover && self.has_pair(t) {
                            out.push(act::challenge(t));
                        }
                    }
                }
            }
            Phase::Look(_) => {
                let skip = if self.looked == NONE {
                    0
                } else {
                    bit(self.looked)
                };
                out.extend(places(self.down & !skip).map(act::look));
            }
            Phase::Second => {
                let skip = if self.first == NONE {
                    0
                } else {
                    bit(self.first)
                };
                out.extend(places(self.down & !skip).map(act::turn));
            }
            Phase::Answer(s) => {
                let p = &self.prizes[usize::from(s)];
                if p[Prize::Yellow.index()] > 0 {
                    out.push(act::YELLOW);
                }
                if p[Prize::Red.index()] > 0 {
                    out.push(act::RED);
                }
                out.push(act::PASS);
            }
            Phase::Take => {
                let loser = usize::from(self.loser());
                for (i, &n) in self.pairs[loser].iter().enumerate() {
                    if n > 0 {
                        out.push(act::take(i as u8 + 1));
                    }
                }
            }
            Phase::Deal | Phase::Roll(_) | Phase::Over => {}
        }
    }

    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        match self.phase {
            Phase::Deal => {
                for (f, &n) in self.undealt.iter().enumerate() {
                    if n > 0 {
                        out.push((act::deal(f as u8), u32::from(n)));
                    }
                }
            }
            Phase::Roll(_) => {
                for (g, &n) in self.rules.die.iter().enumerate() {
                    if n > 0 {
                        out.push((act::roll(g as u8), u32::from(n)));
                    }
                }
            }
            _ => {}
        }
    }

    /// The deal draws from stream 0, the PLAY GAME die from stream 1.
    fn chance_stream(&self) -> u8 {
        u8::from(matches!(self.phase, Phase::Roll(_)))
    }

    fn apply_with<F: FnMut(GameEvent)>(&mut self, action: Action, ev: &mut F) {
        let decoded = act::decode(action);
        if !matches!(self.phase, Phase::Deal) {
            // Every decision and die roll is public; a deal shows nothing.
            self.observe_all(TAG_ACTION ^ u64::from(action.0));
        }
        let m = self.mover;
        match (self.phase, decoded) {
            (Phase::Deal, Decoded::Deal(f)) => {
                let c = self.dealt;
                self.face[usize::from(c)] = f;
                self.undealt[usize::from(f)] -= 1;
                self.down |= bit(c);
                self.dealt += 1;
                if usize::from(self.dealt) == self.rules.num_cards() {
                    self.begin_turn(0, ev);
                }
            }
            (Phase::TurnStart, Decoded::Turn(c)) => {
                self.lapse_var();
                match self.rules.options.flip {
                    // The last face-down card (a lone prize card) has no second card to
                    // choose with it: it is turned alone, as under `one-by-one`.
                    Flip::OneByOne => self.turn_first(c, ev),
                    Flip::BothAtOnce if self.down == bit(c) => self.turn_first(c, ev),
                    Flip::BothAtOnce => {
                        self.first = c;
                        self.phase = Phase::Second;
                    }
                }
            }
            (Phase::TurnStart, Decoded::UseVar) => {
                self.use_prize(m, Prize::Var, ev);
                self.var_ready[usize::from(m)] -= 1;
                self.var_used = true;
                self.phase = Phase::Look(0);
            }
            (Phase::TurnStart, Decoded::Challenge(t)) => {
                self.lapse_var();
                self.use_prize(m, Prize::PlayGame, ev);
                self.opponent = t;
                self.phase = Phase::Roll(0);
            }
            (Phase::Look(k), Decoded::Look(c)) => {
                let f = self.face[usize::from(c)];
                self.shown[usize::from(c)] = self.shown[usize::from(c)].wrapping_add(1);
                self.known[usize::from(m)] |= bit(c);
                let mi = usize::from(m);
                self.obs[mi] =
                    InfoKey::mix(self.obs[mi], TAG_LOOK ^ (u64::from(c) << 8) ^ u64::from(f));
                for o in (0..self.n()).filter(|&o| o != mi) {
                    self.obs[o] = InfoKey::mix(self.obs[o], TAG_LOOKED ^ u64::from(c));
                }
                if k == 0 && self.down & !bit(c) != 0 {
                    self.looked = c;
                    self.phase = Phase::Look(1);
                } else {
                    self.looked = NONE;
                    self.phase = Phase::TurnStart;
                }
            }
            (Phase::Answer(s), Decoded::Pass) => self.next_answer(s, ev),
            (Phase::Answer(s), Decoded::Yellow) => self.stop_turn(s, Prize::Yellow, ev),
            (Phase::Answer(s), Decoded::Red) => self.stop_turn(s, Prize::Red, ev),
            (Phase::Second, Decoded::Turn(c)) => {
                let a = self.first;
                if self.rules.options.flip == Flip::BothAtOnce {
                    self.show(a);
                }
                self.show(c);
                self.first = NONE;
                let a = if a != NONE && !is_footballer(self.face[usize::from(a)]) {
                    self.take_prize(m, a, ev);
                    NONE
                } else {
                    a
                };
                let pair = a != NONE
                    && is_footballer(self.face[usize::from(c)])
                    && self.face[usize::from(a)] == self.face[usize::from(c)];
                if pair && self.rules.options.sanction == Sanction::AnyMoment {
                    // The two cards are up and match: the others may still answer.
                    self.first = a;
                    self.second = c;
                    self.window = Window::AfterSecond;
                    self.next_answer(m, ev);
                } else {
                    self.resolve(a, c, ev);
                }
            }
            (Phase::Roll(0), Decoded::Roll(g)) => {
                self.roll = g;
                self.phase = Phase::Roll(1);
            }
            (Phase::Roll(_), Decoded::Roll(g)) => {
                if g == self.roll {
                    // Equal scores: both roll again (rulebook, PLAY GAME).
                    self.phase = Phase::Roll(0);
                } else {
                    let won = self.roll > g;
                    self.winner = if won { m } else { self.opponent };
                    ev(GameEvent::CardResolved {
                        seat: m,
                        card: Prize::PlayGame as u8,
                        success: won,
                    });
                    self.phase = Phase::Take;
                }
            }
            (Phase::Take, Decoded::Take(v)) => {
                let (w, l) = (usize::from(self.winner), usize::from(self.loser()));
                let i = usize::from(v - 1);
                self.pairs[l][i] -= 1;
                self.pairs[w][i] += 1;
                self.points[l] -= u16::from(v);
                self.points[w] += u16::from(v);
                let next = self.next_seat(m);
                self.end_turn(next, ev);
            }
            (phase, d) => debug_assert!(false, "{d:?} is not an action of {phase:?}"),
        }
    }

    fn returns(&self) -> Returns {
        if self.phase != Phase::Over {
            return [0.0; MAX_SEATS];
        }
        if self.n() == 1 {
            let mut r = [0.0; MAX_SEATS];
            r[0] = f64::from(self.taken) / f64::from(self.turns.max(1));
            return r;
        }
        placement_returns(&self.ranks(), self.n())
    }

    fn score(&self, seat: Seat) -> i32 {
        i32::from(self.points[usize::from(seat)])
    }

    fn ended_by_cap(&self) -> bool {
        self.capped
    }

    fn info_key(&self, seat: Seat) -> InfoKey {
        InfoKey::finish(self.obs[usize::from(seat)])
    }

    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        let me = usize::from(seat);
        let mut d = self.clone();
        // The unseen cards: those not dealt yet and the face-down cards `seat` has not
        // seen, a composition `seat` can work out; redealt uniformly to the same places.
        let mut pool = self.undealt;
        let unseen = self.down & !self.known[me];
        for c in places(unseen) {
            pool[usize::from(self.face[usize::from(c)])] += 1;
        }
        let mut total: u32 = places(unseen).count() as u32;
        total += self.undealt.iter().map(|&n| u32::from(n)).sum::<u32>();
        for c in places(unseen) {
            let mut x = rng.gen_range(0..total);
            let mut f = 0;
            while x >= u32::from(pool[f]) {
                x -= u32::from(pool[f]);
                f += 1;
            }
            pool[f] -= 1;
            total -= 1;
            d.face[usize::from(c)] = f as u8;
        }
        d.undealt = pool;
        for o in (0..self.n()).filter(|&o| o != me) {
            d.obs[o] = InfoKey::mix(self.obs[me], 0xDE7E_0000 ^ o as u64);
        }
        d
    }

    fn memory_slots(&self) -> usize {
        usize::from(self.rules.rows) * usize::from(self.rules.columns)
    }

    fn memory_stamp(&self, seat: Seat, slot: usize) -> Option<u32> {
        let c = slot as u8;
        (slot < MAX_CELLS && self.known[usize::from(seat)] & self.down & bit(c) != 0)
            .then(|| u32::from(self.shown[slot]))
    }

    fn forget(&mut self, seat: Seat, slot: usize) {
        let s = usize::from(seat);
        if slot < MAX_CELLS && self.known[s] & self.down & bit(slot as u8) != 0 {
            self.known[s] &= !bit(slot as u8);
            self.obs[s] = InfoKey::mix(self.obs[s], TAG_FORGET ^ slot as u64);
        }
    }

    fn turns_begun(&self) -> u32 {
        self.turns
    }

    fn action_to_string(&self, action: Action) -> String {
        let cols = self.rules.columns.max(1);
        let at = |c: u8| format!("row {}, column {}", c / cols + 1, c % cols + 1);
        match act::decode(action) {
            Decoded::Turn(c) => format!("turn the card at {}", at(c)),
            Decoded::Look(c) => format!("VAR: look at {}", at(c)),
            Decoded::UseVar => "use VAR".into(),
            Decoded::Challenge(t) => format!("PLAY GAME against seat {t}"),
            Decoded::Yellow => format!("YELLOW against seat {}", self.mover),
            Decoded::Red => "RED".into(),
            Decoded::Pass => "no card".into(),
            Decoded::Take(v) => format!("take a pair worth {v}"),
            Decoded::Deal(f) => {
                let name = face_name(f);
                if is_footballer(f) {
                    format!(
                        "deal {name} ({} points) to {}",
                        self.rules.value(f),
                        at(self.dealt)
                    )
                } else {
                    format!("deal {name} to {}", at(self.dealt))
                }
            }
            Decoded::Roll(g) => format!("die: {g} goals"),
            Decoded::Unknown => format!("unknown action {}", action.0),
        }
    }

    fn snapshot(&self) -> Snapshot {
        let cols = usize::from(self.rules.columns.max(1));
        let cells = self.memory_slots();
        let grid = (0..cells)
            .collect::<Vec<_>>()
            .chunks(cols)
            .map(|row| {
                row.iter()
                    .map(|&c| {
                        let f = self.face[c];
                        if c >= usize::from(self.dealt) && f == EMPTY && self.phase == Phase::Deal {
                            "?".to_string()
                        } else if self.down & bit(c as u8) != 0 {
                            grid_name(f).to_lowercase()
                        } else {
                            grid_name(f)
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let seats = (0..self.n())
            .map(|s| SeatSnapshot {
                points: self.points[s],
                pairs: self.pairs[s].to_vec(),
                prizes: Prize::ALL
                    .iter()
                    .flat_map(|p| {
                        std::iter::repeat_n(p.name(), usize::from(self.prizes[s][p.index()]))
                    })
                    .collect(),
                knows: (self.known[s] & self.down).count_ones(),
                yellows: self.yellows[s],
            })
            .collect();
        Snapshot {
            turns: self.turns,
            mover: self.mover,
            to_move: self.turn().into(),
            phase: self.phase,
            grid,
            seats,
        }
    }

    /// Card conservation (by value for footballers, by kind for prizes), points equal to
    /// the pairs held, knowledge and face-down places only where cards lie.
    fn check_invariants(&self) -> Result<(), String> {
        let n = self.n();
        let mut on_grid = [0u16; NUM_FACES];
        for c in 0..MAX_CELLS {
            let f = self.face[c];
            if f != EMPTY {
                on_grid[usize::from(f)] += 1;
            } else if self.down & bit(c as u8) != 0 {
                return Err(format!("place {c} is face down but empty"));
            }
        }
        for (s, k) in self.known.iter().enumerate() {
            for c in places(*k) {
                if self.face[usize::from(c)] == EMPTY {
                    return Err(format!("seat {s} knows the empty place {c}"));
                }
            }
        }
        for v in 1..=MAX_VALUES as u8 {
            let i = usize::from(v - 1);
            let mut count = 0u16;
            for f in 0..self.rules.num_pairs {
                if self.rules.value(f) == v {
                    count += on_grid[usize::from(f)] + u16::from(self.undealt[usize::from(f)]);
                }
            }
            count += 2 * (0..n).map(|s| u16::from(self.pairs[s][i])).sum::<u16>();
            if count != 2 * u16::from(self.rules.pairs[i]) {
                return Err(format!(
                    "{count} footballer cards worth {v}, not {}",
                    2 * self.rules.pairs[i]
                ));
            }
        }
        for p in Prize::ALL {
            let i = p.index();
            let count = on_grid[usize::from(p.face())]
                + u16::from(self.undealt[usize::from(p.face())])
                + u16::from(self.used[i])
                + (0..n).map(|s| u16::from(self.prizes[s][i])).sum::<u16>();
            if count != u16::from(self.rules.prizes[i]) {
                return Err(format!(
                    "{count} {} cards, not {}",
                    p.name(),
                    self.rules.prizes[i]
                ));
            }
        }
        for s in 0..n {
            let pts: u16 = self.pairs[s]
                .iter()
                .enumerate()
                .map(|(i, &k)| (i as u16 + 1) * u16::from(k))
                .sum();
            if pts != self.points[s] {
                return Err(format!(
                    "seat {s} has {} points for pairs worth {pts}",
                    self.points[s]
                ));
            }
        }
        if self.phase == Phase::Over && self.down != 0 && !self.capped {
            return Err("the game ended with cards face down".into());
        }
        Ok(())
    }
}

impl State {
    /// The seat that lost the PLAY GAME match.
    fn loser(&self) -> Seat {
        if self.winner == self.mover {
            self.opponent
        } else {
            self.mover
        }
    }
}
