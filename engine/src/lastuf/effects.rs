//! What each LASTUF GOL card does once played on its target: goals placed, balls
//! shot and counted, sanctions, injuries and their cure, substitutions, swapped sides.

use super::actions::Decoded;
use super::cards::{Card, Colour, Status};
use super::state::{Phase, State};
use crate::core::{Events, GameEvent, Seat};

impl State {
    /// Takes a player of colour `k`, status `t` off `seat`'s table to the discard pile
    /// with the cards lying on him.
    fn send_off(&mut self, seat: Seat, k: Colour, t: Status) {
        self.players[seat as usize][k.index()][t.index()] -= 1;
        self.pile(Card::player(k), 1);
        if t.booked() {
            self.pile(Card::YellowCard, 1);
        }
        if t.injured() {
            self.pile(Card::Injury, 1);
        }
    }

    fn restatus(&mut self, seat: Seat, k: Colour, from: Status, to: Status) {
        let p = &mut self.players[seat as usize][k.index()];
        p[from.index()] -= 1;
        p[to.index()] += 1;
    }

    /// The play of the turn is over: draw back to a full hand.
    pub(super) fn end_play(&mut self) {
        self.phase = Phase::Refill;
    }

    /// The goal is counted: the ball stays in the goal.
    pub(super) fn count_goal<F: Events>(&mut self, victim: Seat, g: u8, ev: &mut F) {
        let s = self.turn_seat;
        self.balls[victim as usize][g as usize] += 1;
        self.scored[s as usize] += 1;
        ev.event(GameEvent::CardResolved {
            seat: s,
            card: Card::Ball as u8,
            success: true,
        });
        ev.event(GameEvent::Goal { seat: s });
        self.check_eliminations(ev);
        self.end_play();
    }

    /// Applies the target `d` of `card`, played by the turn seat.
    pub(super) fn resolve<F: Events>(&mut self, card: Card, d: Decoded, ev: &mut F) {
        let s = self.turn_seat;
        match (card, d) {
            (_, Decoded::Place(t)) => {
                self.hand_remove(s, card);
                let g = usize::from(self.goal_count(t));
                self.goals[t as usize][g] = card.goal_colour().expect("a goal") as u8;
                self.balls[t as usize][g] = 0;
                self.end_play();
            }
            (Card::Ball, Decoded::Shoot(t, g)) => {
                self.hand_remove(s, Card::Ball);
                if self.rules.deck[Card::Stop.index()] > 0 {
                    self.phase = Phase::StopAsk(t, g);
                } else {
                    self.count_goal(t, g, ev);
                }
            }
            (Card::YellowCard, Decoded::Target(t, k, st)) => {
                self.hand_remove(s, card);
                if st.booked() {
                    // A second YELLOW CARD: the player and both cards are discarded.
                    self.send_off(t, k, st);
                    self.pile(Card::YellowCard, 1);
                } else {
                    self.restatus(t, k, st, st.with_booking());
                }
                self.end_play();
            }
            (Card::RedCard, Decoded::Target(t, k, st)) => {
                self.hand_remove(s, card);
                self.send_off(t, k, st);
                self.pile(Card::RedCard, 1);
                self.end_play();
            }
            (Card::Injury, Decoded::Target(t, k, st)) => {
                self.hand_remove(s, card);
                self.restatus(t, k, st, st.with_injury(true));
                self.end_play();
            }
            (Card::Doctor, Decoded::Target(t, k, st)) => {
                self.hand_remove(s, card);
                self.restatus(t, k, st, st.with_injury(false));
                self.pile(Card::Injury, 1);
                self.pile(Card::Doctor, 1);
                self.end_play();
            }
            (Card::Substitution, Decoded::Give(k, st)) => {
                self.phase = Phase::SubTake(k, st);
            }
            (Card::SwapSides, Decoded::Swap(m, t, g)) => {
                self.hand_remove(s, card);
                let (a, b) = (s as usize, t as usize);
                let (m, g) = (m as usize, g as usize);
                let (ga, ba) = (self.goals[a][m], self.balls[a][m]);
                self.goals[a][m] = self.goals[b][g];
                self.balls[a][m] = self.balls[b][g];
                self.goals[b][g] = ga;
                self.balls[b][g] = ba;
                self.pile(Card::SwapSides, 1);
                self.check_eliminations(ev);
                self.end_play();
            }
            _ => unreachable!("{card:?} has no target {d:?}"),
        }
    }
}
