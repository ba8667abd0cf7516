//! The search tree: nodes and edges in arenas (edges in chunks), the index from
//! information keys to nodes, UCT selection and the root prior.

use crate::greedy::lookahead;
use arrayvec::ArrayVec;
use engine_core::{Action, ActionList, Heuristic, PlayerView, Rng, Seat, MAX_ACTIONS};
use rand::Rng as _;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::config::*;

pub(super) const NIL: u32 = u32::MAX;
/// At most this many root actions are searched by rounds ([`Root::Halving`],
/// [`Root::Paired`]); a root with more is searched by UCB: halving over the memory game's
/// 88 cards played the solitaire to the turn cap (`docs/performance.md`).
pub(super) const MAX_PAIRED: usize = 32;
/// Rounds before a paired search may drop an action.
pub(super) const MIN_ROUNDS: u32 = 16;
/// A paired search checks for actions to drop every this many rounds (fewer looks at the
/// data, fewer drops by chance).
pub(super) const CHECK_ROUNDS: u32 = 4;
/// Lookahead depth of the greedy value used as the root prior (the greedy default).
pub(super) const GREEDY_DEPTH: u8 = 4;
/// How often (in iterations) a search checks whether it may stop early.
pub(super) const CHECK_EVERY: u32 = 8;
/// The iteration budget `margin` is given for: a decision of a larger budget applies
/// `margin` in proportion smaller ([`Mcts::margin`](super::Mcts)). The generic default
/// of `iterations`, so that every default search applies `margin` as given.
pub(super) const MARGIN_ITERATIONS: u32 = 500;
/// The tree is cleared when it grows past this many nodes.
pub(super) const MAX_NODES: usize = 4_000_000;

/// Edges are stored in chunks of this many consecutive slots, one node's edges per chunk,
/// so a node's edges are read from a few adjacent cache lines, not chased one by one.
pub(super) const CHUNK: u32 = 4;

/// A node: its edges are the chunks from `first` (an edge index, a multiple of
/// [`CHUNK`]; `NIL`: no edge yet) linked by `Mcts::chunk_next`, the last one (`last`)
/// filled up to `last_len` slots.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) first: u32,
    pub(super) last: u32,
    pub(super) last_len: u32,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Edge {
    pub(super) action: Action,
    pub(super) visits: u32,
    pub(super) avail: u32,
    /// Sum of the returns of the seat acting at the edge's node.
    pub(super) total: f64,
    /// Sum of the squares of those returns (for the `margin` stopping rule).
    pub(super) squares: f64,
}

/// Legal lists up to this long are scanned; longer ones (the memory game's grid, up to 88
/// places) are searched by halves.
const SCAN_UP_TO: usize = 16;

/// Where `action` stands in `legal`, a list in ascending order without repeats (as legal
/// actions are, and any part of them): a linear scan on a short list, where it beats a
/// binary search, and a binary search on a long one, where the scan made selection at a
/// root of 88 actions quadratic.
#[inline]
pub(super) fn position(legal: &ActionList, action: Action) -> Option<usize> {
    if legal.len() <= SCAN_UP_TO {
        legal.iter().position(|&a| a == action)
    } else {
        legal.binary_search(&action).ok()
    }
}

/// [`position`] for many actions in one list: a long list whose codes are all below
/// [`Positions::CODES`] (the memory game's grid) is kept as a bit set of its codes with
/// the members before each word counted, so an action's place is a bit test and a count
/// of the bits below it; other lists are read by [`position`].
pub(super) struct Positions<'a> {
    legal: &'a ActionList,
    /// The codes' bit set and, per word, the members in the words before it; `None`:
    /// read by [`position`].
    ranked: Option<([u64; Positions::WORDS], [u32; Positions::WORDS])>,
}

impl<'a> Positions<'a> {
    /// Codes below this are ranked.
    const CODES: usize = 512;
    const WORDS: usize = Self::CODES / 64;

