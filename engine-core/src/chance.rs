//! Chance nodes: the supertrait [`ChanceOutcomes`] of [`GameState`](super::GameState)
//! (a node's outcomes, after OpenSpiel's `State::ChanceOutcomes`, which each game
//! implements beside its legal actions), and sampling them: the caller's stream draws
//! from a listed [`ChanceList`] (the engine owns no random number generator).

use super::rng;
use super::{Action, ChanceList, Rng};

/// The outcomes of a chance node and the sources of luck they come from (OpenSpiel's
/// `State::ChanceOutcomes`): a supertrait of [`GameState`](super::GameState),
/// implemented in each game's `legal.rs` (GRANGOL's `chance.rs`).
pub trait ChanceOutcomes {
    /// Fills `out` (cleared first) with the outcomes of the chance node and their weights.
    /// Leaves it empty when the state is not a chance node. Never allocates.
    fn chance_outcomes(&self, out: &mut ChanceList);

    /// Fills `out` with the outcomes, as [`ChanceOutcomes::chance_outcomes`] does, when
    /// there are at most `n`, and returns whether there are (the chance twin of
    /// [`LegalActions::legal_actions_within`](super::LegalActions::legal_actions_within)):
    /// a lookahead that expands only small chance nodes (a die) asks this at every node.
    /// When there are more than `n`, `out` is left with either the whole list or none of
    /// it. The default lists them and compares; a game whose wide nodes (a draw from a
    /// pile) can be told wide by a count answers without listing. Never allocates.
    #[inline]
    fn chance_outcomes_within(&self, n: usize, out: &mut ChanceList) -> bool {
        self.chance_outcomes(out);
        out.len() <= n
    }

    /// Draws one outcome of the chance node from `rng`, with probability proportional to
    /// its weight: exactly what [`sample_chance`] returns on
    /// [`ChanceOutcomes::chance_outcomes`] with the same `rng` (the same numbers drawn,
    /// the same outcome), so a game may override it to sample without building the list
    /// (the generic battery checks that the two agree). Panics when the state is not a
    /// chance node.
    #[inline]
    fn sample_chance_outcome(&self, rng: &mut Rng) -> Action {
        sample_listed_chance(self, rng)
    }

    /// Which of the game's independent sources of luck the chance node draws from, in
    /// `0..MAX_CHANCE_STREAMS` (for GRANGOL: the draw pile, the green die, the red die, a
    /// random card from a hand). The runner samples each source from its own random stream,
    /// so that two games dealt from the same seed (duplicate deals) see the same die rolls
    /// and the same draws even after their decisions make them diverge. Only meaningful at
    /// a chance node; the default puts all chance in stream 0.
    fn chance_stream(&self) -> u8 {
        0
    }
}

/// Pushes onto `out` one outcome per positive count of `counts`, in index order: the
/// action `action(i)` of index `i`, weighted by its count (the cards of a counted pile by
/// kind, the faces of a die). The list of most chance nodes of the lab's games. Never
/// allocates.
#[inline]
pub fn push_counts(out: &mut ChanceList, counts: &[u8], action: impl Fn(usize) -> Action) {
    for (i, &n) in counts.iter().enumerate() {
        if n > 0 {
            out.push((action(i), u32::from(n)));
        }
    }
}

/// Draws from the outcomes [`push_counts`] lists for `counts` and `action` what
/// [`sample_chance`] draws from that list, with the same one number from `rng`, without
/// listing them: the fast path of a game's [`ChanceOutcomes::sample_chance_outcome`] at a
/// counted pile or a die. Panics when every count is 0.
#[inline]
pub fn sample_counts(counts: &[u8], rng: &mut Rng, action: impl Fn(usize) -> Action) -> Action {
    let total: u32 = counts.iter().map(|&n| u32::from(n)).sum();
    sample_counts_of(counts, total, rng, action)
}

/// [`sample_counts`] for a game that keeps the counts' sum `total` (a pile's size): the
/// same draw without summing them again. `total` must be their sum.
#[inline]
pub fn sample_counts_of(
    counts: &[u8],
    total: u32,
    rng: &mut Rng,
    action: impl Fn(usize) -> Action,
) -> Action {
    use rand::Rng as _;
    debug_assert_eq!(total, counts.iter().map(|&n| u32::from(n)).sum::<u32>());
    // With all weights 1 `sample_chance` indexes the list; the scan finds the same entry.
    let mut r = rng.gen_range(0..total);
    for (i, &n) in counts.iter().enumerate() {
        let n = u32::from(n);
        if r < n {
            return action(i);
        }
        r -= n;
    }
    unreachable!("counts sum to {total}")
}

/// [`ChanceOutcomes::sample_chance_outcome`] by the list: builds `state`'s chance outcomes
/// and draws one with [`sample_chance`]. The default of that method, and the fallback of
/// the games that override it for their common chance nodes. Panics at a state that is
/// not a chance node.
pub fn sample_listed_chance<S: ChanceOutcomes + ?Sized>(state: &S, rng: &mut Rng) -> Action {
    let mut list = ChanceList::new();
    state.chance_outcomes(&mut list);
    sample_chance(&list, rng)
}

