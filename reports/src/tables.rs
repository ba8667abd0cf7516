//! The rows of `summary.csv` and `cards.csv`.

use crate::stats::{RunStats, SeatStats};
use crate::wilson::{newcombe_difference, wilson95, Interval};
use engine::core::CardInfo;
use serde::{Deserialize, Serialize};

/// One row of `summary.csv`: one agent at one seat, or over all its seats (`seat = all`).
///
/// Columns, in order: `game, agent, seat, games, wins, draws, losses, score_rate,
/// score_rate_lo, score_rate_hi, mean_goals_for, mean_goals_against, mean_actions,
/// win_rate, win_rate_lo, win_rate_hi, draw_rate, draw_rate_lo, draw_rate_hi,
/// mean_goals_for_se, mean_goals_against_se, mean_actions_se, win_share, win_share_lo,
/// win_share_hi`.
/// Rates and means are empty when `games` is 0.
///
/// The HTML report reads the file back into this same type, by column name (see
/// `report::input`): unknown columns are ignored, and a column marked `serde(default)`
/// may be missing (older runs, hand-written files), read as 0 or empty.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SummaryRow {
    /// The game's name (`grangol`).
    #[serde(default)]
    pub game: String,
    /// The agent's label (`random`, or `random#2` for a second agent of the same name).
    pub agent: String,
    /// The seat (`0`, `1`, …) or `all` for the agent's games at every seat.
    pub seat: String,
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
    /// Score rate `(wins + draws / 2) / games`, in `[0, 1]`.
    pub score_rate: Option<f64>,
    /// Lower end of the 95% Wilson score interval of the score rate, computed on
    /// `wins + draws / 2` (fractional) successes over `games` trials (see
    /// [`crate::wilson()`]).
    pub score_rate_lo: Option<f64>,
    /// Upper end of the same interval.
    pub score_rate_hi: Option<f64>,
    /// Goals scored per game.
    pub mean_goals_for: Option<f64>,
    /// Goals conceded per game.
    pub mean_goals_against: Option<f64>,
    /// Decisions taken by the agent per game (chance outcomes are not counted).
    pub mean_actions: Option<f64>,
    /// Win rate `wins / games`.
    pub win_rate: Option<f64>,
    /// Lower end of the 95% Wilson interval of the win rate.
    pub win_rate_lo: Option<f64>,
    /// Upper end of the same interval.
    pub win_rate_hi: Option<f64>,
    /// Draw rate `draws / games`.
    pub draw_rate: Option<f64>,
    /// Lower end of the 95% Wilson interval of the draw rate.
    pub draw_rate_lo: Option<f64>,
    /// Upper end of the same interval.
    pub draw_rate_hi: Option<f64>,
    /// Standard error of `mean_goals_for` (sample standard deviation over √games).
    pub mean_goals_for_se: Option<f64>,
    /// Standard error of `mean_goals_against`.
    pub mean_goals_against_se: Option<f64>,
    /// Standard error of `mean_actions`.
    pub mean_actions_se: Option<f64>,
    /// Win share: per game 1 for a sole win, `1 / k` for a draw among `k` seats tied on
    /// top, 0 otherwise, averaged over games. `1 / seats` for agents of equal strength,
    /// turn-cap draws included ([`crate::stats::win_share12`]).
    #[serde(default)]
    pub win_share: Option<f64>,
    /// Lower end of the 95% Wilson interval of the win share.
    #[serde(default)]
    pub win_share_lo: Option<f64>,
    /// Upper end of the same interval.
    #[serde(default)]
    pub win_share_hi: Option<f64>,
}

