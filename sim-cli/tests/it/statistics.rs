//! End-to-end tests of the strategy-lab statistics: duplicate deals, tournaments, card
//! value by ablation, balance and the HTML report.

use crate::common::{csv_rows, num, ok, read, sim, verdict_line};
use std::path::Path;

/// `sim --game grangol --agents AGENTS --games N --out OUT EXTRA…` in `dir`; returns
/// stdout.
fn run(dir: &Path, agents: &str, games: &str, out: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "--game", "grangol", "--agents", agents, "--games", games, "--out", out,
    ];
    args.extend_from_slice(extra);
    String::from_utf8(ok(dir, &args).stdout).unwrap()
}

/// The first agent's (score, lo, hi, interval method) in `matchups.csv` of run `out`.
fn first_matchup(dir: &Path, out: &str) -> (f64, f64, f64, String) {
    let rows = csv_rows(&dir.join(out).join("matchups.csv"));
    let r = &rows[0];
    (
        num(r, "score_rate"),
        num(r, "score_rate_lo"),
        num(r, "score_rate_hi"),
        r["interval"].clone(),
    )
}

/// The "±a instead of ±b" (or "±a; independent games with the same results ±b") half-widths
/// of the duplicate-gain sentence in `text`, as printed.
fn gain_widths(text: &str) -> Option<(String, String)> {
    let line = text
        .lines()
        .find(|l| l.starts_with("Playing each deal twice"))?;
    let mut widths = line.split('±').skip(1).map(|w| {
        w.chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect::<String>()
    });
    Some((widths.next()?, widths.next()?))
}

/// Acceptance: on GRANGOL with random,random, the paired (pentanomial) and unpaired
/// (trinomial) intervals both contain 0.5, and the duplicate-gain sentence compares the
/// pentanomial half-width with the trinomial one of the same games (draws counted in
/// both), printed with digits enough to tell them apart. Random agents gain little from
/// the pairing (about 1%, not measurable at 3,000 pairs); greedy agents more.
#[test]
fn duplicate_deals_narrow_the_interval_and_both_contain_one_half() {
    let tmp = tempfile::tempdir().unwrap();
    let text = run(tmp.path(), "random,random", "6000", "paired", &[]);
    run(
        tmp.path(),
        "random,random",
        "6000",
        "unpaired",
        &["--no-duplicate"],
    );
    let (p, plo, phi, how) = first_matchup(tmp.path(), "paired");
    assert_eq!(how, "pentanomial");
    let (u, ulo, uhi, how) = first_matchup(tmp.path(), "unpaired");
    assert_eq!(how, "trinomial");
    assert!(plo < 0.5 && 0.5 < phi, "paired {p} [{plo}, {phi}]");
    assert!(ulo < 0.5 && 0.5 < uhi, "unpaired {u} [{ulo}, {uhi}]");
    assert!(text.contains("played on the same deal"), "{text}");
    // The sentence's first width is the pentanomial interval of matchups.csv.
    let (a, b) = gain_widths(&text).unwrap_or_else(|| panic!("{text}"));
    let half: f64 = a.parse().unwrap();
    assert!((half - (phi - plo) / 2.0).abs() <= 0.6 * 10f64.powi(-(a.len() as i32 - 2)));
    assert!(
        text.contains("did not measurably narrow") || a != b,
        "a claimed gain between equal widths: {text}"
    );
    let json = read(&tmp.path().join("paired/run.json"));
    assert!(json.contains("\"duplicate\": true"), "{json}");

    // Greedy agents: the two games of a deal are measurably anti-correlated, the
    // pentanomial interval narrower than the trinomial one of the same games.
    let text = run(tmp.path(), "greedy,greedy", "4000", "greedy", &[]);
    assert!(text.contains("narrower than independent games"), "{text}");
    let (a, b) = gain_widths(&text).unwrap();
    assert!(
        a.parse::<f64>().unwrap() < b.parse::<f64>().unwrap(),
        "{text}"
    );
}

