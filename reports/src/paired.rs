//! Paired comparison of rule sets on common random numbers (`sim compare`, `sim sweep`,
//! `sim tune`), and the rows of `compare.csv`, `sweep.csv` and `tune.csv`.
//!
//! The runner plays the same deals under `K` rule sets. The unit of pairing is a *group*:
//! the games played on one deal (two with duplicate deals). For every group, metric `m`
//! and rule set `r` it hands over a pair `(y, x)`: the group's numerator and denominator.
//! A per-game mean has `y` = the sum of the values over the group's games and `x` = the
//! number of games; a rate per turn has `y` = events and `x` = turns; a conditional rate
//! (the half-time leader wins) has `y` = wins and `x` = games with a half-time leader.
//!
//! **Estimate.** The ratio estimator `R_r = Σy / Σx` (Cochran 1977, *Sampling
//! Techniques*, §6.2), with the variance of its linearization over groups:
//! `z_j = (y_j − R x_j) / x̄`, `SE² = Σ z_j² / (n (n − 1))` (Σ z_j = 0 exactly).
//!
//! **Difference to rule set 0.** `D = R_r − R_0`, whose linearization is the difference
//! of the two `z`: `SE_D² = Σ (z_rj − z_0j)² / (n (n − 1))`. Because each group is played
//! under both rule sets on the same random numbers, `z_r` and `z_0` are positively
//! correlated and the cross term narrows the interval (common random numbers).
//!
//! Everything is computed from fixed-size running sums (`Σy, Σx, Σy², Σx², Σxy` per metric
//! and rule set, and the cross sums with rule set 0), so memory does not grow with the
//! number of games. The sums are exact: each group's `y` and `x` are rounded once to a
//! multiple of 2⁻²⁴ ([`SCALE`]; exact for the halves, quarters and whole counts the metrics
//! give, 3·10⁻⁸ off at most for a third) and summed as 128-bit integers, so merging chunks
//! or shards in any order gives the same sums, bit for bit, whatever the number of
//! threads, checkpoints or shards.
//!
//! 95% intervals are `± Z95 · SE`; two-sided p-values come from the normal distribution.
//! Significance flags are corrected for multiplicity over every test a command reports
//! (every non-reference rule set or grid point × metric with a p-value): by Holm's
//! step-down method (Holm 1979, "A simple sequentially rejective multiple test
//! procedure", *Scand. J. Statist.* 6:65–70), which bounds the family-wise error rate, or
//! by the Benjamini–Hochberg step-up method (Benjamini & Hochberg 1995, "Controlling the
//! false discovery rate", *JRSS B* 57:289–300), which bounds the false discovery rate
//! ([`Correction`]).

use crate::wilson::Z95;
use serde::{Deserialize, Serialize};

/// The fixed point of the sums: a group's `y` and `x` are counted in units of
/// `1 / SCALE` (2⁻²⁴), their products in units of `1 / SCALE²`. With `|y|, |x| < 2²⁰` per
/// group the products stay below 2⁸⁸, so 2³⁸ groups fit in an `i128`.
pub const SCALE: f64 = (1u64 << 24) as f64;

/// Running sums of one metric under one rule set, in fixed point ([`SCALE`]): `y` and `x`
/// in units of `1 / SCALE`, the products in units of `1 / SCALE²`.
/// Serialized as decimal strings: JSON numbers (and `serde_json::Value`) stop at 64 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Sums {
    #[serde(with = "i128_text")]
    y: i128,
    #[serde(with = "i128_text")]
    x: i128,
    #[serde(with = "i128_text")]
    yy: i128,
    #[serde(with = "i128_text")]
    xx: i128,
    #[serde(with = "i128_text")]
    xy: i128,
    /// Σ y_r y_0, Σ y_r x_0, Σ x_r y_0, Σ x_r x_0 (cross sums with rule set 0).
    #[serde(with = "i128_text")]
    c_yy: i128,
    #[serde(with = "i128_text")]
    c_yx: i128,
    #[serde(with = "i128_text")]
    c_xy: i128,
    #[serde(with = "i128_text")]
    c_xx: i128,
}

