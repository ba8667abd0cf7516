//! The causal value of a card by ablation: the same games (same seeds, same deals) played
//! twice, once with the rules as given and once with one or more copies of the card
//! replaced by blank cards, compared game by game (common random numbers; Law & Kelton,
//! "Simulation Modeling and Analysis", ch. 11).
//!
//! Two figures per agent, both as differences `base − ablated`, in score points per game
//! (win 1, draw ½, loss 0):
//!
//! - **Δ score rate**: the change of the agent's mean score. The deck is shared, so a card
//!   that helps whoever draws it moves this only when the agents use it unequally (for
//!   two copies of one agent it is 0 up to noise).
//! - **value to the holder**: the score a seat gains per copy of the card it holds more
//!   than its opponent. In a two-seat game, let `h_s` be the times seat `s` drew the blank
//!   in the ablated game (it would have drawn the card instead),
//!   `e_s = max(h_s − h_other, 0)` the copies it lost beyond its opponent, and
//!   `d_s = score_base(s) − score_ablated(s)`. The model `d_s = v e_s + noise` is fitted by
//!   least squares through the origin over the agent's seats: `v = Σ e d / Σ e²`, with
//!   the standard error `sqrt(Σ (e d − v e²)²) / Σ e²` (the linearization of the ratio).
//!   Games in which both seats drew the blank equally carry no information about `v` and
//!   weigh nothing; a game in which seat 0 drew it more informs the value to seat 0's
//!   agent only. The `all` row pools every seat.
//!
//! Intervals are normal: estimate ± 1.96 SE, with SE from the per-game paired
//! differences, so the correlation that the shared seeds create is what narrows them.
//!
//! **Luck adjustment.** Once the two games of a pair part, the rest of each is mostly
//! luck of its own. The value is also fitted on luck-adjusted sums `e d − 2 C`, where
//! `C` is the luck after the parting (per chance node, the value of the outcome that
//! came minus the value expected, `Σ_b p(b) V(s·b)`), each node's luck weighed by an
//! exposure known before it came, so that `C` has mean zero and the estimate stays
//! unbiased (MIVAT and AIVAT: Zinkevich, Bowling, Bard, Kan & Billings 2006, "Optimal
//! unbiased estimators for evaluating agent performance"; Burch, Schmid, Moravčík,
//! Morrill & Bowling 2018). The lab computes `C` (`lab::commands::card_value`); here it
//! is only summed. The unadjusted value is kept beside it
//! ([`AblationStats::raw_holder_value`]).

use crate::wilson::Z95;
use serde::Serialize;

/// Sums over games of one agent's paired differences, all in doubled points (win 2, draw
/// 1, loss 0) so that they stay integers and merge exactly. Serializable (checkpoints and
/// shard files carry it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct AblationStats {
    /// Games the agent played (in both versions).
    pub games: u64,
    /// Σ d, `d` the agent's doubled points in the base game minus the ablated one.
    pub d: i64,
    /// Σ d².
    pub d2: u64,
    /// Times the agent's seats drew the blank in the ablated games.
    pub blanks: u64,
    /// Σ w, `w = Σ_s e_s²` over the agent's seats (`e_s` the seat's net exposure).
    pub h: u64,
    /// Σ w².
    pub h2: u64,
    /// Σ x, `x = Σ_s e_s d_s` over the agent's seats.
    pub x: i64,
    /// Σ x².
    pub x2: u64,
    /// Σ x w.
    pub xh: i64,
    /// Σ a, `a` the luck-adjusted `x`: `Σ_s (e_s d_s − 2 C_s)` over the agent's seats,
    /// in units of 1/[`LUCK_UNIT`] doubled points (integers, so that sums merge
    /// exactly). Equal to `x · LUCK_UNIT` when no luck was measured.
    pub ax: i64,
    /// Σ a².
    pub ax2: u64,
    /// Σ a w.
    pub axh: i64,
}

