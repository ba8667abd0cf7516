use engine::core::*;
use engine::grangol::*;
use rand::Rng as _;
fn main() {
    let g = Grangol::default_rules();
    let n = 20000;
    let mut len = 0usize;
    let mut goals = [0u64; 2];
    let mut wins = [0; 3];
    let mut dec = 0usize;
    let mut played = [0u64; NUM_CARDS];
    let mut ok = [0u64; NUM_CARDS];
    let mut al = ActionList::new();
    let mut cl = ChanceList::new();
    let t = std::time::Instant::now();
    for i in 0..n {
        let mut rng = derive_rng(1, i, Stream::Chance(0));
        let mut s = g.new_initial_state();
        loop {
            let a = match s.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    s.chance_outcomes(&mut cl);
                    sample_chance(&cl, &mut rng)
                }
                Turn::Decision(_) => {
                    s.legal_actions(&mut al);
                    dec += 1;
                    al[rng.gen_range(0..al.len())]
                }
            };
            s.apply_with(a, &mut |e| match e {
                GameEvent::CardPlayed { card, .. } => played[card as usize] += 1,
                GameEvent::CardResolved {
                    card,
                    success: true,
                    ..
                } => ok[card as usize] += 1,
                _ => {}
            });
            len += 1;
        }
        goals[0] += s.score(0) as u64;
        goals[1] += s.score(1) as u64;
        let r = s.returns();
        if r[0] == 1.0 {
            wins[0] += 1
        } else if r[1] == 1.0 {
            wins[1] += 1
        } else {
            wins[2] += 1
        }
    }
    let el = t.elapsed().as_secs_f64();
    println!(
        "games/s {:.0}  actions/game {:.1} decisions/game {:.1} goals {:?} wins {:?}",
        n as f64 / el,
        len as f64 / n as f64,
        dec as f64 / n as f64,
        goals.map(|x| x as f64 / n as f64),
        wins
    );
    for c in Card::ALL {
        println!(
            "{:28} played {:8.3} ok {:8.3}",
            c.name(),
            played[c.index()] as f64 / n as f64,
            ok[c.index()] as f64 / n as f64
        );
    }
}
