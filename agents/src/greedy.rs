//! The greedy agent: one ply of expectation over a game-specific heuristic.

use crate::spec::{agent_params, number, AgentSpec};
use crate::AgentError;
use engine_core::{Action, ActionList, Agent, ChanceList, Heuristic, PlayerView, Rng, Seat, Turn};
use rand::Rng as _;

/// The help of greedy's `depth` parameter (and forgetful's, the same parameter).
pub(crate) const DEPTH_HELP: &str = "levels looked through after the action (0-8): dice and \
     other small chance nodes, the agent's own follow-up choices (a shot's direction) and \
     small opponent choices (the goalkeeper's dive) are expanded";

/// The default of greedy's `depth` parameter (and forgetful's), as typed in a spec.
pub(crate) const DEPTH_DEFAULT: &str = "4";

agent_params! {
    /// Settings of [`Greedy`]: the parameters of `greedy` ([`GREEDY_PARAMS`]).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct GreedyConfig;
    /// Parameters of `greedy`.
    pub const GREEDY_PARAMS;
    params {
        /// Levels looked through after each action (`0..=8`).
        depth: u8 = DEPTH_DEFAULT, Integer, parse_depth, DEPTH_HELP;
        /// The evaluation where the lookahead stops.
        eval: Eval = "heuristic", Word, Eval::parse, EVAL_HELP;
    }
    fixed {}
}

/// What the `eval` parameter means (greedy and mcts).
pub(crate) const EVAL_HELP: &str = "the evaluation of a position: heuristic (the game's \
     hand-made heuristic) | fitted (the logistic model fitted to self-play outcomes by \
     `sim fit-eval`, shipped in configs/GAME/eval.toml; the heuristic in games without one) \
     | FILE.toml (weights written by `sim fit-eval --out FILE.toml`, read when the agent \
     is checked: a fit tried without rebuilding)";

/// The evaluation of a non-terminal position, for a seat, in `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// The game's hand-made [`Heuristic::heuristic`].
    Heuristic,
    /// The fitted evaluation [`Heuristic::fitted_heuristic`] (`configs/<game>/eval.toml`),
    /// the heuristic in games without one.
    Fitted,
    /// The weights of an `eval.toml` read at run time (`EvalFile`), through
    /// [`Heuristic::linear_value`].
    File(&'static EvalFile),
}

/// An evaluation file named by `eval=FILE.toml`: its path and text, read once per
/// process, and its weights in the order of the features of the game it is used with
/// (parsed at the first use; [`Eval::check`] parses them where the agent is checked, so
/// a file that does not fit the game is one line there, never a panic in a game).
#[derive(Debug)]
pub struct EvalFile {
    /// The path as typed.
    pub path: String,
    /// The file's text.
    text: String,
    /// The feature names the weights were parsed for, and the weights.
    bound: std::sync::OnceLock<(&'static [&'static str], engine_core::LinearEval)>,
}

impl PartialEq for EvalFile {
    fn eq(&self, other: &Self) -> bool {
        self.path == other.path && self.text == other.text
    }
}

impl Eq for EvalFile {}

