//! The flow of Crazy Eights: the deal, draws and reshuffles, plays, and the end of the
//! game (OpenSpiel `CrazyEightsState::DoApplyAction` and the functions it calls).

use super::actions::{DEALER_BASE, DRAW, NOMINATE_BASE, PASS};
use super::cards::{
    cards_of, rank, suit, ALL_CARDS, DRAW_TWO_RANK, EIGHT_RANK, REVERSE_RANK, SKIP_RANK,
};
use super::state::{step, Phase, State, NO_CARD, NO_SEAT, SEATS};
use crate::core::{Action, ApplyAction, Events, GameEvent, Seat};

impl State {
    /// OpenSpiel `CrazyEightsState::Reshuffle`: every card not in a hand and not on top of
    /// the discard pile goes back into the draw pile (called when it is empty).
    pub(super) fn reshuffle(&mut self) {
        debug_assert!(self.last_card != NO_CARD);
        self.deck = ALL_CARDS & !self.hands[0] & !self.hands[1] & !(1u64 << self.last_card);
    }

    /// OpenSpiel `CrazyEightsState::ScoreUp`: each seat loses the penalty points of the
    /// cards left in its hand.
    fn score_up(&mut self) {
        for s in 0..2 {
            let lost: i32 = cards_of(self.hands[s]).map(|c| self.rules.penalty(c)).sum();
            self.os_returns[s] -= lost;
        }
    }

    /// Ends the game (OpenSpiel: `phase_ = kGameOver; ScoreUp();`).
    fn game_over(&mut self) {
        self.phase = Phase::Over;
        self.score_up();
    }

    /// OpenSpiel `CrazyEightsState::ApplyDealAction`: the dealer's choice, a card dealt,
    /// the card turned up after the deal, or a card drawn.
    #[inline(always)]
    fn apply_chance<F: Events>(&mut self, action: u16, ev: &mut F) {
        if self.dealer == NO_SEAT {
            self.dealer = (action - DEALER_BASE) as Seat;
            self.current = step(self.dealer, 1);
            return;
        }
        let card = action as u8;
        let bit = 1u64 << card;
        let cur = usize::from(self.current);
        debug_assert!(self.deck & bit != 0, "card {card} is not in the draw pile");
        self.deck &= !bit;
        self.hands[cur] |= bit;
        if self.deck == 0 && self.rules.reshuffle {
            self.reshuffle();
        }
        if self.redraw {
            // The card turned up after the deal; an eight goes back and another is turned.
            self.hands[cur] &= !bit;
            if rank(card) == EIGHT_RANK {
                self.deck |= bit;
                return;
            }
            self.phase = Phase::Play;
            self.redraw = false;
            self.last_card = card;
            self.last_suit = suit(card);
            // With special cards, the card acts as if the dealer had played it.
            if self.rules.use_special_cards {
                match rank(card) {
                    SKIP_RANK => {
                        self.current = step(self.current, 2);
                        return;
                    }
                    REVERSE_RANK => {
                        self.current = step(self.current, -1);
                        self.direction = -self.direction;
                        return;
                    }
                    DRAW_TWO_RANK => {
                        self.twos_left += 2;
                        self.current = step(self.current, 1);
                        return;
                    }
                    _ => {}
                }
            }
            self.current = step(self.current, 1);
            return;
        }
        ev.event(GameEvent::CardDrawn {
            seat: self.current,
            card,
        });
        let deal_size = 2 * self.rules.hand_size;
        if self.dealt < deal_size {
            self.dealt += 1;
            if self.dealt < deal_size {
                self.current = step(self.current, 1);
            } else {
                debug_assert_eq!(self.current, self.dealer);
                self.redraw = true;
            }
            return;
        }
        let empty = self.deck == 0;
        if empty {
            self.can_pass = true;
        }
        if self.start_draw_twos {
            self.twos_left -= 1;
            // An empty draw pile cancels the rest of the twos; drawing the last one from
            // it counts as a pass.
            if empty {
                if self.twos_left == 0 {
                    self.num_passes += 1;
                }
                self.twos_left = 0;
            }
            if self.twos_left == 0 {
                self.start_draw_twos = false;
                self.phase = Phase::Play;
                ev.event(GameEvent::TurnEnd { seat: self.current });
                self.current = step(self.current, self.direction);
            }
            return;
        }
        self.draws_before_play += 1;
        self.phase = Phase::Play;
        if empty {
            self.draws_before_play = self.rules.max_draw_cards;
        }
        if self.draws_before_play == self.rules.max_draw_cards {
            self.can_pass = true;
        }
    }

