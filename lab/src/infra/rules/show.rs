//! What `sim rules` prints: each key with its value, default, source and documentation
//! (the comment lines above it in the default file), a rule set as TOML, and the list of
//! shipped rule sets.

use super::*;

/// One key of a rules file as `sim rules` prints it.
#[derive(Clone, Debug)]
pub struct KeyLine {
    /// The dotted key.
    pub key: String,
    /// Its value in the resolved rule set (TOML syntax).
    pub value: String,
    /// Its value in the default rule set.
    pub default: String,
    /// Whether the two differ.
    pub changed: bool,
    /// The one-line documentation: the comment lines directly above the key in the
    /// default file, joined; for a key without its own comment, its section's.
    pub doc: String,
    /// The source that set it.
    pub source: String,
}

/// The comment block directly above an item (the last run of `#` lines of its prefix),
/// joined into one line.
pub(super) fn comment_block(prefix: Option<&str>) -> String {
    let Some(prefix) = prefix else {
        return String::new();
    };
    let mut block: Vec<&str> = Vec::new();
    for line in prefix.lines() {
        let line = line.trim();
        if let Some(c) = line.strip_prefix('#') {
            block.push(c.trim());
        } else if line.is_empty() {
            block.clear();
        }
    }
    block.retain(|l| !l.is_empty());
    block.join(" ")
}

/// Every leaf key of the default file in file order, with its documentation.
fn documented_keys(text: &str) -> Vec<(Vec<String>, String)> {
    fn walk(
        table: &toml_edit::Table,
        path: &mut Vec<String>,
        section_doc: &str,
        out: &mut Vec<(Vec<String>, String)>,
    ) {
        for (k, item) in table.iter() {
            if k == "extends" {
                continue;
            }
            path.push(k.to_string());
            let own = table
                .key(k)
                .map(|key| comment_block(key.leaf_decor().prefix().and_then(|p| p.as_str())))
                .unwrap_or_default();
            match item {
                toml_edit::Item::Table(t) => {
                    let doc = comment_block(t.decor().prefix().and_then(|p| p.as_str()));
                    let doc = if doc.is_empty() {
                        section_doc.to_string()
                    } else {
                        doc
                    };
                    walk(t, path, &doc, out);
                }
                _ => {
                    let doc = if own.is_empty() {
                        section_doc.to_string()
                    } else {
                        own
                    };
                    out.push((path.clone(), doc));
                }
            }
            path.pop();
        }
    }
    let doc: toml_edit::DocumentMut = text
        .parse()
        .expect("a game's embedded default rules are valid TOML");
    let mut out = Vec::new();
    walk(doc.as_table(), &mut Vec::new(), "", &mut out);
    out
}

/// The lines `sim rules` prints for a resolved rule set of `R`: every key of the default
/// file, in its order.
pub fn key_lines<R: Registered>(resolved: &Resolved) -> Vec<KeyLine> {
    key_lines_of(R::RULES, resolved)
}

/// [`key_lines`] of the game whose shipped rule sets are `shipped`.
pub(crate) fn key_lines_of(shipped: &[EmbeddedRules], resolved: &Resolved) -> Vec<KeyLine> {
    let schema = default_tree_of(shipped);
    documented_keys(shipped[0].text)
        .into_iter()
        .map(|(path, doc)| {
            let default = get_leaf(&schema, &path)
                .map(|v| v.to_string())
                .unwrap_or_default();
            let value = get_leaf(&resolved.tree, &path)
                .map(|v| v.to_string())
                .unwrap_or_else(|| default.clone());
            let key = dotted(&path);
            KeyLine {
                changed: value != default,
                source: resolved.source_of(&key).to_string(),
                key,
                value,
                default,
                doc,
            }
        })
        .collect()
}

/// The resolved rule set as a complete TOML file of `R` that loads back as it is: the
/// default file, comments and order kept, with every value replaced by the resolved one
/// and a header saying where it came from.
pub fn to_toml<R: Registered>(resolved: &Resolved) -> Result<String> {
    to_toml_of(R::NAME, R::RULES, resolved)
}

