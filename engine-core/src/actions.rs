//! Actions and the fixed-capacity lists that hold them: legal actions ([`ActionList`])
//! and weighted chance outcomes ([`ChanceList`]); no allocation. Also two supertraits of
//! [`GameState`](super::GameState), after OpenSpiel's `LegalActions` and `ApplyAction`:
//! [`LegalActions`], which each game implements in its own `legal.rs`, and
//! [`ApplyAction`], which each game implements in its own `flow.rs`.

use super::{GameEvent, Rng};
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

    /// [`LegalActions::legal_actions`] when there are at most `n`: fills `out` with them
    /// and returns `true`. When there are more it returns `false`, and `out` then holds
    /// either every legal action (when it holds more than `n`: the list is complete) or
    /// at most `n` of them (a game that stopped counting). The default lists them all and
    /// compares; a game whose decisions can have many actions stops counting past `n`
    /// (greedy's lookahead asks this at every position it looks through, and looks no
    /// further past a wide one; the runner's forced check asks it for one and reuses a
    /// complete list). Never allocates.
    fn legal_actions_within(&self, n: usize, out: &mut ActionList) -> bool {
        self.legal_actions(out);
        out.len() <= n
    }

    /// The only legal action of a *forced* decision, one with exactly one legal action;
    /// `None` at a real choice and where the state is not a decision. Runners, `sim
    /// play` and search trees apply it without asking an agent (issue 42: about half of
    /// a GRANGOL seat's decisions are forced). The default asks
    /// [`LegalActions::legal_actions_within`] for at most one, so a game that stops
    /// counting early answers without listing. Never allocates.
    fn forced_action(&self) -> Option<Action> {
        let mut legal = ActionList::new();
        if self.legal_actions_within(1, &mut legal) {
            legal.first().copied()
        } else {
            None
        }
    }

    /// A legal action drawn uniformly: the `k`-th of [`LegalActions::legal_actions`] for
    /// `k = rng.gen_range(0..n)`, `n` their number (the `random` agent's choice). The
    /// default lists them ([`random_listed_action`]); a game whose decisions list many
    /// actions may find the `k`-th without listing them, drawing the same `k` from `rng`,
    /// so that the choice is the same. Panics at a state that is not a decision.
    fn random_legal_action(&self, rng: &mut Rng) -> Action {
        random_listed_action(self, rng)
    }
}

/// [`LegalActions::random_legal_action`] by the list: the `k`-th legal action, `k =
/// rng.gen_range(0..n)`. Panics when there is no legal action.
pub fn random_listed_action<S: LegalActions + ?Sized>(state: &S, rng: &mut Rng) -> Action {
    use rand::Rng as _;
    let mut legal = ActionList::new();
    state.legal_actions(&mut legal);
    legal[rng.gen_range(0..legal.len())]
}

/// Where a game reports what happened while it applies an action: each [`GameEvent`] in
/// the order it happened ([`ApplyAction::apply_with`]). Every closure `|e| …` is one; a
/// caller on a hot path (the runner's statistics) implements it on a type of its own with
/// an `#[inline(always)]` [`Events::event`], so that the handling of each event is
/// compiled into the game's code where the event is raised, not called through the
/// closure at every event.
pub trait Events {
    /// Receives `event`.
    fn event(&mut self, event: GameEvent);
}

impl<F: FnMut(GameEvent)> Events for F {
    #[inline(always)]
    fn event(&mut self, event: GameEvent) {
        self(event)
    }
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
    fn apply_with<F: Events>(&mut self, action: Action, events: &mut F);

    /// Applies `action` as [`GameState::apply`](super::GameState::apply) does, except that
    /// the state may skip the bookkeeping of its information keys: afterwards everything
    /// but [`InfoSets::info_key`](super::InfoSets::info_key) is as `apply` leaves it
    /// (turn, legal actions, chance outcomes, returns, observations, determinizations),
    /// and the keys of this state and of every state played on from it are meaningless.
    /// For searches that never read the keys of the positions they make: greedy's
    /// lookahead, a search's playouts, a run whose agents and observer read none. The
    /// default is `apply`; a game whose keys cost a hash per action skips it.
    #[inline]
    fn apply_untracked(&mut self, action: Action) {
        self.apply_untracked_with(action, &mut |_| {});
    }

    /// [`ApplyAction::apply_untracked`] reporting events as
    /// [`ApplyAction::apply_with`] does. The default is `apply_with`.
    #[inline]
    fn apply_untracked_with<F: Events>(&mut self, action: Action, events: &mut F) {
        self.apply_with(action, events);
    }

    /// What applying `action` (a legal action or a chance outcome of this state) does, as
    /// a key: two actions of the state with the same `Some` key leave equal states once
    /// applied with [`ApplyAction::apply_untracked`] (in GRANGOL, the faces of a die that
    /// the roll reads alike, such as every scoring face of a shot, or the two dives of a
    /// goalkeeper away from the shot). A lookahead values such an action once and takes
    /// that value for each of them: what valuing each again would give, bit for bit,
    /// since the value of a state is a function of the state. `None`, the default, claims
    /// nothing. A state keys all its actions (or outcomes) or none of them, so a caller may
    /// ask the first to learn whether there are keys. The battery checks both claims along
    /// random games.
    #[inline]
    fn action_effect(&self, action: Action) -> Option<u32> {
        let _ = action;
        None
    }
}
