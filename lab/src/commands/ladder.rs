//! `sim ladder`: the skill ladder of a game (issue 25, item 4).
//!
//! Rungs, in the order played: `random`, `greedy`, `mcts(iterations=B)` for B = the
//! start budget doubled until a doubling no longer wins its head-to-head against the
//! previous budget significantly (95% interval above 0.5) or the next budget would pass
//! `--max-iterations`, then `oracle(iterations=B)` at the last budget played.
//!
//! Every game is played by the runner (`crate::commands::run`): the ladder plays *stages*, each a
//! `sim run` folder under `OUT/stages/` (its progress, summary, CSV files and run.json):
//! a round robin of the first rungs once there are as many as seats, then for every
//! further rung a gauntlet of it against all rungs before it. Every stage plays on the
//! same master seed, so on the same duplicate deals, and is deterministic whatever
//! `--threads`; so is the ladder. Each stage is a phase of the command's
//! [`crate::infra::journal::Journal`]: a stopped or killed ladder keeps a checkpoint,
//! and `sim resume` writes the stages already played again from their recorded counts and
//! plays the rest (`--shard` is refused: which stage comes next depends on the results of
//! the last). The folder is built in a temporary twin and renamed into place at the end.
//! At a one-player game every rung plays its games alone
//! on the same deals, and the ladder is measured in turns against the game's known optimum
//! (`GameInfo::known_optimum`: the memory solitaire without prize cards).
//!
//! Then the head-to-head counts of all stages are fitted together (Bradley–Terry,
//! bootstrap intervals: `reports::rating_rows`), each searching rung plays
//! `--calibration-games` games on one thread against `greedy` to measure its iterations
//! and decision time per game, and the ladder writes `ladder.csv`
//! ([`reports::ladder::LadderRow`]), `ladder.json` ([`reports::ladder::LadderSummary`]:
//! skill depth, luck share, the oracle's headroom) and `report.html`.

use crate::commands::run::run_stage;
use crate::infra::games::LoadedView;
use crate::infra::journal::Journal;
use crate::infra::options::{GameOptions, LadderOptions, RunOptions};
use agents::AgentSpec;
use anyhow::{bail, Context, Result};
use engine_core::{derive_rng, Agent, Game, GameState, Heuristic, PlayerView, Registered, Rng, Stream, Turn, MAX_CHANCE_STREAMS, ChanceOutcomes, LegalActions};
use reports::ladder::{luck_share, score_of, skill_chain, upset_rate, LadderRow, LadderSummary};
use reports::{MatchStats, PairResult, SeatStats};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

/// The stream of the ladder's bootstrap (as the runner's, a stream of its own).
const BOOTSTRAP_STREAM: u32 = 0x1add;

/// A rung's rating, its interval's ends and its games, if the fit gave one.
type Rated = Option<(f64, Option<f64>, Option<f64>, u64)>;

/// What `sim ladder` prints, as lines: each stage's name and its run's summary, then the
/// ladder's table and figures and where they were written. The library prints nothing;
/// `sim` prints the lines, Python returns them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LadderReport {
    /// The lines, without their line ends.
    pub lines: Vec<String>,
}

impl LadderReport {
    /// Writes its lines into `out`, each followed by `\n` (the ladder's summary).
    pub fn write_lines(out: &mut String, report: &LadderReport) {
        for line in &report.lines {
            put!(out, "{line}");
        }
    }
}

crate::infra::journal::long_command!(
    /// `sim ladder`: every stage played as a phase of a [`Journal`], so that a stopped ladder
    /// keeps a checkpoint for `sim resume` (`--shard` is refused: each stage depends on the
    /// results of the last). Returns the lines to print ([`LadderReport`]). Errors:
    /// [`crate::Error`]: bad arguments (one line naming the flag), a stage that fails, a file
    /// that cannot be written, a stop.
    pub fn ladder(LadderOptions) -> LadderReport: "ladder",
    game: game,
    run: ladder_in,
    summary: LadderReport::write_lines);

