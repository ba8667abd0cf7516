//! A run of a one-seat game (a solitaire), end to end: the runner's functions driven with
//! the test game [`crate::solitaire::Solitaire`], which no command can name.

use super::summary::{balance_lines, summary_lines};
use super::{plan, simulate, Tally};
use crate::infra::runner::Partial as Resumed;
use crate::infra::games::{load, Loaded};
use crate::solitaire::Solitaire;
use crate::testing::run_args as args;
use crate::infra::checkpoint::CHECKPOINT;
use crate::infra::journal::{record, LabShardFile, Phase, GAMES, LAB_SHARD_FORMAT};
use crate::commands::merge::gather;
use crate::commands::resume::restore;
use crate::commands::LabCommand;
use crate::infra::options::Shard;
use crate::testing::{assert_same_counts, csv_rows, read};
use engine_core::Game;
use std::path::Path;

/// The solitaire with its default rules (`turns = 12`, `target = 8`).
fn game() -> Loaded<Solitaire> {
    load::<Solitaire>(None, &[]).unwrap()
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_one_seat_run_writes_every_file_without_placement() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    super::run(&game(), &args("greedy,random", 300, 2, out.clone())).unwrap();
    assert_eq!(
        files(&out),
        [
            "balance.csv",
            "cards.csv",
            "games",
            "report.html",
            "run.json",
            "summary.csv"
        ]
    );
    // A one-seat game has no win or loss: the longest game is its one sample.
    assert_eq!(files(&out.join("games")), ["longest.html", "samples.json"]);

    // summary.csv: every column; the placement ones empty, the score with its error.
    let summary = csv_rows(&out.join("summary.csv"));
    let header = read(&out.join("summary.csv"));
    assert!(header.starts_with(
        "game,agent,seat,games,wins,draws,losses,score_rate,score_rate_lo,score_rate_hi,"
    ));
    assert_eq!(summary.len(), 4, "seat 0 and all, for each agent");
    for r in &summary {
        assert_eq!(r["games"], "300");
        for empty in [
            "wins",
            "draws",
            "losses",
            "score_rate",
            "score_rate_lo",
            "score_rate_hi",
            "win_rate",
            "win_rate_lo",
            "draw_rate",
            "win_share",
            "win_share_hi",
        ] {
            assert_eq!(r[empty], "", "{empty} of {r:?}");
        }
        for full in ["mean_goals_for", "mean_goals_for_se", "mean_actions"] {
            assert!(r[full].parse::<f64>().is_ok(), "{full} of {r:?}");
        }
        assert_eq!(r["mean_goals_against"].parse::<f64>().unwrap(), 0.0);
    }
    // Greedy plays BOLD (0.75 points a turn expected, SAFE 0.5): it scores more.
    let mean = |agent: &str| -> f64 {
        let r = summary
            .iter()
            .find(|r| r["agent"] == agent && r["seat"] == "all")
            .unwrap();
        r["mean_goals_for"].parse().unwrap()
    };
    assert!(mean("greedy") > mean("random") && mean("random") > 0.0);

    // balance.csv: the one-seat rows, the turns with an interval.
    let balance = csv_rows(&out.join("balance.csv"));
    let metrics: Vec<&str> = balance.iter().map(|r| r["metric"].as_str()).collect();
    for gone in [
        "seat_score_rate",
        "first_seat_advantage",
        "draw_rate",
        "seat_win_share",
        "mean_lead_changes",
        "half_time_leader_rate",
        "skill_gap",
    ] {
        assert!(!metrics.contains(&gone), "{gone} in {metrics:?}");
    }
    let find = |metric: &str, key: &str| {
        balance
            .iter()
            .find(|r| r["metric"] == metric && r["key"] == key)
            .unwrap_or_else(|| panic!("no {metric},{key}"))
    };
    assert_eq!(find("games", "")["value"], "600.0");
    let turns = find("mean_length", "turns");
    let (v, lo, hi): (f64, f64, f64) = (
        turns["value"].parse().unwrap(),
        turns["lo"].parse().unwrap(),
        turns["hi"].parse().unwrap(),
    );
    assert!(lo < v && v < hi && v > 1.0 && v <= 12.0, "{turns:?}");
    assert!(find("mean_length", "decisions")["hi"]
        .parse::<f64>()
        .is_ok());
    assert!(find("mean_goals", "")["value"].parse::<f64>().unwrap() > 0.0);
    assert!(find("capped_rate", "")["value"].parse::<f64>().is_ok());
    assert!(metrics.contains(&"length_distribution") && metrics.contains(&"goals_distribution"));

    // cards.csv: the counts, no score-based column.
    let cards = csv_rows(&out.join("cards.csv"));
    assert_eq!(cards.len(), 4);
    let played = |agent: &str, card: &str| -> u64 {
        let c = cards
            .iter()
            .find(|c| c["agent"] == agent && c["card"] == card)
            .unwrap();
        c["played"].parse().unwrap()
    };
    // Greedy always plays BOLD; random plays both.
    assert_eq!(played("greedy", "SAFE"), 0);
    assert!(played("greedy", "BOLD") > 0 && played("random", "SAFE") > 0);
    for c in cards.iter().filter(|c| c["played"] != "0") {
        assert_eq!(c["played"], c["drawn"]);
        assert_eq!(c["played"], c["resolved"]);
        assert!(c["success_rate_lo"].parse::<f64>().is_ok());
        for empty in [
            "gih_score",
            "gih_score_lo",
            "gns_score",
            "iwd",
            "iwd_hi",
            "played_score",
            "played_score_lo",
        ] {
            assert_eq!(c[empty], "", "{empty} of {c:?}");
        }
    }

    // run.json: the schedule of a solitaire.
    let run: serde_json::Value = serde_json::from_str(&read(&out.join("run.json"))).unwrap();
    assert_eq!(run["schedule"]["format"], "solo");
    assert_eq!(run["schedule"]["matches"], serde_json::json!([[0], [1]]));
    assert_eq!(run["games"], 600);

    // report.html: the mean score chart, no placement chart, no NaN.
    let html = read(&out.join("report.html"));
    assert!(html.contains("Mean score per agent"));
    assert!(html.contains("turns per game"));
    for absent in [
        "NaN",
        "inf",
        "Score rate per agent",
        "Matchups and ratings",
        "first-seat advantage",
        "draw rate",
        "No agent has a defined score rate",
    ] {
        assert!(!html.contains(absent), "{absent} in the report");
    }
    // `sim report` renders the same folder again.
    assert_eq!(reports::render_report(&out).unwrap(), html);
}

