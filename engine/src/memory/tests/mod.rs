//! Rule tests of the memory game: one test per clause of the rulebook and per rule option
//! (`docs/rules/memory.md` maps each clause to these tests), then the generic battery.

mod observation;

use super::actions as act;
use super::*;
use crate::core::testing::{apply_checked, check_game, legal};
use crate::core::Game;
use crate::core::{derive_rng, ChanceOutcomes, GameEvent, GameState, InfoSets, Seat, Stream, Turn};

/// A small rule set: `players` players, a 4 × 5 grid, pairs worth 1, 2 and 3 points
/// (3, 3 and 2 of them: footballers 0-2 are worth 1, 3-5 worth 2, 6-7 worth 3) and one
/// copy of each prize card (20 cards), changed by `f`.
fn small(players: u8, f: impl FnOnce(&mut RulesConfig)) -> Memory {
    let mut c = Memory::default_rules().config().clone();
    c.players = players;
    c.rows = 4;
    c.columns = 5;
    c.pairs = vec![3, 3, 2];
    c.prizes = PrizesConfig {
        yellow: 1,
        red: 1,
        var: 1,
        play_game: 1,
        blank: 0,
    };
    f(&mut c);
    let rules = c.validate().unwrap();
    Memory::from_parts(c, rules)
}

const Y: u8 = PRIZE_BASE;
const R: u8 = PRIZE_BASE + 1;
const V: u8 = PRIZE_BASE + 2;
const P: u8 = PRIZE_BASE + 3;

/// The layout most tests use: places 0..20 in order.
const LAYOUT: [u8; 20] = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, Y, R, V, P];

/// The state after dealing `faces` to places 0, 1, … (then the rest in face order).
fn dealt(game: &Memory, faces: &[u8]) -> State {
    let mut s = game.new_initial_state();
    for &f in faces {
        apply_checked(&mut s, act::deal(f));
    }
    while s.turn() == Turn::Chance {
        let a = crate::core::testing::chance(&s)[0].0;
        apply_checked(&mut s, a);
    }
    s
}

/// Applies the actions, checked, and returns their events.
fn play(s: &mut State, actions: &[crate::core::Action]) -> Vec<GameEvent> {
    let mut events = Vec::new();
    for &a in actions {
        events.extend(apply_checked(s, a));
        s.check_invariants().unwrap();
    }
    events
}

fn turn_ends(events: &[GameEvent]) -> Vec<Seat> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::TurnEnd { seat } => Some(*seat),
            _ => None,
        })
        .collect()
}

#[test]
fn the_deal_lays_every_card_face_down_and_seat_0_begins() {
    let g = small(2, |_| {});
    let s = dealt(&g, &LAYOUT);
    assert_eq!(s.face_down().count_ones(), 20);
    assert_eq!((s.phase(), s.mover(), s.turns()), (Phase::TurnStart, 0, 1));
    assert_eq!(s.known(0) | s.known(1), 0, "nobody has seen a card");
    // The default grid: 100 places for 88 footballers and 12 prize cards.
    let d = Memory::default_rules();
    assert_eq!(d.rules().num_cards(), 100);
    assert_eq!(d.rules().total_points(), 11 * (1 + 2 + 3 + 4));
    // Any turn of the first player may turn any face-down card.
    assert_eq!(legal(&s).len(), 20);
}

#[test]
fn a_pair_is_taken_and_the_player_turns_again() {
    let g = small(2, |_| {});
    let mut s = dealt(&g, &LAYOUT);
    let events = play(&mut s, &[act::turn(12), act::turn(13)]);
    assert_eq!(s.points(0), 3);
    assert_eq!(s.pairs_held(0)[2], 1);
    assert_eq!(s.face(12), EMPTY);
    assert!(events.contains(&GameEvent::Goal { seat: 0 }));
    assert_eq!(turn_ends(&events), [0]);
    assert_eq!((s.mover(), s.turns()), (0, 2), "another turn");
}

