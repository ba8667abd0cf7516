//! The GRANGOL state: [`State`], its fields and queries. The [`crate::core::GameState`] impl is in
//! `game.rs`, whose methods delegate to the files that hold each concern: the
//! turn flow (`flow.rs`, a stack of [`Task`]s (`tasks.rs`) run until one needs a decision or a chance
//! outcome), card effects (`effects.rs`), legality (`legal.rs`), chance nodes
//! (`chance.rs`), the card zones (`zones.rs` and `counts.rs`: cards are counted per kind in each zone, so
//! the draw pile has no stored order and determinization only redistributes unseen cards),
//! information keys and determinization (`info.rs`) and notation (`notation.rs`).
//!
//! Field sections are absolute: 0 is seat 0's penalty area, 4 is seat 1's. For the
//! attacker the *progress* `p` is 0 in his own penalty area, 1 in his three-quarters,
//! 2 at midfield, 3 in the opponent's three-quarters and 4 in the opponent's penalty area.
//! Clause references ("rulebook: PASSAGGIO") are to the GRANGOL rulebook (English
//! translation); readings ("reading 4") to the numbered options of `rules.rs`, traced in
//! `docs/rules/grangol.md`.

use super::cards::{Card, NUM_CARDS};
use super::counts::Counts;
use super::rules::*;
use super::tasks::{Lasting, ShotKind, Task, TASK_KINDS};
use crate::core::{CopyStack, Seat, Turn};

/// "No card" (or no direction, no face) in the `u8` fields that hold a card id.
pub(crate) const NONE: u8 = u8::MAX;

/// Attacker-relative progress of the opponent's penalty area.
pub(super) const PENALTY_AREA: u8 = 4;

/// Attacker-relative progress of the opponent's three-quarters.
pub(super) const THREE_QUARTERS: u8 = 3;

/// Progress (and absolute section) of midfield, where each half and each goal kicks off.
pub(super) const MIDFIELD: u8 = 2;

/// Who moves at a task ([`State::compute_turn`]); the first five are the places of the
/// seat in the list `compute_turn` picks from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mover {
    /// The seat whose turn it is.
    TurnSeat,
    /// The seat choosing a die face (`cur_seat`).
    CurSeat,
    /// The attacker.
    Attacker,
    /// The defender.
    Defender,
    /// The seat the task names.
    Named,
    /// A chance node.
    Chance,
    /// Nobody: the flow runs the task itself.
    Automatic,
}

/// [`Mover`] of each task, by [`Task::index`].
pub(crate) const MOVER: [Mover; TASK_KINDS] = {
    use Mover::*;
    [
        Chance,    // Draw
        Chance,    // RedDiscardRandom
        Chance,    // MischiaTake
        Chance,    // Roll
        TurnSeat,  // TurnStart
        TurnSeat,  // Play
        TurnSeat,  // CambioDiscard
        TurnSeat,  // LancioDistance
        CurSeat,   // ChooseFace
        Attacker,  // ShotDirection
        Defender,  // Wall
        Defender,  // Keeper
        Attacker,  // FoulAnswerAttacker
        Defender,  // FoulAnswerDefender
        Named,     // MischiaGive
        Defender,  // InspectDiscard
        Named,     // RedDiscardChoose
        TurnSeat,  // DribblingPick
        Automatic, // RefillTo
        Automatic, // EndTurn
        Automatic, // FoulShot
        Automatic, // DribbleNext
        Automatic, // RevealHand
        Automatic, // DealDone
    ]
};