/// The fixed-point unit of the luck-adjusted sums of [`AblationStats`]: a luck-adjusted
/// difference is rounded to 1/10,000 of a doubled point (rounding adds a variance of
/// about 10⁻⁹, against about 1 for a game's difference).
pub const LUCK_UNIT: f64 = 10_000.0;

impl AblationStats {
    /// Records one game pair for the agent: `d2` its doubled points in the base game
    /// minus the ablated one, `blanks` the blanks its seats drew, `h` = Σ over its seats
    /// of the squared net exposure `e_s²`, `x2` = Σ over its seats of `e_s` times the
    /// doubled-points difference.
    /// `ax` is the luck-adjusted `x2` in units of 1/[`LUCK_UNIT`] (pass `x2 *
    /// LUCK_UNIT` without a luck measure).
    pub fn record(&mut self, d2: i64, blanks: u64, h: u64, x2: i64, ax: i64) {
        self.games += 1;
        self.ax += ax;
        self.ax2 += ax.unsigned_abs().pow(2);
        self.axh += ax * h as i64;
        self.blanks += blanks;
        self.d += d2;
        self.d2 += d2.unsigned_abs().pow(2);
        self.h += h;
        self.h2 += h * h;
        self.x += x2;
        self.x2 += x2.unsigned_abs().pow(2);
        self.xh += x2 * h as i64;
    }

    /// Adds `other`'s sums.
    pub fn merge(&mut self, other: &AblationStats) {
        add_fields! { self, other; games blanks d d2 h h2 x x2 xh ax ax2 axh }
    }

    /// The change of the agent's score rate, `base − ablated`, with its standard error
    /// (sample SD of the per-game differences over √games), in score points per game;
    /// `None` with fewer than two games.
    pub fn delta(&self) -> Option<(f64, f64)> {
        if self.games < 2 {
            return None;
        }
        let n = self.games as f64;
        let mean = self.d as f64 / n;
        let var = ((self.d2 as f64 - n * mean * mean) / (n - 1.0)).max(0.0);
        Some((mean / 2.0, (var / n).sqrt() / 2.0))
    }

    /// The value to the holder, score points per copy held more than the opponent, with
    /// its standard error, from the luck-adjusted differences; `None` when no game had a
    /// net exposure.
    pub fn holder_value(&self) -> Option<(f64, f64)> {
        let u = LUCK_UNIT;
        ratio(
            self.h,
            self.h2,
            self.ax as f64 / u,
            self.ax2 as f64 / (u * u),
            self.axh as f64 / u,
        )
    }

    /// [`AblationStats::holder_value`] from the differences as played, without the luck
    /// adjustment (the same expectation, a larger standard error).
    pub fn raw_holder_value(&self) -> Option<(f64, f64)> {
        ratio(
            self.h,
            self.h2,
            self.x as f64,
            self.x2 as f64,
            self.xh as f64,
        )
    }
}

/// The least-squares slope through the origin `Σx / Σw` in points (the sums in doubled
/// points) with the standard error of the ratio's linearization; `None` when `Σw = 0`.
fn ratio(h: u64, h2: u64, x: f64, x2: f64, xh: f64) -> Option<(f64, f64)> {
    if h == 0 {
        return None;
    }
    let sh = h as f64;
    let v = x / sh;
    let resid = (x2 - 2.0 * v * xh + v * v * h2 as f64).max(0.0);
    Some((v / 2.0, resid.sqrt() / sh / 2.0))
}

