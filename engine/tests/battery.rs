//! The generic property battery (`engine::core::testing::check_game`) over GRANGOL rule
//! sets drawn at random: every option value, odd decks, odd dice and hand sizes. Each case
//! plays random games and checks termination, legal actions, chance weights, card
//! conservation, hand limits, returns only at the end and determinization. Decks include
//! the lab's BLANK card (the last card id), which must never be playable.

use engine::core::testing::check_game;
use engine::core::{
    derive_rng, sample_chance, ActionList, ChanceList, Game, GameState, Stream, Turn,
};
use engine::grangol::*;
use proptest::prelude::*;
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

fn options() -> impl Strategy<Value = Options> {
    (
        prop::array::uniform16(any::<bool>()),
        (any::<bool>(), 0u8..=2, 0u8..=2),
        prop::array::uniform7(any::<bool>()),
    )
        .prop_map(
            |(b, (interchangeable, throw_in_back, dribbling_extra), c)| Options {
                discard: if b[0] {
                    DiscardRule::WhenUnable
                } else {
                    DiscardRule::Always
                },
                take_discard: if b[1] {
                    TakeDiscard::Top
                } else {
                    TakeDiscard::Any
                },
                opening_tempo: if b[2] {
                    OpeningTempo::Replace
                } else {
                    OpeningTempo::Hold
                },
                shot_turnover: if b[3] {
                    ShotTurnover::OwnArea
                } else {
                    ShotTurnover::SameSection
                },
                long_ball_dice: if b[4] {
                    LongBallDice::Relative
                } else {
                    LongBallDice::PassOnly
                },
                rain: if b[5] { Rain::MinOne } else { Rain::MinusOne },
                superiority: if b[6] {
                    Superiority::LikeCard
                } else {
                    Superiority::NamedCard
                },
                shot_success: if b[7] {
                    ShotSuccess::AnyBall
                } else {
                    ShotSuccess::PlainBall
                },
                grangol: if b[8] {
                    GrangolRule::AutomaticGoal
                } else {
                    GrangolRule::Tiro
                },
                long_shot_from: if b[9] {
                    LongShotFrom::ThreeQuartersOrArea
                } else {
                    LongShotFrom::ThreeQuarters
                },
                foul_shots: b[10],
                red_card_discard: if b[11] {
                    RedCardDiscard::Random
                } else {
                    RedCardDiscard::Offender
                },
                counter_minus_one: if b[12] {
                    CounterMinusOne::Success
                } else {
                    CounterMinusOne::Failure
                },
                throw_in_back,
                objects: if b[13] {
                    Objects::ResetTimer
                } else {
                    Objects::RestartHalf
                },
                tifosi: if b[14] {
                    TifosiRule::RoleCard
                } else {
                    TifosiRule::InTurn
                },
                dribbling_extra,
                half_end: if b[15] {
                    HalfEnd::RecuperoOrEmpty
                } else {
                    HalfEnd::RecuperoReshuffle
                },
                interchangeable,
                tifosi_objects: if c[0] {
                    TifosiObjects::Separate
                } else {
                    TifosiObjects::OncePerGame
                },
                foul_shot_turn: if c[1] {
                    FoulShotTurn::Fouler
                } else {
                    FoulShotTurn::Attacker
                },
                cambio_then_no_draw: if c[2] {
                    CambioThenNoDraw::Allowed
                } else {
                    CambioThenNoDraw::Forbidden
                },
                second_half_hands: if c[3] {
                    SecondHalfHands::Fresh
                } else {
                    SecondHalfHands::Keep
                },
                dribbling_rebound: if c[4] {
                    DribblingRebound::Continue
                } else {
                    DribblingRebound::Stop
                },
                errore_arbitrale: if c[5] {
                    ErroreArbitraleRule::Unanswered
                } else {
                    ErroreArbitraleRule::AttackerWithoutAmmonizione
                },
                wall: if c[6] {
                    WallRule::Secret
                } else {
                    WallRule::OpenFirst
                },
            },
        )
}

fn rules() -> impl Strategy<Value = RulesConfig> {
    let green = prop::collection::vec(prop::sample::select(vec!["ball", "+1", "-1", "X"]), 1..8);
    let red = prop::collection::vec(
        prop::sample::select(vec!["X", "whistle", "yellow", "ball"]),
        1..8,
    );
    let counts = prop::collection::vec(0u8..=4, NUM_CARDS);
    (options(), green, red, counts, 1u8..=7, 2usize..=12).prop_map(
        |(options, green, red, counts, hand_size, timer)| {
            let mut cfg = RulesConfig::parse(DEFAULT_RULES, "default").unwrap();
            // Every card id, the lab's BLANK included, gets a random count.
            cfg.options = options;
            cfg.hand_size = hand_size;
            cfg.dice.green = green.into_iter().map(String::from).collect();
            cfg.dice.red = red.into_iter().map(String::from).collect();
            cfg.timer.labels = (0..timer).map(|i| format!("{}'", 5 * (i + 1))).collect();
            if let Some(last) = cfg.timer.labels.last_mut() {
                *last = format!("RECUPERO {last}");
            }
            cfg.deck.cards = Card::ALL
                .iter()
                .zip(&counts)
                .map(|(c, &n)| (c.name().to_string(), n))
                .collect();
            // Keep the deck big enough to deal two hands and draw.
            let total: u16 = counts.iter().map(|&n| u16::from(n)).sum();
            let short = (2 * u16::from(hand_size) + 1).saturating_sub(total) as u8;
            *cfg.deck.cards.get_mut("PASSAGGIO").unwrap() += short;
            cfg.deck.size = engine::grangol::DeckSize::Exactly(total + u16::from(short));
            cfg
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_rule_sets_pass_the_battery(cfg in rules(), seed in any::<u64>()) {
        let rules = cfg.validate("generated").unwrap();
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
}
