//! Rule tests of GRANGOL: at least one test per clause of the rulebook, per card and per
//! rule option. `docs/rules/grangol.md` maps each clause to the code and to these tests.
//!
//! Every scenario is built by [`scenario`], a [`Setup`] whose hands not given in full are
//! padded: a fresh [`State`] whose deal is forced card by card through its chance nodes,
//! then placed at the start of a chosen seat's turn with a chosen attacker, field position,
//! timer, score and cards in play, and checked against the rules (card conservation, hand
//! limits). [`play`] applies
//! scripted actions (decisions and forced chance outcomes) with `try_apply`, panicking with
//! the action's name and the legal alternatives if one is illegal, and checks the state's
//! invariants after every step.

mod attack;
mod blank;
mod config;
mod defence;
mod events;
mod info;
mod observation;
mod setup;
mod shots;
mod turn;
mod universal;

use super::action as act;
use super::tasks::{Foul, Lasting, Task};
use super::*;
use crate::core::testing::check_game;
use crate::core::{
    Action, ActionList, ApplyAction, ChanceList, ChanceOutcomes, Game, GameEvent, GameState,
    InfoSets, Notation, Seat, Turn,
};

/// Cards, by their short Rust names (`C::Passaggio`).
pub(super) use super::Card as C;

// Green die faces.
pub(super) const BALL: Action = act::green_face(0);
pub(super) const PLUS: Action = act::green_face(1);
pub(super) const MINUS: Action = act::green_face(2);
/// The "X" ball of the green die.
pub(super) const G_X: Action = act::green_face(3);
// Red die faces.
/// The "X" ball of the red die.
pub(super) const R_X: Action = act::red_face(0);
pub(super) const WHISTLE: Action = act::red_face(1);
pub(super) const YELLOW: Action = act::red_face(2);
/// The plain ball of the red die: the tackle wins the ball.
pub(super) const R_BALL: Action = act::red_face(3);
// Directions of the shot, wall and goalkeeper cards.
pub(super) const LEFT: Action = act::dir(0);
pub(super) const MIDDLE: Action = act::dir(1);
pub(super) const RIGHT: Action = act::dir(2);

/// The default rules (`configs/grangol/default.toml`).
pub(super) fn rules() -> Rules {
    *Grangol::default_rules().rules()
}

/// The default rules with some options changed.
pub(super) fn rules_with(f: impl FnOnce(&mut Options)) -> Rules {
    let mut r = rules();
    f(&mut r.options);
    r
}

/// A scenario under construction; see [`scenario`]: a [`Setup`] whose hands not given in
/// full are padded when it is built.
pub(super) struct Scenario {
    setup: Setup,
    hands: [Vec<Card>; 2],
    reds: [u8; 2],
    attacker: Seat,
    hand_size: u8,
}

/// A scenario with `rules`: by default seat 0 attacks from midfield and it is seat 0's turn
/// at timer 0 (the defaults of [`Setup`]). Hands not given in full are padded with a card
/// their owner cannot play in his role: CONTRASTO for the attacker, PASSAGGIO for the
/// defender.
pub(super) fn scenario(rules: Rules) -> Scenario {
    Scenario {
        setup: Setup::new(rules),
        hands: [Vec::new(), Vec::new()],
        reds: [0; 2],
        attacker: 0,
        hand_size: rules.hand_size,
    }
}

impl Scenario {
    /// The first cards of `seat`'s hand (the rest is padding).
    pub(super) fn hand(mut self, seat: Seat, cards: &[Card]) -> Self {
        self.hands[seat as usize] = cards.to_vec();
        self
    }

    /// `seat` attacks, at attacker-relative `progress` (0 own area .. 4 opponent's area).
    pub(super) fn attack(mut self, seat: Seat, progress: u8) -> Self {
        self.attacker = seat;
        self.setup = self.setup.attack(seat, progress);
        self
    }

    /// It is `seat`'s turn.
    pub(super) fn turn(mut self, seat: Seat) -> Self {
        self.setup = self.setup.turn(seat);
        self
    }

    /// The visible timer card.
    pub(super) fn timer(mut self, t: u8) -> Self {
        self.setup = self.setup.timer(t);
        self
    }

