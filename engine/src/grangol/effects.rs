//! Card effects: what each card does once played (rulebook, the cards; readings of
//! `rules.rs`), the resolution of its dice, fouls and their answers, shots, goals and
//! turnovers. [`State::start_effect`] is the one place that dispatches on the card.

use super::actions::{self as act, Decoded};
use super::cards::Card;
use super::rules::*;
use super::state::{State, MIDFIELD, NONE, PENALTY_AREA, THREE_QUARTERS};
use super::tasks::{Foul, Lasting, RollFor, ShotKind, Task};
use crate::core::{Action, Events, GameEvent, Seat};

/// The card a play counts as in [`GameEvent`]s (and so in `cards.csv`): the card itself,
/// except a PASSAGGIO or CONTRASTO played as the other under the interchangeable
/// variant, which counts as the card it was used as (a CONTRASTO played as a pass is a
/// pass, its success a pass's success). TIFOSI A FAVORE counts as TIFOSI whatever it
/// stands for.
pub(super) fn counted_as(phys: Card, as_card: Card) -> Card {
    match (phys, as_card) {
        (Card::Passaggio, Card::Contrasto) | (Card::Contrasto, Card::Passaggio) => as_card,
        _ => phys,
    }
}

impl State {
    /// Moves the card being resolved off the table: back to hand, to the discard pile, or
    /// out of the game.
    pub(super) fn finish_card(&mut self, keep: bool) {
        if self.cur_phys == NONE {
            return;
        }
        let phys = Card::from_index(self.cur_phys as usize);
        self.table[phys.index()] -= 1;
        if keep {
            self.hand_add(self.cur_seat, phys, true);
        } else if phys == Card::Oggetti {
            // Rulebook: OGGETTI IN CAMPO leaves the game after its first use.
            self.out[phys.index()] += 1;
        } else {
            self.to_discard(phys, None);
        }
        self.cur_phys = NONE;
        self.cur_as = NONE;
    }

    pub(super) fn resolved<F: Events>(&mut self, success: bool, ev: &mut F) {
        if self.cur_phys != NONE {
            let phys = Card::from_index(self.cur_phys as usize);
            let as_card = Card::from_index(self.cur_as as usize);
            ev.event(GameEvent::CardResolved {
                seat: self.cur_seat,
                card: counted_as(phys, as_card) as u8,
                success,
            });
        }
    }

    /// The ball changes side in the same section (rulebook: CONTRASTO, PASSAGGIO "X"),
    /// reported as [`GameEvent::PossessionChange`].
    pub(super) fn turnover_same_section<F: Events>(&mut self, ev: &mut F) {
        self.possession = 1 - self.possession;
        ev.event(GameEvent::PossessionChange {
            seat: self.possession,
        });
    }

    /// The ball goes to the other side, whose play restarts from its own penalty area
    /// (reading 4) or in the same section.
    pub(super) fn turnover_after_shot<F: Events>(&mut self, ev: &mut F) {
        self.possession = 1 - self.possession;
        ev.event(GameEvent::PossessionChange {
            seat: self.possession,
        });
        if self.rules.options.shot_turnover == ShotTurnover::OwnArea {
            self.set_progress(0);
        }
    }

    pub(super) fn goal<F: Events>(&mut self, scorer: Seat, ev: &mut F) {
        self.score[scorer as usize] += 1;
        ev.event(GameEvent::Goal { seat: scorer });
        // The conceding side kicks off from midfield (the lab's default, docs/rules/grangol.md).
        self.possession = 1 - scorer;
        self.section = MIDFIELD;
    }

    pub(super) fn advance(&mut self, n: u8) {
        let p = (self.progress() + n).min(PENALTY_AREA);
        self.set_progress(p);
    }

    pub(super) fn book_yellow<F: Events>(&mut self, seat: Seat, ev: &mut F) {
        self.yellows[seat as usize] += 1;
        if self.yellows[seat as usize] >= 2 {
            self.give_red(seat, ev);
        }
    }

