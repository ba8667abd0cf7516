//! The card section of the run page: for each agent, the value of every card of the deck
//! (played − not played, IWD and, with `card_value.csv`, the ablation value) and the play
//! and success rates per card, with their 95% intervals, then the card table.
//!
//! The played-versus-not-played score is computed from the counts of `cards.csv`: the
//! agent's games are `gih_games + gns_games`, its score points in them
//! `gih_score · gih_games + gns_score · gns_games`; taking away the `played_games` and
//! their points `played_score · played_games` leaves the games in which it did not play
//! the card, and their score rate (`docs/statistics.md`).

use super::charts::{
    self, Marker, MultiRow, Point, Series, REFERENCE_COLOUR, SERIES_COLOURS, TWO_SERIES,
};
use super::error::ReportError;
use super::format::{fixed, interval};
use super::input::CardValueRow;
use crate::wilson::{newcombe_difference, wilson95, Interval};
use crate::CardRow;
use minijinja::{context, Value};

/// The score rate in the games the agent did not play the card: `(rate, its interval,
/// games)`, `None` when every game (or none) had the card played or a score needed is
/// missing. The interval is `cards.csv`'s `not_played_score_lo`/`_hi` (draw-aware, from
/// the sums of squares the run counted); a file without those columns (an older run)
/// gets Wilson's interval on the fractional score, as that run's own intervals were.
fn not_played(c: &CardRow) -> Option<(f64, Interval, u64)> {
    let games = c.gih_games + c.gns_games;
    if let (Some(rate), Some((lo, hi))) = (
        c.not_played_score.filter(|x| x.is_finite()),
        interval(c.not_played_score_lo, c.not_played_score_hi),
    ) {
        let left = games.checked_sub(c.played_games).filter(|&n| n > 0)?;
        return Some((rate, Interval { lo, hi }, left));
    }
    let points = |rate: Option<f64>, n: u64| match (rate, n) {
        (_, 0) => Some(0.0),
        (Some(r), n) if r.is_finite() => Some(r * n as f64),
        _ => None,
    };
    let total = points(c.gih_score, c.gih_games)? + points(c.gns_score, c.gns_games)?;
    let left = games.checked_sub(c.played_games).filter(|&n| n > 0)?;
    let left_points = (total - points(c.played_score, c.played_games)?).clamp(0.0, left as f64);
    let iv = wilson95(left_points, left)?;
    Some((left_points / left as f64, iv, left))
}

/// The played-versus-not-played score of a card: `played_score − not-played score` with
/// Newcombe's interval from the two Wilson intervals.
fn played_vs_not(c: &CardRow) -> Option<Point> {
    let (np, np_iv, _) = not_played(c)?;
    let p = c
        .played_score
        .filter(|x| x.is_finite() && c.played_games > 0)?;
    let p_iv = match interval(c.played_score_lo, c.played_score_hi) {
        Some((lo, hi)) => Interval { lo, hi },
        None => wilson95(p * c.played_games as f64, c.played_games)?,
    };
    Some((p - np, Some(newcombe_difference(p, p_iv, np, np_iv))))
}

/// A defined, finite value with its interval.
fn point(v: Option<f64>, lo: Option<f64>, hi: Option<f64>) -> Option<Point> {
    v.filter(|x| x.is_finite()).map(|v| (v, interval(lo, hi)))
}

/// The ablation value of `card` for `agent` from `card_value.csv`, if it has a row.
fn ablation(values: Option<&[CardValueRow]>, agent: &str, card: &str) -> Option<Point> {
    let r = values?
        .iter()
        .find(|r| r.agent == agent && r.card == card)?;
    point(r.holder_value, r.holder_value_lo, r.holder_value_hi)
}

/// Plays per card drawn, with a Wilson interval when it is a proportion (a card can be
/// played more often than drawn: GRANGOL's CATENACCIO and CONTROPIEDE stay in hand until
/// they succeed, and are played again).
fn play_rate(c: &CardRow) -> Option<Point> {
    if c.drawn == 0 {
        return None;
    }
    let rate = c.played as f64 / c.drawn as f64;
    let iv = (c.played <= c.drawn)
        .then(|| wilson95(c.played as f64, c.drawn))
        .flatten()
        .map(|i| (i.lo, i.hi));
    Some((rate, iv))
}

/// The value of a point that ranks it: its interval's lower end, or the value itself.
fn lower(p: Option<Point>) -> Option<f64> {
    p.map(|(v, iv)| iv.map_or(v, |(lo, _)| lo))
}

/// The smallest symmetric range around 0 holding every point and interval of `points`,
/// with a margin, at least ±0.05 and at most ±1 (score differences lie in [-1, 1]).
fn symmetric_range(points: impl Iterator<Item = Point>) -> std::ops::Range<f64> {
    let reach = points
        .map(|(v, iv)| {
            let (lo, hi) = iv.unwrap_or((v, v));
            v.abs().max(lo.abs()).max(hi.abs())
        })
        .filter(|x| x.is_finite())
        .fold(0.0_f64, f64::max);
    let reach = (reach * 1.08).clamp(0.05, 1.0);
    -reach..reach
}

