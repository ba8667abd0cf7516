//! Information keys and determinization: what each seat has seen.
//!
//! Every seat keeps a running hash of its observations (`State::obs`), mixed once per
//! applied action ([`State::record_obs`]) with what that seat sees of it: everything but
//! the card another seat draws and another seat's secret choice (shot, wall). `known[s]`
//! holds the per-card lower bounds of what seat `s` knows of the other hand (cards it saw
//! go there and not leave). [`InfoSets::determinize`] redistributes what a seat has not
//! seen: the other hand less what it knows, and the draw pile.

use super::cards::{Card, NUM_CARDS};
use super::counts::{bit, nonzero_set, select_in, sum, words};
use super::rules::{OpeningTempo, WallRule};
use super::state::{State, NONE};
use super::tasks::{Task, TASK_KINDS};
use crate::core::{Action, InfoKey, InfoSets, Rng, Seat};
use rand::Rng as _;

/// What a task adds to the tag of the action applied at it, by [`Task::index`] (a draw
/// adds its seat to its 1).
const TASK_TAG: [u64; TASK_KINDS] = [
    1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 20, 20, 20, 20, 20,
];

#[inline]
pub(super) fn task_tag(t: Task) -> u64 {
    let base = TASK_TAG[t.index()];
    match t {
        Task::Draw(s) => base + u64::from(s),
        _ => base,
    }
}

impl State {
    /// FALLO INTENZIONALE: the attacker shows his hand to the defender, who then knows
    /// every card of it (`known`) and mixes what he saw into his observation hash.
    pub(super) fn reveal_hand(&mut self) {
        let (a, d) = (self.attacker() as usize, self.defender() as usize);
        self.known[d] = self.hands[a];
        let mut h = self.obs[d];
        for (i, &n) in self.hands[a].iter().enumerate() {
            // The lab's BLANK (the last id) is mixed in only when held, so the
            // keys of games without blanks do not depend on its existence.
            if i != Card::Blank.index() || n > 0 {
                h = InfoKey::mix(h, (i as u64) << 8 | u64::from(n));
            }
        }
        self.obs[d] = h;
    }

    #[inline]
    pub(super) fn record_obs(&mut self, task: Task, action: Action) {
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
        self.obs[0] = InfoKey::mix(self.obs[0], o0);
        self.obs[1] = InfoKey::mix(self.obs[1], o1);
    }

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
        let mut v = *self;
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
}

impl InfoSets for State {
    fn info_key(&self, seat: Seat) -> InfoKey {
        InfoKey::finish(self.obs[seat as usize])
    }

    #[allow(clippy::needless_range_loop)] // one index across several per-card arrays
    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut d = *self;
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
        d.obs[other] = InfoKey::mix(self.obs[me], 0x0DE7_E581_u64);
        d
    }

    /// Every seat sees the action everywhere but at a draw (a card into one hand; only a
    /// TEMPO +5 is shown, which depends on the card, not the node), a shot's direction
    /// and a wall that is not announced first: `State::record_obs` mixes the same tag
    /// into both seats' records at every other node. The drawer sees its card (its record
    /// takes the card's code); what the other seat sees of a draw, a shot's direction and
    /// a hidden wall is left to the replay.
    fn sees_the_action(&self, seat: Seat) -> Option<bool> {
        match self.tasks.last() {
            Some(&Task::Draw(drawer)) => (seat == drawer).then_some(true),
            Some(Task::ShotDirection) | None => None,
            Some(Task::Wall) => (self.rules.options.wall == WallRule::OpenFirst).then_some(true),
            Some(_) => Some(true),
        }
    }
}
