//! Helpers shared by the engine's property tests: GRANGOL rule sets drawn at random.
#![allow(dead_code)] // each test file uses its own subset

use engine::grangol::*;
use proptest::prelude::*;

/// Every GRANGOL option, each value drawn at random.
pub fn options() -> impl Strategy<Value = Options> {
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

/// A GRANGOL rule set drawn at random: every option, odd dice, hand sizes, timers and
/// decks (with the lab's BLANK), always with cards enough to deal two hands and draw.
pub fn rules() -> impl Strategy<Value = RulesConfig> {
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
