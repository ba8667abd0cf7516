//! Notation: how a state names its actions and what `sim trace` records of it
//! ([`Notation`]).

use super::Action;

/// How a state is written for people: the names of its actions and the trace snapshot of
/// the position. A supertrait of [`GameState`](super::GameState), implemented by each
/// game in its own `notation.rs`, beside its snapshot type.
pub trait Notation {
    /// A serializable snapshot of the public and private facts of the state, written by
    /// `sim trace`. Engine types are not serialized directly; this is the mapping.
    type Snapshot: serde::Serialize;

    /// A readable name of `action` at this state, as a user reads it in a trace
    /// (`"PASSAGGIO"`, `"green die: +1"`, `"draw TIRO"`, `"shot: left"`). It allocates.
    fn action_to_string(&self, action: Action) -> String;

    /// The trace snapshot of this state. It allocates.
    fn snapshot(&self) -> Self::Snapshot;
}