/// A GRANGOL position. Cloning copies about 670 bytes and allocates nothing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct State {
    pub(crate) rules: Rules,
    pub(crate) deck: Counts,
    pub(crate) deck_count: u16,
    pub(crate) hands: [Counts; 2],
    pub(crate) hand_count: [u8; 2],
    pub(crate) discard: Counts,
    pub(crate) table: Counts,
    pub(crate) out: Counts,
    /// `takeable[s][c]`: copies of `c` in the discard pile that seat `s` may take.
    pub(crate) takeable: [Counts; 2],
    /// `held[s]`: the cards of seat `s`'s hand as a bit set (bit `c` set when
    /// `hands[s][c] > 0`), kept in step with `hands` so that legal actions are mask
    /// operations; `check_invariants` checks it against the counts.
    pub(crate) held: [u32; 2],
    /// `takeable_set[s]`: bit `c` set when `takeable[s][c] > 0`, kept in step likewise.
    pub(crate) takeable_set: [u32; 2],
    /// `known[s][c]`: how many copies of `c` seat `s` knows to be in the other hand.
    pub(crate) known: [Counts; 2],
    pub(crate) hand_limit: [u8; 2],
    pub(crate) yellows: [u8; 2],
    pub(crate) reds: [u8; 2],
    pub(crate) cambio_used: [bool; 2],
    pub(crate) score: [u8; 2],
    pub(crate) half: u8,
    pub(crate) timer: u8,
    pub(crate) section: u8,
    pub(crate) possession: Seat,
    pub(crate) turn_seat: Seat,
    pub(crate) turns_this_half: u16,
    pub(crate) lasting: CopyStack<Lasting, 16>,
    pub(crate) drew: bool,
    pub(crate) must_play: u8,
    pub(crate) lancio_ok: bool,
    pub(crate) offside_open: bool,
    pub(crate) dealing: bool,
    /// Whether a turn is under way: its first action has been applied and it has not
    /// ended (for [`GameEvent::TurnEnd`]; false in the deal and between turns).
    pub(crate) in_turn: bool,
    /// Whether the OGGETTI IN CAMPO effect has been used this game (reading 20).
    pub(crate) objects_used: bool,
    /// Whether a free kick or penalty was taken in the current turn (reading 21).
    pub(crate) foul_shot_taken: bool,
    /// Whether CAMBIO was played in the current turn (reading 22).
    pub(crate) cambio_this_turn: bool,
    /// Whether a shot rebounded in the current turn (reading 24).
    pub(crate) rebounded: bool,
    pub(crate) foul_answered: bool,
    /// The attacker when the last foul was committed.
    pub(crate) foul_attacker: Seat,
    /// The card being resolved: physical card and the card it acts as (NONE: no card).
    pub(crate) cur_phys: u8,
    pub(crate) cur_as: u8,
    pub(crate) cur_seat: Seat,
    pub(crate) dribble: [(u8, u8); 2],
    pub(crate) dribble_len: u8,
    pub(crate) shot_kind: ShotKind,
    pub(crate) shot_dir: u8,
    pub(crate) wall_dir: u8,
    pub(crate) mischia_give: u8,
    pub(crate) game_over: bool,
    pub(crate) tasks: CopyStack<Task, 32>,
    pub(crate) obs: [u64; 2],
    /// [`GameState::turn`], computed once after every change of the task stack (the
    /// runner, the agents and the engine itself ask for it several times per action).
    pub(crate) to_move: Turn,
}

impl State {
    /// The state before the first deal of a game played with `rules`: seat 0 kicks off.
    pub fn new(rules: Rules) -> Self {
        let mut s = State {
            rules,
            deck: rules.deck,
            deck_count: rules.deck_size,
            hands: [[0; NUM_CARDS]; 2],
            hand_count: [0; 2],
            discard: [0; NUM_CARDS],
            table: [0; NUM_CARDS],
            out: [0; NUM_CARDS],
            takeable: [[0; NUM_CARDS]; 2],
            held: [0; 2],
            takeable_set: [0; 2],
            known: [[0; NUM_CARDS]; 2],
            hand_limit: [rules.hand_size; 2],
            yellows: [0; 2],
            reds: [0; 2],
            cambio_used: [false; 2],
            score: [0; 2],
            half: 1,
            timer: 0,
            section: MIDFIELD,
            possession: 0,
            turn_seat: 0,
            turns_this_half: 0,
            lasting: CopyStack::new(Lasting {
                phys: Card::Blank,
                as_card: Card::Blank,
                owner: 0,
            }),
            drew: false,
            must_play: NONE,
            lancio_ok: false,
            offside_open: false,
            dealing: false,
            in_turn: false,
            objects_used: false,
            foul_shot_taken: false,
            cambio_this_turn: false,
            rebounded: false,
            foul_answered: false,
            foul_attacker: 0,
            cur_phys: NONE,
            cur_as: NONE,
            cur_seat: 0,
            dribble: [(NONE, NONE); 2],
            dribble_len: 0,
            shot_kind: ShotKind::Card,
            shot_dir: NONE,
            wall_dir: NONE,
            mischia_give: NONE,
            game_over: false,
            tasks: CopyStack::new(Task::EndTurn),
            obs: [0x6772_616e_676f_6c00, 0x6772_616e_676f_6c01],
            to_move: Turn::Chance,
        };
        s.start_half(0);
        s.to_move = s.compute_turn();
        s
    }

