//! One test per clause of the Family rulebook (setting up, rounds, moves, steals, passes
//! and interceptions, shots, change of possession, time, halves, the end of the match),
//! with the rulebook's worked examples.

use super::*;
use crate::core::ChanceOutcomes;
use crate::helvetia::board::GOAL_ZONE;

fn default() -> Helvetia {
    Helvetia::default_rules()
}

/// Makes no changes, places every figure on its first legal hex and names #3 (figure 1)
/// to kick off.
fn place_all(s: &mut State) {
    loop {
        match s.phase() {
            Phase::Change { .. } => {
                apply_checked(s, act::NO_CHANGE);
            }
            Phase::Place { .. } => {
                let a = legal(s)[0];
                apply_checked(s, a);
            }
            Phase::Kicker => {
                apply_checked(s, act::figure(1));
            }
            _ => return,
        }
    }
}

#[test]
fn the_toss_names_the_attack_and_the_defence_places_first() {
    let g = default();
    let mut s = g.new_initial_state();
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.chance_stream(), 0);
    apply_checked(&mut s, act::coin(1));
    assert_eq!(s.attack(), 1);
    assert_eq!(s.phase(), Phase::Place { team: 0, fig: 0 });
    assert_eq!(s.turn(), Turn::Decision(0));
}

#[test]
fn placement_in_own_half_outside_the_circle_one_per_hex_goal_zone_for_the_keeper() {
    let g = default();
    let mut s = g.new_initial_state();
    apply_checked(&mut s, act::coin(1));
    let keeper = legal(&s);
    assert!(keeper.contains(&act::hex(GOAL_ZONE[0])));
    assert!(!keeper.contains(&act::hex(GOAL_ZONE[1])));
    for &a in &keeper {
        let c = a.0 as u8;
        assert_eq!(s.board.half(c), Some(0));
        assert!(!s.board.in_centre_circle(c));
    }
    assert_eq!(
        keeper.len(),
        7 * 9 - 2 + 1,
        "Zion's half less 2 circle hexes, plus the goal zone"
    );
    let c = at(&s, 0, 0);
    apply_checked(&mut s, act::hex(c));
    let player = legal(&s);
    assert!(
        !player.contains(&act::hex(GOAL_ZONE[0])),
        "only the goalkeeper"
    );
    assert!(
        !player.contains(&act::hex(at(&s, 0, 0))),
        "one figure per team per hex"
    );
}

#[test]
fn the_attack_kicks_off_from_the_centre_hex_straight_to_the_actions() {
    let g = default();
    let mut s = g.new_initial_state();
    apply_checked(&mut s, act::coin(0));
    for _ in 0..5 {
        let a = legal(&s)[0];
        apply_checked(&mut s, a);
    }
    assert_eq!(s.phase(), Phase::Kicker);
    assert_eq!(s.turn(), Turn::Decision(0));
    assert_eq!(legal(&s), (1..5).map(act::figure).collect::<Vec<_>>());
    apply_checked(&mut s, act::figure(4));
    assert_eq!(s.ball(), s.board.centre());
    assert_eq!(s.carrier(), 4);
    place_all(&mut s);
    // Special case: no move phase at the kick-off.
    assert_eq!(s.phase(), Phase::Offence);
    assert!(legal(&s).contains(&act::END_ROUND));
}

#[test]
fn the_kick_off_player_stands_on_the_centre_hex_and_his_teammates_outside_the_circle() {
    // "A player with the ball in the centre circle": the circle is 7 hexes, but the
    // setting up puts the ball "on the centre of the pitch", so the kicker takes the
    // centre hex (no choice of hex is offered), and every other figure, of either team,
    // stays outside the circle ("no player in the centre circle").
    let g = default();
    let b = g.new_initial_state().board;
    let circle: Vec<_> = b.cells().filter(|&c| b.in_centre_circle(c)).collect();
    assert_eq!(circle.len(), 7);
    // Places every figure of the placement under way, checking that no circle hex is
    // offered.
    let place_outside = |s: &mut State| {
        while matches!(s.phase(), Phase::Place { .. }) {
            let offered = legal(s);
            assert!(circle.iter().all(|&c| !offered.contains(&act::hex(c))));
            apply_checked(s, offered[0]);
        }
    };
    let mut s = g.new_initial_state();
    apply_checked(&mut s, act::coin(0));
    place_outside(&mut s); // the defence
    assert_eq!(s.phase(), Phase::Kicker);
    apply_checked(&mut s, act::figure(2));
    assert_eq!((s.ball(), s.pos(0, 2)), (b.centre(), b.centre()));
    place_outside(&mut s); // the attack
    assert_eq!(s.phase(), Phase::Offence);
}

