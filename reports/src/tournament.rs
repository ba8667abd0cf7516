//! Matches between pairs of agents: their accumulators, the rows of `matchups.csv`, and
//! Bradley–Terry ratings with bootstrap intervals for `ratings.csv`.
//!
//! A run plays one or more matches, each between two agents (a round robin plays every
//! pair, a gauntlet the first agent against each other one). With duplicate deals, the
//! games of a match come in pairs played on the same deal with seats swapped; the pair is
//! then the unit of every interval ([`Pentanomial`]), because the two games of a pair are
//! not independent.

use crate::elo::{elo_from_score, Pentanomial, Wdl};
use crate::rating::{bradley_terry, PairResult};
use crate::score::{pentanomial_interval95, wdl_interval95, ScoreMethod};
use crate::wilson::Interval;
use engine_core::Rng;
use rand_distr::{Binomial, Distribution};
use serde::{Deserialize, Serialize};

/// The results of one match, from the first agent's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MatchStats {
    /// The two agents (indices into `--agents`); results are `agents[0]`'s.
    pub agents: [usize; 2],
    /// Every game of the match.
    pub games: Wdl,
    /// Complete pairs of games on the same deal with seats swapped (with duplicate deals;
    /// without, pairs of consecutive games, which are independent).
    pub pairs: Pentanomial,
}

impl MatchStats {
    /// An empty match between agents `a` and `b`.
    pub fn new(a: usize, b: usize) -> Self {
        MatchStats {
            agents: [a, b],
            ..MatchStats::default()
        }
    }

    /// Records one game in which the first agent scored `points2` doubled points (win 2,
    /// draw 1, loss 0). Panics on `points2 > 2`.
    pub fn record_game(&mut self, points2: u8) {
        match points2 {
            2 => self.games.wins += 1,
            1 => self.games.draws += 1,
            0 => self.games.losses += 1,
            _ => panic!("doubled points of one game must be 0, 1 or 2, not {points2}"),
        }
    }

    /// Records a complete pair in which the first agent scored `points2` doubled points
    /// over both games (0 to 4). The games themselves are recorded by
    /// [`MatchStats::record_game`].
    pub fn record_pair(&mut self, points2: u8) {
        self.pairs.counts[usize::from(points2.min(4))] += 1;
    }

    /// Adds `other`'s counts. Panics if the agents differ.
    pub fn merge(&mut self, other: &MatchStats) {
        assert_eq!(self.agents, other.agents, "merging different matches");
        self.games.wins += other.games.wins;
        self.games.draws += other.games.draws;
        self.games.losses += other.games.losses;
        self.pairs.merge(&other.pairs);
    }

    /// The first agent's score rate over all games with its 95% interval: from the pairs
    /// (`score ± 1.96 SE`, SE from the pentanomial variance, clamped to `[0, 1]`:
    /// [`pentanomial_interval95`]) when `paired` and at least two pairs were played,
    /// otherwise the trinomial interval of the games counted as independent (Wilson's at
    /// the effective number of games of the win, draw and loss counts:
    /// [`wdl_interval95`]). Returns `(score, interval, method)` with method
    /// `"pentanomial"` or `"trinomial"`; `None` without games.
    pub fn score_interval(&self, paired: bool) -> Option<(f64, Interval, &'static str)> {
        let score = self.games.score()?;
        if paired && self.pairs.pairs() >= 2 {
            let se = self.pairs.standard_error()?;
            let how = ScoreMethod::Pentanomial.name();
            return Some((score, pentanomial_interval95(score, se), how));
        }
        let g = &self.games;
        let how = ScoreMethod::Trinomial.name();
        Some((score, wdl_interval95(g.wins, g.draws, g.losses)?, how))
    }

    /// The same match seen from the second agent.
    pub fn flipped(&self) -> MatchStats {
        let mut counts = self.pairs.counts;
        counts.reverse();
        MatchStats {
            agents: [self.agents[1], self.agents[0]],
            games: Wdl {
                wins: self.games.losses,
                draws: self.games.draws,
                losses: self.games.wins,
            },
            pairs: Pentanomial { counts },
        }
    }
}

