//! Information keys of Crazy Eights (a public running hash and one private hash per seat)
//! and determinization.

use super::cards::nth_card;
use super::state::{Phase, State, NO_SEAT};
use crate::core::{Action, InfoKey, InfoSets, Rng, Seat};
use rand::Rng as _;

/// One step of the running observation hashes (FxHash's step, as in rustc: rotate, xor
/// the observation, multiply by an odd constant): a bijection of `h` for each observation
/// `v`, so no step loses information, and short: the hashes are updated at every action.
/// [`finish`] mixes the result before it is used as a key.
#[inline]
pub(crate) fn step_hash(h: u64, v: u64) -> u64 {
    (h.rotate_left(5) ^ v).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95)
}

/// SplitMix64's finalizer over `h ^ v * φ`: every bit of both inputs reaches every bit of
/// the result. Combines the running hashes into an information key.
#[inline]
pub(crate) fn finish(h: u64, v: u64) -> u64 {
    let mut z = h ^ v.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl State {
    /// Adds what the seats observe of `action` to the hashes. A card dealt or drawn is
    /// seen by its receiver only, and goes into its private hash alone: when a hidden card
    /// goes to which seat follows from the public record (the deal alternates, each draw
    /// decision is followed by its cards), so the public hash need not record it. The
    /// dealer, the cards turned up and every decision are public.
    #[inline]
    pub(super) fn observe(&mut self, action: Action) {
        let a = u64::from(action.0);
        match self.phase {
            Phase::Deal if self.dealer != NO_SEAT && !self.redraw => {
                let to = usize::from(self.current);
                self.private[to] = step_hash(self.private[to], a);
            }
            Phase::Deal => self.public = step_hash(self.public, a | 1 << 18),
            _ => self.public = step_hash(self.public, a | 1 << 19 | u64::from(self.current) << 20),
        }
    }
}

impl InfoSets for State {
    fn info_key(&self, seat: Seat) -> InfoKey {
        InfoKey(finish(self.public, self.private[usize::from(seat)]))
    }

    /// Keeps `seat`'s hand, the discard pile and every hand size, and deals the other
    /// hand afresh, uniformly from the cards `seat` cannot see (the other hand and the
    /// draw pile together); the rest is the draw pile.
    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut d = self.clone();
        let (me, other) = (usize::from(seat), 1 - usize::from(seat));
        let mut pool = self.deck | self.hands[other];
        let mut left = pool.count_ones();
        let mut hand = 0u64;
        for _ in 0..self.hands[other].count_ones() {
            let bit = 1u64 << nth_card(pool, rng.gen_range(0..left));
            hand |= bit;
            pool &= !bit;
            left -= 1;
        }
        d.hands[other] = hand;
        d.deck = pool;
        // The other seat's record is not this state's: its key must change.
        d.private[other] = finish(self.private[me], 0x0DE7_E581);
        d
    }

    /// The dealer's choice, a card turned up and every decision are public (they go into
    /// the public hash, `State::observe`); a card dealt or drawn into a hand goes into
    /// its receiver's private hash alone. The other seat cannot tell which card it is
    /// unless it is the only card that seat cannot see (the draw pile's last card, dealt
    /// into an empty hand).
    fn sees_the_action(&self, seat: Seat) -> Option<bool> {
        if !matches!(self.phase, Phase::Deal if self.dealer != NO_SEAT && !self.redraw) {
            return Some(true);
        }
        let to = usize::from(self.current);
        Some(usize::from(seat) == to || (self.deck | self.hands[to]).count_ones() <= 1)
    }
}