    /// A red card (reading 12): yellows are cleared, the hand limit drops by one for the
    /// rest of the half, and one card of the hand is discarded (at random by default).
    pub(super) fn give_red<F: Events>(&mut self, seat: Seat, ev: &mut F) {
        ev.event(GameEvent::RedCard { seat });
        let s = seat as usize;
        self.yellows[s] = 0;
        self.reds[s] += 1;
        self.hand_limit[s] = self.hand_limit[s].saturating_sub(1);
        if self.hand_count[s] > 0 {
            self.tasks.push(match self.rules.options.red_card_discard {
                RedCardDiscard::Random => Task::RedDiscardRandom(seat),
                RedCardDiscard::Offender => Task::RedDiscardChoose(seat),
            });
        }
    }

    /// `seat` plays `phys` (acting as `as_card`) from its hand in its own turn.
    pub(super) fn play_card<F: Events>(
        &mut self,
        seat: Seat,
        phys: Card,
        as_card: Card,
        ev: &mut F,
    ) {
        self.hand_remove(seat, phys);
        self.table[phys.index()] += 1;
        ev.event(GameEvent::CardPlayed {
            seat,
            card: counted_as(phys, as_card) as u8,
        });
        self.tasks.push(Task::EndTurn);
        self.cur_phys = phys as u8;
        self.cur_as = as_card as u8;
        self.cur_seat = seat;
        self.start_effect(seat, as_card, ev);
    }

    pub(super) fn roll(&mut self, purpose: RollFor, twice: bool) {
        self.tasks.push(Task::Roll {
            purpose,
            twice,
            first: NONE,
        });
    }

    /// Starts the effect of the card being resolved (`cur_*`), acting as `c`.
    pub(super) fn start_effect<F: Events>(&mut self, seat: Seat, c: Card, ev: &mut F) {
        let o = self.rules.options;
        let like = o.superiority == Superiority::LikeCard;
        match c {
            Card::Passaggio | Card::Contropiede | Card::Rilancio => {
                let base = if c == Card::Rilancio { 3 } else { 1 };
                let twice = self.lasting_count(Card::Superiorita, seat) > 0
                    && (c == Card::Passaggio || like);
                self.roll(RollFor::Pass { base }, twice);
            }
            Card::Lancio => self.tasks.push(Task::LancioDistance),
            Card::Tiro | Card::TiroDaFuori => self.start_shot(ShotKind::Card),
            Card::Grangol => match o.grangol {
                GrangolRule::AutomaticGoal => {
                    self.resolved(true, ev);
                    self.finish_card(false);
                    self.goal(seat, ev);
                }
                GrangolRule::Tiro => self.start_shot(ShotKind::Card),
            },
            Card::Dribbling => {
                self.finish_card(false);
                self.dribble_len = 0;
                if o.dribbling_extra > 0 {
                    self.tasks.push(Task::DribblingPick(0));
                }
            }
            Card::Contrasto | Card::Catenaccio => {
                let twice = self.lasting_count(Card::Condizione, seat) > 0
                    && (c == Card::Contrasto || like);
                self.roll(RollFor::Tackle, twice);
            }
            Card::Salvataggio | Card::FalloEdErrore => {
                self.finish_card(false);
                self.turnover_same_section(ev);
            }
            Card::Fuorigioco => {
                let ok = self.offside_open;
                self.resolved(ok, ev);
                self.finish_card(false);
                if ok {
                    self.turnover_same_section(ev);
                }
            }
            Card::FalloIntenzionale => {
                self.finish_card(false);
                self.foul(Foul::Red);
                self.tasks.push(Task::InspectDiscard);
                self.tasks.push(Task::RevealHand);
                self.give_red(seat, ev);
            }
            Card::FalloLaterale => {
                self.finish_card(false);
                let p = self.progress().saturating_sub(o.throw_in_back);
                self.set_progress(p);
            }
            Card::Tempo5 | Card::Melina => {
                self.finish_card(false);
                self.advance_timer(ev);
            }
            Card::Pressing => {
                self.finish_card(false);
                self.timer = self.timer.saturating_sub(1);
            }
            Card::Mischia => {
                self.finish_card(false);
                self.tasks.push(Task::MischiaTake(seat));
                self.tasks.push(Task::MischiaGive(seat));
            }
            Card::Oggetti => self.roll(RollFor::Objects, false),
            Card::Pioggia | Card::Sole | Card::Superiorita | Card::Condizione => {
                self.lay_down(seat, c);
            }
            Card::Equilibrio => {
                self.finish_card(false);
                self.remove_lasting(|l| matches!(l.as_card, Card::Superiorita | Card::Condizione));
            }
            Card::Ammonizione
            | Card::Espulsione
            | Card::ErroreArbitrale
            | Card::Tifosi
            | Card::Blank => {
                // Foul answers are played through their own tasks; TIFOSI never stands
                // for itself; BLANK has no colour and is never played. Legality keeps
                // these from reaching here.
                debug_assert!(false, "{c:?} has no in-turn effect");
                self.finish_card(false);
            }
        }
    }

