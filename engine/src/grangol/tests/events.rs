//! What the state reports to runners beyond the rules themselves: the end of each half
//! (`GameEvent::PeriodEnd`) for every way a half can end, and which source of luck each
//! chance node draws from (`ChanceOutcomes::chance_stream`).

use super::*;
use crate::core::{
    derive_rng, sample_chance, ApplyAction, ChanceOutcomes, LegalActions, Stream,
    MAX_CHANCE_STREAMS,
};
use rand::Rng as _;

/// Plays one uniformly random game with `rules` from `seed` through `apply_with`, calling
/// `step(before, action, after, events)` after every applied action with the events that
/// action reported.
fn random_game(
    rules: Rules,
    seed: u64,
    mut step: impl FnMut(&State, Action, &State, &[GameEvent]),
) {
    let mut rng = derive_rng(seed, 0, Stream::Other(7));
    let mut s = State::new(rules);
    let mut legal = ActionList::new();
    let mut chance = ChanceList::new();
    let mut events = Vec::new();
    loop {
        let action = match s.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                s.chance_outcomes(&mut chance);
                sample_chance(&chance, &mut rng)
            }
            Turn::Decision(_) => {
                s.legal_actions(&mut legal);
                legal[rng.gen_range(0..legal.len())]
            }
        };
        let before = s;
        events.clear();
        s.apply_with(action, &mut |e| events.push(e));
        step(&before, action, &s, &events);
    }
}

/// Rule sets that end halves in every way: the defaults (RECUPERO, empty draw pile), a
/// low turn cap, a short timer, a refilled draw pile, and a deck with BLANK cards.
fn half_end_rule_sets() -> Vec<(&'static str, Rules)> {
    let mut cap = rules();
    cap.max_turns_per_half = 6;
    let mut short_timer = rules();
    short_timer.timer_cards = 3;
    let mut small_deck = rules();
    for c in Card::ALL {
        small_deck.deck[c.index()] = small_deck.deck[c.index()].min(1);
    }
    small_deck.deck_size = small_deck.deck.iter().map(|&n| u16::from(n)).sum();
    vec![
        ("default", rules()),
        ("turn cap 6", cap),
        ("three timer cards", short_timer),
        ("one copy of each card", small_deck),
        (
            "recupero-reshuffle",
            rules_with(|o| o.half_end = HalfEnd::RecuperoReshuffle),
        ),
        ("ten BLANKs", rules_with_blanks(10)),
    ]
}

/// How a half ended, judged from the state before the action that ended it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum HalfEndKind {
    Timer,
    EmptyPile,
    TurnCap,
}

fn half_end_kind(before: &State) -> HalfEndKind {
    let last_turn = before.turns_this_half + 1 >= before.rules.max_turns_per_half;
    if matches!(before.tasks.last(), Some(Task::Draw(_))) && before.deck_count() == 1 {
        HalfEndKind::EmptyPile
    } else if last_turn && before.timer() + 2 < before.rules.timer_cards {
        HalfEndKind::TurnCap
    } else {
        HalfEndKind::Timer
    }
}

#[test]
fn random_games_report_both_half_ends_with_the_half_time_score() {
    let mut kinds = Vec::new();
    for (name, r) in half_end_rule_sets() {
        for seed in 0..150 {
            let ctx = format!("{name}, seed {seed}");
            let mut periods = Vec::new();
            let mut goals = [0i32; 2];
            let mut last_event = None;
            let mut steps = 0;
            random_game(r, seed, |before, _, after, events| {
                steps += 1;
                let mut ended = None;
                for (i, &e) in events.iter().enumerate() {
                    match e {
                        GameEvent::Goal { seat } => goals[seat as usize] += 1,
                        GameEvent::PeriodEnd { period } => {
                            assert_eq!(
                                i,
                                events.len() - 1,
                                "{ctx}: PeriodEnd is the last event of its action: {events:?}"
                            );
                            ended = Some(period);
                        }
                        _ => {}
                    }
                    last_event = Some(e);
                }
                match ended {
                    Some(period) => {
                        periods.push(period);
                        assert_eq!(before.half(), period, "{ctx}");
                        // The score at the end of the period is the goals reported so far.
                        assert_eq!([after.score(0), after.score(1)], goals, "{ctx}");
                        if period == 1 {
                            assert_eq!(after.half(), 2, "{ctx}");
                            assert_eq!(after.turn(), Turn::Chance, "{ctx}: the deal");
                            kinds.push(half_end_kind(before));
                        } else {
                            assert_eq!(after.turn(), Turn::Terminal, "{ctx}");
                        }
                    }
                    None => {
                        assert_eq!(before.half(), after.half(), "{ctx}: a half ended silently");
                        assert_ne!(
                            after.turn(),
                            Turn::Terminal,
                            "{ctx}: the game ended silently"
                        );
                    }
                }
            });
            assert_eq!(periods, [1, 2], "{ctx}");
            assert_eq!(
                last_event,
                Some(GameEvent::PeriodEnd { period: 2 }),
                "{ctx}"
            );
            assert!(steps > 0);
        }
    }
    for kind in [
        HalfEndKind::Timer,
        HalfEndKind::EmptyPile,
        HalfEndKind::TurnCap,
    ] {
        assert!(kinds.contains(&kind), "no first half ended by {kind:?}");
    }
}

