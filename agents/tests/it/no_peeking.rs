//! No peeking: an agent's choice depends only on what its seat can see. At many GRANGOL
//! decisions we build a second state that differs from the real one only in what the
//! deciding seat cannot see (one unseen card of the opponent's hand swapped with a card of
//! the draw pile, `State::hidden_variant`), and require `greedy`
//! and `mcts`, given the same seeds, to choose the same action in both.

use agents::make_agent;
use engine::core::testing::random_decision;
use engine::core::{
    derive_rng, Action, ActionList, Game, Heuristic, InfoSets, LegalActions, Notation, PlayerView,
    Stream,
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

// The generic no-peeking check. At decisions taken from random games of any game, a
// *twin* state is built by `InfoSets::determinize`: another state of the deciding seat's
// information set (same information key, other hidden cards). Two fresh agents of one
// spec, given the same random stream, must choose the same action in the real state and
// in the twin. An agent that read a hidden card (the other hand, the order of the draw
// pile) would sooner or later choose differently. Every registered game runs it with
// every agent of the table that does not see hidden information (`table.rs`).

/// Checks `spec` (an `--agents` entry) at `cases` decisions of random games of `game`,
/// each taken at a random step of its own game, from `seed`. Errors: the first case where
/// the agent chose differently in the twin, naming both actions; or a spec that does not
/// build.
pub fn check_no_peeking<G: Game>(
    game: &G,
    spec: &agents::AgentSpec,
    cases: usize,
    seed: u64,
) -> Result<(), String>
where
    G::State: Heuristic,
{
    let mut found = 0;
    let mut g = 0u64;
    while found < cases {
        g += 1;
        if g > 50 * cases as u64 + 50 {
            return Err(format!(
                "{}: found only {found} decisions with a choice in {g} games",
                game.info().name
            ));
        }
        let Some((s, seat, mut rng)) = random_decision(game, seed, g, 0..200) else {
            continue;
        };
        let twin = s.determinize(seat, &mut rng);
        if twin.info_key(seat) != s.info_key(seat) {
            return Err("determinize changed the information key".into());
        }
        let mut a = make_agent::<G::State>(spec).map_err(|e| e.to_string())?;
        let mut b = make_agent::<G::State>(spec).map_err(|e| e.to_string())?;
        let x = a.act(
            &PlayerView::new(&s, seat),
            &mut derive_rng(seed, g, Stream::Seat(seat)),
        );
        let y = b.act(
            &PlayerView::new(&twin, seat),
            &mut derive_rng(seed, g, Stream::Seat(seat)),
        );
        if x != y {
            return Err(format!(
                "{} game {g}: {spec} chose {} in the real state and {} in a state that \
                 differs only in what seat {seat} cannot see",
                game.info().name,
                s.action_to_string(x),
                twin.action_to_string(y)
            ));
        }
        found += 1;
    }
    Ok(())
}
