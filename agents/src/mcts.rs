//! Single-observer Information Set Monte Carlo Tree Search (SO-ISMCTS; Cowling, Powley &
//! Whitehouse 2012, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2)).
//!
//! Each iteration draws a determinization of the searching seat's information set from
//! its [`PlayerView`], then walks the tree with UCT over the actions available in that
//! determinization, expands one untried action, plays out (random or greedy policy,
//! optionally cut at a depth where the [`Heuristic`] scores the state) and backs the
//! result up.
//!
//! Tree nodes are information sets of the searching seat, one per deciding seat: a node is
//! found by the searching seat's information key (mixed with the deciding seat). Chance
//! outcomes and opponent choices it cannot see (the opponent's draws) lead to the same node
//! whatever they were, while what it sees (its own draws, dice, public plays) leads to
//! distinct nodes; an opponent's node gathers that opponent's choices over every
//! determinization, with availability counts (`opponent=own` keys them by the opponent's
//! own key in each determinization instead). Symmetric secret choices
//! ([`engine::core::GameState::symmetric_choice`]: a shot's direction, the goalkeeper's
//! dive) are made uniformly at random, at the root and in the tree, where they get no node:
//! so no node depends on a secret the other seat cannot see, which is the problem of
//! partially observable moves that SO-ISMCTS otherwise has. Secret choices whose
//! equilibrium the game fixes ([`engine::core::GameState::equilibrium_choice`]: Helvetia
//! Cup's shot square against the goalkeeper's squares) are drawn from it in the same way.
//! Edges are keyed by action and carry the statistics of the seat acting at the node; an
//! edge's UCB uses its availability count (how often its action was legal when the node
//! was visited) in place of the parent's visits, as ISMCTS prescribes for actions that
//! are not always legal.
//!
//! `root=halving` searches the root by sequential halving ([`Root::Halving`]; Karnin,
//! Koren & Somekh 2013, "Almost optimal exploration in multi-armed bandits", ICML; at the
//! root of MCTS: Pepels, Cazenave, Winands & Lanctot 2014, "Minimizing simple and
//! cumulative regret in Monte-Carlo tree search"; Danihelka, Guez, Schrittwieser & Silver
//! 2022, "Policy improvement by planning with Gumbel", ICLR). The budget is split over
//! `ceil(log2 K)` rounds for `K` root actions; in each round every surviving action gets
//! the same number of iterations, in batches that share one determinization and one
//! random stream (common random numbers: the actions are compared on the same luck), and
//! the better half by mean return survives to the next round. The search spends the
//! whole budget, and the action played is the last survivor. A root with more than 32
//! actions (the memory game's grid) is searched by UCB: halving there was measured to
//! play the memory solitaire to the turn cap. This spends the budget on telling the root
//! actions apart (the simple regret of the choice made) rather than on UCB's running
//! reward. It is not the default: at the previous default's cost it lost to it
//! (`docs/performance.md`, 2026-11-25).
//!
//! The default paired root ([`Root::Paired`]) runs rounds of one iteration for every root
//! action still in the race and drops an action once its paired advantage over the
//! leader is below `margin` at 95% confidence; it ends when one is left, often long
//! before the budget is spent. With UCB at the root ([`Root::Uct`]), a search ends at its
//! iteration budget, or earlier once the most visited root action cannot be caught in the
//! iterations left, or (with `margin` above 0) once, at 95% confidence, no other root
//! action is worth more than `margin` above it (checked every 8 iterations).
//!
//! The exploration constant `c` is multiplied by the standard deviation of the searching
//! seat's returns over the iterations of the current search with `c_scale=std` (the
//! default stays `none`, `c=0.2`, until measured across the games),
//! so that one constant fits returns of any spread: goals in [0, 1] with much luck,
//! pairs per turn that differ by 0.01, Helvetia's scores.
//!
//! Every search, in iterations or in time, also ends within a few iterations of
//! [`crate::request_stop`] (Ctrl-C or SIGTERM in `sim`), returning the best action so far.
//!
//! Nodes and edges live in arenas (vectors reused from search to search, reserved ahead),
//! so an iteration allocates nothing once the arenas have grown.

use crate::greedy::{lookahead, lookahead_with, Eval, EVAL_HELP};
use crate::spec::{apply_params, number, ParamInfo, ParamKind, Spec};
use crate::stop_requested;
use crate::AgentError;
use arrayvec::ArrayVec;
use engine::core::{
    Action, ActionList, Agent, GameState, Heuristic, PlayerView, Rng, Seat, Turn, Utility,
    MAX_ACTIONS, MAX_SEATS,
};
use rand::{Rng as _, RngCore, SeedableRng};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::{Duration, Instant};

