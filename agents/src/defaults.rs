//! Per-game defaults of agent parameters: a game's `configs/<game>/agents.toml`, embedded
//! in the binary through its registration (`engine::core::Registered::AGENT_DEFAULTS`).
//!
//! The file has one table per agent whose parameters it sets, keyed by the `--agents`
//! parameter names (`sim agents`):
//!
//! ```toml
//! # Chosen by `sim tune --game memory --players 1 --vary agent.prior=0,10,30 ...`
//! [mcts]
//! prior = 30
//! c = 0.1
//! ```
//!
//! A value written there replaces the generic default of that parameter for that game; a
//! parameter written in `--agents` replaces both. `oracle`, which is `mcts` on the true
//! state, reads the `[mcts]` table. [`AgentDefaults::resolve`] turns a spec as typed into
//! the spec the agent is built from (the *effective* spec, recorded in `run.json`): the
//! table's parameters first (in key order), then the typed ones, each key once.
//! The agents crate knows no game: it reads whatever text the lab hands it.

use crate::spec::{AgentError, AgentSpec};

/// The parsed per-game defaults: for each agent table, its `(key, value)` pairs as they
/// would be typed in a spec, in key order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AgentDefaults {
    tables: Vec<(String, Vec<(String, String)>)>,
}

/// A TOML value as it would be typed after `key=` in a spec (`30`, `0.1`, `paired`,
/// `true`); `None` for arrays, tables and dates.
fn typed(v: &toml::Value) -> Option<String> {
    match v {
        toml::Value::String(s) => Some(s.clone()),
        toml::Value::Integer(i) => Some(i.to_string()),
        toml::Value::Float(x) => Some(x.to_string()),
        toml::Value::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Whether `name` is a table of an `agents.toml`: an agent of the table with parameters
/// that reads its own table ([`crate::AgentEntry::defaults_table`]).
fn is_table(name: &str) -> bool {
    crate::agent(name).is_some_and(|a| !a.params.is_empty() && a.defaults_table == a.name)
}

impl AgentDefaults {
    /// No per-game defaults: every agent plays with its generic defaults.
    pub fn none() -> Self {
        AgentDefaults::default()
    }

    /// Reads the text of an `agents.toml`; `file` names it in errors
    /// (`configs/memory/agents.toml`). Every table must be an agent with parameters
    /// (`mcts`, `greedy`, `forgetful`; `oracle` reads `[mcts]`), every key one of its
    /// parameters, every value one it accepts. Errors: one line naming the file, the
    /// table and key, and the value (`configs/memory/agents.toml: [mcts] c = 99: not
    /// valid (a number from 0 to 10)`).
    pub fn parse(text: &str, file: &str) -> Result<Self, String> {
        let root: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            format!("{file}: {}", e.message().trim().replace('\n', " "))
        })?;
        let mut tables = Vec::new();
        for (name, value) in &root {
            if !is_table(name) {
                let known: Vec<&str> = crate::AGENTS
                    .iter()
                    .filter(|a| is_table(a.name))
                    .map(|a| a.name)
                    .collect();
                let readers: Vec<String> = crate::AGENTS
                    .iter()
                    .filter(|a| !a.defaults_table.is_empty() && a.defaults_table != a.name)
                    .map(|a| format!("; {} reads [{}]", a.name, a.defaults_table))
                    .collect();
                return Err(format!(
                    "{file}: [{name}] is not a table of agent parameters (tables: {}{})",
                    known.join(", "),
                    readers.concat()
                ));
            }
            let Some(table) = value.as_table() else {
                return Err(format!(
                    "{file}: {name} must be a table ([{name}]) of parameters"
                ));
            };
            let mut params = Vec::new();
            for (k, v) in table {
                let Some(v) = typed(v) else {
                    return Err(format!(
                        "{file}: [{name}] {k} = {v}: a parameter is a number, a word or \
                         true/false"
                    ));
                };
                params.push((k.clone(), v));
            }
            let spec = AgentSpec::new(name, params.iter().cloned());
            let entry = crate::agent(name).expect("a table is an agent's");
            (entry.check)(&spec).map_err(|e| match e {
                AgentError::UnknownParam { key, known, .. } => {
                    format!("{file}: [{name}] has no parameter '{key}' (parameters: {known})")
                }
                AgentError::BadValue {
                    key,
                    value,
                    expected,
                    ..
                } => format!("{file}: [{name}] {key} = {value}: not valid ({expected})"),
                other => format!("{file}: [{name}]: {other}"),
            })?;
            tables.push((name.clone(), params));
        }
        Ok(AgentDefaults { tables })
    }

    /// The table an agent reads ([`crate::AgentEntry::defaults_table`]): `oracle` reads
    /// `mcts`'s, every other agent its own (a name not in the agent table: itself).
    pub fn table_of(agent: &str) -> &str {
        match crate::agent(agent) {
            Some(a) if !a.defaults_table.is_empty() => a.defaults_table,
            _ => agent,
        }
    }

    /// The parameters the file sets for `agent` (`oracle`: the `[mcts]` table), in key
    /// order; empty when it sets none.
    pub fn params_for(&self, agent: &str) -> &[(String, String)] {
        let table = Self::table_of(agent);
        self.tables
            .iter()
            .find(|(n, _)| n == table)
            .map_or(&[][..], |(_, p)| &p[..])
    }

    /// Whether the file sets no parameter at all.
    pub fn is_empty(&self) -> bool {
        self.tables.iter().all(|(_, p)| p.is_empty())
    }

    /// The effective spec of `spec` (as typed after `--agents`): unchanged (its text
    /// trimmed) when the file sets nothing for its agent, else `name(k=v,...)` with the
    /// file's parameters that `spec` does not name, then `spec`'s own, so that a
    /// parameter typed wins. No text is parsed: the parameters are laid over each other.
    /// Errors: [`AgentError::Syntax`] for a text that is not a spec
    /// ([`AgentSpec::readable`]).
    pub fn resolve(&self, spec: &AgentSpec) -> Result<AgentSpec, AgentError> {
        spec.readable()?;
        let file = self.params_for(spec.name());
        if file.is_empty() {
            return Ok(spec.trimmed());
        }
        AgentSpec::new(spec.name(), file.iter().cloned()).with_params(spec.params())
    }

    /// The value of parameter `key` of `agent` the game's players use when `--agents`
    /// does not name it: the file's, else the generic default ([`crate::AGENTS`]); `None`
    /// for an unknown agent or parameter.
    pub fn effective_default(&self, agent: &str, key: &str) -> Option<String> {
        if let Some((_, v)) = self.params_for(agent).iter().find(|(k, _)| k == key) {
            return Some(v.clone());
        }
        crate::agent(agent)
            .and_then(|a| a.params.iter().find(|p| p.name == key))
            .map(|p| p.default.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "configs/test/agents.toml";

    /// The effective spec of `typed` under `d`, as text.
    fn resolve(d: &AgentDefaults, typed: &str) -> String {
        d.resolve(&AgentSpec::parse(typed).unwrap())
            .unwrap()
            .to_string()
    }

    /// The `mcts` agent of the effective spec of `typed` under `d`.
    fn built(d: &AgentDefaults, typed: &str) -> crate::Mcts {
        crate::Mcts::from_spec(&d.resolve(&AgentSpec::parse(typed).unwrap()).unwrap()).unwrap()
    }

    #[test]
    fn the_file_overrides_the_default_and_the_spec_overrides_the_file() {
        let d = AgentDefaults::parse("[mcts]\nprior = 30\nc = 0.1\n", FILE).unwrap();
        assert_eq!(resolve(&d, "mcts"), "mcts(c=0.1,prior=30)");
        assert_eq!(
            resolve(&d, "mcts(c=0.4, iterations=50)"),
            "mcts(prior=30,c=0.4,iterations=50)"
        );
        // The oracle reads mcts's table; greedy has none here.
        assert_eq!(resolve(&d, "oracle"), "oracle(c=0.1,prior=30)");
        assert_eq!(resolve(&d, " greedy "), "greedy");
        let built = built(&d, "mcts");
        assert_eq!((built.config().prior, built.config().c), (30, 0.1));
        assert_eq!(d.effective_default("mcts", "c").as_deref(), Some("0.1"));
        assert_eq!(
            d.effective_default("mcts", "margin").as_deref(),
            Some("0.005")
        );
        assert_eq!(d.effective_default("mcts", "nope"), None);
    }

    #[test]
    fn an_empty_file_changes_nothing() {
        for text in ["", "# nothing\n", "[mcts]\n"] {
            let d = AgentDefaults::parse(text, FILE).unwrap();
            assert!(d.is_empty());
            assert_eq!(resolve(&d, "mcts(iterations=100)"), "mcts(iterations=100)");
        }
    }

    #[test]
    fn values_of_every_toml_kind_read_as_typed() {
        let d = AgentDefaults::parse(
            "[mcts]\nroot = \"uct\"\nreuse = false\nmargin = 0.0\niterations = 80\n\
             [greedy]\ndepth = 2\n",
            FILE,
        )
        .unwrap();
        let c = built(&d, "mcts");
        assert_eq!(
            (c.config().root, c.config().reuse, c.config().margin),
            (crate::Root::Uct, false, 0.0)
        );
        assert_eq!(c.config().iterations, 80);
        assert_eq!(resolve(&d, "greedy"), "greedy(depth=2)");
    }

    #[test]
    fn bad_files_are_one_line_naming_file_table_and_key() {
        let cases = [
            (
                "[mcts]\nc = 99\n",
                "[mcts] c = 99: not valid (a number from 0 to 10)",
            ),
            ("[mcts]\ncc = 1\n", "[mcts] has no parameter 'cc'"),
            (
                "[oracle]\nc = 1\n",
                "[oracle] is not a table of agent parameters",
            ),
            ("[random]\n", "[random] is not a table"),
            ("[mcts]\nc = [1]\n", "[mcts] c = [1]: a parameter is"),
            ("mcts = 3\n", "mcts must be a table"),
            ("[mcts\n", FILE),
        ];
        for (text, want) in cases {
            let e = AgentDefaults::parse(text, FILE).unwrap_err();
            assert!(e.starts_with(FILE), "{e}");
            assert!(e.contains(want), "{text:?}: {e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