/// [`ladder`] with its stages recorded in `journal` (fresh or resumed), with `anyhow`
/// errors.
pub fn ladder_in<R: Registered>(args: &LadderOptions, journal: &Journal) -> Result<LadderReport> {
    check_whole(args, journal)?;
    let game = crate::infra::games::load_rule_set::<R>(&args.rule_set)?;
    ladder_of(
        args,
        journal,
        R::NAME,
        game.view(),
        &|run, label| run_stage(&game, run, journal, label),
        &|spec| measure_effort(&game.game, spec, args.calibration_games, args.seed),
    )
}

/// How the ladder plays a stage: the run of its options as the phase of its label
/// ([`run_stage`]).
type RunStage<'a> = dyn Fn(
        &RunOptions,
        &str,
    ) -> Result<(
        crate::commands::run::Plan,
        crate::commands::run::Tally,
        crate::commands::run::RunReport,
    )> + 'a;

/// How the ladder measures a rung's effort ([`measure_effort`] of its spec).
type Effort<'a> = dyn Fn(&AgentSpec) -> Result<(Option<f64>, f64)> + 'a;

/// Checks the arguments ([`check`]) and that the ladder is played whole (no shard).
fn check_whole(args: &LadderOptions, journal: &Journal) -> Result<()> {
    check(args)?;
    if args.long.shard.is_some() || journal.shard().is_some() {
        bail!(
            "--shard: sim ladder cannot be split into shards, as each stage depends on the \
             results of the last; run it whole (it checkpoints and resumes with sim resume)"
        );
    }
    Ok(())
}

/// [`ladder_in`] of the game called `name` loaded as `game`, its stages played by `run`,
/// its rungs' effort measured by `effort`.
fn ladder_of(
    args: &LadderOptions,
    journal: &Journal,
    name: &str,
    game: LoadedView<'_>,
    run: &RunStage<'_>,
    effort: &Effort<'_>,
) -> Result<LadderReport> {
    let out = match &args.output.out {
        Some(dir) if dir.exists() => bail!(
            "--out: output directory '{}' already exists (choose another --out)",
            dir.display()
        ),
        Some(dir) => dir.clone(),
        None => reports::unused_path(
            &Path::new("runs").join(format!("ladder-{}-{}-{}", name, args.seed, args.games)),
        ),
    };
    journal.identify("rules", game.rules_json)?;
    let dir = journal.open(&out)?;
    match play_ladder(game, args, run, effort, dir.tmp_path()) {
        Ok((rows, summary, mut lines)) => {
            let out = journal.finish(dir)?;
            lines.extend(ladder_lines(&rows, &summary, &out));
            if let Err(e) = reports::write_report(&out) {
                lines.push(format!(
                    "warning: report.html of the ladder not written: {e}"
                ));
            }
            Ok(LadderReport { lines })
        }
        Err(e) => Err(journal.kept(dir, e)),
    }
}

