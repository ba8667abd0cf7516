//! The `extends` overlay of rules files: one rules tree laid over another, the one merge
//! every reader of rules uses (the `sim` loader's `extends` chains and `--set`, `sim
//! tune`'s `best.toml`, the shipped rule sets resolved in the engine and its tests), so
//! that a variant plays the same game wherever it is read.
//!
//! The functions here are pure: they merge trees already parsed, or read and write one
//! leaf of a tree by its key path (`get_leaf`, `set_leaf`, `remove_leaf`). Reading files and
//! following an `extends` key to a file stays with the caller (the `sim` loader);
//! `engine::core::embedded_tree` follows it among a game's embedded files.

/// Lays `over` onto `base`, at every level: where both hold a table under the same key,
/// the two tables merge key by key (recursively, however deep: `[deck.cards]` keeps
/// every card `over` does not name); any other value of `over` (a leaf, an array, a table
/// over a non-table, a non-table over a table) replaces `base`'s. Keys of `base` that
/// `over` does not name are kept. An `extends` key is merged like any other: the caller
/// removes it.
///
/// ```
/// use engine_core::overlay;
/// let mut base: toml::Table = "[deck.cards]\nBALL = 4\nSTOP = 2\n".parse().unwrap();
/// let over: toml::Table = "[deck.cards]\nBALL = 5\n".parse().unwrap();
/// overlay(&mut base, &over);
/// assert_eq!(base["deck"]["cards"]["BALL"].as_integer(), Some(5));
/// assert_eq!(base["deck"]["cards"]["STOP"].as_integer(), Some(2));
/// ```
pub fn overlay(base: &mut toml::Table, over: &toml::Table) {
    overlay_with(base, over, &mut |_, _| {});
}

/// [`overlay`], calling `replaced(path, value)` for every value of `over` that replaced
/// (or added) a value of `base` rather than merging into it: `path` is its key path from
/// the root (`["deck", "cards", "BALL"]`), `value` the new value (a whole table when a
/// table replaced a non-table or was added). The `sim` loader records from it which
/// source gave each key.
pub fn overlay_with(
    base: &mut toml::Table,
    over: &toml::Table,
    replaced: &mut dyn FnMut(&[String], &toml::Value),
) {
    merge(base, over, replaced, &mut Vec::new());
}

fn merge(
    base: &mut toml::Table,
    over: &toml::Table,
    replaced: &mut dyn FnMut(&[String], &toml::Value),
    path: &mut Vec<String>,
) {
    for (k, v) in over {
        path.push(k.clone());
        match (base.get_mut(k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o, replaced, path),
            _ => {
                base.insert(k.clone(), v.clone());
                replaced(path, v);
            }
        }
        path.pop();
    }
}

/// Sets the leaf at `path` (key names from the root) of `tree` to `v`. Nothing happens
/// when a table on the way is missing or is not a table. Panics: `path` is empty.
pub fn set_leaf(tree: &mut toml::Table, path: &[String], v: toml::Value) {
    let (last, parents) = path.split_last().expect("a leaf path is not empty");
    let mut t = tree;
    for p in parents {
        t = match t.get_mut(p) {
            Some(toml::Value::Table(next)) => next,
            _ => return,
        };
    }
    t.insert(last.clone(), v);
}

/// The leaf at `path` of `tree`; `None` when a key on the way is missing.
pub fn get_leaf<'a>(tree: &'a toml::Table, path: &[String]) -> Option<&'a toml::Value> {
    let (last, parents) = path.split_last()?;
    let mut t = tree;
    for p in parents {
        t = t.get(p)?.as_table()?;
    }
    t.get(last)
}

