//! A tiny one-seat game for the tests of the runner: every part of a run must work for a
//! solitaire (the memory game can be played alone), and no registered game has one seat.
//! Not registered in `games.rs` (that list is for real games); built for this crate's
//! tests and, with the feature `testing`, for the tests of `sim-cli`: tests reach it through
//! [`crate::infra::games::load`] like any [`Registered`] game.
//!
//! Each turn the player plays one of two cards: SAFE scores 1 point on a fair coin, BOLD
//! scores 3 points on one chance in four (so a greedy player always plays BOLD). A chance node (stream 0) decides; the turn then
//! ends (`TurnEnd`). The game ends when the player has `target` points, or after `turns`
//! turns (the length cap). The card capability is there too: the card played is drawn,
//! played and resolved (`CardDrawn`, `CardPlayed`, `CardResolved`), and every point is a
//! `Goal`.

use engine_core::{
    Action, ActionList, CardInfo, ChanceList, EmbeddedRules, Events, Game, GameEvent, GameInfo,
    GameState, Heuristic, InfoKey, Information, ObservationLayout, Odds, Registered, Returns, Rng,
    RuleProblem, Seat, TensorWriter, Turn, Utility, MAX_SEATS,
};

/// The rules file of the solitaire: its schema.
const DEFAULT: &str = "\
# The most turns a game lasts (the length cap).
turns = 12

# The points that end the game.
target = 8
";

/// The cards (and decision actions): SAFE, then BOLD.
const SAFE: u16 = 0;
const BOLD: u16 = 1;
/// The chance outcomes.
const MISS: u16 = 2;
const HIT: u16 = 3;

/// The rules as written.
#[derive(Clone, Copy, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    turns: u32,
    target: u32,
}

/// A loaded rule set.
pub struct Solitaire {
    config: Config,
    info: GameInfo,
}

impl Game for Solitaire {
    type State = State;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn new_initial_state(&self) -> State {
        State {
            turns: self.config.turns,
            target: self.config.target,
            played: 0,
            points: 0,
            pending: None,
            hash: 0,
        }
    }
}

impl Registered for Solitaire {
    type Config = Config;
    const NAME: &'static str = "solitaire";
    const ABOUT: &'static str = "a coin-flipping solitaire for the runner's tests, 1 player";
    const RULES: &'static [EmbeddedRules] = &[EmbeddedRules {
        name: "default",
        text: DEFAULT,
        about: "the test rules",
    }];
    /// A harmless change for the tests of per-game defaults: 40 iterations instead of 500.
    const AGENT_DEFAULTS: &'static str = "[mcts]\niterations = 40\n";

    fn build(config: Config) -> Result<Self, Vec<RuleProblem>> {
        let mut problems = Vec::new();
        if config.turns == 0 || config.turns > 1000 {
            problems.push(RuleProblem::new("turns", "from 1 to 1000"));
        }
        if config.target == 0 {
            problems.push(RuleProblem::new("target", "at least 1"));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let card = |name: &str, outcomes| CardInfo {
            name: name.into(),
            has_outcome: true,
            colour: None,
            die_odds: Some(Odds {
                favourable: 1,
                outcomes,
            }),
        };
        Ok(Solitaire {
            config,
            info: GameInfo {
                name: Self::NAME,
                num_seats: 1,
                min_seats: 1,
                max_seats: 1,
                utility: Utility::GeneralSum,
                information: Information::Perfect,
                num_distinct_actions: 4,
                max_game_length: 2 * config.turns as usize,
                at_cap: "scored as it stood",
                endless: false,
                cards: vec![card("SAFE", 2), card("BOLD", 4)],
                board: None,
                known_optimum: None,
            },
        })
    }
}

/// A position: turns played and left, points, the card waiting for its chance node.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    turns: u32,
    target: u32,
    played: u32,
    points: u32,
    /// The card played this turn, before the chance node decides it.
    pending: Option<u16>,
    hash: u64,
}

impl State {
    fn over(&self) -> bool {
        self.points >= self.target || self.played >= self.turns
    }

