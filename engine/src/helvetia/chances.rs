//! What a rule set implies for the evaluation, computed once per rule set: the D20's
//! chance of at most each number, the best square's chance against a goalkeeper of each
//! size for every OFF, and the carrier's threat for every OFF and distance to the goal.
//! The evaluation reads them at every position it scores (`heuristic.rs`: the shot under
//! way, the carrier's threat, the rollout policy's passes), where each was up to a dozen
//! divisions.
//!
//! A [`ShotTable`] depends only on the D20's faces, the goal's maluses, the pitch's
//! columns and the shooting range. Rule sets with the same ones share one table, made the
//! first time it is asked for and kept for the life of the process
//! ([`ShotTable::interned`]), so [`super::Rules`] stays a small `Copy` value that refers
//! to it. A table is about 10 KB: a process keeps one per distinct set of inputs it
//! validates (one for a run; one per candidate of a `sim tune` that varies the maluses,
//! the D20, the columns or the range). Every entry is its formula's value, bit for bit:
//! the same operations in the same order (a test recomputes them, and every Helvetia
//! bench signature is unchanged).

use super::actions as act;
use super::heuristic::threat_formula;
use super::rules::{MAX_COMPETENCE, MAX_FACES, SQUARES};
use std::sync::{Mutex, PoisonError};

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
/// The distances to the goal a table has a threat for: every hex of the largest pitch is
/// nearer.
const DISTANCES: usize = 32;

/// What the tables are made from: the D20's faces showing at most each number, the
/// goal's maluses, the pitch's columns and the shooting range.
type Inputs = ([u8; MAX_FACES + 1], [u8; SQUARES], u8, u8);

/// The evaluation's tables of a rule set ([`ShotTable::interned`]): each entry the value
/// of its formula, bit for bit.
pub struct ShotTable {
    /// What the table was made from.
    inputs: Inputs,
    /// `at_most[n]`: the chance that one D20 roll shows at most `n` (`0..=MAX_FACES`),
    /// the faces showing at most `n` over all faces.
    at_most: [f64; MAX_FACES + 1],
    /// `best[off][k]`: the largest over the squares `q` of `UNCOVERED[k][q]` times
    /// `at_most[off − malus[q]]` (0 below 0), in square order from 0.0.
    best: [[f64; SQUARES + 1]; OFFS],
    /// `threat[off][d]`: [`threat_formula`] of a carrier of OFF `off` at hex distance `d`
    /// from the goal he attacks.
    threat: [[f64; DISTANCES]; OFFS],
}

impl ShotTable {
    /// The tables of `inputs` ([`Inputs`]).
    fn new(inputs: Inputs) -> ShotTable {
        let (d20_cumulative, malus, columns, shooting_range) = inputs;
        let all = f64::from(d20_cumulative[MAX_FACES].max(1));
        let at_most: [f64; MAX_FACES + 1] =
            std::array::from_fn(|n| f64::from(d20_cumulative[n]) / all);
        let best_of = |off: u8, k: usize| best_formula(&at_most, &malus, off, k);
        let best: [[f64; SQUARES + 1]; OFFS] =
            std::array::from_fn(|off| std::array::from_fn(|k| best_of(off as u8, k)));
        let threat = std::array::from_fn(|off| {
            std::array::from_fn(|d| {
                let best = |cover: u8| best[off][usize::from(cover).min(SQUARES)];
                threat_formula(best, d as u8, columns, shooting_range)
            })
        });
        ShotTable {
            inputs,
            at_most,
            best,
            threat,
        }
    }

    /// The tables of these faces, maluses, columns and shooting range, shared by every
    /// rule set that has them: made at the first call, then found (a lock and a
    /// comparison per call: rule sets are validated a few times per run, not per game).
    pub(super) fn interned(
        d20_cumulative: [u8; MAX_FACES + 1],
        malus: [u8; SQUARES],
        columns: u8,
        shooting_range: u8,
    ) -> &'static ShotTable {
        static TABLES: Mutex<Vec<&'static ShotTable>> = Mutex::new(Vec::new());
        let inputs = (d20_cumulative, malus, columns, shooting_range);
        let mut tables = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&t) = tables.iter().find(|t| t.inputs == inputs) {
            return t;
        }
        let t: &'static ShotTable = Box::leak(Box::new(ShotTable::new(inputs)));
        tables.push(t);
        t
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

    /// [`threat_formula`] of a carrier of OFF `off` at hex distance `d` from the goal he
    /// attacks (computed beyond the table: an OFF above [`MAX_COMPETENCE`], a distance
    /// of [`DISTANCES`] or more).
    #[inline]
    pub(super) fn threat(&self, off: u8, d: u8) -> f64 {
        match self
            .threat
            .get(usize::from(off))
            .and_then(|row| row.get(usize::from(d)))
        {
            Some(&t) => t,
            None => {
                let (_, _, columns, range) = self.inputs;
                threat_formula(|cover| self.best(off, cover), d, columns, range)
            }
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
