//! Issue 25, item 5 end to end: `sim card-value` ranks every card of a game in one run,
//! and `sim report DIR_A DIR_B` sets the same question answered by two agent settings
//! side by side.

use crate::common::{csv_rows, num, ok, read, sim};
use std::path::Path;

/// `sim card-value --game grangol --agents AGENTS --games N --out OUT EXTRA…` in `dir`;
/// returns stdout.
fn card_value(dir: &Path, agents: &str, games: &str, out: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "card-value",
        "--game",
        "grangol",
        "--agents",
        agents,
        "--games",
        games,
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    String::from_utf8(ok(dir, &args).stdout).unwrap()
}

/// A failing `sim args` in `dir`: exit status 2 and one line on stderr, returned.
fn refused(dir: &Path, args: &[&str]) -> String {
    let out = sim(dir, args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    err
}

/// Without `--card` every card of the deck is ranked: one row per card, sorted by value,
/// ranks 1..n, Holm flags and p-values; the file is byte-identical whatever `--threads`;
/// a card's row is the `all` row of the single-card run on the same seeds (the base games
/// are shared, common random numbers).
#[test]
fn every_card_is_ranked_in_one_run_whatever_the_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let text = card_value(tmp.path(), "random,random", "40", "t1", &["--threads", "1"]);
    card_value(tmp.path(), "random,random", "40", "t2", &["--threads", "2"]);
    let csv = read(&tmp.path().join("t1/card_value.csv"));
    assert_eq!(csv, read(&tmp.path().join("t2/card_value.csv")));
    assert_eq!(
        read(&tmp.path().join("t1/card_value_by_agent.csv")),
        read(&tmp.path().join("t2/card_value_by_agent.csv"))
    );
    let header = csv.lines().next().unwrap();
    assert_eq!(
        header,
        "rank,game,card,copies,agent,games,blanks_drawn,exposure,delta,delta_lo,delta_hi,\
         holder_value,holder_value_lo,holder_value_hi,p_value,significant,raw_value,\
         raw_value_lo,raw_value_hi"
    );
    let rows = csv_rows(&tmp.path().join("t1/card_value.csv"));
    // The default deck's 29 kinds of card (configs/grangol/default.toml), BLANK excluded.
    assert_eq!(rows.len(), 29, "{csv}");
    let mut cards: Vec<&str> = rows.iter().map(|r| r["card"].as_str()).collect();
    assert!(!cards.contains(&"BLANK"));
    cards.sort_unstable();
    cards.dedup();
    assert_eq!(cards.len(), 29, "one row per card");
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(num(r, "rank"), (i + 1) as f64);
        assert_eq!((r["agent"].as_str(), r["games"].as_str()), ("all", "40"));
        assert!(["true", "false"].contains(&r["significant"].as_str()));
        if i > 0 && !rows[i - 1]["holder_value"].is_empty() && !r["holder_value"].is_empty() {
            assert!(num(&rows[i - 1], "holder_value") >= num(r, "holder_value"));
        }
    }
    assert!(
        text.starts_with("29 cards ranked, one copy of each"),
        "{text}"
    );
    let by_agent = csv_rows(&tmp.path().join("t1/card_value_by_agent.csv"));
    assert_eq!(by_agent.len(), 29 * 3, "random, random#2 and all per card");
    let run = read(&tmp.path().join("t1/run.json"));
    assert!(run.contains("\"mode\": \"ranking\""), "{run}");
    // The same card alone, on the same seeds: the same numbers.
    card_value(
        tmp.path(),
        "random,random",
        "40",
        "lancio",
        &["--card", "LANCIO"],
    );
    let single = csv_rows(&tmp.path().join("lancio/card_value.csv"));
    let all = single.iter().find(|r| r["agent"] == "all").unwrap();
    let ranked = rows.iter().find(|r| r["card"] == "LANCIO").unwrap();
    for column in [
        "blanks_drawn",
        "exposure",
        "holder_value",
        "holder_value_lo",
    ] {
        assert_eq!(all[column], ranked[column], "{column}");
    }
}

