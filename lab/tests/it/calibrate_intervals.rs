//! Calibration of the score intervals: A/A coverage over many seeds.
//!
//! Ignored by default (minutes of games). Run with
//!
//! ```text
//! cargo test --release -p lab --test it calibrate_intervals:: -- --ignored --nocapture
//! ```
//!
//! Each case plays the same run at seeds 1, 2, …, N with two copies of one agent (an A/A
//! test: the true score rate is exactly 1/2 by symmetry, 1/4 for a four-seat win share)
//! and reads the intervals the run wrote (`lab::commands::run::run`, as `sim run` plays it). It prints, per interval, the seeds, the share
//! of intervals that contain the true value (coverage), the mean half-width, the standard
//! deviation of the estimates across seeds and the mean standard error the intervals
//! claim (half-width / 1.96): a calibrated interval covers 95% and its claimed SE matches
//! the spread. `CALIBRATE_SEEDS=N` plays N seeds per case instead (a quick look; the
//! assertions then use the binomial band of that N); `CALIBRATE_ONLY=-paired` plays only
//! the cases whose name contains `-paired` (the duplicate-deal ones). Results are in
//! docs/statistics.md, "Calibration".

use crate::common::{csv_rows, num, run, run_options};
use std::collections::BTreeMap;
use std::path::Path;

/// One interval of one run: (estimate, lo, hi).
type Obs = (f64, f64, f64);

/// One interval read from a run: (name, true value, acceptance band applies, reported
/// only, the interval).
type Read = (String, f64, bool, bool, Obs);

/// One kind of interval measured over seeds.
struct Row {
    /// What it is: file, row and method.
    name: String,
    /// The true value (1/2 or 1/4 by symmetry).
    truth: f64,
    /// Whether the acceptance band 93–97% applies (else the 99% binomial band of 95%).
    acceptance: bool,
    /// Reported only (the old Wilson interval, kept for comparison).
    report_only: bool,
    obs: Vec<Obs>,
}

/// A run configuration: the game, its agents, games and flags (`sim run --game GAME
/// --agents AGENTS --games GAMES`, independent games with `no_duplicate`, the number of
/// players), without seed and output, and a function that reads the rows it measures
/// from the run's folder.
struct Case {
    name: &'static str,
    game: &'static str,
    agents: &'static str,
    games: u64,
    no_duplicate: bool,
    players: Option<usize>,
    seeds: u64,
    read: fn(&Path) -> Vec<Read>,
}

