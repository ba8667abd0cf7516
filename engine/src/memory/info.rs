//! What each seat of the memory game knows: cards shown and removed, observation hashes
//! (information keys), and determinization (a redeal of the face-down cards the seat has
//! not seen).

use super::state::{bit, places, Phase, State, EMPTY, TAG_SHOW};
use crate::core::{InfoKey, InfoSets, Rng, Seat};
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
        let mut total: u32 = places(unseen).count() as u32;
        total += self.undealt.iter().map(|&n| u32::from(n)).sum::<u32>();
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
