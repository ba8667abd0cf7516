//! GRANGOL's registration with the lab (`core::Registered`): its name, its embedded rule
//! files (`configs/grangol/*.toml`) and how a rules tree becomes a [`Grangol`].

use super::{Card, Grangol, RulesConfig};
use crate::core::{
    rule_file, BenchWorkload, EmbeddedRules, Game, Registered, RuleProblem, AGENT_BENCH,
};

/// The shipped rule sets of GRANGOL, `default` first.
const RULES: &[EmbeddedRules] = &[
    rule_file!(
        "grangol",
        "default",
        "the lab's defaults: the rulebook with every open reading decided"
    ),
    rule_file!(
        "grangol",
        "interchangeable",
        "the rulebook's own variant: PASSAGGIO and CONTRASTO are interchangeable (swap either for the other)"
    ),
    rule_file!(
        "grangol",
        "english",
        "the English translation's reading wherever it disagrees with the Italian original"
    ),
    rule_file!(
        "grangol",
        "italian",
        "the Italian original's reading wherever it disagrees with the English translation"
    ),
    rule_file!(
        "grangol",
        "quick",
        "a quick game: halves of five timer cards instead of ten"
    ),
];

impl Registered for Grangol {
    type Config = RulesConfig;
    const NAME: &'static str = "grangol";
    const ABOUT: &'static str = "GRANGOL (Turitto & Mearelli), a football card game for 2 players";
    const RULES: &'static [EmbeddedRules] = RULES;
    const AGENT_DEFAULTS: &'static str = include_str!("../../../configs/grangol/agents.toml");
    const BENCH: &'static [BenchWorkload] = AGENT_BENCH;

    /// Validates the config ([`RulesConfig::validate`]): every problem with its dotted
    /// key.
    fn build(config: RulesConfig) -> Result<Self, Vec<RuleProblem>> {
        let rules = config.validate()?;
        Ok(Grangol::from_parts(config, rules))
    }

    /// One copy of `card` replaced by BLANK ([`Grangol::with_blank`]).
    fn ablate_card(&self, card: &str) -> Option<Result<Self, String>> {
        Some(self.with_blank(card))
    }

    /// A deck without TIRO, TIRO DA FUORI and GRANGOL has no card that can score, except
    /// the free kicks and penalties of fouls.
    fn warnings(&self) -> Vec<String> {
        let deck = &self.rules().deck;
        let shots = [Card::Tiro, Card::TiroDaFuori, Card::Grangol];
        let mut out = Vec::new();
        if shots.iter().all(|c| deck[c.index()] == 0) {
            out.push(format!(
                "{}: the deck has no TIRO, TIRO DA FUORI or GRANGOL: only fouls can lead to goals",
                self.info().name
            ));
        }
        out
    }
}
