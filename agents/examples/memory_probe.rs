//! How an agent plays the memory solitaire: plays games of one agent alone and prints the
//! mean turns (with a 95% interval), the iterations per game (for `mcts`), the time, and
//! how often the agent chose another kind of card ([`engine::core::Heuristic::action_classes`])
//! than the standard perfect-memory strategy (the rollout policy) would, by phase. Its games
//! are not those of `sim` (other streams).
//!
//! `cargo run --release -p agents --example memory_probe -- [GAMES] [SPEC] [classic|solitaire] [SEED]`

use agents::make_agent;
use engine::core::{
    derive_rng, ActionList, ChanceOutcomes, Game, GameState, LegalActions, PlayerView, Stream, Turn,
};
use engine::memory::{Memory, PrizesConfig};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map(|a| a.parse().unwrap()).unwrap_or(20);
    let spec = args.next().unwrap_or_else(|| "mcts".into());
    let rules = args.next().unwrap_or_else(|| "classic".into());
    let seed: u64 = args.next().map(|a| a.parse().unwrap()).unwrap_or(3);
    let mut c = Memory::default_rules().config().clone();
    c.players = 1;
    if rules == "classic" {
        c.prizes = PrizesConfig::NONE;
    }
    let r = c.validate().unwrap();
    let game = Memory::from_parts(c, r);
    let mut legal = ActionList::new();
    let (mut sum, mut sq) = (0.0, 0.0);
    let start = Instant::now();
    let mut iters = 0u64;
    let mut off = std::collections::BTreeMap::new();
    for g in 0..games {
        let mut agent = if spec.starts_with("mcts") {
            agents::Mcts::from_spec(&agents::AgentSpec::parse(&spec).unwrap()).ok()
        } else {
            None
        };
        let mut other = if agent.is_none() {
            Some(make_agent(&agents::AgentSpec::parse(&spec).unwrap()).unwrap())
        } else {
            None
        };
        let mut s = game.new_initial_state();
        let mut rng = derive_rng(seed, g, Stream::Other(0));
        let mut r0 = derive_rng(seed, g, Stream::Seat(0));
        loop {
            let a = match s.turn() {
                Turn::Terminal => break,
                Turn::Chance => s.sample_chance_outcome(&mut rng),
                Turn::Decision(seat) => {
                    let view = PlayerView::new(&s, seat);
                    let a = match (&mut agent, &mut other) {
                        (Some(m), _) => engine::core::Agent::act(m, &view, &mut r0),
                        (None, Some(o)) => o.act(&view, &mut r0),
                        _ => unreachable!(),
                    };
                    {
                        // Against the standard strategy (the rollout policy), by class.
                        use engine::core::Heuristic;
                        s.legal_actions(&mut legal);
                        let mut r = derive_rng(0, 0, Stream::Other(9));
                        let class = s.action_classes(seat).expect("the solitaire has classes");
                        if let Some(p) = s.rollout_action(seat, &legal, &mut r) {
                            if class(p) != class(a) {
                                let k = format!(
                                    "{:?}:{:x}->{:x}",
                                    s.phase(),
                                    (class(p) >> 24) & 0xff,
                                    (class(a) >> 24) & 0xff
                                );
                                *off.entry(k).or_insert(0u64) += 1;
                            }
                        }
                    }
                    a
                }
            };
            s.apply(a);
        }
        let t = f64::from(s.turns());
        sum += t;
        sq += t * t;
        if let Some(m) = &agent {
            iters += m.iterations_done();
        }
    }
    let n = games as f64;
    let mean = sum / n;
    let se = ((sq / n - mean * mean) / (n - 1.0)).sqrt();
    println!(
        "{rules} {spec} games={games} seed={seed}: turns {mean:.2} [{:.2}, {:.2}], \
         iterations/game {:.0}, {:.2} s/game",
        mean - 1.96 * se,
        mean + 1.96 * se,
        iters as f64 / n,
        start.elapsed().as_secs_f64() / n
    );
    println!("off the standard strategy (phase:policy kind->agent kind; 0 unseen, 1 mate, 2 pair, 3 single): {off:?}");
}
