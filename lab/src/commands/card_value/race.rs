//! `sim card-value --resolution R`: games spent where they decide something. The cards
//! are played in [`LOOKS`] rounds ending at 1/16, 1/8, 1/4, 1/2 and all of `--games`,
//! each round only for the cards still open; after each round every card is placed
//! against the average card (`reports::card_groups`: stronger, weaker, measured to `±R`
//! without being told apart from it, or open), with intervals corrected for every card
//! and every round at once. A decided card is played no more (successive elimination);
//! the run stops when no card is open or at `--games`, and says what each open card would
//! need.

use crate::infra::progress::Progress;
use anyhow::Result;
use reports::{card_groups, simultaneous_z, AblationStats, CardGroupRow, Standing};
use serde::Serialize;

/// The rounds of a run: its looks at the cards, each after twice the games of the last.
pub const LOOKS: u32 = 5;

/// One round of a card-value run: a range of the schedule's games, played in the base
/// version and in some of the ablated ones. A run without `--resolution` is one round of
/// every game and every card; with it, rounds of doubling size over the cards still open.
#[derive(Clone, Debug)]
pub struct Round {
    /// The phase's label in the journal (`games`, `round-1`, `round-2`, …).
    pub label: String,
    /// The schedule's games played.
    pub games: std::ops::Range<u64>,
    /// The ablated versions played (indices of the cards).
    pub cards: Vec<usize>,
}

/// How a race plays one round: its games and cards, with a progress bar; returns every
/// card's accumulators (cards × (agents + 1), untouched for the cards not played).
pub type PlayRound<'a> = dyn Fn(&Round, &Progress) -> Result<Vec<Vec<AblationStats>>> + 'a;

/// A sequential card-value run: what [`Race::run`] needs.
pub struct Race<'a> {
    /// The cards, in the order of the ablated versions.
    pub cards: &'a [&'a str],
    /// Agents of the match (the accumulators per card are one per agent and one over
    /// every seat).
    pub agents: usize,
    /// Seats of the game (values are scaled as `AblationRow` does).
    pub num_seats: usize,
    /// The most games a card is played (`--games`).
    pub cap: u64,
    /// `R`, in score points per copy.
    pub resolution: f64,
    /// The family-wise error rate of every statement of the run.
    pub alpha: f64,
}

/// One round of a sequential run, as `run.json` records it.
#[derive(Clone, Debug, Serialize)]
pub struct RoundRecord {
    /// Games of the schedule played after it (cumulative).
    pub games: u64,
    /// Cards played in it.
    pub cards: usize,
    /// Cards still open after it.
    pub open: usize,
}

/// What a sequential run found.
#[derive(Clone, Debug, Serialize)]
pub struct RaceOutcome {
    /// `R`.
    pub resolution: f64,
    /// The simultaneous normal quantile of every interval.
    pub z: f64,
    /// The looks it is corrected for (the rounds planned).
    pub looks: usize,
    /// The rounds played.
    pub rounds: Vec<RoundRecord>,
    /// Every card's standing, in the order of the cards.
    pub groups: Vec<CardGroupRow>,
    /// After the first round: the games per card that would decide every card (the
    /// largest need), and the games in all (base games included).
    pub first_estimate: Option<(u64, u64)>,
    /// Games played in all, base and ablated.
    pub games_played: u64,
}

impl RaceOutcome {
    /// The cards of one standing, in decreasing value.
    pub fn cards_in(&self, group: Standing) -> Vec<&CardGroupRow> {
        let mut rows: Vec<&CardGroupRow> =
            self.groups.iter().filter(|r| r.group == group).collect();
        rows.sort_by(|a, b| b.value.total_cmp(&a.value));
        rows
    }

