//! No allocation on the hot paths, proved with a counting global allocator: a whole random
//! game (deal, chance sampling, legal actions, the random agent, events, information keys,
//! determinizations) allocates nothing, and a whole ISMCTS search allocates nothing once
//! the agent's arenas are reserved (they are, at construction, for the iteration budget).
//!
//! The counter is per thread, so tests running in parallel do not disturb each other.

use agents::{make_agent, Greedy, Mcts, MctsConfig, RandomAgent, Root};
use engine::core::{
    derive_rng, for_each_game, load_embedded, Agent, ApplyAction, ChanceOutcomes, Game, GameEvent,
    GameState, GameVisitor, Heuristic, LegalActions, PlayerView, Registered, Rng, Seat, Stream,
    Turn, NAMES,
};
use engine::core::{InfoSets, Observation};
use engine::grangol::{Grangol, State};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// The system allocator, counting every allocation and reallocation of the calling thread.
struct Counting;

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Runs `f` and returns its result with the number of allocations it made on this thread.
fn counted<R>(f: impl FnOnce() -> R) -> (R, u64) {
    let before = ALLOCATIONS.with(Cell::get);
    let r = f();
    (r, ALLOCATIONS.with(Cell::get) - before)
}

/// Plays one whole game of `game` from `seed` with `agents` (one per seat), sampling
/// chance with `sample_chance_outcome`, observing every event and reading every seat's
/// information key, observation tensor (into `obs`, of the game's observation size) and a
/// determinization at every decision. Returns the number of applied actions.
fn play<G: Game>(
    game: &G,
    agents: &mut [&mut dyn Agent<G::State>],
    seed: u64,
    obs: &mut [f32],
) -> u64 {
    let mut chance: Rng = derive_rng(seed, 0, Stream::Chance(0));
    let mut seats = [
        derive_rng(seed, 0, Stream::Seat(0)),
        derive_rng(seed, 0, Stream::Seat(1)),
        derive_rng(seed, 0, Stream::Seat(2)),
        derive_rng(seed, 0, Stream::Seat(3)),
    ];
    let mut state = game.new_initial_state();
    let (mut actions, mut events, mut keys, mut seen) = (0u64, 0u64, 0u64, 0u64);
    loop {
        let a = match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => state.sample_chance_outcome(&mut chance),
            Turn::Decision(seat) => {
                for s in 0..state.num_seats() {
                    keys = keys.wrapping_add(state.info_key(s as Seat).0);
                    state.observation_tensor(s as Seat, obs);
                    seen += obs.iter().filter(|&&v| v != 0.0).count() as u64;
                }
                let det = state.determinize(seat, &mut chance);
                assert_eq!(det.info_key(seat), state.info_key(seat));
                let view = PlayerView::new(&state, seat);
                agents[seat as usize].act(&view, &mut seats[seat as usize])
            }
        };
        state.apply_with(a, &mut |e: GameEvent| {
            events += u64::from(matches!(e, GameEvent::TurnEnd { .. }));
        });
        actions += 1;
    }
    assert!(events > 0 && keys != 0 && seen > 0);
    actions
}

/// Random games of `game` allocate nothing.
fn random_games_allocate_nothing<G: Game>(game: &G) {
    let mut agents: Vec<RandomAgent> = vec![RandomAgent; game.info().num_seats];
    let mut obs = vec![0.0; game.new_initial_state().observation_size()];
    for seed in 0..20 {
        let mut seats: Vec<&mut dyn Agent<G::State>> = agents
            .iter_mut()
            .map(|a| a as &mut dyn Agent<G::State>)
            .collect();
        let (actions, allocations) = counted(|| play(game, &mut seats, seed, &mut obs));
        assert!(actions > 100, "game {seed}: {actions} actions");
        assert_eq!(allocations, 0, "game {seed}: {allocations} allocations");
    }
}

/// Whole games of `greedy` (its default depth) at every seat of `game` allocate nothing:
/// its choice (the legal actions, one determinization, the lookahead through clones, the
/// evaluation) included. Two games (Helvetia's are long).
fn greedy_games_allocate_nothing<G: Game>(game: &G)
where
    G::State: Heuristic,
{
    let spec = agents::AgentSpec::parse("greedy").unwrap();
    let mut agents: Vec<Greedy> = (0..game.info().num_seats)
        .map(|_| Greedy::from_spec(&spec).unwrap())
        .collect();
    let mut obs = vec![0.0; game.new_initial_state().observation_size()];
    // The game's fitted evaluation is read from its embedded file once per process.
    let _ = G::State::fitted_eval();
    // So is its policy network.
    let _ = G::State::policy_net();
    for seed in 0..2 {
        let mut seats: Vec<&mut dyn Agent<G::State>> = agents
            .iter_mut()
            .map(|a| a as &mut dyn Agent<G::State>)
            .collect();
        let (actions, allocations) = counted(|| play(game, &mut seats, seed, &mut obs));
        assert!(actions > 50, "game {seed}: {actions} actions");
        assert_eq!(
            allocations, 0,
            "greedy game {seed}: {allocations} allocations"
        );
    }
}

