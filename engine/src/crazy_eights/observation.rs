//! What a seat sees of a Crazy Eights game, as a tensor and as text (the `GameState`
//! observation methods; `docs/rules/crazy_eights.md`, section "Observation", has the
//! layout as a table).
//!
//! The tensor begins with OpenSpiel's own (`CrazyEightsState::WriteObservationTensor` in
//! `open_spiel/games/crazy_eights/crazy_eights.cc`, two players, one deck), entry for
//! entry: the own hand as a one-hot count per card, the previous card, the previous suit,
//! the other seat's hand size one-hot, and the direction with special cards; all zeros
//! while chance deals or draws, as OpenSpiel writes it. A policy trained on `pyspiel`'s
//! tensor reads the first [`openspiel_size`] entries. The lab then appends public facts
//! OpenSpiel's tensor leaves out (the phase, the discard pile, the draw pile's size, the
//! turn's counters, the cards played, who decides), always written.
//!
//! The string likewise begins with OpenSpiel's `ObservationString` verbatim (empty while
//! dealing), then adds the same lab facts as lines.

use super::cards::{
    card_name, cards_of, rank, suit, NUM_CARDS, NUM_RANKS, NUM_SUITS, RANK_CHARS, SUIT_CHARS,
};
use super::rules::Rules;
use super::state::{Phase, State, SEATS};
use crate::core::{GameState, Observation, ObservationLayout, Seat, TensorWriter, Turn};
use std::fmt::Write as _;

/// Entries of the `phase` part: chance, play, name a suit, over.
const PHASES: usize = 4;
/// Entries of the `turn` part: draws this turn, twos still to draw, passes in a row.
const TURN_FACTS: usize = 3;

/// The length of OpenSpiel's tensor for these rules (two players, one deck): 213, or 214
/// with special cards (OpenSpiel `CrazyEightsGame::ObservationTensorShape`).
pub fn openspiel_size(rules: &Rules) -> usize {
    2 * NUM_CARDS + NUM_CARDS + NUM_SUITS + (NUM_CARDS + 1) + usize::from(rules.use_special_cards)
}

/// The length of the lab's tensor: OpenSpiel's, then the lab's parts.
fn lab_size(rules: &Rules) -> usize {
    openspiel_size(rules) + PHASES + NUM_CARDS + 1 + TURN_FACTS + 1 + 2
}

impl State {}

impl Observation for State {
    /// The observation layout of these rules (`Observation::observation_layout`).
    fn observation_layout(&self) -> ObservationLayout {
        let l = ObservationLayout::default()
            .part(
                "hand",
                &[NUM_CARDS, 2],
                "OpenSpiel: per card id (4 * rank + suit), copies in my hand one-hot (0 or 1)",
            )
            .part(
                "previous_card",
                &[NUM_CARDS],
                "OpenSpiel: the top card of the discard pile, one-hot by card id",
            )
            .part(
                "previous_suit",
                &[NUM_SUITS],
                "OpenSpiel: the suit to match (clubs, diamonds, hearts, spades), one-hot",
            )
            .part(
                "other_hand_size",
                &[1, NUM_CARDS + 1],
                "OpenSpiel: the other seat's number of cards (0 to 52), one-hot",
            );
        let l = if self.rules.use_special_cards {
            l.part(
                "direction",
                &[1],
                "OpenSpiel (special cards only): 1 counterclockwise, 0 reversed",
            )
        } else {
            l
        };
        l.part(
            "phase",
            &[PHASES],
            "lab: chance deals or draws / a seat plays / a seat names a suit / over, one-hot",
        )
        .part(
            "discard_pile",
            &[NUM_CARDS],
            "lab: cards in the discard pile, its top included (0/1 by card id)",
        )
        .part(
            "draw_pile",
            &[1],
            "lab: cards left in the draw pile, a fraction of the 52 cards",
        )
        .part(
            "turn",
            &[TURN_FACTS],
            "lab: cards drawn this turn (a fraction of max_draw_cards), cards still to draw \
             for twos (of the 52 cards), passes in a row (of 3, which ends the game)",
        )
        .part(
            "plays",
            &[1],
            "lab: cards played so far, both seats, a fraction of the turn cap max_turns",
        )
        .part(
            "to_act",
            &[2],
            "lab: the seat deciding (me, the other), one-hot; all 0 at chance and at the end",
        )
    }

    /// The layout's size, computed without building it (`Observation::observation_size`).
    fn observation_size(&self) -> usize {
        lab_size(&self.rules)
    }