/// An `i128` as a decimal string in serialized files.
mod i128_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &i128, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i128, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// [`Sums`] back in real units, for the formulas.
#[derive(Clone, Copy, Debug)]
struct Real {
    y: f64,
    x: f64,
    yy: f64,
    xx: f64,
    xy: f64,
    c_yy: f64,
    c_yx: f64,
    c_xy: f64,
    c_xx: f64,
}

impl Sums {
    fn real(&self) -> Real {
        let one = |v: i128| v as f64 / SCALE;
        let two = |v: i128| v as f64 / (SCALE * SCALE);
        Real {
            y: one(self.y),
            x: one(self.x),
            yy: two(self.yy),
            xx: two(self.xx),
            xy: two(self.xy),
            c_yy: two(self.c_yy),
            c_yx: two(self.c_yx),
            c_xy: two(self.c_xy),
            c_xx: two(self.c_xx),
        }
    }
}

/// A group's value in fixed point ([`SCALE`]), rounded to the nearest unit.
fn fixed(v: f64) -> i128 {
    (v * SCALE).round() as i128
}

/// Paired statistics of `num_metrics` metrics under `num_sets` rule sets, accumulated
/// group by group. Serializable (checkpoints and shard files carry it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairedStats {
    num_metrics: usize,
    num_sets: usize,
    groups: u64,
    sums: Vec<Sums>,
}

/// An estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The ratio estimate `Σy / Σx`.
    pub value: f64,
    /// Its standard error (linearization); `None` with fewer than two groups.
    pub se: Option<f64>,
    /// Lower end of the 95% interval.
    pub lo: Option<f64>,
    /// Upper end of the 95% interval.
    pub hi: Option<f64>,
}

/// The difference of a rule set's estimate to rule set 0's, paired by group.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    /// `R_r − R_0`.
    pub diff: f64,
    /// Its standard error.
    pub se: f64,
    /// Lower end of the 95% interval.
    pub lo: f64,
    /// Upper end of the 95% interval.
    pub hi: f64,
    /// Two-sided p-value of "no difference" (normal approximation); 1 when `se` is 0 and
    /// the difference is 0, 0 when `se` is 0 and the difference is not.
    pub p_value: f64,
}

impl PairedStats {
    /// Empty statistics for `num_metrics` metrics and `num_sets` rule sets.
    pub fn new(num_metrics: usize, num_sets: usize) -> Self {
        PairedStats {
            num_metrics,
            num_sets,
            groups: 0,
            sums: vec![Sums::default(); num_metrics * num_sets],
        }
    }

    /// Number of metrics.
    pub fn num_metrics(&self) -> usize {
        self.num_metrics
    }

    /// Number of rule sets.
    pub fn num_sets(&self) -> usize {
        self.num_sets
    }

    /// Records one group: `values[set * num_metrics + metric] = (y, x)`. A metric with
    /// `x = 0` in a group (it did not occur) still counts the group, with `y = x = 0`.
    /// Panics if `values` has the wrong length.
    pub fn record_group(&mut self, values: &[(f64, f64)]) {
        assert_eq!(
            values.len(),
            self.sums.len(),
            "one (y, x) per metric and rule set"
        );
        let m = self.num_metrics;
        for (i, s) in self.sums.iter_mut().enumerate() {
            let (y, x) = (fixed(values[i].0), fixed(values[i].1));
            let (y0, x0) = (fixed(values[i % m].0), fixed(values[i % m].1));
            s.y += y;
            s.x += x;
            s.yy += y * y;
            s.xx += x * x;
            s.xy += x * y;
            s.c_yy += y * y0;
            s.c_yx += y * x0;
            s.c_xy += x * y0;
            s.c_xx += x * x0;
        }
        self.groups += 1;
    }

    /// Adds `other`'s sums (same shape). Exact: any order of merges gives the same sums.
    pub fn merge(&mut self, other: &PairedStats) {
        assert_eq!(
            (self.num_metrics, self.num_sets),
            (other.num_metrics, other.num_sets)
        );
        for (a, b) in self.sums.iter_mut().zip(&other.sums) {
            add_fields! { a, b; y x yy xx xy c_yy c_yx c_xy c_xx }
        }
        self.groups += other.groups;
    }

    /// Groups recorded.
    pub fn groups(&self) -> u64 {
        self.groups
    }

    fn at(&self, set: usize, metric: usize) -> Real {
        self.sums[set * self.num_metrics + metric].real()
    }

