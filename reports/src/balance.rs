//! Balance statistics of a run and the rows of `balance.csv`.
//!
//! Balance asks whether the game itself is fair and lively, whoever plays it: does the
//! first seat have an edge, how often games are drawn, how many goals and decisions a game
//! takes, how often the lead changes hands, and how decisive the half-time score is.
//!
//! - [`GameTrack`] follows one game through its [`GameEvent`]s (running score, half-time
//!   score, lead changes), with no allocation;
//! - [`BalanceStats`] folds finished games into fixed-size integer counters (histograms with
//!   an overflow bucket, sums and sums of squares), merged exactly like
//!   [`crate::RunStats`], so results do not depend on how games are spread over threads;
//! - [`balance_rows`] turns them into the rows of `balance.csv` (one row per metric and
//!   key, with a 95% interval where one applies). `docs/statistics.md` defines every metric.

use crate::score::score_interval95;
use crate::stats::Outcome;
use crate::wilson::{wilson95, Z95};
use engine_core::{GameEvent, Returns, Seat, MAX_SEATS};
use serde::{Deserialize, Serialize};

/// Number of exact buckets of the goals histogram: total goals `0..=30`, one bucket each.
/// Games with more goals fall into one overflow bucket, index [`GOAL_BUCKETS`].
pub const GOAL_BUCKETS: usize = 31;

/// Width, in decisions, of one bucket of the length histogram: bucket `b` holds games of
/// `10·b ..= 10·b + 9` decisions.
pub const LENGTH_BUCKET_WIDTH: u64 = 10;

/// Number of exact buckets of the length histogram (`0-9` up to `990-999` decisions).
/// Games of `LENGTH_BUCKETS · LENGTH_BUCKET_WIDTH` (1000) decisions or more fall into one
/// overflow bucket, index [`LENGTH_BUCKETS`].
pub const LENGTH_BUCKETS: usize = 100;

/// The seat whose score is strictly above every other seat's among the first `n` entries
/// of `score`, if any; never at a one-seat game (no other seat to lead).
fn sole_leader(score: &[u32; MAX_SEATS], n: usize) -> Option<Seat> {
    if n < 2 {
        return None;
    }
    let best = (0..n).max_by_key(|&s| score[s])?;
    let tied = (0..n).filter(|&s| score[s] == score[best]).count();
    (tied == 1).then_some(best as Seat)
}

/// One game followed event by event: the running score of each seat, the score at half
/// time, and the lead changes. `Copy`, fixed size, never allocates: the runner keeps one
/// per game in flight and feeds it every event with [`GameTrack::observe`].
///
/// **Sole leader.** A seat leads solely when its score is strictly above every other
/// seat's score; a level score (two or more seats sharing the top score) has no sole
/// leader.
///
/// **Lead change.** After each goal, if some seat `L` leads solely and the last seat that
/// held the sole lead earlier in the game (before this goal) is a seat other than `L`, the
/// game counts one lead change. The first sole lead of a game is not a change, and an
/// equaliser neither counts nor erases who led last: `1-0, 1-1, 1-2` is one lead change
/// (seat 0 led, then seat 1), `1-0, 1-1, 2-1` is none (seat 0 led again). A goal raises one
/// seat's score by one, so a goal makes at most one lead change.
///
/// **Half time.** The score when [`GameEvent::PeriodEnd`] with `period = 1` is observed. A
/// game in which no first period ends (a one-period game, or an event stream that does not
/// report periods) has no half-time score.
///
/// **One seat.** A solitaire is tracked too (goals, turns, half-time score), but with no
/// other seat nobody ever leads: no sole leader, no lead change, no half-time leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameTrack {
    num_seats: u8,
    score: [u32; MAX_SEATS],
    half_time: Option<[u32; MAX_SEATS]>,
    /// The last seat to have held the sole lead, if any seat ever did.
    last_leader: Option<Seat>,
    lead_changes: u32,
    turns: u32,
}

/// Panics unless `1 <= num_seats <= MAX_SEATS`: the seats a tracked game may have.
#[track_caller]
fn assert_seats(num_seats: usize) {
    assert!(
        (1..=MAX_SEATS).contains(&num_seats),
        "a game has 1..={MAX_SEATS} seats, not {num_seats}"
    );
}

impl GameTrack {
    /// The state of a game of `num_seats` seats before its first event: no goals, no
    /// half-time score, no lead. Panics unless `1 <= num_seats <= MAX_SEATS`.
    pub fn new(num_seats: usize) -> Self {
        assert_seats(num_seats);
        GameTrack {
            num_seats: num_seats as u8,
            score: [0; MAX_SEATS],
            half_time: None,
            last_leader: None,
            lead_changes: 0,
            turns: 0,
        }
    }

    /// Notes one event of the game: [`GameEvent::Goal`] adds one to the seat's score and
    /// may make a lead change; [`GameEvent::PeriodEnd`] with `period = 1` stores the
    /// half-time score (the first time it is seen); other events are ignored. Panics if a
    /// goal's seat is not below the number of seats.
    #[inline]
    pub fn observe(&mut self, event: GameEvent) {
        match event {
            GameEvent::Goal { seat } => {
                let n = usize::from(self.num_seats);
                assert!(usize::from(seat) < n, "goal by seat {seat} of {n}");
                self.score[usize::from(seat)] += 1;
                if let Some(leader) = sole_leader(&self.score, n) {
                    if self.last_leader.is_some_and(|last| last != leader) {
                        self.lead_changes += 1;
                    }
                    self.last_leader = Some(leader);
                }
            }
            GameEvent::PeriodEnd { period: 1 } if self.half_time.is_none() => {
                self.half_time = Some(self.score);
            }
            GameEvent::TurnEnd { .. } => self.count_turn(),
            _ => {}
        }
    }

    /// Notes a turn's end ([`GameEvent::TurnEnd`]): what [`GameTrack::observe`] does with
    /// one, for an observer that has already matched the event (the runner's, which the
    /// engine calls for every event).
    #[inline(always)]
    pub fn count_turn(&mut self) {
        self.turns += 1;
    }

    /// Number of seats of the game.
    pub fn num_seats(&self) -> usize {
        usize::from(self.num_seats)
    }

    /// Goals scored so far by each seat; entries past [`GameTrack::num_seats`] are 0.
    pub fn scores(&self) -> [u32; MAX_SEATS] {
        self.score
    }

    /// Goals scored so far by all seats together.
    pub fn total_goals(&self) -> u64 {
        self.score.iter().map(|&g| u64::from(g)).sum()
    }

    /// The score at the end of period 1 (half time), per seat; `None` until a
    /// [`GameEvent::PeriodEnd`] with `period = 1` has been observed.
    pub fn half_time_scores(&self) -> Option<[u32; MAX_SEATS]> {
        self.half_time
    }

    /// The seat leading solely at half time; `None` when the half-time score is level (no
    /// seat strictly above all others) or unknown.
    pub fn half_time_leader(&self) -> Option<Seat> {
        sole_leader(&self.half_time?, self.num_seats())
    }

    /// The seat leading solely now; `None` when the top score is shared.
    pub fn leader(&self) -> Option<Seat> {
        sole_leader(&self.score, self.num_seats())
    }

    /// Lead changes so far (see the definition on [`GameTrack`]).
    pub fn lead_changes(&self) -> u32 {
        self.lead_changes
    }

