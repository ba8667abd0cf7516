//! The memory game's evaluation for agents (`core::Heuristic`): what a seat can expect
//! from what it has seen.
//!
//! **Two or more players.** Each seat expects its points, plus, for the player whose turn
//! it is, the pairs whose two places it knows (it will take them: 0.9 of their value while
//! both lie face down, all of it once one is up), plus an equal share of the points still
//! unknown; a small credit goes to unused prize cards (the tie-break) and to the cards the
//! seat knows. The value is a logistic of the seat's lead over the mean of the others,
//! scaled by the points still on the grid, so it is 1/2 when nobody leads and tends to the
//! placement return as the grid empties; at the end it is the return itself.
//!
//! **Solitaire.** The return is the efficiency `pairs taken / turns`; the estimate divides
//! the pairs by the turns played plus the turns still expected: one per known pair and
//! `3 − 2 ln 2 ≈ 1.61` per other pair (the perfect-memory rate of Velleman & Warrington
//! 2013, `docs/rules/memory.md`), less a little for each card known.
//!
//! It reads only the seat's own knowledge and public facts: on a determinization it
//! cannot leak what the seat has not seen.

use super::actions as act;
use super::cards::Prize;
use super::cards::{is_footballer, NUM_FACES};
use super::rules::MAX_PAIRS;
use super::state::{places, Phase, State, EMPTY};
use crate::core::{
    listed_playout_action, logit, Action, ActionList, GameState, Heuristic, LegalActions, Rng,
    Seat, MAX_FEATURES, MAX_SEATS,
};

/// Turns a perfect-memory player needs per unknown pair, asymptotically: `3 − 2 ln 2`.
const TURNS_PER_UNKNOWN_PAIR: f64 = 3.0 - 2.0 * std::f64::consts::LN_2;

impl State {
    /// The points of the pairs on the grid whose two places `seat` knows, counting a pair
    /// whose first card is up in full and the others at 0.9; and how many such pairs.
    fn known_pairs(&self, seat: Seat) -> (f64, u32) {
        self.known_pairs_in(self.known(seat))
    }

    /// [`State::known_pairs`] of the places in `known` (a set of places).
    fn known_pairs_in(&self, known: u128) -> (f64, u32) {
        let up = self
            .first_card()
            .filter(|_| self.phase() != Phase::TurnStart);
        let mut seen_once = [u8::MAX; MAX_PAIRS];
        let (mut value, mut count) = (0.0, 0);
        for c in places(known) {
            let f = self.face(c);
            if f == EMPTY || !is_footballer(f) {
                continue;
            }
            let first = &mut seen_once[usize::from(f)];
            if *first == u8::MAX {
                *first = c;
                continue;
            }
            let w = if up == Some(c) || up == Some(*first) {
                1.0
            } else {
                0.9
            };
            value += w * f64::from(self.rules().value(f));
            count += 1;
        }
        (value, count)
    }
}

impl State {
    /// The place of a face-down card `who` knows with face `f`, other than `not`.
    fn known_place(&self, who: Seat, f: u8, not: u8) -> Option<u8> {
        places(self.known(who) & self.face_down()).find(|&c| c != not && self.face(c) == f)
    }

    /// The first face-down place `who` has not seen, other than `not`; `None` when it
    /// has seen them all. Every such place is as good as any other (the cards behind them
    /// are exchangeable for `who`): taking the first keeps the playouts of one
    /// determinization in step whatever the search tried first (common random numbers),
    /// and it is the place that stands for its class ([`Heuristic::action_classes`]).
    fn unseen_place(&self, who: Seat, not: u8) -> Option<u8> {
        let mut set = self.face_down() & !self.known(who);
        if not != super::NONE {
            set &= !(1u128 << not);
        }
        (set != 0).then(|| set.trailing_zeros() as u8)
    }

    /// A pair of face-down places whose faces `who` knows to match: the first such place
    /// (a footballer whose face `who` knows at another face-down place too). The known
    /// places are counted by face once, then walked once, instead of a walk of them all
    /// for each.
    fn known_pair(&self, who: Seat) -> Option<u8> {
        let known = self.known(who) & self.face_down();
        let mut count = [0u8; NUM_FACES];
        for c in places(known) {
            if let Some(n) = count.get_mut(usize::from(self.face(c))) {
                *n = n.saturating_add(1);
            }
        }
        places(known).find(|&c| {
            let f = self.face(c);
            is_footballer(f) && count.get(usize::from(f)).is_some_and(|&n| n >= 2)
        })
    }
}

