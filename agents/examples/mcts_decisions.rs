//! Where the default `mcts` spends its iterations: plays GRANGOL games of `mcts` against
//! `greedy` and prints, per kind of decision (named by its first legal action), how many
//! decisions there were, their mean number of legal actions, iterations and time.
//!
//! `cargo run --release -p agents --example mcts_decisions -- [GAMES] [SPEC]`

use agents::make_agent;
use engine::core::{
    derive_rng, Action, ActionList, ChanceOutcomes, Game, GameState, LegalActions, Notation,
    PlayerView, Stream, Turn,
};
use engine::grangol::Grangol;
use std::collections::BTreeMap;
use std::time::Instant;

fn kind(label: &str) -> String {
    let l = label.split(':').next().unwrap_or(label);
    l.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map(|a| a.parse().unwrap()).unwrap_or(20);
    let spec = args.next().unwrap_or_else(|| "mcts".into());
    let game = Grangol::default_rules();
    let mut stats: BTreeMap<String, (u64, u64, u64, f64)> = BTreeMap::new();
    let mut legal = ActionList::new();
    let start = Instant::now();
    for g in 0..games {
        let mut mcts = agents::Mcts::from_spec(&agents::AgentSpec::parse(&spec).unwrap()).unwrap();
        let mut greedy = make_agent(&agents::AgentSpec::parse("greedy").unwrap()).unwrap();
        let mcts_seat = (g % 2) as u8;
        let mut s = game.new_initial_state();
        let mut rng = derive_rng(7, g, Stream::Other(0));
        let mut r0 = derive_rng(7, g, Stream::Other(1));
        let mut r1 = derive_rng(7, g, Stream::Other(2));
        loop {
            let a: Action = match s.turn() {
                Turn::Terminal => break,
                Turn::Chance => s.sample_chance_outcome(&mut rng),
                Turn::Decision(seat) => {
                    let view = PlayerView::new(&s, seat);
                    if seat == mcts_seat {
                        s.legal_actions(&mut legal);
                        let k = kind(&s.action_to_string(legal[0]));
                        let before = mcts.iterations_done();
                        let t = Instant::now();
                        let a = engine::core::Agent::act(&mut mcts, &view, &mut r0);
                        let e = stats.entry(k).or_default();
                        e.0 += 1;
                        e.1 += legal.len() as u64;
                        e.2 += mcts.iterations_done() - before;
                        e.3 += t.elapsed().as_secs_f64();
                        a
                    } else {
                        greedy.act(&view, &mut r1)
                    }
                }
            };
            s.apply(a);
        }
    }
    let total: f64 = stats.values().map(|v| v.3).sum();
    println!(
        "{games} games in {:.1} s; mcts decisions by kind:",
        start.elapsed().as_secs_f64()
    );
    println!(
        "{:<28} {:>8} {:>7} {:>9} {:>7}",
        "first legal action", "count", "legal", "iters", "time%"
    );
    let mut v: Vec<_> = stats.into_iter().collect();
    v.sort_by(|a, b| b.1 .3.partial_cmp(&a.1 .3).unwrap());
    for (k, (n, l, it, t)) in v {
        println!(
            "{:<28} {:>8} {:>7.1} {:>9.0} {:>6.1}%",
            k,
            n,
            l as f64 / n as f64,
            it as f64 / n as f64,
            100.0 * t / total
        );
    }
}
