//! Observations of LASTUF GOL: what a seat sees of a [`State`], as a fixed-size `f32`
//! tensor ([`State::layout_of`], [`State::write_observation`]) and as text
//! ([`State::describe_for`]). The `GameState` impl in `game.rs` delegates here.
//!
//! The tensor is *seat-relative*: every part with one row per seat lists the observing
//! seat first, then the others in turn order (the seat after it first), so a policy
//! trained on seat 0 plays any seat unchanged. Its parts depend on the rules: the number
//! of seats (`players`, 2 to 4) and of goals each (`options.goals_per_player`). Every entry
//! lies in `[0, 1]`: per-card copies are fractions of that card's copies in the deck (the
//! players on the table of their colour's PLAYER card, the balls in a goal of the BALL
//! card), other card counts fractions of the deck, rounds fractions of the seats, the
//! turns a fraction of the turn cap, and goals scored and conceded, which the rules do not
//! bound, `n / (n + t)` with `t` the goals that eliminate.
//!
//! Every seat sees every action except the cards another seat draws (`info.rs`): a seat
//! sees its own hand, every hand's size, the whole table, the discard pile and the cards
//! out of the game; of the other hands and the draw pile it sees only their joint make-up
//! (`unseen`: the deck less every card it can see, computed from those cards alone). The layout and its meaning are
//! documented in `docs/rules/lastuf.md`, section "Observation".

use super::cards::{Card, Colour, Status, NUM_CARDS, NUM_COLOURS, NUM_STATUSES};
use super::rules::Rules;
use super::state::{Counts, Phase, State, NO_GOAL};
use crate::core::{
    push_copies, push_list, push_num, GameState, Observation, ObservationLayout, Seat,
    TensorWriter, Turn,
};
use std::fmt::Write as _;

/// What the game waits for, in the order of the `phase` part (one-hot).
const PHASES: [&str; 10] = [
    "chance: the deal",
    "play a card, discard or pass",
    "choose the target of the card played",
    "SUBSTITUTION: choose the rival's player to take",
    "discard another card or stop",
    "a goal was scored: STOP it or let it count",
    "chance: the STOP player draws back to a full hand",
    "chance: the turn seat draws back to a full hand before playing",
    "chance: the turn seat draws back to a full hand",
    "the game is over",
];

/// One part of the layout, without allocation: `shape[..rank]`.
struct Part {
    name: &'static str,
    shape: [usize; 3],
    rank: usize,
    about: &'static str,
}

const fn part(name: &'static str, shape: &[usize], about: &'static str) -> Part {
    let mut s = [1; 3];
    let mut i = 0;
    while i < shape.len() {
        s[i] = shape[i];
        i += 1;
    }
    Part {
        name,
        shape: s,
        rank: shape.len(),
        about,
    }
}

/// Number of parts of the layout.
const NUM_PARTS: usize = 22;

