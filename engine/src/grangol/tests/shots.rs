//! TIRO, TIRO DA FUORI, GRANGOL, the shot against the goalkeeper, goals and kick-off, free
//! kicks with a wall and penalties.

use super::*;

/// Seat 0 attacks from `progress` and has just drawn; `card` is in his hand.
fn ready(r: Rules, card: Card, progress: u8) -> State {
    let mut s = scenario(r).hand(0, &[card]).attack(0, progress).build();
    play(&mut s, &[act::DRAW, act::card(C::Contrasto)]);
    s
}

/// Seat 0 plays the shot `card` from `progress`, aims `aim`; the keeper dives `keeper`.
fn shot(r: Rules, card: Card, progress: u8, aim: Action, keeper: Action) -> State {
    let mut s = ready(r, card, progress);
    play(&mut s, &[act::play(card)]);
    assert_eq!(s.tasks.last(), Some(&Task::ShotDirection));
    assert_eq!(s.turn(), Turn::Decision(0));
    assert_eq!(legal(&s), [LEFT, MIDDLE, RIGHT]);
    play(&mut s, &[aim]);
    assert_eq!(
        s.tasks.last(),
        Some(&Task::Keeper),
        "no wall for a played shot"
    );
    assert_eq!(s.turn(), Turn::Decision(1));
    play(&mut s, &[keeper]);
    assert_eq!(s.turn(), Turn::Chance, "a green die roll");
    s
}

#[test]
fn tiro_only_in_the_opponents_penalty_area() {
    for p in 0..=3 {
        assert!(
            !legal(&ready(rules(), C::Tiro, p)).contains(&act::play(C::Tiro)),
            "{p}"
        );
    }
    assert!(legal(&ready(rules(), C::Tiro, 4)).contains(&act::play(C::Tiro)));
}

#[test]
fn tiro_da_fuori_from_the_three_quarters_or_the_area() {
    // Reading 10, default "three-quarters-or-area".
    let can = |r, p| legal(&ready(r, C::TiroDaFuori, p)).contains(&act::play(C::TiroDaFuori));
    assert!(!can(rules(), 2));
    assert!(can(rules(), 3));
    assert!(can(rules(), 4));
}

#[test]
fn tiro_da_fuori_three_quarters_only_option() {
    // Reading 10, "three-quarters".
    let r = rules_with(|o| o.long_shot_from = LongShotFrom::ThreeQuarters);
    let can = |p| legal(&ready(r, C::TiroDaFuori, p)).contains(&act::play(C::TiroDaFuori));
    assert!(can(3));
    assert!(!can(4));
}

#[test]
fn shot_away_from_the_keeper_scores_on_a_ball_and_the_conceding_side_kicks_off() {
    let mut s = shot(rules(), C::Tiro, 4, LEFT, RIGHT);
    play(&mut s, &[BALL]);
    assert_eq!(s.goals(), [1, 0]);
    assert_eq!(s.discard[C::Tiro.index()], 1);
    // The conceding side kicks off from midfield.
    assert_eq!((s.possession(), s.section()), (1, 2));
    assert_turn_start(&s, 1);
}

#[test]
fn shot_away_from_the_keeper_missed_restarts_from_the_defenders_area() {
    // Reading 4, default "own-area".
    let mut s = shot(rules(), C::TiroDaFuori, 3, MIDDLE, LEFT);
    play(&mut s, &[G_X]);
    assert_eq!(s.goals(), [0, 0]);
    assert_ball(&s, 1, 0);
    assert_eq!(s.section(), 4);
    assert_turn_start(&s, 1);
}

#[test]
fn shot_turnover_same_section_option() {
    // Reading 4, "same-section": the new attacker keeps the section of the shot.
    let r = rules_with(|o| o.shot_turnover = ShotTurnover::SameSection);
    let mut s = shot(r, C::TiroDaFuori, 3, MIDDLE, LEFT);
    play(&mut s, &[G_X]);
    assert_eq!((s.possession(), s.section()), (1, 3));
    let mut s = shot(r, C::TiroDaFuori, 3, MIDDLE, MIDDLE);
    play(&mut s, &[BALL]);
    assert_eq!((s.possession(), s.section()), (1, 3));
}