    /// Turns played so far: [`GameEvent::TurnEnd`] events, the game's own unit of length.
    pub fn turns(&self) -> u32 {
        self.turns
    }
}

/// Count, sum and sum of squares of a non-negative integer per-game value, kept as
/// integers so that merging is exact. The mean and its standard error follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Moments {
    /// Values added (games).
    pub count: u64,
    /// Sum of the values.
    pub sum: u64,
    /// Sum of the squared values.
    pub sum_sq: u64,
}

impl Moments {
    /// Adds one value.
    #[inline]
    pub fn add(&mut self, x: u64) {
        self.count += 1;
        self.sum += x;
        self.sum_sq += x * x;
    }

    /// Adds `other`'s counts to `self`.
    pub fn merge(&mut self, other: &Moments) {
        add_fields! { self, other; count sum sum_sq }
    }

    /// The mean `sum / count`; `None` without values.
    pub fn mean(&self) -> Option<f64> {
        (self.count > 0).then(|| self.sum as f64 / self.count as f64)
    }

    /// The standard error of the mean, `s / √n` with the sample variance
    /// `s² = (Σx² − n·x̄²) / (n − 1)` (clamped at 0 against rounding); `None` with fewer
    /// than two values.
    pub fn standard_error(&self) -> Option<f64> {
        if self.count < 2 {
            return None;
        }
        let n = self.count as f64;
        let mean = self.sum as f64 / n;
        let var = ((self.sum_sq as f64 - n * mean * mean) / (n - 1.0)).max(0.0);
        Some((var / n).sqrt())
    }

    /// The 95% interval of the mean on the log scale ([`positive_interval95`]): it
    /// stays within the values' possible range (a count is never negative) where
    /// `mean ± z·SE` would not for a heavy-tailed count. `None` with fewer than two
    /// values.
    pub fn interval95(&self) -> Option<(f64, f64)> {
        Some(positive_interval95(self.mean()?, self.standard_error()?))
    }
}

/// The 95% interval of a non-negative quantity's estimate `value` (a mean or a ratio of
/// counts) with standard error `se`, on the log scale: by the delta method
/// `SE(log value) ≈ se / value`, so the interval is `value · exp(∓ z·se/value)` with
/// `z` = [`Z95`]. It never leaves `(0, ∞)` and is wider above the estimate than below,
/// as the sampling distribution of a right-skewed count's mean is; its coverage, measured
/// over 4,000 seeds (the tests), is at least the normal interval's on geometric and
/// log-normal counts. `value = 0` (every value 0) gives `(0, 0)`.
pub fn positive_interval95(value: f64, se: f64) -> (f64, f64) {
    if value <= 0.0 {
        return (0.0, 0.0);
    }
    let f = (Z95 * se / value).exp();
    (value / f, value * f)
}

/// The balance statistics of a run (or a chunk of it), for games of `num_seats` seats.
///
/// Every counter is an integer in a fixed-size array (about 1.3 KB whatever the number of
/// games), so [`BalanceStats::merge`] is exact, associative and commutative. Seat results
/// are per seat number, whichever agent sat there; wins, draws and losses come from the
/// game's returns ([`Outcome::of`]), goals and half-time scores from its [`GameTrack`].
///
/// At a one-seat game (a solitaire) there are no opponents: the placement counters
/// (wins, draws, losses, half-points, win shares, drawn games, the half-time leader's
/// results, lead changes) stay 0 and the returns are not read; games, goals, lengths in
/// decisions and turns, their histograms and the games ended by the length cap are
/// counted as at any number of seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct BalanceStats {
    num_seats: usize,
    games: u64,
    wins: [u64; MAX_SEATS],
    draws: [u64; MAX_SEATS],
    losses: [u64; MAX_SEATS],
    drawn_games: u64,
    goals: Moments,
    #[serde(with = "crate::serde_array")]
    goals_histogram: [u64; GOAL_BUCKETS + 1],
    length: Moments,
    #[serde(with = "crate::serde_array")]
    length_histogram: [u64; LENGTH_BUCKETS + 1],
    half_time_leader_games: u64,
    half_time_leader_wins: u64,
    half_time_leader_draws: u64,
    lead_changes: Moments,
    #[serde(default)]
    half_points: [u64; MAX_SEATS],
    #[serde(default)]
    capped_games: u64,
    #[serde(default)]
    win_share12: [u64; MAX_SEATS],
    #[serde(default)]
    turns: Moments,
    /// Sum over games of goals × turns, for the interval of goals per turn.
    #[serde(default)]
    goals_turns: u64,
    /// Per seat, the sum over games of the squared half-points (the score's variance).
    #[serde(default)]
    half_points_sq: [u64; MAX_SEATS],
    /// Per seat, the sum over games of the squared win shares in twelfths.
    #[serde(default)]
    win_share12_sq: [u64; MAX_SEATS],
}

impl BalanceStats {
    /// Empty statistics for games of `num_seats` seats. Panics unless
    /// `1 <= num_seats <= MAX_SEATS`.
    pub fn new(num_seats: usize) -> Self {
        assert_seats(num_seats);
        BalanceStats {
            num_seats,
            games: 0,
            wins: [0; MAX_SEATS],
            draws: [0; MAX_SEATS],
            losses: [0; MAX_SEATS],
            drawn_games: 0,
            goals: Moments::default(),
            goals_histogram: [0; GOAL_BUCKETS + 1],
            length: Moments::default(),
            length_histogram: [0; LENGTH_BUCKETS + 1],
            half_time_leader_games: 0,
            half_time_leader_wins: 0,
            half_time_leader_draws: 0,
            lead_changes: Moments::default(),
            half_points: [0; MAX_SEATS],
            capped_games: 0,
            win_share12: [0; MAX_SEATS],
            turns: Moments::default(),
            goals_turns: 0,
            half_points_sq: [0; MAX_SEATS],
            win_share12_sq: [0; MAX_SEATS],
        }
    }

    /// Records a finished game: `track` followed all its events, `returns` is its result
    /// and `decisions` the number of decisions all agents took in it (chance outcomes not
    /// counted), the unit of game length; `capped` says the rules' length cap ended it
    /// ([`engine_core::GameState::ended_by_cap`]). Panics if `track` was made for
    /// another number of seats.
    pub fn record_game(
        &mut self,
        track: &GameTrack,
        returns: &Returns,
        decisions: u64,
        capped: bool,
    ) {
        let n = self.num_seats;
        assert_eq!(track.num_seats(), n, "a game of another number of seats");
        self.games += 1;
        self.capped_games += u64::from(capped);
        if n > 1 {
            let mut someone_won = false;
            for seat in 0..n {
                let points2 = crate::stats::half_points(returns, seat, n);
                let share = crate::stats::win_share12(returns, seat, n);
                self.half_points[seat] += points2;
                self.half_points_sq[seat] += points2 * points2;
                self.win_share12[seat] += share;
                self.win_share12_sq[seat] += share * share;
                match Outcome::of(returns, seat, n) {
                    Outcome::Win => {
                        self.wins[seat] += 1;
                        someone_won = true;
                    }
                    Outcome::Draw => self.draws[seat] += 1,
                    Outcome::Loss => self.losses[seat] += 1,
                }
            }
            self.drawn_games += u64::from(!someone_won);
        }

        let goals = track.total_goals();
        self.goals.add(goals);
        self.goals_histogram[(goals as usize).min(GOAL_BUCKETS)] += 1;

        self.length.add(decisions);
        self.turns.add(u64::from(track.turns()));
        self.goals_turns += goals * u64::from(track.turns());
        let bucket = (decisions / LENGTH_BUCKET_WIDTH).min(LENGTH_BUCKETS as u64);
        self.length_histogram[bucket as usize] += 1;

        if let Some(leader) = track.half_time_leader() {
            self.half_time_leader_games += 1;
            match Outcome::of(returns, usize::from(leader), n) {
                Outcome::Win => self.half_time_leader_wins += 1,
                Outcome::Draw => self.half_time_leader_draws += 1,
                Outcome::Loss => {}
            }
        }
        self.lead_changes.add(u64::from(track.lead_changes()));
    }

