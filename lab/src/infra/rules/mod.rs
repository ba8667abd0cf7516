//! Rule sets as a designer handles them: shipped rule sets by name, files by path,
//! `extends` chains, `--set KEY=VALUE` overrides on the TOML tree, validation that lists
//! every problem at once, and the documentation of each key (`sim rules`).
//!
//! Everything here is game-agnostic: a game is reached only through
//! [`engine_core::Registered`]. Its `default` rule file is the schema: every key a game
//! reads stands in it, with its type (the value's) and its one-line documentation (the
//! comment lines directly above it).
//!
//! Resolution of `--rules R --set K=V …`:
//! 1. `R` is the name of a shipped rule set (`interchangeable`) or a path to a TOML file;
//!    without `--rules`, the game's `default`.
//! 2. A file may start with `extends = "NAME"`: a shipped rule set, or (when the value
//!    holds a `/` or ends in `.toml`) a file path relative to the extending file's folder.
//!    The chain is followed to its root and the files are laid over one another, root
//!    first: a table is merged key by key, any other value replaced. A chain that comes
//!    back to a file it has seen is an error.
//! 3. Each `--set` is laid over the result in the order given. `KEY` is the file's own
//!    dotted path (`deck.cards.TIRO`, `options.grangol`; a segment with spaces may be
//!    written as is, `deck.cards.TIRO DA FUORI`, or quoted); `VALUE` is a TOML value
//!    (`8`, `true`, `["ball", "X"]`), or else taken as text (`tiro`).
//! 4. The tree is checked against the default file (unknown keys, sections given as
//!    values, wrong types, negative counts), every changed key is read on its own to name
//!    the key at fault, then the game validates the whole ([`Registered::build`]). Every
//!    problem is reported, each naming its source (the file, or the `--set`), its key
//!    and what to change.

use anyhow::{anyhow, Result};
/// The leaves of a rules tree by key path (the core's, re-exported for the lab's callers).
pub use engine_core::{get_leaf, set_leaf};
use engine_core::{remove_leaf, EmbeddedRules, Registered, RuleProblem};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod show;
use show::described_as;
pub use show::{key_lines, show, to_toml, KeyLine};
pub(crate) use show::{key_lines_of, to_toml_of};

/// Every problem of a rule set, one line each (`SOURCE: KEY: MESSAGE`). `main` prints each
/// line as its own error.
#[derive(Debug)]
pub struct RuleErrors(pub Vec<String>);

impl std::fmt::Display for RuleErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0.join("\n"))
    }
}

impl std::error::Error for RuleErrors {}

/// A rule set after `extends` and `--set` are resolved, before the game validates it.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// How the user named it: `default`, `interchangeable`, a path; with ` + --set …`
    /// appended for overrides.
    pub label: String,
    /// The sources applied, root first: `default (shipped)`, `variant.toml`,
    /// `--set deck.cards.TIRO=8`.
    pub sources: Vec<String>,
    /// The merged tree (no `extends` key).
    pub tree: toml::Table,
    /// For every leaf key (dotted, as printed), the index in `sources` of the source that
    /// gave its value.
    pub origin: BTreeMap<String, usize>,
}

