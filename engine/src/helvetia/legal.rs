//! The legal actions of a Helvetia Cup state (placements, moves, steals, passes, shots,
//! the secret squares, substitutions) and its chance outcomes (the coin, the D20).

use super::actions::{self as act, CONNECTED};
use super::board::{Cell, GOAL_ZONE};
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

impl State {
    /// Calls `each`, while it returns `true`, on the hexes `team`'s figure `fig` may move
    /// to in a move phase, in increasing cell order: every hex within `1 + BOOST` of his
    /// own (his own included) he may stand on. The pitch's hexes come from the board's
    /// table of discs ([`super::board::Board::disc`]; its scan beyond the table), then
    /// the goal zones (the largest cells).
    fn each_move(&self, team: u8, fig: u8, mut each: impl FnMut(Cell) -> bool) {
        let board = &self.board;
        let from = self.pos(team, fig);
        let reach = 1 + self.boost(team, fig);
        // The hexes of his teammates, as bits of the cell codes (an unplaced one's is
        // `OFF_PITCH`, no hex of a disc).
        let mut taken = [0u64; 4];
        for (f, &p) in self.pos[usize::from(team)].iter().enumerate() {
            if f != usize::from(fig) {
                taken[usize::from(p >> 6)] |= 1 << (p & 63);
            }
        }
        let free = |c: Cell| taken[usize::from(c >> 6)] & (1 << (c & 63)) == 0;
        let mut stopped = false;
        match board.disc(from, reach) {
            Some(cells) => {
                for &c in cells {
                    if free(c) && !each(c) {
                        return;
                    }
                }
            }
            None => board.scan_disc(from, reach, |c| {
                stopped = free(c) && !each(c);
                !stopped
            }),
        }
        if stopped {
            return;
        }
        for c in GOAL_ZONE {
            if board.distance(from, c) <= reach && self.may_stand(team, fig, c) && !each(c) {
                return;
            }
        }
    }
}

impl State {
    /// Calls `each`, while it returns `true`, on the hexes `team`'s figure `fig` may be
    /// placed on at a kick-off ([`State::may_place`]), in increasing cell order: the free
    /// hexes of the team's own half outside the centre circle, row by row, then, for the
    /// goalkeeper, his own goal zone.
    fn each_place(&self, team: u8, fig: u8, mut each: impl FnMut(Cell) -> bool) {
        let board = &self.board;
        let (cols, mid) = (board.columns, board.columns / 2);
        let half = if team == 0 { 0..mid } else { mid + 1..cols };
        let centre = board.centre();
        let mates = &self.pos[usize::from(team)];
        for row in 0..board.rows {
            for col in half.clone() {
                let c = row * cols + col;
                if !mates.contains(&c) && board.distance(c, centre) > board.circle && !each(c) {
                    return;
                }
            }
        }
        let own = GOAL_ZONE[usize::from(team)];
        if fig == 0 && !mates.contains(&own) {
            each(own);
        }
    }
}

/// A sink for [`State::each_move`] and [`State::each_place`] that pushes every hex.
fn pushing(out: &mut ActionList) -> impl FnMut(Cell) -> bool + '_ {
    |c| {
        out.push(act::hex(c));
        true
    }
}

impl LegalActions for State {
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        match self.phase {
            Phase::Place { team, fig } => self.each_place(team, fig, pushing(out)),
            Phase::Kicker => out.extend((1..FIGURES as u8).map(act::figure)),
            Phase::Move { team, fig } => self.each_move(team, fig, pushing(out)),
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

    /// Move phases and placements, the widest decisions, are counted only up to `n + 1`
    /// hexes, except when asked for one (the forced check): a move almost always has
    /// two hexes or more, and the complete list is what the runner hands the agent.
    fn legal_actions_within(&self, n: usize, out: &mut ActionList) -> bool {
        if n <= 1 {
            self.legal_actions(out);
            return out.len() <= n;
        }
        out.clear();
        let mut within = true;
        let mut take = |c: Cell| {
            within = out.len() < n;
            if within {
                out.push(act::hex(c));
            }
            within
        };
        match self.phase {
            Phase::Move { team, fig } => self.each_move(team, fig, &mut take),
            Phase::Place { team, fig } => self.each_place(team, fig, &mut take),
            _ => {
                self.legal_actions(out);
                return out.len() <= n;
            }
        }
        within
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
