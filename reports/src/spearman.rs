//! Spearman's rank correlation (Spearman 1904, "The proof and measurement of association
//! between two things", *Am. J. Psychol.* 15:72–101), with ties handled by mid-ranks: the
//! coefficient is Pearson's correlation of the two samples' mid-ranks (Kendall & Gibbons,
//! *Rank Correlation Methods*, 5th ed. 1990, §3.8). Without ties it equals the textbook
//! `1 − 6 Σ d² / (n (n² − 1))`, `d` the rank differences. `sim report A B` uses it to say
//! how far two agent settings agree on the order of the cards.

/// The mid-ranks of `values`, 1-based, in input order: the smallest value has rank 1, and
/// values that are equal share the mean of the ranks they occupy (`[5, 7, 7, 9]` →
/// `[1, 2.5, 2.5, 4]`). Values are compared with `f64::total_cmp` (callers pass finite
/// values).
pub fn mid_ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i + 1;
        while j < order.len() && values[order[j]] == values[order[i]] {
            j += 1;
        }
        // Positions i..j (0-based) hold equal values: ranks i+1..=j, mean (i + 1 + j) / 2.
        let rank = (i + 1 + j) as f64 / 2.0;
        for &k in &order[i..j] {
            ranks[k] = rank;
        }
        i = j;
    }
    ranks
}

/// Spearman's rank correlation of the paired samples `x` and `y` (same length, finite
/// values): Pearson's correlation of their mid-ranks ([`mid_ranks`]), in [−1, 1]. `None`
/// when the lengths differ, there are fewer than two pairs, or either sample is constant
/// (the coefficient is undefined).
pub fn spearman(x: &[f64], y: &[f64]) -> Option<f64> {
    if x.len() != y.len() || x.len() < 2 {
        return None;
    }
    let (rx, ry) = (mid_ranks(x), mid_ranks(y));
    // Both rank vectors have mean (n + 1) / 2.
    let mean = (x.len() + 1) as f64 / 2.0;
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in rx.iter().zip(&ry) {
        let (dx, dy) = (a - mean, b - mean);
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
    }
    if sxx == 0.0 || syy == 0.0 {
        return None;
    }
    Some((sxy / (sxx * syy).sqrt()).clamp(-1.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mid_ranks_share_tied_places() {
        assert_eq!(mid_ranks(&[5.0, 7.0, 7.0, 9.0]), [1.0, 2.5, 2.5, 4.0]);
        assert_eq!(mid_ranks(&[3.0, 1.0, 3.0, 3.0]), [3.0, 1.0, 3.0, 3.0]);
        assert_eq!(mid_ranks(&[]), Vec::<f64>::new());
    }

    /// Without ties: the textbook formula. x ranks 1..5, y ranks [2, 1, 4, 3, 5]: Σ d² =
    /// 4, ρ = 1 − 6·4 / (5·24) = 0.8.
    #[test]
    fn without_ties_it_is_the_textbook_formula() {
        let x = [10.0, 20.0, 30.0, 40.0, 50.0];
        let y = [0.2, 0.1, 0.4, 0.3, 0.5];
        assert!((spearman(&x, &y).unwrap() - 0.8).abs() < 1e-12);
        let rev: Vec<f64> = x.iter().map(|v| -v).collect();
        assert!((spearman(&x, &rev).unwrap() + 1.0).abs() < 1e-12);
    }

    /// With ties, by hand: x = [1, 2, 2, 3] has mid-ranks [1, 2.5, 2.5, 4], y = [1, 3, 2,
    /// 4] ranks [1, 3, 2, 4]; around the mean 2.5 the deviations are [−1.5, 0, 0, 1.5] and
    /// [−1.5, 0.5, −0.5, 1.5]: Σ dx dy = 4.5, Σ dx² = 4.5, Σ dy² = 5, ρ = 4.5 / √22.5 =
    /// √0.9 ≈ 0.9487 (the no-ties formula would give 1 − 6·0.5/60 = 0.95).
    #[test]
    fn ties_use_mid_ranks() {
        let rho = spearman(&[1.0, 2.0, 2.0, 3.0], &[1.0, 3.0, 2.0, 4.0]).unwrap();
        assert!((rho - 0.9f64.sqrt()).abs() < 1e-12, "{rho}");
    }

    #[test]
    fn undefined_cases() {
        assert_eq!(spearman(&[1.0], &[2.0]), None);
        assert_eq!(spearman(&[1.0, 2.0], &[2.0]), None);
        assert_eq!(spearman(&[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0]), None);
    }
}
