//! What a seat sees of an action: whether it can tell which action was applied, for
//! displays that show a game to one seat (`sim play`'s log, the replay page's view of a
//! seat).

use super::{Action, ActionList, ChanceList, GameState, Seat, Turn};

/// Whether `seat` can tell that `action` (a legal action or a chance outcome of `state`)
/// was applied at `state`, rather than another action of the same node. Read from the
/// information keys ([`GameState::info_key`]): the action is seen when no other legal
/// action (at a decision) or outcome (at a chance node) leads to a state in which `seat`
/// has the same information key. So a card drawn into another seat's hand, or another
/// seat's secret choice (a shot's aim), is not seen, while a die roll, a card played face
/// up, or a card drawn into `seat`'s own hand is. A seat always sees its own decisions.
///
/// A display shows the action's name ([`GameState::action_to_string`]) when this is
/// `true`, and only who acted otherwise. Costs one clone and one apply per other action
/// of the node (displays only; it allocates nothing, but it is not meant for search).
/// Returns `false` at a terminal state.
pub fn seen_by<S: GameState>(state: &S, action: Action, seat: Seat) -> bool {
    let key_after = |a: Action| {
        let mut next = state.clone();
        next.apply(a);
        next.info_key(seat)
    };
    let differs = |key, a: Action| a == action || key_after(a) != key;
    match state.turn() {
        Turn::Terminal => false,
        Turn::Decision(s) if s == seat => true,
        Turn::Decision(_) => {
            let mut list = ActionList::new();
            state.legal_actions(&mut list);
            let key = key_after(action);
            list.iter().all(|&a| differs(key, a))
        }
        Turn::Chance => {
            let mut outcomes = ChanceList::new();
            state.chance_outcomes(&mut outcomes);
            let key = key_after(action);
            outcomes.iter().all(|&(a, _)| differs(key, a))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, Rng};
    use crate::grangol::Grangol;
    use rand::SeedableRng;

    /// GRANGOL deals the first card to seat 0: seat 0 sees which card, seat 1 only that one
    /// was dealt; a die roll is seen by both; a decision is seen by its own seat.
    #[test]
    fn a_card_dealt_is_seen_by_its_receiver_only_and_dice_by_everyone() {
        let game = Grangol::default_rules();
        let state = game.new_initial_state();
        assert_eq!(state.turn(), Turn::Chance);
        let mut outcomes = ChanceList::new();
        state.chance_outcomes(&mut outcomes);
        let (card, _) = outcomes[0];
        let mut dealt = state.clone();
        dealt.apply(card);
        assert_eq!(dealt.snapshot().hand_sizes, [1, 0], "seat 0 got the card");
        assert!(seen_by(&state, card, 0));
        assert!(!seen_by(&state, card, 1));
        // Play on at random until a die is rolled: every seat sees the roll.
        let mut rng = Rng::seed_from_u64(5);
        let mut s = state;
        let mut rolls = 0;
        while s.turn() != Turn::Terminal && rolls < 3 {
            let action = match s.turn() {
                Turn::Chance => s.sample_chance_outcome(&mut rng),
                Turn::Decision(seat) => {
                    let mut list = ActionList::new();
                    s.legal_actions(&mut list);
                    assert!(seen_by(&s, list[0], seat));
                    list[0]
                }
                Turn::Terminal => unreachable!(),
            };
            if s.turn() == Turn::Chance && s.action_to_string(action).contains("die") {
                assert!(seen_by(&s, action, 0) && seen_by(&s, action, 1));
                rolls += 1;
            }
            s.apply(action);
        }
        assert!(rolls > 0, "a die was rolled");
    }
}