/// A comma list ranks those cards; `--copies` leaves out the cards with fewer copies and
/// says so; bad names and games without a blank card are one-line errors.
#[test]
fn card_lists_copies_and_errors() {
    let tmp = tempfile::tempdir().unwrap();
    card_value(
        tmp.path(),
        "random,random",
        "10",
        "two",
        &["--card", "lancio, TIRO"],
    );
    let rows = csv_rows(&tmp.path().join("two/card_value.csv"));
    let mut cards: Vec<&str> = rows.iter().map(|r| r["card"].as_str()).collect();
    cards.sort_unstable();
    assert_eq!(cards, ["LANCIO", "TIRO"]);
    let text = card_value(
        tmp.path(),
        "random,random",
        "4",
        "copies",
        &["--card", "all", "--copies", "4"],
    );
    assert!(
        text.contains("not ranked (fewer than 4 copies in the deck): "),
        "{text}"
    );
    let rows = csv_rows(&tmp.path().join("copies/card_value.csv"));
    // 4 copies or more: PASSAGGIO 15, TIRO 6, LANCIO 4, CONTRASTO 15, TEMPO +5 10, …
    let cards: Vec<&str> = rows.iter().map(|r| r["card"].as_str()).collect();
    for c in ["PASSAGGIO", "CONTRASTO", "LANCIO"] {
        assert!(cards.contains(&c), "{cards:?}");
    }
    assert!(!cards.contains(&"GRANGOL"), "{cards:?}");
    assert!(read(&tmp.path().join("copies/run.json")).contains("\"skipped\""));
    let base = [
        "card-value",
        "-g",
        "grangol",
        "-a",
        "random,random",
        "-n",
        "2",
    ];
    for card in ["LANCIO,NOPE", "LANCIO,LANCIO", "LANCIO,"] {
        let mut args = base.to_vec();
        args.extend(["--card", card]);
        refused(tmp.path(), &args);
    }
    let e = refused(
        tmp.path(),
        &[
            "card-value",
            "-g",
            "lastuf",
            "-a",
            "random,random,random,random",
            "-n",
            "2",
        ],
    );
    assert!(e.contains("lastuf has none"), "{e}");
    assert!(
        !tmp.path().join("runs").exists(),
        "nothing written on an error"
    );
}

/// Writes a hand-made card-value folder `dir` of GRANGOL with `values` per card.
fn hand_folder(dir: &Path, agents: &str, rules: &str, values: &[(&str, f64)]) {
    std::fs::create_dir_all(dir).unwrap();
    let mut csv = String::from(
        "rank,game,card,agent,holder_value,holder_value_lo,holder_value_hi,significant\n",
    );
    for (i, (card, v)) in values.iter().enumerate() {
        csv += &format!(
            "{},grangol,{card},all,{v},{},{},false\n",
            i + 1,
            v - 0.1,
            v + 0.1
        );
    }
    std::fs::write(dir.join("card_value.csv"), csv).unwrap();
    std::fs::write(
        dir.join("run.json"),
        format!(
            r#"{{"game": "grangol", "agents": ["{agents}", "{agents}"], "copies": 1, "games": 100, "seed": 7, "base_rules": {{"name": "{rules}"}}}}"#
        ),
    )
    .unwrap();
}

