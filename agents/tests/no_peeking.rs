//! No peeking: an agent's choice depends only on what its seat can see. At many GRANGOL
//! decisions we build a second state that differs from the real one only in what the
//! deciding seat cannot see (one unseen card of the opponent's hand swapped with a card of
//! the draw pile, `State::hidden_variant`), and require `greedy`
//! and `mcts`, given the same seeds, to choose the same action in both.

use agents::make_agent;
use engine::core::{
    derive_rng, sample_chance, ActionList, ChanceList, Game, GameState, PlayerView, Stream, Turn,
};
use engine::grangol::{Card, Grangol, State};
use rand::Rng as _;

/// Decision states of seat `seat` taken from random games, with a twin that differs only
/// in hidden information.
fn twins(game: &Grangol, count: usize) -> Vec<(State, State, u8)> {
    let mut out = Vec::new();
    let (mut legal, mut chance) = (ActionList::new(), ChanceList::new());
    let mut g = 0;
    while out.len() < count {
        g += 1;
        let mut rng = derive_rng(99, g, Stream::Other(1));
        let mut s = game.new_initial_state();
        let stop = rng.gen_range(20..400);
        let mut step = 0;
        loop {
            match s.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    s.chance_outcomes(&mut chance);
                    s.apply(sample_chance(&chance, &mut rng));
                }
                Turn::Decision(seat) => {
                    s.legal_actions(&mut legal);
                    if step >= stop && legal.len() > 1 {
                        // A twin with another hidden hand for the opponent.
                        let twin = Card::ALL.iter().find_map(|&o| {
                            Card::ALL.iter().find_map(|&i| s.hidden_variant(seat, o, i))
                        });
                        if let Some(twin) = twin {
                            assert_eq!(twin.info_key(seat), s.info_key(seat));
                            out.push((s.clone(), twin, seat));
                        }
                        break;
                    }
                    s.apply(legal[rng.gen_range(0..legal.len())]);
                }
            }
            step += 1;
        }
    }
    out
}

fn same_choice(spec: &str, cases: &[(State, State, u8)]) {
    for (i, (real, twin, seat)) in cases.iter().enumerate() {
        let mut a = make_agent::<State>(spec).unwrap();
        let mut b = make_agent::<State>(spec).unwrap();
        let mut ra = derive_rng(5, i as u64, Stream::Seat(*seat));
        let mut rb = derive_rng(5, i as u64, Stream::Seat(*seat));
        let x = a.act(&PlayerView::new(real, *seat), &mut ra);
        let y = b.act(&PlayerView::new(twin, *seat), &mut rb);
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
