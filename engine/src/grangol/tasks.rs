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
