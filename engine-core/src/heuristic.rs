//! The evaluation agents use: [`Heuristic`], with its features for fitted evaluations.

use super::{Action, ActionList, GameState, LinearEval, PolicyNet, Rng, Seat, Turn, MAX_FEATURES};

/// A game-specific evaluation of a state, used by the greedy agent and at the cut of
/// depth-limited MCTS playouts.
pub trait Heuristic: GameState {
    /// An estimate of `seat`'s return from this state, in `[0, 1]` (the scale of
    /// [`Returns`](super::Returns)): at a terminal state it must equal the return. An implementation reads
    /// only what `seat` may see (public facts and its own hand), so evaluating a
    /// determinization cannot leak hidden information.
    fn heuristic(&self, seat: Seat) -> f64;

    /// The log-odds of [`Heuristic::heuristic`] where the game computes it as a logistic:
    /// `Some(z)` when `heuristic(seat)` is [`logistic`](super::logistic)`(z)` bit for bit,
    /// `None` where it is not (a terminal state, a game whose evaluation is no logistic).
    /// A caller that only compares values (`mcts(playout=greedy)`'s one-ply choice) then
    /// skips the exponential of a candidate whose log-odds are below the best's. The
    /// default is `None`.
    fn heuristic_logit(&self, seat: Seat) -> Option<f64> {
        let _ = seat;
        None
    }

    /// The game's *rollout policy*: an action for `who` among `legal` (its legal actions
    /// here), chosen only from what `who` knows, for the playouts and the expansion order
    /// of search (`mcts(playout=policy)`, the default). A game whose hidden information is
    /// the point of play (the memory game) gives one, because uniform playouts there are
    /// mere noise and one-ply heuristic playouts on a determinization would see the cards
    /// no player has seen. `rng` is the caller's stream. The default is `None` (no
    /// policy: search plays uniformly at random), and draws nothing from `rng`.
    fn rollout_action(&self, who: Seat, legal: &ActionList, rng: &mut Rng) -> Option<Action> {
        let _ = (who, legal, rng);
        None
    }

    /// A playout's action at a decision of `who` by the rollout policy: the only legal
    /// action of a forced decision (nothing drawn), else
    /// [`Heuristic::rollout_action`], else a uniform one (`k = rng.gen_range(0..n)` of the
    /// `n` legal actions, as [`super::LegalActions::random_legal_action`] draws it).
    /// `legal` is scratch space: the default lists the legal actions into it. A game
    /// whose decisions list many actions may choose without listing them, if the choice
    /// and the draws from `rng` are the same (the memory game's turns: up to 88 places).
    fn playout_action(&self, who: Seat, legal: &mut ActionList, rng: &mut Rng) -> Action {
        listed_playout_action(self, who, legal, rng)
    }

    /// The game's classes of exchangeable actions for `who` in this state, if it has
    /// some: `Some(class)` where `class(action)` is the class of `action` (legal for
    /// `who` here) among `who`'s legal actions. Two actions of one class are
    /// exchangeable given what `who` knows (they lead to positions that differ only by a
    /// relabelling `who` cannot tell apart, such as two face-down cards it has never seen
    /// in the memory game), so a search need only try one of them. Whether a game has
    /// classes is a fact of the rules and the number of seats, never of hidden
    /// information; like [`Heuristic::heuristic`], `class` reads only what `who` may see,
    /// so every determinization of one information set gives the same classes. The
    /// default is `None` (every action is its own class, and search does not look).
    fn action_classes(&self, who: Seat) -> Option<impl Fn(Action) -> u64 + '_> {
        let _ = who;
        None::<fn(Action) -> u64>
    }

    /// The names of the game's evaluation features, in the order [`Heuristic::features`]
    /// writes them (at most [`MAX_FEATURES`]); the keys of `configs/<game>/eval.toml`.
    /// The default is none: the game has no fitted evaluation.
    const FEATURES: &'static [&'static str] = &[];

    /// Writes the evaluation features of this state for `seat` into `out[..n]` and
    /// returns `n` (= `FEATURES.len()`), without allocating. Like
    /// [`Heuristic::heuristic`], it reads only what `seat` may see, so two
    /// determinizations of one information set give the same features. The default
    /// writes nothing and returns 0.
    fn features(&self, seat: Seat, out: &mut [f64; MAX_FEATURES]) -> usize {
        let _ = (seat, out);
        0
    }

    /// The game's fitted evaluation over [`Heuristic::FEATURES`] (its embedded
    /// `configs/<game>/eval.toml`, fitted by `sim fit-eval`), if it has one. The default
    /// is `None`.
    fn fitted_eval() -> Option<&'static LinearEval> {
        None
    }

    /// The game's policy network (its embedded `configs/<game>/policy.safetensors`, made
    /// by `python/examples/train.py`), if it has one: logits over the action codes from a
    /// seat's observation tensor, which `mcts(policy=…)` uses as a prior at the root. The
    /// default is `None`.
    fn policy_net() -> Option<&'static PolicyNet> {
        None
    }

    /// The fitted evaluation of this state for `seat`, in `[0, 1]`: the return at a
    /// terminal state, [`LinearEval::value`] of the features where the game has a fitted
    /// evaluation, and [`Heuristic::heuristic`] elsewhere.
    fn fitted_heuristic(&self, seat: Seat) -> f64 {
        match Self::fitted_eval() {
            Some(eval) if self.turn() != Turn::Terminal => self.linear_value(seat, eval),
            _ => self.heuristic(seat),
        }
    }

    /// The value of this state for `seat` under the linear evaluation `eval` over
    /// [`Heuristic::FEATURES`] (the weights of an `eval.toml` read at run time, as
    /// `mcts(eval=FILE)` does), in `[0, 1]`: the return at a terminal state, else
    /// [`LinearEval::value`] of the features. A game may compute it faster (GRANGOL
    /// sums only its nonzero features); the result must be the same.
    fn linear_value(&self, seat: Seat, eval: &LinearEval) -> f64 {
        if self.turn() == Turn::Terminal {
            return self.returns()[seat as usize];
        }
        let mut x = [0.0; MAX_FEATURES];
        self.features(seat, &mut x);
        eval.value(&x)
    }
}

/// [`Heuristic::playout_action`] by the list: the legal actions listed into `legal`, the
/// only one of a forced decision, else [`Heuristic::rollout_action`] on the list, else
/// the `k`-th for `k = rng.gen_range(0..n)`. Panics at a state that is not a decision.
pub fn listed_playout_action<S: Heuristic>(
    state: &S,
    who: Seat,
    legal: &mut ActionList,
    rng: &mut Rng,
) -> Action {
    use rand::Rng as _;
    state.legal_actions(legal);
    if legal.len() == 1 {
        return legal[0];
    }
    match state.rollout_action(who, legal, rng) {
        Some(a) => a,
        None => legal[rng.gen_range(0..legal.len())],
    }
}
