//! Rule sets from the command line: `sim rules` prints the resolved rules of a variant
//! file, and every problem of a rules file is its own `sim: error:` line with exit status
//! 2. What the lab loads, resolves and refuses is tested in `lab/tests/it/rules.rs`.

use crate::common::{ok, sim};

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
