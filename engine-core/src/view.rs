//! The player view: all an agent is given of a game.

use super::{Action, ActionList, GameState, Heuristic, InfoKey, Rng, Seat};

/// What one seat may see of a state at its decision: its legal actions, its information
/// key, readable action names, and determinizations (states resampled from its own
/// information set). The true state is private to this type, so an agent cannot read the
/// opponent's hand or the order of the draw pile: the type system keeps search honest
/// (the design of TAG's observation copies, Gaina et al. 2020).
///
/// The one exception is the *omniscient* view ([`PlayerView::omniscient`]), handed only
/// to the `oracle` agent, which is marked everywhere as seeing hidden information.
pub struct PlayerView<'a, S: GameState> {
    state: &'a S,
    seat: Seat,
    omniscient: bool,
    /// The seat's legal actions when the runner has listed them already.
    legal: Option<&'a ActionList>,
}

impl<'a, S: GameState> PlayerView<'a, S> {
    /// The view of `seat` on `state`. Only runners (and tests) build views.
    pub fn new(state: &'a S, seat: Seat) -> Self {
        Self {
            state,
            seat,
            omniscient: false,
            legal: None,
        }
    }

    /// [`PlayerView::new`] with the seat's legal actions listed already (`legal` must be
    /// exactly what [`LegalActions::legal_actions`](super::LegalActions::legal_actions)
    /// gives at `state`): [`PlayerView::legal_actions`] copies them and
    /// [`PlayerView::random_legal_action`] picks from them, so a runner that listed them
    /// to find a forced decision does not have them listed twice.
    pub fn with_legal(state: &'a S, seat: Seat, legal: &'a ActionList) -> Self {
        debug_assert!({
            let mut check = ActionList::new();
            state.legal_actions(&mut check);
            check == *legal
        });
        Self {
            state,
            seat,
            omniscient: false,
            legal: Some(legal),
        }
    }

    /// **Peeks.** The same view, except that [`PlayerView::determinize`] returns a clone
    /// of the true state instead of a sample of the seat's information set: the real deal,
    /// with every hidden hand as it is. What the state has not
    /// yet decided stays unknown: chance nodes met later (draws, dice, a shuffle) are
    /// still sampled by whoever plays the state on, so a search on it knows the present,
    /// not the future (search on the actual deal, as the "cheating" players that
    /// Cowling, Powley & Whitehouse 2012 compare ISMCTS with). The legal
    /// actions and the information key are those of the honest view (the seat's own
    /// information key: within one game the true state behind it is unique, so a search
    /// keyed by it does not mix worlds at its root).
    ///
    /// Only the `oracle` agent may call it; a test in `agents/tests/it/oracle.rs` checks that
    /// no other agent's source does, and `sim` marks every seat the oracle plays as
    /// seeing hidden information.
    pub fn omniscient(&self) -> PlayerView<'a, S> {
        PlayerView {
            state: self.state,
            seat: self.seat,
            omniscient: true,
            legal: self.legal,
        }
    }

    /// Whether this view is [`PlayerView::omniscient`] (its determinizations are the true
    /// state).
    pub fn is_omniscient(&self) -> bool {
        self.omniscient
    }

    /// The seat this view belongs to.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Number of seats in the game.
    pub fn num_seats(&self) -> usize {
        self.state.num_seats()
    }

    /// The legal actions of the seat (the view is only handed out at its decisions).
    pub fn legal_actions(&self, out: &mut ActionList) {
        match self.legal {
            Some(legal) => {
                out.clear();
                out.try_extend_from_slice(legal).expect("same capacity");
            }
            None => self.state.legal_actions(out),
        }
    }

    /// A legal action of the seat drawn uniformly from `rng`
    /// ([`LegalActions::random_legal_action`](super::LegalActions::random_legal_action)).
    pub fn random_legal_action(&self, rng: &mut Rng) -> Action {
        match self.legal {
            // The same `k` as the state's own pick, from the list.
            Some(legal) => legal[rand::Rng::gen_range(rng, 0..legal.len())],
            None => self.state.random_legal_action(rng),
        }
    }

    /// The seat's information key.
    pub fn info_key(&self) -> InfoKey {
        self.state.info_key(self.seat)
    }

    /// Whether the decision is a symmetric secret choice
    /// ([`GameState::symmetric_choice`]): a fact of the rules the seat knows.
    pub fn symmetric_choice(&self) -> bool {
        self.state.symmetric_choice()
    }

    /// At a decision with an equilibrium fixed by the rules, an action drawn from it
    /// ([`GameState::equilibrium_choice`], which reads only what the seat sees); `None`
    /// elsewhere.
    pub fn equilibrium_choice(&self, rng: &mut Rng) -> Option<super::Action> {
        self.state.equilibrium_choice(rng)
    }

    /// A state sampled from the seat's information set (see [`InfoSets::determinize`](super::InfoSets::determinize));
    /// on an [`omniscient`](PlayerView::omniscient) view, a clone of the true state
    /// (`rng` unused).
    pub fn determinize(&self, rng: &mut Rng) -> S {
        if self.omniscient {
            self.state.clone()
        } else {
            self.state.determinize(self.seat, rng)
        }
    }

    /// The seat's observation tensor ([`Observation::observation_tensor`](super::Observation::observation_tensor)) written into
    /// `out`, of length [`PlayerView::observation_size`].
    pub fn observation_tensor(&self, out: &mut [f32]) {
        self.state.observation_tensor(self.seat, out);
    }

    /// The length of the observation tensor ([`Observation::observation_size`](super::Observation::observation_size)).
    pub fn observation_size(&self) -> usize {
        self.state.observation_size()
    }

    /// The seat's observation as text ([`Observation::observation_string`](super::Observation::observation_string)).
    pub fn observation_string(&self) -> String {
        self.state.observation_string(self.seat)
    }

    /// Readable name of a legal action.
    pub fn action_to_string(&self, action: super::Action) -> String {
        self.state.action_to_string(action)
    }
}

impl<S: Heuristic> PlayerView<'_, S> {
    /// The game's classes of exchangeable actions among the seat's legal actions, if it
    /// has some ([`Heuristic::action_classes`]): read from the seat's own knowledge only.
    pub fn action_classes(&self) -> Option<impl Fn(Action) -> u64 + '_> {
        self.state.action_classes(self.seat)
    }
}