#[test]
fn one_seat_results_do_not_depend_on_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let texts = |threads: usize, name: &str| -> Vec<String> {
        let out = tmp.path().join(name);
        super::run(
            &game(),
            &args("random,greedy,random", 257, threads, out.clone()),
        )
        .unwrap();
        ["summary.csv", "balance.csv", "cards.csv"]
            .iter()
            .map(|f| read(&out.join(f)))
            .collect()
    };
    let one = texts(1, "one");
    assert_eq!(one, texts(2, "two"));
    assert_eq!(one, texts(3, "three"));
}

/// With duplicate deals, game i of every agent is played on deal i: two copies of a
/// deterministic agent (greedy always plays BOLD) play the same games; with independent
/// deals they do not.
#[test]
fn agents_alone_share_their_deals() {
    let g = game();
    let tmp = tempfile::tempdir().unwrap();
    let totals = |no_duplicate: bool| {
        let mut a = args("greedy,greedy", 200, 2, tmp.path().join("unused"));
        a.common.no_duplicate = no_duplicate;
        let p = plan(&g, &a).unwrap();
        let (tally, _) = simulate(&g.game, &p, None).unwrap();
        let s = |agent| {
            let t = tally.stats.agent_total(agent);
            (
                t.games,
                t.goals_for,
                t.goals_for_sq,
                t.decisions,
                t.decisions_sq,
            )
        };
        (s(0), s(1))
    };
    let (a, b) = totals(false);
    assert_eq!(a, b);
    let (a, b) = totals(true);
    assert_eq!(a.0, b.0);
    assert_ne!(a, b);
}

