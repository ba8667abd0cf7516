//! The turn flow: a stack of [`Task`]s. A turn pushes what must happen, in reverse order,
//! and [`State::run`] executes automatic tasks until the top one needs a decision or a
//! chance outcome; [`ApplyAction::apply_with`] pops the waiting task and applies an action to
//! it. Here too: the deal and kick-off of each half ([`State::start_half`]), the end of a
//! turn, half time and the end of the game. What each card does is in `effects.rs`.

use super::actions::{self as act, Decoded};
use super::cards::{Card, NUM_CARDS};
use super::counts::sum;
use super::effects::counted_as;
use super::rules::*;
use super::state::{State, MIDFIELD, NONE};
use super::tasks::{RollFor, ShotKind, Task};
use crate::core::{Action, ApplyAction, Events, GameEvent, GameState, Seat, Turn};

impl State {
    pub(super) fn start_half(&mut self, kickoff: Seat) {
        let r = self.rules;
        self.foul_shot_taken = false;
        self.cambio_this_turn = false;
        self.rebounded = false;
        // Reading 23: in the second half the hands may be kept and topped up.
        let keep = self.half == 2 && r.options.second_half_hands == SecondHalfHands::Keep;
        if !keep {
            self.hands = [[0; NUM_CARDS]; 2];
            self.held = [0; 2];
            self.hand_count = [0; 2];
            self.known = [[0; NUM_CARDS]; 2];
        }
        for i in 0..NUM_CARDS {
            self.deck[i] = r.deck[i] - self.out[i] - self.hands[0][i] - self.hands[1][i];
        }
        self.deck_count = sum(&self.deck);
        self.discard = [0; NUM_CARDS];
        self.table = [0; NUM_CARDS];
        self.takeable = [[0; NUM_CARDS]; 2];
        self.takeable_set = [0; 2];
        self.hand_limit = [r.hand_size; 2];
        self.yellows = [0; 2];
        self.reds = [0; 2];
        self.timer = 0;
        self.section = MIDFIELD;
        self.possession = kickoff;
        self.turn_seat = kickoff;
        self.turns_this_half = 0;
        self.lasting.clear();
        self.drew = false;
        self.must_play = NONE;
        self.lancio_ok = false;
        self.offside_open = false;
        self.foul_answered = false;
        self.cur_phys = NONE;
        self.cur_as = NONE;
        self.dribble_len = 0;
        self.shot_dir = NONE;
        self.wall_dir = NONE;
        self.mischia_give = NONE;
        self.tasks.clear();
        self.tasks.push(Task::TurnStart);
        self.tasks.push(Task::DealDone);
        self.dealing = true;
        // The deal alternates seat 0, seat 1 (tasks are pushed in reverse order), each
        // seat drawing up to the hand size.
        let need = self.hand_count.map(|n| r.hand_size.saturating_sub(n));
        for k in (0..r.hand_size).rev() {
            if k < need[1] {
                self.tasks.push(Task::Draw(1));
            }
            if k < need[0] {
                self.tasks.push(Task::Draw(0));
            }
        }
        // A kept hand above the hand size (the half ended after the turn's draw) is cut
        // first, by its owner's choice, to the discard pile.
        for seat in [1u8, 0] {
            for _ in r.hand_size..self.hand_count[seat as usize] {
                self.tasks.push(Task::RedDiscardChoose(seat));
            }
        }
    }

    /// Ends the half at once (RECUPERO revealed, draw pile empty, or the turn cap),
    /// reporting [`GameEvent::PeriodEnd`] before anything of the next half happens (the
    /// next half starts with its deal, a chance node, so no other event can follow in the
    /// same action). A turn cut short by the end of the half is reported ended first
    /// ([`GameEvent::TurnEnd`]).
    pub(super) fn end_half<F: Events>(&mut self, ev: &mut F) {
        if std::mem::take(&mut self.in_turn) {
            ev.event(GameEvent::TurnEnd {
                seat: self.turn_seat,
            });
        }
        ev.event(GameEvent::PeriodEnd { period: self.half });
        if self.half == 1 {
            self.half = 2;
            self.start_half(1);
        } else {
            self.game_over = true;
            self.tasks.clear();
        }
    }

    pub(super) fn advance_timer<F: Events>(&mut self, ev: &mut F) {
        self.timer += 1;
        if self.timer + 1 >= self.rules.timer_cards {
            self.timer = self.rules.timer_cards - 1;
            self.end_half(ev);
        }
    }

