//! `sim card-value`: the causal value of one card, by ablation. Every game of the schedule
//! is played twice on the same seeds, once with the rules as given and once with
//! `--copies` copies of the card replaced by the blank card, and the two results are compared game by game
//! (see `reports::ablation` for the two figures and their intervals).

use crate::cli::CardValueArgs;
use crate::games::Loaded;
use crate::play::{Observer, Player};
use crate::schedule::Schedule;
use anyhow::{Context, Result};
use engine::core::{Game, GameEvent, GameState, MAX_SEATS};
use rayon::prelude::*;
use reports::{AblationRow, AblationStats, RunDir};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Counts, per seat, the blanks drawn in an ablated game.
struct BlankCounter {
    blank: u8,
    drawn: [u64; MAX_SEATS],
}

impl<S: GameState> Observer<S> for BlankCounter {
    #[inline]
    fn on_event(&mut self, event: GameEvent) {
        if let GameEvent::CardDrawn { seat, card } = event {
            if card == self.blank {
                self.drawn[usize::from(seat)] += 1;
            }
        }
    }
}

/// An observer that sees nothing.
struct Quiet;

impl<S: GameState> Observer<S> for Quiet {}

/// What a card-value run needs.
struct Job<'a, G: Game> {
    base: &'a G,
    ablated: &'a G,
    specs: &'a [String],
    seed: u64,
    schedule: &'a Schedule,
    blank: u8,
    /// The `sim trace --coupled` command of the base rules' games.
    trace: String,
}

/// Half-points of seat `s` against its opponents (two seats: win 2, draw 1, loss 0).
fn points2(returns: &engine::core::Returns, s: usize, n: usize) -> i64 {
    reports::half_points(returns, s, n) as i64
}

/// Plays games `range` in both versions; returns one accumulator per agent and a last one
/// over every seat.
fn run_chunk<G: Game>(job: &Job<'_, G>, range: std::ops::Range<u64>) -> Result<Vec<AblationStats>> {
    if crate::play::discarding(range.start) {
        return Err(crate::play::Discarded.into());
    }
    let n = job.base.info().num_seats;
    let agents = job.specs.len();
    let mut out = vec![AblationStats::default(); agents + 1];
    let mut base = Player::new(job.base, job.specs, job.seed)
        .coupled()
        .trace(job.trace.clone());
    let mut ablated = Player::new(job.ablated, job.specs, job.seed)
        .coupled()
        .trace(job.trace.clone());
    for g in range {
        let game = job.schedule.game(g);
        let b = base.play(&game, &mut Quiet)?;
        let mut counter = BlankCounter {
            blank: job.blank,
            drawn: [0; MAX_SEATS],
        };
        let a = ablated
            .play(&game, &mut counter)
            .map_err(|e| e.context("in the version with BLANK cards"))?;
        // The agents of a match are distinct: each sits at one seat of the game. A
        // seat's net exposure is its blanks minus the most any opponent drew (the
        // opponent's, at two seats).
        let (mut d_all, mut b_all, mut w_all, mut x_all) = (0i64, 0u64, 0u64, 0i64);
        for (s, &k) in game.seats.iter().enumerate() {
            let d = points2(&b.returns, s, n) - points2(&a.returns, s, n);
            let h = counter.drawn[s];
            // Only the seat that drew more blanks (lost more copies) is charged: its
            // agent's value is what the extra copy does in its hands.
            let most_other = (0..n)
                .filter(|&o| o != s)
                .map(|o| counter.drawn[o])
                .max()
                .unwrap_or(0);
            let e = (h as i64 - most_other as i64).max(0);
            let w = e.unsigned_abs().pow(2);
            out[k].record(d, h, w, e * d);
            d_all += d;
            b_all += h;
            w_all += w;
            x_all += e * d;
        }
        out[agents].record(d_all, b_all, w_all, x_all);
    }
    Ok(out)
}

/// `run.json` of a card-value run.
#[derive(Serialize)]
struct CardValueJson<'a> {
    command: Vec<String>,
    version: &'static str,
    game: &'a str,
    card: &'a str,
    copies: u64,
    agents: &'a [String],
    games: u64,
    duplicate: bool,
    seed: u64,
    sampling: &'static str,
    base_rules: &'a serde_json::Value,
    elapsed_seconds: f64,
}

