//! The rows of `summary.csv` and `cards.csv`.

use crate::score::{score_interval95, ScoreMethod};
use crate::stats::{RunStats, SeatStats};
use crate::tournament::{agent_pentanomial_interval, MatchStats};
use crate::wilson::{newcombe_difference, wilson95, Interval};
use engine_core::CardInfo;
use serde::{Deserialize, Serialize};

/// One row of `summary.csv`: one agent at one seat, or over all its seats (`seat = all`).
///
/// Columns, in order: `game, agent, seat, games, wins, draws, losses, score_rate,
/// score_rate_lo, score_rate_hi, mean_goals_for, mean_goals_against, mean_actions,
/// win_rate, win_rate_lo, win_rate_hi, draw_rate, draw_rate_lo, draw_rate_hi,
/// mean_goals_for_se, mean_goals_against_se, mean_actions_se, win_share, win_share_lo,
/// win_share_hi, mean_turns, mean_turns_se, score_rate_interval`.
/// Rates and means are empty when `games` is 0.
///
/// At a one-seat game (a solitaire) nobody is finished ahead of: `wins`, `draws`,
/// `losses`, the score rate, win rate, draw rate and win share (with their intervals)
/// are empty; `mean_goals_for` is the agent's mean score (the game's points) with its
/// standard error `mean_goals_for_se`, `mean_goals_against` is 0.
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
    /// Games won; empty at a one-seat game.
    pub wins: Option<u64>,
    /// Games drawn; empty at a one-seat game.
    pub draws: Option<u64>,
    /// Games lost; empty at a one-seat game.
    pub losses: Option<u64>,
    /// Score rate `(wins + draws / 2) / games`, in `[0, 1]`.
    pub score_rate: Option<f64>,
    /// Lower end of the 95% interval of the score rate, computed as
    /// `score_rate_interval` says: over independent games Wilson's interval at the
    /// effective number of games of the per-game scores' variance (trinomial at two
    /// seats, multinomial at more: [`crate::score::score_interval95`]); over pairs of
    /// duplicate deals the pentanomial interval
    /// ([`crate::tournament::agent_pentanomial_interval`]).
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
    /// Lower end of the 95% interval of the win share over independent games: Wilson's
    /// at the effective number of games of the win shares' variance (trinomial at two
    /// seats, multinomial at more; never pentanomial).
    #[serde(default)]
    pub win_share_lo: Option<f64>,
    /// Upper end of the same interval.
    #[serde(default)]
    pub win_share_hi: Option<f64>,
    /// Turns per game in the agent's games (`TurnEnd` events, every seat's turns): the
    /// game's own length. With one seat (a solitaire) it is the agent's own measure.
    #[serde(default)]
    pub mean_turns: Option<f64>,
    /// Standard error of `mean_turns`.
    #[serde(default)]
    pub mean_turns_se: Option<f64>,
    /// How the score rate's interval was computed: `trinomial` (independent two-seat
    /// games), `multinomial` (independent games of more seats) or `pentanomial` (the
    /// `all` row of an agent whose games are all pairs of duplicate deals); empty without
    /// an interval and in files that lack the column (older runs, whose intervals were
    /// Wilson's on `wins + draws / 2`).
    #[serde(default)]
    pub score_rate_interval: String,
}

impl SummaryRow {
    /// The row of `stats` for `game`, `agent` and `seat`, at a game of `num_seats` seats
    /// (one: no placement columns), its games counted as independent (the score rate's
    /// interval trinomial or multinomial).
    pub fn new(game: &str, agent: &str, seat: String, stats: &SeatStats, num_seats: usize) -> Self {
        Self::with_interval(game, agent, seat, stats, num_seats, None)
    }

