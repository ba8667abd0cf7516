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
    /// with a time limit); runners report decisions that go well past it. Constant over
    /// a game: runners ask once a game, after [`Agent::new_game`]. The default, `None`:
    /// the budget is not a time (iterations, or no search).
    fn time_budget(&self) -> Option<std::time::Duration> {
        None
    }

    /// Whether the agent reads information keys ([`PlayerView::info_key`]: a search
    /// tree keyed by them). A runner whose agents and observer all answer `false` plays
    /// the game with [`ApplyAction::apply_untracked_with`](super::ApplyAction::apply_untracked_with),
    /// which skips the keys' bookkeeping, so that the keys of its states are meaningless.
    /// Constant over a game: runners ask once a game. The default, `true`: an agent that
    /// does not say otherwise may read them.
    fn reads_information_keys(&self) -> bool {
        true
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

    /// The root statistics of the agent's last search, for explanations (`sim trace
    /// --explain`, the replay page, `sim play`'s hints): fills `out` with one
    /// [`SearchStat`] per root action the search tried and returns whether it did, like
    /// [`Agent::last_policy`] (cleared first, called right after [`Agent::act`]). The
    /// default, `false` with `out` empty: no search, or none at the last decision.
    fn last_search(&self, out: &mut Vec<SearchStat>) -> bool {
        out.clear();
        false
    }
}

/// One root action of a search ([`Agent::last_search`]): how often it was tried and the
/// returns it brought the deciding seat, each in `[0, 1]` (the game's returns, or the
/// evaluation where a playout stopped), so that the action's value (`total / visits`,
/// an expected score) gets an interval from its spread.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchStat {
    /// The root action.
    pub action: Action,
    /// Times it was tried (iterations through it).
    pub visits: u32,
    /// Sum of the returns those iterations brought the deciding seat.
    pub total: f64,
    /// Sum of their squares.
    pub squares: f64,
}
