//! The GRANGOL state and its rules.
//!
//! The flow of a game is a stack of [`Task`]s: a turn pushes what must happen, in reverse
//! order, and [`State::run`] executes automatic tasks until the top one needs a decision or
//! a chance outcome. Cards are counted per kind in each zone (deck, hands, discard pile,
//! table, out of the game), so the draw pile has no stored order: a draw is a chance node
//! weighted by the counts, and determinization only redistributes unseen cards.
//!
//! Field sections are absolute: 0 is seat 0's penalty area, 4 is seat 1's. For the
//! attacker the *progress* `p` is 0 in his own penalty area, 1 in his three-quarters,
//! 2 at midfield, 3 in the opponent's three-quarters and 4 in the opponent's penalty area.
//! Clause references ("rulebook: PASSAGGIO") are to the GRANGOL rulebook (English
//! translation); readings ("reading 4") to the numbered options of `rules.rs`, traced in
//! `docs/rules/grangol.md`.

use super::actions::{self as act, Decoded, DIRECTIONS};
use super::cards::{Card, NUM_CARDS};
use super::rules::*;
use crate::core::{
    Action, ActionList, ChanceList, GameEvent, GameState, InfoKey, Returns, Rng, Seat, Turn,
};
use arrayvec::ArrayVec;
use rand::Rng as _;
use serde::Serialize;

pub(crate) const NONE: u8 = u8::MAX;
const PENALTY_AREA: u8 = 4;
const THREE_QUARTERS: u8 = 3;
const MIDFIELD: u8 = 2;

type Counts = [u8; NUM_CARDS];

#[inline]
const fn bit(c: Card) -> u32 {
    1 << c as u32
}
const GREEN_MASK: u32 = (1 << 10) - 1;
const RED_MASK: u32 = ((1 << 18) - 1) & !GREEN_MASK;
/// The cards that have a colour: every printed card, not the lab's BLANK (the last id).
const COLOURED_MASK: u32 = bit(Card::Blank) - 1;
const BLUE_MASK: u32 = COLOURED_MASK & !(GREEN_MASK | RED_MASK);
const FOUL_ANSWER_MASK: u32 =
    bit(Card::Ammonizione) | bit(Card::Espulsione) | bit(Card::ErroreArbitrale);
const NO_DRAW_MASK: u32 = bit(Card::Contropiede) | bit(Card::Catenaccio);
/// Cards that may go with DRIBBLING (reading 17): the attacker's in-turn cards (green or
/// blue: never a red card, nor the colourless BLANK), no second DRIBBLING; whether each
/// can act is checked when its turn comes.
const DRIBBLE_MASK: u32 =
    (GREEN_MASK | BLUE_MASK) & !FOUL_ANSWER_MASK & !NO_DRAW_MASK & !bit(Card::Dribbling);

/// Pushes `make(c)` for each card `c` of the bit set `m`, in card order.
#[inline]
fn push_bits(mut m: u32, make: fn(Card) -> Action, out: &mut ActionList) {
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        out.push(make(Card::from_index(i)));
        m &= m - 1;
    }
}

/// What a die roll decides.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum RollFor {
    /// A pass-like card (PASSAGGIO, LANCIO, RILANCIO, CONTROPIEDE) advancing `base`.
    Pass { base: u8 },
    /// A tackle (CONTRASTO, CATENACCIO): red die.
    Tackle,
    /// A shot the goalkeeper did not guess.
    ShotOnGoal,
    /// The goalkeeper's save roll.
    Save,
    /// OGGETTI IN CAMPO.
    Objects,
}

/// The kind of foul, which decides the attacker's answers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Foul {
    /// Whistle face: AMMONIZIONE or ESPULSIONE may answer.
    Whistle,
    /// Yellow face: automatic yellow; ESPULSIONE may answer.
    Yellow,
    /// A foul that already carries a red card (FALLO INTENZIONALE, or a yellow face that
    /// was the offender's second yellow): no sanction card can answer it.
    Red,
}

/// One step of the game's flow. Chance and decision tasks wait for an action; automatic
/// tasks run as soon as they reach the top of the stack.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Task {
    // Chance
    Draw(Seat),
    RedDiscardRandom(Seat),
    MischiaTake(Seat),
    Roll {
        purpose: RollFor,
        twice: bool,
        first: u8,
    },
    // Decisions
    TurnStart,
    Play,
    CambioDiscard {
        left: u8,
        done: u8,
    },
    LancioDistance,
    ChooseFace {
        purpose: RollFor,
        a: u8,
        b: u8,
    },
    ShotDirection,
    Wall,
    Keeper,
    FoulAnswerAttacker(Foul),
    FoulAnswerDefender,
    MischiaGive(Seat),
    InspectDiscard,
    RedDiscardChoose(Seat),
    DribblingPick(u8),
    // Automatic
    RefillTo(Seat),
    EndTurn,
    FoulShot,
    DribbleNext(u8),
    RevealHand,
    DealDone,
}

/// A card lying face up in play for the rest of the half (PIOGGIA, SOLE, SUPERIORITA'
/// TECNICA, CONDIZIONE ATLETICA), possibly a TIFOSI A FAVORE standing for one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Lasting {
    pub(crate) phys: Card,
    pub(crate) as_card: Card,
    pub(crate) owner: Seat,
}

/// The kind of shot being resolved.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ShotKind {
    /// A played TIRO, TIRO DA FUORI or GRANGOL.
    Card,
    /// A free kick after a foul in the defender's three-quarters (with a wall).
    FreeKick,
    /// A penalty after a foul in the defender's penalty area.
    Penalty,
}

/// A GRANGOL position. Cloning copies about 670 bytes and allocates nothing.
#[derive(Clone, Debug)]
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
    pub(crate) lasting: ArrayVec<Lasting, 16>,
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
    pub(crate) tasks: ArrayVec<Task, 32>,
    pub(crate) obs: [u64; 2],
    /// [`GameState::turn`], computed once after every change of the task stack (the
    /// runner, the agents and the engine itself ask for it several times per action).
    pub(crate) to_move: Turn,
}

