//! `write_report`: a fixture run folder with hand-written CSV files becomes one
//! self-contained HTML page with one inline SVG per chart; bad input gives a one-line
//! error naming the file.

use reports::{card_rows, summary_rows, write_csv, write_report, ReportError, RunStats};
use std::fs;
use std::path::Path;

const RUN_JSON: &str = r#"{
  "command": ["sim", "--game", "grangol", "--agents", "random,greedy,mcts(iterations=50)",
              "--note", "<b>&</b>"],
  "version": "0.1.0",
  "game": "grangol",
  "agents": [
    {"label": "random", "spec": "random"},
    {"label": "greedy", "spec": "greedy"},
    {"label": "mcts(iterations=50)", "spec": "mcts(iterations=50)"}
  ],
  "games": 3000,
  "seed": 42,
  "threads": 2,
  "timings": {"elapsed_seconds": 12.5, "games_per_second": 240.0},
  "rules": {"source": "embedded", "config": {}}
}
"#;

/// `extra` is an unknown column, which the report must ignore.
const SUMMARY_CSV: &str = "\
game,agent,seat,games,wins,draws,losses,score_rate,score_rate_lo,score_rate_hi,mean_goals_for,mean_goals_against,mean_actions,win_rate,win_rate_lo,win_rate_hi,draw_rate,draw_rate_lo,draw_rate_hi,mean_goals_for_se,mean_goals_against_se,mean_actions_se,extra
grangol,random,0,1000,300,100,600,0.35,0.32,0.38,1.2,2.1,40.5,0.3,0.27,0.33,0.1,0.08,0.12,0.04,0.05,0.6,x
grangol,random,1,1000,280,120,600,0.34,0.31,0.37,1.1,2.0,41.0,0.28,0.25,0.31,0.12,0.1,0.14,0.04,0.05,0.6,x
grangol,random,all,2000,580,220,1200,0.345,0.324,0.366,1.15,2.05,40.7,0.29,0.27,0.31,0.11,0.1,0.12,0.03,0.04,0.4,x
grangol,greedy,all,2000,1000,200,800,0.55,0.528,0.572,2.0,1.6,38.0,0.5,0.48,0.52,0.1,0.09,0.11,0.03,0.03,0.4,x
grangol,mcts(iterations=50),all,2000,1200,180,620,0.645,0.624,0.666,2.2,1.3,39.0,0.6,0.58,0.62,0.09,0.08,0.1,0.03,0.03,0.4,x
";

/// `random` never holds PASSAGGIO in every game (IWD undefined); `mcts` has no defined
/// IWD at all, so it gets no IWD chart.
const CARDS_CSV: &str = "\
game,agent,card,drawn,played,succeeded,resolved,success_rate,success_rate_lo,success_rate_hi,gih_games,gih_score,gih_score_lo,gih_score_hi,gns_games,gns_score,gns_score_lo,gns_score_hi,iwd,iwd_lo,iwd_hi,played_games,played_score,played_score_lo,played_score_hi
grangol,random,PASSAGGIO,9000,8000,,,,,,2000,0.345,0.324,0.366,0,,,,,,,2000,0.345,0.324,0.366
grangol,random,TIRO,1500,1200,300,1200,0.25,0.23,0.27,1200,0.40,0.37,0.43,800,0.26,0.23,0.29,0.14,0.10,0.18,1100,0.41,0.38,0.44
grangol,random,CONTRASTO,1800,1500,700,1500,0.47,0.44,0.50,1500,0.33,0.31,0.35,500,0.39,0.35,0.43,-0.06,-0.10,-0.02,1400,0.33,0.31,0.35
grangol,random,RIGORE,200,150,100,150,0.67,0.59,0.74,190,0.37,0.30,0.44,1810,0.343,0.32,0.365,0.027,-0.04,0.09,150,0.38,0.30,0.46
grangol,greedy,PASSAGGIO,9000,8500,,,,,,2000,0.55,0.528,0.572,0,,,,,,,2000,0.55,0.528,0.572
grangol,greedy,TIRO,1500,1400,400,1400,0.29,0.27,0.31,1200,0.62,0.59,0.65,800,0.44,0.41,0.47,0.18,0.14,0.22,1100,0.63,0.60,0.66
grangol,greedy,CONTRASTO,1800,1600,800,1600,0.5,0.47,0.53,1500,0.55,0.52,0.58,500,0.55,0.51,0.59,0.0,-0.05,0.05,1400,0.55,0.52,0.58
grangol,mcts(iterations=50),PASSAGGIO,9000,8500,,,,,,2000,0.645,0.62,0.67,0,,,,,,,2000,0.645,0.62,0.67
";

