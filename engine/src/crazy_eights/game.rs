//! The `GameState` impl of Crazy Eights: each method delegates to the file that holds
//! its concern (`flow.rs`, `legal.rs`), which depend on `state.rs` only, so the folder's
//! imports form no circle.
//!
//! The supertraits of `GameState` are implemented beside their concern, not here:
//! `Observation` in `observation.rs`, `InfoSets` (information keys, determinization) in
//! `info.rs`, `Notation` (action names, the trace snapshot) in `notation.rs`.

use super::cards::{card_name, ALL_CARDS};
use super::state::{Phase, State, NO_CARD, SEATS};
use crate::core::{Action, ActionList, ChanceList, GameEvent, GameState, Returns, Rng, Seat, Turn};

impl GameState for State {
    fn num_seats(&self) -> usize {
        2
    }

    /// OpenSpiel `CrazyEightsState::CurrentPlayer`.
    #[inline]
    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Deal => Turn::Chance,
            Phase::Play => Turn::Decision(self.current),
            Phase::Over => Turn::Terminal,
        }
    }

    /// OpenSpiel `CrazyEightsState::PlayLegalActions`, sorted ascending as OpenSpiel sorts
    /// them.
    #[inline]
    fn legal_actions(&self, out: &mut ActionList) {
        self.list_legal_actions(out)
    }

    /// OpenSpiel `CrazyEightsState::ChanceOutcomes`: the two seats as dealer with equal
    /// weights, then every card of the draw pile with equal weights, ascending.
    #[inline]
    fn chance_outcomes(&self, out: &mut ChanceList) {
        self.list_chance_outcomes(out)
    }

    /// Draws the `r`-th card of the draw pile (cards in id order, `r` uniform below the
    /// pile's size) straight from its bit set: the same number from `rng` and the same
    /// card as [`crate::core::sample_chance`] on [`GameState::chance_outcomes`].
    #[inline]
    fn sample_chance_outcome(&self, rng: &mut Rng) -> Action {
        self.sample_outcome(rng)
    }

    /// OpenSpiel `CrazyEightsState::DoApplyAction`. Events: `CardDrawn` for every card
    /// dealt or drawn into a hand (not for the card turned up), `CardPlayed` for every card
    /// played, `Locked` for a pass without a playable card, and `TurnEnd` when a seat's
    /// turn ends (a card played other than an eight, a suit named, a pass, the twos drawn,
    /// or the end of the game).
    #[inline]
    fn apply_with<F: FnMut(GameEvent)>(&mut self, action: Action, events: &mut F) {
        self.apply_action(action, events)
    }

    /// The lab's returns, derived from OpenSpiel's (`CrazyEightsState::Returns`, minus the
    /// penalty points left in each hand): the seat with the higher OpenSpiel return wins
    /// (1, the other 0); equal OpenSpiel returns are a draw (0.5 each).
    fn returns(&self) -> Returns {
        let mut r = [0.0; 4];
        if self.phase == Phase::Over {
            (r[0], r[1]) = match self.os_returns[0].cmp(&self.os_returns[1]) {
                std::cmp::Ordering::Greater => (1.0, 0.0),
                std::cmp::Ordering::Less => (0.0, 1.0),
                std::cmp::Ordering::Equal => (0.5, 0.5),
            };
        }
        r
    }

    /// OpenSpiel's return for `seat` (`CrazyEightsState::Returns`): 0 until the end, then
    /// minus the penalty points of the cards left in its hand. The "goals" of the lab's
    /// summaries are these points.
    fn score(&self, seat: Seat) -> i32 {
        self.os_returns[usize::from(seat)]
    }

    /// Every card is in exactly one place (a hand, the draw pile, the discard pile); the
    /// top card is in the discard pile; the flags agree with the phase.
    fn check_invariants(&self) -> Result<(), String> {
        if self.hands[0] & self.hands[1] != 0 || (self.hands[0] | self.hands[1]) & self.deck != 0 {
            return Err("a card is in two places".into());
        }
        if (self.hands[0] | self.hands[1] | self.deck) & !ALL_CARDS != 0 {
            return Err("a card id beyond the deck".into());
        }
        if self.last_card != NO_CARD && self.discard_pile() & 1 << self.last_card == 0 {
            return Err(format!(
                "the top card {} is not on the discard pile",
                card_name(self.last_card)
            ));
        }
        let in_hands = self.hand_size(0) + self.hand_size(1);
        if self.last_card == NO_CARD {
            if self.discard_pile() != 0 {
                return Err("a discard pile before the first card is turned up".into());
            }
            if in_hands != u32::from(self.dealt) {
                return Err(format!("{in_hands} cards in hands, {} dealt", self.dealt));
            }
        }
        if self.phase == Phase::Play && self.last_card == NO_CARD {
            return Err("a decision before the first card is turned up".into());
        }
        if self.draws_before_play > self.rules.max_draw_cards {
            return Err("more draws in a turn than max_draw_cards".into());
        }
        if self.num_plays > self.rules.max_turns {
            return Err("more plays than max_turns".into());
        }
        if self.phase != Phase::Over && self.num_passes > SEATS {
            return Err("the game should have ended after three passes".into());
        }
        if self.phase != Phase::Over && self.os_returns != [0, 0] {
            return Err("returns before the end".into());
        }
        Ok(())
    }
}
