//! Mergeable accumulators of game and card statistics.
//!
//! Every field is an integer count, so merging is exact, associative and commutative:
//! folding games in chunks on any number of threads and merging the chunk totals gives the
//! same numbers as one sequential pass.

use crate::sliced::SlicedCounts;
use engine_core::{GameEvent, Returns, Seat, MAX_SEATS};

/// Counts of one agent at one seat (or over all seats, see [`RunStats::agent_total`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatStats {
    /// Games played.
    pub games: u64,
    /// Games won (the seat's return is above every other seat's).
    pub wins: u64,
    /// Games drawn (the seat's return ties the best return).
    pub draws: u64,
    /// Games lost (another seat's return is above this seat's).
    pub losses: u64,
    /// Goals scored by this seat, summed over games.
    pub goals_for: u64,
    /// Goals scored by the other seats, summed over games.
    pub goals_against: u64,
    /// Decisions taken by the agent at this seat (actions it chose, not chance outcomes).
    pub decisions: u64,
    /// Sum over games of the squared goals scored (for the standard error of the mean).
    pub goals_for_sq: u64,
    /// Sum over games of the squared goals conceded.
    pub goals_against_sq: u64,
    /// Sum over games of the squared number of decisions.
    pub decisions_sq: u64,
    /// Half-points against opponents, summed over games: per game, 2 for every other seat
    /// this seat finished ahead of and 1 for every other seat it tied ([`half_points`]);
    /// `2·wins + draws` in a two-seat game.
    #[serde(default)]
    pub half_points: u64,
    /// Opponents met, summed over games (`num_seats − 1` per game): the score rate is
    /// `half_points / (2 · opponents)`.
    #[serde(default)]
    pub opponents: u64,
    /// Win shares in twelfths, summed over games ([`win_share12`]): 12 for a sole win,
    /// `12 / k` for a draw among `k` seats tied on top.
    #[serde(default)]
    pub win_share12: u64,
    /// Turns of the games played (`TurnEnd` events, every seat's turns), summed over
    /// games: the game's own length, per agent ([`RunStats::record_turns`]).
    #[serde(default)]
    pub turns: u64,
    /// Sum over games of the squared number of turns.
    #[serde(default)]
    pub turns_sq: u64,
    /// Sum over games of the squared half-points ([`half_points`]), for the variance of
    /// the per-game score (`4·wins + draws` in a two-seat game).
    #[serde(default)]
    pub half_points_sq: u64,
    /// Sum over games of the squared win shares in twelfths ([`win_share12`]).
    #[serde(default)]
    pub win_share12_sq: u64,
}

impl SeatStats {
    /// Adds `other`'s counts to `self`.
    pub fn merge(&mut self, other: &SeatStats) {
        add_fields! { self, other; games wins draws losses goals_for goals_against decisions
        goals_for_sq goals_against_sq decisions_sq half_points opponents win_share12 turns
        turns_sq half_points_sq win_share12_sq }
    }

    /// The largest half-points of one game, `2 (num_seats − 1)` (per game, the opponents
    /// counted over the games); 0 without opponents.
    pub fn max_half_points(&self) -> u64 {
        if self.games == 0 {
            return 0;
        }
        2 * (self.opponents / self.games)
    }

    /// The 95% interval of [`SeatStats::score_rate`] over independent games, accounting
    /// for draws: [`crate::score::score_interval95`] on the half-points and their squares
    /// (trinomial at two seats, multinomial at more). `None` without games or opponents.
    pub fn score_interval(&self) -> Option<crate::wilson::Interval> {
        let max = self.max_half_points();
        crate::score::score_interval95(self.games, self.half_points, self.half_points_sq, max)
    }

    /// The 95% interval of the win share (`win_share12 / 12` per game) over independent
    /// games, accounting for shared wins: [`crate::score::score_interval95`] on the win
    /// shares in twelfths and their squares. `None` without games or opponents.
    pub fn win_share_interval(&self) -> Option<crate::wilson::Interval> {
        if self.opponents == 0 {
            return None;
        }
        crate::score::score_interval95(self.games, self.win_share12, self.win_share12_sq, 12)
    }

    /// The standard error of a per-game mean, from the sum and the sum of squares of the
    /// per-game values: `sqrt(s² / n)` with the sample variance
    /// `s² = (Σx² - n x̄²) / (n - 1)`. `None` with fewer than two games.
    pub fn standard_error(&self, sum: u64, sum_sq: u64) -> Option<f64> {
        let n = self.games as f64;
        if self.games < 2 {
            return None;
        }
        let mean = sum as f64 / n;
        let var = ((sum_sq as f64 - n * mean * mean) / (n - 1.0)).max(0.0);
        Some((var / n).sqrt())
    }

    /// Score points: the games' placement scores summed, a game scoring the share of the
    /// opponents the seat finished ahead of, ties counted half (the returns of
    /// [`engine_core::placement_returns`]). In a two-seat game, wins plus half the draws
    /// (the chess convention).
    pub fn points(&self) -> f64 {
        if self.opponents == 0 {
            return 0.0;
        }
        self.half_points as f64 / 2.0 * self.games as f64 / self.opponents as f64
    }

    /// Score rate `points / games`, in `[0, 1]`: the mean share of opponents finished
    /// ahead of, ties counted half; `(wins + draws / 2) / games` in a two-seat game.
    /// 0.5 for agents of equal strength at any number of seats. `None` without games, and
    /// without opponents (a one-seat game: there is no one to finish ahead of).
    pub fn score_rate(&self) -> Option<f64> {
        if self.opponents == 0 {
            return None;
        }
        self.per_game(self.points())
    }

