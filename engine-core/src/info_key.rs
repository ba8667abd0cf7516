//! Information: a seat's perfect-recall observation hash ([`InfoKey`]) and its
//! information set ([`InfoSets`]: the key and determinization).

use super::{Rng, Seat};

/// A fingerprint of everything one seat has observed so far (perfect recall): two states
/// with the same key for a seat are indistinguishable to that seat. A 64-bit hash, so
/// distinct information states collide with probability about 2^-64 per pair.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct InfoKey(pub u64);

impl InfoKey {
    /// One step of a seat's running observation hash: mixes observation `v` into the hash
    /// `h` of everything seen before (perfect recall). A bijection of `h` for each `v`
    /// (a rotation, an xor and a multiplication by an odd constant), so two histories
    /// that differ in one observation never meet again; one multiplication per seat and
    /// action, cheap enough for every applied action. Games keep one such `u64` per seat
    /// and read their key with [`InfoKey::finish`].
    #[inline]
    pub fn mix(h: u64, v: u64) -> u64 {
        (h.rotate_left(26) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// The key of a running observation hash ([`InfoKey::mix`]): SplitMix64's finalizer,
    /// so that every output bit depends on every input bit, as hash tables keyed by
    /// information keys need.
    #[inline]
    pub fn finish(h: u64) -> InfoKey {
        let mut z = h;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        InfoKey(z ^ (z >> 31))
    }
}

/// What each seat knows of a state: its information key and the states it cannot tell
/// apart from this one (its information set), for imperfect-information search
/// (Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree Search"). A
/// supertrait of [`GameState`](super::GameState), implemented by each game in its own
/// `info.rs`, beside the running observation hashes the key is read from.
pub trait InfoSets: Sized {
    /// The information key of `seat`: equal for two states exactly when `seat` has seen
    /// the same things in both (perfect recall, up to hash collisions).
    fn info_key(&self, seat: Seat) -> InfoKey;

    /// A state drawn from `seat`'s information set: everything `seat` has seen is kept
    /// (its own hand, public cards, every hand size, its information key), and every
    /// hidden part (other hands, the order or make-up of the draw pile, other seats' secret
    /// choices) is resampled from `rng`, consistent with what `seat` knows. The result
    /// depends only on `seat`'s information and `rng`, never on the hidden truth.
    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self;

    /// Whether `seat` can tell which action is applied at this node from every other
    /// action of the node, as the game knows it: `Some(true)` when the action's code goes
    /// into `seat`'s information key (a public decision, a die roll, a card dealt into
    /// `seat`'s own hand), `Some(false)` when `seat` cannot (a card dealt face down into
    /// another seat's hand, while more than one card could be that card), `None` when the
    /// game makes no claim. [`seen_by`](super::seen_by) answers with the claim at once
    /// instead of replaying the node's other actions on the state and on determinizations
    /// (a replay page asks it for every step and seat, and a hidden card dealt into a
    /// seat's hand costs hundreds of applies for that seat). The default claims nothing.
    /// The battery checks every claim against the replay (`testing::check_play`).
    fn sees_the_action(&self, seat: Seat) -> Option<bool> {
        let _ = seat;
        None
    }
}