/// Parameters of `mcts`, with their defaults.
pub const MCTS_PARAMS: &[ParamInfo] = &[
    ParamInfo {
        name: "iterations",
        kind: ParamKind::Integer,
        default: "500",
        help: "iterations per decision (1-10000000): root=halving spends all of them (at \
               least 2); \
               root=uct stops once no other root action can catch up with the most \
               visited; root=paired once one action is left in the race",
    },
    ParamInfo {
        name: "per_action",
        kind: ParamKind::Integer,
        default: "0",
        help: "iterations per legal action at the decision (0-10000000; 0: off): a decision \
               with L legal actions runs min(iterations, per_action * L) iterations, so \
               two-way choices cost less than choosing among many cards",
    },
    ParamInfo {
        name: "margin",
        kind: ParamKind::Number,
        default: "0.005",
        help: "how much a root action may be worth above the chosen one and still be given \
               up, at 95% confidence (0-1, in returns): root=paired drops such an action \
               from the race (at 0, only actions worse at 95% confidence); root=uct stops \
               the search once every other action is such (0: off); root=halving ignores \
               it. An early stop that saves budget on close choices",
    },
    ParamInfo {
        name: "time_ms",
        kind: ParamKind::Integer,
        default: "0",
        help: "time budget per decision in milliseconds instead of iterations (0: off); \
               results then depend on the machine and are not reproducible",
    },
    ParamInfo {
        name: "c",
        kind: ParamKind::Number,
        default: "0.2",
        help: "UCT exploration constant (0-10), in standard deviations of the returns with \
               c_scale=std, in returns with c_scale=none",
    },
    ParamInfo {
        name: "c_scale",
        kind: ParamKind::Word,
        default: "none",
        help: "what c is multiplied by: std (the standard deviation of the searching seat's \
               returns over the iterations of this search so far, so one c fits goals, \
               pairs per turn and scores alike) | none (c as it is, for returns in [0, 1])",
    },
    ParamInfo {
        name: "playout",
        kind: ParamKind::Word,
        default: "policy",
        help: "playout policy: policy (the game's rollout policy, which also orders the \
               expansion of new nodes; uniform where the game has none) | random | greedy \
               (one-ply heuristic)",
    },
    ParamInfo {
        name: "depth",
        kind: ParamKind::IntegerOrWord,
        default: "100",
        help: "playout length in applied actions before the heuristic scores the state \
               (0: score the new leaf at once; end: play to the end of the game)",
    },
    ParamInfo {
        name: "eval_depth",
        kind: ParamKind::Integer,
        default: "0",
        help: "levels of the greedy agent's lookahead at the playout cut (0-8; 0: the \
               evaluation alone, see eval): dice and small choices right after the cut \
               are averaged or maximized instead of left to one sample",
    },
    ParamInfo {
        name: "eval",
        kind: ParamKind::Word,
        default: "fitted",
        help: EVAL_HELP,
    },
    ParamInfo {
        name: "until",
        kind: ParamKind::Word,
        default: "turn",
        help: "where a playout stops to be scored: turn (at the searching seat's first \
               decision after the other seat has decided, so every leaf is scored at the \
               same point of the turn cycle; depth is then a cap) | depth (after depth \
               actions)",
    },
    ParamInfo {
        name: "opponent",
        kind: ParamKind::Word,
        default: "searcher",
        help: "whose information sets the opponent's tree nodes are: searcher (the \
               searching seat's, so the opponent's choices are learned over every \
               determinization) | own (the opponent's key in each determinization)",
    },
    ParamInfo {
        name: "prior",
        kind: ParamKind::Integer,
        default: "0",
        help: "weight, in virtual visits, of the greedy agent's value of each root action \
               (0-100000; 0: none): the search starts from greedy's judgment and moves off it \
               only on evidence",
    },
    ParamInfo {
        name: "root",
        kind: ParamKind::Word,
        default: "paired",
        help: "how the root's actions are searched: halving (sequential halving: the \
               budget split over ceil(log2 K) rounds for the K root actions considered \
               (see consider), each round giving \
               every surviving action the same iterations in batches that share one \
               determinization and random stream, the better half by mean surviving; the \
               whole budget is spent) | uct (UCB, like every other node) | paired (rounds \
               of one iteration per remaining action on a shared determinization; an \
               action is dropped once it is worth less than margin above the leader at 95% \
               confidence, and the search ends when one is left). With time_ms, prior, or \
               more than 32 root actions (the memory game's grid), halving and paired \
               search the root by uct (measured: halving there played the memory \
               solitaire to the turn cap)",
    },
    ParamInfo {
        name: "consider",
        kind: ParamKind::Integer,
        default: "32",
        help: "root=halving: at most this many root actions enter the rounds, the best by \
               the heuristic one action ahead on one determinization (1-256; 256: all; \
               fewer when the budget cannot give each 4 iterations a round), as \
               Gumbel MCTS considers its top m actions",
    },
    ParamInfo {
        name: "merge",
        kind: ParamKind::Flag,
        default: "true",
        help: "search one action of each class of actions the game calls exchangeable for \
               the deciding seat (true | false): in the memory solitaire, the face-down cards \
               the seat has never seen are one class, so its 88 cards are a few choices; \
               games without classes are unchanged",
    },
    ParamInfo {
        name: "ties",
        kind: ParamKind::Word,
        default: "first",
        help: "which of the root actions found equal is played (root=paired, root=uct and \
               prior; halving keeps action order): first (in action order) | \
               random (uniform among them, as greedy breaks its ties; with prior, equal prior \
               values are tried in a random order). Equal results are \
               common where an action changes nothing the evaluation sees (Helvetia's \
               figures away from the ball, searched on the same random numbers): `first` \
               then walks every such figure towards the first hex",
    },
    ParamInfo {
        name: "reuse",
        kind: ParamKind::Flag,
        default: "true",
        help: "keep the tree from one decision to the next within a game (true | false)",
    },
];

/// The playout policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// The game's rollout policy (`Heuristic::rollout_action`), which also picks the
    /// action a node expands first; uniform where the game has none, drawing exactly what
    /// [`Playout::Random`] draws.
    Policy,
    /// Uniform over legal actions.
    Random,
    /// The action with the best heuristic value one ply ahead (ties by stream order).
    Greedy,
}

/// Whose information sets the opponent's tree nodes are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpponentNodes {
    /// The searching seat's: an opponent's node is the searcher's information set at the
    /// opponent's decision, and its edges are the opponent's actions over every
    /// determinization, with availability counts (single-observer ISMCTS, Cowling et al.
    /// 2012). Sound when every non-symmetric decision of the opponent is public, as in
    /// GRANGOL (the secret shot, wall and keeper choices are symmetric and made
    /// uniformly in the tree).
    Searcher,
    /// The opponent's own information key in the determinization: its choices never
    /// depend on what it cannot see, but its hidden cards differ in almost every
    /// determinization, so its nodes are rarely revisited and it plays almost at random
    /// in the tree.
    Own,
}

/// What the exploration constant is multiplied by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CScale {
    /// The standard deviation of the searching seat's returns over the iterations of the
    /// current search so far (`c` as is before two iterations): UCB's exploration term in
    /// the units of the game's returns, as UCB1-Tuned scales it by the observed variance
    /// (Auer, Cesa-Bianchi & Fischer 2002, "Finite-time analysis of the multiarmed bandit
    /// problem", Machine Learning 47).
    Std,
    /// `c` as it is, for returns in [0, 1].
    None,
}