/// Counts the goals of each seat among `events` up to the first `PeriodEnd`.
fn goals_before_period_end(events: &[GameEvent]) -> [u8; 2] {
    let mut g = [0; 2];
    for e in events {
        match *e {
            GameEvent::Goal { seat } => g[seat as usize] += 1,
            GameEvent::PeriodEnd { .. } => break,
            _ => {}
        }
    }
    g
}

#[test]
fn recupero_reported_as_the_end_of_the_first_half_after_its_goals() {
    // Seat 0 scores with GRANGOL; then seat 1's MELINA reveals RECUPERO.
    let mut s = scenario(rules())
        .hand(0, &[C::Grangol])
        .hand(1, &[C::Melina])
        .attack(0, 4)
        .timer(8)
        .build();
    let mut events = play_events(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Grangol)],
    );
    assert!(events.contains(&GameEvent::Goal { seat: 0 }));
    assert_turn_start(&s, 1);
    events.extend(play_events(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::play(C::Melina)],
    ));
    assert_eq!(
        events[events.len() - 3..],
        [
            GameEvent::CardPlayed {
                seat: 1,
                card: C::Melina as u8
            },
            GameEvent::TurnEnd { seat: 1 },
            GameEvent::PeriodEnd { period: 1 }
        ]
    );
    assert_eq!(s.half(), 2);
    assert_eq!(goals_before_period_end(&events), s.goals());
    assert_eq!(s.goals(), [1, 0]);
    // The next half's deal reports its own draws, after the PeriodEnd.
    let deal = play_events(&mut s, &[act::card(C::Passaggio)]);
    assert_eq!(
        deal,
        [GameEvent::CardDrawn {
            seat: 0,
            card: C::Passaggio as u8
        }]
    );
}

#[test]
fn a_drawn_tempo_revealing_recupero_ends_the_half() {
    let mut s = scenario(rules()).timer(8).build();
    let events = play_events(&mut s, &[act::DRAW, act::card(C::Tempo5)]);
    let tempo = C::Tempo5 as u8;
    assert_eq!(
        events,
        [
            GameEvent::CardDrawn {
                seat: 0,
                card: tempo
            },
            GameEvent::CardPlayed {
                seat: 0,
                card: tempo
            },
            GameEvent::TurnEnd { seat: 0 },
            GameEvent::PeriodEnd { period: 1 }
        ]
    );
    assert_eq!((s.half(), s.timer()), (2, 0));
}

#[test]
fn an_empty_draw_pile_reports_the_end_of_the_half() {
    let mut s = scenario(rules()).deck(&[(C::Melina, 1)]).build();
    let events = play_events(&mut s, &[act::DRAW, act::card(C::Melina)]);
    assert_eq!(
        events,
        [
            GameEvent::CardDrawn {
                seat: 0,
                card: C::Melina as u8
            },
            GameEvent::TurnEnd { seat: 0 },
            GameEvent::PeriodEnd { period: 1 }
        ]
    );
    assert_eq!(s.half(), 2);

    // Under "recupero-reshuffle" the pile is refilled: the half goes on, nothing reported.
    let r = rules_with(|o| o.half_end = HalfEnd::RecuperoReshuffle);
    let mut s = scenario(r).deck(&[(C::Melina, 1)]).build();
    let events = play_events(&mut s, &[act::DRAW, act::card(C::Melina)]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, GameEvent::PeriodEnd { .. })));
    assert_eq!(s.half(), 1);
}

