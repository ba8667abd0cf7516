//! Bit sets of places and cards: the `k`-th member of a set without listing it.
//!
//! A random pick among a set's members (a card of the draw pile, a face-down place) draws
//! `k` uniformly below the set's size and takes its `k`-th member in ascending order: the
//! same member as the `k`-th entry of the listed set, at the cost of a few counts instead
//! of a list. "Select" is the name of this operation on succinct bit vectors (Jacobson
//! 1989; Vigna, "Broadword implementation of rank/select queries", 2008).

/// The members of a bit set (`u32`, `u64` or `u128`): the positions of its set bits,
/// lowest first, each found by a count of trailing zeros and cleared (`set &= set - 1`),
/// so the walk costs one step a member, not one a bit. Cards by id and places of a grid
/// are walked this way in every game.
#[inline]
pub fn members<B: BitSet>(set: B) -> impl Iterator<Item = u8> {
    let mut set = set;
    std::iter::from_fn(move || set.take_lowest())
}

/// An unsigned integer read as a set of bit positions ([`members`]).
pub trait BitSet: Copy {
    /// Removes the lowest member and returns its position; `None` when the set is empty.
    fn take_lowest(&mut self) -> Option<u8>;
}

macro_rules! bit_set {
    ($($t:ty),*) => {$(
        impl BitSet for $t {
            #[inline]
            fn take_lowest(&mut self) -> Option<u8> {
                if *self == 0 {
                    return None;
                }
                let at = self.trailing_zeros() as u8;
                *self &= *self - 1;
                Some(at)
            }
        }
    )*};
}

bit_set!(u32, u64, u128);

/// The position of the `k`-th set bit of `set`, counting from the lowest bit and from 0.
/// `k` must be below `set.count_ones()` (checked in debug builds). The half, quarter and
/// eighth that hold the bit are found by counting bits, then the bit within its byte is
/// read from a compile-time table: no loop over the members.
#[inline]
pub fn select_bit64(set: u64, k: u32) -> u32 {
    debug_assert!(
        k < set.count_ones(),
        "member {k} of a set of {}",
        set.count_ones()
    );
    let (mut word, mut k, mut at) = (set, k, 0u32);
    for width in [32u32, 16, 8] {
        let low = word & ((1u64 << width) - 1);
        let c = low.count_ones();
        if k >= c {
            k -= c;
            word >>= width;
            at += width;
        } else {
            word = low;
        }
    }
    at + u32::from(SELECT_IN_BYTE[word as u8 as usize][k as usize])
}

/// [`select_bit64`] on a set of up to 128 members.
#[inline]
pub fn select_bit128(set: u128, k: u32) -> u32 {
    let low = set as u64;
    let c = low.count_ones();
    if k < c {
        select_bit64(low, k)
    } else {
        64 + select_bit64((set >> 64) as u64, k - c)
    }
}

/// The bytes of `x` that are not zero, as a bit set: bit `k` is set when byte `k` (from
/// the lowest) is not 0. Counts kept a byte each (a hand's cards by kind, the seats'
/// elimination rounds) are tested eight at a time: adding `0x7F` to a byte's low seven
/// bits carries into its bit 7 unless they are 0, bit 7 itself is or-ed in, and one
/// multiplication gathers the eight marks into one byte.
#[inline]
pub fn nonzero_bytes(x: u64) -> u32 {
    const LOW7: u64 = u64::from_le_bytes([0x7F; 8]);
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    let marks = ((((x & LOW7) + LOW7) | x) >> 7) & ONES;
    (marks.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// `SELECT_IN_BYTE[b][k]`: the position of the `k`-th set bit of the byte `b` (from the
/// lowest; 8 where `b` has no `k`-th bit), computed at compile time.
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[8u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut k, mut bit) = (0, 0);
        while bit < 8 {
            if b & (1 << bit) != 0 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_are_the_set_bits_lowest_first() {
        assert_eq!(members(0u32).count(), 0);
        assert_eq!(members(0b1011_0010u64).collect::<Vec<_>>(), [1, 4, 5, 7]);
        assert_eq!(members(1u128 << 127 | 1).collect::<Vec<_>>(), [0, 127]);
        assert_eq!(
            members(u32::MAX).collect::<Vec<_>>(),
            (0..32).collect::<Vec<_>>()
        );
    }

    #[test]
    fn nonzero_bytes_marks_every_byte_that_is_not_zero() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2_000 {
            x = x.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ (x >> 31);
            // Bytes of every value, zeros among them.
            let word = x & (x >> 13) & (x << 5);
            let want = (0..8)
                .filter(|&k| (word >> (8 * k)) as u8 != 0)
                .fold(0, |m, k| m | 1 << k);
            assert_eq!(nonzero_bytes(word), want, "{word:#018x}");
        }
        assert_eq!((nonzero_bytes(0), nonzero_bytes(u64::MAX)), (0, 0xFF));
        assert_eq!(nonzero_bytes(0x8000_0000_0000_0001), 0x81);
    }

    #[test]
    fn the_kth_member_is_the_kth_of_the_listed_set() {
        let mut x = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834u128;
        let mut sets = vec![1u128, 1 << 127, u128::MAX, u64::MAX as u128, 0b1011 << 60];
        for _ in 0..200 {
            // A splitmix-like walk over sets of every density.
            x = x.wrapping_mul(0x2545_F491_4F6C_DD1D_0000_0000_0000_0001) ^ (x >> 29);
            sets.push(x & (x >> 7) | (x << 3 & x >> 11));
        }
        for set in sets {
            for (k, m) in members(set).map(u32::from).enumerate() {
                assert_eq!(select_bit128(set, k as u32), m, "set {set:#x}, member {k}");
                if set >> 64 == 0 {
                    assert_eq!(select_bit64(set as u64, k as u32), m, "set {set:#x}");
                }
            }
        }
    }
}
