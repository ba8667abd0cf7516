//! The generic test battery every game passes (after OpenSpiel's `basic_tests.h`): random
//! games ([`check_game`]), or games whose moves a fuzz test picks by index
//! ([`check_play`]), are played to the end while every state is checked.

use super::{
    derive_rng, sample_chance, ActionList, ApplyAction, ChanceList, ChanceOutcomes, Game,
    GameState, Heuristic, InfoSets, LegalActions, Observation, Rng, Seat, Stream, Turn,
};
use rand::Rng as _;

mod script;
pub use script::*;

/// What [`check_game`] saw, so tests can assert that the battery really exercised the game.
#[derive(Clone, Debug, Default)]
pub struct BatteryReport {
    /// Games played.
    pub games: usize,
    /// Actions applied in all games (decisions and chance outcomes).
    pub actions: usize,
    /// Decisions checked.
    pub decisions: usize,
    /// Determinizations checked.
    pub determinizations: usize,
    /// Illegal actions rejected by `try_apply`.
    pub rejected: usize,
    /// Secret choices checked ([`check_secret_choice`]).
    pub secret_choices: usize,
    /// Decisions whose observations were checked for every seat ([`check_observations`]).
    pub observations: usize,
    /// Nodes whose word on what a seat sees of the action
    /// ([`InfoSets::sees_the_action`]) was checked against the replay of
    /// [`seen_by_replay`](super::seen_by_replay), for every seat it has a word for.
    pub claimed_actions: usize,
    /// Of those, the nodes where the word was that some seat does not see the action.
    pub hidden_actions: usize,
    /// Pairs of actions (or chance outcomes) of one state that the game says do the same
    /// ([`ApplyAction::action_effect`]), checked to leave equal states
    /// ([`check_effects`]).
    pub same_effects: usize,
}

/// Checks the observations of `state` for every seat: the layout is `layout` (the rule
/// set's, fixed), the tensor has its size and entries within
/// [`OBSERVATION_BOUNDS`](super::OBSERVATION_BOUNDS), and no peeking: a
/// determinization for the seat (another state of its information set) gives the same
/// tensor and the same string. Errors: the first failure, one line.
pub fn check_observations<S: GameState>(
    state: &S,
    layout: &super::ObservationLayout,
    rng: &mut Rng,
) -> Result<(), String> {
    if &state.observation_layout() != layout {
        return Err("the observation layout changed during the game".into());
    }
    let size = layout.size();
    if state.observation_size() != size {
        return Err(format!(
            "observation_size {} is not the layout's size {size}",
            state.observation_size()
        ));
    }
    let mut truth = vec![f32::NAN; size];
    let mut other = vec![f32::NAN; size];
    for seat in 0..state.num_seats() as Seat {
        state.observation_tensor(seat, &mut truth);
        if let Some(i) = truth.iter().position(|v| !v.is_finite()) {
            return Err(format!("seat {seat}: observation entry {i} is not finite"));
        }
        let (low, high) = super::OBSERVATION_BOUNDS;
        if let Some(i) = truth.iter().position(|v| !(low..=high).contains(v)) {
            return Err(format!(
                "seat {seat}: observation entry {i} (part {}) is {}, outside [{low}, {high}]",
                part_of(layout, i),
                truth[i]
            ));
        }
        let det = state.determinize(seat, rng);
        det.observation_tensor(seat, &mut other);
        if let Some(i) = (0..size).find(|&i| truth[i] != other[i]) {
            return Err(format!(
                "seat {seat}: the observation tensor reads what the seat cannot see \
                 (entry {i}, part {}, differs on a determinization)",
                part_of(layout, i)
            ));
        }
        if state.observation_string(seat) != det.observation_string(seat) {
            return Err(format!(
                "seat {seat}: the observation string reads what the seat cannot see \
                 (it differs on a determinization)"
            ));
        }
    }
    Ok(())
}

/// The name of the part of `layout` that holds entry `i` (`?` past the end).
fn part_of(layout: &super::ObservationLayout, i: usize) -> &'static str {
    layout
        .parts
        .iter()
        .scan(0, |start, p| {
            let r = *start..*start + p.len();
            *start = r.end;
            Some((p.name, r))
        })
        .find(|(_, r)| r.contains(&i))
        .map_or("?", |(n, _)| n)
}