/// One row of `card_value.csv`: one agent (or `all`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AblationRow {
    /// The game's name.
    pub game: String,
    /// The ablated card's printed name.
    pub card: String,
    /// The agent's label, or `all` for every seat of every game.
    pub agent: String,
    /// Game pairs (base and ablated) the agent played.
    pub games: u64,
    /// Times its seats drew the blank in the ablated games.
    pub blanks_drawn: u64,
    /// Games in which its seat drew the blank a different number of times than the
    /// opponent: the games that inform `holder_value`. Σ e² over games.
    pub exposure: u64,
    /// Δ score rate, `base − ablated`, score points per game.
    pub delta: Option<f64>,
    /// Lower end of its 95% interval (± 1.96 SE).
    pub delta_lo: Option<f64>,
    /// Upper end.
    pub delta_hi: Option<f64>,
    /// Value to the holder: score points per copy held more than the opponent.
    pub holder_value: Option<f64>,
    /// Lower end of its 95% interval.
    pub holder_value_lo: Option<f64>,
    /// Upper end.
    pub holder_value_hi: Option<f64>,
    /// The value to the holder without the luck adjustment ([`AblationStats::raw_holder_value`]).
    pub raw_value: Option<f64>,
    /// Lower end of its 95% interval.
    pub raw_value_lo: Option<f64>,
    /// Upper end.
    pub raw_value_hi: Option<f64>,
}

impl AblationRow {
    /// The row for `stats` of `agent` at a game of `num_seats` seats: the recorded
    /// half-points ([`crate::half_points`]) are read as placement scores, so values are on
    /// the score-rate scale at any number of seats.
    pub fn new(
        game: &str,
        card: &str,
        agent: &str,
        stats: &AblationStats,
        num_seats: usize,
    ) -> Self {
        let per = (num_seats.max(2) - 1) as f64;
        let scale = |o: Option<(f64, f64)>| o.map(|(m, se)| (m / per, se / per));
        let delta = scale(stats.delta());
        let value = scale(stats.holder_value());
        let raw = scale(stats.raw_holder_value());
        AblationRow {
            game: game.to_string(),
            card: card.to_string(),
            agent: agent.to_string(),
            games: stats.games,
            blanks_drawn: stats.blanks,
            exposure: stats.h,
            delta: delta.map(|d| d.0),
            delta_lo: delta.map(|(m, se)| m - Z95 * se),
            delta_hi: delta.map(|(m, se)| m + Z95 * se),
            holder_value: value.map(|v| v.0),
            holder_value_lo: value.map(|(m, se)| m - Z95 * se),
            holder_value_hi: value.map(|(m, se)| m + Z95 * se),
            raw_value: raw.map(|v| v.0),
            raw_value_lo: raw.map(|(m, se)| m - Z95 * se),
            raw_value_hi: raw.map(|(m, se)| m + Z95 * se),
        }
    }
}

/// One row of `card_value.csv` in ranking mode (`sim card-value` without `--card`, with
/// `--card all` or a comma list): one card, every seat of every game pooled (the `all`
/// row of single-card mode), with its rank and a significance flag corrected over every
/// card ranked. The columns of [`AblationRow`] keep their names and meanings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardRankRow {
    /// 1 for the card whose copy is worth most to its holder; cards without a value
    /// (no game with a net exposure) come last.
    pub rank: usize,
    /// The game's name.
    pub game: String,
    /// The ablated card's printed name.
    pub card: String,
    /// Copies of it replaced by blanks.
    pub copies: u64,
    /// Always `all`: every seat of every game.
    pub agent: String,
    /// Game pairs (base and ablated) played.
    pub games: u64,
    /// Blanks drawn in the ablated games.
    pub blanks_drawn: u64,
    /// Σ e² over seats and games ([`AblationRow::exposure`]).
    pub exposure: u64,
    /// Δ score rate, `base − ablated`, score points per game (0 up to rounding: the `all`
    /// row of a constant-sum game).
    pub delta: Option<f64>,
    /// Lower end of its 95% interval.
    pub delta_lo: Option<f64>,
    /// Upper end.
    pub delta_hi: Option<f64>,
    /// Value to the holder, score points per copy held beyond the opponent.
    pub holder_value: Option<f64>,
    /// Lower end of its 95% interval (± 1.96 SE, not corrected for multiplicity).
    pub holder_value_lo: Option<f64>,
    /// Upper end.
    pub holder_value_hi: Option<f64>,
    /// Two-sided p-value of `holder_value = 0` (normal test, `z = value / SE`).
    pub p_value: Option<f64>,
    /// Whether Holm's step-down procedure over every ranked card rejects
    /// `holder_value = 0` at family-wise error rate `alpha` ([`crate::paired::holm`]).
    pub significant: bool,
    /// The value without the luck adjustment ([`AblationRow::raw_value`]).
    pub raw_value: Option<f64>,
    /// Lower end of its 95% interval.
    pub raw_value_lo: Option<f64>,
    /// Upper end.
    pub raw_value_hi: Option<f64>,
}