    /// Lays a lasting card in front of `seat` (PIOGGIA, SOLE, SUPERIORITA' TECNICA,
    /// CONDIZIONE ATLETICA): it stays until the end of the half.
    pub(super) fn lay_down(&mut self, seat: Seat, c: Card) {
        let phys = Card::from_index(self.cur_phys as usize);
        let sun = self.lasting.iter().any(|l| l.as_card == Card::Sole);
        if (c == Card::Pioggia && sun) || self.lasting.is_full() {
            // SOLE prevents PIOGGIA for the whole half (rulebook: SOLE).
            self.finish_card(false);
            return;
        }
        if c == Card::Sole {
            self.remove_lasting(|l| l.as_card == Card::Pioggia);
        }
        self.lasting.push(Lasting {
            phys,
            as_card: c,
            owner: seat,
        });
        // The card stays on the table: it is no longer being resolved.
        self.cur_phys = NONE;
        self.cur_as = NONE;
    }

    pub(super) fn remove_lasting(&mut self, pred: impl Fn(&Lasting) -> bool) {
        let mut i = 0;
        while i < self.lasting.len() {
            if pred(&self.lasting[i]) {
                let l = self.lasting.remove(i);
                self.table[l.phys.index()] -= 1;
                self.to_discard(l.phys, None);
            } else {
                i += 1;
            }
        }
    }

    pub(super) fn scoring_face(&self, f: u8) -> bool {
        match self.rules.options.shot_success {
            ShotSuccess::AnyBall => f != GreenFace::X as u8,
            ShotSuccess::PlainBall => f == GreenFace::Ball as u8,
        }
    }

    /// The card the card being resolved acts as (`cur_as`); `None` when no card is (a
    /// roll of a foul's free kick or penalty).
    fn resolving_as(&self) -> Option<Card> {
        (self.cur_as != NONE).then(|| Card::from_index(self.cur_as as usize))
    }

    /// What green face `f` does to a pass of `base` sections (PASSAGGIO, LANCIO, RILANCIO,
    /// CONTROPIEDE; the card being resolved, PASSAGGIO when none): `None` for the X face
    /// (the pass fails), else the sections the ball advances (the face's ±1 where reading
    /// `long_ball_dice` applies it, less the rain's) and whether the card succeeds (a
    /// CONTROPIEDE on a "-1" fails under `counter_minus_one = "failure"`).
    pub(super) fn pass_result(&self, base: u8, f: u8) -> Option<(u8, bool)> {
        if f == GreenFace::X as u8 {
            return None;
        }
        let o = self.rules.options;
        let card = self.resolving_as().unwrap_or(Card::Passaggio);
        let long = matches!(card, Card::Lancio | Card::Rilancio);
        let modified = !(long && o.long_ball_dice == LongBallDice::PassOnly);
        let mut n = match f {
            x if x == GreenFace::Plus as u8 && modified => base + 1,
            x if x == GreenFace::Minus as u8 && modified => base - 1,
            _ => base,
        };
        if self.raining() {
            n = match o.rain {
                Rain::MinOne if n >= 1 => (n - 1).max(1),
                Rain::MinOne => 0,
                Rain::MinusOne => n.saturating_sub(1),
            };
        }
        let success = !(card == Card::Contropiede
            && f == GreenFace::Minus as u8
            && o.counter_minus_one == CounterMinusOne::Failure);
        Some((n, success))
    }

