//! The oracle peeks, and it is the only agent that does.
//!
//! - Its view's determinizations are the true state ([`PlayerView::omniscient`]).
//! - At GRANGOL decisions with a twin state that differs only in what the deciding seat
//!   cannot see (a determinization: the opponent's hand, the draw pile), `mcts` chooses alike in both (it is honest) while the
//!   `oracle` with the same parameters and seeds chooses differently in some of them: it
//!   reads the hand.
//! - No source file of the lab but the oracle's calls `PlayerView::omniscient`.

use agents::{sees_hidden_information, AGENTS};
use engine::core::testing::random_decision;
use engine::core::{derive_rng, ActionList, InfoSets, PlayerView, Stream};
use engine::grangol::{Grangol, State};
use std::path::Path;

/// Decision states of random GRANGOL games, each with a twin from the deciding seat's
/// information set (`InfoSets::determinize`: other hidden cards, same information key).
fn twins(game: &Grangol, count: usize) -> Vec<(State, State, u8)> {
    let mut out = Vec::new();
    let mut g = 0;
    while out.len() < count {
        g += 1;
        let Some((s, seat, mut rng)) = random_decision(game, 99, g, 20..400) else {
            continue;
        };
        let twin = s.determinize(seat, &mut rng);
        if twin != s {
            out.push((s, twin, seat));
        }
    }
    out
}

/// How many of `cases` the agent `spec` decides differently in the twin.
fn differing(spec: &str, cases: &[(State, State, u8)]) -> usize {
    crate::no_peeking::choices(spec, cases)
        .iter()
        .filter(|(x, y)| x != y)
        .count()
}

#[test]
fn the_omniscient_view_determinizes_to_the_true_state() {
    let game = Grangol::default_rules();
    for (real, twin, seat) in twins(&game, 10) {
        let honest = PlayerView::new(&real, seat);
        let peek = honest.omniscient();
        assert!(peek.is_omniscient() && !honest.is_omniscient());
        assert_eq!(peek.info_key(), honest.info_key());
        let (mut a, mut b) = (ActionList::new(), ActionList::new());
        peek.legal_actions(&mut a);
        honest.legal_actions(&mut b);
        assert_eq!(a, b);
        let mut rng = derive_rng(1, 0, Stream::Other(0));
        assert_eq!(
            format!("{:?}", peek.determinize(&mut rng)),
            format!("{real:?}")
        );
        let twin_peek = PlayerView::new(&twin, seat).omniscient();
        assert_eq!(
            format!("{:?}", twin_peek.determinize(&mut rng)),
            format!("{twin:?}")
        );
        assert_ne!(format!("{real:?}"), format!("{twin:?}"));
    }
}

#[test]
fn the_oracle_reads_the_hidden_hand_where_mcts_does_not() {
    let game = Grangol::default_rules();
    let cases = twins(&game, 40);
    assert_eq!(differing("mcts(iterations=200)", &cases), 0);
    let oracle = differing("oracle(iterations=200)", &cases);
    assert!(
        oracle > 0,
        "the oracle chose alike in all {} twins: it does not see the hidden hand",
        cases.len()
    );
}

#[test]
fn only_the_oracle_is_marked_and_only_it_calls_omniscient() {
    assert!(sees_hidden_information(
        &agents::AgentSpec::parse("oracle").unwrap()
    ));
    assert!(sees_hidden_information(
        &agents::AgentSpec::parse("oracle(iterations=50)").unwrap()
    ));
    for a in AGENTS {
        assert_eq!(
            sees_hidden_information(&agents::AgentSpec::parse(a.name).unwrap()),
            a.sees_hidden_information,
            "{}",
            a.name
        );
    }
    let marked: Vec<&str> = AGENTS
        .iter()
        .filter(|a| a.sees_hidden_information)
        .map(|a| a.name)
        .collect();
    assert_eq!(marked, ["oracle"]);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut callers = Vec::new();
    for dir in [
        "agents/src",
        "sim-cli/src",
        "reports/src",
        "engine/src",
        "benches",
    ] {
        visit(&root.join(dir), &mut |path, text| {
            if text.contains(".omniscient(") {
                callers.push(path.strip_prefix(&root).unwrap().display().to_string());
            }
        });
    }
    assert_eq!(callers, ["agents/src/oracle.rs"]);
}

fn visit(dir: &Path, f: &mut dyn FnMut(&Path, &str)) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            visit(&path, f);
        } else if path.extension().is_some_and(|e| e == "rs") {
            f(&path, &std::fs::read_to_string(&path).unwrap());
        }
    }
}
