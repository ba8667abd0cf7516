//! Legality: the card sets a seat may play, take or answer with, as bit masks (legal
//! actions are on the hot path of every playout), and the legal actions at each decision.

use super::actions as act;
use super::cards::Card;
use super::counts::bit;
use super::rules::*;
use super::state::{State, NONE, PENALTY_AREA, THREE_QUARTERS};
use super::tasks::{Foul, RollFor, ShotKind, Task};
use crate::core::{Action, ActionList, GameState, LegalActions, Seat, Turn};

/// The green cards (the attacker's).
pub(super) const GREEN_MASK: u32 = (1 << 10) - 1;

/// The red cards (the defender's).
pub(super) const RED_MASK: u32 = ((1 << 18) - 1) & !GREEN_MASK;

/// The cards that have a colour: every printed card, not the lab's BLANK (the last id).
pub(super) const COLOURED_MASK: u32 = bit(Card::Blank) - 1;

/// The blue cards (either side's).
pub(super) const BLUE_MASK: u32 = COLOURED_MASK & !(GREEN_MASK | RED_MASK);

/// The answers to a foul (AMMONIZIONE, ESPULSIONE, ERRORE ARBITRALE).
pub(super) const FOUL_ANSWER_MASK: u32 =
    bit(Card::Ammonizione) | bit(Card::Espulsione) | bit(Card::ErroreArbitrale);

/// The cards played at the start of a turn without drawing (CONTROPIEDE, CATENACCIO).
pub(super) const NO_DRAW_MASK: u32 = bit(Card::Contropiede) | bit(Card::Catenaccio);

/// Cards that may go with DRIBBLING (reading 17): the attacker's in-turn cards (green or
/// blue: never a red card, nor the colourless BLANK), no second DRIBBLING; whether each
/// can act is checked when its turn comes.
pub(super) const DRIBBLE_MASK: u32 =
    (GREEN_MASK | BLUE_MASK) & !FOUL_ANSWER_MASK & !NO_DRAW_MASK & !bit(Card::Dribbling);

/// Pushes `make(c)` for each card `c` of the bit set `m`, in card order.
#[inline]
pub(super) fn push_bits(mut m: u32, make: fn(Card) -> Action, out: &mut ActionList) {
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        out.push(make(Card::from_index(i)));
        m &= m - 1;
    }
}

impl State {
    /// The card `c` means for `seat` under the interchangeable variant (reading 19).
    pub(super) fn effective(&self, seat: Seat, c: Card) -> Card {
        if self.rules.options.interchangeable {
            let attacking = seat == self.possession;
            match c {
                Card::Contrasto if attacking => return Card::Passaggio,
                Card::Passaggio if !attacking => return Card::Contrasto,
                _ => {}
            }
        }
        c
    }

    /// The set of cards (bit `c` for card id `c`) that `seat` may play, acting as that
    /// card, in its own turn; `no_draw`: at the start of the turn without drawing
    /// (CONTROPIEDE, CATENACCIO only). Computed with masks: legal actions are on the hot
    /// path of every playout.
    pub(super) fn playable_mask(&self, seat: Seat, no_draw: bool) -> u32 {
        let mut m = if seat == self.possession {
            GREEN_MASK | BLUE_MASK
        } else {
            RED_MASK | BLUE_MASK
        };
        m &= !FOUL_ANSWER_MASK;
        m &= if no_draw { NO_DRAW_MASK } else { !NO_DRAW_MASK };
        if self.objects_used && self.rules.options.tifosi_objects == TifosiObjects::OncePerGame {
            m &= !bit(Card::Oggetti);
        }
        if no_draw
            && self.cambio_this_turn
            && self.rules.options.cambio_then_no_draw == CambioThenNoDraw::Forbidden
        {
            m = 0;
        }
        let p = self.progress();
        if p != PENALTY_AREA {
            m &= !(bit(Card::Tiro) | bit(Card::Grangol) | bit(Card::Salvataggio));
        }
        let long_shot = p == THREE_QUARTERS
            || (p == PENALTY_AREA
                && self.rules.options.long_shot_from == LongShotFrom::ThreeQuartersOrArea);
        if !long_shot {
            m &= !bit(Card::TiroDaFuori);
        }
        if p != 0 {
            m &= !bit(Card::Rilancio);
        }
        if self.hand_count[seat as usize] < 2 || self.hand_count[1 - seat as usize] == 0 {
            m &= !bit(Card::Mischia);
        }
        m
    }

    /// Whether `seat` may play a card acting as `c` in its own turn (see
    /// [`State::playable_mask`]).
    pub(super) fn playable_as(&self, seat: Seat, c: Card, no_draw: bool) -> bool {
        self.playable_mask(seat, no_draw) & bit(c) != 0
    }