    /// Adds `other`'s counts to `self`. Exact (integer counts): merging chunks in any order
    /// or grouping gives the same statistics as recording every game in one pass. Panics if
    /// the numbers of seats differ (a bug of the caller).
    pub fn merge(&mut self, other: &Self) {
        assert_eq!(
            self.num_seats, other.num_seats,
            "merging balance statistics of different numbers of seats"
        );
        self.games += other.games;
        for s in 0..MAX_SEATS {
            self.wins[s] += other.wins[s];
            self.draws[s] += other.draws[s];
            self.losses[s] += other.losses[s];
        }
        self.drawn_games += other.drawn_games;
        self.goals.merge(&other.goals);
        for (a, b) in self.goals_histogram.iter_mut().zip(&other.goals_histogram) {
            *a += b;
        }
        self.length.merge(&other.length);
        for (a, b) in self
            .length_histogram
            .iter_mut()
            .zip(&other.length_histogram)
        {
            *a += b;
        }
        self.half_time_leader_games += other.half_time_leader_games;
        self.half_time_leader_wins += other.half_time_leader_wins;
        self.half_time_leader_draws += other.half_time_leader_draws;
        self.lead_changes.merge(&other.lead_changes);
        for s in 0..MAX_SEATS {
            self.half_points[s] += other.half_points[s];
            self.win_share12[s] += other.win_share12[s];
            self.half_points_sq[s] += other.half_points_sq[s];
            self.win_share12_sq[s] += other.win_share12_sq[s];
        }
        self.capped_games += other.capped_games;
        self.turns.merge(&other.turns);
        self.goals_turns += other.goals_turns;
    }

    /// Goals per turn over all games, `Σ goals / Σ turns` (a ratio estimator: in the
    /// memory game, where a pair taken is a goal, pairs per turn), with its 95% interval
    /// by the delta method: the standard error is the sample standard deviation of the
    /// residuals `goals − R · turns` over `√n · mean turns`, and the interval is taken on
    /// the log scale ([`positive_interval95`]). `None` without games or turns.
    pub fn goals_per_turn(&self) -> Option<(f64, f64, f64)> {
        let n = self.games as f64;
        let (g, t) = (self.goals.sum as f64, self.turns.sum as f64);
        if self.games == 0 || self.turns.sum == 0 {
            return None;
        }
        let r = g / t;
        let residuals = self.goals.sum_sq as f64 - 2.0 * r * self.goals_turns as f64
            + r * r * self.turns.sum_sq as f64;
        let se = if self.games > 1 {
            (residuals.max(0.0) / (n - 1.0)).sqrt() / (n.sqrt() * (t / n))
        } else {
            0.0
        };
        let (lo, hi) = positive_interval95(r, se);
        Some((r, lo, hi))
    }

    /// Number of seats.
    pub fn num_seats(&self) -> usize {
        self.num_seats
    }

    /// Games recorded.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// `(wins, draws, losses)` of whoever sat at `seat`. Panics if `seat >= MAX_SEATS`.
    pub fn seat_results(&self, seat: usize) -> (u64, u64, u64) {
        (self.wins[seat], self.draws[seat], self.losses[seat])
    }

    /// Half-points against opponents of `seat` ([`crate::stats::half_points`]): in a
    /// two-seat game `2·wins + draws` (a win 2, a draw 1, a loss 0). Panics if
    /// `seat >= MAX_SEATS`.
    pub fn seat_points2(&self, seat: usize) -> u64 {
        self.half_points[seat]
    }

    /// The sum over games of `seat`'s squared half-points. Panics if
    /// `seat >= MAX_SEATS`.
    pub fn seat_points2_sq(&self, seat: usize) -> u64 {
        self.half_points_sq[seat]
    }

    /// `seat`'s win shares in twelfths ([`crate::stats::win_share12`]) summed over games,
    /// and the sum of their squares. Panics if `seat >= MAX_SEATS`.
    pub fn seat_win_share12(&self, seat: usize) -> (u64, u64) {
        (self.win_share12[seat], self.win_share12_sq[seat])
    }

    /// The 95% interval of `seat`'s score rate, its games counted as independent:
    /// [`score_interval95`] on its half-points (trinomial at two seats, multinomial at
    /// more). `None` without games or at a one-seat game. Panics if `seat >= MAX_SEATS`.
    pub fn seat_score_interval(&self, seat: usize) -> Option<crate::wilson::Interval> {
        let max = 2 * (self.num_seats as u64).checked_sub(1).filter(|&o| o > 0)?;
        score_interval95(
            self.games,
            self.half_points[seat],
            self.half_points_sq[seat],
            max,
        )
    }

    /// Score points of `seat`: [`BalanceStats::seat_points2`] over `2 (num_seats − 1)`,
    /// the placement scores of its games summed; 0 at a one-seat game (no opponents).
    /// Panics if `seat >= MAX_SEATS`.
    pub fn seat_points(&self, seat: usize) -> f64 {
        if self.num_seats < 2 {
            return 0.0;
        }
        self.half_points[seat] as f64 / (2.0 * (self.num_seats - 1) as f64)
    }

    /// Turns per game ([`GameEvent::TurnEnd`] events): count, sum and sum of squares.
    pub fn turns(&self) -> &Moments {
        &self.turns
    }

    /// Games ended by the rules' length cap (a turn limit) rather than by the game's own
    /// end condition.
    pub fn capped_games(&self) -> u64 {
        self.capped_games
    }

    /// Drawn games: games in which no seat's return is strictly above every other seat's.
    pub fn drawn_games(&self) -> u64 {
        self.drawn_games
    }

    /// Total goals per game (all seats together).
    pub fn goals(&self) -> &Moments {
        &self.goals
    }

    /// Games by total goals: index `g < GOAL_BUCKETS` counts games of exactly `g` goals,
    /// index [`GOAL_BUCKETS`] games of more than 30.
    pub fn goals_histogram(&self) -> &[u64; GOAL_BUCKETS + 1] {
        &self.goals_histogram
    }

    /// Decisions per game (the game length).
    pub fn length(&self) -> &Moments {
        &self.length
    }

    /// Games by length: index `b < LENGTH_BUCKETS` counts games of `10·b ..= 10·b + 9`
    /// decisions, index [`LENGTH_BUCKETS`] games of 1000 decisions or more.
    pub fn length_histogram(&self) -> &[u64; LENGTH_BUCKETS + 1] {
        &self.length_histogram
    }

    /// Games with a sole leader at half time ([`GameTrack::half_time_leader`]).
    pub fn half_time_leader_games(&self) -> u64 {
        self.half_time_leader_games
    }

    /// Of those, games the half-time leader won.
    pub fn half_time_leader_wins(&self) -> u64 {
        self.half_time_leader_wins
    }

