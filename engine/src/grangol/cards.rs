//! The cards of GRANGOL's 90-card deck: names as printed, colours and what each needs.
//!
//! Source: the rulebook (the English translation and the Italian original), plus
//! one card of the lab's own, [`Card::Blank`] (`BLANK`), which is not printed: a card with
//! no colour and no effect, used by card-value ablations (one copy of a card replaced by a
//! blank, see `Grangol::with_blank`). It is the last card, so the ids of the printed cards
//! and the action codes built from them do not depend on it.
//! How many of each card the deck holds is data (`configs/grangol/*.toml`); what a card
//! does is code, in `state.rs`.

use super::rules::{CounterMinusOne, GreenFace, RedFace, Rules};
use crate::core::{named_enum, Odds};

named_enum!(
    /// A card of the draw pile, as a small integer (its index in [`Card::ALL`]); its name
    /// is the one printed on the card, as config files and reports write it.
    #[allow(missing_docs)] // each variant is the card printed with its name
    pub enum Card[NUM_CARDS] {
        Passaggio = "PASSAGGIO",
        Tiro = "TIRO",
        TiroDaFuori = "TIRO DA FUORI",
        Grangol = "GRANGOL",
        Lancio = "LANCIO",
        Contropiede = "CONTROPIEDE",
        Rilancio = "RILANCIO",
        Dribbling = "DRIBBLING",
        Ammonizione = "AMMONIZIONE",
        Espulsione = "ESPULSIONE",
        Contrasto = "CONTRASTO",
        Catenaccio = "CATENACCIO",
        Salvataggio = "SALVATAGGIO IN EXTREMIS",
        Fuorigioco = "FUORIGIOCO",
        ErroreArbitrale = "ERRORE ARBITRALE",
        FalloEdErrore = "FALLO ED ERRORE ARBITRALE",
        FalloIntenzionale = "FALLO INTENZIONALE",
        FalloLaterale = "FALLO LATERALE",
        Tempo5 = "TEMPO +5",
        Melina = "MELINA",
        Pressing = "PRESSING",
        Tifosi = "TIFOSI A FAVORE",
        Mischia = "MISCHIA",
        Oggetti = "OGGETTI IN CAMPO",
        Pioggia = "PIOGGIA",
        Sole = "SOLE",
        Equilibrio = "EQUILIBRIO IN CAMPO",
        Superiorita = "SUPERIORITA' TECNICA",
        Condizione = "CONDIZIONE ATLETICA",
        /// The lab's blank card (`BLANK`, not printed): drawn, dealt, held, discarded, given
        /// and taken like any card, never played, and without effect.
        Blank = "BLANK",
    }
);

/// Number of distinct cards of the deck: the 29 printed cards and [`Card::Blank`].
pub const NUM_CARDS: usize = 30;

/// The colour of a card: who may play it (rulebook, "PLAYING THE GAME").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Colour {
    /// Attack cards, played by the attacker.
    Green,
    /// Defence cards, played by the defender.
    Red,
    /// Universal cards, played by either.
    Blue,
}

impl Card {
    /// The card named `name` (exact, as printed: the keys of `[deck.cards]`), if any.
    pub fn from_name(name: &str) -> Option<Card> {
        Card::ALL.iter().copied().find(|c| c.name() == name)
    }

    /// The card named `name` as a user types it: the printed name, compared without
    /// regard to ASCII case, ignoring surrounding whitespace and one pair of surrounding
    /// double quotes (so a key copied from the TOML file, `"TIRO DA FUORI"`, works too).
    /// `None` when no card has that name.
    pub fn parse_name(name: &str) -> Option<Card> {
        let mut n = name.trim();
        if n.len() >= 2 && n.starts_with('"') && n.ends_with('"') {
            n = n[1..n.len() - 1].trim();
        }
        Card::ALL
            .iter()
            .copied()
            .find(|c| c.name().eq_ignore_ascii_case(n))
    }

    /// The card's colour (rulebook, "PLAYING THE GAME"; FALLO LATERALE is red by the
    /// reading 14), or `None` for [`Card::Blank`], which has no
    /// colour: no player may ever play it.
    pub fn colour(self) -> Option<Colour> {
        match self.index() {
            0..=9 => Some(Colour::Green),
            10..=17 => Some(Colour::Red),
            _ if self == Card::Blank => None,
            _ => Some(Colour::Blue),
        }
    }

    /// Whether playing the card can succeed or fail (a die roll or a condition), so that
    /// `cards.csv` reports a success count for it.
    pub fn has_outcome(self) -> bool {
        matches!(
            self,
            Card::Passaggio
                | Card::Tiro
                | Card::TiroDaFuori
                | Card::Grangol
                | Card::Lancio
                | Card::Contropiede
                | Card::Rilancio
                | Card::Contrasto
                | Card::Catenaccio
                | Card::Fuorigioco
                | Card::Oggetti
                | Card::Tifosi
        )
    }

