//! The legal actions of a LASTUF GOL state and its chance outcomes: which cards can be
//! played and on which targets (rulebook, How to score a GOAL and the card texts), and
//! the draws of the deal and of refills.

use super::actions::{self as act};
use super::cards::{Card, Colour, Status, NUM_COLOURS, NUM_STATUSES};
use super::rules::{DoctorRule, FullGoal, GoalPlacement, Sanctions};
use super::state::{kinds, Phase, State, NO_GOAL};
use crate::core::{
    push_counts, sample_counts_of, Action, ActionList, ChanceList, ChanceOutcomes, GameState,
    LegalActions, Rng, Seat, Turn,
};

/// The GOAL kinds (the first [`NUM_COLOURS`] card ids) as a bit set of [`State::held_mask`].
const GOALS: u32 = (1 << NUM_COLOURS) - 1;

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

    /// The players `card` (YELLOW CARD, RED CARD, INJURY, DOCTOR) may be put on, as a
    /// mask of [`State::player_word`]'s bytes: YELLOW CARD and RED CARD any player,
    /// INJURY one not injured yet, DOCTOR an injured one.
    const fn fit_mask(card: Card) -> u128 {
        // Byte `4·colour + status` of a player word: statuses 0, 1 (plain, booked) are
        // the low half of each colour's four bytes, 2, 3 (injured) the high half.
        const _: () = assert!(
            NUM_COLOURS * NUM_STATUSES == 16
                && !Status::ALL[0].injured()
                && !Status::ALL[1].injured()
                && Status::ALL[2].injured()
                && Status::ALL[3].injured(),
            "a player word's layout"
        );
        const HEALTHY: u128 = 0x0000_FFFF_0000_FFFF_0000_FFFF_0000_FFFF;
        match card {
            Card::Injury => HEALTHY,
            Card::Doctor => !HEALTHY,
            _ => u128::MAX,
        }
    }

    /// `seat`'s players as one word: byte `4·colour + status` is the number of players of
    /// that colour and status, so that a whole seat is tested with one mask.
    #[inline]
    fn player_word(&self, seat: Seat) -> u128 {
        self.players[seat as usize]
            .iter()
            .enumerate()
            .fold(0, |w, (k, st)| {
                w | u128::from(u32::from_le_bytes(*st)) << (32 * k)
            })
    }

    /// Pushes the player targets of `card` played by `seat` (in code order: by seat, then
    /// colour, then status, the order of a player word's bytes).
    fn push_targets(&self, seat: Seat, card: Card, out: &mut ActionList) {
        for t in self.seats() {
            if !self.may_target(seat, t, card) {
                continue;
            }
            let mut w = self.player_word(t) & Self::fit_mask(card);
            while w != 0 {
                let byte = w.trailing_zeros() / 8;
                let (k, st) = (byte as usize / 4, byte as usize % 4);
                out.push(act::target(t, Colour::ALL[k], Status::ALL[st]));
                w &= !(0xFF << (8 * byte));
            }
        }
    }

    fn any_player(&self, seat: Seat) -> bool {
        self.player_word(seat) != 0
    }

    /// Whether `seat` holds a goal and some seat has room for one: the GOAL must then be
    /// placed (option `goal_placement = "must"`).
    pub fn goal_forced(&self, seat: Seat) -> bool {
        self.rules.options.goal_placement == GoalPlacement::Must
            && self.holds_goal(seat)
            && self.seats().any(|t| self.has_room(t))
    }

    fn holds_goal(&self, seat: Seat) -> bool {
        self.held_mask(seat) & GOALS != 0
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
                        && self.player_word(t) & Self::fit_mask(card) != 0
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
        self.held(seat).any(|c| self.playable(seat, c))
    }
}

impl LegalActions for State {
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        let s = self.turn_seat;
        match self.phase {
            Phase::Play => {
                // The GOALs held are playable together, when some seat has room for a
                // goal (asked once for the four); under `goal_placement = "must"` they are
                // then the only plays (`goal_forced`).
                let held = self.held_mask(s);
                if held & GOALS != 0 && self.seats().any(|t| self.has_room(t)) {
                    for c in kinds(held & GOALS) {
                        out.push(act::play(c));
                    }
                    if self.rules.options.goal_placement == GoalPlacement::Must {
                        return;
                    }
                }
                for c in kinds(held & !GOALS) {
                    if self.playable(s, c) {
                        out.push(act::play(c));
                    }
                }
                for c in kinds(held) {
                    out.push(act::discard(c));
                }
                if self.rules.options.pass || self.hand_count[s as usize] == 0 {
                    out.push(act::PASS);
                }
            }
            Phase::MoreDiscard(_) => {
                for c in self.held(s) {
                    out.push(act::discard(c));
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
        let total = u32::from(self.deck_count);
        sample_counts_of(&self.deck, total, rng, |i| act::card(Card::ALL[i]))
    }
}