/// The parts of the layout under `rules`, in tensor order (`docs/rules/lastuf.md`,
/// "Observation", is the same table).
fn parts(rules: &Rules) -> [Part; NUM_PARTS] {
    let n = usize::from(rules.players);
    let g = usize::from(rules.options.goals_per_player);
    let (k, c, st) = (NUM_CARDS, NUM_COLOURS, NUM_STATUSES);
    [
        part("own_hand", &[k], "copies of each card kind in the seat's hand, as a fraction of its copies in the deck (so are all per-card copies)"),
        part(
            "unseen",
            &[k],
            "copies of each kind the seat cannot see: the draw pile and the other hands together",
        ),
        part("discard", &[k], "copies of each kind in the discard pile"),
        part("out", &[k], "copies of each kind out of the game (eliminated seats' goals and balls)"),
        part("draw_pile", &[1], "cards left in the draw pile, a fraction of the deck size"),
        part("hand_sizes", &[n], "cards in each seat's hand (seat-relative rows), fractions of the deck size"),
        part(
            "players",
            &[n, c, st],
            "outfield players on the table per seat, colour (red, blue, green, yellow) and status (plain, booked, injured, booked and injured), fractions of the copies of that colour's PLAYER card",
        ),
        part(
            "goals",
            &[n, g, c],
            "one-hot colour of the goal in each seat's goal slot (zeros: no goal there)",
        ),
        part("balls", &[n, g], "balls in each seat's goal slot: goals conceded there, fractions of the BALL copies"),
        part("timeout", &[n], "1 when a TIME-OUT protects the seat"),
        part("scored", &[n], "goals each seat has scored, n as n / (n + goals_to_eliminate)"),
        part(
            "conceded",
            &[n],
            "goals conceded by each seat (balls in its goals; for a seat out, when it went out), n as n / (n + goals_to_eliminate)",
        ),
        part("in_game", &[n], "1 while the seat is still in the game"),
        part(
            "out_round",
            &[n],
            "the elimination round of each seat out (1 for the first seats out), 0 while in; fractions of the number of seats",
        ),
        part("turn_seat", &[n], "one-hot seat whose turn it is"),
        part(
            "to_move",
            &[n],
            "one-hot seat deciding now (zeros at chance nodes and at the end)",
        ),
        part("phase", &[PHASES.len()], "one-hot: what the game waits for (docs: the phase table)"),
        part(
            "target_card",
            &[k],
            "one-hot card whose target is being chosen (the target phase), or whose goal is being answered (BALL, in the STOP phase)",
        ),
        part(
            "substitute",
            &[2, c.max(st)],
            "SUBSTITUTION: one-hot colour (row 0) and status (row 1) of the seat-to-move's player given",
        ),
        part(
            "stop_goal",
            &[n + g],
            "a goal waiting for STOP: one-hot shooter (seat-relative), then one-hot goal slot of the victim (the seat to move)",
        ),
        part("discarded", &[1], "cards discarded so far in this turn's discard play, a fraction of discard_max"),
        part(
            "clock",
            &[2],
            "turns completed divided by the turn cap max_turns; elimination rounds so far divided by the number of seats",
        ),
    ]
}

/// Appends the line `{label}{card names with their copies}` (`BALL x2, STOP`, or `none`:
/// [`push_copies`]), written in place: a replay page asks for every seat's text at every
/// step.
fn push_cards_line(o: &mut String, label: &str, c: &Counts) {
    o.push_str(label);
    push_copies(o, &Card::ALL, Card::name, c);
    o.push('\n');
}

impl State {
    /// The seat at place `r` of `seat`'s seat-relative order (0: `seat` itself, then the
    /// next seats in turn order).
    fn relative(&self, seat: Seat, r: usize) -> Seat {
        ((usize::from(seat) + r) % usize::from(self.rules.players)) as Seat
    }

    /// The place of `other` in `seat`'s seat-relative order.
    fn place_of(&self, seat: Seat, other: Seat) -> usize {
        let n = usize::from(self.rules.players);
        (usize::from(other) + n - usize::from(seat)) % n
    }

    /// The index in [`PHASES`] of the state's phase.
    fn phase_index(&self) -> usize {
        match self.phase {
            Phase::Deal => 0,
            Phase::Play => 1,
            Phase::Target(_) => 2,
            Phase::SubTake(..) => 3,
            Phase::MoreDiscard(_) => 4,
            Phase::StopAsk(..) => 5,
            Phase::StopRefill(_) => 6,
            Phase::StartRefill => 7,
            Phase::Refill => 8,
            Phase::Over => 9,
        }
    }

    /// The copies of each card `seat` cannot see: the draw pile and the other seats'
    /// hands together. Computed from what every seat sees: the deck less `seat`'s hand,
    /// the discard pile, the cards out of the game and every card on the table (players
    /// with the YELLOW CARDs and INJURYs on them, goals with their balls, TIME-OUTs, and
    /// the BALL waiting for a STOP).
    pub(super) fn unseen(&self, seat: Seat) -> Counts {
        let mut seen = self.hands[seat as usize];
        for (x, (&d, &o)) in seen.iter_mut().zip(self.discard.iter().zip(&self.out)) {
            *x += d + o;
        }
        for t in 0..usize::from(self.rules.players) {
            for k in Colour::ALL {
                for st in Status::ALL {
                    let m = self.players[t][k.index()][st.index()];
                    seen[Card::player(k).index()] += m;
                    if st.booked() {
                        seen[Card::YellowCard.index()] += m;
                    }
                    if st.injured() {
                        seen[Card::Injury.index()] += m;
                    }
                }
            }
            for slot in 0..2 {
                let c = self.goals[t][slot];
                if c != NO_GOAL {
                    seen[usize::from(c)] += 1;
                    seen[Card::Ball.index()] += self.balls[t][slot];
                }
            }
            seen[Card::TimeOut.index()] += u8::from(self.timeout[t]);
        }
        if let Phase::StopAsk(..) = self.phase {
            seen[Card::Ball.index()] += 1;
        }
        std::array::from_fn(|i| self.rules.deck[i] - seen[i])
    }
}

