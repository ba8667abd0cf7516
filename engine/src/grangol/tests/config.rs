//! The rules file: every option value loads, and bad files give a one-line error naming
//! the key and the value.

use super::*;
use crate::core::ChanceOutcomes;

/// The default rules file with `from` replaced by `to` (which must occur exactly once).
fn edited(from: &str, to: &str) -> String {
    assert_eq!(
        DEFAULT_RULES.matches(from).count(),
        1,
        "{from:?} must occur once"
    );
    DEFAULT_RULES.replace(from, to)
}

fn load(text: &str) -> Result<Grangol, String> {
    Grangol::from_toml(text, "test.toml")
}

/// Loads `text`, expecting an error whose message names every one of `words`.
#[track_caller]
fn rejected(text: &str, words: &[&str]) -> String {
    let msg = load(text).expect_err("the file must be rejected");
    assert!(!msg.contains('\n'), "one line: {msg}");
    assert!(msg.starts_with("test.toml"), "names the file: {msg}");
    for w in words {
        assert!(msg.contains(w), "{msg:?} should name {w:?}");
    }
    msg
}

#[test]
fn default_rules_match_the_rules_notes() {
    let g = Grangol::default_rules();
    let r = g.rules();
    assert_eq!((r.hand_size, r.deck_size, r.timer_cards), (5, 90, 10));
    assert_eq!(r.deck[C::Passaggio.index()], 15);
    assert_eq!(r.deck[C::Grangol.index()], 1);
    assert_eq!(r.deck[C::Tempo5.index()], 10);
    assert_eq!(r.green, [2, 1, 1, 2]);
    assert_eq!(r.red, [2, 1, 1, 2]);
    let o = r.options;
    assert_eq!(o.discard, DiscardRule::WhenUnable);
    assert_eq!(o.take_discard, TakeDiscard::Top);
    assert_eq!(o.opening_tempo, OpeningTempo::Replace);
    assert_eq!(o.shot_turnover, ShotTurnover::OwnArea);
    assert_eq!(o.long_ball_dice, LongBallDice::Relative);
    assert_eq!(o.rain, Rain::MinOne);
    assert_eq!(o.superiority, Superiority::LikeCard);
    assert_eq!(o.shot_success, ShotSuccess::AnyBall);
    assert_eq!(o.grangol, GrangolRule::AutomaticGoal);
    assert_eq!(o.long_shot_from, LongShotFrom::ThreeQuartersOrArea);
    assert!(o.foul_shots);
    assert_eq!(o.red_card_discard, RedCardDiscard::Random);
    assert_eq!(o.counter_minus_one, CounterMinusOne::Success);
    assert_eq!(o.throw_in_back, 1);
    assert_eq!(o.objects, Objects::ResetTimer);
    assert_eq!(o.tifosi, TifosiRule::RoleCard);
    assert_eq!(o.dribbling_extra, 2);
    assert_eq!(o.half_end, HalfEnd::RecuperoOrEmpty);
    assert!(!o.interchangeable);
}

/// A line of the default file, its replacement, and a check of the loaded options.
type OptionCase = (&'static str, &'static str, fn(&Options) -> bool);