impl EvalFile {
    /// Reads `path`, once per process for each path and text: the same file named twice is
    /// one `EvalFile`. Errors: the file cannot be read (one line naming it).
    fn read(path: &str) -> Result<&'static EvalFile, String> {
        static READ: engine_core::Interned<EvalFile> = engine_core::Interned::new();
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
        Ok(READ.get(
            |f| f.path == path && f.text == text,
            || EvalFile {
                path: path.to_string(),
                text: text.clone(),
                bound: std::sync::OnceLock::new(),
            },
        ))
    }

    /// The weights for the features `names`. Errors: the file's weights do not fit them
    /// (one line naming the file and the key), or the game has no features.
    fn parse_for(&self, names: &[&str]) -> Result<engine_core::LinearEval, String> {
        if names.is_empty() {
            return Err(format!(
                "'{}': this game has no evaluation features, so no fitted evaluation",
                self.path
            ));
        }
        engine_core::LinearEval::parse(&self.text, names)
            .map_err(|e| format!("'{}': {e}", self.path))
    }

    /// The weights for game state `S`. Panics if they do not fit `S`'s features, which
    /// [`Eval::check`] refuses before any game is played.
    #[inline]
    fn linear<S: Heuristic>(&self) -> &engine_core::LinearEval {
        let (names, eval) = self.bound.get_or_init(|| {
            let eval = self
                .parse_for(S::FEATURES)
                .unwrap_or_else(|e| panic!("{e}"));
            (S::FEATURES, eval)
        });
        // A file fits one game's feature names only (`LinearEval::parse` refuses any
        // other name), and `Eval::check` refused it for every other game.
        debug_assert!(std::ptr::eq(*names, S::FEATURES) || *names == S::FEATURES);
        eval
    }
}

impl Eval {
    /// Reads an `eval` value: `heuristic`, `fitted` or a path ending in `.toml` (read
    /// now); the error lists the choices or names the unreadable file.
    pub(crate) fn parse(v: &str) -> Result<Eval, String> {
        match v {
            "heuristic" => Ok(Eval::Heuristic),
            "fitted" => Ok(Eval::Fitted),
            _ if v.ends_with(".toml") => EvalFile::read(v).map(Eval::File),
            _ => Err("heuristic, fitted or a FILE.toml of weights".into()),
        }
    }

    /// Checks that the evaluation fits games of state `S`: for a file, that it has a
    /// weight for each of `S`'s features and no other (parsing them once). Errors: one
    /// line naming the file and the key.
    pub fn check<S: Heuristic>(self) -> Result<(), String> {
        match self {
            Eval::File(f) => f.parse_for(S::FEATURES).map(|_| ()),
            _ => Ok(()),
        }
    }

    /// The value of `state` for `seat`.
    #[inline]
    pub fn value<S: Heuristic>(self, state: &S, seat: Seat) -> f64 {
        match self {
            Eval::Heuristic => state.heuristic(seat),
            Eval::Fitted => state.fitted_heuristic(seat),
            Eval::File(f) => state.linear_value(seat, f.linear::<S>()),
        }
    }
}

/// Reads a `depth` value, `0..=8`; the error names the range.
pub(crate) fn parse_depth(v: &str) -> Result<u8, String> {
    number(v, 0u8, 8)
}

/// Chance nodes with more outcomes than this (card draws) are evaluated, not expanded.
const MAX_CHANCE_WIDTH: usize = 6;
/// Own follow-up decisions with more actions than this are evaluated, not expanded.
const MAX_OWN_WIDTH: usize = 4;
/// Opponent decisions with more actions than this are evaluated, not expanded.
const MAX_OPPONENT_WIDTH: usize = 3;

/// Chooses the legal action with the best expected [`Heuristic`] value for its seat.
///
/// The value of an action is computed on one determinization of the seat's information
/// set (so hidden cards are sampled, never read): apply the action, then look `depth`
/// levels further, taking the weighted mean over small chance nodes (dice), the maximum
/// over the seat's own small follow-up choices (shot direction, LANCIO distance, which
/// roll to keep) and the plain mean over the opponent's small choices (goalkeeper, wall:
/// a secret choice the agent cannot predict); anything larger, or the depth limit, is
/// evaluated by the heuristic. Ties go to the action after which the game has made the
/// most progress ([`engine_core::GameState::progress`]), then uniformly with the seat's own stream.
#[derive(Clone, Debug)]
pub struct Greedy {
    depth: u8,
    eval: Eval,
    legal: ActionList,
    ties: ActionList,
}

impl Greedy {
    /// A greedy agent looking `depth` levels past each action.
    pub fn new(depth: u8) -> Self {
        Greedy {
            depth,
            eval: Eval::Heuristic,
            legal: ActionList::new(),
            ties: ActionList::new(),
        }
    }