/// Plays the ladder's stages into `tmp/stages` (the output folder's temporary twin) and
/// writes `ladder.csv` and `ladder.json` there; returns their rows and summary, and the
/// stages' lines (each stage's name and its run's summary).
fn play_ladder(
    game: LoadedView<'_>,
    args: &LadderOptions,
    run: &RunStage<'_>,
    effort_of: &Effort<'_>,
    tmp: &Path,
) -> Result<(Vec<LadderRow>, LadderSummary, Vec<String>)> {
    // A resumed ladder writes its stage folders again from the recorded counts.
    let stages = tmp.join("stages");
    if stages.exists() {
        std::fs::remove_dir_all(&stages)
            .with_context(|| format!("cannot remove '{}'", stages.display()))?;
    }
    std::fs::create_dir_all(&stages)
        .with_context(|| format!("cannot create '{}'", stages.display()))?;
    let out = tmp;
    let clock = Instant::now();
    let seats = game.info.num_seats;
    let mut book = Book::new(seats, run);

    book.add(args, out, AgentSpec::named(agents::baseline().name))?;
    book.add(args, out, AgentSpec::named("greedy"))?;
    let mut budgets: Vec<u32> = Vec::new();
    let mut budget = args.start_iterations;
    let mut plateau = None;
    let stopped = loop {
        book.add(args, out, mcts_spec(&args.search, "mcts", budget))?;
        budgets.push(budget);
        if let [.., prev, cur] = budgets[..] {
            book.flush(args, out)?;
            let (a, b) = (
                book.index(&mcts_spec(&args.search, "mcts", cur)),
                book.index(&mcts_spec(&args.search, "mcts", prev)),
            );
            if !book.significantly_better(a, b) {
                plateau = Some(prev);
                break format!("mcts({cur}) did not beat mcts({prev}) significantly");
            }
        }
        match budget.checked_mul(2).filter(|b| *b <= args.max_iterations) {
            Some(next) => budget = next,
            None => {
                break format!(
                    "the next budget would pass --max-iterations {}",
                    args.max_iterations
                )
            }
        }
    };
    book.add(args, out, mcts_spec(&args.search, "oracle", budget))?;
    book.flush(args, out)?;

    // Effort per rung, on one thread.
    let mut effort = Vec::with_capacity(book.rungs.len());
    for spec in &book.rungs {
        effort.push(effort_of(spec)?);
    }
    let (rows, summary) = book.summarize(
        game,
        args,
        &effort,
        plateau,
        stopped,
        clock.elapsed().as_secs_f64(),
    );
    reports::write_csv(&out.join("ladder.csv"), &rows)?;
    reports::write_json(&out.join("ladder.json"), &summary)?;
    Ok((rows, summary, book.lines))
}

/// Checks the arguments that clap does not: one line naming the flag.
fn check(args: &LadderOptions) -> Result<()> {
    if !(args.step > 0.5 && args.step < 1.0) {
        bail!("--step {}: must be strictly between 0.5 and 1", args.step);
    }
    if args.start_iterations == 0 {
        bail!("--start-iterations 0: must be at least 1");
    }
    if args.max_iterations < args.start_iterations {
        bail!(
            "--max-iterations {}: must be at least --start-iterations {}",
            args.max_iterations,
            args.start_iterations
        );
    }
    args.search.readable()?;
    if args.search.name() != "mcts" || args.search.param("iterations").is_some() {
        bail!(
            "--search '{}': must be mcts with its parameters but iterations (the ladder \
             sets the budget), e.g. 'mcts(root=halving)'",
            args.search
        );
    }
    agents::Mcts::from_spec(&args.search).map_err(|e| anyhow::anyhow!("--search: {e}"))?;
    if args.max_iterations > 10_000_000 {
        bail!("--max-iterations {}: at most 10000000", args.max_iterations);
    }
    Ok(())
}

/// `name(P,iterations=budget)` with `P` the parameters of the ladder's `search`, made
/// from its parts.
fn mcts_spec(search: &AgentSpec, name: &str, budget: u32) -> AgentSpec {
    let budget = [("iterations".to_string(), budget.to_string())];
    AgentSpec::new(name, search.params().iter().cloned().chain(budget))
}

/// The runner's arguments for `specs` with the ladder's game options.
fn game_args(args: &LadderOptions, specs: Vec<AgentSpec>, gauntlet: bool) -> GameOptions {
    GameOptions {
        game: args.game.clone(),
        agents: specs,
        games: args.games,
        gauntlet,
        no_duplicate: false,
        seed: args.seed,
        rules: args.rule_set.rules.iter().cloned().collect(),
        set: args.rule_set.set.clone(),
        players: args.rule_set.players,
    }
}