#[test]
fn two_different_footballers_go_back_face_down_where_they_were_and_the_turn_passes() {
    let g = small(2, |_| {});
    let mut s = dealt(&g, &LAYOUT);
    let events = play(&mut s, &[act::turn(0), act::turn(2)]);
    assert_eq!(s.face_down().count_ones(), 20);
    assert_eq!((s.face(0), s.face(2)), (0, 1), "in the same places");
    // Both players saw them.
    for seat in 0..2 {
        assert_eq!(s.known(seat), 0b101);
    }
    assert_eq!(turn_ends(&events), [0]);
    assert_eq!(s.mover(), 1);
}

#[test]
fn a_prize_card_is_taken_when_turned_and_the_second_card_is_still_turned() {
    let g = small(2, |_| {});
    let mut s = dealt(&g, &LAYOUT);
    let events = play(&mut s, &[act::turn(18)]);
    assert_eq!(s.prizes(0)[Prize::Var.index()], 1);
    assert_eq!(s.face(18), EMPTY);
    assert!(events.contains(&GameEvent::CardDrawn {
        seat: 0,
        card: Prize::Var as u8
    }));
    assert_eq!(s.phase(), Phase::Second);
    // The second card is a prize too: both are taken, the turn passes.
    play(&mut s, &[act::turn(19)]);
    assert_eq!(s.prizes(0)[Prize::PlayGame.index()], 1);
    assert_eq!(s.mover(), 1);
    // Reading 2, "ends-turn": taking it ends the turn at once.
    let g = small(2, |c| c.options.prize = PrizeRule::EndsTurn);
    let mut s = dealt(&g, &LAYOUT);
    play(&mut s, &[act::turn(16)]);
    assert_eq!((s.phase(), s.mover()), (Phase::TurnStart, 1));
    assert_eq!(s.prizes(0)[Prize::Yellow.index()], 1);
}

#[test]
fn a_prize_card_turned_second_is_taken_and_the_footballer_goes_back() {
    let g = small(2, |_| {});
    let mut s = dealt(&g, &LAYOUT);
    play(&mut s, &[act::turn(0), act::turn(17)]);
    assert_eq!(s.prizes(0)[Prize::Red.index()], 1);
    assert!(s.face_down() & 1 != 0);
    assert_eq!(s.mover(), 1);
}

/// Seat 0 takes VAR in its first turn (with footballer 0 second); seat 1 turns two
/// different footballers.
fn with_var(g: &Memory) -> State {
    let mut s = dealt(g, &LAYOUT);
    play(
        &mut s,
        &[act::turn(18), act::turn(0), act::turn(2), act::turn(4)],
    );
    assert_eq!(s.mover(), 0);
    s
}

#[test]
fn var_looks_at_two_cards_in_secret_at_the_start_of_the_next_turn() {
    let g = small(2, |_| {});
    let mut s = with_var(&g);
    assert!(legal(&s).contains(&act::USE_VAR));
    let other_key = s.info_key(1);
    let events = play(&mut s, &[act::USE_VAR, act::look(6)]);
    assert!(events.contains(&GameEvent::CardPlayed {
        seat: 0,
        card: Prize::Var as u8
    }));
    assert_eq!(s.phase(), Phase::Look(1));
    assert!(!legal(&s).contains(&act::look(6)), "two different cards");
    play(&mut s, &[act::look(7)]);
    assert_eq!(s.known(0) & 0b1100_0000, 0b1100_0000);
    assert_eq!(
        s.known(1) & 0b1100_0000,
        0,
        "the other player does not see them"
    );
    assert_ne!(
        s.info_key(1),
        other_key,
        "but he sees that VAR was used, and where"
    );
    // Look once: no second VAR in the turn; the turn goes on, and seat 0 takes the pair.
    assert_eq!(s.phase(), Phase::TurnStart);
    assert!(!legal(&s).contains(&act::USE_VAR));
    play(&mut s, &[act::turn(6), act::turn(7)]);
    assert_eq!(s.points(0), 2);
    assert_eq!(s.prizes(0)[Prize::Var.index()], 0, "discarded after use");
}

