//! `use_special_cards` (queens skip, aces reverse, twos make the next player draw two)
//! and `reshuffle` (OpenSpiel `CrazyEightsState::ApplyPlayAction`, `ApplyDealAction`,
//! `PlayLegalActions`, `Reshuffle`).

use super::*;

fn special() -> Rules {
    rules_with(|r| r.use_special_cards = true)
}

/// Seat 1 holds `hand1` (seven cards), seat 0 [`HAND0`]; seat 0 deals, `flip` turned up.
fn special_game(hand1: &[&str], flip: &str) -> State {
    setup(special(), 0, [&HAND0, hand1], &[flip])
}

#[test]
fn without_special_cards_queens_aces_and_twos_are_ordinary() {
    let mut s = setup(
        rules(),
        0,
        [&HAND0, &["HQ", "HA", "H2", "H6", "S7", "S9", "SK"]],
        &["H9"],
    );
    play(&mut s, &[card("HQ")]);
    assert_eq!(s.turn(), Turn::Decision(0));
    play(&mut s, &[act::draw(), card("H7"), card("H7")]);
    play(&mut s, &[card("H2")]);
    assert_eq!(s.twos_to_draw(), 0);
    assert_eq!(legal(&s), vec![act::draw()]);
}

#[test]
fn a_queen_skips_the_next_player() {
    let mut s = special_game(&["HQ", "H4", "H5", "H6", "S7", "S9", "SK"], "H9");
    let events = play(&mut s, &[card("HQ")]);
    // With two players, the same seat plays again, in a new turn.
    assert_eq!(s.turn(), Turn::Decision(1));
    assert!(events.contains(&GameEvent::TurnEnd { seat: 1 }));
    assert_eq!(
        legal(&s),
        vec![card("H4"), card("H5"), card("H6"), act::draw()]
    );
}

#[test]
fn an_ace_reverses_the_direction() {
    let mut s = special_game(&["HA", "H4", "H5", "H6", "S7", "S9", "SK"], "H9");
    play(&mut s, &[card("HA")]);
    assert_eq!(s.direction(), -1);
    assert_eq!(s.turn(), Turn::Decision(0));
}

#[test]
fn a_two_makes_the_next_player_draw_two_cards_in_one_go() {
    let mut s = special_game(&["H2", "H4", "H5", "H6", "S7", "S9", "SK"], "H9");
    play(&mut s, &[card("H2")]);
    assert_eq!(s.twos_to_draw(), 2);
    // Seat 0 has no two: it must draw, and nothing else.
    assert_eq!(s.turn(), Turn::Decision(0));
    assert_eq!(legal(&s), vec![act::draw()]);
    play(&mut s, &[act::draw(), card("DA")]);
    // The second card follows at once, without a decision.
    assert_eq!(s.turn(), Turn::Chance);
    let events = play(&mut s, &[card("D2")]);
    assert!(events.contains(&GameEvent::TurnEnd { seat: 0 }));
    assert_eq!(s.hand_size(0), 9);
    assert_eq!(s.twos_to_draw(), 0);
    // The drawn two is not played: the turn has passed.
    assert_eq!(s.turn(), Turn::Decision(1));
}

#[test]
fn twos_stack_and_the_next_player_draws_them_all() {
    let mut s = setup(
        special(),
        0,
        [
            &["C2", "C4", "C5", "C6", "C7", "D9", "DK"],
            &["H2", "H4", "H5", "H6", "S7", "S9", "SK"],
        ],
        &["H9"],
    );
    play(&mut s, &[card("H2")]);
    // Seat 0 may answer with its own two (any suit) or draw.
    assert_eq!(legal(&s), vec![card("C2"), act::draw()]);
    play(&mut s, &[card("C2")]);
    assert_eq!(s.twos_to_draw(), 4);
    assert_eq!(s.turn(), Turn::Decision(1));
    assert_eq!(legal(&s), vec![act::draw()]);
    play(
        &mut s,
        &[act::draw(), card("DA"), card("DQ"), card("DJ"), card("D3")],
    );
    assert_eq!(s.hand_size(1), 10);
    assert_eq!(s.turn(), Turn::Decision(0));
}