#[test]
fn the_turn_cap_reports_the_end_of_the_half() {
    let mut r = rules();
    r.max_turns_per_half = 2;
    let mut s = scenario(r)
        .hand(0, &[C::Melina])
        .hand(1, &[C::Melina])
        .build();
    let first = play_events(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Melina)],
    );
    assert!(!first
        .iter()
        .any(|e| matches!(e, GameEvent::PeriodEnd { .. })));
    let second = play_events(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::play(C::Melina)],
    );
    assert_eq!(second.last(), Some(&GameEvent::PeriodEnd { period: 1 }));
    assert_eq!(s.half(), 2);
}

#[test]
fn the_end_of_the_second_half_is_the_last_event_of_the_game() {
    // By RECUPERO...
    let mut s = scenario(rules())
        .hand(0, &[C::Melina])
        .timer(8)
        .half(2)
        .score([2, 1])
        .build();
    let events = play_events(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Melina)],
    );
    assert_eq!(events.last(), Some(&GameEvent::PeriodEnd { period: 2 }));
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!((s.score(0), s.score(1)), (2, 1));
    // ...and by the empty draw pile.
    let mut s = scenario(rules()).deck(&[(C::Melina, 1)]).half(2).build();
    let events = play_events(&mut s, &[act::DRAW, act::card(C::Melina)]);
    assert_eq!(events.last(), Some(&GameEvent::PeriodEnd { period: 2 }));
    assert_eq!(s.turn(), Turn::Terminal);
}

// ----- chance streams ----------------------------------------------------------------------

#[test]
fn chance_nodes_draw_from_the_stream_of_their_kind_of_luck() {
    // Every kind of chance node: red cards discarded at random (default), MISCHIA, two
    // rolls (SUPERIORITA' / CONDIZIONE), BLANKs taken at random.
    let mut seen = [0usize; MAX_CHANCE_STREAMS];
    let rule_sets = [
        rules(),
        rules_with_blanks(10),
        rules_with(|o| o.interchangeable = true),
    ];
    let mut chance = ChanceList::new();
    for r in rule_sets {
        for seed in 0..100 {
            random_game(r, seed, |before, action, _, _| {
                let stream = before.chance_stream();
                if before.turn() != Turn::Chance {
                    assert_eq!(stream, 0, "no stream outside chance nodes");
                    return;
                }
                assert!(usize::from(stream) < MAX_CHANCE_STREAMS);
                seen[usize::from(stream)] += 1;
                before.chance_outcomes(&mut chance);
                let task = *before.tasks.last().unwrap();
                for &(a, _) in chance.iter().chain([(action, 1)].iter()) {
                    let ok = match act::decode(a) {
                        Decoded::Card(_) => match task {
                            Task::Draw(_) => stream == 0,
                            _ => stream == 3,
                        },
                        Decoded::Green(_) => stream == 1,
                        Decoded::Red(_) => stream == 2,
                        d => panic!("{d:?} is not a chance outcome"),
                    };
                    assert!(
                        ok,
                        "{} (at {task:?}) drawn from stream {stream}",
                        before.action_to_string(a)
                    );
                }
            });
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "every stream is used: {seen:?}"
    );
}

#[test]
fn random_picks_from_a_hand_have_their_own_stream() {
    // MISCHIA: the card taken from the opponent's hand.
    let mut s = scenario(rules())
        .hand(0, &[C::Mischia, C::Tiro])
        .hand(1, &[C::Catenaccio])
        .build();
    assert_eq!(s.chance_stream(), 0, "a decision");
    play(&mut s, &[act::DRAW]);
    assert_eq!(s.chance_stream(), 0, "the draw pile");
    play(&mut s, &[act::card(C::Contrasto), act::play(C::Mischia)]);
    play(&mut s, &[act::pick(C::Tiro)]);
    assert!(matches!(s.tasks.last(), Some(Task::MischiaTake(0))));
    assert_eq!(s.chance_stream(), 3);
    // A red card's random discard.
    let s = tackle(rules(), &[C::Espulsione], &[], 2, WHISTLE);
    let mut s = s;
    play(&mut s, &[act::play(C::Espulsione)]);
    assert!(matches!(s.tasks.last(), Some(Task::RedDiscardRandom(1))));
    assert_eq!(s.chance_stream(), 3);
    // The dice: red for a tackle, green for a pass.
    let mut s = scenario(rules()).hand(1, &[C::Contrasto]).turn(1).build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Passaggio), act::play(C::Contrasto)],
    );
    assert_eq!(s.chance_stream(), 2);
    let mut s = scenario(rules()).hand(0, &[C::Passaggio]).build();
    play(
        &mut s,
        &[act::DRAW, act::card(C::Contrasto), act::play(C::Passaggio)],
    );
    assert_eq!(s.chance_stream(), 1);
}