    /// `total / games`; `None` without games.
    pub fn per_game(&self, total: f64) -> Option<f64> {
        (self.games > 0).then(|| total / self.games as f64)
    }
}

/// Counts of one agent for one card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CardStats {
    /// Times the agent put the card into its hand ([`GameEvent::CardDrawn`]).
    pub drawn: u64,
    /// Times the agent played the card ([`GameEvent::CardPlayed`]).
    pub played: u64,
    /// Times the card's effect was decided ([`GameEvent::CardResolved`]).
    pub resolved: u64,
    /// Times the card's effect succeeded (resolved with `success = true`).
    pub succeeded: u64,
    /// Games in which the agent held the card at some point (dealt or drawn): the games of
    /// 17lands' "games in hand" (GIH).
    pub gih_games: u64,
    /// The agent's half-points against its opponents in those games ([`half_points`]: in
    /// a two-seat game win 2, draw 1, loss 0), so that the count stays an integer; the
    /// score rate is this over `2 (num_seats − 1)` per game.
    pub gih_points2: u64,
    /// Games in which the agent never held the card ("game not seen", GNS).
    pub gns_games: u64,
    /// The agent's doubled score points in those games.
    pub gns_points2: u64,
    /// Games in which the agent played the card at least once.
    pub played_games: u64,
    /// The agent's doubled score points in those games.
    pub played_points2: u64,
    /// Sum over the GIH games of the squared half-points, for the variance of the score.
    #[serde(default)]
    pub gih_points2_sq: u64,
    /// Sum over the GNS games of the squared half-points.
    #[serde(default)]
    pub gns_points2_sq: u64,
    /// Sum over the games the card was played in of the squared half-points.
    #[serde(default)]
    pub played_points2_sq: u64,
}

impl CardStats {
    /// Adds `other`'s counts to `self`.
    pub fn merge(&mut self, other: &CardStats) {
        add_fields! { self, other; drawn played resolved succeeded gih_games gih_points2
        gns_games gns_points2 played_games played_points2 gih_points2_sq gns_points2_sq
        played_points2_sq }
    }
}

/// The cards one seat held and played during one game, as bit sets over card ids (card
/// ids below 128; games with more cards are not tracked beyond id 127).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameCards {
    /// Bit `c`: the seat held card `c` at some point.
    pub seen: u128,
    /// Bit `c`: the seat played card `c` at least once.
    pub played: u128,
}

/// The card and shot events of one game as they are recorded into a [`RunStats`]
/// ([`RunStats::card_events`]), with the cards each seat held and played
/// ([`CardEvents::game_cards`]). The runner calls [`CardEvents::record`] for every event of a
/// game, so what it needs per event is kept at hand: each seat's first entry in the
/// agents' card counts.
pub struct CardEvents<'a> {
    /// The run's card counts, indexed by `agent * num_cards + card`.
    cards: &'a mut [CardStats],
    /// Per seat, its agent's first entry in `cards` (`usize::MAX` past the game's seats).
    base: [usize; MAX_SEATS],
    num_cards: usize,
    shots: Shots<'a>,
    /// The cards each seat drew (`seen`) and played (`played`) in the game so far,
    /// indexed by seat: a card played is added to the held ones by
    /// [`CardEvents::game_cards`], once a game, not at every play.
    sets: [GameCards; MAX_SEATS],
}

/// The run's shot counts, as [`CardEvents`] records into them.
struct Shots<'a> {
    shots: &'a mut Vec<Vec<[u64; 2]>>,
    num_agents: usize,
    agent_of_seat: &'a [usize],
}

impl CardEvents<'_> {
    /// Records a card or shot event ([`GameEvent::Shot`]) into the run's counts, and
    /// notes a card drawn or played for [`CardEvents::game_cards`] (card ids from 128 on are
    /// counted but not noted). Returns `false`, recording nothing, for any other event:
    /// goals are taken from the final score by [`RunStats::record_game`], turns and
    /// periods are a [`GameTrack`](crate::GameTrack)'s. Panics if the seat or the card id
    /// is out of range. Inlined into the caller (the runner's observer), with a shot out
    /// of line, so that a card drawn, played or resolved is about twenty instructions.
    #[inline(always)]
    pub fn record(&mut self, event: GameEvent) -> bool {
        match event {
            GameEvent::CardDrawn { seat, card } => {
                let s = usize::from(seat);
                self.card_mut(s, card).drawn += 1;
                self.sets[s].seen |= BIT128[usize::from(card)];
                true
            }
            GameEvent::CardPlayed { seat, card } => {
                let s = usize::from(seat);
                self.card_mut(s, card).played += 1;
                self.sets[s].played |= BIT128[usize::from(card)];
                true
            }
            GameEvent::CardResolved {
                seat,
                card,
                success,
            } => {
                let stats = self.card_mut(usize::from(seat), card);
                stats.resolved += 1;
                stats.succeeded += u64::from(success);
                true
            }
            GameEvent::Shot { .. } => {
                self.record_shot(event);
                true
            }
            _ => false,
        }
    }

    /// The cards each seat held (drew or played) and played in the game so far, indexed
    /// by seat (all [`MAX_SEATS`] entries).
    pub fn game_cards(&self) -> [GameCards; MAX_SEATS] {
        self.sets.map(|s| GameCards {
            seen: s.seen | s.played,
            played: s.played,
        })
    }

    /// [`CardEvents::record`] of a shot, out of line.
    #[inline(never)]
    fn record_shot(&mut self, event: GameEvent) {
        if let GameEvent::Shot { seat, cell, scored } = event {
            let agent = self.shots.agent_of_seat[usize::from(seat)];
            self.shots.record(agent, cell, scored);
        }
    }

    /// The counts of the agent at seat `seat` for card `card`.
    #[inline(always)]
    fn card_mut(&mut self, seat: usize, card: u8) -> &mut CardStats {
        let card = usize::from(card);
        assert!(card < self.num_cards, "card {card} of {}", self.num_cards);
        // A seat past the game's has no entry: `usize::MAX` saturates, out of range.
        &mut self.cards[self.base[seat].saturating_add(card)]
    }
}

