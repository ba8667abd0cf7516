//! `sim fit-eval`: fits a game's evaluation to the outcomes of its own games.
//!
//! Self-play games (`--agents`, default `greedy,greedy`; seats rotate game by game) are
//! played on `--threads` threads; at each decision, with probability 1/`--every`
//! (drawn from the game's own stream `derive_rng(seed, game, Other(FIT_STREAM))`), the
//! deciding seat's evaluation features ([`Heuristic::features`]) are recorded with the
//! hand-made heuristic's value, and once the game ends with the seat's return (wins +
//! draws/2). Games whose index is 4 modulo 5 are held out. Positions are kept in two
//! reservoirs of fixed size (Vitter 1985, algorithm R, fed in game order with a stream of
//! the seed), so memory does not grow with `--games`, and batches of games are played in
//! parallel and fed in order, so the file is byte-identical whatever `--threads` is.
//! The logistic regression of the return on the features ([`reports::fit_logistic`],
//! Newton's method with a ridge) is written as `eval.toml`
//! ([`engine_core::LinearEval`]), with the command that made it in its header, and the
//! fit is compared with the hand-made heuristic on the held-out positions (log-loss,
//! Brier score).

use crate::infra::games::Loaded;
use crate::infra::options::FitEvalOptions;
use crate::infra::play::{Actor, Observer, Player};
use crate::infra::schedule::{Format, Schedule};
use agents::AgentSpec;
use anyhow::{bail, Context, Result};
use engine_core::{derive_rng, Action, Game, GameInfo, Heuristic, Rng, Stream, MAX_FEATURES};
use rand::Rng as _;
use rayon::prelude::*;

/// The `Stream::Other` number of the position-sampling stream of each game.
const FIT_STREAM: u32 = 0xF17;
/// The `Stream::Other` number of the reservoirs' stream (game index 0).
const RESERVOIR_STREAM: u32 = 0xF18;
/// Games played in parallel before their positions are fed to the reservoirs, in order.
const BATCH: u64 = 256;
/// Games played one after the other by one worker (reusing its agents).
const CHUNK: u64 = 8;
/// One game in this many is held out.
const HOLD_OUT: u64 = 5;

/// A recorded position: the deciding seat, its features and the heuristic's value.
struct Position {
    seat: u8,
    features: [f64; MAX_FEATURES],
    heuristic: f64,
}

/// One game's recorded positions, each with the deciding seat's return: the game's index
/// and the positions in the order they were recorded.
type GamePositions = (u64, Vec<(Position, f64)>);

/// Records sampled decisions of one game.
struct Recorder {
    rng: Rng,
    every: u32,
    positions: Vec<Position>,
}

impl<S: Heuristic> Observer<S> for Recorder {
    fn before_action(&mut self, state: &S, actor: Actor, _action: Action) {
        if let Actor::Seat(seat) = actor {
            if self.rng.gen_range(0..self.every) == 0 {
                let mut features = [0.0; MAX_FEATURES];
                state.features(seat, &mut features);
                self.positions.push(Position {
                    seat,
                    features,
                    heuristic: state.heuristic(seat),
                });
            }
        }
    }
}

/// A reservoir of at most `cap` rows of `stride` numbers (features, heuristic, target).
struct Reservoir {
    cap: usize,
    stride: usize,
    seen: u64,
    rows: Vec<f64>,
}

impl Reservoir {
    fn new(cap: usize, stride: usize) -> Self {
        Reservoir {
            cap,
            stride,
            seen: 0,
            rows: Vec::with_capacity(cap.min(1 << 20) * stride),
        }
    }

    /// Algorithm R: the first `cap` rows are kept; row `t` (0-based) after them replaces
    /// a uniform slot with probability `cap / (t + 1)`.
    fn offer(&mut self, row: &[f64], rng: &mut Rng) {
        let t = self.seen;
        self.seen += 1;
        if (t as usize) < self.cap {
            self.rows.extend_from_slice(row);
        } else {
            let j = rng.gen_range(0..=t);
            if (j as usize) < self.cap {
                let k = j as usize * self.stride;
                self.rows[k..k + self.stride].copy_from_slice(row);
            }
        }
    }

    fn len(&self) -> usize {
        self.rows.len() / self.stride
    }

    /// Column `c` of every row.
    fn column(&self, c: usize) -> Vec<f64> {
        self.rows.chunks(self.stride).map(|r| r[c]).collect()
    }

    /// The first `d` columns of every row, row after row.
    fn features(&self, d: usize) -> Vec<f64> {
        self.rows
            .chunks(self.stride)
            .flat_map(|r| r[..d].iter().copied())
            .collect()
    }
}

