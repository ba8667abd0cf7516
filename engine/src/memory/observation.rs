//! What a seat sees of a memory game, as a tensor and as text (the `GameState`
//! observation methods; `docs/rules/memory.md`, section "Observation", has the layout as
//! a table).
//!
//! A seat sees the grid (which places hold a card, face down or face up), the faces of
//! the face-up cards, the faces of the face-down cards IT has seen (remembered, from
//! [`State::known`]: cards turned up before and its own VAR looks; a card it forgot, in
//! the forgetful agent's sense, reads as unseen), everything every seat holds (pairs,
//! prize cards: they lie in the open), and the turn's public steps. It never sees the
//! face of a face-down card it has not seen, even one another seat has seen.
//!
//! Seats are seat-relative: "me" first, then the seats after me in turn order.

use super::cards::{Prize, NUM_PRIZES};
use super::notation::{place_name, push_footballer};
use super::rules::{Rules, MAX_VALUES};
use super::state::{bit, Phase, State, Window, EMPTY, NONE};
use crate::core::{
    push_list, push_num, GameState, Observation, ObservationLayout, Seat, TensorWriter, Turn,
};
use std::fmt::Write as _;

/// Planes of the `cells` part: no card, face down, face up.
const CELL_PLANES: usize = 3;
/// Planes of the `turn_cards` part: the turn's first card, its second, its first VAR look.
const TURN_PLANES: usize = 3;
/// Entries per seat in the `seats` part before the pairs by value: points.
/// After the pairs: unused prize cards by kind, VAR cards ready, YELLOWs against it.
const SEAT_FIXED: usize = 1 + NUM_PRIZES + 2;
/// Entries of the `phase` part (see [`phase_index`]).
const PHASES: usize = 12;

/// The sizes the layout depends on: places, faces, seats, point values.
#[derive(Clone, Copy)]
struct Dims {
    cells: usize,
    faces: usize,
    seats: usize,
    values: usize,
}

fn dims(r: &Rules) -> Dims {
    Dims {
        cells: usize::from(r.rows) * usize::from(r.columns),
        faces: usize::from(r.num_pairs) + NUM_PRIZES,
        seats: usize::from(r.players),
        values: values(r),
    }
}

/// Point values the rules use: one past the largest value with a pair (at least 1).
fn values(r: &Rules) -> usize {
    r.pairs
        .iter()
        .rposition(|&n| n > 0)
        .map_or(1, |i| i + 1)
        .min(MAX_VALUES)
}

/// The row of face `f` in the `seen` part: footballers `0..num_pairs`, then the prizes.
fn face_row(r: &Rules, f: u8) -> usize {
    match Prize::of_face(f) {
        Some(p) => usize::from(r.num_pairs) + p.index(),
        None => usize::from(f),
    }
}

/// The entry of the `phase` part: deal 0, turn start 1, VAR first look 2, second look 3,
/// second card 4, answer before the first card 5, after it 6, after the second 7, die
/// of the challenger 8, of the challenged 9, take a pair 10, over 11.
fn phase_index(s: &State) -> usize {
    match s.phase {
        Phase::Deal => 0,
        Phase::TurnStart => 1,
        Phase::Look(k) => 2 + usize::from(k.min(1)),
        Phase::Second => 4,
        Phase::Answer(_) => match s.window {
            Window::BeforeFirst => 5,
            Window::AfterFirst => 6,
            Window::AfterSecond => 7,
        },
        Phase::Roll(k) => 8 + usize::from(k.min(1)),
        Phase::Take => 10,
        Phase::Over => 11,
    }
}

impl State {
    /// Seat `s` as `me` sees the table: 0 for `me`, then the seats after it in turn order.
    fn relative(&self, me: Seat, s: Seat) -> usize {
        (usize::from(s) + self.n() - usize::from(me)) % self.n()
    }