#[test]
fn a_round_ends_when_the_attack_makes_no_more_action_then_the_move_phase() {
    let g = default();
    let mut s = position(&g, 0, 4, ZION, BASELA);
    let ev = play(&mut s, &[act::END_ROUND]);
    assert_eq!(ev, vec![GameEvent::TurnEnd { seat: 0 }]);
    assert_eq!(s.phase(), Phase::Move { team: 0, fig: 0 });
    assert_eq!(s.rounds(), 1);
    assert_eq!(s.notch(), 0, "no change of possession, no notch");
}

#[test]
fn the_attack_moves_every_figure_then_the_defence() {
    let g = default();
    let mut s = position(&g, 0, 4, ZION, BASELA);
    play(&mut s, &[act::END_ROUND]);
    for team in [0, 1] {
        for fig in 0..5 {
            assert_eq!(s.phase(), Phase::Move { team, fig });
            assert_eq!(s.turn(), Turn::Decision(team));
            let here = act::hex(s.pos(team, fig));
            apply_checked(&mut s, here);
        }
    }
    assert_eq!(s.phase(), Phase::Offence);
}

#[test]
fn a_move_is_one_hex_free_and_one_more_per_boost() {
    let g = default();
    let mut s = position(&g, 0, 4, ZION, BASELA);
    play(&mut s, &[act::END_ROUND]);
    for f in 0..3 {
        let here = act::hex(s.pos(0, f));
        apply_checked(&mut s, here);
    }
    // Zion #8 (figure 3) at 5:3 with 3 BOOST reaches 4 hexes.
    let from = s.pos(0, 3);
    for a in legal(&s) {
        assert!(s.board.distance(from, a.0 as u8) <= 4);
    }
    let far = at(&s, 10, 3);
    assert!(!legal(&s).contains(&act::hex(far)), "5 hexes away");
    let to = at(&s, 8, 3);
    assert_eq!(s.board.distance(from, to), 3);
    apply_checked(&mut s, act::hex(to));
    assert_eq!(s.boost(0, 3), 1, "3 hexes: 1 free and 2 BOOST");
    // A free hex costs nothing.
    let next = at(&s, 6, 5);
    apply_checked(&mut s, act::hex(next));
    assert_eq!(s.boost(0, 4), 3);
}

#[test]
fn only_the_goalkeeper_enters_the_goal_zone_and_one_figure_per_team_per_hex() {
    let g = default();
    let mut zion = ZION;
    zion[1] = (0, 4);
    let mut s = position(&g, 0, 4, zion, BASELA);
    play(&mut s, &[act::END_ROUND]);
    assert!(
        legal(&s).contains(&act::hex(GOAL_ZONE[0])),
        "the goalkeeper stays"
    );
    let c = at(&s, 1, 4);
    apply_checked(&mut s, act::hex(c));
    // #3 next to the goal zone may not enter it, nor the goalkeeper's hex.
    let l = legal(&s);
    assert!(!l.contains(&act::hex(GOAL_ZONE[0])));
    assert!(!l.contains(&act::hex(at(&s, 1, 4))));
}

#[test]
fn exhausted_figures_move_one_hex_and_use_the_small_values() {
    let g = default();
    let mut s = position(&g, 0, 4, ZION, BASELA);
    s.boost[1][3] = 0;
    assert_eq!(s.def(1, 3), 5);
    assert_eq!(s.off(1, 3), 6);
    s.boost[1][3] = 1;
    assert_eq!(s.def(1, 3), 10);
    s.boost[0][4] = 0;
    play(&mut s, &[act::END_ROUND]);
    for f in 0..4 {
        let here = act::hex(s.pos(0, f));
        apply_checked(&mut s, here);
    }
    let from = s.pos(0, 4);
    assert!(legal(&s)
        .iter()
        .all(|a| s.board.distance(from, a.0 as u8) <= 1));
}