    /// OpenSpiel `CrazyEightsState::ApplyPlayAction`: a pass, a draw, a suit named or a
    /// card played.
    #[inline(always)]
    fn apply_play<F: Events>(&mut self, action: u16, ev: &mut F) {
        let seat = self.current;
        if action == PASS {
            if self.deck == 0 {
                self.num_passes += 1;
            } else {
                self.num_passes = 0;
            }
            if self.playable() == 0 {
                ev.event(GameEvent::Locked { seat });
            }
            ev.event(GameEvent::TurnEnd { seat });
            if self.num_passes == SEATS + 1 {
                self.game_over();
                return;
            }
            if self.draws_before_play == self.rules.max_draw_cards {
                self.draws_before_play = 0;
            }
            self.current = step(seat, self.direction);
            if self.deck != 0 {
                self.can_pass = false;
            }
            return;
        }
        self.num_passes = 0;
        if action == DRAW {
            self.phase = Phase::Deal;
            if self.twos_left > 0 {
                self.start_draw_twos = true;
            }
            return;
        }
        if self.nominate {
            self.last_suit = (action - NOMINATE_BASE) as u8;
            self.nominate = false;
            ev.event(GameEvent::TurnEnd { seat });
            self.current = step(seat, self.direction);
            return;
        }
        let card = action as u8;
        let cur = usize::from(seat);
        self.num_plays += 1;
        self.can_pass = false;
        self.draws_before_play = 0;
        debug_assert!(self.hands[cur] & 1 << card != 0);
        self.hands[cur] &= !(1u64 << card);
        ev.event(GameEvent::CardPlayed { seat, card });
        let over = self.hands[cur] == 0 || self.num_plays >= self.rules.max_turns;
        if over {
            self.game_over();
        }
        self.last_card = card;
        self.last_suit = suit(card);
        if self.deck == 0 && self.rules.reshuffle {
            self.reshuffle();
        }
        if over {
            ev.event(GameEvent::TurnEnd { seat });
            return;
        }
        if rank(card) == EIGHT_RANK {
            self.nominate = true;
            return;
        }
        ev.event(GameEvent::TurnEnd { seat });
        if self.rules.use_special_cards {
            match rank(card) {
                SKIP_RANK => {
                    self.current = step(seat, 2 * self.direction);
                    return;
                }
                REVERSE_RANK => {
                    self.direction = -self.direction;
                    self.current = step(seat, self.direction);
                    return;
                }
                DRAW_TWO_RANK => {
                    // With an empty draw pile the two is an ordinary card.
                    if self.deck != 0 {
                        self.twos_left += 2;
                    }
                    self.current = step(seat, self.direction);
                    return;
                }
                _ => {}
            }
        }
        self.current = step(seat, self.direction);
    }
}

impl ApplyAction for State {
    crate::core::apply_by_tracked!();
}

impl State {
    /// [`ApplyAction::apply_with`] (OpenSpiel `CrazyEightsState::DoApplyAction`), mixing
    /// the action into the information keys' hashes when `track`
    /// ([`ApplyAction::apply_untracked_with`] does not). Events: `CardDrawn` for every
    /// card dealt or drawn into a hand (not for the card turned up), `CardPlayed` for every
    /// card played, `Locked` for a pass without a playable card, and `TurnEnd` when a
    /// seat's turn ends (a card played other than an eight, a suit named, a pass, the twos
    /// drawn, or the end of the game).
    #[inline]
    fn apply_tracked<F: Events>(&mut self, action: Action, events: &mut F, track: bool) {
        if track {
            self.observe(action);
        }
        match self.phase {
            Phase::Deal => self.apply_chance(action.0, events),
            Phase::Play => self.apply_play(action.0, events),
            Phase::Over => panic!("action {} applied to a finished game", action.0),
        }
    }
}