/// The pentanomial 95% interval of `agent`'s score rate `score` over its `games` games,
/// when every one of them is in a complete pair of duplicate deals of `matches` (the
/// matches it played, seen from its side): `score ± 1.96 SE` with the stratified
/// standard error `SE² = Σ_m P_m σ²_m / P²` over its matches `m` of `P_m` pairs each
/// (`σ²_m` the variance of a pair's mean score, [`Pentanomial::score_variance`];
/// `P = Σ P_m`), the variance of the mean over all pairs when the matches are
/// independent samples. `None` when the agent has fewer than two pairs or a game
/// outside a complete pair (an odd game, a match without pairs), or no game.
pub fn agent_pentanomial_interval(
    agent: usize,
    score: f64,
    games: u64,
    matches: &[MatchStats],
) -> Option<Interval> {
    let mine = matches.iter().filter(|m| m.agents.contains(&agent));
    let (mut pairs, mut in_pairs, mut weighted) = (0u64, 0u64, 0.0);
    for m in mine {
        let p = m.pairs.pairs();
        pairs += p;
        in_pairs += 2 * p;
        if p > 0 {
            // The variance is the same from either side (k/4 ↦ 1 − k/4).
            weighted += p as f64 * m.pairs.score_variance()?;
        }
    }
    if games == 0 || pairs < 2 || in_pairs != games {
        return None;
    }
    let se = weighted.sqrt() / pairs as f64;
    Some(pentanomial_interval95(score, se))
}

/// One row of `matchups.csv`: one cell of the matchup matrix, `agent` against `opponent`
/// (both orientations of every match are written).
///
/// The HTML report reads the file back into this same type, by column name (see
/// `report::input`): unknown columns are ignored, and a column marked `serde(default)`
/// may be missing (older runs, hand-written files), read as 0 or empty.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchupRow {
    /// The game's name.
    #[serde(default)]
    pub game: String,
    /// The agent whose results the row gives.
    pub agent: String,
    /// Its opponent.
    pub opponent: String,
    /// Games between them.
    #[serde(default)]
    pub games: u64,
    /// Games `agent` won.
    #[serde(default)]
    pub wins: u64,
    /// Games drawn.
    #[serde(default)]
    pub draws: u64,
    /// Games `agent` lost.
    #[serde(default)]
    pub losses: u64,
    /// `agent`'s score rate `(wins + draws / 2) / games`.
    pub score_rate: Option<f64>,
    /// Lower end of its 95% interval (see `interval`).
    pub score_rate_lo: Option<f64>,
    /// Upper end of its 95% interval.
    pub score_rate_hi: Option<f64>,
    /// How the interval was computed: `pentanomial` (pairs of duplicate deals are the
    /// samples) or `trinomial` (games are independent; files written before the
    /// intervals accounted for draws say `wilson`); empty only in a file that lacks the
    /// column.
    #[serde(default)]
    pub interval: String,
    /// Complete game pairs (on one deal, seats swapped).
    #[serde(default)]
    pub pairs: u64,
    /// The Elo difference the score rate implies (logistic model), `agent` minus
    /// `opponent`.
    pub elo: Option<f64>,
    /// The Elo difference at the interval's lower end.
    pub elo_lo: Option<f64>,
    /// The Elo difference at the interval's upper end.
    pub elo_hi: Option<f64>,
}

/// A finite Elo value, or `None` (a score of 0 or 1 gives an infinite difference).
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// The rows of `matchups.csv` for `matches` of `game` between agents labelled `labels`:
/// for each match, the first agent's row then the second's. `paired` says whether the
/// matches were played on duplicate deals (see [`MatchStats::score_interval`]).
pub fn matchup_rows(
    game: &str,
    labels: &[String],
    matches: &[MatchStats],
    paired: bool,
) -> Vec<MatchupRow> {
    let mut rows = Vec::with_capacity(2 * matches.len());
    for m in matches {
        for side in [*m, m.flipped()] {
            let fit = side.score_interval(paired);
            rows.push(MatchupRow {
                game: game.to_string(),
                agent: labels[side.agents[0]].clone(),
                opponent: labels[side.agents[1]].clone(),
                games: side.games.games(),
                wins: side.games.wins,
                draws: side.games.draws,
                losses: side.games.losses,
                score_rate: fit.map(|f| f.0),
                score_rate_lo: fit.map(|f| f.1.lo),
                score_rate_hi: fit.map(|f| f.1.hi),
                interval: fit
                    .map_or(if paired { "pentanomial" } else { "trinomial" }, |f| f.2)
                    .to_string(),
                pairs: side.pairs.pairs(),
                elo: fit.and_then(|f| finite(elo_from_score(f.0))),
                elo_lo: fit.and_then(|f| finite(elo_from_score(f.1.lo))),
                elo_hi: fit.and_then(|f| finite(elo_from_score(f.1.hi))),
            });
        }
    }
    rows
}