/// Zion's #10 with the ball at 10:4 shares the hex with Basela's #8 (DEF 10, "Stock
/// Alp"), after the move phase.
fn steal_position() -> State {
    let g = default();
    let mut zion = ZION;
    zion[4] = (10, 4);
    let mut basela = BASELA;
    basela[3] = (10, 4);
    let mut s = position(&g, 0, 4, zion, basela);
    s.phase = Phase::Move { team: 1, fig: 4 };
    let here = act::hex(s.pos(1, 4));
    apply_checked(&mut s, here);
    s
}

#[test]
fn a_defender_on_the_carriers_hex_may_try_a_steal() {
    let mut s = steal_position();
    assert_eq!(s.phase(), Phase::Steal);
    assert_eq!(s.turn(), Turn::Decision(1));
    assert_eq!(legal(&s), vec![act::STEAL, act::NO_STEAL]);
    play(&mut s, &[act::NO_STEAL]);
    assert_eq!(s.phase(), Phase::Offence);
}

#[test]
fn rulebook_example_steal_with_defence_10_and_a_roll_of_8_succeeds() {
    let mut s = steal_position();
    play(&mut s, &[act::STEAL]);
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.chance_stream(), 1);
    let ev = play(&mut s, &[act::roll(8)]);
    assert_eq!(
        ev,
        vec![
            GameEvent::TurnEnd { seat: 0 },
            GameEvent::PossessionChange { seat: 1 }
        ]
    );
    assert_eq!((s.attack(), s.carrier()), (1, 3));
    // He MUST move one hexagon.
    assert_eq!(s.phase(), Phase::TakerMove);
    let from = s.ball();
    let moves = legal(&s);
    assert_eq!(moves.len(), 6);
    assert!(moves.iter().all(|a| s.board.distance(from, a.0 as u8) == 1));
    play(&mut s, &[moves[0]]);
    assert_eq!(s.boost(1, 3), 3, "the move is free");
    // The clock advances to the next red notch; a move phase starts.
    assert_eq!(s.notch(), 1);
    assert_eq!(s.minute(), 9);
    assert_eq!(s.phase(), Phase::Move { team: 1, fig: 0 });
}

#[test]
fn a_failed_steal_leaves_the_ball_and_the_carrier_must_move_one_hex() {
    let mut s = steal_position();
    play(&mut s, &[act::STEAL, act::roll(11)]);
    assert_eq!(s.phase(), Phase::CarrierMove);
    assert_eq!(s.turn(), Turn::Decision(0));
    let from = s.ball();
    let moves = legal(&s);
    assert!(moves.iter().all(|a| s.board.distance(from, a.0 as u8) == 1));
    play(&mut s, &[moves[0]]);
    assert_eq!(s.phase(), Phase::Offence);
    assert_eq!((s.attack(), s.notch(), s.boost(0, 4)), (0, 0, 3));
}

#[test]
fn an_exhausted_defender_steals_with_his_small_value() {
    let mut s = steal_position();
    s.boost[1][3] = 0;
    play(&mut s, &[act::STEAL, act::roll(6)]);
    assert_eq!(s.phase(), Phase::CarrierMove, "6 > 5, the exhausted DEF");
}

#[test]
fn passes_reach_teammates_at_most_three_hexes_away() {
    let g = default();
    let mut zion = ZION;
    zion[4] = (8, 4);
    zion[3] = (11, 4); // 3 hexes
    zion[2] = (8, 8); // 4 hexes
    let s = position(&g, 0, 4, zion, BASELA);
    let l = legal(&s);
    assert!(l.contains(&act::figure(3)));
    assert!(!l.contains(&act::figure(2)));
    assert!(!l.contains(&act::figure(4)), "not to himself");
}

#[test]
fn a_pass_to_a_free_teammate_arrives_and_he_may_act_again() {
    let g = default();
    let mut zion = ZION;
    zion[4] = (8, 4);
    zion[3] = (10, 4);
    let mut s = position(&g, 0, 4, zion, BASELA);
    play(&mut s, &[act::figure(3)]);
    assert_eq!((s.phase(), s.carrier()), (Phase::Offence, 3));
    assert!(legal(&s).contains(&act::figure(4)), "another pass");
}

