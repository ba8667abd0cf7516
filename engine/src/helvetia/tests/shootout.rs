//! The penalty shoot-out: the toss, three appointed takers a team, sudden death, no
//! second penalty before every figure has taken one, the goalkeeper's squares.

use super::*;

/// The shoot-out after a 0–0 draw: the toss won by `first`.
fn shootout(first: u8) -> State {
    let g = Helvetia::default_rules();
    let mut s = position(&g, 0, 4, ZION, BASELA);
    s.half = 2;
    s.notch = 4;
    s.phase = Phase::ShootoutToss;
    play(&mut s, &[act::coin(first)]);
    s
}

/// One penalty: aim at `square`, the goalkeeper covers `mask`, then the roll if any.
fn penalty(s: &mut State, square: u8, mask: u8, roll: Option<u8>) {
    play(s, &[act::square(square), act::keeper(mask)]);
    if let Some(v) = roll {
        play(s, &[act::roll(v)]);
    }
}

#[test]
fn three_different_takers_are_appointed_by_each_team() {
    let mut s = shootout(1);
    assert_eq!(s.phase(), Phase::Appoint { team: 1, k: 0 });
    play(&mut s, &[act::figure(4)]);
    assert!(!legal(&s).contains(&act::figure(4)));
    play(&mut s, &[act::figure(3), act::figure(0)]);
    assert_eq!(s.phase(), Phase::Appoint { team: 0, k: 0 });
    play(&mut s, &[act::figure(4), act::figure(3), act::figure(2)]);
    // Basela shoots first, with #10 (figure 4).
    assert_eq!((s.phase(), s.attack(), s.carrier()), (Phase::Target, 1, 4));
    assert!(s.secret_choice());
    penalty(&mut s, 4, 0b000_011, Some(1));
    assert_eq!(s.penalties(), [0, 1]);
    assert_eq!((s.attack(), s.carrier()), (0, 4));
    // The goalkeeper covers `penalty_distance` (2) squares.
    play(&mut s, &[act::square(0)]);
    assert!(legal(&s).iter().all(|a| {
        let m = a.0 - act::keeper(0).0;
        m.count_ones() == 2
    }));
}

#[test]
fn the_shoot_out_ends_once_a_team_cannot_catch_up() {
    let mut s = shootout(0);
    play(&mut s, &[act::figure(4), act::figure(3), act::figure(2)]);
    play(&mut s, &[act::figure(4), act::figure(3), act::figure(2)]);
    // Zion scores twice, Basela misses twice: 2–0 with one Basela penalty left.
    penalty(&mut s, 4, 0b000_011, Some(1));
    penalty(&mut s, 0, 0b000_011, None);
    penalty(&mut s, 4, 0b000_011, Some(1));
    assert_eq!(s.turn(), Turn::Decision(1));
    penalty(&mut s, 4, 0b000_011, Some(20));
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.returns()[..2], [1.0, 0.0]);
    assert_eq!(s.score(0), 0, "penalties are not goals of the match");
}

#[test]
fn sudden_death_takers_shoot_again_only_after_the_whole_team() {
    let mut s = shootout(0);
    play(&mut s, &[act::figure(4), act::figure(3), act::figure(2)]);
    play(&mut s, &[act::figure(4), act::figure(3), act::figure(2)]);
    for _ in 0..6 {
        penalty(&mut s, 4, 0b000_011, Some(1));
    }
    assert_eq!(s.penalties(), [3, 3]);
    // Sudden death: Zion names a taker who has not shot: the goalkeeper or #3.
    assert_eq!((s.phase(), s.attack()), (Phase::Taker, 0));
    assert_eq!(legal(&s), vec![act::figure(0), act::figure(1)]);
    play(&mut s, &[act::figure(0)]);
    penalty(&mut s, 4, 0b000_011, Some(1));
    play(&mut s, &[act::figure(1)]);
    penalty(&mut s, 4, 0b000_011, Some(1));
    // Zion: the last of the five.
    assert_eq!(legal(&s), vec![act::figure(1)]);
    play(&mut s, &[act::figure(1)]);
    penalty(&mut s, 4, 0b000_011, Some(1));
    play(&mut s, &[act::figure(0)]);
    penalty(&mut s, 4, 0b000_011, Some(1));
    // Everyone has shot: all five may shoot again.
    assert_eq!(legal(&s).len(), 5);
    play(&mut s, &[act::figure(4)]);
    penalty(&mut s, 4, 0b000_011, Some(1));
    play(&mut s, &[act::figure(4)]);
    penalty(&mut s, 0, 0b000_011, None);
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.returns()[..2], [1.0, 0.0]);
}

#[test]
fn an_exhausted_taker_shoots_with_his_small_offence() {
    let mut s = shootout(0);
    s.boost[0][4] = 0;
    play(&mut s, &[act::figure(4), act::figure(3), act::figure(2)]);
    play(&mut s, &[act::figure(4), act::figure(3), act::figure(2)]);
    // OFF 8 less 0 (bottom middle): a 9 misses.
    penalty(&mut s, 4, 0b000_011, Some(9));
    assert_eq!(s.penalties(), [0, 0]);
}

#[test]
fn the_sudden_death_cap_is_a_draw() {
    let g = game_with(|c| c.max_sudden_death = 1);
    let mut s = position(&g, 0, 4, ZION, BASELA);
    s.phase = Phase::ShootoutToss;
    play(&mut s, &[act::coin(0)]);
    play(&mut s, &[act::figure(4), act::figure(3), act::figure(2)]);
    play(&mut s, &[act::figure(4), act::figure(3), act::figure(2)]);
    for _ in 0..6 {
        penalty(&mut s, 4, 0b000_011, Some(1));
    }
    for _ in 0..2 {
        play(&mut s, &[act::figure(0)]);
        penalty(&mut s, 4, 0b000_011, Some(1));
    }
    assert_eq!(s.turn(), Turn::Terminal);
    assert!(s.ended_by_cap());
    assert_eq!(s.returns()[..2], [0.5, 0.5]);
}