    /// `R` and `Σ z²` of the linearization of rule set `set`'s metric `metric`, `z` scaled
    /// by `x̄` already; `None` when `Σx = 0`.
    fn ratio(&self, set: usize, metric: usize) -> Option<(f64, f64, f64)> {
        let s = self.at(set, metric);
        if s.x <= 0.0 || self.groups == 0 {
            return None;
        }
        let r = s.y / s.x;
        let xbar = s.x / self.groups as f64;
        let zz = ((s.yy - 2.0 * r * s.xy + r * r * s.xx) / (xbar * xbar)).max(0.0);
        Some((r, xbar, zz))
    }

    /// The estimate of metric `metric` under rule set `set` with its 95% interval; `None`
    /// when the metric never occurred (`Σx = 0`).
    pub fn estimate(&self, set: usize, metric: usize) -> Option<Estimate> {
        let (value, _, zz) = self.ratio(set, metric)?;
        let n = self.groups as f64;
        let se = (self.groups >= 2).then(|| (zz / (n * (n - 1.0))).sqrt());
        Some(Estimate {
            value,
            se,
            lo: se.map(|se| value - Z95 * se),
            hi: se.map(|se| value + Z95 * se),
        })
    }

    /// The difference of metric `metric` between rule set `set` and rule set 0, paired by
    /// group; `None` for rule set 0, with fewer than two groups, or when the metric never
    /// occurred under either.
    pub fn difference(&self, set: usize, metric: usize) -> Option<Difference> {
        if set == 0 || self.groups < 2 {
            return None;
        }
        let (r1, x1, zz1) = self.ratio(set, metric)?;
        let (r0, x0, zz0) = self.ratio(0, metric)?;
        let c = self.at(set, metric);
        let cross = (c.c_yy - r0 * c.c_yx - r1 * c.c_xy + r1 * r0 * c.c_xx) / (x1 * x0);
        let n = self.groups as f64;
        let se = ((zz1 + zz0 - 2.0 * cross).max(0.0) / (n * (n - 1.0))).sqrt();
        let diff = r1 - r0;
        let p_value = if se > 0.0 {
            2.0 * normal_upper_tail((diff / se).abs())
        } else if diff == 0.0 {
            1.0
        } else {
            0.0
        };
        Some(Difference {
            diff,
            se,
            lo: diff - Z95 * se,
            hi: diff + Z95 * se,
            p_value,
        })
    }
}

/// `P(Z > z)` for a standard normal `Z`: `erfc(z / √2) / 2`, with the complementary error
/// function of Numerical Recipes (`erfcc`, a Chebyshev fit with fractional error below
/// 1.2e-7 everywhere; Press et al., *Numerical Recipes*, §6.2).
pub fn normal_upper_tail(z: f64) -> f64 {
    0.5 * erfc(z / std::f64::consts::SQRT_2)
}

/// The complementary error function (fractional error below 1.2e-7).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// The given p-values with their input index, smallest first (ties in input order);
/// `None` left out.
fn ascending(p_values: &[Option<f64>]) -> Vec<(usize, f64)> {
    let mut order: Vec<(usize, f64)> = p_values
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.map(|p| (i, p)))
        .collect();
    order.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    order
}

/// Holm's step-down procedure (Holm 1979): which hypotheses are rejected at family-wise
/// error rate `alpha`. The p-values are sorted; the `i`-th smallest (from 0) is rejected
/// while it is at most `alpha / (m − i)`, `m` being the number of p-values given; the first
/// that is not stops the procedure. `None` p-values are never rejected and do not count
/// in `m`. Returns one flag per input, in input order.
pub fn holm(p_values: &[Option<f64>], alpha: f64) -> Vec<bool> {
    let order = ascending(p_values);
    let m = order.len();
    let mut out = vec![false; p_values.len()];
    for (k, &(i, p)) in order.iter().enumerate() {
        if p <= alpha / (m - k) as f64 {
            out[i] = true;
        } else {
            break;
        }
    }
    out
}