/// Zion's "Ré" (#8, figure 3) passes to "Brute Un" (#6, figure 2), 3 hexes away, on the
/// hex of Basela's "Stok R" (#10, figure 4, DEF 6).
fn interception_position() -> State {
    let g = default();
    let mut zion = ZION;
    zion[3] = (7, 1);
    zion[2] = (10, 1);
    let mut basela = BASELA;
    basela[4] = (10, 1);
    let mut s = position(&g, 0, 3, zion, basela);
    assert_eq!(s.board.distance(s.pos(0, 3), s.pos(0, 2)), 3);
    play(&mut s, &[act::figure(2)]);
    s
}

#[test]
fn rulebook_example_interception_with_defence_6_and_a_roll_of_5() {
    let mut s = interception_position();
    assert_eq!(s.phase(), Phase::Intercept);
    assert_eq!(s.turn(), Turn::Decision(1));
    let ev = play(&mut s, &[act::INTERCEPT, act::roll(5)]);
    assert!(ev.contains(&GameEvent::PossessionChange { seat: 1 }));
    assert_eq!(
        (s.attack(), s.carrier(), s.phase()),
        (1, 4, Phase::TakerMove)
    );
    let m = legal(&s)[0];
    play(&mut s, &[m]);
    assert_eq!(s.notch(), 1, "time advances to the next red mark");
}

#[test]
fn a_missed_interception_gives_the_receiver_the_ball() {
    let mut s = interception_position();
    play(&mut s, &[act::INTERCEPT, act::roll(7)]);
    assert_eq!((s.attack(), s.carrier(), s.phase()), (0, 2, Phase::Offence));
    let mut s = interception_position();
    play(&mut s, &[act::NO_INTERCEPT]);
    assert_eq!((s.attack(), s.carrier(), s.phase()), (0, 2, Phase::Offence));
}

/// Zion's "Moné" (#10, OFF 16) has the ball 2 hexes from Basela's goal.
fn shot_position() -> State {
    let g = default();
    let mut zion = ZION;
    zion[4] = (13, 4);
    let mut s = position(&g, 0, 4, zion, BASELA);
    assert_eq!(s.board.goal_distance(s.ball(), 0), 2);
    play(&mut s, &[act::SHOOT]);
    s
}

#[test]
fn a_shot_only_from_the_shooting_zone() {
    let g = default();
    let mut zion = ZION;
    zion[4] = (11, 4);
    assert!(legal(&position(&g, 0, 4, zion, BASELA)).contains(&act::SHOOT));
    zion[4] = (10, 4);
    assert!(!legal(&position(&g, 0, 4, zion, BASELA)).contains(&act::SHOOT));
}

#[test]
fn the_goalkeeper_covers_as_many_adjacent_squares_as_the_distance() {
    let mut s = shot_position();
    assert_eq!(s.phase(), Phase::Target);
    assert!(s.secret_choice());
    assert_eq!(legal(&s).len(), 6);
    play(&mut s, &[act::square(0)]);
    assert_eq!((s.phase(), s.turn()), (Phase::Keeper, Turn::Decision(1)));
    let sets = legal(&s);
    assert_eq!(sets.len(), 7, "the 7 pairs of edge-adjacent squares");
    assert!(sets.contains(&act::keeper(0b000_110)));
    assert!(!sets.contains(&act::keeper(0b000_101)));
}

#[test]
fn rulebook_example_shot_from_2_hexes_at_a_top_corner_by_off_16_with_a_7_scores() {
    let mut s = shot_position();
    let ev = play(
        &mut s,
        &[act::square(0), act::keeper(0b000_110), act::roll(7)],
    );
    assert!(ev.contains(&GameEvent::Goal { seat: 0 }));
    assert_eq!(s.score(0), 1);
    assert_eq!(s.notch(), 1, "a goal advances the clock");
    // The coaches may first make changes (the default `after-goal`, the scorer first:
    // `after_a_goal_the_coaches_may_change_players_…`); then they place as at the start,
    // the team in defence (the scorer) first; the team that conceded kicks off.
    assert_eq!(s.phase(), Phase::Change { team: 0 });
    play(&mut s, &[act::NO_CHANGE, act::NO_CHANGE]);
    assert_eq!(s.phase(), Phase::Place { team: 0, fig: 0 });
    assert_eq!(s.attack(), 1);
    assert!(!ev
        .iter()
        .any(|e| matches!(e, GameEvent::PossessionChange { .. })));
    place_all(&mut s);
    assert_eq!(s.phase(), Phase::Offence, "kickoff_after_goal = actions");
}