/// `sim card-value`: plays the schedule of `args` on `base` and on `ablated` (the same
/// rules with `args.copies` copies of `args.card` replaced by blanks), writes `card_value.csv` and
/// `run.json` to a new directory and prints the value of the card with its interval.
/// Errors: bad agents, a game without a `BLANK` card, unwritable output.
pub fn card_value<G: Game>(base: &Loaded<G>, ablated: &G, args: &CardValueArgs) -> Result<()> {
    let common = &args.common;
    if base.game.info().num_seats == 1 {
        anyhow::bail!(
            "card-value measures a card in score points against opponents, but {} with 1 \
             player has none",
            base.name()
        );
    }
    let (specs, schedule) = crate::games::check_agents(&base.game, common)?;
    let labels = crate::run::labels(&specs);
    let blank = ablated
        .info()
        .cards
        .iter()
        .position(|c| c.name == "BLANK")
        .and_then(|i| u8::try_from(i).ok())
        .with_context(|| format!("{} has no BLANK card to ablate with", base.name()))?;
    let threads = crate::progress::threads(args.threads);
    let out = match &args.out {
        Some(dir) if dir.exists() => anyhow::bail!(
            "output directory '{}' already exists (choose another --out)",
            dir.display()
        ),
        Some(dir) => dir.clone(),
        None => default_out(base.name(), &args.card, common.seed, common.games),
    };
    let job = Job {
        base: &base.game,
        ablated,
        specs: &specs,
        seed: common.seed,
        schedule: &schedule,
        blank,
        trace: crate::run::TraceCommand::new(base.name(), common).with(common.games, common.seed)
            + " --coupled",
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .with_context(|| format!("cannot start {threads} threads"))?;
    // Before the first game: an output path that cannot be written fails now.
    let dir = RunDir::create(&out)?;
    let total = schedule.total_games();
    let chunk = total.div_ceil(256).clamp(1, 512);
    let clock = std::time::Instant::now();
    let empty = || vec![AblationStats::default(); specs.len() + 1];
    let parts: Vec<Result<Vec<AblationStats>>> = pool.install(|| {
        (0..total.div_ceil(chunk))
            .into_par_iter()
            .map(|c| run_chunk(&job, c * chunk..((c + 1) * chunk).min(total)))
            .collect()
    });
    let parts = crate::play::all_parts(parts)?;
    let mut stats = empty();
    for part in parts {
        for (x, y) in stats.iter_mut().zip(&part) {
            x.merge(y);
        }
    }
    let elapsed = clock.elapsed().as_secs_f64();
    let card = args.card.trim().to_uppercase();
    let mut rows: Vec<AblationRow> = labels
        .iter()
        .zip(&stats)
        .map(|(label, s)| AblationRow::new(base.name(), &card, label, s, schedule.num_seats))
        .collect();
    rows.push(AblationRow::new(
        base.name(),
        &card,
        "all",
        &stats[specs.len()],
        schedule.num_seats,
    ));

    dir.write_csv("card_value.csv", rows.clone())?;
    dir.write_json(
        "run.json",
        &CardValueJson {
            command: std::env::args_os()
                .map(|a| a.to_string_lossy().into_owned())
                .collect(),
            version: env!("CARGO_PKG_VERSION"),
            game: base.name(),
            card: &card,
            copies: args.copies,
            agents: &specs,
            games: total,
            duplicate: schedule.duplicate,
            seed: common.seed,
            sampling: "coupled (exponential race), in both versions",
            base_rules: &base.rules_json,
            elapsed_seconds: elapsed,
        },
    )?;
    let out = dir.finish()?;
    print_rows(&card, args.copies, total, &rows, elapsed);
    say!();
    say!("wrote {}/ (card_value.csv, run.json)", out.display());
    Ok(())
}

/// `runs/card-value-<game>-<card>-<seed>-<games>`, with `-2`, `-3`, … if taken.
fn default_out(game: &str, card: &str, seed: u64, games: u64) -> PathBuf {
    let card: String = card
        .trim()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let base = Path::new("runs").join(format!("card-value-{game}-{card}-{seed}-{games}"));
    reports::unused_path(&base)
}

fn interval(x: Option<f64>, lo: Option<f64>, hi: Option<f64>) -> String {
    match (x, lo, hi) {
        (Some(x), Some(lo), Some(hi)) => format!("{x:+.4} [{lo:+.4}, {hi:+.4}]"),
        _ => "-".into(),
    }
}

fn print_rows(card: &str, copies: u64, games: u64, rows: &[AblationRow], elapsed: f64) {
    let what = if copies == 1 {
        "one copy".to_string()
    } else {
        format!("{copies} copies")
    };
    say!(
        "{card}: {what} replaced by BLANK; {games} games played twice on the same seeds \
         ({elapsed:.1} s)"
    );
    say!("score points (win 1, draw 1/2), rules as given minus with the blank; value per copy:");
    say!("the score a seat gains per copy it draws more than its opponent");
    say!();
    say!(
        "{:<24} {:>8} {:>8} {:>28} {:>28}",
        "agent",
        "games",
        "blanks",
        "value per copy [95%]",
        "delta score rate [95%]"
    );
    for r in rows {
        say!(
            "{:<24} {:>8} {:>8} {:>28} {:>28}",
            r.agent,
            r.games,
            r.blanks_drawn,
            interval(r.holder_value, r.holder_value_lo, r.holder_value_hi),
            interval(r.delta, r.delta_lo, r.delta_hi)
        );
    }
}
