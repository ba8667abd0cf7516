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
use engine_core::{
    derive_rng, Action, Agent, Game, GameInfo, Heuristic, Rng, Seat, Stream, MAX_FEATURES,
};
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
    /// The deciding agent's own estimate of its chosen action, where it searched: the
    /// mean return of the root's iterations through that action ([`Agent::last_search`]).
    search: Option<f64>,
}

pub use crate::infra::options::FitTarget as Target;

/// One game's recorded positions, each with the deciding seat's return: the game's index
/// and the positions in the order they were recorded.
type GamePositions = (u64, Vec<(Position, f64)>);

/// Records sampled decisions of one game.
struct Recorder {
    rng: Rng,
    every: u32,
    positions: Vec<Position>,
    /// Whether the target needs the agents' search values.
    want_search: bool,
    /// The search value of the decision about to be applied ([`Observer::on_decision`]
    /// comes before [`Observer::before_action`]).
    pending: Option<f64>,
    /// The last search's root statistics (reused).
    stats: Vec<engine_core::SearchStat>,
}

impl<S: Heuristic> Observer<S> for Recorder {
    fn on_decision(&mut self, _state: &S, _seat: Seat, action: Action, agent: &dyn Agent<S>) {
        self.pending = None;
        if self.want_search && agent.last_search(&mut self.stats) {
            self.pending = self
                .stats
                .iter()
                .find(|s| s.action == action && s.visits > 0)
                .map(|s| s.total / f64::from(s.visits));
        }
    }