    /// The levels looked through after each action (`depth`, `0..=8`).
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// The same agent with evaluation `eval` at the end of its lookahead.
    pub fn with_eval(mut self, eval: Eval) -> Self {
        self.eval = eval;
        self
    }

    /// Builds from a parsed spec. Errors: [`AgentError`] naming a bad parameter.
    pub fn from_spec(spec: &AgentSpec) -> Result<Self, AgentError> {
        let GreedyConfig { depth, eval } = GreedyConfig::from_spec_params(spec)?;
        Ok(Greedy::new(depth).with_eval(eval))
    }
}

/// The expected heuristic value for `seat` of `state`, looking `depth` levels ahead.
pub(crate) fn lookahead<S: Heuristic>(state: &S, seat: Seat, depth: u8) -> f64 {
    lookahead_with(state, seat, depth, Eval::Heuristic)
}

/// [`lookahead`] with the evaluation `eval` where the lookahead stops.
pub(crate) fn lookahead_with<S: Heuristic>(state: &S, seat: Seat, depth: u8, eval: Eval) -> f64 {
    node(Borrowed(state), seat, depth, eval)
}

/// [`lookahead_with`] of a position the caller gives up: its last child is made in
/// place, a copy of the state fewer (the state is left as that child, or as it was when
/// it has none).
fn lookahead_in<S: Heuristic>(state: &mut S, seat: Seat, depth: u8, eval: Eval) -> f64 {
    node(Owned(state), seat, depth, eval)
}

/// A position the lookahead looks through: borrowed (each child is a copy of it) or
/// owned (its last child is made in place). Copies are most of greedy's cost after
/// `apply` and the evaluation (a GRANGOL state is 664 bytes), and a node has two to six
/// children.
trait Parent<S> {
    /// The position.
    fn get(&self) -> &S;
    /// The state to make a child in: a copy, or the position itself for the `last`
    /// child of an owned one.
    fn child(&mut self, last: bool) -> Child<'_, S>;
}

/// A child's state: a copy of its parent, or the parent itself.
enum Child<'a, S> {
    Copy(S),
    Itself(&'a mut S),
}

impl<S> Child<'_, S> {
    fn state(&mut self) -> &mut S {
        match self {
            Child::Copy(s) => s,
            Child::Itself(s) => s,
        }
    }
}

struct Borrowed<'a, S>(&'a S);
struct Owned<'a, S>(&'a mut S);

impl<S: Clone> Parent<S> for Borrowed<'_, S> {
    fn get(&self) -> &S {
        self.0
    }
    fn child(&mut self, _last: bool) -> Child<'_, S> {
        Child::Copy(self.0.clone())
    }
}

impl<S: Clone> Parent<S> for Owned<'_, S> {
    fn get(&self) -> &S {
        self.0
    }
    fn child(&mut self, last: bool) -> Child<'_, S> {
        if last {
            Child::Itself(self.0)
        } else {
            Child::Copy(self.0.clone())
        }
    }
}

/// The widest node the lookahead expands.
const MAX_WIDTH: usize = {
    let w = if MAX_OWN_WIDTH > MAX_OPPONENT_WIDTH {
        MAX_OWN_WIDTH
    } else {
        MAX_OPPONENT_WIDTH
    };
    if MAX_CHANCE_WIDTH > w {
        MAX_CHANCE_WIDTH
    } else {
        w
    }
};

