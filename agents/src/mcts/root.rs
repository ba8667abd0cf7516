//! The root strategies: the paired root (`root=paired`, the default), sequential
//! halving (`root=halving`) and their budgets and stopping rules.

use crate::greedy::lookahead;
use crate::stop_requested;
use arrayvec::ArrayVec;
use engine_core::{Action, ActionList, GameState, Heuristic, PlayerView, Rng, MAX_ACTIONS};
use rand::{Rng as _, RngCore, SeedableRng};

use super::config::*;
use super::tree::*;

impl Mcts {
    /// Whether the most visited of the root's legal actions leads the runner-up by more
    /// than `remaining` visits (actions never tried count as 0 visits).
    pub(super) fn decided(&self, root: u32, root_legal: &ActionList, remaining: u32) -> bool {
        let (mut first, mut second) = (0u32, 0u32);
        for e in self.edges_of(root, root_legal) {
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
    pub(super) fn settled(&self, root: u32, root_legal: &ActionList, margin: f64) -> bool {
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
        let edges = self.edges_of(root, root_legal);
        for &e in &edges {
            if e == NIL || self.edges[e as usize].visits < MIN_VISITS {
                return false;
            }
            if lead == NIL || self.edges[e as usize].visits > self.edges[lead as usize].visits {
                lead = e;
            }
        }
        let (m1, v1) = stat(lead);
        edges.iter().all(|&e| {
            let (m, v) = stat(e);
            e == lead || m - m1 + 2.0 * (v + v1).sqrt() < margin
        })
    }

    /// The search of [`Root::Paired`]: rounds of one iteration per remaining root action,
    /// all from one determinization with one random stream, and successive elimination
    /// on the paired differences (each shifted by the actions' policy bonuses,
    /// [`Mcts::policy_bonus`]). Returns the remaining action with the best mean return plus
    /// bonus.
    pub(super) fn search_paired<S: Heuristic>(
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
        // Each action's progress after it (`GameState::progress`, on the first round's
        // determinization): equal sums go to the action that moves the game on.
        let mut progress = [0u32; MAX_PAIRED];
        // Each action's policy bonus, `policy * log π(a)` over the legal actions (all 0
        // without a network): added to the mean returns wherever actions are compared.
        let bonus = self.policy_bonus(view, root_legal);
        let budget = self.budget(k);
        let margin = self.margin(budget);
        let (mut rounds, mut done) = (0u32, 0u32);
        while active.len() > 1
            && (done == 0 || done + active.len() as u32 <= budget)
            && !stop_requested()
        {
            let mut round = Rng::seed_from_u64(rng.next_u64());
            let det = self.determinization(view, &mut round);
            if rounds == 0 {
                progress = progress_after(&det, root_legal);
            }
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
            let score = scores(&sum, &bonus, n);
            let lead = leader(&active, &score, &progress);
            active.retain(|&mut b| {
                if b == lead {
                    return true;
                }
                let d = (sum[b] - sum[lead]) / n + bonus[b] - bonus[lead];
                let var = (sq[b.min(lead)][b.max(lead)] / n - d * d).max(MIN_VARIANCE) / n;
                d + 2.0 * var.sqrt() >= margin
            });
        }
        let score = scores(&sum, &bonus, f64::from(rounds.max(1)));
        let best = leader(&active, &score, &progress);
        if self.cfg.ties == Ties::Random {
            // Uniform among the remaining actions of the best score and progress.
            let same = |i: usize| score[i] == score[best] && progress[i] == progress[best];
            let tied = active.iter().filter(|&&i| same(i)).count();
            if tied > 1 {
                let k = rng.gen_range(0..tied);
                let i = active.iter().copied().filter(|&i| same(i)).nth(k);
                return root_legal[i.unwrap_or(best)];
            }
        }
        root_legal[best]
    }

    /// `policy * log π(a)` for each root action `a`, π the softmax of the game's policy
    /// network's logits over `root_legal` from the searching seat's observation
    /// ([`engine_core::Heuristic::policy_net`]); all 0 when `policy` is 0, the game has no
    /// network, or the network does not fit the game's observation or action codes. The
    /// observation is the view's, so the bonus reads only what the seat may see.
    pub(super) fn policy_bonus<S: Heuristic>(
        &mut self,
        view: &PlayerView<'_, S>,
        root_legal: &ActionList,
    ) -> [f64; MAX_PAIRED] {
        let mut bonus = [0f64; MAX_PAIRED];
        if self.cfg.policy == 0.0 {
            return bonus;
        }
        let Some(net) = S::policy_net() else {
            return bonus;
        };
        let fits = net.inputs() == view.observation_size()
            && root_legal.iter().all(|&a| usize::from(a.0) < net.outputs());
        if !fits {
            return bonus;
        }
        // The buffers are MAX_POLICY_WIDTH long (Mcts::new), as wide as a network gets.
        // The logits of the legal actions only (`logits[k]` that of `root_legal[k]`).
        let (obs, logits) = (
            &mut self.obs[..net.inputs()],
            &mut self.logits[..root_legal.len()],
        );
        view.observation_tensor(obs);
        net.logits_of(obs, root_legal.iter().map(|a| usize::from(a.0)), logits);
        let z = || {
            self.logits[..root_legal.len()]
                .iter()
                .map(|&l| f64::from(l))
        };
        let top = z().fold(f64::NEG_INFINITY, f64::max);
        let log_sum = z().map(|l| (l - top).exp()).sum::<f64>().ln();
        for (b, l) in bonus.iter_mut().zip(z()) {
            *b = self.cfg.policy * (l - top - log_sum);
        }
        bonus
    }

    /// The `margin` a decision of iteration budget `budget` ([`Mcts::budget`]) applies
    /// ([`MctsConfig::margin`](super::MctsConfig)): as given up to
    /// [`MARGIN_ITERATIONS`], and in proportion smaller above,
    /// `margin · MARGIN_ITERATIONS / budget`, so that a larger budget resolves closer
    /// choices instead of stopping where the default stops. (A search by time has no
    /// budget and no `margin` stop.)
    pub(super) fn margin(&self, budget: u32) -> f64 {
        if budget <= MARGIN_ITERATIONS {
            self.cfg.margin
        } else {
            self.cfg.margin * f64::from(MARGIN_ITERATIONS) / f64::from(budget)
        }
    }

    /// The iteration budget of a decision with `k` legal actions: `iterations`, capped
    /// at `per_action * k` when `per_action` is set.
    pub(super) fn budget(&self, k: usize) -> u32 {
        match self.cfg.per_action {
            0 => self.cfg.iterations,
            p => self.cfg.iterations.min(p.saturating_mul(k as u32)),
        }
    }

    /// The search of [`Root::Halving`]: sequential halving over the root actions, each
    /// round's iterations in batches that share one determinization and one random
    /// stream. Returns the last survivor.
    pub(super) fn search_halving<S: Heuristic>(
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
        let mut score = [0f64; MAX_ACTIONS];
        let budget = self.budget(k);
        let consider = considered(usize::from(self.cfg.consider), budget);
        // Each action's policy bonus (all 0 without a network): added to the mean returns
        // when survivors are ranked, and the ranking of the actions that enter.
        let bonus = self.policy_bonus(view, root_legal);
        let with_policy = bonus.iter().any(|&b| b != 0.0);
        if k > consider {
            // Only the best `consider` actions enter: by the policy network where there
            // is one (as Gumbel MCTS takes its top actions by the prior), else by the
            // heuristic one action ahead.
            if with_policy {
                sum[..k].copy_from_slice(&bonus[..k]);
            } else {
                let det = self.determinization(view, rng);
                for (v, &a) in sum.iter_mut().zip(root_legal) {
                    let mut next = det.clone();
                    next.apply(a);
                    *v = lookahead(&next, seat, 0);
                }
            }
            alive.sort_unstable_by(|&a, &b| {
                sum[b as usize].total_cmp(&sum[a as usize]).then(a.cmp(&b))
            });
            alive.truncate(consider);
            sum = [0f64; MAX_ACTIONS];
        }
        // Each action's progress after it, on the first batch's determinization: equal
        // sums go to the action that moves the game on (`GameState::progress`).
        let mut progress: Option<[u32; MAX_ACTIONS]> = None;
        let mut rounds_left = alive.len().next_power_of_two().trailing_zeros();
        let mut left = budget;
        // Iterations each survivor has had: every survivor has had the same.
        let mut per = 0u32;
        while alive.len() > 1 {
            let m = alive.len() as u32;
            let batches = (left / (rounds_left * m)).max(1);
            per += batches;
            for _ in 0..batches {
                if stop_requested() {
                    // Asked to stop: the game is discarded, any legal action will do.
                    return root_legal[alive[0] as usize];
                }
                let mut batch = Rng::seed_from_u64(rng.next_u64());
                let det = self.determinization(view, &mut batch);
                if progress.is_none() {
                    progress = Some(progress_after(&det, root_legal));
                }
                for &i in &alive {
                    let mut stream = batch.clone();
                    let a = root_legal[i as usize];
                    sum[i as usize] +=
                        self.iterate_from(det.clone(), seat, root_key, Some(a), &mut stream);
                }
            }
            left = left.saturating_sub(batches * m);
            rounds_left = rounds_left.saturating_sub(1).max(1);
            // The better half survives; ties by progress, then by action order.
            let after = progress.unwrap_or([0; MAX_ACTIONS]);
            if with_policy {
                for &i in &alive {
                    let i = usize::from(i);
                    score[i] = sum[i] / f64::from(per) + bonus[i];
                }
            } else {
                score = sum;
            }
            alive.sort_unstable_by(|&a, &b| {
                let (a_, b_) = (a as usize, b as usize);
                score[b_]
                    .total_cmp(&score[a_])
                    .then(after[b_].cmp(&after[a_]))
                    .then(a.cmp(&b))
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
}

/// The progress of the game ([`GameState::progress`]) after each of `legal` applied to
/// `state`, indexed like `legal` (zeros past its end).
pub(super) fn progress_after<S: GameState, const N: usize>(
    state: &S,
    legal: &ActionList,
) -> [u32; N] {
    let mut after = [0u32; N];
    for (p, &a) in after.iter_mut().zip(legal) {
        let mut next = state.clone();
        next.apply(a);
        *p = next.progress();
    }
    after
}

/// Of the actions `active` (indices), the one of the largest score (the sum of returns,
/// or with a policy prior the mean return plus the bonus: [`scores`]); among equal scores
/// the one of the most `progress` after it, then the first.
fn leader(active: &[usize], sum: &[f64], progress: &[u32]) -> usize {
    active.iter().copied().fold(active[0], |l, i| {
        if sum[i] > sum[l] || (sum[i] == sum[l] && progress[i] > progress[l]) {
            i
        } else {
            l
        }
    })
}

/// The mean return of each action over `n` rounds plus its policy bonus (the sums
/// themselves when every bonus is 0, so that play without a network is bit for bit what
/// it was).
fn scores(sum: &[f64; MAX_PAIRED], bonus: &[f64; MAX_PAIRED], n: f64) -> [f64; MAX_PAIRED] {
    if bonus.iter().all(|&b| b == 0.0) {
        return *sum;
    }
    std::array::from_fn(|i| sum[i] / n + bonus[i])
}

/// Iterations each action considered by [`Root::Halving`] should get in each round at
/// least: fewer actions are considered when the budget is small.
pub(super) const MIN_PER_ROUND: usize = 4;

/// How many root actions [`Root::Halving`] considers with `budget` iterations: at most
/// `consider`, and at most as many as can each get [`MIN_PER_ROUND`] iterations in every
/// one of their `ceil(log2 m)` rounds (at least 2). A small budget then trusts the
/// heuristic's ranking more than a single noisy sample of each action.
pub(super) fn considered(consider: usize, budget: u32) -> usize {
    let mut m = consider.max(2);
    while m > 2
        && m * (m.next_power_of_two().trailing_zeros() as usize) * MIN_PER_ROUND > budget as usize
    {
        m -= 1;
    }
    m
}

#[cfg(test)]
mod margin_tests {
    use super::super::{Mcts, MctsConfig};

    #[test]
    fn a_budget_above_500_applies_the_margin_in_proportion_smaller() {
        let margin = |iterations, per_action, legal| {
            let mcts = Mcts::new(MctsConfig {
                iterations,
                per_action,
                margin: 0.02,
                ..MctsConfig::default()
            });
            mcts.margin(mcts.budget(legal))
        };
        assert_eq!(margin(4, 0, 3), 0.02);
        assert_eq!(margin(500, 0, 3), 0.02);
        assert_eq!(margin(2000, 0, 3), 0.005);
        assert_eq!(margin(501, 0, 3), 0.02 * 500.0 / 501.0);
        // The decision's budget counts: `per_action` may cap it below `iterations`.
        assert_eq!(margin(2000, 100, 3), 0.02);
        assert_eq!(margin(2000, 100, 10), 0.02 * 500.0 / 1000.0);
    }
}
