//! Helvetia Cup notation: hex and action names, the trace [`Snapshot`] (`sim trace`) and
//! the board pieces (`sim replay`).

use super::actions::{self as act, Decoded};
use super::board::{Board, Cell, GOAL_ZONE, OFF_PITCH};
use super::rules::{FIGURES, SQUARES};
use super::state::{Phase, RollFor, State};
use crate::core::{push_num, Action, GameState, Notation, ToMove};
use serde::Serialize;

/// A hex's name in traces: `column:row` (from 0), or `goal-zone-left`/`-right`.
pub fn hex_name(board: &Board, c: Cell) -> String {
    // Written in place (`HexName::push_to`): a replay page names every figure's hex at
    // every step.
    let mut s = String::with_capacity(16);
    HexName(board, c).push_to(&mut s);
    s
}

/// [`hex_name`] written where it is formatted (`write!(s, "{}", HexName(board, c))`),
/// without a `String` of its own.
pub struct HexName<'a>(pub &'a Board, pub Cell);

impl HexName<'_> {
    /// The name's parts: a fixed name (a goal zone, off the pitch) or a hex's column and
    /// row.
    fn parts(&self) -> Result<&'static str, (i32, i32)> {
        let HexName(board, c) = *self;
        if c == GOAL_ZONE[0] {
            Ok("goal-zone-left")
        } else if c == GOAL_ZONE[1] {
            Ok("goal-zone-right")
        } else if c == OFF_PITCH {
            Ok("-")
        } else {
            Err(board.offset(c))
        }
    }

    /// Appends the name to `s`, as `write!(s, "{}", self)` does, without the formatting
    /// machinery (an observation text names every figure's hex at every step of a
    /// replay page).
    pub fn push_to(self, s: &mut String) {
        match self.parts() {
            Ok(name) => s.push_str(name),
            Err((col, row)) => {
                push_num(s, col);
                s.push(':');
                push_num(s, row);
            }
        }
    }
}

impl std::fmt::Display for HexName<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.parts() {
            Ok(name) => f.write_str(name),
            Err((col, row)) => write!(f, "{col}:{row}"),
        }
    }
}

/// One figure in a trace snapshot.
#[derive(Clone, Debug, Serialize)]
pub struct FigureSnapshot {
    /// The number on its card.
    pub number: u8,
    /// Its hex (`column:row`, `goal-zone-left`, `-` when off the pitch).
    pub hex: String,
    /// BOOST left.
    pub boost: u8,
}

/// What `sim trace` prints of a state.
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    /// The half.
    pub half: u8,
    /// The minute on the time track.
    pub minute: u16,
    /// Goals of Zion (seat 0) and Basela (seat 1).
    pub score: [u8; 2],
    /// Penalties scored in the shoot-out.
    pub penalties: [u8; 2],
    /// The team with the ball (the kicking team in the shoot-out).
    pub attack: u8,
    /// The ball: the number of the carrier's card and his hex.
    pub ball: String,
    /// Rounds ended.
    pub rounds: u32,
    /// Who decides next.
    pub to_move: ToMove,
    /// The step.
    pub phase: Phase,
    /// Zion's figures, then Basela's.
    pub teams: [Vec<FigureSnapshot>; 2],
    /// The shot's target square (`top-left` … `bottom-right`) while a shot or a penalty
    /// is under way (from the shooter's secret choice to its D20), absent otherwise. The
    /// defence does not see it before the reveal; the snapshot is the full state.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
}

impl Notation for State {
    type Snapshot = Snapshot;

    fn action_to_string(&self, action: Action) -> String {
        match act::decode(action) {
            Decoded::Hex(c) => format!("hex {}", hex_name(&self.board, c)),
            Decoded::Steal => "steal".into(),
            Decoded::NoSteal => "no steal".into(),
            Decoded::Intercept => "intercept".into(),
            Decoded::NoIntercept => "no interception".into(),
            Decoded::Shoot => "shoot".into(),
            Decoded::EndRound => "end the round".into(),
            Decoded::Figure(f) => {
                let team = match self.phase {
                    Phase::Appoint { team, .. } => team,
                    _ => self.attack,
                };
                let what = match self.phase {
                    Phase::Kicker => "kick-off",
                    Phase::Offence => "pass to",
                    _ => "penalty taker",
                };
                let n = self.card(team, f.min(4)).number;
                format!("{what} #{n}")
            }
            Decoded::Square(s) => format!("aim {}", act::square_name(s)),
            Decoded::Keeper(m) => {
                let names: Vec<&str> = (0..SQUARES as u8)
                    .filter(|s| m & (1 << s) != 0)
                    .map(act::square_name)
                    .collect();
                format!("goalkeeper covers {}", names.join("+"))
            }
            Decoded::Roll(v) => format!("D20: {v}"),
            Decoded::Coin(t) => format!("coin: {}", ["Zion", "Basela"][usize::from(t.min(1))]),
            Decoded::Change(f, k) => {
                let team = match self.phase {
                    Phase::Change { team } => team,
                    _ => self.attack,
                };
                let on = self.rules.cards[usize::from(team)][FIGURES + usize::from(k.min(1))];
                format!(
                    "change: #{} off, #{} on",
                    self.card(team, f.min(4)).number,
                    on.number
                )
            }
            Decoded::NoChange => "no more changes".into(),
        }
    }

    fn snapshot(&self) -> Snapshot {
        let team = |t: usize| {
            (0..FIGURES)
                .map(|f| FigureSnapshot {
                    number: self.card(t as u8, f as u8).number,
                    hex: hex_name(&self.board, self.pos[t][f]),
                    boost: self.boost[t][f],
                })
                .collect()
        };
        let ball = if self.ball() == OFF_PITCH {
            "-".into()
        } else {
            format!(
                "#{} at {}",
                self.card(self.attack, self.carrier).number,
                hex_name(&self.board, self.ball())
            )
        };
        Snapshot {
            half: self.half,
            minute: self.minute(),
            score: self.score,
            penalties: self.pens,
            attack: self.attack,
            ball,
            rounds: self.rounds,
            to_move: self.turn().into(),
            phase: self.phase,
            teams: [team(0), team(1)],
            target: matches!(
                self.phase,
                Phase::Keeper | Phase::Roll(RollFor::Shot | RollFor::Penalty)
            )
            .then(|| act::square_name(self.target).to_string()),
        }
    }
}

impl State {
    pub(super) fn list_board_pieces(&self, out: &mut Vec<crate::core::BoardPiece>) {
        for team in 0..2u8 {
            for fig in 0..FIGURES as u8 {
                let cell = self.pos(team, fig);
                if cell != OFF_PITCH {
                    out.push(crate::core::BoardPiece {
                        cell: u16::from(cell),
                        seat: Some(team),
                        label: self.card(team, fig).number.to_string(),
                    });
                }
            }
        }
        if self.ball() != OFF_PITCH {
            out.push(crate::core::BoardPiece {
                cell: u16::from(self.ball()),
                seat: None,
                label: "ball".into(),
            });
        }
    }
}
