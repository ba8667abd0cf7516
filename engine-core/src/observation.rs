//! Observations: what a seat sees of a state, as a fixed-size `f32` tensor for a policy
//! network and as text for a person (OpenSpiel's `ObservationTensor` and
//! `ObservationString`, `open_spiel/observer.h`).
//!
//! A game describes its tensor by an [`ObservationLayout`]: named parts laid end to end,
//! fixed for a rule set (the same at every state of every game played with it). A seat's
//! tensor and string are built from what that seat may see only: two states of one
//! information set of the seat (a state and its determinization) give equal tensors and
//! strings, which the generic battery (`engine::core::testing::check_game`) checks at every
//! decision for every seat.
//!
//! Every entry lies in [`OBSERVATION_BOUNDS`], `[0, 1]`: one-hot blocks and flags are 0 or
//! 1; a count the rules bound is divided by its bound ([`TensorWriter::fraction`]); a count
//! the rules do not bound (goals, turns) is squashed as `n / (n + h)`
//! ([`TensorWriter::squashed`]), which keeps every value apart and stays below 1. The
//! battery checks the bounds at every state it visits, so a bound that the rules do not
//! keep fails a test instead of being clamped.

use super::Seat;

/// The bounds of every entry of every observation tensor, `(low, high)`: `[0, 1]` (what a
/// learner's observation space declares, Gymnasium's `Box(0, 1)`).
pub const OBSERVATION_BOUNDS: (f32, f32) = (0.0, 1.0);

/// What a seat sees of a state, as a tensor for a policy network and as text for a person
/// (OpenSpiel's `ObservationTensor` and `ObservationString`): a supertrait of
/// [`GameState`](super::GameState), implemented by each game in its own `observation.rs`,
/// beside the layout it describes.
pub trait Observation {
    /// The layout of the observation tensor ([`Observation::observation_tensor`]): named
    /// parts laid end to end, the same at every state of a rule set (the battery checks
    /// it). Computed on demand (it allocates): callers keep it.
    fn observation_layout(&self) -> ObservationLayout;

    /// The length of the observation tensor: [`ObservationLayout::size`] of
    /// [`Observation::observation_layout`]. A game may override it to answer without
    /// building the layout.
    fn observation_size(&self) -> usize {
        self.observation_layout().size()
    }

    /// Writes what `seat` sees of this state into `out` (length
    /// [`Observation::observation_size`]; every entry is written, zeros included), laid
    /// out as [`Observation::observation_layout`] says (OpenSpiel's `ObservationTensor`),
    /// every entry within [`OBSERVATION_BOUNDS`].
    /// Built from `seat`'s information only: two states of one information set of `seat`
    /// give the same tensor. Never allocates. Panics when `out` has the wrong length.
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]);

    /// What `seat` sees of this state as text a person reads (OpenSpiel's
    /// `ObservationString`): own hand, the field, the score, the clock, every hand's size,
    /// the public facts that matter. Built from `seat`'s information only, like
    /// [`Observation::observation_tensor`]. It allocates.
    fn observation_string(&self, seat: Seat) -> String;
}

/// One named part of an observation tensor: `len` consecutive entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservationPart {
    /// A short name (`own_hand`, `field`, `score`), unique within the layout.
    pub name: &'static str,
    /// Its shape, row-major (`[n]` for a vector, `[planes, cells]` for planes); the part
    /// holds the product of the dimensions.
    pub shape: Vec<usize>,
    /// One line saying what the entries mean and their units
    /// (`copies of each card in the seat's hand, by card id`).
    pub about: &'static str,
}

impl ObservationPart {
    /// A part of `shape` (row-major).
    pub fn new(name: &'static str, shape: &[usize], about: &'static str) -> Self {
        Self {
            name,
            shape: shape.to_vec(),
            about,
        }
    }

    /// The number of entries: the product of the shape's dimensions.
    pub fn len(&self) -> usize {
        self.shape.iter().product()
    }

    /// Whether the part holds no entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The layout of a game's observation tensor: its parts in order, laid end to end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ObservationLayout {
    /// The parts, in the order their entries appear in the tensor.
    pub parts: Vec<ObservationPart>,
}

impl ObservationLayout {
    /// The tensor's length: the sum of the parts' lengths.
    pub fn size(&self) -> usize {
        self.parts.iter().map(ObservationPart::len).sum()
    }

    /// Adds a part at the end (builder style).
    pub fn part(mut self, name: &'static str, shape: &[usize], about: &'static str) -> Self {
        self.parts.push(ObservationPart::new(name, shape, about));
        self
    }

    /// The range of the tensor's entries that part `name` holds; `None` when no part has
    /// that name.
    pub fn range(&self, name: &str) -> Option<std::ops::Range<usize>> {
        let mut start = 0;
        for p in &self.parts {
            if p.name == name {
                return Some(start..start + p.len());
            }
            start += p.len();
        }
        None
    }
}