/// How the root's actions are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Root {
    /// Sequential halving (Karnin, Koren & Somekh 2013; at the MCTS root, Pepels et al.
    /// 2014 and Danihelka et al. 2022): for `K` root actions the budget is split over
    /// `ceil(log2 K)` rounds; round `r` gives each of its `m` surviving actions
    /// `max(1, left / (rounds_left * m))` iterations, in batches of one iteration per
    /// survivor that share one determinization and one random stream (common random
    /// numbers); the best `ceil(m / 2)` by mean return survive. Whatever the rounding
    /// leaves of the budget is spent on the last survivor, the action played. A root
    /// with more than 32 actions is searched by [`Root::Uct`]. With more than `consider`
    /// actions (or fewer when the budget is small), only the best `consider` by the
    /// heuristic one action ahead enter the rounds (as Gumbel MCTS considers its top `m`
    /// actions). No early stop.
    Halving,
    /// UCB at the root as at every node; the search stops early once the choice cannot
    /// change, or by the `margin` rule.
    Uct,
    /// Paired rounds with successive elimination: each round draws one determinization
    /// and one random stream and runs one iteration per remaining root action from them
    /// (common random numbers), so that the differences between actions are measured
    /// with the luck of the deal removed. After a few rounds, an action whose paired
    /// advantage over the leader is below `margin` at 95% confidence is dropped; the
    /// search ends when one action is left or the budget cannot pay for another round.
    /// Below the root the tree is searched by UCB as usual. A root with more than 32
    /// actions is searched by [`Root::Uct`]. After the best-arm
    /// identification view of the root (Even-Dar, Mannor & Mansour 2002, successive
    /// elimination; Tolpin & Shimony 2012, simple regret at the root of MCTS).
    Paired,
}

/// Which of the root actions found equal is played ([`Root::Paired`], [`Root::Uct`] and
/// the `prior`; [`Root::Halving`] keeps action order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ties {
    /// The first in action order.
    First,
    /// Uniform among them (the searching seat's random stream), as `greedy` breaks ties.
    Random,
}

/// Where a playout stops and the heuristic scores the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// At the searching seat's first decision after another seat has decided (or after
    /// `depth` actions, whichever comes first): every leaf is scored at the same point of
    /// the turn cycle, so leaves at different tree depths compare fairly.
    Turn,
    /// After `depth` actions.
    Depth,
}

/// Settings of [`Mcts`]; `Default` gives the defaults of [`MCTS_PARAMS`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations per decision (used when `time_ms` is 0).
    pub iterations: u32,
    /// Iterations per legal action (0: off): a decision with `L` legal actions runs
    /// `min(iterations, per_action * L)` iterations.
    pub per_action: u32,
    /// How much a root action may be worth above the chosen one, at 95% confidence, and
    /// still be given up, in returns: [`Root::Paired`] drops such actions, [`Root::Uct`]
    /// stops once every other action is such (0: off); [`Root::Halving`] ignores it.
    pub margin: f64,
    /// Time budget per decision in milliseconds; 0 for an iteration budget.
    pub time_ms: u32,
    /// UCT exploration constant, in units given by `c_scale`.
    pub c: f64,
    /// What `c` is multiplied by.
    pub c_scale: CScale,
    /// Playout policy.
    pub playout: Playout,
    /// Playout length in applied actions before the heuristic cut; 0: score the leaf at
    /// once; `u32::MAX`: play to the end of the game.
    pub depth: u32,
    /// Levels of the `greedy` agent's lookahead at the playout cut (0: the evaluation).
    pub eval_depth: u8,
    /// The evaluation at the playout cut: [`Eval::Fitted`] by default (in GRANGOL it
    /// scored 0.583 [0.567, 0.598] against the hand-made heuristic, `docs/evaluation.md`;
    /// the same as the heuristic in games without a fitted evaluation).
    pub eval: Eval,
    /// Where playouts stop to be scored.
    pub until: Until,
    /// Whose information sets the opponent's tree nodes are.
    pub opponent: OpponentNodes,
    /// Virtual visits given to each root action at the greedy agent's value of it.
    pub prior: u32,
    /// Keep the tree between decisions of one game.
    pub reuse: bool,
    /// Search one action of each class of exchangeable actions
    /// ([`engine::core::Heuristic::action_classes`]), at the root and in the tree; the
    /// oracle's search (an omniscient view) never merges.
    pub merge: bool,
    /// Which of the root actions found equal is played.
    pub ties: Ties,
    /// How the root's actions are searched.
    pub root: Root,
    /// [`Root::Halving`]: at most this many root actions enter the rounds, the best by
    /// the heuristic one action ahead on one determinization.
    pub consider: u16,
    /// Run the whole iteration budget, without the early stops of [`Root::Uct`] (the
    /// choice settled, or `margin`) and [`Root::Paired`] (dropped actions): benches that
    /// time equal work against another program set it. [`Root::Halving`] always spends
    /// the whole budget. Not a `--agents` parameter.
    pub full_budget: bool,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: 500,
            per_action: 0,
            margin: 0.005,
            time_ms: 0,
            c: 0.2,
            c_scale: CScale::None,
            playout: Playout::Policy,
            depth: 100,
            prior: 0,
            eval_depth: 0,
            eval: Eval::Fitted,
            until: Until::Turn,
            opponent: OpponentNodes::Searcher,
            reuse: true,
            merge: true,
            ties: Ties::First,
            root: Root::Paired,
            consider: 32,
            full_budget: false,
        }
    }
}

const NIL: u32 = u32::MAX;
/// At most this many root actions are searched by rounds ([`Root::Halving`],
/// [`Root::Paired`]); a root with more is searched by UCB: halving over the memory game's
/// 88 cards played the solitaire to the turn cap (`docs/performance.md`).
const MAX_PAIRED: usize = 32;
/// Rounds before a paired search may drop an action.
const MIN_ROUNDS: u32 = 16;
/// A paired search checks for actions to drop every this many rounds (fewer looks at the
/// data, fewer drops by chance).
const CHECK_ROUNDS: u32 = 4;
/// Lookahead depth of the greedy value used as the root prior (the greedy default).
const GREEDY_DEPTH: u8 = 4;
/// How often (in iterations) a search checks whether it may stop early.
const CHECK_EVERY: u32 = 8;
/// The tree is cleared when it grows past this many nodes.
const MAX_NODES: usize = 4_000_000;

