//! Notation and snapshots: the names of actions as traces and tests print them
//! ([`Notation::action_to_string`]) and the trace [`Snapshot`] of a position (`sim trace`).

use super::actions::{self as act, Decoded, DIRECTIONS};
use super::cards::Card;
use super::counts::{sum, Counts};
use super::rules::{GreenFace, RedFace};
use super::state::State;
use super::tasks::Task;
use crate::core::{Action, GameState, Notation, Seat, Turn};
use serde::Serialize;

pub use crate::core::ToMove;

/// The trace snapshot of a GRANGOL state (`sim trace`): counts are numbers of cards.
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    /// 1 or 2.
    pub half: u8,
    /// Index of the visible timer card (0 = the first, 5').
    pub timer: u8,
    /// Field section 0..=4: 0 is seat 0's penalty area, 4 is seat 1's.
    pub section: u8,
    /// The attacking seat.
    pub possession: Seat,
    /// Goals [seat 0, seat 1].
    pub score: [u8; 2],
    /// Cards in each hand.
    pub hand_sizes: [u8; 2],
    /// Hand limits (hand size less red cards this half).
    pub hand_limits: [u8; 2],
    /// Cards left in the draw pile.
    pub deck: u16,
    /// Cards in the discard pile.
    pub discard: u16,
    /// Deck cards lying face up in play or being resolved.
    pub table: u16,
    /// Deck cards removed from the game (a used OGGETTI IN CAMPO).
    pub out: u16,
    /// The seat whose turn it is.
    pub turn: Seat,
    /// Who decides next.
    pub to_move: ToMove,
    /// Yellow cards this half.
    pub yellows: [u8; 2],
    /// Red cards this half.
    pub reds: [u8; 2],
    /// Names of the cards lying face up in play (PIOGGIA, SOLE…).
    pub in_play: Vec<&'static str>,
    /// The hands, card names sorted by card id.
    pub hands: [Vec<&'static str>; 2],
}

impl Notation for State {
    type Snapshot = Snapshot;

    fn action_to_string(&self, action: Action) -> String {
        let Some(&task) = self.tasks.last() else {
            return format!("action {}", action.0);
        };
        let name = |c: Card| c.name().to_string();
        match (task, act::decode(action)) {
            (Task::Draw(_), Decoded::Card(c)) => format!("draw {}", c.name()),
            (Task::RedDiscardRandom(_), Decoded::Card(c)) => {
                format!("red card: discard {} at random", c.name())
            }
            (Task::RedDiscardChoose(_), Decoded::Pick(c)) => {
                format!("red card: discard {}", c.name())
            }
            (Task::MischiaTake(_), Decoded::Card(c)) => format!("MISCHIA: take {}", c.name()),
            (_, Decoded::Green(f)) => format!("green die: {}", GreenFace::ALL[f as usize].name()),
            (_, Decoded::Red(f)) => format!("red die: {}", RedFace::ALL[f as usize].name()),
            (_, Decoded::KeepGreen(f)) => {
                format!("keep green die: {}", GreenFace::ALL[f as usize].name())
            }
            (_, Decoded::KeepRed(f)) => {
                format!("keep red die: {}", RedFace::ALL[f as usize].name())
            }
            (_, Decoded::Play(c)) => name(c),
            (_, Decoded::PlayAs(c)) => format!("TIFOSI A FAVORE as {}", c.name()),
            (Task::MischiaGive(_), Decoded::Pick(c)) => format!("MISCHIA: give {}", c.name()),
            (Task::InspectDiscard, Decoded::Pick(c)) => {
                format!("FALLO INTENZIONALE: discard {}", c.name())
            }
            (Task::CambioDiscard { .. }, Decoded::Pick(c)) => {
                format!("CAMBIO: discard {}", c.name())
            }
            (_, Decoded::Pick(c)) => format!("discard {}", c.name()),
            (_, Decoded::Draw) => "draw from the deck".into(),
            (_, Decoded::Take(c)) => format!("take {} from the discard pile", c.name()),
            (_, Decoded::Cambio) => "CAMBIO".into(),
            (Task::CambioDiscard { .. } | Task::DribblingPick(_), Decoded::Done) => "done".into(),
            (_, Decoded::Done) => "pass".into(),
            (Task::Wall, Decoded::Dir(d)) => format!("wall: {}", DIRECTIONS[d as usize]),
            (Task::Keeper, Decoded::Dir(d)) => format!("keeper: {}", DIRECTIONS[d as usize]),
            (_, Decoded::Dir(d)) => format!("shot: {}", DIRECTIONS[d as usize]),
            (_, Decoded::Lancio(n)) => {
                format!("LANCIO: {n} section{}", if n > 1 { "s" } else { "" })
            }
            _ => format!("action {}", action.0),
        }
    }

    fn snapshot(&self) -> Snapshot {
        let names = |c: &Counts| {
            let mut v = Vec::new();
            for card in Card::ALL {
                for _ in 0..c[card.index()] {
                    v.push(card.name());
                }
            }
            v
        };
        Snapshot {
            half: self.half,
            timer: self.timer,
            section: self.section,
            possession: self.possession,
            score: self.score,
            hand_sizes: self.hand_count,
            hand_limits: self.hand_limit,
            deck: self.deck_count,
            discard: sum(&self.discard),
            table: sum(&self.table),
            out: sum(&self.out),
            turn: self.turn_seat,
            to_move: match self.turn() {
                Turn::Decision(s) => ToMove::Seat(s),
                Turn::Chance => ToMove::Chance,
                Turn::Terminal => ToMove::Nobody,
            },
            yellows: self.yellows,
            reds: self.reds,
            in_play: self.lasting.iter().map(|l| l.as_card.name()).collect(),
            hands: [names(&self.hands[0]), names(&self.hands[1])],
        }
    }
}
