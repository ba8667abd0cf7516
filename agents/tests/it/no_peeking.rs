//! No peeking: an agent's choice depends only on what its seat can see. At many GRANGOL
//! decisions we build a second state that differs from the real one only in what the
//! deciding seat cannot see (one unseen card of the opponent's hand swapped with a card of
//! the draw pile, `State::hidden_variant`), and require `greedy`
//! and `mcts`, given the same seeds, to choose the same action in both.

use agents::make_agent;
use engine::core::testing::random_decision;
use engine::core::{
    derive_rng, Action, ActionList, InfoSets, LegalActions, Notation, PlayerView, Stream,
};
use engine::grangol::{Card, Grangol, State};

/// Decision states of seat `seat` taken from random games, with a twin that differs only
/// in hidden information.
fn twins(game: &Grangol, count: usize) -> Vec<(State, State, u8)> {
    let mut out = Vec::new();
    let mut g = 0;
    while out.len() < count {
        g += 1;
        let Some((s, seat, _)) = random_decision(game, 99, g, 20..400) else {
            continue;
        };
        // A twin with another hidden hand for the opponent.
        let twin = Card::ALL
            .iter()
            .find_map(|&o| Card::ALL.iter().find_map(|&i| s.hidden_variant(seat, o, i)));
        if let Some(twin) = twin {
            assert_eq!(twin.info_key(seat), s.info_key(seat));
            out.push((s, twin, seat));
        }
    }
    out
}

/// What a fresh agent `spec` plays in each case's real state and in its twin, from the
/// same seat stream (shared with `oracle.rs`).
pub(crate) fn choices(spec: &str, cases: &[(State, State, u8)]) -> Vec<(Action, Action)> {
    let play = |state: &State, seat: u8, i: usize| {
        let mut agent = make_agent::<State>(&agents::AgentSpec::parse(spec).unwrap()).unwrap();
        let mut rng = derive_rng(5, i as u64, Stream::Seat(seat));
        agent.act(&PlayerView::new(state, seat), &mut rng)
    };
    cases
        .iter()
        .enumerate()
        .map(|(i, (real, twin, seat))| (play(real, *seat, i), play(twin, *seat, i)))
        .collect()
}

fn same_choice(spec: &str, cases: &[(State, State, u8)]) {
    for (i, ((x, y), (real, twin, _))) in choices(spec, cases).into_iter().zip(cases).enumerate() {
        assert_eq!(
            x,
            y,
            "{spec} chose {} with the real hidden cards and {} with others (case {i})",
            real.action_to_string(x),
            twin.action_to_string(y)
        );
    }
}

#[test]
fn twins_really_differ_only_in_hidden_information() {
    let game = Grangol::default_rules();
    let cases = twins(&game, 20);
    for (real, twin, seat) in &cases {
        let mut l1 = ActionList::new();
        let mut l2 = ActionList::new();
        real.legal_actions(&mut l1);
        twin.legal_actions(&mut l2);
        assert_eq!(l1, l2);
        assert_eq!(real.info_key(*seat), twin.info_key(*seat));
        assert_ne!(format!("{real:?}"), format!("{twin:?}"));
    }
}

#[test]
fn greedy_does_not_peek() {
    let game = Grangol::default_rules();
    same_choice("greedy", &twins(&game, 60));
}

#[test]
fn mcts_does_not_peek() {
    let game = Grangol::default_rules();
    same_choice("mcts(iterations=200)", &twins(&game, 30));
    same_choice(
        "mcts(iterations=100,playout=greedy,until=depth,depth=10)",
        &twins(&game, 10),
    );
    same_choice("mcts(iterations=200,root=uct)", &twins(&game, 30));
}
