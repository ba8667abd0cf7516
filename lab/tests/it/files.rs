//! Files that cannot lie (issue 23): a run folder the lab wrote, edited by hand, damaged
//! or inconsistent, is refused by the report (`reports::write_report`, what `sim report`
//! runs) with one line naming the file, the line and the column (a cross-check) or saying
//! that the content hash does not match; a count that would overflow (`gns_games =
//! u64::MAX` in `cards.csv`) is refused, not added. The edits of `shard.json` and
//! `checkpoint.json` are tested in `sim-cli/tests/it/long_runs.rs`.

use std::path::Path;

use crate::common::{entries, error_text, read, run, run_options};

/// `sim report DIR`: the error, as `sim` prints it, of the report of `dir`, which must
/// be refused.
fn refused(dir: &Path) -> String {
    match reports::write_report(dir) {
        Ok(page) => panic!("{} was read: {}", dir.display(), page.display()),
        Err(e) => error_text(&anyhow::Error::from(e)),
    }
}

/// `text` (a CSV file) with the cell of column `column` on line `line` (2 is the first
/// row) replaced by `value`. The run's CSV cells hold no commas.
fn edit_cell(text: &str, line: usize, column: &str, value: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let at = lines[0].split(',').position(|c| c == column).unwrap();
    let mut cells: Vec<&str> = lines[line - 1].split(',').collect();
    cells[at] = value;
    lines[line - 1] = cells.join(",");
    lines.join("\n") + "\n"
}

/// The last digit of `cell` changed (`n` to `n ^ 1` for a whole number, else the last
/// digit of a decimal moved by one).
fn one_digit(cell: &str) -> String {
    match cell.parse::<u64>() {
        Ok(n) => (n ^ 1).to_string(),
        Err(_) => {
            let (head, last) = cell.split_at(cell.len() - 1);
            let d = last.parse::<u8>().unwrap();
            format!("{head}{}", (d + 1) % 10)
        }
    }
}

/// The cell of `column` on `line` of the CSV file `path`.
fn cell(path: &Path, line: usize, column: &str) -> String {
    let text = read(path);
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let at = header.iter().position(|c| *c == column).unwrap();
    text.lines()
        .nth(line - 1)
        .unwrap()
        .split(',')
        .nth(at)
        .unwrap()
        .to_string()
}

/// The line of `balance.csv` whose metric is `metric`.
fn balance_line(path: &Path, metric: &str) -> usize {
    read(path)
        .lines()
        .position(|l| l.split(',').nth(1) == Some(metric))
        .unwrap()
        + 1
}

/// `run.json` without its content hash and the CSVs' hashes: a folder as an older `sim`,
/// or another command, writes it.
fn unsealed(run_json: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(run_json).unwrap();
    let o = v.as_object_mut().unwrap();
    o.remove("content_hash").unwrap();
    o.remove("csv_sha256").unwrap();
    serde_json::to_string_pretty(&v).unwrap()
}

#[test]
fn the_report_refuses_an_edited_or_inconsistent_run_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let good = dir.join("run");
    let mut options = run_options("grangol", "greedy,random", 40, &good);
    options.common.seed = 5;
    run(&options).unwrap();
    // The folder as written is read.
    reports::write_report(&good).unwrap();
    let balance = good.join("balance.csv");
    let draw_rate = cell(&balance, balance_line(&balance, "draw_rate"), "value");
    let run_json = read(&good.join("run.json"));
    // summary.csv with the last digit of `column` on its first row changed.
    let summary_edit = |column: &str| {
        let path = good.join("summary.csv");
        edit_cell(&read(&path), 2, column, &one_digit(&cell(&path, 2, column)))
    };
    let max = u64::MAX.to_string();
    // (name, file, new text, what the one line says)
    let cases: Vec<(&str, &str, String, String)> = vec![
        (
            "gns-overflow",
            "cards.csv",
            edit_cell(&read(&good.join("cards.csv")), 2, "gns_games", &max),
            "cards.csv line 2: column 'gns_games': 18446744073709551615".into(),
        ),
        (
            "wins",
            "summary.csv",
            summary_edit("wins"),
            "summary.csv line 2: column 'games'".into(),
        ),
        (
            "draw-rate",
            "balance.csv",
            edit_cell(
                &read(&balance),
                balance_line(&balance, "draw_rate"),
                "value",
                // A digit worth a whole game or more (the last digit may be less: the
                // content hash catches that).
                &(draw_rate.parse::<f64>().unwrap() + 0.1).to_string(),
            ),
            "metric 'draw_rate'".into(),
        ),
        (
            "mean-goals",
            "summary.csv",
            summary_edit("mean_goals_for"),
            "summary.csv: the content hash does not match the one recorded in run.json".into(),
        ),
        (
            "seed",
            "run.json",
            run_json.replacen("\"seed\": 5", "\"seed\": 4", 1),
            "run.json: the content hash does not match the content".into(),
        ),
        (
            "truncated",
            "run.json",
            run_json[..run_json.len() / 2].to_string(),
            "run.json: EOF while parsing".into(),
        ),
    ];
    for (name, file, text, message) in cases {
        let copy = dir.join(name);
        std::fs::create_dir(&copy).unwrap();
        // The files (not the sample games' folder `games/`).
        for f in entries(&good)
            .into_iter()
            .filter(|f| good.join(f).is_file())
        {
            std::fs::copy(good.join(&f), copy.join(&f)).unwrap();
        }
        std::fs::remove_file(copy.join("report.html")).unwrap();
        assert_ne!(read(&copy.join(file)), text, "{name}: no edit");
        std::fs::write(copy.join(file), &text).unwrap();
        let before = entries(&copy);
        let err = refused(&copy);
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.contains(&message), "{name}: {err}");
        assert_eq!(
            entries(&copy),
            before,
            "{name}: the report wrote into the folder"
        );
    }
    // Without any recorded hash (an older folder), the overflow is still refused.
    let copy = dir.join("unsealed");
    std::fs::create_dir(&copy).unwrap();
    for f in entries(&good)
        .into_iter()
        .filter(|f| good.join(f).is_file())
    {
        std::fs::copy(good.join(&f), copy.join(&f)).unwrap();
    }
    std::fs::write(copy.join("run.json"), unsealed(&run_json)).unwrap();
    reports::write_report(&copy).unwrap();
    let cards = edit_cell(&read(&copy.join("cards.csv")), 2, "gns_games", &max);
    std::fs::write(copy.join("cards.csv"), cards).unwrap();
    let err = refused(&copy);
    assert!(
        err.contains("cards.csv line 2: column 'gns_games': 18446744073709551615")
            && err.lines().count() == 1,
        "{err}"
    );
}