/// Everything the stages played: the rungs, their head-to-head counts, their solo counts.
struct Book<'j> {
    seats: usize,
    /// How the stages are played (and recorded in the journal).
    run: &'j RunStage<'j>,
    /// The rungs' specs, in the order added.
    rungs: Vec<AgentSpec>,
    /// Rungs added but not yet played (fewer than seats so far).
    pending: usize,
    /// Head-to-head counts by (lower, higher) rung index, from the lower's side.
    matches: BTreeMap<(usize, usize), MatchStats>,
    /// At a one-seat game: each rung's counts.
    solo: Vec<Option<SeatStats>>,
    /// The stage folders, relative to the ladder's.
    stages: Vec<String>,
    /// What the stages print: each one's name and its run's summary lines.
    lines: Vec<String>,
}

impl<'j> Book<'j> {
    fn new(seats: usize, run: &'j RunStage<'j>) -> Self {
        Book {
            seats,
            run,
            rungs: Vec::new(),
            pending: 0,
            matches: BTreeMap::new(),
            solo: Vec::new(),
            stages: Vec::new(),
            lines: Vec::new(),
        }
    }

    /// The texts of rungs `order`.
    fn labels(&self, order: &[usize]) -> Vec<String> {
        order.iter().map(|&r| self.rungs[r].to_string()).collect()
    }

    fn index(&self, spec: &AgentSpec) -> usize {
        self.rungs
            .iter()
            .position(|s| s == spec)
            .expect("a rung of the ladder")
    }

    /// Adds a rung and plays it as soon as the stage can be filled.
    fn add(&mut self, args: &LadderOptions, out: &Path, spec: AgentSpec) -> Result<()> {
        self.rungs.push(spec);
        self.solo.push(None);
        self.pending += 1;
        if self.seats == 1 || self.rungs.len() >= self.seats.max(2) {
            self.flush(args, out)?;
        }
        Ok(())
    }

    /// Plays the pending rungs: alone (one seat), a round robin of all rungs (the first
    /// stage), or one gauntlet per pending rung against every rung before it.
    fn flush(&mut self, args: &LadderOptions, out: &Path) -> Result<()> {
        if self.pending == 0 {
            return Ok(());
        }
        if self.seats > 1 && self.rungs.len() < self.seats.max(2) {
            bail!(
                "the ladder has {} rungs for {} seats: raise --max-iterations",
                self.rungs.len(),
                self.seats
            );
        }
        let first_new = self.rungs.len() - self.pending;
        if self.seats == 1 {
            for r in first_new..self.rungs.len() {
                let (_, tally) = self.stage(args, out, vec![r], false)?;
                self.solo[r] = Some(tally.stats.agent_total(0));
            }
        } else if first_new == 0 {
            let all: Vec<usize> = (0..self.rungs.len()).collect();
            self.stage(args, out, all, false)?;
        } else {
            for r in first_new..self.rungs.len() {
                let order: Vec<usize> = std::iter::once(r).chain(0..r).collect();
                self.stage(args, out, order, true)?;
            }
        }
        self.pending = 0;
        Ok(())
    }

    /// Plays one stage through the runner: the rungs `order` (indices), as a gauntlet of
    /// the first against the others or a round robin; adds its head-to-head counts.
    fn stage(
        &mut self,
        args: &LadderOptions,
        out: &Path,
        order: Vec<usize>,
        gauntlet: bool,
    ) -> Result<(crate::commands::run::Plan, crate::commands::run::Tally)> {
        let specs: Vec<AgentSpec> = order.iter().map(|&r| self.rungs[r].clone()).collect();
        let first = if gauntlet {
            specs[0]
                .as_str()
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect::<String>()
                .trim_end_matches('_')
                .to_string()
        } else if self.seats == 1 {
            format!(
                "{}-alone",
                specs[0]
                    .as_str()
                    .replace(|c: char| !c.is_ascii_alphanumeric(), "_")
                    .trim_end_matches('_')
            )
        } else {
            "round-robin".to_string()
        };
        let name = format!("{:02}-{first}", self.stages.len() + 1);
        let run = RunOptions {
            common: game_args(args, specs, gauntlet),
            sprt: None,
            max_actions: None,
            json: false,
            output: crate::infra::options::OutputOptions::new(args.output.threads, Some(out.join("stages").join(&name))),
            long: crate::infra::options::LongRunOptions::default(),
        };
        self.lines.push(format!(
            "sim ladder: stage {name}: {}",
            self.labels(&order).join(", ")
        ));
        let (plan, tally, report) = (self.run)(&run, &format!("stage {name}"))
            .with_context(|| format!("ladder stage {name}"))?;
        self.lines.extend(report.lines);
        for m in &tally.matches {
            let (a, b) = (order[m.agents[0]], order[m.agents[1]]);
            let side = if a < b {
                MatchStats {
                    agents: [a, b],
                    ..*m
                }
            } else {
                let f = m.flipped();
                MatchStats {
                    agents: [b, a],
                    ..f
                }
            };
            self.matches
                .entry((side.agents[0], side.agents[1]))
                .and_modify(|x| x.merge(&side))
                .or_insert(side);
        }
        self.stages.push(format!("stages/{name}"));
        Ok((plan, tally))
    }

