//! What a [`super::State`] records of play in progress: the turn flow's stack of
//! [`Task`]s (with what a die roll decides, [`RollFor`], and the kind of a foul,
//! [`Foul`]), the kind of the shot being resolved ([`ShotKind`]) and the cards lying in
//! play for the rest of the half ([`Lasting`]). `flow.rs` runs the tasks and `effects.rs`
//! resolves the cards; these plain types are a leaf that `state.rs` can hold.

use super::cards::Card;
use crate::core::Seat;

/// What a die roll decides.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum RollFor {
    /// A pass-like card (PASSAGGIO, LANCIO, RILANCIO, CONTROPIEDE) advancing `base`.
    Pass { base: u8 },
    /// A tackle (CONTRASTO, CATENACCIO): red die.
    Tackle,
    /// A shot the goalkeeper did not guess.
    ShotOnGoal,
    /// The goalkeeper's save roll.
    Save,
    /// OGGETTI IN CAMPO.
    Objects,
}

/// The kind of foul, which decides the attacker's answers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Foul {
    /// Whistle face: AMMONIZIONE or ESPULSIONE may answer.
    Whistle,
    /// Yellow face: automatic yellow; ESPULSIONE may answer.
    Yellow,
    /// A foul that already carries a red card (FALLO INTENZIONALE, or a yellow face that
    /// was the offender's second yellow): no sanction card can answer it.
    Red,
}

/// One step of the game's flow. Chance and decision tasks wait for an action; automatic
/// tasks run as soon as they reach the top of the stack.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Task {
    // Chance
    Draw(Seat),
    RedDiscardRandom(Seat),
    MischiaTake(Seat),
    Roll {
        purpose: RollFor,
        twice: bool,
        first: u8,
    },
    // Decisions
    TurnStart,
    Play,
    CambioDiscard {
        left: u8,
        done: u8,
    },
    LancioDistance,
    ChooseFace {
        purpose: RollFor,
        a: u8,
        b: u8,
    },
    ShotDirection,
    Wall,
    Keeper,
    FoulAnswerAttacker(Foul),
    FoulAnswerDefender,
    MischiaGive(Seat),
    InspectDiscard,
    RedDiscardChoose(Seat),
    DribblingPick(u8),
    // Automatic
    RefillTo(Seat),
    EndTurn,
    FoulShot,
    DribbleNext(u8),
    RevealHand,
    DealDone,
}

/// The number of [`Task`] variants.
pub(crate) const TASK_KINDS: usize = 24;

impl Task {
    /// The variant's place in the declaration, `0..TASK_KINDS`: an index into tables of
    /// per-variant facts, read where a `match` of many arms would jump through a table
    /// (an indirect branch that the predictor rarely guesses, the task changing from
    /// action to action). The compiler reads it off the variant's tag.
    #[inline]
    pub(crate) fn index(self) -> usize {
        match self {
            Task::Draw(_) => 0,
            Task::RedDiscardRandom(_) => 1,
            Task::MischiaTake(_) => 2,
            Task::Roll { .. } => 3,
            Task::TurnStart => 4,
            Task::Play => 5,
            Task::CambioDiscard { .. } => 6,
            Task::LancioDistance => 7,
            Task::ChooseFace { .. } => 8,
            Task::ShotDirection => 9,
            Task::Wall => 10,
            Task::Keeper => 11,
            Task::FoulAnswerAttacker(_) => 12,
            Task::FoulAnswerDefender => 13,
            Task::MischiaGive(_) => 14,
            Task::InspectDiscard => 15,
            Task::RedDiscardChoose(_) => 16,
            Task::DribblingPick(_) => 17,
            Task::RefillTo(_) => 18,
            Task::EndTurn => 19,
            Task::FoulShot => 20,
            Task::DribbleNext(_) => 21,
            Task::RevealHand => 22,
            Task::DealDone => 23,
        }
    }
}

/// The kind of shot being resolved.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ShotKind {
    /// A played TIRO, TIRO DA FUORI or GRANGOL.
    Card,
    /// A free kick after a foul in the defender's three-quarters (with a wall).
    FreeKick,
    /// A penalty after a foul in the defender's penalty area.
    Penalty,
}

/// A card lying face up in play for the rest of the half (PIOGGIA, SOLE, SUPERIORITA'
/// TECNICA, CONDIZIONE ATLETICA), possibly a TIFOSI A FAVORE standing for one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Lasting {
    pub(crate) phys: Card,
    pub(crate) as_card: Card,
    pub(crate) owner: Seat,
}
