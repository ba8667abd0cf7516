//! Memory-game notation: face and action names and the trace [`Snapshot`] (`sim trace`).

use super::actions::{self as act, Decoded};
use super::cards::{is_footballer, Prize};
use super::state::{bit, Phase, State, EMPTY};
use crate::core::{Action, GameState, Notation, Seat, ToMove};
use serde::Serialize;

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

impl Notation for State {
    type Snapshot = Snapshot;

    fn action_to_string(&self, action: Action) -> String {
        let cols = self.rules.columns.max(1);
        let at = |c: u8| place_name(c, cols);
        match act::decode(action) {
            Decoded::Turn(c) => format!("turn {}", at(c)),
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
}

/// A place's name in actions and the grid: `r6c6 (row 6, column 6)`, where `r6c6` is
/// what a person types to name it (`sim play`); `cols` places a row.
pub(super) fn place_name(c: u8, cols: u8) -> String {
    let (r, k) = (c / cols + 1, c % cols + 1);
    format!("r{r}c{k} (row {r}, column {k})")
}