    /// [`SummaryRow::new`], with the score rate's interval `paired` instead when given
    /// (the pentanomial interval of games played in pairs of duplicate deals).
    pub fn with_interval(
        game: &str,
        agent: &str,
        seat: String,
        stats: &SeatStats,
        num_seats: usize,
        paired: Option<Interval>,
    ) -> Self {
        let opponents = num_seats > 1;
        // A proportion's Wilson interval, only where there are opponents.
        let wilson = |successes: f64| wilson95(successes, stats.games).filter(|_| opponents);
        let (interval, method) = match paired {
            Some(i) => (Some(i), ScoreMethod::Pentanomial),
            None => (stats.score_interval(), ScoreMethod::per_game(num_seats)),
        };
        let interval = interval.filter(|_| opponents);
        let rate = |k: u64| stats.per_game(k as f64).filter(|_| opponents);
        let win = wilson(stats.wins as f64);
        let draw = wilson(stats.draws as f64);
        let shares = stats.win_share12 as f64 / 12.0;
        let share = stats.win_share_interval().filter(|_| opponents);
        let count = |k: u64| opponents.then_some(k);
        SummaryRow {
            game: game.to_string(),
            agent: agent.to_string(),
            seat,
            games: stats.games,
            wins: count(stats.wins),
            draws: count(stats.draws),
            losses: count(stats.losses),
            score_rate: stats.score_rate().filter(|_| opponents),
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
            win_share: stats.per_game(shares).filter(|_| opponents),
            win_share_lo: share.map(|i| i.lo),
            win_share_hi: share.map(|i| i.hi),
            mean_turns: stats.per_game(stats.turns as f64),
            mean_turns_se: stats.standard_error(stats.turns, stats.turns_sq),
            score_rate_interval: interval.map_or("", |_| method.name()).to_string(),
        }
    }
}

/// The rows of `summary.csv` for a run of `game` between agents labelled `labels`
/// (indexed like the agents of `stats`): for each agent in order, one row per seat
/// `0..num_seats`, then its `all` row.
///
/// A seat row holds one game of each duplicate pair at most (the seats are swapped
/// within a pair), so its games are independent: trinomial or multinomial interval.
/// When `paired` (the run played duplicate deals) and every game of the agent is in a
/// complete pair of its `matches`, its `all` row gets the pentanomial interval of those
/// pairs ([`agent_pentanomial_interval`]); otherwise the per-game interval.
pub fn summary_rows(
    game: &str,
    labels: &[String],
    stats: &RunStats,
    matches: &[MatchStats],
    paired: bool,
) -> Vec<SummaryRow> {
    let n = stats.num_seats();
    let mut rows = Vec::with_capacity(labels.len() * (n + 1));
    for (agent, label) in labels.iter().enumerate() {
        for seat in 0..stats.num_seats() {
            let s = stats.seat(agent, seat as u8);
            rows.push(SummaryRow::new(game, label, seat.to_string(), s, n));
        }
        let total = stats.agent_total(agent);
        let pairs = total
            .score_rate()
            .filter(|_| paired && n == 2)
            .and_then(|score| agent_pentanomial_interval(agent, score, total.games, matches));
        rows.push(SummaryRow::with_interval(
            game,
            label,
            "all".into(),
            &total,
            n,
            pairs,
        ));
    }
    rows
}

/// One row of `cards.csv`: one agent and one card.
///
/// Columns, in order: `game, agent, card, drawn, played, succeeded, resolved,
/// success_rate, success_rate_lo, success_rate_hi, gih_games, ..., played_score_hi,
/// die_rate, not_played_score, not_played_score_lo, not_played_score_hi`. For cards without a success condition (`has_outcome = false`) the five
/// columns from `succeeded` to `success_rate_hi` are empty; the rate and interval are
/// also empty when the card was never resolved. At a one-seat game the score columns
/// (`gih_score`, `gns_score`, `iwd`, `played_score` and their intervals) are empty:
/// there is no score rate without opponents; the counts stay.
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
    /// Lower end of its 95% interval: Wilson's at the effective number of games
    /// (trinomial at two seats, multinomial at more: [`score_interval95`]).
    pub gih_score_lo: Option<f64>,
    /// Upper end of the same interval.
    pub gih_score_hi: Option<f64>,
    /// Games not seen (GNS): games in which the agent never held the card.
    #[serde(default)]
    pub gns_games: u64,
    /// The agent's score rate in those games (GNS WR).
    pub gns_score: Option<f64>,
    /// Lower end of its 95% interval (the same method as `gih_score`'s).
    pub gns_score_lo: Option<f64>,
    /// Upper end of the same interval.
    pub gns_score_hi: Option<f64>,
    /// Improvement when drawn (IWD): `gih_score - gns_score`.
    pub iwd: Option<f64>,
    /// Lower end of the 95% interval of IWD: Newcombe's hybrid score interval for a
    /// difference of independent proportions, built from the two score intervals (the
    /// MOVER of Zou & Donner 2008, of which Newcombe's method 10 is the Wilson case).
    pub iwd_lo: Option<f64>,
    /// Upper end of the same interval.
    pub iwd_hi: Option<f64>,
    /// Games in which the agent played the card at least once.
    #[serde(default)]
    pub played_games: u64,
    /// The agent's score rate in those games.
    pub played_score: Option<f64>,
    /// Lower end of its 95% interval (the same method as `gih_score`'s).
    pub played_score_lo: Option<f64>,
    /// Upper end of the same interval.
    pub played_score_hi: Option<f64>,
    /// The closed-form chance that one plain play of the card succeeds, from the rule
    /// set's die faces ([`engine_core::CardInfo::die_odds`]): the reference the measured
    /// `success_rate` is read against. Empty where no single die roll decides the card.
    #[serde(default)]
    pub die_rate: Option<f64>,
    /// The agent's score rate in the games it did not play the card in (every game less
    /// `played_games`), the reference of the played-versus-not-played value.
    #[serde(default)]
    pub not_played_score: Option<f64>,
    /// Lower end of its 95% interval (the same method as `gih_score`'s).
    #[serde(default)]
    pub not_played_score_lo: Option<f64>,
    /// Upper end of the same interval.
    #[serde(default)]
    pub not_played_score_hi: Option<f64>,
}