/// For the `n` children of a node, by the actions (or outcomes) that make them (at most
/// [`MAX_WIDTH`]): `first[k]`, the first child whose action has child `k`'s effect
/// ([`ApplyAction::action_effect`](engine_core::ApplyAction::action_effect): an equal
/// state, so the same value), `k` itself when none before it has; and the last child
/// that is first of its effect, the one to make in place. A game keys all the actions of
/// a node or none, so a first action without a key ends the question.
#[inline]
fn same_effects<S: Heuristic>(
    state: &S,
    n: usize,
    mut actions: impl Iterator<Item = Action>,
) -> ([usize; MAX_WIDTH], usize) {
    let mut first = std::array::from_fn(|k| k);
    let Some(key) = actions.next().and_then(|a| state.action_effect(a)) else {
        return (first, n.saturating_sub(1));
    };
    let mut effect = [Some(key); MAX_WIDTH];
    let mut last_new = 0;
    for (k, a) in actions.enumerate().map(|(k, a)| (k + 1, a)) {
        effect[k] = state.action_effect(a);
        if let Some(j) = (0..k).find(|&j| effect[k].is_some() && effect[j] == effect[k]) {
            first[k] = first[j];
        } else {
            last_new = k;
        }
    }
    (first, last_new)
}

/// The expected value for `seat` of `parent`'s position, looking `depth` levels ahead
/// ([`lookahead_with`]); the children in the order of their list, so the sums are those
/// of a copy per child, bit for bit. A child whose action has the effect of an earlier
/// one's ([`same_effects`]) is not made: it takes that one's value.
fn node<S: Heuristic>(mut parent: impl Parent<S>, seat: Seat, depth: u8, eval: Eval) -> f64 {
    let state = parent.get();
    if depth == 0 {
        return eval.value(state, seat);
    }
    match state.turn() {
        Turn::Terminal => eval.value(state, seat),
        Turn::Chance => {
            let mut outcomes = ChanceList::new();
            if !state.chance_outcomes_within(MAX_CHANCE_WIDTH, &mut outcomes) {
                return eval.value(state, seat);
            }
            let total: u32 = outcomes.iter().map(|&(_, w)| w).sum();
            let (first, last_new) =
                same_effects(state, outcomes.len(), outcomes.iter().map(|&(a, _)| a));
            let mut values = [0.0; MAX_WIDTH];
            let mut v = 0.0;
            for (k, &(a, w)) in outcomes.iter().enumerate() {
                if first[k] == k {
                    let mut next = parent.child(k == last_new);
                    let next = next.state();
                    next.apply_untracked(a);
                    values[k] = lookahead_in(next, seat, depth - 1, eval);
                }
                v += f64::from(w) * values[first[k]];
            }
            v / f64::from(total)
        }
        Turn::Decision(who) => {
            let own = who == seat;
            let width = if own {
                MAX_OWN_WIDTH
            } else {
                MAX_OPPONENT_WIDTH
            };
            let mut legal = ActionList::new();
            if !state.legal_actions_within(width, &mut legal) {
                return eval.value(state, seat);
            }
            // The maximum as `fold(-inf, f64::max)` and the sum as `Iterator::sum` (which
            // starts from -0.0) compute them, bit for bit.
            let (first, last_new) = same_effects(state, legal.len(), legal.iter().copied());
            let mut values = [0.0; MAX_WIDTH];
            let mut best = f64::NEG_INFINITY;
            let mut sum = -0.0;
            for (k, &a) in legal.iter().enumerate() {
                if first[k] == k {
                    let mut next = parent.child(k == last_new);
                    let next = next.state();
                    next.apply_untracked(a);
                    values[k] = lookahead_in(next, seat, depth - 1, eval);
                }
                let v = values[first[k]];
                best = best.max(v);
                sum += v;
            }
            if own {
                best
            } else {
                sum / legal.len() as f64
            }
        }
    }
}

