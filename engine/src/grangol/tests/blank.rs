//! The lab's BLANK card (not in the rulebook), for card-value ablations: it is dealt,
//! drawn, held, discarded, given and taken like any card, never played, and has no effect.
//! `Grangol::with_blank` replaces one copy of a card by a BLANK.

use super::*;
use crate::core::ChanceOutcomes;

fn blank_rules() -> Rules {
    rules_with_blanks(10)
}

fn copies(g: &Grangol, c: Card) -> u8 {
    g.rules().deck[c.index()]
}

// ----- with_blank and the rules file ----------------------------------------------------------

#[test]
fn with_blank_keeps_the_deck_size_and_moves_exactly_one_copy() {
    let g = Grangol::default_rules();
    let b = g.with_blank("TIRO DA FUORI").unwrap();
    assert_eq!(b.rules().deck_size, g.rules().deck_size);
    for c in Card::ALL {
        let want = match c {
            C::TiroDaFuori => copies(&g, c) - 1,
            C::Blank => 1,
            _ => copies(&g, c),
        };
        assert_eq!(copies(&b, c), want, "{}", c.name());
    }
    assert_eq!(b.rules().options, g.rules().options);
    // The rules file shows the change (it is what run.json records), and is valid.
    let cards = &b.config().deck.cards;
    assert_eq!(cards["TIRO DA FUORI"], 2);
    assert_eq!(cards["BLANK"], 1);
    assert_eq!(b.rules().deck_size, 90);
    assert_eq!(b.config().validate().unwrap(), *b.rules());
    // The card list now names BLANK, without a success condition.
    let info = crate::core::Game::info(&b);
    assert_eq!(info.cards.len(), NUM_CARDS);
    assert_eq!(info.cards[C::Blank.index()].name, "BLANK");
    assert!(!info.cards[C::Blank.index()].has_outcome);
    // Calls chain: the last copy of a card can go too.
    let bb = b.with_blank("tiro da fuori").unwrap();
    let bbb = bb.with_blank("TIRO DA FUORI").unwrap();
    assert_eq!(copies(&bbb, C::TiroDaFuori), 0);
    assert_eq!(copies(&bbb, C::Blank), 3);
    assert_eq!(bbb.rules().deck_size, 90);
}

#[test]
fn with_blank_reads_names_as_users_type_them() {
    let g = Grangol::default_rules();
    for name in [
        "TIRO DA FUORI",
        "tiro da fuori",
        "  Tiro Da Fuori\t",
        "\"TIRO DA FUORI\"",
    ] {
        let b = g
            .with_blank(name)
            .unwrap_or_else(|e| panic!("{name:?}: {e}"));
        assert_eq!(copies(&b, C::TiroDaFuori), 2, "{name:?}");
    }
    let b = g.with_blank("superiorita' tecnica").unwrap();
    assert_eq!(copies(&b, C::Superiorita), 0);
    let b = g.with_blank("tempo +5").unwrap();
    assert_eq!(copies(&b, C::Tempo5), 9);
}

/// `with_blank(name)` fails with a one-line message naming every one of `words`.
#[track_caller]
fn blank_rejected(g: &Grangol, name: &str, words: &[&str]) {
    let msg = g.with_blank(name).expect_err("must be rejected");
    assert!(!msg.contains('\n'), "one line: {msg}");
    for w in words {
        assert!(msg.contains(w), "{msg:?} should name {w:?}");
    }
}

#[test]
fn with_blank_rejects_unknown_absent_and_blank_cards() {
    let g = Grangol::default_rules();
    blank_rejected(
        &g,
        "TIRO DA FUORRI",
        &["unknown card", "TIRO DA FUORRI", "PASSAGGIO"],
    );
    blank_rejected(&g, "", &["unknown card"]);
    let no_grangol = g.with_blank("GRANGOL").unwrap();
    blank_rejected(&no_grangol, "grangol", &["\"GRANGOL\"", "0 copies"]);
    blank_rejected(&g, "BLANK", &["\"BLANK\"", "blank card itself"]);
    blank_rejected(&no_grangol, "blank", &["\"BLANK\"", "blank card itself"]);
}

