//! The skill ladder of a game (`sim ladder`): its rows (`ladder.csv`), its summary
//! (`ladder.json`) and the two figures a designer reads from it.
//!
//! - **Skill depth** ([`skill_chain`]): the length of the *skill chain* of Lantz, Isaksen,
//!   Jaffe, Nealen & Togelius (2017, "Depth in strategic games", AAAI workshop on What's
//!   Next for AI in Games): starting from the weakest agent (`random`), each next link is
//!   the lowest-rated honest agent that beats the current link with a score of at least
//!   `step` (default 0.6); the depth is the number of links after the first. A game in
//!   which `greedy` beats `random` 0.9 and no search beats `greedy` by 0.6 has depth 1.
//! - **Luck share** ([`luck_share`]): how often the weaker agent wins: `random`'s score
//!   (wins + draws / 2) against the best honest agent, that is 1 − the best honest agent's
//!   score against `random`: 0 when skill always wins, 0.5 when results ignore skill (in
//!   the spirit of the skill-and-luck measurements of Isaksen, Gopstein, Togelius & Nealen
//!   2015, "Exploring game space of minimal action games via parameter tuning and
//!   survival analysis"). With it, the **upset rate** ([`upset_rate`]): over every pairing
//!   of two honest rungs of different ratings, the share of the games the lower-rated one
//!   scored; it depends on how close the rungs are, so it is a figure of this ladder, not
//!   of the game alone.
//!
//! Ratings are Bradley–Terry on the Elo scale ([`crate::tournament::rating_rows`]).

use crate::rating::PairResult;
use serde::{Deserialize, Serialize};

/// One row of `ladder.csv`: one rung (one agent) of the ladder.
///
/// Columns that do not apply are empty: the scores at a one-player game, the turns and
/// the bound at a game with opponents, iterations for agents that do not search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderRow {
    /// The game's name.
    pub game: String,
    /// 1 for the first rung (`random`), in the order played (`random`, `greedy`, `mcts`
    /// by doubling budgets, `oracle`).
    pub rung: usize,
    /// The agent's spec, as `--agents` takes it.
    pub agent: String,
    /// Whether it sees hidden information (the `oracle`): a bound, not an honest player.
    pub sees_hidden_information: bool,
    /// Search iterations actually run per game (mean over the calibration games; empty
    /// for agents that do not search).
    pub iterations_per_game: Option<f64>,
    /// Milliseconds of the agent's decisions per game, wall clock on one thread, over the
    /// calibration games. The only column that depends on the machine and its load.
    pub cpu_ms_per_game: f64,
    /// Bradley–Terry rating, Elo scale, the ladder's ratings averaging 0.
    pub rating: Option<f64>,
    /// 2.5th percentile of the rating over bootstrap resamples of the pairs.
    pub rating_lo: Option<f64>,
    /// 97.5th percentile.
    pub rating_hi: Option<f64>,
    /// Games the agent played in the tournament.
    pub games: u64,
    /// Score (wins + draws / 2) against the previous rung.
    pub score_vs_previous: Option<f64>,
    /// Lower end of its 95% interval (pentanomial over duplicate pairs).
    pub score_vs_previous_lo: Option<f64>,
    /// Upper end.
    pub score_vs_previous_hi: Option<f64>,
    /// Score against `random`.
    pub score_vs_random: Option<f64>,
    /// Lower end of its 95% interval.
    pub score_vs_random_lo: Option<f64>,
    /// Upper end.
    pub score_vs_random_hi: Option<f64>,
    /// Whether the rung is a link of the skill chain ([`skill_chain`]).
    pub in_skill_chain: bool,
    /// One-player games: mean turns per game (the game's own length, lower is better in
    /// the memory solitaire).
    pub turns_per_game: Option<f64>,
    /// Lower end of the turns' 95% interval (mean ± 1.96 standard errors).
    pub turns_lo: Option<f64>,
    /// Upper end.
    pub turns_hi: Option<f64>,
    /// One-player games with a known optimum: the expected turns of optimal play (memory:
    /// `engine::memory::theory::optimal_expected_moves`).
    pub bound_turns: Option<f64>,
}

