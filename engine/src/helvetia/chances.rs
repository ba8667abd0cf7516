//! The chances of a shot that a rule set implies, computed once per D20 and goal: the
//! D20's chance of at most each number, and the best square's chance against a
//! goalkeeper of each size for every OFF. The evaluation reads them at every position it
//! scores (`heuristic.rs`: the shot under way, the carrier's threat, the rollout policy's
//! passes), where the best square was six divisions.
//!
//! A [`ShotTable`] depends only on the D20's faces and the goal's maluses. Rule sets with
//! the same ones share one table, made the first time a state of them is made and kept
//! for the life of the process ([`ShotTable::interned`]); a state refers to it
//! (`State::shots`), 8 bytes. A table is under 2 KB: a process keeps one per distinct D20
//! and maluses (one for a run; one per candidate of a `sim tune` that varies them).
//! Every entry is its formula's value, bit for bit: the same operations in the same order
//! (a test recomputes them, and every Helvetia bench signature is unchanged).

use super::actions as act;
use super::rules::{MAX_COMPETENCE, MAX_FACES, SQUARES};
use crate::core::Interned;

/// For each goalkeeper's size `k` (0..=6 squares), the number of connected sets of that
/// size of the 2 × 3 goal, and for each square how many of them cover it: computed once,
/// at compile time, from [`act::CONNECTED`].
const COVER_COUNTS: [(u8, [u8; SQUARES]); SQUARES + 1] = {
    let mut t = [(0u8, [0u8; SQUARES]); SQUARES + 1];
    let mut m = 1u8;
    while m < 1 << SQUARES {
        if act::CONNECTED & (1 << m) != 0 {
            let k = m.count_ones() as usize;
            t[k].0 += 1;
            let mut q = 0;
            while q < SQUARES {
                t[k].1[q] += (m >> q) & 1;
                q += 1;
            }
        }
        m += 1;
    }
    t
};

/// The chance that a goalkeeper covering `k` squares (`0..=6`), picked uniformly among the
/// connected sets of that size of the 2 × 3 goal, leaves square `q` open:
/// `UNCOVERED[k][q]`, computed at compile time from [`COVER_COUNTS`].
pub(super) const UNCOVERED: [[f64; SQUARES]; SQUARES + 1] = {
    let mut t = [[0.0; SQUARES]; SQUARES + 1];
    let mut k = 0;
    while k <= SQUARES {
        let (sets, hits) = COVER_COUNTS[k];
        let sets = if sets == 0 { 1 } else { sets };
        let mut q = 0;
        while q < SQUARES {
            t[k][q] = 1.0 - hits[q] as f64 / sets as f64;
            q += 1;
        }
        k += 1;
    }
    t
};

/// The OFF values a table has a row for: every competence a player card may carry.
const OFFS: usize = MAX_COMPETENCE as usize + 1;

/// What a table is made from: the D20's faces showing at most each number, and the
/// goal's maluses.
type Inputs = ([u8; MAX_FACES + 1], [u8; SQUARES]);

/// The chances of a rule set's shots ([`ShotTable::interned`]): each entry the value of
/// its formula, bit for bit.
pub struct ShotTable {
    /// What the table was made from.
    inputs: Inputs,
    /// `at_most[n]`: the chance that one D20 roll shows at most `n` (`0..=MAX_FACES`),
    /// the faces showing at most `n` over all faces.
    at_most: [f64; MAX_FACES + 1],
    /// `best[off][k]`: the largest over the squares `q` of `UNCOVERED[k][q]` times
    /// `at_most[off − malus[q]]` (0 below 0), in square order from 0.0.
    best: [[f64; SQUARES + 1]; OFFS],
}

impl ShotTable {
    /// The table of `inputs` ([`Inputs`]).
    fn new(inputs: Inputs) -> ShotTable {
        let (d20_cumulative, malus) = inputs;
        let all = f64::from(d20_cumulative[MAX_FACES].max(1));
        let at_most: [f64; MAX_FACES + 1] =
            std::array::from_fn(|n| f64::from(d20_cumulative[n]) / all);
        let best = std::array::from_fn(|off| {
            std::array::from_fn(|k| best_formula(&at_most, &malus, off as u8, k))
        });
        ShotTable {
            inputs,
            at_most,
            best,
        }
    }

    /// The table of a D20 whose faces show at most each number `d20_cumulative[n]` times
    /// (the last entry: every face) and of a goal whose squares carry `malus`, shared by
    /// every rule set that has them: made at the first call, then found (a lock and a
    /// comparison: asked once per state made, never per action).
    pub(super) fn interned(
        d20_cumulative: [u8; MAX_FACES + 1],
        malus: [u8; SQUARES],
    ) -> &'static ShotTable {
        static TABLES: Interned<ShotTable> = Interned::new();
        let inputs = (d20_cumulative, malus);
        TABLES.get(|t| t.inputs == inputs, || ShotTable::new(inputs))
    }

    /// Whether this is the table of these faces and maluses (for a state whose rules
    /// were changed in place).
    pub(super) fn made_for(
        &self,
        d20_cumulative: &[u8; MAX_FACES + 1],
        malus: &[u8; SQUARES],
    ) -> bool {
        self.inputs == (*d20_cumulative, *malus)
    }

    /// The chance that one D20 roll shows at most `need` (every face above the largest
    /// number).
    #[inline]
    pub(super) fn at_most(&self, need: u8) -> f64 {
        self.at_most[usize::from(need).min(MAX_FACES)]
    }

    /// The best chance of a shooter of OFF `off` against a goalkeeper covering `cover`
    /// squares (more than 6: the whole goal). An OFF above [`MAX_COMPETENCE`], which rules
    /// never give a card, is computed.
    #[inline]
    pub(super) fn best(&self, off: u8, cover: u8) -> f64 {
        let k = usize::from(cover).min(SQUARES);
        match self.best.get(usize::from(off)) {
            Some(row) => row[k],
            None => best_formula(&self.at_most, &self.inputs.1, off, k),
        }
    }
}

/// The best chance of OFF `off` against a goalkeeper of `k` squares (`0..=6`): the
/// largest over the squares of `UNCOVERED[k][q]` times `at_most` of `off` less the
/// square's malus, in square order from 0.0.
fn best_formula(at_most: &[f64; MAX_FACES + 1], malus: &[u8; SQUARES], off: u8, k: usize) -> f64 {
    (0..SQUARES)
        .map(|q| {
            UNCOVERED[k][q] * at_most[usize::from(off.saturating_sub(malus[q])).min(MAX_FACES)]
        })
        .fold(0.0, f64::max)
}

/// Tables are equal when they were made from the same inputs.
impl PartialEq for ShotTable {
    fn eq(&self, other: &Self) -> bool {
        self.inputs == other.inputs
    }
}

impl Eq for ShotTable {}

/// A table prints as its name only: it is implied by the rule set that prints it.
impl std::fmt::Debug for ShotTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ShotTable { .. }")
    }
}
