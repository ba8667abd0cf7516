//! The metrics a design measures per game (scores, goals, lengths, turn caps…):
//! what each one is, the facts a game leaves, and each game's contribution.

use crate::infra::play::Observer;
use crate::infra::schedule::Schedule;
use engine_core::{GameEvent, GameState, MAX_SEATS};
use reports::{GameTrack, MetricId, Outcome};

/// What a metric measures, per game: see [`contribution`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MetricKind {
    /// Seat 0's return minus `1 / seats`.
    FirstSeatAdvantage,
    /// The return of whoever sat at the seat.
    SeatScore(usize),
    /// Whether the game was drawn (no seat alone on top).
    DrawRate,
    /// Whether the rules' length cap ended the game.
    CappedRate,
    /// Goals (points) of all seats.
    Goals,
    /// Turns played (`TurnEnd` events).
    LengthTurns,
    /// Decisions taken by all seats.
    LengthDecisions,
    /// Times the lead changed hands.
    LeadChanges,
    /// Whether the half-time leader won, over games with a half-time leader.
    HalfTimeLeaderWins,
    /// Locked turns (`Locked`: no playable card) over turns.
    LockedRate,
    /// Cards played over turns.
    CardsPerTurn,
    /// Turns with at least one change of possession over turns.
    PossessionChangeRate,
    /// The agent's return, over the games it played.
    AgentScore(usize),
    /// Whether the agent won, over the games it played.
    AgentWin(usize),
    /// The agent's goals, over the games it played.
    AgentGoals(usize),
    /// The first agent's return in a match, over that match's games (the skill gap of
    /// the match's first agent over its second).
    MatchScore(usize),
}

/// One metric of a comparison: its name and key (as in `balance.csv`), what it measures,
/// and its natural scale (the size of a difference a designer calls "one step", used to
/// weigh targets in `sim tune`).
#[derive(Clone, Debug)]
pub struct Metric {
    /// Name and key.
    pub id: MetricId,
    /// What it measures.
    pub kind: MetricKind,
    /// Whether the terminal summary shows it (every metric is in the CSV).
    pub on_screen: bool,
    /// A proportion (0.1 is a step) or a count (a tenth of its size is a step).
    pub proportion: bool,
}

/// The metrics of a comparison of agents `labels` playing `schedule` at a game of
/// `num_seats` seats: every metric of `balance.csv` that has one value per game, the
/// per-agent score, win and goal rates of `summary.csv`, the rates the rulebooks speak of
/// (locked turns, cards per turn, turns with a change of possession), and the skill gap
/// of every match. At a one-seat game, only those that need no opponent: the capped
/// rate, goals, lengths, the per-turn rates and each agent's goals (its score).
pub fn metrics(labels: &[String], schedule: &Schedule, num_seats: usize) -> Vec<Metric> {
    let m = |name: &str, key: &str, kind, on_screen, proportion| Metric {
        id: MetricId {
            name: name.to_string(),
            key: key.to_string(),
        },
        kind,
        on_screen,
        proportion,
    };
    use MetricKind::*;
    let mut out = vec![m(
        "first_seat_advantage",
        "0",
        FirstSeatAdvantage,
        true,
        true,
    )];
    for s in 0..num_seats {
        out.push(m(
            "seat_score_rate",
            &s.to_string(),
            SeatScore(s),
            false,
            true,
        ));
    }
    out.extend([
        m("draw_rate", "", DrawRate, true, true),
        m("capped_rate", "", CappedRate, false, true),
        m("mean_goals", "", Goals, true, false),
        m("mean_length", "turns", LengthTurns, true, false),
        m("mean_length", "decisions", LengthDecisions, true, false),
        m("mean_lead_changes", "", LeadChanges, true, false),
        m("half_time_leader_wins", "", HalfTimeLeaderWins, true, true),
        m("locked_rate", "", LockedRate, true, true),
        m("cards_per_turn", "", CardsPerTurn, true, false),
        m(
            "possession_change_rate",
            "",
            PossessionChangeRate,
            true,
            true,
        ),
    ]);
    let distinct: Vec<usize> = (0..labels.len()).collect();
    for &a in &distinct {
        out.push(m(
            "score_rate",
            &labels[a],
            AgentScore(a),
            labels.len() > 2,
            true,
        ));
    }
    for &a in &distinct {
        out.push(m("win_rate", &labels[a], AgentWin(a), true, true));
    }
    for &a in &distinct {
        out.push(m("goals_for", &labels[a], AgentGoals(a), true, false));
    }
    for (i, agents) in schedule.matches.iter().enumerate() {
        if agents.len() == 2 {
            let key = format!("{} vs {}", labels[agents[0]], labels[agents[1]]);
            out.push(m("skill_gap", &key, MatchScore(i), true, true));
        }
    }
    if num_seats == 1 {
        // No opponents: nothing read from the returns or from who leads.
        out.retain(|metric| {
            !matches!(
                metric.kind,
                FirstSeatAdvantage
                    | SeatScore(_)
                    | DrawRate
                    | LeadChanges
                    | HalfTimeLeaderWins
                    | AgentScore(_)
                    | AgentWin(_)
                    | MatchScore(_)
            )
        });
    }
    out
}