const MATCHUPS_CSV: &str = "\
game,agent,opponent,games,wins,draws,losses,score_rate,score_rate_lo,score_rate_hi,interval,pairs,elo,elo_lo,elo_hi
grangol,random,greedy,1000,250,100,650,0.3,0.27,0.33,pentanomial,500,-147,-170,-125
grangol,random,mcts(iterations=50),1000,330,120,550,0.39,0.36,0.42,pentanomial,500,-77,-99,-56
grangol,greedy,random,1000,650,100,250,0.7,0.67,0.73,pentanomial,500,147,125,170
grangol,greedy,mcts(iterations=50),1000,350,100,550,0.4,0.37,0.43,pentanomial,500,-70,-92,-49
grangol,mcts(iterations=50),random,1000,550,120,330,0.61,0.58,0.64,pentanomial,500,77,56,99
grangol,mcts(iterations=50),greedy,1000,550,100,350,0.6,0.57,0.63,pentanomial,500,70,49,92
";

const RATINGS_CSV: &str = "\
game,rank,agent,elo,elo_lo,elo_hi,games,score_rate
grangol,1,mcts(iterations=50),74,52,96,2000,0.605
grangol,2,greedy,38,17,60,2000,0.55
grangol,3,random,0,,,2000,0.345
";

const BALANCE_CSV: &str = "\
game,metric,key,value,lo,hi
grangol,games,,3000,,
grangol,seat_score_rate,0,0.52,0.502,0.538
grangol,seat_score_rate,1,0.48,0.462,0.498
grangol,first_seat_advantage,0,0.02,0.002,0.038
grangol,draw_rate,,0.1,0.09,0.111
grangol,mean_goals,,3.3,3.2,3.4
grangol,mean_length,decisions,79.5,78.9,80.1
grangol,mean_lead_changes,,0.41,0.38,0.44
grangol,half_time_leader_rate,,0.62,0.6,0.64
grangol,half_time_leader_wins,,0.71,0.69,0.73
grangol,half_time_leader_draws,,0.09,0.08,0.1
grangol,goals_distribution,0,0.05,0.043,0.058
grangol,goals_distribution,1,0.12,0.109,0.132
grangol,goals_distribution,2,0.2,0.186,0.215
grangol,goals_distribution,3,0.25,0.235,0.266
grangol,goals_distribution,4,0.2,0.186,0.215
grangol,goals_distribution,5,0.1,0.09,0.111
grangol,goals_distribution,6,0.0,0.0,0.001
grangol,goals_distribution,7,0.08,0.071,0.09
grangol,length_distribution,50-59,0.1,0.09,0.111
grangol,length_distribution,60-69,0.3,0.284,0.317
grangol,length_distribution,70-79,0.35,0.333,0.367
grangol,length_distribution,80-89,0.2,0.186,0.215
grangol,length_distribution,>=1000,0.05,0.043,0.058
grangol,skill_gap,greedy,0.7,0.67,0.73
grangol,skill_gap,mcts(iterations=50),0.61,0.58,0.64
";

const AGENTS: [&str; 3] = ["random", "greedy", "mcts(iterations=50)"];

/// Writes the files `(name, text)` into `dir`.
fn write_files(dir: &Path, files: &[(&str, &str)]) {
    for (name, text) in files {
        fs::write(dir.join(name), text).unwrap();
    }
}

/// A run folder with every file of a run.
fn full_fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write_files(
        dir.path(),
        &[
            ("run.json", RUN_JSON),
            ("summary.csv", SUMMARY_CSV),
            ("cards.csv", CARDS_CSV),
            ("matchups.csv", MATCHUPS_CSV),
            ("ratings.csv", RATINGS_CSV),
            ("balance.csv", BALANCE_CSV),
        ],
    );
    dir
}

/// The `<svg …>…</svg>` elements of `html`, in order.
fn svgs(html: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<svg") {
        let end = rest[start..].find("</svg>").expect("closed svg") + start + "</svg>".len();
        out.push(&rest[start..end]);
        rest = &rest[end..];
    }
    out
}

/// The SVG whose `<title>` is `title`.
fn svg_titled<'a>(html: &'a str, title: &str) -> &'a str {
    let tag = format!("<title>{title}</title>");
    svgs(html)
        .into_iter()
        .find(|s| s.contains(&tag))
        .unwrap_or_else(|| panic!("no chart titled {title}"))
}

