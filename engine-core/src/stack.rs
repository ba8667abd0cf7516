//! A stack of fixed capacity that is `Copy` when its items are: a game state that keeps
//! its pending steps or its cards in play on one stays a plain copy of bytes, so cloning
//! it (every search and lookahead step does) is one `memcpy` instead of a field-by-field
//! clone. `arrayvec::ArrayVec` is not `Copy`.

/// Up to `N` items of a `Copy` type, the last pushed on top; reads go through the slice
/// of the items held (`len`, `iter`, `last`, indexing). Pushing onto a full stack panics,
/// as `ArrayVec::push` does: capacities are sized by the rules' bounds.
#[derive(Clone, Copy)]
pub struct CopyStack<T: Copy, const N: usize> {
    /// The items from the bottom; those from `len` on are filler.
    items: [T; N],
    len: u8,
}

impl<T: Copy, const N: usize> CopyStack<T, N> {
    const FITS: () = assert!(N <= u8::MAX as usize, "a CopyStack holds at most 255 items");

    /// An empty stack; `filler` fills the unused places (never read).
    pub fn new(filler: T) -> Self {
        let () = Self::FITS;
        CopyStack {
            items: [filler; N],
            len: 0,
        }
    }

    /// Puts `item` on top. Panics if the stack holds `N` items.
    #[inline]
    pub fn push(&mut self, item: T) {
        assert!(self.len() < N, "CopyStack of capacity {N} is full");
        self.items[self.len()] = item;
        self.len += 1;
    }

    /// Takes the top item off; `None` when empty.
    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        let top = self.len.checked_sub(1)?;
        self.len = top;
        Some(self.items[usize::from(top)])
    }

    /// Removes every item.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Whether the stack holds `N` items.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.len() == N
    }

    /// Removes and returns the item at `index` (from the bottom), moving those above it
    /// down one place. Panics if `index` is not below the length.
    pub fn remove(&mut self, index: usize) -> T {
        let len = self.len();
        assert!(
            index < len,
            "removal index {index} of a CopyStack of {len} items"
        );
        let item = self.items[index];
        self.items.copy_within(index + 1..len, index);
        self.len -= 1;
        item
    }
}

impl<T: Copy, const N: usize> std::ops::Deref for CopyStack<T, N> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a CopyStack<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Equal when they hold the same items (the filler is not compared).
impl<T: Copy + PartialEq, const N: usize> PartialEq for CopyStack<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Copy + Eq, const N: usize> Eq for CopyStack<T, N> {}

impl<T: Copy + std::fmt::Debug, const N: usize> std::fmt::Debug for CopyStack<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stack_pushes_pops_removes_and_compares_its_items_only() {
        let mut s = CopyStack::<u8, 4>::new(9);
        assert!(s.is_empty() && s.pop().is_none());
        for x in [1, 2, 3, 4] {
            s.push(x);
        }
        assert!(s.is_full());
        assert_eq!((s.last(), s.len()), (Some(&4), 4));
        assert_eq!(s.remove(1), 2);
        assert_eq!(&*s, &[1, 3, 4]);
        let copy = s;
        assert_eq!(s.pop(), Some(4));
        assert_eq!(&*copy, &[1, 3, 4], "a copy is its own stack");
        let mut other = CopyStack::<u8, 4>::new(7);
        other.push(1);
        other.push(3);
        assert_eq!(s, other, "the filler differs, the items do not");
        assert_eq!(format!("{s:?}"), "[1, 3]");
        s.clear();
        assert!(s.is_empty());
    }

    #[test]
    #[should_panic(expected = "is full")]
    fn pushing_onto_a_full_stack_panics() {
        let mut s = CopyStack::<u8, 1>::new(0);
        s.push(1);
        s.push(2);
    }
}