    /// Writes `me`'s tensor into `out` (`Observation::observation_tensor`); no allocation.
    /// Panics when `out` is not `layout_size` long.
    fn observation_tensor(&self, me: Seat, out: &mut [f32]) {
        assert_eq!(
            out.len(),
            self.observation_size(),
            "observation tensor length"
        );
        let mut w = TensorWriter::new(out);
        let other = 1 - usize::from(me);
        if self.phase == Phase::Deal {
            // OpenSpiel writes nothing while chance deals or draws.
            w.skip(openspiel_size(&self.rules));
        } else {
            let hand = self.hands[usize::from(me)];
            for c in 0..NUM_CARDS {
                w.one_hot(2, Some(usize::from(hand >> c & 1 == 1)));
            }
            w.one_hot(NUM_CARDS, self.last_card().map(usize::from));
            w.one_hot(NUM_SUITS, self.last_suit().map(usize::from));
            w.one_hot(NUM_CARDS + 1, Some(self.hands[other].count_ones() as usize));
            if self.rules.use_special_cards {
                w.put(f32::from(u8::from(self.direction == 1)));
            }
        }
        let phase = match self.phase {
            Phase::Deal => 0,
            Phase::Play if self.nominate => 2,
            Phase::Play => 1,
            Phase::Over => 3,
        };
        w.one_hot(PHASES, Some(phase));
        let discard = self.discard_pile();
        for c in 0..NUM_CARDS {
            w.flag(discard >> c & 1 == 1);
        }
        let cards = NUM_CARDS as f32;
        w.fraction(self.draw_pile_size() as f32, cards);
        w.fraction(self.draws_before_play, self.rules.max_draw_cards);
        w.fraction(f32::from(self.twos_left), cards);
        w.fraction(self.num_passes, SEATS + 1);
        w.fraction(self.num_plays, self.rules.max_turns);
        let actor = match self.turn() {
            Turn::Decision(s) => Some(usize::from(s != me)),
            _ => None,
        };
        w.one_hot(2, actor);
        w.finish();
    }

    /// OpenSpiel's `ObservationString` (empty while dealing), then the lab's lines.
    fn observation_string(&self, me: Seat) -> String {
        let mut s = String::new();
        if self.phase != Phase::Deal {
            s.push_str("Currently I have: \n");
            let hand = self.hands[usize::from(me)];
            for su in 0..NUM_SUITS as u8 {
                let mut line = [b' '; NUM_RANKS];
                for c in cards_of(hand).filter(|&c| suit(c) == su) {
                    line[usize::from(rank(c))] = RANK_CHARS[usize::from(rank(c))];
                }
                let _ = writeln!(
                    s,
                    "Suit {}: {}",
                    SUIT_CHARS[usize::from(su)] as char,
                    std::str::from_utf8(&line).expect("ASCII")
                );
            }
            if let (Some(c), Some(su)) = (self.last_card(), self.last_suit()) {
                let _ = writeln!(s, "Previous card: {}", card_name(c));
                let _ = writeln!(s, "Previous suit: {}", SUIT_CHARS[usize::from(su)] as char);
            }
            // OpenSpiel lists every seat from this one on, this one included.
            let _ = writeln!(
                s,
                "Starting counterclockwise, other players have: {}, {} cards.",
                self.hand_size(me),
                self.hand_size(1 - me)
            );
            if self.rules.use_special_cards {
                let _ = writeln!(
                    s,
                    "The direction is {}",
                    if self.direction == 1 {
                        "counterclockwise"
                    } else {
                        "clockwise"
                    }
                );
            }
        }
        let phase = match self.phase {
            Phase::Deal => "chance deals or draws",
            Phase::Play if self.nominate => "name a suit",
            Phase::Play => "play",
            Phase::Over => "over",
        };
        let _ = write!(s, "Phase: {phase}");
        if let Turn::Decision(t) = self.turn() {
            let _ = write!(
                s,
                "; seat {t} decides{}",
                if t == me { " (me)" } else { "" }
            );
        }
        s.push('\n');
        let discard: Vec<&str> = cards_of(self.discard_pile()).map(card_name).collect();
        let _ = writeln!(s, "Discard pile: {}", discard.join(" "));
        let _ = writeln!(
            s,
            "Draw pile: {} cards; drawn this turn {}; twos to draw {}; passes in a row {}; \
             cards played {}",
            self.draw_pile_size(),
            self.draws_before_play,
            self.twos_left,
            self.num_passes,
            self.num_plays
        );
        s
    }
}