/// [`to_toml`] of the game called `game` whose shipped rule sets are `shipped`.
pub(crate) fn to_toml_of(
    game: &str,
    shipped: &[EmbeddedRules],
    resolved: &Resolved,
) -> Result<String> {
    let mut doc: toml_edit::DocumentMut = shipped[0]
        .text
        .parse()
        .map_err(|e| anyhow!("the default rules of {game} do not parse: {e}"))?;
    doc.remove("extends");
    for (path, _) in documented_keys(shipped[0].text) {
        let Some(v) = get_leaf(&resolved.tree, &path) else {
            continue;
        };
        let (last, parents) = path.split_last().expect("a leaf path is not empty");
        let mut table = doc.as_table_mut();
        for p in parents {
            table = table[p.as_str()]
                .as_table_mut()
                .ok_or_else(|| anyhow!("{}: not a section", p))?;
        }
        let mut value: toml_edit::Value = v
            .to_string()
            .parse()
            .map_err(|e| anyhow!("{}: {e}", dotted(&path)))?;
        if let Some(old) = table[last.as_str()].as_value() {
            *value.decor_mut() = old.decor().clone();
        }
        table[last.as_str()] = toml_edit::Item::Value(value);
    }
    let header = format!(
        "# {} rules resolved from: {}.\n# Written by `sim rules --format toml`; it loads as it is with --rules FILE.\n",
        game,
        resolved.sources.join(", then ")
    );
    Ok(format!("{header}{doc}"))
}

/// The shipped rule set whose description has `word` as one of its words (case-insensitive),
/// for a name a user guessed from what the variant does: `swap` finds `interchangeable`,
/// described as "PASSAGGIO and CONTRASTO are interchangeable (swap either for the other)".
/// `None` when no description, or more than one, has the word.
pub(super) fn described_as(
    shipped: &'static [EmbeddedRules],
    word: &str,
) -> Option<&'static EmbeddedRules> {
    let word = word.to_lowercase();
    let mut hits = shipped.iter().filter(|r| {
        r.about
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w.to_lowercase() == word)
    });
    let first = hits.next()?;
    hits.next().is_none().then_some(first)
}

/// `sim rules` on game `R`: the lines to print. With `list`, the shipped rule sets (name
/// and description); else the rule set of `rules` and `set` as a complete rules file
/// ([`to_toml`], format `Toml`) or as a table of every key ([`key_lines`], format
/// `Table`: value, default when changed, source and documentation; the game's warnings
/// after it). Errors: every problem of the rule set, one line each.
pub fn show<R: Registered>(options: &crate::infra::options::RulesOptions) -> Result<Vec<String>> {
    show_of(R::NAME, R::RULES, options, &|rules, sets| {
        load::<R>(rules, sets).map(|(game, resolved)| (game.warnings(), resolved))
    })
}

/// How [`show_of`] loads a rule set: its game's warnings and the resolved rules.
type LoadRules<'a> =
    dyn Fn(Option<&str>, &[String]) -> Result<(Vec<String>, Resolved), RuleErrors> + 'a;

/// [`show`] of the game called `game` whose shipped rule sets are `shipped`, loading the
/// rules with `load`.
fn show_of(
    game: &str,
    shipped: &[EmbeddedRules],
    options: &crate::infra::options::RulesOptions,
    load: &LoadRules<'_>,
) -> Result<Vec<String>> {
    use crate::infra::options::RulesFormat;
    let mut out = Vec::new();
    if options.list {
        for r in shipped {
            out.push(format!("{:<18} {}", r.name, r.about));
        }
        out.push(String::new());
        out.push(
            "Use one with --rules NAME; write your own with `extends = \"default\"` and --rules FILE."
                .into(),
        );
        return Ok(out);
    }
    let (warnings, resolved) = load(options.rules.as_deref(), &options.set)?;
    match options.format {
        RulesFormat::Toml => out.push(to_toml_of(game, shipped, &resolved)?.trim_end().to_string()),
        RulesFormat::Table => {
            let lines = key_lines_of(shipped, &resolved);
            let changed = lines.iter().filter(|l| l.changed).count();
            out.push(format!(
                "{} rules: {}",
                game,
                resolved.sources.join(", then ")
            ));
            out.push(format!(
                "{changed} key{} differ{} from the default (marked *)",
                if changed == 1 { "" } else { "s" },
                if changed == 1 { "s" } else { "" }
            ));
            out.push(String::new());
            let kw = lines.iter().map(|l| l.key.len()).max().unwrap_or(3).max(3);
            // Long values (lists) overflow their column rather than widen every line.
            let vw = lines
                .iter()
                .map(|l| l.value.len().max(l.default.len()))
                .filter(|&w| w <= 24)
                .max()
                .unwrap_or(5)
                .max(5);
            out.push(format!(
                "  {:<kw$}  {:<vw$}  {:<vw$}  documentation",
                "key", "value", "default"
            ));
            for l in &lines {
                out.push(format!(
                    "{} {:<kw$}  {:<vw$}  {:<vw$}  {}",
                    if l.changed { "*" } else { " " },
                    l.key,
                    l.value,
                    if l.changed { &l.default[..] } else { "" },
                    if l.changed {
                        format!("[{}] {}", l.source, l.doc)
                    } else {
                        l.doc.clone()
                    }
                ));
            }
            for w in warnings {
                out.push(String::new());
                out.push(format!("warning: {w}"));
            }
        }
    }
    Ok(out)
}