    /// For the cards of highest and lowest contrast with the average card, not yet told
    /// apart from it: the card, and the games a card that would tell its contrast apart
    /// from 0 at the run's correction if the contrast is as measured (`games ·
    /// (half-width / |c|)²`).
    pub fn separation_needs(&self) -> Vec<(&CardGroupRow, u64)> {
        let undecided = |r: &&CardGroupRow| {
            matches!(r.group, Standing::Within | Standing::Open) && r.contrast.is_finite()
        };
        let top = self
            .groups
            .iter()
            .filter(undecided)
            .max_by(|a, b| a.contrast.total_cmp(&b.contrast));
        let bottom = self
            .groups
            .iter()
            .filter(undecided)
            .min_by(|a, b| a.contrast.total_cmp(&b.contrast));
        let mut out = Vec::new();
        for r in [top, bottom].into_iter().flatten() {
            if out.iter().any(|(o, _): &(&CardGroupRow, u64)| o.card == r.card) {
                continue;
            }
            let half = r.contrast_hi - r.contrast;
            if r.contrast != 0.0 {
                let need = (r.games as f64 * (half / r.contrast).powi(2)).ceil() as u64;
                out.push((r, need));
            }
        }
        out
    }
}

impl Race<'_> {
    /// The cumulative games after each round: the cap halved [`LOOKS`] − 1 times, then
    /// doubling up to the cap (fewer rounds when the cap is under 16 games).
    pub fn schedule(&self) -> Vec<u64> {
        let mut ends: Vec<u64> = (0..LOOKS)
            .rev()
            .map(|j| (self.cap >> j).max(1))
            .collect();
        ends.dedup();
        ends
    }

    /// Plays the rounds with `play` (a round's games and cards, a progress bar) and
    /// returns every card's accumulators (cards × (agents + 1)) and what was found.
    /// Errors: those of `play`.
    pub fn run(
        &self,
        play: &PlayRound<'_>,
    ) -> Result<(Vec<Vec<AblationStats>>, RaceOutcome)> {
        let k = self.cards.len();
        let ends = self.schedule();
        let z = simultaneous_z(k, ends.len(), self.alpha);
        let mut stats = vec![vec![AblationStats::default(); self.agents + 1]; k];
        let mut open: Vec<usize> = (0..k).collect();
        let mut outcome = RaceOutcome {
            resolution: self.resolution,
            z,
            looks: ends.len(),
            rounds: Vec::new(),
            groups: Vec::new(),
            first_estimate: None,
            games_played: 0,
        };
        let mut done = 0;
        for (r, &end) in ends.iter().enumerate() {
            if open.is_empty() {
                break;
            }
            let round = Round {
                label: format!("round-{}", r + 1),
                games: done..end,
                cards: open.clone(),
            };
            let games = (end - done) * (1 + open.len() as u64);
            let bar = Progress::new(games, "games");
            let clock = std::time::Instant::now();
            let tally = play(&round, &bar);
            bar.finish();
            let tally = tally?;
            let seconds = clock.elapsed().as_secs_f64();
            for (s, t) in stats.iter_mut().zip(&tally) {
                for (x, y) in s.iter_mut().zip(t) {
                    x.merge(y);
                }
            }
            outcome.games_played += games;
            done = end;
            outcome.groups = self.groups(&stats, z);
            let played = open.len();
            open = (0..k)
                .filter(|&i| outcome.groups[i].group == Standing::Open)
                .collect();
            outcome.rounds.push(RoundRecord {
                games: end,
                cards: played,
                open: open.len(),
            });
            if r == 0 {
                let (per_card, all) = self.needed(&outcome.groups, end);
                outcome.first_estimate = Some((per_card, all));
                // Read on the time of this round, which played every card (a round read
                // back by `sim resume` took no time, and gives none).
                let time = if seconds > 0.1 {
                    let rate = games as f64 / seconds;
                    format!(" (about {} at this speed)", minutes(all as f64 / rate))
                } else {
                    String::new()
                };
                bar.note(&format!(
                    "after {end} games, {} of {k} cards are open; resolving every card to \
                     ±{} needs about {per_card} games a card, {all} games in all{time}; \
                     --games caps a card at {}",
                    open.len(),
                    self.resolution,
                    self.cap
                ));
            }
        }
        Ok((stats, outcome))
    }

    /// The standing of every card from its pooled accumulator.
    fn groups(&self, stats: &[Vec<AblationStats>], z: f64) -> Vec<CardGroupRow> {
        let per = (self.num_seats.max(2) - 1) as f64;
        let cards: Vec<reports::card_groups::MeasuredCard> = self
            .cards
            .iter()
            .zip(stats)
            .map(|(card, s)| {
                let pooled = &s[self.agents];
                let value = pooled.holder_value().map(|(v, se)| (v / per, se / per));
                (card.to_string(), pooled.games, value)
            })
            .collect();
        card_groups(&cards, self.resolution, z)
    }

    /// The games per card that would decide every open card (at least `played`), and the
    /// games in all: each card up to its need (at most the cap), plus the base games of
    /// the largest.
    fn needed(&self, groups: &[CardGroupRow], played: u64) -> (u64, u64) {
        let need: Vec<u64> = groups
            .iter()
            .map(|g| match g.group {
                Standing::Open => g.games_needed.max(played),
                _ => played,
            })
            .collect();
        let most = need.iter().copied().max().unwrap_or(played);
        let all = need.iter().sum::<u64>() + most;
        (most, all)
    }
}