    /// The half being played.
    pub(super) fn half(mut self, half: u8) -> Self {
        self.setup = self.setup.half(half);
        self
    }

    /// The goals so far.
    pub(super) fn score(mut self, goals: [u8; 2]) -> Self {
        self.setup = self.setup.score(goals);
        self
    }

    /// Yellow cards of `seat` this half.
    pub(super) fn yellows(mut self, seat: Seat, n: u8) -> Self {
        self.setup = self.setup.yellows(seat, n);
        self
    }

    /// `seat` was sent off earlier in the half: `card`, dealt after his hand, went to the
    /// discard pile and his hand limit is one less ([`Setup::sent_off`]).
    pub(super) fn sent_off(mut self, seat: Seat, card: Card) -> Self {
        self.reds[seat as usize] += 1;
        self.setup = self.setup.sent_off(seat, card);
        self
    }

    /// `seat` has used his CAMBIO.
    pub(super) fn cambio_used(mut self, seat: Seat) -> Self {
        self.setup = self.setup.cambio_used(seat);
        self
    }

    /// `card` lies face up in front of `owner` (PIOGGIA, SOLE, SUPERIORITA', CONDIZIONE).
    pub(super) fn in_play(mut self, owner: Seat, card: Card) -> Self {
        self.setup = self.setup.in_play(owner, card);
        self
    }

    /// `n` copies of `card` are out of the game.
    pub(super) fn out(mut self, card: Card, n: u8) -> Self {
        self.setup = self.setup.out(card, n);
        self
    }

    /// The draw pile holds exactly these cards; every other undealt card goes to the
    /// discard pile (where nobody may take it).
    pub(super) fn deck(mut self, cards: &[(Card, u8)]) -> Self {
        self.setup = self.setup.deck(cards);
        self
    }

    /// Pads the hands and builds the position with [`Setup::build`], panicking with its
    /// error.
    #[track_caller]
    pub(super) fn build(self) -> State {
        let mut setup = self.setup;
        for (seat, h) in self.hands.into_iter().enumerate() {
            let n = usize::from(self.hand_size - self.reds[seat]);
            assert!(h.len() <= n, "hand {seat} has more than {n} cards");
            let pad = if seat as Seat == self.attacker {
                C::Contrasto
            } else {
                C::Passaggio
            };
            let mut h = h;
            h.resize(n, pad);
            setup = setup.hand(seat as Seat, &h);
        }
        let s = setup
            .build()
            .unwrap_or_else(|e| panic!("bad scenario: {e}"));
        assert_eq!(s.tasks.last(), Some(&Task::TurnStart), "the deal is over");
        assert!(!s.dealing);
        s
    }
}

/// Names of what may happen next: legal actions at a decision, outcomes at a chance node.
pub(super) fn options(s: &State) -> Vec<String> {
    match s.turn() {
        Turn::Decision(_) => legal(s).iter().map(|&a| s.action_to_string(a)).collect(),
        Turn::Chance => {
            let mut c = ChanceList::new();
            s.chance_outcomes(&mut c);
            c.iter().map(|&(a, _)| s.action_to_string(a)).collect()
        }
        Turn::Terminal => Vec::new(),
    }
}

/// The legal actions at a decision (shared by every game's rule tests).
pub(super) use crate::core::testing::legal;

/// Whether `a` may be applied now (a legal action or a possible chance outcome).
pub(super) fn allowed(s: &State, a: Action) -> bool {
    s.clone().try_apply(a).is_ok()
}

/// Applies each action with `try_apply`; panics on an illegal one, naming it and the legal
/// alternatives, and checks the invariants after every step.
#[track_caller]
pub(super) fn play(s: &mut State, actions: &[Action]) {
    for &a in actions {
        let name = s.action_to_string(a);
        if s.try_apply(a).is_err() {
            panic!(
                "illegal action \"{name}\" at {:?} (turn {:?}); possible: {:?}",
                s.tasks.last(),
                s.turn(),
                options(s)
            );
        }
        if let Err(e) = s.check_invariants() {
            panic!("after \"{name}\": {e}");
        }
    }
}

