//! Crazy Eights' registration with the lab (`core::Registered`, written with
//! `core::register_game!`): its name, its embedded rule file
//! (`configs/crazy_eights/default.toml`) and how a rules tree becomes a [`CrazyEights`].

use super::{CrazyEights, RulesConfig};

crate::core::register_game!(
    CrazyEights,
    "crazy_eights",
    "Crazy Eights as OpenSpiel plays it (crazy_eights, players=2), for 2 players",
    rules: [
        "default" => "OpenSpiel's crazy_eights(players=2) with its default parameters",
    ]
);