/// The seeds to play: `CALIBRATE_SEEDS` when set, else `default`.
fn seeds(default: u64) -> u64 {
    std::env::var("CALIBRATE_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn obs(row: &BTreeMap<String, String>, value: &str) -> Obs {
    (
        num(row, value),
        num(row, &format!("{value}_lo")),
        num(row, &format!("{value}_hi")),
    )
}

/// The first agent's summary rows (`all` and seat 0) and matchups row of a two-agent run,
/// with the method each names; plus, for comparison, the Wilson interval of
/// `wins + draws / 2` that `summary.csv` gave before the intervals accounted for draws.
fn two_seat_rows(dir: &Path) -> Vec<Read> {
    let summary = csv_rows(&dir.join("summary.csv"));
    let all = summary
        .iter()
        .find(|r| r["seat"] == "all")
        .expect("an all row");
    let seat0 = summary.iter().find(|r| r["seat"] == "0").expect("seat 0");
    let matchups = csv_rows(&dir.join("matchups.csv"));
    let m = &matchups[0];
    let n = num(all, "games");
    let points = num(all, "wins") + num(all, "draws") / 2.0;
    let old = reports::wilson95(points, n as u64).unwrap();
    let count = |c: &str| num(m, c) as u64;
    let same = reports::wdl_interval95(count("wins"), count("draws"), count("losses")).unwrap();
    vec![
        (
            format!("matchups.csv ({})", m["interval"]),
            0.5,
            true,
            false,
            (
                num(m, "score_rate"),
                num(m, "score_rate_lo"),
                num(m, "score_rate_hi"),
            ),
        ),
        (
            format!("summary.csv all ({})", all["score_rate_interval"]),
            0.5,
            true,
            false,
            obs(all, "score_rate"),
        ),
        (
            format!("summary.csv seat 0 ({})", seat0["score_rate_interval"]),
            0.5,
            false,
            false,
            obs(seat0, "score_rate"),
        ),
        (
            // With duplicate deals, what the same games would give as independent ones:
            // the duplicate-gain sentence's comparison.
            "matchups.csv, same games as independent (trinomial)".into(),
            0.5,
            false,
            true,
            (num(m, "score_rate"), same.lo, same.hi),
        ),
        (
            "summary.csv all, old Wilson on w + d/2".into(),
            0.5,
            false,
            true,
            (points / n, old.lo, old.hi),
        ),
    ]
}

/// The first agent's `all` row of a four-seat run: score rate (1/2) and win share (1/4).
fn four_seat_rows(dir: &Path) -> Vec<Read> {
    let summary = csv_rows(&dir.join("summary.csv"));
    let all = summary
        .iter()
        .find(|r| r["seat"] == "all")
        .expect("an all row");
    let how = &all["score_rate_interval"];
    vec![
        (
            format!("summary.csv all score ({how})"),
            0.5,
            false,
            false,
            obs(all, "score_rate"),
        ),
        (
            format!("summary.csv all win share ({how})"),
            0.25,
            false,
            false,
            obs(all, "win_share"),
        ),
    ]
}

/// The 99% binomial band of a 95% coverage measured over `n` seeds.
fn binomial_band(n: usize) -> (f64, f64) {
    let half = 2.576 * (0.95 * 0.05 / n as f64).sqrt();
    (0.95 - half, 0.95 + half)
}

/// Plays `case` at seeds `1..=case.seeds` (two at a time) and gathers its rows.
fn measure(case: &Case, dir: &Path) -> Vec<Row> {
    let seeds: Vec<u64> = (1..=case.seeds).collect();
    let results: Vec<Vec<Read>> = std::thread::scope(|s| {
        let workers: Vec<_> = seeds
            .chunks(seeds.len().div_ceil(2).max(1))
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .iter()
                        .map(|&seed| {
                            let out = dir.join(format!("{}-{seed}", case.name));
                            let mut options = run_options(case.game, case.agents, case.games, &out);
                            options.common.no_duplicate = case.no_duplicate;
                            options.common.players = case.players;
                            options.common.seed = seed;
                            options.output.threads = Some(1);
                            options.long.checkpoint = 0;
                            run(&options).unwrap();
                            let rows = (case.read)(&out);
                            std::fs::remove_dir_all(&out).unwrap();
                            rows
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    let mut rows: Vec<Row> = Vec::new();
    for run in results {
        for (i, (name, truth, acceptance, report_only, o)) in run.into_iter().enumerate() {
            if rows.len() <= i {
                rows.push(Row {
                    name,
                    truth,
                    acceptance,
                    report_only,
                    obs: Vec::new(),
                });
            }
            rows[i].obs.push(o);
        }
    }
    rows
}

#[test]
#[ignore = "minutes of games: run with --release -- --ignored --nocapture"]
fn a_a_coverage_of_the_score_intervals() {
    let dir = tempfile::tempdir().unwrap();
    let grangol = |name, agents, games, no_duplicate, seeds| Case {
        name,
        game: "grangol",
        agents,
        games,
        no_duplicate,
        players: None,
        seeds,
        read: two_seat_rows,
    };
    let cases = [
        grangol("random-unpaired", "random,random", 2000, true, seeds(400)),
        grangol("random-paired", "random,random", 2000, false, seeds(400)),
        grangol("greedy-unpaired", "greedy,greedy", 1000, true, seeds(200)),
        grangol("greedy-paired", "greedy,greedy", 1000, false, seeds(200)),
        Case {
            name: "lastuf4-unpaired",
            game: "lastuf",
            agents: "random,random,random,random",
            games: 1000,
            no_duplicate: true,
            players: Some(4),
            seeds: seeds(400),
            read: four_seat_rows,
        },
    ];
    println!(
        "| run | interval | seeds | coverage | mean half-width | SD of estimates | mean SE | SD / SE |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    let mut failures = Vec::new();
    let only = std::env::var("CALIBRATE_ONLY").unwrap_or_default();
    for case in cases.iter().filter(|c| c.name.contains(&only)) {
        for row in measure(case, dir.path()) {
            let n = row.obs.len();
            let covered = row
                .obs
                .iter()
                .filter(|&&(_, lo, hi)| lo <= row.truth && row.truth <= hi)
                .count();
            let coverage = covered as f64 / n as f64;
            let half = row.obs.iter().map(|o| (o.2 - o.1) / 2.0).sum::<f64>() / n as f64;
            let mean = row.obs.iter().map(|o| o.0).sum::<f64>() / n as f64;
            let sd = (row.obs.iter().map(|o| (o.0 - mean).powi(2)).sum::<f64>() / (n as f64 - 1.0))
                .sqrt();
            let se = half / reports::Z95;
            println!(
                "| {} | {} | {n} | {:.1}% | {half:.4} | {sd:.4} | {se:.4} | {:.2} |",
                case.name,
                row.name,
                100.0 * coverage,
                sd / se
            );
            let (lo, hi) = if row.acceptance && n >= 200 {
                (0.93, 0.97)
            } else {
                binomial_band(n)
            };
            if !row.report_only && !(lo..=hi).contains(&coverage) {
                failures.push(format!(
                    "{} {}: coverage {:.1}% outside [{:.1}%, {:.1}%]",
                    case.name,
                    row.name,
                    100.0 * coverage,
                    100.0 * lo,
                    100.0 * hi
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