#[test]
fn after_a_goal_the_coaches_may_change_players_and_one_who_went_out_cannot_come_back() {
    let g = game_with(|c| c.options.substitutions = Substitutions::AfterGoal);
    let goal = |s: &mut State| {
        s.rules = g.rules().interned();
        play(s, &[act::square(0), act::keeper(0b000_110), act::roll(7)]);
    };
    let mut s = shot_position();
    s.boost[0][3] = 0;
    goal(&mut s);
    // The scorer (Zion, who places first) changes first: any outfield player for either
    // substitute, or no change.
    assert_eq!(s.phase(), Phase::Change { team: 0 });
    assert_eq!(s.turn(), Turn::Decision(0));
    let mut want: Vec<Action> = (1..5u8)
        .flat_map(|f| (0..2u8).map(move |k| act::change(f, k)))
        .collect();
    want.push(act::NO_CHANGE);
    assert_eq!(legal(&s), want);
    // #8 (figure 3, exhausted) goes out, #12 (substitute 0: OFF 11, DEF 9, 3 BOOST)
    // comes on with his own card.
    assert_eq!((s.off(0, 3), s.def(0, 3)), (6, 5));
    play(&mut s, &[act::change(3, 0)]);
    assert_eq!(s.card(0, 3).number, 12);
    assert_eq!((s.off(0, 3), s.def(0, 3), s.boost(0, 3)), (11, 9, 3));
    // One substitute left: only #14 may still come on.
    assert_eq!(s.phase(), Phase::Change { team: 0 });
    assert_eq!(
        legal(&s),
        vec![
            act::change(1, 1),
            act::change(2, 1),
            act::change(3, 1),
            act::change(4, 1),
            act::NO_CHANGE
        ]
    );
    // Then the team that conceded, then the placing as at the start, scorer first.
    play(&mut s, &[act::NO_CHANGE]);
    assert_eq!(s.phase(), Phase::Change { team: 1 });
    play(&mut s, &[act::NO_CHANGE]);
    assert_eq!(s.phase(), Phase::Place { team: 0, fig: 0 });
    assert_eq!(s.card(0, 3).number, 12, "the change holds");
    // #12 may himself be taken off for #14; #8 never comes back: no action names him.
    s.phase = Phase::Change { team: 0 };
    play(&mut s, &[act::change(3, 1)]);
    assert_eq!(s.card(0, 3).number, 14);
    assert_eq!(s.subs_left(0), 0);
    assert_eq!(
        s.phase(),
        Phase::Change { team: 1 },
        "no substitute left: done"
    );
    // Once both teams have used their substitutes, a goal goes straight to the placing.
    let mut s = shot_position();
    s.rules = g.rules().interned();
    s.subs_used = [0b11, 0b11];
    s.slot[0][1] = 5;
    s.slot[0][2] = 6;
    s.slot[1][1] = 5;
    s.slot[1][2] = 6;
    play(
        &mut s,
        &[act::square(0), act::keeper(0b000_110), act::roll(7)],
    );
    assert_eq!(s.phase(), Phase::Place { team: 0, fig: 0 });
    // Under the simplified reading (none) there are no changes.
    let g = game_with(|c| c.options.substitutions = Substitutions::None);
    let mut s = shot_position();
    s.rules = g.rules().interned();
    play(
        &mut s,
        &[act::square(0), act::keeper(0b000_110), act::roll(7)],
    );
    assert_eq!(s.phase(), Phase::Place { team: 0, fig: 0 });
}

#[test]
fn a_shot_needs_a_roll_of_at_most_off_less_the_malus() {
    let mut s = shot_position();
    let ev = play(
        &mut s,
        &[act::square(0), act::keeper(0b000_110), act::roll(11)],
    );
    // 11 > 16 − 6: the goalkeeper seizes the ball.
    assert!(ev.contains(&GameEvent::PossessionChange { seat: 1 }));
    assert_eq!((s.attack(), s.carrier(), s.score(0)), (1, 0, 0));
    assert_eq!(s.notch(), 1);
    assert_eq!(s.phase(), Phase::Move { team: 1, fig: 0 });
    let mut s = shot_position();
    play(
        &mut s,
        &[act::square(4), act::keeper(0b000_011), act::roll(16)],
    );
    assert_eq!(s.score(0), 1, "bottom middle: no malus");
}

