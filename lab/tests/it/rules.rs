//! Rule sets as the lab loads them: shipped variants by name and by path, `extends`,
//! `--set`, the resolved keys and the complete rules file (`sim rules`), and every
//! validation error of a rules file (issue: rule variants as a design tool). What `sim`
//! prints of them (the `sim rules` table, `sim: error:` lines, exit status 2) is tested in
//! `sim-cli/tests/it/rules.rs`.

use crate::common::{read, run, run_error, run_options};
use engine::core::Registered;
use engine::grangol::Grangol;
use lab::infra::rules::{key_lines, load, to_toml, KeyLine};
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
    // What `sim rules --list` lists.
    let listed: Vec<&str> = Grangol::RULES.iter().map(|r| r.name).collect();
    for (name, path) in &variants {
        assert!(
            listed.contains(&name.as_str()),
            "{name} not in --list: {listed:?}"
        );
        for (k, rules) in [name.clone(), path.display().to_string()]
            .iter()
            .enumerate()
        {
            let out = tmp.path().join(format!("{name}-{k}"));
            let mut options = run_options("grangol", "random,random", 20, &out);
            options.common.rules = vec![rules.clone()];
            run(&options).unwrap();
            let run = read(&out.join("run.json"));
            assert!(
                run.contains(rules.as_str()),
                "run.json names its rules {rules}"
            );
        }
    }
}

/// The resolved keys of GRANGOL under `rules` and `sets`, as `sim rules` lists them.
fn lines(rules: Option<&str>, sets: &[&str]) -> Vec<KeyLine> {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let (_, resolved) = load::<Grangol>(rules, &sets).unwrap();
    key_lines::<Grangol>(&resolved)
}

/// The line of `key`, or a panic.
fn line<'a>(lines: &'a [KeyLine], key: &str) -> &'a KeyLine {
    lines
        .iter()
        .find(|l| l.key == key)
        .unwrap_or_else(|| panic!("no line for {key} in {lines:?}"))
}

/// The complete rules file of GRANGOL under `rules` and `sets` (`sim rules --format
/// toml`).
fn toml_of(rules: &str, sets: &[&str]) -> String {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let (_, resolved) = load::<Grangol>(Some(rules), &sets).unwrap();
    to_toml::<Grangol>(&resolved).unwrap()
}

#[test]
fn set_changes_the_resolved_keys_and_toml_loads_back() {
    let tmp = tempfile::tempdir().unwrap();
    let plain = lines(None, &[]);
    assert_eq!(plain.iter().filter(|l| l.changed).count(), 0, "{plain:?}");
    assert!(!line(&plain, "options.interchangeable").changed);
    let set = lines(
        None,
        &["options.interchangeable=true", "options.grangol=tiro"],
    );
    let changed = line(&set, "options.interchangeable");
    assert!(
        changed.changed && changed.value == "true" && changed.default == "false",
        "{changed:?}"
    );
    assert!(line(&set, "options.grangol").value.contains("\"tiro\""));
    assert_eq!(set.iter().filter(|l| l.changed).count(), 2, "{set:?}");
    // Documentation comes from the default file.
    assert!(line(&plain, "hand_size")
        .doc
        .contains("Cards dealt to each player"));

    // The complete rules file loads back to the same rules.
    let text = toml_of("quick", &["options.interchangeable=true"]);
    let file = tmp.path().join("resolved.toml");
    std::fs::write(&file, &text).unwrap();
    let again = toml_of(file.to_str().unwrap(), &[]);
    let body = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("# grangol rules resolved"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&text), body(&again));
    let loaded = lines(Some(file.to_str().unwrap()), &[]);
    assert!(line(&loaded, "options.interchangeable").changed);
    assert!(line(&loaded, "timer.labels").value.contains("RECUPERO 45'"));
}