    fn before_action(&mut self, state: &S, actor: Actor, _action: Action) {
        let search = self.pending.take();
        if let Actor::Seat(seat) = actor {
            if self.rng.gen_range(0..self.every) == 0 {
                let mut features = [0.0; MAX_FEATURES];
                state.features(seat, &mut features);
                self.positions.push(Position {
                    seat,
                    features,
                    heuristic: state.heuristic(seat),
                    search,
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
        &|specs, schedule, seed, games| {
            let mut player = Player::new(&game.game, specs, seed);
            games
                .map(|g| {
                    let mut rec = Recorder {
                        rng: derive_rng(seed, g, Stream::Other(FIT_STREAM)),
                        every: args.every,
                        positions: Vec::new(),
                        want_search: args.target != Target::Outcome,
                        pending: None,
                        stats: Vec::new(),
                    };
                    let record =
                        player.play(&schedule.game(g), &mut rec as &mut dyn Observer<_>)?;
                    let labelled = rec
                        .positions
                        .into_iter()
                        .map(|p| {
                            let y = args.target.of(record.returns[p.seat as usize], p.search);
                            (p, y)
                        })
                        .collect();
                    Ok((g, labelled))
                })
                .collect()
        },
        &|specs, games, seed| {
            let run = crate::RunOptions {
                common: crate::GameOptions {
                    game: game.game.info().name.to_string(),
                    agents: specs.to_vec(),
                    games,
                    gauntlet: false,
                    no_duplicate: false,
                    seed,
                    rules: args.rules.iter().cloned().collect(),
                    set: Vec::new(),
                    players: None,
                },
                sprt: None,
                max_actions: None,
                json: false,
                output: crate::infra::options::OutputOptions::new(args.threads, None),
                long: crate::infra::options::LongRunOptions::every(0),
            };
            let plan = crate::commands::run::plan(game, &run)?;
            let (tally, _) = crate::commands::run::simulate(&game.game, &plan, None)?;
            let m = tally
                .matches
                .first()
                .context("the head-to-head played no match")?;
            let (score, iv, _) = m
                .score_interval(true)
                .context("the head-to-head has no score")?;
            Ok((score, iv.lo, iv.hi))
        },
    )
}

/// How [`fit_eval_of`] plays a chunk of games: the games `games` of `schedule` by the
/// agents `specs` on master seed `seed`, their recorded positions.
type PlayChunk<'a> = dyn Fn(&[AgentSpec], &Schedule, u64, std::ops::Range<u64>) -> Result<Vec<GamePositions>>
    + Sync
    + 'a;

/// How [`fit_eval_of`] plays a round's head-to-head: `games` games between the two agents
/// `specs` on duplicate deals of master seed `seed`; the first agent's score with its 95%
/// interval (pentanomial over the pairs), `(score, lo, hi)`.
type PlayMatch<'a> = dyn Fn(&[AgentSpec], u64, u64) -> Result<(f64, f64, f64)> + 'a;

/// [`fit_eval_untyped`] at the game described by `info` whose evaluation features are
/// `names`: `make_agent` builds an agent of the game, `play` plays a chunk of games and
/// `play_match` a round's head-to-head. One fit, or with `--rounds` the expert
/// iteration of [`rounds`].
fn fit_eval_of(
    info: &GameInfo,
    names: &[&str],
    args: &FitEvalOptions,
    make_agent: &dyn Fn(&AgentSpec) -> Result<()>,
    play: &PlayChunk<'_>,
    play_match: &PlayMatch<'_>,
) -> Result<()> {
    let name = info.name;
    if names.is_empty() {
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
    let out = args.out.clone().unwrap_or_else(|| {
        std::path::PathBuf::from(format!("eval-{}-{}-{}.toml", name, args.seed, args.games))
    });
    if args.rounds > 1 {
        return rounds(info, names, args, &specs, &out, play, play_match);
    }
    let fit = fit_once(
        info,
        names,
        args,
        &specs,
        args.seed,
        play,
        &command(args, &specs),
    )?;
    write_weights(&out, &fit.text)?;
    for line in &fit.lines {
        say!("{line}");
    }
    say!("weights: {}", out.display());
    Ok(())
}

/// What one fit made: the weights file's text (header included) and the lines it prints.
struct Fit {
    text: String,
    lines: Vec<String>,
}

/// The `sim fit-eval` command line of `args` with agents `specs`, its defaults left out.
fn command(args: &FitEvalOptions, specs: &[AgentSpec]) -> String {
    let mut c = format!(
        "sim fit-eval --game {} --games {} --seed {} --agents '{}'",
        args.game,
        args.games,
        args.seed,
        crate::infra::games::typed_list(specs),
    );
    if let Some(r) = &args.rules {
        c.push_str(&format!(" --rules {r}"));
    }
    if args.every != DEFAULT_EVERY {
        c.push_str(&format!(" --every {}", args.every));
    }
    if args.positions != DEFAULT_POSITIONS {
        c.push_str(&format!(" --positions {}", args.positions));
    }
    if args.ridge != DEFAULT_RIDGE {
        c.push_str(&format!(" --ridge {}", args.ridge));
    }
    if args.target != Target::Outcome {
        c.push_str(&format!(" --target {}", args.target.word()));
    }
    if args.rounds > 1 {
        c.push_str(&format!(
            " --rounds {} --match-games {}",
            args.rounds, args.match_games
        ));
    }
    c
}

/// Writes the weights file `out` atomically (a temporary file renamed), so that a failed
/// write never leaves half a file. Errors: one line naming `--out`.
fn write_weights(out: &std::path::Path, text: &str) -> Result<()> {
    reports::output::write_atomic(out, |w| {
        use std::io::Write as _;
        w.write_all(text.as_bytes())
            .map_err(|source| reports::OutputError::Io {
                path: out.to_path_buf(),
                source,
            })
    })
    .with_context(|| format!("--out {}", out.display()))
}

/// Plays `args.games` self-play games of `specs` on master seed `seed`, records and fits:
/// the weights file's text, with `made_by` in its header.
fn fit_once(
    info: &GameInfo,
    names: &[&str],
    args: &FitEvalOptions,
    specs: &[AgentSpec],
    seed: u64,
    play: &PlayChunk<'_>,
    made_by: &str,
) -> Result<Fit> {
    let name = info.name;
    let d = names.len();
    let seats = info.num_seats;
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
    let mut rng = derive_rng(seed, 0, Stream::Other(RESERVOIR_STREAM));
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
                        specs,
                        &schedule,
                        seed,
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
        if !crate::infra::progress::quiet()
            && last_note.elapsed() >= crate::infra::progress::LOG_EVERY
        {
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
    let mut text = String::new();
    text.push_str(&format!(
        "# The fitted evaluation of {} (mcts(eval=fitted), greedy(eval=fitted)): the\n\
         # logistic regression of {} on its evaluation\n\
         # features at sampled decisions of self-play (docs/evaluation.md).\n\
         # Made by: {made_by}\n\
         # Positions: {} fitted (of {} recorded), {} held out (of {}); ridge {}; {} Newton \
         steps{}\n\
         # Held-out log-loss: fitted {ll_fit:.4}, hand-made heuristic {ll_hand:.4}; \
         Brier: fitted {br_fit:.4}, hand-made {br_hand:.4}\n",
        name,
        match args.target {
            Target::Outcome => "a seat's final return (wins + draws/2)",
            Target::Search => "the searching agent's value of its chosen action",
            Target::Blend => "the mean of a seat's final return and its agent's search value",
        },
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
    let lines = vec![
        format!(
            "fit-eval {}: {} games in {:.1}s; {} positions fitted, {} held out",
            name,
            total,
            clock.elapsed().as_secs_f64(),
            train.len(),
            test.len()
        ),
        format!("held-out log-loss: fitted {ll_fit:.4}, hand-made heuristic {ll_hand:.4}"),
        format!("held-out Brier:    fitted {br_fit:.4}, hand-made heuristic {br_hand:.4}"),
    ];
    Ok(Fit { text, lines })
}

/// The `Stream::Other` number of the rounds' seeds (game index: the round).
const ROUND_STREAM: u32 = 0xF19;

/// A round's master seeds: round 1's self-play plays on `--seed` itself (so its file is
/// the one a plain `sim fit-eval` writes), later rounds and every head-to-head on seeds
/// derived from it.
fn round_seeds(seed: u64, round: u32) -> (u64, u64) {
    let mut rng = derive_rng(seed, u64::from(round), Stream::Other(ROUND_STREAM));
    let play = if round == 1 { seed } else { rng.gen() };
    (play, rng.gen())
}

/// `spec` with `eval=path` if its agent has an `eval` parameter; unchanged otherwise.
fn with_eval(spec: &AgentSpec, path: Option<&std::path::Path>) -> AgentSpec {
    let takes_eval =
        agents::agent(spec.name()).is_some_and(|a| a.params.iter().any(|p| p.name == "eval"));
    match path {
        Some(p) if takes_eval => spec
            .with_params(&[("eval".to_string(), p.display().to_string())])
            .unwrap_or_else(|_| spec.clone()),
        _ => spec.clone(),
    }
}

/// The file of round `r` beside `out`: `eval.toml` → `eval.round-2.toml`.
fn round_path(out: &std::path::Path, r: u32) -> std::path::PathBuf {
    let stem = out
        .file_stem()
        .map_or_else(|| "eval".into(), |s| s.to_string_lossy().into_owned());
    out.with_file_name(format!("{stem}.round-{r}.toml"))
}

/// Expert iteration on the evaluation (`--rounds K`, K ≥ 2; Anthony, Tian & Barber 2017,
/// "Thinking fast and slow with deep learning and tree search", NeurIPS, with the
/// fitted evaluation as the apprentice): round `r` records self-play of `--agents`
/// whose evaluation is round `r − 1`'s weights (round 1: the agents as given), fits new
/// weights (`OUT.round-r.toml`), and plays the first agent with them against the same
/// agent with round `r − 1`'s evaluation, `--match-games` games on duplicate deals. The
/// loop goes on while a round beats the last (the 95% interval of its score above 0.5);
/// `OUT` is the last round that did, or round 1's fit if none did, with every round's
/// score in its header. Two-seat games only (the head-to-head is a match).
fn rounds(
    info: &GameInfo,
    names: &[&str],
    args: &FitEvalOptions,
    specs: &[AgentSpec],
    out: &std::path::Path,
    play: &PlayChunk<'_>,
    play_match: &PlayMatch<'_>,
) -> Result<()> {
    if info.num_seats != 2 {
        bail!(
            "--rounds {}: the rounds' head-to-head is a two-player match, and {} has {} \
             seats here (a two-player rule set, e.g. --rules two-players, plays it)",
            args.rounds,
            info.name,
            info.num_seats
        );
    }
    let searcher = &specs[0];
    if with_eval(searcher, Some(std::path::Path::new("x.toml"))) == *searcher {
        bail!(
            "--rounds: the first agent '{searcher}' has no eval parameter (mcts or greedy \
             have one)"
        );
    }
    if round_path(out, 1).display().to_string().contains('"') {
        bail!(
            "--out {}: a round's file is named in an agent spec (eval=FILE), so its path \
             may not hold a double quote",
            out.display()
        );
    }
    let made_by = command(args, specs);
    let mut prev: Option<std::path::PathBuf> = None;
    let mut kept: Option<u32> = None;
    let mut report = Vec::new();
    for r in 1..=args.rounds {
        let (play_seed, match_seed) = round_seeds(args.seed, r);
        let round_specs: Vec<AgentSpec> = specs
            .iter()
            .map(|s| with_eval(s, prev.as_deref()))
            .collect();
        let fit = fit_once(
            info,
            names,
            args,
            &round_specs,
            play_seed,
            play,
            &format!("{made_by} (round {r})"),
        )?;
        let path = round_path(out, r);
        write_weights(&path, &fit.text)?;
        for line in &fit.lines {
            say!("round {r}: {line}");
        }
        let new = with_eval(searcher, Some(&path));
        let old = with_eval(searcher, prev.as_deref());
        let (score, lo, hi) = play_match(&[new, old.clone()], args.match_games, match_seed)?;
        let against = match &prev {
            Some(_) => format!("round {}", r - 1),
            None => format!("'{old}' (its own evaluation)"),
        };
        let won = lo > 0.5;
        let file = path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        let line = format!(
            "round {r}: {file} against {against}: {score:.3} [{lo:.3}, {hi:.3}] over {} games \
             (seed {match_seed}){}",
            args.match_games,
            if won {
                ""
            } else {
                ": not better at 95%, the rounds stop"
            }
        );
        say!("{line}");
        report.push(line);
        if !won {
            break;
        }
        kept = Some(r);
        prev = Some(path);
    }
    let best = kept.unwrap_or(1);
    let text = std::fs::read_to_string(round_path(out, best))
        .with_context(|| format!("cannot read back round {best}"))?;
    let mut header = format!(
        "# Expert iteration: {made_by}\n# Kept: round {best}{}\n",
        if kept.is_none() {
            " (no round beat the agents' own evaluation: this is round 1's fit, not better at 95%)"
        } else {
            ""
        }
    );
    for line in &report {
        header.push_str(&format!("# {line}\n"));
    }
    write_weights(out, &(header + &text))?;
    say!("weights: {} (round {best})", out.display());
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
/// The default of `--match-games`.
pub const DEFAULT_MATCH_GAMES: u64 = 4000;

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