impl Shots<'_> {
    /// Notes a shot of `agent` from `cell`, a goal when `scored`.
    fn record(&mut self, agent: usize, cell: u16, scored: bool) {
        if self.shots.len() <= agent {
            self.shots
                .resize(self.num_agents.max(agent + 1), Vec::new());
        }
        let cells = &mut self.shots[agent];
        let c = usize::from(cell);
        if cells.len() <= c {
            cells.resize(c + 1, [0, 0]);
        }
        cells[c][0] += 1;
        cells[c][1] += u64::from(scored);
    }
}

/// `BIT128[c]`: the set of card `c` alone, empty from 128 on (a table: a variable shift
/// of a `u128` takes a dozen instructions, and [`CardEvents::record`] makes one per card
/// event of every game).
static BIT128: [u128; 256] = {
    let mut t = [0u128; 256];
    let mut c = 0;
    while c < 128 {
        t[c] = 1 << c;
        c += 1;
    }
    t
};

/// `seat`'s half-points against its opponents in a game with `returns` over the first
/// `num_seats` seats: 2 for every other seat whose return is below `seat`'s, 1 for every
/// one equal to it. Between 0 and `2 (num_seats − 1)`; `2·win + draw` for two seats.
pub fn half_points(returns: &Returns, seat: usize, num_seats: usize) -> u64 {
    (0..num_seats)
        .filter(|&o| o != seat)
        .map(|o| match returns[seat].partial_cmp(&returns[o]) {
            Some(std::cmp::Ordering::Greater) => 2,
            Some(std::cmp::Ordering::Equal) => 1,
            _ => 0,
        })
        .sum()
}

/// `seat`'s win share of a game with `returns` over the first `num_seats` seats, in
/// twelfths (an integer for any tie of up to 4 seats): 12 when its return is above every
/// other seat's, `12 / k` when it is one of `k` seats tied on top, 0 otherwise. Win
/// shares of one game sum to 12, so agents of equal strength get `1 / num_seats` each.
pub fn win_share12(returns: &Returns, seat: usize, num_seats: usize) -> u64 {
    let best = returns[..num_seats]
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    if returns[seat] < best {
        return 0;
    }
    let k = returns[..num_seats].iter().filter(|&&r| r == best).count() as u64;
    12 / k
}

/// How a game ended for one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The seat's return is strictly above every other seat's.
    Win,
    /// No other seat's return is above the seat's, and at least one equals it.
    Draw,
    /// Some other seat's return is above the seat's.
    Loss,
}

impl Outcome {
    /// The outcome for `seat` of a game with `returns` over the first `num_seats` seats.
    pub fn of(returns: &Returns, seat: usize, num_seats: usize) -> Outcome {
        let mine = returns[seat];
        let others = (0..num_seats).filter(|&s| s != seat).map(|s| returns[s]);
        let best_other = others.fold(f64::NEG_INFINITY, f64::max);
        if mine > best_other {
            Outcome::Win
        } else if mine < best_other {
            Outcome::Loss
        } else {
            Outcome::Draw
        }
    }
}

/// The statistics of a run (or a chunk of it): per (agent, seat) game counts and per
/// (agent, card) card counts, for `num_agents` agents, `num_seats` seats and `num_cards`
/// cards (card ids index [`engine_core::GameInfo::cards`]). Agents are numbered by the
/// runner (their position in `--agents`); the runner tells, game by game, which agent sits
/// at which seat.
///
/// Two statistics are equal when they hold the same counts, however the counts are kept.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(into = "Tallies", try_from = "Tallies")]
pub struct RunStats {
    /// The counts as checkpoints and shards store them, but the cards' GNS counts, which
    /// are kept at 0: a card's GNS counts are its agent's [`CardGames`] minus its GIH
    /// counts, filled in by [`RunStats::card`] and in the file form. The cards' GIH and
    /// played-games counts here are those read from files; the games recorded here are
    /// in `held` and `played`.
    t: Tallies,
    /// Indexed by agent: the games recorded with card sets, for the GNS counts.
    card_games: Vec<CardGames>,
    /// Indexed by `agent * classes + points2` (`classes` = `2 num_seats − 1`, the
    /// possible [`half_points`]): for each tracked card, the games recorded here in which
    /// the agent held it and scored `points2` half-points. A card's GIH counts follow:
    /// games `Σ n`, half-points `Σ points2 · n`, their squares `Σ points2² · n`.
    held: Vec<SlicedCounts>,
    /// The same for the cards the agent played.
    played: Vec<SlicedCounts>,
}

impl PartialEq for RunStats {
    fn eq(&self, other: &RunStats) -> bool {
        Tallies::from(self.clone()) == Tallies::from(other.clone())
    }
}