#[test]
fn every_non_default_option_value_loads() {
    let cases: [OptionCase; 26] = [
        ("discard = \"when-unable\"", "discard = \"always\"", |o| {
            o.discard == DiscardRule::Always
        }),
        ("take_discard = \"top\"", "take_discard = \"any\"", |o| {
            o.take_discard == TakeDiscard::Any
        }),
        (
            "opening_tempo = \"replace\"",
            "opening_tempo = \"hold\"",
            |o| o.opening_tempo == OpeningTempo::Hold,
        ),
        (
            "shot_turnover = \"own-area\"",
            "shot_turnover = \"same-section\"",
            |o| o.shot_turnover == ShotTurnover::SameSection,
        ),
        (
            "long_ball_dice = \"relative\"",
            "long_ball_dice = \"pass-only\"",
            |o| o.long_ball_dice == LongBallDice::PassOnly,
        ),
        ("rain = \"min-one\"", "rain = \"minus-one\"", |o| {
            o.rain == Rain::MinusOne
        }),
        (
            "superiority = \"like-card\"",
            "superiority = \"named-card\"",
            |o| o.superiority == Superiority::NamedCard,
        ),
        (
            "shot_success = \"any-ball\"",
            "shot_success = \"plain-ball\"",
            |o| o.shot_success == ShotSuccess::PlainBall,
        ),
        ("grangol = \"automatic-goal\"", "grangol = \"tiro\"", |o| {
            o.grangol == GrangolRule::Tiro
        }),
        (
            "long_shot_from = \"three-quarters-or-area\"",
            "long_shot_from = \"three-quarters\"",
            |o| o.long_shot_from == LongShotFrom::ThreeQuarters,
        ),
        ("foul_shots = true", "foul_shots = false", |o| !o.foul_shots),
        (
            "red_card_discard = \"random\"",
            "red_card_discard = \"offender\"",
            |o| o.red_card_discard == RedCardDiscard::Offender,
        ),
        (
            "counter_minus_one = \"success\"",
            "counter_minus_one = \"failure\"",
            |o| o.counter_minus_one == CounterMinusOne::Failure,
        ),
        ("throw_in_back = 1", "throw_in_back = 2", |o| {
            o.throw_in_back == 2
        }),
        (
            "objects = \"reset-timer\"",
            "objects = \"restart-half\"",
            |o| o.objects == Objects::RestartHalf,
        ),
        ("tifosi = \"role-card\"", "tifosi = \"in-turn\"", |o| {
            o.tifosi == TifosiRule::InTurn
        }),
        ("dribbling_extra = 2", "dribbling_extra = 1", |o| {
            o.dribbling_extra == 1
        }),
        (
            "half_end = \"recupero-or-empty\"",
            "half_end = \"recupero-reshuffle\"",
            |o| o.half_end == HalfEnd::RecuperoReshuffle,
        ),
        ("interchangeable = false", "interchangeable = true", |o| {
            o.interchangeable
        }),
        (
            "tifosi_objects = \"separate\"",
            "tifosi_objects = \"once-per-game\"",
            |o| o.tifosi_objects == TifosiObjects::OncePerGame,
        ),
        (
            "foul_shot_turn = \"fouler\"",
            "foul_shot_turn = \"attacker\"",
            |o| o.foul_shot_turn == FoulShotTurn::Attacker,
        ),
        (
            "cambio_then_no_draw = \"allowed\"",
            "cambio_then_no_draw = \"forbidden\"",
            |o| o.cambio_then_no_draw == CambioThenNoDraw::Forbidden,
        ),
        (
            "second_half_hands = \"fresh\"",
            "second_half_hands = \"keep\"",
            |o| o.second_half_hands == SecondHalfHands::Keep,
        ),
        (
            "dribbling_rebound = \"stop\"",
            "dribbling_rebound = \"continue\"",
            |o| o.dribbling_rebound == DribblingRebound::Continue,
        ),
        (
            "errore_arbitrale = \"unanswered\"",
            "errore_arbitrale = \"attacker-without-ammonizione\"",
            |o| o.errore_arbitrale == ErroreArbitraleRule::AttackerWithoutAmmonizione,
        ),
        ("wall = \"secret\"", "wall = \"open-first\"", |o| {
            o.wall == WallRule::OpenFirst
        }),
    ];
    for (from, to, check) in cases {
        let g = load(&edited(from, to)).unwrap_or_else(|e| panic!("{to}: {e}"));
        assert!(check(&g.rules().options), "{to}");
        assert_eq!(g.config().options, g.rules().options);
    }
}

#[test]
fn unknown_key_is_an_error() {
    let text = edited("hand_size = 5", "hand_size = 5\nextra_time = 3");
    let e = rejected(&text, &["extra_time"]);
    // Refused by the parser, before validation.
    assert_eq!(RulesConfig::parse(&text, "test.toml"), Err(e));
    rejected(
        &edited(
            "interchangeable = false",
            "interchangeable = false\nvar_checks = true",
        ),
        &["var_checks"],
    );
}

#[test]
fn missing_key_is_an_error() {
    rejected(&edited("rain = \"min-one\"\n", ""), &["rain"]);
}

#[test]
fn unknown_card_name_is_an_error() {
    let text = edited("\"TIRO DA FUORI\" = 3", "\"TIRO DA FUORRI\" = 3");
    rejected(&text, &["deck.cards", "TIRO DA FUORRI"]);
    // Parsed, then refused by validation.
    let config = RulesConfig::parse(&text, "test.toml").expect("parses");
    assert!(config.validate().is_err());
}

#[test]
fn deck_counts_must_add_up_to_a_stated_size() {
    let sized = edited("size = \"sum\"", "size = 90");
    rejected(
        &sized.replace("PASSAGGIO = 15", "PASSAGGIO = 14"),
        &["89", "1 fewer than deck.size = 90", "add 1"],
    );
    rejected(
        &edited("size = \"sum\"", "size = 88"),
        &[
            "90",
            "2 more than deck.size = 88",
            "remove 2",
            "deck.size = 90",
        ],
    );
    // Without a stated size the deck is what the counts add up to.
    let g = load(&edited("PASSAGGIO = 15", "PASSAGGIO = 17")).unwrap();
    assert_eq!(g.rules().deck_size, 92);
    rejected(
        &edited("size = \"sum\"", "size = \"all\""),
        &["size = \"all\"", "\"sum\""],
    );
}

