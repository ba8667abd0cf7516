//! Zone arrays: a zone (the draw pile, a hand, the discard pile...) is a [`Counts`] array
//! of copies per card id, with the bit sets and byte words kept beside it and the walk
//! that finds the card a number drawn from `0..total` falls on ([`select`]). Plain
//! functions of the arrays; `zones.rs` moves cards between the zones of a `State`.

use super::cards::{Card, NUM_CARDS};

/// Copies per card id in one zone (index: [`Card::index`]).
pub(super) type Counts = [u8; NUM_CARDS];

/// The bit of card `c` in a card set (`u32`, bit `c` for card id `c`).
#[inline]
pub(super) const fn bit(c: Card) -> u32 {
    1 << c as u32
}

/// The number of cards in a zone.
pub(super) fn sum(c: &Counts) -> u16 {
    c.iter().map(|&x| u16::from(x)).sum()
}

/// A zone's counts as words of eight counts, card 0 in the low byte of the first word
/// (the bytes past the last card are zero).
pub(super) type Words = [u64; NUM_CARDS.div_ceil(8)];

/// The counts of `c` as [`Words`], read in place: the last word is the zone's last eight
/// counts shifted down past the cards the word before holds.
#[inline]
pub(super) fn words(c: &Counts) -> Words {
    const LAST: usize = NUM_CARDS.div_ceil(8) - 1;
    const TAIL: usize = NUM_CARDS - 8;
    let word = |at: usize| u64::from_le_bytes(c[at..at + 8].try_into().expect("8 bytes"));
    std::array::from_fn(|k| {
        if k < LAST {
            word(8 * k)
        } else {
            word(TAIL) >> (8 * (8 * LAST - TAIL))
        }
    })
}

/// The bit set of the cards with a nonzero count in `w` (see [`Words`]).
#[inline]
pub(super) fn nonzero_set(w: &Words) -> u32 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let mut m = 0;
    for (k, &x) in w.iter().enumerate() {
        // Bit 7 of each byte: set when the byte is not zero (no carry leaves a byte).
        let high = (x | ((x & LOW7) + LOW7)) & !LOW7;
        // Gathers the eight bit 7s into the top byte, byte j to bit 56 + j.
        let bits = (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        m |= (bits as u32) << (8 * k);
    }
    m
}

/// The card at place `r` (`0..total`) of the zone `c` (`total` cards) laid out in card
/// order, `c[0]` copies of card 0 first: the first `i` with `r < c[0] + … + c[i]`. The
/// same card as the walk that subtracts each count from `r` until `r` is smaller than the
/// next one (the walk of [`crate::core::sample_chance`] over the zone's chance outcomes).
#[inline]
pub(super) fn select(c: &Counts, total: u32, r: u32) -> usize {
    select_in(&words(c), total, r)
}

/// [`select`] on the zone's [`Words`].
///
/// A zone of fewer than 128 cards (every zone of the printed deck) is searched without
/// branches, eight cards at a time: `i` is the number of cards whose running total is at
/// most `r`, and with every running total below 128 the comparisons of a whole word of
/// running totals with `r` are one subtraction (bit 7 of each byte of `(r + 128) - total`
/// is set when `total <= r`). Larger zones are walked card by card.
#[inline]
pub(super) fn select_in(w: &Words, total: u32, r: u32) -> usize {
    debug_assert!(r < total);
    if total >= 128 {
        let (mut r, mut i) = (r, 0);
        loop {
            let n = (w[i / 8] >> (8 * (i % 8))) as u8;
            if r < u32::from(n) {
                return i;
            }
            r -= u32::from(n);
            i += 1;
        }
    }
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = (u64::from(r) * ONES) | HIGH;
    let (mut carry, mut i) = (0u64, 0u32);
    for &x in w {
        // Running totals byte by byte (each below 128: no carry between bytes).
        let running = x.wrapping_mul(ONES) + carry * ONES;
        i += ((below - running) & HIGH).count_ones();
        carry = running >> 56;
    }
    i as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonzero_set_is_the_set_of_held_cards() {
        let mut c = [0u8; NUM_CARDS];
        assert_eq!(nonzero_set(&words(&c)), 0);
        for i in 0..NUM_CARDS {
            for n in [1u8, 2, 127, 128, 200, 255] {
                c[i] = n;
                assert_eq!(nonzero_set(&words(&c)), 1 << i, "{c:?}");
                c[(i * 7 + 3) % NUM_CARDS] = n;
                let want = (1u32 << i) | (1 << ((i * 7 + 3) % NUM_CARDS));
                assert_eq!(nonzero_set(&words(&c)), want, "{c:?}");
                c = [0; NUM_CARDS];
            }
        }
        assert_eq!(nonzero_set(&words(&[9; NUM_CARDS])), (1 << NUM_CARDS) - 1);
    }

    #[test]
    fn select_finds_the_card_the_walk_finds() {
        fn walk(c: &Counts, mut r: u32) -> usize {
            let mut i = 0;
            while r >= u32::from(c[i]) {
                r -= u32::from(c[i]);
                i += 1;
            }
            i
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..2000 {
            let mut c = [0u8; NUM_CARDS];
            for n in c.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Mostly small counts and zeros (zones under 128 cards), sometimes
                // full bytes (the walk of larger zones).
                *n = match x % 8 {
                    0 | 1 => 0,
                    7 if round % 5 == 0 => (x >> 8) as u8,
                    _ => (x >> 8) as u8 % (1 + round % 9) as u8,
                };
            }
            let total = u32::from(sum(&c));
            for r in 0..total {
                assert_eq!(select(&c, total, r), walk(&c, r), "{c:?} at {r}");
            }
        }
    }
}