/// The Benjamini–Hochberg step-up procedure (Benjamini & Hochberg 1995, *JRSS B*
/// 57:289–300, "Controlling the false discovery rate: a practical and powerful approach to
/// multiple testing"): which hypotheses are rejected at false discovery rate `q`. With the
/// `m` p-values sorted, `p_(1) ≤ … ≤ p_(m)`, find the largest `k` with
/// `p_(k) ≤ k q / m` and reject the `k` hypotheses of the smallest p-values (all of them,
/// even those above their own bound: the procedure steps *up* from the largest). For
/// independent (or positively dependent) tests the expected share of false rejections
/// among the rejections is at most `q · m0 / m ≤ q`. `None` p-values are never rejected and
/// do not count in `m`; ties are broken by input order. Returns one flag per input, in
/// input order.
pub fn benjamini_hochberg(p_values: &[Option<f64>], q: f64) -> Vec<bool> {
    let order = ascending(p_values);
    let m = order.len();
    // The largest rank k (1-based) whose p-value is within its bound; 0 when none is.
    let k = (1..=m)
        .rev()
        .find(|&k| order[k - 1].1 <= k as f64 * q / m as f64)
        .unwrap_or(0);
    let mut out = vec![false; p_values.len()];
    for &(i, _) in &order[..k] {
        out[i] = true;
    }
    out
}

/// How the significance flags of a command's tests are corrected for multiplicity. The
/// family is every test the command reports: every non-reference rule set (or grid point)
/// × metric with a p-value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Correction {
    /// Holm's step-down procedure ([`holm`]): the chance of flagging any null difference is
    /// at most alpha (family-wise error rate), whatever the dependence between tests.
    #[default]
    Holm,
    /// Benjamini–Hochberg's step-up procedure ([`benjamini_hochberg`]): the expected share
    /// of false flags among the flags is at most alpha (false discovery rate). More
    /// power on large grids; some flags may be false.
    BenjaminiHochberg,
}

impl Correction {
    /// The name on the command line and in `run.json`: `holm` or `bh`.
    pub fn name(self) -> &'static str {
        match self {
            Correction::Holm => "holm",
            Correction::BenjaminiHochberg => "bh",
        }
    }

    /// Parses `holm` or `bh` (also `benjamini-hochberg`), case-insensitive.
    pub fn parse(s: &str) -> Option<Correction> {
        match s.trim().to_ascii_lowercase().as_str() {
            "holm" => Some(Correction::Holm),
            "bh" | "benjamini-hochberg" => Some(Correction::BenjaminiHochberg),
            _ => None,
        }
    }

    /// What the flags control, for a summary: `Holm's correction (family-wise error rate
    /// 0.05)` or `Benjamini–Hochberg (false discovery rate 0.05)`.
    pub fn describe(self, alpha: f64) -> String {
        match self {
            Correction::Holm => format!("Holm's correction (family-wise error rate {alpha})"),
            Correction::BenjaminiHochberg => {
                format!("Benjamini–Hochberg (false discovery rate {alpha})")
            }
        }
    }

    /// The flags of `p_values` at level `alpha` (one per input; `None` never flagged).
    pub fn flags(self, p_values: &[Option<f64>], alpha: f64) -> Vec<bool> {
        match self {
            Correction::Holm => holm(p_values, alpha),
            Correction::BenjaminiHochberg => benjamini_hochberg(p_values, alpha),
        }
    }
}

/// The number of tests among `rows`: the rows with a p-value (the family the significance
/// flags are corrected over).
pub fn tests_of(rows: &[CompareRow]) -> usize {
    rows.iter().filter(|r| r.p_value.is_some()).count()
}

/// A metric's name and key, as in `balance.csv` (`draw_rate` and an empty key;
/// `skill_gap` and `greedy vs random`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetricId {
    /// The metric's name.
    pub name: String,
    /// Which instance: a seat, an agent, a match; empty for one-row metrics.
    pub key: String,
}

