//! Helvetia Cup's registration with the lab (`core::Registered`, written with
//! `core::register_game!`): its name, its embedded rule files (`configs/helvetia/*.toml`)
//! and how a rules tree becomes a [`Helvetia`].

use super::{Helvetia, RulesConfig};
use crate::core::{BenchWorkload, AGENT_BENCH};

crate::core::register_game!(
    Helvetia,
    "helvetia",
    "Helvetia Cup (Helvetia Games), Family rules, 2 players",
    rules: [
        "default" => "the lab's defaults: 15 x 9 hexes, the Family cards #1 #3 #6 #8 #10, 2 x 5 notches",
        "move-phase" => "the other reading of kick-offs: a move phase after a goal and at half time",
        "no-substitutes" => "the simplified reading: no changes after a goal, the five cards of the setting up",
        "possession-clock" => "a house rule against stalling: 3 rounds in a row kept by one team move the clock",
    ],

    /// One-ply play on the hex pitch (greedy's lookahead through the dice and the
    /// goalkeeper's sets), and a fixed search budget with the rollout policy.
    const BENCH: &'static [BenchWorkload] = AGENT_BENCH;
);
