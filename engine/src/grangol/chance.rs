//! Chance nodes: the outcomes of a draw, a die roll or a card picked at random from a hand,
//! their sampling straight from the counts, and the stream each source of luck draws from.

use super::actions as act;
use super::cards::Card;
use super::counts::{select, Counts};
use super::state::State;
use super::tasks::{RollFor, Task};
use crate::core::{push_counts, Action, ChanceList, ChanceOutcomes, Rng};
use rand::Rng as _;

impl State {
    /// The cards a chance node draws from, with their number: the draw pile
    /// (`Task::Draw`), or the hand a card is picked from at random (`RedDiscardRandom`:
    /// the seat's own, `MischiaTake`: the other seat's); `None` at a die roll, at a
    /// decision and once the game is over.
    #[inline]
    fn card_source(&self) -> Option<(&Counts, u32)> {
        if self.game_over {
            return None;
        }
        let hand = |s: usize| (&self.hands[s], u32::from(self.hand_count[s]));
        match *self.tasks.last()? {
            Task::Draw(_) => Some((&self.deck, u32::from(self.deck_count))),
            Task::RedDiscardRandom(s) => Some(hand(usize::from(s))),
            Task::MischiaTake(s) => Some(hand(1 - usize::from(s))),
            _ => None,
        }
    }
}

impl ChanceOutcomes for State {
    #[inline]
    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        if self.game_over {
            return;
        }
        if let Some((pile, _)) = self.card_source() {
            push_counts(out, pile, |i| act::card(Card::ALL[i]));
            return;
        }
        if let Some(&Task::Roll { purpose, .. }) = self.tasks.last() {
            if purpose == RollFor::Tackle {
                push_counts(out, &self.rules.red, |f| act::red_face(f as u8));
            } else {
                push_counts(out, &self.rules.green, |f| act::green_face(f as u8));
            }
        }
    }

    /// Card draws (the pile, a hand) are told wide by counting the kinds they hold, without
    /// listing them: `greedy` asks at every chance node of its lookahead, which expands only
    /// the dice.
    #[inline]
    fn chance_outcomes_within(&self, n: usize, out: &mut ChanceList) -> bool {
        if let Some((pile, _)) = self.card_source() {
            if pile.iter().filter(|&&c| c > 0).count() > n {
                out.clear();
                return false;
            }
        }
        self.chance_outcomes(out);
        out.len() <= n
    }

    /// Draws from the counts themselves (the draw pile, a hand, a die's faces) without
    /// building the outcome list: the same number from `rng` and the same outcome as the
    /// walk in card (or face) order of [`crate::core::sample_chance`] on
    /// [`ChanceOutcomes::chance_outcomes`] (cards are found by `select`).
    #[inline]
    fn sample_chance_outcome(&self, rng: &mut Rng) -> Action {
        #[inline]
        fn walk(counts: &[u8], total: u32, rng: &mut Rng) -> usize {
            let mut r = rng.gen_range(0..total);
            let mut i = 0;
            while r >= u32::from(counts[i]) {
                r -= u32::from(counts[i]);
                i += 1;
            }
            i
        }
        if let Some((pile, total)) = self.card_source() {
            let r = rng.gen_range(0..total);
            return act::card(Card::from_index(select(pile, total, r)));
        }
        match self.tasks.last() {
            Some(&Task::Roll { purpose, .. }) if !self.game_over => {
                let faces = if purpose == RollFor::Tackle {
                    &self.rules.red
                } else {
                    &self.rules.green
                };
                let total = faces.iter().map(|&n| u32::from(n)).sum();
                let f = walk(faces, total, rng) as u8;
                if purpose == RollFor::Tackle {
                    act::red_face(f)
                } else {
                    act::green_face(f)
                }
            }
            _ => crate::core::sample_listed_chance(self, rng),
        }
    }

    /// GRANGOL's four sources of luck, one stream each:
    ///
    /// | stream | chance node | outcomes |
    /// |---|---|---|
    /// | 0 | a draw from the draw pile (`Task::Draw`: deal, turn, refill, CAMBIO, the card drawn after a TEMPO +5) | cards |
    /// | 1 | the green PASS die (`Task::Roll` for a pass, LANCIO, RILANCIO, CONTROPIEDE, a shot, a save, OGGETTI IN CAMPO) | green faces |
    /// | 2 | the red TACKLE die (`Task::Roll` for CONTRASTO, CATENACCIO: `RollFor::Tackle`) | red faces |
    /// | 3 | a card picked at random from a hand (`Task::RedDiscardRandom`: the red-card discard; `Task::MischiaTake`: MISCHIA) | cards |
    ///
    /// A second roll of the same die (SUPERIORITA' TECNICA, CONDIZIONE ATLETICA) draws from
    /// the same die's stream. Not a chance node (a decision, or the end): 0.
    #[inline]
    fn chance_stream(&self) -> u8 {
        if self.game_over {
            return 0;
        }
        match self.tasks.last() {
            Some(Task::Draw(_)) => 0,
            Some(Task::Roll {
                purpose: RollFor::Tackle,
                ..
            }) => 2,
            Some(Task::Roll { .. }) => 1,
            Some(Task::RedDiscardRandom(_) | Task::MischiaTake(_)) => 3,
            _ => 0,
        }
    }
}
