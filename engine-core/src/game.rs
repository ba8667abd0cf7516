//! The traits every game implements: [`Game`], a loaded rule set, and [`GameState`], a
//! position.

use super::{
    Action, ActionList, ApplyAction, BoardPiece, ChanceList, ChanceOutcomes, GameInfo, Heuristic,
    IllegalAction, InfoSets, LegalActions, Notation, Observation, Returns, Rng, Seat, Turn,
    Utility,
};
use std::fmt::Debug;

/// A loaded rule set of one game: validated once, then shared read-only by every thread.
pub trait Game: Sync + Send {
    /// The game state this rule set plays; every game provides a heuristic evaluation
    /// for the agents that need one.
    type State: Heuristic;
    /// Static facts: name, seats, length bound, card names.
    fn info(&self) -> &GameInfo;
    /// The state before the first action (usually a chance node dealing cards).
    fn new_initial_state(&self) -> Self::State;
}

/// One position of a game, cheap to clone (no heap data in the games of this lab), which
/// is what search needs: MCTS clones a state per iteration. Two states are equal
/// (`PartialEq`) when every fact of the position is, hidden ones included: the test
/// battery checks with it that a rejected action leaves the state untouched, that equal
/// histories give equal states and that a determinization depends only on what its seat
/// has seen.
///
/// Six groups of methods are supertraits, each implemented in the game's file of its
/// concern rather than here: [`LegalActions`] (the legal actions of a decision,
/// `legal.rs`), [`ChanceOutcomes`] (a chance node's outcomes, their sampling and their
/// stream, `legal.rs`; GRANGOL's `chance.rs`), [`ApplyAction`] (`apply_with`, the
/// transition, `flow.rs`), [`Observation`] (a seat's observation tensor and string,
/// `observation.rs`), [`InfoSets`] (information keys and determinization, `info.rs`) and
/// [`Notation`] (action names and the trace snapshot, `notation.rs`). A caller holding a
/// concrete state brings the trait into scope to call them (`use engine::core::InfoSets
/// as _`); a caller generic over `S: GameState` has them through the bound.
pub trait GameState:
    Clone
    + Send
    + Sync
    + Debug
    + PartialEq
    + LegalActions
    + ChanceOutcomes
    + ApplyAction
    + Observation
    + InfoSets
    + Notation
{
    /// Number of seats playing.
    fn num_seats(&self) -> usize;

    /// How the seats' returns relate, as [`GameInfo::utility`] says (search reads it
    /// from the state it holds). The default is the lab's placement convention,
    /// [`Utility::ConstantSum`] of `num_seats / 2` ([`placement_returns`](super::placement_returns)); a game with
    /// other returns overrides it, and the battery checks the two agree.
    fn utility(&self) -> Utility {
        Utility::ConstantSum(self.num_seats() as f64 / 2.0)
    }

    /// Whose move it is.
    fn turn(&self) -> Turn;

    /// Whether the decision is a symmetric secret choice: the legal actions are options
    /// the rules treat alike, whose only effect is whether they match another seat's
    /// choice that neither can see (a penalty kick's direction against the goalkeeper's
    /// dive). Against any strategy of the other seat every action then has the same
    /// value in expectation, and the uniform choice is the equilibrium (the matching
    /// game of von Neumann & Morgenstern): search cannot improve on it, so search agents
    /// choose uniformly at random without searching. The default is `false`; a game
    /// says `true` only where its rules guarantee it.
    fn symmetric_choice(&self) -> bool {
        false
    }

    /// Whether the decision is a *secret choice*: the sequential form of a simultaneous
    /// move. The deciding seat chooses first and its action stays hidden from the other
    /// seats until a later reveal (GRANGOL's shot direction, chosen before the wall and
    /// the goalkeeper's dive). The pattern: the action is masked in every other seat's
    /// information key, and whoever decides next sees the same legal actions whatever
    /// was chosen; `engine::core::testing::check_secret_choice` checks exactly this at every such
    /// decision of the battery. The default is `false`.
    fn secret_choice(&self) -> bool {
        false
    }

    /// At a decision of a simultaneous secret game whose equilibrium the rules fix from
    /// public facts (Helvetia Cup's shot: the square against the goalkeeper's squares, a
    /// small zero-sum matrix game), an action drawn with `rng` from the deciding seat's
    /// equilibrium mixed strategy; `None` elsewhere. Search agents play it instead of
    /// searching the decision, at the root and in the tree (no node), as they play a
    /// [`GameState::symmetric_choice`] uniformly: against any reply it is worth at least
    /// the game's value, and no node of the tree can then depend on a secret the other
    /// seat cannot see. It must read only what the deciding seat sees (never the other
    /// seat's secret choice). The default is `None` and draws nothing from `rng`.
    fn equilibrium_choice(&self, rng: &mut Rng) -> Option<Action> {
        let _ = rng;
        None
    }

    /// Applies `action` without observing events ([`ApplyAction::apply_with`]).
    #[inline]
    fn apply(&mut self, action: Action) {
        self.apply_with(action, &mut |_| {});
    }

    /// Applies `action` after checking that it is legal here (or a possible chance
    /// outcome). Errors: [`IllegalAction`], and the state is left unchanged.
    fn try_apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        let ok = match self.turn() {
            Turn::Terminal => false,
            Turn::Chance => {
                let mut list = ChanceList::new();
                self.chance_outcomes(&mut list);
                list.iter().any(|&(a, _)| a == action)
            }
            Turn::Decision(_) => {
                let mut list = ActionList::new();
                self.legal_actions(&mut list);
                list.binary_search(&action).is_ok()
            }
        };
        if ok {
            self.apply(action);
            Ok(())
        } else {
            Err(IllegalAction(action))
        }
    }

    /// Per-seat returns; all zero until the state is terminal.
    fn returns(&self) -> Returns;

    /// [`GameState::returns`] in their zero-sum form ([`zero_sum`](super::zero_sum): +1 a
    /// win, −1 a loss, 0 a draw at two seats, summing to 0), the convention of OpenSpiel
    /// and PettingZoo; all zero until the state is terminal.
    fn zero_sum_returns(&self) -> Returns {
        if self.turn() == super::Turn::Terminal {
            super::zero_sum(&self.returns(), self.num_seats())
        } else {
            [0.0; super::MAX_SEATS]
        }
    }

    /// Goals (or points) scored so far by `seat`.
    fn score(&self, seat: Seat) -> i32;

    /// Goals (or points) scored against `seat` so far. The default is every other seat's
    /// score, right for games where every point is scored against all the others (two
    /// seats); a game where a goal is scored against one chosen seat (LASTUF GOL)
    /// overrides it.
    fn conceded(&self, seat: Seat) -> i32 {
        (0..self.num_seats() as Seat)
            .filter(|&o| o != seat)
            .map(|o| self.score(o))
            .sum()
    }

    /// How far the game has come toward its end, by a count its rules only ever
    /// increase (cards taken out of play): agents break ties between actions of equal
    /// value toward the one after which it is larger, so that a game whose outcome is
    /// already decided is played to its end rather than stalled until the length cap
    /// (the memory game's last known pairs). The default is 0: the game needs no such
    /// signal (its own clock ends it).
    fn progress(&self) -> u32 {
        0
    }

    /// At a terminal state, whether the game was ended by its rules' length cap (a turn
    /// limit declared in the rules, the game scored as it stood) rather than by its own
    /// end condition. Balance statistics count these (`capped_rate` in `balance.csv`).
    /// The default is `false`: the game always ends by itself.
    fn ended_by_cap(&self) -> bool {
        false
    }

    /// The *memory capability* of games whose hidden facts become known by being seen
    /// (the memory game's face-down cards): the number of slots (grid cells) whose
    /// content a seat may remember, each in `0..memory_slots()`. A forgetful player
    /// (`agents::Forgetful`) forgets slots; search then treats a forgotten slot as never
    /// seen. The default is 0: nothing to forget (hands are held, not remembered).
    fn memory_slots(&self) -> usize {
        0
    }

    /// If `seat` knows the hidden content of `slot` now (it has seen it and the content is
    /// still hidden from some seat), a stamp that changes each time the slot is shown
    /// again (turned face up, looked at), so that a forgetful player remembers a slot seen
    /// anew; `None` when `seat` does not know it or the slot holds nothing hidden. The
    /// default is `None` everywhere.
    fn memory_stamp(&self, seat: Seat, slot: usize) -> Option<u32> {
        let _ = (seat, slot);
        None
    }

    /// Makes `seat` forget `slot`: the state becomes one in which `seat` never saw the
    /// slot's content, so [`InfoSets::determinize`] for `seat` resamples it and `seat`'s
    /// information key changes. Agents call it only on their own determinizations, never
    /// on the true state. The default does nothing.
    fn forget(&mut self, seat: Seat, slot: usize) {
        let _ = (seat, slot);
    }

    /// The number of turns begun so far: the clock of forgetting (a forgetful player
    /// forgets once per turn begun, see [`GameState::memory_slots`]). The default is 0.
    fn turns_begun(&self) -> u32 {
        0
    }

    /// The board capability: the pieces on the board now, for pictures (`sim replay`),
    /// pushed onto `out` (not cleared first); cells as in [`GameInfo::board`], in the
    /// board's own orientation. The default pushes nothing (a game without a board).
    /// Pictures only: it may allocate.
    fn board_pieces(&self, out: &mut Vec<BoardPiece>) {
        let _ = out;
    }

    /// Checks the game's own invariants (card conservation, hand limits…), returning the
    /// first violation found. Used by the test battery and `sim trace` checks.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}