/// One card of one agent, with every measure the section shows.
struct CardView<'a> {
    row: &'a CardRow,
    pvnp: Option<Point>,
    iwd: Option<Point>,
    ablation: Option<Point>,
    play: Option<Point>,
    success: Option<Point>,
    /// The closed-form success rate of one plain roll (no interval).
    die: Option<Point>,
}

impl CardView<'_> {
    /// The key cards are sorted by, best first: the lower end of the interval of the
    /// first measure defined among played − not played, ablation value and IWD.
    fn rank(&self) -> (usize, f64) {
        [self.pvnp, self.ablation, self.iwd]
            .into_iter()
            .enumerate()
            .find_map(|(tier, p)| lower(p).map(|lo| (tier, -lo)))
            .unwrap_or((3, 0.0))
    }

    /// The text next to the card's row: its played − not played score, or why it has
    /// none.
    fn text(&self) -> String {
        let games = self.row.gih_games + self.row.gns_games;
        match self.pvnp {
            Some((v, _)) => fixed(v, 3, true),
            None if games == 0 => "no games".into(),
            None if self.row.played_games == 0 => "never played".into(),
            None if self.row.played_games >= games => {
                format!("played in all {games} games")
            }
            None => "undefined".into(),
        }
    }
}

/// The template value of the card section: per agent, its value chart, rates chart and
/// card rows. Every card of `cards.csv` gets a row in both charts.
pub(crate) fn section(
    agents: &[String],
    cards: &[CardRow],
    values: Option<&[CardValueRow]>,
) -> Result<Value, ReportError> {
    let mut names: Vec<String> = agents.to_vec();
    for c in cards {
        if !names.contains(&c.agent) {
            names.push(c.agent.clone());
        }
    }
    let views: Vec<(String, Vec<CardView>)> = names
        .into_iter()
        .map(|agent| {
            let rows: Vec<CardView> = cards
                .iter()
                .filter(|c| c.agent == agent)
                .map(|c| CardView {
                    row: c,
                    pvnp: played_vs_not(c),
                    iwd: point(c.iwd, c.iwd_lo, c.iwd_hi),
                    ablation: ablation(values, &agent, &c.card),
                    play: play_rate(c),
                    success: point(c.success_rate, c.success_rate_lo, c.success_rate_hi),
                    die: c.die_rate.map(|r| (r, None)),
                })
                .collect();
            (agent, rows)
        })
        .filter(|(_, rows)| !rows.is_empty())
        .collect();
    let with_ablation = views
        .iter()
        .any(|(_, rows)| rows.iter().any(|v| v.ablation.is_some()));
    let mut value_series = TWO_SERIES.to_vec();
    if with_ablation {
        value_series.push(Series {
            colour: SERIES_COLOURS[2],
            marker: Marker::Square,
        });
    }
    let with_die = views
        .iter()
        .any(|(_, rows)| rows.iter().any(|v| v.die.is_some()));
    let mut rate_series = value_series[..2].to_vec();
    if with_die {
        rate_series.push(Series {
            colour: REFERENCE_COLOUR,
            marker: Marker::Cross,
        });
    }
    // One scale for every agent's charts, so they compare at a glance.
    let all = || views.iter().flat_map(|(_, rows)| rows.iter());
    let value_range = symmetric_range(all().flat_map(|v| [v.pvnp, v.iwd, v.ablation]).flatten());
    let top_rate = all()
        .flat_map(|v| [v.play, v.success])
        .flatten()
        .map(|(v, iv)| iv.map_or(v, |(_, hi)| hi.max(v)))
        .filter(|x| x.is_finite())
        .fold(1.0_f64, f64::max);
    let rate_range = 0.0..top_rate * 1.02;
    let mut out = Vec::new();
    for (agent, mut rows) in views {
        let defined = rows
            .iter()
            .any(|v| v.pvnp.is_some() || v.iwd.is_some() || v.ablation.is_some());
        let rates_rows: Vec<MultiRow> = rows
            .iter()
            .map(|v| MultiRow {
                label: v.row.card.clone(),
                points: if with_die {
                    vec![v.play, v.success, v.die]
                } else {
                    vec![v.play, v.success]
                },
                text: format!("{} / {}", v.row.played, v.row.drawn),
            })
            .collect();
        rows.sort_by(|a, b| {
            a.rank()
                .partial_cmp(&b.rank())
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        let value_rows: Vec<MultiRow> = rows
            .iter()
            .map(|v| {
                let mut points = vec![v.pvnp, v.iwd];
                if with_ablation {
                    points.push(v.ablation);
                }
                MultiRow {
                    label: v.row.card.clone(),
                    points,
                    text: v.text(),
                }
            })
            .collect();
        let value_chart = if defined {
            Some(Value::from_safe_string(charts::multi_interval_chart(
                &format!("Card value: {agent}"),
                "score difference (95% interval); grey: the interval contains 0",
                &value_series,
                &value_rows,
                value_range.clone(),
                2,
                Some(0.0),
            )?))
        } else {
            None
        };
        let rates_chart = if rows.iter().any(|v| v.play.is_some() || v.success.is_some()) {
            Some(Value::from_safe_string(charts::multi_interval_chart(
                &format!("Play and success rates per card: {agent}"),
                "rate (95% Wilson interval)",
                &rate_series,
                &rates_rows,
                rate_range.clone(),
                1,
                None,
            )?))
        } else {
            None
        };
        let table: Vec<Value> = rows
            .iter()
            .map(|v| {
                let np = not_played(v.row);
                let (pvnp_lo, pvnp_hi) = v.pvnp.and_then(|p| p.1).unzip();
                let (abl_lo, abl_hi) = v.ablation.and_then(|p| p.1).unzip();
                context! {
                    c => Value::from_serialize(v.row),
                    play_rate => v.play.map(|p| p.0),
                    np_games => np.map(|n| n.2),
                    np_score => np.map(|n| n.0),
                    np_lo => np.map(|n| n.1.lo),
                    np_hi => np.map(|n| n.1.hi),
                    pvnp => v.pvnp.map(|p| p.0),
                    pvnp_lo,
                    pvnp_hi,
                    ablation => v.ablation.map(|p| p.0),
                    ablation_lo => abl_lo,
                    ablation_hi => abl_hi,
                }
            })
            .collect();
        out.push(context! { agent, value_chart, rates_chart, rows => table });
    }
    Ok(context! { agents => out, with_ablation, with_die })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A card row with the given counts and score rates.
    fn row(gih: (u64, f64), gns: (u64, Option<f64>), played: (u64, f64)) -> CardRow {
        CardRow {
            game: "g".into(),
            agent: "a".into(),
            card: "C".into(),
            drawn: 10,
            played: 5,
            succeeded: None,
            resolved: None,
            success_rate: None,
            success_rate_lo: None,
            success_rate_hi: None,
            gih_games: gih.0,
            gih_score: Some(gih.1),
            gih_score_lo: None,
            gih_score_hi: None,
            gns_games: gns.0,
            gns_score: gns.1,
            gns_score_lo: None,
            gns_score_hi: None,
            iwd: None,
            iwd_lo: None,
            iwd_hi: None,
            played_games: played.0,
            played_score: Some(played.1),
            played_score_lo: None,
            played_score_hi: None,
            die_rate: None,
            not_played_score: None,
            not_played_score_lo: None,
            not_played_score_hi: None,
        }
    }

    #[test]
    fn not_played_score_comes_from_the_counts() {
        // Held in all 100 games (60 points), played in 80 of them (52 points): the 20
        // others bring 8 points, a score rate of 0.4, and the difference is 0.65 − 0.4.
        let c = row((100, 0.6), (0, None), (80, 0.65));
        let (rate, iv, games) = not_played(&c).unwrap();
        assert_eq!(games, 20);
        assert!((rate - 0.4).abs() < 1e-12);
        assert!(iv.lo < 0.4 && 0.4 < iv.hi);
        let (d, iv) = played_vs_not(&c).unwrap();
        assert!((d - 0.25).abs() < 1e-12);
        let (lo, hi) = iv.unwrap();
        assert!(lo < d && d < hi && lo > -1.0 && hi < 1.0);
        // Games not seen count too: 50 held (0.5), 50 not (0.7), played in 30 (0.6).
        let c = row((50, 0.5), (50, Some(0.7)), (30, 0.6));
        let (rate, _, games) = not_played(&c).unwrap();
        assert_eq!(games, 70);
        assert!((rate - (60.0 - 18.0) / 70.0).abs() < 1e-12);
        // A file with the not-played columns: their interval is used as written.
        let mut c = row((100, 0.6), (0, None), (80, 0.65));
        c.not_played_score = Some(0.4);
        (c.not_played_score_lo, c.not_played_score_hi) = (Some(0.25), Some(0.55));
        let (rate, iv, games) = not_played(&c).unwrap();
        assert_eq!((rate, iv.lo, iv.hi, games), (0.4, 0.25, 0.55, 20));
    }

    #[test]
    fn played_in_every_game_has_no_difference() {
        let c = row((100, 0.6), (0, None), (100, 0.6));
        assert!(not_played(&c).is_none());
        assert!(played_vs_not(&c).is_none());
        let view = CardView {
            row: &c,
            pvnp: None,
            iwd: None,
            ablation: None,
            play: play_rate(&c),
            success: None,
            die: None,
        };
        assert_eq!(view.text(), "played in all 100 games");
        assert_eq!(view.rank().0, 3);
    }

    #[test]
    fn play_rate_above_one_has_no_interval() {
        let mut c = row((10, 0.5), (0, None), (5, 0.5));
        c.drawn = 4;
        c.played = 6;
        assert_eq!(play_rate(&c), Some((1.5, None)));
        c.played = 2;
        let (r, iv) = play_rate(&c).unwrap();
        assert_eq!(r, 0.5);
        assert!(iv.is_some());
    }
}
