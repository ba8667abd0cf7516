//! The [`Tally`]: everything a run counts, as exact integers that add up in any order,
//! and how one game's events and result are added to it.

use super::Plan;
use crate::infra::play::{GameRecord, Observer};
use crate::infra::schedule::Scheduled;
use anyhow::Result;
use engine_core::{GameEvent, GameState, MAX_SEATS};
use reports::{BalanceStats, CardEvents, GameCards, GameTrack, MatchStats, RunStats};
use serde::Serialize;

/// Everything a run counts, for a chunk of games or the whole run: exact integer
/// accumulators, merged in any order. Written to and read from `shard.json`.
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
pub struct Tally {
    /// Per (agent, seat) and per (agent, card) counts.
    pub stats: RunStats,
    /// Per match results (two-seat games), in schedule order.
    pub matches: Vec<MatchStats>,
    /// First-seat advantage, lengths, goals, half-time leaders, lead changes.
    pub balance: BalanceStats,
    /// Per agent: decisions well past its time budget (timing, not results: reported,
    /// never written to the CSV files).
    #[serde(default)]
    pub overruns: Vec<crate::infra::play::Overrun>,
    /// The games the report shows as replays (absent from files of older versions).
    #[serde(default)]
    pub samples: Samples,
}

/// Sample games of a run, for the report's replay pages (`games/` of the run folder): the
/// lowest-numbered game the first agent of `--agents` won (its return above every other
/// seat's), the lowest-numbered one it lost (below every other seat's), and the longest
/// game (most applied actions; the lowest-numbered of equals). Game indices of the
/// schedule, kept by minimum and maximum, so they are the same for any number of threads,
/// chunks or shards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Samples {
    /// A game the first agent won.
    pub win: Option<u64>,
    /// A game the first agent lost.
    pub loss: Option<u64>,
    /// The longest game: `(actions, index)`.
    pub longest: Option<(u64, u64)>,
}

impl Samples {
    /// Adds game `index` of `actions` applied actions, in which the first agent (agent 0)
    /// got `returns[s]` at seat `s` if it played (`seats`: the agent at each seat).
    pub fn record(&mut self, index: u64, seats: &[usize], returns: &[f64], actions: u64) {
        let n = seats.len();
        if let Some(s) = seats.iter().position(|&a| a == 0) {
            let mine = returns[s];
            let others = (0..n).filter(|&t| t != s).map(|t| returns[t]);
            if n > 1 && others.clone().all(|r| mine > r) {
                self.win = Some(self.win.map_or(index, |w| w.min(index)));
            }
            if n > 1 && others.clone().all(|r| mine < r) {
                self.loss = Some(self.loss.map_or(index, |l| l.min(index)));
            }
        }
        self.merge(&Samples {
            win: None,
            loss: None,
            longest: Some((actions, index)),
        });
    }

    /// Adds `other`'s samples: the lower win and loss, the longer game (the lower index of
    /// two as long).
    pub fn merge(&mut self, other: &Samples) {
        let low = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.win = low(self.win, other.win);
        self.loss = low(self.loss, other.loss);
        self.longest = match (self.longest, other.longest) {
            (Some((a, i)), Some((b, j))) => Some(if a > b || (a == b && i < j) {
                (a, i)
            } else {
                (b, j)
            }),
            (a, b) => a.or(b),
        };
    }
}

impl Tally {
    /// Empty counts for `plan` at a game with `info`.
    pub fn new(plan: &Plan, info: &engine_core::GameInfo) -> Self {
        Tally {
            stats: RunStats::new(plan.specs.len(), info.num_seats, info.cards.len()),
            matches: plan
                .schedule
                .head_to_head()
                .into_iter()
                .map(|[a, b]| MatchStats::new(a, b))
                .collect(),
            balance: BalanceStats::new(info.num_seats),
            overruns: vec![crate::infra::play::Overrun::default(); plan.specs.len()],
            samples: Samples::default(),
        }
    }