/// The two games of a duplicate pair are dealt the same cards from the same seats.
#[test]
fn a_duplicate_pair_shares_its_deal() {
    let tmp = tempfile::tempdir().unwrap();
    let out = ok(
        tmp.path(),
        &[
            "trace",
            "--game",
            "grangol",
            "--agents",
            "random,greedy",
            "--games",
            "2",
        ],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // The opening deal: the first chance actions of each game.
    let deal = |game: u64| -> Vec<String> {
        text.lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|v| v["game"] == game && v["actor"] == "chance")
            .take(10)
            .map(|v| v["action"].to_string())
            .collect()
    };
    assert_eq!(deal(0), deal(1));
    assert_eq!(deal(0).len(), 10);
}

/// Acceptance: a three-agent round robin writes matchups.csv and ratings.csv, and the
/// ratings order matches the head-to-head results.
#[test]
fn round_robin_ratings_follow_the_head_to_head_results() {
    let tmp = tempfile::tempdir().unwrap();
    let text = run(
        tmp.path(),
        "random,greedy,mcts(iterations=60)",
        "200",
        "rr",
        &[],
    );
    let dir = tmp.path().join("rr");
    let matchups = csv_rows(&dir.join("matchups.csv"));
    assert_eq!(matchups.len(), 6, "three matches, both orientations");
    let ratings = csv_rows(&dir.join("ratings.csv"));
    assert_eq!(ratings.len(), 3);
    let elo = |agent: &str| num(ratings.iter().find(|r| r["agent"] == agent).unwrap(), "elo");
    for m in &matchups {
        let score = num(m, "score_rate");
        let (a, b) = (&m["agent"], &m["opponent"]);
        assert_eq!(num(m, "games"), 200.0);
        // Where the head-to-head is decided (its interval excludes 1/2), the ratings
        // agree with it. (A near-even pair may be ordered either way by the ratings,
        // which also weigh how each did against the third agent.)
        if num(m, "score_rate_lo") > 0.5 {
            assert!(
                elo(a) > elo(b),
                "{a} scored {score} against {b} but rates lower"
            );
        }
        assert!(num(m, "score_rate_lo") <= score && score <= num(m, "score_rate_hi"));
    }
    for r in &ratings {
        assert!(num(r, "elo_lo") <= num(r, "elo") && num(r, "elo") <= num(r, "elo_hi"));
    }
    assert_eq!(ratings[0]["rank"], "1");
    assert_ne!(ratings[2]["agent"], "greedy", "greedy beats random");
    assert!(text.contains("rank") && text.contains(" vs "), "{text}");
    // The gauntlet plays the first agent against each other one.
    run(
        tmp.path(),
        "greedy,random,random",
        "20",
        "g",
        &["--gauntlet"],
    );
    let g = csv_rows(&tmp.path().join("g/matchups.csv"));
    assert_eq!(g.len(), 4);
    assert!(g
        .iter()
        .all(|r| r["agent"] == "greedy" || r["opponent"] == "greedy"));
}

