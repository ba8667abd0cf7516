//! The flow of a Helvetia Cup match: kick-offs and placement, rounds and their phases,
//! the time track and half time, shots and goals, substitutions, the penalty shoot-out,
//! and the application of an action ([`ApplyAction::apply_with`]).

use super::actions::{self as act, Decoded};
use super::board::OFF_PITCH;
use super::rules::{BoostHalfTime, Kickoff, Substitutions, FIGURES};
use super::state::{Phase, RollFor, State, TAG_ACTION, TAG_REVEAL, TAG_SECRET};
use crate::core::{Action, ApplyAction, Events, GameEvent, InfoKey};

impl State {
    /// Every figure off the pitch; the defence places first.
    fn kickoff<F: Events>(&mut self, attack: u8, option: Kickoff, ev: &mut F) {
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
    fn close_round<F: Events>(&mut self, ev: &mut F) {
        ev.event(GameEvent::TurnEnd { seat: self.attack });
        self.rounds += 1;
        self.passes = 0;
        self.held = 0;
    }

    /// Whether the round cap ended the match (then it is finished).
    fn cap_reached<F: Events>(&mut self, ev: &mut F) -> bool {
        if self.rounds >= self.rules.max_rounds {
            self.capped = true;
            ev.event(GameEvent::PeriodEnd { period: self.half });
            self.finish_match();
            true
        } else {
            false
        }
    }

    /// A new round: the move phase of the attack.
    fn next_round<F: Events>(&mut self, ev: &mut F) {
        if !self.cap_reached(ev) {
            self.phase = Phase::Move {
                team: self.attack,
                fig: 0,
            };
        }
    }

    /// The defence's figure `fig` has the ball: the round ends and possession changes.
    fn win_ball<F: Events>(&mut self, fig: u8, ev: &mut F) {
        self.close_round(ev);
        self.attack = self.defence();
        self.carrier = fig;
        ev.event(GameEvent::PossessionChange { seat: self.attack });
    }

    /// The time marker advances one notch; at the last one the half ends. Returns whether
    /// the half ended (and what follows it is set up).
    fn advance_clock<F: Events>(&mut self, ev: &mut F) -> bool {
        self.notch += 1;
        if self.notch < self.rules.notches {
            return false;
        }
        ev.event(GameEvent::PeriodEnd { period: self.half });
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
    fn after_turnover<F: Events>(&mut self, ev: &mut F) {
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
    fn keeper_ball<F: Events>(&mut self, ev: &mut F) {
        self.win_ball(0, ev);
        self.after_turnover(ev);
    }

    /// A goal: the score, the clock, then the kick-off of the team that conceded.
    pub(super) fn goal<F: Events>(&mut self, ev: &mut F) {
        self.score[usize::from(self.attack)] += 1;
        ev.event(GameEvent::Goal { seat: self.attack });
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
}

impl ApplyAction for State {
    fn apply_with<F: Events>(&mut self, action: Action, ev: &mut F) {
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
                ev.event(GameEvent::Revealed {
                    seat: self.attack,
                    what: act::AIMED[usize::from(self.target)],
                });
                let saved = m & (1 << self.target) != 0;
                match (saved, self.penalty) {
                    (true, true) => self.penalty_done(false),
                    (true, false) => {
                        ev.event(self.shot_event(false));
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
                    ev.event(self.shot_event(goal));
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
}