#[test]
fn var_not_used_at_the_next_turn_can_no_longer_be_used_unless_any_turn() {
    let g = small(2, |_| {});
    let mut s = with_var(&g);
    play(&mut s, &[act::turn(6), act::turn(8)]);
    play(&mut s, &[act::turn(10), act::turn(12)]);
    assert_eq!(s.mover(), 0);
    assert!(!legal(&s).contains(&act::USE_VAR));
    assert_eq!(
        s.prizes(0)[Prize::Var.index()],
        1,
        "still held: it counts as a card"
    );
    let g = small(2, |c| c.options.var = VarRule::AnyTurn);
    let mut s = with_var(&g);
    play(&mut s, &[act::turn(6), act::turn(8)]);
    play(&mut s, &[act::turn(10), act::turn(12)]);
    assert!(legal(&s).contains(&act::USE_VAR));
}

/// Under `var = "next-turn"` a VAR not used at the start of the turn lapses as soon as
/// the turn goes on (its first card turned): the seat's ready count, which its
/// observation shows, drops to 0 there, not only at its next turn. Under `any-turn` it
/// stays ready.
#[test]
fn var_lapses_when_the_turn_goes_on_without_it() {
    let g = small(2, |_| {});
    let mut s = with_var(&g);
    assert_eq!(s.var_ready(0), 1);
    play(&mut s, &[act::turn(6)]);
    assert_eq!(s.var_ready(0), 0, "lapsed with the first card");
    let g = small(2, |c| c.options.var = VarRule::AnyTurn);
    let mut s = with_var(&g);
    play(&mut s, &[act::turn(6)]);
    assert_eq!(s.var_ready(0), 1);
}

/// Seat 0 and seat 1 each hold a pair; seat 0 holds PLAY GAME.
fn before_match(g: &Memory) -> State {
    let mut s = dealt(g, &LAYOUT);
    // Seat 0: pair of 3s, then PLAY GAME and a footballer. Seat 1: pair of 1s, then
    // two different footballers.
    play(
        &mut s,
        &[act::turn(12), act::turn(13), act::turn(19), act::turn(2)],
    );
    play(
        &mut s,
        &[act::turn(0), act::turn(1), act::turn(4), act::turn(6)],
    );
    assert_eq!((s.mover(), s.points(0), s.points(1)), (0, 3, 1));
    s
}

#[test]
fn play_game_is_a_die_match_whose_winner_takes_a_pair_of_the_loser() {
    let g = small(2, |_| {});
    let mut s = before_match(&g);
    assert!(legal(&s).contains(&act::challenge(1)));
    play(&mut s, &[act::challenge(1)]);
    assert_eq!(s.phase(), Phase::Roll(0));
    assert_eq!(s.chance_stream(), 1);
    // Equal goals: both roll again.
    play(&mut s, &[act::roll(3), act::roll(3)]);
    assert_eq!(s.phase(), Phase::Roll(0));
    let events = play(&mut s, &[act::roll(2), act::roll(5)]);
    assert!(events.contains(&GameEvent::CardResolved {
        seat: 0,
        card: Prize::PlayGame as u8,
        success: false
    }));
    // Seat 1 won: it chooses among seat 0's pairs (one, worth 3).
    assert_eq!(s.turn(), Turn::Decision(1));
    assert_eq!(legal(&s), [act::take(3)]);
    play(&mut s, &[act::take(3)]);
    assert_eq!((s.points(0), s.points(1)), (0, 4));
    assert_eq!(s.mover(), 1, "instead of the challenger's turn");
}

#[test]
fn play_game_needs_a_pair_on_both_sides() {
    let g = small(2, |_| {});
    let mut s = dealt(&g, &LAYOUT);
    play(&mut s, &[act::turn(19), act::turn(0)]);
    play(&mut s, &[act::turn(2), act::turn(4)]);
    assert_eq!(s.mover(), 0);
    assert!(!legal(&s).contains(&act::challenge(1)));
}