    /// Whether rung `a` beats rung `b` significantly: its score's 95% interval (pairs of
    /// duplicate deals) above 0.5; at a one-seat game, fewer turns than `b` by more than
    /// 1.96 standard errors of the difference (the rungs' games are independent samples).
    fn significantly_better(&self, a: usize, b: usize) -> bool {
        if self.seats == 1 {
            return match (&self.solo[a], &self.solo[b]) {
                (Some(x), Some(y)) => {
                    let (mx, my) = (turns_mean(x), turns_mean(y));
                    let se = (x.standard_error(x.turns, x.turns_sq).unwrap_or(0.0).powi(2)
                        + y.standard_error(y.turns, y.turns_sq).unwrap_or(0.0).powi(2))
                    .sqrt();
                    mx + reports::Z95 * se < my
                }
                _ => false,
            };
        }
        self.score(a, b).is_some_and(|(_, lo, _)| lo > 0.5)
    }

    /// Rung `a`'s score against `b` with its 95% interval (pentanomial over the pairs).
    fn score(&self, a: usize, b: usize) -> Option<(f64, f64, f64)> {
        let m = self.matches.get(&(a.min(b), a.max(b)))?;
        let side = if a < b { *m } else { m.flipped() };
        side.score_interval(true)
            .map(|(s, iv, _)| (s, iv.lo, iv.hi))
    }