#[test]
fn shot_on_the_keeper_side_saved_restarts_from_his_area() {
    let mut s = shot(rules(), C::TiroDaFuori, 3, RIGHT, RIGHT);
    assert_eq!(
        s.tasks.last().map(|t| matches!(t, Task::Roll { .. })),
        Some(true)
    );
    play(&mut s, &[BALL]);
    assert_eq!(s.goals(), [0, 0]);
    assert_ball(&s, 1, 0);
    assert_turn_start(&s, 1);
}

#[test]
fn shot_on_the_keeper_side_not_held_bounces_back_to_the_attacker() {
    let mut s = shot(rules(), C::Tiro, 4, LEFT, LEFT);
    play(&mut s, &[G_X]);
    assert_eq!(s.goals(), [0, 0]);
    assert_ball(&s, 0, 4);
    // It is still the defender's turn next: the attacker has played his card.
    assert_turn_start(&s, 1);
}

#[test]
fn shot_success_any_ball_option_default() {
    // Reading 8, default: "+1" and "-1" score, and make a save.
    for face in [PLUS, MINUS] {
        let mut s = shot(rules(), C::Tiro, 4, LEFT, RIGHT);
        play(&mut s, &[face]);
        assert_eq!(s.goals(), [1, 0]);
        let mut s = shot(rules(), C::Tiro, 4, LEFT, LEFT);
        play(&mut s, &[face]);
        assert_ball(&s, 1, 0);
    }
}

#[test]
fn shot_success_plain_ball_option() {
    // Reading 8, "plain-ball": only the plain ball scores, or saves.
    let r = rules_with(|o| o.shot_success = ShotSuccess::PlainBall);
    for face in [PLUS, MINUS] {
        let mut s = shot(r, C::Tiro, 4, LEFT, RIGHT);
        play(&mut s, &[face]);
        assert_eq!(s.goals(), [0, 0]);
        assert_ball(&s, 1, 0);
        let mut s = shot(r, C::Tiro, 4, LEFT, LEFT);
        play(&mut s, &[face]);
        assert_ball(&s, 0, 4);
    }
    let mut s = shot(r, C::Tiro, 4, LEFT, RIGHT);
    play(&mut s, &[BALL]);
    assert_eq!(s.goals(), [1, 0]);
}

#[test]
fn shot_direction_is_secret_until_the_keeper_dives() {
    let aimed = |aim| {
        let mut s = ready(rules(), C::Tiro, 4);
        play(&mut s, &[act::play(C::Tiro), aim]);
        s
    };
    let (l, r) = (aimed(LEFT), aimed(RIGHT));
    assert_eq!(
        l.info_key(1),
        r.info_key(1),
        "the keeper has not seen the shot"
    );
    assert_ne!(l.info_key(0), r.info_key(0));
    let (mut l, mut r) = (l, r);
    let events = crate::core::testing::play_checked(&mut l, &[MIDDLE]);
    play(&mut r, &[MIDDLE]);
    assert_ne!(l.info_key(1), r.info_key(1), "the dive reveals the shot");
    // The reveal is reported on the goalkeeper's step, for logs and replay pages.
    let revealed: Vec<GameEvent> = events
        .into_iter()
        .filter(|e| matches!(e, GameEvent::Revealed { .. }))
        .collect();
    assert_eq!(
        revealed,
        [
            GameEvent::Revealed {
                seat: 0,
                what: "aimed left"
            },
            GameEvent::Revealed {
                seat: 1,
                what: "stayed in the middle"
            },
        ]
    );
}

// ----- GRANGOL ---------------------------------------------------------------------------

#[test]
fn grangol_is_an_automatic_goal_in_the_opponents_area() {
    // Reading 9, default "automatic-goal".
    for p in 0..=3 {
        assert!(!legal(&ready(rules(), C::Grangol, p)).contains(&act::play(C::Grangol)));
    }
    let mut s = ready(rules(), C::Grangol, 4);
    play(&mut s, &[act::play(C::Grangol)]);
    assert_eq!(s.goals(), [1, 0]);
    assert_eq!((s.possession(), s.section()), (1, 2));
    assert_turn_start(&s, 1);
}

#[test]
fn grangol_tiro_option_is_a_shot() {
    // Reading 9, "tiro".
    let r = rules_with(|o| o.grangol = GrangolRule::Tiro);
    let mut s = shot(r, C::Grangol, 4, LEFT, LEFT);
    play(&mut s, &[BALL]);
    assert_eq!(s.goals(), [0, 0]);
    assert_ball(&s, 1, 0);
}

// ----- fouls: free kicks and penalties ------------------------------------------------

