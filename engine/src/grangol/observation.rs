//! Observations of GRANGOL: what a seat sees of a [`State`], as a fixed-size `f32` tensor
//! ([`State::layout_of`], [`State::write_observation`]) and as text
//! ([`State::describe_for`]). The `GameState` impl in `game.rs` delegates here.
//!
//! The tensor is *seat-relative*: every part about the two seats has the observing seat
//! first and its opponent second, and the field is seen from the observing seat (0 its own
//! penalty area, 4 the opponent's), so a policy trained on seat 0 plays seat 1 unchanged.
//! Per-card parts have one entry per card kind of the rule set: the 29 printed cards in id
//! order ([`Card::ALL`]), and the lab's BLANK last when the deck holds one. Every entry lies
//! in `[0, 1]`: per-card copies are fractions of that card's copies in the deck, other
//! card counts fractions of the deck (hand limits of the hand size), `turns` a fraction of
//! the turn cap, and goals and cautions, which the rules do not bound, `n / (n + 1)`.
//!
//! What a seat sees is what `info.rs` says it observes: everything but the cards in the
//! other hand that it has not seen go there (it sees `known`), the order and make-up of
//! the draw pile (it sees the copies it has not seen anywhere: `unseen`), and the other
//! seat's secret choices not yet revealed (the shot's direction while the wall and the
//! goalkeeper choose, a secret wall while the goalkeeper chooses). The layout and its
//! meaning are documented in `docs/rules/grangol.md`, section "Observation".

use super::actions::DIRECTIONS;
use super::cards::{Card, NUM_CARDS};
use super::counts::Counts;
use super::rules::{GreenFace, RedFace, Rules, WallRule};
use super::state::{State, NONE};
use super::tasks::{Foul, RollFor, ShotKind, Task};
use crate::core::{push_copies, push_num, Observation, ObservationLayout, Seat, TensorWriter};
use std::fmt::Write as _;

/// The cards that lie in play for the rest of the half, in the order of the `in_play`
/// part.
const LASTING: [Card; 4] = [
    Card::Pioggia,
    Card::Sole,
    Card::Superiorita,
    Card::Condizione,
];

/// What the game waits for, in the order of the `phase` part (one-hot), with the words
/// the observation string uses.
const PHASES: [&str; 20] = [
    "start of turn: draw, take from the discard pile, CAMBIO, CONTROPIEDE or CATENACCIO",
    "play a card (or discard)",
    "CAMBIO: discard another card or stop",
    "LANCIO: how far",
    "keep one of two die faces",
    "shot: choose the direction",
    "free kick: place the wall",
    "goalkeeper: choose the dive",
    "answer a foul (whistle): AMMONIZIONE, ESPULSIONE or pass",
    "answer a foul (yellow card): ESPULSIONE or pass",
    "answer a foul: ERRORE ARBITRALE or pass",
    "MISCHIA: give a card",
    "FALLO INTENZIONALE: discard a card of the shown hand",
    "red card: choose the card to discard",
    "DRIBBLING: add a card or stop",
    "chance: a card is drawn",
    "chance: a red card's random discard",
    "chance: MISCHIA takes a random card",
    "chance: a die is rolled",
    "the game is over",
];

/// Roll purposes, in the order of the `roll` part.
const ROLLS: [&str; 5] = ["pass", "tackle", "shot on goal", "save", "OGGETTI IN CAMPO"];

/// The flags of the `flags` part, in order, with the words of the observation string.
const FLAGS: [&str; 11] = [
    "the turn's draw (or take) is done",
    "the deal of a half is under way",
    "a LANCIO was played this turn",
    "FUORIGIOCO may be played this turn",
    "OGGETTI IN CAMPO has been used this game",
    "a free kick or penalty was taken this turn",
    "CAMBIO was played this turn",
    "a shot rebounded this turn",
    "the last foul was answered",
    "it is raining",
    "the card being resolved is a TIFOSI A FAVORE",
];

/// Field sections from the observing seat's side, for the string.
const FIELD: [&str; 5] = [
    "your penalty area",
    "your three-quarters",
    "midfield",
    "the opponent's three-quarters",
    "the opponent's penalty area",
];