/// One row of `ratings.csv`: an agent's Bradley–Terry rating on the Elo scale.
///
/// The HTML report reads the file back into this same type, by column name (see
/// `report::input`): unknown columns are ignored, and a column marked `serde(default)`
/// may be missing (older runs, hand-written files), read as 0 or empty.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingRow {
    /// The game's name.
    #[serde(default)]
    pub game: String,
    /// 1 for the highest rating.
    #[serde(default)]
    pub rank: usize,
    /// The agent's label.
    pub agent: String,
    /// Its rating: Elo points, the ratings of a run averaging 0.
    pub elo: f64,
    /// The 2.5th percentile of the rating over bootstrap resamples.
    pub elo_lo: Option<f64>,
    /// The 97.5th percentile.
    pub elo_hi: Option<f64>,
    /// Games the agent played.
    #[serde(default)]
    pub games: u64,
    /// Its score rate over those games.
    pub score_rate: Option<f64>,
}

/// Virtual drawn games added to every played pairing in the rating fit (see
/// [`bradley_terry`]): keeps an agent that never scored at a finite rating; its weight is
/// negligible after a few hundred games.
pub const RATING_PRIOR_GAMES: f64 = 1.0;

/// Bootstrap resamples drawn for the rating intervals.
pub const BOOTSTRAP_RESAMPLES: usize = 1000;

/// Draws counts for `n` trials over categories of weights `counts` (the empirical
/// distribution): a multinomial sample by successive binomials.
fn resample<const K: usize>(counts: &[u64; K], rng: &mut Rng) -> [u64; K] {
    let mut out = [0u64; K];
    let mut left_n: u64 = counts.iter().sum();
    let mut left_w: u64 = left_n;
    for k in 0..K {
        if left_n == 0 || left_w == 0 {
            break;
        }
        if k + 1 == K || counts[k] == left_w {
            out[k] = left_n;
            break;
        }
        let p = counts[k] as f64 / left_w as f64;
        let draw = Binomial::new(left_n, p).map_or(0, |b| b.sample(rng));
        out[k] = draw;
        left_n -= draw;
        left_w -= counts[k];
    }
    out
}

/// A match's result as a [`PairResult`]: the first agent's score (wins + draws / 2) over
/// its games.
fn pair_result(m: &MatchStats) -> PairResult {
    PairResult {
        a: m.agents[0],
        b: m.agents[1],
        score: m.games.wins as f64 + 0.5 * m.games.draws as f64,
        games: m.games.games() as f64,
    }
}

/// A resampled match: its pairs drawn from its pentanomial counts when `paired` (each
/// pair scoring `k / 2`), or its games from its win/draw/loss counts.
fn resampled(m: &MatchStats, paired: bool, rng: &mut Rng) -> PairResult {
    if paired && m.pairs.pairs() > 0 {
        let c = resample(&m.pairs.counts, rng);
        let score: u64 = c.iter().enumerate().map(|(k, &n)| k as u64 * n).sum();
        PairResult {
            a: m.agents[0],
            b: m.agents[1],
            score: score as f64 / 2.0,
            games: 2.0 * m.pairs.pairs() as f64,
        }
    } else {
        let [w, d, l] = resample(&[m.games.wins, m.games.draws, m.games.losses], rng);
        PairResult {
            a: m.agents[0],
            b: m.agents[1],
            score: w as f64 + 0.5 * d as f64,
            games: (w + d + l) as f64,
        }
    }
}

/// The `q`-quantile (`0..=1`) of sorted `xs` by linear interpolation; `None` when empty.
pub(crate) fn quantile(xs: &[f64], q: f64) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    let pos = q * (xs.len() - 1) as f64;
    let (i, frac) = (pos.floor() as usize, pos.fract());
    let next = xs[(i + 1).min(xs.len() - 1)];
    Some(xs[i] + frac * (next - xs[i]))
}