/// A score rate from half-points against opponents (two seats: win 2, draw 1) over
/// `games` of `num_seats` seats, with its 95% interval from the half-points `points2`
/// and their squares `points2_sq` (trinomial at two seats, multinomial at more:
/// [`score_interval95`]): `(rate, lo, hi)`, all `None` without games or without
/// opponents (one seat).
fn score_with_interval(
    points2: u64,
    points2_sq: u64,
    games: u64,
    num_seats: usize,
) -> (Option<f64>, Option<f64>, Option<f64>) {
    if num_seats < 2 {
        return (None, None, None);
    }
    let max = 2 * (num_seats as u64 - 1);
    let points = points2 as f64 / max as f64;
    let interval = score_interval95(games, points2, points2_sq, max);
    (
        (games > 0).then(|| points / games as f64),
        interval.map(|i| i.lo),
        interval.map(|i| i.hi),
    )
}

/// The rows of `cards.csv`: for each agent in order, one row per card of `cards` (the
/// game's [`engine_core::GameInfo::cards`], indexed by card id), including cards never
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
            let n = stats.num_seats();
            let gih = score_with_interval(c.gih_points2, c.gih_points2_sq, c.gih_games, n);
            let gns = score_with_interval(c.gns_points2, c.gns_points2_sq, c.gns_games, n);
            let played =
                score_with_interval(c.played_points2, c.played_points2_sq, c.played_games, n);
            // The games the agent did not play the card in: every game less the played.
            let not_played = score_with_interval(
                (c.gih_points2 + c.gns_points2).saturating_sub(c.played_points2),
                (c.gih_points2_sq + c.gns_points2_sq).saturating_sub(c.played_points2_sq),
                (c.gih_games + c.gns_games).saturating_sub(c.played_games),
                n,
            );
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
                not_played_score: not_played.0,
                not_played_score_lo: not_played.1,
                not_played_score_hi: not_played.2,
            });
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::GameCards;
    use engine_core::{GameEvent, MAX_SEATS};

    /// One agent alone at a one-seat game with one card: three games of 2, 0 and 4 points.
    fn solo() -> RunStats {
        let mut st = RunStats::new(1, 1, 1);
        for (points, decisions) in [(2, 5), (0, 3), (4, 7)] {
            let mut sets = [GameCards::default(); 1];
            for event in [
                GameEvent::CardDrawn { seat: 0, card: 0 },
                GameEvent::CardPlayed { seat: 0, card: 0 },
                GameEvent::CardResolved {
                    seat: 0,
                    card: 0,
                    success: points > 0,
                },
            ] {
                st.record_event(&[0], &mut sets, event);
            }
            // The returns of a solitaire mean nothing to the statistics.
            st.record_game(
                &[0],
                &[points],
                None,
                &[0.7; MAX_SEATS],
                &[decisions],
                decisions + 1,
                &sets,
            );
        }
        st
    }

    #[test]
    fn summary_rows_of_one_seat_have_no_placement() {
        let rows = summary_rows("memory", &["greedy".to_string()], &solo(), &[], false);
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].seat.as_str(), rows[1].seat.as_str()), ("0", "all"));
        for r in &rows {
            assert_eq!(r.games, 3);
            assert_eq!((r.wins, r.draws, r.losses), (None, None, None));
            assert_eq!(
                (r.score_rate, r.score_rate_lo, r.score_rate_hi),
                (None, None, None)
            );
            assert_eq!(
                (r.win_rate, r.win_rate_lo, r.win_rate_hi),
                (None, None, None)
            );
            assert_eq!(
                (r.draw_rate, r.draw_rate_lo, r.draw_rate_hi),
                (None, None, None)
            );
            assert_eq!(
                (r.win_share, r.win_share_lo, r.win_share_hi),
                (None, None, None)
            );
            // Points 2, 0, 4: mean 2, sample variance 4, standard error sqrt(4/3).
            assert_eq!(r.mean_goals_for, Some(2.0));
            let se = r.mean_goals_for_se.unwrap();
            assert!((se - (4.0f64 / 3.0).sqrt()).abs() < 1e-12);
            assert_eq!(r.mean_goals_against, Some(0.0));
            assert_eq!(r.mean_actions, Some(5.0));
            assert!(r.mean_actions_se.is_some());
        }
        // The CSV keeps every column, the placement ones empty.
        let mut out = csv::Writer::from_writer(vec![]);
        out.serialize(&rows[1]).unwrap();
        let text = String::from_utf8(out.into_inner().unwrap()).unwrap();
        let mut lines = text.lines();
        assert!(lines
            .next()
            .unwrap()
            .starts_with("game,agent,seat,games,wins,draws,losses,score_rate,"));
        assert!(lines
            .next()
            .unwrap()
            .starts_with("memory,greedy,all,3,,,,,,,2.0,0.0,5.0,,,,,,,"));
    }

    #[test]
    fn card_rows_of_one_seat_keep_the_counts_only() {
        let cards = [CardInfo {
            name: "PAIR".into(),
            has_outcome: true,
            colour: None,
            die_odds: None,
        }];
        let rows = card_rows("memory", &["greedy".to_string()], &cards, &solo());
        let r = &rows[0];
        assert_eq!(
            (r.drawn, r.played, r.resolved, r.succeeded),
            (3, 3, Some(3), Some(2))
        );
        assert!(r.success_rate_lo.is_some());
        assert_eq!((r.gih_games, r.gns_games, r.played_games), (3, 0, 3));
        for v in [
            r.gih_score,
            r.gih_score_lo,
            r.gns_score,
            r.gns_score_hi,
            r.iwd,
            r.iwd_lo,
            r.played_score,
            r.played_score_hi,
        ] {
            assert_eq!(v, None);
        }
    }
}