/// The `y` attribute of the SVG `<text>` element whose content is `text`.
fn text_y(svg: &str, text: &str) -> f64 {
    let end = svg
        .find(&format!(">\n{text}\n</text>"))
        .unwrap_or_else(|| panic!("no text {text}"));
    let start = svg[..end].rfind("<text").unwrap();
    let element = &svg[start..end];
    let y = element.find(" y=\"").unwrap() + 4;
    let len = element[y..].find('"').unwrap();
    element[y..y + len].parse().unwrap()
}

/// The report's error message for the run folder `dir`, checked to be one line.
fn error_of(dir: &Path) -> String {
    let err: ReportError = write_report(dir).expect_err("the report should fail");
    let msg = err.to_string();
    assert!(!msg.contains('\n'), "one line: {msg}");
    assert!(!dir.join("report.html").exists(), "no report on error");
    msg
}

#[test]
fn full_run_folder_gives_one_self_contained_page() {
    let dir = full_fixture();
    let path = write_report(dir.path()).unwrap();
    assert_eq!(path, dir.path().join("report.html"));
    let html = fs::read_to_string(&path).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.trim_end().ends_with("</html>"));

    // Score rates, matchup matrix, Elo, card values of random and greedy (mcts played its
    // only card in every game: no value defined), play and success rates of the three,
    // goals and length distributions.
    let charts = svgs(&html);
    assert_eq!(charts.len(), 10, "charts: {}", charts.len());
    assert_eq!(html.matches("<svg").count(), 10);
    for title in [
        "Score rate per agent (95% interval)",
        "Score rate of each agent (row) against each opponent (column)",
        "Elo rating per agent (95% interval)",
        "Card value: random",
        "Card value: greedy",
        "Play and success rates per card: random",
        "Play and success rates per card: greedy",
        "Play and success rates per card: mcts(iterations=50)",
        "Goals per game: share of games (95% Wilson interval)",
        "Game length: share of games (95% Wilson interval)",
    ] {
        svg_titled(&html, title);
    }
    assert!(!html.contains("<title>Card value: mcts"));
    assert!(html.contains("No card has a defined value."));

    // Names of agents and cards, escaped text, the run's settings.
    for agent in AGENTS {
        assert!(html.contains(agent), "agent {agent}");
    }
    for card in ["PASSAGGIO", "TIRO", "CONTRASTO", "RIGORE"] {
        assert!(html.contains(card), "card {card}");
    }
    // minijinja escapes `/` too (`&#x2f;`).
    assert!(html.contains("&lt;b&gt;&amp;&lt;&#x2f;b&gt;"));
    assert!(!html.contains("<b>&"));
    assert!(html.contains("<dd>42</dd>"), "seed");
    assert!(html.contains("<dd>3000</dd>"), "games");

    // Nothing is loaded from elsewhere: the only URL is the SVG namespace.
    let without_ns = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    assert!(!without_ns.contains("http://") && !without_ns.contains("https://"));
    for tag in ["<script", "<link", "<img", "@import", "url("] {
        assert!(!html.contains(tag), "{tag}");
    }

    // Card values: every card, sorted by the lower end of the played − not played
    // interval; PASSAGGIO, played in every game, last with the reason.
    let random = svg_titled(&html, "Card value: random");
    let (tiro, rigore, contrasto, passaggio) = (
        text_y(random, "TIRO"),
        text_y(random, "RIGORE"),
        text_y(random, "CONTRASTO"),
        text_y(random, "PASSAGGIO"),
    );
    assert!(
        tiro < rigore && rigore < contrasto && contrasto < passaggio,
        "{tiro} {rigore} {contrasto} {passaggio}"
    );
    assert!(random.contains("played in all 2000 games"));
    // TIRO: 688 points in 2000 games, 451 in the 1100 it was played: 0.41 − 237/900.
    assert!(random.contains(&format!("+{:.3}", 0.41 - 237.0 / 900.0)));
    // CONTRASTO's interval excludes 0 (drawn in colour), RIGORE's contains it (grey).
    assert!(random.contains("#A5A5A5") || random.contains("#a5a5a5"));
    // Play rates in deck order: played / drawn.
    let rates = svg_titled(&html, "Play and success rates per card: random");
    assert!(text_y(rates, "PASSAGGIO") < text_y(rates, "TIRO"));
    assert!(rates.contains("8000 / 9000"));
    // Error bars: a whisker per card with an interval (two end lines and a bar each).
    assert!(random.matches("<line").count() >= 3 * 3);

    // The matrix: a cell label with rate and interval for each ordered pair.
    let matrix = svg_titled(
        &html,
        "Score rate of each agent (row) against each opponent (column)",
    );
    for label in ["0.700", "[0.670, 0.730]", "0.300", "0.610"] {
        assert!(matrix.contains(label), "{label}");
    }
    assert_eq!(matrix.matches(" games\n</text>").count(), 6);

    // The balance table, and the tables of the other files.
    assert!(html.contains("decisiveness: the half-time leader wins"));
    assert!(html.contains("skill gap: score rate of greedy against random"));
    assert!(html.contains("pentanomial"));
    assert!(
        html.contains("<h2 id=\"balance\">Balance</h2>")
            && html.contains("<h2 id=\"cards\">Cards</h2>")
    );
    // The index at the top links to every section.
    for anchor in ["#results", "#cards", "#balance"] {
        assert!(html.contains(&format!("href=\"{anchor}\"")), "{anchor}");
    }

    // Written again over the old report, leaving no temporary file behind.
    write_report(dir.path()).unwrap();
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "balance.csv",
            "cards.csv",
            "matchups.csv",
            "ratings.csv",
            "report.html",
            "run.json",
            "summary.csv"
        ]
    );
}

