//! The legal actions of a LASTUF GOL state and its chance outcomes: which cards can be
//! played and on which targets (rulebook, How to score a GOAL and the card texts), and
//! the draws of the deal and of refills.

use super::actions::{self as act};
use super::cards::{Card, Colour, Status, NUM_COLOURS};
use super::rules::{DoctorRule, FullGoal, GoalPlacement, Sanctions};
use super::state::{Phase, State, NO_GOAL};
use crate::core::{
    push_counts, sample_counts, Action, ActionList, ChanceList, ChanceOutcomes, GameState,
    LegalActions, Rng, Seat, Turn,
};

impl State {
    /// Whether the turn seat may score with a BALL in `target`'s goal slot `g`: a rival
    /// in the game, not under TIME-OUT, defending a goal there whose colour the turn
    /// seat's active players outnumber his (rulebook, How to score a GOAL), and, under
    /// `full_goal = "closed"`, that has not conceded `goals_to_eliminate` yet.
    pub fn can_score(&self, seat: Seat, target: Seat, g: u8) -> bool {
        if target == seat || !self.is_in(target) || self.timeout[target as usize] {
            return false;
        }
        match self.goal(target, g) {
            Some((_, balls))
                if self.rules.options.full_goal == FullGoal::Closed
                    && balls >= self.rules.goals_to_eliminate =>
            {
                false
            }
            Some((k, _)) => self.active(seat, k) > self.active(target, k),
            None => false,
        }
    }

    /// Whether `seat` may put a sanction card (YELLOW CARD, RED CARD, INJURY) on `target`'s
    /// players, or heal them with DOCTOR.
    fn may_target(&self, seat: Seat, target: Seat, card: Card) -> bool {
        if !self.is_in(target) {
            return false;
        }
        match card {
            Card::Doctor => target == seat || self.rules.options.doctor == DoctorRule::Any,
            _ => target != seat || self.rules.options.sanctions == Sanctions::Any,
        }
    }

    /// Whether a player of status `t` may receive `card` (YELLOW CARD, RED CARD: any;
    /// INJURY: not injured yet; DOCTOR: injured).
    fn fits(card: Card, t: Status) -> bool {
        match card {
            Card::Injury => !t.injured(),
            Card::Doctor => t.injured(),
            _ => true,
        }
    }

    /// Pushes the player targets of `card` played by `seat` (in code order).
    fn push_targets(&self, seat: Seat, card: Card, out: &mut ActionList) {
        for t in self.seats() {
            if !self.may_target(seat, t, card) {
                continue;
            }
            for k in Colour::ALL {
                for st in Status::ALL {
                    if self.players(t, k, st) > 0 && Self::fits(card, st) {
                        out.push(act::target(t, k, st));
                    }
                }
            }
        }
    }

    fn any_player(&self, seat: Seat) -> bool {
        self.players[seat as usize]
            .iter()
            .any(|k| k.iter().any(|&n| n > 0))
    }

    /// Whether `seat` holds a goal and some seat has room for one: the GOAL must then be
    /// placed (option `goal_placement = "must"`).
    pub fn goal_forced(&self, seat: Seat) -> bool {
        self.rules.options.goal_placement == GoalPlacement::Must
            && self.holds_goal(seat)
            && self.seats().any(|t| self.has_room(t))
    }

    fn holds_goal(&self, seat: Seat) -> bool {
        self.hands[seat as usize][..NUM_COLOURS]
            .iter()
            .any(|&n| n > 0)
    }