    /// The rows of `ladder.csv` and `ladder.json`.
    fn summarize(
        &self,
        game: LoadedView<'_>,
        args: &LadderOptions,
        effort: &[(Option<f64>, f64)],
        plateau: Option<u32>,
        stopped: String,
        elapsed: f64,
    ) -> (Vec<LadderRow>, LadderSummary) {
        let n = self.rungs.len();
        let name = game.name().to_string();
        let honest: Vec<bool> = self
            .rungs
            .iter()
            .map(|s| !agents::sees_hidden_information(s))
            .collect();
        let results: Vec<PairResult> = self
            .matches
            .values()
            .map(|m| PairResult {
                a: m.agents[0],
                b: m.agents[1],
                score: m.games.wins as f64 + 0.5 * m.games.draws as f64,
                games: m.games.games() as f64,
            })
            .collect();
        let matches: Vec<MatchStats> = self.matches.values().copied().collect();
        let ratings_by_rung: Vec<Rated> = if self.seats == 1 {
            vec![None; n]
        } else {
            let mut rng = derive_rng(args.seed, 0, Stream::Other(BOOTSTRAP_STREAM));
            let rows = reports::rating_rows(
                &name,
                &self.labels(&(0..n).collect::<Vec<_>>()),
                &matches,
                true,
                reports::BOOTSTRAP_RESAMPLES,
                &mut rng,
            );
            self.rungs
                .iter()
                .map(|spec| {
                    rows.iter()
                        .find(|r| r.agent == spec.as_str())
                        .map(|r| (r.elo, r.elo_lo, r.elo_hi, r.games))
                })
                .collect()
        };
        let ratings: Vec<f64> = ratings_by_rung
            .iter()
            .map(|r| r.map_or(f64::NAN, |r| r.0))
            .collect();
        let fitted = self.seats > 1 && ratings.iter().all(|r| r.is_finite());
        let chain = if fitted {
            skill_chain(&ratings, &honest, &results, 0, args.step)
        } else {
            Vec::new()
        };
        let bound = solitaire_bound(game);
        let rows: Vec<LadderRow> = (0..n)
            .map(|r| {
                let prev = (r > 0).then(|| self.score(r, r - 1)).flatten();
                let vs_random = (r > 0).then(|| self.score(r, 0)).flatten();
                let solo = self.solo[r].as_ref();
                let turns_iv = solo.and_then(|s| {
                    let m = turns_mean(s);
                    s.standard_error(s.turns, s.turns_sq)
                        .map(|se| (m - reports::Z95 * se, m + reports::Z95 * se))
                });
                LadderRow {
                    game: name.clone(),
                    rung: r + 1,
                    agent: self.rungs[r].to_string(),
                    sees_hidden_information: !honest[r],
                    iterations_per_game: effort[r].0,
                    cpu_ms_per_game: effort[r].1,
                    rating: ratings_by_rung[r].map(|x| x.0),
                    rating_lo: ratings_by_rung[r].and_then(|x| x.1),
                    rating_hi: ratings_by_rung[r].and_then(|x| x.2),
                    games: ratings_by_rung[r]
                        .map(|x| x.3)
                        .or(solo.map(|s| s.games))
                        .unwrap_or(0),
                    score_vs_previous: prev.map(|x| x.0),
                    score_vs_previous_lo: prev.map(|x| x.1),
                    score_vs_previous_hi: prev.map(|x| x.2),
                    score_vs_random: vs_random.map(|x| x.0),
                    score_vs_random_lo: vs_random.map(|x| x.1),
                    score_vs_random_hi: vs_random.map(|x| x.2),
                    in_skill_chain: chain.contains(&r),
                    turns_per_game: solo.map(turns_mean),
                    turns_lo: turns_iv.map(|x| x.0),
                    turns_hi: turns_iv.map(|x| x.1),
                    bound_turns: bound.filter(|_| solo.is_some()),
                }
            })
            .collect();
        // The best honest rung: highest rating, or fewest turns alone.
        let best = (0..n).filter(|&r| honest[r]).min_by(|&a, &b| {
            if self.seats == 1 {
                let t = |r: usize| self.solo[r].as_ref().map_or(f64::INFINITY, turns_mean);
                t(a).total_cmp(&t(b))
            } else {
                ratings[b].total_cmp(&ratings[a])
            }
            .then(a.cmp(&b))
        });
        let oracle = (0..n).find(|&r| !honest[r]);
        let best_vs_random = best
            .filter(|_| self.seats > 1)
            .and_then(|b| score_of(&results, b, 0))
            .map(|x| x.0);
        let summary = LadderSummary {
            game: name,
            command: std::env::args_os()
                .map(|a| a.to_string_lossy().into_owned())
                .collect(),
            version: env!("CARGO_PKG_VERSION").into(),
            seed: args.seed,
            seats: self.seats,
            games_per_pairing: args.games,
            step: args.step,
            skill_depth: fitted.then(|| chain.len().saturating_sub(1)),
            skill_chain: self.labels(&chain),
            luck_share: best_vs_random.map(luck_share),
            upset_rate: if fitted {
                upset_rate(&ratings, &honest, &results)
            } else {
                None
            },
            best_honest: best.map(|r| self.rungs[r].to_string()),
            best_honest_vs_random: best_vs_random,
            oracle_vs_best_honest: best
                .zip(oracle)
                .filter(|_| self.seats > 1)
                .and_then(|(b, o)| score_of(&results, o, b))
                .map(|x| x.0),
            plateau_iterations: plateau,
            stopped,
            stages: self.stages.clone(),
            elapsed_seconds: elapsed,
        };
        (rows, summary)
    }
}

