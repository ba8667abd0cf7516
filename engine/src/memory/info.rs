//! What each seat of the memory game knows: cards shown and removed, observation hashes
//! (information keys), and determinization (a redeal of the face-down cards the seat has
//! not seen).

use super::cards::NUM_FACES;
use super::state::{bit, places, Phase, State, EMPTY, TAG_SHOW};
use crate::core::{select_bit128, InfoKey, InfoSets, Rng, Seat};
use rand::Rng as _;

impl State {
    /// Every seat observes `v` (a public fact).
    pub(super) fn observe_all(&mut self, v: u64) {
        for o in 0..self.n() {
            self.obs[o] = InfoKey::mix(self.obs[o], v);
        }
    }

    /// The card at `c` is turned face up: every seat sees it.
    pub(super) fn show(&mut self, c: u8) {
        let f = self.face[usize::from(c)];
        self.down &= !bit(c);
        self.shown[usize::from(c)] = self.shown[usize::from(c)].wrapping_add(1);
        for o in 0..self.n() {
            self.known[o] |= bit(c);
        }
        self.observe_all(TAG_SHOW ^ (u64::from(c) << 8) ^ u64::from(f));
    }

    /// The card at `c` leaves the grid.
    pub(super) fn remove(&mut self, c: u8) {
        self.face[usize::from(c)] = EMPTY;
        self.down &= !bit(c);
        for k in &mut self.known {
            *k &= !bit(c);
        }
    }
}

impl InfoSets for State {
    fn info_key(&self, seat: Seat) -> InfoKey {
        InfoKey::finish(self.obs[usize::from(seat)])
    }

    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        let me = usize::from(seat);
        let mut d = self.clone();
        // The unseen cards: those not dealt yet and the face-down cards `seat` has not
        // seen, a composition `seat` can work out; redealt uniformly to the same places.
        let mut pool = self.undealt;
        let unseen = self.down & !self.known[me];
        for c in places(unseen) {
            pool[usize::from(self.face[usize::from(c)])] += 1;
        }
        let mut total: u32 = unseen.count_ones();
        total += self.undealt.iter().map(|&n| u32::from(n)).sum::<u32>();
        // Each place in turn takes the card at a uniform place `x` of the unseen cards
        // left, laid out in face order (the first face `f` whose running count passes
        // `x`). With at most 128 cards they are listed once, face by face, and the cards
        // left are a bit set over that list: the `x`-th member is the card, found by
        // counting bits instead of walking the faces. The same `x`, so the same card.
        if total <= 128 {
            let mut listed = [0u8; 128];
            let mut at = 0;
            for (f, &n) in pool.iter().enumerate() {
                for _ in 0..n {
                    listed[at] = f as u8;
                    at += 1;
                }
            }
            let mut left: u128 = if total == 128 { !0 } else { (1 << total) - 1 };
            for c in places(unseen) {
                let x = rng.gen_range(0..total);
                let k = select_bit128(left, x);
                left &= !(1u128 << k);
                total -= 1;
                d.face[usize::from(c)] = listed[k as usize];
            }
            let mut undealt = [0u8; NUM_FACES];
            for k in places(left) {
                undealt[usize::from(listed[usize::from(k)])] += 1;
            }
            d.undealt = undealt;
        } else {
            for c in places(unseen) {
                let mut x = rng.gen_range(0..total);
                let mut f = 0;
                while x >= u32::from(pool[f]) {
                    x -= u32::from(pool[f]);
                    f += 1;
                }
                pool[f] -= 1;
                total -= 1;
                d.face[usize::from(c)] = f as u8;
            }
            d.undealt = pool;
        }
        for o in (0..self.n()).filter(|&o| o != me) {
            d.obs[o] = InfoKey::mix(self.obs[me], 0xDE7E_0000 ^ o as u64);
        }
        d
    }

    /// Every decision and die roll is public: every seat's key takes in its code
    /// (`apply_with`); only a deal shows nothing.
    fn sees_the_action(&self, _seat: Seat) -> Option<bool> {
        (!matches!(self.phase, Phase::Deal)).then_some(true)
    }
}