#[test]
fn yellow_stops_the_turn_after_its_first_card_and_two_yellows_are_a_red() {
    // Three players on a 5 × 5 grid with two YELLOWs: seat 2 takes both.
    let g = small(3, |c| {
        c.rows = 5;
        c.prizes.yellow = 2;
    });
    let layout = [
        0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, Y, Y, R, V, P,
    ];
    let mut s = dealt(&g, &layout);
    play(&mut s, &[act::turn(0), act::turn(2)]); // seat 0
    play(&mut s, &[act::turn(4), act::turn(6)]); // seat 1
    play(&mut s, &[act::turn(16), act::turn(17)]); // seat 2: two YELLOWs
    play(&mut s, &[act::turn(8)]); // seat 0
    assert_eq!(
        s.turn(),
        Turn::Decision(2),
        "seat 2 may answer the first card"
    );
    assert_eq!(legal(&s), [act::YELLOW, act::PASS]);
    let events = play(&mut s, &[act::YELLOW]);
    assert!(events.contains(&GameEvent::CardPlayed {
        seat: 2,
        card: Prize::Yellow as u8
    }));
    assert!(s.face_down() & (1 << 8) != 0, "the first card goes back");
    assert_eq!(s.mover(), 1, "the turn passes to the next player");
    play(&mut s, &[act::turn(10), act::PASS, act::turn(12)]); // seat 1
    play(&mut s, &[act::turn(1), act::turn(3)]); // seat 2
    play(&mut s, &[act::turn(8), act::YELLOW]); // seat 0 again
                                                // The second YELLOW against seat 0 works as a RED: seat 2, who played it, moves.
    assert_eq!(s.mover(), 2);
}

/// Reading 5, "2 yellow cards turn into a red card": the second YELLOW against a player
/// works as a RED under both readings; the third passes the turn on under `every-second`
/// (the count starts again) and gives it to whoever played it under `from-second`.
#[test]
fn the_third_yellow_follows_the_double_yellow_reading() {
    for (reading, third_to) in [
        (DoubleYellow::EverySecond, 1),
        (DoubleYellow::FromSecond, 2),
    ] {
        let g = small(3, |c| {
            c.rows = 5;
            c.prizes.yellow = 3;
            c.options.double_yellow = reading;
        });
        let layout = [
            0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, Y, Y, R, V, P, Y,
        ];
        let mut s = dealt(&g, &layout);
        play(&mut s, &[act::turn(0), act::turn(2)]); // seat 0
        play(&mut s, &[act::turn(4), act::turn(6)]); // seat 1
        play(&mut s, &[act::turn(16), act::turn(17)]); // seat 2: two YELLOWs
        play(&mut s, &[act::turn(8), act::YELLOW]); // seat 0: the first YELLOW
        assert_eq!(s.mover(), 1, "{reading:?}: the first passes the turn on");
        play(&mut s, &[act::turn(10), act::PASS, act::turn(12)]); // seat 1
        play(&mut s, &[act::turn(1), act::turn(3)]); // seat 2
        play(&mut s, &[act::turn(8), act::YELLOW]); // seat 0: the second works as a RED
        assert_eq!(s.mover(), 2, "{reading:?}: the second works as a RED");
        play(&mut s, &[act::turn(21), act::turn(9)]); // seat 2 takes the third YELLOW
        assert_eq!(s.mover(), 0);
        play(&mut s, &[act::turn(8), act::YELLOW]); // seat 0: the third
        assert_eq!(s.mover(), third_to, "{reading:?}: the third");
    }
}

