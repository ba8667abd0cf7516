//! The N-Tuple Bandit Evolutionary Algorithm (NTBEA) of Lucas, Liu & Perez-Liebana (2018,
//! "The N-Tuple Bandit Evolutionary Algorithm for Game Agent Optimisation", IEEE CEC), the
//! method the Tabletop Games framework uses to tune parameters when every evaluation is
//! noisy and expensive. `sim tune` searches rule sets with it.
//!
//! The search space is a grid: dimension `d` has `sizes[d]` values, a point picks one of
//! each. The algorithm keeps
//! - an **N-tuple landscape model**: for every tuple of dimensions (each single dimension,
//!   optionally every pair, and the full tuple of all dimensions) a table from the tuple's
//!   values to the count and sum of the fitness of every evaluation whose point had them.
//!   The model's estimate of a point is the mean, over the tuples that have data for it,
//!   of those tables' mean fitness;
//! - a **current point**, evaluated once per iteration. Then `neighbours` mutations of it
//!   are scored by an upper confidence bound, the estimate plus
//!   `k · range · sqrt(ln(N + 1) / (n + ε))` averaged over all tuples (`N` evaluations in
//!   all, `n` of them with the tuple's values; a tuple never seen gets the largest bonus),
//!   and the best becomes the current point.
//!
//! One deviation from the paper, documented: the exploration bonus is multiplied by the
//! range of the fitness values seen so far (`range`), so that `k` means the same whatever
//! the units of the fitness (a weighted squared loss here, a win rate in the paper).
//!
//! Every random choice comes from the `Rng` passed in, and all tables are ordered
//! (`BTreeMap`), so a search is reproducible from its seed.

use engine_core::Rng;
use rand::Rng as _;
use std::collections::BTreeMap;

/// Parameters of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NtbeaParams {
    /// The exploration constant `k` of the UCB bonus (times the fitness range seen).
    /// Default 0.1: on the noisy separable landscape of this module's tests (4 dimensions
    /// of 8 values, 300 evaluations), k from 0.05 to 0.2 ended at or next to the optimum
    /// in 15 to 18 of 20 runs, k = 0.5 in 10, k = 1 in 3 (too much exploration for 300
    /// evaluations).
    pub k_explore: f64,
    /// `ε` in the bonus, so that unseen tuple values get a large finite bonus. Default 0.5.
    pub epsilon: f64,
    /// Mutated neighbours scored by the model per iteration. Default 50 (the paper uses 50
    /// or 100).
    pub neighbours: usize,
    /// The chance each dimension mutates when making a neighbour; at least one always
    /// does. Default 0.3.
    pub mutation_probability: f64,
    /// Whether the model also keeps every pair of dimensions (TAG's option; the paper uses
    /// single dimensions and the full tuple). Default true (see `k_explore`).
    pub use_pairs: bool,
}

impl Default for NtbeaParams {
    fn default() -> Self {
        NtbeaParams {
            k_explore: 0.1,
            epsilon: 0.5,
            neighbours: 50,
            mutation_probability: 0.3,
            use_pairs: true,
        }
    }
}

/// Count and sum of the fitness seen for one tuple value.
#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    n: u64,
    sum: f64,
}

/// One iteration of the search.
#[derive(Clone, Debug, PartialEq)]
pub struct NtbeaStep {
    /// The point evaluated.
    pub point: Vec<usize>,
    /// Its measured (noisy) fitness.
    pub fitness: f64,
    /// The model's estimate of the point after adding the evaluation.
    pub estimate: f64,
    /// The model's best evaluated point so far.
    pub best: Vec<usize>,
    /// Its estimate.
    pub best_estimate: f64,
}

/// The search state: the landscape model and the current point.
#[derive(Clone, Debug)]
pub struct Ntbea {
    sizes: Vec<usize>,
    params: NtbeaParams,
    /// The tuples of dimensions the model keeps.
    tuples: Vec<Vec<usize>>,
    /// For each tuple, its table from values to fitness statistics.
    tables: Vec<BTreeMap<Vec<usize>, Cell>>,
    /// Every point evaluated (distinct, in the order first seen).
    seen: Vec<Vec<usize>>,
    evaluations: u64,
    fitness_sum: f64,
    min_fitness: f64,
    max_fitness: f64,
    current: Vec<usize>,
}