/// One part of the layout, without allocation: `rows == 1` is a vector of `cols`.
struct Part {
    name: &'static str,
    rows: usize,
    cols: usize,
    about: &'static str,
}

const fn part(name: &'static str, rows: usize, cols: usize, about: &'static str) -> Part {
    Part {
        name,
        rows,
        cols,
        about,
    }
}

/// Number of parts of the layout.
const NUM_PARTS: usize = 30;

/// The number of card kinds of the per-card parts under `rules`: the 29 printed cards,
/// and BLANK when the deck holds one.
pub(super) fn kinds(rules: &Rules) -> usize {
    if rules.deck[Card::Blank.index()] > 0 {
        NUM_CARDS
    } else {
        NUM_CARDS - 1
    }
}

/// The parts of the layout under `rules`, in tensor order (`docs/rules/grangol.md`,
/// "Observation", is the same table).
fn parts(rules: &Rules) -> [Part; NUM_PARTS] {
    let k = kinds(rules);
    let t = usize::from(rules.timer_cards);
    [
        part("own_hand", 1, k, "copies of each card kind in the seat's hand, as a fraction of its copies in the deck (so are all per-card copies)"),
        part(
            "opponent_known",
            1,
            k,
            "copies of each kind the seat knows to be in the opponent's hand (seen going there)",
        ),
        part(
            "own_known",
            1,
            k,
            "copies of each kind of the seat's hand that the opponent knows of",
        ),
        part(
            "unseen",
            1,
            k,
            "copies of each kind the seat has not seen: the draw pile and the opponent's unknown cards",
        ),
        part("discard", 1, k, "copies of each kind in the discard pile"),
        part(
            "takeable",
            2,
            k,
            "copies of each kind in the discard pile that the seat (row 0) and the opponent (row 1) may take",
        ),
        part(
            "table",
            1,
            k,
            "copies of each kind face up on the table (in play, being resolved, given by MISCHIA)",
        ),
        part("out", 1, k, "copies of each kind out of the game (a used OGGETTI IN CAMPO)"),
        part(
            "in_play",
            2,
            4,
            "PIOGGIA, SOLE, SUPERIORITA' TECNICA, CONDIZIONE ATLETICA in play in front of the seat (row 0) and the opponent (row 1), counting TIFOSI A FAVORE as what it stands for; fractions of the deck size",
        ),
        part("hand_sizes", 1, 2, "cards in hand: the seat, the opponent; fractions of the deck size"),
        part(
            "hand_limits",
            1,
            2,
            "hand limits (hand size less red cards this half): the seat, the opponent; fractions of the hand size",
        ),
        part("draw_pile", 1, 1, "cards left in the draw pile, a fraction of the deck size"),
        part(
            "field",
            1,
            5,
            "one-hot ball position from the seat's side: 0 its own penalty area, 2 midfield, 4 the opponent's penalty area",
        ),
        part("possession", 1, 2, "one-hot attacker: the seat, the opponent"),
        part("score", 1, 2, "goals: the seat, the opponent; n goals as n / (n + 1)"),
        part("yellows", 1, 2, "yellow cards this half: the seat, the opponent; n as n / (n + 1)"),
        part("reds", 1, 2, "red cards this half: the seat, the opponent; n as n / (n + 1)"),
        part("cambio_used", 1, 2, "1 when CAMBIO has been used: the seat, the opponent"),
        part("half", 1, 2, "one-hot half: first, second"),
        part(
            "timer",
            1,
            t,
            "one-hot index of the visible timer card (the last one, RECUPERO, ends the half)",
        ),
        part(
            "turns",
            1,
            1,
            "turns completed this half divided by the turn cap max_turns_per_half",
        ),
        part("turn_seat", 1, 2, "one-hot seat whose turn it is: the seat, the opponent"),
        part(
            "to_move",
            1,
            2,
            "one-hot seat deciding now: the seat, the opponent (zeros at chance nodes and at the end)",
        ),
        part("phase", 1, PHASES.len(), "one-hot: what the game waits for (docs: the phase table)"),
        part(
            "phase_counts",
            1,
            2,
            "cards discarded so far by the CAMBIO under way; cards added so far to the DRIBBLING under way; fractions of the deck size",
        ),
        part(
            "roll",
            1,
            6,
            "the die roll waiting or being chosen: one-hot purpose (pass, tackle, shot on goal, save, OGGETTI IN CAMPO), then a pass's base advance in sections, a fraction of 4",
        ),
        part(
            "die_faces",
            1,
            8,
            "faces already rolled and waiting (the first of two rolls, or the two to keep one of): green ball, +1, -1, X, red X, whistle, yellow, ball",
        ),
        part(
            "resolving",
            3,
            k,
            "one-hot card being resolved (as what it acts); copies of each kind chosen for the DRIBBLING under way, not yet resolved (fractions of the deck size); one-hot card taken from the discard pile that must be played",
        ),
        part(
            "shot",
            1,
            11,
            "shot under way: one-hot kind (card, free kick, penalty), one-hot direction (left, middle, right) and one-hot wall (left, middle, right) once the seat may see them, one-hot shooter (the seat, the opponent)",
        ),
        part("flags", 1, FLAGS.len(), "1 when true: the flags of the docs' table, in order"),
    ]
}