    /// The face `me` sees at place `c`: the face of a face-up card or of a face-down card
    /// `me` has seen; `None` for an empty place or an unseen card.
    fn face_seen(&self, me: Seat, c: u8) -> Option<u8> {
        let f = self.face[usize::from(c)];
        if f == EMPTY {
            return None;
        }
        let down = self.down & bit(c) != 0;
        (!down || self.known[usize::from(me)] & bit(c) != 0).then_some(f)
    }

    /// Whether place `c` holds no card, a face-down card or a face-up card (0, 1, 2).
    fn cell_status(&self, c: u8) -> usize {
        if self.face[usize::from(c)] == EMPTY {
            0
        } else if self.down & bit(c) != 0 {
            1
        } else {
            2
        }
    }

    fn phase_name(&self) -> String {
        match self.phase {
            Phase::Deal => "deal".into(),
            Phase::TurnStart => "turn start".into(),
            Phase::Look(k) => format!("VAR look {}", k + 1),
            Phase::Second => "second card".into(),
            Phase::Answer(o) => format!("seat {o} may answer with YELLOW or RED"),
            Phase::Roll(0) => "PLAY GAME: the challenger's die".into(),
            Phase::Roll(_) => "PLAY GAME: the challenged player's die".into(),
            Phase::Take => format!("PLAY GAME: seat {} takes a pair", self.winner),
            Phase::Over => "over".into(),
        }
    }
}

/// Writes a face in at most three letters for the grid into `s`: `F12`, `YEL`, `RED`,
/// `VAR`, `PG`, `BLK`, `..` for no face.
fn push_short_name(s: &mut String, f: u8) {
    match Prize::of_face(f) {
        Some(Prize::Yellow) => s.push_str("YEL"),
        Some(Prize::PlayGame) => s.push_str("PG"),
        Some(Prize::Blank) => s.push_str("BLK"),
        Some(p) => s.push_str(p.name()),
        None if f == EMPTY => s.push_str(".."),
        None => push_footballer(s, f),
    }
}

/// Pads what `s` holds from byte `from` on with spaces to four characters (`{:<4}`; the
/// names are ASCII).
fn pad4(s: &mut String, from: usize) {
    while s.len() < from + 4 {
        s.push(' ');
    }
}

/// Ends a line of `s`: its trailing spaces go, a newline comes.
fn end_line(s: &mut String) {
    let kept = s.trim_end_matches(' ').len();
    s.truncate(kept);
    s.push('\n');
}

impl Observation for State {
    /// The observation layout of these rules (`Observation::observation_layout`).
    fn observation_layout(&self) -> ObservationLayout {
        let d = dims(&self.rules);
        ObservationLayout::default()
            .part(
                "cells",
                &[CELL_PLANES, d.cells],
                "per place (row-major): no card / face down / face up, one-hot",
            )
            .part(
                "seen",
                &[d.faces, d.cells],
                "per place: the face this seat sees (face up) or remembers (face down), one-hot \
                 by face (footballers by id, then YELLOW, RED, VAR, PLAY GAME, BLANK); all 0 when unknown",
            )
            .part(
                "turn_cards",
                &[TURN_PLANES, d.cells],
                "the place of the turn's first card, of its second card, of its first VAR look",
            )
            .part(
                "seats",
                &[d.seats, SEAT_FIXED + d.values],
                "per seat (me first, then in turn order): points (a fraction of all the \
                 pairs' points), pairs held by value (1 point first; fractions of that value's \
                 pairs), unused prize cards by kind, VAR cards ready, YELLOWs against it \
                 (fractions of that prize's copies)",
            )
            .part(
                "mover",
                &[d.seats],
                "whose turn it is (me first), one-hot",
            )
            .part(
                "to_act",
                &[d.seats],
                "who decides now (me first), one-hot; all 0 at chance and at the end",
            )
            .part(
                "phase",
                &[PHASES],
                "deal, turn start, VAR look 1, VAR look 2, second card, answer before the first \
                 card, after it, after the pair, die of the challenger, of the challenged, take \
                 a pair, over; one-hot",
            )
            .part(
                "match",
                &[d.seats + 1],
                "PLAY GAME under way: the challenged seat (me first) one-hot, then the \
                 challenger's goals once rolled (a fraction of the die's most goals)",
            )
            .part(
                "discards",
                &[NUM_PRIZES],
                "prize cards used, by kind (fractions of each kind's copies)",
            )
            .part(
                "clock",
                &[1],
                "turns begun: n turns as n / (n + places), places the grid's places",
            )
    }

