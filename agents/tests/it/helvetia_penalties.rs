//! A measurement, not a check (ignored by default): how the shoot-out's penalties of
//! Helvetia Cup go in greedy self-play on the default rules, split by whether the taker
//! was exhausted (no BOOST left: he shoots with his small OFF). `docs/rules/helvetia.md`
//! reports its figures. Run it with
//! `cargo test --release -p agents --test it helvetia_penalties:: -- --ignored --nocapture`
//! (`HELVETIA_PENALTY_GAMES=N` sets the number of games, 1,000 by default).

use agents::make_agent;
use engine::core::{derive_rng, ChanceOutcomes, Game, GameState, PlayerView, Stream, Turn};
use engine::helvetia::{Helvetia, Phase};

/// Penalties taken and scored, by fresh (index 0) and exhausted (index 1) takers.
#[derive(Default, Debug)]
struct Penalties {
    taken: [u32; 2],
    scored: [u32; 2],
    shootouts: u32,
    games: u32,
}

fn measure(games: u64, seed: u64) -> Penalties {
    let game = Helvetia::default_rules();
    let mut out = Penalties::default();
    for g in 0..games {
        let mut s = game.new_initial_state();
        let mut agents = [
            make_agent(&agents::AgentSpec::parse("greedy").unwrap()).unwrap(),
            make_agent(&agents::AgentSpec::parse("greedy").unwrap()).unwrap(),
        ];
        let mut seat_rng = [
            derive_rng(seed, g, Stream::Seat(0)),
            derive_rng(seed, g, Stream::Seat(1)),
        ];
        let mut chance = derive_rng(seed, g, Stream::Chance(0));
        let mut shootout = false;
        // The penalty waiting for its result: (team, its penalties before, exhausted).
        let mut pending: Option<(u8, u8, usize)> = None;
        loop {
            if matches!(s.phase(), Phase::Keeper | Phase::Over) {
                if let Some((t, before, x)) = pending.take() {
                    out.taken[x] += 1;
                    out.scored[x] += u32::from(s.penalties()[usize::from(t)] > before);
                }
            }
            if s.phase() == Phase::ShootoutToss {
                shootout = true;
            }
            if shootout && s.phase() == Phase::Keeper {
                let t = s.attack();
                let x = usize::from(s.boost(t, s.carrier()) == 0);
                pending = Some((t, s.penalties()[usize::from(t)], x));
            }
            match s.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let a = s.sample_chance_outcome(&mut chance);
                    s.apply(a);
                }
                Turn::Decision(seat) => {
                    let a = agents[usize::from(seat)]
                        .act(&PlayerView::new(&s, seat), &mut seat_rng[usize::from(seat)]);
                    s.apply(a);
                }
            }
        }
        out.games += 1;
        out.shootouts += u32::from(shootout);
    }
    out
}

#[test]
#[ignore = "a measurement for docs/rules/helvetia.md; run it with --ignored"]
fn penalty_conversion_with_and_without_exhaustion() {
    let games = std::env::var("HELVETIA_PENALTY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let p = measure(games, 20261125);
    let rate = |x: usize| f64::from(p.scored[x]) / f64::from(p.taken[x].max(1));
    println!(
        "{} games (greedy vs greedy, default rules, seed 20261125), {} shoot-outs",
        p.games, p.shootouts
    );
    for (x, who) in ["fresh", "exhausted"].iter().enumerate() {
        println!(
            "{who} takers: {} penalties, {} scored ({:.3})",
            p.taken[x],
            p.scored[x],
            rate(x)
        );
    }
    assert_eq!(p.games as u64, games);
}