#[test]
fn a_two_played_on_an_empty_pile_is_ordinary() {
    let mut s = special_game(&["H2", "H4", "H5", "H6", "S7", "S9", "SK"], "H9");
    s.deck = 0;
    play(&mut s, &[card("H2")]);
    assert_eq!(s.twos_to_draw(), 0);
    assert_eq!(legal(&s), vec![act::pass()]);
}

#[test]
fn an_empty_pile_cuts_the_twos_short() {
    let mut s = special_game(&["H2", "H4", "H5", "H6", "S7", "S9", "SK"], "H9");
    s.deck = set(&["DA"]);
    play(&mut s, &[card("H2"), act::draw(), card("DA")]);
    // One card could be drawn: the rest is forgiven and the turn passes.
    assert_eq!(s.twos_to_draw(), 0);
    assert_eq!(s.turn(), Turn::Decision(1));
    assert_eq!(s.passes(), 0);
}

#[test]
fn drawing_the_last_two_from_the_last_cards_of_the_pile_counts_as_a_pass() {
    let mut s = special_game(&["H2", "H4", "H5", "H6", "S7", "S9", "SK"], "H9");
    s.deck = set(&["DA", "DQ"]);
    play(&mut s, &[card("H2"), act::draw(), card("DA"), card("DQ")]);
    assert_eq!(s.passes(), 1);
    assert_eq!(s.turn(), Turn::Decision(1));
}

#[test]
fn a_special_card_turned_up_acts_as_if_the_dealer_played_it() {
    // A queen: the seat after the dealer is skipped, the dealer plays first.
    let s = special_game(&HAND1, "DQ");
    assert_eq!(s.turn(), Turn::Decision(0));
    // An ace: the direction reverses, and the seat before the dealer plays.
    let s = special_game(&HAND1, "DA");
    assert_eq!((s.turn(), s.direction()), (Turn::Decision(1), -1));
    // A two: the seat after the dealer draws two.
    let s = special_game(&HAND1, "D2");
    assert_eq!((s.turn(), s.twos_to_draw()), (Turn::Decision(1), 2));
    assert_eq!(legal(&s), vec![act::draw()]);
}

#[test]
fn with_reshuffle_the_discard_pile_becomes_the_draw_pile() {
    let r = rules_with(|r| r.reshuffle = true);
    let mut s = setup(r, 0, [&HAND0, &HAND1], &["DA"]);
    play(&mut s, &[act::draw(), card("S2")]);
    // Leave one card in the pile, the others in the discard pile (top: DA).
    s.deck = set(&["S3"]);
    let discards = s.discard_pile();
    play(&mut s, &[act::draw(), card("S3")]);
    // The pile ran out: every discard but the top card came back.
    assert_eq!(s.draw_pile(), discards & !set(&["DA"]));
    assert_eq!(s.discard_pile(), set(&["DA"]));
    assert_eq!(
        s.draws_this_turn(),
        2,
        "a refilled pile does not end the drawing"
    );
    assert!(legal(&s).contains(&act::draw()));
}

#[test]
fn without_reshuffle_an_empty_pile_stays_empty() {
    let mut s = standard("DA");
    s.deck = set(&["S3"]);
    play(&mut s, &[act::draw(), card("S3")]);
    assert_eq!(s.draw_pile_size(), 0);
    assert_eq!(legal(&s), vec![act::pass()]);
}

#[test]
fn special_cards_and_reshuffle_pass_the_battery() {
    for (special, reshuffle) in [(true, false), (false, true), (true, true)] {
        let r = rules_with(|r| {
            r.use_special_cards = special;
            r.reshuffle = reshuffle;
        });
        let mut cfg = CrazyEights::default_rules().config().clone();
        cfg.use_special_cards = special;
        cfg.reshuffle = reshuffle;
        let g = CrazyEights::from_parts(cfg, r);
        let report = crate::core::testing::check_game(&g, 200, 7).unwrap();
        assert_eq!(report.games, 200);
    }
}