    /// Whether `seat` can play `card` now (it has a legal target).
    pub fn playable(&self, seat: Seat, card: Card) -> bool {
        match card {
            Card::GoalRed | Card::GoalBlue | Card::GoalGreen | Card::GoalYellow => {
                self.seats().any(|t| self.has_room(t))
            }
            Card::PlayerRed | Card::PlayerBlue | Card::PlayerGreen | Card::PlayerYellow => true,
            Card::Ball => self
                .rivals(seat)
                .any(|t| (0..2).any(|g| self.can_score(seat, t, g))),
            Card::YellowCard | Card::RedCard | Card::Injury | Card::Doctor => {
                self.seats().any(|t| {
                    self.may_target(seat, t, card)
                        && Status::ALL.into_iter().any(|st| {
                            Self::fits(card, st)
                                && Colour::ALL.into_iter().any(|k| self.players(t, k, st) > 0)
                        })
                })
            }
            Card::Substitution => {
                self.any_player(seat) && self.rivals(seat).any(|t| self.any_player(t))
            }
            Card::TimeOut => true,
            Card::SwapSides => {
                self.goal_count(seat) > 0 && self.rivals(seat).any(|t| self.goal_count(t) > 0)
            }
            Card::Stop => false,
        }
    }

    pub(super) fn any_playable(&self, seat: Seat) -> bool {
        Card::ALL
            .into_iter()
            .any(|c| self.hand_has(seat, c) > 0 && self.playable(seat, c))
    }
}

impl LegalActions for State {
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        let s = self.turn_seat;
        let hand = &self.hands[s as usize];
        match self.phase {
            Phase::Play => {
                if self.goal_forced(s) {
                    for c in &Card::ALL[..NUM_COLOURS] {
                        if hand[c.index()] > 0 {
                            out.push(act::play(*c));
                        }
                    }
                    return;
                }
                for c in Card::ALL {
                    if hand[c.index()] > 0 && self.playable(s, c) {
                        out.push(act::play(c));
                    }
                }
                for c in Card::ALL {
                    if hand[c.index()] > 0 {
                        out.push(act::discard(c));
                    }
                }
                if self.rules.options.pass || self.hand_count[s as usize] == 0 {
                    out.push(act::PASS);
                }
            }
            Phase::MoreDiscard(_) => {
                for c in Card::ALL {
                    if hand[c.index()] > 0 {
                        out.push(act::discard(c));
                    }
                }
                out.push(act::DONE);
            }
            Phase::Target(card) => match card {
                Card::GoalRed | Card::GoalBlue | Card::GoalGreen | Card::GoalYellow => {
                    for t in self.seats() {
                        if self.has_room(t) {
                            out.push(act::place(t));
                        }
                    }
                }
                Card::Ball => {
                    for t in self.seats() {
                        for g in 0..2 {
                            if self.can_score(s, t, g) {
                                out.push(act::shoot(t, g));
                            }
                        }
                    }
                }
                Card::Substitution => {
                    for k in Colour::ALL {
                        for st in Status::ALL {
                            if self.players(s, k, st) > 0 {
                                out.push(act::give(k, st));
                            }
                        }
                    }
                }
                Card::SwapSides => {
                    for m in 0..2 {
                        if self.goals[s as usize][m as usize] == NO_GOAL {
                            continue;
                        }
                        for t in self.rivals(s) {
                            for g in 0..2 {
                                if self.goals[t as usize][g as usize] != NO_GOAL {
                                    out.push(act::swap(m, t, g));
                                }
                            }
                        }
                    }
                }
                _ => self.push_targets(s, card, out),
            },
            Phase::SubTake(..) => {
                for t in self.rivals(s) {
                    for k in Colour::ALL {
                        for st in Status::ALL {
                            if self.players(t, k, st) > 0 {
                                out.push(act::target(t, k, st));
                            }
                        }
                    }
                }
            }
            Phase::StopAsk(v, _) => {
                out.push(act::DONE);
                if self.hand_has(v, Card::Stop) > 0 {
                    out.push(act::STOP);
                }
            }
            _ => {}
        }
    }
}

impl ChanceOutcomes for State {
    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        if self.turn() != Turn::Chance {
            return;
        }
        push_counts(out, &self.deck, |i| act::card(Card::ALL[i]));
    }

    /// Every chance node is a draw from the pile: drawn from the counts, unlisted.
    #[inline]
    fn sample_chance_outcome(&self, rng: &mut Rng) -> Action {
        sample_counts(&self.deck, rng, |i| act::card(Card::ALL[i]))
    }
}