    pub(super) fn new(legal: &'a ActionList) -> Self {
        let ranked = (legal.len() > SCAN_UP_TO
            && legal.last().is_some_and(|a| usize::from(a.0) < Self::CODES))
        .then(|| {
            // The codes ascend: each word is gathered in a register and stored once.
            let (mut words, mut at, mut word) = ([0u64; Self::WORDS], 0, 0u64);
            for a in legal {
                let w = usize::from(a.0) / 64;
                if w != at {
                    words[at] = word;
                    (at, word) = (w, 0);
                }
                word |= 1 << (a.0 % 64);
            }
            words[at] = word;
            let mut before = [0u32; Self::WORDS];
            for w in 1..Self::WORDS {
                before[w] = before[w - 1] + words[w - 1].count_ones();
            }
            (words, before)
        });
        Positions { legal, ranked }
    }

    /// Where `action` stands in the list, as [`position`] says.
    #[inline]
    pub(super) fn of(&self, action: Action) -> Option<usize> {
        let Some((words, before)) = &self.ranked else {
            return position(self.legal, action);
        };
        let code = usize::from(action.0);
        let word = *words.get(code / 64)?;
        let bit = 1u64 << (code % 64);
        (word & bit != 0).then(|| (before[code / 64] + (word & (bit - 1)).count_ones()) as usize)
    }
}

/// Natural logarithms of the small counts, read from a table: UCB takes one per edge
/// visited in the tree. `get(k)` is `(k as f64).ln()`, bit for bit.
pub(super) struct LnTable(pub(super) Vec<f64>);

impl LnTable {
    /// Counts below this are read from the table (32 KiB).
    const SIZE: u32 = 4096;

    pub(super) fn new() -> Self {
        LnTable((0..Self::SIZE).map(|k| f64::from(k).ln()).collect())
    }

    #[inline]
    pub(super) fn get(&self, k: u32) -> f64 {
        match self.0.get(k as usize) {
            Some(&v) => v,
            None => f64::from(k).ln(),
        }
    }
}