/// The evaluation features ([`Heuristic::features`]), for the evaluating seat: its points
/// and its lead over the others' mean (as shares of the game's points), the points still
/// on the grid, whether it is the mover and the value of the pairs the mover knows (signed:
/// positive when it is the mover; another mover's only among the places the seat has seen
/// too), the pairs and face-down cards it knows, its lead in
/// unused prize cards, and the hand-made evaluation's log-odds (with that value of the
/// mover's pairs). The game ships no fitted evaluation: searched with `mcts`, the fits
/// made the games stall or lose (`docs/evaluation.md`), so `eval=fitted` is the
/// hand-made evaluation here.
pub const FEATURES: &[&str] = &[
    "lead",
    "points",
    "on_grid",
    "mover",
    "mover_known",
    "known_pairs",
    "known_cards",
    "prize_lead",
    "heuristic_logit",
];

impl Heuristic for State {
    const FEATURES: &'static [&'static str] = FEATURES;

    fn features(&self, seat: Seat, out: &mut [f64; MAX_FEATURES]) -> usize {
        let n = self.num_seats();
        let total = f64::from(self.rules().total_points()).max(1.0);
        let points = |s: usize| f64::from(self.points(s as Seat));
        let prizes =
            |s: usize| -> f64 { self.prizes(s as Seat).iter().map(|&k| f64::from(k)).sum() };
        let me = usize::from(seat);
        let others = |f: &dyn Fn(usize) -> f64| -> f64 {
            if n < 2 {
                0.0
            } else {
                (0..n).filter(|&s| s != me).map(f).sum::<f64>() / (n - 1) as f64
            }
        };
        let held: f64 = (0..n).map(points).sum();
        let m = self.mover();
        // The pairs the mover knows, counting for another mover only the places `seat`
        // has seen too (what else the mover saw, `seat` cannot tell).
        let mover_known = match self.phase() {
            Phase::Deal | Phase::Over => 0.0,
            _ if m == seat => self.known_pairs(seat).0,
            _ => self.known_pairs_in(self.known(m) & self.known(seat)).0,
        };
        let estimate = if n == 1 || self.phase() == Phase::Over {
            self.heuristic(seat)
        } else {
            self.heuristic_with(seat, mover_known)
        };
        let (_, own_pairs) = self.known_pairs(seat);
        let values = [
            (points(me) - others(&points)) / total,
            points(me) / total,
            (total - held).max(0.0) / total,
            f64::from(u8::from(m == seat)),
            if m == seat { mover_known } else { -mover_known } / total,
            f64::from(own_pairs),
            f64::from((self.known(seat) & self.face_down()).count_ones()),
            prizes(me) - others(&prizes),
            logit(estimate),
        ];
        out[..values.len()].copy_from_slice(&values);
        FEATURES.len()
    }

    /// The standard perfect-memory strategy, from what `who` has seen (see
    /// `theory::perfect_memory_expected_moves`): take a pair whose two places it knows;
    /// else turn a card it has not seen, and then the known mate of the first card, or
    /// another unseen card. VAR is used when ready; YELLOW or RED stop a player about
    /// to take a pair: his first card's mate is known to him, or (under `any-moment`) he
    /// knows a pair before his first card, or a pair is up; a won match takes the most
    /// valuable pair; PLAY GAME is left to search.
    fn rollout_action(&self, who: Seat, legal: &ActionList, _rng: &mut Rng) -> Option<Action> {
        let choose = match self.phase() {
            Phase::TurnStart => {
                if self.is_listed(act::USE_VAR, legal) {
                    Some(act::USE_VAR)
                } else if let Some(c) = self.known_pair(who) {
                    Some(act::turn(c))
                } else {
                    self.unseen_place(who, super::NONE).map(act::turn)
                }
            }
            Phase::Look(_) => self.unseen_place(who, self.looked).map(act::look),
            Phase::Second => {
                let first = self.first_card().unwrap_or(super::NONE);
                let mate = (first != super::NONE)
                    .then(|| self.known_place(who, self.face(first), first))
                    .flatten();
                mate.or_else(|| self.unseen_place(who, first))
                    .map(act::turn)
            }
            Phase::Answer(_) => {
                let m = self.mover();
                let first = self.first_card().unwrap_or(super::NONE);
                // A pair up (after the second card), a first card whose mate the mover
                // knows, or, before his first card, a pair he knows: a pair otherwise
                // certain.
                let threat = if self.second_card().is_some() {
                    true
                } else if first != super::NONE {
                    self.known_place(m, self.face(first), first).is_some()
                } else {
                    self.known_pair(m).is_some()
                };
                let p = self.prizes(who);
                Some(if !threat {
                    act::PASS
                } else if p[Prize::Red.index()] > 0 {
                    act::RED
                } else {
                    act::YELLOW
                })
            }
            Phase::Take => legal.last().copied(),
            Phase::Deal | Phase::Roll(_) | Phase::Over => None,
        };
        choose.filter(|&a| self.is_listed(a, legal))
    }

    /// At a decision that turns a card, chooses without listing the up to 88 places:
    /// the only legal action of a forced one, else [`Heuristic::rollout_action`] (which
    /// there asks the places' bits, not the list), else the uniform choice of
    /// [`LegalActions::random_legal_action`], which draws the `k` the list's pick draws.
    /// Elsewhere by the list.
    fn playout_action(&self, who: Seat, legal: &mut ActionList, rng: &mut Rng) -> Action {
        let Some((set, code)) = self.turnable() else {
            return listed_playout_action(self, who, legal, rng);
        };
        let places = set.count_ones();
        if places + self.others().count() as u32 == 1 {
            return match places {
                1 => code(set.trailing_zeros() as u8),
                _ => self.others().next().expect("one legal action"),
            };
        }
        legal.clear();
        match self.rollout_action(who, legal, rng) {
            Some(a) => a,
            None => self.random_legal_action(rng),
        }
    }

    /// The solitaire only: there, the classes of `action_class` below. With two or more
    /// players the classes are as sound, but searching them exposed what the
    /// two-player evaluation misjudges: `mcts` then turned cards it knew, so as to show
    /// nothing to the opponent, and lost to `greedy` (0.03 [0.01, 0.05] over 200 games,
    /// `docs/agents.md`).
    fn action_classes(&self, who: Seat) -> Option<impl Fn(Action) -> u64 + '_> {
        (self.num_seats() == 1).then_some(move |action| self.action_class(who, action))
    }

    fn heuristic(&self, seat: Seat) -> f64 {
        if self.phase() == Phase::Over {
            return self.returns()[usize::from(seat)];
        }
        let n = self.num_seats();
        let known_cards = f64::from((self.known(seat) & self.face_down()).count_ones());
        if n == 1 {
            let left = f64::from(self.rules().num_pairs) - f64::from(self.pairs_taken());
            let (_, k) = self.known_pairs(seat);
            let k = f64::from(k);
            let expected = k + TURNS_PER_UNKNOWN_PAIR * (left - k) - 0.01 * known_cards;
            let pairs = f64::from(self.rules().num_pairs);
            return (pairs / (f64::from(self.turns()) + expected.max(0.0)).max(1.0)).min(1.0);
        }
        let m = self.mover();
        let (mover_known, _) = if self.phase() == Phase::Deal {
            (0.0, 0)
        } else {
            self.known_pairs(m)
        };
        self.heuristic_with(seat, mover_known)
    }
}

