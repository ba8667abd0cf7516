//! The legal actions of a Crazy Eights state and its chance outcomes (OpenSpiel
//! `CrazyEightsState::PlayLegalActions` and `ChanceOutcomes`), with the direct draw from
//! the draw pile's bit set.

use super::actions::{DEALER_BASE, DRAW, NOMINATE_BASE, PASS};
use super::cards::{cards_of, nth_card, rank, rank_mask, suit_mask, EIGHTS, TWOS};
use super::state::{Phase, State, NIBBLE_COUNT, NO_SEAT};
use crate::core::{Action, ActionList, ChanceList, ChanceOutcomes, LegalActions, Rng};
use rand::Rng as _;

/// `RANK_OUTCOMES[rank][set]`: the chance outcomes (weight 1) of the cards of `rank`
/// whose suits are the bits of `set`, ascending, padded to four entries.
static RANK_OUTCOMES: [[[(Action, u32); 4]; 16]; 13] = rank_outcomes();

const fn rank_outcomes() -> [[[(Action, u32); 4]; 16]; 13] {
    let mut t = [[[(Action(0), 1u32); 4]; 16]; 13];
    let mut rank = 0;
    while rank < 13 {
        let mut set = 0;
        while set < 16 {
            let (mut suit, mut n) = (0, 0);
            while suit < 4 {
                if set >> suit & 1 == 1 {
                    t[rank][set][n].0 = Action((rank * 4 + suit) as u16);
                    n += 1;
                }
                suit += 1;
            }
            set += 1;
        }
        rank += 1;
    }
    t
}

impl State {
    /// The cards of the current player that match the top of the discard pile: eights
    /// always, others by suit (`last_suit_`) or rank (OpenSpiel
    /// `CrazyEightsState::PlayLegalActions`).
    #[inline]
    pub(super) fn playable(&self) -> u64 {
        let hand = self.hands[usize::from(self.current)];
        hand & (EIGHTS | suit_mask(self.last_suit) | rank_mask(rank(self.last_card)))
    }
}

impl LegalActions for State {
    /// OpenSpiel `CrazyEightsState::PlayLegalActions`, sorted ascending as OpenSpiel sorts
    /// them.
    #[inline]
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        if self.phase != Phase::Play {
            return;
        }
        if self.nominate {
            for s in 0..4 {
                out.push(Action(NOMINATE_BASE + s));
            }
            return;
        }
        let may_pass = self.can_pass || self.deck == 0;
        if self.twos_left > 0 {
            // Twos pending: draw them, or stack a two (OpenSpiel checks that no pass is
            // possible here).
            debug_assert!(!may_pass && !self.start_draw_twos);
            for c in cards_of(self.hands[usize::from(self.current)] & TWOS) {
                out.push(Action(u16::from(c)));
            }
            out.push(Action(DRAW));
            return;
        }
        for c in cards_of(self.playable()) {
            out.push(Action(u16::from(c)));
        }
        if self.deck != 0 && self.draws_before_play != self.rules.max_draw_cards {
            debug_assert!(!self.can_pass);
            out.push(Action(DRAW));
        }
        if may_pass {
            out.push(Action(PASS));
        }
    }
}

impl ChanceOutcomes for State {
    /// OpenSpiel `CrazyEightsState::ChanceOutcomes`: the two seats as dealer with equal
    /// weights, then every card of the draw pile with equal weights, ascending.
    #[inline]
    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        if self.phase != Phase::Deal {
            return;
        }
        if self.dealer == NO_SEAT {
            out.push((Action(DEALER_BASE), 1));
            out.push((Action(DEALER_BASE + 1), 1));
            return;
        }
        // Four cards (one rank) at a time: copy the rank's four possible outcomes from a
        // table, then keep as many as the draw pile holds (faster than a push per card).
        for (rank, outcomes) in RANK_OUTCOMES.iter().enumerate() {
            let nibble = (self.deck >> (4 * rank)) as usize & 0xF;
            let keep = out.len() + usize::from(NIBBLE_COUNT[nibble]);
            out.try_extend_from_slice(&outcomes[nibble])
                .expect("52 outcomes fit a chance list");
            out.truncate(keep);
        }
    }

    /// Draws the `r`-th card of the draw pile (cards in id order, `r` uniform below the
    /// pile's size) straight from its bit set: the same number from `rng` and the same
    /// card as [`crate::core::sample_chance`] on [`ChanceOutcomes::chance_outcomes`].
    #[inline]
    fn sample_chance_outcome(&self, rng: &mut Rng) -> Action {
        if self.phase != Phase::Deal || self.dealer == NO_SEAT {
            return crate::core::sample_listed_chance(self, rng);
        }
        let r = rng.gen_range(0..self.deck.count_ones());
        Action(u16::from(nth_card(self.deck, r)))
    }
}