    /// Whether `other` (read from a file) counts the same things as `self`: the same
    /// agents, seats and cards, the same matches, games of the same number of seats.
    pub fn same_shape(&self, other: &Tally) -> bool {
        self.stats.same_shape(&other.stats)
            && self.matches.len() == other.matches.len()
            && self
                .matches
                .iter()
                .zip(&other.matches)
                .all(|(a, b)| a.agents == b.agents)
            && self.balance.num_seats() == other.balance.num_seats()
            && (other.overruns.is_empty() || other.overruns.len() == self.overruns.len())
    }

    /// Checks counts read from a file (`shard.json`, `checkpoint.json`) that claim to be
    /// those of `games` games of a game of `info`: no count above what `games` games can
    /// make (each game adds at most the square of the longest game, `max_game_length`, to
    /// a sum of squares; computed in `u128`, so the bound holds at any number of games),
    /// and the counters that must agree do: the games in every table, the games at every
    /// seat, the wins, draws and losses of the agents and of the balance table per seat,
    /// the drawn games, the games of every agent in its card counts, the games of the
    /// matches, the sums of squared scores (`Tally::check_squares`). Run after [`Tally::same_shape`]. Errors: what disagrees, naming the field.
    pub fn check_counts(&self, games: u64, info: &engine_core::GameInfo) -> Result<(), String> {
        let longest = u128::from(info.max_game_length as u64) + 1;
        // At least one game's worth: the shape fields (seats, agents, cards) are in the
        // tree too, and a run stopped before its first chunk finished counts 0 games.
        let ceiling =
            u64::try_from(u128::from(games.max(1)) * longest * longest).unwrap_or(u64::MAX);
        fn within(v: &serde_json::Value, ceiling: u64) -> bool {
            match v {
                serde_json::Value::Number(n) => n.as_u64().is_none_or(|n| n <= ceiling),
                serde_json::Value::Array(a) => a.iter().all(|x| within(x, ceiling)),
                serde_json::Value::Object(m) => m.values().all(|x| within(x, ceiling)),
                _ => true,
            }
        }
        let tree = serde_json::to_value(self).map_err(|e| e.to_string())?;
        if !within(&tree, ceiling) {
            return Err(format!("a count is larger than {games} games can make"));
        }
        let differ = |field: &str, counted: u128, expected: u128| {
            Err(format!(
                "{field} counts {counted} where the other counts give {expected}"
            ))
        };
        let games128 = u128::from(games);
        let b = &self.balance;
        for (field, counted) in [
            ("stats.games", self.stats.games()),
            ("balance.games", b.games()),
            ("balance.goals.count", b.goals().count),
            ("balance.length.count", b.length().count),
            ("balance.turns.count", b.turns().count),
        ] {
            if counted != games {
                return differ(field, counted.into(), games128);
            }
        }
        let sum = |xs: &[u64]| xs.iter().map(|&x| u128::from(x)).sum::<u128>();
        for (field, histogram) in [
            ("balance.goals_histogram", &b.goals_histogram()[..]),
            ("balance.length_histogram", &b.length_histogram()[..]),
        ] {
            if sum(histogram) != games128 {
                return differ(field, sum(histogram), games128);
            }
        }
        let n = b.num_seats();
        let agents = self.stats.num_agents();
        for s in 0..n {
            let at_seat = |f: fn(&reports::SeatStats) -> u64| {
                (0..agents)
                    .map(|a| u128::from(f(self.stats.seat(a, s as engine_core::Seat))))
                    .sum::<u128>()
            };
            if at_seat(|x| x.games) != games128 {
                return differ(
                    &format!("stats.seats (games at seat {s})"),
                    at_seat(|x| x.games),
                    games128,
                );
            }
            if n > 1 {
                let (w, d, l) = b.seat_results(s);
                for (field, counted, agents_count) in [
                    ("wins", w, at_seat(|x| x.wins)),
                    ("draws", d, at_seat(|x| x.draws)),
                    ("losses", l, at_seat(|x| x.losses)),
                ] {
                    if u128::from(counted) != agents_count {
                        return differ(
                            &format!("balance.{field} (seat {s})"),
                            counted.into(),
                            agents_count,
                        );
                    }
                }
                if u128::from(w) + u128::from(d) + u128::from(l) != games128 {
                    return differ(
                        &format!("balance.wins, draws and losses (seat {s})"),
                        u128::from(w) + u128::from(d) + u128::from(l),
                        games128,
                    );
                }
            }
        }
        self.check_squares()?;
        if n == 2 && b.drawn_games() != b.seat_results(0).1 {
            return differ(
                "balance.drawn_games",
                b.drawn_games().into(),
                b.seat_results(0).1.into(),
            );
        }
        for a in 0..agents {
            let played = u128::from(self.stats.agent_total(a).games);
            for c in 0..self.stats.num_cards() {
                let card = self.stats.card(a, c);
                let card_games = u128::from(card.gih_games) + u128::from(card.gns_games);
                if card_games != played {
                    return differ(
                        &format!("stats.cards (gih_games + gns_games of agent {a}, card {c})"),
                        card_games,
                        played,
                    );
                }
            }
        }
        // Each game counts once for each pair of its seats (once at two seats).
        let pairs = (n * n.saturating_sub(1) / 2) as u128;
        let in_matches: u128 = self
            .matches
            .iter()
            .map(|m| {
                [m.games.wins, m.games.draws, m.games.losses]
                    .map(u128::from)
                    .iter()
                    .sum::<u128>()
            })
            .sum();
        if !self.matches.is_empty() && in_matches != games128 * pairs {
            return differ("matches (games)", in_matches, games128 * pairs);
        }
        Ok(())
    }

