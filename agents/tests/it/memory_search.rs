//! `mcts` in the memory solitaire: the face-down cards the searching seat has never seen
//! are one class of exchangeable actions ([`engine::core::Heuristic::action_classes`]), so
//! the search chooses among a few kinds of card instead of 88 places, and with the memory
//! game's values (`margin=0`, `c=0.02`, `docs/agents.md`) it plays the standard
//! perfect-memory strategy, the optimum (`engine::memory::theory`), at the decisions
//! where that strategy is strictly better than every alternative.

use agents::{Mcts, MctsConfig, Oracle};
use engine::core::{
    derive_rng, ActionList, Agent, ChanceOutcomes, Game, GameState, Heuristic, LegalActions,
    PlayerView, Stream, Turn,
};
use engine::memory::{Memory, Phase, PrizesConfig, State};

/// The classic solitaire: one player, 44 footballer pairs on the 10 x 10 grid, no prizes.
fn classic() -> Memory {
    let mut c = Memory::default_rules().config().clone();
    c.players = 1;
    c.prizes = PrizesConfig::NONE;
    let rules = c.validate().unwrap();
    Memory::from_parts(c, rules)
}

/// The memory game's `mcts` values.
fn memory_mcts() -> Mcts {
    Mcts::new(MctsConfig {
        margin: 0.0,
        c: 0.02,
        ..MctsConfig::default()
    })
}

/// Whether face-down place `c` is known to seat 0 with the face `f`, other than `not`.
fn known_with(s: &State, f: u8, not: u8) -> bool {
    (0..128u8).any(|c| c != not && s.known(0) & s.face_down() & (1u128 << c) != 0 && s.face(c) == f)
}

/// States of classic solitaires played by the standard strategy (the rollout policy), at
/// decisions of kind `want` (see [`kind`]), at most one per game, from `games` games.
fn states(want: Kind, games: u64) -> Vec<State> {
    let game = classic();
    let mut legal = ActionList::new();
    let mut out = Vec::new();
    for g in 0..games {
        let mut rng = derive_rng(11, g, Stream::Other(0));
        let mut s = game.new_initial_state();
        let mut skip = g % 7;
        while s.turn() != Turn::Terminal {
            let a = match s.turn() {
                Turn::Decision(seat) => {
                    if kind(&s) == Some(want) {
                        if skip == 0 {
                            out.push(s.clone());
                            break;
                        }
                        skip -= 1;
                    }
                    s.legal_actions(&mut legal);
                    s.rollout_action(seat, &legal, &mut rng).unwrap()
                }
                _ => s.sample_chance_outcome(&mut rng),
            };
            s.apply(a);
        }
    }
    out
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The first card is up and the seat knows where its mate lies.
    MateKnown,
    /// A new turn, no pair known, some cards known: a known card first is strictly worse
    /// than an unseen one.
    NoPairKnown,
}

fn kind(s: &State) -> Option<Kind> {
    let known = s.known(0) & s.face_down();
    match s.phase() {
        Phase::Second => {
            let first = s.first_card()?;
            known_with(s, s.face(first), first).then_some(Kind::MateKnown)
        }
        Phase::TurnStart => {
            let pair = (0..128u8).any(|c| known & (1u128 << c) != 0 && known_with(s, s.face(c), c));
            (!pair && known.count_ones() >= 3 && s.pairs_taken() < 40).then_some(Kind::NoPairKnown)
        }
        _ => None,
    }
}

/// The place the memory game's `mcts` turns at each state of kind `want`.
fn choices(want: Kind) -> Vec<(State, u8)> {
    let states = states(want, 40);
    assert!(states.len() >= 30, "{}", states.len());
    states
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            let mut mcts = memory_mcts();
            let a = mcts.act(
                &PlayerView::new(&s, 0),
                &mut derive_rng(5, i as u64, Stream::Seat(0)),
            );
            (s, a.0 as u8)
        })
        .collect()
}

#[test]
fn mcts_takes_the_mate_of_its_first_card_when_it_knows_where_it_is() {
    for (i, (s, c)) in choices(Kind::MateKnown).iter().enumerate() {
        let first = s.first_card().unwrap();
        assert!(
            s.known(0) & (1u128 << c) != 0 && s.face(*c) == s.face(first),
            "state {i}: turned place {c}, not the known mate of the first card"
        );
    }
}

#[test]
fn mcts_turns_an_unseen_card_first_when_it_knows_no_pair() {
    for (i, (s, c)) in choices(Kind::NoPairKnown).iter().enumerate() {
        assert!(
            s.known(0) & (1u128 << c) == 0,
            "state {i}: turned place {c}, a card already seen"
        );
    }
}

#[test]
fn the_unseen_cards_are_one_choice_for_mcts_but_not_for_the_oracle() {
    // The opening of the solitaire: 88 face-down cards, none seen. They are one class,
    // so mcts has nothing to search; merge=false searches the 88 places, and the oracle
    // (which sees the faces) never merges.
    let game = classic();
    let mut s = game.new_initial_state();
    let mut rng = derive_rng(3, 0, Stream::Other(0));
    while s.turn() == Turn::Chance {
        let a = s.sample_chance_outcome(&mut rng);
        s.apply(a);
    }
    let view = PlayerView::new(&s, 0);
    let mut merged = memory_mcts();
    let a = merged.act(&view, &mut derive_rng(3, 0, Stream::Seat(0)));
    assert_eq!(merged.iterations_done(), 0);
    assert_eq!(a.0, 0, "the first unseen place stands for its class");
    let mut plain = Mcts::new(MctsConfig {
        merge: false,
        ..MctsConfig::default()
    });
    plain.act(&view, &mut derive_rng(3, 0, Stream::Seat(0)));
    assert!(plain.iterations_done() > 0);
    let mut oracle =
        Oracle::from_spec(&agents::AgentSpec::parse("oracle(iterations=64)").unwrap()).unwrap();
    oracle.act(&view, &mut derive_rng(3, 0, Stream::Seat(0)));
    assert!(oracle.search().iterations_done() > 0);
}
