//! GRANGOL's registration with the lab (`core::Registered`, written with
//! `core::register_game!`): its name, its embedded rule files (`configs/grangol/*.toml`)
//! and how a rules tree becomes a [`Grangol`].

use super::{Card, Grangol, RulesConfig};
use crate::core::{BenchWorkload, Game, AGENT_BENCH};

crate::core::register_game!(
    Grangol,
    "grangol",
    "GRANGOL (Turitto & Mearelli), a football card game for 2 players",
    rules: [
        "default" => "the lab's defaults: the rulebook with every open reading decided",
        "interchangeable" => "the rulebook's own variant: PASSAGGIO and CONTRASTO are interchangeable (swap either for the other)",
        "english" => "the English translation's reading wherever it disagrees with the Italian original",
        "italian" => "the Italian original's reading wherever it disagrees with the English translation",
        "quick" => "a quick game: halves of five timer cards instead of ten",
    ],

    const BENCH: &'static [BenchWorkload] = AGENT_BENCH;

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
);
