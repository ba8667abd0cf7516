//! One iteration: a determinization, the walk down the tree, the playout (random or
//! greedy, cut at a depth where the heuristic scores the state) and the backup.

use crate::greedy::{lookahead, lookahead_with};
use engine_core::{
    logistic, Action, ActionList, GameState, Heuristic, PlayerView, Rng, Seat, Turn, Utility,
    MAX_SEATS,
};
use rand::Rng as _;

use super::config::*;
use super::tree::*;

impl Mcts {
    pub(super) fn advance_chance<S: Heuristic>(&mut self, s: &mut S, rng: &mut Rng) {
        while s.turn() == Turn::Chance {
            let a = s.sample_chance_outcome(rng);
            s.apply(a);
        }
    }

    /// [`Mcts::advance_chance`] for a state whose information keys are read no more (the
    /// same outcomes from `rng`; [`engine_core::ApplyAction::apply_untracked`]).
    fn advance_chance_untracked<S: Heuristic>(&mut self, s: &mut S, rng: &mut Rng) {
        while s.turn() == Turn::Chance {
            let a = s.sample_chance_outcome(rng);
            s.apply_untracked(a);
        }
    }

    /// Plays `s` on by the playout policy and scores it for every seat.
    /// `seat` is the searching seat; `other_decided`: another seat has decided since the
    /// root (for the `until=turn` cut).
    pub(super) fn playout<S: Heuristic>(
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
                    if self.cfg.playout == Playout::Policy {
                        // Forced, the policy's or uniform (the game may choose unlisted).
                        s.playout_action(who, &mut self.legal, rng)
                    } else {
                        s.legal_actions(&mut self.legal);
                        if self.legal.len() == 1 {
                            // Forced: nothing drawn.
                            self.legal[0]
                        } else if self.cfg.playout == Playout::Random {
                            self.legal[rng.gen_range(0..self.legal.len())]
                        } else {
                            best_one_ply(s, who, &self.legal)
                        }
                    }
                }
            };
            // Nothing reads the information keys of a playout's positions.
            s.apply_untracked(a);
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

    pub(super) fn iterate<S: Heuristic>(
        &mut self,
        view: &PlayerView<'_, S>,
        root_key: u64,
        rng: &mut Rng,
    ) {
        let s = self.determinization(view, rng);
        self.iterate_from(s, view.seat(), root_key, None, rng);
    }

    /// A state of the searching seat's information set drawn from `view` with `rng`:
    /// every determinization of the search is drawn here.
    pub(super) fn determinization<S: Heuristic>(
        &self,
        view: &PlayerView<'_, S>,
        rng: &mut Rng,
    ) -> S {
        view.determinize(rng)
    }

    /// Starts the statistics of a new search: the returns seen so far, and `c` as it is.
    pub(super) fn start_search(&mut self) {
        self.returns = (0, 0.0, 0.0);
        self.c_now = self.cfg.c;
    }

    /// Records `r`, a return of the searching seat, and rescales the exploration constant
    /// to the standard deviation of the returns so far (`c_scale=std`).
    pub(super) fn record_return(&mut self, r: f64) {
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
    pub(super) fn iterate_from<S: Heuristic>(
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
            let at_root = forced.is_some() && self.path.is_empty();
            if !at_root {
                s.legal_actions(&mut self.legal);
                if self.legal.len() == 1 {
                    // A forced decision (below the root: `act` returns at a forced
                    // root): no node, since there is nothing to choose.
                    s.apply(self.legal[0]);
                    self.advance_chance(&mut s, rng);
                    continue;
                }
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
            let (edge, expanded) = match forced.filter(|_| at_root) {
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
            let action = self.edges[edge as usize].action;
            if expanded {
                // The walk ends at the new edge: the playout and the cut's evaluation
                // after it read no information key.
                s.apply_untracked(action);
                self.advance_chance_untracked(&mut s, rng);
                break;
            }
            s.apply(action);
            self.advance_chance(&mut s, rng);
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

/// Log-odds this much below the best candidate's give a logistic no larger than its,
/// whatever the last-bit error of the platform's `exp`: the two exponentials are then
/// about 1e-12 apart relatively, thousands of units in the last place (and where the
/// log-odds are too large for the gap to show, beyond ±4096, both logistics are exactly 0
/// or exactly 1).
const LOGIT_GAP: f64 = 1e-12;

/// The legal action whose successor the heuristic rates best for `who` (first on ties).
///
/// Where the game gives the heuristic's log-odds ([`Heuristic::heuristic_logit`]), a
/// candidate whose log-odds equal the best's has its value (so it does not replace it),
/// and one whose log-odds are more than [`LOGIT_GAP`] below has a smaller or equal value:
/// neither is scored. The others are scored as before, so the choice is the one of
/// scoring every candidate.
pub(super) fn best_one_ply<S: Heuristic>(s: &S, who: Seat, legal: &ActionList) -> Action {
    let mut best = legal[0];
    let mut best_v = f64::NEG_INFINITY;
    // The log-odds of `best_v`, when it is a logistic.
    let mut best_z = None;
    for &a in legal {
        let mut next = s.clone();
        next.apply_untracked(a);
        let z = next.heuristic_logit(who);
        if let (Some(z), Some(bz)) = (z, best_z) {
            if z == bz || z < bz - LOGIT_GAP {
                continue;
            }
        }
        let v = match z {
            Some(z) => logistic(z),
            None => lookahead(&next, who, 0),
        };
        if v > best_v {
            best_v = v;
            best = a;
            best_z = z;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::{Game, LegalActions};

    /// [`best_one_ply`] as it was before it skipped candidates: every one scored.
    fn best_by_scoring_all<S: Heuristic>(s: &S, who: Seat, legal: &ActionList) -> Action {
        let mut best = legal[0];
        let mut best_v = f64::NEG_INFINITY;
        for &a in legal {
            let mut next = s.clone();
            next.apply_untracked(a);
            let v = lookahead(&next, who, 0);
            if v > best_v {
                best_v = v;
                best = a;
            }
        }
        best
    }

    /// The one-ply choice that skips candidates by their log-odds is the choice of scoring
    /// them all, at Helvetia decisions (whose heuristic gives its log-odds) along random
    /// games, and at GRANGOL's (whose heuristic gives none).
    fn same_choices<G: Game>(game: &G, games: u64) -> usize
    where
        G::State: Heuristic,
    {
        let mut checked = 0;
        let mut legal = ActionList::new();
        for g in 0..games {
            let Some((s, _, _)) = engine::core::testing::random_decision(game, 7, g, 0..400) else {
                continue;
            };
            let Turn::Decision(who) = s.turn() else {
                continue;
            };
            s.legal_actions(&mut legal);
            assert_eq!(
                best_one_ply(&s, who, &legal),
                best_by_scoring_all(&s, who, &legal),
                "game {g}"
            );
            checked += 1;
        }
        checked
    }

    #[test]
    fn the_one_ply_choice_skips_only_candidates_that_cannot_win() {
        assert!(same_choices(&engine::helvetia::Helvetia::default_rules(), 300) > 200);
        assert!(same_choices(&engine::grangol::Grangol::default_rules(), 50) > 30);
    }
}