impl<S: Heuristic> Agent<S> for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    /// Greedy reads its legal actions, a determinization and the evaluation, never a key.
    fn reads_information_keys(&self) -> bool {
        false
    }

    fn act(&mut self, view: &PlayerView<'_, S>, rng: &mut Rng) -> Action {
        view.legal_actions(&mut self.legal);
        if self.legal.len() == 1 {
            return self.legal[0];
        }
        let seat = view.seat();
        let mut root = view.determinize(rng);
        // The best value, and among the actions of that value the most progress after
        // them (`GameState::progress`: a decided game is played to its end).
        let mut best = (f64::NEG_INFINITY, 0u32);
        self.ties.clear();
        let n = self.legal.len();
        // The last action is applied to the determinization itself.
        let mut parent = Owned(&mut root);
        for (k, &a) in self.legal.iter().enumerate() {
            let mut next = parent.child(k + 1 == n);
            let next = next.state();
            // The lookahead reads no information key.
            next.apply_untracked(a);
            let progress = next.progress();
            let v = lookahead_in(next, seat, self.depth, self.eval);
            if v > best.0 + 1e-12 || ((v - best.0).abs() <= 1e-12 && progress > best.1) {
                best = (v, progress);
                self.ties.clear();
                self.ties.push(a);
            } else if (v - best.0).abs() <= 1e-12 && progress == best.1 {
                self.ties.push(a);
            }
        }
        self.ties[rng.gen_range(0..self.ties.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine_core::{Game, GameState};

    /// Decisions of `n` random games ([`engine::core::testing::random_decision`]), each
    /// at a step drawn from `0..steps`.
    fn walk<G: Game>(game: &G, n: u64, steps: usize) -> Vec<G::State> {
        (0..n)
            .filter_map(|g| engine::core::testing::random_decision(game, 1, g, 0..steps))
            .map(|(s, _, _)| s)
            .collect()
    }

    /// The lookahead as it was written before positions were given up to their last
    /// child: a copy per child, the maximum by `fold`, the mean by `sum`.
    fn lookahead_by_copies<S: Heuristic>(state: &S, seat: Seat, depth: u8, eval: Eval) -> f64 {
        if depth == 0 {
            return eval.value(state, seat);
        }
        match state.turn() {
            Turn::Terminal => eval.value(state, seat),
            Turn::Chance => {
                let mut outcomes = ChanceList::new();
                if !state.chance_outcomes_within(MAX_CHANCE_WIDTH, &mut outcomes) {
                    return eval.value(state, seat);
                }
                let total: u32 = outcomes.iter().map(|&(_, w)| w).sum();
                let mut v = 0.0;
                for &(a, w) in &outcomes {
                    let mut next = state.clone();
                    next.apply(a);
                    v += f64::from(w) * lookahead_by_copies(&next, seat, depth - 1, eval);
                }
                v / f64::from(total)
            }
            Turn::Decision(who) => {
                let own = who == seat;
                let width = if own {
                    MAX_OWN_WIDTH
                } else {
                    MAX_OPPONENT_WIDTH
                };
                let mut legal = ActionList::new();
                if !state.legal_actions_within(width, &mut legal) {
                    return eval.value(state, seat);
                }
                let values = legal.iter().map(|&a| {
                    let mut next = state.clone();
                    next.apply(a);
                    lookahead_by_copies(&next, seat, depth - 1, eval)
                });
                if own {
                    values.fold(f64::NEG_INFINITY, f64::max)
                } else {
                    values.sum::<f64>() / legal.len() as f64
                }
            }
        }
    }

    /// The lookahead that makes each position's last child in place values every
    /// position bit for bit as a copy per child does, borrowed or given up, at every
    /// depth, in every game whose greedy looks through small nodes.
    #[test]
    fn a_position_given_up_to_its_last_child_is_valued_as_by_copies() {
        fn same<G: Game>(game: &G, steps: usize) {
            let states = walk(game, 40, steps);
            assert!(states.len() > 20);
            let mut looked_through = 0;
            for s in &states {
                for depth in [1, 2, 4] {
                    for seat in 0..s.num_seats() as Seat {
                        for eval in [Eval::Heuristic, Eval::Fitted] {
                            let want = lookahead_by_copies(s, seat, depth, eval);
                            let borrowed = lookahead_with(s, seat, depth, eval);
                            let mut own = s.clone();
                            let given_up = lookahead_in(&mut own, seat, depth, eval);
                            assert_eq!(borrowed.to_bits(), want.to_bits());
                            assert_eq!(given_up.to_bits(), want.to_bits());
                            looked_through += usize::from(own != *s);
                        }
                    }
                }
            }
            assert!(looked_through > 0, "some positions had children");
        }
        same(&engine::grangol::Grangol::default_rules(), 300);
        same(&engine::helvetia::Helvetia::default_rules(), 300);
        same(&engine::lastuf::Lastuf::default_rules(), 300);
        same(&engine::crazy_eights::CrazyEights::default_rules(), 20);
        same(&engine::memory::Memory::default_rules(), 300);
    }

    #[test]
    fn fitted_is_the_heuristic_only_where_a_game_has_no_fitted_evaluation() {
        // The memory game ships no fitted evaluation.
        let memory = engine::memory::Memory::default_rules();
        for s in walk(&memory, 30, 300) {
            for seat in 0..s.num_seats() as Seat {
                assert_eq!(
                    Eval::Fitted.value(&s, seat),
                    Eval::Heuristic.value(&s, seat)
                );
            }
        }
        fn differs<G: Game>(game: &G, steps: usize) {
            let states = walk(game, 30, steps);
            assert!(states.len() > 20);
            assert!(states
                .iter()
                .any(|s| Eval::Fitted.value(s, 0) != Eval::Heuristic.value(s, 0)));
            for s in &states {
                assert!((0.0..=1.0).contains(&Eval::Fitted.value(s, 0)));
            }
        }
        differs(&engine::grangol::Grangol::default_rules(), 300);
        differs(&engine::lastuf::Lastuf::default_rules(), 300);
        differs(&engine::crazy_eights::CrazyEights::default_rules(), 20);
        differs(&engine::helvetia::Helvetia::default_rules(), 300);
        assert_eq!(Eval::parse("fitted"), Ok(Eval::Fitted));
        assert!(Eval::parse("x").is_err());
    }

    /// `eval=FILE.toml` with a game's shipped weights plays exactly the fitted evaluation
    /// (GRANGOL's sparse sum and the generic dense one alike), and a file that does not
    /// fit the game, or cannot be read, is refused with one line naming it.
    #[test]
    fn an_eval_file_is_the_fitted_evaluation_it_holds() {
        let dir = tempfile::tempdir().unwrap();
        fn same<G: Game>(game: &G, steps: usize, file: &std::path::Path, text: &str) {
            std::fs::write(file, text).unwrap();
            let eval = Eval::parse(file.to_str().unwrap()).unwrap();
            eval.check::<G::State>().unwrap();
            let states = walk(game, 30, steps);
            assert!(states.len() > 20);
            for s in &states {
                for seat in 0..s.num_seats() as Seat {
                    assert_eq!(
                        eval.value(s, seat).to_bits(),
                        Eval::Fitted.value(s, seat).to_bits()
                    );
                }
            }
        }
        let grangol = dir.path().join("grangol.toml");
        let lastuf = dir.path().join("lastuf.toml");
        same(
            &engine::grangol::Grangol::default_rules(),
            300,
            &grangol,
            include_str!("../../configs/grangol/eval.toml"),
        );
        same(
            &engine::lastuf::Lastuf::default_rules(),
            300,
            &lastuf,
            include_str!("../../configs/lastuf/eval.toml"),
        );
        // GRANGOL's weights do not fit LASTUF's features, nor any of the memory game's.
        let wrong = Eval::parse(grangol.to_str().unwrap()).unwrap();
        let e = wrong
            .check::<<engine::lastuf::Lastuf as Game>::State>()
            .unwrap_err();
        assert!(e.contains("grangol.toml") && e.contains("weights."), "{e}");
        let e = wrong
            .check::<<engine::memory::Memory as Game>::State>()
            .unwrap_err();
        assert!(e.contains("grangol.toml") && e.contains("weights."), "{e}");
        let e = Eval::parse(dir.path().join("none.toml").to_str().unwrap()).unwrap_err();
        assert!(e.contains("cannot read") && e.contains("none.toml"), "{e}");
        assert!(!e.contains('\n'));
    }
}