#[test]
fn card_counts_and_the_deck_have_limits() {
    // One card above 60 is named, alone: the total it pushes past 250 is not reported.
    let msg = rejected(
        &edited("PASSAGGIO = 15", "PASSAGGIO = 200"),
        &["deck.cards.PASSAGGIO", "200 is more than 60"],
    );
    assert!(!msg.contains("250"), "{msg}");
    rejected(
        &edited("\"TIRO DA FUORI\" = 3", "\"TIRO DA FUORI\" = 61"),
        &["deck.cards.TIRO DA FUORI", "61 is more than 60"],
    );
    // Counts of 60 at most that add up past 250.
    let text = ["PASSAGGIO = 15", "CONTRASTO = 15", "LANCIO = 4", "TIRO = 6"]
        .iter()
        .fold(DEFAULT_RULES.to_string(), |t, line| {
            let (name, _) = line.split_once(" = ").unwrap();
            assert_eq!(t.matches(line).count(), 1, "{line}");
            t.replace(line, &format!("{name} = 60"))
        });
    rejected(&text, &["deck.size", "is more than 250"]);
}

#[test]
fn bad_die_face_is_an_error() {
    rejected(
        &edited("green = [\"ball\", \"ball\"", "green = [\"ball\", \"bal\""),
        &["dice.green", "\"bal\""],
    );
    rejected(
        &edited("red = [\"X\", \"X\"", "red = [\"X\", \"fischio\""),
        &["dice.red", "fischio"],
    );
    rejected(
        &edited(
            "green = [\"ball\", \"ball\", \"+1\", \"-1\", \"X\", \"X\"]",
            "green = []",
        ),
        &["dice.green", "0 faces"],
    );
}

#[test]
fn bad_option_values_are_errors() {
    rejected(
        &edited("discard = \"when-unable\"", "discard = \"never\""),
        &["never"],
    );
    rejected(
        &edited("throw_in_back = 1", "throw_in_back = 5"),
        &["options.throw_in_back: 5"],
    );
    rejected(
        &edited("dribbling_extra = 2", "dribbling_extra = 3"),
        &["options.dribbling_extra: 3"],
    );
    rejected(&edited("hand_size = 5", "hand_size = 0"), &["hand_size: 0"]);
    rejected(
        &edited("max_turns_per_half = 300", "max_turns_per_half = 0"),
        &["max_turns_per_half"],
    );
    rejected(
        &edited("foul_shots = true", "foul_shots = \"yes\""),
        &["foul_shots"],
    );
}

#[test]
fn every_problem_of_a_file_is_reported_at_once() {
    let text = edited("hand_size = 5", "hand_size = 0")
        .replace("throw_in_back = 1", "throw_in_back = 5")
        .replace("max_turns_per_half = 300", "max_turns_per_half = 0");
    let msg = load(&text)
        .expect_err("the file must be rejected")
        .to_string();
    let lines: Vec<&str> = msg.lines().collect();
    assert_eq!(lines.len(), 3, "{msg}");
    for (line, key) in lines.iter().zip([
        "hand_size: 0",
        "max_turns_per_half: 0",
        "options.throw_in_back: 5",
    ]) {
        assert!(line.starts_with("test.toml: "), "{line}");
        assert!(line.contains(key), "{line} should name {key}");
    }
}

#[test]
fn bad_timer_is_an_error() {
    let labels = "labels = [\"5'\", \"10'\", \"15'\", \"20'\", \"25'\", \"30'\", \"35'\", \"40'\", \"45'\", \"RECUPERO 48'\"]";
    rejected(
        &edited(labels, "labels = [\"RECUPERO\"]"),
        &["timer.labels", "1 cards"],
    );
}

#[test]
fn config_values_drive_the_game() {
    // A shorter timer: three cards, so two steps reach RECUPERO.
    let labels = "labels = [\"5'\", \"10'\", \"15'\", \"20'\", \"25'\", \"30'\", \"35'\", \"40'\", \"45'\", \"RECUPERO 48'\"]";
    let g = load(&edited(labels, "labels = [\"0'\", \"45'\", \"RECUPERO\"]")).unwrap();
    let mut s = scenario(*g.rules()).hand(0, &[C::Melina]).timer(1).build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Melina)],
    );
    assert_eq!(s.half(), 2);
    // A green die of X faces only, and a hand of four.
    let text = edited(
        "green = [\"ball\", \"ball\", \"+1\", \"-1\", \"X\", \"X\"]",
        "green = [\"X\"]",
    )
    .replace("hand_size = 5", "hand_size = 4");
    let g = load(&text).unwrap();
    let mut s = scenario(*g.rules()).hand(0, &[C::Passaggio]).build();
    assert_eq!(s.hand_count(0), 4);
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Passaggio)],
    );
    let mut c = ChanceList::new();
    s.chance_outcomes(&mut c);
    assert_eq!(c.to_vec(), [(G_X, 1)]);
}
