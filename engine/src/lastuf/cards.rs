//! The LASTUF GOL cards: 17 kinds, named as printed (the English text of the rulebook, in
//! capitals), with the four colours of the goals and outfield players.
//!
//! Card ids are dense, `0..NUM_CARDS`, in the order of [`Card::ALL`]; they index every
//! counted zone (`[u8; NUM_CARDS]`) and [`crate::core::GameInfo::cards`].

/// Number of card kinds.
pub const NUM_CARDS: usize = 17;

/// Number of colours (goals and outfield players).
pub const NUM_COLOURS: usize = 4;

/// A colour of goals and outfield players (rulebook, Object of the game: "the attackers,
/// the defenders and the goal must have the same colour"). Only red is named in the text;
/// the other three are the lab's defaults.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Colour {
    /// Red.
    Red = 0,
    /// Blue.
    Blue = 1,
    /// Green.
    Green = 2,
    /// Yellow.
    Yellow = 3,
}

impl Colour {
    /// The four colours in id order.
    pub const ALL: [Colour; NUM_COLOURS] =
        [Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow];

    /// The colour with id `i` (`0..4`). Panics on a larger id.
    pub const fn from_index(i: usize) -> Colour {
        Colour::ALL[i]
    }

    /// The colour's id, `0..4`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour's name in capitals (`RED`).
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "RED",
            Colour::Blue => "BLUE",
            Colour::Green => "GREEN",
            Colour::Yellow => "YELLOW",
        }
    }
}

/// A card kind of the 81-card deck.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Card {
    /// GOAL RED: a goal, placed in front of a seat (Types of cards: GOAL).
    GoalRed = 0,
    /// GOAL BLUE.
    GoalBlue = 1,
    /// GOAL GREEN.
    GoalGreen = 2,
    /// GOAL YELLOW.
    GoalYellow = 3,
    /// PLAYER RED: an outfield player, placed in front of its owner (OUTFIELD PLAYER).
    PlayerRed = 4,
    /// PLAYER BLUE.
    PlayerBlue = 5,
    /// PLAYER GREEN.
    PlayerGreen = 6,
    /// PLAYER YELLOW.
    PlayerYellow = 7,
    /// BALL: scores a goal against a rival whose defenders are outnumbered (BALL).
    Ball = 8,
    /// YELLOW CARD: on a rival's player; the second one sends him off (YELLOW CARD).
    YellowCard = 9,
    /// RED CARD: sends a rival's player off (RED CARD).
    RedCard = 10,
    /// INJURY: the player counts neither in attack nor in defence (INJURY).
    Injury = 11,
    /// DOCTOR: takes an injury away (DOCTOR).
    Doctor = 12,
    /// SUBSTITUTION: swaps one of your players for a rival's (PLAYER SUBSTITUTION).
    Substitution = 13,
    /// TIME-OUT: nobody can score on you until your next turn (TIME-OUT).
    TimeOut = 14,
    /// SWAP SIDES: swaps your goal, with its balls, for a rival's (SWAP SIDES).
    SwapSides = 15,
    /// STOP: played when a rival scores on you; the goal does not count (STOP).
    Stop = 16,
}

impl Card {
    /// Every card kind in id order.
    pub const ALL: [Card; NUM_CARDS] = [
        Card::GoalRed,
        Card::GoalBlue,
        Card::GoalGreen,
        Card::GoalYellow,
        Card::PlayerRed,
        Card::PlayerBlue,
        Card::PlayerGreen,
        Card::PlayerYellow,
        Card::Ball,
        Card::YellowCard,
        Card::RedCard,
        Card::Injury,
        Card::Doctor,
        Card::Substitution,
        Card::TimeOut,
        Card::SwapSides,
        Card::Stop,
    ];

    /// The card with id `i` (`0..NUM_CARDS`). Panics on a larger id.
    pub const fn from_index(i: usize) -> Card {
        Card::ALL[i]
    }

    /// The card's id, `0..NUM_CARDS`.
    pub const fn index(self) -> usize {
        self as usize
    }

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

    /// The name as written in `[deck.cards]` and in traces (the English printed name in
    /// capitals, with the colour after the kind: `GOAL RED`, `PLAYER BLUE`).
    pub const fn name(self) -> &'static str {
        match self {
            Card::GoalRed => "GOAL RED",
            Card::GoalBlue => "GOAL BLUE",
            Card::GoalGreen => "GOAL GREEN",
            Card::GoalYellow => "GOAL YELLOW",
            Card::PlayerRed => "PLAYER RED",
            Card::PlayerBlue => "PLAYER BLUE",
            Card::PlayerGreen => "PLAYER GREEN",
            Card::PlayerYellow => "PLAYER YELLOW",
            Card::Ball => "BALL",
            Card::YellowCard => "YELLOW CARD",
            Card::RedCard => "RED CARD",
            Card::Injury => "INJURY",
            Card::Doctor => "DOCTOR",
            Card::Substitution => "SUBSTITUTION",
            Card::TimeOut => "TIME-OUT",
            Card::SwapSides => "SWAP SIDES",
            Card::Stop => "STOP",
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

/// The status of an outfield player on the table, by the cards lying on him: the table
/// keeps counts of players per seat, colour and status.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Status {
    /// No card on him.
    Plain = 0,
    /// One YELLOW CARD on him.
    Booked = 1,
    /// An INJURY on him: he counts neither in attack nor in defence.
    Injured = 2,
    /// A YELLOW CARD and an INJURY on him.
    BookedInjured = 3,
}

/// Number of player statuses.
pub const NUM_STATUSES: usize = 4;

impl Status {
    /// The four statuses in id order.
    pub const ALL: [Status; NUM_STATUSES] = [
        Status::Plain,
        Status::Booked,
        Status::Injured,
        Status::BookedInjured,
    ];

    /// The status with id `i` (`0..4`). Panics on a larger id.
    pub const fn from_index(i: usize) -> Status {
        Status::ALL[i]
    }

    /// The status id, `0..4`.
    pub const fn index(self) -> usize {
        self as usize
    }

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
