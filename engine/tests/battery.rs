//! The generic property battery (`engine::core::testing::check_game`) over GRANGOL rule
//! sets drawn at random: every option value, odd decks, odd dice and hand sizes. Each case
//! plays random games and checks termination, legal actions, chance weights, card
//! conservation, hand limits, returns only at the end and determinization. Decks include
//! the lab's BLANK card (the last card id), which must never be playable.
//! Every registered game (`engine::core::NAMES`) passes the battery on every shipped rule
//! set.

use engine::core::testing::{check_game, check_policy};
use engine::core::{
    derive_rng, for_each_game, load_embedded, sample_chance, ActionList, ChanceList,
    ChanceOutcomes, Game, GameState, GameVisitor, LegalActions, Notation, Registered, Stream, Turn,
    NAMES,
};
use engine::grangol::*;
use proptest::prelude::*;
#[path = "support/regressions.rs"]
mod regressions;

mod common;
use common::rules;
use rand::Rng as _;

/// Plays `games` uniformly random games of `game` from `seed` and checks at every decision
/// that no legal action plays BLANK, has TIFOSI A FAVORE stand for it, or takes it from the
/// discard pile. Returns how many times discarding, giving or removing a BLANK was legal
/// (so that a test can check BLANKs were really held). Errors: the game, the step and the
/// offending action.
fn blank_never_playable<G: Game<State = State>>(
    game: &G,
    games: usize,
    seed: u64,
) -> Result<usize, String> {
    let mut picks = 0;
    let mut legal = ActionList::new();
    let mut chance = ChanceList::new();
    let forbidden = [
        action::play(Card::Blank),
        action::play_as(Card::Blank),
        action::take(Card::Blank),
    ];
    for g in 0..games {
        let mut rng = derive_rng(seed, g as u64, Stream::Other(1));
        let mut s = game.new_initial_state();
        let mut step = 0;
        loop {
            let a = match s.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    s.chance_outcomes(&mut chance);
                    sample_chance(&chance, &mut rng)
                }
                Turn::Decision(_) => {
                    s.legal_actions(&mut legal);
                    if let Some(bad) = legal.iter().find(|a| forbidden.contains(a)) {
                        return Err(format!(
                            "game {g}, step {step}: BLANK is playable: {}",
                            s.action_to_string(*bad)
                        ));
                    }
                    picks += usize::from(legal.contains(&action::pick(Card::Blank)));
                    legal[rng.gen_range(0..legal.len())]
                }
            };
            s.apply(a);
            step += 1;
        }
    }
    Ok(picks)
}

proptest! {
    #![proptest_config(regressions::config(96))]

    #[test]
    fn random_rule_sets_pass_the_battery(cfg in rules(), seed in any::<u64>()) {
        let rules = cfg.validate().unwrap();
        let game = Grangol::from_parts(cfg, rules);
        let report = check_game(&game, 12, seed).map_err(TestCaseError::fail)?;
        prop_assert_eq!(report.games, 12);
        prop_assert!(report.decisions > 0);
        blank_never_playable(&game, 4, seed).map_err(TestCaseError::fail)?;
    }
}

/// Rule sets with BLANKs under several readings: ten BLANKs added to the default deck, and
/// the default deck with one copy of several cards replaced by a BLANK (`with_blank`).
fn blank_rule_sets() -> Vec<Grangol> {
    let mut out = Vec::new();
    let text = DEFAULT_RULES
        .replace("BLANK = 0", "BLANK = 10")
        .replace("size = 90", "size = 100");
    for (from, to) in [
        ("discard = \"when-unable\"", "discard = \"when-unable\""),
        ("discard = \"when-unable\"", "discard = \"always\""),
        (
            "red_card_discard = \"random\"",
            "red_card_discard = \"offender\"",
        ),
        ("opening_tempo = \"replace\"", "opening_tempo = \"hold\""),
        ("interchangeable = false", "interchangeable = true"),
        ("take_discard = \"top\"", "take_discard = \"any\""),
    ] {
        out.push(Grangol::from_toml(&text.replace(from, to), "ten blanks").unwrap());
    }
    let mut g = Grangol::default_rules();
    for card in [
        "PASSAGGIO",
        "CONTRASTO",
        "TIFOSI A FAVORE",
        "MISCHIA",
        "DRIBBLING",
    ] {
        g = g.with_blank(card).unwrap();
        out.push(g.clone());
    }
    out
}

#[test]
fn blank_is_never_playable_in_random_games() {
    for (i, game) in blank_rule_sets().iter().enumerate() {
        let picks = blank_never_playable(game, 300, 20261122 + i as u64).unwrap();
        assert!(
            picks > 0,
            "rule set {i}: no BLANK was ever held and discardable"
        );
        let report = check_game(game, 100, i as u64).unwrap();
        assert_eq!(report.games, 100);
    }
}

#[test]
fn without_blanks_no_blank_is_ever_seen() {
    let game = Grangol::default_rules();
    assert_eq!(blank_never_playable(&game, 200, 5), Ok(0));
}

#[test]
fn default_rules_battery_many_games() {
    let game = Grangol::default_rules();
    let report = check_game(&game, 1000, 20261121).unwrap();
    assert_eq!(report.games, 1000);
    assert!(report.determinizations > 1000);
    assert!(report.rejected > 1000);
    assert!(report.secret_choices > 100, "{report:?}");
    // Dice faces read alike and goalkeeper dives away from the shot (`action_effect`).
    assert!(report.same_effects > 1000, "{report:?}");
}

/// Every registered game: the battery on every shipped rule set, read through the
/// registry (`for_each_game`) and resolved as the loader resolves it; and its policy
/// network, if it has one, on its default rules.
#[test]
fn every_registered_game_passes_the_battery_on_every_shipped_rule_set() {
    struct Battery;
    impl GameVisitor for Battery {
        type Output = &'static str;
        fn visit<G: Registered>(&mut self) -> &'static str {
            for (i, file) in G::RULES.iter().enumerate() {
                let game = load_embedded::<G>(file.name, |_| {}).unwrap();
                let report = check_game(&game, 10, 77 + i as u64)
                    .unwrap_or_else(|e| panic!("{} --rules {}: {e}", G::NAME, file.name));
                if i == 0 {
                    // The policy network, where the game has one, fits the default rules
                    // (the first shipped file), which it was trained on.
                    check_policy(&game)
                        .unwrap_or_else(|e| panic!("{} --rules {}: {e}", G::NAME, file.name));
                }
                assert_eq!(report.games, 10);
            }
            G::NAME
        }
    }
    assert_eq!(for_each_game(&mut Battery), NAMES);
}