/// `about 12 minutes`, `under a minute`.
fn minutes(seconds: f64) -> String {
    if seconds < 60.0 {
        "under a minute".into()
    } else if seconds < 7200.0 {
        format!("{:.0} minutes", seconds / 60.0)
    } else {
        format!("{:.1} hours", seconds / 3600.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three cards whose values are set by hand: one far above the others, one far
    /// below, one at the average. The race decides the first two in the first round and
    /// plays only the third after it; every round is recorded.
    #[test]
    fn decided_cards_are_played_no_more() {
        let cards = ["HIGH", "LOW", "MID"];
        let race = Race {
            cards: &cards,
            agents: 1,
            num_seats: 2,
            cap: 16_000,
            resolution: 0.001,
            alpha: 0.05,
        };
        assert_eq!(race.schedule(), [1_000, 2_000, 4_000, 8_000, 16_000]);
        let played = std::cell::RefCell::new(Vec::new());
        let play = |round: &Round, _: &Progress| -> Result<Vec<Vec<AblationStats>>> {
            played.borrow_mut().push((round.games.clone(), round.cards.clone()));
            let mut out = vec![vec![AblationStats::default(); 2]; 3];
            for &i in &round.cards {
                for g in round.games.clone() {
                    // Exposed every game; doubled-point differences around 2 (HIGH), −2
                    // (LOW), 0 (MID), with a little noise.
                    let noise = if g % 2 == 0 { 1 } else { -1 };
                    let d = [2, -2, 0][i] + noise;
                    let u = reports::LUCK_UNIT as i64;
                    out[i][1].record(d, 1, 1, d, d * u);
                }
            }
            Ok(out)
        };
        let (stats, outcome) = race.run(&play).unwrap();
        let played = played.into_inner();
        assert_eq!(played[0], (0..1_000, vec![0, 1, 2]));
        // MID's contrast is 0 ± far more than the resolution after 1,000 games, so it
        // goes on alone to the cap.
        assert_eq!(played[1], (1_000..2_000, vec![2]));
        assert_eq!(played.len(), 5);
        let groups: Vec<Standing> = outcome.groups.iter().map(|g| g.group).collect();
        assert_eq!(groups[..2], [Standing::Stronger, Standing::Weaker]);
        assert_eq!(stats[0][1].games, 1_000);
        assert_eq!(stats[2][1].games, played.last().unwrap().0.end);
        assert_eq!(outcome.rounds.len(), played.len());
        assert!(outcome.first_estimate.is_some());
    }
}