/// Turns, locked players and changes of possession: the game-neutral events the design
/// lab's metrics read (`locked_rate`, `cards_per_turn`, `possession_change_rate`).
mod turn_events {
    use super::*;
    use crate::grangol::{decode, Decoded};

    fn rule_sets() -> Vec<(&'static str, Rules)> {
        let mut sets = half_end_rule_sets();
        sets.push((
            "discard always",
            rules_with(|o| o.discard = DiscardRule::Always),
        ));
        sets.push(("interchangeable", rules_with(|o| o.interchangeable = true)));
        sets
    }

    #[test]
    fn every_turn_begins_at_its_start_and_ends_with_one_turn_end() {
        let mut total = 0;
        for (name, rules) in rule_sets() {
            for seed in 0..40 {
                // true while a turn is under way (its first action applied, no TurnEnd yet)
                let mut open: Option<Seat> = None;
                let (mut turns, mut ends) = (0, 0);
                random_game(rules, seed, |before, _, after, events| {
                    let starts = before.tasks.last() == Some(&Task::TurnStart)
                        && !before.dealing
                        && matches!(before.turn(), Turn::Decision(_));
                    // A turn may come back to its start (after CAMBIO): it began once.
                    if starts && open.is_none() {
                        open = Some(before.turn_seat);
                        turns += 1;
                    }
                    if starts {
                        assert_eq!(open, Some(before.turn_seat), "{name} seed {seed}");
                    }
                    for e in events {
                        if let GameEvent::TurnEnd { seat } = *e {
                            assert_eq!(open, Some(seat), "{name} seed {seed}: {events:?}");
                            open = None;
                            ends += 1;
                        }
                        if let GameEvent::PeriodEnd { .. } = e {
                            assert_eq!(
                                open, None,
                                "{name} seed {seed}: a half ended inside a turn"
                            );
                        }
                    }
                    if after.turn() == Turn::Terminal {
                        assert_eq!(
                            open, None,
                            "{name} seed {seed}: the game ended inside a turn"
                        );
                    }
                });
                // (A tiny timer can run out in the deals: a game of no turns.)
                assert_eq!(turns, ends, "{name} seed {seed}");
                total += turns;
            }
        }
        assert!(total > 1000, "{total}");
    }

    #[test]
    fn locked_means_no_card_could_be_played() {
        let mut locked_seen = 0;
        for (name, rules) in rule_sets() {
            for seed in 0..40 {
                random_game(rules, seed, |before, action, _, events| {
                    let locked = events
                        .iter()
                        .filter(|e| matches!(e, GameEvent::Locked { .. }))
                        .count();
                    let mut legal = ActionList::new();
                    before.legal_actions(&mut legal);
                    let could_play = legal
                        .iter()
                        .any(|&a| matches!(decode(a), Decoded::Play(_) | Decoded::PlayAs(_)));
                    let gave_up = before.tasks.last() == Some(&Task::Play)
                        && matches!(decode(action), Decoded::Pick(_) | Decoded::Done);
                    assert_eq!(
                        locked == 1,
                        gave_up && !could_play,
                        "{name} seed {seed}: {events:?}"
                    );
                    assert!(locked <= 1);
                    locked_seen += locked;
                });
            }
        }
        assert!(locked_seen > 0, "random play gets locked sometimes");
    }

    #[test]
    fn possession_changes_are_reported_except_at_kick_offs() {
        let mut changes = 0;
        for (name, rules) in rule_sets() {
            for seed in 0..40 {
                random_game(rules, seed, |before, _, after, events| {
                    let reported: Vec<Seat> = events
                        .iter()
                        .filter_map(|e| match *e {
                            GameEvent::PossessionChange { seat } => Some(seat),
                            _ => None,
                        })
                        .collect();
                    let kick_off = events
                        .iter()
                        .any(|e| matches!(e, GameEvent::Goal { .. } | GameEvent::PeriodEnd { .. }));
                    if !kick_off {
                        let changed = before.possession != after.possession;
                        assert_eq!(
                            reported.len() % 2 == 1,
                            changed,
                            "{name} seed {seed}: {events:?}"
                        );
                        if let Some(&last) = reported.last() {
                            assert_eq!(last, after.possession);
                        }
                    }
                    changes += reported.len();
                });
            }
        }
        assert!(changes > 0);
    }

