//! The legal actions of a memory-game state (the places a card can be turned at, VAR
//! looks, prize cards and answers, the PLAY GAME choices) and its chance outcomes (the
//! deal, the PLAY GAME die).

use super::actions::{self as act};
use super::cards::Prize;
use super::rules::MAX_CELLS;
use super::state::{bit, places, Phase, State, NONE};
use crate::core::{
    push_counts, random_listed_action, sample_counts, select_bit128, Action, ActionList,
    ChanceList, ChanceOutcomes, LegalActions, Rng, Seat,
};
use rand::Rng as _;

impl LegalActions for State {
    /// The `k`-th legal action of a decision that turns a card is the `k`-th face-down
    /// place while `k` is below their number (the places come first).
    fn random_legal_action(&self, rng: &mut Rng) -> Action {
        let Some((set, code)) = self.turnable() else {
            return random_listed_action(self, rng);
        };
        let places = set.count_ones() as usize;
        let k = rng.gen_range(0..places + self.others().count());
        match k.checked_sub(places) {
            None => code(select_bit128(set, k as u32) as u8),
            Some(i) => self.others().nth(i).expect("k is below the count"),
        }
    }

    /// A decision that turns a card counts its face-down places (bits) and the other
    /// actions before listing any: the forced check and greedy's lookahead need no list
    /// of up to 88 places.
    fn legal_actions_within(&self, n: usize, out: &mut ActionList) -> bool {
        if let Some((set, _)) = self.turnable() {
            let places = set.count_ones() as usize;
            if places > n || places + self.others().count() > n {
                out.clear();
                return false;
            }
        }
        self.legal_actions(out);
        out.len() <= n
    }

    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        if let Some((set, code)) = self.turnable() {
            out.extend(places(set).map(code));
            out.extend(self.others());
            return;
        }
        match self.phase {
            Phase::Answer(s) => {
                let p = &self.prizes[usize::from(s)];
                if p[Prize::Yellow.index()] > 0 {
                    out.push(act::YELLOW);
                }
                if p[Prize::Red.index()] > 0 {
                    out.push(act::RED);
                }
                out.push(act::PASS);
            }
            Phase::Take => {
                let loser = usize::from(self.loser());
                for (i, &n) in self.pairs[loser].iter().enumerate() {
                    if n > 0 {
                        out.push(act::take(i as u8 + 1));
                    }
                }
            }
            // Listed above.
            Phase::TurnStart | Phase::Look(_) | Phase::Second => {}
            Phase::Deal | Phase::Roll(_) | Phase::Over => {}
        }
    }
}

/// The action that turns (or looks at) the card at a place.
pub(super) type PlaceAction = fn(u8) -> Action;

impl State {
    /// The places a card may be turned (or looked at) in this decision, with the action
    /// of each: every face-down place at the start of a turn, but the one VAR looked at
    /// in a look, but the first card for the second; `None` where the decision turns no
    /// card.
    pub(super) fn turnable(&self) -> Option<(u128, PlaceAction)> {
        let except = |c: u8| if c == NONE { 0 } else { bit(c) };
        match self.phase {
            Phase::TurnStart => Some((self.down, act::turn)),
            Phase::Look(_) => Some((self.down & !except(self.looked), act::look)),
            Phase::Second => Some((self.down & !except(self.first), act::turn)),
            _ => None,
        }
    }

    /// The legal actions of a decision that turns a card other than its places, in
    /// order: at the start of a turn, VAR when ready and the PLAY GAME challenges to each
    /// seat holding a pair (when the mover holds PLAY GAME and a pair); none otherwise.
    pub(super) fn others(&self) -> impl Iterator<Item = Action> + '_ {
        let m = usize::from(self.mover);
        let start = self.phase == Phase::TurnStart;
        let var = start && self.var_ready[m] > 0 && !self.var_used;
        let challenge =
            start && self.prizes[m][Prize::PlayGame.index()] > 0 && self.has_pair(self.mover);
        let targets = (0..self.n() as Seat)
            .filter(move |&t| challenge && t != self.mover && self.has_pair(t))
            .map(act::challenge);
        var.then_some(act::USE_VAR).into_iter().chain(targets)
    }
}

impl State {
    /// Whether `a` is in `legal`, the legal actions of this state, as
    /// `legal.contains(&a)` says: at a decision that turns a card (up to 88 places) by the
    /// places' bits and the other actions, without reading `legal` (which may then be
    /// left empty: [`crate::core::Heuristic::playout_action`]); elsewhere by the list.
    pub(super) fn is_listed(&self, a: Action, legal: &ActionList) -> bool {
        match self.turnable() {
            Some((set, code)) if a.0 < 2 * MAX_CELLS as u16 => {
                let c = (a.0 % MAX_CELLS as u16) as u8;
                code(c) == a && set & bit(c) != 0
            }
            Some(_) => self.others().any(|o| o == a),
            None => legal.contains(&a),
        }
    }
}

impl ChanceOutcomes for State {
    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        match self.phase {
            Phase::Deal => push_counts(out, &self.undealt, |f| act::deal(f as u8)),
            Phase::Roll(_) => push_counts(out, &self.rules.die, |g| act::roll(g as u8)),
            _ => {}
        }
    }

    /// The deal and the die drawn from their counts, unlisted.
    #[inline]
    fn sample_chance_outcome(&self, rng: &mut Rng) -> Action {
        match self.phase {
            Phase::Roll(_) => sample_counts(&self.rules.die, rng, |g| act::roll(g as u8)),
            _ => sample_counts(&self.undealt, rng, |f| act::deal(f as u8)),
        }
    }

    /// The deal draws from stream 0, the PLAY GAME die from stream 1.
    fn chance_stream(&self) -> u8 {
        u8::from(matches!(self.phase, Phase::Roll(_)))
    }
}
