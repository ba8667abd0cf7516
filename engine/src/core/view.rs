//! The player view: all an agent is given of a game.

use super::{ActionList, GameState, InfoKey, Rng, Seat};

/// What one seat may see of a state at its decision: its legal actions, its information
/// key, readable action names, and determinizations (states resampled from its own
/// information set). The true state is private to this type, so an agent cannot read the
/// opponent's hand or the order of the draw pile: the type system keeps search honest
/// (the design of TAG's observation copies, Gaina et al. 2020).
pub struct PlayerView<'a, S: GameState> {
    state: &'a S,
    seat: Seat,
}

impl<'a, S: GameState> PlayerView<'a, S> {
    /// The view of `seat` on `state`. Only runners (and tests) build views.
    pub fn new(state: &'a S, seat: Seat) -> Self {
        Self { state, seat }
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
        self.state.legal_actions(out);
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

    /// A state sampled from the seat's information set (see [`GameState::determinize`]).
    pub fn determinize(&self, rng: &mut Rng) -> S {
        self.state.determinize(self.seat, rng)
    }

    /// Readable name of a legal action.
    pub fn action_to_string(&self, action: super::Action) -> String {
        self.state.action_to_string(action)
    }
}
