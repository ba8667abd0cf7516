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

/// The bit of card `c` in a set of card kinds.
const fn bit(c: Card) -> u32 {
    1 << c as u32
}

/// The kinds that can always be played in one's turn: the OUTFIELD PLAYERs and TIME-OUT.
const ALWAYS: u32 = (((1 << NUM_COLOURS) - 1) << NUM_COLOURS) | bit(Card::TimeOut);
const _: () = assert!(
    Card::player(Colour::Red) as usize == NUM_COLOURS
        && Card::player(Colour::Yellow) as usize == 2 * NUM_COLOURS - 1,
    "the OUTFIELD PLAYERs follow the GOALs"
);

/// The cards put on a player: YELLOW CARD, RED CARD, INJURY and DOCTOR.
const ON_PLAYERS: u32 =
    bit(Card::YellowCard) | bit(Card::RedCard) | bit(Card::Injury) | bit(Card::Doctor);

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

    /// Whether `seat` can play `card` now (it has a legal target): `State::playable_set`
    /// of that one card.
    pub fn playable(&self, seat: Seat, card: Card) -> bool {
        self.playable_set(seat, bit(card)) != 0
    }

    /// The card kinds of `kinds` (a set over card ids, bit `c` for card id `c`) that
    /// `seat` can play now, each kind's test made once (the turn's legal actions and
    /// `any_playable` ask for every kind held):
    /// - a GOAL when some seat in the game has room for a goal;
    /// - an OUTFIELD PLAYER and TIME-OUT always;
    /// - BALL when it can score on a rival ([`State::can_score`]);
    /// - YELLOW CARD and RED CARD when a seat they may go on ([`State::may_target`]) has a
    ///   player, INJURY one not injured yet, DOCTOR when one it may heal is injured;
    /// - PLAYER SUBSTITUTION when `seat` and a rival both have players;
    /// - SWAP SIDES when `seat` and a rival both defend a goal;
    /// - STOP never in one's own turn (it answers a rival's goal).
    pub(super) fn playable_set(&self, seat: Seat, kinds: u32) -> u32 {
        let mut ok = kinds & ALWAYS;
        if kinds & GOALS != 0 && self.seats().any(|t| self.has_room(t)) {
            ok |= kinds & GOALS;
        }
        if kinds & bit(Card::Ball) != 0
            && self
                .rivals(seat)
                .any(|t| (0..2).any(|g| self.can_score(seat, t, g)))
        {
            ok |= bit(Card::Ball);
        }
        if kinds & ON_PLAYERS != 0 {
            // Whether a seat the sanctions may go on has a player (YELLOW CARD, RED CARD),
            // a player not injured (INJURY), and a seat DOCTOR may heal an injured one.
            let (mut any, mut healthy, mut injured) = (false, false, false);
            for t in self.seats() {
                let w = self.player_word(t);
                if self.may_target(seat, t, Card::YellowCard) {
                    any |= w != 0;
                    healthy |= w & Self::fit_mask(Card::Injury) != 0;
                }
                if self.may_target(seat, t, Card::Doctor) {
                    injured |= w & Self::fit_mask(Card::Doctor) != 0;
                }
            }
            let on = |yes: bool, cards: u32| if yes { cards } else { 0 };
            ok |= kinds
                & (on(any, bit(Card::YellowCard) | bit(Card::RedCard))
                    | on(healthy, bit(Card::Injury))
                    | on(injured, bit(Card::Doctor)));
        }
        if kinds & bit(Card::Substitution) != 0
            && self.any_player(seat)
            && self.rivals(seat).any(|t| self.any_player(t))
        {
            ok |= bit(Card::Substitution);
        }
        if kinds & bit(Card::SwapSides) != 0
            && self.goal_count(seat) > 0
            && self.rivals(seat).any(|t| self.goal_count(t) > 0)
        {
            ok |= bit(Card::SwapSides);
        }
        ok
    }

    pub(super) fn any_playable(&self, seat: Seat) -> bool {
        self.playable_set(seat, self.held_mask(seat)) != 0
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
                let ok = self.playable_set(s, held);
                let must =
                    ok & GOALS != 0 && self.rules.options.goal_placement == GoalPlacement::Must;
                for c in kinds(if must { ok & GOALS } else { ok }) {
                    out.push(act::play(c));
                }
                if must {
                    return;
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
