//! The memory game's registration with the lab (`core::Registered`, written with
//! `core::register_game!`): its name, its embedded rule files (`configs/memory/*.toml`),
//! how a rules tree becomes a [`Memory`], and the card-value ablation of its prize cards.

use super::{Memory, Prize, RulesConfig};
use crate::core::Game;

crate::core::register_game!(
    Memory,
    "memory",
    "the football memory game (Klepka), for 1 to 4 players",
    rules: [
        "default" => "the lab's defaults: two players, 10 x 10, 44 footballer pairs and 12 prize cards",
        "classic" => "the classic memory game: footballer pairs only, no prize cards",
        "solitaire" => "one player with the prize cards (only VAR can help him)",
    ],

    /// One copy of the prize card `card` (YELLOW, RED, VAR or PLAY GAME) replaced by a
    /// BLANK prize card, which is taken like any prize card and never usable.
    fn ablate_card(&self, card: &str) -> Option<Result<Self, String>> {
        Some(self.with_blank(card))
    }

    /// Prize cards a lone player can never use (YELLOW, RED and PLAY GAME need another
    /// player).
    fn warnings(&self) -> Vec<String> {
        let r = self.rules();
        let name = self.info().name;
        let idle: Vec<&str> = [Prize::Yellow, Prize::Red, Prize::PlayGame]
            .iter()
            .filter(|p| r.prizes[p.index()] > 0)
            .map(|p| p.name())
            .collect();
        if r.players == 1 && !idle.is_empty() {
            vec![format!(
                "{name}: one player can never use {}: they only count as cards taken",
                idle.join(", ")
            )]
        } else {
            Vec::new()
        }
    }
);

impl Memory {
    /// The same rules with one copy of the prize card named `card` replaced by a BLANK
    /// prize card. Errors (one line): an unknown name (footballers cannot be ablated: the
    /// card-value measure is for prize cards), or no copy of it left.
    pub fn with_blank(&self, card: &str) -> Result<Memory, String> {
        let name = card.trim().trim_matches('"');
        let p = Prize::ALL
            .into_iter()
            .find(|p| *p != Prize::Blank && p.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                format!(
                    "--card {card}: the memory game's cards are the prize cards YELLOW, RED, \
                     VAR and \"PLAY GAME\""
                )
            })?;
        let mut config = self.config().clone();
        let mut rules = *self.rules();
        if rules.prizes[p.index()] == 0 {
            return Err(format!(
                "--card {}: the rules have no copy of it left",
                p.name()
            ));
        }
        rules.prizes[p.index()] -= 1;
        rules.prizes[Prize::Blank.index()] += 1;
        let c = &mut config.prizes;
        match p {
            Prize::Yellow => c.yellow -= 1,
            Prize::Red => c.red -= 1,
            Prize::Var => c.var -= 1,
            Prize::PlayGame => c.play_game -= 1,
            Prize::Blank => {}
        }
        c.blank += 1;
        Ok(Memory::from_parts(config, rules))
    }
}