/// The sequential form of a secret simultaneous choice ([`GameState::secret_choice`]):
/// whichever legal action `seat` takes at `state`, every other seat's information key is
/// the same afterwards, and when another seat decides next, its legal actions are the same
/// too. Errors: the first action that leaks.
pub fn check_secret_choice<S: GameState>(
    state: &S,
    seat: super::Seat,
    legal: &ActionList,
) -> Result<(), String> {
    let mut first: Option<(Vec<super::InfoKey>, Turn, ActionList)> = None;
    let mut next_legal = ActionList::new();
    for &a in legal {
        let mut s = state.clone();
        s.apply(a);
        let keys: Vec<super::InfoKey> = (0..s.num_seats() as super::Seat)
            .filter(|&o| o != seat)
            .map(|o| s.info_key(o))
            .collect();
        let turn = s.turn();
        next_legal.clear();
        if matches!(turn, Turn::Decision(o) if o != seat) {
            s.legal_actions(&mut next_legal);
        }
        match &first {
            None => first = Some((keys, turn, next_legal.clone())),
            Some((k0, t0, l0)) => {
                if *k0 != keys {
                    return Err(format!(
                        "secret choice {a:?} of seat {seat} shows in another seat's information key"
                    ));
                }
                if *t0 != turn || *l0 != next_legal {
                    return Err(format!(
                        "secret choice {a:?} of seat {seat} changes the next seat's turn or legal actions"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// How [`check_play`] picks each move: at random (uniform over legal actions, chance by
/// its weights), or by index into the candidates.
pub trait Picker {
    /// The index, below `n`, of the move to take at step `step` among the `n` legal
    /// actions (a decision, `chance` false) or chance outcomes (`chance` true); `None`
    /// takes the random move.
    fn pick(&mut self, step: usize, n: usize, chance: bool) -> Option<usize>;
}

/// The random picker of [`check_game`]: every move is random.
pub struct RandomPicks;

impl Picker for RandomPicks {
    fn pick(&mut self, _step: usize, _n: usize, _chance: bool) -> Option<usize> {
        None
    }
}

/// Plays `games` uniformly random games of `game` from `seed` and checks, at every state:
/// - the loaded seat count is within the game's seat range, and every action is below
///   `num_distinct_actions`;
/// - the game ends within `max_game_length` actions;
/// - at a decision the legal actions are non-empty, sorted and unique;
/// - at a chance node the outcomes are non-empty, unique, with positive weights, and
///   [`ChanceOutcomes::sample_chance_outcome`] draws what [`sample_chance`] draws;
/// - returns are zero before the end, and at the end sum to what the game's
///   [`super::Utility`] says (1 for two seats with placement returns); their zero-sum
///   form ([`super::GameState::zero_sum_returns`]) sums to 0 within `[−1, 1]` (a single
///   seat's within `[−1, 1]` only);
/// - the game's own invariants ([`GameState::check_invariants`]) hold;
/// - the fitted evaluation, if the game has one, has a weight for every feature, and the
///   evaluation features of the deciding seat are finite and the same on a
///   determinization ([`check_features`]), and where the game gives the heuristic's
///   log-odds, their logistic is the heuristic ([`check_logit`]);
/// - a determinization for the deciding seat keeps its information key, its legal
///   actions and the game's invariants, and depends only on what the seat has seen (no
///   peeking: determinizing the true state and another state of the same information set
///   with one random stream gives the same state);
/// - at a secret choice, no other seat can tell which action was taken
///   ([`check_secret_choice`]);
/// - [`LegalActions::legal_actions_within`] and
///   [`ChanceOutcomes::chance_outcomes_within`] agree with the full lists, and
///   [`LegalActions::random_legal_action`] picks what the list gives for the same numbers,
///   and so does [`Heuristic::playout_action`] ([`super::listed_playout_action`]);
/// - actions (or chance outcomes) of one state that the game says do the same leave
///   equal states ([`check_effects`]);
/// - applying an action to two clones gives equal states, and the game's action history
///   replays from the initial state to the same final state;
/// - the same game played with [`ApplyAction::apply_untracked`]
///   differs at most in its information keys (`check_untracked`);
/// - `try_apply` of an action that is not legal is rejected and leaves the state as it was.
///
/// Errors: a message naming the game index, the step and the violation.
pub fn check_game<G: Game>(game: &G, games: usize, seed: u64) -> Result<BatteryReport, String> {
    let mut report = BatteryReport::default();
    if let Some(eval) = <G::State as Heuristic>::fitted_eval() {
        if eval.len != <G::State as Heuristic>::FEATURES.len() {
            return Err(format!(
                "the fitted evaluation has {} weights for {} features",
                eval.len,
                <G::State as Heuristic>::FEATURES.len()
            ));
        }
    }
    for g in 0..games {
        let mut rng: Rng = derive_rng(seed, g as u64, Stream::Other(0));
        check_play(game, &mut rng, &mut RandomPicks, &mut report)
            .map_err(|m| format!("game {g}, {m}"))?;
    }
    Ok(report)
}

/// Checks the game's policy network ([`Heuristic::policy_net`]), if it has one, against
/// `game` (the game's default rules: the rules it was trained on): it reads (the
/// embedded file parses), takes the observation tensor of `game`'s initial state and
/// writes a logit for every action code ([`super::GameInfo::num_distinct_actions`]), and
/// its logits are finite. (On rules whose observation has another size, search ignores
/// the network.) Errors: the mismatch.
pub fn check_policy<G: Game>(game: &G) -> Result<(), String> {
    let Some(net) = <G::State as Heuristic>::policy_net() else {
        return Ok(());
    };
    let state = game.new_initial_state();
    let (inputs, actions) = (state.observation_size(), game.info().num_distinct_actions);
    if net.inputs() != inputs || net.outputs() != actions {
        return Err(format!(
            "the policy network maps {} inputs to {} logits; the game has {inputs} \
             observation entries and {actions} action codes",
            net.inputs(),
            net.outputs()
        ));
    }
    let mut obs = vec![0.0; inputs];
    let mut logits = vec![0.0; actions];
    state.observation_tensor(0, &mut obs);
    net.logits(&obs, &mut logits);
    if let Some(i) = logits.iter().position(|z| !z.is_finite()) {
        return Err(format!("the policy network's logit {i} is {}", logits[i]));
    }
    Ok(())
}

/// Checks the evaluation features ([`Heuristic::features`]) of `seat` at `state` and at
/// `det`, a determinization of `seat`'s information set there: as many as
/// [`Heuristic::FEATURES`] names (at most [`super::MAX_FEATURES`]), every one finite, and
/// equal at both states (they read only what `seat` sees). Errors: the violation.
pub fn check_features<S: Heuristic>(state: &S, det: &S, seat: Seat) -> Result<(), String> {
    let names = S::FEATURES;
    if names.len() > super::MAX_FEATURES {
        return Err(format!(
            "{} features, at most {}",
            names.len(),
            super::MAX_FEATURES
        ));
    }
    let mut a = [0.0; super::MAX_FEATURES];
    let mut b = [0.0; super::MAX_FEATURES];
    let n = state.features(seat, &mut a);
    if n != names.len() {
        return Err(format!(
            "features wrote {n} values for {} names",
            names.len()
        ));
    }
    det.features(seat, &mut b);
    for (i, name) in names.iter().enumerate() {
        if !a[i].is_finite() {
            return Err(format!("feature {name} of seat {seat} is {}", a[i]));
        }
        if a[i] != b[i] {
            return Err(format!(
                "feature {name} of seat {seat} reads what the seat cannot see: {} on the \
                 state, {} on a determinization",
                a[i], b[i]
            ));
        }
    }
    Ok(())
}

/// Checks [`Heuristic::heuristic_logit`] of `seat` at `state`: where it gives log-odds,
/// their [`super::logistic`] is [`Heuristic::heuristic`], bit for bit. Errors: the two
/// values.
pub fn check_logit<S: Heuristic>(state: &S, seat: Seat) -> Result<(), String> {
    match state.heuristic_logit(seat) {
        Some(z) if super::logistic(z).to_bits() != state.heuristic(seat).to_bits() => Err(format!(
            "heuristic_logit of seat {seat} is {z}, whose logistic {} is not the \
                 heuristic {}",
            super::logistic(z),
            state.heuristic(seat)
        )),
        _ => Ok(()),
    }
}

/// Checks [`ApplyAction::action_effect`] at `state` over its legal actions or chance
/// outcomes `actions`: all of them have a key or none, and each action whose key an
/// earlier one has leaves, applied with `apply_untracked`, a state equal to that one's.
/// Returns how many such pairs it checked. Errors: the actions that break it.
pub fn check_effects<S: GameState>(state: &S, actions: &[super::Action]) -> Result<usize, String> {
    let keyed = actions
        .iter()
        .filter(|&&a| state.action_effect(a).is_some())
        .count();
    if keyed != 0 && keyed != actions.len() {
        return Err(format!(
            "{keyed} of the {} actions have an effect key: a state keys all or none",
            actions.len()
        ));
    }
    let mut pairs = 0;
    for (k, &a) in actions.iter().enumerate() {
        let Some(key) = state.action_effect(a) else {
            continue;
        };
        let Some(&b) = actions[..k]
            .iter()
            .find(|&&b| state.action_effect(b) == Some(key))
        else {
            continue;
        };
        let (mut x, mut y) = (state.clone(), state.clone());
        x.apply_untracked(a);
        y.apply_untracked(b);
        if x != y {
            return Err(format!(
                "actions {a:?} and {b:?} are said to have one effect ({key}) but leave \
                 different states"
            ));
        }
        pairs += 1;
    }
    Ok(pairs)
}

/// Checks that `fast` (a choice made without listing the legal actions) chooses what
/// `listed` chooses on the list, each from its own copy of `rng`, and draws the same
/// numbers. Errors: `what` and the two choices.
fn same_choice(
    rng: &Rng,
    what: &str,
    fast: impl FnOnce(&mut Rng) -> super::Action,
    listed: impl FnOnce(&mut Rng) -> super::Action,
) -> Result<(), String> {
    let (mut a, mut b) = (rng.clone(), rng.clone());
    let (x, y) = (fast(&mut a), listed(&mut b));
    if x != y || a.gen::<u64>() != b.gen::<u64>() {
        return Err(format!(
            "{what} gave {x:?} where the list gave {y:?} (or drew other numbers)"
        ));
    }
    Ok(())
}

/// Checks that `blind`, the same game as `state` played with
/// [`ApplyAction::apply_untracked`], differs from it
/// at most in its information keys: the same turn, returns, legal actions or chance
/// outcomes and invariants, and (when `observations`) the same observation and
/// heuristic value of every seat and, at a decision, the same determinization for the
/// deciding seat (every seat's observation of it, drawn with one stream): what the
/// agents that say they read no key (`random`, `greedy`) read. Errors: the first
/// difference.
fn check_untracked<S: Heuristic>(state: &S, blind: &S, observations: bool) -> Result<(), String> {
    if blind.turn() != state.turn() {
        return Err(format!("turn {:?}, not {:?}", blind.turn(), state.turn()));
    }
    if blind.returns() != state.returns() {
        return Err("other returns".into());
    }
    blind.check_invariants()?;
    match state.turn() {
        Turn::Decision(_) => {
            let (mut a, mut b) = (ActionList::new(), ActionList::new());
            state.legal_actions(&mut a);
            blind.legal_actions(&mut b);
            if a != b {
                return Err(format!("legal actions {b:?}, not {a:?}"));
            }
        }
        Turn::Chance => {
            let (mut a, mut b) = (ChanceList::new(), ChanceList::new());
            state.chance_outcomes(&mut a);
            blind.chance_outcomes(&mut b);
            if a != b {
                return Err("other chance outcomes".into());
            }
        }
        Turn::Terminal => {}
    }
    if observations {
        for seat in 0..state.num_seats() as Seat {
            if blind.observation_string(seat) != state.observation_string(seat) {
                return Err(format!("another observation of seat {seat}"));
            }
            if blind.heuristic(seat).to_bits() != state.heuristic(seat).to_bits() {
                return Err(format!("another heuristic value for seat {seat}"));
            }
        }
        if let Turn::Decision(seat) = state.turn() {
            let stream = derive_rng(0x000B_114D, 0, Stream::Other(0));
            let d = state.determinize(seat, &mut stream.clone());
            let e = blind.determinize(seat, &mut stream.clone());
            // Every seat's observation: the other seats' show the hidden cards drawn.
            if (0..state.num_seats() as Seat)
                .any(|o| d.observation_string(o) != e.observation_string(o))
            {
                return Err(format!("another determinization for seat {seat}"));
            }
        }
    }
    Ok(())
}

/// Plays one game of `game` with the moves `picker` chooses (random ones, from `rng`,
/// where it chooses none) and checks every state as [`check_game`] does, adding to
/// `report`. Determinizations (at every seventh step, when it is a decision) draw from
/// `rng`. Fuzz tests drive it with sequences of indices. Errors: the step and the
/// violation.
pub fn check_play<G: Game>(
    game: &G,
    rng: &mut Rng,
    picker: &mut impl Picker,
    report: &mut BatteryReport,
) -> Result<(), String> {
    let mut legal = ActionList::new();
    let mut legal2 = ActionList::new();
    let mut chance = ChanceList::new();
    let mut chance2 = ChanceList::new();
    let max_len = game.info().max_game_length;
    let distinct = game.info().num_distinct_actions;
    let info = game.info();
    if info.min_seats == 0
        || info.num_seats < info.min_seats
        || info.num_seats > info.max_seats
        || info.max_seats > super::MAX_SEATS
    {
        return Err(format!(
            "{} seats is outside the game's range {}..={} (at most {})",
            info.num_seats,
            info.min_seats,
            info.max_seats,
            super::MAX_SEATS
        ));
    }
    let mut state = game.new_initial_state();
    // The same game with every action applied by `apply_untracked`.
    let mut blind = game.new_initial_state();
    let layout = state.observation_layout();
    let mut history = Vec::new();
    let mut step = 0usize;
    let ctx = |step: usize, msg: String| format!("step {step}: {msg}");
    loop {
        state.check_invariants().map_err(|m| ctx(step, m))?;
        let turn = state.turn();
        if turn != Turn::Terminal
            && (state.returns().iter().any(|&r| r != 0.0)
                || state.zero_sum_returns().iter().any(|&r| r != 0.0))
        {
            return Err(ctx(step, "returns before the end".into()));
        }
        if step > max_len {
            return Err(ctx(step, format!("longer than max_game_length {max_len}")));
        }
        let action = match turn {
            Turn::Terminal => {
                let total: f64 = state.returns()[..state.num_seats()].iter().sum();
                if state.utility() != game.info().utility {
                    return Err(ctx(
                        step,
                        format!(
                            "the state's utility {:?} is not the game's {:?}",
                            state.utility(),
                            game.info().utility
                        ),
                    ));
                }
                let want = match game.info().utility {
                    super::Utility::ZeroSum => Some(0.0),
                    super::Utility::ConstantSum(c) => Some(c),
                    super::Utility::GeneralSum => None,
                };
                if let Some(want) = want.filter(|w| (total - w).abs() > 1e-9) {
                    return Err(ctx(step, format!("returns sum to {total}, not {want}")));
                }
                let n = state.num_seats();
                let zero_sum = state.zero_sum_returns();
                let zero_total: f64 = zero_sum[..n].iter().sum();
                if n > 1 && want.is_some() && zero_total.abs() > 1e-9 {
                    return Err(ctx(
                        step,
                        format!("zero-sum returns sum to {zero_total}, not 0"),
                    ));
                }
                if zero_sum[..n].iter().any(|r| !(-1.0..=1.0).contains(r)) {
                    return Err(ctx(
                        step,
                        format!("zero-sum returns {:?} outside [-1, 1]", &zero_sum[..n]),
                    ));
                }
                break;
            }
            Turn::Chance => {
                state.chance_outcomes(&mut chance);
                if chance.is_empty() {
                    return Err(ctx(step, "chance node without outcomes".into()));
                }
                if let Some(a) = chance.iter().find(|(a, _)| usize::from(a.0) >= distinct) {
                    return Err(ctx(
                        step,
                        format!(
                            "chance outcome {a:?} is not below num_distinct_actions {distinct}"
                        ),
                    ));
                }
                if chance.iter().any(|&(_, w)| w == 0) {
                    return Err(ctx(step, "chance outcome with weight 0".into()));
                }
                let mut seen: Vec<_> = chance.iter().map(|&(a, _)| a).collect();
                seen.sort();
                seen.dedup();
                if seen.len() != chance.len() {
                    return Err(ctx(step, "duplicate chance outcomes".into()));
                }
                // `chance_outcomes_within` agrees with the full list on both sides of
                // its length (past `k`: the whole list or none of it).
                let n = chance.len();
                for k in [0, n.saturating_sub(1), n, n + 1] {
                    let within = state.chance_outcomes_within(k, &mut chance2);
                    let listed = chance2 == chance || (!within && chance2.is_empty());
                    if within != (n <= k) || !listed {
                        return Err(ctx(
                            step,
                            format!("chance_outcomes_within({k}) disagrees with the {n} outcomes"),
                        ));
                    }
                }
                let outcomes: Vec<_> = chance.iter().map(|&(a, _)| a).collect();
                report.same_effects +=
                    check_effects(&state, &outcomes).map_err(|m| ctx(step, m))?;
                let mut fast = rng.clone();
                let quick = state.sample_chance_outcome(&mut fast);
                let action = sample_chance(&chance, rng);
                if quick != action || fast.gen::<u64>() != rng.clone().gen::<u64>() {
                    return Err(ctx(
                        step,
                        format!(
                            "sample_chance_outcome gave {quick:?} where sample_chance \
                             gave {action:?} (or drew other numbers)"
                        ),
                    ));
                }
                match picker.pick(step, chance.len(), true) {
                    Some(i) => chance[i % chance.len()].0,
                    None => action,
                }
            }
            Turn::Decision(seat) => {
                state.legal_actions(&mut legal);
                if legal.is_empty() {
                    return Err(ctx(step, "no legal action at a decision".into()));
                }
                if let Some(a) = legal.iter().find(|a| usize::from(a.0) >= distinct) {
                    return Err(ctx(
                        step,
                        format!("action {a:?} is not below num_distinct_actions {distinct}"),
                    ));
                }
                if legal.windows(2).any(|w| w[0] >= w[1]) {
                    return Err(ctx(
                        step,
                        format!("legal actions not sorted/unique: {legal:?}"),
                    ));
                }
                report.decisions += 1;
                // The random agent's pick and the playout's choice by the rollout policy,
                // made without the list, are the ones made on it, drawn from the same
                // numbers.
                let (mut scratch, mut scratch2) = (ActionList::new(), ActionList::new());
                same_choice(
                    rng,
                    "random_legal_action",
                    |r| state.random_legal_action(r),
                    |r| super::random_listed_action(&state, r),
                )
                .and_then(|()| {
                    same_choice(
                        rng,
                        "playout_action",
                        |r| state.playout_action(seat, &mut scratch, r),
                        |r| super::listed_playout_action(&state, seat, &mut scratch2, r),
                    )
                })
                .map_err(|m| ctx(step, m))?;
                // `legal_actions_within` agrees with the full list on both sides of its
                // length.
                let n = legal.len();
                for k in [0, n.saturating_sub(1), n, n + 1] {
                    let within = state.legal_actions_within(k, &mut legal2);
                    // Past `k`, a list longer than `k` must be the whole list.
                    let listed = within || legal2.len() > k;
                    if within != (n <= k) || (listed && legal2 != legal) {
                        return Err(ctx(
                            step,
                            format!(
                                "legal_actions_within({k}) disagrees with the {n} legal actions"
                            ),
                        ));
                    }
                }
                report.same_effects += check_effects(&state, &legal).map_err(|m| ctx(step, m))?;
                if step.is_multiple_of(7) {
                    let det = state.determinize(seat, rng);
                    report.determinizations += 1;
                    if det.info_key(seat) != state.info_key(seat) {
                        return Err(ctx(step, "determinize changed the information key".into()));
                    }
                    det.legal_actions(&mut legal2);
                    if legal2 != legal {
                        return Err(ctx(step, "determinize changed the legal actions".into()));
                    }
                    det.check_invariants()
                        .map_err(|m| ctx(step, format!("after determinize: {m}")))?;
                    check_features(&state, &det, seat).map_err(|m| ctx(step, m))?;
                    for k in 0..state.num_seats() as Seat {
                        check_logit(&state, k).map_err(|m| ctx(step, m))?;
                    }
                    // No peeking: a determinization depends only on what the seat has
                    // seen. `det` is another state of the same information set, so
                    // determinizing it and the true state with one stream must agree.
                    let probe = rng.gen::<u64>();
                    let from_truth =
                        state.determinize(seat, &mut derive_rng(probe, 0, Stream::Other(1)));
                    let from_other =
                        det.determinize(seat, &mut derive_rng(probe, 0, Stream::Other(1)));
                    if from_truth != from_other {
                        return Err(ctx(
                            step,
                            "determinize depends on what the seat cannot see (two states of \
                             one information set gave different determinizations)"
                                .into(),
                        ));
                    }
                }
                if step.is_multiple_of(5) {
                    check_observations(&state, &layout, rng).map_err(|m| ctx(step, m))?;
                    report.observations += 1;
                }
                if state.secret_choice() {
                    check_secret_choice(&state, seat, &legal).map_err(|m| ctx(step, m))?;
                    report.secret_choices += 1;
                }
                // An action code that is not legal must be rejected untouched.
                if let Some(bad) = (0..u16::MAX)
                    .map(super::Action)
                    .find(|a| legal.binary_search(a).is_err())
                {
                    let mut copy = state.clone();
                    if copy.try_apply(bad).is_ok() {
                        return Err(ctx(step, format!("illegal action {bad:?} accepted")));
                    }
                    if copy != state {
                        return Err(ctx(step, "rejected action changed the state".into()));
                    }
                    report.rejected += 1;
                }
                match picker.pick(step, legal.len(), false) {
                    Some(i) => legal[i % legal.len()],
                    None => legal[rng.gen_range(0..legal.len())],
                }
            }
        };
        // What the node says a seat sees of its action, so says the replay (every 23rd
        // step: the replay is dear).
        if step.is_multiple_of(23) && turn != Turn::Terminal {
            let (mut claimed, mut hidden) = (false, false);
            for seat in 0..state.num_seats() as Seat {
                let Some(seen) = state.sees_the_action(seat) else {
                    continue;
                };
                if seen != super::seen_by_replay(&state, action, seat) {
                    let says = if seen { "sees" } else { "does not see" };
                    return Err(ctx(
                        step,
                        format!(
                            "the node says seat {seat} {says} its action {action:?}, \
                             but the replay of its other actions says otherwise"
                        ),
                    ));
                }
                claimed = true;
                hidden |= !seen;
            }
            report.claimed_actions += usize::from(claimed);
            report.hidden_actions += usize::from(hidden);
        }
        // Any seat's determinization at any node (a chance node, another seat's decision)
        // is a state of that seat's information set at the same node, where every action
        // of the node can be played: displays draw them there (`seen_by`). From a stream
        // of its own, so the games played do not change.
        if step.is_multiple_of(11) {
            let seats = state.num_seats();
            let other = ((step / 11) % seats) as Seat;
            let mut own = derive_rng(step as u64, 0, Stream::Other(2));
            let det = state.determinize(other, &mut own);
            report.determinizations += 1;
            if det.info_key(other) != state.info_key(other) || det.turn() != state.turn() {
                return Err(ctx(
                    step,
                    format!("seat {other}'s determinization left its information set"),
                ));
            }
            det.check_invariants()
                .map_err(|m| ctx(step, format!("after seat {other}'s determinization: {m}")))?;
            let mut node = Vec::new();
            if det.turn() == Turn::Chance {
                det.chance_outcomes(&mut chance);
                node.extend(chance.iter().map(|&(a, _)| a));
            } else {
                det.legal_actions(&mut legal2);
                node.extend(legal2.iter().copied());
            }
            for a in node {
                let mut next = det.clone();
                next.apply(a);
                next.check_invariants().map_err(|m| {
                    ctx(
                        step,
                        format!("{a:?} after seat {other}'s determinization: {m}"),
                    )
                })?;
            }
        }
        // The same action applied to two clones gives equal states.
        if step.is_multiple_of(5) {
            let mut twin = state.clone();
            state.apply(action);
            twin.apply(action);
            if twin != state {
                return Err(ctx(
                    step,
                    format!("applying {action:?} to a clone gave another state"),
                ));
            }
        } else {
            state.apply(action);
        }
        blind.apply_untracked(action);
        if step.is_multiple_of(5) {
            check_untracked(&state, &blind, step.is_multiple_of(50)).map_err(|m| {
                ctx(
                    step,
                    format!("after {action:?} applied untracked from the start: {m}"),
                )
            })?;
        }
        history.push(action);
        step += 1;
    }
    // The action history replays to the same state.
    let mut replay = game.new_initial_state();
    for (i, &a) in history.iter().enumerate() {
        replay
            .try_apply(a)
            .map_err(|e| ctx(i, format!("replaying the history: {e}")))?;
    }
    if replay != state {
        return Err(ctx(
            step,
            "the action history replays to another state".into(),
        ));
    }
    report.games += 1;
    report.actions += step;
    Ok(())
}