/// The copies of the first `k` card kinds of `c`, each as a fraction of its copies in
/// `deck`.
fn put_counts(w: &mut TensorWriter, c: &Counts, deck: &Counts, k: usize) {
    for (&n, &d) in c[..k].iter().zip(deck) {
        w.fraction(n, d);
    }
}

/// Appends card names with their copies (`PASSAGGIO x2, TIRO`), or `none`
/// ([`push_copies`]): written in place, since a replay page asks for every seat's text
/// at every step.
fn push_cards(o: &mut String, c: &Counts) {
    push_copies(o, &Card::ALL, Card::name, c);
}

/// Appends the line `{label}{the cards of c}`.
fn push_cards_line(o: &mut String, label: &str, c: &Counts) {
    o.push_str(label);
    push_cards(o, c);
    o.push('\n');
}

impl State {
    /// The public flags of the `flags` part but the last (whether the card being resolved
    /// is a TIFOSI A FAVORE, which only the tensor has), in the order of [`FLAGS`].
    fn flags(&self) -> [bool; FLAGS.len() - 1] {
        [
            self.drew,
            self.dealing,
            self.lancio_ok,
            self.offside_open,
            self.objects_used,
            self.foul_shot_taken,
            self.cambio_this_turn,
            self.rebounded,
            self.foul_answered,
            self.raining(),
        ]
    }

    /// The index in [`PHASES`] of what the game waits for (`None` for an automatic task,
    /// never left on top between actions).
    fn phase_index(&self) -> Option<usize> {
        if self.game_over {
            return Some(19);
        }
        Some(match *self.tasks.last()? {
            Task::TurnStart => 0,
            Task::Play => 1,
            Task::CambioDiscard { .. } => 2,
            Task::LancioDistance => 3,
            Task::ChooseFace { .. } => 4,
            Task::ShotDirection => 5,
            Task::Wall => 6,
            Task::Keeper => 7,
            Task::FoulAnswerAttacker(Foul::Whistle) => 8,
            Task::FoulAnswerAttacker(_) => 9,
            Task::FoulAnswerDefender => 10,
            Task::MischiaGive(_) => 11,
            Task::InspectDiscard => 12,
            Task::RedDiscardChoose(_) => 13,
            Task::DribblingPick(_) => 14,
            Task::Draw(_) => 15,
            Task::RedDiscardRandom(_) => 16,
            Task::MischiaTake(_) => 17,
            Task::Roll { .. } => 18,
            _ => return None,
        })
    }