impl Ntbea {
    /// A search over dimensions of `sizes[d]` values (each at least 1), starting at
    /// `start` (clamped to the grid) or at a random point. Panics if a size is 0.
    pub fn new(
        sizes: Vec<usize>,
        params: NtbeaParams,
        start: Option<Vec<usize>>,
        rng: &mut Rng,
    ) -> Self {
        assert!(sizes.iter().all(|&s| s >= 1), "every dimension has a value");
        let d = sizes.len();
        let mut tuples: Vec<Vec<usize>> = (0..d).map(|i| vec![i]).collect();
        if params.use_pairs {
            for i in 0..d {
                for j in i + 1..d {
                    tuples.push(vec![i, j]);
                }
            }
        }
        if !tuples.iter().any(|t| t.len() == d) {
            tuples.push((0..d).collect());
        }
        let current = match start {
            Some(p) if p.len() == d => p.iter().zip(&sizes).map(|(&v, &s)| v.min(s - 1)).collect(),
            _ => sizes.iter().map(|&s| rng.gen_range(0..s)).collect(),
        };
        Ntbea {
            tables: vec![BTreeMap::new(); tuples.len()],
            tuples,
            sizes,
            params,
            seen: Vec::new(),
            evaluations: 0,
            fitness_sum: 0.0,
            min_fitness: f64::INFINITY,
            max_fitness: f64::NEG_INFINITY,
            current,
        }
    }

    /// The point the next step evaluates.
    pub fn current(&self) -> &[usize] {
        &self.current
    }

    /// Evaluations so far.
    pub fn evaluations(&self) -> u64 {
        self.evaluations
    }

    fn key(tuple: &[usize], point: &[usize]) -> Vec<usize> {
        tuple.iter().map(|&d| point[d]).collect()
    }

    /// Adds one evaluation of `point` to the model.
    pub fn add(&mut self, point: &[usize], fitness: f64) {
        for (t, table) in self.tuples.iter().zip(&mut self.tables) {
            let cell = table.entry(Self::key(t, point)).or_default();
            cell.n += 1;
            cell.sum += fitness;
        }
        if !self.seen.iter().any(|p| p == point) {
            self.seen.push(point.to_vec());
        }
        self.evaluations += 1;
        if fitness.is_finite() {
            self.fitness_sum += fitness;
            self.min_fitness = self.min_fitness.min(fitness);
            self.max_fitness = self.max_fitness.max(fitness);
        }
    }

    /// The model's estimate of `point`: the mean over tuples with data for it of their
    /// mean fitness, without exploration bonus; `None` if no tuple has seen its values.
    pub fn estimate(&self, point: &[usize]) -> Option<f64> {
        let (mut sum, mut k) = (0.0, 0);
        for (t, table) in self.tuples.iter().zip(&self.tables) {
            if let Some(c) = table.get(&Self::key(t, point)) {
                sum += c.sum / c.n as f64;
                k += 1;
            }
        }
        (k > 0).then(|| sum / f64::from(k))
    }

    /// The upper confidence bound of `point`: its estimate (the mean of every fitness seen
    /// where it has none) plus the exploration bonus averaged over every tuple.
    pub fn ucb(&self, point: &[usize]) -> f64 {
        let range = if self.max_fitness > self.min_fitness {
            self.max_fitness - self.min_fitness
        } else {
            1.0
        };
        let ln = ((self.evaluations + 1) as f64).ln();
        let bonus: f64 = self
            .tuples
            .iter()
            .zip(&self.tables)
            .map(|(t, table)| {
                let n = table.get(&Self::key(t, point)).map_or(0, |c| c.n) as f64;
                (ln / (n + self.params.epsilon)).sqrt()
            })
            .sum::<f64>()
            / self.tuples.len() as f64;
        let base = self.estimate(point).unwrap_or(if self.evaluations > 0 {
            self.fitness_sum / self.evaluations as f64
        } else {
            0.0
        });
        base + self.params.k_explore * range * bonus
    }

    /// A neighbour of `point`: each dimension with more than one value mutates (to another
    /// of its values) with the mutation probability, and at least one always does (when
    /// any can).
    fn neighbour(&self, point: &[usize], rng: &mut Rng) -> Vec<usize> {
        let mutable: Vec<usize> = (0..self.sizes.len())
            .filter(|&d| self.sizes[d] > 1)
            .collect();
        let mut p = point.to_vec();
        if mutable.is_empty() {
            return p;
        }
        let forced = mutable[rng.gen_range(0..mutable.len())];
        for &d in &mutable {
            if d == forced || rng.gen_bool(self.params.mutation_probability) {
                let other = rng.gen_range(0..self.sizes[d] - 1);
                p[d] = if other >= point[d] { other + 1 } else { other };
            }
        }
        p
    }

