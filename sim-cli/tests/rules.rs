//! Rule sets from the command line: shipped variants by name and by path, `extends`,
//! `--set`, `sim rules`, and every validation error of a rules file (issue: rule variants
//! as a design tool).

mod common;

use common::{ok, read, sim};
use std::path::Path;

/// The shipped rule files of GRANGOL, as they stand in the repository (every TOML file of
/// `configs/grangol/` but `eval.toml`, the fitted evaluation's weights, and `agents.toml`,
/// the agents' per-game defaults: neither is a rule set).
fn shipped() -> Vec<(String, std::path::PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/grangol");
    let mut out: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .filter(|p| p.file_stem().is_some_and(|s| s != "eval" && s != "agents"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    out.sort();
    out
}

#[test]
fn every_shipped_variant_runs_by_name_and_by_path() {
    let tmp = tempfile::tempdir().unwrap();
    let variants = shipped();
    assert!(variants.len() >= 4, "{variants:?}");
    let listed =
        String::from_utf8(ok(tmp.path(), &["rules", "--game", "grangol", "--list"]).stdout)
            .unwrap();
    for (name, path) in &variants {
        assert!(
            listed.contains(name.as_str()),
            "{name} not in --list:\n{listed}"
        );
        for (k, rules) in [name.clone(), path.display().to_string()]
            .iter()
            .enumerate()
        {
            let out = tmp.path().join(format!("{name}-{k}"));
            ok(
                tmp.path(),
                &[
                    "--game",
                    "grangol",
                    "--rules",
                    rules,
                    "--agents",
                    "random,random",
                    "--games",
                    "20",
                    "--out",
                    out.to_str().unwrap(),
                ],
            );
            let run = read(&out.join("run.json"));
            assert!(
                run.contains(rules.as_str()),
                "run.json names its rules {rules}"
            );
        }
    }
}

#[test]
fn set_changes_what_rules_prints_and_toml_loads_back() {
    let tmp = tempfile::tempdir().unwrap();
    let plain = String::from_utf8(ok(tmp.path(), &["rules", "--game", "grangol"]).stdout).unwrap();
    assert!(plain.contains("0 keys differ"), "{plain}");
    let line = |text: &str, key: &str| {
        text.lines()
            .find(|l| {
                l.get(1..)
                    .is_some_and(|r| r.trim_start().starts_with(&format!("{key} ")))
            })
            .unwrap_or_else(|| panic!("no line for {key} in\n{text}"))
            .to_string()
    };
    assert!(line(&plain, "options.interchangeable").starts_with(' '));
    let set = String::from_utf8(
        ok(
            tmp.path(),
            &[
                "rules",
                "--game",
                "grangol",
                "--set",
                "options.interchangeable=true",
                "--set",
                "options.grangol=tiro",
            ],
        )
        .stdout,
    )
    .unwrap();
    let changed = line(&set, "options.interchangeable");
    assert!(
        changed.starts_with('*') && changed.contains("true") && changed.contains("false"),
        "{changed}"
    );
    assert!(line(&set, "options.grangol").contains("\"tiro\""));
    assert!(set.contains("2 keys differ"), "{set}");
    // Documentation comes from the default file.
    assert!(line(&plain, "hand_size").contains("Cards dealt to each player"));

    // --format toml writes a file that loads back to the same rules.
    let text = String::from_utf8(
        ok(
            tmp.path(),
            &[
                "rules",
                "--game",
                "grangol",
                "--rules",
                "quick",
                "--set",
                "options.interchangeable=true",
                "--format",
                "toml",
            ],
        )
        .stdout,
    )
    .unwrap();
    let file = tmp.path().join("resolved.toml");
    std::fs::write(&file, &text).unwrap();
    let again = String::from_utf8(
        ok(
            tmp.path(),
            &[
                "rules",
                "--game",
                "grangol",
                "--rules",
                file.to_str().unwrap(),
                "--format",
                "toml",
            ],
        )
        .stdout,
    )
    .unwrap();
    let body = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("# grangol rules resolved"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&text), body(&again));
    let loaded = String::from_utf8(
        ok(
            tmp.path(),
            &[
                "rules",
                "--game",
                "grangol",
                "--rules",
                file.to_str().unwrap(),
            ],
        )
        .stdout,
    )
    .unwrap();
    assert!(line(&loaded, "options.interchangeable").starts_with('*'));
    assert!(line(&loaded, "timer.labels").contains("RECUPERO 45'"));
}

#[test]
fn a_variant_file_extends_a_shipped_rule_set_and_changes_some_keys() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("mine.toml"),
        "extends = \"interchangeable\"\n[options]\ngrangol = \"tiro\"\n",
    )
    .unwrap();
    std::fs::write(
        tmp.path().join("child.toml"),
        "extends = \"mine.toml\"\nhand_size = 6\n",
    )
    .unwrap();
    let out = String::from_utf8(
        ok(
            tmp.path(),
            &["rules", "--game", "grangol", "--rules", "child.toml"],
        )
        .stdout,
    )
    .unwrap();
    assert!(out.contains("3 keys differ"), "{out}");
    assert!(
        out.contains("default (shipped), then interchangeable (shipped), then"),
        "{out}"
    );
}

