//! Every agent of the agent table (`agents::AGENTS`) against every registered game
//! (`engine::core::for_each_game`): the per-game defaults files load, every agent builds
//! and plays, and no honest agent peeks. Both lists are read from their registries, so a
//! new agent or game is covered by its one registration line.

use crate::no_peeking::check_no_peeking;
use agents::{make_agent, AgentDefaults, AGENTS};
use engine::core::{
    derive_rng, for_each_game, load_embedded, ChanceOutcomes, GameState, GameVisitor, PlayerView,
    Registered, Stream, Turn, NAMES,
};

/// Every shipped `configs/<game>/agents.toml` loads: every table an agent with
/// parameters, every key one of its parameters, every value one it accepts.
#[test]
fn every_games_agent_defaults_load() {
    struct Check;
    impl GameVisitor for Check {
        type Output = &'static str;
        fn visit<G: Registered>(&mut self) -> &'static str {
            let file = format!("configs/{}/agents.toml", G::NAME);
            let d = AgentDefaults::parse(G::AGENT_DEFAULTS, &file).unwrap();
            for a in AGENTS {
                for (k, _) in d.params_for(a.name) {
                    assert!(
                        a.params.iter().any(|p| p.name == k),
                        "{file}: {}.{k}",
                        a.name
                    );
                }
            }
            G::NAME
        }
    }
    assert_eq!(for_each_game(&mut Check), NAMES);
}

/// Every agent of the table builds (its test spec, with the game's defaults laid under
/// it) and plays decisions of every registered game it can play.
#[test]
fn every_agent_plays_every_game_it_can() {
    struct Play;
    impl GameVisitor for Play {
        type Output = usize;
        fn visit<G: Registered>(&mut self) -> usize {
            let game = load_embedded::<G>(G::RULES[0].name, |_| {}).unwrap();
            let defaults = AgentDefaults::parse(G::AGENT_DEFAULTS, G::NAME).unwrap();
            let mut played = 0;
            // An agent built from a file (`onnx`: a model of the game's sizes) is played
            // by its own tests (onnx/tests/it/onnx.rs).
            let playable = AGENTS
                .iter()
                .filter(|a| a.can_play(game.info()) && !a.needs_file());
            for a in playable {
                let typed = agents::AgentSpec::parse(a.test_spec).unwrap();
                let spec = defaults.resolve(&typed).unwrap();
                let mut agent = make_agent::<G::State>(&spec).unwrap();
                let mut state = game.new_initial_state();
                let mut chance = derive_rng(5, 0, Stream::Chance(0));
                let mut rng = derive_rng(5, 0, Stream::Seat(0));
                let mut decisions = 0;
                while decisions < 3 {
                    let action = match state.turn() {
                        Turn::Terminal => break,
                        Turn::Chance => state.sample_chance_outcome(&mut chance),
                        Turn::Decision(seat) => {
                            decisions += 1;
                            agent.act(&PlayerView::new(&state, seat), &mut rng)
                        }
                    };
                    state.apply(action);
                }
                assert!(decisions > 0, "{} in {}", a.name, G::NAME);
                played += 1;
            }
            played
        }
    }
    let played = for_each_game(&mut Play);
    assert!(played.iter().all(|&n| n > 0), "{played:?}");
}

/// No peeking, for every registered game and every agent of the table that does not
/// see hidden information by design: choices do not depend on what the deciding seat
/// cannot see ([`check_no_peeking`]). The exempt (`oracle`) is checked to peek in
/// `oracle.rs`.
#[test]
fn no_honest_agent_peeks_in_any_game() {
    struct NoPeeking;
    impl GameVisitor for NoPeeking {
        type Output = ();
        fn visit<G: Registered>(&mut self) {
            let game = load_embedded::<G>(G::RULES[0].name, |_| {}).unwrap();
            let honest = AGENTS
                .iter()
                .filter(|a| !a.sees_hidden_information && a.can_play(game.info()))
                // An agent built from a file (`onnx`) reads only the observation tensor,
                // whose no-peeking the engine's battery checks.
                .filter(|a| !a.needs_file());
            for a in honest {
                check_no_peeking(
                    &game,
                    &agents::AgentSpec::parse(a.test_spec).unwrap(),
                    12,
                    17,
                )
                .unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
            }
        }
    }
    for_each_game(&mut NoPeeking);
}

/// The parameter tables of `docs/agents.md` ("Parameters") are the agent table's
/// ([`agents::params_markdown`]), so the docs cannot drift from the declarations. On a
/// difference the message gives the text to paste between the markers.
#[test]
fn the_docs_list_every_parameter_as_declared() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/agents.md");
    let doc = std::fs::read_to_string(path).unwrap();
    let (begin, end) = ("<!-- parameters: begin -->\n", "<!-- parameters: end -->");
    let start = doc
        .find(begin)
        .expect("docs/agents.md has the parameters' markers")
        + begin.len();
    let stop = doc[start..].find(end).expect("an end marker") + start;
    let want = agents::params_markdown();
    assert!(
        doc[start..stop] == want,
        "docs/agents.md's parameter tables differ from the agent table; between the markers \
         they should read:\n{want}"
    );
}
