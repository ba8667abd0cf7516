//! [`agents::request_stop`] ends every `mcts` search at once, whatever its budget. In a
//! test binary of its own: the flag is per process and never cleared.

use engine::core::{
    derive_rng, ActionList, ChanceOutcomes, Game, GameState, LegalActions, PlayerView, Stream, Turn,
};

#[test]
fn a_requested_stop_ends_searches_of_any_budget_with_a_legal_action() {
    let game = engine::grangol::Grangol::default_rules();
    let mut state = game.new_initial_state();
    let mut chance = derive_rng(1, 0, Stream::Chance(0));
    while state.turn() == Turn::Chance {
        let a = state.sample_chance_outcome(&mut chance);
        state.apply(a);
    }
    let Turn::Decision(seat) = state.turn() else {
        panic!("a GRANGOL game starts with a decision after the deal");
    };
    agents::request_stop();
    assert!(agents::stop_requested());
    let mut legal = ActionList::new();
    state.legal_actions(&mut legal);
    // An hour per decision, ten million iterations, and the paired root search: each
    // returns at once (without the stop, the first would not return within the test run).
    for spec in [
        "mcts(time_ms=3600000)",
        "mcts(iterations=10000000,root=uct)",
        "mcts(iterations=10000000)",
    ] {
        let mut agent = agents::make_agent(&agents::AgentSpec::parse(spec).unwrap()).unwrap();
        let view = PlayerView::new(&state, seat);
        let action = agent.act(&view, &mut derive_rng(1, 0, Stream::Seat(seat)));
        assert!(legal.contains(&action), "{spec}: {action:?} is not legal");
    }
}