impl Observation for State {
    /// The observation layout of `rules` ([`crate::core::Observation::observation_layout`]).
    fn observation_layout(&self) -> ObservationLayout {
        let rules = &self.rules;
        let mut layout = ObservationLayout::default();
        for p in parts(rules) {
            layout = layout.part(p.name, &p.shape[..p.rank], p.about);
        }
        layout
    }

    /// The tensor's length under `rules`, without building the layout.
    fn observation_size(&self) -> usize {
        let rules = &self.rules;
        parts(rules)
            .iter()
            .map(|p| p.shape.iter().product::<usize>())
            .sum()
    }

    /// Writes `seat`'s observation tensor ([`crate::core::Observation::observation_tensor`]).
    /// Reads only what `seat` sees (of the other hands, their sizes and joint make-up);
    /// allocates nothing.
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) {
        assert_eq!(
            out.len(),
            self.observation_size(),
            "LASTUF GOL observation tensor of the wrong length"
        );
        let n = usize::from(self.rules.players);
        let g = usize::from(self.rules.options.goals_per_player);
        let rel = |r: usize| self.relative(seat, r) as usize;
        let deck = &self.rules.deck;
        let deck_size = self.rules.deck_size;
        let mut w = TensorWriter::new(out);
        let counts = |w: &mut TensorWriter, c: &Counts| {
            for (&x, &d) in c.iter().zip(deck) {
                w.fraction(x, d);
            }
        };
        counts(&mut w, &self.hands[seat as usize]);
        counts(&mut w, &self.unseen(seat));
        counts(&mut w, &self.discard);
        counts(&mut w, &self.out);
        w.fraction(self.deck_count, deck_size);
        for r in 0..n {
            w.fraction(self.hand_count[rel(r)], deck_size);
        }
        for r in 0..n {
            for colour in Colour::ALL {
                let copies = deck[Card::player(colour).index()];
                for t in 0..NUM_STATUSES {
                    w.fraction(self.players[rel(r)][colour.index()][t], copies);
                }
            }
        }
        for r in 0..n {
            for slot in 0..g {
                let c = self.goals[rel(r)][slot];
                w.one_hot(NUM_COLOURS, (c != NO_GOAL).then_some(usize::from(c)));
            }
        }
        let half = f32::from(self.rules.goals_to_eliminate);
        for r in 0..n {
            for slot in 0..g {
                w.fraction(self.balls[rel(r)][slot], deck[Card::Ball.index()]);
            }
        }
        for r in 0..n {
            w.flag(self.timeout[rel(r)]);
        }
        for r in 0..n {
            w.squashed(self.scored[rel(r)], half);
        }
        for r in 0..n {
            w.squashed(self.conceded(rel(r) as Seat) as f32, half);
        }
        for r in 0..n {
            w.flag(self.out_round[rel(r)] == 0);
        }
        for r in 0..n {
            w.fraction(self.out_round[rel(r)], self.rules.players);
        }
        w.one_hot(n, Some(self.place_of(seat, self.turn_seat)));
        let deciding = match self.turn() {
            Turn::Decision(s) => Some(self.place_of(seat, s)),
            _ => None,
        };
        w.one_hot(n, deciding);
        w.one_hot(PHASES.len(), Some(self.phase_index()));
        let target = match self.phase {
            Phase::Target(c) => Some(c.index()),
            Phase::StopAsk(..) => Some(Card::Ball.index()),
            _ => None,
        };
        w.one_hot(NUM_CARDS, target);
        let width = NUM_COLOURS.max(NUM_STATUSES);
        match self.phase {
            Phase::SubTake(k, t) => {
                w.one_hot(width, Some(k.index()));
                w.one_hot(width, Some(t.index()));
            }
            _ => w.skip(2 * width),
        }
        match self.phase {
            Phase::StopAsk(_, slot) => {
                w.one_hot(n, Some(self.place_of(seat, self.turn_seat)));
                w.one_hot(g, Some(usize::from(slot)));
            }
            _ => w.skip(n + g),
        }
        let discarded = match self.phase {
            Phase::MoreDiscard(d) => d,
            _ => 0,
        };
        w.fraction(discarded, self.rules.options.discard_max);
        w.fraction(self.turns, self.rules.max_turns);
        w.fraction(self.rounds, self.rules.players);
        w.finish();
    }

    /// `seat`'s observation string ([`crate::core::Observation::observation_string`]): the
    /// facts of the tensor as lines a person reads, from `seat`'s view only (the other
    /// hands by their sizes).
    fn observation_string(&self, seat: Seat) -> String {
        let n = usize::from(self.rules.players);
        let name = |s: Seat| {
            if s == seat {
                "you".to_string()
            } else {
                format!("seat {s}")
            }
        };
        // Room for every seat's line and the lines around them.
        let mut o = String::with_capacity(1024);
        let _ = writeln!(
            o,
            "LASTUF GOL, seat {seat}'s view: {n} players, {} turns played of at most {}, {} elimination round(s)",
            self.turns, self.rules.max_turns, self.rounds
        );
        let to_move = match self.turn() {
            Turn::Decision(s) => name(s),
            Turn::Chance => "chance".into(),
            Turn::Terminal => "nobody".into(),
        };
        let mut phase = PHASES[self.phase_index()].to_string();
        match self.phase {
            Phase::Target(c) => {
                let _ = write!(phase, ": {}", c.name());
            }
            Phase::SubTake(k, t) => {
                let _ = write!(phase, ", giving your {}{} player", t.adjective(), k.name());
            }
            Phase::MoreDiscard(d) => {
                let _ = write!(phase, " ({d} discarded)");
            }
            Phase::StopAsk(v, slot) => {
                let k = self.goal(v, slot).map_or("no", |(k, _)| k.name());
                let whose = if v == seat {
                    "your".to_string()
                } else {
                    format!("seat {v}'s")
                };
                let _ = write!(
                    phase,
                    ": {} shot a BALL into {whose} {k} goal",
                    name(self.turn_seat)
                );
            }
            _ => {}
        }
        let _ = writeln!(
            o,
            "Turn: {}; to move: {to_move} ({phase})",
            name(self.turn_seat)
        );
        push_cards_line(&mut o, "Your hand: ", &self.hands[seat as usize]);
        for r in 0..n {
            let t = self.relative(seat, r);
            let _ = write!(o, "Seat {t}{}: ", if t == seat { " (you)" } else { "" });
            if !self.is_in(t) {
                let _ = writeln!(
                    o,
                    "out in round {}; scored {}, conceded {}",
                    self.out_round(t),
                    self.scored[t as usize],
                    self.conceded(t)
                );
                continue;
            }
            // `N cards in hand; goals: RED (2 balls); players: injured BLUE x2`, written in
            // place: a replay page asks for every seat's text at every step.
            push_num(&mut o, self.hand_count(t));
            o.push_str(" cards in hand; goals: ");
            let goals = (0..2).filter_map(|slot| self.goal(t, slot));
            if goals.clone().next().is_none() {
                o.push_str("none");
            }
            push_list(&mut o, goals, |o, (k, balls)| {
                o.push_str(k.name());
                o.push_str(" (");
                push_num(o, balls);
                o.push_str(if balls == 1 { " ball)" } else { " balls)" });
            });
            o.push_str("; players: ");
            let players = Colour::ALL
                .into_iter()
                .flat_map(|k| Status::ALL.into_iter().map(move |st| (k, st)))
                .map(|(k, st)| (k, st, self.players(t, k, st)))
                .filter(|&(_, _, m)| m > 0);
            if players.clone().next().is_none() {
                o.push_str("none");
            }
            push_list(&mut o, players, |o, (k, st, m)| {
                o.push_str(st.adjective());
                o.push_str(k.name());
                if m > 1 {
                    o.push_str(" x");
                    push_num(o, m);
                }
            });
            if self.timeout[t as usize] {
                o.push_str("; TIME-OUT");
            }
            let _ = writeln!(
                o,
                "; scored {}, conceded {}",
                self.scored[t as usize],
                self.conceded(t)
            );
        }
        let _ = writeln!(o, "Draw pile: {} cards", self.deck_count);
        push_cards_line(&mut o, "Discard pile: ", &self.discard);
        if self.out.iter().any(|&x| x > 0) {
            push_cards_line(&mut o, "Out of the game: ", &self.out);
        }
        o
    }
}
