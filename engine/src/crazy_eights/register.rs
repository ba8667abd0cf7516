//! Crazy Eights' registration with the lab (`core::Registered`): its name, its embedded
//! rule file (`configs/crazy_eights/default.toml`) and how a rules tree becomes a
//! [`CrazyEights`].

use super::{CrazyEights, RulesConfig};
use crate::core::{rule_file, EmbeddedRules, Registered, RuleProblem};

/// The shipped rule sets of Crazy Eights, `default` first.
const RULES: &[EmbeddedRules] = &[rule_file!(
    "crazy_eights",
    "default",
    "OpenSpiel's crazy_eights(players=2) with its default parameters"
)];

impl Registered for CrazyEights {
    type Config = RulesConfig;
    const NAME: &'static str = "crazy_eights";
    const ABOUT: &'static str =
        "Crazy Eights as OpenSpiel plays it (crazy_eights, players=2), for 2 players";
    const RULES: &'static [EmbeddedRules] = RULES;
    const AGENT_DEFAULTS: &'static str = include_str!("../../../configs/crazy_eights/agents.toml");

    /// Validates the config ([`RulesConfig::validate`]): every problem with its dotted
    /// key.
    fn build(config: RulesConfig) -> Result<Self, Vec<RuleProblem>> {
        let rules = config.validate()?;
        Ok(CrazyEights::from_parts(config, rules))
    }
}
