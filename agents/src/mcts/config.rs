//! The parameters of `mcts` ([`MCTS_PARAMS`]) and its settings ([`MctsConfig`]).

use crate::greedy::{Eval, EVAL_HELP};
use crate::spec::{agent_params, flag, number, word};
use engine_core::MAX_ACTIONS;

agent_params! {
    /// Settings of [`Mcts`](super::Mcts): the parameters of `mcts` ([`MCTS_PARAMS`]), each
    /// declared once below with its default, range and help, and `full_budget`.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct MctsConfig;
    /// Parameters of `mcts`, with their defaults.
    pub const MCTS_PARAMS;
    params {
        /// Iterations per decision (used when `time_ms` is 0).
        iterations: u32 = "500", Integer,
            |v| number(v, 1u32, 10_000_000),
            "iterations per decision (1-10000000): root=halving spends all of them (at \
            least 2); \
            root=uct stops once no other root action can catch up with the most \
            visited; root=paired once one action is left in the race";
        /// Iterations per legal action (0: off): a decision with `L` legal actions runs
        /// `min(iterations, per_action * L)` iterations.
        per_action: u32 = "0", Integer,
            |v| number(v, 0u32, 10_000_000),
            "iterations per legal action at the decision (0-10000000; 0: off): a decision \
            with L legal actions runs min(iterations, per_action * L) iterations, so \
            two-way choices cost less than choosing among many cards";
        /// How much a root action may be worth above the chosen one, at 95% confidence, and
        /// still be given up, in returns: [`Root::Paired`] drops such actions, [`Root::Uct`]
        /// stops once every other action is such (0: off); [`Root::Halving`] ignores it.
        /// Given for a decision of 500 iterations: a decision of a larger budget
        /// (`iterations`, or `per_action` times its legal actions when that is less)
        /// applies it in proportion smaller (`margin · 500 / budget`), so that a larger
        /// budget plays closer choices out.
        margin: f64 = "0.005", Number,
            |v| number(v, 0.0f64, 1.0),
            "how much a root action may be worth above the chosen one and still be given \
            up, at 95% confidence (0-1, in returns): root=paired drops such an action \
            from the race (at 0, only actions worse at 95% confidence); root=uct stops \
            the search once every other action is such (0: off); root=halving ignores \
            it. An early stop that saves budget on close choices. Given for a decision of \
            500 iterations: a decision of a larger budget applies margin * 500 / budget, \
            so a larger budget plays closer choices out instead of stopping where 500 \
            would";
        /// Weight of the game's policy network at the root
        /// ([`engine_core::Heuristic::policy_net`]), in returns per unit of log-probability
        /// (0: off; a game without a network ignores it).
        policy: f64 = "0", Number,
            |v| number(v, 0.0f64, 1.0),
            "weight of the game's policy network at the root (0-1; 0: off; games without \
            a network, configs/<game>/policy.safetensors, and rules whose observation \
            it does not fit, ignore it): the root actions are ranked by their mean \
            return plus policy times the log-probability the network gives each among \
            the legal actions, so the network decides where the search cannot tell \
            actions apart; root=paired drops actions by that score, root=halving keeps \
            survivors by it and lets in the network's top actions";
        /// Time budget per decision in milliseconds; 0 for an iteration budget.
        time_ms: u32 = "0", Integer,
            |v| number(v, 0u32, 3_600_000),
            "time budget per decision in milliseconds instead of iterations (0: off); \
            results then depend on the machine and are not reproducible";
        /// UCT exploration constant, in units given by `c_scale`.
        c: f64 = "0.2", Number,
            |v| number(v, 0.0f64, 10.0),
            "UCT exploration constant (0-10), in standard deviations of the returns with \
            c_scale=std, in returns with c_scale=none";
        /// What `c` is multiplied by.
        c_scale: CScale = "none", Word,
            |v| word(v, &[("std", CScale::Std), ("none", CScale::None)]),
            "what c is multiplied by: std (the standard deviation of the searching seat's \
            returns over the iterations of this search so far, so one c fits goals, \
            pairs per turn and scores alike) | none (c as it is, for returns in [0, 1])";
        /// Playout policy.
        playout: Playout = "policy", Word,
            |v| word(v, &[("policy", Playout::Policy), ("random", Playout::Random), ("greedy", Playout::Greedy)]),
            "playout policy: policy (the game's rollout policy, which also orders the \
            expansion of new nodes; uniform where the game has none) | random | greedy \
            (one-ply heuristic)";
        /// Playout length in applied actions before the heuristic cut; 0: score the leaf at
        /// once; `u32::MAX`: play to the end of the game.
        depth: u32 = "100", IntegerOrWord,
            |v| match v {
            "end" => Ok(u32::MAX),
            _ => number(v, 0u32, 100_000).map_err(|e| format!("{e}, or end")),
        },
            "playout length in applied actions before the heuristic scores the state \
            (0: score the new leaf at once; end: play to the end of the game)";
        /// Levels of the `greedy` agent's lookahead at the playout cut (0: the evaluation).
        eval_depth: u8 = "0", Integer,
            |v| number(v, 0u8, 8),
            "levels of the greedy agent's lookahead at the playout cut (0-8; 0: the \
            evaluation alone, see eval): dice and small choices right after the cut \
            are averaged or maximized instead of left to one sample";
        /// The evaluation at the playout cut: [`Eval::Fitted`] by default (in GRANGOL it
        /// scored 0.583 [0.567, 0.598] against the hand-made heuristic, `docs/evaluation.md`;
        /// the same as the heuristic in games without a fitted evaluation).
        eval: Eval = "fitted", Word,
            Eval::parse,
            EVAL_HELP;
        /// Where playouts stop to be scored.
        until: Until = "turn", Word,
            |v| word(v, &[("turn", Until::Turn), ("depth", Until::Depth)]),
            "where a playout stops to be scored: turn (at the searching seat's first \
            decision after the other seat has decided, so every leaf is scored at the \
            same point of the turn cycle; depth is then a cap) | depth (after depth \
            actions)";
        /// Whose information sets the opponent's tree nodes are.
        opponent: OpponentNodes = "searcher", Word,
            |v| word(v, &[("searcher", OpponentNodes::Searcher), ("own", OpponentNodes::Own)]),
            "whose information sets the opponent's tree nodes are: searcher (the \
            searching seat's, so the opponent's choices are learned over every \
            determinization) | own (the opponent's key in each determinization)";
        /// Virtual visits given to each root action at the greedy agent's value of it.
        prior: u32 = "0", Integer,
            |v| number(v, 0u32, 100_000),
            "weight, in virtual visits, of the greedy agent's value of each root action \
            (0-100000; 0: none): the search starts from greedy's judgment and moves off it \
            only on evidence";
        /// How the root's actions are searched.
        root: Root = "paired", Word,
            |v| word(v, &[("halving", Root::Halving), ("uct", Root::Uct), ("paired", Root::Paired)]),
            "how the root's actions are searched: halving (sequential halving: the \
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
            solitaire to the turn cap)";
        /// [`Root::Halving`]: at most this many root actions enter the rounds, the best by
        /// the heuristic one action ahead on one determinization.
        consider: u16 = "32", Integer,
            |v| number(v, 1u16, MAX_ACTIONS as u16),
            "root=halving: at most this many root actions enter the rounds, the best by \
            the heuristic one action ahead on one determinization (1-256; 256: all; \
            fewer when the budget cannot give each 4 iterations a round), as \
            Gumbel MCTS considers its top m actions";
        /// Search one action of each class of exchangeable actions
        /// ([`engine_core::Heuristic::action_classes`]), at the root and in the tree; the
        /// oracle's search (an omniscient view) never merges.
        merge: bool = "true", Flag,
            flag,
            "search one action of each class of actions the game calls exchangeable for \
            the deciding seat (true | false): in the memory solitaire, the face-down cards \
            the seat has never seen are one class, so its 88 cards are a few choices; \
            games without classes are unchanged";
        /// Which of the root actions found equal is played.
        ties: Ties = "first", Word,
            |v| word(v, &[("first", Ties::First), ("random", Ties::Random)]),
            "which of the root actions found equal is played (root=paired, root=uct and \
            prior; halving keeps action order): first (in action order) | \
            random (uniform among them, as greedy breaks its ties; with prior, equal prior \
            values are tried in a random order). Equal results are \
            common where an action changes nothing the evaluation sees (Helvetia's \
            figures away from the ball, searched on the same random numbers): `first` \
            then walks every such figure towards the first hex";
        /// Keep the tree between decisions of one game.
        reuse: bool = "true", Flag,
            flag,
            "keep the tree from one decision to the next within a game (true | false)";
    }
    fixed {
        /// Run the whole iteration budget, without the early stops of [`Root::Uct`] (the
        /// choice settled, or `margin`) and [`Root::Paired`] (dropped actions): benches that
        /// time equal work against another program set it. [`Root::Halving`] always spends
        /// the whole budget. Not a `--agents` parameter.
        full_budget: bool = false;
    }
}

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