#[test]
fn red_stops_the_turn_and_gives_it_to_whoever_played_it() {
    let g = small(3, |_| {});
    let mut s = dealt(&g, &LAYOUT);
    play(&mut s, &[act::turn(0), act::turn(2)]); // seat 0
    play(&mut s, &[act::turn(4), act::turn(6)]); // seat 1
    play(&mut s, &[act::turn(17), act::turn(8)]); // seat 2 takes RED
    play(&mut s, &[act::turn(0)]); // seat 0 turns a 0 whose mate (1) is unseen
                                   // Seat 1 holds nothing: seat 2 answers.
    assert_eq!(s.turn(), Turn::Decision(2));
    play(&mut s, &[act::RED]);
    assert_eq!(s.mover(), 2);
    assert_eq!(s.prizes(2)[Prize::Red.index()], 0);
}

/// Two players on the small layout: seat 0 takes YELLOW (place 16), seat 1 takes RED
/// (place 17); then it is seat 0's turn again. Under `any-moment` seat 0 passes at the
/// start of seat 1's turn.
fn sanctions_dealt(sanction: Sanction) -> State {
    let g = small(2, |c| c.options.sanction = sanction);
    let mut s = dealt(&g, &LAYOUT);
    play(&mut s, &[act::turn(16), act::turn(2)]); // seat 0: YELLOW, a footballer
    if sanction == Sanction::AnyMoment {
        assert_eq!(
            s.turn(),
            Turn::Decision(0),
            "YELLOW before seat 1's first card"
        );
        assert_eq!(legal(&s), [act::YELLOW, act::PASS]);
        play(&mut s, &[act::PASS]);
    }
    play(&mut s, &[act::turn(17), act::turn(4)]); // seat 1: RED, a footballer
    assert_eq!(s.mover(), 0);
    s
}

#[test]
fn after_first_card_opens_one_window_and_a_pair_up_is_taken() {
    let mut s = sanctions_dealt(Sanction::AfterFirstCard);
    assert_eq!(
        s.turn(),
        Turn::Decision(0),
        "no answer before the first card"
    );
    play(&mut s, &[act::turn(0)]);
    assert_eq!(
        s.turn(),
        Turn::Decision(1),
        "seat 1 may answer the first card"
    );
    let events = play(&mut s, &[act::PASS, act::turn(1)]);
    assert!(
        events.contains(&GameEvent::Goal { seat: 0 }),
        "no answer after the pair"
    );
    assert_eq!(s.points(0), 1);
    assert_eq!(s.turn(), Turn::Decision(0));
}

#[test]
fn any_moment_opens_windows_before_the_first_card_and_before_a_pair_is_taken() {
    let mut s = sanctions_dealt(Sanction::AnyMoment);
    assert_eq!(
        s.turn(),
        Turn::Decision(1),
        "RED before seat 0's first card"
    );
    assert_eq!(legal(&s), [act::RED, act::PASS]);
    play(&mut s, &[act::PASS, act::turn(0)]);
    assert_eq!(
        s.turn(),
        Turn::Decision(1),
        "the window after the first card stays"
    );
    play(&mut s, &[act::PASS]);
    let events = play(&mut s, &[act::turn(1)]);
    assert!(!events.contains(&GameEvent::Goal { seat: 0 }));
    assert_eq!(
        s.turn(),
        Turn::Decision(1),
        "the pair is up: seat 1 may answer"
    );
    assert_eq!(s.second_card(), Some(1));
    let events = play(&mut s, &[act::RED]);
    assert!(!events.contains(&GameEvent::Goal { seat: 0 }));
    assert_eq!(s.points(0), 0, "RED stops the pair");
    assert_eq!(s.face_down() & 0b11, 0b11, "both cards go back face down");
    assert_eq!(s.mover(), 1, "the turn goes to whoever played RED");
    assert_eq!(
        s.turn(),
        Turn::Decision(0),
        "seat 0 holds YELLOW: his window first"
    );
    // A pair up that nobody stops is taken.
    let mut s = sanctions_dealt(Sanction::AnyMoment);
    let events = play(&mut s, &[act::PASS, act::turn(0), act::PASS, act::turn(1)]);
    assert!(!events.contains(&GameEvent::Goal { seat: 0 }));
    let events = play(&mut s, &[act::PASS]);
    assert!(events.contains(&GameEvent::Goal { seat: 0 }));
    assert_eq!(
        (s.points(0), s.mover()),
        (1, 0),
        "he takes it and goes again"
    );
}

