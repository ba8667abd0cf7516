//! `panic(at=K)`: a test-only agent that plays uniformly at random and panics at its
//! K-th decision of a game (1 by default), so the lab's tests can check that a panic in a
//! game reaches the user as a one-line error. [`crate::make_agent`] builds it only when
//! the environment variable [`TEST_AGENTS`] is `1`; it is not in [`crate::AGENTS`], so
//! `sim agents` does not list it and users never meet it.

use crate::spec::{apply_params, number, AgentSpec, ParamInfo, ParamKind};
use crate::AgentError;
use engine_core::{Action, ActionList, Agent, GameState, PlayerView, Rng};
use rand::Rng as _;

/// The environment variable that makes the test-only agents available (value `1`).
pub const TEST_AGENTS: &str = "SIM_TEST_AGENTS";

/// Whether [`TEST_AGENTS`] is set to `1` in this process.
pub fn test_agents_enabled() -> bool {
    std::env::var_os(TEST_AGENTS).is_some_and(|v| v == "1")
}

const PARAMS: &[ParamInfo] = &[ParamInfo {
    name: "at",
    kind: ParamKind::Integer,
    default: "1",
    help: "the decision of each game (1-1000000) at which it panics",
}];

/// The test-only agent: random play, a panic at decision `at` of every game.
pub struct Panicking {
    at: u64,
    decisions: u64,
    legal: ActionList,
}

impl Panicking {
    /// From `panic(at=K)`. Errors: an unknown parameter or a bad value.
    pub fn from_spec(spec: &AgentSpec) -> Result<Self, AgentError> {
        let mut at = 1;
        apply_params(spec, PARAMS, |_, v| {
            at = number(v, 1u64, 1_000_000)?;
            Ok(())
        })?;
        Ok(Panicking {
            at,
            decisions: 0,
            legal: ActionList::new(),
        })
    }
}

impl<S: GameState> Agent<S> for Panicking {
    fn name(&self) -> &str {
        "panic"
    }

    fn new_game(&mut self) {
        self.decisions = 0;
    }

    fn act(&mut self, view: &PlayerView<'_, S>, rng: &mut Rng) -> Action {
        self.decisions += 1;
        if self.decisions == self.at {
            panic!("test agent panic(at={}) panics as asked", self.at);
        }
        view.legal_actions(&mut self.legal);
        self.legal[rng.gen_range(0..self.legal.len())]
    }
}