    /// The cards TIFOSI A FAVORE may stand for (reading 16) when `m` is the
    /// [`State::playable_mask`]: any playable card but itself and GRANGOL; TEMPO +5 only
    /// when it can be held (reading 3, "hold"), since under "replace" it is played the
    /// moment it is drawn and is never a card in hand.
    #[inline]
    pub(super) fn tifosi_of(&self, m: u32) -> u32 {
        let mut t = m & !(bit(Card::Tifosi) | bit(Card::Grangol));
        if self.rules.options.opening_tempo != OpeningTempo::Hold {
            t &= !bit(Card::Tempo5);
        }
        t
    }

    /// The physical cards whose meaning for `seat` ([`State::effective`]) is in the set
    /// `m`: `m` itself, except that under the interchangeable variant CONTRASTO stands in
    /// for PASSAGGIO for the attacker and PASSAGGIO for CONTRASTO for the defender.
    #[inline]
    pub(super) fn effective_preimage(&self, seat: Seat, m: u32) -> u32 {
        if !self.rules.options.interchangeable {
            return m;
        }
        let (pass, tackle) = (bit(Card::Passaggio), bit(Card::Contrasto));
        if seat == self.possession {
            (m & !tackle) | if m & pass != 0 { tackle } else { 0 }
        } else {
            (m & !pass) | if m & tackle != 0 { pass } else { 0 }
        }
    }

    /// The physical cards of `seat`'s hand it may play now as themselves (the
    /// interchangeable variant lets PASSAGGIO and CONTRASTO act as each other), `m` being
    /// the [`State::playable_mask`].
    #[inline]
    pub(super) fn own_play_mask(&self, seat: Seat, m: u32) -> u32 {
        self.held[seat as usize] & !bit(Card::Tifosi) & self.effective_preimage(seat, m)
    }

    /// Whether `seat` has any card to play now (itself, or TIFOSI as anything).
    pub(super) fn can_play(&self, seat: Seat, no_draw: bool) -> bool {
        let m = self.playable_mask(seat, no_draw);
        self.own_play_mask(seat, m) != 0
            || (self.held[seat as usize] & bit(Card::Tifosi) != 0 && self.tifosi_of(m) != 0)
    }

    #[inline]
    pub(super) fn push_plays(
        &self,
        seat: Seat,
        no_draw: bool,
        only: Option<Card>,
        out: &mut ActionList,
    ) {
        let filter = only.map_or(u32::MAX, bit);
        let m = self.playable_mask(seat, no_draw);
        push_bits(self.own_play_mask(seat, m) & filter, act::play, out);
        if self.held[seat as usize] & filter & bit(Card::Tifosi) != 0 {
            push_bits(self.tifosi_of(m), act::play_as, out);
        }
    }

    /// The cards of the discard pile `seat` may take at the start of its turn: those it
    /// could play after drawing (itself, or TIFOSI as anything).
    pub(super) fn takes_mask(&self, seat: Seat) -> u32 {
        let m = self.playable_mask(seat, false);
        let mut ok = self.effective_preimage(seat, m) & !bit(Card::Tifosi);
        if self.tifosi_of(m) != 0 {
            ok |= bit(Card::Tifosi);
        }
        self.takeable_set[seat as usize] & ok
    }

    #[inline]
    pub(super) fn push_picks(&self, seat: Seat, out: &mut ActionList) {
        push_bits(self.held[seat as usize], act::pick, out);
    }

    /// Answers to a foul `seat` may play (AMMONIZIONE/ESPULSIONE or ERRORE ARBITRALE).
    pub(super) fn push_answers(&self, seat: Seat, cards: &[Card], out: &mut ActionList) {
        let hand = self.held[seat as usize];
        for &c in cards {
            if hand & bit(c) != 0 {
                out.push(act::play(c));
            }
        }
        if hand & bit(Card::Tifosi) != 0 && self.rules.options.tifosi == TifosiRule::RoleCard {
            for &c in cards {
                out.push(act::play_as(c));
            }
        }
        out.push(act::DONE);
    }

    pub(super) fn attacker_answers(foul: Foul) -> &'static [Card] {
        match foul {
            Foul::Whistle => &[Card::Ammonizione, Card::Espulsione],
            Foul::Yellow => &[Card::Espulsione],
            Foul::Red => &[],
        }
    }
}

