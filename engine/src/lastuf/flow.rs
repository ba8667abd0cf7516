//! The turn flow of LASTUF GOL: the deal, the start and end of a turn, refills and
//! reshuffles, eliminations, and the application of an action ([`ApplyAction::apply_with`]).
//! What each card does once its target is chosen is in `effects.rs`.

use super::actions::{self as act, Decoded};
use super::cards::{Card, Colour, Status, NUM_CARDS, NUM_COLOURS, NUM_STATUSES};
use super::rules::{EliminatedGoal, Elimination, StopRefill, TurnRefill};
use super::state::{sum, Phase, State, NO_GOAL};
use crate::core::{Action, ApplyAction, Events, GameEvent, Seat, MAX_SEATS};

impl State {
    pub(super) fn hand_remove(&mut self, seat: Seat, c: Card) {
        let s = seat as usize;
        debug_assert!(self.hands[s][c.index()] > 0, "{c:?} not in hand of {seat}");
        self.hands[s][c.index()] -= 1;
        self.hand_count[s] -= 1;
    }

    pub(super) fn pile(&mut self, c: Card, n: u8) {
        self.discard[c.index()] += n;
    }

    /// Makes sure a card can be drawn: when the draw pile is empty the discard pile is
    /// shuffled into a new draw pile (its order is the chance of the draws). Returns
    /// false when both are empty.
    fn ensure_deck(&mut self) -> bool {
        if self.deck_count == 0 {
            self.deck = self.discard;
            self.deck_count = sum(&self.discard);
            self.discard = [0; NUM_CARDS];
        }
        self.deck_count > 0
    }

    /// The seat the next deal card goes to, if the deal is not over.
    pub(super) fn deal_seat(&self) -> Option<Seat> {
        self.seats()
            .find(|&s| self.hand_count[s as usize] < self.rules.hand_size)
    }

