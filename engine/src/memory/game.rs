//! The `GameState` impl of the memory game: the seats, the utility, whose turn it is, the
//! returns, the points, the cap, the memory capability and the invariants. It depends on
//! `state.rs` and the files below it, which never depend on it, so the folder's imports
//! form no circle.
//!
//! The supertraits of `GameState` are implemented beside their concern, not here:
//! `LegalActions` in `legal.rs`, `ChanceOutcomes` (with the streams of the deal and the
//! die) in `legal.rs`, `ApplyAction` (the transition) in `flow.rs`, `Observation` in
//! `observation.rs`, `InfoSets` (information keys, determinization) in `info.rs`,
//! `Notation` (action names, the trace snapshot) in `notation.rs`.

use super::cards::{Prize, NUM_FACES};
use super::rules::MAX_CELLS;
use super::state::{bit, places, Phase, State, EMPTY, TAG_FORGET};
use crate::core::{placement_returns, GameState, InfoKey, Returns, Seat, Turn, Utility, MAX_SEATS};

impl GameState for State {
    fn num_seats(&self) -> usize {
        self.n()
    }

    /// The placement convention with two or more players; a solitaire's return is its
    /// efficiency, unrelated to any other seat.
    fn utility(&self) -> Utility {
        if self.n() == 1 {
            Utility::GeneralSum
        } else {
            Utility::ConstantSum(self.n() as f64 / 2.0)
        }
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Deal | Phase::Roll(_) => Turn::Chance,
            Phase::Over => Turn::Terminal,
            Phase::Answer(s) => Turn::Decision(s),
            Phase::Take => Turn::Decision(self.winner),
            Phase::TurnStart | Phase::Look(_) | Phase::Second => Turn::Decision(self.mover),
        }
    }

    fn returns(&self) -> Returns {
        if self.phase != Phase::Over {
            return [0.0; MAX_SEATS];
        }
        if self.n() == 1 {
            let mut r = [0.0; MAX_SEATS];
            r[0] = f64::from(self.taken) / f64::from(self.turns.max(1));
            return r;
        }
        placement_returns(&self.ranks(), self.n())
    }

    fn score(&self, seat: Seat) -> i32 {
        i32::from(self.points[usize::from(seat)])
    }

    fn ended_by_cap(&self) -> bool {
        self.capped
    }

    /// Cards taken off the grid: two per pair, one per prize card.
    fn progress(&self) -> u32 {
        let prizes: u32 = self.prizes[..self.n()]
            .iter()
            .flatten()
            .chain(&self.used)
            .map(|&c| u32::from(c))
            .sum();
        2 * u32::from(self.taken) + prizes
    }

    fn memory_slots(&self) -> usize {
        usize::from(self.rules.rows) * usize::from(self.rules.columns)
    }

    fn memory_stamp(&self, seat: Seat, slot: usize) -> Option<u32> {
        let c = slot as u8;
        (slot < MAX_CELLS && self.known[usize::from(seat)] & self.down & bit(c) != 0)
            .then(|| u32::from(self.shown[slot]))
    }

    fn forget(&mut self, seat: Seat, slot: usize) {
        let s = usize::from(seat);
        if slot < MAX_CELLS && self.known[s] & self.down & bit(slot as u8) != 0 {
            self.known[s] &= !bit(slot as u8);
            self.obs[s] = InfoKey::mix(self.obs[s], TAG_FORGET ^ slot as u64);
        }
    }

    fn turns_begun(&self) -> u32 {
        self.turns
    }

    /// Card conservation (by value for footballers, by kind for prizes), points equal to
    /// the pairs held, knowledge and face-down places only where cards lie.
    fn check_invariants(&self) -> Result<(), String> {
        let n = self.n();
        let mut on_grid = [0u16; NUM_FACES];
        for c in 0..MAX_CELLS {
            let f = self.face[c];
            if f != EMPTY {
                on_grid[usize::from(f)] += 1;
            } else if self.down & bit(c as u8) != 0 {
                return Err(format!("place {c} is face down but empty"));
            }
        }
        for (s, k) in self.known.iter().enumerate() {
            for c in places(*k) {
                if self.face[usize::from(c)] == EMPTY {
                    return Err(format!("seat {s} knows the empty place {c}"));
                }
            }
        }
        // The footballer faces of value `i + 1` are the `rules.pairs[i]` faces after
        // those of lower values (`Rules::value`): one pass over them.
        let mut face = 0usize;
        for (i, &pairs) in self.rules.pairs.iter().enumerate() {
            let v = i + 1;
            let faces = face..face + usize::from(pairs);
            face = faces.end;
            let mut count: u16 = on_grid[faces.clone()]
                .iter()
                .zip(&self.undealt[faces])
                .map(|(&grid, &undealt)| grid + u16::from(undealt))
                .sum();
            count += 2 * (0..n).map(|s| u16::from(self.pairs[s][i])).sum::<u16>();
            if count != 2 * u16::from(pairs) {
                return Err(format!(
                    "{count} footballer cards worth {v}, not {}",
                    2 * pairs
                ));
            }
        }
        for p in Prize::ALL {
            let i = p.index();
            let count = on_grid[usize::from(p.face())]
                + u16::from(self.undealt[usize::from(p.face())])
                + u16::from(self.used[i])
                + (0..n).map(|s| u16::from(self.prizes[s][i])).sum::<u16>();
            if count != u16::from(self.rules.prizes[i]) {
                return Err(format!(
                    "{count} {} cards, not {}",
                    p.name(),
                    self.rules.prizes[i]
                ));
            }
        }
        for s in 0..n {
            let pts: u16 = self.pairs[s]
                .iter()
                .enumerate()
                .map(|(i, &k)| (i as u16 + 1) * u16::from(k))
                .sum();
            if pts != self.points[s] {
                return Err(format!(
                    "seat {s} has {} points for pairs worth {pts}",
                    self.points[s]
                ));
            }
        }
        if self.phase == Phase::Over && self.down != 0 && !self.capped {
            return Err("the game ended with cards face down".into());
        }
        Ok(())
    }
}