/// Edges are stored in chunks of this many consecutive slots, one node's edges per chunk,
/// so a node's edges are read from a few adjacent cache lines, not chased one by one.
const CHUNK: u32 = 4;

/// A node: its edges are the chunks from `first` (an edge index, a multiple of
/// [`CHUNK`]; `NIL`: no edge yet) linked by `Mcts::chunk_next`, the last one (`last`)
/// filled up to `last_len` slots.
#[derive(Clone, Copy, Debug)]
struct Node {
    first: u32,
    last: u32,
    last_len: u32,
}

#[derive(Clone, Copy, Debug)]
struct Edge {
    action: Action,
    visits: u32,
    avail: u32,
    /// Sum of the returns of the seat acting at the edge's node.
    total: f64,
    /// Sum of the squares of those returns (for the `margin` stopping rule).
    squares: f64,
}

/// Where `action` stands in `legal` (a short list: a linear scan beats a binary search).
#[inline]
fn position(legal: &ActionList, action: Action) -> Option<usize> {
    legal.iter().position(|&a| a == action)
}

/// Natural logarithms of the small counts, read from a table: UCB takes one per edge
/// visited in the tree. `get(k)` is `(k as f64).ln()`, bit for bit.
struct LnTable(Vec<f64>);

impl LnTable {
    /// Counts below this are read from the table (32 KiB).
    const SIZE: u32 = 4096;

    fn new() -> Self {
        LnTable((0..Self::SIZE).map(|k| f64::from(k).ln()).collect())
    }

    #[inline]
    fn get(&self, k: u32) -> f64 {
        match self.0.get(k as usize) {
            Some(&v) => v,
            None => f64::from(k).ln(),
        }
    }
}

/// Information keys are already well-mixed 64-bit hashes: hash them as they are.
#[derive(Default)]
struct KeyHasher(u64);

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
    cfg: MctsConfig,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    /// For each chunk of [`CHUNK`] edges (edge index / `CHUNK`), the first edge of the
    /// node's next chunk, or `NIL`.
    chunk_next: Vec<u32>,
    index: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    path: Vec<(u32, Seat)>,
    legal: ActionList,
    /// The classes of the actions in `legal` after [`Mcts::merge_legal`] (same order).
    classes: ArrayVec<u64, MAX_ACTIONS>,
    /// Whether the current search merges exchangeable actions.
    merge_now: bool,
    untried: ActionList,
    ln: LnTable,
    iterations_done: u64,
    /// Count, sum and sum of squares of the searching seat's returns in the current
    /// search (for `c_scale=std`).
    returns: (u32, f64, f64),
    /// The exploration constant in use: `c`, times the spread of the returns.
    c_now: f64,
    /// The information-set key of the last decision's root, if that decision searched
    /// (for [`Agent::last_policy`]).
    last_root: Option<u64>,
}

impl Mcts {
    /// An agent with settings `cfg`.
    pub fn new(cfg: MctsConfig) -> Self {
        let reserve = (cfg.iterations as usize * 2).clamp(1024, 1 << 20);
        let mut index = HashMap::default();
        index.reserve(reserve);
        Mcts {
            cfg,
            nodes: Vec::with_capacity(reserve),
            edges: Vec::with_capacity(reserve * CHUNK as usize),
            chunk_next: Vec::with_capacity(reserve),
            index,
            path: Vec::with_capacity(256),
            legal: ActionList::new(),
            classes: ArrayVec::new(),
            merge_now: false,
            untried: ActionList::new(),
            ln: LnTable::new(),
            iterations_done: 0,
            returns: (0, 0.0, 0.0),
            last_root: None,
            c_now: cfg.c,
        }
    }

    /// Builds from a parsed spec. Errors: [`AgentError`] naming a bad parameter.
    pub fn from_spec(spec: &Spec) -> Result<Self, AgentError> {
        let mut cfg = MctsConfig::default();
        apply_params(spec, MCTS_PARAMS, |k, v| {
            match k {
                "iterations" => cfg.iterations = number(v, 1u32, 10_000_000)?,
                "per_action" => cfg.per_action = number(v, 0u32, 10_000_000)?,
                "margin" => cfg.margin = number(v, 0.0f64, 1.0)?,
                "time_ms" => cfg.time_ms = number(v, 0u32, 3_600_000)?,
                "c" => cfg.c = number(v, 0.0f64, 10.0)?,
                "c_scale" => {
                    cfg.c_scale = match v {
                        "std" => CScale::Std,
                        "none" => CScale::None,
                        _ => return Err("std or none".into()),
                    }
                }
                "playout" => {
                    cfg.playout = match v {
                        "policy" => Playout::Policy,
                        "random" => Playout::Random,
                        "greedy" => Playout::Greedy,
                        _ => return Err("policy, random or greedy".into()),
                    }
                }
                "depth" => {
                    cfg.depth = if v == "end" {
                        u32::MAX
                    } else {
                        number(v, 0u32, 100_000).map_err(|e| format!("{e}, or end"))?
                    }
                }
                "until" => {
                    cfg.until = match v {
                        "turn" => Until::Turn,
                        "depth" => Until::Depth,
                        _ => return Err("turn or depth".into()),
                    }
                }
                "prior" => cfg.prior = number(v, 0u32, 100_000)?,
                "opponent" => {
                    cfg.opponent = match v {
                        "searcher" => OpponentNodes::Searcher,
                        "own" => OpponentNodes::Own,
                        _ => return Err("searcher or own".into()),
                    }
                }
                "eval_depth" => cfg.eval_depth = number(v, 0u8, 8)?,
                "eval" => cfg.eval = Eval::parse(v)?,
                "root" => {
                    cfg.root = match v {
                        "halving" => Root::Halving,
                        "uct" => Root::Uct,
                        "paired" => Root::Paired,
                        _ => return Err("halving, uct or paired".into()),
                    }
                }
                "consider" => cfg.consider = number(v, 1u16, MAX_ACTIONS as u16)?,
                "ties" => {
                    cfg.ties = match v {
                        "first" => Ties::First,
                        "random" => Ties::Random,
                        _ => return Err("first or random".into()),
                    }
                }
                "reuse" => {
                    cfg.reuse = match v {
                        "true" => true,
                        "false" => false,
                        _ => return Err("true or false".into()),
                    }
                }
                "merge" => {
                    cfg.merge = match v {
                        "true" => true,
                        "false" => false,
                        _ => return Err("true or false".into()),
                    }
                }
                _ => unreachable!(),
            }
            Ok(())
        })?;
        Ok(Mcts::new(cfg))
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.cfg
    }