#[test]
fn optional_files_missing_leave_their_sections_out() {
    let dir = tempfile::tempdir().unwrap();
    // cards.csv without the iwd_lo / iwd_hi columns (older runs).
    let cards = "agent,card,drawn,played,iwd\nrandom,TIRO,10,5,0.1\nrandom,RIGORE,3,1,-0.2\n";
    write_files(
        dir.path(),
        &[
            ("run.json", RUN_JSON),
            ("summary.csv", SUMMARY_CSV),
            ("cards.csv", cards),
        ],
    );
    let html = fs::read_to_string(write_report(dir.path()).unwrap()).unwrap();
    assert_eq!(
        svgs(&html).len(),
        3,
        "score rates, the card values and the rates of random"
    );
    assert!(!html.contains("Matchups and ratings"));
    assert!(!html.contains("<h2 id=\"balance\">Balance</h2>"));
    let iwd = svg_titled(&html, "Card value: random");
    assert!(text_y(iwd, "TIRO") < text_y(iwd, "RIGORE"));

    // Without cards.csv either: only the score rates.
    fs::remove_file(dir.path().join("cards.csv")).unwrap();
    let html = fs::read_to_string(write_report(dir.path()).unwrap()).unwrap();
    assert_eq!(svgs(&html).len(), 1);
    assert!(!html.contains("<h2 id=\"cards\">Cards</h2>"));
}

#[test]
fn files_from_the_crate_writers_are_read() {
    // A run with no games: every rate is empty. The page still renders.
    let dir = tempfile::tempdir().unwrap();
    let labels = vec!["random".to_string(), "greedy".to_string()];
    let cards = vec![engine::core::CardInfo {
        name: "TIRO".into(),
        has_outcome: true,
        colour: None,
        die_odds: None,
    }];
    let stats = RunStats::new(2, 2, 1);
    write_csv(
        &dir.path().join("summary.csv"),
        summary_rows("grangol", &labels, &stats, &[], false),
    )
    .unwrap();
    write_csv(
        &dir.path().join("cards.csv"),
        card_rows("grangol", &labels, &cards, &stats),
    )
    .unwrap();
    write_files(dir.path(), &[("run.json", RUN_JSON)]);
    let html = fs::read_to_string(write_report(dir.path()).unwrap()).unwrap();
    assert_eq!(svgs(&html).len(), 0);
    assert!(html.contains("No agent has a defined score rate"));
    assert!(html.contains("TIRO"));
}

#[test]
fn missing_required_files_are_named() {
    let dir = full_fixture();
    fs::remove_file(dir.path().join("summary.csv")).unwrap();
    let msg = error_of(dir.path());
    assert_eq!(
        msg,
        format!(
            "'{}' is not a run folder: no summary.csv",
            dir.path().display()
        )
    );

    let dir = full_fixture();
    fs::remove_file(dir.path().join("run.json")).unwrap();
    assert!(error_of(dir.path()).ends_with("is not a run folder: no run.json"));

    let missing = dir.path().join("nowhere");
    let err = write_report(&missing).unwrap_err().to_string();
    assert!(
        err.contains("nowhere") && err.contains("is not a folder"),
        "{err}"
    );
}

