//! The LASTUF GOL rules engine: the state, its turn structure, the card effects,
//! information keys, determinization and the trace snapshot.
//!
//! Cards are counted per zone, never ordered: the draw pile, the discard pile, each hand
//! and the cards out of the game are `[u8; NUM_CARDS]` counts; the table keeps, per seat,
//! the outfield players by colour and [`Status`] (the YELLOW CARDs and INJURYs lying on
//! them are implied by the status), the goals with the balls in each, and a TIME-OUT.
//! A state is a few hundred bytes without heap data: cloning it allocates nothing.
//!
//! A turn: [`Phase::Play`] (a card, a discard, or a pass), then the card's target where it
//! has one ([`Phase::Target`], [`Phase::SubTake`]) or further discards
//! ([`Phase::MoreDiscard`]); a BALL that scores lets the victim answer with STOP
//! ([`Phase::StopAsk`], refilled at once by [`Phase::StopRefill`]); then the player draws
//! back to a full hand ([`Phase::Refill`], one chance node per card, the discard pile
//! reshuffled into a new draw pile when the draw pile is empty) and the next seat still in
//! plays.

use super::actions::{self as act, Decoded};
use super::cards::{Card, Colour, Status, NUM_CARDS, NUM_COLOURS, NUM_STATUSES};
use super::rules::{
    DoctorRule, EliminatedGoal, Elimination, GoalPlacement, Rules, Sanctions, StopRefill,
    TurnRefill,
};
use crate::core::{
    Action, ActionList, ChanceList, GameEvent, GameState, InfoKey, Returns, Rng, Seat, Turn,
    MAX_SEATS,
};
use rand::Rng as _;
use serde::Serialize;

/// Card counts of one zone, by card id.
pub type Counts = [u8; NUM_CARDS];

/// No goal in a goal slot.
pub(crate) const NO_GOAL: u8 = u8::MAX;

/// The step of the game a state is at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Chance: the next card of the deal (seat 0's hand first, then seat 1's…).
    Deal,
    /// The turn seat chooses its play: a card, a first discard, or a pass.
    Play,
    /// The turn seat chooses the target of the card it plays.
    Target(Card),
    /// SUBSTITUTION: the turn seat chooses the rival's player it takes for its own player
    /// of this colour and status.
    SubTake(Colour, Status),
    /// The turn seat has discarded this many cards: another one, or done.
    MoreDiscard(u8),
    /// The victim of a goal (seat, goal slot) decides whether to play STOP.
    StopAsk(Seat, u8),
    /// Chance: the STOP player draws back to a full hand.
    StopRefill(Seat),
    /// Chance: the turn seat draws back to a full hand at the start of its turn (option
    /// `refill`, when its hand is short).
    StartRefill,
    /// Chance: the turn seat draws back to a full hand.
    Refill,
    /// The game is over.
    Over,
}

/// A LASTUF GOL position. Cloning copies a few hundred bytes and allocates nothing.
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) rules: Rules,
    pub(crate) deck: Counts,
    pub(crate) deck_count: u16,
    pub(crate) discard: Counts,
    /// Cards out of the game (an eliminated player's goals and balls, option
    /// `eliminated_goal = "out"`).
    pub(crate) out: Counts,
    pub(crate) hands: [Counts; MAX_SEATS],
    pub(crate) hand_count: [u8; MAX_SEATS],
    /// `players[seat][colour][status]`: outfield players on the table.
    pub(crate) players: [[[u8; NUM_STATUSES]; NUM_COLOURS]; MAX_SEATS],
    /// `goals[seat][slot]`: the colour id of the goal in that slot, or [`NO_GOAL`]; slot 1
    /// is used only when slot 0 is.
    pub(crate) goals: [[u8; 2]; MAX_SEATS],
    /// `balls[seat][slot]`: balls in that goal (goals conceded in it).
    pub(crate) balls: [[u8; 2]; MAX_SEATS],
    /// Whether a TIME-OUT lies in front of the seat.
    pub(crate) timeout: [bool; MAX_SEATS],
    /// Goals scored by each seat (counted goals only).
    pub(crate) scored: [u8; MAX_SEATS],
    /// 0 while the seat is in; else the elimination round (1 for the first seats out).
    pub(crate) out_round: [u8; MAX_SEATS],
    /// Goals an eliminated seat had conceded when it went out.
    pub(crate) final_conceded: [u8; MAX_SEATS],
    pub(crate) rounds: u8,
    pub(crate) turn_seat: Seat,
    /// Turns completed.
    pub(crate) turns: u16,
    pub(crate) phase: Phase,
    /// Whether [`GameEvent::Locked`] was reported this turn.
    pub(crate) locked: bool,
    pub(crate) capped: bool,
    pub(crate) obs: [u64; MAX_SEATS],
}

