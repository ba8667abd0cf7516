//! The legal actions of a Helvetia Cup state (placements, moves, steals, passes, shots,
//! the secret squares, substitutions) and its chance outcomes (the coin, the D20).

use super::actions::{self as act, CONNECTED};
use super::rules::{FIGURES, SQUARES};
use super::state::{Phase, State};
use crate::core::{push_counts, ActionList, ChanceList, ChanceOutcomes, LegalActions};

impl State {
    /// The hexes one step from the figure `fig` of `team` it may stand on; its own hex
    /// when it has none (a forced move that cannot be made).
    fn one_step(&self, team: u8, fig: u8, out: &mut ActionList) {
        let from = self.pos(team, fig);
        let mut cells = [0u8; 6];
        let mut n = 0;
        for c in self.board.neighbours(from) {
            if self.may_stand(team, fig, c) {
                cells[n] = c;
                n += 1;
            }
        }
        if n == 0 {
            out.push(act::hex(from));
            return;
        }
        cells[..n].sort_unstable();
        out.extend(cells[..n].iter().map(|&c| act::hex(c)));
    }
}

impl LegalActions for State {
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        match self.phase {
            Phase::Place { team, fig } => {
                for c in self.board.cells() {
                    if self.may_place(team, fig, c) {
                        out.push(act::hex(c));
                    }
                }
            }
            Phase::Kicker => out.extend((1..FIGURES as u8).map(act::figure)),
            Phase::Move { team, fig } => {
                let from = self.pos(team, fig);
                let reach = 1 + self.boost(team, fig);
                for c in self.board.cells() {
                    if self.board.distance(from, c) <= reach && self.may_stand(team, fig, c) {
                        out.push(act::hex(c));
                    }
                }
            }
            Phase::Steal => {
                out.push(act::STEAL);
                out.push(act::NO_STEAL);
            }
            Phase::Intercept => {
                out.push(act::INTERCEPT);
                out.push(act::NO_INTERCEPT);
            }
            Phase::TakerMove | Phase::CarrierMove => self.one_step(self.attack, self.carrier, out),
            Phase::Offence => {
                if self.may_shoot() {
                    out.push(act::SHOOT);
                }
                out.push(act::END_ROUND);
                if self.passes < self.rules.max_passes {
                    let from = self.ball();
                    for f in 0..FIGURES as u8 {
                        if f != self.carrier
                            && self.board.distance(from, self.pos(self.attack, f))
                                <= self.rules.pass_range
                        {
                            out.push(act::figure(f));
                        }
                    }
                }
            }
            Phase::Target => out.extend((0..SQUARES as u8).map(act::square)),
            Phase::Keeper => {
                for m in 1..(1u8 << SQUARES) {
                    if CONNECTED & (1 << m) != 0 && m.count_ones() == u32::from(self.cover) {
                        out.push(act::keeper(m));
                    }
                }
            }
            Phase::Appoint { team, k } => {
                let taken = &self.order[usize::from(team)][..usize::from(k)];
                out.extend(
                    (0..FIGURES as u8)
                        .filter(|f| !taken.contains(f))
                        .map(act::figure),
                );
            }
            Phase::Taker => {
                let shot = self.shot[usize::from(self.attack)];
                out.extend(
                    (0..FIGURES as u8)
                        .filter(|f| shot & (1 << f) == 0)
                        .map(act::figure),
                );
            }
            Phase::Change { team } => {
                let left = self.subs_left(team);
                for f in 1..FIGURES as u8 {
                    for k in 0..self.rules.substitutes[usize::from(team)] {
                        if left & (1 << k) != 0 {
                            out.push(act::change(f, k));
                        }
                    }
                }
                out.push(act::NO_CHANGE);
            }
            Phase::Toss | Phase::ShootoutToss | Phase::Roll(_) | Phase::Over => {}
        }
    }
}

impl ChanceOutcomes for State {
    fn chance_outcomes(&self, out: &mut ChanceList) {
        out.clear();
        match self.phase {
            Phase::Toss | Phase::ShootoutToss => {
                out.push((act::coin(0), 1));
                out.push((act::coin(1), 1));
            }
            Phase::Roll(_) => push_counts(out, &self.rules.d20, |v| act::roll(v as u8)),
            _ => {}
        }
    }

    /// The coin draws from stream 0, the D20 from stream 1.
    fn chance_stream(&self) -> u8 {
        u8::from(matches!(self.phase, Phase::Roll(_)))
    }
}