    /// Runs automatic tasks until the top task needs an action or the game is over.
    #[inline]
    pub(super) fn run<F: Events>(&mut self, ev: &mut F) {
        while !self.game_over {
            let Some(&task) = self.tasks.last() else {
                // Nothing left: only possible after the game ended.
                self.game_over = true;
                break;
            };
            match task {
                Task::RefillTo(seat) => {
                    self.tasks.pop();
                    let s = seat as usize;
                    let need = self.hand_limit[s].saturating_sub(self.hand_count[s]);
                    for _ in 0..need {
                        self.tasks.push(Task::Draw(seat));
                    }
                }
                Task::EndTurn => {
                    self.tasks.pop();
                    self.end_turn(ev);
                }
                Task::DealDone => {
                    self.tasks.pop();
                    self.dealing = false;
                }
                Task::FoulShot => {
                    self.tasks.pop();
                    self.foul_shot();
                }
                Task::DribbleNext(i) => {
                    self.tasks.pop();
                    self.dribble_next(i, ev);
                }
                Task::RevealHand => {
                    self.tasks.pop();
                    self.reveal_hand();
                }
                Task::MischiaTake(seat) if self.hand_count[1 - seat as usize] == 0 => {
                    self.tasks.pop();
                    self.mischia_give_back();
                }
                Task::FoulAnswerDefender if self.foul_answered || self.errore_barred() => {
                    self.tasks.pop();
                }
                Task::InspectDiscard if self.hand_count[self.attacker() as usize] == 0 => {
                    self.tasks.pop();
                }
                Task::RedDiscardRandom(s) | Task::RedDiscardChoose(s)
                    if self.hand_count[s as usize] == 0 =>
                {
                    self.tasks.pop();
                }
                _ => break,
            }
        }
    }

    /// Reading 25: whether ERRORE ARBITRALE is barred because the attacker holds an
    /// AMMONIZIONE.
    pub(super) fn errore_barred(&self) -> bool {
        self.rules.options.errore_arbitrale == ErroreArbitraleRule::AttackerWithoutAmmonizione
            && self.hands[self.attacker() as usize][Card::Ammonizione.index()] > 0
    }

    pub(super) fn end_turn<F: Events>(&mut self, ev: &mut F) {
        let t = self.turn_seat;
        self.in_turn = false;
        ev.event(GameEvent::TurnEnd { seat: t });
        self.cambio_this_turn = false;
        self.rebounded = false;
        // Reading 21: a free kick or penalty taken in this (the fouler's) turn was the
        // attacker's turn: the fouler plays next.
        let attacker_turn_spent = std::mem::take(&mut self.foul_shot_taken)
            && self.rules.options.foul_shot_turn == FoulShotTurn::Attacker;
        self.offside_open = self.lancio_ok;
        self.lancio_ok = false;
        self.drew = false;
        self.must_play = NONE;
        self.turns_this_half += 1;
        if self.turns_this_half >= self.rules.max_turns_per_half {
            self.end_half(ev);
            return;
        }
        self.turn_seat = if attacker_turn_spent { t } else { 1 - t };
        self.tasks.push(Task::TurnStart);
        self.tasks.push(Task::RefillTo(self.turn_seat));
        self.tasks.push(Task::RefillTo(t));
    }

    /// The draw pile just ran out (reading 18): the half ends, or under
    /// "recupero-reshuffle" the discard pile becomes the draw pile (and the half ends only
    /// if that is empty too).
    pub(super) fn on_empty_deck<F: Events>(&mut self, ev: &mut F) {
        if self.rules.options.half_end == HalfEnd::RecuperoReshuffle {
            self.deck = self.discard;
            self.deck_count = sum(&self.deck);
            self.discard = [0; NUM_CARDS];
            self.takeable = [[0; NUM_CARDS]; 2];
            self.takeable_set = [0; 2];
        }
        if self.deck_count == 0 {
            self.end_half(ev);
        }
    }
}

impl ApplyAction for State {
    crate::core::apply_by_tracked!();

    #[inline]
    fn action_effect(&self, action: Action) -> Option<u32> {
        self.effect_of(action)
    }
}