/// Information keys are already well-mixed 64-bit hashes: hash them as they are.
#[derive(Default)]
pub(super) struct KeyHasher(pub(super) u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// The ISMCTS agent.
pub struct Mcts {
    pub(super) cfg: MctsConfig,
    pub(super) nodes: Vec<Node>,
    pub(super) edges: Vec<Edge>,
    /// For each chunk of [`CHUNK`] edges (edge index / `CHUNK`), the first edge of the
    /// node's next chunk, or `NIL`.
    pub(super) chunk_next: Vec<u32>,
    pub(super) index: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    pub(super) path: Vec<(u32, Seat)>,
    pub(super) legal: ActionList,
    /// The classes of the actions in `legal` after [`Mcts::merge_legal`] (same order).
    pub(super) classes: ArrayVec<u64, MAX_ACTIONS>,
    /// Whether the current search merges exchangeable actions.
    pub(super) merge_now: bool,
    pub(super) untried: ActionList,
    pub(super) ln: LnTable,
    pub(super) iterations_done: u64,
    /// Count, sum and sum of squares of the searching seat's returns in the current
    /// search (for `c_scale=std`).
    pub(super) returns: (u32, f64, f64),
    /// The exploration constant in use: `c`, times the spread of the returns.
    pub(super) c_now: f64,
    /// The information-set key of the last decision's root, if that decision searched
    /// (for [`Agent::last_policy`]).
    pub(super) last_root: Option<u64>,
    /// The searching seat's observation tensor and the policy network's logits
    /// (`policy`): `MAX_POLICY_WIDTH` long when `policy` is on (empty otherwise), so a
    /// search never allocates them.
    pub(super) obs: Vec<f32>,
    pub(super) logits: Vec<f32>,
}

impl Mcts {
    /// Keeps in `self.legal` the first action of each class given by `class` (in the
    /// list's order), and records the kept actions' classes in `self.classes`.
    pub(super) fn merge_legal(&mut self, class: impl Fn(Action) -> u64) {
        self.classes.clear();
        let mut kept = 0;
        for i in 0..self.legal.len() {
            let a = self.legal[i];
            let k = class(a);
            if !self.classes.contains(&k) {
                self.classes.push(k);
                self.legal[kept] = a;
                kept += 1;
            }
        }
        self.legal.truncate(kept);
    }

    pub(super) fn clear(&mut self) {
        self.nodes.clear();
        self.edges.clear();
        self.chunk_next.clear();
        self.index.clear();
    }

    pub(super) fn node_for(&mut self, key: u64) -> u32 {
        let next = self.nodes.len() as u32;
        let id = *self.index.entry(key).or_insert(next);
        if id == next {
            self.nodes.push(Node {
                first: NIL,
                last: NIL,
                last_len: 0,
            });
        }
        id
    }

    /// The edge ranges of `node`, chunk by chunk: calls `f` with each edge index.
    #[inline]
    pub(super) fn for_each_edge(&self, node: u32, mut f: impl FnMut(u32) -> bool) {
        let n = self.nodes[node as usize];
        let mut c = n.first;
        while c != NIL {
            let len = if c == n.last { n.last_len } else { CHUNK };
            for e in c..c + len {
                if !f(e) {
                    return;
                }
            }
            c = self.chunk_next[(c / CHUNK) as usize];
        }
    }

    pub(super) fn find_edge(&self, node: u32, action: Action) -> u32 {
        let mut found = NIL;
        self.for_each_edge(node, |e| {
            if self.edges[e as usize].action == action {
                found = e;
                return false;
            }
            true
        });
        found
    }

    /// The edge at `node` of each of `legal`'s actions, in `legal`'s order (`NIL` for an
    /// action without one): what [`Mcts::find_edge`] finds for each, from one walk over
    /// the node's edges, each placed by [`Positions`] (a `find_edge` per action is
    /// quadratic at a root of 88 actions).
    pub(super) fn edges_of(&self, node: u32, legal: &ActionList) -> ArrayVec<u32, MAX_ACTIONS> {
        let mut out: ArrayVec<u32, MAX_ACTIONS> = legal.iter().map(|_| NIL).collect();
        let positions = Positions::new(legal);
        self.for_each_edge(node, |e| {
            if let Some(i) = positions.of(self.edges[e as usize].action) {
                out[i] = e;
            }
            true
        });
        out
    }

    pub(super) fn add_edge(&mut self, node: u32, action: Action) -> u32 {
        let n = self.nodes[node as usize];
        let edge = Edge {
            action,
            visits: 0,
            avail: 0,
            total: 0.0,
            squares: 0.0,
        };
        if n.first != NIL && n.last_len < CHUNK {
            let id = n.last + n.last_len;
            self.edges[id as usize] = edge;
            self.nodes[node as usize].last_len += 1;
            return id;
        }
        // A new chunk, linked after the node's last one.
        let id = self.edges.len() as u32;
        self.edges.extend(std::iter::repeat_n(edge, CHUNK as usize));
        self.chunk_next.push(NIL);
        if n.first == NIL {
            self.nodes[node as usize].first = id;
        } else {
            self.chunk_next[(n.last / CHUNK) as usize] = id;
        }
        let n = &mut self.nodes[node as usize];
        n.last = id;
        n.last_len = 1;
        id
    }

    /// Selection or expansion at `node` for the legal actions in `self.legal`: marks each
    /// available edge, then returns an untried action's new edge (and `true`: `hint`, the
    /// game's rollout policy's choice, when it is untried, else a random one), or the edge
    /// with the best UCB (UCT with availability counts: `mean + c * sqrt(ln(avail) / n)`).
    ///
    /// The node's edge list is walked once, each edge looked up in the sorted legal list,
    /// instead of one list walk per legal action. Ties go as in a scan of the legal
    /// actions in order: the first of equal best scores, and the last of edges never
    /// backed up (which cannot exist after a full iteration).
    pub(super) fn select(&mut self, node: u32, hint: Option<Action>, rng: &mut Rng) -> (u32, bool) {
        let legal = &self.legal;
        let positions = Positions::new(legal);
        let mut seen = [0u64; MAX_ACTIONS / 64];
        // (legal index, edge) of the best UCB, and of the last edge never backed up.
        let (mut best, mut best_at, mut best_score) = (NIL, usize::MAX, f64::NEG_INFINITY);
        let (mut fresh, mut fresh_at) = (NIL, 0usize);
        let n = self.nodes[node as usize];
        let mut c = n.first;
        while c != NIL {
            let len = if c == n.last { n.last_len } else { CHUNK };
            for e in c..c + len {
                let edge = &mut self.edges[e as usize];
                let Some(i) = positions.of(edge.action) else {
                    continue;
                };
                seen[i / 64] |= 1 << (i % 64);
                edge.avail += 1;
                if edge.visits == 0 {
                    if fresh == NIL || i > fresh_at {
                        (fresh, fresh_at) = (e, i);
                    }
                } else {
                    let n = f64::from(edge.visits);
                    let score = edge.total / n + self.c_now * (self.ln.get(edge.avail) / n).sqrt();
                    if score > best_score || (score == best_score && i < best_at) {
                        (best, best_at, best_score) = (e, i, score);
                    }
                }
            }
            c = self.chunk_next[(c / CHUNK) as usize];
        }
        self.untried.clear();
        for (i, &a) in legal.iter().enumerate() {
            if seen[i / 64] & (1 << (i % 64)) == 0 {
                self.untried.push(a);
            }
        }
        if !self.untried.is_empty() {
            // The game's rollout policy chooses first among the untried actions.
            let a = match hint.filter(|h| self.untried.contains(h)) {
                Some(h) => h,
                None => self.untried[rng.gen_range(0..self.untried.len())],
            };
            let e = self.add_edge(node, a);
            self.edges[e as usize].avail = 1;
            return (e, true);
        }
        if fresh != NIL {
            return (fresh, false);
        }
        (best, false)
    }

    /// Seeds the root's new edges with the greedy value of their action on one
    /// determinization, as `prior` virtual visits (progressive bias; Chaslot et al. 2008).
    pub(super) fn add_root_prior<S: Heuristic>(
        &mut self,
        view: &PlayerView<'_, S>,
        root_key: u64,
        root_legal: &ActionList,
        rng: &mut Rng,
    ) {
        let seat = view.seat();
        let det = self.determinization(view, rng);
        let root = self.node_for(root_key);
        let w = self.cfg.prior;
        for &a in root_legal {
            if self.find_edge(root, a) != NIL {
                continue;
            }
            let mut next = det.clone();
            next.apply(a);
            let mut v = lookahead(&next, seat, GREEDY_DEPTH);
            if self.cfg.ties == Ties::Random {
                // Equal values stay equal but for a trace below any real difference, so
                // that UCB tries them in a random order, not in action order.
                v += 1e-9 * rng.gen::<f64>();
            }
            let e = self.add_edge(root, a);
            let edge = &mut self.edges[e as usize];
            edge.visits = w;
            edge.avail = w;
            edge.total = f64::from(w) * v;
            edge.squares = f64::from(w) * v * v;
        }
    }
}

/// The tree key of a decision by `actor` with information key `key`, searched by `seat`.
#[inline]
pub(super) fn node_key(key: u64, actor: Seat, seat: Seat) -> u64 {
    if actor == seat {
        key
    } else {
        key ^ (0x9E37_79B9_7F4A_7C15u64.wrapping_mul(u64::from(actor) + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Positions::of` finds what a scan finds, in lists of every length up to 120 with
    /// codes below, across and above the ranked range, for the actions in them and for
    /// actions between and beyond.
    #[test]
    fn positions_are_the_scan() {
        for len in 1..=120u16 {
            for (step, offset) in [(1, 0), (3, 7), (4, 300), (5, 0)] {
                let legal: ActionList = (0..len).map(|i| Action(step * i + offset)).collect();
                let positions = Positions::new(&legal);
                for code in 0..step * len + offset + 70 {
                    let a = Action(code);
                    assert_eq!(
                        positions.of(a),
                        legal.iter().position(|&b| b == a),
                        "{len} actions from {offset} by {step}, {a:?}"
                    );
                }
            }
        }
    }

    /// `position` finds what a scan finds, in lists of every length up to 88 on both sides
    /// of [`SCAN_UP_TO`], for the actions in them and for actions between and beyond.
    #[test]
    fn position_is_the_scan_on_short_and_long_lists() {
        for len in 1..=88u16 {
            let legal: ActionList = (0..len).map(|i| Action(3 * i + len % 3)).collect();
            for code in 0..3 * len + 4 {
                let a = Action(code);
                assert_eq!(
                    position(&legal, a),
                    legal.iter().position(|&b| b == a),
                    "{len} actions, {a:?}"
                );
            }
        }
    }
}