    /// The cross-checks of the sums of squared scores (format 3) that the draw-aware
    /// score intervals read ([`reports::score_interval95`]): per agent and seat, at two seats the squares are fixed by the wins and draws
    /// (`Σx² = 4·wins + draws` for half-points, `144·wins + 36·draws` for win shares in
    /// twelfths), at more seats they lie between the bounds values in `0..=max` allow
    /// (`Σx ≤ Σx² ≤ max·Σx` for integer `x`, `games·Σx² ≥ (Σx)²`); per seat, the agents'
    /// sums are the balance table's; per agent and card, the squares of the games in hand
    /// and not seen add up to the agent's, those of the games played are among those in
    /// hand. Errors: what disagrees, naming the field.
    fn check_squares(&self) -> Result<(), String> {
        let differ = |field: String, counted: u128, expected: u128| {
            Err(format!(
                "{field} counts {counted} where the other counts give {expected}"
            ))
        };
        let out_of_bounds = |field: String, counted: u128| {
            Err(format!(
                "{field} counts {counted}, more or less than its games can make"
            ))
        };
        let b = &self.balance;
        let n = b.num_seats();
        let agents = self.stats.num_agents();
        if n < 2 {
            return Ok(());
        }
        let max = 2 * (n as u128 - 1);
        // Whether `sum_sq` can be the sum of squares of `count` integers in `0..=top`
        // summing to `sum`.
        let possible = |count: u128, sum: u128, sum_sq: u128, top: u128| {
            sum <= sum_sq && sum_sq <= top * sum && count * sum_sq >= sum * sum
        };
        for s in 0..n {
            let (mut points_sq, mut shares_sq) = (0u128, 0u128);
            for a in 0..agents {
                let st = self.stats.seat(a, s as engine_core::Seat);
                let (w, d) = (u128::from(st.wins), u128::from(st.draws));
                let field = |what: &str| format!("stats.seats ({what} of agent {a} at seat {s})");
                let (hp, hp_sq) = (u128::from(st.half_points), u128::from(st.half_points_sq));
                let (ws, ws_sq) = (u128::from(st.win_share12), u128::from(st.win_share12_sq));
                if n == 2 {
                    if hp_sq != 4 * w + d {
                        return differ(field("half_points_sq"), hp_sq, 4 * w + d);
                    }
                    if ws_sq != 144 * w + 36 * d {
                        return differ(field("win_share12_sq"), ws_sq, 144 * w + 36 * d);
                    }
                }
                let g = u128::from(st.games);
                if !possible(g, hp, hp_sq, max) {
                    return out_of_bounds(field("half_points_sq"), hp_sq);
                }
                if !possible(g, ws, ws_sq, 12) {
                    return out_of_bounds(field("win_share12_sq"), ws_sq);
                }
                points_sq += hp_sq;
                shares_sq += ws_sq;
            }
            let balance_points_sq = u128::from(b.seat_points2_sq(s));
            if balance_points_sq != points_sq {
                return differ(
                    format!("balance.half_points_sq (seat {s})"),
                    balance_points_sq,
                    points_sq,
                );
            }
            let balance_shares_sq = u128::from(b.seat_win_share12(s).1);
            if balance_shares_sq != shares_sq {
                return differ(
                    format!("balance.win_share12_sq (seat {s})"),
                    balance_shares_sq,
                    shares_sq,
                );
            }
        }
        for a in 0..agents {
            let total = self.stats.agent_total(a);
            for c in 0..self.stats.num_cards() {
                let card = self.stats.card(a, c);
                let field = |what: &str| format!("stats.cards ({what} of agent {a}, card {c})");
                let in_hand = u128::from(card.gih_points2_sq);
                let seen_or_not = in_hand + u128::from(card.gns_points2_sq);
                if seen_or_not != u128::from(total.half_points_sq) {
                    return differ(
                        field("gih_points2_sq + gns_points2_sq"),
                        seen_or_not,
                        total.half_points_sq.into(),
                    );
                }
                if u128::from(card.played_points2_sq) > in_hand {
                    return out_of_bounds(
                        field("played_points2_sq"),
                        card.played_points2_sq.into(),
                    );
                }
            }
        }
        Ok(())
    }