impl LegalActions for State {
    #[inline]
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        let Turn::Decision(seat) = self.turn() else {
            return;
        };
        let s = seat as usize;
        match *self.tasks.last().unwrap() {
            Task::TurnStart => {
                self.push_plays(seat, true, None, out);
                out.push(act::DRAW);
                push_bits(self.takes_mask(seat), act::take, out);
                if !self.cambio_used[s] && self.hand_count[s] > 0 {
                    out.push(act::CAMBIO);
                }
            }
            Task::Play => {
                let only =
                    (self.must_play != NONE).then(|| Card::from_index(self.must_play as usize));
                self.push_plays(seat, false, only, out);
                if only.is_none()
                    && (out.is_empty() || self.rules.options.discard == DiscardRule::Always)
                {
                    self.push_picks(seat, out);
                }
                if out.is_empty() {
                    // An empty hand (a hand limit cut to nothing by red cards).
                    out.push(act::DONE);
                }
            }
            Task::CambioDiscard { done, .. } => {
                self.push_picks(seat, out);
                // CAMBIO replaces at least one card: "done" before any pick would use it
                // up for nothing.
                if done > 0 || out.is_empty() {
                    out.push(act::DONE);
                }
            }
            Task::LancioDistance => {
                out.push(act::lancio(1));
                out.push(act::lancio(2));
            }
            Task::ChooseFace { purpose, a, b } => {
                let (lo, hi) = (a.min(b), a.max(b));
                let f = |x| match purpose {
                    RollFor::Tackle => act::keep_red(x),
                    _ => act::keep_green(x),
                };
                out.push(f(lo));
                if hi != lo {
                    out.push(f(hi));
                }
            }
            Task::ShotDirection | Task::Wall | Task::Keeper => {
                for d in 0..3 {
                    out.push(act::dir(d));
                }
            }
            Task::FoulAnswerAttacker(foul) => {
                self.push_answers(seat, Self::attacker_answers(foul), out);
            }
            Task::FoulAnswerDefender => {
                self.push_answers(seat, &[Card::ErroreArbitrale], out);
            }
            Task::MischiaGive(_) | Task::RedDiscardChoose(_) => self.push_picks(seat, out),
            Task::InspectDiscard => self.push_picks(self.attacker(), out),
            Task::DribblingPick(_) => {
                let hand = self.held[s];
                let plays = hand & !bit(Card::Tifosi) & self.effective_preimage(seat, DRIBBLE_MASK);
                push_bits(plays, act::play, out);
                if hand & bit(Card::Tifosi) != 0 {
                    // As outside DRIBBLING (`tifosi_of`): never GRANGOL, and TEMPO +5
                    // only when a TEMPO +5 can be held.
                    push_bits(self.tifosi_of(DRIBBLE_MASK), act::play_as, out);
                }
                out.push(act::DONE);
            }
            _ => {}
        }
    }
}

impl State {
    /// The direction choices of a shot (rulebook, Shots; reading 26 for the wall), where
    /// the three directions differ only in whether they match:
    ///
    /// | decision | symmetric when |
    /// |---|---|
    /// | shot direction | no wall is in sight: not a free kick, or the wall is secret |
    /// | wall | always (nothing of the shot is known when it is placed) |
    /// | goalkeeper | not a free kick (at a free kick the keeper knows his own wall) |
    /// Whether the decision is a secret choice ([`crate::core::GameState::secret_choice`]):
    /// the shot direction (hidden from the defender until the goalkeeper's dive reveals
    /// everything), and the wall unless the rules place it in the open
    /// (`options.wall = "open-first"`).
    pub(super) fn is_secret_choice(&self) -> bool {
        match self.tasks.last() {
            _ if self.game_over => false,
            Some(Task::ShotDirection) => true,
            Some(Task::Wall) => self.rules.options.wall != WallRule::OpenFirst,
            _ => false,
        }
    }

    pub(super) fn is_symmetric_choice(&self) -> bool {
        let free_kick = self.shot_kind == ShotKind::FreeKick;
        match self.tasks.last() {
            _ if self.game_over => false,
            Some(Task::ShotDirection) => !free_kick || self.rules.options.wall == WallRule::Secret,
            Some(Task::Wall) => true,
            Some(Task::Keeper) => !free_kick,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grangol::Colour;

    #[test]
    fn colour_masks_match_the_card_colours() {
        for c in Card::ALL {
            let b = bit(c);
            let colour = c.colour();
            assert_eq!(GREEN_MASK & b != 0, colour == Some(Colour::Green), "{c:?}");
            assert_eq!(RED_MASK & b != 0, colour == Some(Colour::Red), "{c:?}");
            assert_eq!(BLUE_MASK & b != 0, colour == Some(Colour::Blue), "{c:?}");
            assert_eq!(COLOURED_MASK & b != 0, colour.is_some(), "{c:?}");
            assert_eq!(FOUL_ANSWER_MASK & b != 0, c.is_foul_answer(), "{c:?}");
            assert_eq!(NO_DRAW_MASK & b != 0, c.is_no_draw(), "{c:?}");
            let dribble = matches!(colour, Some(Colour::Green | Colour::Blue))
                && !c.is_foul_answer()
                && !c.is_no_draw()
                && c != Card::Dribbling;
            assert_eq!(DRIBBLE_MASK & b != 0, dribble, "{c:?}");
        }
    }
}
