//! The game-agnostic core of the tabletop soccer lab: what every game implements and what
//! every agent, runner and report relies on. The `engine` crate re-exports it as
//! `engine::core`, with the list of games; the reports depend on this crate alone, so a
//! change to a game does not rebuild them.
//!
//! The shapes follow OpenSpiel's `State` interface (`open_spiel/spiel.h`): a state says
//! whose [`Turn`] it is (a seat's decision, a chance node, or terminal), lists its legal
//! actions or its chance outcomes, applies one action deterministically, and reports
//! returns at the end. Imperfect information is handled by an information key per seat and
//! by [`InfoSets::determinize`], which resamples what a seat cannot see (Cowling, Powley
//! & Whitehouse 2012, "Information Set Monte Carlo Tree Search").
//!
//! Architecture invariants kept here:
//! - the engine owns no random number generator: chance is explicit, and the caller samples
//!   chance outcomes with its own stream ([`sample_chance`]);
//! - `legal_actions`, `chance_outcomes` and `apply` never allocate: actions are small
//!   integers in fixed-capacity lists ([`ActionList`], [`ChanceList`]);
//! - agents see a [`PlayerView`], never a state they could read hidden cards from.

#![deny(missing_docs)]

mod actions;
mod agent;
mod bits;
mod board;
mod chance;
mod eval;
mod events;
mod game;
mod game_info;
mod heuristic;
mod info_key;
mod intern;
mod notation;
mod observation;
mod overlay;
mod policy;
mod registry;
mod rng;
mod rules;
mod seats;
mod simd;
mod stack;
mod tanh;
pub mod testing;
mod view;
mod visibility;

pub use actions::{
    random_listed_action, Action, ActionList, ApplyAction, ChanceList, Events, IllegalAction,
    LegalActions, MAX_ACTIONS, MAX_CHANCE_OUTCOMES, MAX_CHANCE_STREAMS,
};
pub use agent::{Agent, SearchStat};
pub use bits::{members, nonzero_bytes, select_bit128, select_bit64, BitSet};
pub use board::{BoardInfo, BoardLayout, BoardPiece, MAX_BEYOND};
pub use chance::{
    push_counts, sample_chance, sample_chance_coupled, sample_counts, sample_counts_of,
    sample_listed_chance, ChanceOutcomes,
};
pub use eval::{logistic, logit, LinearEval, MAX_FEATURES};
pub use events::GameEvent;
pub use game::{Game, GameState};
pub use game_info::{CardInfo, GameInfo, Information, KnownOptimum, Odds, Utility};
pub use heuristic::{listed_playout_action, Heuristic};
pub use info_key::{InfoKey, InfoSets};
pub use intern::Interned;
pub use notation::Notation;
pub use observation::{
    copies_list, push_copies, push_list, push_num, Observation, ObservationLayout, ObservationPart,
    TensorWriter, OBSERVATION_BOUNDS,
};
pub use overlay::{get_leaf, overlay, overlay_with, remove_leaf, set_leaf};
pub use policy::{PolicyNet, MAX_WIDTH as MAX_POLICY_WIDTH, POLICY_FORMAT};
pub use registry::{
    embedded_tree, load_embedded, parse_text, parse_tree, BenchWorkload, EmbeddedRules,
    GameVisitor, Registered, AGENT_BENCH,
};
pub use rng::{derive_rng, Rng, Stream};
pub use rules::RuleProblem;
pub use seats::{placement_returns, zero_sum, Returns, Seat, ToMove, Turn, MAX_SEATS};
pub use stack::CopyStack;
pub use view::PlayerView;
pub use visibility::{seen_by, seen_by_replay};
