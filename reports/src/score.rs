//! Intervals for score rates that account for draws.
//!
//! A score rate is the mean of a per-game score in `[0, 1]` (win 1, draw ½, loss 0 at two
//! seats; the placement score or the win share at more). A draw is half a success, so a
//! game's score is not a Bernoulli trial and Wilson's interval on `wins + draws / 2`
//! overstates the standard error: with a share `d` of draws the per-game variance is
//! `p(1 − p) − d/4`, not `p(1 − p)` (about 16% too wide a standard error at a 25% draw
//! rate).
//!
//! [`score_interval95`] keeps Wilson's interval (it stays inside `[0, 1]` and behaves at
//! small counts) but gives it the *effective number of games* of the observed variance,
//! the design-effect adjustment of Korn & Graubard (1998), "Confidence intervals for
//! proportions with small expected number of positive counts estimated from survey
//! data", Survey Methodology 24:193-201 (Kish's design effect, `deff = σ̂² / (p(1 − p))`,
//! Kish 1965, *Survey Sampling*, §8.2):
//!
//! ```text
//! p  = Σs / n                         the score rate
//! σ̂² = Σs² / n − p²                   the per-game variance (maximum likelihood)
//! n* = n · p(1 − p) / σ̂²              the effective number of games (≥ n)
//! [lo, hi] = Wilson(p · n* successes out of n* trials)
//! ```
//!
//! Without draws every score is 0 or 1, `σ̂² = p(1 − p)`, `n* = n` and the interval is
//! exactly Wilson's. The variance comes from the counts:
//!
//! - **trinomial**: two seats, `σ̂²` from the win, draw and loss counts;
//! - **multinomial**: more seats, `σ̂²` from the sum of squares of the per-game placement
//!   scores (or win shares), which take `2(N − 1) + 1` values (or `{0, 1/k, 1}`);
//! - **pentanomial** ([`pentanomial_interval95`]): pairs of games on one deal with the
//!   seats swapped, the pair the sample (fishtest's pentanomial statistics).
//!
//! Survey practice often truncates `n*` at `n` (the NCHS data presentation standards for
//! proportions, Parker et al. 2017); here it is not truncated: draws really do make a
//! score less variable than a coin, and the calibration in `docs/statistics.md` shows
//! the untruncated interval covering 95%.

use crate::wilson::{wilson, Interval, Z95};

/// How a score rate's 95% interval was computed, as written in the CSV files' method
/// columns (`matchups.csv`'s `interval`, `summary.csv`'s `score_rate_interval`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreMethod {
    /// Independent two-seat games: Wilson with the effective games of the win, draw and
    /// loss counts ([`score_interval95`]).
    Trinomial,
    /// Independent games of more than two seats: Wilson with the effective games of the
    /// placement scores' sum of squares ([`score_interval95`]).
    Multinomial,
    /// Pairs of games on one deal with seats swapped: `score ± 1.96 SE`, the SE from the
    /// variance of the pairs ([`pentanomial_interval95`]).
    Pentanomial,
}

impl ScoreMethod {
    /// The per-game method for games of `num_seats` seats: trinomial at two, multinomial
    /// at more (one seat has no score rate; it gets trinomial, never written).
    pub fn per_game(num_seats: usize) -> Self {
        if num_seats > 2 {
            ScoreMethod::Multinomial
        } else {
            ScoreMethod::Trinomial
        }
    }

    /// The method's name in the CSV files: `trinomial`, `multinomial` or `pentanomial`.
    pub fn name(self) -> &'static str {
        match self {
            ScoreMethod::Trinomial => "trinomial",
            ScoreMethod::Multinomial => "multinomial",
            ScoreMethod::Pentanomial => "pentanomial",
        }
    }
}

/// The effective number of games `n* = n · p(1 − p) / σ̂²` of `games` games whose per-game
/// score is `x / max` with an integer `x` in `0..=max` (`max` ≥ 1), from `sum = Σx` and
/// `sum_sq = Σx²` (see the module's formulas). Computed exactly in integers:
/// `n* = n · Σx (n·max − Σx) / (n·Σx² − (Σx)²)`.
///
/// Edge cases: `n* = n` (Wilson's interval, no adjustment) when every game scored 0 or
/// every game scored `max` (`p` is 0 or 1: there is no spread to compare), and when
/// every game scored the same value strictly between (every game a draw: `σ̂² = 0`), where
/// the data cannot show their spread and the largest variance a score of mean `p` can
/// have, `p(1 − p)`, is used instead (conservative). Otherwise `n* ≥ n` (a score in
/// `[0, 1]` varies at most as a coin of the same mean).
///
/// `None` without games, with `max = 0`, or when the counts are impossible: `Σx > n·max`,
/// `Σx² > max·Σx` (some `x > max`) or `n·Σx² < (Σx)²` (Cauchy–Schwarz).
pub fn effective_games(games: u64, sum: u64, sum_sq: u64, max: u64) -> Option<f64> {
    let (n, s, q, m) = (
        u128::from(games),
        u128::from(sum),
        u128::from(sum_sq),
        u128::from(max),
    );
    if n == 0 || m == 0 || s > n * m || q > m * s || n * q < s * s {
        return None;
    }
    let spread = n * q - s * s; // n²·max²·σ̂²
    let coin = s * (n * m - s); // n²·max²·p(1 − p)
    if coin == 0 || spread == 0 {
        return Some(games as f64);
    }
    Some(n as f64 * (coin as f64 / spread as f64))
}