impl State {
    /// [`ApplyAction::apply_with`], mixing the action into the observation hashes when
    /// `track` ([`ApplyAction::apply_untracked`] does not).
    #[inline]
    fn apply_tracked<F: Events>(&mut self, action: Action, ev: &mut F, track: bool) {
        let task = *self.tasks.last().expect("apply on a finished game");
        if task == Task::TurnStart && !self.dealing {
            self.in_turn = true;
        }
        if track {
            self.record_obs(task, action);
        }
        let seat = match self.turn() {
            Turn::Decision(s) => s,
            _ => self.turn_seat,
        };
        let s = seat as usize;
        match (task, act::decode(action)) {
            (Task::Draw(d), Decoded::Card(c)) => {
                self.tasks.pop();
                self.deck[c.index()] -= 1;
                self.deck_count -= 1;
                ev.event(GameEvent::CardDrawn {
                    seat: d,
                    card: c as u8,
                });
                let hold = self.dealing && self.rules.options.opening_tempo == OpeningTempo::Hold;
                if c == Card::Tempo5 && !hold {
                    // Rulebook: a drawn TEMPO +5 is played at once, then another card drawn.
                    ev.event(GameEvent::CardPlayed {
                        seat: d,
                        card: c as u8,
                    });
                    self.to_discard(c, None);
                    self.tasks.push(Task::Draw(d));
                    self.advance_timer(ev);
                } else {
                    // Any other card goes to the hand (a drawn BLANK has no effect).
                    self.hand_add(d, c, false);
                }
                if self.deck_count == 0 && !self.game_over {
                    self.on_empty_deck(ev);
                }
            }
            (Task::RedDiscardRandom(o), Decoded::Card(c))
            | (Task::RedDiscardChoose(o), Decoded::Pick(c)) => {
                self.tasks.pop();
                self.hand_remove(o, c);
                self.to_discard(c, None);
            }
            (Task::MischiaTake(m), Decoded::Card(c)) => {
                self.tasks.pop();
                self.hand_remove(1 - m, c);
                self.hand_add(m, c, true);
                self.mischia_give_back();
            }
            (
                Task::Roll {
                    purpose,
                    twice,
                    first,
                },
                Decoded::Green(f) | Decoded::Red(f),
            ) => {
                self.tasks.pop();
                if twice && first == NONE {
                    self.tasks.push(Task::Roll {
                        purpose,
                        twice,
                        first: f,
                    });
                } else if twice && first != f {
                    self.tasks.push(Task::ChooseFace {
                        purpose,
                        a: first,
                        b: f,
                    });
                } else {
                    self.resolve_roll(purpose, f, ev);
                }
            }
            (Task::ChooseFace { purpose, .. }, Decoded::KeepGreen(f) | Decoded::KeepRed(f)) => {
                self.tasks.pop();
                self.resolve_roll(purpose, f, ev);
            }
            (Task::TurnStart, Decoded::Draw) => {
                self.tasks.pop();
                self.drew = true;
                self.tasks.push(Task::Play);
                self.tasks.push(Task::Draw(seat));
            }
            (Task::TurnStart, Decoded::Take(c)) => {
                self.tasks.pop();
                self.take_from_discard(seat, c);
                ev.event(GameEvent::CardDrawn {
                    seat,
                    card: c as u8,
                });
                self.drew = true;
                self.must_play = c as u8;
                self.tasks.push(Task::Play);
            }
            (Task::TurnStart, Decoded::Cambio) => {
                self.cambio_used[s] = true;
                self.cambio_this_turn = true;
                self.tasks.push(Task::CambioDiscard { left: 3, done: 0 });
            }
            (Task::TurnStart | Task::Play, Decoded::Play(c)) => {
                self.tasks.pop();
                let as_card = self.effective(seat, c);
                self.play_card(seat, c, as_card, ev);
            }
            (Task::TurnStart | Task::Play, Decoded::PlayAs(c)) => {
                self.tasks.pop();
                self.play_card(seat, Card::Tifosi, c, ev);
            }
            (Task::Play, Decoded::Pick(c)) => {
                // A discard for want of a playable card (not by choice under
                // `discard = "always"`) locks the player.
                if !self.can_play(seat, false) {
                    ev.event(GameEvent::Locked { seat });
                }
                self.tasks.pop();
                self.hand_remove(seat, c);
                self.to_discard(c, Some(1 - seat));
                self.tasks.push(Task::EndTurn);
            }
            (Task::Play, Decoded::Done) => {
                // An empty hand (red cards): nothing to play.
                ev.event(GameEvent::Locked { seat });
                self.tasks.pop();
                self.tasks.push(Task::EndTurn);
            }
            (Task::CambioDiscard { left, done }, Decoded::Pick(c)) => {
                self.tasks.pop();
                self.hand_remove(seat, c);
                self.to_discard(c, None);
                if left > 1 && self.hand_count[s] > 0 {
                    self.tasks.push(Task::CambioDiscard {
                        left: left - 1,
                        done: done + 1,
                    });
                } else {
                    for _ in 0..=done {
                        self.tasks.push(Task::Draw(seat));
                    }
                }
            }
            (Task::CambioDiscard { done, .. }, Decoded::Done) => {
                self.tasks.pop();
                for _ in 0..done {
                    self.tasks.push(Task::Draw(seat));
                }
            }
            (Task::LancioDistance, Decoded::Lancio(n)) => {
                self.tasks.pop();
                let twice = self.lasting_count(Card::Superiorita, seat) > 0
                    && self.rules.options.superiority == Superiority::LikeCard;
                self.roll(RollFor::Pass { base: n }, twice);
            }
            (Task::ShotDirection, Decoded::Dir(d)) => {
                self.tasks.pop();
                self.shot_dir = d;
            }
            (Task::Wall, Decoded::Dir(d)) => {
                self.tasks.pop();
                self.wall_dir = d;
            }
            (Task::Keeper, Decoded::Dir(k)) => {
                self.tasks.pop();
                // Rulebook, the shot: the cards are shown once the goalkeeper has chosen.
                let attacker = self.attacker();
                ev.event(GameEvent::Revealed {
                    seat: attacker,
                    what: act::AIMED[usize::from(self.shot_dir)],
                });
                if self.shot_kind == ShotKind::FreeKick
                    && self.rules.options.wall == WallRule::Secret
                {
                    ev.event(GameEvent::Revealed {
                        seat,
                        what: act::WALLED[usize::from(self.wall_dir)],
                    });
                }
                ev.event(GameEvent::Revealed {
                    seat,
                    what: act::DIVED[usize::from(k)],
                });
                if self.shot_kind == ShotKind::FreeKick && self.shot_dir == self.wall_dir {
                    // Rulebook, Fouls: a shot on the wall side leaves the ball with the
                    // attacker in the same section.
                    self.resolved(false, ev);
                    self.finish_card(false);
                } else if self.shot_dir != k {
                    self.roll(RollFor::ShotOnGoal, false);
                } else {
                    self.roll(RollFor::Save, false);
                }
            }
            (Task::FoulAnswerAttacker(_), Decoded::Play(c)) => {
                self.tasks.pop();
                self.answer_foul(seat, c, c, ev);
            }
            (Task::FoulAnswerAttacker(_), Decoded::PlayAs(c)) => {
                self.tasks.pop();
                self.answer_foul(seat, Card::Tifosi, c, ev);
            }
            (Task::FoulAnswerDefender, Decoded::Play(c)) => {
                self.tasks.pop();
                self.answer_foul(seat, c, c, ev);
            }
            (Task::FoulAnswerDefender, Decoded::PlayAs(c)) => {
                self.tasks.pop();
                self.answer_foul(seat, Card::Tifosi, c, ev);
            }
            (Task::FoulAnswerAttacker(_) | Task::FoulAnswerDefender, Decoded::Done) => {
                self.tasks.pop();
            }
            (Task::MischiaGive(m), Decoded::Pick(c)) => {
                self.tasks.pop();
                self.hand_remove(m, c);
                self.table[c.index()] += 1;
                self.mischia_give = c as u8;
                self.cur_seat = m;
            }
            (Task::InspectDiscard, Decoded::Pick(c)) => {
                self.tasks.pop();
                let a = self.attacker();
                self.hand_remove(a, c);
                self.to_discard(c, None);
                // "...and replaces it with one drawn from the deck" (FALLO INTENZIONALE).
                self.tasks.push(Task::Draw(a));
            }
            (Task::DribblingPick(k), Decoded::Play(c) | Decoded::PlayAs(c)) => {
                self.tasks.pop();
                let phys = if matches!(act::decode(action), Decoded::PlayAs(_)) {
                    Card::Tifosi
                } else {
                    c
                };
                let as_card = if phys == Card::Tifosi {
                    c
                } else {
                    self.effective(seat, c)
                };
                self.hand_remove(seat, phys);
                self.table[phys.index()] += 1;
                ev.event(GameEvent::CardPlayed {
                    seat,
                    card: counted_as(phys, as_card) as u8,
                });
                self.dribble[k as usize] = (phys as u8, as_card as u8);
                self.dribble_len = k + 1;
                if k + 1 < self.rules.options.dribbling_extra {
                    self.tasks.push(Task::DribblingPick(k + 1));
                } else {
                    self.tasks.push(Task::DribbleNext(0));
                }
            }
            (Task::DribblingPick(_), Decoded::Done) => {
                self.tasks.pop();
                self.tasks.push(Task::DribbleNext(0));
            }
            (t, d) => panic!("action {d:?} ({}) is not legal at {t:?}", action.0),
        }
        self.run(ev);
        self.to_move = self.compute_turn();
    }
}