#[test]
fn any_moment_yellow_before_the_first_card_passes_the_turn() {
    let g = small(2, |c| c.options.sanction = Sanction::AnyMoment);
    let mut s = dealt(&g, &LAYOUT);
    play(&mut s, &[act::turn(16), act::turn(2)]); // seat 0 takes YELLOW
    let events = play(&mut s, &[act::YELLOW]);
    assert_eq!(
        turn_ends(&events),
        [1],
        "seat 1's turn ends before his first card"
    );
    assert_eq!(s.mover(), 0, "the turn passes to the next player");
    assert_eq!(s.prizes(0)[Prize::Yellow.index()], 0);
}

#[test]
fn the_game_ends_when_the_grid_is_empty_most_points_then_most_cards_win() {
    let g = small(2, |c| {
        c.pairs = vec![1, 1];
        c.prizes = PrizesConfig {
            yellow: 0,
            red: 0,
            var: 1,
            play_game: 0,
            blank: 0,
        };
    });
    // Places: 0 0 1 1 VAR. Seat 0 takes the 1-point pair, then the 2-point pair, then
    // VAR: 2 + 1 = 3 points, and the game ends.
    let mut s = dealt(&g, &[0, 0, 1, 1, V]);
    play(
        &mut s,
        &[act::turn(0), act::turn(1), act::turn(2), act::turn(3)],
    );
    play(&mut s, &[act::turn(4)]);
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.returns()[..2], [1.0, 0.0]);
    // Equal points: the cards held decide; equal cards: a draw.
    let g = small(2, |c| {
        c.pairs = vec![2];
        c.prizes = PrizesConfig {
            yellow: 0,
            red: 0,
            var: 1,
            play_game: 0,
            blank: 0,
        };
    });
    let mut s = dealt(&g, &[0, 1, 0, 1, V]);
    play(&mut s, &[act::turn(0), act::turn(1)]); // seat 0: no pair
    play(&mut s, &[act::turn(0), act::turn(2)]); // seat 1: pair of 0
    play(&mut s, &[act::turn(4), act::turn(1)]); // seat 1 again: VAR, then a 1
    play(&mut s, &[act::turn(1), act::turn(3)]); // seat 0: pair of 1
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!((s.points(0), s.points(1)), (1, 1));
    assert_eq!(s.returns()[..2], [0.0, 1.0], "seat 1 holds VAR too");
}

#[test]
fn a_solitaire_returns_pairs_per_turn() {
    let g = small(1, |c| {
        c.pairs = vec![2];
        c.prizes = PrizesConfig::NONE;
    });
    assert_eq!(g.info().utility, crate::core::Utility::GeneralSum);
    let mut s = dealt(&g, &[0, 1, 0, 1]);
    play(
        &mut s,
        &[act::turn(0), act::turn(1), act::turn(2), act::turn(0)],
    );
    play(&mut s, &[act::turn(1), act::turn(3)]);
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.turns(), 3);
    assert_eq!(s.returns()[0], 2.0 / 3.0);
}

#[test]
fn both_at_once_chooses_the_second_card_before_the_first_is_seen() {
    let g = small(2, |c| c.options.flip = Flip::BothAtOnce);
    let mut s = dealt(&g, &LAYOUT);
    let before = s.info_key(1);
    play(&mut s, &[act::turn(0)]);
    assert_eq!(s.phase(), Phase::Second);
    assert_eq!(s.known(0), 0, "nothing is shown yet");
    assert_ne!(s.info_key(1), before);
    play(&mut s, &[act::turn(1)]);
    assert_eq!(s.points(0), 1);
}