/// A cursor that writes an observation tensor part by part: each `put` writes one entry
/// at the next position; [`TensorWriter::skip`] leaves entries at their zero. Games write
/// their parts in layout order; [`TensorWriter::finish`] checks that the tensor was filled
/// to its end (a debug assertion).
pub struct TensorWriter<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> TensorWriter<'a> {
    /// A writer over `out`, which it first fills with zeros.
    pub fn new(out: &'a mut [f32]) -> Self {
        out.fill(0.0);
        Self { out, at: 0 }
    }

    /// Writes `value` at the next entry: a flag (0 or 1) or a value already in `[0, 1]`.
    /// Panics past the end (a layout that disagrees with the writing code: a bug of the
    /// game).
    #[inline]
    pub fn put(&mut self, value: f32) {
        self.out[self.at] = value;
        self.at += 1;
    }

    /// Writes the flag `b`: 1 when true, 0 when false.
    #[inline]
    pub fn flag(&mut self, b: bool) {
        self.put(if b { 1.0 } else { 0.0 });
    }

    /// Writes a count `n` that the rules bound by `bound` as `n / bound` (0 when `bound`
    /// is 0, where `n` can only be 0): in `[0, 1]` when the bound holds, which the battery
    /// checks.
    #[inline]
    pub fn fraction(&mut self, n: impl Into<f32>, bound: impl Into<f32>) {
        let bound = bound.into();
        self.put(if bound > 0.0 { n.into() / bound } else { 0.0 });
    }

    /// Writes a count `n ≥ 0` that the rules do not bound (goals, turns, rounds) as
    /// `n / (n + half)`: 0 at 0, ½ at `half` (`half > 0`, a typical count), below 1 for
    /// every count, and one-to-one, so no two counts look alike.
    #[inline]
    pub fn squashed(&mut self, n: impl Into<f32>, half: f32) {
        let n = n.into();
        self.put(n / (n + half));
    }

    /// Writes a one-hot block of `len` entries with entry `index` set to 1 (none set when
    /// `index` is `None` or out of the block).
    #[inline]
    pub fn one_hot(&mut self, len: usize, index: Option<usize>) {
        if let Some(i) = index.filter(|&i| i < len) {
            self.out[self.at + i] = 1.0;
        }
        self.at += len;
    }

    /// Leaves `len` entries at zero.
    #[inline]
    pub fn skip(&mut self, len: usize) {
        self.at += len;
        assert!(self.at <= self.out.len(), "observation tensor overrun");
    }

    /// The number of entries written or skipped so far.
    pub fn position(&self) -> usize {
        self.at
    }

    /// Ends the writing; in debug builds, checks that every entry was reached.
    pub fn finish(self) {
        debug_assert_eq!(
            self.at,
            self.out.len(),
            "observation tensor written to {} of {} entries",
            self.at,
            self.out.len()
        );
    }
}

/// Appends `n` in decimal, as `write!(s, "{n}")` does, without the formatting machinery
/// (`itoa`): a replay page asks for every seat's observation text at every step, so the
/// games' texts write their numbers with it.
pub fn push_num(s: &mut String, n: impl itoa::Integer) {
    s.push_str(itoa::Buffer::new().format(n));
}

/// Appends `items` separated by `, ` (what `join(", ")` of their texts writes), each
/// written by `item`.
pub fn push_list<T>(
    s: &mut String,
    items: impl IntoIterator<Item = T>,
    mut item: impl FnMut(&mut String, T),
) {
    for (k, x) in items.into_iter().enumerate() {
        if k > 0 {
            s.push_str(", ");
        }
        item(s, x);
    }
}

/// The cards of a zone as observation strings list them: `PASSAGGIO x2, TIRO`, each of
/// `cards` named by `name` with its copies in `counts` (`counts[i]` copies of `cards[i]`,
/// a game's per-card counts in card id order; a card with 0 copies left out, 1 copy
/// without a count), or `none` when every count is 0. It allocates its `String`;
/// [`push_copies`] writes the same in place.
pub fn copies_list<C: Copy>(cards: &[C], name: fn(C) -> &'static str, counts: &[u8]) -> String {
    let mut s = String::new();
    push_copies(&mut s, cards, name, counts);
    s
}

/// Appends [`copies_list`]'s text to `s`.
pub fn push_copies<C: Copy>(
    s: &mut String,
    cards: &[C],
    name: fn(C) -> &'static str,
    counts: &[u8],
) {
    let items = cards.iter().zip(counts).map(|(&c, &n)| (name(c), n));
    let mut held = items.filter(|&(_, n)| n > 0).peekable();
    if held.peek().is_none() {
        s.push_str("none");
    }
    push_list(s, held, |s, (name, n)| {
        s.push_str(name);
        if n > 1 {
            s.push_str(" x");
            push_num(s, n);
        }
    });
}

#[cfg(test)]
mod text_tests {
    use super::*;

    /// Numbers are written as formatting writes them, lists as `join(", ")` writes them.
    #[test]
    fn numbers_and_lists_are_written_as_formatting_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 12_345, u64::from(u32::MAX), u64::MAX] {
            let mut s = String::from("x");
            push_num(&mut s, n);
            assert_eq!(s, format!("x{n}"));
        }
        for items in [vec![], vec![7u64], vec![1, 22, 333]] {
            let mut s = String::new();
            push_list(&mut s, &items, |s, &n| push_num(s, n));
            let joined: Vec<String> = items.iter().map(u64::to_string).collect();
            assert_eq!(s, joined.join(", "));
        }
        let counts = [2, 0, 1, 12];
        let names = ["A", "B", "C", "D"];
        assert_eq!(copies_list(&names, |n| n, &counts), "A x2, C, D x12");
        assert_eq!(copies_list(&names, |n| n, &[0; 4]), "none");
        let mut s = String::from("Hand: ");
        push_copies(&mut s, &names, |n| n, &counts);
        assert_eq!(s, "Hand: A x2, C, D x12");
    }
}