#[test]
fn the_rules_file_accepts_blank_and_still_rejects_unknown_names() {
    let text = DEFAULT_RULES
        .replace("BLANK = 0", "BLANK = 3")
        .replace("size = \"sum\"", "size = 93");
    let g = Grangol::from_toml(&text, "test.toml").unwrap();
    assert_eq!(copies(&g, C::Blank), 3);
    assert_eq!(g.rules().deck_size, 93);
    let e = Grangol::from_toml(&text.replace("BLANK = 3", "BLANKS = 3"), "test.toml")
        .expect_err("unknown card");
    assert!(e.to_string().contains("unknown card \"BLANKS\""), "{e}");
    // The default file lists BLANK with no copy: the printed cards alone.
    let g = Grangol::default_rules();
    assert_eq!(g.config().deck.cards["BLANK"], 0);
    let info = crate::core::Game::info(&g);
    assert_eq!(
        info.cards.len(),
        NUM_CARDS - 1,
        "BLANK is not listed without a copy"
    );
    assert!(info.cards.iter().all(|c| c.name != "BLANK"));
}

// ----- BLANK in play ----------------------------------------------------------------------------

#[test]
fn a_drawn_blank_has_no_effect_and_stays_in_hand() {
    let mut s = scenario(blank_rules()).hand(0, &[C::Passaggio]).build();
    let events = play_events(&mut s, &[act::DRAW, act::card(C::Blank)]);
    assert_eq!(
        events,
        [GameEvent::CardDrawn {
            seat: 0,
            card: C::Blank as u8
        }]
    );
    assert_eq!(s.hand_has(0, C::Blank), 1);
    assert_eq!((s.hand_count(0), s.timer()), (6, 0));
    // It counts toward the hand: one card must still go, and BLANK cannot be played.
    assert_eq!(legal(&s), [act::play(C::Passaggio)]);
}

#[test]
fn blank_is_never_playable_but_can_be_discarded_over_the_hand_limit() {
    // Reading 1, default: a hand of BLANKs and CONTRASTO cannot play, so it discards.
    let mut s = scenario(blank_rules())
        .hand(0, &[C::Blank, C::Blank, C::Blank, C::Blank])
        .build();
    assert_eq!(legal(&s), [act::DRAW, act::CAMBIO]);
    play(&mut s, &[act::DRAW, act::card(C::Blank)]);
    assert_eq!(
        legal(&s),
        [act::pick(C::Contrasto), act::pick(C::Blank)],
        "six cards, one over the limit: BLANK may go"
    );
    play(&mut s, &[act::pick(C::Blank)]);
    assert_turn_start(&s, 1);
    assert_eq!(s.discard[C::Blank.index()], 1);
    assert_eq!(s.hand_count(0), 5);
    // The opponent may not take it: a card taken must be played at once.
    assert!(!legal(&s).contains(&act::take(C::Blank)));
    // Reading 1, "always": discarding BLANK is offered next to the plays.
    let r = Rules {
        options: Options {
            discard: DiscardRule::Always,
            ..blank_rules().options
        },
        ..blank_rules()
    };
    let mut s = scenario(r).hand(0, &[C::Blank, C::Passaggio]).build();
    play(&mut s, &[act::DRAW, act::card(C::Melina)]);
    assert_eq!(
        legal(&s),
        [
            act::play(C::Passaggio),
            act::play(C::Melina),
            act::pick(C::Passaggio),
            act::pick(C::Contrasto),
            act::pick(C::Melina),
            act::pick(C::Blank),
        ]
    );
}

#[test]
fn blank_can_be_given_and_taken_with_mischia() {
    let mut s = scenario(blank_rules())
        .hand(0, &[C::Mischia, C::Blank])
        .hand(1, &[C::Blank])
        .build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Mischia)],
    );
    assert_eq!(legal(&s), [act::pick(C::Contrasto), act::pick(C::Blank)]);
    play(&mut s, &[act::pick(C::Blank)]);
    let mut c = ChanceList::new();
    s.chance_outcomes(&mut c);
    assert_eq!(
        c.to_vec(),
        [(act::card(C::Passaggio), 4), (act::card(C::Blank), 1)]
    );
    play(&mut s, &[act::card(C::Blank)]);
    assert_turn_start(&s, 1);
    assert_eq!((s.hand_has(0, C::Blank), s.hand_has(1, C::Blank)), (1, 1));
}