/// The skill chain over agents `0..ratings.len()`: `ratings[i]` is agent `i`'s rating,
/// `honest[i]` whether it may be a link (the oracle may not), `results` the head-to-head
/// results (each pairing once, in either orientation) and `start` the first link
/// (`random`). From the current link, the next is the honest agent of lowest rating
/// above it whose score against it is at least `step`; the chain ends when there is none.
/// Returns the links in order, `start` first; the skill depth is `len − 1`.
/// Source: Lantz et al. 2017 (see the module documentation).
pub fn skill_chain(
    ratings: &[f64],
    honest: &[bool],
    results: &[PairResult],
    start: usize,
    step: f64,
) -> Vec<usize> {
    let mut chain = vec![start];
    let mut current = start;
    loop {
        let mut candidates: Vec<usize> = (0..ratings.len())
            .filter(|&i| honest[i] && i != current && ratings[i] > ratings[current])
            .collect();
        candidates.sort_by(|&a, &b| ratings[a].total_cmp(&ratings[b]).then(a.cmp(&b)));
        let next = candidates
            .into_iter()
            .find(|&i| score_of(results, i, current).is_some_and(|(s, _)| s >= step));
        match next {
            Some(i) => {
                chain.push(i);
                current = i;
            }
            None => return chain,
        }
    }
}

/// Agent `a`'s score rate against `b` over all their games in `results` (either
/// orientation), with the number of games; `None` if they never met.
pub fn score_of(results: &[PairResult], a: usize, b: usize) -> Option<(f64, f64)> {
    let (mut score, mut games) = (0.0, 0.0);
    for r in results {
        if r.a == a && r.b == b {
            score += r.score;
            games += r.games;
        } else if r.a == b && r.b == a {
            score += r.games - r.score;
            games += r.games;
        }
    }
    (games > 0.0).then(|| (score / games, games))
}

/// The luck share: `random`'s score against the best honest agent, from that agent's score
/// `best_vs_random` against `random` (a rate in `[0, 1]`): `1 − best_vs_random`. Source:
/// see the module documentation.
pub fn luck_share(best_vs_random: f64) -> f64 {
    1.0 - best_vs_random
}

/// The upset rate: over every pairing of two honest agents (`honest[i]`) of different
/// ratings, the games the lower-rated one scored (wins + draws / 2), divided by all the
/// games of those pairings. `None` without such a pairing.
pub fn upset_rate(ratings: &[f64], honest: &[bool], results: &[PairResult]) -> Option<f64> {
    let (mut upsets, mut games) = (0.0, 0.0);
    for r in results {
        if !(honest[r.a] && honest[r.b]) || ratings[r.a] == ratings[r.b] || r.games <= 0.0 {
            continue;
        }
        let weaker = if ratings[r.a] < ratings[r.b] {
            r.score
        } else {
            r.games - r.score
        };
        upsets += weaker;
        games += r.games;
    }
    (games > 0.0).then(|| upsets / games)
}

