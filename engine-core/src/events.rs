//! What happened when an action was applied ([`GameEvent`]), for statistics and traces.

use super::Seat;

/// Something that happened while an action was applied, reported to the observer passed to
/// [`ApplyAction::apply_with`](super::ApplyAction::apply_with). Statistics fold these; the engine keeps no counters itself.
///
/// Two kinds:
/// - **game-neutral** events, which every game may report and every statistic of
///   `balance.csv` and the design lab reads: [`GameEvent::Goal`] (a point scored),
///   [`GameEvent::PeriodEnd`], [`GameEvent::TurnEnd`], [`GameEvent::Locked`],
///   [`GameEvent::PossessionChange`], [`GameEvent::Revealed`], [`GameEvent::RedCard`], [`GameEvent::Eliminated`] (for logs and pages);
/// - the **board capability**: [`GameEvent::Shot`], reported by games that describe
///   their pitch in [`GameInfo::board`](super::GameInfo::board) (the report's heat map of shots);
/// - the **card capability**: [`GameEvent::CardDrawn`], [`GameEvent::CardPlayed`] and
///   [`GameEvent::CardResolved`], reported by card games, which opt in by listing their
///   cards in [`GameInfo::cards`](super::GameInfo::cards). The card statistics (`cards.csv`) and card-value
///   ablations (`engine::core::Registered::ablate_card`) apply to the games that have it; a game
///   with an empty card list reports none of these.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameEvent {
    /// The rules reveal a secret `seat` chose earlier (or just now): `what`, in words
    /// that follow "seat K" (GRANGOL: "aimed left", "dived right" once the goalkeeper has
    /// dived, rulebook: the shot). Every seat sees it from the step it is reported at;
    /// logs and replay pages show it there.
    Revealed {
        /// The seat whose secret it was.
        seat: Seat,
        /// The secret, in words.
        what: &'static str,
    },
    /// `seat` is shown a red card (GRANGOL: a second yellow, ESPULSIONE, FALLO
    /// INTENZIONALE; rulebook, red card: the hand limit drops by one). Logs say so on the
    /// step it happens.
    RedCard {
        /// The seat sent off.
        seat: Seat,
    },
    /// `seat` is out of the game (LASTUF: its goals have conceded enough; rulebook,
    /// elimination). Logs say so on the step it happens.
    Eliminated {
        /// The seat eliminated.
        seat: Seat,
    },
    /// `seat` put card `card` (an index into [`GameInfo::cards`](super::GameInfo::cards)) into its hand.
    CardDrawn {
        /// The seat that drew.
        seat: Seat,
        /// The card id.
        card: u8,
    },
    /// `seat` played card `card`.
    CardPlayed {
        /// The seat that played.
        seat: Seat,
        /// The card id.
        card: u8,
    },
    /// The effect of a played card was decided: `success` is true when it did what it is
    /// for (a pass advanced, a tackle won the ball, a shot scored…).
    CardResolved {
        /// The seat that played the card.
        seat: Seat,
        /// The card id.
        card: u8,
        /// Whether the card succeeded.
        success: bool,
    },
    /// `seat` scored a goal (or a point, in non-football games).
    Goal {
        /// The scoring seat.
        seat: Seat,
    },
    /// A period of play ended (a half, in football games), before any event of the next
    /// period. Periods are numbered from 1; the last period's end is reported too, before
    /// the state becomes terminal. Balance statistics use it for the half-time score.
    PeriodEnd {
        /// The period that ended (1 for the first half).
        period: u8,
    },
    /// `seat`'s turn ended (reported once per turn, before the next seat's turn begins
    /// and before the state becomes terminal). Game length in turns, cards played per turn
    /// and the other per-turn rates count these.
    TurnEnd {
        /// The seat whose turn ended.
        seat: Seat,
    },
    /// `seat` was locked: it had no playable card (or move) in its turn and had to pass or
    /// discard for want of one. Reported at most once per turn.
    Locked {
        /// The locked seat.
        seat: Seat,
    },
    /// Possession (of the ball, or of the initiative in non-football games) passed to
    /// `seat` from another seat during play. Kick-offs after a goal or at the start of a
    /// period are not changes of possession.
    PossessionChange {
        /// The seat that now has possession.
        seat: Seat,
    },
    /// The board capability: `seat` shot from cell `cell` of [`GameInfo::board`](super::GameInfo::board), and
    /// `scored` says whether the shot became a goal; reported once, when the shot is
    /// decided. The cell is given as the shooter sees the pitch, attacking towards the
    /// right (a game whose teams face each other mirrors the cells of the team attacking
    /// left), so that every seat's shots fall on one heat map.
    Shot {
        /// The seat that shot.
        seat: Seat,
        /// Where from, a cell of the board (attacking right).
        cell: u16,
        /// Whether it was a goal.
        scored: bool,
    },
}