#[test]
fn bad_cells_are_named_by_file_line_and_column() {
    let dir = full_fixture();
    // Line 3 of summary.csv is the second data row.
    let bad = SUMMARY_CSV.replacen(",0.34,0.31,0.37,", ",abc,0.31,0.37,", 1);
    assert_ne!(bad, SUMMARY_CSV);
    write_files(dir.path(), &[("summary.csv", &bad)]);
    let msg = error_of(dir.path());
    let file = dir.path().join("summary.csv");
    assert_eq!(
        msg,
        format!(
            "{} line 3: column 'score_rate': 'abc' is not a number",
            file.display()
        )
    );

    // A count that is not a whole number.
    let bad = SUMMARY_CSV.replacen(",all,2000,", ",all,2000.5,", 1);
    write_files(dir.path(), &[("summary.csv", &bad)]);
    let msg = error_of(dir.path());
    assert!(
        msg.ends_with("summary.csv line 4: column 'games': '2000.5' is not a whole number"),
        "{msg}"
    );

    // An empty required count.
    let bad = SUMMARY_CSV.replacen(",all,2000,", ",all,,", 1);
    write_files(dir.path(), &[("summary.csv", &bad)]);
    let msg = error_of(dir.path());
    assert!(
        msg.ends_with("summary.csv line 4: column 'games': is empty (a value is required)"),
        "{msg}"
    );
}

#[test]
fn bad_optional_files_are_errors_too() {
    let dir = full_fixture();
    let bad = CARDS_CSV.replacen(",0.14,0.10,0.18,", ",0.14,low,0.18,", 1);
    write_files(dir.path(), &[("cards.csv", &bad)]);
    let msg = error_of(dir.path());
    assert!(
        msg.ends_with("cards.csv line 3: column 'iwd_lo': 'low' is not a number"),
        "{msg}"
    );

    let dir = full_fixture();
    let bad = MATCHUPS_CSV.replacen("score_rate,", "rate,", 1);
    write_files(dir.path(), &[("matchups.csv", &bad)]);
    let msg = error_of(dir.path());
    assert!(
        msg.ends_with("matchups.csv line 1: missing column 'score_rate' in the header"),
        "{msg}"
    );

    let dir = full_fixture();
    let bad = format!("{BALANCE_CSV}grangol,draw_rate\n");
    write_files(dir.path(), &[("balance.csv", &bad)]);
    let msg = error_of(dir.path());
    assert!(
        msg.ends_with("balance.csv line 28: 2 cells where the header has 6 columns"),
        "{msg}"
    );

    let dir = full_fixture();
    write_files(dir.path(), &[("run.json", "{\"game\": \"grangol\"}")]);
    let msg = error_of(dir.path());
    assert!(msg.contains("run.json: missing field"), "{msg}");
}

/// The folder of a real round robin (`sim --game grangol --agents
/// greedy,random,mcts(iterations=50) --games 300`): its `run.json`, `summary.csv` and
/// `cards.csv`.
fn round_robin() -> tempfile::TempDir {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/round-robin");
    let dir = tempfile::tempdir().unwrap();
    for name in ["run.json", "summary.csv", "cards.csv"] {
        fs::copy(data.join(name), dir.path().join(name)).unwrap();
    }
    dir
}

#[test]
fn every_card_of_the_deck_is_in_the_card_charts() {
    use engine::core::Game;
    let deck: Vec<String> = engine::grangol::Grangol::default_rules()
        .info()
        .cards
        .iter()
        .map(|c| c.name.clone())
        .collect();
    assert!(deck.len() >= 29, "{deck:?}");
    let dir = round_robin();
    let html = fs::read_to_string(write_report(dir.path()).unwrap()).unwrap();
    let cards = &html[html
        .find("<h2 id=\"cards\">Cards</h2>")
        .expect("a card section")..];
    for agent in ["greedy", "random", "mcts(iterations=50)"] {
        let value = svg_titled(cards, &format!("Card value: {agent}"));
        let rates = svg_titled(cards, &format!("Play and success rates per card: {agent}"));
        for card in &deck {
            // SVG text is escaped: SUPERIORITA' TECNICA has an apostrophe.
            let shown = card.replace('\'', "&apos;");
            for svg in [value, rates] {
                assert!(
                    svg.contains(&format!(">\n{shown}\n</text>")),
                    "{agent}: {card} missing"
                );
            }
        }
    }
    // The cards held in every game are there with their reason, not left out.
    let greedy = svg_titled(cards, "Card value: greedy");
    for card in ["PASSAGGIO", "CONTRASTO", "TEMPO +5"] {
        assert!(text_y(greedy, card) > 0.0);
    }
    assert!(greedy.contains("played in all 600 games"));
}