/// The shipped rule set called `name` among `shipped` (a game's [`Registered::RULES`]).
fn find_shipped(shipped: &'static [EmbeddedRules], name: &str) -> Option<&'static EmbeddedRules> {
    shipped.iter().find(|r| r.name == name)
}

/// The names of the shipped rule sets `shipped`, comma separated.
fn shipped_names(shipped: &[EmbeddedRules]) -> String {
    shipped
        .iter()
        .map(|r| r.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The game's default rule file as a tree (the schema).
pub fn default_tree<R: Registered>() -> toml::Table {
    default_tree_of(R::RULES)
}

/// [`default_tree`] of the game whose shipped rule sets are `shipped` (the first is
/// `default`).
fn default_tree_of(shipped: &[EmbeddedRules]) -> toml::Table {
    let text = shipped[0].text;
    let mut tree: toml::Table =
        toml::from_str(text).expect("a game's embedded default rules are valid TOML");
    tree.remove("extends");
    tree
}

/// Parses TOML `text` from `source` into a table. Errors: one line naming the source, the
/// line and its text.
fn parse_table(text: &str, source: &str) -> Result<toml::Table, String> {
    toml::from_str(text).map_err(|e: toml::de::Error| {
        let msg = e.message().trim().replace('\n', " ");
        let at = e
            .span()
            .map(|s| {
                let line = text[..s.start.min(text.len())].matches('\n').count() + 1;
                let src: String = text
                    .lines()
                    .nth(line - 1)
                    .unwrap_or("")
                    .trim()
                    .chars()
                    .take(80)
                    .collect();
                format!(" (line {line}: {src})")
            })
            .unwrap_or_default();
        format!("{source}{at}: {msg}")
    })
}

/// One file of an `extends` chain.
struct Layer {
    label: String,
    tree: toml::Table,
}

/// Where a rule set named `spec` comes from, seen from `base` (the folder of the file that
/// names it; `None` on the command line).
enum Place {
    Shipped(&'static EmbeddedRules),
    File(PathBuf),
}

/// Where `spec` comes from among the shipped rule sets `shipped` or the files, seen from
/// `from_file`.
fn place(shipped: &'static [EmbeddedRules], spec: &str, from_file: Option<&Path>) -> Place {
    let looks_like_path = spec.contains('/') || spec.contains('\\') || spec.ends_with(".toml");
    if let (false, Some(r)) = (looks_like_path, find_shipped(shipped, spec)) {
        return Place::Shipped(r);
    }
    match from_file.and_then(Path::parent) {
        Some(dir) if !looks_like_path || Path::new(spec).is_relative() => {
            Place::File(dir.join(spec))
        }
        _ => Place::File(PathBuf::from(spec)),
    }
}

/// Reads the `extends` chain that starts at `spec`, root last, for the game called `game`
/// whose shipped rule sets are `shipped`.
fn read_chain(
    game: &str,
    shipped: &'static [EmbeddedRules],
    spec: &str,
) -> Result<Vec<Layer>, Vec<String>> {
    let mut layers = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut next = Some((spec.to_string(), None::<PathBuf>));
    while let Some((name, from)) = next.take() {
        let (id, label, text) = match place(shipped, &name, from.as_deref()) {
            Place::Shipped(r) => (
                format!("shipped:{}", r.name),
                format!("{} (shipped)", r.name),
                r.text.to_string(),
            ),
            Place::File(path) => {
                let label = path.display().to_string();
                let text = match std::fs::read_to_string(&path) {
                    Ok(t) => t,
                    Err(e) => {
                        // A bare name that is no file may be a misspelt shipped rule set;
                        // a file that exists but cannot be read (not UTF-8, a folder) is not.
                        let hint = if from.is_none()
                            && !name.contains('/')
                            && e.kind() == std::io::ErrorKind::NotFound
                        {
                            format!(
                                " ({} has no shipped rule set '{name}'; it has: {}){}",
                                game,
                                shipped_names(shipped),
                                described_as(shipped, &name)
                                    .map(|r| format!("; did you mean '{}': {}?", r.name, r.about))
                                    .unwrap_or_default()
                            )
                        } else {
                            String::new()
                        };
                        let by = layers
                            .last()
                            .map(|l: &Layer| format!(" named by `extends` in {}", l.label))
                            .unwrap_or_default();
                        return Err(vec![format!(
                            "cannot read rules file '{label}'{by}: {}{hint}",
                            io_words(&e)
                        )]);
                    }
                };
                let id = std::fs::canonicalize(&path)
                    .map(|p| p.display().to_string())
                    .unwrap_or_else(|_| label.clone());
                (id, label, text)
            }
        };
        if let Some(k) = seen.iter().position(|s| *s == id) {
            let mut cycle: Vec<&str> = layers[k..].iter().map(|l: &Layer| &l.label[..]).collect();
            cycle.push(&label);
            return Err(vec![format!(
                "{}: extends: the chain of `extends` comes back to a file it has already read: {}",
                layers.last().map_or(&label[..], |l| &l.label[..]),
                cycle.join(" -> ")
            )]);
        }
        seen.push(id);
        let mut tree = parse_table(&text, &label).map_err(|e| vec![e])?;
        match tree.remove("extends") {
            None => {}
            Some(toml::Value::String(parent)) => {
                let dir = match place(shipped, &name, from.as_deref()) {
                    Place::File(p) => Some(p),
                    Place::Shipped(_) => None,
                };
                next = Some((parent, dir));
            }
            Some(other) => {
                return Err(vec![format!(
                    "{label}: extends: expected the name of a rule set or a file path in quotes, \
                     not {}",
                    describe(&other)
                )])
            }
        }
        layers.push(Layer { label, tree });
    }
    Ok(layers)
}

/// An I/O error in plain words.
fn io_words(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

/// The dotted key of `path`, as printed and as accepted by `--set`.
fn dotted(path: &[String]) -> String {
    path.join(".")
}

/// Lays `over` onto `base` ([`engine_core::overlay_with`]: tables merge key by key at
/// every level, other values replace). Records the origin `source` of every leaf of
/// `over`.
fn merge(
    base: &mut toml::Table,
    over: &toml::Table,
    source: usize,
    origin: &mut BTreeMap<String, usize>,
) {
    engine_core::overlay_with(base, over, &mut |path, v| {
        // A replaced section loses the origins of its old leaves.
        let prefix = format!("{}.", dotted(path));
        origin.retain(|key, _| !key.starts_with(&prefix));
        mark(v, source, origin, &mut path.to_vec());
    });
}

fn mark(
    v: &toml::Value,
    source: usize,
    origin: &mut BTreeMap<String, usize>,
    path: &mut Vec<String>,
) {
    match v {
        toml::Value::Table(t) => {
            for (k, v) in t {
                path.push(k.clone());
                mark(v, source, origin, path);
                path.pop();
            }
        }
        _ => {
            origin.insert(dotted(path), source);
        }
    }
}

/// Splits `KEY=VALUE` of `--set` into a one-key table. The key is the file's dotted path
/// (segments may hold spaces, or be quoted as in TOML); the value is TOML, or else text.
/// Errors: one line naming the override.
pub fn parse_set(set: &str) -> Result<toml::Table, String> {
    let Some((key, value)) = set.split_once('=') else {
        return Err(format!(
            "--set '{set}': expected KEY=VALUE, e.g. --set options.interchangeable=true"
        ));
    };
    let (key, value) = (key.trim(), value.trim());
    if key.is_empty() {
        return Err(format!("--set '{set}': the key before '=' is empty"));
    }
    let key = if key.contains('"') || key.contains('\'') && !key.contains(' ') {
        key.to_string()
    } else {
        key.split('.')
            .map(|seg| toml::Value::String(seg.trim().to_string()).to_string())
            .collect::<Vec<_>>()
            .join(".")
    };
    if let Ok(t) = toml::from_str::<toml::Table>(&format!("{key} = {value}")) {
        return Ok(t);
    }
    let text = toml::Value::String(value.to_string()).to_string();
    toml::from_str::<toml::Table>(&format!("{key} = {text}")).map_err(|_| {
        format!(
            "--set '{set}': cannot read the key; write it as the rules file's dotted path \
             (`sim rules --game GAME` lists every key)"
        )
    })
}

/// Resolves `rules` (a shipped name or a path; `None` for `default`) and the overrides
/// `sets` of game `R` into one tree. Errors: unreadable or invalid TOML files, an
/// `extends` cycle, an unreadable `--set` (every problem found, one line each).
pub fn resolve<R: Registered>(
    rules: Option<&str>,
    sets: &[String],
) -> Result<Resolved, RuleErrors> {
    resolve_of(R::NAME, R::RULES, rules, sets)
}

/// [`resolve`] for the game called `game` whose shipped rule sets are `shipped`.
fn resolve_of(
    game: &str,
    shipped: &'static [EmbeddedRules],
    rules: Option<&str>,
    sets: &[String],
) -> Result<Resolved, RuleErrors> {
    let spec = rules.unwrap_or(shipped[0].name);
    let layers = read_chain(game, shipped, spec).map_err(RuleErrors)?;
    let mut tree = toml::Table::new();
    let mut origin = BTreeMap::new();
    let mut sources = Vec::new();
    for layer in layers.iter().rev() {
        merge(&mut tree, &layer.tree, sources.len(), &mut origin);
        sources.push(layer.label.clone());
    }
    let mut errors = Vec::new();
    for set in sets {
        match parse_set(set) {
            Ok(t) => {
                merge(&mut tree, &t, sources.len(), &mut origin);
                sources.push(format!("--set {set}"));
            }
            Err(e) => errors.push(e),
        }
    }
    if !errors.is_empty() {
        return Err(RuleErrors(errors));
    }
    let mut label = spec.to_string();
    if !sets.is_empty() {
        label = format!("{label} + --set {}", sets.join(" --set "));
    }
    Ok(Resolved {
        label,
        sources,
        tree,
        origin,
    })
}

/// A value's kind in a designer's words.
fn kind(v: &toml::Value) -> &'static str {
    match v {
        toml::Value::String(_) => "a text in quotes",
        toml::Value::Integer(_) => "a whole number",
        toml::Value::Float(_) => "a number",
        toml::Value::Boolean(_) => "true or false",
        toml::Value::Datetime(_) => "a date",
        toml::Value::Array(_) => "a list in [ ]",
        toml::Value::Table(_) => "a section of keys",
    }
}

/// A value as a designer reads it in a message.
fn describe(v: &toml::Value) -> String {
    match v {
        toml::Value::Table(_) => "a section of keys".into(),
        toml::Value::Array(_) => format!("the list {v}"),
        toml::Value::String(_) => format!("the text {v}"),
        _ => v.to_string(),
    }
}

/// Whether `given` may stand where the default has `default` (same kind; a whole number
/// where a number is expected).
fn same_kind(default: &toml::Value, given: &toml::Value) -> bool {
    use toml::Value::*;
    matches!(
        (default, given),
        (String(_), String(_))
            | (Integer(_), Integer(_))
            | (Float(_), Float(_) | Integer(_))
            | (Boolean(_), Boolean(_))
            | (Datetime(_), Datetime(_))
            | (Array(_), Array(_))
            | (Table(_), Table(_))
    )
}

/// A deserializer's message in a designer's words: no type names.
fn plain_words(msg: &str) -> String {
    let msg = msg.trim();
    if let Some(rest) = msg.strip_prefix("unknown variant ") {
        // unknown variant `x`, expected one of `a`, `b`
        if let Some((given, allowed)) = rest.split_once(", expected ") {
            let given = given.trim_matches('`');
            let allowed = allowed.trim_start_matches("one of ").replace('`', "\"");
            return format!("unknown value \"{given}\"; the values are {allowed}");
        }
    }
    if let Some(rest) = msg.strip_prefix("invalid value: integer `") {
        if let Some((n, expected)) = rest.split_once("`, expected ") {
            let max = match expected.trim() {
                "u8" => Some(u8::MAX as u64),
                "u16" => Some(u16::MAX as u64),
                "u32" => Some(u32::MAX as u64),
                _ => None,
            };
            if let Some(max) = max {
                return if n.starts_with('-') {
                    format!("{n} is negative; a count cannot be negative")
                } else {
                    format!("{n} is too large (at most {max})")
                };
            }
        }
    }
    msg.replace("u8", "whole number")
        .replace("u16", "whole number")
        .replace("u32", "whole number")
}

/// Closest key to `key` among `keys`, if close enough to be a likely typo.
fn suggestion<'a>(key: &str, keys: impl Iterator<Item = &'a String>) -> Option<&'a String> {
    keys.map(|k| {
        (
            strsim::jaro_winkler(&k.to_lowercase(), &key.to_lowercase()),
            k,
        )
    })
    .filter(|(s, _)| *s > 0.85)
    .max_by(|a, b| a.0.total_cmp(&b.0))
    .map(|(_, k)| k)
}

/// Checks `given` against the schema `schema` (the default tree): unknown keys, sections
/// given as values and values as sections, values of another kind, negative numbers where
/// the default is a count. Pushes `(key, message)` and lists the leaves that differ from
/// the default in `changed`.
fn check_shape(
    schema: &toml::Table,
    given: &toml::Table,
    path: &mut Vec<String>,
    problems: &mut Vec<(Vec<String>, RuleProblem)>,
    changed: &mut Vec<Vec<String>>,
) {
    for (k, v) in given {
        path.push(k.clone());
        let key = dotted(path);
        match schema.get(k) {
            None => {
                let hint = suggestion(k, schema.keys())
                    .map(|s| {
                        let mut p = path.clone();
                        p.pop();
                        p.push(s.clone());
                        format!(" (did you mean {}?)", dotted(&p))
                    })
                    .unwrap_or_else(|| {
                        let mut known: Vec<&String> = schema.keys().collect();
                        known.truncate(12);
                        let known: Vec<&str> = known.iter().map(|s| s.as_str()).collect();
                        format!(" (known here: {})", known.join(", "))
                    });
                problems.push((
                    path.clone(),
                    RuleProblem::new(key, format!("unknown key{hint}")),
                ));
            }
            Some(toml::Value::Table(s)) => match v {
                toml::Value::Table(g) => check_shape(s, g, path, problems, changed),
                other => problems.push((
                    path.clone(),
                    RuleProblem::new(
                        key,
                        format!(
                            "is a section of keys (like {}), not a value: got {}",
                            s.keys()
                                .next()
                                .map(|first| format!("{}.{first}", dotted(path)))
                                .unwrap_or_default(),
                            describe(other)
                        ),
                    ),
                )),
            },
            Some(d) => {
                if !same_kind(d, v) {
                    changed.push(path.clone());
                } else if let (toml::Value::Integer(def), toml::Value::Integer(n)) = (d, v) {
                    if *def >= 0 && *n < 0 {
                        problems.push((
                            path.clone(),
                            RuleProblem::new(
                                key,
                                format!("{n} is negative; this count cannot be negative"),
                            ),
                        ));
                    } else if d != v {
                        changed.push(path.clone());
                    }
                } else if d != v {
                    changed.push(path.clone());
                }
            }
        }
        path.pop();
    }
}

impl Resolved {
    /// The label of the source that set `key`: its own, unless that is the root file
    /// (the defaults) and a later source changed a sibling in the same section (a deck
    /// that no longer adds up is the doing of whoever changed a card count).
    fn source_of(&self, key: &str) -> &str {
        let own = self.origin.get(key).copied();
        let section = key.rsplit_once('.').map(|(s, _)| format!("{s}."));
        let latest_under = |prefix: &str| {
            self.origin
                .iter()
                .filter(|(k, _)| k.starts_with(prefix))
                .map(|(_, &s)| s)
                .max()
        };
        let index = match own {
            Some(s) if s > 0 => Some(s),
            _ => {
                let under = latest_under(&format!("{key}."));
                let sibling = section.as_deref().and_then(latest_under);
                under.max(sibling).max(own)
            }
        };
        index
            .and_then(|i| self.sources.get(i))
            .or_else(|| self.sources.last())
            .map_or("", |s| s)
    }

    /// One line per problem: `SOURCE: KEY: MESSAGE`.
    fn lines(&self, problems: &[RuleProblem]) -> Vec<String> {
        problems
            .iter()
            .map(|p| format!("{}: {p}", self.source_of(&p.key)))
            .collect()
    }
}

/// Checks a resolved tree of game `R` and builds the game, reporting every problem at
/// once (see the module documentation for the order of the checks).
pub fn build<R: Registered>(resolved: &Resolved) -> Result<R, RuleErrors> {
    let (mut problems, repaired) =
        check_keys(R::RULES, resolved, &|probe| R::parse(probe).map(|_| ()));
    match R::parse(&repaired) {
        Ok(config) => match R::build(config) {
            Ok(game) if problems.is_empty() => return Ok(game),
            Ok(_) => {}
            Err(p) => problems.extend(p),
        },
        Err(msg) => problems.push(RuleProblem::new("", plain_words(&msg))),
    }
    Err(RuleErrors(resolved.lines(&problems)))
}

/// The checks of [`build`] before the game's own: the shape of `resolved` against the
/// default of `shipped`, and each changed key read on its own by `parse`. Returns the
/// problems found and the tree with every faulty key put back to its default.
fn check_keys(
    shipped: &[EmbeddedRules],
    resolved: &Resolved,
    parse: &dyn Fn(&toml::Table) -> Result<(), String>,
) -> (Vec<RuleProblem>, toml::Table) {
    let schema = default_tree_of(shipped);
    let mut found = Vec::new();
    let mut changed = Vec::new();
    check_shape(
        &schema,
        &resolved.tree,
        &mut Vec::new(),
        &mut found,
        &mut changed,
    );
    // Each changed key read on its own, on the defaults, to name the key at fault; a value
    // of another kind than the default's is an error only if the game cannot read it.
    for path in &changed {
        let mut probe = schema.clone();
        let given = get_leaf(&resolved.tree, path);
        if let Some(v) = given {
            set_leaf(&mut probe, path, v.clone());
        }
        if let Err(msg) = parse(&probe) {
            let msg = match (get_leaf(&schema, path), given) {
                (Some(d), Some(v)) if !same_kind(d, v) => {
                    format!("expected {}, got {}", kind(d), describe(v))
                }
                _ => plain_words(&msg),
            };
            found.push((path.clone(), RuleProblem::new(dotted(path), msg)));
        }
    }
    // The rest is checked with every faulty key put back to its default, so that the
    // game's own checks report their problems in the same run.
    let mut repaired = resolved.tree.clone();
    for (path, _) in &found {
        match get_leaf(&schema, path) {
            Some(d) => set_leaf(&mut repaired, path, d.clone()),
            None => remove_leaf(&mut repaired, path),
        }
    }
    let problems: Vec<RuleProblem> = found.into_iter().map(|(_, p)| p).collect();
    (problems, repaired)
}

/// Resolves and builds in one step (see [`resolve`] and [`build`]).
pub fn load<R: Registered>(
    rules: Option<&str>,
    sets: &[String],
) -> Result<(R, Resolved), RuleErrors> {
    let resolved = resolve::<R>(rules, sets)?;
    let game = build::<R>(&resolved)?;
    Ok((game, resolved))
}
#[cfg(test)]
mod tests {
    use super::show::comment_block;
    use super::*;

    #[test]
    fn set_accepts_dotted_keys_with_spaces_values_and_text() {
        let t = parse_set("deck.cards.TIRO DA FUORI=4").unwrap();
        assert_eq!(t["deck"]["cards"]["TIRO DA FUORI"].as_integer(), Some(4));
        let t = parse_set("options.grangol=tiro").unwrap();
        assert_eq!(t["options"]["grangol"].as_str(), Some("tiro"));
        let t = parse_set("dice.green=[\"ball\", \"X\"]").unwrap();
        assert_eq!(t["dice"]["green"].as_array().map(Vec::len), Some(2));
        let t = parse_set("deck.cards.\"SUPERIORITA' TECNICA\"=2").unwrap();
        assert_eq!(
            t["deck"]["cards"]["SUPERIORITA' TECNICA"].as_integer(),
            Some(2)
        );
        assert!(parse_set("novalue").is_err());
        assert!(parse_set("=3").is_err());
    }

    /// A bare name that is no file is told the shipped rule sets (it may be one of them
    /// misspelt); a file that is there but cannot be read is not.
    #[test]
    fn only_a_missing_bare_name_is_told_the_shipped_rule_sets() {
        static SHIPPED: &[EmbeddedRules] = &[EmbeddedRules {
            name: "default",
            text: "",
            about: "the defaults",
        }];
        let error = |spec: &str| read_chain("demo", SHIPPED, spec).err().unwrap().join("\n");
        let missing = error("defualt");
        assert!(
            missing.contains("demo has no shipped rule set 'defualt'; it has: default"),
            "{missing}"
        );
        // `src`, beside the tests' working folder (the crate's), is a folder.
        let folder = error("src");
        assert!(
            folder.starts_with("cannot read rules file 'src'"),
            "{folder}"
        );
        assert!(!folder.contains("shipped"), "{folder}");
    }

    #[test]
    fn comment_blocks_take_the_lines_right_above() {
        assert_eq!(
            comment_block(Some("# old\n\n# first\n# second\n")),
            "first second"
        );
        assert_eq!(comment_block(Some("\n")), "");
    }

    #[test]
    fn plain_words_drop_type_names() {
        assert_eq!(
            plain_words("unknown variant `x`, expected one of `a`, `b`"),
            "unknown value \"x\"; the values are \"a\", \"b\""
        );
        assert_eq!(
            plain_words("invalid value: integer `300`, expected u8"),
            "300 is too large (at most 255)"
        );
    }
}
