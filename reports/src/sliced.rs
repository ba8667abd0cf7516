//! Bit-sliced ("vertical") counters: for each of 128 ids, how many of the sets added
//! held it. Plane `j` holds bit `j` of every id's count, so adding a set is a binary
//! addition of one to the counts of all its ids at once: a ripple of carries through the
//! planes, two planes on average whatever the number of ids in the set (the amortized
//! cost of a binary counter's increment). [`RunStats`](crate::RunStats) adds a seat's
//! cards held and played this way once a game, instead of three additions per card.

/// Planes: counts up to `2^64 − 1`, as `u64` counts.
const PLANES: usize = 64;

/// For each id below 128, how many of the sets added held it (see the module).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SlicedCounts {
    /// Bit `id` of plane `j`: bit `j` of the count of `id`. Planes above `top` are 0.
    planes: [u128; PLANES],
    /// Planes in use: every plane from `top` on is 0.
    top: usize,
}

impl Default for SlicedCounts {
    fn default() -> Self {
        SlicedCounts {
            planes: [0; PLANES],
            top: 0,
        }
    }
}

impl SlicedCounts {
    /// Adds 1 to the count of every id in `set`.
    #[inline]
    pub(crate) fn add(&mut self, set: u128) {
        let mut carry = set;
        let mut j = 0;
        while carry != 0 {
            // More than 2^64 − 1 sets cannot be added: a `u64` count would overflow too.
            let plane = &mut self.planes[j];
            let next = *plane & carry;
            *plane ^= carry;
            carry = next;
            j += 1;
        }
        self.top = self.top.max(j);
    }

    /// Adds `other`'s counts to these (binary addition plane by plane).
    pub(crate) fn merge(&mut self, other: &SlicedCounts) {
        let mut carry = 0u128;
        let mut j = 0;
        while j < other.top || carry != 0 {
            let (a, b) = (self.planes[j], other.planes[j]);
            self.planes[j] = a ^ b ^ carry;
            carry = (a & b) | (carry & (a ^ b));
            j += 1;
        }
        self.top = self.top.max(j);
    }

    /// The count of `id` (below 128).
    pub(crate) fn count(&self, id: usize) -> u64 {
        self.planes[..self.top]
            .iter()
            .enumerate()
            .map(|(j, plane)| ((plane >> id) as u64 & 1) << j)
            .sum()
    }

    /// Whether every count is 0.
    pub(crate) fn is_empty(&self) -> bool {
        self.top == 0
    }
}

#[cfg(test)]
mod tests {
    use super::SlicedCounts;

    /// A small generator for the sets (splitmix64).
    fn sets(seed: u64, n: usize) -> Vec<u128> {
        let mut x = seed;
        let mut next = move || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut word = move || u128::from(next()) << 64 | u128::from(next());
        // Sparser than half: ids of every count, the high 64 among them.
        (0..n).map(|_| word() & word()).collect()
    }

    fn counted(sets: &[u128]) -> [u64; 128] {
        let mut c = [0; 128];
        for s in sets {
            for (id, n) in c.iter_mut().enumerate() {
                *n += (s >> id) as u64 & 1;
            }
        }
        c
    }

    #[test]
    fn counts_equal_a_count_per_id() {
        let s = sets(7, 3000);
        let mut v = SlicedCounts::default();
        s.iter().for_each(|&x| v.add(x));
        let want = counted(&s);
        assert!(
            want[64..].iter().all(|&n| n > 0),
            "the high ids are drawn too"
        );
        for (id, &n) in want.iter().enumerate() {
            assert_eq!(v.count(id), n, "id {id}");
        }
        assert!(!v.is_empty());
        assert!(SlicedCounts::default().is_empty());
    }

    #[test]
    fn merged_counts_equal_one_pass_at_any_cut() {
        let s = sets(11, 1500);
        let mut whole = SlicedCounts::default();
        s.iter().for_each(|&x| whole.add(x));
        for cut in [0, 1, 2, 255, 256, 1023, 1500] {
            let (mut a, mut b) = (SlicedCounts::default(), SlicedCounts::default());
            s[..cut].iter().for_each(|&x| a.add(x));
            s[cut..].iter().for_each(|&x| b.add(x));
            a.merge(&b);
            assert_eq!(a, whole, "cut at {cut}");
        }
    }

    #[test]
    fn all_ones_carry_through_every_plane_in_use() {
        let mut v = SlicedCounts::default();
        for _ in 0..(1 << 12) - 1 {
            v.add(u128::MAX);
        }
        assert_eq!(v.count(0), 4095);
        assert_eq!(v.count(127), 4095);
        v.add(1);
        assert_eq!((v.count(0), v.count(1)), (4096, 4095));
    }
}
