//! Agent costs on GRANGOL: one ISMCTS decision (iterations per second = iterations / time),
//! one greedy decision, and one random playout from the same mid-game states, so the cost
//! of an MCTS iteration can be read against the cost of a playout.

use benches::{midgame_states, random_playout};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use engine::core::{derive_rng, ActionList, Agent, PlayerView, Stream, Turn};
use engine::grangol::Grangol;

const ITERATIONS: u32 = 200;

fn bench(c: &mut Criterion) {
    let game = Grangol::default_rules();
    let states = midgame_states(&game, 32);
    let mut g = c.benchmark_group("agents");

    g.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    g.bench_function("mcts_200_iterations", |b| {
        let mut k = 0;
        b.iter(|| {
            k = (k + 1) % states.len();
            let s = &states[k];
            let Turn::Decision(seat) = engine::core::GameState::turn(s) else {
                unreachable!()
            };
            let mut agent = agents::Mcts::new(agents::MctsConfig {
                iterations: ITERATIONS,
                per_action: 0,
                reuse: false,
                ..Default::default()
            });
            let mut rng = derive_rng(3, k as u64, Stream::Seat(seat));
            black_box(agent.act(&PlayerView::new(s, seat), &mut rng))
        })
    });

    g.throughput(Throughput::Elements(1));
    g.bench_function("greedy_decision", |b| {
        let mut k = 0;
        let mut agent = agents::Greedy::new(4);
        b.iter(|| {
            k = (k + 1) % states.len();
            let s = &states[k];
            let Turn::Decision(seat) = engine::core::GameState::turn(s) else {
                unreachable!()
            };
            let mut rng = derive_rng(3, k as u64, Stream::Seat(seat));
            black_box(Agent::<engine::grangol::State>::act(
                &mut agent,
                &PlayerView::new(s, seat),
                &mut rng,
            ))
        })
    });

    g.bench_function("random_playout_to_the_end", |b| {
        let mut legal = ActionList::new();
        let mut k = 0;
        b.iter(|| {
            k = (k + 1) % states.len();
            let mut s = states[k];
            let mut rng = derive_rng(4, k as u64, Stream::Other(0));
            black_box(random_playout(&mut s, &mut rng, &mut legal))
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