    /// One iteration: evaluates the current point with `evaluate` (higher is better),
    /// adds it to the model, then moves to the best of `neighbours` mutations by UCB
    /// (the first of equal ones).
    pub fn step(&mut self, mut evaluate: impl FnMut(&[usize]) -> f64, rng: &mut Rng) -> NtbeaStep {
        let point = self.current.clone();
        let fitness = evaluate(&point);
        self.add(&point, fitness);
        let mut best_next = (f64::NEG_INFINITY, point.clone());
        for _ in 0..self.params.neighbours.max(1) {
            let n = self.neighbour(&point, rng);
            let u = self.ucb(&n);
            if u > best_next.0 {
                best_next = (u, n);
            }
        }
        self.current = best_next.1;
        let estimate = self.estimate(&point).unwrap_or(fitness);
        let (best, best_estimate) = self
            .best(1)
            .into_iter()
            .next()
            .unwrap_or((point.clone(), estimate));
        NtbeaStep {
            point,
            fitness,
            estimate,
            best,
            best_estimate,
        }
    }

    /// The best `k` distinct evaluated points by the model's estimate, best first (ties:
    /// the point seen first).
    pub fn best(&self, k: usize) -> Vec<(Vec<usize>, f64)> {
        let mut all: Vec<(usize, f64)> = self
            .seen
            .iter()
            .enumerate()
            .filter_map(|(i, p)| self.estimate(p).map(|e| (i, e)))
            .collect();
        all.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        all.into_iter()
            .take(k)
            .map(|(i, e)| (self.seen[i].clone(), e))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine_core::{derive_rng, Stream};
    use rand_distr::{Distribution, Normal};

    fn run(
        seed: u64,
        sizes: &[usize],
        target: &[usize],
        budget: usize,
        noise: f64,
    ) -> (Vec<usize>, Vec<NtbeaStep>) {
        let mut rng = derive_rng(seed, 0, Stream::Other(1));
        let mut eval_rng = derive_rng(seed, 1, Stream::Other(2));
        let normal = Normal::new(0.0, noise).unwrap();
        let mut s = Ntbea::new(sizes.to_vec(), NtbeaParams::default(), None, &mut rng);
        let mut steps = Vec::new();
        for _ in 0..budget {
            steps.push(s.step(
                |p| {
                    -p.iter()
                        .zip(target)
                        .map(|(&x, &t)| (x as f64 - t as f64).powi(2))
                        .sum::<f64>()
                        + normal.sample(&mut eval_rng)
                },
                &mut rng,
            ));
        }
        (s.best(1)[0].0.clone(), steps)
    }

    #[test]
    fn a_search_is_reproducible_from_its_seed() {
        let a = run(3, &[8, 8, 8], &[1, 5, 6], 60, 1.0);
        let b = run(3, &[8, 8, 8], &[1, 5, 6], 60, 1.0);
        assert_eq!(a, b);
        let c = run(4, &[8, 8, 8], &[1, 5, 6], 60, 1.0);
        assert_ne!(a.1, c.1);
    }

    #[test]
    fn finds_the_optimum_of_a_noisy_separable_landscape() {
        let target = [2, 6, 3, 5];
        let mut near = 0;
        for seed in 0..20 {
            let (best, _) = run(seed, &[8, 8, 8, 8], &target, 300, 2.0);
            let dist: usize = best.iter().zip(&target).map(|(&b, &t)| b.abs_diff(t)).sum();
            if dist <= 1 {
                near += 1;
            }
        }
        assert!(
            near >= 15,
            "{near} of 20 runs ended at or next to the optimum"
        );
    }

    #[test]
    fn one_dimension_finds_its_maximum() {
        let (best, _) = run(9, &[12], &[7], 80, 0.5);
        assert_eq!(best, [7]);
    }

    #[test]
    fn dimensions_of_one_value_never_move() {
        let (best, steps) = run(5, &[1, 6, 1], &[0, 4, 0], 50, 0.1);
        assert!(steps.iter().all(|s| s.point[0] == 0 && s.point[2] == 0));
        assert_eq!(best, [0, 4, 0]);
        // A space of one point evaluates it every time.
        let (best, steps) = run(5, &[1, 1], &[0, 0], 5, 0.1);
        assert_eq!(best, [0, 0]);
        assert!(steps.iter().all(|s| s.point == [0, 0]));
    }

    #[test]
    fn ucb_prefers_unseen_values() {
        let mut rng = derive_rng(1, 0, Stream::Other(1));
        let params = NtbeaParams {
            k_explore: 2.0,
            ..NtbeaParams::default()
        };
        let mut s = Ntbea::new(vec![3, 3], params, Some(vec![0, 0]), &mut rng);
        for _ in 0..5 {
            s.add(&[0, 0], 1.0);
            s.add(&[1, 1], 0.0);
        }
        // [2, 2] was never seen: with a large k its bonus outweighs [0, 0]'s better mean.
        assert!(s.ucb(&[2, 2]) > s.ucb(&[0, 0]));
        assert!(s.estimate(&[2, 2]).is_none());
        assert_eq!(s.best(2)[0].0, [0, 0]);
        assert_eq!(s.best(5).len(), 2);
    }
}