fn sum(c: &Counts) -> u16 {
    c.iter().map(|&x| u16::from(x)).sum()
}

/// The card at place `r` of a zone laid out in card order.
fn select(c: &Counts, mut r: u16) -> usize {
    let mut i = 0;
    while r >= u16::from(c[i]) {
        r -= u16::from(c[i]);
        i += 1;
    }
    i
}

impl State {
    /// The state before the deal: every card in the draw pile, seat 0 to play first.
    pub fn new(rules: Rules) -> Self {
        let mut s = State {
            rules,
            deck: rules.deck,
            deck_count: rules.deck_size,
            discard: [0; NUM_CARDS],
            out: [0; NUM_CARDS],
            hands: [[0; NUM_CARDS]; MAX_SEATS],
            hand_count: [0; MAX_SEATS],
            players: [[[0; NUM_STATUSES]; NUM_COLOURS]; MAX_SEATS],
            goals: [[NO_GOAL; 2]; MAX_SEATS],
            balls: [[0; 2]; MAX_SEATS],
            timeout: [false; MAX_SEATS],
            scored: [0; MAX_SEATS],
            out_round: [0; MAX_SEATS],
            final_conceded: [0; MAX_SEATS],
            rounds: 0,
            turn_seat: 0,
            turns: 0,
            phase: Phase::Deal,
            locked: false,
            capped: false,
            obs: [0; MAX_SEATS],
        };
        for (i, o) in s.obs.iter_mut().enumerate() {
            *o = InfoKey::mix(0x1A57_0F60, i as u64);
        }
        s
    }

    /// The validated rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The step of the game.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is.
    pub fn turn_seat(&self) -> Seat {
        self.turn_seat
    }

    /// Turns completed so far.
    pub fn turns(&self) -> u16 {
        self.turns
    }

    /// Copies of `card` in `seat`'s hand.
    pub fn hand_has(&self, seat: Seat, card: Card) -> u8 {
        self.hands[seat as usize][card.index()]
    }

    /// Cards in `seat`'s hand.
    pub fn hand_count(&self, seat: Seat) -> u8 {
        self.hand_count[seat as usize]
    }

    /// Cards in the draw pile.
    pub fn deck_count(&self) -> u16 {
        self.deck_count
    }

    /// Copies of `card` in the discard pile.
    pub fn discarded(&self, card: Card) -> u8 {
        self.discard[card.index()]
    }

    /// Copies of `card` out of the game.
    pub fn out_of_game(&self, card: Card) -> u8 {
        self.out[card.index()]
    }

    /// `seat`'s outfield players of colour `k` with status `t`.
    pub fn players(&self, seat: Seat, k: Colour, t: Status) -> u8 {
        self.players[seat as usize][k.index()][t.index()]
    }

    /// `seat`'s players of colour `k` who count (not injured), in attack and defence.
    pub fn active(&self, seat: Seat, k: Colour) -> u8 {
        let p = &self.players[seat as usize][k.index()];
        p[Status::Plain.index()] + p[Status::Booked.index()]
    }

    /// The goal in `seat`'s slot `g` (0 or 1): its colour and the balls in it.
    pub fn goal(&self, seat: Seat, g: u8) -> Option<(Colour, u8)> {
        let c = self.goals[seat as usize][g as usize];
        (c != NO_GOAL).then(|| {
            (
                Colour::from_index(usize::from(c)),
                self.balls[seat as usize][g as usize],
            )
        })
    }

    /// Goals `seat` defends.
    pub fn goal_count(&self, seat: Seat) -> u8 {
        self.goals[seat as usize]
            .iter()
            .filter(|&&c| c != NO_GOAL)
            .count() as u8
    }

    /// Whether a TIME-OUT protects `seat`.
    pub fn timed_out(&self, seat: Seat) -> bool {
        self.timeout[seat as usize]
    }

    /// Whether `seat` is still in the game.
    pub fn is_in(&self, seat: Seat) -> bool {
        self.out_round[seat as usize] == 0
    }

    /// The elimination round of `seat` (1 for the first seats out), or 0 while it is in.
    pub fn out_round(&self, seat: Seat) -> u8 {
        self.out_round[seat as usize]
    }

    /// Seats still in.
    pub fn seats_in(&self) -> usize {
        self.seats().filter(|&s| self.is_in(s)).count()
    }

    fn seats(&self) -> impl Iterator<Item = Seat> {
        0..self.rules.players
    }

    fn rivals(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        self.seats().filter(move |&o| o != seat && self.is_in(o))
    }

    /// Whether `seat` (in the game) has room for another goal.
    fn has_room(&self, seat: Seat) -> bool {
        self.is_in(seat) && self.goal_count(seat) < self.rules.options.goals_per_player
    }