    /// Of those, games the half-time leader drew.
    pub fn half_time_leader_draws(&self) -> u64 {
        self.half_time_leader_draws
    }

    /// Lead changes per game ([`GameTrack::lead_changes`]).
    pub fn lead_changes(&self) -> &Moments {
        &self.lead_changes
    }
}

/// An agent's result against the `random` agent, computed by the caller from its games
/// against `random`: the skill gap tells how much playing well matters in the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkillGap {
    /// The agent's label (`greedy`, `mcts(iterations=400)`).
    pub agent: String,
    /// Its doubled score points in those games (win 2, draw 1, loss 0).
    pub points2: u64,
    /// The sum over those games of the squared doubled points (`4·wins + draws`).
    pub points2_sq: u64,
    /// The number of those games.
    pub games: u64,
}

/// One row of `balance.csv`: one metric, for one key where the metric has several.
///
/// Columns, in order: `game, metric, key, value, lo, hi`. `value` is empty when the
/// metric is undefined (no games to average over); `lo` and `hi` are empty when the metric
/// has no interval (`games`) or it is undefined (a mean over fewer than two games). The
/// metrics, their keys and their order are listed on [`balance_rows`].
///
/// The HTML report reads the file back into this same type, by column name (see
/// `report::input`): unknown columns are ignored, and a column marked `serde(default)`
/// may be missing (older runs, hand-written files), read as 0 or empty.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BalanceRow {
    /// The game's name (`grangol`).
    #[serde(default)]
    pub game: String,
    /// The metric's name (`seat_score_rate`); the HTML report reads these names.
    pub metric: String,
    /// Which instance of the metric: a seat number, a bucket, an agent label; empty for
    /// metrics with one row.
    pub key: String,
    /// The estimate: a proportion in `[0, 1]`, a difference of proportions, a mean, or a
    /// count (`games`).
    pub value: Option<f64>,
    /// Lower end of its 95% interval.
    pub lo: Option<f64>,
    /// Upper end of its 95% interval.
    pub hi: Option<f64>,
}

/// The `goals_per_turn` row ([`BalanceStats::goals_per_turn`]).
fn per_turn(game: &str, stats: &BalanceStats) -> BalanceRow {
    let v = stats.goals_per_turn();
    BalanceRow {
        game: game.to_string(),
        metric: "goals_per_turn".into(),
        key: String::new(),
        value: v.map(|v| v.0),
        lo: v.map(|v| v.1),
        hi: v.map(|v| v.2),
    }
}

/// The rows of `balance.csv` for a run of `game` with balance statistics `stats` and skill
/// gaps `skill_gap` (may be empty). Rows, in order (`docs/statistics.md` defines each):
///
/// 1. `games` (no key): games recorded; no interval;
/// 2. `seat_score_rate`, key `0`, `1`, … per seat: score rate of whoever sat there (the
///    placement score: share of the opponents finished ahead of, ties half);
/// 3. `first_seat_advantage`, key `0`: seat 0's score rate minus 0.5;
/// 4. `draw_rate` (no seat alone on top); `capped_rate` (games ended by the rules'
///    length cap, e.g. LASTUF GOL's turn cap); `seat_win_share`, key per seat (a sole
///    win 1, a draw among `k` seats tied on top `1 / k`: `1 / num_seats` is fair); 5. `mean_goals`; 6. `mean_length`,
///    key `decisions`, and key `turns` (turns played: `TurnEnd` events), then
///    `goals_per_turn` (all goals over all turns, delta-method interval);
/// 7. `mean_lead_changes`; 8. `half_time_leader_rate`; 9. `half_time_leader_wins`;
/// 10. `half_time_leader_draws`;
/// 11. `goals_distribution`, keys `0` … `30` and `>30`, from 0 to the last non-empty bucket;
/// 12. `length_distribution`, keys `0-9`, `10-19`, … and `>=1000`, from the first to the
///     last non-empty bucket;
/// 13. `skill_gap`, key the agent's label, one row per entry of `skill_gap`.
///
/// At a one-seat game (a solitaire) there are no opponents, so the rows that compare
/// seats or read who finished ahead are left out: `seat_score_rate`,
/// `first_seat_advantage`, `draw_rate`, `seat_win_share`, `mean_lead_changes`, the three
/// `half_time_leader_*` rows and `skill_gap`. What stays: `games`, `capped_rate`,
/// `mean_goals`, `mean_length` (decisions and turns) and the two distributions.
///
/// Proportions get a 95% Wilson interval (Wilson 1927, [`wilson95`]). Score rates
/// (`seat_score_rate`, `first_seat_advantage`, `seat_win_share`, `skill_gap`), whose
/// draws count a fraction of a win, get Wilson's interval at the effective number of
/// games of their per-game variance ([`score_interval95`]: trinomial at two seats,
/// multinomial at more), the games counted as independent. Means of counts (goals,
/// decisions, turns) get the log-scale interval `mean · exp(∓ z·SE/mean)`
/// ([`positive_interval95`], `z` = [`Z95`], SE the sample standard deviation over
/// √games), which cannot leave the counts' range.
pub fn balance_rows(game: &str, stats: &BalanceStats, skill_gap: &[SkillGap]) -> Vec<BalanceRow> {
    let games = stats.games;
    let row = |metric: &str, key: String, value: Option<f64>, lo: Option<f64>, hi: Option<f64>| {
        BalanceRow {
            game: game.to_string(),
            metric: metric.to_string(),
            key,
            value,
            lo,
            hi,
        }
    };
    // A proportion `successes / trials` with its Wilson interval.
    let rate = |metric: &str, key: String, successes: f64, trials: u64| {
        let interval = wilson95(successes, trials);
        row(
            metric,
            key,
            (trials > 0).then(|| successes / trials as f64),
            interval.map(|i| i.lo),
            interval.map(|i| i.hi),
        )
    };
    // A score rate `Σx / (games · max)` with its draw-aware interval (`sum = Σx`,
    // `sum_sq = Σx²`, `x` in `0..=max` per game).
    let score = |metric: &str, key: String, sum: u64, sum_sq: u64, max: u64, games: u64| {
        let interval = score_interval95(games, sum, sum_sq, max);
        row(
            metric,
            key,
            (games > 0).then(|| sum as f64 / (games * max) as f64),
            interval.map(|i| i.lo),
            interval.map(|i| i.hi),
        )
    };
    // A mean of a count with its interval on the log scale ([`Moments::interval95`]).
    let mean = |metric: &str, key: &str, m: &Moments| {
        let interval = m.interval95();
        row(
            metric,
            key.to_string(),
            m.mean(),
            interval.map(|i| i.0),
            interval.map(|i| i.1),
        )
    };

    let n = stats.num_seats;
    let mut rows = Vec::new();
    rows.push(row("games", String::new(), Some(games as f64), None, None));
    if n == 1 {
        rows.push(rate(
            "capped_rate",
            String::new(),
            stats.capped_games as f64,
            games,
        ));
        rows.push(mean("mean_goals", "", &stats.goals));
        rows.push(mean("mean_length", "decisions", &stats.length));
        rows.push(mean("mean_length", "turns", &stats.turns));
        rows.push(per_turn(game, stats));
        distribution_rows(stats, &mut rows, rate);
        return rows;
    }
    let max = 2 * (n as u64 - 1);
    let seat_score = |metric: &str, seat: usize| {
        let (sum, sum_sq) = (stats.half_points[seat], stats.half_points_sq[seat]);
        score(metric, seat.to_string(), sum, sum_sq, max, games)
    };
    for seat in 0..n {
        rows.push(seat_score("seat_score_rate", seat));
    }
    // Placement scores: equal seats score 0.5 each at any number of seats.
    let fair = 0.5;
    let first = seat_score("first_seat_advantage", 0);
    rows.push(BalanceRow {
        value: first.value.map(|v| v - fair),
        lo: first.lo.map(|v| v - fair),
        hi: first.hi.map(|v| v - fair),
        ..first
    });
    rows.push(rate(
        "draw_rate",
        String::new(),
        stats.drawn_games as f64,
        games,
    ));
    rows.push(rate(
        "capped_rate",
        String::new(),
        stats.capped_games as f64,
        games,
    ));
    for seat in 0..n {
        let (sum, sum_sq) = (stats.win_share12[seat], stats.win_share12_sq[seat]);
        rows.push(score(
            "seat_win_share",
            seat.to_string(),
            sum,
            sum_sq,
            12,
            games,
        ));
    }
    rows.push(mean("mean_goals", "", &stats.goals));
    rows.push(mean("mean_length", "decisions", &stats.length));
    rows.push(mean("mean_length", "turns", &stats.turns));
    rows.push(per_turn(game, stats));
    rows.push(mean("mean_lead_changes", "", &stats.lead_changes));
    let leader_games = stats.half_time_leader_games;
    rows.push(rate(
        "half_time_leader_rate",
        String::new(),
        leader_games as f64,
        games,
    ));
    let wins = stats.half_time_leader_wins as f64;
    rows.push(rate(
        "half_time_leader_wins",
        String::new(),
        wins,
        leader_games,
    ));
    let draws = stats.half_time_leader_draws as f64;
    rows.push(rate(
        "half_time_leader_draws",
        String::new(),
        draws,
        leader_games,
    ));
    distribution_rows(stats, &mut rows, rate);
    for gap in skill_gap {
        let key = gap.agent.clone();
        rows.push(score(
            "skill_gap",
            key,
            gap.points2,
            gap.points2_sq,
            2,
            gap.games,
        ));
    }
    rows
}