#[test]
fn the_terminal_summary_of_one_seat() {
    let g = game();
    let tmp = tempfile::tempdir().unwrap();
    let a = args("greedy,random", 400, 2, tmp.path().join("unused"));
    let p = plan(&g, &a).unwrap();
    let (tally, _) = simulate(&g.game, &p, None).unwrap();
    let mut lines = summary_lines("solitaire", &p, &tally, 0.5, 1600.0);
    lines.extend(balance_lines(&tally.balance, "scored as it stood"));
    let text = lines.join("\n");
    println!("{text}");
    assert!(lines[0].starts_with(
        "solitaire: 800 games, 1 player, greedy, random each alone (400 games each, on the \
         same deals), seed 11, 2 threads"
    ));
    let row = lines.iter().find(|l| l.starts_with("greedy ")).unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    // agent, games, score, [lo, hi], decisions.
    assert_eq!(cells[1], "400");
    let score: f64 = cells[2].parse().unwrap();
    let lo: f64 = cells[3]
        .trim_matches(|c| c == '[' || c == ',')
        .parse()
        .unwrap();
    let hi: f64 = cells[4].trim_end_matches(']').parse().unwrap();
    assert!(lo < score && score < hi, "{row}");
    let turns = lines
        .iter()
        .find(|l| l.trim_start().starts_with("turns per game"))
        .unwrap();
    assert!(turns.contains('[') && turns.contains(']'), "{turns}");
    for absent in [
        "first-seat",
        "draw rate",
        "wins/draws/losses",
        "win %",
        "vs",
    ] {
        assert!(!text.contains(absent), "{absent} in\n{text}");
    }

    // One agent: "greedy alone".
    let a = args("greedy", 50, 1, tmp.path().join("unused"));
    let p = plan(&g, &a).unwrap();
    let (tally, _) = simulate(&g.game, &p, None).unwrap();
    let lines = summary_lines("solitaire", &p, &tally, 0.5, 100.0);
    assert!(lines[0].starts_with("solitaire: 50 games, 1 player, greedy alone, seed 11"));
}

#[test]
fn gauntlet_and_sprt_at_one_seat_are_one_line_errors() {
    let g = game();
    let tmp = tempfile::tempdir().unwrap();
    let mut a = args("greedy,random", 10, 1, tmp.path().join("x"));
    a.common.gauntlet = true;
    let e = plan(&g, &a).err().unwrap().to_string();
    assert!(
        e.starts_with("--gauntlet") && e.contains("no opponents") && !e.contains('\n'),
        "{e}"
    );
    let mut a = args("greedy,random", 10, 1, tmp.path().join("x"));
    a.sprt = Some(reports::Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    });
    let e = plan(&g, &a).err().unwrap().to_string();
    assert!(
        e.starts_with("--sprt") && e.contains("no opponents") && !e.contains('\n'),
        "{e}"
    );
}

/// The counts of a one-seat run survive a file (shard.json, checkpoint.json): the same
/// shape, plausible counts, and a resumed run adds up to the whole.
#[test]
fn one_seat_counts_round_trip_and_resume() {
    let g = game();
    let tmp = tempfile::tempdir().unwrap();
    let a = args("greedy,random", 300, 2, tmp.path().join("unused"));
    let p = plan(&g, &a).unwrap();
    let (whole, _) = simulate(&g.game, &p, None).unwrap();
    let text = serde_json::to_string(&whole).unwrap();
    let back: Tally = serde_json::from_str(&text).unwrap();
    assert!(Tally::new(&p, g.game.info()).same_shape(&back));
    back.check_counts(p.games(), g.game.info()).unwrap();
    assert!(back.matches.is_empty());

    // The first chunks played apart, then the rest resumed from their counts.
    let chunk = super::chunk_size(p.groups.end - p.groups.start);
    let first = 5;
    let mut part = plan(&g, &a).unwrap();
    part.groups = p.groups.start..p.groups.start + first * chunk;
    let (done, _) = simulate(&g.game, &part, None).unwrap();
    let resumed = Resumed {
        tally: done,
        done: (0..first).collect(),
    };
    let (total, _) = simulate(&g.game, &p, Some(resumed)).unwrap();
    assert_eq!(
        serde_json::to_value(&total).unwrap(),
        serde_json::to_value(&whole).unwrap()
    );
}