    /// The roll waiting or being chosen: its purpose and the faces already shown (as
    /// indices into the `die_faces` part).
    fn pending_roll(&self) -> Option<(RollFor, [u8; 2])> {
        if self.game_over {
            return None;
        }
        let red = |p: RollFor| if p == RollFor::Tackle { 4 } else { 0 };
        match *self.tasks.last()? {
            Task::Roll { purpose, first, .. } => {
                let f = if first == NONE {
                    NONE
                } else {
                    first + red(purpose)
                };
                Some((purpose, [f, NONE]))
            }
            Task::ChooseFace { purpose, a, b } => {
                Some((purpose, [a + red(purpose), b + red(purpose)]))
            }
            _ => None,
        }
    }

    /// Whether a shot is being resolved (direction, wall, dive, or its roll).
    fn shot_under_way(&self) -> bool {
        !self.game_over
            && match self.tasks.last() {
                Some(Task::ShotDirection | Task::Wall | Task::Keeper) => true,
                Some(Task::Roll { purpose, .. } | Task::ChooseFace { purpose, .. }) => {
                    matches!(purpose, RollFor::ShotOnGoal | RollFor::Save)
                }
                _ => false,
            }
    }

    /// Whether the shot's direction and the wall are still secret from some seat: the
    /// wall or the goalkeeper is choosing.
    fn choices_hidden(&self) -> bool {
        !self.game_over && matches!(self.tasks.last(), Some(Task::Wall | Task::Keeper))
    }

    /// The shot's direction as `seat` sees it: `None` before it is chosen, and while it
    /// is the other seat's secret.
    fn visible_shot_dir(&self, seat: Seat) -> Option<u8> {
        let seen = seat == self.attacker() || !self.choices_hidden();
        (self.shot_dir != NONE && seen).then_some(self.shot_dir)
    }

    /// The wall as `seat` sees it (a free kick's): `None` before it is placed, and while
    /// it is the defender's secret (reading 26, "secret").
    fn visible_wall_dir(&self, seat: Seat) -> Option<u8> {
        let seen = seat == self.defender()
            || self.rules.options.wall == WallRule::OpenFirst
            || !self.choices_hidden();
        (self.wall_dir != NONE && seen).then_some(self.wall_dir)
    }

    /// The first card of the DRIBBLING under way not yet resolved (`dribble_len` when
    /// none), or `None` when no DRIBBLING is under way.
    fn dribble_pending(&self) -> Option<u8> {
        if self.game_over {
            return None;
        }
        if matches!(self.tasks.last(), Some(Task::DribblingPick(_))) {
            return Some(0);
        }
        self.tasks.iter().find_map(|t| match *t {
            Task::DribbleNext(i) => Some(i),
            _ => None,
        })
    }

    /// The DRIBBLING cards from `from` on (physical card, card it acts as).
    fn dribble_left(&self, from: u8) -> &[(u8, u8)] {
        let end = usize::from(self.dribble_len);
        &self.dribble[usize::from(from).min(end)..end]
    }

    /// The copies of each card `seat` has not seen: the deck less its hand, the discard
    /// pile, the table, the cards out, and what it knows of the other hand.
    fn unseen(&self, seat: Seat) -> Counts {
        let me = seat as usize;
        std::array::from_fn(|i| {
            self.rules.deck[i]
                - self.hands[me][i]
                - self.discard[i]
                - self.table[i]
                - self.out[i]
                - self.known[me][i]
        })
    }
}

impl Observation for State {
    /// The observation layout of `rules` ([`crate::core::Observation::observation_layout`]).
    fn observation_layout(&self) -> ObservationLayout {
        let rules = &self.rules;
        let mut layout = ObservationLayout::default();
        for p in parts(rules) {
            layout = if p.rows == 1 {
                layout.part(p.name, &[p.cols], p.about)
            } else {
                layout.part(p.name, &[p.rows, p.cols], p.about)
            };
        }
        layout
    }

    /// The tensor's length under `rules`, without building the layout.
    fn observation_size(&self) -> usize {
        let rules = &self.rules;
        parts(rules).iter().map(|p| p.rows * p.cols).sum()
    }