/// Mean turns per game of a rung's solo counts.
fn turns_mean(s: &SeatStats) -> f64 {
    s.turns as f64 / s.games.max(1) as f64
}

/// The expected turns of optimal play at a one-player game whose optimum theory knows
/// (the game's `GameInfo::known_optimum`: the memory solitaire without prize cards).
/// `None` elsewhere.
fn solitaire_bound(game: LoadedView<'_>) -> Option<f64> {
    if game.info.num_seats != 1 {
        return None;
    }
    game.info.known_optimum.map(|o| o.expected_turns())
}

/// An agent whose search iterations can be read.
enum Probe<S: GameState> {
    Mcts(agents::Mcts),
    Oracle(agents::Oracle),
    Other(Box<dyn Agent<S>>),
}

impl<S: Heuristic> Probe<S> {
    fn new(spec: &AgentSpec) -> Result<Self> {
        Ok(match spec.name() {
            "mcts" => Probe::Mcts(agents::Mcts::from_spec(spec)?),
            "oracle" => Probe::Oracle(agents::Oracle::from_spec(spec)?),
            _ => Probe::Other(agents::make_agent::<S>(spec)?),
        })
    }

    fn agent(&mut self) -> &mut dyn Agent<S> {
        match self {
            Probe::Mcts(a) => a,
            Probe::Oracle(a) => a,
            Probe::Other(a) => a.as_mut(),
        }
    }

    fn iterations(&self) -> Option<u64> {
        match self {
            Probe::Mcts(a) => Some(a.iterations_done()),
            Probe::Oracle(a) => Some(a.search().iterations_done()),
            Probe::Other(_) => None,
        }
    }
}

/// Plays `games` games of `spec` against `greedy` in the other seats (seat `i mod seats`
/// in game `i`) on one thread, from `seed`, and returns its search iterations per game
/// (`None` for an agent that does not search) and the milliseconds its decisions took per
/// game (wall clock). Errors: a spec that does not build, a game past its length bound.
fn measure_effort<G: Game>(
    game: &G,
    spec: &AgentSpec,
    games: u64,
    seed: u64,
) -> Result<(Option<f64>, f64)>
where
    G::State: Heuristic,
{
    let specs = [spec.clone(), AgentSpec::named("greedy")];
    let effective = crate::infra::games::effective_specs(game.info().name, &specs)?;
    let mut probe = Probe::<G::State>::new(&effective[0])?;
    let seats = game.info().num_seats;
    let mut others: Vec<Box<dyn Agent<G::State>>> = (0..seats)
        .map(|_| agents::make_agent::<G::State>(&effective[1]))
        .collect::<Result<_, _>>()?;
    let start = probe.iterations();
    let mut spent = std::time::Duration::ZERO;
    for i in 0..games {
        let mine = (i % seats as u64) as usize;
        probe.agent().new_game();
        for a in &mut others {
            a.new_game();
        }
        let mut chance: [Rng; MAX_CHANCE_STREAMS] =
            std::array::from_fn(|k| derive_rng(seed, i, Stream::Chance(k as u8)));
        let mut seat_rngs: Vec<Rng> = (0..seats)
            .map(|s| derive_rng(seed, i, Stream::Seat(s as u8)))
            .collect();
        let mut state = game.new_initial_state();
        let mut actions = 0u64;
        loop {
            let action = match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let k = usize::from(state.chance_stream()) % MAX_CHANCE_STREAMS;
                    state.sample_chance_outcome(&mut chance[k])
                }
                Turn::Decision(seat) => {
                    let s = usize::from(seat);
                    let view = PlayerView::new(&state, seat);
                    if let Some(a) = state.forced_action() {
                        // Forced: applied without asking, as the runner does.
                        a
                    } else if s == mine {
                        let clock = Instant::now();
                        let a = probe.agent().act(&view, &mut seat_rngs[s]);
                        spent += clock.elapsed();
                        a
                    } else {
                        others[s].act(&view, &mut seat_rngs[s])
                    }
                }
            };
            state.apply(action);
            actions += 1;
            if actions > game.info().max_game_length as u64 {
                bail!("ladder calibration: a game of {spec} did not end");
            }
        }
    }
    let iterations = probe
        .iterations()
        .zip(start)
        .map(|(end, start)| (end - start) as f64 / games as f64);
    Ok((iterations, spent.as_secs_f64() * 1000.0 / games as f64))
}

