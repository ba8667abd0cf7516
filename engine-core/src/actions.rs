//! Actions and the fixed-capacity lists that hold them: legal actions ([`ActionList`])
//! and weighted chance outcomes ([`ChanceList`]); no allocation. Also two supertraits of
//! [`GameState`](super::GameState), after OpenSpiel's `LegalActions` and `ApplyAction`:
//! [`LegalActions`], which each game implements in its own `legal.rs`, and
//! [`ApplyAction`], which each game implements in its own `flow.rs`.

use super::GameEvent;
use arrayvec::ArrayVec;

/// Capacity of an [`ActionList`]: no game may offer more legal actions at one decision.
pub const MAX_ACTIONS: usize = 256;

/// The number of independent chance streams a game may use (see
/// [`ChanceOutcomes::chance_stream`](super::ChanceOutcomes::chance_stream)).
pub const MAX_CHANCE_STREAMS: usize = 4;

/// Capacity of a [`ChanceList`]: no chance node may have more distinct outcomes.
pub const MAX_CHANCE_OUTCOMES: usize = 128;

/// One action: a game-specific code. At a decision it is one of the legal actions; at a
/// chance node it is one of the chance outcomes. Codes are small, dense and stable within a
/// rule set, so an action list is a complete, replayable record of a game.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Action(pub u16);

/// The legal actions at a decision: sorted ascending, no duplicates, never empty at a
/// decision ([`Turn::Decision`](super::Turn::Decision)). Fixed capacity [`MAX_ACTIONS`]: filling it never allocates.
pub type ActionList = ArrayVec<Action, MAX_ACTIONS>;

/// The outcomes of a chance node with their integer weights (the probability of an outcome
/// is its weight over the sum). Every weight is positive; outcomes are unique. Integer
/// weights keep sampling exact and platform independent.
pub type ChanceList = ArrayVec<(Action, u32), MAX_CHANCE_OUTCOMES>;

/// An action that is neither legal nor a chance outcome at the state it was applied to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("illegal action {}", .0 .0)]
pub struct IllegalAction(pub Action);

/// The legal actions of a decision (OpenSpiel's `State::LegalActions`): a supertrait of
/// [`GameState`](super::GameState), implemented in each game's `legal.rs`, beside the
/// rules that make an action legal.
pub trait LegalActions {
    /// Fills `out` (cleared first) with the legal actions of the deciding seat, sorted and
    /// unique. Leaves it empty when the state is not a decision. Never allocates.
    fn legal_actions(&self, out: &mut ActionList);
}

/// The transition of a state by one action (OpenSpiel's `State::ApplyAction`): a
/// supertrait of [`GameState`](super::GameState), implemented in each game's `flow.rs`,
/// beside the flow of its turns. [`GameState::apply`](super::GameState::apply) and
/// [`GameState::try_apply`](super::GameState::try_apply) are built on it.
pub trait ApplyAction {
    /// Applies `action` (a legal action or a chance outcome), reporting what happened to
    /// `events`. Deterministic. The action must be legal: an illegal one may leave the
    /// state inconsistent (use [`GameState::try_apply`](super::GameState::try_apply) for
    /// unchecked input).
    fn apply_with<F: FnMut(GameEvent)>(&mut self, action: Action, events: &mut F);
}