#[test]
fn blank_can_be_replaced_by_cambio_and_lost_to_a_red_card() {
    // CAMBIO.
    let mut s = scenario(blank_rules()).hand(0, &[C::Blank]).build();
    play(&mut s, &[act::CAMBIO]);
    assert_eq!(legal(&s), [act::pick(C::Contrasto), act::pick(C::Blank)]);
    play(
        &mut s,
        &[act::pick(C::Blank), act::DONE, act::card(C::Passaggio)],
    );
    assert_eq!(s.hand_has(0, C::Blank), 0);
    // A red card, discarded at random (reading 12, default)...
    let mut s = tackle(blank_rules(), &[C::Espulsione], &[C::Blank], 2, WHISTLE);
    play(&mut s, &[act::play(C::Espulsione)]);
    let mut c = ChanceList::new();
    s.chance_outcomes(&mut c);
    assert!(c.contains(&(act::card(C::Blank), 1)), "{:?}", options(&s));
    play(&mut s, &[act::card(C::Blank)]);
    assert_eq!(s.discard[C::Blank.index()], 1);
    // ...or chosen by the offender.
    let r = Rules {
        options: Options {
            red_card_discard: RedCardDiscard::Offender,
            ..blank_rules().options
        },
        ..blank_rules()
    };
    let mut s = tackle(r, &[C::Espulsione], &[C::Blank], 2, WHISTLE);
    play(&mut s, &[act::play(C::Espulsione)]);
    assert_eq!(legal(&s), [act::pick(C::Passaggio), act::pick(C::Blank)]);
    play(&mut s, &[act::pick(C::Blank)]);
    assert_eq!(s.hand_has(1, C::Blank), 0);
}

#[test]
fn fallo_intenzionale_may_discard_a_blank_from_the_attackers_hand() {
    let mut s = scenario(blank_rules())
        .hand(0, &[C::Blank, C::Tiro])
        .hand(1, &[C::FalloIntenzionale])
        .attack(0, 2)
        .turn(1)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Passaggio),
            act::play(C::FalloIntenzionale),
            act::card(C::Passaggio),
        ],
    );
    assert_eq!(s.tasks.last(), Some(&Task::InspectDiscard));
    assert!(legal(&s).contains(&act::pick(C::Blank)));
    play(&mut s, &[act::pick(C::Blank)]);
    assert_eq!(s.discard[C::Blank.index()], 1);
}

#[test]
fn dribbling_and_tifosi_never_use_a_blank() {
    let mut s = scenario(blank_rules())
        .hand(0, &[C::Dribbling, C::Blank, C::Passaggio, C::Tifosi])
        .attack(0, 3)
        .build();
    play(&mut s, &[act::DRAW, act::card(C::Blank)]);
    let plays = legal(&s);
    assert!(plays.contains(&act::play(C::Dribbling)));
    assert!(!plays.contains(&act::play(C::Blank)));
    assert!(!plays.contains(&act::play_as(C::Blank)));
    play(&mut s, &[act::play(C::Dribbling)]);
    let picks = legal(&s);
    assert!(picks.contains(&act::play(C::Passaggio)));
    assert!(!picks.contains(&act::play(C::Blank)));
    assert!(!picks.contains(&act::play_as(C::Blank)));
}

#[test]
fn random_games_with_blanks_pass_the_generic_battery() {
    // Card conservation, hand limits and determinization with BLANKs in the deck.
    let g = Grangol::from_parts(Grangol::default_rules().config().clone(), blank_rules());
    let r = check_game(&g, 200, 3).unwrap();
    assert_eq!(r.games, 200);
    let mut g = Grangol::default_rules();
    for name in ["PASSAGGIO", "CONTRASTO", "TEMPO +5", "MISCHIA", "GRANGOL"] {
        g = g.with_blank(name).unwrap();
    }
    let r = check_game(&g, 200, 4).unwrap();
    assert_eq!(r.games, 200);
}