    /// Adds `other`'s counts after checking that no sum overflows a `u64` (the real sums,
    /// not a worst case: runs of any size merge while their counts fit). Errors: a count
    /// that the sum would overflow.
    pub fn checked_merge(&mut self, other: &Tally) -> Result<(), String> {
        fn fits(a: &serde_json::Value, b: &serde_json::Value) -> bool {
            use serde_json::Value::{Array, Number, Object};
            match (a, b) {
                (Number(x), Number(y)) => match (x.as_u64(), y.as_u64()) {
                    (Some(x), Some(y)) => x.checked_add(y).is_some(),
                    _ => true,
                },
                (Array(x), Array(y)) => x.iter().zip(y).all(|(x, y)| fits(x, y)),
                (Object(x), Object(y)) => {
                    x.iter().all(|(k, x)| y.get(k).is_none_or(|y| fits(x, y)))
                }
                _ => true,
            }
        }
        let a = serde_json::to_value(&*self).map_err(|e| e.to_string())?;
        let b = serde_json::to_value(other).map_err(|e| e.to_string())?;
        if !fits(&a, &b) {
            return Err("the counts added up overflow 64-bit counters".into());
        }
        self.merge(other);
        Ok(())
    }

    /// Adds `other`'s counts (exact, so the order of merges does not matter).
    pub fn merge(&mut self, other: &Tally) {
        self.stats.merge(&other.stats);
        for (a, b) in self.matches.iter_mut().zip(&other.matches) {
            a.merge(b);
        }
        self.balance.merge(&other.balance);
        for (a, b) in self.overruns.iter_mut().zip(&other.overruns) {
            a.merge(b);
        }
        self.samples.merge(&other.samples);
    }