#[test]
fn the_goalkeeper_on_the_right_square_saves() {
    let mut s = shot_position();
    let ev = play(&mut s, &[act::square(1), act::keeper(0b000_110)]);
    assert!(ev.contains(&GameEvent::PossessionChange { seat: 1 }));
    assert_eq!((s.attack(), s.carrier(), s.notch()), (1, 0, 1));
}

#[test]
fn every_shot_reports_its_hex_as_seen_attacking_right_and_whether_it_scored() {
    let cell = |s: &State| u16::from(s.ball());
    // Zion attacks right: its hex as it is. A goal, then a save.
    let mut s = shot_position();
    let from = cell(&s);
    let ev = play(
        &mut s,
        &[act::square(0), act::keeper(0b000_110), act::roll(7)],
    );
    let shot = |seat, cell, scored| GameEvent::Shot { seat, cell, scored };
    assert!(ev.contains(&shot(0, from, true)));
    let mut s = shot_position();
    let ev = play(&mut s, &[act::square(1), act::keeper(0b000_110)]);
    assert!(ev.contains(&shot(0, from, false)));
    // Basela attacks left: the mirror of the same shot is the same cell.
    let g = default();
    let mut basela = BASELA;
    basela[4] = (1, 4);
    let mut s = position(&g, 1, 4, ZION, basela);
    assert_eq!(s.board.goal_distance(s.ball(), 1), 2);
    let mirrored = u16::from(s.board.mirror(s.ball()));
    assert_eq!(mirrored, from, "the mirror of Zion's shooting hex");
    play(&mut s, &[act::SHOOT]);
    let ev = play(
        &mut s,
        &[act::square(0), act::keeper(0b000_110), act::roll(7)],
    );
    assert!(ev.contains(&shot(1, from, true)));
}

#[test]
fn the_target_square_is_secret_until_the_reveal() {
    let base = shot_position();
    let keys: Vec<_> = (0..6)
        .map(|q| {
            let mut s = base.clone();
            play(&mut s, &[act::square(q)]);
            (s.info_key(0), s.info_key(1))
        })
        .collect();
    assert!(
        keys.iter().all(|k| k.1 == keys[0].1),
        "hidden from the goalkeeper"
    );
    assert!(
        keys.iter().skip(1).all(|k| k.0 != keys[0].0),
        "known to the shooter"
    );
    // Determinizing for the goalkeeper resamples the square.
    let mut s = base.clone();
    play(&mut s, &[act::square(0)]);
    let mut seen = [false; 6];
    for i in 0..60 {
        let mut rng = crate::core::derive_rng(7, i, crate::core::Stream::Other(0));
        let d = s.determinize(1, &mut rng);
        assert_eq!(d.info_key(1), s.info_key(1));
        seen[usize::from(d.target)] = true;
    }
    assert!(seen.iter().all(|&x| x));
    // After the reveal the goalkeeper's key tells the squares apart.
    let revealed: Vec<_> = [0, 3]
        .iter()
        .map(|&q| {
            let mut s = base.clone();
            play(&mut s, &[act::square(q), act::keeper(0b000_110)]);
            s.info_key(1)
        })
        .collect();
    assert_ne!(revealed[0], revealed[1]);
}

#[test]
fn option_kickoff_after_goal_move_phase() {
    let g = game_with(|c| c.options.kickoff_after_goal = Kickoff::MovePhase);
    let mut zion = ZION;
    zion[4] = (13, 4);
    let mut s = position(&g, 0, 4, zion, BASELA);
    play(
        &mut s,
        &[
            act::SHOOT,
            act::square(0),
            act::keeper(0b000_110),
            act::roll(1),
        ],
    );
    place_all(&mut s);
    assert_eq!(s.phase(), Phase::Move { team: 1, fig: 0 });
}