    /// Runs the automatic steps (turn start, reshuffles, end of turn) until a decision, a
    /// chance node or the end.
    fn settle<F: Events>(&mut self, ev: &mut F) {
        loop {
            let phase = self.phase;
            match phase {
                Phase::Deal if self.deal_seat().is_none() => self.start_turn(0),
                Phase::StopRefill(v)
                    if self.hand_count[v as usize] >= self.rules.hand_size
                        || !self.ensure_deck() =>
                {
                    self.phase = Phase::Refill;
                }
                Phase::StartRefill
                    if self.hand_count[self.turn_seat as usize] >= self.rules.hand_size
                        || !self.ensure_deck() =>
                {
                    self.phase = Phase::Play;
                }
                Phase::Refill => {
                    let s = self.turn_seat;
                    if self.seats_in() <= 1
                        || !self.is_in(s)
                        || self.hand_count[s as usize] >= self.rules.hand_size
                        || !self.ensure_deck()
                    {
                        self.end_turn(ev);
                    } else {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    /// Begins `seat`'s turn: its TIME-OUT is discarded, and under `refill =
    /// "start-and-end"` it draws back to a full hand first ([`Phase::StartRefill`];
    /// [`Self::settle`] moves on to [`Phase::Play`] when the hand is full or nothing can
    /// be drawn).
    fn start_turn(&mut self, seat: Seat) {
        self.turn_seat = seat;
        self.locked = false;
        self.phase = match self.rules.options.refill {
            TurnRefill::StartAndEnd => Phase::StartRefill,
            TurnRefill::End => Phase::Play,
        };
        if self.timeout[seat as usize] {
            // TIME-OUT: at the start of the player's next turn it goes to the discard pile.
            self.timeout[seat as usize] = false;
            self.pile(Card::TimeOut, 1);
        }
    }

    fn end_turn<F: Events>(&mut self, ev: &mut F) {
        let s = self.turn_seat;
        ev.event(GameEvent::TurnEnd { seat: s });
        self.turns += 1;
        if self.seats_in() <= 1 {
            self.phase = Phase::Over;
        } else if self.turns >= self.rules.max_turns {
            self.phase = Phase::Over;
            self.capped = true;
        } else {
            let n = self.rules.players;
            let next = (1..=n)
                .map(|k| (s + k) % n)
                .find(|&o| self.is_in(o))
                .expect("a seat is in");
            self.start_turn(next);
        }
    }

    /// Whether `seat`'s goals have conceded enough to eliminate it.
    pub(super) fn beaten(&self, seat: Seat) -> bool {
        let full = (0..2)
            .filter(|&g| {
                self.goals[seat as usize][g] != NO_GOAL
                    && self.balls[seat as usize][g] >= self.rules.goals_to_eliminate
            })
            .count();
        match (
            self.rules.options.goals_per_player,
            self.rules.options.elimination,
        ) {
            (2, Elimination::Both) => full >= 2,
            _ => full >= 1,
        }
    }

    /// Eliminates every seat whose goals have conceded enough, all in one round.
    pub(super) fn check_eliminations<F: Events>(&mut self, ev: &mut F) {
        let beaten: [bool; MAX_SEATS] = std::array::from_fn(|s| {
            s < usize::from(self.rules.players) && self.is_in(s as Seat) && self.beaten(s as Seat)
        });
        if !beaten.contains(&true) {
            return;
        }
        self.rounds += 1;
        for (s, &b) in beaten.iter().enumerate() {
            if b {
                self.eliminate(s as Seat);
                ev.event(GameEvent::Eliminated { seat: s as Seat });
            }
        }
    }

    /// An eliminated player's hand and table cards go to the discard pile; his goals and
    /// their balls leave the game or are discarded (option `eliminated_goal`).
    pub(super) fn eliminate(&mut self, seat: Seat) {
        let s = seat as usize;
        self.out_round[s] = self.rounds;
        self.final_conceded[s] = self.conceded_now(seat);
        for i in 0..NUM_CARDS {
            self.discard[i] += self.hands[s][i];
        }
        self.hands[s] = [0; NUM_CARDS];
        self.hand_count[s] = 0;
        for k in Colour::ALL {
            for t in Status::ALL {
                let n = self.players[s][k.index()][t.index()];
                self.pile(Card::player(k), n);
                if t.booked() {
                    self.pile(Card::YellowCard, n);
                }
                if t.injured() {
                    self.pile(Card::Injury, n);
                }
            }
        }
        self.players[s] = [[0; NUM_STATUSES]; NUM_COLOURS];
        if self.timeout[s] {
            self.timeout[s] = false;
            self.pile(Card::TimeOut, 1);
        }
        for g in 0..2 {
            let c = self.goals[s][g];
            if c == NO_GOAL {
                continue;
            }
            let balls = self.balls[s][g];
            let (goal_zone, ball_zone) = match self.rules.options.eliminated_goal {
                EliminatedGoal::Out => (&mut self.out, None),
                EliminatedGoal::GoalOut => (&mut self.out, Some(&mut self.discard)),
                EliminatedGoal::Discard => (&mut self.discard, None),
            };
            goal_zone[usize::from(c)] += 1;
            match ball_zone {
                Some(z) => z[Card::Ball.index()] += balls,
                None => goal_zone[Card::Ball.index()] += balls,
            }
        }
        self.goals[s] = [NO_GOAL; 2];
        self.balls[s] = [0; 2];
    }
}

impl ApplyAction for State {
    crate::core::apply_by_tracked!();
}

impl State {
    /// [`ApplyAction::apply_with`], mixing the action into the observation hashes when
    /// `track` ([`ApplyAction::apply_untracked`] does not).
    #[inline]
    fn apply_tracked<F: Events>(&mut self, action: Action, ev: &mut F, track: bool) {
        if track {
            self.record_obs(action);
        }
        let s = self.turn_seat;
        match (self.phase, act::decode(action)) {
            (
                Phase::Deal | Phase::StartRefill | Phase::Refill | Phase::StopRefill(_),
                Decoded::Draw(c),
            ) => {
                let d = self.drawer();
                self.deck[c.index()] -= 1;
                self.deck_count -= 1;
                self.hands[d as usize][c.index()] += 1;
                self.hand_count[d as usize] += 1;
                ev.event(GameEvent::CardDrawn {
                    seat: d,
                    card: c as u8,
                });
            }
            (Phase::Play, Decoded::Play(c)) => {
                ev.event(GameEvent::CardPlayed {
                    seat: s,
                    card: c as u8,
                });
                if let Some(k) = c.player_colour() {
                    self.hand_remove(s, c);
                    self.players[s as usize][k.index()][Status::Plain.index()] += 1;
                    self.end_play();
                } else if c == Card::TimeOut {
                    self.hand_remove(s, c);
                    self.timeout[s as usize] = true;
                    self.end_play();
                } else {
                    self.phase = Phase::Target(c);
                }
            }
            (Phase::Play | Phase::MoreDiscard(_), Decoded::Discard(c)) => {
                let n = match self.phase {
                    Phase::MoreDiscard(n) => n,
                    _ => 0,
                };
                if n == 0 && !self.locked && !self.any_playable(s) {
                    self.locked = true;
                    ev.event(GameEvent::Locked { seat: s });
                }
                self.hand_remove(s, c);
                self.pile(c, 1);
                let n = n + 1;
                if n >= self.rules.options.discard_max || self.hand_count[s as usize] == 0 {
                    self.end_play();
                } else {
                    self.phase = Phase::MoreDiscard(n);
                }
            }
            (Phase::MoreDiscard(_), Decoded::Done) => self.end_play(),
            (Phase::Play, Decoded::Pass) => {
                if !self.locked && !self.any_playable(s) {
                    self.locked = true;
                    ev.event(GameEvent::Locked { seat: s });
                }
                self.end_play();
            }
            (Phase::Target(card), d) => self.resolve(card, d, ev),
            (Phase::SubTake(k, st), Decoded::Target(t, k2, st2)) => {
                self.hand_remove(s, Card::Substitution);
                let p = &mut self.players;
                p[s as usize][k.index()][st.index()] -= 1;
                p[t as usize][k.index()][st.index()] += 1;
                p[t as usize][k2.index()][st2.index()] -= 1;
                p[s as usize][k2.index()][st2.index()] += 1;
                self.pile(Card::Substitution, 1);
                self.end_play();
            }
            (Phase::StopAsk(v, g), Decoded::Done) => self.count_goal(v, g, ev),
            (Phase::StopAsk(v, _), Decoded::Stop) => {
                // STOP: the goal does not count; the ball and the STOP are discarded.
                self.hand_remove(v, Card::Stop);
                self.pile(Card::Stop, 1);
                self.pile(Card::Ball, 1);
                ev.event(GameEvent::CardPlayed {
                    seat: v,
                    card: Card::Stop as u8,
                });
                ev.event(GameEvent::CardResolved {
                    seat: v,
                    card: Card::Stop as u8,
                    success: true,
                });
                ev.event(GameEvent::CardResolved {
                    seat: s,
                    card: Card::Ball as u8,
                    success: false,
                });
                self.phase = match self.rules.options.stop_refill {
                    StopRefill::AtOnce => Phase::StopRefill(v),
                    StopRefill::OwnTurn => Phase::Refill,
                };
            }
            (p, d) => panic!("action {d:?} ({}) applied at {p:?}", action.0),
        }
        self.settle(ev);
    }
}
