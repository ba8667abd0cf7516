//! The legal actions of a memory-game state (the places a card can be turned at, VAR
//! looks, prize cards and answers, the PLAY GAME choices) and its chance outcomes (the
//! deal, the PLAY GAME die).

use super::actions::{self as act};
use super::cards::Prize;
use super::state::{bit, places, Phase, State, NONE};
use crate::core::{push_counts, ActionList, ChanceList, ChanceOutcomes, LegalActions, Seat};

impl LegalActions for State {
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        let m = usize::from(self.mover);
        match self.phase {
            Phase::TurnStart => {
                out.extend(places(self.down).map(act::turn));
                if self.var_ready[m] > 0 && !self.var_used {
                    out.push(act::USE_VAR);
                }
                if self.prizes[m][Prize::PlayGame.index()] > 0 && self.has_pair(self.mover) {
                    for t in 0..self.n() as Seat {
                        if t != self.mover && self.has_pair(t) {
                            out.push(act::challenge(t));
                        }
                    }
                }
            }
            Phase::Look(_) => {
                let skip = if self.looked == NONE {
                    0
                } else {
                    bit(self.looked)
                };
                out.extend(places(self.down & !skip).map(act::look));
            }
            Phase::Second => {
                let skip = if self.first == NONE {
                    0
                } else {
                    bit(self.first)
                };
                out.extend(places(self.down & !skip).map(act::turn));
            }
            Phase::Answer(s) => {
                let p = &self.prizes[usize::from(s)];
                if p[Prize::Yellow.index()] > 0 {
                    out.push(act::YELLOW);
                }
                if p[Prize::Red.index()] > 0 {
                    out.push(act::RED);
                }
                out.push(act::PASS);
            }
            Phase::Take => {
                let loser = usize::from(self.loser());
                for (i, &n) in self.pairs[loser].iter().enumerate() {
                    if n > 0 {
                        out.push(act::take(i as u8 + 1));
                    }
                }
            }
            Phase::Deal | Phase::Roll(_) | Phase::Over => {}
        }
    }
}

impl ChanceOutcomes for State {
    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        match self.phase {
            Phase::Deal => push_counts(out, &self.undealt, |f| act::deal(f as u8)),
            Phase::Roll(_) => push_counts(out, &self.rules.die, |g| act::roll(g as u8)),
            _ => {}
        }
    }

    /// The deal draws from stream 0, the PLAY GAME die from stream 1.
    fn chance_stream(&self) -> u8 {
        u8::from(matches!(self.phase, Phase::Roll(_)))
    }
}