    /// [`crate::core::ApplyAction::action_effect`]: a single roll's face and the face kept
    /// of two ([`State::roll_effect`]), and the goalkeeper's dive (all alike when the free
    /// kick hits the wall, else whether it meets the shot: the dive itself is not kept);
    /// `None` elsewhere, and at either roll of SUPERIORITA' TECNICA or CONDIZIONE
    /// ATLETICA (the first face is kept, the second may leave a choice).
    pub(super) fn effect_of(&self, action: Action) -> Option<u32> {
        if self.game_over {
            return None;
        }
        match (*self.tasks.last()?, act::decode(action)) {
            (
                Task::Roll {
                    purpose,
                    twice: false,
                    ..
                },
                Decoded::Green(f) | Decoded::Red(f),
            )
            | (Task::ChooseFace { purpose, .. }, Decoded::KeepGreen(f) | Decoded::KeepRed(f)) => {
                Some(self.roll_effect(purpose, f))
            }
            (Task::Keeper, Decoded::Dir(k)) => Some(
                if self.shot_kind == ShotKind::FreeKick && self.shot_dir == self.wall_dir {
                    2
                } else {
                    u32::from(self.shot_dir == k)
                },
            ),
            _ => None,
        }
    }

    /// What a roll's face `f` does, as a key ([`State::effect_of`]):
    /// faces of one roll with the same key leave equal states once resolved. A shot on
    /// goal and a save read only whether the face scores, OGGETTI IN CAMPO only whether it
    /// is the plain ball, a pass only where the ball ends (its advance stops at the
    /// penalty area) and whether the card succeeds; each red face does something else.
    pub(super) fn roll_effect(&self, purpose: RollFor, f: u8) -> u32 {
        match purpose {
            RollFor::ShotOnGoal | RollFor::Save => u32::from(self.scoring_face(f)),
            RollFor::Objects => u32::from(f == GreenFace::Ball as u8),
            RollFor::Tackle => u32::from(f),
            RollFor::Pass { base } => match self.pass_result(base, f) {
                None => u32::MAX,
                Some((n, success)) => {
                    let p = (self.progress() + n).min(PENALTY_AREA);
                    u32::from(p) << 1 | u32::from(success)
                }
            },
        }
    }

    /// Applies the (chosen) face of a roll.
    pub(super) fn resolve_roll<F: Events>(&mut self, purpose: RollFor, f: u8, ev: &mut F) {
        let o = self.rules.options;
        let cur = self.resolving_as();
        match purpose {
            RollFor::Pass { base } => {
                let card = cur.unwrap_or(Card::Passaggio);
                let Some((n, success)) = self.pass_result(base, f) else {
                    self.resolved(false, ev);
                    self.finish_card(false);
                    self.turnover_same_section(ev);
                    return;
                };
                self.advance(n);
                if card == Card::Lancio {
                    self.lancio_ok = true;
                }
                self.resolved(success, ev);
                self.finish_card(card == Card::Contropiede && success);
            }
            RollFor::Tackle => {
                let card = cur.unwrap_or(Card::Contrasto);
                let won = f == RedFace::Ball as u8;
                self.resolved(won, ev);
                // CATENACCIO stays in hand until it succeeds (rulebook: CATENACCIO).
                self.finish_card(card == Card::Catenaccio && !won);
                let d = self.defender();
                match f {
                    x if x == RedFace::Ball as u8 => self.turnover_same_section(ev),
                    x if x == RedFace::Whistle as u8 => self.foul(Foul::Whistle),
                    x if x == RedFace::Yellow as u8 => {
                        // A second yellow is already a red: ESPULSIONE has nothing to
                        // change into a red card then.
                        let second = self.yellows[d as usize] >= 1;
                        self.foul(if second { Foul::Red } else { Foul::Yellow });
                        self.book_yellow(d, ev);
                    }
                    _ => {}
                }
            }
            RollFor::ShotOnGoal => {
                let a = self.attacker();
                if self.scoring_face(f) {
                    self.resolved(true, ev);
                    self.finish_card(false);
                    self.goal(a, ev);
                } else {
                    self.resolved(false, ev);
                    self.finish_card(false);
                    self.turnover_after_shot(ev);
                }
            }
            RollFor::Save => {
                self.resolved(false, ev);
                self.finish_card(false);
                if self.scoring_face(f) {
                    self.turnover_after_shot(ev);
                } else {
                    // The ball bounces back to the attacker, same section.
                    self.rebounded = true;
                }
            }
            RollFor::Objects => {
                let ok = f == GreenFace::Ball as u8;
                self.objects_used = true;
                self.resolved(ok, ev);
                self.finish_card(false);
                if ok {
                    self.timer = 0;
                    if o.objects == Objects::RestartHalf {
                        self.section = MIDFIELD;
                    }
                }
            }
        }
    }