/// The ranking of several cards: `cards` holds each card's printed name and its pooled
/// accumulator (every seat of every game), all measured on the same games; `num_seats`
/// scales as [`AblationRow::new`]. Rows are sorted by `holder_value`, largest first, cards
/// without a value last, ties in input order; `significant` is Holm's correction at
/// family-wise error rate `alpha` over the cards with a p-value. A value with a zero
/// standard error has p-value 0 when it is not 0 (it is certain) and 1 when it is.
pub fn rank_cards(
    game: &str,
    copies: u64,
    cards: &[(String, AblationStats)],
    num_seats: usize,
    alpha: f64,
) -> Vec<CardRankRow> {
    let mut rows: Vec<CardRankRow> = cards
        .iter()
        .map(|(card, stats)| {
            let r = AblationRow::new(game, card, "all", stats, num_seats);
            let p_value = stats.holder_value().map(|(v, se)| {
                if se > 0.0 {
                    2.0 * crate::paired::normal_upper_tail((v / se).abs())
                } else if v == 0.0 {
                    1.0
                } else {
                    0.0
                }
            });
            CardRankRow {
                rank: 0,
                game: r.game,
                card: r.card,
                copies,
                agent: r.agent,
                games: r.games,
                blanks_drawn: r.blanks_drawn,
                exposure: r.exposure,
                delta: r.delta,
                delta_lo: r.delta_lo,
                delta_hi: r.delta_hi,
                holder_value: r.holder_value,
                holder_value_lo: r.holder_value_lo,
                holder_value_hi: r.holder_value_hi,
                p_value: p_value.map(|p| p.min(1.0)),
                significant: false,
                raw_value: r.raw_value,
                raw_value_lo: r.raw_value_lo,
                raw_value_hi: r.raw_value_hi,
            }
        })
        .collect();
    let p: Vec<Option<f64>> = rows.iter().map(|r| r.p_value).collect();
    for (r, flag) in rows.iter_mut().zip(crate::paired::holm(&p, alpha)) {
        r.significant = flag;
    }
    // Stable: ties keep the input order.
    rows.sort_by(|a, b| match (a.holder_value, b.holder_value) {
        (Some(x), Some(y)) => y.total_cmp(&x),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    for (i, r) in rows.iter_mut().enumerate() {
        r.rank = i + 1;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    const U: i64 = LUCK_UNIT as i64;

    #[test]
    fn delta_and_holder_value_by_hand() {
        let mut s = AblationStats::default();
        // Game 1: won in base, lost in ablated (d = 2), drew the blank once, the
        // opponent never (e = 1, x = 2).
        s.record(2, 1, 1, 2, 2 * U);
        // Game 2: no change, no blank.
        s.record(0, 0, 0, 0, 0);
        // Game 3: drew in base, won ablated (d = -1), e = 1 (x = -1).
        s.record(-1, 1, 1, -1, -U);
        // Game 4: won both (d = 0), blank drawn twice, the opponent never: e = 2, w = 4.
        s.record(0, 2, 4, 0, 0);
        let (d, se) = s.delta().unwrap();
        // d2 = [2, 0, -1, 0]: mean 0.25, sample var (5 - 4 * 0.0625) / 3 = 1.5833.
        assert!((d - 0.125).abs() < 1e-12);
        assert!((se - (1.583_333_333_333_333_3f64 / 4.0).sqrt() / 2.0).abs() < 1e-12);
        let (v, vse) = s.holder_value().unwrap();
        // Σx = 1, Σw = 6: v = 1/6 doubled points = 1/12 points per copy.
        assert!((v - 1.0 / 12.0).abs() < 1e-12);
        // Residuals x - v w: 11/6, 0, -7/6, -4/6 → squares sum to 186/36.
        let want = (186.0f64 / 36.0).sqrt() / 6.0 / 2.0;
        assert!((vse - want).abs() < 1e-12, "{vse} {want}");
        let mut t = AblationStats::default();
        t.merge(&s);
        assert_eq!(t, s);
        let row = AblationRow::new("g", "LANCIO", "all", &s, 2);
        assert!(row.delta_lo.unwrap() < 0.125 && row.holder_value_hi.unwrap() > 1.0 / 12.0);
        assert_eq!((row.blanks_drawn, row.exposure), (4, 6));
        assert_eq!(AblationStats::default().holder_value(), None);
        // Without a luck measure the adjusted value is the raw one.
        assert_eq!(s.holder_value(), s.raw_holder_value());
        // Game 1's win was half luck (a = 2 − 2 · 0.5 = 1), game 3's loss all luck (a =
        // −1 + 1 = 0): both values are 1/2 doubled point (1/4 point) per copy, the
        // adjusted one with smaller residuals.
        let mut l = AblationStats::default();
        l.record(2, 1, 1, 2, U);
        l.record(-1, 1, 1, -1, 0);
        assert!((l.holder_value().unwrap().0 - 0.25).abs() < 1e-12);
        assert!((l.raw_holder_value().unwrap().0 - 0.25).abs() < 1e-12);
        // Residuals: adjusted ±0.5, raw ±1.5.
        assert!(l.holder_value().unwrap().1 < l.raw_holder_value().unwrap().1);
    }

    #[test]
    fn cards_are_ranked_by_value_with_holm_flags() {
        let stats = |games: &[(i64, u64, i64)]| {
            let mut s = AblationStats::default();
            for &(d, w, x) in games {
                s.record(d, w, w, x, x * U);
            }
            s
        };
        // A: every exposed game won instead of lost: value 1, zero SE (certain).
        let a = stats(&[(2, 1, 2), (2, 1, 2), (0, 0, 0)]);
        // B: value (2 - 2 + 2) / 3 doubled points = 1/3 points, noisy.
        let b = stats(&[(2, 1, 2), (-2, 1, -2), (2, 1, 2)]);
        // C: never exposed: no value, ranked last.
        let c = stats(&[(0, 0, 0), (0, 0, 0)]);
        let cards = [
            ("C".to_string(), c),
            ("B".to_string(), b),
            ("A".to_string(), a),
        ];
        let rows = rank_cards("g", 1, &cards, 2, 0.05);
        let order: Vec<(&str, usize)> = rows.iter().map(|r| (r.card.as_str(), r.rank)).collect();
        assert_eq!(order, [("A", 1), ("B", 2), ("C", 3)]);
        assert_eq!(rows[0].holder_value, Some(1.0));
        assert_eq!((rows[0].p_value, rows[0].significant), (Some(0.0), true));
        // B: v = 1/3 doubled… in points 1/3; SE from the residuals 4/3, -8/3, 4/3 in
        // doubled points: sqrt(96/9) / 3 / 2; z = (2/3) / sqrt(96/9) * 3 = 0.6124.
        let z: f64 = (2.0 / 3.0) / (96.0f64 / 9.0).sqrt() * 3.0;
        let want = 2.0 * crate::paired::normal_upper_tail(z);
        assert!((rows[1].p_value.unwrap() - want).abs() < 1e-9);
        assert!(!rows[1].significant);
        assert_eq!((rows[2].holder_value, rows[2].p_value), (None, None));
        assert!(!rows[2].significant);
        assert!(rows.iter().all(|r| r.agent == "all" && r.copies == 1));
    }
}
