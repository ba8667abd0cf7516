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

/// Writes a face's name in one word into `s`, for the grid of a trace: `F12`, `YEL`,
/// `RED`, `VAR`, `PG`, `BLK`, `..` for an empty place.
fn push_grid_name(s: &mut String, f: u8) {
    match Prize::of_face(f) {
        Some(Prize::Yellow) => s.push_str("YEL"),
        Some(Prize::Red) => s.push_str("RED"),
        Some(Prize::Var) => s.push_str("VAR"),
        Some(Prize::PlayGame) => s.push_str("PG"),
        Some(Prize::Blank) => s.push_str("BLK"),
        None if f == EMPTY => s.push_str(".."),
        None => push_footballer(s, f),
    }
}

/// Writes footballer face `f` as `F<f>` (`F12`) into `s`, without the formatting
/// machinery: the grids of a replay page name every face at every step.
pub(super) fn push_footballer(s: &mut String, f: u8) {
    s.push('F');
    if f >= 100 {
        s.push(char::from(b'0' + f / 100));
    }
    if f >= 10 {
        s.push(char::from(b'0' + f / 10 % 10));
    }
    s.push(char::from(b'0' + f % 10));
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
        // Row by row, a word at a time (a replay page takes a snapshot at every step).
        let grid = (0..cells)
            .step_by(cols)
            .map(|start| {
                let mut row = String::with_capacity(4 * cols);
                for c in start..cells.min(start + cols) {
                    if c > start {
                        row.push(' ');
                    }
                    let f = self.face[c];
                    if c >= usize::from(self.dealt) && f == EMPTY && self.phase == Phase::Deal {
                        row.push('?');
                    } else {
                        let at = row.len();
                        push_grid_name(&mut row, f);
                        if self.down & bit(c as u8) != 0 {
                            row[at..].make_ascii_lowercase();
                        }
                    }
                }
                row
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

#[cfg(test)]
mod footballer_tests {
    #[test]
    fn a_footballer_is_written_as_formatting_writes_it() {
        for f in 0..=u8::MAX {
            let mut s = String::from("x");
            super::push_footballer(&mut s, f);
            assert_eq!(s, format!("xF{f}"));
        }
    }
}