/// Issue 23: under `both-at-once`, a lone prize card left face down had no second card to
/// go with it, so the player to move had no legal action (agents panicked). It is turned
/// alone and taken, and the game ends.
#[test]
fn both_at_once_turns_the_last_card_alone() {
    let g = small(2, |c| {
        c.options.flip = Flip::BothAtOnce;
        c.rows = 1;
        c.columns = 3;
        c.pairs = vec![1];
        // YELLOW alone (small() deals one of each).
        (c.prizes.red, c.prizes.var, c.prizes.play_game) = (0, 0, 0);
    });
    let mut s = dealt(&g, &[0, 0, Y]);
    play(&mut s, &[act::turn(0), act::turn(1)]);
    assert_eq!(
        (s.points(0), s.mover(), s.phase()),
        (1, 0, Phase::TurnStart)
    );
    assert_eq!(legal(&s), [act::turn(2)]);
    play(&mut s, &[act::turn(2)]);
    assert_eq!(s.prizes(0)[Prize::Yellow.index()], 1);
    assert_eq!(s.turn(), Turn::Terminal);
}

#[test]
fn determinization_keeps_what_the_seat_saw_and_redeals_the_rest() {
    let g = small(2, |_| {});
    let mut s = dealt(&g, &LAYOUT);
    play(&mut s, &[act::turn(0), act::turn(2)]);
    play(&mut s, &[act::turn(4), act::turn(6)]);
    // Seat 0 uses no VAR; seat 1 will have seen the same.
    let mut rng = derive_rng(1, 2, Stream::Other(3));
    let mut moved = 0;
    for _ in 0..50 {
        let d = s.determinize(0, &mut rng);
        assert_eq!(d.info_key(0), s.info_key(0));
        for c in [0u8, 2, 4, 6] {
            assert_eq!(d.face(c), s.face(c));
        }
        d.check_invariants().unwrap();
        moved += usize::from((0..20u8).any(|c| d.face(c) != s.face(c)));
    }
    assert!(moved > 40, "the unseen cards are redealt");
    // Forgetting a place makes it unseen: it is redealt and the key changes.
    let mut f = s.clone();
    assert_eq!(f.memory_stamp(0, 2), Some(1));
    f.forget(0, 2);
    assert_eq!(f.memory_stamp(0, 2), None);
    assert_ne!(f.info_key(0), s.info_key(0));
    assert!((0..50).any(|_| f.determinize(0, &mut rng).face(2) != 1));
}

/// A card turned face up is seen by every seat: two deals that differ only at a place
/// have the same keys until that place is turned, and different keys for every seat
/// after (the face, not only the place, is in what each seat observed).
#[test]
fn the_face_turned_up_is_in_every_seats_key() {
    let g = small(2, |_| {});
    let mut swapped = LAYOUT;
    swapped.swap(0, 2);
    let mut a = dealt(&g, &LAYOUT);
    let mut b = dealt(&g, &swapped);
    assert_ne!(a.face(0), b.face(0));
    for seat in 0..2 {
        assert_eq!(a.info_key(seat), b.info_key(seat), "the deal shows nothing");
    }
    play(&mut a, &[act::turn(0)]);
    play(&mut b, &[act::turn(0)]);
    for seat in 0..2 {
        assert_ne!(
            a.info_key(seat),
            b.info_key(seat),
            "seat {seat} saw the face"
        );
    }
}

#[test]
fn bad_rules_are_reported_with_their_keys() {
    let mut c = Memory::default_rules().config().clone();
    c.players = 5;
    c.rows = 12;
    c.columns = 12;
    c.pairs = vec![0; 9];
    c.die.faces = vec![3, 3];
    let keys: Vec<String> = c
        .validate()
        .unwrap_err()
        .into_iter()
        .map(|p| p.key)
        .collect();
    assert_eq!(keys, ["players", "rows", "pairs", "pairs", "die.faces"]);
    let mut c = Memory::default_rules().config().clone();
    c.rows = 9;
    let e = c.validate().unwrap_err();
    assert!(e[0].message.contains("100 cards"), "{}", e[0].message);
}

