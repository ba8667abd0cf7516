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
//! ([`engine_core::GameState::symmetric_choice`]: a shot's direction, the goalkeeper's
//! dive) are made uniformly at random, at the root and in the tree, where they get no node:
//! so no node depends on a secret the other seat cannot see, which is the problem of
//! partially observable moves that SO-ISMCTS otherwise has. Secret choices whose
//! equilibrium the game fixes ([`engine_core::GameState::equilibrium_choice`]: Helvetia
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

use crate::spec::AgentSpec;
use crate::stop_requested;
use crate::AgentError;
use arrayvec::ArrayVec;
use engine_core::{
    Action, ActionList, Agent, Heuristic, PlayerView, Rng, SearchStat, MAX_POLICY_WIDTH,
};
use rand::Rng as _;
use std::collections::HashMap;
use std::time::{Duration, Instant};

mod config;
mod playout;
mod root;
mod tree;

pub use config::*;
pub use tree::Mcts;
use tree::*;

impl Mcts {
    /// An agent with settings `cfg`.
    pub fn new(cfg: MctsConfig) -> Self {
        let reserve = (cfg.iterations as usize * 2).clamp(1024, 1 << 20);
        // The policy prior's buffers at the widest a network gets, so that no search
        // allocates them (none without the prior).
        let width = if cfg.policy > 0.0 {
            MAX_POLICY_WIDTH
        } else {
            0
        };
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
            obs: vec![0.0; width],
            logits: vec![0.0; width],
        }
    }

    /// Builds from a parsed spec. Errors: [`AgentError`] naming a bad parameter.
    pub fn from_spec(spec: &AgentSpec) -> Result<Self, AgentError> {
        Ok(Mcts::new(MctsConfig::from_spec_params(spec)?))
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.cfg
    }

    /// Iterations run so far by this agent (a determinism signature for tests and benches).
    pub fn iterations_done(&self) -> u64 {
        self.iterations_done
    }
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

    fn last_search(&self, out: &mut Vec<SearchStat>) -> bool {
        out.clear();
        let Some(node) = self.last_root.and_then(|k| self.index.get(&k).copied()) else {
            return false;
        };
        self.for_each_edge(node, |e| {
            let edge = &self.edges[e as usize];
            out.push(SearchStat {
                action: edge.action,
                visits: edge.visits,
                total: edge.total,
                squares: edge.squares,
            });
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
                            && self.settled(root, &root_legal, self.margin(budget))))
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
        // Where other visited actions have exactly the same mean (a decided game: every
        // playout ends alike), the one after which the game has made the most progress
        // (`GameState::progress`, on a determinization drawn from a copy of the stream, so
        // the choice elsewhere is untouched); the most visited among equals.
        let same_mean = |a: &Action| {
            let e = self.find_edge(root, *a);
            e != NIL && {
                let edge = self.edges[e as usize];
                edge.visits > 0 && edge.total / f64::from(edge.visits) == best_key.1
            }
        };
        if root_legal.iter().filter(|a| same_mean(a)).count() > 1 {
            let state = view.determinize(&mut rng.clone());
            let after: [u32; engine_core::MAX_ACTIONS] = root::progress_after(&state, &root_legal);
            let at = |a: Action| {
                root_legal
                    .iter()
                    .position(|&b| b == a)
                    .map_or(0, |i| after[i])
            };
            let most = at(best);
            let further = root_legal
                .iter()
                .copied()
                .filter(|a| same_mean(a) && at(*a) > most)
                .max_by_key(|&a| at(a));
            if let Some(a) = further {
                return a;
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
