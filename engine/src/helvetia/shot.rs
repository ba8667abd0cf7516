//! The shot's matching game: the shooter's secret square against the goalkeeper's
//! squares, solved for its equilibrium (the Family rules' "The attacker secretly chooses
//! one of six squares; the goalkeeper secretly chooses as many squares as hexagons between
//! shooter and goal"; `docs/rules/helvetia.md`).
//!
//! Both choices are made before either is revealed, so the shot is a simultaneous
//! two-person zero-sum game: the shooter picks a square `q`, the goalkeeper a connected set
//! `m` of `cover` squares; the shot scores with chance `p(q)` (the D20 at most OFF less
//! `q`'s malus) when `m` leaves `q` open, and never when it covers `q`. Both outcomes
//! other than a goal give the goalkeeper the ball, so the chance of a goal is the whole
//! stake. Its equilibrium (von Neumann's minimax theorem) is a pair of mixed strategies
//! that depend only on public facts (the shooter's OFF, the distance, the malus table),
//! never on the square chosen: [`State`](super::State)'s `equilibrium_choice` draws from them, so that a
//! search agent neither reads the other seat's secret nor lets its tree of one seat's
//! information sets learn the goalkeeper's reply to a square the goalkeeper cannot see.
//!
//! The game is at most 6 × 10 (ten connected sets of 3 or 4 squares), solved exactly by
//! the simplex method on the goalkeeper's linear program (the classic reduction of a
//! matrix game with positive payoffs: maximize `Σ y` subject to `A y ≤ 1`, `y ≥ 0`; the
//! value is `1 / Σ y`, the goalkeeper's strategy `y` times the value, the shooter's the
//! dual prices times the value), with Bland's rule against cycling. A few microseconds,
//! no allocation.

use super::actions::CONNECTED;
use super::rules::SQUARES;

/// At most this many goalkeeper's sets of one size (10 of 3 and 10 of 4 squares).
pub const MAX_SETS: usize = 10;

/// The equilibrium of one shot's matching game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Equilibrium {
    /// The chance of a goal when both play their equilibrium strategies.
    pub value: f64,
    /// The shooter's probability of each square (summing to 1).
    pub shooter: [f64; SQUARES],
    /// The goalkeeper's sets of this size, as square masks in increasing order (the order
    /// of his legal actions); `sets[..len]` are used.
    pub sets: [u8; MAX_SETS],
    /// How many sets there are.
    pub len: usize,
    /// The goalkeeper's probability of each set (summing to 1 over `..len`).
    pub keeper: [f64; MAX_SETS],
}

/// The connected sets of `cover` squares (1 to 6), in increasing mask order, and their
/// number.
pub fn keeper_sets(cover: u8) -> ([u8; MAX_SETS], usize) {
    let mut sets = [0u8; MAX_SETS];
    let mut len = 0;
    for m in 1..(1u8 << SQUARES) {
        if CONNECTED & (1 << m) != 0 && m.count_ones() == u32::from(cover) {
            sets[len] = m;
            len += 1;
        }
    }
    (sets, len)
}

/// The equilibrium of the shot in which the goalkeeper covers `cover` squares (1 to 6)
/// and a shot at square `q` left open scores with chance `p[q]` (each in [0, 1]).
///
/// When the goalkeeper has a set that leaves no scoring square open (or no square can
/// score), the value is 0, he plays the first such set and the shooter picks uniformly.
pub fn solve(cover: u8, p: &[f64; SQUARES]) -> Equilibrium {
    let (sets, len) = keeper_sets(cover);
    let open = |q: usize, j: usize| sets[j] & (1 << q) == 0;
    let mut eq = Equilibrium {
        value: 0.0,
        shooter: [1.0 / SQUARES as f64; SQUARES],
        sets,
        len,
        keeper: [0.0; MAX_SETS],
    };
    // A set that stops every shot with a chance: the game is worth nothing.
    if let Some(j) = (0..len).find(|&j| (0..SQUARES).all(|q| !open(q, j) || p[q] <= 0.0)) {
        eq.keeper[j] = 1.0;
        return eq;
    }
    // The tableau: SQUARES constraint rows over `len` set columns and SQUARES slack
    // columns, the right-hand side last; the objective row below (reduced costs).
    const COLS: usize = MAX_SETS + SQUARES + 1;
    let rhs = len + SQUARES;
    let mut t = [[0f64; COLS]; SQUARES + 1];
    for (q, row) in t.iter_mut().take(SQUARES).enumerate() {
        for (j, x) in row.iter_mut().take(len).enumerate() {
            *x = if open(q, j) { p[q] } else { 0.0 };
        }
        row[len + q] = 1.0;
        row[rhs] = 1.0;
    }
    for x in t[SQUARES].iter_mut().take(len) {
        *x = -1.0;
    }
    // The basic variable of each row (slacks to begin with).
    let mut basis: [usize; SQUARES] = std::array::from_fn(|q| len + q);
    const EPS: f64 = 1e-12;
    // Bland's rule: the entering column is the first with a negative reduced cost, the
    // leaving row the one of the smallest ratio, ties by the smallest basic variable.
    for _ in 0..1000 {
        let Some(enter) = (0..rhs).find(|&j| t[SQUARES][j] < -EPS) else {
            break;
        };
        let mut leave: Option<usize> = None;
        for q in 0..SQUARES {
            if t[q][enter] > EPS {
                let ratio = t[q][rhs] / t[q][enter];
                let better = match leave {
                    None => true,
                    Some(l) => {
                        let best = t[l][rhs] / t[l][enter];
                        ratio < best - EPS || (ratio <= best + EPS && basis[q] < basis[l])
                    }
                };
                if better {
                    leave = Some(q);
                }
            }
        }
        // Every column has an open scoring square (checked above), so the program is
        // bounded and a leaving row exists.
        let Some(l) = leave else { break };
        let pivot = t[l][enter];
        for x in t[l].iter_mut() {
            *x /= pivot;
        }
        let pivot_row = t[l];
        for (q, row) in t.iter_mut().enumerate() {
            if q != l && row[enter] != 0.0 {
                let f = row[enter];
                for (x, &y) in row.iter_mut().zip(&pivot_row) {
                    *x -= f * y;
                }
            }
        }
        basis[l] = enter;
    }
    let total = t[SQUARES][rhs];
    if total <= EPS {
        return eq;
    }
    eq.value = 1.0 / total;
    for (q, &b) in basis.iter().enumerate() {
        if b < len {
            eq.keeper[b] = t[q][rhs] / total;
        }
    }
    for q in 0..SQUARES {
        eq.shooter[q] = t[SQUARES][len + q].max(0.0) / total;
    }
    normalize(&mut eq.shooter);
    normalize(&mut eq.keeper[..len]);
    eq
}

/// Scales non-negative weights to sum to 1 (rounding).
fn normalize(w: &mut [f64]) {
    let s: f64 = w.iter().map(|x| x.max(0.0)).sum();
    for x in w.iter_mut() {
        *x = x.max(0.0) / s;
    }
}

/// The index drawn from the probabilities `w` (summing to 1) with the uniform `u` in
/// [0, 1): the first whose cumulative probability passes `u`, the last positive one when
/// rounding leaves `u` beyond them all.
pub fn pick(w: &[f64], u: f64) -> usize {
    let mut acc = 0.0;
    let mut last = 0;
    for (i, &x) in w.iter().enumerate() {
        if x > 0.0 {
            acc += x;
            last = i;
            if u < acc {
                return i;
            }
        }
    }
    last
}
