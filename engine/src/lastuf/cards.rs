//! The LASTUF GOL cards: 17 kinds, named as printed (the English text of the rulebook, in
//! capitals), with the four colours of the goals and outfield players.
//!
//! Card ids are dense, `0..NUM_CARDS`, in the order of [`Card::ALL`]; they index every
//! counted zone (`[u8; NUM_CARDS]`) and [`crate::core::GameInfo::cards`].

use crate::core::named_enum;

/// Number of card kinds.
pub const NUM_CARDS: usize = 17;

/// Number of colours (goals and outfield players).
pub const NUM_COLOURS: usize = 4;

named_enum!(
    /// A colour of goals and outfield players (rulebook, Object of the game: "the
    /// attackers, the defenders and the goal must have the same colour"). Only red is named
    /// in the text; the other three are the lab's defaults. Its name is in capitals (`RED`).
    pub enum Colour[NUM_COLOURS] {
        /// Red.
        Red = "RED",
        /// Blue.
        Blue = "BLUE",
        /// Green.
        Green = "GREEN",
        /// Yellow.
        Yellow = "YELLOW",
    }
);

named_enum!(
    /// A card kind of the 81-card deck. Its name is written in `[deck.cards]` and in traces
    /// (the English printed name in capitals, with the colour after the kind: `GOAL RED`,
    /// `PLAYER BLUE`).
    pub enum Card[NUM_CARDS] {
        /// GOAL RED: a goal, placed in front of a seat (Types of cards: GOAL).
        GoalRed = "GOAL RED",
        /// GOAL BLUE.
        GoalBlue = "GOAL BLUE",
        /// GOAL GREEN.
        GoalGreen = "GOAL GREEN",
        /// GOAL YELLOW.
        GoalYellow = "GOAL YELLOW",
        /// PLAYER RED: an outfield player, placed in front of its owner (OUTFIELD PLAYER).
        PlayerRed = "PLAYER RED",
        /// PLAYER BLUE.
        PlayerBlue = "PLAYER BLUE",
        /// PLAYER GREEN.
        PlayerGreen = "PLAYER GREEN",
        /// PLAYER YELLOW.
        PlayerYellow = "PLAYER YELLOW",
        /// BALL: scores a goal against a rival whose defenders are outnumbered (BALL).
        Ball = "BALL",
        /// YELLOW CARD: on a rival's player; the second one sends him off (YELLOW CARD).
        YellowCard = "YELLOW CARD",
        /// RED CARD: sends a rival's player off (RED CARD).
        RedCard = "RED CARD",
        /// INJURY: the player counts neither in attack nor in defence (INJURY).
        Injury = "INJURY",
        /// DOCTOR: takes an injury away (DOCTOR).
        Doctor = "DOCTOR",
        /// SUBSTITUTION: swaps one of your players for a rival's (PLAYER SUBSTITUTION).
        Substitution = "SUBSTITUTION",
        /// TIME-OUT: nobody can score on you until your next turn (TIME-OUT).
        TimeOut = "TIME-OUT",
        /// SWAP SIDES: swaps your goal, with its balls, for a rival's (SWAP SIDES).
        SwapSides = "SWAP SIDES",
        /// STOP: played when a rival scores on you; the goal does not count (STOP).
        Stop = "STOP",
    }
);

impl Card {
    /// The goal of colour `c`.
    pub const fn goal(c: Colour) -> Card {
        Card::ALL[c as usize]
    }

    /// The outfield player of colour `c`.
    pub const fn player(c: Colour) -> Card {
        Card::ALL[4 + c as usize]
    }

    /// The colour of a goal, or `None` for another card.
    pub const fn goal_colour(self) -> Option<Colour> {
        let i = self as usize;
        if i < 4 {
            Some(Colour::from_index(i))
        } else {
            None
        }
    }

    /// The colour of an outfield player, or `None` for another card.
    pub const fn player_colour(self) -> Option<Colour> {
        let i = self as usize;
        if i >= 4 && i < 8 {
            Some(Colour::from_index(i - 4))
        } else {
            None
        }
    }

    /// The card named `name` (ASCII case ignored, surrounding spaces and quotes trimmed),
    /// or `None`.
    pub fn parse_name(name: &str) -> Option<Card> {
        let n = name.trim().trim_matches('"').trim();
        Card::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(n))
    }

    /// Whether playing the card can succeed or fail, reported by
    /// [`crate::core::GameEvent::CardResolved`]: BALL (the goal counts, or a STOP
    /// cancels it) and STOP (always succeeds: the goal it answers is cancelled).
    pub const fn has_outcome(self) -> bool {
        matches!(self, Card::Ball | Card::Stop)
    }
}

named_enum!(
    /// The status of an outfield player on the table, by the cards lying on him: the table
    /// keeps counts of players per seat, colour and status.
    pub enum Status[NUM_STATUSES] {
        /// No card on him.
        Plain = "plain",
        /// One YELLOW CARD on him.
        Booked = "booked",
        /// An INJURY on him: he counts neither in attack nor in defence.
        Injured = "injured",
        /// A YELLOW CARD and an INJURY on him.
        BookedInjured = "booked injured",
    }
);

/// Number of player statuses.
pub const NUM_STATUSES: usize = 4;

impl Status {
    /// Whether a YELLOW CARD lies on the player.
    pub const fn booked(self) -> bool {
        matches!(self, Status::Booked | Status::BookedInjured)
    }

    /// Whether an INJURY lies on the player (he does not count).
    pub const fn injured(self) -> bool {
        matches!(self, Status::Injured | Status::BookedInjured)
    }

    /// The status with a YELLOW CARD added (the player must not be booked yet).
    pub const fn with_booking(self) -> Status {
        Status::from_index(self as usize | 1)
    }

    /// The status with an INJURY added (`true`) or taken away (`false`).
    pub const fn with_injury(self, injured: bool) -> Status {
        Status::from_index((self as usize & 1) | if injured { 2 } else { 0 })
    }

    /// A word for traces: `""`, `"booked "`, `"injured "`, `"booked injured "`.
    pub const fn adjective(self) -> &'static str {
        match self {
            Status::Plain => "",
            Status::Booked => "booked ",
            Status::Injured => "injured ",
            Status::BookedInjured => "booked injured ",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_names_and_colours_agree() {
        for (i, c) in Card::ALL.iter().enumerate() {
            assert_eq!(c.index(), i);
            assert_eq!(Card::parse_name(&c.name().to_lowercase()), Some(*c));
        }
        for col in Colour::ALL {
            assert_eq!(Card::goal(col).goal_colour(), Some(col));
            assert_eq!(Card::player(col).player_colour(), Some(col));
            assert_eq!(Card::goal(col).player_colour(), None);
        }
        assert_eq!(Card::parse_name(" \"time-out\" "), Some(Card::TimeOut));
        assert_eq!(Card::parse_name("TIMEOUT"), None);
    }

    #[test]
    fn statuses_combine() {
        assert_eq!(Status::Plain.with_booking(), Status::Booked);
        assert_eq!(Status::Injured.with_booking(), Status::BookedInjured);
        assert_eq!(Status::Booked.with_injury(true), Status::BookedInjured);
        assert_eq!(Status::BookedInjured.with_injury(false), Status::Booked);
        assert!(Status::BookedInjured.booked() && Status::BookedInjured.injured());
        assert!(!Status::Plain.booked() && !Status::Plain.injured());
    }
}