/// `sim compare` and `sim sweep` at a one-seat game: the metrics that need no opponent.
#[test]
fn the_design_lab_compares_one_seat_rule_sets() {
    use crate::infra::options::{CompareOptions, GameOptions, OutputOptions, SweepOptions};
    let tmp = tempfile::tempdir().unwrap();
    let common = |games| GameOptions {
        game: "solitaire".into(),
        agents: vec![
            agents::AgentSpec::named("greedy"),
            agents::AgentSpec::named("random"),
        ],
        games,
        gauntlet: false,
        no_duplicate: false,
        seed: 5,
        rules: Vec::new(),
        set: Vec::new(),
        players: None,
    };
    let out = tmp.path().join("compare");
    let report = crate::commands::design::compare::<Solitaire>(&CompareOptions {
        common: common(200),
        variants: vec!["short=turns=6".into()],
        stats: Default::default(),
        output: OutputOptions {
            threads: Some(2),
            out: Some(out.clone()),
            command_line: Vec::new(),
        },
        long: Default::default(),
    })
    .unwrap();
    let rows = csv_rows(&out.join("compare.csv"));
    // The report holds what the summary prints: the rows of the file, the folder.
    assert_eq!(report.rows.len(), rows.len());
    assert_eq!((report.num_seats, report.games), (1, 400));
    assert_eq!(report.agents, "greedy, random each alone");
    assert_eq!(
        (&report.out, &report.report),
        (&out, &out.join("report.html"))
    );
    let metrics: Vec<&str> = rows.iter().map(|r| r["metric"].as_str()).collect();
    for needed in ["mean_length", "mean_goals", "goals_for", "capped_rate"] {
        assert!(metrics.contains(&needed), "{needed} not in {metrics:?}");
    }
    for gone in [
        "first_seat_advantage",
        "seat_score_rate",
        "draw_rate",
        "score_rate",
        "win_rate",
        "skill_gap",
        "half_time_leader_wins",
        "mean_lead_changes",
    ] {
        assert!(!metrics.contains(&gone), "{gone} in {metrics:?}");
    }
    let html = read(&out.join("report.html"));
    assert!(!html.contains("NaN"));

    let out = tmp.path().join("sweep");
    let report = crate::commands::design::sweep::<Solitaire>(&SweepOptions {
        common: common(100),
        vary: vec!["turns=4..6".into()],
        stats: Default::default(),
        output: OutputOptions {
            threads: Some(2),
            out: Some(out.clone()),
            command_line: Vec::new(),
        },
        long: Default::default(),
    })
    .unwrap();
    let rows = csv_rows(&out.join("sweep.csv"));
    assert!(rows.len() > 3);
    assert_eq!(report.rows.len(), rows.len());
    let points: Vec<&str> = report.arms.iter().map(|a| a.label.as_str()).collect();
    assert_eq!(points, ["turns=4", "turns=5", "turns=6"]);
}

/// A one-seat run stopped after its first chunks (as Ctrl-C stops it: a last checkpoint)
/// resumes from its journal's checkpoint into the files of the uninterrupted run.
#[test]
fn a_one_seat_run_resumes_from_its_checkpoint() {
    let tmp = tempfile::tempdir().unwrap();
    let (game, whole) = crate::testing::whole_run("greedy,random", tmp.path());
    let out = tmp.path().join("resumed");
    let mut a = args("greedy,random", 150, 2, out.clone());
    a.long.checkpoint = 60;
    let journal = crate::infra::journal::LongCommand::fresh_journal(&a).halt_after(4);
    let e = super::run_loaded(&game, &a, &journal).unwrap_err();
    assert!(e.is::<crate::infra::checkpoint::Stopped>(), "{e}");
    assert!(e.to_string().contains("sim resume"), "{e}");
    let kept = reports::RunDir::unfinished(&out, CHECKPOINT)[0].clone();
    let (command, journal) =
        restore(&kept.join(CHECKPOINT), kept.clone(), &out, Some(3), 60, &[]).unwrap();
    let LabCommand::Run(o) = command else {
        panic!("a run's checkpoint records a run: {command:?}")
    };
    super::run_in::<Solitaire>(&o, &journal).unwrap();
    assert_same_counts(&out, &whole);
    assert!(!out.join(CHECKPOINT).exists() && !kept.exists());
}

