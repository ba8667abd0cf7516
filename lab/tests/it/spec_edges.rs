//! Issue 40: an agent spec's text is parsed at the edge only, into an
//! [`agents::AgentSpec`] that the lab carries from then on. This test reads the sources
//! (not their tests) of the crates that handle specs and fails on a call of the spec
//! parser outside the edge files listed here, each with why it is an edge. The
//! behavioural twin, which counts parses while a command runs, is `lab/tests/spec_parses.rs`.

use std::path::{Path, PathBuf};

/// The calls that read a spec's text.
const PARSERS: [&str; 7] = [
    "parse_spec(",
    "split_specs(",
    "parse_text(",
    "AgentSpec::parse",
    "AgentSpec::read",
    "parse_list(",
    "read_list(",
];

/// The files that may read a spec's text, with why: the edges where text comes in.
const EDGES: [(&str, &str); 8] = [
    (
        "agents/src/spec.rs",
        "the parser itself, and a recorded spec deserialized",
    ),
    (
        "sim-cli/src/args.rs",
        "`--agents` and `--vs`: the value parser of the flags",
    ),
    (
        "python/src/lab_api.rs",
        "the Python entry points of the lab's commands",
    ),
    ("python/src/selfplay.rs", "`soccerlab.selfplay`'s agents"),
    (
        "agents/src/defaults.rs",
        "a game's agents.toml: its strength presets' agent specs, read once per process",
    ),
    ("python/src/api/agent.rs", "`soccerlab.Agent(game, spec)`"),
    (
        "python/src/api/vector.rs",
        "`soccerlab.VectorEnv(game, n, opponent=spec)`",
    ),
    (
        "lab/src/commands/bench.rs",
        "the bench workloads: text each game's registration declares (the engine knows no \
         agent)",
    ),
];

/// Files that are tests or the tests' helpers as a whole (compiled for tests, or with
/// debug assertions for the tests of other crates).
const TEST_FILES: [&str; 3] = [
    "lab/src/battery.rs",
    "lab/src/commands/run/solo_tests.rs",
    "lab/src/testing.rs",
];

/// Every `.rs` file under `dir`, recursively.
pub(crate) fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source of a file without its test module: the lines before a `#[cfg(test)]`
/// that opens a module block (`mod tests {`, `pub(crate) mod tests {`; the crates keep
/// their unit tests at the end of a file).
pub(crate) fn without_tests(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let end = (0..lines.len())
        .find(|&i| {
            lines[i].trim() == "#[cfg(test)]"
                && lines.get(i + 1).is_some_and(|l| {
                    let l = l.trim_start();
                    let l = l.strip_prefix("pub(crate) ").unwrap_or(l);
                    l.starts_with("mod ") && l.ends_with('{')
                })
        })
        .unwrap_or(lines.len());
    lines[..end].join("\n")
}

#[test]
fn no_spec_text_is_parsed_outside_the_edges() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("lab/ sits in the workspace root");
    let mut files = Vec::new();
    for dir in ["agents/src", "lab/src", "sim-cli/src", "python/src"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "{} files", files.len());
    let mut found = Vec::new();
    for path in &files {
        let name = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if EDGES.iter().any(|(e, _)| *e == name) || TEST_FILES.contains(&name.as_str()) {
            continue;
        }
        let text = without_tests(&std::fs::read_to_string(path).unwrap());
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if let Some(p) = PARSERS.iter().find(|p| code.contains(*p)) {
                found.push(format!("{name}:{}: {p} in: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "an agent spec's text is parsed outside the edges (read it once where it comes \
         in, then carry the AgentSpec):\n{}",
        found.join("\n")
    );
}

/// The checker sees a call: a file with one fails.
#[test]
fn the_checker_finds_a_parse() {
    let text = "fn f() {\n    let s = agents::AgentSpec::parse(x);\n}\n#[cfg(test)]\nmod tests {\n    AgentSpec::read(y);\n}\n";
    let kept = without_tests(text);
    assert!(kept.contains("AgentSpec::parse"));
    assert!(!kept.contains("AgentSpec::read"));
}