/// Applies each action like [`play`] (checked, invariants after every step), through
/// `apply_with`, and returns the events they reported, in order.
#[track_caller]
pub(super) fn play_events(s: &mut State, actions: &[Action]) -> Vec<GameEvent> {
    let mut events = Vec::new();
    for &a in actions {
        let name = s.action_to_string(a);
        assert!(
            allowed(s, a),
            "illegal action \"{name}\" at {:?} (turn {:?}); possible: {:?}",
            s.tasks.last(),
            s.turn(),
            options(s)
        );
        s.apply_with(a, &mut |e| events.push(e));
        if let Err(e) = s.check_invariants() {
            panic!("after \"{name}\": {e}");
        }
    }
    events
}

/// The default rules with `n` BLANK cards added to the deck (the lab's blank card).
pub(super) fn rules_with_blanks(n: u8) -> Rules {
    let mut r = rules();
    r.deck[C::Blank.index()] += n;
    r.deck_size += u16::from(n);
    r
}

/// Asserts that the state waits for `seat` to start a turn.
#[track_caller]
pub(super) fn assert_turn_start(s: &State, seat: Seat) {
    assert_eq!(
        s.tasks.last(),
        Some(&Task::TurnStart),
        "possible: {:?}",
        options(s)
    );
    assert_eq!(s.turn(), Turn::Decision(seat));
    assert_eq!(s.turn_seat, seat);
}

/// Asserts the attacker and his progress (0 own penalty area .. 4 opponent's).
#[track_caller]
pub(super) fn assert_ball(s: &State, attacker: Seat, progress: u8) {
    assert_eq!(
        (s.possession, s.progress()),
        (attacker, progress),
        "attacker and progress"
    );
}

/// The hand of `seat`, as a sorted list of cards.
pub(super) fn hand(s: &State, seat: Seat) -> Vec<Card> {
    let mut v = Vec::new();
    for c in Card::ALL {
        for _ in 0..s.hands[seat as usize][c.index()] {
            v.push(c);
        }
    }
    v
}

/// Applies the first possible outcome at every chance node until a decision or the end
/// (used to finish a deal whose cards do not matter: PASSAGGIO first).
pub(super) fn chance_until_decision(s: &mut State) {
    while s.turn() == Turn::Chance {
        let mut c = ChanceList::new();
        s.chance_outcomes(&mut c);
        play(s, &[c[0].0]);
    }
}

/// Seat 1 defends in its turn against seat 0 at `progress`: draws PASSAGGIO, plays
/// CONTRASTO, and the red die shows `face`. `att` and `def` start the two hands.
pub(super) fn tackle(r: Rules, att: &[Card], def: &[Card], progress: u8, face: Action) -> State {
    let mut d = vec![C::Contrasto];
    d.extend_from_slice(def);
    let mut s = scenario(r)
        .hand(0, att)
        .hand(1, &d)
        .attack(0, progress)
        .turn(1)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Passaggio),
            act::play(C::Contrasto),
            face,
        ],
    );
    s
}

#[test]
fn default_rules_pass_the_generic_battery() {
    let g = Grangol::default_rules();
    let r = check_game(&g, 300, 1).unwrap();
    assert_eq!(r.games, 300);
    assert!(r.decisions > 300 * 50, "{r:?}");
    // What nodes say a seat sees of their action was checked against the replay.
    assert!(r.claimed_actions > 300, "{r:?}");
}

#[test]
fn scenario_builder_deals_the_chosen_hands() {
    let s = scenario(rules())
        .hand(0, &[C::Tiro, C::Lancio])
        .hand(1, &[C::Catenaccio])
        .attack(1, 3)
        .turn(1)
        .timer(4)
        .build();
    assert_turn_start(&s, 1);
    assert_ball(&s, 1, 3);
    assert_eq!(s.section(), 1);
    assert_eq!(s.timer(), 4);
    assert_eq!(
        hand(&s, 0),
        [C::Passaggio, C::Passaggio, C::Passaggio, C::Tiro, C::Lancio]
    );
    assert_eq!(
        hand(&s, 1),
        [
            C::Contrasto,
            C::Contrasto,
            C::Contrasto,
            C::Contrasto,
            C::Catenaccio
        ]
    );
    assert_eq!(s.deck_count(), 80);
}