    /// The closed-form chance that one plain play of the card succeeds
    /// ([`CardInfo::die_odds`](crate::core::CardInfo::die_odds)), from the die faces and
    /// readings of `rules`:
    /// - PASSAGGIO, LANCIO, RILANCIO: the green die's faces other than "X" (rulebook,
    ///   PASS die: "X" loses the ball; "-1" still advances);
    /// - CONTROPIEDE: the same, less the "-1" faces when reading 15 counts "-1" as a
    ///   failure;
    /// - CONTRASTO, CATENACCIO: the red die's ball faces (rulebook, TACKLE die);
    /// - OGGETTI IN CAMPO: the green die's plain ball faces.
    ///
    /// `None` for the others: shots also depend on the keeper's guess (and the wall),
    /// FUORIGIOCO on the position, GRANGOL rolls no die, TIFOSI A FAVORE counts as the
    /// card it stands for. A second roll (SUPERIORITA' TECNICA, CONDIZIONE ATLETICA) raises
    /// the measured rate above this reference.
    pub fn die_odds(self, rules: &Rules) -> Option<Odds> {
        let green = |faces: &[GreenFace]| Odds {
            favourable: faces
                .iter()
                .map(|&f| u32::from(rules.green[f as usize]))
                .sum(),
            outcomes: rules.green.iter().map(|&n| u32::from(n)).sum(),
        };
        let pass = [GreenFace::Ball, GreenFace::Plus, GreenFace::Minus];
        match self {
            Card::Passaggio | Card::Lancio | Card::Rilancio => Some(green(&pass)),
            Card::Contropiede => Some(match rules.options.counter_minus_one {
                CounterMinusOne::Success => green(&pass),
                CounterMinusOne::Failure => green(&[GreenFace::Ball, GreenFace::Plus]),
            }),
            Card::Contrasto | Card::Catenaccio => Some(Odds {
                favourable: u32::from(rules.red[RedFace::Ball as usize]),
                outcomes: rules.red.iter().map(|&n| u32::from(n)).sum(),
            }),
            Card::Oggetti => Some(green(&[GreenFace::Ball])),
            _ => None,
        }
    }

    /// Cards played out of the normal turn, only in answer to a foul (AMMONIZIONE,
    /// ESPULSIONE by the attacker; ERRORE ARBITRALE by the defender).
    pub fn is_foul_answer(self) -> bool {
        matches!(
            self,
            Card::Ammonizione | Card::Espulsione | Card::ErroreArbitrale
        )
    }

    /// Cards played only at the start of a turn without drawing (CONTROPIEDE, CATENACCIO).
    pub fn is_no_draw(self) -> bool {
        matches!(self, Card::Contropiede | Card::Catenaccio)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_names_and_colours_agree() {
        for (i, c) in Card::ALL.iter().enumerate() {
            assert_eq!(c.index(), i);
            assert_eq!(Card::from_name(c.name()), Some(*c));
        }
        assert_eq!(Card::Espulsione.colour(), Some(Colour::Green));
        assert_eq!(Card::Contrasto.colour(), Some(Colour::Red));
        assert_eq!(Card::FalloLaterale.colour(), Some(Colour::Red));
        assert_eq!(Card::Tempo5.colour(), Some(Colour::Blue));
        assert_eq!(Card::Condizione.colour(), Some(Colour::Blue));
        assert_eq!(Card::Blank.colour(), None);
    }

    #[test]
    fn blank_is_the_last_card_without_colour_or_outcome() {
        assert_eq!(Card::Blank.index(), 29);
        assert_eq!(Card::ALL[NUM_CARDS - 1], Card::Blank);
        assert_eq!(Card::Blank.name(), "BLANK");
        assert!(!Card::Blank.has_outcome());
        assert!(!Card::Blank.is_foul_answer() && !Card::Blank.is_no_draw());
        // Every printed card keeps its id.
        assert_eq!(Card::Condizione.index(), 28);
        assert_eq!(Card::Passaggio.index(), 0);
    }

    #[test]
    fn names_parse_as_users_type_them() {
        assert_eq!(Card::parse_name("TIRO DA FUORI"), Some(Card::TiroDaFuori));
        assert_eq!(
            Card::parse_name("  tiro da fuori "),
            Some(Card::TiroDaFuori)
        );
        assert_eq!(
            Card::parse_name("\"TIRO DA FUORI\""),
            Some(Card::TiroDaFuori)
        );
        assert_eq!(
            Card::parse_name("superiorita' tecnica"),
            Some(Card::Superiorita)
        );
        assert_eq!(Card::parse_name("Tempo +5"), Some(Card::Tempo5));
        assert_eq!(Card::parse_name("blank"), Some(Card::Blank));
        assert_eq!(Card::parse_name("TIRO  DA FUORI"), None);
        assert_eq!(Card::parse_name(""), None);
        for c in Card::ALL {
            assert_eq!(Card::parse_name(&c.name().to_lowercase()), Some(c));
        }
    }
}
