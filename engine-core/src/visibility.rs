//! What a seat sees of an action: whether it can tell which action was applied, for
//! displays that show a game to one seat (`sim play`'s log, the replay page's view of a
//! seat).

use super::{Action, ActionList, ChanceList, GameState, InfoKey, Rng, Seat, Turn};
use rand::SeedableRng;

/// Determinizations of the seat's information set that [`seen_by`] looks at.
const SAMPLES: usize = 16;

/// Whether `seat` can tell that `action` (a legal action or a chance outcome of `state`)
/// was applied at `state`, rather than another action of the same node. Read from the
/// information keys ([`InfoSets::info_key`](super::InfoSets::info_key)): the action is seen when no other action
/// leads to a state in which `seat` has the same information key as after `action`, both
/// at `state` and at 16 states drawn from `seat`'s information set
/// ([`InfoSets::determinize`](super::InfoSets::determinize)). So a card drawn into another seat's hand, or another
/// seat's secret choice (a shot's aim), is not seen, while a die roll, a card played face
/// up, or a card drawn into `seat`'s own hand is. The drawn states catch an action that
/// is forced here only because of what `seat` cannot see: the last card dealt face down
/// is the one card left, yet which card that is stays hidden. A seat always sees its own
/// decisions.
///
/// A display shows the action's name ([`Notation::action_to_string`](super::Notation::action_to_string)) when this is
/// `true`, and only who acted otherwise. Deterministic: the draws come from a generator
/// seeded by the seat's information key and the action. Costs a few hundred clones and
/// applies (displays only, not meant for search), unless the game says what the seat
/// sees of the node's action ([`InfoSets::sees_the_action`](super::InfoSets::sees_the_action)): then its word at once.
/// Returns `false` at a terminal state.
pub fn seen_by<S: GameState>(state: &S, action: Action, seat: Seat) -> bool {
    if state.turn() != Turn::Terminal {
        if let Some(seen) = state.sees_the_action(seat) {
            return seen;
        }
    }
    seen_by_replay(state, action, seat)
}

/// [`seen_by`] without the game's word ([`InfoSets::sees_the_action`](super::InfoSets::sees_the_action)): always by
/// replaying the node's other actions on `state` and on determinizations. The battery
/// checks the game's word against it.
pub fn seen_by_replay<S: GameState>(state: &S, action: Action, seat: Seat) -> bool {
    match state.turn() {
        Turn::Terminal => false,
        Turn::Decision(s) if s == seat => true,
        _ => {
            let key = key_after(state, action, seat);
            if another_action_gives(state, action, seat, key) {
                return false;
            }
            let mut rng = Rng::seed_from_u64(
                state.info_key(seat).0 ^ u64::from(action.0).rotate_left(48) ^ 0x5EED_0B1D,
            );
            (0..SAMPLES).all(|_| {
                let d = state.determinize(seat, &mut rng);
                d.turn() != state.turn() || !another_action_gives(&d, action, seat, key)
            })
        }
    }
}

/// `seat`'s information key after `action` is applied at `state`.
fn key_after<S: GameState>(state: &S, action: Action, seat: Seat) -> InfoKey {
    let mut next = state.clone();
    next.apply(action);
    next.info_key(seat)
}

/// Whether an action of `state`'s node other than `action` (a legal action, or a chance
/// outcome) leaves `seat` with the information key `key`.
fn another_action_gives<S: GameState>(state: &S, action: Action, seat: Seat, key: InfoKey) -> bool {
    let gives = |a: Action| a != action && key_after(state, a, seat) == key;
    if state.turn() == Turn::Chance {
        let mut outcomes = ChanceList::new();
        state.chance_outcomes(&mut outcomes);
        outcomes.iter().any(|&(a, _)| gives(a))
    } else {
        let mut list = ActionList::new();
        state.legal_actions(&mut list);
        list.iter().any(|&a| gives(a))
    }
}
