//! Engine throughput: whole random games of GRANGOL and of the calibration game
//! `crazy_eights`, and GRANGOL's three hot calls (clone, legal_actions, apply) at
//! mid-game states.

use benches::{midgame_states, random_playout};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use engine::core::{derive_rng, ActionList, Game, GameState, LegalActions, Stream};
use engine::crazy_eights::CrazyEights;
use engine::grangol::Grangol;

fn bench(c: &mut Criterion) {
    let game = Grangol::default_rules();
    let mut g = c.benchmark_group("grangol");
    g.throughput(Throughput::Elements(1));
    let mut legal = ActionList::new();
    let mut i = 0u64;
    g.bench_function("random_game", |b| {
        b.iter(|| {
            i += 1;
            let mut rng = derive_rng(1, i, Stream::Chance(0));
            let mut s = game.new_initial_state();
            black_box(random_playout(&mut s, &mut rng, &mut legal))
        })
    });
    let eights = CrazyEights::default_rules();
    g.bench_function("crazy_eights_random_game", |b| {
        b.iter(|| {
            i += 1;
            let mut rng = derive_rng(1, i, Stream::Chance(0));
            let mut s = eights.new_initial_state();
            black_box(random_playout(&mut s, &mut rng, &mut legal))
        })
    });
    let states = midgame_states(&game, 64);
    g.bench_function("clone_state", |b| {
        let mut k = 0;
        b.iter(|| {
            k = (k + 1) % states.len();
            let s = *black_box(&states[k]);
            black_box(s.turn())
        })
    });
    g.bench_function("legal_actions", |b| {
        let mut k = 0;
        b.iter(|| {
            k = (k + 1) % states.len();
            states[k].legal_actions(&mut legal);
            black_box(legal.len())
        })
    });
    g.bench_function("clone_and_apply", |b| {
        let mut k = 0;
        b.iter(|| {
            k = (k + 1) % states.len();
            let mut s = states[k];
            s.legal_actions(&mut legal);
            s.apply(legal[0]);
            black_box(s.turn())
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