    /// Iterations run so far by this agent (a determinism signature for tests and benches).
    pub fn iterations_done(&self) -> u64 {
        self.iterations_done
    }

    /// Keeps in `self.legal` the first action of each class given by `class` (in the
    /// list's order), and records the kept actions' classes in `self.classes`.
    fn merge_legal(&mut self, class: impl Fn(Action) -> u64) {
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

    fn clear(&mut self) {
        self.nodes.clear();
        self.edges.clear();
        self.chunk_next.clear();
        self.index.clear();
    }

    fn node_for(&mut self, key: u64) -> u32 {
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
    fn for_each_edge(&self, node: u32, mut f: impl FnMut(u32) -> bool) {
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

    fn find_edge(&self, node: u32, action: Action) -> u32 {
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

    fn add_edge(&mut self, node: u32, action: Action) -> u32 {
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
    fn select(&mut self, node: u32, hint: Option<Action>, rng: &mut Rng) -> (u32, bool) {
        let legal = &self.legal;
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
                let Some(i) = position(legal, edge.action) else {
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
    fn add_root_prior<S: Heuristic>(
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

    /// Whether the most visited of the root's legal actions leads the runner-up by more
    /// than `remaining` visits (actions never tried count as 0 visits).
    fn decided(&self, root: u32, root_legal: &ActionList, remaining: u32) -> bool {
        let (mut first, mut second) = (0u32, 0u32);
        for &a in root_legal {
            let e = self.find_edge(root, a);
            let v = if e == NIL {
                0
            } else {
                self.edges[e as usize].visits
            };
            if v > first {
                second = first;
                first = v;
            } else if v > second {
                second = v;
            }
        }
        first - second > remaining
    }

    /// Whether every other root action's mean return exceeds the most visited action's
    /// by less than `margin` at about 95% confidence (two standard errors of the
    /// difference of the means, each from its edge's sample variance). Every root action
    /// needs a few visits first.
    fn settled(&self, root: u32, root_legal: &ActionList, margin: f64) -> bool {
        const MIN_VISITS: u32 = 8;
        /// A floor on the variance, so that a few equal returns are not taken as certain.
        const MIN_VARIANCE: f64 = 1e-3;
        let stat = |e: u32| {
            let edge = &self.edges[e as usize];
            let n = f64::from(edge.visits);
            let mean = edge.total / n;
            (mean, (edge.squares / n - mean * mean).max(MIN_VARIANCE) / n)
        };
        let mut lead = NIL;
        for &a in root_legal {
            let e = self.find_edge(root, a);
            if e == NIL || self.edges[e as usize].visits < MIN_VISITS {
                return false;
            }
            if lead == NIL || self.edges[e as usize].visits > self.edges[lead as usize].visits {
                lead = e;
            }
        }
        let (m1, v1) = stat(lead);
        root_legal.iter().all(|&a| {
            let e = self.find_edge(root, a);
            let (m, v) = stat(e);
            e == lead || m - m1 + 2.0 * (v + v1).sqrt() < margin
        })
    }

    /// The search of [`Root::Paired`]: rounds of one iteration per remaining root action,
    /// all from one determinization with one random stream, and successive elimination
    /// on the paired differences. Returns the remaining action with the best mean return.
    fn search_paired<S: Heuristic>(
        &mut self,
        view: &PlayerView<'_, S>,
        root_key: u64,
        root_legal: &ActionList,
        rng: &mut Rng,
    ) -> Action {
        /// A floor on the variance of a paired difference, so that a few equal
        /// differences are not taken as certain.
        const MIN_VARIANCE: f64 = 1e-4;
        let seat = view.seat();
        let k = root_legal.len();
        let mut active: ArrayVec<usize, MAX_PAIRED> = (0..k).collect();
        // Sum of the returns of each action, and of the squared differences of each pair
        // (i < j) over the rounds both were in (every round so far, while both remain).
        let mut sum = [0f64; MAX_PAIRED];
        let mut sq = [[0f64; MAX_PAIRED]; MAX_PAIRED];
        let mut r = [0f64; MAX_PAIRED];
        let budget = self.budget(k);
        let (mut rounds, mut done) = (0u32, 0u32);
        while active.len() > 1
            && (done == 0 || done + active.len() as u32 <= budget)
            && !stop_requested()
        {
            let mut round = Rng::seed_from_u64(rng.next_u64());
            let det = self.determinization(view, &mut round);
            for &i in &active {
                let mut stream = round.clone();
                r[i] = self.iterate_from(
                    det.clone(),
                    seat,
                    root_key,
                    Some(root_legal[i]),
                    &mut stream,
                );
            }
            for (x, &i) in active.iter().enumerate() {
                sum[i] += r[i];
                for &j in &active[x + 1..] {
                    let d = r[i] - r[j];
                    sq[i.min(j)][i.max(j)] += d * d;
                }
            }
            rounds += 1;
            done += active.len() as u32;
            if rounds < MIN_ROUNDS || !rounds.is_multiple_of(CHECK_ROUNDS) || self.cfg.full_budget {
                continue;
            }
            // Drop every action whose advantage over the leader is below `margin` at 95%
            // confidence: the mean paired difference plus two standard errors.
            let n = f64::from(rounds);
            let lead = active
                .iter()
                .copied()
                .fold(active[0], |l, i| if sum[i] > sum[l] { i } else { l });
            active.retain(|&mut b| {
                if b == lead {
                    return true;
                }
                let d = (sum[b] - sum[lead]) / n;
                let var = (sq[b.min(lead)][b.max(lead)] / n - d * d).max(MIN_VARIANCE) / n;
                d + 2.0 * var.sqrt() >= self.cfg.margin
            });
        }
        let best = active
            .iter()
            .copied()
            .fold(active[0], |l, i| if sum[i] > sum[l] { i } else { l });
        if self.cfg.ties == Ties::Random {
            // Uniform among the remaining actions of the best sum.
            let tied = active.iter().filter(|&&i| sum[i] == sum[best]).count();
            if tied > 1 {
                let k = rng.gen_range(0..tied);
                let i = active
                    .iter()
                    .copied()
                    .filter(|&i| sum[i] == sum[best])
                    .nth(k);
                return root_legal[i.unwrap_or(best)];
            }
        }
        root_legal[best]
    }

    /// The iteration budget of a decision with `k` legal actions: `iterations`, capped
    /// at `per_action * k` when `per_action` is set.
    fn budget(&self, k: usize) -> u32 {
        match self.cfg.per_action {
            0 => self.cfg.iterations,
            p => self.cfg.iterations.min(p.saturating_mul(k as u32)),
        }
    }

    /// The search of [`Root::Halving`]: sequential halving over the root actions, each
    /// round's iterations in batches that share one determinization and one random
    /// stream. Returns the last survivor.
    fn search_halving<S: Heuristic>(
        &mut self,
        view: &PlayerView<'_, S>,
        root_key: u64,
        root_legal: &ActionList,
        rng: &mut Rng,
    ) -> Action {
        let seat = view.seat();
        let k = root_legal.len();
        // The surviving actions (indices into `root_legal`), and each action's sum of
        // returns: every survivor has been in every batch so far, so sums compare as
        // means, and on the same determinizations.
        let mut alive: ArrayVec<u16, MAX_ACTIONS> = (0..k as u16).collect();
        let mut sum = [0f64; MAX_ACTIONS];
        let budget = self.budget(k);
        let consider = considered(usize::from(self.cfg.consider), budget);
        if k > consider {
            // Only the best `consider` actions by the heuristic one action ahead enter.
            let det = self.determinization(view, rng);
            for (v, &a) in sum.iter_mut().zip(root_legal) {
                let mut next = det.clone();
                next.apply(a);
                *v = lookahead(&next, seat, 0);
            }
            alive.sort_unstable_by(|&a, &b| {
                sum[b as usize].total_cmp(&sum[a as usize]).then(a.cmp(&b))
            });
            alive.truncate(consider);
            sum = [0f64; MAX_ACTIONS];
        }
        let mut rounds_left = alive.len().next_power_of_two().trailing_zeros();
        let mut left = budget;
        while alive.len() > 1 {
            let m = alive.len() as u32;
            let batches = (left / (rounds_left * m)).max(1);
            for _ in 0..batches {
                if stop_requested() {
                    // Asked to stop: the game is discarded, any legal action will do.
                    return root_legal[alive[0] as usize];
                }
                let mut batch = Rng::seed_from_u64(rng.next_u64());
                let det = self.determinization(view, &mut batch);
                for &i in &alive {
                    let mut stream = batch.clone();
                    let a = root_legal[i as usize];
                    sum[i as usize] +=
                        self.iterate_from(det.clone(), seat, root_key, Some(a), &mut stream);
                }
            }
            left = left.saturating_sub(batches * m);
            rounds_left = rounds_left.saturating_sub(1).max(1);
            // The better half survives; ties by action order.
            alive.sort_unstable_by(|&a, &b| {
                sum[b as usize].total_cmp(&sum[a as usize]).then(a.cmp(&b))
            });
            alive.truncate(alive.len().div_ceil(2));
        }
        let best = root_legal[alive[0] as usize];
        // What the rounding left of the budget goes to the action played: its subtree is
        // the one kept for the next decision.
        for _ in 0..left {
            if stop_requested() {
                break;
            }
            let s = self.determinization(view, rng);
            self.iterate_from(s, seat, root_key, Some(best), rng);
        }
        best
    }

    fn advance_chance<S: Heuristic>(&mut self, s: &mut S, rng: &mut Rng) {
        while s.turn() == Turn::Chance {
            let a = s.sample_chance_outcome(rng);
            s.apply(a);
        }
    }

    /// Plays `s` on by the playout policy and scores it for every seat.
    /// `seat` is the searching seat; `other_decided`: another seat has decided since the
    /// root (for the `until=turn` cut).
    fn playout<S: Heuristic>(
        &mut self,
        s: &mut S,
        seat: Seat,
        mut other_decided: bool,
        rng: &mut Rng,
    ) -> [f64; MAX_SEATS] {
        let mut steps = 0u32;
        let turn_cut = self.cfg.until == Until::Turn;
        loop {
            if steps >= self.cfg.depth {
                break;
            }
            let a = match s.turn() {
                Turn::Terminal => return s.returns(),
                Turn::Chance => s.sample_chance_outcome(rng),
                Turn::Decision(who) => {
                    if turn_cut && who == seat && other_decided {
                        break;
                    }
                    other_decided |= who != seat;
                    s.legal_actions(&mut self.legal);
                    match self.cfg.playout {
                        Playout::Policy => match s.rollout_action(who, &self.legal, rng) {
                            Some(a) => a,
                            None => self.legal[rng.gen_range(0..self.legal.len())],
                        },
                        Playout::Random => self.legal[rng.gen_range(0..self.legal.len())],
                        Playout::Greedy => best_one_ply(s, who, &self.legal),
                    }
                }
            };
            s.apply(a);
            steps += 1;
        }
        let mut r = [0.0; MAX_SEATS];
        let (depth, eval) = (self.cfg.eval_depth, self.cfg.eval);
        // The cut's evaluation: greedy's lookahead ending in the configured `eval`.
        let lookahead = |s: &S, seat: Seat, _: u8| lookahead_with(s, seat, depth, eval);
        match (s.num_seats(), s.utility()) {
            // Two seats whose returns sum to a constant: evaluate the searching seat only.
            (2, Utility::ConstantSum(total)) => {
                r[seat as usize] = lookahead(s, seat, self.cfg.eval_depth);
                r[1 - seat as usize] = total - r[seat as usize];
            }
            (2, Utility::ZeroSum) => {
                r[seat as usize] = lookahead(s, seat, self.cfg.eval_depth);
                r[1 - seat as usize] = -r[seat as usize];
            }
            // More seats, or no relation: every seat's own evaluation (a max^n backup).
            _ => {
                for (k, v) in r.iter_mut().enumerate().take(s.num_seats()) {
                    *v = lookahead(s, k as Seat, self.cfg.eval_depth);
                }
            }
        }
        r
    }

    fn iterate<S: Heuristic>(&mut self, view: &PlayerView<'_, S>, root_key: u64, rng: &mut Rng) {
        let s = self.determinization(view, rng);
        self.iterate_from(s, view.seat(), root_key, None, rng);
    }

    /// A state of the searching seat's information set drawn from `view` with `rng`:
    /// every determinization of the search is drawn here.
    fn determinization<S: Heuristic>(&self, view: &PlayerView<'_, S>, rng: &mut Rng) -> S {
        view.determinize(rng)
    }

    /// Starts the statistics of a new search: the returns seen so far, and `c` as it is.
    fn start_search(&mut self) {
        self.returns = (0, 0.0, 0.0);
        self.c_now = self.cfg.c;
    }

    /// Records `r`, a return of the searching seat, and rescales the exploration constant
    /// to the standard deviation of the returns so far (`c_scale=std`).
    fn record_return(&mut self, r: f64) {
        let (n, sum, sq) = &mut self.returns;
        *n += 1;
        *sum += r;
        *sq += r * r;
        if self.cfg.c_scale == CScale::Std && *n >= 2 {
            let n = f64::from(*n);
            let mean = *sum / n;
            self.c_now = self.cfg.c * (*sq / n - mean * mean).max(0.0).sqrt();
        }
    }

    /// Visits of the tree node of `view`'s decision (its information set), summed over
    /// its edges: 0 when the tree has no such node. With `reuse`, a decision the previous
    /// searches reached starts with these statistics.
    pub fn visits_at<S: GameState>(&self, view: &PlayerView<'_, S>) -> u64 {
        let Some(&node) = self.index.get(&view.info_key().0) else {
            return 0;
        };
        let mut visits = 0;
        self.for_each_edge(node, |e| {
            visits += u64::from(self.edges[e as usize].visits);
            true
        });
        visits
    }

    /// The exploration constant in use in the current search (`c` times the spread of the
    /// returns so far with `c_scale=std`).
    pub fn exploration(&self) -> f64 {
        self.c_now
    }

    /// One iteration from the determinization `s` of the searching `seat`'s root, taking
    /// `forced` at the root (when given) instead of selecting there. Returns the return
    /// of `seat`.
    fn iterate_from<S: Heuristic>(
        &mut self,
        mut s: S,
        seat: Seat,
        root_key: u64,
        forced: Option<Action>,
        rng: &mut Rng,
    ) -> f64 {
        self.path.clear();
        let mut first = true;
        while let Turn::Decision(actor) = s.turn() {
            if s.symmetric_choice() {
                // A symmetric secret choice is made uniformly, like a chance node: no
                // node, so no later node can depend on a secret the other seat cannot see.
                s.legal_actions(&mut self.legal);
                let a = self.legal[rng.gen_range(0..self.legal.len())];
                s.apply(a);
                self.advance_chance(&mut s, rng);
                continue;
            }
            if let Some(a) = s.equilibrium_choice(rng) {
                // A secret choice with a known equilibrium (Helvetia's shot): drawn from
                // it, with no node, for the same reason.
                s.apply(a);
                self.advance_chance(&mut s, rng);
                continue;
            }
            // The node is an information set in which `actor` decides. `Searcher` (the
            // default): the searching seat's information set, so an opponent's node
            // gathers its choices over every determinization (SO-ISMCTS); `Own`: the
            // key the actor has in this determinization, which never depends on what it
            // cannot see, but is new in almost every determinization.
            let key = if first {
                root_key
            } else if actor == seat || self.cfg.opponent == OpponentNodes::Searcher {
                node_key(s.info_key(seat).0, actor, seat)
            } else {
                node_key(s.info_key(actor).0, actor, seat)
            };
            first = false;
            let node = self.node_for(key);
            let (edge, expanded) = match forced.filter(|_| self.path.is_empty()) {
                Some(a) => {
                    let mut e = self.find_edge(node, a);
                    let new = e == NIL;
                    if new {
                        e = self.add_edge(node, a);
                    }
                    self.edges[e as usize].avail += 1;
                    (e, new)
                }
                None => {
                    s.legal_actions(&mut self.legal);
                    let mut hint = match self.cfg.playout {
                        Playout::Policy => s.rollout_action(actor, &self.legal, rng),
                        _ => None,
                    };
                    let classes = if self.merge_now {
                        s.action_classes(actor)
                    } else {
                        None
                    };
                    if let Some(class) = classes {
                        self.merge_legal(&class);
                        // The policy's choice stands for its class.
                        hint = hint.map(|h| {
                            let k = class(h);
                            let i = self.classes.iter().position(|&c| c == k);
                            i.map_or(h, |i| self.legal[i])
                        });
                    }
                    self.select(node, hint, rng)
                }
            };
            self.path.push((edge, actor));
            s.apply(self.edges[edge as usize].action);
            self.advance_chance(&mut s, rng);
            if expanded {
                break;
            }
        }
        let r = if s.turn() == Turn::Terminal {
            s.returns()
        } else {
            let other = self.path.iter().any(|&(_, actor)| actor != seat);
            self.playout(&mut s, seat, other, rng)
        };
        for &(edge, actor) in &self.path {
            let e = &mut self.edges[edge as usize];
            e.visits += 1;
            e.total += r[actor as usize];
            e.squares += r[actor as usize] * r[actor as usize];
        }
        self.iterations_done += 1;
        self.record_return(r[seat as usize]);
        r[seat as usize]
    }
}

/// Iterations each action considered by [`Root::Halving`] should get in each round at
/// least: fewer actions are considered when the budget is small.
const MIN_PER_ROUND: usize = 4;

/// How many root actions [`Root::Halving`] considers with `budget` iterations: at most
/// `consider`, and at most as many as can each get [`MIN_PER_ROUND`] iterations in every
/// one of their `ceil(log2 m)` rounds (at least 2). A small budget then trusts the
/// heuristic's ranking more than a single noisy sample of each action.
fn considered(consider: usize, budget: u32) -> usize {
    let mut m = consider.max(2);
    while m > 2
        && m * (m.next_power_of_two().trailing_zeros() as usize) * MIN_PER_ROUND > budget as usize
    {
        m -= 1;
    }
    m
}

/// The tree key of a decision by `actor` with information key `key`, searched by `seat`.
#[inline]
fn node_key(key: u64, actor: Seat, seat: Seat) -> u64 {
    if actor == seat {
        key
    } else {
        key ^ (0x9E37_79B9_7F4A_7C15u64.wrapping_mul(u64::from(actor) + 1))
    }
}

/// The legal action whose successor the heuristic rates best for `who` (first on ties).
fn best_one_ply<S: Heuristic>(s: &S, who: Seat, legal: &ActionList) -> Action {
    let mut best = legal[0];
    let mut best_v = f64::NEG_INFINITY;
    for &a in legal {
        let mut next = s.clone();
        next.apply(a);
        let v = lookahead(&next, who, 0);
        if v > best_v {
            best_v = v;
            best = a;
        }
    }
    best
}

impl<S: Heuristic> Agent<S> for Mcts {
    fn name(&self) -> &str {
        "mcts"
    }

    fn new_game(&mut self) {
        self.clear();
        self.last_root = None;
    }

    /// The visit count of every edge of the last search's root (virtual visits of
    /// `prior` included; one representative per class of exchangeable actions when
    /// `merge` is on), in the tree's order. `false`, `out` empty: the last decision did
    /// not search (one legal action, a symmetric or equilibrium choice).
    fn last_policy(&self, out: &mut Vec<(Action, f32)>) -> bool {
        out.clear();
        let Some(node) = self.last_root.and_then(|k| self.index.get(&k).copied()) else {
            return false;
        };
        self.for_each_edge(node, |e| {
            let edge = &self.edges[e as usize];
            out.push((edge.action, edge.visits as f32));
            true
        });
        true
    }

    fn time_budget(&self) -> Option<Duration> {
        (self.cfg.time_ms > 0).then(|| Duration::from_millis(u64::from(self.cfg.time_ms)))
    }

    fn act(&mut self, view: &PlayerView<'_, S>, rng: &mut Rng) -> Action {
        self.last_root = None;
        view.legal_actions(&mut self.legal);
        // The oracle sees the faces behind the classes: it never merges.
        let classes = if self.cfg.merge && !view.is_omniscient() {
            view.action_classes()
        } else {
            None
        };
        self.merge_now = classes.is_some();
        if let Some(class) = classes {
            self.merge_legal(class);
        }
        if self.legal.len() == 1 {
            return self.legal[0];
        }
        if view.symmetric_choice() {
            // The uniform choice is the equilibrium: nothing for search to find.
            return self.legal[rng.gen_range(0..self.legal.len())];
        }
        if let Some(a) = view.equilibrium_choice(rng) {
            // The equilibrium of a secret game the rules fix: no search can improve on it
            // against every reply.
            return a;
        }
        let root_legal = self.legal.clone();
        if !self.cfg.reuse || self.nodes.len() > MAX_NODES {
            self.clear();
        }
        self.start_search();
        let root_key = view.info_key().0;
        self.last_root = Some(root_key);
        if self.cfg.prior > 0 {
            self.add_root_prior(view, root_key, &root_legal, rng);
        }
        let by_rounds = self.cfg.time_ms == 0 && self.cfg.prior == 0;
        match self.cfg.root {
            Root::Halving if by_rounds && root_legal.len() <= MAX_PAIRED => {
                return self.search_halving(view, root_key, &root_legal, rng);
            }
            Root::Paired if by_rounds && root_legal.len() <= MAX_PAIRED => {
                return self.search_paired(view, root_key, &root_legal, rng);
            }
            _ => {}
        }
        if self.cfg.time_ms > 0 {
            let deadline = Instant::now() + Duration::from_millis(u64::from(self.cfg.time_ms));
            let mut i = 0u32;
            while !i.is_multiple_of(16) || (Instant::now() < deadline && !stop_requested()) {
                self.iterate(view, root_key, rng);
                i = i.wrapping_add(1);
            }
        } else {
            let budget = self.budget(root_legal.len());
            let root = self.node_for(root_key);
            for done in 0..budget {
                if done % CHECK_EVERY == 0 && stop_requested() {
                    // Asked to stop: the game is discarded, any legal action will do.
                    break;
                }
                // Stop once no other root action can catch up with the most visited one
                // in the iterations left (the choice cannot change any more), or once the
                // choice is settled within `margin`. Checked every few iterations: a
                // check costs less than one iteration.
                if done % CHECK_EVERY == 0
                    && done > 0
                    && !self.cfg.full_budget
                    && (self.decided(root, &root_legal, budget - done)
                        || (self.cfg.margin > 0.0
                            && self.settled(root, &root_legal, self.cfg.margin)))
                {
                    break;
                }
                self.iterate(view, root_key, rng);
            }
        }
        // The most visited root action; ties by mean return, then by action order.
        let root = self.node_for(root_key);
        let mut best = root_legal[0];
        let mut best_key = (0u32, f64::NEG_INFINITY);
        for &a in &root_legal {
            let e = self.find_edge(root, a);
            if e == NIL {
                continue;
            }
            let edge = self.edges[e as usize];
            let mean = if edge.visits > 0 {
                edge.total / f64::from(edge.visits)
            } else {
                f64::NEG_INFINITY
            };
            if (edge.visits, mean) > best_key {
                best_key = (edge.visits, mean);
                best = a;
            }
        }
        if self.cfg.ties == Ties::Random {
            // Uniform among the actions of as many visits and the same mean.
            let same = |a: &Action| {
                let e = self.find_edge(root, *a);
                e != NIL && {
                    let edge = self.edges[e as usize];
                    edge.visits > 0
                        && (edge.visits, edge.total / f64::from(edge.visits)) == best_key
                }
            };
            let tied = root_legal.iter().filter(|a| same(a)).count();
            if tied > 1 {
                let k = rng.gen_range(0..tied);
                if let Some(&a) = root_legal.iter().filter(|a| same(a)).nth(k) {
                    return a;
                }
            }
        }
        best
    }
}