/// The rows of `ratings.csv`: Bradley–Terry ratings (Elo scale, mean 0, with
/// [`RATING_PRIOR_GAMES`]) fitted to `matches`, ranked from the highest, with 95%
/// percentile intervals from `resamples` parametric bootstrap resamples drawn with `rng`
/// (each match resampled from its own pentanomial counts when `paired`, else from its
/// win/draw/loss counts; Efron & Tibshirani 1993, ch. 13). `per_agent` gives each agent's
/// (games, score rate) over all its matches. Empty when the fit fails (an agent without
/// games).
pub fn rating_rows(
    game: &str,
    labels: &[String],
    matches: &[MatchStats],
    paired: bool,
    resamples: usize,
    rng: &mut Rng,
) -> Vec<RatingRow> {
    let n = labels.len();
    let results: Vec<PairResult> = matches.iter().map(pair_result).collect();
    let Some(elo) = bradley_terry(n, &results, RATING_PRIOR_GAMES) else {
        return Vec::new();
    };
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples); n];
    for _ in 0..resamples {
        let draw: Vec<PairResult> = matches.iter().map(|m| resampled(m, paired, rng)).collect();
        if let Some(r) = bradley_terry(n, &draw, RATING_PRIOR_GAMES) {
            for (s, x) in samples.iter_mut().zip(r) {
                s.push(x);
            }
        }
    }
    for s in &mut samples {
        s.sort_by(f64::total_cmp);
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| elo[b].total_cmp(&elo[a]).then(a.cmp(&b)));
    order
        .iter()
        .enumerate()
        .map(|(rank, &a)| {
            let mut total = Wdl::default();
            for m in matches {
                let side = if m.agents[0] == a {
                    *m
                } else if m.agents[1] == a {
                    m.flipped()
                } else {
                    continue;
                };
                total.wins += side.games.wins;
                total.draws += side.games.draws;
                total.losses += side.games.losses;
            }
            RatingRow {
                game: game.to_string(),
                rank: rank + 1,
                agent: labels[a].clone(),
                elo: elo[a],
                elo_lo: quantile(&samples[a], 0.025),
                elo_hi: quantile(&samples[a], 0.975),
                games: total.games(),
                score_rate: total.score(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine_core::{derive_rng, Stream};

    fn labels(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("a{i}")).collect()
    }

    fn m(a: usize, b: usize, w: u64, d: u64, l: u64) -> MatchStats {
        MatchStats {
            agents: [a, b],
            games: Wdl {
                wins: w,
                draws: d,
                losses: l,
            },
            pairs: Pentanomial::default(),
        }
    }

    #[test]
    fn records_flips_and_merges() {
        let mut x = MatchStats::new(0, 1);
        for p in [2, 1, 0, 2] {
            x.record_game(p);
        }
        x.record_pair(3);
        x.record_pair(2);
        assert_eq!(
            x.games,
            Wdl {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(x.pairs.counts, [0, 0, 1, 1, 0]);
        let f = x.flipped();
        assert_eq!(f.agents, [1, 0]);
        assert_eq!(
            f.games,
            Wdl {
                wins: 1,
                draws: 1,
                losses: 2
            }
        );
        assert_eq!(f.pairs.counts, [0, 1, 1, 0, 0]);
        let mut y = x;
        y.merge(&x);
        assert_eq!(y.games.games(), 8);
        assert_eq!(y.pairs.pairs(), 4);
    }

    #[test]
    fn paired_interval_uses_pairs_and_is_narrower_when_pairs_cancel() {
        // 100 pairs all split 1-1 (k = 2): the pair score never varies.
        let mut x = m(0, 1, 100, 0, 100);
        x.pairs.counts = [0, 0, 100, 0, 0];
        let (s, i, how) = x.score_interval(true).unwrap();
        assert_eq!((s, how), (0.5, "pentanomial"));
        assert_eq!((i.lo, i.hi), (0.5, 0.5));
        let (_, w, how) = x.score_interval(false).unwrap();
        assert_eq!(how, "trinomial");
        assert!(w.hi - w.lo > 0.1);
    }

    #[test]
    fn an_agents_pairs_over_its_matches() {
        // Agent 0 against 1: pairs k = 1, 2, 2, 3 (mean ½, variance 1/32); against 2 (as
        // the second agent): k = 0 and 4 (variance ¼ from either side).
        let mut a = MatchStats::new(0, 1);
        a.pairs.counts = [0, 1, 2, 1, 0];
        let mut b = MatchStats::new(2, 0);
        b.pairs.counts = [1, 0, 0, 0, 1];
        // SE = sqrt(4/32 + 2/4) / 6 = 0.1317616; ±1.959964·SE = ±0.2582480.
        let i = agent_pentanomial_interval(0, 0.5, 12, &[a, b]).unwrap();
        assert!(
            (i.lo - 0.241752).abs() < 1e-6 && (i.hi - 0.758248).abs() < 1e-6,
            "{i:?}"
        );
        // A game outside the pairs, or too few pairs: no pentanomial interval.
        assert_eq!(agent_pentanomial_interval(0, 0.5, 13, &[a, b]), None);
        assert_eq!(
            agent_pentanomial_interval(2, 0.5, 4, &[a, b]),
            Some(pentanomial_interval95(0.5, (0.25f64 / 2.0).sqrt()))
        );
        let mut one = MatchStats::new(0, 1);
        one.pairs.counts = [0, 0, 1, 0, 0];
        assert_eq!(agent_pentanomial_interval(0, 0.5, 2, &[one]), None);
        // With one match it is the match's own interval, from either side.
        a.games = Wdl {
            wins: 3,
            draws: 2,
            losses: 3,
        };
        let (s, own, _) = a.flipped().score_interval(true).unwrap();
        assert_eq!(agent_pentanomial_interval(1, s, 8, &[a]), Some(own));
    }

    #[test]
    fn matchup_rows_give_both_orientations() {
        let rows = matchup_rows("g", &labels(2), &[m(0, 1, 60, 20, 20)], false);
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (rows[0].agent.as_str(), rows[0].opponent.as_str()),
            ("a0", "a1")
        );
        assert_eq!(rows[0].score_rate, Some(0.7));
        assert!((rows[1].score_rate.unwrap() - 0.3).abs() < 1e-12);
        assert!(rows[0].elo.unwrap() > 100.0 && rows[1].elo.unwrap() < -100.0);
        assert!((rows[0].elo.unwrap() + rows[1].elo.unwrap()).abs() < 1e-9);
        let lo = rows[0].score_rate_lo.unwrap();
        assert!(lo < 0.7 && lo > 0.55, "{lo}");
    }

    #[test]
    fn ratings_follow_the_head_to_head_order_with_intervals() {
        // a2 beats a0 and a1; a0 beats a1.
        let matches = [
            m(0, 1, 60, 10, 30),
            m(0, 2, 20, 10, 70),
            m(1, 2, 10, 10, 80),
        ];
        let mut rng = derive_rng(1, 0, Stream::Other(0));
        let rows = rating_rows("g", &labels(3), &matches, false, 200, &mut rng);
        let order: Vec<&str> = rows.iter().map(|r| r.agent.as_str()).collect();
        assert_eq!(order, ["a2", "a0", "a1"]);
        assert_eq!(rows[0].rank, 1);
        assert!(rows.iter().map(|r| r.elo).sum::<f64>().abs() < 1e-6);
        for r in &rows {
            let (lo, hi) = (r.elo_lo.unwrap(), r.elo_hi.unwrap());
            assert!(lo < r.elo && r.elo < hi, "{r:?}");
            assert_eq!(r.games, 200);
        }
        assert!(rows[0].elo_lo.unwrap() > rows[2].elo_hi.unwrap());
    }

    #[test]
    fn resampling_keeps_the_number_of_trials() {
        let mut rng = derive_rng(2, 0, Stream::Other(0));
        for _ in 0..50 {
            let c = resample(&[5, 0, 7, 1, 3], &mut rng);
            assert_eq!(c.iter().sum::<u64>(), 16);
            assert_eq!(c[1], 0);
        }
        assert_eq!(resample(&[0, 0, 0], &mut rng), [0, 0, 0]);
    }
}