#[test]
fn ablation_values_from_card_value_csv_join_the_chart() {
    let dir = round_robin();
    fs::write(
        dir.path().join("card_value.csv"),
        "game,card,agent,games,blanks_drawn,exposure,delta,delta_lo,delta_hi,holder_value,holder_value_lo,holder_value_hi\n\
         grangol,CONTRASTO,greedy,600,900,700,0.0,-0.01,0.01,0.04,0.01,0.07\n\
         grangol,CONTRASTO,all,1200,1800,1400,0.0,0.0,0.0,0.03,0.01,0.05\n",
    )
    .unwrap();
    let html = fs::read_to_string(write_report(dir.path()).unwrap()).unwrap();
    assert!(html.contains("ablation value"));
    assert!(html.contains("card_value.csv"));
    let greedy = svg_titled(&html, "Card value: greedy");
    // CONTRASTO now ranks by its ablation value, above the cards with no value at all.
    assert!(text_y(greedy, "CONTRASTO") < text_y(greedy, "TEMPO +5"));
    assert!(html.contains("+0.040"));
}

#[test]
fn a_compare_folder_gets_its_page_with_every_value_escaped() {
    let dir = tempfile::tempdir().unwrap();
    write_files(
        dir.path(),
        &[
            (
                "compare.csv",
                "game,point,set,settings,metric,key,value,lo,hi,diff,diff_lo,diff_hi,p_value,significant\n\
                 grangol,0,<base>,,draw_rate,,0.2,0.18,0.22,,,,,\n\
                 grangol,1,more&TIRO,TIRO=8,draw_rate,,0.25,0.23,0.27,0.05,0.02,0.08,0.001,true\n",
            ),
            (
                "run.json",
                r#"{"command": ["sim", "compare", "--note", "<i>"], "agents": ["greedy", "random"],
                    "seed": 3, "rule_sets": [{"label": "<base>", "settings": ""},
                    {"label": "more&TIRO", "settings": "TIRO=8"}]}"#,
            ),
        ],
    );
    let html = fs::read_to_string(write_report(dir.path()).unwrap()).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<h1>Rule sets compared</h1>"));
    // The forest plot of every change, then the metric's own chart.
    assert_eq!(svgs(&html).len(), 2);
    // The verdict leads: its sentence, then its table's row (escaped like the rest).
    let verdict = html.find("<h2>Verdict</h2>").expect("a verdict");
    assert!(html[verdict..].starts_with(
        "<h2>Verdict</h2>\n<p class=\"verdict\">more&amp;TIRO against &lt;base&gt;: 1 of 1 \
         metrics changes significantly; the largest, draw_rate: +0.050 of 0.200 (+25%).</p>"
    ));
    assert!(html.contains("<td>draw_rate</td><td class=\"n\">0.200</td><td class=\"n\">0.250</td>"));
    assert!(html.find("<svg").unwrap() > verdict);
    assert!(html.contains("<b>&lt;base&gt;</b>"));
    assert!(html.contains("more&amp;TIRO"));
    assert!(html.contains("&lt;i&gt;") && !html.contains("<i>"));
    assert!(html.contains("<dd>3</dd>"), "seed");
    assert!(html.contains("+0.050"));
}

/// The centres `(x, y)` of the crosses (two crossing lines of the reference colour) in
/// an SVG chart.
fn crosses(svg: &str) -> Vec<(f64, f64)> {
    let attr = |line: &str, name: &str| -> f64 {
        let at = line.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        let len = line[at..].find('"').unwrap();
        line[at..at + len].parse().unwrap()
    };
    let lines: Vec<[f64; 4]> = svg
        .split("<line")
        .skip(1)
        .filter(|l| l[..l.find("/>").unwrap()].contains("stroke=\"#1E1E1E\""))
        .map(|l| ["x1", "y1", "x2", "y2"].map(|n| attr(l, n)))
        .collect();
    assert_eq!(lines.len() % 2, 0, "each cross is two lines");
    lines
        .chunks(2)
        .map(|pair| {
            (
                (pair[0][0] + pair[0][2]) / 2.0,
                (pair[0][1] + pair[0][3]) / 2.0,
            )
        })
        .collect()
}

