//! Calibration of `--sprt`: the rate at which an A/A match (the same agent on both sides,
//! so the true Elo difference is 0) accepts H1, over many seeds. Wald's bounds promise at
//! most `alpha`; the checks every 1,000 games make the true rate a little lower.
//!
//! Slow (a few hundred matches), so ignored by `cargo test`; run it with
//! `cargo test --release -p lab --test it calibrate_sprt:: -- --ignored --nocapture`
//! (or `scripts/calibrate.sh`). The results are recorded in docs/statistics.md,
//! "Calibration".

use crate::common::{read, run, run_options};

/// `P(X ≤ k)` for `X ~ Binomial(n, p)`, summed term by term.
fn binomial_cdf(k: u64, n: u64, p: f64) -> f64 {
    let mut term = (1.0 - p).powi(n as i32); // P(X = 0)
    let mut total = term;
    for i in 1..=k.min(n) {
        term *= (n - i + 1) as f64 / i as f64 * p / (1.0 - p);
        total += term;
    }
    total
}

/// The largest count of events out of `n` runs at nominal rate `p` that a one-sided test at
/// level 0.005 does not reject: the binomial tolerance used by every calibration.
fn upper_tolerance(n: u64, p: f64) -> u64 {
    (0..=n)
        .find(|&k| 1.0 - binomial_cdf(k, n, p) < 0.005)
        .unwrap_or(n)
}

#[test]
fn tolerance_is_the_binomial_quantile() {
    // Binomial(200, 0.05): mean 10, P(X ≥ 19) ≈ 0.0058, P(X ≥ 20) ≈ 0.0027.
    assert_eq!(upper_tolerance(200, 0.05), 19);
    assert!((binomial_cdf(200, 200, 0.05) - 1.0).abs() < 1e-9);
}

/// One A/A SPRT match (`sim run --sprt 0,10`, at most 200,000 games; independent games
/// with `no_duplicate`): the decision (`H0`, `H1` or `none`) and the games it took, as
/// run.json records them.
fn sprt(seed: u64, no_duplicate: bool) -> (String, u64) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let mut options = run_options("grangol", "random,random", 200_000, &out);
    options.sprt = Some(reports::Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    });
    options.long.checkpoint = 0;
    options.common.seed = seed;
    options.common.no_duplicate = no_duplicate;
    run(&options).unwrap();
    let json: serde_json::Value = serde_json::from_str(&read(&out.join("run.json"))).unwrap();
    let s = &json["sprt"];
    (
        s["decision"].as_str().unwrap_or("none").to_string(),
        s["games"].as_u64().unwrap(),
    )
}

#[test]
#[ignore = "calibration: several hundred matches; run with --ignored (scripts/calibrate.sh)"]
fn sprt_false_positive_rate_is_at_most_alpha() {
    let seeds: u64 = std::env::var("CALIBRATE_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    println!("| check | runs | nominal | H1 accepted | H0 accepted | mean games |");
    println!("|---|---|---|---|---|---|");
    for (name, no_duplicate) in [
        ("SPRT 0,10 A/A, duplicate deals", false),
        ("SPRT 0,10 A/A, independent games", true),
    ] {
        let (mut h1, mut h0, mut games) = (0u64, 0u64, 0u64);
        for seed in 0..seeds {
            let (decision, g) = sprt(1000 + seed, no_duplicate);
            match decision.as_str() {
                "H1" => h1 += 1,
                "H0" => h0 += 1,
                _ => {}
            }
            games += g;
        }
        println!(
            "| {name} | {seeds} | 0.05 | {h1} ({:.1}%) | {h0} | {:.0} |",
            100.0 * h1 as f64 / seeds as f64,
            games as f64 / seeds as f64
        );
        let limit = upper_tolerance(seeds, 0.05);
        assert!(
            h1 <= limit,
            "{name}: H1 accepted in {h1} of {seeds} A/A matches (at most {limit} expected)"
        );
    }
}
