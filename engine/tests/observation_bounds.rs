//! Observation tensors lie within their declared bounds
//! ([`engine::core::OBSERVATION_BOUNDS`], `[0, 1]`) over 1,000 random games of every
//! registered game on its default rules: at every decision the deciding seat's tensor,
//! and at the end every seat's. Decisions are uniformly random, chance outcomes drawn by
//! their weights, each game on its own stream. (The battery checks the bounds too, at the
//! states it samples, on every shipped and fuzzed rule set: `engine::core::testing`.)

use engine::core::testing::random_step;
use engine::core::{
    derive_rng, for_each_game, load_embedded, ActionList, ChanceList, GameState, GameVisitor,
    Observation, Registered, Seat, Stream, Turn, NAMES, OBSERVATION_BOUNDS,
};

/// Random games played per registered game.
const GAMES: u64 = 1_000;

/// The first entry of `tensor` outside the bounds, with its part's name.
fn outside(state: &impl GameState, tensor: &[f32]) -> Option<String> {
    let (low, high) = OBSERVATION_BOUNDS;
    let i = tensor.iter().position(|v| !(low..=high).contains(v))?;
    let layout = state.observation_layout();
    let mut start = 0;
    for p in &layout.parts {
        if (start..start + p.len()).contains(&i) {
            return Some(format!("entry {i} (part {}) is {}", p.name, tensor[i]));
        }
        start += p.len();
    }
    Some(format!("entry {i} is {}", tensor[i]))
}

/// Checks the registered game named `.0` over the games `.1` (others give `Ok(0)`).
struct Bounds(&'static str, std::ops::Range<u64>);

impl GameVisitor for Bounds {
    type Output = Result<u64, String>;
    fn visit<G: Registered>(&mut self) -> Self::Output {
        if G::NAME != self.0 {
            return Ok(0);
        }
        let game = load_embedded::<G>(G::RULES[0].name, |_| {})?;
        let mut tensor = vec![0.0f32; game.new_initial_state().observation_size()];
        let (mut legal, mut chance) = (ActionList::new(), ChanceList::new());
        let mut checked = 0u64;
        for g in self.1.clone() {
            let mut rng = derive_rng(0x0B5, g, Stream::Other(0));
            let mut s = game.new_initial_state();
            let mut step = 0usize;
            loop {
                let seats: &[Seat] = match s.turn() {
                    Turn::Decision(seat) => &[seat][..],
                    Turn::Chance => &[],
                    Turn::Terminal => &[0, 1, 2, 3][..s.num_seats()],
                };
                for &seat in seats {
                    s.observation_tensor(seat, &mut tensor);
                    checked += 1;
                    if let Some(m) = outside(&s, &tensor) {
                        return Err(format!(
                            "{} game {g}, step {step}, seat {seat}: {m}",
                            G::NAME
                        ));
                    }
                }
                if !random_step(&mut s, &mut rng, &mut legal, &mut chance) {
                    break;
                }
                step += 1;
            }
        }
        Ok(checked)
    }
}

/// The games checked, one test each so that they run side by side.
const CHECKED: [&str; 5] = ["grangol", "lastuf", "memory", "helvetia", "crazy_eights"];

/// Plays the games `games` of `name` and fails on the first entry out of bounds.
fn check_games(name: &'static str, games: std::ops::Range<u64>) {
    let n = games.end - games.start;
    let checked: u64 = for_each_game(&mut Bounds(name, games))
        .into_iter()
        .map(Result::unwrap)
        .sum();
    assert!(checked > n, "{name}: tensors checked: {checked}");
}

/// Plays the 1,000 games of `name` and fails on the first entry out of bounds.
fn check(name: &'static str) {
    check_games(name, 0..GAMES);
}

#[test]
fn every_registered_game_is_checked() {
    let mut names = NAMES.to_vec();
    names.sort_unstable();
    let mut checked = CHECKED.to_vec();
    checked.sort_unstable();
    assert_eq!(
        names, checked,
        "add the new game to CHECKED and give it a test"
    );
}

#[test]
fn grangol_observations_lie_within_their_bounds() {
    check("grangol");
}

#[test]
fn lastuf_observations_lie_within_their_bounds() {
    check("lastuf");
}

// Memory's tensor is the largest (a face plane per place) and its random games the
// longest, so its 1,000 games are two tests, one a core.
#[test]
fn memory_observations_lie_within_their_bounds() {
    check_games("memory", 0..GAMES / 2);
}

#[test]
fn memory_observations_lie_within_their_bounds_second_half() {
    check_games("memory", GAMES / 2..GAMES);
}

#[test]
fn helvetia_observations_lie_within_their_bounds() {
    check("helvetia");
}

#[test]
fn crazy_eights_observations_lie_within_their_bounds() {
    check("crazy_eights");
}