#[test]
fn prize_cards_can_be_ablated_but_not_footballers() {
    let g = Memory::default_rules();
    let b = g.with_blank("var").unwrap();
    assert_eq!(b.rules().prizes[Prize::Var.index()], 2);
    assert_eq!(b.rules().prizes[Prize::Blank.index()], 1);
    assert_eq!(b.info().cards.last().unwrap().name, "BLANK");
    assert!(g.with_blank("F3").unwrap_err().contains("--card F3"));
    let c = Memory::from_toml(
        &format!("{}\n", DEFAULT_RULES).replace("VAR = 3", "VAR = 0"),
        "test",
    )
    .unwrap();
    assert!(c.with_blank("VAR").unwrap_err().contains("no copy"));
}

#[test]
fn the_battery_passes_for_one_to_four_players_and_every_reading() {
    for n in 1..=4 {
        let g = small(n, |_| {});
        let report = check_game(&g, 20, u64::from(n)).unwrap();
        assert_eq!(report.games, 20);
        assert!(report.determinizations > 20);
        // Every decision is public: checked against the replay at some of them.
        assert!(report.claimed_actions > 20, "{report:?}");
    }
    let readings: [fn(&mut RulesConfig); 5] = [
        |c| c.options.flip = Flip::BothAtOnce,
        |c| c.options.prize = PrizeRule::EndsTurn,
        |c| {
            c.options.var = VarRule::AnyTurn;
            c.rows = 5;
            c.prizes.var = 3;
            c.prizes.blank = 1;
        },
        |c| {
            c.options.sanction = Sanction::AnyMoment;
            c.rows = 5;
            c.prizes.yellow = 2;
            c.prizes.red = 2;
        },
        |c| {
            c.options.sanction = Sanction::AnyMoment;
            c.options.flip = Flip::BothAtOnce;
        },
    ];
    for (i, f) in readings.into_iter().enumerate() {
        let g = small(2 + (i as u8 % 2), f);
        check_game(&g, 20, 50 + i as u64).unwrap();
    }
}

#[test]
fn the_battery_passes_on_the_default_grid() {
    check_game(&Memory::default_rules(), 2, 7).unwrap();
}

/// The theory capability: only the solitaire without prize cards knows its optimum, and
/// it is the closed form of its number of pairs.
#[test]
fn only_the_solitaire_without_prize_cards_has_a_known_optimum() {
    let no_prizes = |c: &mut RulesConfig| {
        c.prizes = PrizesConfig {
            yellow: 0,
            red: 0,
            var: 0,
            play_game: 0,
            blank: 0,
        };
        c.rows = 4;
        c.columns = 4;
    };
    let solo = small(1, no_prizes);
    let optimum = solo.info().known_optimum.expect("the solitaire's optimum");
    assert_eq!(optimum.size, 8);
    assert_eq!(optimum.expected_turns(), theory::optimal_expected_moves(8));
    assert!(
        small(1, |_| {}).info().known_optimum.is_none(),
        "prize cards"
    );
    assert!(
        small(2, no_prizes).info().known_optimum.is_none(),
        "two players"
    );
}

/// `State::is_listed`, which the rollout policy asks instead of scanning the list, says
/// what `contains` on the legal actions says, for every action code, at decisions of
/// random games of one to four players (turns, VAR looks, second cards, answers, takes).
#[test]
fn is_listed_is_the_lists_contains() {
    use crate::core::{ActionList, LegalActions};
    let mut checked = 0;
    for n in 1..=4 {
        let g = small(n, |c| c.options.sanction = Sanction::AnyMoment);
        for game in 0..60 {
            let Some((s, _, _)) = crate::core::testing::random_decision(&g, 3, game, 0..80) else {
                continue;
            };
            let mut legal = ActionList::new();
            s.legal_actions(&mut legal);
            for code in 0..act::NUM_ACTIONS {
                let a = crate::core::Action(code);
                assert_eq!(
                    s.is_listed(a, &legal),
                    legal.contains(&a),
                    "{a:?} in {legal:?}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} decisions checked");
}