impl Eq for RunStats {}

/// [`RunStats`]'s counts, and its file form (checkpoints, shards) with every card's GNS
/// counts written out.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct Tallies {
    num_agents: usize,
    num_seats: usize,
    num_cards: usize,
    /// Games recorded (each counted once, not once per seat).
    games: u64,
    /// Actions applied in all games: decisions and chance outcomes.
    actions: u64,
    /// Indexed by `agent * num_seats + seat`.
    seats: Vec<SeatStats>,
    /// Indexed by `agent * num_cards + card`.
    cards: Vec<CardStats>,
    /// The board capability: per agent, per board cell (as the shooter sees the pitch,
    /// [`GameEvent::Shot`]), `[shots, goals]`; grown on demand, empty for games without a
    /// board.
    #[serde(default)]
    shots: Vec<Vec<[u64; 2]>>,
}

/// One agent's games recorded with card sets ([`RunStats::record_game`]), with their
/// half-points and squared half-points: every tracked card (id below 128) was either held
/// (GIH) or not (GNS) in each of them, so a card's GNS counts are these minus its GIH
/// counts. Recording them once a game, instead of a GNS count for every card not held,
/// keeps the cost of a game's card statistics to the cards it held and played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct CardGames {
    games: u64,
    points2: u64,
    points2_sq: u64,
}

impl CardGames {
    fn merge(&mut self, other: &CardGames) {
        add_fields! { self, other; games points2 points2_sq }
    }
}

impl From<RunStats> for Tallies {
    fn from(stats: RunStats) -> Self {
        let per_agent = stats.t.num_cards.max(1);
        let cards = (0..stats.t.cards.len())
            .map(|i| stats.card(i / per_agent, i % per_agent))
            .collect();
        Tallies { cards, ..stats.t }
    }
}

impl TryFrom<Tallies> for RunStats {
    type Error = String;

    /// Errors: lists of other lengths than the numbers of agents, seats and cards give,
    /// or an agent whose cards' GIH and GNS counts do not add up to the same games.
    fn try_from(mut file: Tallies) -> Result<Self, String> {
        let (agents, cards) = (file.num_agents, file.num_cards);
        let entries = |per_agent: usize| agents.checked_mul(per_agent);
        if file.num_seats == 0
            || entries(file.num_seats) != Some(file.seats.len())
            || entries(cards) != Some(file.cards.len())
        {
            return Err(format!(
                "statistics of {agents} agents, {} seats and {cards} cards with {} seat and \
                 {} card entries",
                file.num_seats,
                file.seats.len(),
                file.cards.len()
            ));
        }
        let mut card_games = vec![CardGames::default(); agents];
        for (agent, games) in card_games.iter_mut().enumerate() {
            let tracked = &mut file.cards[agent * cards..(agent + 1) * cards];
            for (id, c) in tracked.iter_mut().enumerate().take(128) {
                let add = |a: u64, b: u64| {
                    a.checked_add(b)
                        .ok_or_else(|| format!("agent {agent}: the counts of card {id} overflow"))
                };
                let sum = CardGames {
                    games: add(c.gih_games, c.gns_games)?,
                    points2: add(c.gih_points2, c.gns_points2)?,
                    points2_sq: add(c.gih_points2_sq, c.gns_points2_sq)?,
                };
                if id == 0 {
                    *games = sum;
                } else if sum != *games {
                    return Err(format!(
                        "agent {agent}: the GIH and GNS games of card {id} add up to {}, \
                         those of card 0 to {}",
                        sum.games, games.games
                    ));
                }
                (c.gns_games, c.gns_points2, c.gns_points2_sq) = (0, 0, 0);
            }
        }
        let classes = RunStats::classes(file.num_seats) * agents;
        Ok(RunStats {
            t: file,
            card_games,
            held: vec![SlicedCounts::default(); classes],
            played: vec![SlicedCounts::default(); classes],
        })
    }
}

impl RunStats {
    /// Empty statistics for the given numbers of agents, seats and cards.
    pub fn new(num_agents: usize, num_seats: usize, num_cards: usize) -> Self {
        RunStats {
            t: Tallies {
                num_agents,
                num_seats,
                num_cards,
                games: 0,
                actions: 0,
                seats: vec![SeatStats::default(); num_agents * num_seats],
                cards: vec![CardStats::default(); num_agents * num_cards],
                shots: Vec::new(),
            },
            card_games: vec![CardGames::default(); num_agents],
            held: vec![SlicedCounts::default(); num_agents * Self::classes(num_seats)],
            played: vec![SlicedCounts::default(); num_agents * Self::classes(num_seats)],
        }
    }

    /// The possible half-points of a seat ([`half_points`]) at `num_seats` seats: `0` to
    /// `2 (num_seats − 1)`.
    fn classes(num_seats: usize) -> usize {
        (2 * num_seats).saturating_sub(1).max(1)
    }

    /// Shots and goals by board cell of `agent`: entry `cell` is `[shots, goals]` from
    /// that cell, as the shooter sees the pitch (empty: no shot recorded).
    pub fn shots(&self, agent: usize) -> &[[u64; 2]] {
        self.t.shots.get(agent).map_or(&[], |v| v.as_slice())
    }

    /// Number of agents.
    pub fn num_agents(&self) -> usize {
        self.t.num_agents
    }

    /// Number of seats.
    pub fn num_seats(&self) -> usize {
        self.t.num_seats
    }

    /// Number of cards.
    pub fn num_cards(&self) -> usize {
        self.t.num_cards
    }