/// Removes the leaf at `path` of `tree`, if it is there.
pub fn remove_leaf(tree: &mut toml::Table, path: &[String]) {
    let Some((last, parents)) = path.split_last() else {
        return;
    };
    let mut t = tree;
    for p in parents {
        t = match t.get_mut(p) {
            Some(toml::Value::Table(next)) => next,
            _ => return,
        };
    }
    t.remove(last);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> toml::Table {
        text.parse().unwrap()
    }

    const BASE: &str = "players = 4\nname = \"base\"\n\
                        [deck]\nsize = 90\n\
                        [deck.cards]\nBALL = 4\nSTOP = 2\n\
                        [deck.cards.special]\nVAR = 1\nBOOST = 3\n\
                        [options]\nflip = \"one\"\n";

    /// One key of `[deck.cards]` (depth 2) changed: every other card, and every other
    /// key of `[deck]`, is kept.
    #[test]
    fn a_key_at_depth_two_changes_alone() {
        let mut t = table(BASE);
        overlay(&mut t, &table("[deck.cards]\nBALL = 5\n"));
        let mut want = table(BASE);
        want["deck"]["cards"]
            .as_table_mut()
            .unwrap()
            .insert("BALL".into(), 5.into());
        assert_eq!(t, want);
        assert_eq!(t["deck"]["cards"]["STOP"].as_integer(), Some(2));
        assert_eq!(t["deck"]["size"].as_integer(), Some(90));
        assert_eq!(t["deck"]["cards"]["special"]["BOOST"].as_integer(), Some(3));
    }

    /// One key at depth 3 changed, one added: its siblings and its parents' other keys
    /// are kept.
    #[test]
    fn a_key_at_depth_three_changes_alone() {
        let mut t = table(BASE);
        overlay(&mut t, &table("[deck.cards.special]\nVAR = 0\nRED = 1\n"));
        let special = t["deck"]["cards"]["special"].as_table().unwrap();
        assert_eq!(special["VAR"].as_integer(), Some(0));
        assert_eq!(special["RED"].as_integer(), Some(1));
        assert_eq!(special["BOOST"].as_integer(), Some(3));
        assert_eq!(t["deck"]["cards"]["BALL"].as_integer(), Some(4));
        assert_eq!(t["deck"]["size"].as_integer(), Some(90));
        assert_eq!(t["players"].as_integer(), Some(4));
    }

    /// Leaves, arrays and mismatched kinds replace; new keys and tables are added; keys
    /// `over` does not name stay; an empty overlay changes nothing.
    #[test]
    fn other_values_replace_and_new_keys_are_added() {
        let mut t = table(BASE);
        overlay(
            &mut t,
            &table(
                "players = [2, 3]\noptions = 7\nextra = true\n\
                 [name]\nfirst = \"x\"\n[new.inner]\nk = 1\n",
            ),
        );
        assert_eq!(t["players"], toml::Value::Array(vec![2.into(), 3.into()]));
        assert_eq!(t["options"].as_integer(), Some(7));
        assert_eq!(t["name"]["first"].as_str(), Some("x"));
        assert_eq!(t["new"]["inner"]["k"].as_integer(), Some(1));
        assert_eq!(t["extra"].as_bool(), Some(true));
        let mut same = table(BASE);
        overlay(&mut same, &toml::Table::new());
        assert_eq!(same, table(BASE));
    }

    /// `overlay_with` reports each replaced value with its path, and nothing for the
    /// tables it merged into.
    #[test]
    fn replaced_values_are_reported_with_their_paths() {
        let mut t = table(BASE);
        let mut seen = Vec::new();
        overlay_with(
            &mut t,
            &table("players = 2\n[deck.cards]\nBALL = 5\n[deck.cards.special]\nVAR = 0\n[new]\nk = 1\n"),
            &mut |path, v| seen.push((path.join("."), v.is_table())),
        );
        seen.sort();
        assert_eq!(
            seen,
            [
                ("deck.cards.BALL".to_string(), false),
                ("deck.cards.special.VAR".to_string(), false),
                ("new".to_string(), true),
                ("players".to_string(), false),
            ]
        );
    }
}