/// `sim merge` of the solitaire's shard folders `dirs` into `dir/merged`, which it
/// returns.
fn merge_solitaire(dir: &Path, dirs: &[std::path::PathBuf]) -> std::path::PathBuf {
    let merged = dir.join("merged");
    let (command, journal) = gather(dirs, Some(merged.clone()), &[]).unwrap();
    let LabCommand::Run(o) = command else {
        panic!("a run's shards record a run: {command:?}")
    };
    let report = super::run_in::<Solitaire>(&o, &journal).unwrap();
    assert!(report.lines.iter().any(|l| l.starts_with("wrote ")));
    merged
}

/// The shards of a one-seat run merge into the files of the whole run.
#[test]
fn shards_of_a_one_seat_run_merge_into_the_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let (game, whole) = crate::testing::whole_run("greedy,random", tmp.path());
    let mut dirs = Vec::new();
    for index in 0..2 {
        let dir = tmp.path().join(format!("shard-{index}"));
        let mut a = args("greedy,random", 150, 1, dir.clone());
        a.long.shard = Some(Shard { index, count: 2 });
        super::run(&game, &a).unwrap();
        assert!(dir.join("shard.json").is_file());
        dirs.push(dir);
    }
    let merged = merge_solitaire(tmp.path(), &dirs);
    assert_same_counts(&merged, &whole);
    assert!(!merged.join("matchups.csv").exists() && merged.join("report.html").exists());
}

/// `t` added to itself `k` times (double and add): the counts of `k` copies of its
/// games, which agree with each other as those of `k` played groups would.
fn times(t: &Tally, mut k: u64, mut acc: Tally) -> Tally {
    let mut base = t.clone();
    while k > 0 {
        if k & 1 == 1 {
            acc.checked_merge(&base).unwrap();
        }
        let copy = base.clone();
        base.checked_merge(&copy).unwrap();
        k >>= 1;
    }
    acc
}

/// Issue 23: the two shards of a run of 10^10 games (counts made from one played
/// group, replicated to each shard's groups) pass the checks and merge into a run of
/// 10^10 games; a bound of the worst case (games × longest game², as before) refused
/// such runs from 3,000,000 games on.
#[test]
fn shards_of_a_ten_billion_game_run_merge() {
    let tmp = tempfile::tempdir().unwrap();
    let g = game();
    let games = 10_000_000_000;
    let a = args("random", games, 1, tmp.path().join("unused"));
    let whole = plan(&g, &a).unwrap();
    let total = whole.schedule.total_groups();
    let mut one = plan(&g, &a).unwrap();
    one.groups = 0..1;
    assert_eq!(whole.games(), games);
    let (counts, _) = simulate(&g.game, &one, None).unwrap();
    let mut dirs = Vec::new();
    for index in 0..2 {
        let shard = Shard { index, count: 2 };
        let mut part = plan(&g, &a).unwrap();
        part.groups = shard.groups(total);
        // Every group of the solitaire's run is one game.
        assert_eq!(part.games(), part.groups.end - part.groups.start);
        let tally = times(&counts, part.games(), Tally::new(&part, g.game.info()));
        let file = LabShardFile {
            format: LAB_SHARD_FORMAT.into(),
            version: env!("CARGO_PKG_VERSION").into(),
            command: record("run", &a),
            identity: vec![serde_json::to_value(super::RecordedRules::of(&g)).unwrap()],
            shard,
            phases: vec![Phase {
                label: GAMES.into(),
                shardable: true,
                tallies: vec![serde_json::to_value(&tally).unwrap()],
            }],
            elapsed_seconds: 1.0,
        };
        let dir = tmp.path().join(format!("shard-{index}"));
        std::fs::create_dir(&dir).unwrap();
        reports::write_json(
            &dir.join("shard.json"),
            &reports::seal::seal(&file).unwrap(),
        )
        .unwrap();
        dirs.push(dir);
    }
    let merged = merge_solitaire(tmp.path(), &dirs);
    let summary = read(&merged.join("summary.csv"));
    assert!(summary.contains(",10000000000,"), "{summary}");
}