    /// Adds one finished game to the counts: the agents' time overruns, their results,
    /// goals and decisions per seat and card (`cards`, exactly one entry per seat, and `track`,
    /// from its `StatsObserver`), the balance metrics and the head-to-head matches. In a
    /// two-seat game it counts for its match; in an N-seat game every two seats are a
    /// head-to-head game between their agents, won by whoever finished ahead
    /// (Bradley–Terry's pairwise reading). Returns the last pair's points of its
    /// lower-numbered agent (win 2, draw 1, loss 0): in a two-seat game, the points of
    /// the match's first agent, to be summed over a pair of games on one deal.
    pub fn record_game(
        &mut self,
        scheduled: &Scheduled,
        record: &GameRecord,
        cards: &[GameCards],
        track: &GameTrack,
    ) -> u8 {
        // One entry per seat: the game's number of seats.
        let n = cards.len();
        for (&agent, o) in record.seats.iter().zip(&record.overruns) {
            self.overruns[agent].merge(o);
        }
        self.stats.record_game(
            &record.seats,
            &record.scores,
            Some(&record.conceded),
            &record.returns,
            &record.decisions,
            record.actions,
            cards,
        );
        self.stats
            .record_turns(&record.seats, u64::from(track.turns()));
        self.samples.record(
            scheduled.index,
            &record.seats,
            &record.returns[..n],
            record.actions,
        );
        self.balance.record_game(
            track,
            &record.returns,
            record.decisions.iter().sum(),
            record.capped,
        );
        // Every two seats of a game are a head-to-head game between their agents: the
        // lower-numbered agent's doubled points (2 ahead, 1 level, 0 behind). At two seats
        // this is the match itself; at more, Bradley–Terry's pairwise reading of a
        // ranking. Matches are sorted by their agents (`Schedule::head_to_head`).
        let mut pair_points2 = 0;
        for s in 0..n {
            for t in s + 1..n {
                let (a, b) = (scheduled.seats[s], scheduled.seats[t]);
                let (first, second) = if a < b { (s, t) } else { (t, s) };
                let Ok(i) = self
                    .matches
                    .binary_search_by_key(&[a.min(b), a.max(b)], |m| m.agents)
                else {
                    continue;
                };
                let r = &record.returns;
                let points2 = match r[first].partial_cmp(&r[second]) {
                    Some(std::cmp::Ordering::Greater) => 2,
                    Some(std::cmp::Ordering::Equal) => 1,
                    _ => 0,
                };
                self.matches[i].record_game(points2);
                pair_points2 = points2;
            }
        }
        pair_points2
    }
}

/// Folds a game's events into the run statistics while it is played, and keeps what
/// [`Tally::record_game`] needs of them at the end.
pub struct StatsObserver<'a> {
    /// The card and shot events, into the run's counts, and the cards each seat held
    /// and played in the current game (for card values).
    cards: CardEvents<'a>,
    /// Goals, half-time score and lead changes of the current game.
    track: GameTrack,
}

impl<'a> StatsObserver<'a> {
    /// An observer of a game of `num_seats` seats whose seat `s` is agent `seats[s]`,
    /// adding its events to `stats`.
    pub fn new(stats: &'a mut RunStats, seats: &'a [usize], num_seats: usize) -> Self {
        StatsObserver {
            cards: stats.card_events(seats),
            track: GameTrack::new(num_seats),
        }
    }

    /// The game's cards per seat (all [`MAX_SEATS`] entries; the first `num_seats` are the
    /// game's) and its track of goals and leads.
    pub fn into_parts(self) -> ([GameCards; MAX_SEATS], GameTrack) {
        (self.cards.game_cards(), self.track)
    }

    /// [`Observer::on_event`] of a shot, a goal and a period's end.
    #[inline(never)]
    fn on_other_event(&mut self, event: GameEvent) {
        if !self.cards.record(event) {
            self.track.observe(event);
        }
    }

    /// [`Observer::on_event`]: the event into the statistics and the track.
    #[inline(always)]
    fn event(&mut self, event: GameEvent) {
        // The card and shot events feed the statistics and the game's cards
        // (`CardEvents::record`), goals, periods and turns the game's track
        // (`GameTrack::observe`, `GameTrack::count_turn`); no other kind is read. The
        // kinds sent at almost every action are handled here, the rarer ones out of
        // line, and the unread ones (possession, reveals, …) not at all, so that this
        // call stays small (the engine calls it for every event).
        match event {
            GameEvent::CardDrawn { .. }
            | GameEvent::CardPlayed { .. }
            | GameEvent::CardResolved { .. } => {
                self.cards.record(event);
            }
            GameEvent::TurnEnd { .. } => self.track.count_turn(),
            GameEvent::Shot { .. } | GameEvent::Goal { .. } | GameEvent::PeriodEnd { .. } => {
                self.on_other_event(event)
            }
            _ => {}
        }
    }
}

