//! Playing one game: seats, random streams, the action loop and its observers.

use anyhow::{bail, Result};
use arrayvec::ArrayVec;
use engine::core::{
    derive_rng, sample_chance, Action, Agent, ChanceList, Game, GameEvent, GameState, PlayerView,
    Returns, Rng, Seat, Stream, Turn, MAX_SEATS,
};
use serde::Serialize;

/// Who chose an action: a seat's agent or chance. Serializes as the seat number or
/// `"chance"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// The agent at this seat decided.
    Seat(Seat),
    /// A chance outcome.
    Chance,
}

impl Serialize for Actor {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Actor::Seat(x) => s.serialize_u8(*x),
            Actor::Chance => s.serialize_str("chance"),
        }
    }
}

/// Sees a game as it is played. Every method defaults to doing nothing, so an observer
/// that only counts events costs nothing else.
pub trait Observer<S: GameState> {
    /// `actor` chose `action` at `state`, which is about to be applied.
    fn before_action(&mut self, _state: &S, _actor: Actor, _action: Action) {}
    /// Something happened while the action was applied.
    fn on_event(&mut self, _event: GameEvent) {}
    /// The action was applied; `state` is the result.
    fn after_action(&mut self, _state: &S) {}
}

/// Agent indices by seat: `seats[s]` is the agent (its position in `--agents`) at seat `s`
/// in game `index`. Seats rotate game by game: agent `a` sits at seat `(a + index) mod n`,
/// so with two agents the first one has seat 0 in even games and seat 1 in odd games.
pub fn seating(index: u64, num_seats: usize) -> ArrayVec<usize, MAX_SEATS> {
    let shift = (index % num_seats as u64) as usize;
    (0..num_seats)
        .map(|seat| (seat + num_seats - shift) % num_seats)
        .collect()
}

/// How one game ended.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The agent index at each seat.
    pub seats: ArrayVec<usize, MAX_SEATS>,
    /// Goals of each seat.
    pub scores: ArrayVec<i32, MAX_SEATS>,
    /// Returns of each seat (1 win, 0.5 draw, 0 loss).
    pub returns: Returns,
    /// Decisions taken at each seat.
    pub decisions: ArrayVec<u64, MAX_SEATS>,
    /// Actions applied (decisions and chance outcomes).
    pub actions: u64,
}

/// Plays games of one game with fixed agent specs, reusing its buffers between games.
pub struct Player<'g, G: Game> {
    game: &'g G,
    specs: &'g [String],
    seed: u64,
    chance: ChanceList,
}

impl<'g, G: Game> Player<'g, G> {
    /// A player of `game` between the agents named by `specs` (one per seat, already
    /// checked with `agents::make_agent`), with master seed `seed`.
    pub fn new(game: &'g G, specs: &'g [String], seed: u64) -> Self {
        Player {
            game,
            specs,
            seed,
            chance: ChanceList::new(),
        }
    }

    /// Plays game `index`: chance outcomes from `derive_rng(seed, index, Chance)`, the
    /// agent at seat `s` from `derive_rng(seed, index, Seat(s))`. Agents are built afresh
    /// for each game, so no agent state carries from one game to the next and a game's
    /// result depends only on (`seed`, `index`). Errors: an agent spec that no longer
    /// builds, or a game longer than the game's `max_game_length` (an engine bug).
    pub fn play<O: Observer<G::State>>(&mut self, index: u64, obs: &mut O) -> Result<GameRecord> {
        let n = self.game.info().num_seats;
        let seats = seating(index, n);
        let mut agents: ArrayVec<Box<dyn Agent<G::State>>, MAX_SEATS> = ArrayVec::new();
        for &agent in &seats {
            agents.push(agents::make_agent::<G::State>(&self.specs[agent])?);
        }
        let mut chance_rng = derive_rng(self.seed, index, Stream::Chance(0));
        let mut seat_rngs: ArrayVec<Rng, MAX_SEATS> = (0..n)
            .map(|s| derive_rng(self.seed, index, Stream::Seat(s as Seat)))
            .collect();
        let mut decisions: ArrayVec<u64, MAX_SEATS> = (0..n).map(|_| 0).collect();
        let max_len = self.game.info().max_game_length as u64;
        let mut state = self.game.new_initial_state();
        let mut actions = 0u64;
        loop {
            let (actor, action) = match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    state.chance_outcomes(&mut self.chance);
                    (Actor::Chance, sample_chance(&self.chance, &mut chance_rng))
                }
                Turn::Decision(seat) => {
                    let s = usize::from(seat);
                    let view = PlayerView::new(&state, seat);
                    let action = agents[s].act(&view, &mut seat_rngs[s]);
                    decisions[s] += 1;
                    (Actor::Seat(seat), action)
                }
            };
            obs.before_action(&state, actor, action);
            state.apply_with(action, &mut |event| obs.on_event(event));
            obs.after_action(&state);
            actions += 1;
            if actions > max_len {
                bail!(
                    "game {index} did not end within max_game_length = {max_len} actions \
                     (an engine bug; seed {})",
                    self.seed
                );
            }
        }
        Ok(GameRecord {
            scores: (0..n).map(|s| state.score(s as Seat)).collect(),
            returns: state.returns(),
            seats,
            decisions,
            actions,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_alternate() {
        assert_eq!(seating(0, 2).as_slice(), &[0, 1]);
        assert_eq!(seating(1, 2).as_slice(), &[1, 0]);
        assert_eq!(seating(2, 2).as_slice(), &[0, 1]);
        // Agent a sits at seat (a + i) mod n.
        assert_eq!(seating(1, 3).as_slice(), &[2, 0, 1]);
    }
}