/// `sim fit-eval` on the loaded game. Errors, one line: a game without evaluation
/// features, bad agents, an agent count that is not the number of seats, a game that
/// panics, no positions recorded, a failed fit, or an unwritable `--out`.
/// Errors: [`crate::Error`], sorted from what failed (see [`crate::infra::error`]).
pub fn fit_eval<G: Game>(
    game: &Loaded<G>,
    args: &FitEvalOptions,
) -> crate::infra::error::Result<()> {
    fit_eval_untyped::<G>(game, args).map_err(crate::Error::from)
}

/// The work of [`fit_eval`], with `anyhow` errors.
fn fit_eval_untyped<G: Game>(game: &Loaded<G>, args: &FitEvalOptions) -> Result<()> {
    fit_eval_of(
        game.game.info(),
        <G::State as Heuristic>::FEATURES,
        args,
        &|spec| {
            agents::make_agent::<G::State>(spec).map_err(|e| anyhow::anyhow!("--agents: {e}"))?;
            Ok(())
        },
        &|specs, schedule, games| {
            let mut player = Player::new(&game.game, specs, args.seed);
            games
                .map(|g| {
                    let mut rec = Recorder {
                        rng: derive_rng(args.seed, g, Stream::Other(FIT_STREAM)),
                        every: args.every,
                        positions: Vec::new(),
                    };
                    let record =
                        player.play(&schedule.game(g), &mut rec as &mut dyn Observer<_>)?;
                    let labelled = rec
                        .positions
                        .into_iter()
                        .map(|p| {
                            let y = record.returns[p.seat as usize];
                            (p, y)
                        })
                        .collect();
                    Ok((g, labelled))
                })
                .collect()
        },
    )
}

/// How [`fit_eval_of`] plays a chunk of games: the games `games` of `schedule` by the
/// agents `specs`, their recorded positions.
type PlayChunk<'a> =
    dyn Fn(&[AgentSpec], &Schedule, std::ops::Range<u64>) -> Result<Vec<GamePositions>> + Sync + 'a;

