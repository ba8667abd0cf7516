//! Calibration of `--sprt`: the rate at which an A/A match (the same agent on both sides,
//! so the true Elo difference is 0) accepts H1, over many seeds. Wald's bounds promise at
//! most `alpha`; the checks every 1,000 games make the true rate a little lower.
//!
//! Slow (a few hundred matches), so ignored by `cargo test`; run it with
//! `cargo test --release -p sim-cli --test calibrate_sprt -- --ignored --nocapture`
//! (or `scripts/calibrate.sh`). The results are recorded in docs/statistics.md,
//! "Calibration".

mod common;

use common::SIM;
use std::process::Command;

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

/// One A/A SPRT match: the decision (`H0`, `H1` or `none`) and the games it took.
fn sprt(seed: u64, extra: &[&str]) -> (String, u64) {
    let seed = seed.to_string();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let mut args = vec![
        "--game",
        "grangol",
        "--agents",
        "random,random",
        "--games",
        "200000",
        "--sprt",
        "0,10",
        "--seed",
        &seed,
        "--json",
        "-q",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let run = Command::new(SIM).args(&args).output().expect("sim runs");
    assert!(
        run.status.success(),
        "sim {args:?}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
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
    for (name, extra) in [
        ("SPRT 0,10 A/A, duplicate deals", &[][..]),
        ("SPRT 0,10 A/A, independent games", &["--no-duplicate"][..]),
    ] {
        let (mut h1, mut h0, mut games) = (0u64, 0u64, 0u64);
        for seed in 0..seeds {
            let (decision, g) = sprt(1000 + seed, extra);
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
