//! LASTUF GOL notation: action names and the trace [`Snapshot`] (`sim trace`).

use super::actions::{self as act, Decoded};
use super::cards::{Card, Colour, Status};
use super::state::{sum, Phase, State};
use crate::core::{Action, GameState, Notation, Seat, Turn};
use serde::Serialize;

pub use crate::core::ToMove;

/// One goal on the table, in a trace snapshot.
#[derive(Clone, Debug, Serialize)]
pub struct GoalSnapshot {
    /// The goal's colour (`RED`).
    pub colour: &'static str,
    /// Balls in it: goals conceded in it.
    pub balls: u8,
}

/// One seat's side of the table, in a trace snapshot.
#[derive(Clone, Debug, Serialize)]
pub struct SeatSnapshot {
    /// The hand, card names sorted by card id.
    pub hand: Vec<&'static str>,
    /// The goals it defends.
    pub goals: Vec<GoalSnapshot>,
    /// Its outfield players, one entry per card: `RED`, `booked RED`, `injured BLUE`…
    pub players: Vec<String>,
    /// Whether a TIME-OUT protects it.
    pub timeout: bool,
    /// Goals it scored.
    pub scored: u8,
    /// 0 while in the game, else its elimination round (1 = first out).
    pub out_round: u8,
}

/// The trace snapshot of a LASTUF GOL state (`sim trace`).
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    /// Turns completed.
    pub turns: u16,
    /// The seat whose turn it is.
    pub turn: Seat,
    /// Who decides next.
    pub to_move: ToMove,
    /// The step of the turn (`Play`, `Target(BALL)`…).
    pub phase: String,
    /// Cards left in the draw pile.
    pub deck: u16,
    /// Cards in the discard pile.
    pub discard: u16,
    /// Cards out of the game.
    pub out: u16,
    /// Every seat's side.
    pub seats: Vec<SeatSnapshot>,
}

impl Notation for State {
    type Snapshot = Snapshot;

    fn action_to_string(&self, action: Action) -> String {
        let s = self.turn_seat;
        let who = |t: Seat, k: Colour, st: Status| {
            let owner = if t == s {
                "own".to_string()
            } else {
                format!("seat {t}'s")
            };
            format!("{owner} {}{} player", st.adjective(), k.name())
        };
        match (self.phase, act::decode(action)) {
            (Phase::Deal, Decoded::Draw(c)) => {
                format!("deal {} to seat {}", c.name(), self.drawer())
            }
            (Phase::StopRefill(v), Decoded::Draw(c)) => {
                format!("seat {v} draws {} after STOP", c.name())
            }
            (_, Decoded::Draw(c)) => format!("draw {}", c.name()),
            (_, Decoded::Play(c)) => format!("play {}", c.name()),
            (_, Decoded::Discard(c)) => format!("discard {}", c.name()),
            (Phase::StopAsk(..), Decoded::Done) => "let the goal count".into(),
            (_, Decoded::Done) => "done discarding".into(),
            (_, Decoded::Pass) => "pass".into(),
            (_, Decoded::Stop) => "STOP: the goal does not count".into(),
            (Phase::Target(c), Decoded::Target(t, k, st)) => {
                format!("{} on {}", c.name(), who(t, k, st))
            }
            (Phase::SubTake(gk, gst), Decoded::Target(t, k, st)) => {
                format!("SUBSTITUTION: {} for {}", who(s, gk, gst), who(t, k, st))
            }
            (_, Decoded::Target(t, k, st)) => who(t, k, st),
            (_, Decoded::Give(k, st)) => format!("SUBSTITUTION: give {}", who(s, k, st)),
            (_, Decoded::Shoot(t, g)) => {
                let k = self.goal(t, g).map_or("no", |(k, _)| k.name());
                format!("BALL into seat {t}'s {k} goal")
            }
            (Phase::Target(c), Decoded::Place(t)) => {
                if t == s {
                    format!("{} in front of self", c.name())
                } else {
                    format!("{} in front of seat {t}", c.name())
                }
            }
            (_, Decoded::Place(t)) => format!("goal in front of seat {t}"),
            (_, Decoded::Swap(m, t, g)) => {
                let name = |x: Seat, y: u8| self.goal(x, y).map_or("no", |(k, _)| k.name());
                format!(
                    "SWAP SIDES: own {} goal for seat {t}'s {} goal",
                    name(s, m),
                    name(t, g)
                )
            }
            _ => format!("action {}", action.0),
        }
    }

    fn snapshot(&self) -> Snapshot {
        let seats = (0..self.rules.players)
            .map(|t| {
                let mut hand = Vec::new();
                for c in Card::ALL {
                    for _ in 0..self.hand_has(t, c) {
                        hand.push(c.name());
                    }
                }
                let mut players = Vec::new();
                for k in Colour::ALL {
                    for st in Status::ALL {
                        for _ in 0..self.players(t, k, st) {
                            players.push(format!("{}{}", st.adjective(), k.name()));
                        }
                    }
                }
                SeatSnapshot {
                    hand,
                    goals: (0..2)
                        .filter_map(|g| self.goal(t, g))
                        .map(|(k, balls)| GoalSnapshot {
                            colour: k.name(),
                            balls,
                        })
                        .collect(),
                    players,
                    timeout: self.timed_out(t),
                    scored: self.scored[t as usize],
                    out_round: self.out_round[t as usize],
                }
            })
            .collect();
        Snapshot {
            turns: self.turns,
            turn: self.turn_seat,
            to_move: match self.turn() {
                Turn::Decision(s) => ToMove::Seat(s),
                Turn::Chance => ToMove::Chance,
                Turn::Terminal => ToMove::Nobody,
            },
            phase: match self.phase {
                Phase::Target(c) => format!("Target({})", c.name()),
                p => format!("{p:?}"),
            },
            deck: self.deck_count,
            discard: sum(&self.discard),
            out: sum(&self.out),
            seats,
        }
    }
}
