//! Wilson score intervals for proportions.

/// The two-sided 95% standard normal quantile, z = Φ⁻¹(0.975) = 1.959963984540054.
pub const Z95: f64 = 1.959963984540054;

/// A closed interval `[lo, hi]` of proportions, both ends within `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// Lower end, a proportion in `[0, 1]`.
    pub lo: f64,
    /// Upper end, a proportion in `[0, 1]`, never below `lo`.
    pub hi: f64,
}

/// The Wilson score interval (Wilson 1927, "Probable inference, the law of succession, and
/// statistical inference", JASA 22:209-212) for `successes` out of `trials`, at the normal
/// quantile `z` (use [`Z95`] for 95%).
///
/// With `p = successes / trials` and `n = trials`:
///
/// ```text
/// centre = (p + z²/(2n)) / (1 + z²/n)
/// half   = z / (1 + z²/n) · sqrt(p(1 − p)/n + z²/(4n²))
/// [lo, hi] = [centre − half, centre + half]
/// ```
///
/// Unlike the normal (Wald) interval it stays inside `[0, 1]` and is not degenerate at
/// `p = 0` or `p = 1`. `successes` may be fractional (a draw counted as half a success, as
/// `summary.csv` does for score rates); the formula is then applied to the fractional `p`
/// unchanged, an approximation that is exact for runs without draws.
///
/// Returns `None` when `trials` is not positive (no games, no interval) or when
/// `successes` is outside `[0, trials]`.
pub fn wilson(successes: f64, trials: f64, z: f64) -> Option<Interval> {
    let valid = trials.is_finite() && trials > 0.0 && (0.0..=trials).contains(&successes);
    if !valid {
        return None;
    }
    let n = trials;
    let p = successes / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At p = 0 (p = 1) the lower (upper) end is exactly 0 (1); rounding could miss it.
    let lo = if successes == 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if successes == trials {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    Some(Interval { lo, hi })
}

/// Newcombe's hybrid score interval for the difference `p1 − p2` of two independent
/// proportions (Newcombe 1998, "Interval estimation for the difference between
/// independent proportions", Statistics in Medicine 17:873-890, method 10), from the
/// point estimates and their Wilson intervals `i1`, `i2`:
///
/// ```text
/// lo = (p1 − p2) − sqrt((p1 − l1)² + (u2 − p2)²)
/// hi = (p1 − p2) + sqrt((u1 − p1)² + (p2 − l2)²)
/// ```
///
/// Both ends lie in `[-1, 1]`. Used for IWD (`gih_score − gns_score`) in `cards.csv`.
pub fn newcombe_difference(p1: f64, i1: Interval, p2: f64, i2: Interval) -> (f64, f64) {
    let (lo, hi) = mover_difference(p1, i1, p2, i2);
    (lo.max(-1.0), hi.min(1.0))
}

/// The MOVER interval (method of variance estimates recovery; Zou & Donner 2008,
/// "Construction of confidence limits about effect measures: a general approach",
/// Statistics in Medicine 27:1693-1702) for the difference `x1 − x2` of two independent
/// estimates from their own intervals `i1`, `i2` at one level, which may be asymmetric:
///
/// ```text
/// lo = (x1 − x2) − sqrt((x1 − l1)² + (u2 − x2)²)
/// hi = (x1 − x2) + sqrt((u1 − x1)² + (x2 − l2)²)
/// ```
///
/// With symmetric intervals it is the usual `d ± z·sqrt(se1² + se2²)`; with Wilson
/// intervals it is [`newcombe_difference`] before clamping. Unbounded.
pub fn mover_difference(x1: f64, i1: Interval, x2: f64, i2: Interval) -> (f64, f64) {
    let d = x1 - x2;
    let lo = d - ((x1 - i1.lo).powi(2) + (i2.hi - x2).powi(2)).sqrt();
    let hi = d + ((i1.hi - x1).powi(2) + (x2 - i2.lo).powi(2)).sqrt();
    (lo, hi)
}

/// The 95% Wilson score interval ([`wilson`] with [`Z95`]) for `successes` out of
/// `trials` (an integer count of trials, e.g. games). `None` when `trials` is 0.
pub fn wilson95(successes: f64, trials: u64) -> Option<Interval> {
    wilson(successes, trials as f64, Z95)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn newcombe_matches_his_worked_example() {
        // Newcombe (1998), table II example (a): 56/70 against 48/80, method 10 gives
        // 0.0524 to 0.3339.
        let (p1, p2) = (56.0 / 70.0, 48.0 / 80.0);
        let (i1, i2) = (wilson95(56.0, 70).unwrap(), wilson95(48.0, 80).unwrap());
        let (lo, hi) = newcombe_difference(p1, i1, p2, i2);
        assert!((lo - 0.0524).abs() < 5e-4, "{lo}");
        assert!((hi - 0.3339).abs() < 5e-4, "{hi}");
    }

    /// Asserts that `i` is `[lo, hi]` to within 5e-5 at both ends (the tests' published
    /// values have four decimals).
    pub(crate) fn close(i: Interval, lo: f64, hi: f64) {
        assert!(
            (i.lo - lo).abs() < 5e-5 && (i.hi - hi).abs() < 5e-5,
            "{i:?} != [{lo}, {hi}]"
        );
    }

    #[test]
    fn known_values() {
        close(wilson95(50.0, 100).unwrap(), 0.4038, 0.5962);
        // Newcombe (1998), "Two-sided confidence intervals for the single proportion",
        // Statistics in Medicine 17:857-872, table I, method 3 (Wilson, no correction).
        close(wilson95(81.0, 263).unwrap(), 0.2553, 0.3662);
        close(wilson95(15.0, 148).unwrap(), 0.0624, 0.1605);
        close(wilson95(0.0, 20).unwrap(), 0.0, 0.1611);
        close(wilson95(1.0, 29).unwrap(), 0.0061, 0.1718);
    }

    #[test]
    fn edges_and_symmetry() {
        let all = wilson95(10.0, 10).unwrap();
        let none = wilson95(0.0, 10).unwrap();
        assert_eq!(none.lo, 0.0);
        assert_eq!(all.hi, 1.0);
        assert!((all.lo - (1.0 - none.hi)).abs() < 1e-12);
        close(none, 0.0, 0.2775);
        assert!(wilson95(0.0, 0).is_none());
        assert!(wilson95(11.0, 10).is_none());
        assert!(wilson95(-1.0, 10).is_none());
        let half = wilson95(2.5, 5).unwrap();
        assert!((half.lo + half.hi - 1.0).abs() < 1e-12);
    }
}