/// Runs GRANGOL on the rules files `files` (written to a temporary folder; `--rules` may
/// name one of them) with `--set` overrides `sets`, and returns the error with the
/// files named as in that folder (as `sim` run there names them), checking that the run
/// failed and that no output folder was written.
fn rejected(files: &[(&str, &str)], rules: Option<&str>, sets: &[&str]) -> String {
    let tmp = tempfile::tempdir().unwrap();
    for (name, text) in files {
        std::fs::write(tmp.path().join(name), text).unwrap();
    }
    let out = tmp.path().join("out");
    let mut options = run_options("grangol", "random,random", 4, &out);
    options.common.rules = rules
        .map(|r| match files.iter().any(|(name, _)| *name == r) {
            true => tmp.path().join(r).display().to_string(),
            false => r.to_string(),
        })
        .into_iter()
        .collect();
    options.common.set = sets.iter().map(|s| s.to_string()).collect();
    let err = run_error(&options);
    assert!(!out.exists(), "nothing is written");
    err.replace(&format!("{}/", tmp.path().display()), "")
}

#[test]
fn unknown_key_is_named_with_a_suggestion() {
    let err = rejected(
        &[("r.toml", "extends = \"default\"\nhand_sise = 4\n")],
        Some("r.toml"),
        &[],
    );
    assert!(
        err.contains("r.toml: hand_sise: unknown key (did you mean hand_size?)"),
        "{err}"
    );
}

#[test]
fn wrong_type_says_what_is_expected() {
    let err = rejected(&[], None, &["options.interchangeable=yes"]);
    assert!(
        err.contains("--set options.interchangeable=yes: options.interchangeable: expected true or false, got the text \"yes\""),
        "{err}"
    );
    let err = rejected(&[], None, &["options.grangol=penalty"]);
    assert!(
        err.contains("unknown value \"penalty\"; the values are \"automatic-goal\" or \"tiro\""),
        "{err}"
    );
}

#[test]
fn negative_count_is_refused() {
    let err = rejected(&[], None, &["deck.cards.TIRO=-2"]);
    assert!(err.contains("deck.cards.TIRO: -2 is negative"), "{err}");
}

#[test]
fn a_deck_that_does_not_add_up_says_by_how_much_and_what_to_change() {
    let err = rejected(&[], None, &["deck.size=90", "deck.cards.TIRO=8"]);
    assert!(err.contains("--set deck.cards.TIRO=8"), "{err}");
    assert!(
        err.contains("92") && err.contains("2 more than deck.size = 90"),
        "{err}"
    );
}

#[test]
fn unknown_die_face_lists_the_faces() {
    let err = rejected(&[], None, &["dice.green=[\"ball\", \"boot\"]"]);
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
    let err = rejected(&[("tiny.toml", &file)], Some("tiny.toml"), &[]);
    assert!(
        err.contains("tiny.toml") && err.contains("hand") && err.contains("10"),
        "{err}"
    );
}

#[test]
fn a_timer_without_recupero_is_refused() {
    let err = rejected(&[], None, &["timer.labels=[\"10'\", \"20'\", \"45'\"]"]);
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
        Some("a.toml"),
        &[],
    );
    assert!(err.contains("a.toml -> b.toml -> a.toml"), "{err}");
}

#[test]
fn unknown_rule_set_names_the_shipped_ones() {
    let err = rejected(&[], Some("nosuch"), &[]);
    assert!(
        err.contains("interchangeable") && err.contains("quick"),
        "{err}"
    );
}

/// A designer who knows the variant as "swapping PASSAGGIO and CONTRASTO" finds it: `sim
/// rules --list` says "swap" beside `interchangeable`, and `--rules swap` names it.
#[test]
fn swap_finds_the_interchangeable_variant() {
    let listed = Grangol::RULES
        .iter()
        .find(|r| r.name == "interchangeable")
        .expect("interchangeable is shipped");
    assert!(listed.about.contains("swap"), "{}", listed.about);
    let err = load::<Grangol>(Some("swap"), &[]).expect_err("no rule set swap");
    assert_eq!(err.0.len(), 1, "{err}");
    assert!(err.0[0].contains("did you mean 'interchangeable'"), "{err}");
}

#[test]
fn every_problem_grangol_finds_in_its_values_is_reported_at_once() {
    // Three values of the right type that GRANGOL's own checks refuse, each independent of
    // the others: one line each, naming the source and the key.
    let err = rejected(
        &[],
        None,
        &[
            "hand_size=0",
            "options.throw_in_back=5",
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