    /// Games recorded with [`RunStats::record_game`].
    pub fn games(&self) -> u64 {
        self.t.games
    }

    /// Actions applied in all recorded games (decisions and chance outcomes), as passed to
    /// [`RunStats::record_game`].
    pub fn actions(&self) -> u64 {
        self.t.actions
    }

    /// Records a card or shot event ([`GameEvent::Shot`]) of a game in which
    /// `agent_of_seat[s]` is the agent at seat `s`, and notes the cards held and played in
    /// `sets` (the game's [`GameCards`], indexed by seat; an empty slice keeps none):
    /// [`CardEvents::record`] for one event. Returns `false`, recording nothing, for any
    /// other event. Panics if the seat or the card id is out of range.
    pub fn record_event(
        &mut self,
        agent_of_seat: &[usize],
        sets: &mut [GameCards],
        event: GameEvent,
    ) -> bool {
        let mut sink = self.card_events(agent_of_seat);
        let n = sets.len().min(MAX_SEATS);
        sink.sets[..n].copy_from_slice(&sets[..n]);
        let recorded = sink.record(event);
        sets[..n].copy_from_slice(&sink.game_cards()[..n]);
        recorded
    }

    /// The sink of the card and shot events of one game in which `agent_of_seat[s]`
    /// (at most [`MAX_SEATS`] seats) is the agent at seat `s`, recording into these
    /// counts. Panics if an agent is out of range.
    pub fn card_events<'a>(&'a mut self, agent_of_seat: &'a [usize]) -> CardEvents<'a> {
        let num_cards = self.t.num_cards;
        let mut base = [usize::MAX; MAX_SEATS];
        for (b, &agent) in base.iter_mut().zip(agent_of_seat) {
            assert!(
                agent < self.t.num_agents,
                "agent {agent} of {}",
                self.t.num_agents
            );
            *b = agent * num_cards;
        }
        CardEvents {
            cards: &mut self.t.cards,
            base,
            num_cards,
            shots: Shots {
                shots: &mut self.t.shots,
                num_agents: self.t.num_agents,
                agent_of_seat,
            },
            sets: [GameCards::default(); MAX_SEATS],
        }
    }

    /// Records the end of a game: `agent_of_seat[s]` sat at seat `s`, scored `scores[s]`
    /// goals, conceded `conceded[s]` (`None`: every other seat's goals), took
    /// `decisions[s]` decisions and got `returns[s]`; `actions` is the number of
    /// actions applied in the game (decisions and chance outcomes); `cards[s]` holds the
    /// cards seat `s` held and played (an empty slice records no card values). Card
    /// scores are [`half_points`]. Negative scores count as 0. Panics if a slice other
    /// than `cards` is shorter than `num_seats`.
    ///
    /// A one-seat game (a solitaire) has no opponents: it counts no win, draw or loss,
    /// no half-points and no win share (and no opponents), only the game, the goals
    /// (points), the decisions and the cards; `returns` is not read.
    #[allow(clippy::too_many_arguments)]
    pub fn record_game(
        &mut self,
        agent_of_seat: &[usize],
        scores: &[i32],
        conceded: Option<&[i32]>,
        returns: &Returns,
        decisions: &[u64],
        actions: u64,
        cards: &[GameCards],
    ) {
        let n = self.t.num_seats;
        let goals = |s: usize| u64::try_from(scores[s]).unwrap_or(0);
        let total_goals: u64 = (0..n).map(goals).sum();
        for seat in 0..n {
            let points2 = half_points(returns, seat, n);
            if let Some(set) = cards.get(seat) {
                let agent = agent_of_seat[seat];
                self.card_games[agent].merge(&CardGames {
                    games: 1,
                    points2,
                    points2_sq: points2 * points2,
                });
                // Only the cards held and played, as two sets added to the counters of
                // the game's half-points: the GNS counts follow from `card_games`
                // ([`CardGames`]).
                let tracked = if self.t.num_cards >= 128 {
                    u128::MAX
                } else {
                    (1u128 << self.t.num_cards) - 1
                };
                let k = agent * Self::classes(n) + points2 as usize;
                self.held[k].add(set.seen & tracked);
                self.played[k].add(set.played & tracked);
            }
            let stats = self.seat_mut(agent_of_seat[seat], seat as Seat);
            stats.games += 1;
            if n > 1 {
                match Outcome::of(returns, seat, n) {
                    Outcome::Win => stats.wins += 1,
                    Outcome::Draw => stats.draws += 1,
                    Outcome::Loss => stats.losses += 1,
                }
                let share = win_share12(returns, seat, n);
                stats.half_points += points2;
                stats.half_points_sq += points2 * points2;
                stats.win_share12 += share;
                stats.win_share12_sq += share * share;
                stats.opponents += n as u64 - 1;
            }
            let ga = match conceded {
                Some(c) => u64::try_from(c[seat]).unwrap_or(0),
                None => total_goals - goals(seat),
            };
            let gf = goals(seat);
            stats.goals_for += gf;
            stats.goals_against += ga;
            stats.decisions += decisions[seat];
            stats.goals_for_sq += gf * gf;
            stats.goals_against_sq += ga * ga;
            stats.decisions_sq += decisions[seat] * decisions[seat];
        }
        self.t.games += 1;
        self.t.actions += actions;
    }