#[test]
fn the_half_ends_at_45_and_the_first_defence_attacks_the_second_half() {
    for (option, boost) in [(BoostHalfTime::Keep, 1), (BoostHalfTime::Refill, 3)] {
        let g = game_with(|c| c.options.boost_half_time = option);
        let mut s = shot_position();
        s.rules = g.rules().interned();
        s.notch = 4;
        s.first_attack = 0;
        s.boost[0][2] = 1;
        let ev = play(&mut s, &[act::square(1), act::keeper(0b000_110)]);
        assert!(ev.contains(&GameEvent::PeriodEnd { period: 1 }));
        assert_eq!((s.half(), s.notch()), (2, 0));
        // Zion attacked first: Basela attacks the second half, Zion places first.
        assert_eq!(s.attack(), 1);
        assert_eq!(s.phase(), Phase::Place { team: 0, fig: 0 });
        assert_eq!(s.boost(0, 2), boost);
        place_all(&mut s);
        assert_eq!(s.phase(), Phase::Offence, "kickoff_second_half = actions");
    }
    let g = game_with(|c| c.options.kickoff_second_half = Kickoff::MovePhase);
    let mut s = shot_position();
    s.rules = g.rules().interned();
    s.notch = 4;
    play(&mut s, &[act::square(1), act::keeper(0b000_110)]);
    place_all(&mut s);
    assert_eq!(s.phase(), Phase::Move { team: 1, fig: 0 });
}

#[test]
fn the_match_ends_at_45_of_the_second_half_with_a_winner() {
    let mut s = shot_position();
    s.half = 2;
    s.notch = 4;
    let ev = play(
        &mut s,
        &[act::square(0), act::keeper(0b000_110), act::roll(3)],
    );
    assert!(ev.contains(&GameEvent::PeriodEnd { period: 2 }));
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.returns()[..2], [1.0, 0.0]);
    assert!(!s.ended_by_cap());
}

#[test]
fn a_draw_after_90_minutes_goes_to_the_shoot_out() {
    let mut s = shot_position();
    s.half = 2;
    s.notch = 4;
    play(&mut s, &[act::square(1), act::keeper(0b000_110)]);
    assert_eq!(s.phase(), Phase::ShootoutToss);
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.returns()[..2], [0.0, 0.0]);
}

#[test]
fn the_possession_clock_house_rule_moves_the_clock_after_rounds_kept_in_a_row() {
    // The rulebook (0): rounds the attack ends itself never move the clock.
    let mut s = position(&default(), 0, 4, ZION, BASELA);
    for _ in 0..6 {
        s.phase = Phase::Offence;
        play(&mut s, &[act::END_ROUND]);
    }
    assert_eq!(s.notch(), 0);
    // notch_after_rounds = 2: every second round kept moves the clock one notch.
    let g = game_with(|c| c.options.notch_after_rounds = 2);
    let mut s = position(&g, 0, 4, ZION, BASELA);
    let mut notches = Vec::new();
    for _ in 0..5 {
        s.phase = Phase::Offence;
        play(&mut s, &[act::END_ROUND]);
        notches.push(s.notch());
    }
    assert_eq!(notches, vec![0, 1, 1, 2, 2]);
    assert_eq!(s.phase(), Phase::Move { team: 0, fig: 0 });
    // A won ball starts the count again.
    let mut s = steal_position();
    s.rules = g.rules().interned();
    s.held = 1;
    play(&mut s, &[act::STEAL, act::roll(8)]);
    assert_eq!((s.attack(), s.held), (1, 0));
    // On the last notch of the half, the house rule's notch ends the half.
    let mut s = position(&g, 0, 4, ZION, BASELA);
    s.notch = 4;
    s.held = 1;
    let ev = play(&mut s, &[act::END_ROUND]);
    assert!(ev.contains(&GameEvent::PeriodEnd { period: 1 }));
    assert_eq!((s.half(), s.notch()), (2, 0));
}

#[test]
fn the_round_cap_ends_the_match_as_it_stands() {
    let g = game_with(|c| c.max_rounds = 2);
    let mut s = position(&g, 0, 4, ZION, BASELA);
    s.score = [1, 0];
    play(&mut s, &[act::END_ROUND]);
    assert_eq!(s.phase(), Phase::Move { team: 0, fig: 0 });
    s.phase = Phase::Offence;
    let ev = play(&mut s, &[act::END_ROUND]);
    assert!(ev.contains(&GameEvent::PeriodEnd { period: 1 }));
    assert_eq!(s.turn(), Turn::Terminal);
    assert!(s.ended_by_cap());
    assert_eq!(s.returns()[0], 1.0);
}

#[test]
fn the_pass_cap_leaves_shot_and_end() {
    let g = game_with(|c| c.max_passes = 1);
    let mut zion = ZION;
    zion[4] = (8, 4);
    zion[3] = (10, 4);
    let mut s = position(&g, 0, 4, zion, BASELA);
    play(&mut s, &[act::figure(3)]);
    assert_eq!(legal(&s), vec![act::END_ROUND]);
}
