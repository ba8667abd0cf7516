//! The `oracle`: [`Mcts`] searching the true state. It **sees hidden information**: every
//! determinization of its search is the real deal ([`PlayerView::omniscient`]), so it
//! knows the opponents' hands and every face-down card, though not the outcome of chance
//! nodes still to come (draws, dice). It is no honest player: its score bounds what
//! information and search could be worth, and the gap between the best honest agent and
//! the oracle is the headroom of honest play (issue 25, item 3). The lab marks every seat
//! it plays (`sim agents`, the run summary, `run.json`, `sim ladder`): its line of the
//! agent table ([`crate::AGENTS`]) says it sees hidden information.
//!
//! Its parameters and their defaults are exactly `mcts`'s ([`crate::MCTS_PARAMS`]), read
//! by the same code, so `oracle(iterations=400)` and `mcts(iterations=400)` differ only in
//! what they may see.

use crate::mcts::Mcts;
use crate::spec::{AgentError, AgentSpec};
use engine_core::{Action, Agent, Heuristic, PlayerView, Rng};
use std::time::Duration;

/// The oracle agent: an [`Mcts`] handed the omniscient view of its seat.
pub struct Oracle {
    search: Mcts,
}

impl Oracle {
    /// Builds from a parsed spec with `mcts`'s parameters.
    /// Errors: [`AgentError`] naming a bad parameter (as `mcts`'s, under the name
    /// `oracle`).
    pub fn from_spec(spec: &AgentSpec) -> Result<Self, AgentError> {
        Ok(Oracle {
            search: Mcts::from_spec(spec)?,
        })
    }

    /// The search behind the oracle (its settings, its iteration count).
    pub fn search(&self) -> &Mcts {
        &self.search
    }
}

impl<S: Heuristic> Agent<S> for Oracle {
    fn name(&self) -> &str {
        "oracle"
    }

    fn new_game(&mut self) {
        Agent::<S>::new_game(&mut self.search);
    }

    fn time_budget(&self) -> Option<Duration> {
        Agent::<S>::time_budget(&self.search)
    }

    fn act(&mut self, view: &PlayerView<'_, S>, rng: &mut Rng) -> Action {
        // The peek: the only call of `omniscient` outside the engine.
        self.search.act(&view.omniscient(), rng)
    }

    fn last_policy(&self, out: &mut Vec<(Action, f32)>) -> bool {
        Agent::<S>::last_policy(&self.search, out)
    }

    fn last_search(&self, out: &mut Vec<engine_core::SearchStat>) -> bool {
        Agent::<S>::last_search(&self.search, out)
    }
}
