//! Elo differences and the sequential probability ratio test (SPRT) of chess engine
//! testing, on the score of one agent against another.
//!
//! Sources: the logistic Elo model, `score = 1 / (1 + 10^(-elo / 400))`; the SPRT of Wald
//! (1945) with the normal approximation of the log-likelihood ratio used by cutechess and
//! fishtest for win/draw/loss results (Van den Bergh, "A generalized SPRT", 2016 notes):
//! `LLR ≈ N (s1 - s0) (2 x̄ - s0 - s1) / (2 σ²)`, where `x̄` and `σ²` are the mean and
//! variance of the per-game score (1, 1/2, 0) and `s0`, `s1` the scores the two Elo
//! hypotheses predict.

use crate::wilson::Interval;

/// The expected score of a player `elo` points stronger than its opponent (logistic model).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that gives expected score `score` in `(0, 1)`; `±inf` at 1 and 0.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// An Elo difference with the interval obtained by mapping a score interval (for example a
/// Wilson interval) through [`elo_from_score`], which is monotone.
pub fn elo_interval(score: f64, interval: Interval) -> (f64, f64, f64) {
    (
        elo_from_score(score),
        elo_from_score(interval.lo),
        elo_from_score(interval.hi),
    )
}

/// Win/draw/loss counts of one agent against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Wdl {
    /// Number of games.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Mean score per game, `(wins + draws / 2) / games`; `None` without games.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + 0.5 * self.draws as f64) / n as f64)
    }

    /// Variance of the per-game score (1, 1/2, 0) around its mean; `None` without games.
    pub fn score_variance(&self) -> Option<f64> {
        let n = self.games() as f64;
        let x = self.score()?;
        Some(
            (self.wins as f64 * (1.0 - x).powi(2)
                + self.draws as f64 * (0.5 - x).powi(2)
                + self.losses as f64 * x.powi(2))
                / n,
        )
    }
}

/// Results of game pairs played on the same deal with seats swapped (duplicate deals), as
/// fishtest counts them: `counts[k]` is the number of pairs in which the first agent scored
/// `k / 2` points over the two games (`k` in `0..=4`: LL, LD, DD or WL, WD, WW).
///
/// A pair is one sample of the score, so the variance estimate includes the correlation
/// between the two games of a pair that the deal causes; see "Pentanomial statistics" in
/// the fishtest documentation and Van den Bergh's notes on the normalized Elo.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pentanomial {
    /// Pairs by the first agent's doubled points over the pair, 0 to 4.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Number of pairs.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Adds `other`'s counts.
    pub fn merge(&mut self, other: &Pentanomial) {
        for (a, b) in self.counts.iter_mut().zip(other.counts) {
            *a += b;
        }
    }

    /// Mean score per game, in `[0, 1]` (the mean of `k / 4` over pairs); `None` without
    /// pairs.
    pub fn score(&self) -> Option<f64> {
        let n = self.pairs();
        let sum: u64 = self
            .counts
            .iter()
            .enumerate()
            .map(|(k, &c)| k as u64 * c)
            .sum();
        (n > 0).then(|| sum as f64 / (4 * n) as f64)
    }

    /// Variance of one pair's mean score `k / 4` around the mean; `None` without pairs.
    pub fn score_variance(&self) -> Option<f64> {
        let x = self.score()?;
        let n = self.pairs() as f64;
        Some(
            self.counts
                .iter()
                .enumerate()
                .map(|(k, &c)| c as f64 * (k as f64 / 4.0 - x).powi(2))
                .sum::<f64>()
                / n,
        )
    }

    /// The standard error of the mean score, `sqrt(variance / pairs)`; `None` without
    /// pairs.
    pub fn standard_error(&self) -> Option<f64> {
        Some((self.score_variance()? / self.pairs() as f64).sqrt())
    }
}

/// The hypotheses and error rates of an SPRT: H0 says the Elo difference is `elo0`, H1
/// that it is `elo1` (`elo1 > elo0`); `alpha` is the false-positive rate (accepting H1
/// when H0 holds), `beta` the false-negative rate.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Sprt {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1.
    pub elo1: f64,
    /// Type I error rate, in (0, 1).
    pub alpha: f64,
    /// Type II error rate, in (0, 1).
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// The LLR crossed the upper bound: accept H1 (the agent is at least `elo1` stronger).
    AcceptH1,
    /// The LLR crossed the lower bound: accept H0.
    AcceptH0,
    /// Neither bound is crossed yet: play on.
    Continue,
}