    /// Writes `seat`'s observation tensor ([`crate::core::Observation::observation_tensor`]).
    /// Reads only what `seat` sees; allocates nothing.
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) {
        assert_eq!(
            out.len(),
            self.observation_size(),
            "GRANGOL observation tensor of the wrong length"
        );
        let k = kinds(&self.rules);
        let (me, op) = (seat as usize, 1 - seat as usize);
        let pair = |a: [u8; 2]| [a[me], a[op]];
        let deck = &self.rules.deck;
        let deck_size = self.rules.deck_size;
        let mut w = TensorWriter::new(out);
        put_counts(&mut w, &self.hands[me], deck, k);
        put_counts(&mut w, &self.known[me], deck, k);
        put_counts(&mut w, &self.known[op], deck, k);
        let unseen = self.unseen(seat);
        put_counts(&mut w, &unseen, deck, k);
        put_counts(&mut w, &self.discard, deck, k);
        put_counts(&mut w, &self.takeable[me], deck, k);
        put_counts(&mut w, &self.takeable[op], deck, k);
        put_counts(&mut w, &self.table, deck, k);
        put_counts(&mut w, &self.out, deck, k);
        for owner in [seat, 1 - seat] {
            for c in LASTING {
                let n = self
                    .lasting
                    .iter()
                    .filter(|l| l.owner == owner && l.as_card == c)
                    .count();
                w.fraction(n as f32, deck_size);
            }
        }
        for n in pair(self.hand_count) {
            w.fraction(n, deck_size);
        }
        for n in pair(self.hand_limit) {
            w.fraction(n, self.rules.hand_size);
        }
        w.fraction(self.deck_count, deck_size);
        let from_me = if seat == 0 {
            self.section
        } else {
            4 - self.section
        };
        w.one_hot(5, Some(usize::from(from_me)));
        w.one_hot(2, Some(usize::from(self.possession != seat)));
        for n in pair(self.score)
            .into_iter()
            .chain(pair(self.yellows))
            .chain(pair(self.reds))
        {
            w.squashed(n, 1.0);
        }
        w.flag(self.cambio_used[me]);
        w.flag(self.cambio_used[op]);
        w.one_hot(2, Some(usize::from(self.half - 1)));
        w.one_hot(
            usize::from(self.rules.timer_cards),
            Some(usize::from(self.timer)),
        );
        w.put(f32::from(self.turns_this_half) / f32::from(self.rules.max_turns_per_half));
        w.one_hot(2, Some(usize::from(self.turn_seat != seat)));
        let deciding = match self.to_move {
            crate::core::Turn::Decision(s) => Some(usize::from(s != seat)),
            _ => None,
        };
        w.one_hot(2, deciding);
        w.one_hot(PHASES.len(), self.phase_index());
        let (cambio_done, dribble_picked) = match self.tasks.last() {
            Some(&Task::CambioDiscard { done, .. }) if !self.game_over => (done, 0),
            Some(&Task::DribblingPick(n)) if !self.game_over => (0, n),
            _ => (0, 0),
        };
        w.fraction(cambio_done, deck_size);
        w.fraction(dribble_picked, deck_size);
        match self.pending_roll() {
            Some((purpose, faces)) => {
                let (i, base) = match purpose {
                    RollFor::Pass { base } => (0, base),
                    RollFor::Tackle => (1, 0),
                    RollFor::ShotOnGoal => (2, 0),
                    RollFor::Save => (3, 0),
                    RollFor::Objects => (4, 0),
                };
                w.one_hot(5, Some(i));
                w.fraction(base, 4u8);
                let mut shown = [0.0f32; 8];
                for f in faces.into_iter().filter(|&f| f != NONE) {
                    shown[usize::from(f)] = 1.0;
                }
                for v in shown {
                    w.put(v);
                }
            }
            None => w.skip(6 + 8),
        }
        let resolving = (self.cur_as != NONE && !self.game_over).then_some(self.cur_as);
        w.one_hot(k, resolving.map(usize::from));
        let mut dribble = [0u8; NUM_CARDS];
        if let Some(from) = self.dribble_pending() {
            for &(_, as_card) in self.dribble_left(from) {
                dribble[usize::from(as_card)] += 1;
            }
        }
        for &n in &dribble[..k] {
            w.fraction(n, deck_size);
        }
        let must = (self.must_play != NONE).then_some(usize::from(self.must_play));
        w.one_hot(k, must);
        if self.shot_under_way() {
            let kind = match self.shot_kind {
                ShotKind::Card => 0,
                ShotKind::FreeKick => 1,
                ShotKind::Penalty => 2,
            };
            w.one_hot(3, Some(kind));
            w.one_hot(3, self.visible_shot_dir(seat).map(usize::from));
            w.one_hot(3, self.visible_wall_dir(seat).map(usize::from));
            w.one_hot(2, Some(usize::from(self.attacker() != seat)));
        } else {
            w.skip(11);
        }
        let tifosi = resolving.is_some()
            && self.cur_phys == Card::Tifosi as u8
            && self.cur_as != Card::Tifosi as u8;
        for v in self.flags().into_iter().chain([tifosi]) {
            w.flag(v);
        }
        w.finish();
    }

    /// `seat`'s observation string ([`crate::core::Observation::observation_string`]): the
    /// facts of the tensor as lines a person reads, from `seat`'s view only.
    fn observation_string(&self, seat: Seat) -> String {
        let (me, op) = (seat as usize, 1 - seat as usize);
        let who = |s: Seat| if s == seat { "you" } else { "the opponent" };
        // Room for the text's lines, most of them card lists.
        let mut o = String::with_capacity(1024);
        let _ = writeln!(
            o,
            "GRANGOL, seat {seat}'s view: half {}, timer card {} of {}, {} turns played this half",
            self.half,
            self.timer + 1,
            self.rules.timer_cards,
            self.turns_this_half
        );
        let _ = writeln!(
            o,
            "Score: you {}, opponent {}",
            self.score[me], self.score[op]
        );
        let from_me = if seat == 0 {
            self.section
        } else {
            4 - self.section
        };
        let _ = writeln!(
            o,
            "Ball: {} attack{}, in {}",
            who(self.possession),
            if self.possession == seat { "" } else { "s" },
            FIELD[usize::from(from_me)]
        );
        let to_move = match self.to_move {
            crate::core::Turn::Decision(s) => who(s),
            crate::core::Turn::Chance => "chance",
            crate::core::Turn::Terminal => "nobody",
        };
        let phase = self.phase_index().map_or("", |i| PHASES[i]);
        let _ = writeln!(
            o,
            "Turn: {}; to move: {to_move} ({phase})",
            if self.turn_seat == seat {
                "yours"
            } else {
                "the opponent's"
            }
        );
        o.push_str("Your hand (");
        push_num(&mut o, self.hand_count[me]);
        o.push_str(" cards, limit ");
        push_num(&mut o, self.hand_limit[me]);
        push_cards_line(&mut o, "): ", &self.hands[me]);
        o.push_str("Opponent's hand: ");
        push_num(&mut o, self.hand_count[op]);
        o.push_str(" cards, limit ");
        push_num(&mut o, self.hand_limit[op]);
        push_cards_line(&mut o, "; you know it holds: ", &self.known[me]);
        push_cards_line(
            &mut o,
            "The opponent knows your hand holds: ",
            &self.known[op],
        );
        o.push_str("Draw pile: ");
        push_num(&mut o, self.deck_count);
        o.push_str(" cards\n");
        push_cards_line(&mut o, "Discard pile: ", &self.discard);
        o.push_str("You may take: ");
        push_cards(&mut o, &self.takeable[me]);
        push_cards_line(&mut o, "; the opponent may take: ", &self.takeable[op]);
        let mut in_play = String::new();
        for l in &self.lasting {
            if !in_play.is_empty() {
                in_play.push_str(", ");
            }
            let _ = write!(in_play, "{}", l.as_card.name());
            if l.phys != l.as_card {
                let _ = write!(in_play, " (a {})", l.phys.name());
            }
            let _ = write!(
                in_play,
                " ({})",
                if l.owner == seat {
                    "yours"
                } else {
                    "opponent's"
                }
            );
        }
        if in_play.is_empty() {
            in_play.push_str("none");
        }
        let _ = writeln!(o, "In play: {in_play}");
        push_cards_line(&mut o, "On the table: ", &self.table);
        if self.out.iter().any(|&n| n > 0) {
            push_cards_line(&mut o, "Out of the game: ", &self.out);
        }
        let _ = writeln!(
            o,
            "Yellow cards: you {}, opponent {}; red cards: you {}, opponent {}; CAMBIO used: you {}, opponent {}",
            self.yellows[me],
            self.yellows[op],
            self.reds[me],
            self.reds[op],
            if self.cambio_used[me] { "yes" } else { "no" },
            if self.cambio_used[op] { "yes" } else { "no" },
        );
        if self.cur_as != NONE && !self.game_over {
            let as_card = Card::from_index(usize::from(self.cur_as));
            let phys = Card::from_index(usize::from(self.cur_phys));
            let _ = write!(o, "Resolving: {}", as_card.name());
            if phys != as_card {
                let _ = write!(o, " (played as {})", phys.name());
            }
            let _ = writeln!(o, ", by {}", who(self.cur_seat));
        }
        if let Some(from) = self.dribble_pending() {
            let mut d = [0u8; NUM_CARDS];
            for &(_, as_card) in self.dribble_left(from) {
                d[usize::from(as_card)] += 1;
            }
            push_cards_line(&mut o, "DRIBBLING still to resolve: ", &d);
        }
        if self.must_play != NONE {
            let c = Card::from_index(usize::from(self.must_play));
            let _ = writeln!(o, "Must play: {} (taken from the discard pile)", c.name());
        }
        if let Some((purpose, faces)) = self.pending_roll() {
            let what = match purpose {
                RollFor::Pass { base } => format!("pass of {base} section(s)"),
                RollFor::Tackle => ROLLS[1].to_string(),
                RollFor::ShotOnGoal => ROLLS[2].to_string(),
                RollFor::Save => ROLLS[3].to_string(),
                RollFor::Objects => ROLLS[4].to_string(),
            };
            let mut shown = Vec::new();
            for f in faces.into_iter().filter(|&f| f != NONE) {
                shown.push(if f < 4 {
                    format!("green {}", GreenFace::ALL[usize::from(f)].name())
                } else {
                    format!("red {}", RedFace::ALL[usize::from(f) - 4].name())
                });
            }
            let _ = write!(o, "Roll for: {what}");
            if !shown.is_empty() {
                let _ = write!(o, "; shown: {}", shown.join(", "));
            }
            o.push('\n');
        }
        if self.shot_under_way() {
            let kind = match self.shot_kind {
                ShotKind::Card => "a played shot",
                ShotKind::FreeKick => "a free kick",
                ShotKind::Penalty => "a penalty",
            };
            let dir = |d: Option<u8>, set: bool| match d {
                Some(d) => DIRECTIONS[usize::from(d)],
                None if set => "hidden",
                None => "not chosen",
            };
            // A secret choice shows as "hidden" or "not chosen" by what the seat saw,
            // never by the hidden value itself.
            let shot_seen = self.visible_shot_dir(seat);
            let shot_set = match self.tasks.last() {
                Some(Task::Keeper) => true,
                Some(Task::Wall) => self.rules.options.wall == WallRule::Secret,
                _ => self.shot_dir != NONE,
            };
            let _ = write!(
                o,
                "Shot: {kind} by {}; direction {}",
                who(self.attacker()),
                dir(shot_seen, shot_set)
            );
            if self.shot_kind == ShotKind::FreeKick {
                let wall_set = match self.tasks.last() {
                    Some(Task::Keeper) => true,
                    Some(Task::Wall) => false,
                    _ => self.wall_dir != NONE,
                };
                let _ = write!(o, "; wall {}", dir(self.visible_wall_dir(seat), wall_set));
            }
            o.push('\n');
        }
        let set: Vec<&str> = self
            .flags()
            .iter()
            .zip(FLAGS)
            .filter(|(&b, _)| b)
            .map(|(_, name)| name)
            .collect();
        if !set.is_empty() {
            let _ = writeln!(o, "Also: {}", set.join("; "));
        }
        o
    }
}