/// Runs `sim` on a rules file with `text` (and extra args) and returns its stderr,
/// checking exit status 2 and that no output folder was written.
fn rejected(files: &[(&str, &str)], args: &[&str]) -> String {
    let tmp = tempfile::tempdir().unwrap();
    for (name, text) in files {
        std::fs::write(tmp.path().join(name), text).unwrap();
    }
    let mut all = vec![
        "--game",
        "grangol",
        "--agents",
        "random,random",
        "--games",
        "4",
        "--out",
        "out",
    ];
    all.extend_from_slice(args);
    let out = sim(tmp.path(), &all);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!tmp.path().join("out").exists(), "nothing is written");
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "{err}"
    );
    for line in err.lines() {
        assert!(line.starts_with("sim: error: "), "{line}");
    }
    err
}

#[test]
fn unknown_key_is_named_with_a_suggestion() {
    let err = rejected(
        &[("r.toml", "extends = \"default\"\nhand_sise = 4\n")],
        &["--rules", "r.toml"],
    );
    assert!(
        err.contains("r.toml: hand_sise: unknown key (did you mean hand_size?)"),
        "{err}"
    );
}

#[test]
fn wrong_type_says_what_is_expected() {
    let err = rejected(&[], &["--set", "options.interchangeable=yes"]);
    assert!(
        err.contains("--set options.interchangeable=yes: options.interchangeable: expected true or false, got the text \"yes\""),
        "{err}"
    );
    let err = rejected(&[], &["--set", "options.grangol=penalty"]);
    assert!(
        err.contains("unknown value \"penalty\"; the values are \"automatic-goal\" or \"tiro\""),
        "{err}"
    );
}

#[test]
fn negative_count_is_refused() {
    let err = rejected(&[], &["--set", "deck.cards.TIRO=-2"]);
    assert!(err.contains("deck.cards.TIRO: -2 is negative"), "{err}");
}

#[test]
fn a_deck_that_does_not_add_up_says_by_how_much_and_what_to_change() {
    let err = rejected(
        &[],
        &["--set", "deck.size=90", "--set", "deck.cards.TIRO=8"],
    );
    assert!(err.contains("--set deck.cards.TIRO=8"), "{err}");
    assert!(
        err.contains("92") && err.contains("2 more than deck.size = 90"),
        "{err}"
    );
}

#[test]
fn unknown_die_face_lists_the_faces() {
    let err = rejected(&[], &["--set", "dice.green=[\"ball\", \"boot\"]"]);
    assert!(
        err.contains("dice.green") && err.contains("\"boot\"") && err.contains("ball, +1, -1, X"),
        "{err}"
    );
}

