//! The agent interface: [`Agent`] chooses an action from a seat's [`PlayerView`].

use super::{Action, GameState, PlayerView, Rng};

/// Something that chooses actions for a seat, seeing only that seat's [`PlayerView`].
pub trait Agent<S: GameState>: Send {
    /// The agent's name as typed in `--agents` (`random`).
    fn name(&self) -> &str;
    /// Chooses one of `view`'s legal actions. `rng` is the seat's own stream: the agent
    /// draws every random choice from it, so runs are reproducible.
    fn act(&mut self, view: &PlayerView<'_, S>, rng: &mut Rng) -> Action;

    /// Forgets everything from earlier games (a search tree kept between decisions), so
    /// that one agent can play many games and each game's choices depend only on that
    /// game. Runners call it before every game. The default does nothing (a stateless
    /// agent).
    fn new_game(&mut self) {}

    /// The time one decision may take, for an agent whose budget is a time (an MCTS
    /// with a time limit); runners report decisions that go well past it. The default,
    /// `None`: the budget is not a time (iterations, or no search).
    fn time_budget(&self) -> Option<std::time::Duration> {
        None
    }

    /// The search statistics of the agent's last decision, for datasets (`sim
    /// selfplay`): fills `out` with `(action, weight)` pairs, one per root action the
    /// search considered (an MCTS: the root visit counts), and returns whether it did.
    /// `out` is cleared first. Called right after [`Agent::act`], before any other call.
    /// The default, `false` with `out` empty: the agent has no such distribution (no
    /// search, or the last decision was taken without one: a single legal action).
    fn last_policy(&self, out: &mut Vec<(Action, f32)>) -> bool {
        out.clear();
        false
    }
}
