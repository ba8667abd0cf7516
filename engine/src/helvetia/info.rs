//! Information keys of Helvetia Cup (per-seat observation hashes; the shot's secret
//! square is masked in the defence's key until the reveal) and determinization.

use super::rules::SQUARES;
use super::state::{Phase, State, TAG_DET};
use crate::core::{InfoKey, InfoSets, Rng, Seat};
use rand::Rng as _;

impl State {
    pub(super) fn observe_all(&mut self, v: u64) {
        for h in &mut self.obs {
            *h = InfoKey::mix(*h, v);
        }
    }
}

impl InfoSets for State {
    fn info_key(&self, seat: Seat) -> InfoKey {
        InfoKey::finish(self.obs[usize::from(seat)])
    }

    /// Everything is public except a shot's target square between its choice and the
    /// reveal: for the goalkeeper's seat then, the square is drawn uniformly anew (and
    /// the shooter's observation hash is made from the seat's own, so that it tells
    /// nothing).
    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut d = self.clone();
        if self.phase == Phase::Keeper && seat == self.defence() {
            d.target = rng.gen_range(0..SQUARES as u8);
            let a = usize::from(self.attack);
            d.obs[a] = InfoKey::mix(self.obs[usize::from(seat)], TAG_DET);
        }
        d
    }

    /// Every seat sees every action but a shot's target square, which only the shooter's
    /// team sees until the reveal (`apply_with` puts every other action into both
    /// records).
    fn sees_the_action(&self, _seat: Seat) -> Option<bool> {
        (self.phase != Phase::Target).then_some(true)
    }
}