impl SummaryRow {
    /// The row of `stats` for `game`, `agent` and `seat`.
    pub fn new(game: &str, agent: &str, seat: String, stats: &SeatStats) -> Self {
        let interval = wilson95(stats.points(), stats.games);
        let rate = |k: u64| stats.per_game(k as f64);
        let win = wilson95(stats.wins as f64, stats.games);
        let draw = wilson95(stats.draws as f64, stats.games);
        let shares = stats.win_share12 as f64 / 12.0;
        let share = wilson95(shares, stats.games);
        SummaryRow {
            game: game.to_string(),
            agent: agent.to_string(),
            seat,
            games: stats.games,
            wins: stats.wins,
            draws: stats.draws,
            losses: stats.losses,
            score_rate: stats.score_rate(),
            score_rate_lo: interval.map(|i| i.lo),
            score_rate_hi: interval.map(|i| i.hi),
            mean_goals_for: stats.per_game(stats.goals_for as f64),
            mean_goals_against: stats.per_game(stats.goals_against as f64),
            mean_actions: stats.per_game(stats.decisions as f64),
            win_rate: rate(stats.wins),
            win_rate_lo: win.map(|i| i.lo),
            win_rate_hi: win.map(|i| i.hi),
            draw_rate: rate(stats.draws),
            draw_rate_lo: draw.map(|i| i.lo),
            draw_rate_hi: draw.map(|i| i.hi),
            mean_goals_for_se: stats.standard_error(stats.goals_for, stats.goals_for_sq),
            mean_goals_against_se: stats
                .standard_error(stats.goals_against, stats.goals_against_sq),
            mean_actions_se: stats.standard_error(stats.decisions, stats.decisions_sq),
            win_share: stats.per_game(shares),
            win_share_lo: share.map(|i| i.lo),
            win_share_hi: share.map(|i| i.hi),
        }
    }
}

/// The rows of `summary.csv` for a run of `game` between agents labelled `labels`
/// (indexed like the agents of `stats`): for each agent in order, one row per seat
/// `0..num_seats`, then its `all` row.
pub fn summary_rows(game: &str, labels: &[String], stats: &RunStats) -> Vec<SummaryRow> {
    let mut rows = Vec::with_capacity(labels.len() * (stats.num_seats() + 1));
    for (agent, label) in labels.iter().enumerate() {
        for seat in 0..stats.num_seats() {
            let s = stats.seat(agent, seat as u8);
            rows.push(SummaryRow::new(game, label, seat.to_string(), s));
        }
        let total = stats.agent_total(agent);
        rows.push(SummaryRow::new(game, label, "all".into(), &total));
    }
    rows
}

/// One row of `cards.csv`: one agent and one card.
///
/// Columns, in order: `game, agent, card, drawn, played, succeeded, resolved,
/// success_rate, success_rate_lo, success_rate_hi, gih_games, ..., played_score_hi,
/// die_rate`. For cards without a success condition (`has_outcome = false`) the five
/// columns from `succeeded` to `success_rate_hi` are empty; the rate and interval are
/// also empty when the card was never resolved.
///
/// The HTML report reads the file back into this same type, by column name (see
/// `report::input`): unknown columns are ignored, and a column marked `serde(default)`
/// may be missing (older runs, hand-written files), read as 0 or empty.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardRow {
    /// The game's name.
    #[serde(default)]
    pub game: String,
    /// The agent's label.
    pub agent: String,
    /// The card's name as printed (`PASSAGGIO`).
    pub card: String,
    /// Times the agent drew the card, over all games.
    #[serde(default)]
    pub drawn: u64,
    /// Times the agent played it.
    #[serde(default)]
    pub played: u64,
    /// Times its effect succeeded.
    pub succeeded: Option<u64>,
    /// Times its effect was decided (succeeded or failed).
    pub resolved: Option<u64>,
    /// `succeeded / resolved`.
    pub success_rate: Option<f64>,
    /// Lower end of the 95% Wilson score interval of the success rate.
    pub success_rate_lo: Option<f64>,
    /// Upper end of the same interval.
    pub success_rate_hi: Option<f64>,
    /// Games in hand (GIH): games in which the agent held the card at some point.
    #[serde(default)]
    pub gih_games: u64,
    /// The agent's score rate in those games (17lands' GIH WR, draws counting half).
    pub gih_score: Option<f64>,
    /// Lower end of its 95% Wilson interval.
    pub gih_score_lo: Option<f64>,
    /// Upper end of its 95% Wilson interval.
    pub gih_score_hi: Option<f64>,
    /// Games not seen (GNS): games in which the agent never held the card.
    #[serde(default)]
    pub gns_games: u64,
    /// The agent's score rate in those games (GNS WR).
    pub gns_score: Option<f64>,
    /// Lower end of its 95% Wilson interval.
    pub gns_score_lo: Option<f64>,
    /// Upper end of its 95% Wilson interval.
    pub gns_score_hi: Option<f64>,
    /// Improvement when drawn (IWD): `gih_score - gns_score`.
    pub iwd: Option<f64>,
    /// Lower end of the 95% interval of IWD (Newcombe's hybrid score interval for a
    /// difference of proportions, from the two Wilson intervals).
    pub iwd_lo: Option<f64>,
    /// Upper end of the same interval.
    pub iwd_hi: Option<f64>,
    /// Games in which the agent played the card at least once.
    #[serde(default)]
    pub played_games: u64,
    /// The agent's score rate in those games.
    pub played_score: Option<f64>,
    /// Lower end of its 95% Wilson interval.
    pub played_score_lo: Option<f64>,
    /// Upper end of its 95% Wilson interval.
    pub played_score_hi: Option<f64>,
    /// The closed-form chance that one plain play of the card succeeds, from the rule
    /// set's die faces ([`engine::core::CardInfo::die_odds`]): the reference the measured
    /// `success_rate` is read against. Empty where no single die roll decides the card.
    #[serde(default)]
    pub die_rate: Option<f64>,
}

