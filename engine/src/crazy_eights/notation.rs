//! Crazy Eights notation: action names (OpenSpiel `CrazyEightsState::ActionToString`)
//! and the trace [`Snapshot`] (`sim trace`).

use super::actions::{DEALER_BASE, DRAW, NOMINATE_BASE, PASS};
use super::cards::{card_name, names_of, SUIT_CHARS};
use super::state::{Phase, State, NO_SEAT};
use crate::core::{Action, GameState, Notation, Seat, Turn};
use serde::Serialize;

/// What `sim trace` writes for a state: the facts OpenSpiel's
/// `CrazyEightsState::ToString` prints (top card and suit, cards left in the deck, both
/// hands), and the turn's counters.
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    /// `"chance"`, `"play"` or `"over"`.
    pub phase: &'static str,
    /// The dealer (`null` before the dealer is chosen).
    pub dealer: Option<Seat>,
    /// The seat deciding (`null` at chance and terminal states).
    pub to_move: Option<Seat>,
    /// The top of the discard pile (`"H7"`), once turned up.
    pub last_card: Option<&'static str>,
    /// The suit to match (`"C"`, `"D"`, `"H"`, `"S"`), once a card is turned up.
    pub last_suit: Option<char>,
    /// Whether the current player must name a suit.
    pub naming_suit: bool,
    /// Cards in the draw pile.
    pub draw_pile: u32,
    /// Cards in the discard pile.
    pub discard_pile: u32,
    /// Each seat's hand, by card name.
    pub hands: [Vec<&'static str>; 2],
    /// Cards played so far.
    pub plays: u16,
    /// Cards drawn by the current player in this turn.
    pub draws_this_turn: u8,
    /// Cards still to draw because of twos (special cards).
    pub twos_to_draw: u8,
    /// +1, or -1 when reversed (special cards).
    pub direction: i8,
    /// Consecutive passes with an empty draw pile.
    pub passes: u8,
    /// OpenSpiel's returns so far (the penalties, at the end).
    pub openspiel_returns: [i32; 2],
}

impl Notation for State {
    type Snapshot = Snapshot;

    /// OpenSpiel `CrazyEightsState::ActionToString`, word for word: `"Decide Player 0 to
    /// be the dealer"`, `"Deal C2"` at chance nodes; `"Play C2"`, `"Draw"`, `"Pass"`,
    /// `"Nominate suit C"` at decisions.
    fn action_to_string(&self, action: Action) -> String {
        let a = action.0;
        if self.phase == Phase::Deal {
            return if self.dealer == NO_SEAT && a >= DEALER_BASE {
                format!("Decide Player {} to be the dealer", a - DEALER_BASE)
            } else if a < 52 {
                format!("Deal {}", card_name(a as u8))
            } else {
                format!("action {a}")
            };
        }
        match a {
            0..=51 => format!("Play {}", card_name(a as u8)),
            DRAW => "Draw".into(),
            PASS => "Pass".into(),
            _ if (NOMINATE_BASE..NOMINATE_BASE + 4).contains(&a) => format!(
                "Nominate suit {}",
                SUIT_CHARS[usize::from(a - NOMINATE_BASE)] as char
            ),
            _ => format!("action {a}"),
        }
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            phase: match self.phase {
                Phase::Deal => "chance",
                Phase::Play => "play",
                Phase::Over => "over",
            },
            dealer: self.dealer(),
            to_move: match self.turn() {
                Turn::Decision(s) => Some(s),
                _ => None,
            },
            last_card: self.last_card().map(card_name),
            last_suit: self.last_suit().map(|s| SUIT_CHARS[usize::from(s)] as char),
            naming_suit: self.naming_suit(),
            draw_pile: self.draw_pile_size(),
            discard_pile: self.discard_pile().count_ones(),
            hands: [names_of(self.hands[0]), names_of(self.hands[1])],
            plays: self.num_plays,
            draws_this_turn: self.draws_before_play,
            twos_to_draw: self.twos_left,
            direction: self.direction,
            passes: self.num_passes,
            openspiel_returns: self.os_returns,
        }
    }
}