/// Two card-value folders: the page has the chart, both rankings and Spearman's ρ; by
/// hand: values W > X > Y > Z under A and X > W > Z > Y under B, Σ d² = 4, ρ = 1 − 6·4 /
/// (4·15) = 0.6. Folders of different rules, games or kinds are refused in one line.
#[test]
fn two_card_value_folders_side_by_side() {
    let tmp = tempfile::tempdir().unwrap();
    let p = tmp.path();
    hand_folder(
        &p.join("a"),
        "greedy",
        "default",
        &[("W", 0.4), ("X", 0.3), ("Y", 0.2), ("Z", 0.1)],
    );
    hand_folder(
        &p.join("b"),
        "mcts",
        "default",
        &[("X", 0.4), ("W", 0.3), ("Z", 0.2), ("Y", 0.1)],
    );
    let out = String::from_utf8(ok(p, &["report", "a", "b"]).stdout).unwrap();
    assert!(out.contains("report-vs-b.html"), "{out}");
    let page = read(&p.join("a/report-vs-b.html"));
    assert!(page.contains("ρ = +0.600</b> over the 4 cards"), "{page}");
    assert!(page.contains("<svg"), "a chart");
    assert!(page.contains("Both rungs were played on the same seed"));
    for card in ["W", "X", "Y", "Z"] {
        assert!(page.contains(&format!("<tr><td>{card}</td>")), "{card}");
    }
    hand_folder(&p.join("c"), "mcts", "interchangeable", &[("W", 0.1)]);
    let e = refused(p, &["report", "a", "c"]);
    assert!(e.contains("the rules differ"), "{e}");
    // Real folders: a ranking under two agent settings, and a compare folder.
    card_value(
        p,
        "random,random",
        "20",
        "r",
        &["--card", "LANCIO,TIRO,PASSAGGIO"],
    );
    card_value(
        p,
        "greedy,greedy",
        "20",
        "g",
        &["--card", "LANCIO,TIRO,PASSAGGIO"],
    );
    ok(p, &["report", "r", "g"]);
    let page = read(&p.join("r/report-vs-g.html"));
    assert!(page.contains("over the 3 cards"), "{page}");
    // One card-value folder alone: its own page.
    ok(p, &["report", "r"]);
    let page = read(&p.join("r/report.html"));
    assert!(
        page.contains("Card values by ablation") && page.contains("<svg"),
        "{page}"
    );
    let compare = |agents: &str, out: &str, second: &str| {
        ok(
            p,
            &[
                "compare", "-g", "grangol", "--rules", "default", "--rules", second, "-a", agents,
                "-n", "20", "-o", out,
            ],
        )
    };
    compare("random,random", "cr", "interchangeable");
    compare("greedy,greedy", "cg", "interchangeable");
    compare("greedy,greedy", "cq", "quick");
    ok(p, &["report", "cr", "cg"]);
    let page = read(&p.join("cr/report-vs-cg.html"));
    assert!(page.contains("Differences to default"), "{page}");
    assert!(page.contains("draw rate"), "{page}");
    // Per-agent metrics are matched by the agents' places.
    assert!(page.contains("score rate of random | greedy"), "{page}");
    // Whether an effect depends on the agents is the test of B − A, Holm-corrected.
    assert!(page.contains("<th class=\"n\">B − A</th>"), "{page}");
    assert!(page.contains("corrected by Holm over the table"), "{page}");
    assert!(
        page.contains("the same under A and B") || page.contains("depends on the agents"),
        "{page}"
    );
    let e = refused(p, &["report", "cr", "cq"]);
    assert!(e.contains("the rule sets differ"), "{e}");
    // Two sweeps: the same page, point by point.
    for (agents, out) in [("random,random", "sr"), ("greedy,greedy", "sg")] {
        ok(
            p,
            &[
                "sweep",
                "-g",
                "grangol",
                "--vary",
                "deck.cards.TIRO=5..6",
                "-a",
                agents,
                "-n",
                "20",
                "-o",
                out,
            ],
        );
    }
    ok(p, &["report", "sr", "sg"]);
    assert!(read(&p.join("sr/report-vs-sg.html")).contains("Sweeps at two rungs"));
    let e = refused(p, &["report", "r", "cg"]);
    assert!(e.contains("one is a card-value folder"), "{e}");
    let missing = refused(p, &["report", "r", "nowhere"]);
    assert!(missing.contains("nowhere"), "{missing}");
}