/// Draws one outcome from `outcomes` with probability proportional to its weight.
/// Panics if `outcomes` is empty (a chance node always has an outcome).
///
/// When every weight is 1 (a card drawn from a pile of distinct cards), the outcome is
/// found by index instead of by a scan: the same outcome for the same random number.
#[inline]
pub fn sample_chance(outcomes: &ChanceList, rng: &mut Rng) -> Action {
    use rand::Rng as _;
    let (total, ones) = outcomes
        .iter()
        .fold((0u32, true), |(t, ones), &(_, w)| (t + w, ones & (w == 1)));
    let mut r = rng.gen_range(0..total);
    if ones {
        return outcomes[r as usize].0;
    }
    for &(a, w) in outcomes {
        if r < w {
            return a;
        }
        r -= w;
    }
    unreachable!("chance weights sum to {total}")
}

/// Draws one outcome from `outcomes` with probability proportional to its weight, by an
/// exponential race: one 64-bit number from `rng` is hashed with each outcome's action
/// code into a uniform `u` in (0, 1), the outcome's clock is `−ln(u) / weight`, and the
/// earliest clock wins, which happens with probability `weight / Σ weights` (the minimum
/// of independent exponential variables; the Gumbel-max trick in another form).
///
/// Unlike [`sample_chance`], the winner depends on each outcome's own clock, not on its
/// place in the list: two chance nodes that differ only in the weights of a few outcomes
/// give the same result unless one of those outcomes is involved. Common random numbers
/// for ablations (`sim card-value` replaces one card by a blank) keep games aligned
/// this way. About 20 ns per outcome, so the runner uses it only there. Panics if
/// `outcomes` is empty.
#[inline]
pub fn sample_chance_coupled(outcomes: &ChanceList, rng: &mut Rng) -> Action {
    use rand::RngCore as _;
    let r = rng.next_u64();
    let mut best = (f64::INFINITY, None);
    for &(a, w) in outcomes {
        let h = rng::mix(r ^ u64::from(a.0).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let u = ((h >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
        let clock = -u.ln() / f64::from(w);
        if clock < best.0 {
            best = (clock, Some(a));
        }
    }
    best.1.expect("a chance node has at least one outcome")
}

#[cfg(test)]
mod sampling_tests {
    use super::*;
    use crate::{derive_rng, Stream};

    fn list(weights: &[(u16, u32)]) -> ChanceList {
        weights.iter().map(|&(a, w)| (Action(a), w)).collect()
    }

    #[test]
    fn sampling_unit_weights_by_index_matches_the_scan() {
        // The scan that sample_chance runs for other weights, as a reference.
        fn scan(outcomes: &ChanceList, rng: &mut Rng) -> Action {
            use rand::Rng as _;
            let total: u32 = outcomes.iter().map(|&(_, w)| w).sum();
            let mut r = rng.gen_range(0..total);
            for &(a, w) in outcomes {
                if r < w {
                    return a;
                }
                r -= w;
            }
            unreachable!()
        }
        for n in [1u16, 2, 7, 52] {
            let outcomes = (0..n).map(|a| (Action(3 * a + 1), 1)).collect();
            for i in 0..200 {
                let a = sample_chance(&outcomes, &mut derive_rng(9, i, Stream::Other(3)));
                let b = scan(&outcomes, &mut derive_rng(9, i, Stream::Other(3)));
                assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn coupled_sampling_follows_the_weights() {
        let outcomes = list(&[(0, 15), (4, 3), (7, 2), (29, 1)]);
        let mut rng = derive_rng(3, 0, Stream::Other(1));
        let mut counts = [0u32; 30];
        let n = 210_000;
        for _ in 0..n {
            counts[usize::from(sample_chance_coupled(&outcomes, &mut rng).0)] += 1;
        }
        for &(a, w) in &outcomes {
            let p = f64::from(w) / 21.0;
            let got = f64::from(counts[usize::from(a.0)]) / f64::from(n);
            let sd = (p * (1.0 - p) / f64::from(n)).sqrt();
            assert!((got - p).abs() < 5.0 * sd, "outcome {a:?}: {got} vs {p}");
        }
    }

    #[test]
    fn coupled_sampling_changes_only_where_the_weights_changed() {
        // One copy of outcome 4 becomes outcome 29: draws of the other outcomes agree.
        let base = list(&[(0, 15), (4, 3), (7, 2), (9, 5)]);
        let ablated = list(&[(0, 15), (4, 2), (7, 2), (9, 5), (29, 1)]);
        let (mut same, mut moved) = (0, 0);
        for i in 0..20_000 {
            let a = sample_chance_coupled(&base, &mut derive_rng(5, i, Stream::Other(2)));
            let b = sample_chance_coupled(&ablated, &mut derive_rng(5, i, Stream::Other(2)));
            if a == b {
                same += 1;
            } else {
                moved += 1;
                assert!(a.0 == 4 || b.0 == 29, "{a:?} became {b:?}");
            }
        }
        // Only draws touching the changed weights move: about 1/25 of them.
        assert!(moved > 0 && moved < 2000, "{moved} of {}", same + moved);
    }
}