/// The 95% interval of a score rate from `games` games whose per-game score is `x / max`
/// (`x` an integer in `0..=max`), `sum = Σx`, `sum_sq = Σx²`: Wilson's interval
/// ([`crate::wilson()`], Wilson 1927) at the effective number of games
/// [`effective_games`] (Korn & Graubard 1998; see the module). Both ends in `[0, 1]`.
///
/// Two seats: `max = 2`, `x` = 2 for a win, 1 for a draw, 0 for a loss, so
/// `Σx = 2w + d` and `Σx² = 4w + d` (trinomial). N seats: `max = 2(N − 1)`, `x` the
/// half-points against opponents ([`crate::stats::half_points`]); or `max = 12`, `x`
/// the win share in twelfths ([`crate::stats::win_share12`]) (multinomial).
///
/// `None` as [`effective_games`].
pub fn score_interval95(games: u64, sum: u64, sum_sq: u64, max: u64) -> Option<Interval> {
    let eff = effective_games(games, sum, sum_sq, max)?;
    let p = sum as f64 / (games as f64 * max as f64);
    wilson(p * eff, eff, Z95)
}

/// The 95% interval of the mean of `n` values in `[0, 1]` whose sum is `sum` and sum of
/// squares `sum_sq` (an action's returns in a search: `SearchStat`): Wilson's interval at
/// the effective number of values `n* = n · p(1 − p) / σ̂²` ([`effective_games`]'s
/// formula, for real values), `n` itself where the values show no spread or `p` is 0 or
/// 1 (conservative). Both ends in `[0, 1]`. `None` without values.
pub fn bounded_mean_interval95(n: u32, sum: f64, sum_sq: f64) -> Option<Interval> {
    if n == 0 {
        return None;
    }
    let nf = f64::from(n);
    let p = (sum / nf).clamp(0.0, 1.0);
    let spread = (sum_sq / nf - p * p).max(0.0);
    let coin = p * (1.0 - p);
    let eff = if spread > 1e-12 && coin > 0.0 {
        nf * (coin / spread).max(1.0)
    } else {
        nf
    };
    wilson(p * eff, eff, Z95)
}

/// The trinomial 95% interval of the score rate `(wins + draws / 2) / games` of
/// independent games ([`score_interval95`] with `max = 2`). `None` without games.
pub fn wdl_interval95(wins: u64, draws: u64, losses: u64) -> Option<Interval> {
    score_interval95(wins + draws + losses, 2 * wins + draws, 4 * wins + draws, 2)
}