/// One step of a seat's running observation hash: a bijection of `h` for each `v`
/// (rotate, xor, multiply by an odd constant), so two observation histories that differ
/// in one observation never meet again. One multiplication per seat and applied action;
/// [`finish`] mixes the bits well when the key is read.
#[inline]
fn mix(h: u64, v: u64) -> u64 {
    (h.rotate_left(26) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// SplitMix64's finalizer over a running observation hash: every output bit depends on
/// every input bit, as hash tables keyed by information keys need.
#[inline]
fn finish(h: u64) -> u64 {
    let mut z = h;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The card a play counts as in [`GameEvent`]s (and so in `cards.csv`): the card itself,
/// except a PASSAGGIO or CONTRASTO played as the other under the interchangeable
/// variant, which counts as the card it was used as (a CONTRASTO played as a pass is a
/// pass, its success a pass's success). TIFOSI A FAVORE counts as TIFOSI whatever it
/// stands for.
fn counted_as(phys: Card, as_card: Card) -> Card {
    match (phys, as_card) {
        (Card::Passaggio, Card::Contrasto) | (Card::Contrasto, Card::Passaggio) => as_card,
        _ => phys,
    }
}

fn sum(c: &Counts) -> u16 {
    c.iter().map(|&x| u16::from(x)).sum()
}

/// A zone's counts as words of eight counts, card 0 in the low byte of the first word
/// (the bytes past the last card are zero).
type Words = [u64; NUM_CARDS.div_ceil(8)];

/// The counts of `c` as [`Words`], read in place: the last word is the zone's last eight
/// counts shifted down past the cards the word before holds.
#[inline]
fn words(c: &Counts) -> Words {
    const LAST: usize = NUM_CARDS.div_ceil(8) - 1;
    const TAIL: usize = NUM_CARDS - 8;
    let word = |at: usize| u64::from_le_bytes(c[at..at + 8].try_into().expect("8 bytes"));
    std::array::from_fn(|k| {
        if k < LAST {
            word(8 * k)
        } else {
            word(TAIL) >> (8 * (8 * LAST - TAIL))
        }
    })
}

/// The bit set of the cards with a nonzero count in `w` (see [`Words`]).
#[inline]
fn nonzero_set(w: &Words) -> u32 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let mut m = 0;
    for (k, &x) in w.iter().enumerate() {
        // Bit 7 of each byte: set when the byte is not zero (no carry leaves a byte).
        let high = (x | ((x & LOW7) + LOW7)) & !LOW7;
        // Gathers the eight bit 7s into the top byte, byte j to bit 56 + j.
        let bits = (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        m |= (bits as u32) << (8 * k);
    }
    m
}

/// The card at place `r` (`0..total`) of the zone `c` (`total` cards) laid out in card
/// order, `c[0]` copies of card 0 first: the first `i` with `r < c[0] + … + c[i]`. The
/// same card as the walk that subtracts each count from `r` until `r` is smaller than the
/// next one (the walk of [`crate::core::sample_chance`] over the zone's chance outcomes).
#[inline]
fn select(c: &Counts, total: u32, r: u32) -> usize {
    select_in(&words(c), total, r)
}

/// [`select`] on the zone's [`Words`].
///
/// A zone of fewer than 128 cards (every zone of the printed deck) is searched without
/// branches, eight cards at a time: `i` is the number of cards whose running total is at
/// most `r`, and with every running total below 128 the comparisons of a whole word of
/// running totals with `r` are one subtraction (bit 7 of each byte of `(r + 128) - total`
/// is set when `total <= r`). Larger zones are walked card by card.
#[inline]
fn select_in(w: &Words, total: u32, r: u32) -> usize {
    debug_assert!(r < total);
    if total >= 128 {
        let (mut r, mut i) = (r, 0);
        loop {
            let n = (w[i / 8] >> (8 * (i % 8))) as u8;
            if r < u32::from(n) {
                return i;
            }
            r -= u32::from(n);
            i += 1;
        }
    }
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = (u64::from(r) * ONES) | HIGH;
    let (mut carry, mut i) = (0u64, 0u32);
    for &x in w {
        // Running totals byte by byte (each below 128: no carry between bytes).
        let running = x.wrapping_mul(ONES) + carry * ONES;
        i += ((below - running) & HIGH).count_ones();
        carry = running >> 56;
    }
    i as usize
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
            lasting: ArrayVec::new(),
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
            tasks: ArrayVec::new(),
            obs: [0x6772_616e_676f_6c00, 0x6772_616e_676f_6c01],
            to_move: Turn::Chance,
        };
        s.start_half(0);
        s.to_move = s.compute_turn();
        s
    }

    /// Whose move it is, from the top of the task stack (see `to_move`).
    #[inline]
    pub(crate) fn compute_turn(&self) -> Turn {
        if self.game_over {
            return Turn::Terminal;
        }
        match *self.tasks.last().expect("a running game has a task") {
            Task::Draw(_)
            | Task::RedDiscardRandom(_)
            | Task::MischiaTake(_)
            | Task::Roll { .. } => Turn::Chance,
            Task::TurnStart
            | Task::Play
            | Task::CambioDiscard { .. }
            | Task::LancioDistance
            | Task::DribblingPick(_) => Turn::Decision(self.turn_seat),
            Task::ChooseFace { .. } => Turn::Decision(self.cur_seat),
            Task::ShotDirection | Task::FoulAnswerAttacker(_) => Turn::Decision(self.attacker()),
            Task::Wall | Task::Keeper | Task::FoulAnswerDefender | Task::InspectDiscard => {
                Turn::Decision(self.defender())
            }
            Task::MischiaGive(s) | Task::RedDiscardChoose(s) => Turn::Decision(s),
            t => unreachable!("automatic task {t:?} left on top"),
        }
    }

    // ----- small queries -------------------------------------------------------------

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

    fn set_progress(&mut self, p: u8) {
        self.section = if self.possession == 0 { p } else { 4 - p };
    }

    #[inline]
    fn attacker(&self) -> Seat {
        self.possession
    }

    #[inline]
    fn defender(&self) -> Seat {
        1 - self.possession
    }

    fn lasting_count(&self, as_card: Card, owner: Seat) -> usize {
        self.lasting
            .iter()
            .filter(|l| l.as_card == as_card && l.owner == owner)
            .count()
    }

    // ----- hands and zones -------------------------------------------------------------

    fn hand_remove(&mut self, seat: Seat, c: Card) {
        let s = seat as usize;
        debug_assert!(self.hands[s][c.index()] > 0, "{c:?} not in hand of {seat}");
        let n = &mut self.hands[s][c.index()];
        *n -= 1;
        if *n == 0 {
            self.held[s] &= !bit(c);
        }
        self.hand_count[s] -= 1;
        let k = &mut self.known[1 - s][c.index()];
        *k = k.saturating_sub(1);
    }

    /// Adds `c` to `seat`'s hand; `public`: the other seat saw it go there.
    fn hand_add(&mut self, seat: Seat, c: Card, public: bool) {
        let s = seat as usize;
        self.hands[s][c.index()] += 1;
        self.held[s] |= bit(c);
        self.hand_count[s] += 1;
        if public {
            self.known[1 - s][c.index()] += 1;
        }
    }

    /// Puts `c` on the discard pile; `takeable_by`: the seat that may take it next.
    #[allow(clippy::wrong_self_convention)] // "to the discard pile", not a conversion
    fn to_discard(&mut self, c: Card, takeable_by: Option<Seat>) {
        self.discard[c.index()] += 1;
        if self.rules.options.take_discard == TakeDiscard::Top {
            self.takeable = [[0; NUM_CARDS]; 2];
            self.takeable_set = [0; 2];
        }
        if let Some(s) = takeable_by {
            self.takeable[s as usize][c.index()] += 1;
            self.takeable_set[s as usize] |= bit(c);
        }
    }

    /// Moves the card being resolved off the table: back to hand, to the discard pile, or
    /// out of the game.
    fn finish_card(&mut self, keep: bool) {
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

    fn resolved<F: FnMut(GameEvent)>(&mut self, success: bool, ev: &mut F) {
        if self.cur_phys != NONE {
            let phys = Card::from_index(self.cur_phys as usize);
            let as_card = Card::from_index(self.cur_as as usize);
            ev(GameEvent::CardResolved {
                seat: self.cur_seat,
                card: counted_as(phys, as_card) as u8,
                success,
            });
        }
    }

    // ----- halves, timer, possession -----------------------------------------------------

    fn start_half(&mut self, kickoff: Seat) {
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
    fn end_half<F: FnMut(GameEvent)>(&mut self, ev: &mut F) {
        if std::mem::take(&mut self.in_turn) {
            ev(GameEvent::TurnEnd {
                seat: self.turn_seat,
            });
        }
        ev(GameEvent::PeriodEnd { period: self.half });
        if self.half == 1 {
            self.half = 2;
            self.start_half(1);
        } else {
            self.game_over = true;
            self.tasks.clear();
        }
    }

    fn advance_timer<F: FnMut(GameEvent)>(&mut self, ev: &mut F) {
        self.timer += 1;
        if self.timer + 1 >= self.rules.timer_cards {
            self.timer = self.rules.timer_cards - 1;
            self.end_half(ev);
        }
    }

    /// The ball changes side in the same section (rulebook: CONTRASTO, PASSAGGIO "X"),
    /// reported as [`GameEvent::PossessionChange`].
    fn turnover_same_section<F: FnMut(GameEvent)>(&mut self, ev: &mut F) {
        self.possession = 1 - self.possession;
        ev(GameEvent::PossessionChange {
            seat: self.possession,
        });
    }

    /// The ball goes to the other side, whose play restarts from its own penalty area
    /// (reading 4) or in the same section.
    fn turnover_after_shot<F: FnMut(GameEvent)>(&mut self, ev: &mut F) {
        self.possession = 1 - self.possession;
        ev(GameEvent::PossessionChange {
            seat: self.possession,
        });
        if self.rules.options.shot_turnover == ShotTurnover::OwnArea {
            self.set_progress(0);
        }
    }

    fn goal<F: FnMut(GameEvent)>(&mut self, scorer: Seat, ev: &mut F) {
        self.score[scorer as usize] += 1;
        ev(GameEvent::Goal { seat: scorer });
        // The conceding side kicks off from midfield (the lab's default, docs/rules/grangol.md).
        self.possession = 1 - scorer;
        self.section = MIDFIELD;
    }

    fn advance(&mut self, n: u8) {
        let p = (self.progress() + n).min(PENALTY_AREA);
        self.set_progress(p);
    }

    fn book_yellow(&mut self, seat: Seat) {
        self.yellows[seat as usize] += 1;
        if self.yellows[seat as usize] >= 2 {
            self.give_red(seat);
        }
    }

    /// A red card (reading 12): yellows are cleared, the hand limit drops by one for the
    /// rest of the half, and one card of the hand is discarded (at random by default).
    fn give_red(&mut self, seat: Seat) {
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

    // ----- legality ------------------------------------------------------------------------

    /// The card `c` means for `seat` under the interchangeable variant (reading 19).
    fn effective(&self, seat: Seat, c: Card) -> Card {
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
    fn playable_mask(&self, seat: Seat, no_draw: bool) -> u32 {
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
    fn playable_as(&self, seat: Seat, c: Card, no_draw: bool) -> bool {
        self.playable_mask(seat, no_draw) & bit(c) != 0
    }

    /// The cards TIFOSI A FAVORE may stand for (reading 16) when `m` is the
    /// [`State::playable_mask`]: any playable card but itself and GRANGOL; TEMPO +5 only
    /// when it can be held (reading 3, "hold"), since under "replace" it is played the
    /// moment it is drawn and is never a card in hand.
    #[inline]
    fn tifosi_of(&self, m: u32) -> u32 {
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
    fn effective_preimage(&self, seat: Seat, m: u32) -> u32 {
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
    fn own_play_mask(&self, seat: Seat, m: u32) -> u32 {
        self.held[seat as usize] & !bit(Card::Tifosi) & self.effective_preimage(seat, m)
    }

    /// Whether `seat` has any card to play now (itself, or TIFOSI as anything).
    fn can_play(&self, seat: Seat, no_draw: bool) -> bool {
        let m = self.playable_mask(seat, no_draw);
        self.own_play_mask(seat, m) != 0
            || (self.held[seat as usize] & bit(Card::Tifosi) != 0 && self.tifosi_of(m) != 0)
    }

    #[inline]
    fn push_plays(&self, seat: Seat, no_draw: bool, only: Option<Card>, out: &mut ActionList) {
        let filter = only.map_or(u32::MAX, bit);
        let m = self.playable_mask(seat, no_draw);
        push_bits(self.own_play_mask(seat, m) & filter, act::play, out);
        if self.held[seat as usize] & filter & bit(Card::Tifosi) != 0 {
            push_bits(self.tifosi_of(m), act::play_as, out);
        }
    }

    /// The cards of the discard pile `seat` may take at the start of its turn: those it
    /// could play after drawing (itself, or TIFOSI as anything).
    fn takes_mask(&self, seat: Seat) -> u32 {
        let m = self.playable_mask(seat, false);
        let mut ok = self.effective_preimage(seat, m) & !bit(Card::Tifosi);
        if self.tifosi_of(m) != 0 {
            ok |= bit(Card::Tifosi);
        }
        self.takeable_set[seat as usize] & ok
    }

    #[inline]
    fn push_picks(&self, seat: Seat, out: &mut ActionList) {
        push_bits(self.held[seat as usize], act::pick, out);
    }

    /// Answers to a foul `seat` may play (AMMONIZIONE/ESPULSIONE or ERRORE ARBITRALE).
    fn push_answers(&self, seat: Seat, cards: &[Card], out: &mut ActionList) {
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

    fn attacker_answers(foul: Foul) -> &'static [Card] {
        match foul {
            Foul::Whistle => &[Card::Ammonizione, Card::Espulsione],
            Foul::Yellow => &[Card::Espulsione],
            Foul::Red => &[],
        }
    }

    // ----- the flow ----------------------------------------------------------------------

    /// Runs automatic tasks until the top task needs an action or the game is over.
    fn run<F: FnMut(GameEvent)>(&mut self, ev: &mut F) {
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
                    let (a, d) = (self.attacker() as usize, self.defender() as usize);
                    self.known[d] = self.hands[a];
                    let mut h = self.obs[d];
                    for (i, &n) in self.hands[a].iter().enumerate() {
                        // The lab's BLANK (the last id) is mixed in only when held, so the
                        // keys of games without blanks do not depend on its existence.
                        if i != Card::Blank.index() || n > 0 {
                            h = mix(h, (i as u64) << 8 | u64::from(n));
                        }
                    }
                    self.obs[d] = h;
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
    fn errore_barred(&self) -> bool {
        self.rules.options.errore_arbitrale == ErroreArbitraleRule::AttackerWithoutAmmonizione
            && self.hands[self.attacker() as usize][Card::Ammonizione.index()] > 0
    }

    fn end_turn<F: FnMut(GameEvent)>(&mut self, ev: &mut F) {
        let t = self.turn_seat;
        self.in_turn = false;
        ev(GameEvent::TurnEnd { seat: t });
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

    /// After a foul (reading 11): a free kick in the defender's three-quarters, a penalty
    /// in his penalty area, if the attacker still has the ball.
    fn foul_shot(&mut self) {
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

    fn start_shot(&mut self, kind: ShotKind) {
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

    fn foul(&mut self, kind: Foul) {
        self.foul_answered = false;
        self.foul_attacker = self.possession;
        self.tasks.push(Task::FoulShot);
        self.tasks.push(Task::FoulAnswerDefender);
        if kind != Foul::Red {
            self.tasks.push(Task::FoulAnswerAttacker(kind));
        }
    }

    fn dribble_next<F: FnMut(GameEvent)>(&mut self, i: u8, ev: &mut F) {
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

    /// `seat` plays `phys` (acting as `as_card`) from its hand in its own turn.
    fn play_card<F: FnMut(GameEvent)>(
        &mut self,
        seat: Seat,
        phys: Card,
        as_card: Card,
        ev: &mut F,
    ) {
        self.hand_remove(seat, phys);
        self.table[phys.index()] += 1;
        ev(GameEvent::CardPlayed {
            seat,
            card: counted_as(phys, as_card) as u8,
        });
        self.tasks.push(Task::EndTurn);
        self.cur_phys = phys as u8;
        self.cur_as = as_card as u8;
        self.cur_seat = seat;
        self.start_effect(seat, as_card, ev);
    }

    fn roll(&mut self, purpose: RollFor, twice: bool) {
        self.tasks.push(Task::Roll {
            purpose,
            twice,
            first: NONE,
        });
    }

    /// Starts the effect of the card being resolved (`cur_*`), acting as `c`.
    fn start_effect<F: FnMut(GameEvent)>(&mut self, seat: Seat, c: Card, ev: &mut F) {
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
                self.give_red(seat);
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
    fn lay_down(&mut self, seat: Seat, c: Card) {
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

    fn remove_lasting(&mut self, pred: impl Fn(&Lasting) -> bool) {
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

    fn scoring_face(&self, f: u8) -> bool {
        match self.rules.options.shot_success {
            ShotSuccess::AnyBall => f != GreenFace::X as u8,
            ShotSuccess::PlainBall => f == GreenFace::Ball as u8,
        }
    }

    /// Applies the (chosen) face of a roll.
    fn resolve_roll<F: FnMut(GameEvent)>(&mut self, purpose: RollFor, f: u8, ev: &mut F) {
        let o = self.rules.options;
        let cur = (self.cur_as != NONE).then(|| Card::from_index(self.cur_as as usize));
        match purpose {
            RollFor::Pass { base } => {
                let card = cur.unwrap_or(Card::Passaggio);
                if f == GreenFace::X as u8 {
                    self.resolved(false, ev);
                    self.finish_card(false);
                    self.turnover_same_section(ev);
                    return;
                }
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
                self.advance(n);
                if card == Card::Lancio {
                    self.lancio_ok = true;
                }
                let success = !(card == Card::Contropiede
                    && f == GreenFace::Minus as u8
                    && o.counter_minus_one == CounterMinusOne::Failure);
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
                        self.book_yellow(d);
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

    fn mischia_give_back(&mut self) {
        if self.mischia_give != NONE {
            let g = Card::from_index(self.mischia_give as usize);
            let seat = self.cur_seat;
            self.table[g.index()] -= 1;
            // The giver knows the other hand now holds `g`.
            self.hand_add(1 - seat, g, true);
            self.mischia_give = NONE;
        }
    }

    #[inline]
    fn record_obs(&mut self, task: Task, action: Action) {
        // What each seat observes of this action: everything, except another seat's
        // secret choice (shot, wall) and the card another seat draws.
        let tag = u64::from(action.0) | (task_tag(task) << 16);
        let hidden = 1u64 << 40;
        let (o0, o1) = match task {
            Task::Draw(s) => {
                let c = Card::from_index(action.0 as usize);
                if c == Card::Tempo5
                    && !(self.dealing && self.rules.options.opening_tempo == OpeningTempo::Hold)
                {
                    (tag, tag)
                } else if s == 0 {
                    (tag, hidden | u64::from(s))
                } else {
                    (hidden | u64::from(s), tag)
                }
            }
            Task::ShotDirection => {
                if self.attacker() == 0 {
                    (tag, hidden)
                } else {
                    (hidden, tag)
                }
            }
            Task::Wall if self.rules.options.wall == WallRule::OpenFirst => (tag, tag),
            Task::Wall => {
                if self.defender() == 0 {
                    (tag, hidden)
                } else {
                    (hidden, tag)
                }
            }
            Task::Keeper => {
                let reveal = tag | u64::from(self.shot_dir) << 24 | u64::from(self.wall_dir) << 32;
                (reveal, reveal)
            }
            _ => (tag, tag),
        };
        self.obs[0] = mix(self.obs[0], o0);
        self.obs[1] = mix(self.obs[1], o1);
    }
}

fn task_tag(t: Task) -> u64 {
    match t {
        Task::Draw(s) => 1 + u64::from(s),
        Task::RedDiscardRandom(_) => 3,
        Task::MischiaTake(_) => 4,
        Task::Roll { .. } => 5,
        Task::TurnStart => 6,
        Task::Play => 7,
        Task::CambioDiscard { .. } => 8,
        Task::LancioDistance => 9,
        Task::ChooseFace { .. } => 10,
        Task::ShotDirection => 11,
        Task::Wall => 12,
        Task::Keeper => 13,
        Task::FoulAnswerAttacker(_) => 14,
        Task::FoulAnswerDefender => 15,
        Task::MischiaGive(_) => 16,
        Task::InspectDiscard => 17,
        Task::RedDiscardChoose(_) => 18,
        Task::DribblingPick(_) => 19,
        _ => 20,
    }
}

/// Who decides next, as written in traces: a seat, chance, or nobody (game over).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToMove {
    /// A seat decides.
    Seat(Seat),
    /// A chance node.
    Chance,
    /// The game is over.
    Nobody,
}

impl Serialize for ToMove {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ToMove::Seat(x) => s.serialize_u8(*x),
            ToMove::Chance => s.serialize_str("chance"),
            ToMove::Nobody => s.serialize_none(),
        }
    }
}

/// The trace snapshot of a GRANGOL state (`sim trace`): counts are numbers of cards.
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    /// 1 or 2.
    pub half: u8,
    /// Index of the visible timer card (0 = the first, 5').
    pub timer: u8,
    /// Field section 0..=4: 0 is seat 0's penalty area, 4 is seat 1's.
    pub section: u8,
    /// The attacking seat.
    pub possession: Seat,
    /// Goals [seat 0, seat 1].
    pub score: [u8; 2],
    /// Cards in each hand.
    pub hand_sizes: [u8; 2],
    /// Hand limits (hand size less red cards this half).
    pub hand_limits: [u8; 2],
    /// Cards left in the draw pile.
    pub deck: u16,
    /// Cards in the discard pile.
    pub discard: u16,
    /// Deck cards lying face up in play or being resolved.
    pub table: u16,
    /// Deck cards removed from the game (a used OGGETTI IN CAMPO).
    pub out: u16,
    /// The seat whose turn it is.
    pub turn: Seat,
    /// Who decides next.
    pub to_move: ToMove,
    /// Yellow cards this half.
    pub yellows: [u8; 2],
    /// Red cards this half.
    pub reds: [u8; 2],
    /// Names of the cards lying face up in play (PIOGGIA, SOLE…).
    pub in_play: Vec<&'static str>,
    /// The hands, card names sorted by card id.
    pub hands: [Vec<&'static str>; 2],
}

impl GameState for State {
    type Snapshot = Snapshot;

    fn num_seats(&self) -> usize {
        2
    }

    #[inline]
    fn turn(&self) -> Turn {
        self.to_move
    }

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

    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        if self.game_over {
            return;
        }
        let cards = |counts: &Counts, out: &mut ChanceList| {
            for c in Card::ALL {
                let n = counts[c.index()];
                if n > 0 {
                    out.push((act::card(c), u32::from(n)));
                }
            }
        };
        match *self.tasks.last().unwrap() {
            Task::Draw(_) => cards(&self.deck, out),
            Task::RedDiscardRandom(s) => cards(&self.hands[s as usize], out),
            Task::MischiaTake(s) => cards(&self.hands[1 - s as usize], out),
            Task::Roll { purpose, .. } => {
                if purpose == RollFor::Tackle {
                    for (f, &n) in self.rules.red.iter().enumerate() {
                        if n > 0 {
                            out.push((act::red_face(f as u8), u32::from(n)));
                        }
                    }
                } else {
                    for (f, &n) in self.rules.green.iter().enumerate() {
                        if n > 0 {
                            out.push((act::green_face(f as u8), u32::from(n)));
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Draws from the counts themselves (the draw pile, a hand, a die's faces) without
    /// building the outcome list: the same number from `rng` and the same outcome as the
    /// walk in card (or face) order of [`crate::core::sample_chance`] on
    /// [`GameState::chance_outcomes`] (cards are found by `select`).
    fn sample_chance_outcome(&self, rng: &mut Rng) -> Action {
        #[inline]
        fn walk(counts: &[u8], total: u32, rng: &mut Rng) -> usize {
            let mut r = rng.gen_range(0..total);
            let mut i = 0;
            while r >= u32::from(counts[i]) {
                r -= u32::from(counts[i]);
                i += 1;
            }
            i
        }
        #[inline(always)]
        fn card(counts: &Counts, total: u32, rng: &mut Rng) -> Action {
            let r = rng.gen_range(0..total);
            act::card(Card::from_index(select(counts, total, r)))
        }
        match self.tasks.last() {
            Some(Task::Draw(_)) if !self.game_over => {
                card(&self.deck, u32::from(self.deck_count), rng)
            }
            Some(&Task::RedDiscardRandom(s)) if !self.game_over => card(
                &self.hands[s as usize],
                u32::from(self.hand_count[s as usize]),
                rng,
            ),
            Some(&Task::MischiaTake(s)) if !self.game_over => {
                let o = 1 - s as usize;
                card(&self.hands[o], u32::from(self.hand_count[o]), rng)
            }
            Some(&Task::Roll { purpose, .. }) if !self.game_over => {
                let faces = if purpose == RollFor::Tackle {
                    &self.rules.red
                } else {
                    &self.rules.green
                };
                let total = faces.iter().map(|&n| u32::from(n)).sum();
                let f = walk(faces, total, rng) as u8;
                if purpose == RollFor::Tackle {
                    act::red_face(f)
                } else {
                    act::green_face(f)
                }
            }
            _ => crate::core::sample_listed_chance(self, rng),
        }
    }

    /// The direction choices of a shot (rulebook, Shots; reading 26 for the wall), where
    /// the three directions differ only in whether they match:
    ///
    /// | decision | symmetric when |
    /// |---|---|
    /// | shot direction | no wall is in sight: not a free kick, or the wall is secret |
    /// | wall | always (nothing of the shot is known when it is placed) |
    /// | goalkeeper | not a free kick (at a free kick the keeper knows his own wall) |
    fn symmetric_choice(&self) -> bool {
        let free_kick = self.shot_kind == ShotKind::FreeKick;
        match self.tasks.last() {
            _ if self.game_over => false,
            Some(Task::ShotDirection) => !free_kick || self.rules.options.wall == WallRule::Secret,
            Some(Task::Wall) => true,
            Some(Task::Keeper) => !free_kick,
            _ => false,
        }
    }

    /// GRANGOL's four sources of luck, one stream each:
    ///
    /// | stream | chance node | outcomes |
    /// |---|---|---|
    /// | 0 | a draw from the draw pile (`Task::Draw`: deal, turn, refill, CAMBIO, the card drawn after a TEMPO +5) | cards |
    /// | 1 | the green PASS die (`Task::Roll` for a pass, LANCIO, RILANCIO, CONTROPIEDE, a shot, a save, OGGETTI IN CAMPO) | green faces |
    /// | 2 | the red TACKLE die (`Task::Roll` for CONTRASTO, CATENACCIO: `RollFor::Tackle`) | red faces |
    /// | 3 | a card picked at random from a hand (`Task::RedDiscardRandom`: the red-card discard; `Task::MischiaTake`: MISCHIA) | cards |
    ///
    /// A second roll of the same die (SUPERIORITA' TECNICA, CONDIZIONE ATLETICA) draws from
    /// the same die's stream. Not a chance node (a decision, or the end): 0.
    fn chance_stream(&self) -> u8 {
        if self.game_over {
            return 0;
        }
        match self.tasks.last() {
            Some(Task::Draw(_)) => 0,
            Some(Task::Roll {
                purpose: RollFor::Tackle,
                ..
            }) => 2,
            Some(Task::Roll { .. }) => 1,
            Some(Task::RedDiscardRandom(_) | Task::MischiaTake(_)) => 3,
            _ => 0,
        }
    }

    fn apply_with<F: FnMut(GameEvent)>(&mut self, action: Action, ev: &mut F) {
        let task = *self.tasks.last().expect("apply on a finished game");
        if task == Task::TurnStart && !self.dealing {
            self.in_turn = true;
        }
        self.record_obs(task, action);
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
                ev(GameEvent::CardDrawn {
                    seat: d,
                    card: c as u8,
                });
                let hold = self.dealing && self.rules.options.opening_tempo == OpeningTempo::Hold;
                if c == Card::Tempo5 && !hold {
                    // Rulebook: a drawn TEMPO +5 is played at once, then another card drawn.
                    ev(GameEvent::CardPlayed {
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
                self.discard[c.index()] -= 1;
                let t = &mut self.takeable[s][c.index()];
                *t -= 1;
                if *t == 0 {
                    self.takeable_set[s] &= !bit(c);
                }
                self.hand_add(seat, c, true);
                ev(GameEvent::CardDrawn {
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
                    ev(GameEvent::Locked { seat });
                }
                self.tasks.pop();
                self.hand_remove(seat, c);
                self.to_discard(c, Some(1 - seat));
                self.tasks.push(Task::EndTurn);
            }
            (Task::Play, Decoded::Done) => {
                // An empty hand (red cards): nothing to play.
                ev(GameEvent::Locked { seat });
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
                ev(GameEvent::CardPlayed {
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

    fn returns(&self) -> Returns {
        let mut r = [0.0; 4];
        if self.game_over {
            let (a, b) = (self.score[0], self.score[1]);
            (r[0], r[1]) = match a.cmp(&b) {
                std::cmp::Ordering::Greater => (1.0, 0.0),
                std::cmp::Ordering::Less => (0.0, 1.0),
                std::cmp::Ordering::Equal => (0.5, 0.5),
            };
        }
        r
    }

    fn score(&self, seat: Seat) -> i32 {
        i32::from(self.score[seat as usize])
    }

    fn info_key(&self, seat: Seat) -> InfoKey {
        InfoKey(finish(self.obs[seat as usize]))
    }

    #[allow(clippy::needless_range_loop)] // one index across several per-card arrays
    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut d = self.clone();
        let (me, other) = (seat as usize, 1 - seat as usize);
        // Unseen cards: the draw pile and the other hand, less what `seat` knows is there.
        let mut pool = [0u8; NUM_CARDS];
        let mut known_total = 0u16;
        for i in 0..NUM_CARDS {
            let k = self.known[me][i].min(self.hands[other][i]);
            pool[i] = self.deck[i] + self.hands[other][i] - k;
            d.hands[other][i] = k;
            known_total += u16::from(k);
        }
        let mut held = nonzero_set(&words(&d.hands[other]));
        // The cards the hidden hand may hold. Under opening_tempo = "replace" every TEMPO +5
        // drawn is played at once (and none can be taken or exchanged into a hand), so no
        // hand ever holds one: it stays in the draw pile.
        let mut weights = pool;
        if self.rules.options.opening_tempo == OpeningTempo::Replace {
            weights[Card::Tempo5.index()] = 0;
        }
        let mut pool_total = sum(&weights);
        let need = u16::from(self.hand_count[other]) - known_total;
        // The weights stay in registers while cards are drawn from them.
        let mut weights = words(&weights);
        for _ in 0..need {
            let r = rng.gen_range(0..pool_total);
            let i = select_in(&weights, u32::from(pool_total), u32::from(r));
            weights[i / 8] -= 1 << (8 * (i % 8));
            pool[i] -= 1;
            pool_total -= 1;
            d.hands[other][i] += 1;
            held |= 1 << i;
        }
        d.held[other] = held;
        d.deck = pool;
        // A secret choice of the other seat not yet revealed to `seat`.
        let other_seat = other as Seat;
        let shot_pending = matches!(self.tasks.last(), Some(Task::Wall | Task::Keeper));
        if shot_pending && self.attacker() == other_seat && self.shot_dir != NONE {
            d.shot_dir = rng.gen_range(0..3);
        }
        if shot_pending
            && self.defender() == other_seat
            && self.wall_dir != NONE
            && self.rules.options.wall == WallRule::Secret
        {
            d.wall_dir = rng.gen_range(0..3);
        }
        d.obs[other] = mix(self.obs[me], 0x0DE7_E581_u64);
        d
    }

    fn action_to_string(&self, action: Action) -> String {
        let Some(&task) = self.tasks.last() else {
            return format!("action {}", action.0);
        };
        let name = |c: Card| c.name().to_string();
        match (task, act::decode(action)) {
            (Task::Draw(_), Decoded::Card(c)) => format!("draw {}", c.name()),
            (Task::RedDiscardRandom(_), Decoded::Card(c)) => {
                format!("red card: discard {} at random", c.name())
            }
            (Task::RedDiscardChoose(_), Decoded::Pick(c)) => {
                format!("red card: discard {}", c.name())
            }
            (Task::MischiaTake(_), Decoded::Card(c)) => format!("MISCHIA: take {}", c.name()),
            (_, Decoded::Green(f)) => format!("green die: {}", GreenFace::ALL[f as usize].label()),
            (_, Decoded::Red(f)) => format!("red die: {}", RedFace::ALL[f as usize].label()),
            (_, Decoded::KeepGreen(f)) => {
                format!("keep green die: {}", GreenFace::ALL[f as usize].label())
            }
            (_, Decoded::KeepRed(f)) => {
                format!("keep red die: {}", RedFace::ALL[f as usize].label())
            }
            (_, Decoded::Play(c)) => name(c),
            (_, Decoded::PlayAs(c)) => format!("TIFOSI A FAVORE as {}", c.name()),
            (Task::MischiaGive(_), Decoded::Pick(c)) => format!("MISCHIA: give {}", c.name()),
            (Task::InspectDiscard, Decoded::Pick(c)) => {
                format!("FALLO INTENZIONALE: discard {}", c.name())
            }
            (Task::CambioDiscard { .. }, Decoded::Pick(c)) => {
                format!("CAMBIO: discard {}", c.name())
            }
            (_, Decoded::Pick(c)) => format!("discard {}", c.name()),
            (_, Decoded::Draw) => "draw from the deck".into(),
            (_, Decoded::Take(c)) => format!("take {} from the discard pile", c.name()),
            (_, Decoded::Cambio) => "CAMBIO".into(),
            (Task::CambioDiscard { .. } | Task::DribblingPick(_), Decoded::Done) => "done".into(),
            (_, Decoded::Done) => "pass".into(),
            (Task::Wall, Decoded::Dir(d)) => format!("wall: {}", DIRECTIONS[d as usize]),
            (Task::Keeper, Decoded::Dir(d)) => format!("keeper: {}", DIRECTIONS[d as usize]),
            (_, Decoded::Dir(d)) => format!("shot: {}", DIRECTIONS[d as usize]),
            (_, Decoded::Lancio(n)) => {
                format!("LANCIO: {n} section{}", if n > 1 { "s" } else { "" })
            }
            _ => format!("action {}", action.0),
        }
    }

    fn snapshot(&self) -> Snapshot {
        let names = |c: &Counts| {
            let mut v = Vec::new();
            for card in Card::ALL {
                for _ in 0..c[card.index()] {
                    v.push(card.name());
                }
            }
            v
        };
        Snapshot {
            half: self.half,
            timer: self.timer,
            section: self.section,
            possession: self.possession,
            score: self.score,
            hand_sizes: self.hand_count,
            hand_limits: self.hand_limit,
            deck: self.deck_count,
            discard: sum(&self.discard),
            table: sum(&self.table),
            out: sum(&self.out),
            turn: self.turn_seat,
            to_move: match self.turn() {
                Turn::Decision(s) => ToMove::Seat(s),
                Turn::Chance => ToMove::Chance,
                Turn::Terminal => ToMove::Nobody,
            },
            yellows: self.yellows,
            reds: self.reds,
            in_play: self.lasting.iter().map(|l| l.as_card.name()).collect(),
            hands: [names(&self.hands[0]), names(&self.hands[1])],
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        if self.to_move != self.compute_turn() {
            return Err(format!(
                "cached turn {:?} but the task stack says {:?}",
                self.to_move,
                self.compute_turn()
            ));
        }
        for c in Card::ALL {
            let i = c.index();
            let total = self.deck[i]
                + self.hands[0][i]
                + self.hands[1][i]
                + self.discard[i]
                + self.table[i]
                + self.out[i];
            if total != self.rules.deck[i] {
                return Err(format!(
                    "{}: {total} copies across zones, the deck has {}",
                    c.name(),
                    self.rules.deck[i]
                ));
            }
            for s in 0..2 {
                if self.takeable[s][i] > self.discard[i] {
                    return Err(format!("{}: more takeable than discarded", c.name()));
                }
                if self.known[s][i] > self.hands[1 - s][i] {
                    return Err(format!("{}: seat {s} 'knows' a card not in hand", c.name()));
                }
                if (self.held[s] & bit(c) != 0) != (self.hands[s][i] > 0) {
                    return Err(format!("{}: seat {s}'s held set out of step", c.name()));
                }
                if (self.takeable_set[s] & bit(c) != 0) != (self.takeable[s][i] > 0) {
                    return Err(format!("{}: seat {s}'s takeable set out of step", c.name()));
                }
            }
        }
        if sum(&self.deck) != self.deck_count {
            return Err("deck count out of step".into());
        }
        for s in 0..2 {
            if u16::from(self.hand_count[s]) != sum(&self.hands[s]) {
                return Err(format!("hand count of seat {s} out of step"));
            }
            if (self.held[s] | self.takeable_set[s]) >> NUM_CARDS != 0 {
                return Err(format!(
                    "seat {s}'s card sets name a card that does not exist"
                ));
            }
            if self.hand_count[s] > self.hand_limit[s] + 1 {
                return Err(format!(
                    "seat {s} holds {} cards over a limit of {}",
                    self.hand_count[s], self.hand_limit[s]
                ));
            }
        }
        let lasting_on_table = self.lasting.len() as u16;
        if lasting_on_table > sum(&self.table) {
            return Err("a lasting card is not on the table".into());
        }
        if !self.game_over && self.tasks.last() == Some(&Task::TurnStart) && !self.dealing {
            for s in 0..2 {
                if self.hand_count[s] != self.hand_limit[s] {
                    return Err(format!(
                        "seat {s} starts a turn with {} cards, limit {}",
                        self.hand_count[s], self.hand_limit[s]
                    ));
                }
            }
        }
        if self.section > 4
            || self.half == 0
            || self.half > 2
            || self.timer >= self.rules.timer_cards
        {
            return Err("position out of range".into());
        }
        Ok(())
    }
}

impl State {
    /// A copy of this state in which one card of the other seat's hand that `seat` has not
    /// seen there (`out`) is swapped with one card of the draw pile (`into`): a state that
    /// differs from this one only in what `seat` cannot see. `None` when no such swap
    /// exists. For no-peeking tests of agents.
    pub fn hidden_variant(&self, seat: Seat, out: Card, into: Card) -> Option<State> {
        let other = 1 - seat as usize;
        let (o, i) = (out.index(), into.index());
        let unseen = self.hands[other][o].saturating_sub(self.known[seat as usize][o]);
        let held_tempo =
            into == Card::Tempo5 && self.rules.options.opening_tempo != OpeningTempo::Hold;
        if out == into || unseen == 0 || self.deck[i] == 0 || held_tempo {
            return None;
        }
        let mut v = self.clone();
        v.hands[other][o] -= 1;
        if v.hands[other][o] == 0 {
            v.held[other] &= !bit(out);
        }
        v.deck[o] += 1;
        v.deck[i] -= 1;
        v.hands[other][i] += 1;
        v.held[other] |= bit(into);
        Some(v)
    }

    /// The draw pile just ran out (reading 18): the half ends, or under
    /// "recupero-reshuffle" the discard pile becomes the draw pile (and the half ends only
    /// if that is empty too).
    fn on_empty_deck<F: FnMut(GameEvent)>(&mut self, ev: &mut F) {
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

    /// Plays a foul answer: AMMONIZIONE, ESPULSIONE (attacker) or ERRORE ARBITRALE
    /// (defender). The player refills his hand at once (rulebook: AMMONIZIONE, ESPULSIONE,
    /// CLARIFICATIONS).
    fn answer_foul<F: FnMut(GameEvent)>(
        &mut self,
        seat: Seat,
        phys: Card,
        as_card: Card,
        ev: &mut F,
    ) {
        self.hand_remove(seat, phys);
        ev(GameEvent::CardPlayed {
            seat,
            card: phys as u8,
        });
        self.to_discard(phys, None);
        self.foul_answered = true;
        self.tasks.push(Task::RefillTo(seat));
        let offender = 1 - seat;
        match as_card {
            Card::Ammonizione => self.book_yellow(offender),
            Card::Espulsione => {
                // A red card replaces the yellow just given (rulebook: CONTRASTO, yellow).
                self.give_red(offender);
            }
            Card::ErroreArbitrale => self.turnover_same_section(ev),
            _ => debug_assert!(false, "{as_card:?} is not a foul answer"),
        }
    }
}

#[cfg(test)]
mod mask_tests {
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

    #[test]
    fn nonzero_set_is_the_set_of_held_cards() {
        let mut c = [0u8; NUM_CARDS];
        assert_eq!(nonzero_set(&words(&c)), 0);
        for i in 0..NUM_CARDS {
            for n in [1u8, 2, 127, 128, 200, 255] {
                c[i] = n;
                assert_eq!(nonzero_set(&words(&c)), 1 << i, "{c:?}");
                c[(i * 7 + 3) % NUM_CARDS] = n;
                let want = (1u32 << i) | (1 << ((i * 7 + 3) % NUM_CARDS));
                assert_eq!(nonzero_set(&words(&c)), want, "{c:?}");
                c = [0; NUM_CARDS];
            }
        }
        assert_eq!(nonzero_set(&words(&[9; NUM_CARDS])), (1 << NUM_CARDS) - 1);
    }

    #[test]
    fn select_finds_the_card_the_walk_finds() {
        fn walk(c: &Counts, mut r: u32) -> usize {
            let mut i = 0;
            while r >= u32::from(c[i]) {
                r -= u32::from(c[i]);
                i += 1;
            }
            i
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..2000 {
            let mut c = [0u8; NUM_CARDS];
            for n in c.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Mostly small counts and zeros (zones under 128 cards), sometimes
                // full bytes (the walk of larger zones).
                *n = match x % 8 {
                    0 | 1 => 0,
                    7 if round % 5 == 0 => (x >> 8) as u8,
                    _ => (x >> 8) as u8 % (1 + round % 9) as u8,
                };
            }
            let total = u32::from(sum(&c));
            for r in 0..total {
                assert_eq!(select(&c, total, r), walk(&c, r), "{c:?} at {r}");
            }
        }
    }
}
