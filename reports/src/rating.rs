//! Ratings of several agents from a round robin: the Bradley–Terry model fitted by the
//! minorization–maximization (MM) algorithm of Hunter (2004, "MM algorithms for generalized
//! Bradley–Terry models", Annals of Statistics 32(1)), reported on the Elo scale.
//!
//! Model: agent `i` has strength `γ_i > 0` and scores against `j` with probability
//! `γ_i / (γ_i + γ_j)`; a draw counts as half a win to each side. The MM update is
//! `γ_i ← W_i / Σ_j n_ij / (γ_i + γ_j)`, where `W_i` is `i`'s total score and `n_ij` the
//! games between `i` and `j`; strengths are normalised to a geometric mean of 1 after each
//! step. Ratings are `400 log10 γ_i`, so a 100-point gap predicts a 0.640 score, as in
//! [`crate::elo::score_from_elo`], and the ratings average 0.

/// The result of one pairing: `score` is agent `a`'s total score against agent `b`
/// (wins + draws / 2) over `games` games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairResult {
    /// Index of the first agent.
    pub a: usize,
    /// Index of the second agent.
    pub b: usize,
    /// The first agent's score, in `0..=games`.
    pub score: f64,
    /// Games played between them.
    pub games: f64,
}

/// Fits Bradley–Terry ratings (Elo scale, mean 0) for `agents` agents. `prior` virtual
/// games, drawn, are added to every pairing that was played, which keeps an agent that
/// never scored (or never lost) at a finite rating; use 0 for the plain maximum-likelihood
/// fit. Returns `None` when an agent played no game, or when without a prior an agent's
/// score is 0 or full (no finite maximum exists).
pub fn bradley_terry(agents: usize, results: &[PairResult], prior: f64) -> Option<Vec<f64>> {
    let mut wins = vec![0.0; agents];
    let mut games = vec![vec![0.0; agents]; agents];
    for r in results {
        if r.a == r.b || r.a >= agents || r.b >= agents || r.games <= 0.0 {
            continue;
        }
        let (s, n) = (r.score + prior / 2.0, r.games + prior);
        wins[r.a] += s;
        wins[r.b] += n - s;
        games[r.a][r.b] += n;
        games[r.b][r.a] += n;
    }
    for i in 0..agents {
        let played: f64 = games[i].iter().sum();
        if played <= 0.0 || wins[i] <= 0.0 || wins[i] >= played {
            return None;
        }
    }
    let mut gamma = vec![1.0f64; agents];
    for _ in 0..100_000 {
        let mut next = vec![0.0; agents];
        for i in 0..agents {
            let denom: f64 = (0..agents)
                .filter(|&j| j != i && games[i][j] > 0.0)
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            next[i] = wins[i] / denom;
        }
        let log_mean = next.iter().map(|g| g.ln()).sum::<f64>() / agents as f64;
        let scale = (-log_mean).exp();
        let mut change = 0.0f64;
        for i in 0..agents {
            let g = next[i] * scale;
            change = change.max((g / gamma[i]).ln().abs());
            gamma[i] = g;
        }
        if change < 1e-13 {
            break;
        }
    }
    Some(gamma.iter().map(|g| 400.0 * g.log10()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elo::score_from_elo;

    fn pair(a: usize, b: usize, elo: f64, games: f64) -> PairResult {
        PairResult {
            a,
            b,
            score: score_from_elo(elo) * games,
            games,
        }
    }

    #[test]
    fn two_agents_recover_the_elo_gap() {
        let r = bradley_terry(2, &[pair(0, 1, 100.0, 1000.0)], 0.0).unwrap();
        assert!((r[0] - r[1] - 100.0).abs() < 1e-6, "{r:?}");
        assert!((r[0] + r[1]).abs() < 1e-9);
    }

    #[test]
    fn a_consistent_round_robin_is_fitted_exactly() {
        let results = [
            pair(0, 1, 100.0, 500.0),
            pair(1, 2, 150.0, 500.0),
            pair(0, 2, 250.0, 500.0),
        ];
        let r = bradley_terry(3, &results, 0.0).unwrap();
        assert!((r[0] - r[1] - 100.0).abs() < 1e-6, "{r:?}");
        assert!((r[1] - r[2] - 150.0).abs() < 1e-6, "{r:?}");
    }

    #[test]
    fn unbeaten_agents_need_a_prior() {
        let shutout = [PairResult {
            a: 0,
            b: 1,
            score: 10.0,
            games: 10.0,
        }];
        assert!(bradley_terry(2, &shutout, 0.0).is_none());
        let r = bradley_terry(2, &shutout, 1.0).unwrap();
        assert!(r[0] > r[1] && r[0].is_finite());
        assert!(
            bradley_terry(3, &shutout, 1.0).is_none(),
            "agent 2 never played"
        );
    }
}
