//! Groups of cards by value, for `sim card-value --resolution R`: which cards are worth
//! more than the average card, which less, which are measured to `±R` without being told
//! apart from it, and which are not resolved yet; and how many games would resolve them.
//!
//! Each card `i` has a value `v_i` with standard error `se_i` (`reports::ablation`). Its
//! *contrast* is `c_i = v_i − v̄`, `v̄` the mean value of the `K` cards, with variance
//! `(1 − 2/K) se_i² + Σ_j se_j² / K²`, the cards' estimates taken as independent. Each
//! card has its own ablated games, but they share the base games, which makes the
//! estimates somewhat dependent; this variance ignores that (not measured). Every contrast gets the interval `c_i ± z se(c_i)` with one `z` for
//! all of them (Bonferroni over the `K` cards and the `L` looks of a sequential run:
//! `z = Φ⁻¹(1 − α / (2 K L))`), so with probability at least `1 − α` every interval of
//! every look covers its contrast at once, and every statement below holds together:
//!
//! - **stronger** than the average card: the interval lies above 0;
//! - **weaker**: it lies below 0;
//! - **within the resolution**: neither, with a half-width of at most `R` (the card is
//!   measured to `±R` and cannot be told apart from the average card);
//! - **open**: none of these yet.
//!
//! A stronger card is worth more than every weaker card (`c_i > 0 > c_j`), so the
//! strongest and weakest groups are separated at level `1 − α` after the correction.
//! The procedure is successive elimination (Even-Dar, Mannor & Mansour 2006) with a
//! precision target of `±R`: a card stops being played once it is decided.

use crate::paired::normal_upper_tail;
use serde::Serialize;

/// Where a card stands against the average card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Standing {
    /// Worth more than the average card.
    Stronger,
    /// Worth less.
    Weaker,
    /// Measured to `±R` and not told apart from it.
    Within,
    /// Not decided yet.
    Open,
}

impl Standing {
    /// Its name in files and summaries.
    pub fn name(self) -> &'static str {
        match self {
            Standing::Stronger => "stronger",
            Standing::Weaker => "weaker",
            Standing::Within => "within",
            Standing::Open => "open",
        }
    }
}

/// One card's contrast with the average card and its standing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardGroupRow {
    /// The card's printed name.
    pub card: String,
    /// Its standing: `stronger`, `weaker`, `within` or `open`.
    pub group: Standing,
    /// Game pairs played for it.
    pub games: u64,
    /// Its value per copy (score points).
    pub value: f64,
    /// Its value minus the mean value of the cards.
    pub contrast: f64,
    /// Lower end of the contrast's simultaneous interval.
    pub contrast_lo: f64,
    /// Upper end.
    pub contrast_hi: f64,
    /// Open cards: the game pairs that would bring its half-width down to `R` if its
    /// spread stays as measured (`games · (half-width / R)²`); 0 for a decided card.
    pub games_needed: u64,
}

/// `z` with `P(Z > z) = p` for a standard normal `Z` (bisection on the upper tail, to
/// 1e-10); `p` in `(0, 0.5]`.
pub fn upper_quantile(p: f64) -> f64 {
    let (mut lo, mut hi) = (0.0, 40.0);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if normal_upper_tail(mid) > p {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo < 1e-10 {
            break;
        }
    }
    (lo + hi) / 2.0
}

/// The simultaneous `z` for `cards` contrasts over `looks` looks at family-wise error
/// rate `alpha`: `Φ⁻¹(1 − alpha / (2 cards looks))`.
pub fn simultaneous_z(cards: usize, looks: usize, alpha: f64) -> f64 {
    upper_quantile(alpha / (2.0 * (cards.max(1) * looks.max(1)) as f64))
}

/// A card as [`card_groups`] reads it: its name, its game pairs, and its value with its
/// standard error (`None`: no value yet, an open card).
pub type MeasuredCard = (String, u64, Option<(f64, f64)>);