/// The pentanomial 95% interval `score ± 1.96 · se`, clamped to `[0, 1]`: `score` the
/// score rate over the games, `se` its standard error from the variance of the pairs
/// (`crate::Pentanomial::standard_error`; fishtest's pentanomial statistics, Van den
/// Bergh's notes on the normalized Elo). A normal (Wald) interval: with pairs the unit,
/// the score of a pair takes five values and hundreds of pairs make the normal
/// approximation good (the calibration in `docs/statistics.md`).
pub fn pentanomial_interval95(score: f64, se: f64) -> Interval {
    Interval {
        lo: (score - Z95 * se).clamp(0.0, 1.0),
        hi: (score + Z95 * se).clamp(0.0, 1.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wilson::tests::close;

    /// On values that are a trinomial's (1, ½, 0) the interval of a bounded mean is the
    /// score interval of the same games; without values it is `None`, and values with no
    /// spread get Wilson's interval at their own number.
    #[test]
    fn a_bounded_mean_interval_is_the_score_interval_of_the_same_results() {
        let (w, d, l) = (5u64, 2u64, 3u64);
        let sum = w as f64 + 0.5 * d as f64;
        let sum_sq = w as f64 + 0.25 * d as f64;
        let a = bounded_mean_interval95((w + d + l) as u32, sum, sum_sq).unwrap();
        let b = wdl_interval95(w, d, l).unwrap();
        close(a, b.lo, b.hi);
        assert!(bounded_mean_interval95(0, 0.0, 0.0).is_none());
        let flat = bounded_mean_interval95(4, 2.0, 1.0).unwrap();
        let coin = crate::wilson::wilson95(2.0, 4).unwrap();
        close(flat, coin.lo, coin.hi);
    }
    use crate::wilson::wilson95;

    #[test]
    fn without_draws_it_is_wilson() {
        for (w, l) in [(50, 50), (81, 182), (0, 20), (20, 0), (1, 28)] {
            let a = wdl_interval95(w, 0, l).unwrap();
            let b = wilson95(w as f64, w + l).unwrap();
            assert!((a.lo - b.lo).abs() < 1e-12 && (a.hi - b.hi).abs() < 1e-12);
        }
        close(wdl_interval95(81, 0, 182).unwrap(), 0.2553, 0.3662);
    }

    #[test]
    fn hand_computed_trinomial() {
        // 40 wins, 20 draws, 40 losses: p = 0.5, σ̂² = 0.8·0.25 = 0.2 (the draws score
        // exactly the mean), p(1 − p) = 0.25, n* = 100·0.25/0.2 = 125.
        assert_eq!(effective_games(100, 100, 180, 2), Some(125.0));
        // Wilson at p = 0.5, n = 125: half-width z/(1 + z²/n)·sqrt(0.25/n + z²/(4n²)).
        let (z, n) = (Z95, 125.0f64);
        let half = z / (1.0 + z * z / n) * (0.25 / n + z * z / (4.0 * n * n)).sqrt();
        close(wdl_interval95(40, 20, 40).unwrap(), 0.5 - half, 0.5 + half);
        // By hand: half = 1.959964/1.030732·sqrt(0.002 + 0.0000614663) = 0.0863365.
        close(wdl_interval95(40, 20, 40).unwrap(), 0.413664, 0.586336);
        // 30 wins, 10 draws, 60 losses: p = 0.35, Σs² = 32.5, σ̂² = 0.325 − 0.1225 = 0.2025,
        // p(1 − p) = 0.2275, n* = 100·0.2275/0.2025 = 112.345679.
        let eff = effective_games(100, 70, 130, 2).unwrap();
        assert!((eff - 112.345_679_012).abs() < 1e-6, "{eff}");
        let w = wilson(0.35 * eff, eff, Z95).unwrap();
        assert_eq!(wdl_interval95(30, 10, 60), Some(w));
        // Narrower than the Wilson interval of the fractional count it replaces.
        let old = wilson95(35.0, 100).unwrap();
        assert!(w.hi - w.lo < old.hi - old.lo);
    }

    #[test]
    fn multinomial_from_squares() {
        // Four seats (max 6): per-game half-points 6, 3, 0, 3 → scores 1, ½, 0, ½:
        // the same spread as 1 win, 2 draws, 1 loss at two seats.
        let four = score_interval95(4, 12, 36 + 9 + 9, 6).unwrap();
        assert_eq!(four, wdl_interval95(1, 2, 1).unwrap());
        // Scores 1/6 and 5/6 alternating: p = ½, σ̂² = 1/9, n* = 10·(1/4)/(1/9) = 22.5.
        assert_eq!(effective_games(10, 30, 5 + 5 * 25, 6), Some(22.5));
    }

    #[test]
    fn edges() {
        // Every game a draw: no spread to see, Wilson's (conservative) interval.
        assert_eq!(effective_games(10, 10, 10, 2), Some(10.0));
        assert_eq!(wdl_interval95(0, 10, 0), wilson95(5.0, 10));
        // All wins or all losses: Wilson's interval, ends exactly 1 and 0.
        assert_eq!(wdl_interval95(10, 0, 0).unwrap().hi, 1.0);
        assert_eq!(wdl_interval95(0, 0, 10).unwrap().lo, 0.0);
        assert_eq!(wdl_interval95(0, 0, 10), wilson95(0.0, 10));
        // No games, impossible counts.
        assert_eq!(wdl_interval95(0, 0, 0), None);
        assert_eq!(score_interval95(2, 5, 13, 2), None); // Σx > n·max
        assert_eq!(score_interval95(2, 2, 5, 2), None); // Σx² > max·Σx
        assert_eq!(score_interval95(2, 2, 1, 2), None); // n·Σx² < (Σx)²
        assert_eq!(score_interval95(2, 0, 0, 0), None);
        // The effective games are never below the games.
        for (w, d, l) in [(3, 4, 5), (100, 1, 0), (1, 98, 1), (7, 0, 2)] {
            let eff = effective_games(w + d + l, 2 * w + d, 4 * w + d, 2).unwrap();
            assert!(eff >= (w + d + l) as f64);
        }
        // Huge counts stay exact (u128 arithmetic).
        let g = 4_000_000_000u64;
        let e = effective_games(g, g, g + g / 2, 2).unwrap(); // ½ draws, ¼ wins
        assert!((e / g as f64 - 0.25 / (0.25 - 0.125)).abs() < 1e-9);
    }

    #[test]
    fn pentanomial_is_clamped_wald() {
        let i = pentanomial_interval95(0.5, 0.01);
        close(i, 0.5 - 0.0195996, 0.5 + 0.0195996);
        assert_eq!(pentanomial_interval95(0.99, 0.1).hi, 1.0);
        assert_eq!(pentanomial_interval95(0.01, 0.1).lo, 0.0);
    }

    #[test]
    fn names() {
        assert_eq!(ScoreMethod::per_game(2).name(), "trinomial");
        assert_eq!(ScoreMethod::per_game(4).name(), "multinomial");
        assert_eq!(ScoreMethod::Pentanomial.name(), "pentanomial");
    }
}