/// The rows `goals_distribution` and `length_distribution` of `stats` (see
/// [`balance_rows`]), each bucket's share of games made by `rate`.
fn distribution_rows(
    stats: &BalanceStats,
    rows: &mut Vec<BalanceRow>,
    rate: impl Fn(&str, String, f64, u64) -> BalanceRow,
) {
    let games = stats.games;
    let goals = &stats.goals_histogram;
    if let Some(last) = goals.iter().rposition(|&c| c > 0) {
        for (g, &count) in goals.iter().enumerate().take(last + 1) {
            let key = if g < GOAL_BUCKETS {
                g.to_string()
            } else {
                format!(">{}", GOAL_BUCKETS - 1)
            };
            rows.push(rate("goals_distribution", key, count as f64, games));
        }
    }
    let lengths = &stats.length_histogram;
    if let (Some(first), Some(last)) = (
        lengths.iter().position(|&c| c > 0),
        lengths.iter().rposition(|&c| c > 0),
    ) {
        for (b, &count) in lengths.iter().enumerate().take(last + 1).skip(first) {
            let from = b as u64 * LENGTH_BUCKET_WIDTH;
            let key = if b < LENGTH_BUCKETS {
                format!("{}-{}", from, from + LENGTH_BUCKET_WIDTH - 1)
            } else {
                format!(">={from}")
            };
            rows.push(rate("length_distribution", key, count as f64, games));
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// One agent's [`SkillGap`]: `points2` doubled points, `points2_sq` their squares'
    /// sum, over `games` games against `random`.
    pub(crate) fn one_gap(agent: &str, points2: u64, points2_sq: u64, games: u64) -> [SkillGap; 1] {
        [SkillGap {
            agent: agent.into(),
            points2,
            points2_sq,
            games,
        }]
    }
    use crate::wilson::Interval;

    fn goal(seat: Seat) -> GameEvent {
        GameEvent::Goal { seat }
    }

    fn half() -> GameEvent {
        GameEvent::PeriodEnd { period: 1 }
    }

    fn full() -> GameEvent {
        GameEvent::PeriodEnd { period: 2 }
    }

    /// A two-seat game: `first` goals before half time, then `second`, by scoring seat.
    fn play(num_seats: usize, first: &[Seat], second: &[Seat]) -> GameTrack {
        let mut t = GameTrack::new(num_seats);
        // Card events must be ignored.
        t.observe(GameEvent::CardDrawn { seat: 0, card: 3 });
        for &s in first {
            t.observe(goal(s));
        }
        t.observe(half());
        t.observe(GameEvent::CardResolved {
            seat: 1,
            card: 0,
            success: true,
        });
        for &s in second {
            t.observe(goal(s));
        }
        t.observe(full());
        t
    }

    fn returns(r: &[f64]) -> Returns {
        let mut out = [0.0; MAX_SEATS];
        out[..r.len()].copy_from_slice(r);
        out
    }

    #[test]
    fn comeback_after_half_time() {
        // 1-0 at half time, 1-2 at the end: one lead change, the half-time leader lost.
        let t = play(2, &[0], &[1, 1]);
        assert_eq!(t.scores(), [1, 2, 0, 0]);
        assert_eq!(t.half_time_scores(), Some([1, 0, 0, 0]));
        assert_eq!(t.half_time_leader(), Some(0));
        assert_eq!(t.leader(), Some(1));
        assert_eq!(t.lead_changes(), 1);
        assert_eq!(t.total_goals(), 3);
        let mut st = BalanceStats::new(2);
        st.record_game(&t, &returns(&[0.0, 1.0]), 42, false);
        assert_eq!(st.half_time_leader_games(), 1);
        assert_eq!(st.half_time_leader_wins(), 0);
        assert_eq!(st.half_time_leader_draws(), 0);
        assert_eq!(st.seat_results(0), (0, 0, 1));
        assert_eq!(st.seat_results(1), (1, 0, 0));
        assert_eq!(st.drawn_games(), 0);
        assert_eq!(st.goals_histogram()[3], 1);
        assert_eq!(st.length_histogram()[4], 1);
        assert_eq!(
            *st.lead_changes(),
            Moments {
                count: 1,
                sum: 1,
                sum_sq: 1
            }
        );
    }

    #[test]
    fn lead_changes_follow_the_definition() {
        // Equalising and retaking the lead is not a change.
        assert_eq!(play(2, &[0, 1, 0], &[]).lead_changes(), 0);
        // Level, then the other seat leads: a change (seat 0 led before).
        assert_eq!(play(2, &[0, 1], &[1]).lead_changes(), 1);
        // The first lead after a level start is not a change, in either half.
        assert_eq!(play(2, &[], &[1, 1, 1]).lead_changes(), 0);
        // 1-0, 1-1, 1-2, 2-2, 3-2, 3-3, 3-4: seat 0, seat 1, seat 0, seat 1 led.
        let t = play(2, &[0, 1, 1], &[0, 0, 1, 1]);
        assert_eq!(t.lead_changes(), 3);
        assert_eq!(t.half_time_leader(), Some(1));
        assert_eq!(t.leader(), Some(1));
        // No goals, no lead, no change; a level half time has no leader.
        let nil = play(2, &[], &[]);
        assert_eq!((nil.lead_changes(), nil.half_time_leader()), (0, None));
        assert_eq!(play(2, &[0, 1], &[0]).half_time_leader(), None);
        // Three seats: 1-0-0 (seat 0), 1-1-0 (level), 1-1-1, 1-2-1 (seat 1: change),
        // 1-2-2 (level), 1-2-3 (seat 2: change), 2-2-3 (seat 2 still).
        let three = play(3, &[0, 1, 2], &[1, 2, 2, 0]);
        assert_eq!(three.lead_changes(), 2);
        assert_eq!(three.half_time_leader(), None);
        assert_eq!(three.scores(), [2, 2, 3, 0]);
    }

    #[test]
    fn half_time_is_the_end_of_period_one_only() {
        let mut t = GameTrack::new(2);
        t.observe(goal(1));
        assert_eq!(t.half_time_scores(), None);
        assert_eq!(t.half_time_leader(), None);
        t.observe(half());
        t.observe(goal(0));
        t.observe(goal(0));
        t.observe(full());
        // A repeated period-1 end does not move the half-time score.
        t.observe(half());
        assert_eq!(t.half_time_scores(), Some([0, 1, 0, 0]));
        assert_eq!(t.half_time_leader(), Some(1));
    }

    #[test]
    #[should_panic(expected = "goal by seat 2")]
    fn goal_by_a_missing_seat_panics() {
        GameTrack::new(2).observe(goal(2));
    }

    #[test]
    fn buckets_and_overflow() {
        let mut st = BalanceStats::new(2);
        let many = [0; 31];
        let t31 = play(2, &many, &[]);
        let t30 = play(2, &many[..30], &[]);
        st.record_game(&t31, &returns(&[1.0, 0.0]), 1000, false);
        st.record_game(&t30, &returns(&[1.0, 0.0]), 999, false);
        st.record_game(&play(2, &[], &[]), &returns(&[0.5, 0.5]), 0, false);
        st.record_game(&play(2, &[], &[]), &returns(&[0.5, 0.5]), 9, false);
        st.record_game(&play(2, &[], &[]), &returns(&[0.5, 0.5]), 10, false);
        let g = st.goals_histogram();
        assert_eq!((g[0], g[30], g[GOAL_BUCKETS]), (3, 1, 1));
        let l = st.length_histogram();
        assert_eq!((l[0], l[1], l[99], l[LENGTH_BUCKETS]), (2, 1, 1, 1));
        assert_eq!(g.iter().sum::<u64>(), 5);
        assert_eq!(l.iter().sum::<u64>(), 5);
        assert_eq!(st.goals().sum, 61);
        assert_eq!(st.goals().sum_sq, 31 * 31 + 30 * 30);
        assert_eq!(st.length().sum, 2018);
        assert_eq!(st.drawn_games(), 3);
        assert_eq!(st.seat_points2(0), 4 + 3);
        assert_eq!(st.seat_points2(1), 3);
        // The half-time leader (seat 0 in the first two games) won twice.
        assert_eq!(
            (st.half_time_leader_games(), st.half_time_leader_wins()),
            (2, 2)
        );
        let rows = balance_rows("g", &st, &[]);
        let keys = |metric: &str| -> Vec<String> {
            rows.iter()
                .filter(|r| r.metric == metric)
                .map(|r| r.key.clone())
                .collect()
        };
        let goal_keys = keys("goals_distribution");
        assert_eq!(goal_keys.len(), 32);
        assert_eq!(goal_keys[0], "0");
        assert_eq!(goal_keys[30], "30");
        assert_eq!(goal_keys[31], ">30");
        let length_keys = keys("length_distribution");
        assert_eq!(length_keys.len(), 101);
        assert_eq!(length_keys[1], "10-19");
        assert_eq!(length_keys[99], "990-999");
        assert_eq!(length_keys[100], ">=1000");
    }

    #[test]
    fn multi_seat_draws_and_results() {
        // Four seats; seats 0 and 2 share the top return: a drawn game.
        let mut st = BalanceStats::new(4);
        let t = play(4, &[0], &[2, 3]);
        st.record_game(&t, &returns(&[0.5, 0.0, 0.5, 0.0]), 5, false);
        assert_eq!(st.drawn_games(), 1);
        assert_eq!(st.seat_results(0), (0, 1, 0));
        assert_eq!(st.seat_results(1), (0, 0, 1));
        // The half-time leader (seat 0) drew.
        assert_eq!(
            (
                st.half_time_leader_games(),
                st.half_time_leader_wins(),
                st.half_time_leader_draws()
            ),
            (1, 0, 1)
        );
    }

    /// A varied list of games: (track, returns, decisions).
    fn games() -> Vec<(GameTrack, Returns, u64)> {
        let mut out = Vec::new();
        for i in 0..40u64 {
            let first: Vec<Seat> = (0..i % 4).map(|k| ((k + i) % 2) as Seat).collect();
            let mut second: Vec<Seat> = (0..i % 7).map(|k| ((k * i) % 2) as Seat).collect();
            if i % 5 == 0 {
                // Seat 0 scores, then seat 1 three times: game 0 ends 1-2, a lead change.
                second.extend([0, 1, 1, 1]);
            }
            let t = play(2, &first, &second);
            let [a, b, ..] = t.scores();
            let r = match a.cmp(&b) {
                std::cmp::Ordering::Greater => [1.0, 0.0],
                std::cmp::Ordering::Less => [0.0, 1.0],
                std::cmp::Ordering::Equal => [0.5, 0.5],
            };
            out.push((t, returns(&r), i * 37 % 1100));
        }
        out
    }

    fn record(games: &[(GameTrack, Returns, u64)]) -> BalanceStats {
        let mut st = BalanceStats::new(2);
        for (t, r, d) in games {
            st.record_game(t, r, *d, false);
        }
        st
    }

    #[test]
    fn goals_per_turn_is_a_ratio_with_a_delta_method_interval() {
        // Games of (goals, turns): (2, 4), (3, 5), (1, 3), (4, 8).
        let mut st = BalanceStats::new(1);
        for (g, t) in [(2u32, 4u32), (3, 5), (1, 3), (4, 8)] {
            let mut track = GameTrack::new(1);
            for _ in 0..g {
                track.observe(GameEvent::Goal { seat: 0 });
            }
            for _ in 0..t {
                track.observe(GameEvent::TurnEnd { seat: 0 });
            }
            st.record_game(&track, &[1.0, 0.0, 0.0, 0.0], u64::from(t), false);
        }
        let (r, lo, hi) = st.goals_per_turn().unwrap();
        assert!((r - 10.0 / 20.0).abs() < 1e-12);
        // Residuals g − R·t: 0, 0.5, −0.5, 0; s² = 0.5 / 3; SE = s / (√4 · 5).
        let se = (0.5f64 / 3.0).sqrt() / (2.0 * 5.0);
        let f = (Z95 * se / r).exp();
        assert!((hi - r * f).abs() < 1e-12 && (lo - r / f).abs() < 1e-12);
        assert!(BalanceStats::new(2).goals_per_turn().is_none());
    }

    /// The coverage of `mean ± z·SE` and of the log-scale interval
    /// ([`positive_interval95`]) of the mean of 60 counts, over 4,000 seeds: on geometric
    /// counts (mean 49) and on rounded log-normal ones (σ = 1.5, a heavy tail), the
    /// log-scale interval covers the true mean at least as often, and never leaves the
    /// counts' range, which the normal one does on the heavy tail.
    #[test]
    fn the_log_scale_interval_of_a_counts_mean_covers_and_stays_positive() {
        use rand::SeedableRng;
        use rand_distr::{Distribution, Geometric, LogNormal};
        let coverage = |draw: &dyn Fn(&mut rand_pcg::Pcg64Mcg) -> u64, mu: f64| {
            let (mut normal, mut log, mut negative) = (0u32, 0u32, 0u32);
            for seed in 0..4000u64 {
                let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
                let mut m = Moments::default();
                for _ in 0..60 {
                    m.add(draw(&mut rng));
                }
                let (v, se) = (m.mean().unwrap(), m.standard_error().unwrap());
                normal += u32::from((v - Z95 * se..=v + Z95 * se).contains(&mu));
                negative += u32::from(v - Z95 * se < 0.0);
                let (lo, hi) = m.interval95().unwrap();
                assert!(lo >= 0.0 && lo <= v && v <= hi);
                log += u32::from((lo..=hi).contains(&mu));
            }
            (
                f64::from(normal) / 4000.0,
                f64::from(log) / 4000.0,
                negative,
            )
        };
        let geometric = Geometric::new(1.0 / 50.0).unwrap();
        let (normal, log, _) = coverage(&|r| geometric.sample(r), 49.0);
        assert!(log >= normal && log > 0.925, "geometric: {normal} {log}");
        let heavy: LogNormal<f64> = LogNormal::new(3.0, 1.5).unwrap();
        // The rounded values' mean, estimated once from a large sample.
        let mut big = rand_pcg::Pcg64Mcg::seed_from_u64(99);
        let mu = (0..2_000_000)
            .map(|_| heavy.sample(&mut big).round())
            .sum::<f64>()
            / 2_000_000.0;
        let (normal, log, negative) = coverage(&|r| heavy.sample(r).round() as u64, mu);
        assert!(log > normal + 0.02, "log-normal: {normal} {log}");
        assert!(
            negative > 0,
            "the normal interval leaves the range on the heavy tail"
        );
    }

    #[test]
    fn merge_equals_sequential_recording() {
        let all = games();
        let whole = record(&all);
        assert_eq!(whole.games(), 40);
        // Some game in every kind of counter, so the comparison is not vacuous.
        assert!(whole.drawn_games() > 0 && whole.half_time_leader_games() > 0);
        assert!(whole.lead_changes().sum > 0 && whole.length_histogram()[LENGTH_BUCKETS] > 0);
        let (a, b, c) = (record(&all[..7]), record(&all[7..25]), record(&all[25..]));
        let mut abc = a.clone();
        abc.merge(&b);
        abc.merge(&c);
        assert_eq!(abc, whole);
        // Commutative and associative.
        let mut cb = c.clone();
        cb.merge(&b);
        let mut cba = cb.clone();
        cba.merge(&a);
        assert_eq!(cba, whole);
        let mut bc = b.clone();
        bc.merge(&c);
        let mut a_bc = a.clone();
        a_bc.merge(&bc);
        assert_eq!(a_bc, whole);
        // The empty statistics are the identity.
        let mut e = BalanceStats::new(2);
        e.merge(&whole);
        assert_eq!(e, whole);
        assert_eq!(balance_rows("g", &abc, &[]), balance_rows("g", &whole, &[]));
    }

    #[test]
    #[should_panic(expected = "different numbers of seats")]
    fn merging_different_shapes_panics() {
        BalanceStats::new(2).merge(&BalanceStats::new(3));
    }

    /// The metric and key of every row, in order.
    fn names(rows: &[BalanceRow]) -> Vec<(&str, &str)> {
        rows.iter()
            .map(|r| (r.metric.as_str(), r.key.as_str()))
            .collect()
    }

    fn close(a: Option<f64>, b: f64) {
        let a = a.expect("a value");
        assert!((a - b).abs() < 1e-12, "{a} != {b}");
    }

    #[test]
    fn turns_are_the_turn_ends_observed() {
        let mut t = GameTrack::new(3);
        for seat in [0, 1, 2, 0] {
            t.observe(GameEvent::TurnEnd { seat });
        }
        t.observe(GameEvent::Locked { seat: 1 });
        assert_eq!(t.turns(), 4);
        let mut st = BalanceStats::new(3);
        st.record_game(&t, &returns(&[1.0, 0.5, 0.0]), 9, false);
        assert_eq!(st.turns().mean(), Some(4.0));
    }

    #[test]
    fn one_seat_games_have_no_leader_and_no_placement() {
        // A solitaire: goals (points), turns and lengths only.
        let games: [(&[Seat], u32, u64, bool); 3] = [
            (&[0, 0], 5, 12, false),
            (&[], 3, 7, true),
            (&[0, 0, 0, 0], 8, 20, false),
        ];
        let mut st = BalanceStats::new(1);
        for &(goals, turns, decisions, capped) in &games {
            let mut t = GameTrack::new(1);
            t.observe(goal(0));
            t.observe(half());
            for &s in goals {
                t.observe(goal(s));
            }
            for _ in 0..turns {
                t.observe(GameEvent::TurnEnd { seat: 0 });
            }
            assert_eq!(
                (t.leader(), t.half_time_leader(), t.lead_changes()),
                (None, None, 0)
            );
            assert_eq!(t.half_time_scores(), Some([1, 0, 0, 0]));
            // The returns are not read at one seat.
            st.record_game(&t, &returns(&[0.25]), decisions, capped);
        }
        assert_eq!(st.games(), 3);
        assert_eq!(st.seat_results(0), (0, 0, 0));
        assert_eq!(
            (st.drawn_games(), st.seat_points2(0), st.seat_points(0)),
            (0, 0, 0.0)
        );
        assert_eq!(st.half_time_leader_games(), 0);
        assert_eq!(st.capped_games(), 1);
        assert_eq!(st.goals().sum, 3 + 1 + 5);
        assert_eq!(st.turns().mean(), Some(16.0 / 3.0));
        assert_eq!(st.length().sum, 39);

        let rows = balance_rows("memory", &st, &[]);
        assert_eq!(
            names(&rows),
            [
                ("games", ""),
                ("capped_rate", ""),
                ("mean_goals", ""),
                ("mean_length", "decisions"),
                ("mean_length", "turns"),
                ("goals_per_turn", ""),
                ("goals_distribution", "0"),
                ("goals_distribution", "1"),
                ("goals_distribution", "2"),
                ("goals_distribution", "3"),
                ("goals_distribution", "4"),
                ("goals_distribution", "5"),
                ("length_distribution", "0-9"),
                ("length_distribution", "10-19"),
                ("length_distribution", "20-29"),
            ]
        );
        // Turns 5, 3, 8: mean 16/3, sample variance 19/3, SE sqrt(19/9).
        let turns = &rows[4];
        let se = (19.0f64 / 9.0).sqrt();
        close(turns.value, 16.0 / 3.0);
        // The log-scale interval: 16/3 · exp(∓ z·SE / (16/3)).
        let f = (Z95 * se / (16.0 / 3.0)).exp();
        close(turns.lo, 16.0 / 3.0 / f);
        close(turns.hi, 16.0 / 3.0 * f);
        let w = wilson95(1.0, 3).unwrap();
        close(rows[1].value, 1.0 / 3.0);
        close(rows[1].lo, w.lo);
        assert!(rows.iter().all(|r| r.value.is_some_and(f64::is_finite)
            && r.lo.is_none_or(f64::is_finite)
            && r.hi.is_none_or(f64::is_finite)));
        // Skill gaps need opponents: none at one seat.
        let gap = one_gap("greedy", 0, 0, 0);
        assert_eq!(balance_rows("memory", &st, &gap), rows);

        // Exact merges at one seat too.
        let mut twice = st.clone();
        twice.merge(&st);
        assert_eq!(twice.games(), 6);
        assert_eq!(twice.turns().sum, 32);
    }

    #[test]
    #[should_panic(expected = "1..=4 seats, not 0")]
    fn a_game_of_no_seat_panics() {
        GameTrack::new(0);
    }

    #[test]
    fn rows_of_a_tiny_run() {
        // Game 1: 1-0 at half time, 1-2 at the end, 15 decisions, seat 1 wins.
        // Game 2: 0-0, 5 decisions, a draw.
        let mut st = BalanceStats::new(2);
        st.record_game(&play(2, &[0], &[1, 1]), &returns(&[0.0, 1.0]), 15, false);
        st.record_game(&play(2, &[], &[]), &returns(&[0.5, 0.5]), 5, true);
        let gap = one_gap("greedy", 3, 5, 2);
        let rows = balance_rows("grangol", &st, &gap);
        assert_eq!(
            names(&rows),
            [
                ("games", ""),
                ("seat_score_rate", "0"),
                ("seat_score_rate", "1"),
                ("first_seat_advantage", "0"),
                ("draw_rate", ""),
                ("capped_rate", ""),
                ("seat_win_share", "0"),
                ("seat_win_share", "1"),
                ("mean_goals", ""),
                ("mean_length", "decisions"),
                ("mean_length", "turns"),
                ("goals_per_turn", ""),
                ("mean_lead_changes", ""),
                ("half_time_leader_rate", ""),
                ("half_time_leader_wins", ""),
                ("half_time_leader_draws", ""),
                ("goals_distribution", "0"),
                ("goals_distribution", "1"),
                ("goals_distribution", "2"),
                ("goals_distribution", "3"),
                ("length_distribution", "0-9"),
                ("length_distribution", "10-19"),
                ("skill_gap", "greedy"),
            ]
        );
        assert!(rows.iter().all(|r| r.game == "grangol"));
        let w = |s: f64, n: u64| wilson95(s, n).unwrap();
        let check = |i: usize, value: f64, interval: Interval| {
            close(rows[i].value, value);
            close(rows[i].lo, interval.lo);
            close(rows[i].hi, interval.hi);
        };
        assert_eq!(
            (rows[0].value, rows[0].lo, rows[0].hi),
            (Some(2.0), None, None)
        );
        // Score rates: seat 0 lost and drew (half-points 0 and 1: Σx = 1, Σx² = 1), so
        // n* = 2·1·(4 − 1)/(2·1 − 1) = 6 effective games; seat 1 won and drew (Σx = 3,
        // Σx² = 5): n* = 2·3·(4 − 3)/(2·5 − 9) = 6 too.
        let d = |p: f64| crate::wilson::wilson(p * 6.0, 6.0, Z95).unwrap();
        check(1, 0.25, d(0.25));
        check(2, 0.75, d(0.75));
        let shifted = Interval {
            lo: d(0.25).lo - 0.5,
            hi: d(0.25).hi - 0.5,
        };
        check(3, -0.25, shifted);
        check(4, 0.5, w(1.0, 2));
        // Goals 3 and 0: mean 1.5, sample variance 4.5, SE 1.5.
        // Means of counts: the log-scale interval m · exp(∓ z·SE/m).
        let log_scale = |m: f64, se: f64| {
            let f = if m > 0.0 { (Z95 * se / m).exp() } else { 1.0 };
            Interval {
                lo: m / f,
                hi: m * f,
            }
        };
        // The second game was ended by the length cap, a draw; seat 1 won the first.
        check(5, 0.5, w(1.0, 2));
        // Win shares 0 and ½, 1 and ½: the same spread as the score rates.
        check(6, 0.25, d(0.25));
        check(7, 0.75, d(0.75));
        check(8, 1.5, log_scale(1.5, 1.5));
        // Decisions 15 and 5: mean 10, sample variance 50, SE 5.
        check(9, 10.0, log_scale(10.0, 5.0));
        // Lead changes 1 and 0: mean 0.5, sample variance 0.5, SE 0.5.
        // No TurnEnd events in these tracks: 0 turns, no spread.
        check(10, 0.0, log_scale(0.0, 0.0));
        // No turns, so no goals per turn.
        assert_eq!(rows[11].metric, "goals_per_turn");
        assert!(rows[11].value.is_none());
        check(12, 0.5, log_scale(0.5, 0.5));
        check(13, 0.5, w(1.0, 2));
        // One game with a half-time leader, who lost.
        check(14, 0.0, w(0.0, 1));
        check(15, 0.0, w(0.0, 1));
        check(16, 0.5, w(1.0, 2));
        check(17, 0.0, w(0.0, 2));
        check(18, 0.0, w(0.0, 2));
        check(19, 0.5, w(1.0, 2));
        check(20, 0.5, w(1.0, 2));
        check(21, 0.5, w(1.0, 2));
        // The skill gap: a win and a draw (Σx = 3, Σx² = 5).
        check(22, 0.75, d(0.75));

        // The CSV columns and empty cells.
        let mut out = csv::Writer::from_writer(vec![]);
        for r in &rows[..2] {
            out.serialize(r).unwrap();
        }
        let text = String::from_utf8(out.into_inner().unwrap()).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("game,metric,key,value,lo,hi"));
        assert_eq!(lines.next(), Some("grangol,games,,2.0,,"));
        assert!(lines
            .next()
            .unwrap()
            .starts_with("grangol,seat_score_rate,0,0.25,0."));
    }

    #[test]
    fn rows_of_one_game_and_of_none() {
        // One game: means have a value but no interval (no sample variance).
        let mut one = BalanceStats::new(2);
        one.record_game(&play(2, &[1], &[]), &returns(&[0.0, 1.0]), 12, false);
        let rows = balance_rows("g", &one, &[]);
        let find = |rows: &[BalanceRow], m: &str| rows.iter().find(|r| r.metric == m).cloned();
        for metric in ["mean_goals", "mean_length", "mean_lead_changes"] {
            let r = find(&rows, metric).unwrap();
            assert!(
                r.value.is_some() && r.lo.is_none() && r.hi.is_none(),
                "{metric}"
            );
        }
        let wins = find(&rows, "half_time_leader_wins").unwrap();
        assert_eq!(wins.value, Some(1.0));
        assert_eq!(wins.hi, Some(1.0));
        // Only the non-empty length bucket, but goal buckets from 0.
        let keys: Vec<_> = rows
            .iter()
            .filter(|r| r.metric.ends_with("_distribution"))
            .map(|r| r.key.as_str())
            .collect();
        assert_eq!(keys, ["0", "1", "10-19"]);

        // No games: every value but `games` is empty, no distribution rows; skill gaps of
        // no games are empty too.
        let gap = one_gap("mcts", 0, 0, 0);
        let none = balance_rows("g", &BalanceStats::new(3), &gap);
        assert_eq!(none.len(), 1 + 3 + 1 + 9 + 1 + 3 + 1);
        assert_eq!(none[0].value, Some(0.0));
        assert!(none[1..]
            .iter()
            .all(|r| r.value.is_none() && r.lo.is_none() && r.hi.is_none()));
        assert_eq!(none.last().unwrap().key, "mcts");
    }
}