impl<S: GameState> Observer<S> for StatsObserver<'_> {
    /// The statistics read events only.
    fn reads_information_keys(&self) -> bool {
        false
    }

    #[inline(always)]
    fn on_event(&mut self, event: GameEvent) {
        self.event(event);
    }
}

#[cfg(test)]
mod observer_tests {
    use super::StatsObserver;
    use engine_core::GameEvent;
    use reports::{GameTrack, RunStats};

    /// Every kind of event, for two seats and three cards, goals and both halves.
    fn events() -> Vec<GameEvent> {
        use GameEvent::*;
        vec![
            CardDrawn { seat: 0, card: 1 },
            CardDrawn { seat: 1, card: 2 },
            Revealed { seat: 0, what: "hand" },
            CardPlayed { seat: 0, card: 1 },
            CardResolved { seat: 0, card: 1, success: true },
            PossessionChange { seat: 1 },
            Shot { seat: 1, cell: 7, scored: true },
            Goal { seat: 1 },
            TurnEnd { seat: 0 },
            Locked { seat: 0 },
            RedCard { seat: 1 },
            PeriodEnd { period: 1 },
            CardPlayed { seat: 1, card: 2 },
            CardResolved { seat: 1, card: 2, success: false },
            Shot { seat: 0, cell: 3, scored: true },
            Goal { seat: 0 },
            Goal { seat: 0 },
            Eliminated { seat: 1 },
            TurnEnd { seat: 1 },
            PeriodEnd { period: 2 },
        ]
    }

    /// The observer's short cuts (kinds handled inline, out of line, or not passed on)
    /// record what giving every event to the card counts, and every other one to the
    /// track, records.
    #[test]
    fn the_observer_records_what_every_event_given_to_both_records() {
        let seats = [0, 1];
        let mut fast = RunStats::new(2, 2, 3);
        let mut observer = StatsObserver::new(&mut fast, &seats, 2);
        let mut slow = RunStats::new(2, 2, 3);
        let mut cards = slow.card_events(&seats);
        let mut track = GameTrack::new(2);
        for event in events() {
            observer.event(event);
            if !cards.record(event) {
                track.observe(event);
            }
        }
        let (fast_sets, fast_track) = observer.into_parts();
        assert_eq!(fast_sets, cards.game_cards());
        assert_eq!(fast_track, track);
        assert_eq!(fast_track.turns(), 2);
        assert_eq!(fast_track.half_time_scores().map(|s| s[1]), Some(1));
        let json = |s: &RunStats| serde_json::to_value(s).unwrap();
        assert_eq!(json(&fast), json(&slow));
    }
}

#[cfg(test)]
mod sample_tests {
    use super::Samples;

    /// Games: (index, agents at the seats, returns, actions).
    const GAMES: [(u64, [usize; 2], [f64; 2], u64); 5] = [
        (0, [0, 1], [0.5, 0.5], 40),
        (1, [1, 0], [1.0, 0.0], 90),
        (2, [0, 1], [1.0, 0.0], 90),
        (3, [1, 0], [0.0, 1.0], 60),
        (4, [0, 1], [0.0, 1.0], 20),
    ];

    fn of(games: &[(u64, [usize; 2], [f64; 2], u64)]) -> Samples {
        let mut s = Samples::default();
        for (i, seats, returns, actions) in games {
            s.record(*i, seats, returns, *actions);
        }
        s
    }

    #[test]
    fn the_first_win_and_loss_of_the_first_agent_and_the_longest_game() {
        let s = of(&GAMES);
        assert_eq!(s.win, Some(2), "game 0 is a draw, game 1 a loss at seat 1");
        assert_eq!(s.loss, Some(1));
        assert_eq!(s.longest, Some((90, 1)), "the lower index of two as long");
    }

    #[test]
    fn samples_merge_alike_in_any_order_and_cut() {
        let whole = of(&GAMES);
        for cut in 0..=GAMES.len() {
            let (a, b) = GAMES.split_at(cut);
            let (mut ab, mut ba) = (of(a), of(b));
            ab.merge(&of(b));
            ba.merge(&of(a));
            assert_eq!(ab, whole, "cut at {cut}");
            assert_eq!(ba, whole, "cut at {cut}, reversed");
        }
    }
}