    /// The layout's size, computed without building it (`Observation::observation_size`).
    fn observation_size(&self) -> usize {
        let d = dims(&self.rules);
        (CELL_PLANES + d.faces + TURN_PLANES) * d.cells
            + d.seats * (SEAT_FIXED + d.values)
            + 2 * d.seats
            + PHASES
            + d.seats
            + 1
            + NUM_PRIZES
            + 1
    }

    /// Writes `me`'s tensor into `out` (`Observation::observation_tensor`); no allocation.
    /// Panics when `out` is not `layout_size` long.
    fn observation_tensor(&self, me: Seat, out: &mut [f32]) {
        assert_eq!(
            out.len(),
            self.observation_size(),
            "observation tensor length"
        );
        let d = dims(&self.rules);
        let cells = d.cells as u8;
        let mut w = TensorWriter::new(out);
        // cells: plane by plane.
        for plane in 0..CELL_PLANES {
            for c in 0..cells {
                w.put(f32::from(u8::from(self.cell_status(c) == plane)));
            }
        }
        // seen: [faces, cells], face-major. Only the seen places have an entry, so
        // write them at their offsets after skipping the block.
        let seen_at = w.position();
        w.skip(d.faces * d.cells);
        let seen_end = w.position();
        // turn_cards.
        for place in [self.first, self.second, self.looked] {
            w.one_hot(d.cells, (place != NONE).then_some(usize::from(place)));
        }
        // seats.
        let rules = &self.rules;
        let points = rules.total_points() as f32;
        for k in 0..d.seats {
            let s = (usize::from(me) + k) % d.seats;
            w.fraction(self.points[s], points);
            for v in 0..d.values {
                w.fraction(self.pairs[s][v], rules.pairs[v]);
            }
            for p in 0..NUM_PRIZES {
                w.fraction(self.prizes[s][p], rules.prizes[p]);
            }
            w.fraction(self.var_ready[s], rules.prizes[Prize::Var.index()]);
            w.fraction(self.yellows[s], rules.prizes[Prize::Yellow.index()]);
        }
        let mover = (self.phase != Phase::Deal).then(|| self.relative(me, self.mover));
        w.one_hot(d.seats, mover);
        let actor = match self.turn() {
            Turn::Decision(s) => Some(self.relative(me, s)),
            _ => None,
        };
        w.one_hot(d.seats, actor);
        w.one_hot(PHASES, Some(phase_index(self)));
        let in_match = matches!(self.phase, Phase::Roll(_) | Phase::Take);
        w.one_hot(d.seats, in_match.then(|| self.relative(me, self.opponent)));
        let rolled = matches!(self.phase, Phase::Roll(1));
        let most_goals = rules.die.iter().rposition(|&n| n > 0).unwrap_or(0) as u8;
        w.fraction(if rolled { self.roll } else { 0 }, most_goals);
        for p in 0..NUM_PRIZES {
            w.fraction(self.used[p], rules.prizes[p]);
        }
        w.squashed(self.turns as f32, d.cells as f32);
        w.finish();
        // The seen faces, written into the block skipped above.
        let seen = &mut out[seen_at..seen_end];
        for c in 0..cells {
            if let Some(f) = self.face_seen(me, c) {
                seen[face_row(&self.rules, f) * d.cells + usize::from(c)] = 1.0;
            }
        }
    }