/// A score rate from half-points against opponents (two seats: win 2, draw 1) over
/// `games` of `num_seats` seats, with its 95% Wilson interval: `(rate, lo, hi)`, all
/// `None` without games.
fn score_with_interval(
    points2: u64,
    games: u64,
    num_seats: usize,
) -> (Option<f64>, Option<f64>, Option<f64>) {
    let points = points2 as f64 / (2.0 * (num_seats.max(2) - 1) as f64);
    let interval = wilson95(points, games);
    (
        (games > 0).then(|| points / games as f64),
        interval.map(|i| i.lo),
        interval.map(|i| i.hi),
    )
}

/// The rows of `cards.csv`: for each agent in order, one row per card of `cards` (the
/// game's [`engine::core::GameInfo::cards`], indexed by card id), including cards never
/// drawn.
pub fn card_rows(
    game: &str,
    labels: &[String],
    cards: &[CardInfo],
    stats: &RunStats,
) -> Vec<CardRow> {
    let mut rows = Vec::with_capacity(labels.len() * cards.len());
    for (agent, label) in labels.iter().enumerate() {
        for (id, info) in cards.iter().enumerate() {
            let c = stats.card(agent, id);
            let gih = score_with_interval(c.gih_points2, c.gih_games, stats.num_seats());
            let gns = score_with_interval(c.gns_points2, c.gns_games, stats.num_seats());
            let played = score_with_interval(c.played_points2, c.played_games, stats.num_seats());
            let iwd = match (gih, gns) {
                ((Some(p1), Some(l1), Some(u1)), (Some(p2), Some(l2), Some(u2))) => {
                    Some(newcombe_difference(
                        p1,
                        Interval { lo: l1, hi: u1 },
                        p2,
                        Interval { lo: l2, hi: u2 },
                    ))
                }
                _ => None,
            };
            let outcome = info.has_outcome;
            let interval = if outcome {
                wilson95(c.succeeded as f64, c.resolved)
            } else {
                None
            };
            rows.push(CardRow {
                game: game.to_string(),
                agent: label.clone(),
                card: info.name.clone(),
                drawn: c.drawn,
                played: c.played,
                succeeded: outcome.then_some(c.succeeded),
                resolved: outcome.then_some(c.resolved),
                success_rate: (outcome && c.resolved > 0)
                    .then(|| c.succeeded as f64 / c.resolved as f64),
                success_rate_lo: interval.map(|i| i.lo),
                success_rate_hi: interval.map(|i| i.hi),
                gih_games: c.gih_games,
                gih_score: gih.0,
                gih_score_lo: gih.1,
                gih_score_hi: gih.2,
                gns_games: c.gns_games,
                gns_score: gns.0,
                gns_score_lo: gns.1,
                gns_score_hi: gns.2,
                iwd: gih.0.zip(gns.0).map(|(a, b)| a - b),
                iwd_lo: iwd.map(|i| i.0),
                iwd_hi: iwd.map(|i| i.1),
                played_games: c.played_games,
                played_score: played.0,
                played_score_lo: played.1,
                played_score_hi: played.2,
                die_rate: info.die_odds.map(|o| o.probability()),
            });
        }
    }
    rows
}