/// One row of `compare.csv`, `sweep.csv` and `tune_results.csv`: one metric under one
/// rule set (or grid point).
///
/// Columns, in order: `game, point, set, settings, metric, key, value, lo, hi, diff,
/// diff_lo, diff_hi, p_value, significant`. `docs/statistics.md` defines each.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompareRow {
    /// The game's name.
    pub game: String,
    /// The 0-based index of the rule set (compare) or grid point (sweep); point 0 is the
    /// reference.
    pub point: usize,
    /// Its label (`default`, `interchangeable`, `deck.cards.TIRO=4`).
    pub set: String,
    /// What distinguishes it (`key=value; key=value`, or the rules and their overrides).
    pub settings: String,
    /// The metric's name.
    pub metric: String,
    /// The metric's key (empty for one-row metrics).
    pub key: String,
    /// The estimate; empty when the metric never occurred.
    pub value: Option<f64>,
    /// Lower end of its 95% interval.
    pub lo: Option<f64>,
    /// Upper end of its 95% interval.
    pub hi: Option<f64>,
    /// Difference to point 0 (empty at point 0).
    pub diff: Option<f64>,
    /// Lower end of the difference's 95% interval.
    pub diff_lo: Option<f64>,
    /// Upper end of the difference's 95% interval.
    pub diff_hi: Option<f64>,
    /// Two-sided p-value of the difference.
    pub p_value: Option<f64>,
    /// Whether the difference is significant after the command's multiplicity correction
    /// ([`Correction`]: Holm by default, or Benjamini–Hochberg) over every test the command
    /// reports (every non-reference point × metric with a p-value), at its alpha (empty at
    /// point 0).
    pub significant: Option<bool>,
}

/// The rows of `compare.csv` / `sweep.csv` for the rule sets `sets` (label, settings),
/// metrics `metrics` and statistics `stats`: point by point, metric by metric. The
/// significance flags are corrected by `correction` at level `alpha` over every test of
/// the rows together (every point but 0 × every metric with a p-value).
pub fn compare_rows(
    game: &str,
    sets: &[(String, String)],
    metrics: &[MetricId],
    stats: &PairedStats,
    alpha: f64,
    correction: Correction,
) -> Vec<CompareRow> {
    let m = metrics.len();
    // Point-major, metric-minor, like the rows.
    let diffs: Vec<Option<Difference>> = (0..sets.len() * m)
        .map(|i| stats.difference(i / m, i % m))
        .collect();
    let flags = correction.flags(
        &diffs
            .iter()
            .map(|d| d.map(|d| d.p_value))
            .collect::<Vec<_>>(),
        alpha,
    );
    let mut rows = Vec::new();
    for (p, (label, settings)) in sets.iter().enumerate() {
        for (k, id) in metrics.iter().enumerate() {
            let e = stats.estimate(p, k);
            let d = diffs[p * m + k];
            rows.push(CompareRow {
                game: game.to_string(),
                point: p,
                set: label.clone(),
                settings: settings.clone(),
                metric: id.name.clone(),
                key: id.key.clone(),
                value: e.map(|e| e.value),
                lo: e.and_then(|e| e.lo),
                hi: e.and_then(|e| e.hi),
                diff: d.map(|d| d.diff),
                diff_lo: d.map(|d| d.lo),
                diff_hi: d.map(|d| d.hi),
                p_value: d.map(|d| d.p_value),
                significant: d.map(|_| flags[p * m + k]),
            });
        }
    }
    rows
}

