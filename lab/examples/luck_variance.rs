//! How much variance the luck adjustment of `sim card-value` removes (docs/statistics.md,
//! "Luck adjustment"): plays N GRANGOL game pairs between two `greedy` agents, the rules
//! as given and with one copy of CARD replaced by the blank, on the same seeds with the
//! coupled chance sampling, and prints the variance of a pair's difference of seat 0's
//! return, raw and luck-adjusted (over chance nodes of at most MAX outcomes: 8, the lab's
//! [`MAX_OUTCOMES`](lab::commands::card_value::luck::MAX_OUTCOMES), by default; 1000 for
//! every node, the draws too; 0 for none), with the seconds taken.
//!
//! ```text
//! cargo run --release -p lab --example luck_variance -- 4000 PASSAGGIO 8
//! ```
//!
//! The luck is counted over every chance node of both games (the prefix they share
//! cancels in the difference), which gives the same variance as counting after they part.

use agents::AgentSpec;
use engine::grangol::Grangol;
use engine_core::{
    derive_rng, sample_chance_coupled, ActionList, Agent, ChanceList, ChanceOutcomes, Game,
    GameState, LegalActions, PlayerView, Rng, Stream, Turn, MAX_CHANCE_STREAMS,
};
use lab::commands::card_value::luck::node_luck;

/// Plays game `g` of `seed`; returns seat 0's return and its luck over the chance nodes of
/// at most `max` outcomes (0 with `max` = 0).
fn play(game: &Grangol, seed: u64, g: u64, max: usize) -> (f64, f64) {
    let spec = AgentSpec::parse("greedy").expect("greedy");
    let mut agents: Vec<Box<dyn Agent<<Grangol as Game>::State>>> = (0..2)
        .map(|_| agents::make_agent(&spec).expect("greedy"))
        .collect();
    for a in &mut agents {
        a.new_game();
    }
    let mut chance: Vec<Rng> = (0..MAX_CHANCE_STREAMS)
        .map(|k| derive_rng(seed, g, Stream::Chance(k as u8)))
        .collect();
    let mut seats: Vec<Rng> = (0..2u8)
        .map(|s| derive_rng(seed, g, Stream::Seat(s)))
        .collect();
    let mut state = game.new_initial_state();
    let (mut list, mut legal) = (ChanceList::new(), ActionList::new());
    let mut luck = 0.0;
    loop {
        let action = match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let k = usize::from(state.chance_stream()) % MAX_CHANCE_STREAMS;
                state.chance_outcomes(&mut list);
                let a = sample_chance_coupled(&list, &mut chance[k]);
                luck += node_luck(&state, a, &mut list, max);
                a
            }
            Turn::Decision(seat) => {
                let s = usize::from(seat);
                state.legal_actions(&mut legal);
                let view = PlayerView::with_legal(&state, seat, &legal);
                agents[s].act(&view, &mut seats[s])
            }
        };
        state.apply(action);
    }
    (state.returns()[0], luck)
}

/// Mean and sample variance.
fn moments(x: &[f64]) -> (f64, f64) {
    let n = x.len() as f64;
    let m = x.iter().sum::<f64>() / n;
    (
        m,
        x.iter().map(|y| (y - m) * (y - m)).sum::<f64>() / (n - 1.0),
    )
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(2000);
    let card = args.next().unwrap_or_else(|| "PASSAGGIO".into());
    let max: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(8);
    let base = Grangol::default_rules();
    let ablated = base.with_blank(&card).expect("a card of the deck");
    let clock = std::time::Instant::now();
    let (mut raw, mut adjusted) = (Vec::new(), Vec::new());
    for g in 0..n {
        let (r0, l0) = play(&base, 7, g, max);
        let (r1, l1) = play(&ablated, 7, g, max);
        raw.push(r0 - r1);
        adjusted.push((r0 - l0) - (r1 - l1));
    }
    let (m_raw, v_raw) = moments(&raw);
    let (m_adj, v_adj) = moments(&adjusted);
    println!(
        "{n} pairs, {card}, nodes of at most {max} outcomes: difference raw mean {m_raw:+.4} \
         variance {v_raw:.4}; luck-adjusted mean {m_adj:+.4} variance {v_adj:.4} (ratio \
         {:.2}); {:.1} s",
        v_raw / v_adj,
        clock.elapsed().as_secs_f64()
    );
}