    /// The most points a game can make: the scale of the returns.
    fn top(&self) -> f64 {
        f64::from(3 * self.turns)
    }
}

impl engine_core::Observation for State {
    fn observation_layout(&self) -> ObservationLayout {
        ObservationLayout::default()
            .part("points", &[1], "points scored so far, n as n / (n + 3)")
            .part("played", &[1], "turns played so far, n as n / (n + 1)")
            .part(
                "pending",
                &[2],
                "the card played awaiting its chance node, one-hot",
            )
    }

    fn observation_tensor(&self, _seat: Seat, out: &mut [f32]) {
        let mut w = TensorWriter::new(out);
        w.squashed(self.points as f32, 3.0);
        w.squashed(self.played as f32, 1.0);
        w.one_hot(2, self.pending.map(usize::from));
        w.finish();
    }

    fn observation_string(&self, _seat: Seat) -> String {
        format!("points {} after {} turns", self.points, self.played)
    }
}

impl engine_core::InfoSets for State {
    fn info_key(&self, _seat: Seat) -> InfoKey {
        InfoKey::finish(self.hash)
    }

    fn determinize(&self, _seat: Seat, _rng: &mut Rng) -> Self {
        self.clone()
    }
}

impl engine_core::Notation for State {
    type Snapshot = (u32, u32);

    fn action_to_string(&self, action: Action) -> String {
        ["SAFE", "BOLD", "miss", "hit"][usize::from(action.0)].into()
    }

    fn snapshot(&self) -> (u32, u32) {
        (self.played, self.points)
    }
}

impl engine_core::LegalActions for State {
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        if self.turn() == Turn::Decision(0) {
            out.extend([Action(SAFE), Action(BOLD)]);
        }
    }
}

impl engine_core::ChanceOutcomes for State {
    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        match self.pending {
            Some(SAFE) => out.extend([(Action(MISS), 1), (Action(HIT), 1)]),
            Some(_) => out.extend([(Action(MISS), 3), (Action(HIT), 1)]),
            None => {}
        }
    }
}

impl engine_core::ApplyAction for State {
    fn apply_with<F: Events>(&mut self, action: Action, events: &mut F) {
        self.hash = InfoKey::mix(self.hash, u64::from(action.0));
        match self.pending.take() {
            None => {
                let card = action.0 as u8;
                events.event(GameEvent::CardDrawn { seat: 0, card });
                events.event(GameEvent::CardPlayed { seat: 0, card });
                self.pending = Some(action.0);
            }
            Some(card) => {
                let success = action.0 == HIT;
                events.event(GameEvent::CardResolved {
                    seat: 0,
                    card: card as u8,
                    success,
                });
                if success {
                    let points = if card == SAFE { 1 } else { 3 };
                    for _ in 0..points {
                        events.event(GameEvent::Goal { seat: 0 });
                    }
                    self.points += points;
                }
                self.played += 1;
                events.event(GameEvent::TurnEnd { seat: 0 });
            }
        }
    }
}

impl GameState for State {
    fn num_seats(&self) -> usize {
        1
    }

    fn utility(&self) -> Utility {
        Utility::GeneralSum
    }

    fn turn(&self) -> Turn {
        if self.pending.is_some() {
            Turn::Chance
        } else if self.over() {
            Turn::Terminal
        } else {
            Turn::Decision(0)
        }
    }

    fn returns(&self) -> Returns {
        let mut r = [0.0; MAX_SEATS];
        if self.turn() == Turn::Terminal {
            r[0] = f64::from(self.points) / self.top();
        }
        r
    }

    fn score(&self, _seat: Seat) -> i32 {
        self.points as i32
    }

    fn ended_by_cap(&self) -> bool {
        self.turn() == Turn::Terminal && self.points < self.target
    }
}

impl Heuristic for State {
    fn heuristic(&self, _seat: Seat) -> f64 {
        f64::from(self.points) / self.top()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_test_game_passes_the_battery() {
        let (game, _) = crate::infra::rules::load::<Solitaire>(None, &[]).unwrap();
        engine_core::testing::check_game(&game, 40, 3).unwrap();
    }
}
