//! The rules file: defaults, validation, shipped variants and warnings.

use super::*;
use crate::core::{embedded_tree, overlay, Game, Registered, Utility};

#[test]
fn the_default_rules_are_the_documented_81_card_deck_for_four_players() {
    let g = Lastuf::default_rules();
    let r = g.rules();
    assert_eq!(r.deck_size, 81);
    assert_eq!((r.players, r.hand_size, r.goals_to_eliminate), (4, 5, 3));
    let n = |c: Card| r.deck[c.index()];
    for k in Colour::ALL {
        assert_eq!((n(Card::goal(k)), n(Card::player(k))), (1, 12));
    }
    assert_eq!(
        [
            C::Ball,
            C::YellowCard,
            C::RedCard,
            C::Injury,
            C::Doctor,
            C::Substitution
        ]
        .map(n),
        [10, 4, 2, 3, 3, 2]
    );
    assert_eq!([C::TimeOut, C::SwapSides, C::Stop].map(n), [2, 1, 2]);
    let o = r.options;
    assert_eq!((o.discard_max, o.pass, o.goals_per_player), (2, false, 1));
    assert_eq!(o.goal_placement, GoalPlacement::Must);
    assert_eq!(o.stop_refill, StopRefill::AtOnce);
    assert_eq!(o.eliminated_goal, EliminatedGoal::GoalOut);
    let info = g.info();
    assert_eq!((info.min_seats, info.max_seats, info.num_seats), (2, 4, 4));
    assert_eq!(info.utility, Utility::ConstantSum(2.0));
    assert_eq!(info.cards.len(), NUM_CARDS);
    assert!(info.cards[C::Ball.index()].has_outcome);
    assert!(!info.cards[C::Doctor.index()].has_outcome);
    assert_eq!(info.cards[C::TimeOut.index()].name, "TIME-OUT");
}

#[test]
fn validation_lists_every_problem_with_its_key() {
    let mut cfg = Lastuf::default_rules().config().clone();
    cfg.players = 5;
    cfg.hand_size = 0;
    cfg.deck.cards.insert("BALLS".into(), 3);
    cfg.deck.cards.insert("STOP".into(), 61);
    cfg.options.goals_per_player = 2;
    let problems = <Lastuf as Registered>::build(cfg).unwrap_err();
    let keys: Vec<&str> = problems.iter().map(|p| p.key.as_str()).collect();
    for k in [
        "players",
        "hand_size",
        "deck.cards.BALLS",
        "deck.cards.STOP",
        "options.discard_max",
        "options.goals_per_player",
    ] {
        assert!(keys.contains(&k), "{k} missing from {keys:?}");
    }
    let mut cfg = Lastuf::default_rules().config().clone();
    cfg.deck.cards.clear();
    let problems = cfg.validate().unwrap_err();
    assert_eq!(problems[0].key, "deck.cards");
}

#[test]
fn shipped_rule_files_load_and_the_two_goal_variants_set_their_options() {
    let rules = <Lastuf as Registered>::RULES;
    assert_eq!(rules[0].name, "default");
    let games = Lastuf::shipped(|_| {}).unwrap();
    assert_eq!(games.len(), rules.len());
    for (name, g) in games {
        let o = g.rules().options;
        match name {
            "two-goals" => assert_eq!(
                (o.goals_per_player, o.elimination),
                (2, Elimination::Either)
            ),
            "two-goals-both" => {
                assert_eq!((o.goals_per_player, o.elimination), (2, Elimination::Both));
                let w = g.warnings();
                assert_eq!(w.len(), 1, "{w:?}");
                assert!(w[0].contains("property of the rulebook's variant"), "{w:?}");
                continue;
            }
            "two-players" => assert_eq!((g.info().num_seats, o.goals_per_player), (2, 1)),
            _ => assert_eq!(g.info().num_seats, 4),
        }
        assert!(g.warnings().is_empty(), "{name}");
    }
}

#[test]
fn degenerate_decks_are_warned_about() {
    let text = DEFAULT_RULES
        .replace("BALL = 10", "BALL = 0")
        .replace("\"GOAL RED\" = 1", "\"GOAL RED\" = 0");
    let g = Lastuf::from_toml(&text, "test").unwrap();
    let w = g.warnings();
    assert_eq!(w.len(), 2, "{w:?}");
    assert!(w[0].contains("no BALL") && w[1].contains("3 goals for 4 players"));
}

#[test]
fn max_game_length_bounds_a_capped_game() {
    let r = rules();
    assert_eq!(r.max_game_length(), 20 + 400 * (3 + 2 + 1 + 2 + 5));
}

/// A shipped LASTUF variant resolves at every level: a variant that changes one key
/// of `[deck.cards]` keeps every other card of the default deck.
#[test]
fn embedded_variants_merge_at_every_level() {
    let default = embedded_tree::<Lastuf>("default").unwrap();
    for file in <Lastuf as Registered>::RULES {
        let tree = embedded_tree::<Lastuf>(file.name).unwrap();
        assert!(!tree.contains_key("extends"));
        let mut want = default.clone();
        let mut own: toml::Table = file.text.parse().unwrap();
        own.remove("extends");
        overlay(&mut want, &own);
        assert_eq!(tree, want, "{}", file.name);
        // Every key of the default tree is still there.
        fn keys(t: &toml::Table, prefix: &str, out: &mut Vec<String>) {
            for (k, v) in t {
                match v.as_table() {
                    Some(t) => keys(t, &format!("{prefix}{k}."), out),
                    None => out.push(format!("{prefix}{k}")),
                }
            }
        }
        let (mut a, mut b) = (Vec::new(), Vec::new());
        keys(&default, "", &mut a);
        keys(&tree, "", &mut b);
        assert!(a.iter().all(|k| b.contains(k)), "{}", file.name);
    }
    assert!(embedded_tree::<Lastuf>("nope")
        .unwrap_err()
        .contains("nope"));
}