/// Seat 1 tackles seat 0 at `progress` in its turn and the red die shows `face`; neither
/// side answers the foul.
pub(super) fn foul_at(r: Rules, progress: u8, face: Action) -> State {
    let mut s = tackle(r, &[], &[], progress, face);
    assert_eq!(s.turn(), Turn::Decision(0), "the attacker may answer");
    assert_eq!(legal(&s), [act::DONE]);
    play(&mut s, &[act::DONE]);
    assert_eq!(s.turn(), Turn::Decision(1), "the defender may answer");
    assert_eq!(legal(&s), [act::DONE]);
    play(&mut s, &[act::DONE]);
    s
}

#[test]
fn foul_in_the_defenders_three_quarters_gives_a_free_kick_with_a_wall() {
    // Reading 11, default: whistle and yellow faces alike.
    for face in [WHISTLE, YELLOW] {
        let mut s = foul_at(rules(), 3, face);
        assert_eq!(s.tasks.last(), Some(&Task::ShotDirection));
        assert_eq!(s.turn(), Turn::Decision(0));
        play(&mut s, &[LEFT]);
        assert_eq!(s.tasks.last(), Some(&Task::Wall));
        assert_eq!(s.turn(), Turn::Decision(1));
        play(&mut s, &[MIDDLE]);
        assert_eq!(s.tasks.last(), Some(&Task::Keeper));
        play(&mut s, &[RIGHT, BALL]);
        assert_eq!(s.goals(), [1, 0]);
        assert_eq!((s.possession(), s.section()), (1, 2));
        // The foul came in seat 1's turn, so seat 0 plays next.
        assert_turn_start(&s, 0);
    }
}

#[test]
fn free_kick_on_the_wall_side_leaves_the_ball_with_the_attacker() {
    let mut s = foul_at(rules(), 3, WHISTLE);
    play(&mut s, &[LEFT, LEFT, RIGHT]);
    assert_eq!(s.goals(), [0, 0]);
    assert_ball(&s, 0, 3);
    assert_turn_start(&s, 0);
}

#[test]
fn free_kick_saved_goes_to_the_keepers_side() {
    let mut s = foul_at(rules(), 3, WHISTLE);
    play(&mut s, &[LEFT, MIDDLE, LEFT, BALL]);
    assert_ball(&s, 1, 0);
    assert_turn_start(&s, 0);
}

#[test]
fn foul_in_the_defenders_penalty_area_gives_a_penalty() {
    let mut s = foul_at(rules(), 4, WHISTLE);
    assert_eq!(s.tasks.last(), Some(&Task::ShotDirection));
    play(&mut s, &[RIGHT]);
    assert_eq!(s.tasks.last(), Some(&Task::Keeper), "no wall on a penalty");
    play(&mut s, &[LEFT, G_X]);
    assert_eq!(s.goals(), [0, 0]);
    assert_ball(&s, 1, 0);
    assert_turn_start(&s, 0);
}

#[test]
fn fouls_elsewhere_have_no_shot() {
    for p in 0..=2 {
        let s = foul_at(rules(), p, WHISTLE);
        assert_turn_start(&s, 0);
        assert_ball(&s, 0, p);
    }
}

#[test]
fn foul_shots_false_option() {
    // Reading 11, `foul_shots = false`.
    let r = rules_with(|o| o.foul_shots = false);
    for p in [3, 4] {
        let s = foul_at(r, p, WHISTLE);
        assert_turn_start(&s, 0);
        assert_ball(&s, 0, p);
    }
}

#[test]
fn an_answered_foul_still_gives_the_free_kick() {
    let mut s = scenario(rules())
        .hand(0, &[C::Ammonizione])
        .hand(1, &[C::Contrasto])
        .attack(0, 3)
        .turn(1)
        .build();
    play(
        &mut s,
        &[
            act::DRAW,
            act::card(C::Passaggio),
            act::play(C::Contrasto),
            WHISTLE,
        ],
    );
    play(&mut s, &[act::play(C::Ammonizione), act::card(C::Melina)]);
    assert_eq!(s.yellows, [0, 1]);
    assert_eq!(s.tasks.last(), Some(&Task::ShotDirection));
}