impl State {
    /// The class of `action` for `who` ([`Heuristic::action_classes`], in the solitaire).
    /// Cards that differ only in a relabelling `who` cannot tell apart are one class:
    /// every face-down card `who` has not seen (the deal behind them is exchangeable),
    /// and among the cards it knows, those of one kind (the mate of the card up, a card
    /// of a pair it knows, a card whose mate it has not seen, a prize card) and, with
    /// more than one player, of one value; in every class, the same other seats know the
    /// card. Turning and looking (VAR) are different classes; every other action is its
    /// own class.
    fn action_class(&self, who: Seat, action: Action) -> u64 {
        let (c, look) = match act::decode(action) {
            act::Decoded::Turn(c) => (c, 0u64),
            act::Decoded::Look(c) => (c, 1u64),
            _ => return u64::from(action.0),
        };
        let me = usize::from(who);
        // The other seats that know the card (public: every show and look is seen).
        let mut others = 0u64;
        for o in (0..self.num_seats()).filter(|&o| o != me) {
            if self.known[o] & (1u128 << c) != 0 {
                others |= 1 << o;
            }
        }
        const UNSEEN: u64 = 0;
        const MATE: u64 = 1;
        const PAIR: u64 = 2;
        const SINGLE: u64 = 3;
        const PRIZE: u64 = 4;
        let known = self.known[me];
        let (kind, face) = if known & (1u128 << c) == 0 {
            (UNSEEN, 0)
        } else {
            let f = self.face(c);
            let first = self.first;
            if !is_footballer(f) {
                (PRIZE, u64::from(f))
            } else if first != super::NONE
                && first != c
                && known & (1u128 << first) != 0
                && self.face(first) == f
            {
                (MATE, 0)
            } else if self.known_place(who, f, c).is_some() {
                (PAIR, 0)
            } else {
                (SINGLE, 0)
            }
        };
        let value = if self.num_seats() > 1 && matches!(kind, MATE | PAIR | SINGLE) {
            u64::from(self.rules().value(self.face(c)))
        } else {
            0
        };
        // Above every action code (< 2^16).
        (1 << 63) | look << 40 | others << 32 | kind << 24 | face << 8 | value
    }
}