    /// Whether the turn seat may score with a BALL in `target`'s goal slot `g`: a rival
    /// in the game, not under TIME-OUT, defending a goal there whose colour the turn
    /// seat's active players outnumber his (rulebook, How to score a GOAL).
    pub fn can_score(&self, seat: Seat, target: Seat, g: u8) -> bool {
        if target == seat || !self.is_in(target) || self.timeout[target as usize] {
            return false;
        }
        match self.goal(target, g) {
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

    fn any_playable(&self, seat: Seat) -> bool {
        Card::ALL
            .into_iter()
            .any(|c| self.hand_has(seat, c) > 0 && self.playable(seat, c))
    }

    fn hand_remove(&mut self, seat: Seat, c: Card) {
        let s = seat as usize;
        debug_assert!(self.hands[s][c.index()] > 0, "{c:?} not in hand of {seat}");
        self.hands[s][c.index()] -= 1;
        self.hand_count[s] -= 1;
    }

    fn pile(&mut self, c: Card, n: u8) {
        self.discard[c.index()] += n;
    }

    /// Makes sure a card can be drawn: when the draw pile is empty the discard pile is
    /// shuffled into a new draw pile (its order is the chance of the draws). Returns
    /// false when both are empty.
    fn ensure_deck(&mut self) -> bool {
        if self.deck_count == 0 {
            self.deck = self.discard;
            self.deck_count = sum(&self.discard);
            self.discard = [0; NUM_CARDS];
        }
        self.deck_count > 0
    }

    /// The seat the next deal card goes to, if the deal is not over.
    fn deal_seat(&self) -> Option<Seat> {
        self.seats()
            .find(|&s| self.hand_count[s as usize] < self.rules.hand_size)
    }

    /// Runs the automatic steps (turn start, reshuffles, end of turn) until a decision, a
    /// chance node or the end.
    fn settle<F: FnMut(GameEvent)>(&mut self, ev: &mut F) {
        loop {
            let phase = self.phase;
            match phase {
                Phase::Deal if self.deal_seat().is_none() => self.start_turn(0),
                Phase::StopRefill(v)
                    if self.hand_count[v as usize] >= self.rules.hand_size
                        || !self.ensure_deck() =>
                {
                    self.phase = Phase::Refill;
                }
                Phase::StartRefill
                    if self.hand_count[self.turn_seat as usize] >= self.rules.hand_size
                        || !self.ensure_deck() =>
                {
                    self.phase = Phase::Play;
                }
                Phase::Refill => {
                    let s = self.turn_seat;
                    if self.seats_in() <= 1
                        || !self.is_in(s)
                        || self.hand_count[s as usize] >= self.rules.hand_size
                        || !self.ensure_deck()
                    {
                        self.end_turn(ev);
                    } else {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    /// Begins `seat`'s turn: its TIME-OUT is discarded, and under `refill =
    /// "start-and-end"` it draws back to a full hand first ([`Phase::StartRefill`];
    /// [`Self::settle`] moves on to [`Phase::Play`] when the hand is full or nothing can
    /// be drawn).
    fn start_turn(&mut self, seat: Seat) {
        self.turn_seat = seat;
        self.locked = false;
        self.phase = match self.rules.options.refill {
            TurnRefill::StartAndEnd => Phase::StartRefill,
            TurnRefill::End => Phase::Play,
        };
        if self.timeout[seat as usize] {
            // TIME-OUT: at the start of the player's next turn it goes to the discard pile.
            self.timeout[seat as usize] = false;
            self.pile(Card::TimeOut, 1);
        }
    }

    fn end_turn<F: FnMut(GameEvent)>(&mut self, ev: &mut F) {
        let s = self.turn_seat;
        ev(GameEvent::TurnEnd { seat: s });
        self.turns += 1;
        if self.seats_in() <= 1 {
            self.phase = Phase::Over;
        } else if self.turns >= self.rules.max_turns {
            self.phase = Phase::Over;
            self.capped = true;
        } else {
            let n = self.rules.players;
            let next = (1..=n)
                .map(|k| (s + k) % n)
                .find(|&o| self.is_in(o))
                .expect("a seat is in");
            self.start_turn(next);
        }
    }

    /// Whether `seat`'s goals have conceded enough to eliminate it.
    fn beaten(&self, seat: Seat) -> bool {
        let full = (0..2)
            .filter(|&g| {
                self.goals[seat as usize][g] != NO_GOAL
                    && self.balls[seat as usize][g] >= self.rules.goals_to_eliminate
            })
            .count();
        match (
            self.rules.options.goals_per_player,
            self.rules.options.elimination,
        ) {
            (2, Elimination::Both) => full >= 2,
            _ => full >= 1,
        }
    }

    /// Eliminates every seat whose goals have conceded enough, all in one round.
    fn check_eliminations(&mut self) {
        let beaten: [bool; MAX_SEATS] = std::array::from_fn(|s| {
            s < usize::from(self.rules.players) && self.is_in(s as Seat) && self.beaten(s as Seat)
        });
        if !beaten.contains(&true) {
            return;
        }
        self.rounds += 1;
        for (s, &b) in beaten.iter().enumerate() {
            if b {
                self.eliminate(s as Seat);
            }
        }
    }

    /// An eliminated player's hand and table cards go to the discard pile; his goals and
    /// their balls leave the game or are discarded (option `eliminated_goal`).
    fn eliminate(&mut self, seat: Seat) {
        let s = seat as usize;
        self.out_round[s] = self.rounds;
        self.final_conceded[s] = self.conceded_now(seat);
        for i in 0..NUM_CARDS {
            self.discard[i] += self.hands[s][i];
        }
        self.hands[s] = [0; NUM_CARDS];
        self.hand_count[s] = 0;
        for k in Colour::ALL {
            for t in Status::ALL {
                let n = self.players[s][k.index()][t.index()];
                self.pile(Card::player(k), n);
                if t.booked() {
                    self.pile(Card::YellowCard, n);
                }
                if t.injured() {
                    self.pile(Card::Injury, n);
                }
            }
        }
        self.players[s] = [[0; NUM_STATUSES]; NUM_COLOURS];
        if self.timeout[s] {
            self.timeout[s] = false;
            self.pile(Card::TimeOut, 1);
        }
        for g in 0..2 {
            let c = self.goals[s][g];
            if c == NO_GOAL {
                continue;
            }
            let balls = self.balls[s][g];
            let (goal_zone, ball_zone) = match self.rules.options.eliminated_goal {
                EliminatedGoal::Out => (&mut self.out, None),
                EliminatedGoal::GoalOut => (&mut self.out, Some(&mut self.discard)),
                EliminatedGoal::Discard => (&mut self.discard, None),
            };
            goal_zone[usize::from(c)] += 1;
            match ball_zone {
                Some(z) => z[Card::Ball.index()] += balls,
                None => goal_zone[Card::Ball.index()] += balls,
            }
        }
        self.goals[s] = [NO_GOAL; 2];
        self.balls[s] = [0; 2];
    }

    /// Takes a player of colour `k`, status `t` off `seat`'s table to the discard pile
    /// with the cards lying on him.
    fn send_off(&mut self, seat: Seat, k: Colour, t: Status) {
        self.players[seat as usize][k.index()][t.index()] -= 1;
        self.pile(Card::player(k), 1);
        if t.booked() {
            self.pile(Card::YellowCard, 1);
        }
        if t.injured() {
            self.pile(Card::Injury, 1);
        }
    }

    fn restatus(&mut self, seat: Seat, k: Colour, from: Status, to: Status) {
        let p = &mut self.players[seat as usize][k.index()];
        p[from.index()] -= 1;
        p[to.index()] += 1;
    }

    /// The play of the turn is over: draw back to a full hand.
    fn end_play(&mut self) {
        self.phase = Phase::Refill;
    }

    /// The goal is counted: the ball stays in the goal.
    fn count_goal<F: FnMut(GameEvent)>(&mut self, victim: Seat, g: u8, ev: &mut F) {
        let s = self.turn_seat;
        self.balls[victim as usize][g as usize] += 1;
        self.scored[s as usize] += 1;
        ev(GameEvent::CardResolved {
            seat: s,
            card: Card::Ball as u8,
            success: true,
        });
        ev(GameEvent::Goal { seat: s });
        self.check_eliminations();
        self.end_play();
    }

    /// Applies the target `d` of `card`, played by the turn seat.
    fn resolve<F: FnMut(GameEvent)>(&mut self, card: Card, d: Decoded, ev: &mut F) {
        let s = self.turn_seat;
        match (card, d) {
            (_, Decoded::Place(t)) => {
                self.hand_remove(s, card);
                let g = usize::from(self.goal_count(t));
                self.goals[t as usize][g] = card.goal_colour().expect("a goal") as u8;
                self.balls[t as usize][g] = 0;
                self.end_play();
            }
            (Card::Ball, Decoded::Shoot(t, g)) => {
                self.hand_remove(s, Card::Ball);
                if self.rules.deck[Card::Stop.index()] > 0 {
                    self.phase = Phase::StopAsk(t, g);
                } else {
                    self.count_goal(t, g, ev);
                }
            }
            (Card::YellowCard, Decoded::Target(t, k, st)) => {
                self.hand_remove(s, card);
                if st.booked() {
                    // A second YELLOW CARD: the player and both cards are discarded.
                    self.send_off(t, k, st);
                    self.pile(Card::YellowCard, 1);
                } else {
                    self.restatus(t, k, st, st.with_booking());
                }
                self.end_play();
            }
            (Card::RedCard, Decoded::Target(t, k, st)) => {
                self.hand_remove(s, card);
                self.send_off(t, k, st);
                self.pile(Card::RedCard, 1);
                self.end_play();
            }
            (Card::Injury, Decoded::Target(t, k, st)) => {
                self.hand_remove(s, card);
                self.restatus(t, k, st, st.with_injury(true));
                self.end_play();
            }
            (Card::Doctor, Decoded::Target(t, k, st)) => {
                self.hand_remove(s, card);
                self.restatus(t, k, st, st.with_injury(false));
                self.pile(Card::Injury, 1);
                self.pile(Card::Doctor, 1);
                self.end_play();
            }
            (Card::Substitution, Decoded::Give(k, st)) => {
                self.phase = Phase::SubTake(k, st);
            }
            (Card::SwapSides, Decoded::Swap(m, t, g)) => {
                self.hand_remove(s, card);
                let (a, b) = (s as usize, t as usize);
                let (m, g) = (m as usize, g as usize);
                let (ga, ba) = (self.goals[a][m], self.balls[a][m]);
                self.goals[a][m] = self.goals[b][g];
                self.balls[a][m] = self.balls[b][g];
                self.goals[b][g] = ga;
                self.balls[b][g] = ba;
                self.pile(Card::SwapSides, 1);
                self.check_eliminations();
                self.end_play();
            }
            _ => unreachable!("{card:?} has no target {d:?}"),
        }
    }

    #[inline]
    fn record_obs(&mut self, action: Action) {
        // Every seat sees every action, except the card another seat draws: it sees only
        // that a card was drawn, and by whom.
        let tag = u64::from(action.0) | (self.phase_tag() << 16);
        match self.phase {
            Phase::Deal | Phase::StartRefill | Phase::Refill | Phase::StopRefill(_) => {
                let d = self.drawer();
                for s in 0..usize::from(self.rules.players) {
                    let v = if s == d as usize {
                        tag
                    } else {
                        (1 << 40) | (self.phase_tag() << 16) | u64::from(d)
                    };
                    self.obs[s] = InfoKey::mix(self.obs[s], v);
                }
            }
            _ => {
                for s in 0..usize::from(self.rules.players) {
                    self.obs[s] = InfoKey::mix(self.obs[s], tag);
                }
            }
        }
    }

    fn phase_tag(&self) -> u64 {
        match self.phase {
            Phase::Deal => 1,
            Phase::Play => 2,
            Phase::Target(c) => 3 | (c as u64) << 4,
            Phase::SubTake(k, t) => 4 | (k as u64) << 4 | (t as u64) << 8,
            Phase::MoreDiscard(n) => 5 | u64::from(n) << 4,
            Phase::StopAsk(v, g) => 6 | u64::from(v) << 4 | u64::from(g) << 8,
            Phase::StopRefill(v) => 7 | u64::from(v) << 4,
            Phase::Refill => 8,
            Phase::Over => 9,
            Phase::StartRefill => 10,
        }
    }

    /// The seat drawing at a chance node.
    fn drawer(&self) -> Seat {
        match self.phase {
            Phase::Deal => self.deal_seat().unwrap_or(0),
            Phase::StopRefill(v) => v,
            _ => self.turn_seat,
        }
    }

    /// Whether the game ended at the turn cap.
    pub fn capped(&self) -> bool {
        self.capped
    }

    /// The balls in the goals `seat` defends now (0 once it is eliminated: its goals
    /// have left its table).
    pub fn conceded_now(&self, seat: Seat) -> u8 {
        self.balls[seat as usize].iter().sum()
    }

    /// The placement ranks (0 best): seats still in share 0; eliminated seats rank by
    /// round, the later out the better.
    pub fn ranks(&self) -> [u8; MAX_SEATS] {
        std::array::from_fn(|s| match self.out_round[s] {
            0 => 0,
            r => self.rounds + 1 - r,
        })
    }
}

pub use crate::core::ToMove;

/// One goal on the table, in a trace snapshot.
#[derive(Clone, Debug, Serialize)]
pub struct GoalSnapshot {
    /// The goal's colour (`RED`).
    pub colour: &'static str,
    /// Balls in it: goals conceded in it.
    pub balls: u8,
}

/// One seat's side of the table, in a trace snapshot.
#[derive(Clone, Debug, Serialize)]
pub struct SeatSnapshot {
    /// The hand, card names sorted by card id.
    pub hand: Vec<&'static str>,
    /// The goals it defends.
    pub goals: Vec<GoalSnapshot>,
    /// Its outfield players, one entry per card: `RED`, `booked RED`, `injured BLUE`…
    pub players: Vec<String>,
    /// Whether a TIME-OUT protects it.
    pub timeout: bool,
    /// Goals it scored.
    pub scored: u8,
    /// 0 while in the game, else its elimination round (1 = first out).
    pub out_round: u8,
}

/// The trace snapshot of a LASTUF GOL state (`sim trace`).
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    /// Turns completed.
    pub turns: u16,
    /// The seat whose turn it is.
    pub turn: Seat,
    /// Who decides next.
    pub to_move: ToMove,
    /// The step of the turn (`Play`, `Target(BALL)`…).
    pub phase: String,
    /// Cards left in the draw pile.
    pub deck: u16,
    /// Cards in the discard pile.
    pub discard: u16,
    /// Cards out of the game.
    pub out: u16,
    /// Every seat's side.
    pub seats: Vec<SeatSnapshot>,
}

impl GameState for State {
    type Snapshot = Snapshot;

    fn num_seats(&self) -> usize {
        usize::from(self.rules.players)
    }

    #[inline]
    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Deal | Phase::StartRefill | Phase::Refill | Phase::StopRefill(_) => Turn::Chance,
            Phase::Play | Phase::Target(_) | Phase::SubTake(..) | Phase::MoreDiscard(_) => {
                Turn::Decision(self.turn_seat)
            }
            Phase::StopAsk(v, _) => Turn::Decision(v),
            Phase::Over => Turn::Terminal,
        }
    }

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

    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        if self.turn() != Turn::Chance {
            return;
        }
        for c in Card::ALL {
            let n = self.deck[c.index()];
            if n > 0 {
                out.push((act::card(c), u32::from(n)));
            }
        }
    }

    fn apply_with<F: FnMut(GameEvent)>(&mut self, action: Action, ev: &mut F) {
        self.record_obs(action);
        let s = self.turn_seat;
        match (self.phase, act::decode(action)) {
            (
                Phase::Deal | Phase::StartRefill | Phase::Refill | Phase::StopRefill(_),
                Decoded::Draw(c),
            ) => {
                let d = self.drawer();
                self.deck[c.index()] -= 1;
                self.deck_count -= 1;
                self.hands[d as usize][c.index()] += 1;
                self.hand_count[d as usize] += 1;
                ev(GameEvent::CardDrawn {
                    seat: d,
                    card: c as u8,
                });
            }
            (Phase::Play, Decoded::Play(c)) => {
                ev(GameEvent::CardPlayed {
                    seat: s,
                    card: c as u8,
                });
                if let Some(k) = c.player_colour() {
                    self.hand_remove(s, c);
                    self.players[s as usize][k.index()][Status::Plain.index()] += 1;
                    self.end_play();
                } else if c == Card::TimeOut {
                    self.hand_remove(s, c);
                    self.timeout[s as usize] = true;
                    self.end_play();
                } else {
                    self.phase = Phase::Target(c);
                }
            }
            (Phase::Play | Phase::MoreDiscard(_), Decoded::Discard(c)) => {
                let n = match self.phase {
                    Phase::MoreDiscard(n) => n,
                    _ => 0,
                };
                if n == 0 && !self.locked && !self.any_playable(s) {
                    self.locked = true;
                    ev(GameEvent::Locked { seat: s });
                }
                self.hand_remove(s, c);
                self.pile(c, 1);
                let n = n + 1;
                if n >= self.rules.options.discard_max || self.hand_count[s as usize] == 0 {
                    self.end_play();
                } else {
                    self.phase = Phase::MoreDiscard(n);
                }
            }
            (Phase::MoreDiscard(_), Decoded::Done) => self.end_play(),
            (Phase::Play, Decoded::Pass) => {
                if !self.locked && !self.any_playable(s) {
                    self.locked = true;
                    ev(GameEvent::Locked { seat: s });
                }
                self.end_play();
            }
            (Phase::Target(card), d) => self.resolve(card, d, ev),
            (Phase::SubTake(k, st), Decoded::Target(t, k2, st2)) => {
                self.hand_remove(s, Card::Substitution);
                let p = &mut self.players;
                p[s as usize][k.index()][st.index()] -= 1;
                p[t as usize][k.index()][st.index()] += 1;
                p[t as usize][k2.index()][st2.index()] -= 1;
                p[s as usize][k2.index()][st2.index()] += 1;
                self.pile(Card::Substitution, 1);
                self.end_play();
            }
            (Phase::StopAsk(v, g), Decoded::Done) => self.count_goal(v, g, ev),
            (Phase::StopAsk(v, _), Decoded::Stop) => {
                // STOP: the goal does not count; the ball and the STOP are discarded.
                self.hand_remove(v, Card::Stop);
                self.pile(Card::Stop, 1);
                self.pile(Card::Ball, 1);
                ev(GameEvent::CardPlayed {
                    seat: v,
                    card: Card::Stop as u8,
                });
                ev(GameEvent::CardResolved {
                    seat: v,
                    card: Card::Stop as u8,
                    success: true,
                });
                ev(GameEvent::CardResolved {
                    seat: s,
                    card: Card::Ball as u8,
                    success: false,
                });
                self.phase = match self.rules.options.stop_refill {
                    StopRefill::AtOnce => Phase::StopRefill(v),
                    StopRefill::OwnTurn => Phase::Refill,
                };
            }
            (p, d) => panic!("action {d:?} ({}) applied at {p:?}", action.0),
        }
        self.settle(ev);
    }

    fn returns(&self) -> Returns {
        if self.phase != Phase::Over {
            return [0.0; MAX_SEATS];
        }
        crate::core::placement_returns(&self.ranks(), self.num_seats())
    }

    fn score(&self, seat: Seat) -> i32 {
        i32::from(self.scored[seat as usize])
    }

    /// The balls in the goals `seat` defends: goals counted against it (SWAP SIDES moves
    /// them with the goal). An eliminated seat keeps what it had conceded when it went out.
    fn conceded(&self, seat: Seat) -> i32 {
        if self.is_in(seat) {
            i32::from(self.conceded_now(seat))
        } else {
            i32::from(self.final_conceded[seat as usize])
        }
    }

    fn ended_by_cap(&self) -> bool {
        self.capped
    }

    fn info_key(&self, seat: Seat) -> InfoKey {
        InfoKey::finish(self.obs[seat as usize])
    }

    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut d = self.clone();
        let me = seat as usize;
        let n = usize::from(self.rules.players);
        // Unseen cards: the draw pile and the other hands (a public composition: every card
        // less those on the table, in the discard pile, out of the game and in `seat`'s
        // hand).
        let mut pool = self.deck;
        for o in (0..n).filter(|&o| o != me) {
            for (p, &h) in pool.iter_mut().zip(&self.hands[o]) {
                *p += h;
            }
            d.hands[o] = [0; NUM_CARDS];
        }
        let mut total = sum(&pool);
        for o in (0..n).filter(|&o| o != me) {
            for _ in 0..self.hand_count[o] {
                let i = select(&pool, rng.gen_range(0..total));
                pool[i] -= 1;
                total -= 1;
                d.hands[o][i] += 1;
            }
            d.obs[o] = InfoKey::mix(self.obs[me], 0x0DE7_E581 ^ o as u64);
        }
        d.deck = pool;
        d
    }

    fn action_to_string(&self, action: Action) -> String {
        let s = self.turn_seat;
        let who = |t: Seat, k: Colour, st: Status| {
            let owner = if t == s {
                "own".to_string()
            } else {
                format!("seat {t}'s")
            };
            format!("{owner} {}{} player", st.adjective(), k.name())
        };
        match (self.phase, act::decode(action)) {
            (Phase::Deal, Decoded::Draw(c)) => {
                format!("deal {} to seat {}", c.name(), self.drawer())
            }
            (Phase::StopRefill(v), Decoded::Draw(c)) => {
                format!("seat {v} draws {} after STOP", c.name())
            }
            (_, Decoded::Draw(c)) => format!("draw {}", c.name()),
            (_, Decoded::Play(c)) => format!("play {}", c.name()),
            (_, Decoded::Discard(c)) => format!("discard {}", c.name()),
            (Phase::StopAsk(..), Decoded::Done) => "let the goal count".into(),
            (_, Decoded::Done) => "done discarding".into(),
            (_, Decoded::Pass) => "pass".into(),
            (_, Decoded::Stop) => "STOP: the goal does not count".into(),
            (Phase::Target(c), Decoded::Target(t, k, st)) => {
                format!("{} on {}", c.name(), who(t, k, st))
            }
            (Phase::SubTake(gk, gst), Decoded::Target(t, k, st)) => {
                format!("SUBSTITUTION: {} for {}", who(s, gk, gst), who(t, k, st))
            }
            (_, Decoded::Target(t, k, st)) => who(t, k, st),
            (_, Decoded::Give(k, st)) => format!("SUBSTITUTION: give {}", who(s, k, st)),
            (_, Decoded::Shoot(t, g)) => {
                let k = self.goal(t, g).map_or("no", |(k, _)| k.name());
                format!("BALL into seat {t}'s {k} goal")
            }
            (Phase::Target(c), Decoded::Place(t)) => {
                if t == s {
                    format!("{} in front of self", c.name())
                } else {
                    format!("{} in front of seat {t}", c.name())
                }
            }
            (_, Decoded::Place(t)) => format!("goal in front of seat {t}"),
            (_, Decoded::Swap(m, t, g)) => {
                let name = |x: Seat, y: u8| self.goal(x, y).map_or("no", |(k, _)| k.name());
                format!(
                    "SWAP SIDES: own {} goal for seat {t}'s {} goal",
                    name(s, m),
                    name(t, g)
                )
            }
            _ => format!("action {}", action.0),
        }
    }

    fn snapshot(&self) -> Snapshot {
        let seats = (0..self.rules.players)
            .map(|t| {
                let mut hand = Vec::new();
                for c in Card::ALL {
                    for _ in 0..self.hand_has(t, c) {
                        hand.push(c.name());
                    }
                }
                let mut players = Vec::new();
                for k in Colour::ALL {
                    for st in Status::ALL {
                        for _ in 0..self.players(t, k, st) {
                            players.push(format!("{}{}", st.adjective(), k.name()));
                        }
                    }
                }
                SeatSnapshot {
                    hand,
                    goals: (0..2)
                        .filter_map(|g| self.goal(t, g))
                        .map(|(k, balls)| GoalSnapshot {
                            colour: k.name(),
                            balls,
                        })
                        .collect(),
                    players,
                    timeout: self.timed_out(t),
                    scored: self.scored[t as usize],
                    out_round: self.out_round[t as usize],
                }
            })
            .collect();
        Snapshot {
            turns: self.turns,
            turn: self.turn_seat,
            to_move: match self.turn() {
                Turn::Decision(s) => ToMove::Seat(s),
                Turn::Chance => ToMove::Chance,
                Turn::Terminal => ToMove::Nobody,
            },
            phase: match self.phase {
                Phase::Target(c) => format!("Target({})", c.name()),
                p => format!("{p:?}"),
            },
            deck: self.deck_count,
            discard: sum(&self.discard),
            out: sum(&self.out),
            seats,
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let n = usize::from(self.rules.players);
        let mut total = [0u16; NUM_CARDS];
        let mut add = |c: Card, k: u8| total[c.index()] += u16::from(k);
        for c in Card::ALL {
            add(c, self.deck[c.index()]);
            add(c, self.discard[c.index()]);
            add(c, self.out[c.index()]);
            for h in &self.hands {
                add(c, h[c.index()]);
            }
        }
        for s in 0..MAX_SEATS {
            for k in Colour::ALL {
                for st in Status::ALL {
                    let m = self.players[s][k.index()][st.index()];
                    add(Card::player(k), m);
                    if st.booked() {
                        add(Card::YellowCard, m);
                    }
                    if st.injured() {
                        add(Card::Injury, m);
                    }
                }
            }
            for g in 0..2 {
                if self.goals[s][g] != NO_GOAL {
                    add(
                        Card::goal(Colour::from_index(usize::from(self.goals[s][g]))),
                        1,
                    );
                    add(Card::Ball, self.balls[s][g]);
                } else if self.balls[s][g] != 0 {
                    return Err(format!("seat {s} slot {g}: balls without a goal"));
                }
            }
            if self.timeout[s] {
                add(Card::TimeOut, 1);
            }
        }
        if let Phase::StopAsk(..) = self.phase {
            // The BALL shot, waiting for the victim's answer.
            total[Card::Ball.index()] += 1;
        }
        for c in Card::ALL {
            if total[c.index()] != u16::from(self.rules.deck[c.index()]) {
                return Err(format!(
                    "{}: {} copies in all zones, the deck has {}",
                    c.name(),
                    total[c.index()],
                    self.rules.deck[c.index()]
                ));
            }
        }
        if sum(&self.deck) != self.deck_count {
            return Err("draw pile count out of step".into());
        }
        for s in 0..MAX_SEATS {
            if u16::from(self.hand_count[s]) != sum(&self.hands[s]) {
                return Err(format!("seat {s}: hand count out of step"));
            }
            if self.hand_count[s] > self.rules.hand_size {
                return Err(format!("seat {s}: {} cards in hand", self.hand_count[s]));
            }
            let empty_table = self.players[s] == [[0; NUM_STATUSES]; NUM_COLOURS]
                && self.goals[s] == [NO_GOAL; 2]
                && !self.timeout[s];
            if s >= n && (self.hand_count[s] > 0 || !empty_table) {
                return Err(format!("seat {s} is not playing but holds cards"));
            }
            if s < n && !self.is_in(s as Seat) && (self.hand_count[s] > 0 || !empty_table) {
                return Err(format!("seat {s} is eliminated but holds cards"));
            }
            if s < n && self.is_in(s as Seat) && self.beaten(s as Seat) {
                return Err(format!("seat {s} should have been eliminated"));
            }
            if self.goals[s][0] == NO_GOAL && self.goals[s][1] != NO_GOAL {
                return Err(format!("seat {s}: goal in slot 1 only"));
            }
            if self.goal_count(s as Seat) > self.rules.options.goals_per_player {
                return Err(format!("seat {s}: too many goals"));
            }
        }
        let live = self.turn() != Turn::Terminal;
        if live && self.seats_in() < 2 {
            return Err("the game goes on with fewer than two seats in".into());
        }
        if live && !self.is_in(self.turn_seat) && !matches!(self.phase, Phase::Deal) {
            return Err("an eliminated seat has the turn".into());
        }
        if self.capped && self.phase != Phase::Over {
            return Err("capped but not over".into());
        }
        Ok(())
    }
}