#[test]
fn foul_shot_turn_option() {
    // Reading 21: by default the free kick is taken in the fouler's (seat 1's) turn and
    // seat 0, the scorer, plays next; under "attacker" the free kick was seat 0's turn and
    // the fouler plays next.
    for (rule, next) in [(FoulShotTurn::Fouler, 0), (FoulShotTurn::Attacker, 1)] {
        let r = rules_with(|o| o.foul_shot_turn = rule);
        let mut s = foul_at(r, 3, WHISTLE);
        play(&mut s, &[LEFT, MIDDLE, RIGHT, BALL]);
        assert_eq!(s.goals(), [1, 0]);
        assert_turn_start(&s, next);
        // A penalty missed: the same.
        let mut s = foul_at(r, 4, WHISTLE);
        play(&mut s, &[RIGHT, LEFT, G_X]);
        assert_turn_start(&s, next);
        // No shot, no change: seat 0's turn follows seat 1's.
        let s = foul_at(r, 1, WHISTLE);
        assert_turn_start(&s, 0);
    }
}

#[test]
fn wall_open_first_option() {
    // Reading 26: under "open-first" the defender places the wall first, openly: the
    // shooter's information includes it before he chooses his direction, and a
    // determinization for the shooter keeps it.
    let r = rules_with(|o| o.wall = WallRule::OpenFirst);
    let mut s = foul_at(r, 3, WHISTLE);
    assert_eq!(s.tasks.last(), Some(&Task::Wall));
    assert_eq!(s.turn(), Turn::Decision(1));
    let mut other = s;
    play(&mut s, &[LEFT]);
    play(&mut other, &[RIGHT]);
    assert_ne!(
        s.info_key(0),
        other.info_key(0),
        "the shooter sees the wall"
    );
    assert_eq!(s.tasks.last(), Some(&Task::ShotDirection));
    assert_eq!(s.turn(), Turn::Decision(0));
    play(&mut s, &[MIDDLE]);
    assert_eq!(s.tasks.last(), Some(&Task::Keeper));
    let mut rng = crate::core::derive_rng(1, 0, crate::core::Stream::Other(3));
    for _ in 0..10 {
        assert_eq!(s.determinize(0, &mut rng).wall_dir, s.wall_dir);
    }
    play(&mut s, &[RIGHT, BALL]);
    assert_eq!(s.goals(), [1, 0]);
    // By default the wall is secret: the shooter's information does not depend on it.
    let mut s = foul_at(rules(), 3, WHISTLE);
    play(&mut s, &[MIDDLE]);
    let mut other = s;
    play(&mut s, &[LEFT]);
    play(&mut other, &[RIGHT]);
    assert_eq!(s.info_key(0), other.info_key(0));
}

#[test]
fn symmetric_choices_are_the_directions_where_only_matching_counts() {
    // A played shot and a penalty: the shot and the dive are symmetric secret choices.
    let mut s = ready(rules(), Card::Tiro, 4);
    assert!(!s.symmetric_choice(), "choosing a card to play is not");
    play(&mut s, &[act::play(Card::Tiro)]);
    assert!(s.symmetric_choice(), "shot direction");
    play(&mut s, &[LEFT]);
    assert!(s.symmetric_choice(), "the keeper's dive at a played shot");
    let mut s = foul_at(rules(), 4, WHISTLE);
    assert!(s.symmetric_choice(), "penalty: shot direction");
    play(&mut s, &[RIGHT]);
    assert!(s.symmetric_choice(), "penalty: the keeper's dive");
    // A free kick with a secret wall (the default): the shot and the wall are symmetric;
    // the keeper, who knows his own wall, is not.
    let mut s = foul_at(rules(), 3, WHISTLE);
    assert!(
        s.symmetric_choice(),
        "free kick: shot direction, the wall unseen"
    );
    play(&mut s, &[LEFT]);
    assert_eq!(s.tasks.last(), Some(&Task::Wall));
    assert!(s.symmetric_choice(), "the wall");
    play(&mut s, &[MIDDLE]);
    assert!(!s.symmetric_choice(), "the keeper knows his wall");
    // Reading 26, "open-first": the wall is placed first; the shooter then sees it.
    let r = rules_with(|o| o.wall = WallRule::OpenFirst);
    let mut s = foul_at(r, 3, WHISTLE);
    assert!(s.symmetric_choice(), "the open wall, placed first");
    play(&mut s, &[LEFT]);
    assert!(!s.symmetric_choice(), "the shooter sees the wall");
    play(&mut s, &[MIDDLE]);
    assert!(!s.symmetric_choice(), "the keeper knows his wall");
}
