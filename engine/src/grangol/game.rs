//! The `GameState` impl of GRANGOL: the seats, whose turn it is, the returns, the score and
//! the invariants; the secret and symmetric choices are read from `legal.rs`. It depends on
//! `state.rs` and the files below it, which never depend on it, so the folder's imports
//! form no circle.
//!
//! The supertraits of `GameState` are implemented beside their concern, not here:
//! `LegalActions` in `legal.rs`, `ChanceOutcomes` (the chance nodes, their sampling and
//! streams) in `chance.rs`, `ApplyAction` (the transition) in `flow.rs`, `Observation` in
//! `observation.rs`, `InfoSets` (information keys, determinization) in `info.rs`,
//! `Notation` (action names, the trace snapshot) in `notation.rs`.

use super::counts::sum;
use super::state::State;
use super::tasks::Task;
use crate::core::{GameState, Returns, Seat, Turn};

impl GameState for State {
    fn num_seats(&self) -> usize {
        2
    }

    #[inline]
    fn turn(&self) -> Turn {
        self.to_move
    }

    fn secret_choice(&self) -> bool {
        self.is_secret_choice()
    }

    #[inline]
    fn symmetric_choice(&self) -> bool {
        self.is_symmetric_choice()
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

    fn check_invariants(&self) -> Result<(), String> {
        if self.to_move != self.compute_turn() {
            return Err(format!(
                "cached turn {:?} but the task stack says {:?}",
                self.to_move,
                self.compute_turn()
            ));
        }
        self.check_zones()?;
        for s in 0..2 {
            self.check_hand_zone(s)?;
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