#[test]
fn a_hand_the_deck_cannot_deal_is_refused() {
    // A deck of 10 cards cannot deal two hands of 5 and leave a card to draw.
    let default =
        read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/grangol/default.toml"));
    let table: toml::Table = toml::from_str(&default).unwrap();
    let mut file = String::from("extends = \"default\"\n[deck.cards]\n");
    for name in table["deck"]["cards"].as_table().unwrap().keys() {
        let n = match name.as_str() {
            "PASSAGGIO" => 6,
            "CONTRASTO" => 4,
            _ => 0,
        };
        file.push_str(&format!("\"{name}\" = {n}\n"));
    }
    let err = rejected(&[("tiny.toml", &file)], &["--rules", "tiny.toml"]);
    assert!(
        err.contains("tiny.toml") && err.contains("hand") && err.contains("10"),
        "{err}"
    );
}

#[test]
fn a_timer_without_recupero_is_refused() {
    let err = rejected(&[], &["--set", "timer.labels=[\"10'\", \"20'\", \"45'\"]"]);
    assert!(
        err.contains("timer.labels") && err.contains("RECUPERO"),
        "{err}"
    );
}

#[test]
fn a_cycle_of_extends_is_named() {
    let err = rejected(
        &[
            ("a.toml", "extends = \"b.toml\"\n"),
            ("b.toml", "extends = \"a.toml\"\n"),
        ],
        &["--rules", "a.toml"],
    );
    assert!(err.contains("a.toml -> b.toml -> a.toml"), "{err}");
}

#[test]
fn every_problem_is_reported_at_once() {
    let err = rejected(
        &[(
            "bad.toml",
            "extends = \"default\"\nhand_sise = 4\n[dice]\ngreen = [\"ball\", \"boot\"]\n[options]\ngrangol = \"penalty\"\n",
        )],
        &["--rules", "bad.toml", "--set", "deck.cards.TIRO=-1"],
    );
    assert_eq!(err.lines().count(), 4, "{err}");
}

#[test]
fn unknown_rule_set_names_the_shipped_ones() {
    let err = rejected(&[], &["--rules", "nosuch"]);
    assert!(
        err.contains("interchangeable") && err.contains("quick"),
        "{err}"
    );
}

/// A designer who knows the variant as "swapping PASSAGGIO and CONTRASTO" finds it: `sim
/// rules --list` says "swap" beside `interchangeable`, and `--rules swap` names it.
#[test]
fn swap_finds_the_interchangeable_variant() {
    let tmp = tempfile::tempdir().unwrap();
    let listed =
        String::from_utf8(ok(tmp.path(), &["rules", "--game", "grangol", "--list"]).stdout)
            .unwrap();
    let line = listed
        .lines()
        .find(|l| l.starts_with("interchangeable"))
        .unwrap_or_else(|| panic!("no interchangeable in --list:\n{listed}"));
    assert!(line.contains("swap"), "{line}");
    let out = sim(
        tmp.path(),
        &["rules", "--game", "grangol", "--rules", "swap"],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("did you mean 'interchangeable'"), "{err}");
}

#[test]
fn every_problem_grangol_finds_in_its_values_is_reported_at_once() {
    // Three values of the right type that GRANGOL's own checks refuse, each independent of
    // the others: one line each, naming the source and the key.
    let err = rejected(
        &[],
        &[
            "--set",
            "hand_size=0",
            "--set",
            "options.throw_in_back=5",
            "--set",
            "timer.labels=[\"10'\", \"20'\"]",
        ],
    );
    assert_eq!(err.lines().count(), 3, "{err}");
    for want in [
        "--set hand_size=0: hand_size: 0 is not in 1..=10",
        "--set options.throw_in_back=5: options.throw_in_back: 5 is not in 0..=4",
        "timer.labels: the last timer card must be RECUPERO",
    ] {
        assert!(err.contains(want), "{err} should contain {want}");
    }
}
