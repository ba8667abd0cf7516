//! Fuzzing the games by action index: for every registered game (`engine::core::NAMES`) on
//! every one of its shipped rule sets, and for some games on rule sets drawn at random
//! (GRANGOL, Crazy Eights, LASTUF GOL for 2 to 4 players and its two-goal variants, the
//! memory game, Helvetia Cup), proptest draws a sequence of `u16` indices and a game is
//! played in which each decision takes `legal[i % legal.len()]` and each chance node the
//! outcome `i % outcomes.len()`; when the sequence runs out, a deterministic rule picks
//! (index 0, the last index, or a hash of the step). Every state passes the battery's
//! checks (`engine::core::testing::check_play`): the game's invariants, legal actions
//! non-empty, sorted and unique, positive chance weights, returns zero before the end and
//! summing to 1 at the end, the end within `max_game_length`, determinizations that keep
//! the information key, illegal actions rejected untouched; and nothing panics.
//!
//! `FUZZ_CASES` sets the cases per target (default 128 for the two shipped-rule-set
//! targets, 256 for the others, a minute of CPU in all); proptest replays the cases of `fuzz.proptest-regressions` beside this file first, and never
//! writes that file: a failure prints the line to add (`support/regressions.rs`). See
//! `docs/fuzzing.md`.

use engine::core::testing::{check_play, BatteryReport, Picker};
use engine::core::{
    derive_rng, for_each_game, load_embedded, visit_game, Game, GameVisitor, Registered, Stream,
    NAMES,
};
use engine::crazy_eights::{self, CrazyEights};
use engine::grangol::*;
use proptest::prelude::*;
#[path = "support/regressions.rs"]
mod regressions;

mod common;
use common::rules;

/// Cases per target: `FUZZ_CASES`, or `default`.
fn cases(default: u32) -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The default number of cases per target in `cargo test`.
const CI_CASES: u32 = 128;

/// Picks moves from a sequence of indices, then, once it runs out, decisions by `tail` (0
/// takes the first candidate, 1 the last, anything else a hash of the step) and chance
/// outcomes by a hash of the step. (A fixed index at chance nodes can make a game
/// endless: Crazy Eights turns up the first card again and again while it is an eight,
/// as OpenSpiel does, which random chance ends almost surely; see `docs/fuzzing.md`.)
struct Sequence {
    indices: Vec<u16>,
    next: usize,
    tail: u8,
}

impl Picker for Sequence {
    fn pick(&mut self, step: usize, n: usize, chance: bool) -> Option<usize> {
        let i = match self.indices.get(self.next) {
            Some(&i) => usize::from(i),
            None => match if chance { 2 } else { self.tail } {
                0 => 0,
                1 => n - 1,
                _ => {
                    // SplitMix64's finalizer on the step.
                    let mut z = (step as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
                    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                    (z ^ (z >> 31)) as usize
                }
            },
        };
        self.next += 1;
        Some(i % n)
    }
}

/// Plays one game of `game` by `indices` (then `tail`), determinizing from `seed`, and
/// checks every state. Errors: the step and the violation.
fn play<G: Game>(game: &G, indices: Vec<u16>, tail: u8, seed: u64) -> Result<(), String> {
    let mut rng = derive_rng(seed, 0, Stream::Other(0));
    let mut picks = Sequence {
        indices,
        next: 0,
        tail,
    };
    let mut report = BatteryReport::default();
    check_play(game, &mut rng, &mut picks, &mut report)?;
    if report.games != 1 {
        return Err(format!("{} games played, not 1", report.games));
    }
    Ok(())
}

/// Every shipped rule set of every registered game: `(game, rule set)` names, in
/// registration order.
fn shipped_rule_sets() -> Vec<(&'static str, &'static str)> {
    struct Shipped;
    impl GameVisitor for Shipped {
        type Output = Vec<(&'static str, &'static str)>;
        fn visit<G: Registered>(&mut self) -> Self::Output {
            G::RULES.iter().map(|r| (G::NAME, r.name)).collect()
        }
    }
    for_each_game(&mut Shipped).concat()
}

/// Plays one fuzzed game of the registered game it visits, on its shipped rule set
/// `rules` (resolved as the loader resolves it).
struct Fuzz {
    rules: &'static str,
    indices: Vec<u16>,
    tail: u8,
    seed: u64,
}

impl GameVisitor for Fuzz {
    type Output = Result<(), String>;
    fn visit<G: Registered>(&mut self) -> Self::Output {
        let game = load_embedded::<G>(self.rules, |_| {})?;
        let indices = std::mem::take(&mut self.indices);
        play(&game, indices, self.tail, self.seed)
            .map_err(|e| format!("{} --rules {}: {e}", G::NAME, self.rules))
    }
}

/// The index sequences: up to 1,500 indices, most of a game or all of it.
fn indices() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(any::<u16>(), 0..1500)
}

/// A Crazy Eights rule set drawn at random within what validation accepts.
fn crazy_eights_rules() -> impl Strategy<Value = CrazyEights> {
    (
        1u8..=crazy_eights::MAX_HAND_SIZE,
        1u8..=8,
        1u16..=300,
        any::<bool>(),
        any::<bool>(),
        (0u16..=1000, 0u16..=1000, any::<bool>()),
    )
        .prop_map(
            |(hand_size, max_draw_cards, max_turns, reshuffle, special, (eight, court, face))| {
                let mut config =
                    crazy_eights::RulesConfig::parse(crazy_eights::DEFAULT_RULES, "default")
                        .unwrap();
                config.hand_size = hand_size;
                config.max_draw_cards = max_draw_cards;
                config.max_turns = max_turns;
                config.reshuffle = reshuffle;
                config.use_special_cards = special;
                config.penalty.eight = eight;
                config.penalty.court = court;
                config.penalty.pips = if face {
                    crazy_eights::Pips::Face
                } else {
                    crazy_eights::Pips::Openspiel
                };
                let rules = config.validate().unwrap();
                CrazyEights::from_parts(config, rules)
            },
        )
}