impl State {
    /// The evaluation of [`Heuristic::heuristic`] with two or more players, with
    /// `mover_known` as the value of the pairs the mover knows.
    fn heuristic_with(&self, seat: Seat, mover_known: f64) -> f64 {
        let n = self.num_seats();
        let known_cards = f64::from((self.known(seat) & self.face_down()).count_ones());
        let total: f64 = f64::from(self.rules().total_points());
        let held: f64 = (0..n as Seat).map(|s| f64::from(self.points(s))).sum();
        let on_grid = (total - held).max(0.0);
        let m = self.mover();
        let share = (on_grid - mover_known).max(0.0) / n as f64;
        let mut expected = [0.0; MAX_SEATS];
        for (s, e) in expected.iter_mut().enumerate().take(n) {
            let t = s as Seat;
            *e = f64::from(self.points(t)) + share;
            *e += 0.2 * self.prizes(t).iter().map(|&k| f64::from(k)).sum::<f64>();
            if t == m {
                *e += mover_known;
            }
        }
        expected[usize::from(seat)] += 0.001 * known_cards;
        let me = expected[usize::from(seat)];
        let others = (0..n)
            .filter(|&s| s != usize::from(seat))
            .map(|s| expected[s])
            .sum::<f64>()
            / (n - 1) as f64;
        let scale = 1.0 + (on_grid / 4.0).sqrt();
        1.0 / (1.0 + (-(me - others) / scale).exp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `known_pair` finds the place the walk of every known place for a mate finds (the
    /// first footballer `who` knows at two face-down places), at decisions of random games
    /// with two and four players, for every seat.
    #[test]
    fn the_known_pair_is_the_first_place_with_a_known_mate() {
        let mut found = 0;
        for players in [2, 4] {
            let mut c = crate::memory::Memory::default_rules().config().clone();
            c.players = players;
            let game = crate::memory::Memory::from_parts(c.clone(), c.validate().unwrap());
            for g in 0..200 {
                let Some((s, _, _)) = crate::core::testing::random_decision(&game, 5, g, 0..600)
                else {
                    continue;
                };
                for who in 0..players {
                    let by_walks = places(s.known(who) & s.face_down()).find(|&c| {
                        is_footballer(s.face(c)) && s.known_place(who, s.face(c), c).is_some()
                    });
                    assert_eq!(s.known_pair(who), by_walks, "{players} players, game {g}");
                    found += usize::from(by_walks.is_some());
                }
            }
        }
        assert!(found > 50, "{found} known pairs");
    }
}
