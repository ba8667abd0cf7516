//! Information keys of LASTUF GOL (per-seat observation hashes: every seat sees every
//! action except another seat's draws) and determinization.

use super::cards::{Card, NUM_CARDS};
use super::state::{select, sum, Phase, State};
use crate::core::{Action, InfoKey, InfoSets, Rng, Seat};
use rand::Rng as _;

impl State {
    /// Adds `action` to what the seats have seen: every seat sees every action, except
    /// the card another seat draws, of which it sees only that a card was drawn, and by
    /// whom. A public hash for all and a private one per seat for its own draws (two
    /// mixes at a draw, one otherwise, whatever the number of seats): the pair tells
    /// apart what a per-seat record of the whole sequence would, as the k-th card of a
    /// seat's private record is the one drawn at its k-th public draw.
    #[inline]
    pub(super) fn record_obs(&mut self, action: Action) {
        let phase = self.phase_tag() << 16;
        match self.phase {
            Phase::Deal | Phase::StartRefill | Phase::Refill | Phase::StopRefill(_) => {
                let d = self.drawer();
                let private = &mut self.obs_private[usize::from(d)];
                *private = InfoKey::mix(*private, u64::from(action.0) | phase);
                self.obs_public = InfoKey::mix(self.obs_public, (1 << 40) | phase | u64::from(d));
            }
            _ => self.obs_public = InfoKey::mix(self.obs_public, u64::from(action.0) | phase),
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
    #[inline]
    pub(super) fn drawer(&self) -> Seat {
        match self.phase {
            Phase::Deal => self.deal_seat().unwrap_or(0),
            Phase::StopRefill(v) => v,
            _ => self.turn_seat,
        }
    }
}

impl InfoSets for State {
    fn info_key(&self, seat: Seat) -> InfoKey {
        InfoKey::finish(InfoKey::mix(
            self.obs_public,
            self.obs_private[seat as usize],
        ))
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
        // A card the turn seat has chosen to play, its target not chosen yet, is public:
        // it stays in that hand (a card, then SUBSTITUTION's second choice), reserved
        // before any hand is drawn.
        let committed = match self.phase {
            Phase::Target(c) => Some(c),
            Phase::SubTake(..) => Some(Card::Substitution),
            _ => None,
        };
        let holder = usize::from(self.turn_seat);
        if let Some(c) = committed.filter(|_| holder != me) {
            pool[c.index()] -= 1;
            total -= 1;
            d.hands[holder][c.index()] += 1;
        }
        for o in (0..n).filter(|&o| o != me) {
            let left = self.hand_count[o] - d.hands[o].iter().sum::<u8>();
            for _ in 0..left {
                let i = select(&pool, rng.gen_range(0..total));
                pool[i] -= 1;
                total -= 1;
                d.hands[o][i] += 1;
            }
            // The other seat's record is not this state's: its key must change.
            d.obs_private[o] = InfoKey::mix(self.obs_private[me], 0x0DE7_E581 ^ o as u64);
        }
        d.deck = pool;
        d
    }

    /// Every seat sees every action but a draw (the deal and the refills), which only its
    /// drawer sees: `State::record_obs` puts every other action into the public record,
    /// and a card drawn into the drawer's private one. Of a draw, the others' view is left
    /// to the replay (a card can be known to all when it is the last of its kind).
    fn sees_the_action(&self, seat: Seat) -> Option<bool> {
        match self.phase {
            Phase::Deal | Phase::StartRefill | Phase::Refill | Phase::StopRefill(_) => {
                (seat == self.drawer()).then_some(true)
            }
            _ => Some(true),
        }
    }
}