    #[test]
    fn events_do_not_change_play() {
        // The same random game with and without an observer ends in the same state.
        for seed in 0..20 {
            let mut with = None;
            random_game(rules(), seed, |_, _, after, _| with = Some(*after));
            let mut rng = derive_rng(seed, 0, Stream::Other(7));
            let mut s = State::new(rules());
            let (mut legal, mut chance) = (ActionList::new(), ChanceList::new());
            while s.turn() != Turn::Terminal {
                let a = match s.turn() {
                    Turn::Chance => {
                        s.chance_outcomes(&mut chance);
                        sample_chance(&chance, &mut rng)
                    }
                    _ => {
                        s.legal_actions(&mut legal);
                        legal[rng.gen_range(0..legal.len())]
                    }
                };
                s.apply(a);
            }
            let with = with.unwrap();
            assert_eq!(s.score, with.score);
            assert_eq!(s.info_key(0), with.info_key(0));
        }
    }
}

/// The state at the roll of `card`'s die, played plainly by the seat it belongs to
/// (seat 0 attacks from its own half; seat 1 defends).
fn at_the_roll(r: Rules, card: Card) -> State {
    let mut s = match card {
        C::Contrasto | C::Catenaccio => scenario(r).hand(1, &[card]).attack(0, 1).turn(1),
        _ => scenario(r).hand(0, &[card]).attack(0, 0),
    }
    .build();
    match card {
        C::Contropiede | C::Catenaccio => play(&mut s, &[act::play(card)]),
        C::Contrasto => play(
            &mut s,
            &[act::DRAW, act::card(C::Passaggio), act::play(card)],
        ),
        _ => play(
            &mut s,
            &[act::DRAW, act::card(C::Contrasto), act::play(card)],
        ),
    }
    if card == C::Lancio {
        play(&mut s, &[act::lancio(1)]);
    }
    assert_eq!(s.turn(), Turn::Chance, "{card:?}: {:?}", s.tasks.last());
    s
}

#[test]
fn die_odds_are_the_weight_of_the_faces_on_which_the_card_succeeds() {
    let mut odd_dice = rules();
    odd_dice.green = [1, 2, 1, 2];
    odd_dice.red = [1, 1, 0, 4];
    let mut minus_fails = rules_with(|o| o.counter_minus_one = CounterMinusOne::Failure);
    minus_fails.green = [2, 1, 2, 1];
    let mut cards_with_odds = 0;
    for (name, r) in [
        ("default", rules()),
        ("odd dice", odd_dice),
        ("-1 fails", minus_fails),
    ] {
        for card in Card::ALL {
            let Some(odds) = card.die_odds(&r) else {
                continue;
            };
            cards_with_odds += 1;
            let s = at_the_roll(r, card);
            let mut faces = ChanceList::new();
            s.chance_outcomes(&mut faces);
            let (mut success, mut total) = (0, 0);
            for &(face, weight) in faces.iter() {
                let mut events = Vec::new();
                s.clone().apply_with(face, &mut |e| events.push(e));
                let resolved = events.iter().find_map(|e| match *e {
                    GameEvent::CardResolved {
                        card: c, success, ..
                    } => Some((c, success)),
                    _ => None,
                });
                assert_eq!(
                    resolved.map(|r| r.0),
                    Some(card as u8),
                    "{name}: {card:?} resolves at its roll"
                );
                total += weight;
                if resolved.is_some_and(|r| r.1) {
                    success += weight;
                }
            }
            // Exact: success / total == favourable / outcomes.
            assert_eq!(
                u64::from(success) * u64::from(odds.outcomes),
                u64::from(odds.favourable) * u64::from(total),
                "{name}: {card:?} succeeds on {success} of {total}, odds {odds:?}"
            );
        }
    }
    // PASSAGGIO, LANCIO, RILANCIO, CONTROPIEDE, CONTRASTO, CATENACCIO, OGGETTI IN CAMPO.
    assert_eq!(cards_with_odds, 3 * 7);
    let d = rules();
    let odds = |c: Card| c.die_odds(&d).map(|o| (o.favourable, o.outcomes));
    assert_eq!(odds(C::Passaggio), Some((4, 6)));
    assert_eq!(odds(C::Contrasto), Some((2, 6)));
    assert_eq!(odds(C::Oggetti), Some((2, 6)));
    for c in [
        C::Tiro,
        C::TiroDaFuori,
        C::Grangol,
        C::Fuorigioco,
        C::Tifosi,
        C::Tempo5,
    ] {
        assert_eq!(odds(c), None, "{c:?}");
    }
}