/// The standing of every card: `cards` holds each card's name, game pairs, value and
/// standard error; `resolution` is `R`, `z` the simultaneous quantile. Rows come in the
/// input order.
pub fn card_groups(cards: &[MeasuredCard], resolution: f64, z: f64) -> Vec<CardGroupRow> {
    let valued: Vec<(f64, f64)> = cards.iter().filter_map(|c| c.2).collect();
    let k = valued.len() as f64;
    let mean = valued.iter().map(|v| v.0).sum::<f64>() / k.max(1.0);
    let sum_var = valued.iter().map(|v| v.1 * v.1).sum::<f64>();
    cards
        .iter()
        .map(|(card, games, value)| {
            let Some((v, se)) = *value else {
                return CardGroupRow {
                    card: card.clone(),
                    group: Standing::Open,
                    games: *games,
                    value: f64::NAN,
                    contrast: f64::NAN,
                    contrast_lo: f64::NAN,
                    contrast_hi: f64::NAN,
                    games_needed: 0,
                };
            };
            let c = v - mean;
            let se_c = ((1.0 - 2.0 / k) * se * se + sum_var / (k * k))
                .max(0.0)
                .sqrt();
            let (lo, hi) = (c - z * se_c, c + z * se_c);
            let group = if lo > 0.0 {
                Standing::Stronger
            } else if hi < 0.0 {
                Standing::Weaker
            } else if z * se_c <= resolution {
                Standing::Within
            } else {
                Standing::Open
            };
            let games_needed = if group == Standing::Open && se_c > 0.0 {
                let half = z * se_c;
                (*games as f64 * (half / resolution).powi(2)).ceil() as u64
            } else {
                0
            };
            CardGroupRow {
                card: card.clone(),
                group,
                games: *games,
                value: v,
                contrast: c,
                contrast_lo: lo,
                contrast_hi: hi,
                games_needed,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quantile_inverts_the_tail() {
        // `normal_upper_tail` is good to about 1e-7, so the quantile to about 1e-5.
        assert!((upper_quantile(0.025) - 1.959_963_985).abs() < 1e-5);
        // 29 cards, 5 looks, 5%: about 3.58.
        let z = simultaneous_z(29, 5, 0.05);
        assert!((normal_upper_tail(z) - 0.05 / 290.0).abs() < 1e-12);
        assert!(z > 3.5 && z < 3.7, "{z}");
    }

    #[test]
    fn cards_are_grouped_against_the_average_card() {
        let card = |n: &str, v: f64, se: f64| (n.to_string(), 1000, Some((v, se)));
        let cards = vec![
            card("HIGH", 0.02, 0.001),
            card("LOW", -0.02, 0.001),
            card("MID", 0.0, 0.001),
            card("WIDE", 0.0, 0.004),
            ("NONE".to_string(), 0, None),
        ];
        let rows = card_groups(&cards, 0.005, 2.0);
        let groups: Vec<Standing> = rows.iter().map(|r| r.group).collect();
        assert_eq!(
            groups,
            [
                Standing::Stronger,
                Standing::Weaker,
                Standing::Within,
                Standing::Open,
                Standing::Open
            ]
        );
        // The mean of the four values is 0; MID's contrast SE is
        // sqrt(0.5 · 1e-6 + (3e-6 + 1.6e-5) / 16).
        let se = (0.5e-6f64 + 1.9e-5 / 16.0).sqrt();
        assert!((rows[2].contrast_hi - 2.0 * se).abs() < 1e-12);
        // WIDE would need its half-width down to R = 0.005: about (2 se / 0.005)² times
        // its games.
        let w = &rows[3];
        let half = w.contrast_hi - w.contrast;
        let want = (1000.0 * (half / 0.005).powi(2)).ceil() as u64;
        assert_eq!(w.games_needed, want);
        assert!(w.games_needed > 1000);
        assert_eq!(rows[0].games_needed, 0);
    }
}