/// One row of `tune.csv`: one evaluation of the search.
///
/// Columns, in order: `iteration, games, candidate, fitness, estimate, best,
/// best_estimate`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneRow {
    /// The evaluation's number, from 1.
    pub iteration: u64,
    /// Games played by the search so far, this evaluation included.
    pub games: u64,
    /// The candidate evaluated (`key=value; key=value`).
    pub candidate: String,
    /// Its measured fitness in this evaluation: minus its weighted loss (higher is
    /// better).
    pub fitness: f64,
    /// The search model's estimate of the candidate's fitness after this evaluation.
    pub estimate: f64,
    /// The model's best candidate so far.
    pub best: String,
    /// The model's estimate of that candidate.
    pub best_estimate: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;
    use rand_distr::{Distribution, Normal};

    #[test]
    fn hand_computed_example() {
        // One metric, two sets, three groups of (y, x): set 0 (1,1) (2,1) (3,1); set 1
        // (2,1) (2,1) (5,1). R0 = 2, R1 = 3; z0 = -1, 0, 1; z1 = -1, -1, 2;
        // z1 - z0 = 0, -1, 1: SE_D² = 2 / (3 · 2) = 1/3.
        let mut s = PairedStats::new(1, 2);
        for (a, b) in [(1.0, 2.0), (2.0, 2.0), (3.0, 5.0)] {
            s.record_group(&[(a, 1.0), (b, 1.0)]);
        }
        let e0 = s.estimate(0, 0).unwrap();
        assert!((e0.value - 2.0).abs() < 1e-12);
        assert!((e0.se.unwrap() - (2.0f64 / 6.0).sqrt()).abs() < 1e-12);
        let e1 = s.estimate(1, 0).unwrap();
        assert!((e1.se.unwrap() - (6.0f64 / 6.0).sqrt()).abs() < 1e-12);
        let d = s.difference(1, 0).unwrap();
        assert!((d.diff - 1.0).abs() < 1e-12);
        assert!((d.se - (1.0f64 / 3.0).sqrt()).abs() < 1e-12);
        assert!((d.lo - (1.0 - Z95 * d.se)).abs() < 1e-12);
        assert!(s.difference(0, 0).is_none());
    }

    #[test]
    fn ratio_estimator_weighs_groups_by_their_denominator() {
        // Rates per turn: 1 event in 1 turn, then 0 in 3 turns: 1/4, not the mean of
        // 1 and 0.
        let mut s = PairedStats::new(1, 1);
        s.record_group(&[(1.0, 1.0)]);
        s.record_group(&[(0.0, 3.0)]);
        assert!((s.estimate(0, 0).unwrap().value - 0.25).abs() < 1e-12);
        // A metric that never occurs has no estimate.
        let mut t = PairedStats::new(1, 1);
        t.record_group(&[(0.0, 0.0)]);
        assert!(t.estimate(0, 0).is_none());
    }

    #[test]
    fn merging_equals_recording_in_one_piece() {
        let groups: Vec<[(f64, f64); 4]> = (0..50)
            .map(|i| {
                let f = f64::from(i);
                [(f, 1.0), (f % 7.0, 2.0), (f * 0.5, 1.0), (f % 3.0, 2.0)]
            })
            .collect();
        let mut whole = PairedStats::new(2, 2);
        let (mut a, mut b) = (PairedStats::new(2, 2), PairedStats::new(2, 2));
        for (i, g) in groups.iter().enumerate() {
            whole.record_group(g);
            if i < 20 {
                a.record_group(g)
            } else {
                b.record_group(g)
            }
        }
        a.merge(&b);
        assert_eq!(a.groups(), 50);
        for set in 0..2 {
            for m in 0..2 {
                let (x, y) = (a.estimate(set, m).unwrap(), whole.estimate(set, m).unwrap());
                assert!(
                    (x.value - y.value).abs() < 1e-9
                        && (x.se.unwrap() - y.se.unwrap()).abs() < 1e-9
                );
            }
        }
        let (x, y) = (a.difference(1, 1).unwrap(), whole.difference(1, 1).unwrap());
        assert!((x.se - y.se).abs() < 1e-9);
    }

    #[test]
    fn normal_tail_matches_tables() {
        assert!((normal_upper_tail(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_upper_tail(1.959_963_985) - 0.025).abs() < 1e-7);
        assert!((normal_upper_tail(3.0) - 0.001_349_898).abs() < 1e-8);
        assert!((normal_upper_tail(-1.0) - 0.841_344_746).abs() < 1e-7);
    }

    #[test]
    fn holm_follows_the_step_down_rule() {
        // Textbook case: m = 4, alpha 0.05: thresholds 0.0125, 0.0167, 0.025, 0.05.
        let p = [Some(0.01), Some(0.04), Some(0.03), Some(0.005)];
        assert_eq!(holm(&p, 0.05), [true, false, false, true]);
        // 0.012 ≤ 0.0125 and 0.015 ≤ 0.0167 and 0.02 ≤ 0.025 and 0.04 ≤ 0.05: all.
        let p = [Some(0.04), Some(0.012), Some(0.02), Some(0.015)];
        assert_eq!(holm(&p, 0.05), [true; 4]);
        // None does not count: m = 1.
        assert_eq!(holm(&[None, Some(0.04)], 0.05), [false, true]);
        // Stops at the first failure even if a later one would pass its own bound.
        assert_eq!(holm(&[Some(0.03), Some(0.04)], 0.05), [false, false]);
    }

    #[test]
    fn benjamini_hochberg_reproduces_the_papers_example() {
        // Benjamini & Hochberg (1995), section 4.2: the 15 p-values of Neuhaus et al.
        // (1992). At q = 0.05 their procedure rejects the four smallest (0.0095 ≤ 4·0.05/15
        // = 0.0133, and no larger k passes: 0.0201 > 0.0167, …, 0.0459 > 0.03); the
        // Bonferroni-type procedures (Holm's included) reject three (0.0095 > 0.05/12).
        let p: Vec<Option<f64>> = [
            0.0201, 0.0001, 0.0004, 0.0019, 0.0095, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240, 0.4262,
            0.5719, 0.6528, 0.7590, 1.0,
        ]
        .into_iter()
        .map(Some)
        .collect();
        let bh = benjamini_hochberg(&p, 0.05);
        let rejected: Vec<f64> = (0..15).filter(|&i| bh[i]).map(|i| p[i].unwrap()).collect();
        assert_eq!(rejected, [0.0001, 0.0004, 0.0019, 0.0095]);
        assert_eq!(holm(&p, 0.05).iter().filter(|&&f| f).count(), 3);
        assert_eq!(Correction::BenjaminiHochberg.flags(&p, 0.05), bh);
    }

    #[test]
    fn benjamini_hochberg_steps_up() {
        // m = 4, q = 0.05: bounds 0.0125, 0.025, 0.0375, 0.05. The largest p (0.05) is
        // within its bound, so all four are rejected, 0.04 > 0.0375 included; Holm rejects
        // none (0.02 > 0.0125).
        let p = [Some(0.04), Some(0.03), Some(0.02), Some(0.05)];
        assert_eq!(benjamini_hochberg(&p, 0.05), [true; 4]);
        assert_eq!(holm(&p, 0.05), [false; 4]);
        // Sorted 0.02, 0.02, 0.03, 0.06: k = 3 (0.03 ≤ 0.0375; 0.06 > 0.05), so the three
        // smallest are rejected, the first 0.02 too although it exceeds its own 0.0125.
        let p = [Some(0.06), Some(0.03), Some(0.02), Some(0.02)];
        assert_eq!(benjamini_hochberg(&p, 0.05), [false, true, true, true]);
        // None does not count and is never rejected; nothing passes: nothing rejected.
        assert_eq!(
            benjamini_hochberg(&[None, Some(0.04), Some(0.9)], 0.05),
            [false, false, false]
        );
        assert_eq!(benjamini_hochberg(&[None, Some(0.04)], 0.05), [false, true]);
        assert!(benjamini_hochberg(&[], 0.05).is_empty());
    }

    #[test]
    fn correction_names_parse_back() {
        for c in [Correction::Holm, Correction::BenjaminiHochberg] {
            assert_eq!(Correction::parse(c.name()), Some(c));
        }
        assert_eq!(Correction::parse("BH"), Some(Correction::BenjaminiHochberg));
        assert_eq!(Correction::parse("bonferroni"), None);
        assert_eq!(Correction::default(), Correction::Holm);
    }

    /// Rows of a run with one metric whose differences at points 1 and 2 have known
    /// p-values: `z = delta / SE`, SE = `sqrt(100 / (100 · 99))` (alternating ±1 around
    /// `delta` over 100 groups of x = 1).
    fn rows_with_deltas(deltas: &[f64], correction: Correction) -> Vec<CompareRow> {
        let mut s = PairedStats::new(1, deltas.len() + 1);
        for j in 0..100 {
            let y0 = f64::from(j % 7);
            let e = if j % 2 == 0 { 1.0 } else { -1.0 };
            let mut g = vec![(y0, 1.0)];
            g.extend(deltas.iter().map(|d| (y0 + e + d, 1.0)));
            s.record_group(&g);
        }
        let sets: Vec<(String, String)> = (0..=deltas.len())
            .map(|i| (format!("s{i}"), String::new()))
            .collect();
        let ids = [MetricId {
            name: "a".into(),
            key: String::new(),
        }];
        compare_rows("g", &sets, &ids, &s, 0.05, correction)
    }

    #[test]
    fn the_family_is_every_point_and_metric() {
        // delta 0.22: z = 0.22 / 0.1005 = 2.19, p = 0.0286: significant alone, not in a
        // family of two tests (0.0286 > 0.05 / 2) whose other p is 0.62.
        let alone = rows_with_deltas(&[0.22], Correction::Holm);
        assert!((alone[1].p_value.unwrap() - 0.0286).abs() < 5e-4);
        assert_eq!(alone[1].significant, Some(true));
        assert_eq!(tests_of(&alone), 1);
        let two = rows_with_deltas(&[0.22, 0.05], Correction::Holm);
        assert_eq!(tests_of(&two), 2);
        assert_eq!(two[1].significant, Some(false));
        assert_eq!(two[2].significant, Some(false));
        // Benjamini–Hochberg at two points both near 0.03: both pass k = 2 (≤ 0.05).
        let bh = rows_with_deltas(&[0.22, 0.215], Correction::BenjaminiHochberg);
        assert_eq!(
            (bh[1].significant, bh[2].significant),
            (Some(true), Some(true))
        );
        let holm = rows_with_deltas(&[0.22, 0.215], Correction::Holm);
        assert_eq!(holm[1].significant, Some(false));
    }

    /// Replicates a paired experiment with a known difference and counts how often the
    /// 95% interval covers it; also checks that pairing narrows the interval.
    #[test]
    fn intervals_cover_the_true_difference_and_pairing_narrows_them() {
        let mut rng = engine_core::derive_rng(7, 0, engine_core::Stream::Other(99));
        let noise = Normal::new(0.0, 1.0).unwrap();
        let (reps, n, truth) = (400, 200, 0.3);
        let mut covered = 0;
        let (mut paired_width, mut unpaired_width) = (0.0, 0.0);
        for _ in 0..reps {
            let mut s = PairedStats::new(1, 2);
            let mut u = PairedStats::new(1, 2);
            for _ in 0..n {
                // A shared "deal" effect, a rule effect and small own noise; x varies.
                let deal = 2.0 * noise.sample(&mut rng);
                let x: f64 = rng.gen_range(1..4) as f64;
                let y0 = x * (1.0 + deal + 0.3 * noise.sample(&mut rng));
                let y1 = x * (1.0 + truth + deal + 0.3 * noise.sample(&mut rng));
                s.record_group(&[(y0, x), (y1, x)]);
                let other = 2.0 * noise.sample(&mut rng);
                let y1u = x * (1.0 + truth + other + 0.3 * noise.sample(&mut rng));
                u.record_group(&[(y0, x), (y1u, x)]);
            }
            let d = s.difference(1, 0).unwrap();
            if d.lo <= truth && truth <= d.hi {
                covered += 1;
            }
            paired_width += d.hi - d.lo;
            let du = u.difference(1, 0).unwrap();
            unpaired_width += du.hi - du.lo;
        }
        // 95% of 400 = 380, binomial sd 4.4: allow 360..=395.
        assert!(
            (360..=395).contains(&covered),
            "covered {covered} of {reps}"
        );
        assert!(
            paired_width < 0.3 * unpaired_width,
            "{paired_width} vs {unpaired_width}"
        );
    }

    #[test]
    fn rows_flag_with_holm_and_leave_the_reference_empty() {
        let mut s = PairedStats::new(2, 2);
        for i in 0..100 {
            let f = f64::from(i % 10);
            // Metric 0 differs by 5 between sets; metric 1 does not.
            s.record_group(&[
                (f, 1.0),
                (f, 1.0),
                (f + 5.0, 1.0),
                (f + if i % 2 == 0 { 0.1 } else { -0.1 }, 1.0),
            ]);
        }
        let ids = [
            MetricId {
                name: "a".into(),
                key: String::new(),
            },
            MetricId {
                name: "b".into(),
                key: "k".into(),
            },
        ];
        let sets = [
            ("x".to_string(), String::new()),
            ("y".to_string(), "k=1".to_string()),
        ];
        let rows = compare_rows("g", &sets, &ids, &s, 0.05, Correction::Holm);
        assert_eq!(rows.len(), 4);
        assert!(rows[0].diff.is_none() && rows[0].significant.is_none());
        assert_eq!(rows[2].significant, Some(true));
        assert_eq!(rows[3].significant, Some(false));
        assert!((rows[2].diff.unwrap() - 5.0).abs() < 1e-9);
    }
}
