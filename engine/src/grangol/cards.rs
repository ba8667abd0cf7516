//! The cards of GRANGOL's 90-card deck: names as printed, colours and what each needs.
//!
//! Source: the rulebook (`shared/seeds/000_*.txt`, English; `001_*.txt`, Italian).
//! How many of each card the deck holds is data (`configs/grangol/*.toml`); what a card
//! does is code, in `state.rs`.

/// A card of the draw pile, as a small integer (its index in [`Card::ALL`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
#[allow(missing_docs)] // each variant is the card printed with the name in `Card::name`
pub enum Card {
    Passaggio,
    Tiro,
    TiroDaFuori,
    Grangol,
    Lancio,
    Contropiede,
    Rilancio,
    Dribbling,
    Ammonizione,
    Espulsione,
    Contrasto,
    Catenaccio,
    Salvataggio,
    Fuorigioco,
    ErroreArbitrale,
    FalloEdErrore,
    FalloIntenzionale,
    FalloLaterale,
    Tempo5,
    Melina,
    Pressing,
    Tifosi,
    Mischia,
    Oggetti,
    Pioggia,
    Sole,
    Equilibrio,
    Superiorita,
    Condizione,
}

/// Number of distinct cards of the deck.
pub const NUM_CARDS: usize = 29;

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
    /// Every card, in id order.
    pub const ALL: [Card; NUM_CARDS] = [
        Card::Passaggio,
        Card::Tiro,
        Card::TiroDaFuori,
        Card::Grangol,
        Card::Lancio,
        Card::Contropiede,
        Card::Rilancio,
        Card::Dribbling,
        Card::Ammonizione,
        Card::Espulsione,
        Card::Contrasto,
        Card::Catenaccio,
        Card::Salvataggio,
        Card::Fuorigioco,
        Card::ErroreArbitrale,
        Card::FalloEdErrore,
        Card::FalloIntenzionale,
        Card::FalloLaterale,
        Card::Tempo5,
        Card::Melina,
        Card::Pressing,
        Card::Tifosi,
        Card::Mischia,
        Card::Oggetti,
        Card::Pioggia,
        Card::Sole,
        Card::Equilibrio,
        Card::Superiorita,
        Card::Condizione,
    ];

    /// The card with id `i`. Panics if `i >= NUM_CARDS`.
    #[inline]
    pub fn from_index(i: usize) -> Card {
        Card::ALL[i]
    }

    /// The card's id, `0..NUM_CARDS`.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The name printed on the card, as used in config files and reports.
    pub fn name(self) -> &'static str {
        match self {
            Card::Passaggio => "PASSAGGIO",
            Card::Tiro => "TIRO",
            Card::TiroDaFuori => "TIRO DA FUORI",
            Card::Grangol => "GRANGOL",
            Card::Lancio => "LANCIO",
            Card::Contropiede => "CONTROPIEDE",
            Card::Rilancio => "RILANCIO",
            Card::Dribbling => "DRIBBLING",
            Card::Ammonizione => "AMMONIZIONE",
            Card::Espulsione => "ESPULSIONE",
            Card::Contrasto => "CONTRASTO",
            Card::Catenaccio => "CATENACCIO",
            Card::Salvataggio => "SALVATAGGIO IN EXTREMIS",
            Card::Fuorigioco => "FUORIGIOCO",
            Card::ErroreArbitrale => "ERRORE ARBITRALE",
            Card::FalloEdErrore => "FALLO ED ERRORE ARBITRALE",
            Card::FalloIntenzionale => "FALLO INTENZIONALE",
            Card::FalloLaterale => "FALLO LATERALE",
            Card::Tempo5 => "TEMPO +5",
            Card::Melina => "MELINA",
            Card::Pressing => "PRESSING",
            Card::Tifosi => "TIFOSI A FAVORE",
            Card::Mischia => "MISCHIA",
            Card::Oggetti => "OGGETTI IN CAMPO",
            Card::Pioggia => "PIOGGIA",
            Card::Sole => "SOLE",
            Card::Equilibrio => "EQUILIBRIO IN CAMPO",
            Card::Superiorita => "SUPERIORITA' TECNICA",
            Card::Condizione => "CONDIZIONE ATLETICA",
        }
    }

    /// The card named `name` (exact, as printed), if any.
    pub fn from_name(name: &str) -> Option<Card> {
        Card::ALL.iter().copied().find(|c| c.name() == name)
    }

    /// The card's colour (rulebook, "PLAYING THE GAME"; FALLO LATERALE is red by the
    /// reading of rules-notes.md item 14).
    pub fn colour(self) -> Colour {
        match self.index() {
            0..=9 => Colour::Green,
            10..=17 => Colour::Red,
            _ => Colour::Blue,
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
        assert_eq!(Card::Espulsione.colour(), Colour::Green);
        assert_eq!(Card::Contrasto.colour(), Colour::Red);
        assert_eq!(Card::FalloLaterale.colour(), Colour::Red);
        assert_eq!(Card::Tempo5.colour(), Colour::Blue);
        assert_eq!(Card::Condizione.colour(), Colour::Blue);
    }
}