    /// Adds the length of a game already recorded with [`RunStats::record_game`]: `turns`
    /// turns, to the agent at each seat (`agent_of_seat[s]` sat at seat `s`). Panics if
    /// `agent_of_seat` is shorter than `num_seats`.
    pub fn record_turns(&mut self, agent_of_seat: &[usize], turns: u64) {
        for (seat, &agent) in agent_of_seat.iter().enumerate().take(self.t.num_seats) {
            let stats = self.seat_mut(agent, seat as Seat);
            stats.turns += turns;
            stats.turns_sq += turns * turns;
        }
    }

    /// Whether `other` counts the same agents, seats and cards as `self`, with lists of
    /// the lengths those numbers give (a check for counts read from a file, before
    /// [`RunStats::merge`]).
    pub fn same_shape(&self, other: &RunStats) -> bool {
        (self.t.num_agents, self.t.num_seats, self.t.num_cards)
            == (other.t.num_agents, other.t.num_seats, other.t.num_cards)
            && other.t.seats.len() == other.t.num_agents * other.t.num_seats
            && other.t.cards.len() == other.t.num_agents * other.t.num_cards
            && other.card_games.len() == other.t.num_agents
    }

    /// Adds `other`'s counts to `self`. Exact (integer counts), so the order in which
    /// chunks are merged does not change the result. Panics if the shapes differ (a bug of
    /// the caller, not a user error).
    pub fn merge(&mut self, other: &RunStats) {
        assert_eq!(
            (self.t.num_agents, self.t.num_seats, self.t.num_cards),
            (other.t.num_agents, other.t.num_seats, other.t.num_cards),
            "merging statistics of different shapes"
        );
        self.t.games += other.t.games;
        self.t.actions += other.t.actions;
        for (a, b) in self.t.seats.iter_mut().zip(&other.t.seats) {
            a.merge(b);
        }
        for (a, b) in self.t.cards.iter_mut().zip(&other.t.cards) {
            a.merge(b);
        }
        for (a, b) in self.card_games.iter_mut().zip(&other.card_games) {
            a.merge(b);
        }
        for (a, b) in self.held.iter_mut().zip(&other.held) {
            a.merge(b);
        }
        for (a, b) in self.played.iter_mut().zip(&other.played) {
            a.merge(b);
        }
        if self.t.shots.len() < other.t.shots.len() {
            self.t.shots.resize(other.t.shots.len(), Vec::new());
        }
        for (a, b) in self.t.shots.iter_mut().zip(&other.t.shots) {
            if a.len() < b.len() {
                a.resize(b.len(), [0, 0]);
            }
            for (x, y) in a.iter_mut().zip(b) {
                x[0] += y[0];
                x[1] += y[1];
            }
        }
    }

    /// The counts of `agent` at `seat`.
    pub fn seat(&self, agent: usize, seat: Seat) -> &SeatStats {
        &self.t.seats[agent * self.t.num_seats + usize::from(seat)]
    }

    fn seat_mut(&mut self, agent: usize, seat: Seat) -> &mut SeatStats {
        &mut self.t.seats[agent * self.t.num_seats + usize::from(seat)]
    }

    /// The counts of `agent` summed over all seats.
    pub fn agent_total(&self, agent: usize) -> SeatStats {
        let mut total = SeatStats::default();
        for s in &self.t.seats[agent * self.t.num_seats..(agent + 1) * self.t.num_seats] {
            total.merge(s);
        }
        total
    }

    /// The counts of `agent` for card id `card`, its GNS counts those of the agent's
    /// games recorded with card sets in which it did not hold the card (0 for card ids
    /// from 128 on, which are not tracked).
    pub fn card(&self, agent: usize, card: usize) -> CardStats {
        let mut c = self.t.cards[agent * self.t.num_cards + card];
        if card < 128 {
            let classes = Self::classes(self.t.num_seats);
            let counters = agent * classes..(agent + 1) * classes;
            for (p, (held, played)) in self.held[counters.clone()]
                .iter()
                .zip(&self.played[counters])
                .enumerate()
                .filter(|(_, (h, p))| !h.is_empty() || !p.is_empty())
            {
                let p = p as u64;
                let (h, n) = (held.count(card), played.count(card));
                c.gih_games += h;
                c.gih_points2 += p * h;
                c.gih_points2_sq += p * p * h;
                c.played_games += n;
                c.played_points2 += p * n;
                c.played_points2_sq += p * p * n;
            }
            let all = self.card_games[agent];
            c.gns_games = all.games - c.gih_games;
            c.gns_points2 = all.points2 - c.gih_points2;
            c.gns_points2_sq = all.points2_sq - c.gih_points2_sq;
        }
        c
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn shots_are_counted_by_agent_and_cell_and_merge_exactly() {
        let shot = |seat, cell, scored| GameEvent::Shot { seat, cell, scored };
        let mut a = RunStats::new(2, 2, 0);
        a.record_event(&[1, 0], &mut [], shot(0, 5, true));
        a.record_event(&[1, 0], &mut [], shot(1, 3, false));
        let mut b = RunStats::new(2, 2, 0);
        b.record_event(&[0, 1], &mut [], shot(1, 9, true));
        b.record_event(&[0, 1], &mut [], shot(1, 5, false));
        assert_eq!(a.shots(1)[5], [1, 1]);
        assert_eq!(a.shots(0)[3], [1, 0]);
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, ba, "merging in either order gives the same counts");
        assert_eq!(ab.shots(1)[5], [2, 1]);
        assert_eq!(ab.shots(1)[9], [1, 1]);
        assert!(RunStats::new(2, 2, 0).shots(0).is_empty());
    }