    /// After a foul (reading 11): a free kick in the defender's three-quarters, a penalty
    /// in his penalty area, if the attacker still has the ball.
    pub(super) fn foul_shot(&mut self) {
        if !self.rules.options.foul_shots || self.possession != self.foul_attacker {
            return;
        }
        let p = self.progress();
        let kind = match p {
            THREE_QUARTERS => ShotKind::FreeKick,
            PENALTY_AREA => ShotKind::Penalty,
            _ => return,
        };
        self.cur_phys = NONE;
        self.cur_as = NONE;
        // Reading 21 concerns a shot inside the fouler's turn.
        self.foul_shot_taken = self.turn_seat != self.foul_attacker;
        self.start_shot(kind);
    }

    pub(super) fn start_shot(&mut self, kind: ShotKind) {
        self.shot_kind = kind;
        self.shot_dir = NONE;
        self.wall_dir = NONE;
        self.tasks.push(Task::Keeper);
        let wall = kind == ShotKind::FreeKick;
        if self.rules.options.wall == WallRule::OpenFirst {
            // Reading 26: the wall is placed openly before the shot direction.
            self.tasks.push(Task::ShotDirection);
            if wall {
                self.tasks.push(Task::Wall);
            }
        } else {
            if wall {
                self.tasks.push(Task::Wall);
            }
            self.tasks.push(Task::ShotDirection);
        }
    }

    pub(super) fn foul(&mut self, kind: Foul) {
        self.foul_answered = false;
        self.foul_attacker = self.possession;
        self.tasks.push(Task::FoulShot);
        self.tasks.push(Task::FoulAnswerDefender);
        if kind != Foul::Red {
            self.tasks.push(Task::FoulAnswerAttacker(kind));
        }
    }

    pub(super) fn dribble_next<F: Events>(&mut self, i: u8, ev: &mut F) {
        if i >= self.dribble_len {
            return;
        }
        self.tasks.push(Task::DribbleNext(i + 1));
        let (phys, as_card) = self.dribble[i as usize];
        let (phys, as_card) = (
            Card::from_index(phys as usize),
            Card::from_index(as_card as usize),
        );
        let seat = self.turn_seat;
        self.cur_phys = phys as u8;
        self.cur_as = as_card as u8;
        self.cur_seat = seat;
        // Reading 24: after a rebound the remaining cards may be wasted.
        let stopped =
            self.rebounded && self.rules.options.dribbling_rebound == DribblingRebound::Stop;
        if !stopped && seat == self.possession && self.playable_as(seat, as_card, false) {
            self.start_effect(seat, as_card, ev);
        } else {
            // The earlier cards failed: this one is wasted (rulebook: DRIBBLING note).
            if as_card.has_outcome() || phys.has_outcome() {
                self.resolved(false, ev);
            }
            self.finish_card(false);
        }
    }

    pub(super) fn mischia_give_back(&mut self) {
        if self.mischia_give != NONE {
            let g = Card::from_index(self.mischia_give as usize);
            let seat = self.cur_seat;
            self.table[g.index()] -= 1;
            // The giver knows the other hand now holds `g`.
            self.hand_add(1 - seat, g, true);
            self.mischia_give = NONE;
        }
    }

    /// Plays a foul answer: AMMONIZIONE, ESPULSIONE (attacker) or ERRORE ARBITRALE
    /// (defender). The player refills his hand at once (rulebook: AMMONIZIONE, ESPULSIONE,
    /// CLARIFICATIONS).
    pub(super) fn answer_foul<F: Events>(
        &mut self,
        seat: Seat,
        phys: Card,
        as_card: Card,
        ev: &mut F,
    ) {
        self.hand_remove(seat, phys);
        ev.event(GameEvent::CardPlayed {
            seat,
            card: phys as u8,
        });
        self.to_discard(phys, None);
        self.foul_answered = true;
        self.tasks.push(Task::RefillTo(seat));
        let offender = 1 - seat;
        match as_card {
            Card::Ammonizione => self.book_yellow(offender, ev),
            Card::Espulsione => {
                // A red card replaces the yellow just given (rulebook: CONTRASTO, yellow).
                self.give_red(offender, ev);
            }
            Card::ErroreArbitrale => self.turnover_same_section(ev),
            _ => debug_assert!(false, "{as_card:?} is not a foul answer"),
        }
    }
}