/// Acceptance: `sim card-value` prints a delta with an interval and writes card_value.csv.
#[test]
fn card_value_prints_a_delta_with_an_interval() {
    let tmp = tempfile::tempdir().unwrap();
    let out = ok(
        tmp.path(),
        &[
            "card-value",
            "--game",
            "grangol",
            "--card",
            "lancio",
            "--agents",
            "greedy,random",
            "--games",
            "400",
            "--out",
            "cv",
        ],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("LANCIO: one copy replaced by BLANK"),
        "{text}"
    );
    // The verdict on the `all` row's value per copy, in one of its three readings.
    let verdict = verdict_line(&text);
    assert!(
        [
            "cannot be told from zero",
            "more than nothing",
            "costs its holder"
        ]
        .iter()
        .any(|w| verdict.contains(w))
            && verdict.contains("LANCIO"),
        "{verdict}"
    );
    // The report page says the same (HTML-escaped).
    ok(tmp.path(), &["report", "cv"]);
    let html = read(&tmp.path().join("cv/report.html"));
    assert!(
        html.contains(&verdict.replace('\'', "&#x27;").replace('/', "&#x2f;")),
        "the report repeats: {verdict}"
    );
    let rows = csv_rows(&tmp.path().join("cv/card_value.csv"));
    let agents: Vec<&str> = rows.iter().map(|r| r["agent"].as_str()).collect();
    assert_eq!(agents, ["greedy", "random", "all"]);
    for r in &rows[..2] {
        assert_eq!(r["card"], "LANCIO");
        let (d, lo, hi) = (num(r, "delta"), num(r, "delta_lo"), num(r, "delta_hi"));
        assert!(lo <= d && d <= hi && hi - lo > 0.0, "{r:?}");
    }
    // Over every seat of a constant-sum game the score does not change.
    assert_eq!(num(&rows[2], "delta"), 0.0);
    let all = rows.last().unwrap();
    assert!(num(all, "blanks_drawn") > 100.0, "{all:?}");
    assert!(num(all, "exposure") > 10.0, "{all:?}");
    let (v, lo, hi) = (
        num(all, "holder_value"),
        num(all, "holder_value_lo"),
        num(all, "holder_value_hi"),
    );
    assert!(lo < v && v < hi, "{all:?}");
    // Several copies: LANCIO has 4 in the default deck, so 3 can go and 5 cannot.
    let out = ok(
        tmp.path(),
        &[
            "card-value",
            "--game",
            "grangol",
            "--card",
            "LANCIO",
            "--copies",
            "3",
            "--agents",
            "random,random",
            "--games",
            "20",
            "--out",
            "cv3",
        ],
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("LANCIO: 3 copies replaced"));
    assert!(read(&tmp.path().join("cv3/run.json")).contains("\"copies\": 3"));
    let out = sim(
        tmp.path(),
        &[
            "card-value",
            "--game",
            "grangol",
            "--card",
            "LANCIO",
            "--copies",
            "5",
            "--agents",
            "random,random",
            "--games",
            "2",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        !tmp.path().join("runs").exists(),
        "nothing written on an error"
    );
    // Bad cards are one-line errors with status 2.
    for bad in ["NOPE", "BLANK"] {
        let out = sim(
            tmp.path(),
            &[
                "card-value",
                "--game",
                "grangol",
                "--card",
                bad,
                "--agents",
                "random,random",
                "--games",
                "2",
            ],
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// `sim card-value --resolution R` plays rounds over the open cards only, writes
/// card_groups.csv and says what is not resolved; its files do not depend on
/// `--threads`; a single card or a shard is refused in one line.
#[test]
fn card_value_with_a_resolution_plays_rounds_over_the_open_cards() {
    let tmp = tempfile::tempdir().unwrap();
    let args = |r: &'static str, threads: &'static str, out: &'static str| {
        vec![
            "card-value",
            "--game",
            "grangol",
            "--card",
            "TIRO,PASSAGGIO,LANCIO",
            "--agents",
            "random,random",
            "--games",
            "160",
            "--resolution",
            r,
            "--threads",
            threads,
            "--out",
            out,
        ]
    };
    // A resolution no 160 games reach: every card open through the five rounds.
    let out = ok(tmp.path(), &args("0.0001", "1", "fine1"));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("not resolved after 160 games"), "{text}");
    assert!(text.contains("resolving them needs about"), "{text}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("after 10 games, 3 of 3 cards are open"),
        "{err}"
    );
    let groups = csv_rows(&tmp.path().join("fine1/card_groups.csv"));
    assert_eq!(groups.len(), 3);
    assert!(groups
        .iter()
        .all(|g| g["group"] == "open" && g["games"] == "160"));
    assert!(groups.iter().all(|g| num(g, "games_needed") > 160.0));
    let json = read(&tmp.path().join("fine1/run.json"));
    assert!(
        json.contains("\"looks\": 5") && json.contains("\"luck\""),
        "{json}"
    );
    // Its report page leads with the groups.
    ok(tmp.path(), &["report", "fine1"]);
    let html = read(&tmp.path().join("fine1/report.html"));
    let verdict = html
        .find("Verdict: the cards against the average card, at ±0.0001 per copy")
        .expect("a verdict");
    assert!(verdict < html.find("<h2>Card values</h2>").unwrap());
    assert!(
        html.contains("<td>not resolved</td><td class=\"n\">3</td>"),
        "{html}"
    );
    ok(tmp.path(), &args("0.0001", "2", "fine2"));
    for f in [
        "card_value.csv",
        "card_groups.csv",
        "card_value_by_agent.csv",
    ] {
        assert_eq!(
            read(&tmp.path().join("fine1").join(f)),
            read(&tmp.path().join("fine2").join(f)),
            "{f}"
        );
    }
    // A coarse resolution: every card is decided after the first round of 10 games.
    let out = ok(tmp.path(), &args("10", "2", "coarse"));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("every card is resolved"), "{text}");
    let groups = csv_rows(&tmp.path().join("coarse/card_groups.csv"));
    assert!(
        groups
            .iter()
            .all(|g| g["games"] == "10" && g["group"] != "open"),
        "{groups:?}"
    );
    // Refused in one line, exit 2: one card, a shard, a resolution of 0.
    for bad in [
        vec!["--card", "TIRO", "--resolution", "0.01"],
        vec![
            "--card",
            "TIRO,LANCIO",
            "--resolution",
            "0.01",
            "--shard",
            "0/2",
        ],
        vec!["--card", "TIRO,LANCIO", "--resolution", "0"],
    ] {
        let mut a = vec![
            "card-value",
            "--game",
            "grangol",
            "--agents",
            "random,random",
            "--games",
            "20",
        ];
        a.extend(bad);
        let out = sim(tmp.path(), &a);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// balance.csv carries the balance metrics; the run prints where its report is, and
/// `sim report` rebuilds it.
#[test]
fn balance_and_report_are_written() {
    let tmp = tempfile::tempdir().unwrap();
    let text = run(tmp.path(), "greedy,random", "300", "b", &[]);
    let dir = tmp.path().join("b");
    let rows = csv_rows(&dir.join("balance.csv"));
    let metric = |m: &str| rows.iter().filter(|r| r["metric"] == m).count();
    for m in [
        "games",
        "seat_score_rate",
        "first_seat_advantage",
        "draw_rate",
        "mean_goals",
        "mean_length",
        "mean_lead_changes",
        "half_time_leader_wins",
        "goals_distribution",
        "length_distribution",
        "skill_gap",
    ] {
        assert!(metric(m) > 0, "no {m} in balance.csv");
    }
    let gap = rows.iter().find(|r| r["metric"] == "skill_gap").unwrap();
    assert_eq!(gap["key"], "greedy");
    assert!(num(gap, "value") > 0.6, "{gap:?}");
    let report = dir.join("report.html");
    assert!(
        text.contains(&format!(
            "report: {}",
            Path::new("b").join("report.html").display()
        )),
        "{text}"
    );
    std::fs::remove_file(&report).unwrap();
    let out = ok(tmp.path(), &["report", "b"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("report.html"));
    let html = read(&report);
    assert!(html.matches("<svg").count() >= 4, "charts missing");
    let err = sim(tmp.path(), &["report", "nowhere"]);
    assert_eq!(err.status.code(), Some(2));
}

/// `sim … | head -1`: a closed stdout does not make the run panic or fail.
#[test]
fn run_into_a_closed_pipe_exits_0() {
    let tmp = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(crate::common::SIM)
        .args([
            "--game",
            "grangol",
            "--agents",
            "random,random",
            "--games",
            "50",
            "--out",
            "o",
        ])
        .current_dir(tmp.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Nothing but the progress lines a log gets.
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.lines().all(|l| l.starts_with("progress: ")), "{err}");
    assert!(tmp.path().join("o/summary.csv").exists());
}