    /// Records a two-seat game of 3 decisions a seat and 9 actions.
    fn game(st: &mut RunStats, seats: &[usize], goals: &[i32], r: &Returns, sets: &[GameCards]) {
        st.record_game(seats, goals, None, r, &[3, 3], 9, sets);
    }

    #[test]
    fn card_values_split_games_by_cards_held() {
        // Two cards; agent 0 at seat 0 held card 0 and played it, won; agent 1 held nothing.
        let mut st = RunStats::new(2, 2, 2);
        let held = GameCards {
            seen: 0b1,
            played: 0b1,
        };
        let sets = [held, GameCards::default()];
        game(&mut st, &[0, 1], &[1, 0], &returns(1.0, 0.0), &sets);
        // A second game, a draw, in which agent 0 never saw card 0.
        game(
            &mut st,
            &[0, 1],
            &[0, 0],
            &returns(0.5, 0.5),
            &[GameCards::default(); 2],
        );
        let c = st.card(0, 0);
        assert_eq!((c.gih_games, c.gih_points2), (1, 2));
        assert_eq!((c.gns_games, c.gns_points2), (1, 1));
        assert_eq!((c.played_games, c.played_points2), (1, 2));
        let other = st.card(1, 0);
        assert_eq!(
            (other.gih_games, other.gns_games, other.gns_points2),
            (0, 2, 1)
        );
    }

    #[test]
    fn the_file_form_writes_every_cards_gns_counts_and_reads_back_the_same() {
        let mut st = RunStats::new(2, 2, 3);
        let sets = [
            GameCards {
                seen: 0b010,
                played: 0,
            },
            GameCards {
                seen: 0b100,
                played: 0b100,
            },
        ];
        game(&mut st, &[0, 1], &[1, 0], &returns(1.0, 0.0), &sets);
        game(&mut st, &[1, 0], &[0, 0], &returns(0.5, 0.5), &sets);
        let json = serde_json::to_value(&st).unwrap();
        // Agent 0 held card 1 in the first game (at seat 0) and card 2 in the second (at
        // seat 1): for card 1, GIH 1 game and GNS 1 game, as written out.
        let cards = json["cards"].as_array().unwrap();
        let card = |agent: usize, id: usize| &cards[agent * 3 + id];
        assert_eq!(card(0, 1)["gih_games"], 1);
        assert_eq!(card(0, 1)["gns_games"], 1);
        assert_eq!(card(0, 0)["gns_games"], 2, "card 0: never held");
        assert_eq!(card(0, 0)["gns_points2"], 3, "a win (2) and a draw (1)");
        assert_eq!(card(1, 2)["gih_games"], 1);
        let back: RunStats = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(back, st);
        for (agent, id) in [(0, 0), (0, 1), (1, 2), (1, 0)] {
            assert_eq!(back.card(agent, id), st.card(agent, id));
        }
        // Cards whose GIH and GNS games disagree are refused, naming the card.
        let mut bad = json;
        bad["cards"][2]["gns_games"] = serde_json::json!(5);
        let err = serde_json::from_value::<RunStats>(bad)
            .unwrap_err()
            .to_string();
        assert!(err.contains("card 2"), "{err}");
    }

    #[test]
    fn standard_error_of_a_mean() {
        // Per-game values 1, 2, 3: mean 2, sample variance 1, standard error sqrt(1/3).
        let s = SeatStats {
            games: 3,
            ..SeatStats::default()
        };
        let se = s.standard_error(6, 14).unwrap();
        assert!((se - (1.0f64 / 3.0).sqrt()).abs() < 1e-12);
        let one = SeatStats {
            games: 1,
            ..SeatStats::default()
        };
        assert_eq!(one.standard_error(2, 4), None);
    }

    use super::*;

    fn returns(a: f64, b: f64) -> Returns {
        [a, b, 0.0, 0.0]
    }

    #[test]
    fn outcomes() {
        assert_eq!(Outcome::of(&returns(1.0, 0.0), 0, 2), Outcome::Win);
        assert_eq!(Outcome::of(&returns(1.0, 0.0), 1, 2), Outcome::Loss);
        assert_eq!(Outcome::of(&returns(0.5, 0.5), 1, 2), Outcome::Draw);
    }

    #[test]
    fn one_seat_counts_no_placement() {
        // A solitaire: one agent, one seat, one card; returns are not read.
        let mut st = RunStats::new(1, 1, 1);
        let sets = [GameCards {
            seen: 0b1,
            played: 0b1,
        }];
        st.record_game(&[0], &[3], None, &returns(1.0, 0.0), &[4], 9, &sets);
        st.record_game(&[0], &[5], None, &returns(0.0, 0.0), &[6], 11, &[]);
        let s = st.agent_total(0);
        assert_eq!(*st.seat(0, 0), s);
        assert_eq!((s.games, s.wins, s.draws, s.losses), (2, 0, 0, 0));
        assert_eq!((s.half_points, s.opponents, s.win_share12), (0, 0, 0));
        assert_eq!((s.goals_for, s.goals_for_sq, s.goals_against), (8, 34, 0));
        assert_eq!((s.decisions, st.actions()), (10, 20));
        assert_eq!(s.score_rate(), None);
        assert_eq!(s.points(), 0.0);
        let se = s.standard_error(s.goals_for, s.goals_for_sq).unwrap();
        assert!((se - 1.0).abs() < 1e-12);
        let c = st.card(0, 0);
        assert_eq!((c.gih_games, c.played_games, c.gih_points2), (1, 1, 0));
        assert_eq!((c.gns_games, c.gns_points2), (0, 0));
        // Merging one-seat counts is exact too.
        let mut twice = st.clone();
        twice.merge(&st);
        assert_eq!(twice.agent_total(0).games, 4);
    }

