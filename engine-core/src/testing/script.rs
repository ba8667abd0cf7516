//! What every game's scripted rule tests and the agents' tests share: the legal actions
//! and chance outcomes of a state as lists ([`legal`], [`chance`]), steps applied and
//! checked ([`apply_checked`], [`play_checked`]), a decision of a random game
//! ([`random_decision`]) and the parts of an observation ([`observation_part`]).
//! Re-exported by [`crate::testing`].

use crate::{
    derive_rng, sample_chance, ActionList, ChanceList, ChanceOutcomes, Game, GameState,
    LegalActions, Rng, Seat, Stream, Turn,
};
use rand::Rng as _;

/// The legal actions of `s`, as a `Vec` (empty away from a decision): for scripted rule
/// tests.
pub fn legal<S: GameState>(s: &S) -> Vec<crate::Action> {
    let mut l = ActionList::new();
    s.legal_actions(&mut l);
    l.to_vec()
}

/// The legal actions of `s` by name ([`Notation::action_to_string`](crate::Notation::action_to_string)).
pub fn legal_names<S: GameState>(s: &S) -> Vec<String> {
    legal(s).iter().map(|&a| s.action_to_string(a)).collect()
}

/// The chance outcomes of `s` with their weights (empty away from a chance node).
pub fn chance<S: GameState>(s: &S) -> Vec<(crate::Action, u32)> {
    let mut l = ChanceList::new();
    s.chance_outcomes(&mut l);
    l.to_vec()
}

/// Applies `a` to `s` as a scripted rule test does: panics, naming the action, the turn
/// and the legal actions and chance outcomes, if `a` is neither legal nor a chance
/// outcome; returns the events the step reported; checks the game's invariants after it.
pub fn apply_checked<S: GameState>(s: &mut S, a: crate::Action) -> Vec<crate::GameEvent> {
    if s.clone().try_apply(a).is_err() {
        panic!(
            "{} ({}) is not legal at {:?}; legal: {:?}; chance: {:?}",
            s.action_to_string(a),
            a.0,
            s.turn(),
            legal_names(s),
            chance(s).iter().map(|&(a, _)| a.0).collect::<Vec<_>>()
        );
    }
    let mut events = Vec::new();
    s.apply_with(a, &mut |e| events.push(e));
    if let Err(m) = s.check_invariants() {
        panic!("after {}: {m}", s.action_to_string(a));
    }
    events
}

/// Applies every action of `actions` in turn with [`apply_checked`]; returns all the
/// events.
pub fn play_checked<S: GameState>(s: &mut S, actions: &[crate::Action]) -> Vec<crate::GameEvent> {
    actions.iter().flat_map(|&a| apply_checked(s, a)).collect()
}

/// A decision of a random game, for tests that probe agents at realistic positions: game
/// `g` of `seed` (its stream `derive_rng(seed, g, Stream::Other(1))`) is played with
/// uniformly random decisions and chance outcomes drawn by their weights, until the first
/// decision with more than one legal action at or after a step drawn uniformly from
/// `steps`. Returns that state, its deciding seat and the stream, to draw what the test
/// needs next; `None` when the game ends first.
pub fn random_decision<G: Game>(
    game: &G,
    seed: u64,
    g: u64,
    steps: std::ops::Range<usize>,
) -> Option<(G::State, crate::Seat, Rng)> {
    let (mut legal, mut chance) = (ActionList::new(), ChanceList::new());
    let mut rng = derive_rng(seed, g, Stream::Other(1));
    let mut s = game.new_initial_state();
    let stop = rng.gen_range(steps);
    let mut step = 0;
    loop {
        match s.turn() {
            Turn::Terminal => return None,
            Turn::Chance => {
                s.chance_outcomes(&mut chance);
                s.apply(sample_chance(&chance, &mut rng));
            }
            Turn::Decision(seat) => {
                s.legal_actions(&mut legal);
                if step >= stop && legal.len() > 1 {
                    return Some((s, seat, rng));
                }
                s.apply(legal[rng.gen_range(0..legal.len())]);
            }
        }
        step += 1;
    }
}

/// One step of a random game at `state`: at a decision a uniformly random legal action
/// (drawn from `rng`), at a chance node an outcome drawn by its weight; `legal` and
/// `chance` are the caller's scratch lists. Returns `false`, applying nothing, once the
/// game is over.
pub fn random_step<S: GameState>(
    state: &mut S,
    rng: &mut Rng,
    legal: &mut ActionList,
    chance: &mut ChanceList,
) -> bool {
    match state.turn() {
        Turn::Terminal => return false,
        Turn::Chance => {
            state.chance_outcomes(chance);
            state.apply(sample_chance(chance, rng));
        }
        Turn::Decision(_) => {
            state.legal_actions(legal);
            state.apply(legal[rng.gen_range(0..legal.len())]);
        }
    }
    true
}

/// `seat`'s observation tensor of `state`, written into a buffer of NaN, so that an entry
/// the game forgets to write shows.
pub fn observation<S: GameState>(state: &S, seat: Seat) -> Vec<f32> {
    let mut t = vec![f32::NAN; state.observation_size()];
    state.observation_tensor(seat, &mut t);
    t
}

/// The entries of part `name` of `seat`'s observation tensor of `state`. Panics when the
/// layout has no such part.
pub fn observation_part<S: GameState>(state: &S, seat: Seat, name: &str) -> Vec<f32> {
    layout_part(&state.observation_layout(), &observation(state, seat), name).to_vec()
}

/// The entries of part `name` in `tensor`, laid out by `layout`. Panics when the layout
/// has no such part.
pub fn layout_part<'a>(
    layout: &crate::ObservationLayout,
    tensor: &'a [f32],
    name: &str,
) -> &'a [f32] {
    &tensor[layout
        .range(name)
        .unwrap_or_else(|| panic!("no observation part {name}"))]
}