#[test]
fn the_dice_closed_form_rate_is_marked_next_to_each_cards_success_rate() {
    use engine::core::Game;
    let rules = engine::grangol::Grangol::default_rules();
    let with_odds: Vec<(String, f64)> = rules
        .info()
        .cards
        .iter()
        .filter_map(|c| Some((c.name.clone(), c.die_odds?.probability())))
        .collect();
    assert_eq!(with_odds.len(), 7, "{with_odds:?}");
    let dir = round_robin();
    let html = fs::read_to_string(write_report(dir.path()).unwrap()).unwrap();
    assert!(html.contains("<b>die rate</b>"));
    for agent in ["greedy", "random", "mcts(iterations=50)"] {
        let rates = svg_titled(&html, &format!("Play and success rates per card: {agent}"));
        let marks = crosses(rates);
        assert_eq!(marks.len(), with_odds.len(), "{agent}");
        // Each cross sits on its card's row (rows are 41 px apart, the cross the
        // lowest of three markers), further right the higher its rate.
        let x_of = |card: &str| {
            let y = text_y(rates, card);
            marks
                .iter()
                .find(|m| (m.1 - y).abs() < 20.0)
                .unwrap_or_else(|| panic!("{agent}: no cross on the row of {card}"))
                .0
        };
        let (pass, tackle) = (x_of("PASSAGGIO"), x_of("CONTRASTO"));
        assert!(pass > tackle, "{agent}: 4/6 right of 2/6");
        assert!((x_of("OGGETTI IN CAMPO") - tackle).abs() < 1.0, "both 2/6");
    }
    // Older runs without the column still render, without the marker.
    let dir = round_robin();
    let cards = fs::read_to_string(dir.path().join("cards.csv")).unwrap();
    let old: String = cards
        .lines()
        .map(|l| format!("{}\n", &l[..l.rfind(',').unwrap()]))
        .collect();
    fs::write(dir.path().join("cards.csv"), old).unwrap();
    let html = fs::read_to_string(write_report(dir.path()).unwrap()).unwrap();
    assert!(!html.contains("<b>die rate</b>"));
    assert!(crosses(svg_titled(&html, "Play and success rates per card: greedy")).is_empty());
}

/// A run of a one-seat game (a solitaire), written with the crate's writers: the page
/// shows each agent's mean score with its interval, the cards' counts and the balance
/// figures that need no opponent, and no placement chart, empty chart or NaN.
#[test]
fn a_one_seat_run_has_no_placement_charts() {
    use engine::core::{CardInfo, GameEvent, MAX_SEATS};
    use reports::{balance_rows, BalanceStats, GameCards, GameTrack};
    let labels = vec!["greedy".to_string(), "random".to_string()];
    let cards = vec![CardInfo {
        name: "PAIR".into(),
        has_outcome: true,
        colour: None,
        die_odds: None,
    }];
    let mut stats = RunStats::new(2, 1, 1);
    let mut balance = BalanceStats::new(1);
    for g in 0..40u32 {
        let agent = (g % 2) as usize;
        let points = (g * 7 % 5 + agent as u32) as i32;
        let mut track = GameTrack::new(1);
        let mut sets = [GameCards::default(); 1];
        for _ in 0..points {
            let events = [
                GameEvent::CardPlayed { seat: 0, card: 0 },
                GameEvent::CardResolved {
                    seat: 0,
                    card: 0,
                    success: true,
                },
                GameEvent::Goal { seat: 0 },
                GameEvent::TurnEnd { seat: 0 },
            ];
            for e in events {
                if !stats.record_event(&[agent], &mut sets, e) {
                    track.observe(e);
                }
            }
        }
        let decisions = u64::from(g % 9 + 3);
        stats.record_game(
            &[agent],
            &[points],
            None,
            &[0.5; MAX_SEATS],
            &[decisions],
            decisions * 2,
            &sets,
        );
        balance.record_game(&track, &[0.5; MAX_SEATS], decisions, g % 10 == 0);
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_csv(
        &d.join("summary.csv"),
        summary_rows("memory", &labels, &stats, &[], false),
    )
    .unwrap();
    write_csv(
        &d.join("cards.csv"),
        card_rows("memory", &labels, &cards, &stats),
    )
    .unwrap();
    write_csv(
        &d.join("balance.csv"),
        balance_rows("memory", &balance, &[]),
    )
    .unwrap();
    let run = r#"{"game": "memory", "games": 40, "seed": 1,
        "agents": [{"label": "greedy", "spec": "greedy"}, {"label": "random", "spec": "random"}]}"#;
    write_files(d, &[("run.json", run)]);
    let html = fs::read_to_string(write_report(d).unwrap()).unwrap();

    let titles: Vec<&str> = svgs(&html)
        .into_iter()
        .map(|s| {
            let from = s.find("<title>").unwrap() + "<title>".len();
            &s[from..from + s[from..].find("</title>").unwrap()]
        })
        .collect();
    assert_eq!(
        titles,
        [
            "Mean score per agent (95% interval)",
            "Play and success rates per card: greedy",
            "Play and success rates per card: random",
            "Goals per game: share of games (95% Wilson interval)",
            "Game length: share of games (95% Wilson interval)",
        ]
    );
    assert!(html.contains("One player: each agent plays its games alone"));
    assert!(html.contains("turns per game"));
    assert!(html.contains("games ended by the turn cap</td>"));
    for absent in [
        "NaN",
        "inf",
        "score rate of seat",
        "first-seat advantage",
        "draw rate",
        "win share of seat",
        "lead changes",
        "half-time",
        "Matchups and ratings",
        "No card has a defined value",
        "GIH score",
        ">none<",
    ] {
        assert!(!html.contains(absent), "{absent} in the page");
    }
}