    #[test]
    #[should_panic(expected = "out of bounds")]
    fn an_event_of_a_seat_past_the_games_panics() {
        let mut st = RunStats::new(2, 2, 3);
        let mut sink = st.card_events(&[0, 1]);
        sink.record(GameEvent::CardDrawn { seat: 2, card: 1 });
    }

    #[test]
    #[should_panic(expected = "card 3 of 3")]
    fn an_event_of_a_card_past_the_games_panics() {
        let mut st = RunStats::new(2, 2, 3);
        // Card 3 of agent 0 would be card 0 of agent 1 if it were not checked.
        st.card_events(&[0, 1])
            .record(GameEvent::CardPlayed { seat: 0, card: 3 });
    }

    /// A card played is one held, though the game never said it was drawn (the held
    /// set is joined with the played one once a game, not at every play).
    #[test]
    fn a_card_played_is_held_without_being_drawn() {
        let mut stats = RunStats::new(2, 2, 3);
        let seats = [0, 1];
        let mut events = stats.card_events(&seats);
        events.record(GameEvent::CardDrawn { seat: 0, card: 0 });
        events.record(GameEvent::CardPlayed { seat: 0, card: 0 });
        events.record(GameEvent::CardPlayed { seat: 1, card: 2 });
        let cards = events.game_cards();
        assert_eq!(
            cards[0],
            GameCards {
                seen: 0b001,
                played: 0b001
            }
        );
        assert_eq!(
            cards[1],
            GameCards {
                seen: 0b100,
                played: 0b100
            }
        );
        assert_eq!(cards[2], GameCards::default());
    }

    #[test]
    fn records_and_merges_exactly() {
        let mut a = RunStats::new(2, 2, 3);
        // Game 0: agent 0 at seat 0 wins 2-1.
        let mut sets = [GameCards::default(); 2];
        let events = [
            GameEvent::CardDrawn { seat: 0, card: 2 },
            GameEvent::CardDrawn { seat: 1, card: 0 },
            GameEvent::CardPlayed { seat: 0, card: 2 },
            GameEvent::CardResolved {
                seat: 0,
                card: 2,
                success: true,
            },
            GameEvent::Goal { seat: 0 },
            GameEvent::TurnEnd { seat: 0 },
        ];
        let recorded = events.map(|e| a.record_event(&[0, 1], &mut sets, e));
        assert_eq!(recorded, [true, true, true, true, false, false]);
        assert_eq!(
            sets[0],
            GameCards {
                seen: 0b100,
                played: 0b100
            }
        );
        assert_eq!(
            sets[1],
            GameCards {
                seen: 0b001,
                played: 0
            }
        );
        a.record_game(
            &[0, 1],
            &[2, 1],
            None,
            &returns(1.0, 0.0),
            &[5, 4],
            20,
            &sets,
        );
        let mut b = RunStats::new(2, 2, 3);
        // Game 1: agent 0 at seat 1, a 0-0 draw.
        b.record_event(
            &[1, 0],
            &mut [],
            GameEvent::CardResolved {
                seat: 1,
                card: 2,
                success: false,
            },
        );
        b.record_game(&[1, 0], &[0, 0], None, &returns(0.5, 0.5), &[3, 3], 10, &[]);

        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, ba);
        assert_eq!(ab.games(), 2);
        assert_eq!(ab.actions(), 30);
        let t = ab.agent_total(0);
        assert_eq!((t.games, t.wins, t.draws, t.losses), (2, 1, 1, 0));
        assert_eq!((t.goals_for, t.goals_against, t.decisions), (2, 1, 8));
        assert_eq!(t.score_rate(), Some(0.75));
        // A win and a draw: half-points 2 and 1, win shares 12 and 6.
        assert_eq!((t.half_points, t.half_points_sq), (3, 5));
        assert_eq!((t.win_share12, t.win_share12_sq), (18, 180));
        assert_eq!(t.score_interval(), crate::score::wdl_interval95(1, 1, 0));
        assert_eq!(t.win_share_interval(), t.score_interval());
        let l = ab.seat(1, 1);
        assert_eq!(
            (l.games, l.losses, l.goals_for, l.goals_against),
            (1, 1, 1, 2)
        );
        let c = ab.card(0, 2);
        assert_eq!((c.drawn, c.played, c.resolved, c.succeeded), (1, 1, 2, 1));
        // Held and played in the win (2 half-points); the draw recorded no card sets, so
        // it counts for no card.
        assert_eq!((c.gih_games, c.gih_points2, c.gih_points2_sq), (1, 2, 4));
        assert_eq!((c.played_games, c.played_points2), (1, 2));
        assert_eq!((c.gns_games, c.gns_points2, c.gns_points2_sq), (0, 0, 0));
        // Agent 1 held card 0 in its loss, and nothing in the game it recorded no sets of.
        let h = ab.card(1, 0);
        assert_eq!(
            (h.drawn, h.gih_games, h.gih_points2, h.gns_games),
            (1, 1, 0, 0)
        );
        assert_eq!(ab.card(1, 2).drawn, 0);
        assert_eq!(ab.seat(1, 0).score_rate(), Some(0.5));
        assert_eq!(RunStats::new(1, 2, 0).seat(0, 0).score_rate(), None);
    }
}