/// `ladder.json`: the ladder's summary figures and how it was made.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LadderSummary {
    /// The game's name.
    pub game: String,
    /// The command line, argument by argument.
    pub command: Vec<String>,
    /// The `sim` version.
    pub version: String,
    /// The master seed (every stage plays on it, so on the same deals).
    pub seed: u64,
    /// Seats of the game.
    pub seats: usize,
    /// Games per pairing (per agent at a one-player game).
    pub games_per_pairing: u64,
    /// The score a link must reach against the previous one (`--step`).
    pub step: f64,
    /// Links of the skill chain after `random` (see [`skill_chain`]); `None` at a
    /// one-player game.
    pub skill_depth: Option<usize>,
    /// The agents of the skill chain, `random` first.
    pub skill_chain: Vec<String>,
    /// `random`'s score against the best honest agent ([`luck_share`]); `None` at a
    /// one-player game.
    pub luck_share: Option<f64>,
    /// See [`upset_rate`]; `None` at a one-player game.
    pub upset_rate: Option<f64>,
    /// The honest agent of highest rating (of fewest turns at a one-player game).
    pub best_honest: Option<String>,
    /// Its score against `random`.
    pub best_honest_vs_random: Option<f64>,
    /// The oracle's score against the best honest agent (the headroom of honest play).
    pub oracle_vs_best_honest: Option<f64>,
    /// The measured plateau: the `mcts` budget (iterations) whose doubling did not win
    /// its head-to-head significantly (95% interval of the score not above 0.5; at a
    /// one-player game, not fewer turns by more than 1.96 standard errors of the
    /// difference); `None` when every doubling up to `--max-iterations` won.
    pub plateau_iterations: Option<u32>,
    /// Why the doubling stopped.
    pub stopped: String,
    /// The stage folders (each a `sim run` folder), in the order played.
    pub stages: Vec<String>,
    /// Seconds the whole ladder took (machine-dependent).
    pub elapsed_seconds: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(a: usize, b: usize, score: f64, games: f64) -> PairResult {
        PairResult { a, b, score, games }
    }

    /// Agents: 0 random, 1 greedy, 2 mcts(50), 3 mcts(100), 4 oracle.
    fn ladder() -> (Vec<f64>, Vec<bool>, Vec<PairResult>) {
        let ratings = vec![-400.0, 0.0, 60.0, 90.0, 300.0];
        let honest = vec![true, true, true, true, false];
        let results = vec![
            r(1, 0, 90.0, 100.0), // greedy 0.9 vs random
            r(0, 2, 5.0, 100.0),  // mcts(50) 0.95 vs random
            r(2, 1, 55.0, 100.0), // mcts(50) 0.55 vs greedy
            r(3, 1, 62.0, 100.0), // mcts(100) 0.62 vs greedy
            r(3, 2, 52.0, 100.0), // mcts(100) 0.52 vs mcts(50)
            r(3, 0, 96.0, 100.0), // mcts(100) 0.96 vs random
            r(4, 3, 80.0, 100.0), // oracle 0.8 vs mcts(100)
            r(4, 1, 90.0, 100.0), // oracle 0.9 vs greedy
        ];
        (ratings, honest, results)
    }

    #[test]
    fn the_chain_takes_the_weakest_agent_that_clears_the_step() {
        let (ratings, honest, results) = ladder();
        // random -> greedy (0.9; greedy is the lowest rated above random that clears
        // 0.6), greedy -> mcts(100) (mcts(50) scores only 0.55), then nobody honest beats
        // mcts(100) by 0.6 (the oracle does, but it is not honest).
        assert_eq!(skill_chain(&ratings, &honest, &results, 0, 0.6), [0, 1, 3]);
        // A lower step takes every rung.
        assert_eq!(
            skill_chain(&ratings, &honest, &results, 0, 0.5),
            [0, 1, 2, 3]
        );
        // A step nobody clears: depth 0.
        assert_eq!(skill_chain(&ratings, &honest, &results, 0, 0.99), [0]);
        // With the oracle counted as honest it would extend the chain.
        let all = vec![true; 5];
        assert_eq!(skill_chain(&ratings, &all, &results, 0, 0.6), [0, 1, 3, 4]);
    }

    #[test]
    fn the_upset_rate_is_the_weaker_sides_score_over_honest_pairings() {
        let (ratings, honest, results) = ladder();
        // Honest pairings: weaker side scores 10, 5, 45, 38, 48, 4 of 600 games.
        let expected = (10.0 + 5.0 + 45.0 + 38.0 + 48.0 + 4.0) / 600.0;
        let got = upset_rate(&ratings, &honest, &results).unwrap();
        assert!((got - expected).abs() < 1e-12, "{got} vs {expected}");
        assert_eq!(upset_rate(&ratings, &honest, &[]), None);
        assert!((luck_share(0.96) - 0.04).abs() < 1e-12);
    }

    #[test]
    fn scores_are_read_in_either_orientation() {
        let (_, _, results) = ladder();
        assert_eq!(score_of(&results, 0, 2), Some((0.05, 100.0)));
        assert_eq!(score_of(&results, 2, 0), Some((0.95, 100.0)));
        assert_eq!(score_of(&results, 0, 4), None);
    }
}