/// One row of `shots.csv` (the board capability, [`engine_core::GameEvent::Shot`]): one
/// agent and one board cell it shot from, as the shooter sees the pitch (attacking
/// right).
///
/// Columns, in order: `game, agent, cell, column, row, shots, goals, layout, columns,
/// rows`: the cell, its column and row on the board (empty for a cell beyond the drawn
/// pitch, such as a goal zone), shots taken from it and goals scored from it, then the
/// board's layout (`hex-odd-q` or `square`) and size, repeated on every row so the file
/// describes its own pitch. Only cells with at least one shot have a row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShotRow {
    /// The game's name.
    #[serde(default)]
    pub game: String,
    /// The agent's label.
    pub agent: String,
    /// The board cell, `row · columns + column`.
    pub cell: u16,
    /// Its column (0 on the left), empty beyond the pitch.
    pub column: Option<u16>,
    /// Its row (0 on top), empty beyond the pitch.
    pub row: Option<u16>,
    /// Shots taken from it.
    pub shots: u64,
    /// Goals scored from it.
    pub goals: u64,
    /// How the board's cells tile: `hex-odd-q` or `square`.
    pub layout: String,
    /// Cells across the board.
    pub columns: u16,
    /// Cells down the board.
    pub rows: u16,
}

/// The rows of `shots.csv` for a run of `game` on `board` between agents labelled
/// `labels`: for each agent in order, one row per cell it shot from, in cell order.
pub fn shot_rows(
    game: &str,
    labels: &[String],
    board: &engine_core::BoardInfo,
    stats: &RunStats,
) -> Vec<ShotRow> {
    let layout = match board.layout {
        engine_core::BoardLayout::HexOddQ => "hex-odd-q",
        engine_core::BoardLayout::Square => "square",
    };
    let pitch = u32::from(board.columns) * u32::from(board.rows);
    let mut rows = Vec::new();
    for (agent, label) in labels.iter().enumerate() {
        for (cell, &[shots, goals]) in stats.shots(agent).iter().enumerate() {
            if shots == 0 {
                continue;
            }
            let cell = cell as u16;
            let on_pitch = u32::from(cell) < pitch;
            rows.push(ShotRow {
                game: game.to_string(),
                agent: label.clone(),
                cell,
                column: on_pitch.then(|| cell % board.columns),
                row: on_pitch.then(|| cell / board.columns),
                shots,
                goals,
                layout: layout.to_string(),
                columns: board.columns,
                rows: board.rows,
            });
        }
    }
    rows
}
