//! Information keys of Helvetia Cup (per-seat observation hashes; the shot's secret
//! square is masked in the defence's key until the reveal) and determinization.

use super::rules::SQUARES;
use super::state::{Phase, State, TAG_DET};
use crate::core::{InfoKey, Rng, Seat};
use rand::Rng as _;

impl State {
    pub(super) fn observe_all(&mut self, v: u64) {
        for h in &mut self.obs {
            *h = InfoKey::mix(*h, v);
        }
    }

    pub(super) fn determinized(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut d = self.clone();
        if self.phase == Phase::Keeper && seat == self.defence() {
            d.target = rng.gen_range(0..SQUARES as u8);
            let a = usize::from(self.attack);
            d.obs[a] = InfoKey::mix(self.obs[usize::from(seat)], TAG_DET);
        }
        d
    }
}