impl Sprt {
    /// The bounds `(lower, upper) = (ln(β / (1 - α)), ln((1 - β) / α))` (Wald 1945).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for `wdl`, by the normal approximation.
    /// 0 while there is no game or no variance (all results equal).
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        match (wdl.score(), wdl.score_variance()) {
            (Some(x), Some(var)) => self.llr_normal(wdl.games(), x, var),
            _ => 0.0,
        }
    }

    /// The log-likelihood ratio for paired games: the same normal approximation with the
    /// pair as the sample, `LLR ≈ P (s1 - s0) (2 x̄ - s0 - s1) / (2 σ²)` over `P` pairs,
    /// `x̄` and `σ²` the mean and variance of a pair's mean score (fishtest's pentanomial
    /// SPRT). 0 without pairs or variance.
    pub fn llr_pentanomial(&self, pairs: &Pentanomial) -> f64 {
        match (pairs.score(), pairs.score_variance()) {
            (Some(x), Some(var)) => self.llr_normal(pairs.pairs(), x, var),
            _ => 0.0,
        }
    }

    /// `n (s1 - s0) (2 x̄ - s0 - s1) / (2 σ²)`: the log-likelihood ratio of `n` normal
    /// samples of mean `x` and variance `var` under means `s1` against `s0`.
    fn llr_normal(&self, n: u64, x: f64, var: f64) -> f64 {
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        n as f64 * (s1 - s0) * (2.0 * x - s0 - s1) / (2.0 * var)
    }

    /// The decision for `wdl`.
    pub fn decide(&self, wdl: &Wdl) -> SprtDecision {
        self.decide_llr(self.llr(wdl))
    }

    /// The decision for a log-likelihood ratio `llr` (from [`Sprt::llr`] or
    /// [`Sprt::llr_pentanomial`]).
    pub fn decide_llr(&self, llr: f64) -> SprtDecision {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtDecision::AcceptH1
        } else if llr <= lo {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The SPRT of H0 `elo0 = 0` against H1 `elo1`, at 5% error rates both ways.
    fn sprt_to(elo1: f64) -> Sprt {
        Sprt {
            elo0: 0.0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    #[test]
    fn elo_and_score_are_inverse() {
        assert!((score_from_elo(0.0) - 0.5).abs() < 1e-12);
        // 100 Elo is a 0.640 expected score (a standard table value).
        assert!((score_from_elo(100.0) - 0.640_065).abs() < 1e-6);
        for elo in [-300.0, -50.0, 0.0, 35.0, 400.0] {
            assert!((elo_from_score(score_from_elo(elo)) - elo).abs() < 1e-9);
        }
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
    }

    #[test]
    fn wald_bounds_for_five_percent_errors() {
        let t = sprt_to(5.0);
        let (lo, hi) = t.bounds();
        assert!((lo + 2.944_438_979).abs() < 1e-8);
        assert!((hi - 2.944_438_979).abs() < 1e-8);
    }

    #[test]
    fn llr_grows_with_evidence_and_decides() {
        let t = sprt_to(20.0);
        // A 0.55 score (about +35 Elo) over many games favours H1.
        let strong = Wdl {
            wins: 4400,
            draws: 2200,
            losses: 3400,
        };
        assert!(t.llr(&strong) > 0.0);
        assert_eq!(t.decide(&strong), SprtDecision::AcceptH1);
        // An even score favours H0.
        let even = Wdl {
            wins: 4000,
            draws: 2000,
            losses: 4000,
        };
        assert!(t.llr(&even) < 0.0);
        assert_eq!(t.decide(&even), SprtDecision::AcceptH0);
        // Few games decide nothing.
        let few = Wdl {
            wins: 6,
            draws: 2,
            losses: 4,
        };
        assert_eq!(t.decide(&few), SprtDecision::Continue);
        assert_eq!(t.llr(&Wdl::default()), 0.0);
    }

    #[test]
    fn pentanomial_mean_variance_and_llr_by_hand() {
        // 10 pairs: 2 x LD (k=1), 6 x DD/WL (k=2), 2 x WD (k=3): mean 0.5,
        // variance (2*0.0625 + 0 + 2*0.0625) / 10 = 0.025.
        let p = Pentanomial {
            counts: [0, 2, 6, 2, 0],
        };
        assert_eq!(p.pairs(), 10);
        assert_eq!(p.score(), Some(0.5));
        assert!((p.score_variance().unwrap() - 0.025).abs() < 1e-15);
        assert!((p.standard_error().unwrap() - 0.05).abs() < 1e-12);
        let t = sprt_to(10.0);
        let s1 = score_from_elo(10.0);
        let want = 10.0 * (s1 - 0.5) * (1.0 - 0.5 - s1) / (2.0 * 0.025);
        assert!((t.llr_pentanomial(&p) - want).abs() < 1e-12);
        assert_eq!(t.llr_pentanomial(&Pentanomial::default()), 0.0);
        assert_eq!(t.decide_llr(3.0), SprtDecision::AcceptH1);
        assert_eq!(t.decide_llr(-3.0), SprtDecision::AcceptH0);
    }

    #[test]
    fn llr_matches_a_hand_computation() {
        // W/D/L = 60/20/20: x = 0.7, var = (60*0.09 + 20*0.04 + 20*0.49)/100 = 0.16.
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert!((wdl.score().unwrap() - 0.7).abs() < 1e-12);
        assert!((wdl.score_variance().unwrap() - 0.16).abs() < 1e-12);
        let t = sprt_to(100.0);
        let (s0, s1) = (0.5, score_from_elo(100.0));
        let expect = 100.0 * (s1 - s0) * (1.4 - s0 - s1) / 0.32;
        assert!((t.llr(&wdl) - expect).abs() < 1e-9);
    }
}
