//! The rules file: OpenSpiel's defaults, and validation that names every faulty key.

use super::*;
use crate::core::Registered;

#[test]
fn the_default_file_holds_openspiels_defaults() {
    let g = CrazyEights::default_rules();
    let r = g.rules();
    assert_eq!(g.config().players, 2);
    assert_eq!(r.hand_size, 7);
    assert_eq!(r.max_draw_cards, 5);
    assert_eq!(r.max_turns, 100);
    assert!(!r.reshuffle && !r.use_special_cards);
    assert_eq!(
        (r.eight_penalty, r.court_penalty, r.pips),
        (50, 10, Pips::Openspiel)
    );
    assert_eq!(act::NUM_DISTINCT_ACTIONS, 58);
    let info = crate::core::Game::info(&g);
    assert_eq!(
        (info.name, info.num_seats, info.cards.len()),
        ("crazy_eights", 2, 52)
    );
    assert_eq!(info.cards[27].name, "S8");
}

#[test]
fn the_length_bound_counts_every_kind_of_action() {
    // 1 + 14 + 64 (dealing and turning up) + 200 (plays and suits) + 74 (37 draws)
    // + 7 (passes after five draws) + 405 (passes on an empty pile).
    assert_eq!(rules().max_game_length(), 765);
    let r = rules_with(|r| r.reshuffle = true);
    assert!(r.max_game_length() > rules().max_game_length());
}

fn config() -> RulesConfig {
    RulesConfig::parse(DEFAULT_RULES, "default").unwrap()
}

fn keys(cfg: RulesConfig) -> Vec<String> {
    match CrazyEights::build(cfg) {
        Ok(_) => Vec::new(),
        Err(problems) => problems.into_iter().map(|p| p.key).collect(),
    }
}

#[test]
fn only_two_players_are_supported() {
    let mut cfg = config();
    cfg.players = 3;
    let err = CrazyEights::build(cfg).unwrap_err();
    assert_eq!(err.len(), 1);
    assert_eq!(err[0].key, "players");
    assert!(
        err[0].message.contains("2 players only"),
        "{}",
        err[0].message
    );
}

#[test]
fn every_out_of_range_value_is_reported_at_once_with_its_key() {
    let mut cfg = config();
    cfg.hand_size = 24;
    cfg.max_draw_cards = 0;
    cfg.max_turns = 0;
    cfg.penalty.eight = 5000;
    assert_eq!(
        keys(cfg),
        vec!["hand_size", "max_draw_cards", "max_turns", "penalty.eight"]
    );
    let mut cfg = config();
    cfg.hand_size = 23;
    cfg.max_draw_cards = 52;
    cfg.max_turns = 1000;
    assert!(keys(cfg).is_empty());
}

#[test]
fn variants_load_from_toml() {
    let text = DEFAULT_RULES
        .replace("reshuffle = false", "reshuffle = true")
        .replace("pips = \"openspiel\"", "pips = \"face\"");
    let g = CrazyEights::from_toml(&text, "variant").unwrap();
    assert!(g.rules().reshuffle);
    assert_eq!(g.rules().pips, Pips::Face);
    let bad = DEFAULT_RULES.replace("players = 2", "players = 4");
    let err = CrazyEights::from_toml(&bad, "four.toml").unwrap_err();
    assert!(err.starts_with("four.toml: players: 4 players"), "{err}");
    let unknown = format!("{DEFAULT_RULES}\ndecks = 2\n");
    assert!(CrazyEights::from_toml(&unknown, "x")
        .unwrap_err()
        .contains("decks"));
}
