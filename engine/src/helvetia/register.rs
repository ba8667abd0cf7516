//! Helvetia Cup's registration with the lab (`core::Registered`): its name, its embedded
//! rule files (`configs/helvetia/*.toml`) and how a rules tree becomes a [`Helvetia`].

use super::{Helvetia, RulesConfig};
use crate::core::{rule_file, BenchWorkload, EmbeddedRules, Registered, RuleProblem, AGENT_BENCH};

/// The shipped rule sets of Helvetia Cup, `default` first.
const RULES: &[EmbeddedRules] = &[
    rule_file!(
        "helvetia",
        "default",
        "the lab's defaults: 15 x 9 hexes, the Family cards #1 #3 #6 #8 #10, 2 x 5 notches"
    ),
    rule_file!(
        "helvetia",
        "move-phase",
        "the other reading of kick-offs: a move phase after a goal and at half time"
    ),
    rule_file!(
        "helvetia",
        "no-substitutes",
        "the simplified reading: no changes after a goal, the five cards of the setting up"
    ),
    rule_file!(
        "helvetia",
        "possession-clock",
        "a house rule against stalling: 3 rounds in a row kept by one team move the clock"
    ),
];

impl Registered for Helvetia {
    type Config = RulesConfig;
    const NAME: &'static str = "helvetia";
    const ABOUT: &'static str = "Helvetia Cup (Helvetia Games), Family rules, 2 players";
    const RULES: &'static [EmbeddedRules] = RULES;
    const AGENT_DEFAULTS: &'static str = include_str!("../../../configs/helvetia/agents.toml");
    /// One-ply play on the hex pitch (greedy's lookahead through the dice and the
    /// goalkeeper's sets), and a fixed search budget with the rollout policy.
    const BENCH: &'static [BenchWorkload] = AGENT_BENCH;

    /// Validates the config ([`RulesConfig::validate`]): every problem with its dotted
    /// key.
    fn build(config: RulesConfig) -> Result<Self, Vec<RuleProblem>> {
        let rules = config.validate()?;
        Ok(Helvetia::from_parts(config, rules))
    }
}