    /// `me`'s observation as text (`Observation::observation_string`).
    fn observation_string(&self, me: Seat) -> String {
        let n = self.n();
        let cols = usize::from(self.rules.columns.max(1));
        let cells = usize::from(self.rules.rows) * usize::from(self.rules.columns);
        // Room for the grid (four characters a cell) and the lines around it.
        let mut s = String::with_capacity(cells * 4 + 640);
        let _ = writeln!(s, "I am seat {me} of {n}; turn {}", self.turns);
        let _ = writeln!(s, "Phase: {}", self.phase_name());
        if self.phase != Phase::Deal {
            let _ = writeln!(s, "Turn of seat {}", self.mover);
        }
        let _ = writeln!(
            s,
            "Grid ({} rows x {cols}; `..` no card, `??` face down and unseen, lower case \
             face down as I remember it, upper case face up):",
            self.rules.rows
        );
        // Column labels over the grid and a row label before each row: a place is named
        // `r<row>c<column>` (`r6c6`), as the actions name it.
        // Written in place, a word at a time: a replay page asks for every seat's text at
        // every step.
        s.push_str("      ");
        for c in 1..=cols {
            let at = s.len();
            s.push('c');
            push_num(&mut s, c);
            pad4(&mut s, at);
        }
        end_line(&mut s);
        for (r, start) in (0..cells).step_by(cols).enumerate() {
            s.push_str("  ");
            let at = s.len();
            s.push('r');
            push_num(&mut s, r + 1);
            pad4(&mut s, at);
            for c in start..cells.min(start + cols) {
                let c = c as u8;
                let at = s.len();
                match (self.cell_status(c), self.face_seen(me, c)) {
                    (0, _) => s.push_str(".."),
                    (1, Some(f)) => {
                        push_short_name(&mut s, f);
                        s[at..].make_ascii_lowercase();
                    }
                    (1, None) => s.push_str("??"),
                    (_, f) => push_short_name(&mut s, f.unwrap_or(EMPTY)),
                }
                pad4(&mut s, at);
            }
            end_line(&mut s);
        }
        let at = |c: u8| place_name(c, cols as u8);
        for (name, place) in [
            ("First card", self.first),
            ("Second card", self.second),
            ("First VAR look", self.looked),
        ] {
            if place != NONE {
                let _ = writeln!(s, "{name}: {}", at(place));
            }
        }
        // A prize and its count, `NAME xN`.
        let prize = |s: &mut String, (p, count): (&Prize, u8)| {
            s.push_str(p.name());
            s.push_str(" x");
            push_num(s, count);
        };
        for k in 0..n {
            let o = (usize::from(me) + k) % n;
            // Seat {o}{ (me)}: {points} points, pairs by value [..], prizes [..], VAR
            // ready {var_ready}, yellows against {yellows}
            s.push_str("Seat ");
            push_num(&mut s, o);
            s.push_str(if k == 0 { " (me): " } else { ": " });
            push_num(&mut s, self.points[o]);
            s.push_str(" points, pairs by value [");
            push_list(&mut s, &self.pairs[o][..values(&self.rules)], |s, &v| {
                push_num(s, v)
            });
            s.push_str("], prizes [");
            let held = Prize::ALL.iter().map(|p| (p, self.prizes[o][p.index()]));
            push_list(&mut s, held.filter(|&(_, c)| c > 0), prize);
            s.push_str("], VAR ready ");
            push_num(&mut s, self.var_ready[o]);
            s.push_str(", yellows against ");
            push_num(&mut s, self.yellows[o]);
            s.push('\n');
        }
        if matches!(self.phase, Phase::Roll(_) | Phase::Take) {
            let _ = write!(
                s,
                "PLAY GAME: seat {} against seat {}",
                self.mover, self.opponent
            );
            if self.phase == Phase::Roll(1) {
                let _ = write!(s, "; the challenger scored {}", self.roll);
            }
            s.push('\n');
        }
        s.push_str("Prize cards used: [");
        let used = Prize::ALL.iter().map(|p| (p, self.used[p.index()]));
        push_list(&mut s, used.filter(|&(_, c)| c > 0), prize);
        s.push_str("]\n");
        s
    }
}
