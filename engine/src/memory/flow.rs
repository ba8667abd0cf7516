//! The turn flow of the memory game: prize cards taken and used, the start and end of a
//! turn, the answer windows of YELLOW and RED, pairs taken or turned back, PLAY GAME, and
//! the application of an action ([`ApplyAction::apply_with`]).

use super::actions::{self as act, Decoded};
use super::cards::{is_footballer, Prize};
use super::rules::{DoubleYellow, Flip, PrizeRule, Sanction, VarRule};
use super::state::{bit, Phase, State, Window, NONE, TAG_ACTION, TAG_LOOK, TAG_LOOKED};
use crate::core::{Action, ApplyAction, Events, GameEvent, InfoKey, Seat};

impl State {
    /// `seat` takes the prize card shown at `c`.
    fn take_prize<F: Events>(&mut self, seat: Seat, c: u8, ev: &mut F) {
        let p = Prize::of_face(self.face[usize::from(c)]).expect("a prize card");
        self.remove(c);
        self.prizes[usize::from(seat)][p.index()] += 1;
        if p == Prize::Var {
            self.var_fresh[usize::from(seat)] += 1;
        }
        ev.event(GameEvent::CardDrawn {
            seat,
            card: p as u8,
        });
    }

    /// `seat` uses prize card `p`.
    fn use_prize<F: Events>(&mut self, seat: Seat, p: Prize, ev: &mut F) {
        self.prizes[usize::from(seat)][p.index()] -= 1;
        self.used[p.index()] += 1;
        ev.event(GameEvent::CardPlayed {
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
    fn begin_turn<F: Events>(&mut self, seat: Seat, ev: &mut F) {
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
    fn end_turn<F: Events>(&mut self, next: Seat, ev: &mut F) {
        ev.event(GameEvent::TurnEnd { seat: self.mover });
        self.begin_turn(next, ev);
    }

    /// In the open [`Window`]: the first seat after the mover (in turn order, after
    /// `from`) that holds YELLOW or RED may answer; when none is left, the turn goes on
    /// (its first card, its second card, or the pair is taken).
    fn next_answer<F: Events>(&mut self, from: Seat, ev: &mut F) {
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
    fn turn_first<F: Events>(&mut self, c: u8, ev: &mut F) {
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
    fn resolve<F: Events>(&mut self, a: u8, b: u8, ev: &mut F) {
        let m = self.mover;
        let fb = self.face[usize::from(b)];
        if a != NONE && is_footballer(fb) && self.face[usize::from(a)] == fb {
            let v = self.rules.value(fb);
            self.remove(a);
            self.remove(b);
            self.points[usize::from(m)] += u16::from(v);
            self.pairs[usize::from(m)][usize::from(v - 1)] += 1;
            self.taken += 1;
            ev.event(GameEvent::Goal { seat: m });
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
    /// a YELLOW that works as a RED, option `double_yellow`).
    fn stop_turn<F: Events>(&mut self, by: Seat, p: Prize, ev: &mut F) {
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
            let booked = &mut self.yellows[usize::from(m)];
            *booked = booked.saturating_add(1);
            let as_red = match self.rules.options.double_yellow {
                DoubleYellow::EverySecond => booked.is_multiple_of(2),
                DoubleYellow::FromSecond => *booked >= 2,
            };
            if as_red {
                by
            } else {
                self.next_seat(m)
            }
        } else {
            by
        };
        self.end_turn(next, ev);
    }

    /// The seat that lost the PLAY GAME match.
    pub(super) fn loser(&self) -> Seat {
        if self.winner == self.mover {
            self.opponent
        } else {
            self.mover
        }
    }
}

impl ApplyAction for State {
    fn apply_with<F: Events>(&mut self, action: Action, ev: &mut F) {
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
                    ev.event(GameEvent::CardResolved {
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
}