    /// Whose move it is, from the top of the task stack (see `to_move`): by a table of
    /// who moves at each task ([`MOVER`]), read at every action without a many-way jump.
    /// Panics if an automatic task is left on top.
    #[inline]
    pub(crate) fn compute_turn(&self) -> Turn {
        if self.game_over {
            return Turn::Terminal;
        }
        let task = *self.tasks.last().expect("a running game has a task");
        let mover = MOVER[task.index()];
        if mover == Mover::Chance {
            return Turn::Chance;
        }
        assert!(
            mover != Mover::Automatic,
            "automatic task {task:?} left on top"
        );
        let named = match task {
            Task::MischiaGive(s) | Task::RedDiscardChoose(s) => s,
            _ => 0,
        };
        let seats = [
            self.turn_seat,
            self.cur_seat,
            self.attacker(),
            self.defender(),
            named,
        ];
        Turn::Decision(seats[mover as usize])
    }

    /// The seat attacking (holding the ball).
    pub fn possession(&self) -> Seat {
        self.possession
    }

    /// The seat whose turn it is.
    pub fn turn_seat(&self) -> Seat {
        self.turn_seat
    }

    /// The absolute field section, 0 (seat 0's penalty area) to 4 (seat 1's).
    pub fn section(&self) -> u8 {
        self.section
    }

    /// The half being played, 1 or 2.
    pub fn half(&self) -> u8 {
        self.half
    }

    /// Index of the visible timer card.
    pub fn timer(&self) -> u8 {
        self.timer
    }

    /// The rules this state is played with.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// How many copies of `card` the hand of `seat` holds.
    pub fn hand_has(&self, seat: Seat, card: Card) -> u8 {
        self.hands[seat as usize][card.index()]
    }

    /// Number of cards in the hand of `seat`.
    pub fn hand_count(&self, seat: Seat) -> u8 {
        self.hand_count[seat as usize]
    }

    /// The hand limit of `seat` (hand size less one per red card this half).
    pub fn hand_limit(&self, seat: Seat) -> u8 {
        self.hand_limit[seat as usize]
    }

    /// Cards left in the draw pile.
    pub fn deck_count(&self) -> u16 {
        self.deck_count
    }

    /// Goals of both seats.
    pub fn goals(&self) -> [u8; 2] {
        self.score
    }

    /// Yellow cards of `seat` this half.
    pub fn yellows(&self, seat: Seat) -> u8 {
        self.yellows[seat as usize]
    }

    /// Whether it is raining (PIOGGIA in play and no SOLE).
    pub fn raining(&self) -> bool {
        self.lasting.iter().any(|l| l.as_card == Card::Pioggia)
    }

    /// The attacker's progress: 0 own penalty area .. 4 opponent's penalty area.
    pub fn progress(&self) -> u8 {
        if self.possession == 0 {
            self.section
        } else {
            4 - self.section
        }
    }

    pub(super) fn set_progress(&mut self, p: u8) {
        self.section = if self.possession == 0 { p } else { 4 - p };
    }

    #[inline]
    pub(super) fn attacker(&self) -> Seat {
        self.possession
    }

    #[inline]
    pub(super) fn defender(&self) -> Seat {
        1 - self.possession
    }

    pub(super) fn lasting_count(&self, as_card: Card, owner: Seat) -> usize {
        self.lasting
            .iter()
            .filter(|l| l.as_card == as_card && l.owner == owner)
            .count()
    }
}