/// Which allocation check to run on every registered game, on its default rules.
#[derive(Clone, Copy)]
enum EveryGame {
    /// [`random_games_allocate_nothing`].
    Random,
    /// [`greedy_games_allocate_nothing`].
    Greedy,
    /// [`searches_allocate_nothing`].
    Search,
}

impl GameVisitor for EveryGame {
    type Output = &'static str;
    fn visit<G: Registered>(&mut self) -> &'static str {
        let game = load_embedded::<G>(G::RULES[0].name, |_| {}).unwrap();
        match self {
            EveryGame::Random => random_games_allocate_nothing(&game),
            EveryGame::Greedy => greedy_games_allocate_nothing(&game),
            EveryGame::Search => searches_allocate_nothing(&game),
        }
        G::NAME
    }
}

/// Random games of every registered game allocate nothing.
#[test]
fn a_whole_random_game_allocates_nothing() {
    assert_eq!(for_each_game(&mut EveryGame::Random), NAMES);
}

/// Whole greedy games of every registered game allocate nothing (issue 42).
#[test]
fn a_whole_greedy_game_allocates_nothing_in_every_game() {
    assert_eq!(for_each_game(&mut EveryGame::Greedy), NAMES);
}

/// 30 decision states with a choice, from one game of `greedy` at every seat.
fn decision_states<G: Game>(game: &G) -> Vec<(G::State, Seat)>
where
    G::State: Heuristic,
{
    let mut states = Vec::new();
    let mut greedy: Vec<Greedy> = (0..game.info().num_seats).map(|_| Greedy::new(4)).collect();
    let mut chance = derive_rng(3, 0, Stream::Chance(0));
    let mut rng = derive_rng(3, 0, Stream::Seat(0));
    let mut state = game.new_initial_state();
    let mut legal = engine::core::ActionList::new();
    while state.turn() != Turn::Terminal && states.len() < 30 {
        let a = match state.turn() {
            Turn::Decision(seat) => {
                state.legal_actions(&mut legal);
                if legal.len() > 1 && !state.symmetric_choice() {
                    states.push((state.clone(), seat));
                }
                let view = PlayerView::new(&state, seat);
                greedy[seat as usize].act(&view, &mut rng)
            }
            _ => state.sample_chance_outcome(&mut chance),
        };
        state.apply(a);
    }
    assert_eq!(states.len(), 30);
    states
}

/// Searches of every registered game allocate nothing once the agent is built.
#[test]
fn a_whole_search_allocates_nothing_once_the_agent_is_built() {
    assert_eq!(for_each_game(&mut EveryGame::Search), NAMES);
}

/// Searches from decisions of `game` allocate nothing once the agent is built.
fn searches_allocate_nothing<G: Game>(game: &G)
where
    G::State: Heuristic,
{
    let states = decision_states(game);
    // The game's fitted evaluation is read from its embedded file once per process.
    let _ = G::State::fitted_eval();
    // So is its policy network.
    let _ = G::State::policy_net();
    for (i, (s, seat)) in states.iter().enumerate() {
        // A fresh agent per search, built outside the count: the search itself, with
        // its determinizations, tree descents, expansions, playouts and backups, must
        // not allocate.
        // With merge (exchangeable actions searched once), a decision whose actions are
        // all one class needs no search.
        // With policy (where the game has a network), the root's prior too.
        for (root, merge, policy) in [
            (Root::Halving, false, 0.0),
            (Root::Halving, false, 0.02),
            (Root::Uct, false, 0.0),
            (Root::Paired, false, 0.0),
            (Root::Paired, false, 0.02),
            (Root::Paired, true, 0.0),
        ] {
            let cfg = MctsConfig {
                reuse: false,
                root,
                merge,
                policy,
                ..MctsConfig::default()
            };
            let mut mcts = Mcts::new(cfg);
            let view = PlayerView::new(s, *seat);
            let mut r = derive_rng(9, i as u64, Stream::Seat(*seat));
            let (_, allocations) = counted(|| mcts.act(&view, &mut r));
            assert!(merge || mcts.iterations_done() > 0);
            assert_eq!(
                allocations, 0,
                "search {i} ({root:?}, merge={merge}, policy={policy}): {allocations} allocations"
            );
        }
    }
}

#[test]
fn whole_games_of_the_default_agents_allocate_only_to_grow_the_search_tree() {
    let game = Grangol::default_rules();
    let mut mcts = make_agent::<State>(&agents::AgentSpec::parse("mcts").unwrap()).unwrap();
    let mut greedy = make_agent::<State>(&agents::AgentSpec::parse("greedy").unwrap()).unwrap();
    // The fitted evaluation is read from its embedded file once per process.
    let _ = State::fitted_eval();
    let mut obs = vec![0.0; game.new_initial_state().observation_size()];
    let (actions, allocations) = counted(|| {
        play(
            &game,
            &mut [mcts.as_mut() as &mut dyn Agent<State>, greedy.as_mut()],
            1,
            &mut obs,
        )
    });
    // The tree kept from decision to decision grows by doubling its arenas: a few dozen
    // allocations a game, none per iteration.
    assert!(actions > 100);
    assert!(
        allocations < 64,
        "{allocations} allocations in {actions} actions"
    );
}