/// The ladder's table and summary figures, and where they were written, as lines.
fn ladder_lines(rows: &[LadderRow], s: &LadderSummary, out: &Path) -> Vec<String> {
    let mut lines = Vec::new();
    let f = |x: Option<f64>, d: usize| x.map_or("-".to_string(), |v| format!("{v:.d$}"));
    let iv = |lo: Option<f64>, hi: Option<f64>, d: usize| match (lo, hi) {
        (Some(l), Some(h)) => format!("[{l:.d$}, {h:.d$}]"),
        _ => "-".into(),
    };
    lines.push(String::new());
    lines.push(format!(
        "sim ladder: {}, {} games per pairing, seed {}",
        s.game, s.games_per_pairing, s.seed
    ));
    if s.seats == 1 {
        lines.push(format!(
            "{:<4} {:<26} {:>12} {:>10} {:>9} {:>18} {:>9}",
            "rung", "agent", "iter/game", "ms/game", "turns", "95% interval", "optimum"
        ));
        for r in rows {
            lines.push(format!(
                "{:<4} {:<26} {:>12} {:>10.1} {:>9} {:>18} {:>9}",
                r.rung,
                r.agent,
                f(r.iterations_per_game, 0),
                r.cpu_ms_per_game,
                f(r.turns_per_game, 2),
                iv(r.turns_lo, r.turns_hi, 2),
                f(r.bound_turns, 2)
            ));
        }
    } else {
        lines.push(format!(
            "{:<4} {:<26} {:>12} {:>10} {:>7} {:>16} {:>6} {:>16} {:>6} {:>16}",
            "rung",
            "agent",
            "iter/game",
            "ms/game",
            "rating",
            "95% interval",
            "vs prev",
            "95% interval",
            "vs rnd",
            "95% interval"
        ));
        for r in rows {
            lines.push(format!(
                "{:<4} {:<26} {:>12} {:>10.1} {:>7} {:>16} {:>6} {:>16} {:>6} {:>16}",
                r.rung,
                format!("{}{}", r.agent, if r.in_skill_chain { " *" } else { "" }),
                f(r.iterations_per_game, 0),
                r.cpu_ms_per_game,
                f(r.rating, 0),
                iv(r.rating_lo, r.rating_hi, 0),
                f(r.score_vs_previous, 3),
                iv(r.score_vs_previous_lo, r.score_vs_previous_hi, 3),
                f(r.score_vs_random, 3),
                iv(r.score_vs_random_lo, r.score_vs_random_hi, 3)
            ));
        }
        lines.push(format!(
            "skill depth {} at step {} (* the chain: {}); luck share {} (random's score against \
             the best honest agent, {}, which scores {} against random); upset rate {}; the \
             oracle (SEES HIDDEN INFORMATION) scores {} against the best honest agent",
            s.skill_depth.map_or("-".into(), |d| d.to_string()),
            s.step,
            s.skill_chain.join(" < "),
            f(s.luck_share, 3),
            s.best_honest.as_deref().unwrap_or("-"),
            f(s.best_honest_vs_random, 3),
            f(s.upset_rate, 3),
            f(s.oracle_vs_best_honest, 3)
        ));
    }
    lines.push(format!(
        "plateau: {} ({}); ms/game is wall-clock time on one thread, the only figure that \
         depends on the machine",
        s.plateau_iterations
            .map_or("none within the budgets played".into(), |p| format!(
                "mcts({p})"
            )),
        s.stopped
    ));
    lines.push(format!("written to {}", out.display()));
    lines
}
