//! Random streams. Every random choice of a run comes from a stream derived from the run's
//! seed, the game's index and a purpose (chance, or one seat's agent), so that results do
//! not depend on how games are spread over threads.

use rand::SeedableRng;

/// The random number generator of the lab: PCG-64 with a multiplicative congruential step
/// (O'Neill 2014), small and fast.
pub type Rng = rand_pcg::Pcg64Mcg;

/// What a derived stream is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stream {
    /// Chance stream `k` (`0..MAX_CHANCE_STREAMS`) of a deal: one source of luck, such as
    /// the draw pile or a die (see `ChanceOutcomes::chance_stream`).
    Chance(u8),
    /// The stream of the agent sitting at the given seat.
    Seat(u8),
    /// Any other purpose, numbered by the caller (tests, benches).
    Other(u32),
}

/// SplitMix64's finalizer (Steele, Lea & Flood 2014): a bijective 64-bit mixer.
#[inline]
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The stream for (`seed`, `game`, `stream`): the same triple always gives the same
/// sequence, and distinct triples give independent-looking ones.
#[inline]
pub fn derive_rng(seed: u64, game: u64, stream: Stream) -> Rng {
    let tag = match stream {
        Stream::Chance(k) => 1 + u64::from(k) * 0x1_0000,
        Stream::Seat(s) => 0x100 + u64::from(s),
        Stream::Other(k) => 0x1_0000_0000 + u64::from(k),
    };
    let a = mix(seed ^ mix(game ^ mix(tag)));
    let b = mix(a ^ 0xD1B5_4A32_D192_ED03);
    Rng::from_seed_u128(((a as u128) << 64) | b as u128)
}

trait FromU128 {
    fn from_seed_u128(s: u128) -> Self;
}

impl FromU128 for Rng {
    fn from_seed_u128(s: u128) -> Self {
        Rng::from_seed(s.to_le_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngCore;

    #[test]
    fn streams_are_reproducible_and_distinct() {
        let a = derive_rng(7, 3, Stream::Chance(0)).next_u64();
        assert_eq!(a, derive_rng(7, 3, Stream::Chance(0)).next_u64());
        assert_ne!(a, derive_rng(7, 4, Stream::Chance(0)).next_u64());
        assert_ne!(a, derive_rng(8, 3, Stream::Chance(0)).next_u64());
        assert_ne!(a, derive_rng(7, 3, Stream::Seat(0)).next_u64());
        assert_ne!(
            derive_rng(7, 3, Stream::Seat(0)).next_u64(),
            derive_rng(7, 3, Stream::Seat(1)).next_u64()
        );
    }
}