/// [`fit_eval_untyped`] at the game described by `info` whose evaluation features are
/// `names`: `make_agent` builds an agent of the game, `play` plays a chunk of games.
fn fit_eval_of(
    info: &GameInfo,
    names: &[&str],
    args: &FitEvalOptions,
    make_agent: &dyn Fn(&AgentSpec) -> Result<()>,
    play: &PlayChunk<'_>,
) -> Result<()> {
    let name = info.name;
    let d = names.len();
    if d == 0 {
        bail!("--game {name}: this game has no evaluation features yet (Heuristic::features)");
    }
    let seats = info.num_seats;
    let specs: Vec<AgentSpec> = if args.agents.is_empty() {
        vec![AgentSpec::named("greedy"); seats]
    } else {
        args.agents.iter().map(AgentSpec::trimmed).collect()
    };
    if specs.len() != seats {
        bail!(
            "--agents '{}': name one agent per seat ({seats} at {name})",
            crate::infra::games::typed_list(&specs)
        );
    }
    for spec in &specs {
        make_agent(spec)?;
    }
    let schedule = Schedule::new(specs.len(), seats, Format::RoundRobin, args.games, false)
        .map_err(|e| anyhow::anyhow!("--agents: {e}"))?;
    let threads = crate::infra::progress::threads(args.threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .with_context(|| format!("cannot start {threads} threads"))?;
    let stride = d + 2;
    let mut train = Reservoir::new(args.positions, stride);
    let mut test = Reservoir::new(args.positions.div_ceil(4), stride);
    let mut rng = derive_rng(args.seed, 0, Stream::Other(RESERVOIR_STREAM));
    let total = schedule.total_games();
    let clock = std::time::Instant::now();
    let mut row = vec![0.0; stride];
    let mut last_note = clock;
    for start in (0..total).step_by(BATCH as usize) {
        let end = (start + BATCH).min(total);
        let parts: Vec<Result<Vec<GamePositions>>> = pool.install(|| {
            (0..(end - start).div_ceil(CHUNK))
                .into_par_iter()
                .map(|c| {
                    play(
                        &specs,
                        &schedule,
                        start + c * CHUNK..(start + (c + 1) * CHUNK).min(end),
                    )
                })
                .collect()
        });
        for part in crate::infra::play::all_parts(parts)? {
            for (g, positions) in part {
                let reservoir = if g % HOLD_OUT == HOLD_OUT - 1 {
                    &mut test
                } else {
                    &mut train
                };
                for (p, y) in positions {
                    row[..d].copy_from_slice(&p.features[..d]);
                    row[d] = p.heuristic;
                    row[d + 1] = y;
                    reservoir.offer(&row, &mut rng);
                }
            }
        }
        if last_note.elapsed() >= crate::infra::progress::LOG_EVERY {
            last_note = std::time::Instant::now();
            eprintln!("fit-eval: {end}/{total} games");
        }
    }
    if train.len() == 0 || test.len() == 0 {
        bail!(
            "--games {}: too few positions recorded (train {}, held out {}); play more games",
            args.games,
            train.len(),
            test.len()
        );
    }
    let fit = reports::fit_logistic(&train.features(d), &train.column(d + 1), args.ridge)
        .map_err(|e| anyhow::anyhow!("the fit failed: {e}"))?;
    let y = test.column(d + 1);
    let fitted: Vec<f64> = test
        .rows
        .chunks(stride)
        .map(|r| fit.predict(&r[..d]))
        .collect();
    let hand = test.column(d);
    let (ll_fit, ll_hand) = (reports::log_loss(&fitted, &y), reports::log_loss(&hand, &y));
    let (br_fit, br_hand) = (reports::brier(&fitted, &y), reports::brier(&hand, &y));
    let command = format!(
        "sim fit-eval --game {} --games {} --seed {} --agents '{}'{}{}{}{}",
        name,
        args.games,
        args.seed,
        crate::infra::games::typed_list(&specs),
        match &args.rules {
            Some(r) => format!(" --rules {r}"),
            None => String::new(),
        },
        if args.every == DEFAULT_EVERY {
            String::new()
        } else {
            format!(" --every {}", args.every)
        },
        if args.positions == DEFAULT_POSITIONS {
            String::new()
        } else {
            format!(" --positions {}", args.positions)
        },
        if args.ridge == DEFAULT_RIDGE {
            String::new()
        } else {
            format!(" --ridge {}", args.ridge)
        },
    );
    let mut text = String::new();
    text.push_str(&format!(
        "# The fitted evaluation of {} (mcts(eval=fitted), greedy(eval=fitted)): the\n\
         # logistic regression of a seat's final return (wins + draws/2) on its evaluation\n\
         # features at sampled decisions of self-play (docs/evaluation.md).\n\
         # Made by: {command}\n\
         # Positions: {} fitted (of {} recorded), {} held out (of {}); ridge {}; {} Newton \
         steps{}\n\
         # Held-out log-loss: fitted {ll_fit:.4}, hand-made heuristic {ll_hand:.4}; \
         Brier: fitted {br_fit:.4}, hand-made {br_hand:.4}\n",
        name,
        train.len(),
        train.seen,
        test.len(),
        test.seen,
        args.ridge,
        fit.iterations,
        if fit.converged {
            ""
        } else {
            " (not converged)"
        },
    ));
    text.push_str("[weights]\n");
    text.push_str(&format!("bias = {}\n", number(fit.bias)));
    for (name, w) in names.iter().zip(&fit.weights) {
        text.push_str(&format!("\"{name}\" = {}\n", number(*w)));
    }
    // The file must load back as the game reads it.
    engine_core::LinearEval::parse(&text, names)
        .map_err(|e| anyhow::anyhow!("the written weights do not load back: {e}"))?;
    let out = args.out.clone().unwrap_or_else(|| {
        std::path::PathBuf::from(format!("eval-{}-{}-{}.toml", name, args.seed, args.games))
    });
    std::fs::write(&out, &text).with_context(|| format!("--out {}", out.display()))?;
    say!(
        "fit-eval {}: {} games in {:.1}s; {} positions fitted, {} held out",
        name,
        total,
        clock.elapsed().as_secs_f64(),
        train.len(),
        test.len()
    );
    say!("held-out log-loss: fitted {ll_fit:.4}, hand-made heuristic {ll_hand:.4}");
    say!("held-out Brier:    fitted {br_fit:.4}, hand-made heuristic {br_hand:.4}");
    say!("weights: {}", out.display());
    Ok(())
}

/// A weight as written: six decimals, and never `-0.000000`.
fn number(w: f64) -> String {
    let s = format!("{w:.6}");
    if s == "-0.000000" {
        "0.000000".into()
    } else {
        s
    }
}

/// The default of `--every`.
pub const DEFAULT_EVERY: u32 = 4;
/// The default of `--positions`.
pub const DEFAULT_POSITIONS: usize = 200_000;
/// The default of `--ridge`.
pub const DEFAULT_RIDGE: f64 = 1.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reservoir_keeps_cap_rows_and_replaces_uniformly() {
        let mut rng = derive_rng(1, 0, Stream::Other(0));
        let mut r = Reservoir::new(100, 1);
        for i in 0..10_000 {
            r.offer(&[f64::from(i)], &mut rng);
        }
        assert_eq!(r.len(), 100);
        assert_eq!(r.seen, 10_000);
        // A uniform sample of 0..10000: its mean is near 5000 (sd about 290).
        let mean = r.column(0).iter().sum::<f64>() / 100.0;
        assert!((mean - 5000.0).abs() < 1500.0, "{mean}");
        assert!(r.column(0).iter().any(|&v| v >= 100.0));
    }

    #[test]
    fn weights_are_written_without_negative_zero() {
        assert_eq!(number(-0.0000001), "0.000000");
        assert_eq!(number(1.25), "1.250000");
    }
}