/// What one game gives every metric.
#[derive(Clone, Debug)]
pub struct GameFacts {
    /// The agent at each seat.
    pub seats: arrayvec::ArrayVec<usize, MAX_SEATS>,
    /// Each seat's return.
    pub returns: engine_core::Returns,
    /// Each seat's goals.
    pub scores: arrayvec::ArrayVec<i32, MAX_SEATS>,
    /// The match the game belongs to.
    pub match_index: usize,
    /// The agents of that match, in match order.
    pub match_agents: arrayvec::ArrayVec<usize, MAX_SEATS>,
    /// Decisions of all seats.
    pub decisions: u64,
    /// Whether the rules' length cap ended it.
    pub capped: bool,
    /// The events counted while it was played.
    pub counts: Counts,
}

/// Game-neutral event counts of one game.
#[derive(Clone, Copy, Debug)]
pub struct Counts {
    /// Turns (`TurnEnd`).
    pub turns: u64,
    /// Locked turns (`Locked`).
    pub locked: u64,
    /// Cards played (`CardPlayed`).
    pub cards: u64,
    /// Turns with a `PossessionChange`.
    pub possession_turns: u64,
    possession_now: bool,
    /// Goals, half time and lead changes.
    pub track: GameTrack,
}

impl Counts {
    pub(super) fn new(num_seats: usize) -> Self {
        Counts {
            turns: 0,
            locked: 0,
            cards: 0,
            possession_turns: 0,
            possession_now: false,
            track: GameTrack::new(num_seats),
        }
    }
}

impl<S: GameState> Observer<S> for Counts {
    #[inline]
    fn on_event(&mut self, event: GameEvent) {
        match event {
            GameEvent::TurnEnd { .. } => {
                self.turns += 1;
                if std::mem::take(&mut self.possession_now) {
                    self.possession_turns += 1;
                }
            }
            GameEvent::Locked { .. } => self.locked += 1,
            GameEvent::CardPlayed { .. } => self.cards += 1,
            GameEvent::PossessionChange { .. } => self.possession_now = true,
            _ => {}
        }
        self.track.observe(event);
    }
}

/// The (numerator, denominator) one game adds to `kind` (see [`MetricKind`]).
pub fn contribution(kind: MetricKind, f: &GameFacts) -> (f64, f64) {
    let n = f.seats.len();
    let agent_seat = |a: usize| f.seats.iter().position(|&x| x == a);
    let yes = |b: bool| if b { 1.0 } else { 0.0 };
    let turns = f.counts.turns as f64;
    use MetricKind::*;
    match kind {
        // Placement returns: equal seats score 0.5 at any number of seats.
        FirstSeatAdvantage => (f.returns[0] - 0.5, 1.0),
        SeatScore(s) => (f.returns[s], 1.0),
        DrawRate => (
            yes((0..n).all(|s| Outcome::of(&f.returns, s, n) != Outcome::Win)),
            1.0,
        ),
        CappedRate => (yes(f.capped), 1.0),
        Goals => (f.counts.track.total_goals() as f64, 1.0),
        LengthTurns => (turns, 1.0),
        LengthDecisions => (f.decisions as f64, 1.0),
        LeadChanges => (f64::from(f.counts.track.lead_changes()), 1.0),
        HalfTimeLeaderWins => match f.counts.track.half_time_leader() {
            Some(s) => (
                yes(Outcome::of(&f.returns, usize::from(s), n) == Outcome::Win),
                1.0,
            ),
            None => (0.0, 0.0),
        },
        LockedRate => (f.counts.locked as f64, turns),
        CardsPerTurn => (f.counts.cards as f64, turns),
        PossessionChangeRate => (f.counts.possession_turns as f64, turns),
        AgentScore(a) => agent_seat(a).map_or((0.0, 0.0), |s| (f.returns[s], 1.0)),
        AgentWin(a) => agent_seat(a).map_or((0.0, 0.0), |s| {
            (yes(Outcome::of(&f.returns, s, n) == Outcome::Win), 1.0)
        }),
        AgentGoals(a) => agent_seat(a).map_or((0.0, 0.0), |s| (f64::from(f.scores[s]), 1.0)),
        MatchScore(m) if m == f.match_index => {
            agent_seat(f.match_agents[0]).map_or((0.0, 0.0), |s| (f.returns[s], 1.0))
        }
        MatchScore(_) => (0.0, 0.0),
    }
}