/// Plays one fuzzed game on the shipped rule set `which` picks among those of the given
/// half (`half` 0: the rule sets at even places in [`shipped_rule_sets`], 1: at odd ones).
fn fuzz_shipped(
    half: usize,
    which: usize,
    indices: Vec<u16>,
    tail: u8,
    seed: u64,
) -> Result<(), String> {
    let sets: Vec<_> = shipped_rule_sets()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % 2 == half)
        .map(|(_, s)| s)
        .collect();
    let (game, rules) = sets[which % sets.len()];
    let mut fuzz = Fuzz {
        rules,
        indices,
        tail,
        seed,
    };
    visit_game(game, &mut fuzz).expect("a registered name")
}

proptest! {
    // Every shipped rule set of every game (16 today), in two targets of a target's cases
    // each (128 by default): the rule sets at even places and those at odd ones, so that
    // the test harness plays the two halves on two threads (Helvetia's long games make
    // this the longest fuzz target; alone, it was a minute of one core in CI). About 16
    // cases a rule set. `FUZZ_CASES` sets the cases per target.
    #![proptest_config(regressions::config(cases(CI_CASES)))]

    #[test]
    fn every_game_on_its_shipped_rule_sets(
        which in 0usize..1024,
        seq in indices(),
        tail in 0u8..3,
        seed in any::<u64>(),
    ) {
        fuzz_shipped(0, which, seq, tail, seed).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn every_game_on_its_other_shipped_rule_sets(
        which in 0usize..1024,
        seq in indices(),
        tail in 0u8..3,
        seed in any::<u64>(),
    ) {
        fuzz_shipped(1, which, seq, tail, seed).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    // Twice a target's cases (256 by default) for the rule sets drawn at random.
    #![proptest_config(regressions::config(cases(CI_CASES * 2)))]

    #[test]
    fn grangol_random_rule_sets(
        cfg in rules(),
        seq in indices(),
        tail in 0u8..3,
        seed in any::<u64>(),
    ) {
        let checked = cfg.validate().unwrap();
        let game = Grangol::from_parts(cfg, checked);
        play(&game, seq, tail, seed).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn lastuf_rules(
        players in 2u8..=4,
        two_goals in any::<bool>(),
        both in any::<bool>(),
        seq in indices(),
        tail in 0u8..3,
        seed in any::<u64>(),
    ) {
        use engine::lastuf::{Elimination, Lastuf};
        let mut config = Lastuf::default_rules().config().clone();
        config.players = players;
        config.max_turns = 150;
        if players == 2 && two_goals {
            config.options.goals_per_player = 2;
            config.options.elimination = if both { Elimination::Both } else { Elimination::Either };
        }
        let rules = config.validate().unwrap();
        play(&Lastuf::from_parts(config, rules), seq, tail, seed).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn memory_rules(
        players in 1u8..=4,
        reading in 0usize..4,
        prizes in 0u8..=2,
        seq in indices(),
        tail in 0u8..3,
        seed in any::<u64>(),
    ) {
        use engine::memory::{Flip, Memory, PrizeRule, VarRule};
        // A 4 x 5 grid of 8 pairs and 0 to 2 copies of each prize card.
        let mut config = Memory::default_rules().config().clone();
        config.players = players;
        config.rows = 5;
        config.columns = 5;
        config.pairs = vec![3, 3, 2];
        config.max_turns = 300;
        let p = &mut config.prizes;
        (p.yellow, p.red, p.var, p.play_game) = (prizes, prizes, prizes, prizes);
        match reading {
            1 => config.options.flip = Flip::BothAtOnce,
            2 => config.options.prize = PrizeRule::EndsTurn,
            3 => config.options.var = VarRule::AnyTurn,
            _ => {}
        }
        let rules = config.validate().unwrap();
        play(&Memory::from_parts(config, rules), seq, tail, seed).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn helvetia_rules(
        reading in 0usize..4,
        seq in indices(),
        tail in 0u8..3,
        seed in any::<u64>(),
    ) {
        use engine::helvetia::{BoostHalfTime, Helvetia, Kickoff};
        // The default pitch, each reading of `[options]`, a short match.
        let mut config = Helvetia::default_rules().config().clone();
        config.max_rounds = 60;
        match reading {
            1 => config.options.kickoff_after_goal = Kickoff::MovePhase,
            2 => config.options.kickoff_second_half = Kickoff::MovePhase,
            3 => config.options.boost_half_time = BoostHalfTime::Refill,
            _ => {}
        }
        let rules = config.validate().unwrap();
        play(&Helvetia::from_parts(config, rules), seq, tail, seed).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn crazy_eights_random_rules(
        game in crazy_eights_rules(),
        seq in indices(),
        tail in 0u8..3,
        seed in any::<u64>(),
    ) {
        play(&game, seq, tail, seed).map_err(TestCaseError::fail)?;
    }
}

/// The shipped-rule-sets target covers every registered game, each on every rule set it
/// ships (which all load).
#[test]
fn every_registered_game_is_fuzzed_on_every_shipped_rule_set() {
    let sets = shipped_rule_sets();
    for name in NAMES {
        assert!(sets.iter().any(|(g, _)| g == name), "{name} is not fuzzed");
    }
    for (game, rules) in &sets {
        let mut fuzz = Fuzz {
            rules,
            indices: Vec::new(),
            tail: 0,
            seed: 1,
        };
        visit_game(game, &mut fuzz).unwrap().unwrap();
    }
}