#[test]
fn shots_csv_becomes_heat_maps_of_shots_and_goals() {
    let dir = round_robin();
    fs::write(
        dir.path().join("shots.csv"),
        "game,agent,cell,column,row,shots,goals,layout,columns,rows\n\
         helvetia,greedy,42,12,2,30,9,hex-odd-q,15,9\n\
         helvetia,random,42,12,2,7,1,hex-odd-q,15,9\n\
         helvetia,random,58,13,3,5,0,hex-odd-q,15,9\n\
         helvetia,random,136,,,2,2,hex-odd-q,15,9\n",
    )
    .unwrap();
    let html = fs::read_to_string(write_report(dir.path()).unwrap()).unwrap();
    assert!(html.contains("<a href=\"#shots\">shots</a>"));
    assert!(html.contains("44 shots and 12 goals"), "every row counted");
    let shots = svg_titled(&html, "Where shots are taken from (attacking right)");
    let goals = svg_titled(&html, "Where goals are scored from (attacking right)");
    // 15 x 9 hexes, each a polygon; the cell of column 12, row 2 pools both agents.
    assert_eq!(shots.matches("<polygon").count(), 135);
    assert!(shots.contains(">\n37\n</text>") && shots.contains(">\n5\n</text>"));
    assert!(goals.contains(">\n10\n</text>"));
    assert!(
        !goals.contains(">\n0\n</text>"),
        "empty cells carry no label"
    );
}

#[test]
fn sample_games_are_linked_and_a_bad_list_is_named() {
    let dir = round_robin();
    let html = fs::read_to_string(write_report(dir.path()).unwrap()).unwrap();
    assert!(!html.contains("Sample games"), "no list, no section");
    fs::create_dir(dir.path().join("games")).unwrap();
    fs::write(
        dir.path().join("games/samples.json"),
        r#"[{"kind":"win","index":3,"caption":"greedy 2–0 random, 80 actions","page":"games/win.html"},
            {"kind":"longest","index":7,"caption":"random 1–1 greedy, 140 actions","page":"games/longest.html"}]"#,
    )
    .unwrap();
    // minijinja escapes a slash in text as `&#x2f;`, which a browser reads as `/`.
    let html = fs::read_to_string(write_report(dir.path()).unwrap())
        .unwrap()
        .replace("&#x2f;", "/");
    assert!(html.contains("<a href=\"#games\">sample games</a>"));
    assert!(
        html.contains("<a href=\"games/win.html\">win</a>: game 3, greedy 2–0 random, 80 actions")
    );
    assert!(html.contains("<a href=\"games/longest.html\">longest</a>: game 7"));
    fs::write(dir.path().join("games/samples.json"), "[{\"kind\":1}]").unwrap();
    fs::remove_file(dir.path().join("report.html")).unwrap();
    let err = error_of(dir.path());
    assert!(err.contains("samples.json"), "{err}");
}
