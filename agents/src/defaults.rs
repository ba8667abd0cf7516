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
//!
//! The file may also name the game's **strength presets** ([`Preset`]), skill levels a
//! designer can type as agents (`--agents casual,expert`), each an agent spec with what
//! was measured of it:
//!
//! ```toml
//! [presets.expert]
//! agent = "mcts(root=halving,iterations=1600)"
//! about = "spends its whole budget: sequential halving at the root"
//! measured = "0.656 [0.645, 0.667] against greedy, 2,000 games, seed 4120"
//! ```
//!
//! A preset resolves to its agent's effective spec (the agent's table under the preset's
//! parameters), with the parameters typed after the preset's name laid over both
//! (`expert(iterations=3200)`).

use crate::spec::{AgentError, AgentSpec};

/// The parsed per-game defaults: for each agent table, its `(key, value)` pairs as they
/// would be typed in a spec, in key order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AgentDefaults {
    tables: Vec<(String, Vec<(String, String)>)>,
    presets: Vec<Preset>,
}

/// A named strength preset of a game (`casual`, `club`, `expert`): a table of
/// `[presets]` in its `agents.toml`, typed as an agent name in `--agents`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The name typed in `--agents` (`expert`): letters, digits and `_`, not an agent's.
    pub name: String,
    /// The agent it plays, as written in the file (`mcts(root=halving,iterations=1600)`),
    /// before the agent's own table is laid under it.
    pub agent: AgentSpec,
    /// One line on how it plays.
    pub about: String,
    /// What was measured of it, as written (its score against `greedy` with the
    /// interval, games and seed); empty when the file says nothing.
    pub measured: String,
}

/// The key of an `agents.toml` that holds the presets.
const PRESETS: &str = "presets";

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
            if name == PRESETS {
                continue;
            }
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
        let mut defaults = AgentDefaults {
            tables,
            presets: Vec::new(),
        };
        if let Some(value) = root.get(PRESETS) {
            defaults.presets = parse_presets(value, file, &defaults)?;
        }
        Ok(defaults)
    }

    /// The game's strength presets, in the file's key order.
    pub fn presets(&self) -> &[Preset] {
        &self.presets
    }

    /// The preset called `name`, if the file has one.
    pub fn preset(&self, name: &str) -> Option<&Preset> {
        self.presets.iter().find(|p| p.name == name)
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

    /// Whether the file sets no parameter at all (presets aside).
    pub fn is_empty(&self) -> bool {
        self.tables.iter().all(|(_, p)| p.is_empty())
    }

    /// The effective spec of `spec` (as typed after `--agents`): unchanged (its text
    /// trimmed) when the file sets nothing for its agent, else `name(k=v,...)` with the
    /// file's parameters that `spec` does not name, then `spec`'s own, so that a
    /// parameter typed wins. No text is parsed: the parameters are laid over each other.
    /// Errors: [`AgentError::Syntax`] for a text that is not a spec
    /// ([`AgentSpec::readable`]).
    ///
    /// A preset's name resolves to its agent's effective spec with the parameters typed
    /// after the preset's name laid over it (`expert(iterations=3200)`).
    pub fn resolve(&self, spec: &AgentSpec) -> Result<AgentSpec, AgentError> {
        spec.readable()?;
        if let Some(preset) = self.preset(spec.name()) {
            return self.resolve(&preset.agent)?.with_params(spec.params());
        }
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

/// Reads the `[presets]` table of `file`: one table per preset with `agent` (a spec of
/// an honest agent of the table, checked with `defaults`' parameters under it), `about`
/// and an optional `measured`. Errors: one line naming the file, the preset and the key.
fn parse_presets(
    value: &toml::Value,
    file: &str,
    defaults: &AgentDefaults,
) -> Result<Vec<Preset>, String> {
    let Some(table) = value.as_table() else {
        return Err(format!(
            "{file}: presets must be tables ([presets.NAME] with agent = \"...\")"
        ));
    };
    let mut presets = Vec::new();
    for (name, value) in table {
        let at = format!("{file}: [presets.{name}]");
        let valid = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid || crate::agent(name).is_some() {
            return Err(format!(
                "{at}: a preset's name is letters, digits and _, and not an agent's"
            ));
        }
        let Some(t) = value.as_table() else {
            return Err(format!("{at} must be a table with agent = \"...\""));
        };
        let text = |key: &str| -> Result<Option<String>, String> {
            match t.get(key) {
                None => Ok(None),
                Some(toml::Value::String(s)) => Ok(Some(s.clone())),
                Some(v) => Err(format!("{at} {key} = {v}: must be a string")),
            }
        };
        if let Some(k) = t
            .keys()
            .find(|k| !["agent", "about", "measured"].contains(&k.as_str()))
        {
            return Err(format!(
                "{at} has no key '{k}' (keys: agent, about, measured)"
            ));
        }
        let agent = text("agent")?.ok_or_else(|| format!("{at} needs agent = \"...\""))?;
        let spec = AgentSpec::parse(&agent).map_err(|e| format!("{at} agent: {e}"))?;
        let Some(entry) = crate::agent(spec.name()) else {
            return Err(format!(
                "{at} agent = \"{agent}\": unknown agent '{}'",
                spec.name()
            ));
        };
        if entry.sees_hidden_information {
            return Err(format!(
                "{at} agent = \"{agent}\": a preset is an honest player ({} sees hidden \
                 information)",
                entry.name
            ));
        }
        let effective = defaults
            .resolve(&spec)
            .map_err(|e| format!("{at} agent: {e}"))?;
        (entry.check)(&effective).map_err(|e| format!("{at} agent = \"{agent}\": {e}"))?;
        presets.push(Preset {
            name: name.clone(),
            agent: spec,
            about: text("about")?.ok_or_else(|| format!("{at} needs about = \"...\""))?,
            measured: text("measured")?.unwrap_or_default(),
        });
    }
    Ok(presets)
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

    #[test]
    fn a_preset_resolves_to_its_agent_under_the_typed_parameters() {
        let d = AgentDefaults::parse(
            "[mcts]\nprior = 30\n\
             [presets.casual]\nagent = \"greedy\"\nabout = \"one ply\"\n\
             [presets.expert]\nagent = \"mcts(root=halving,iterations=1600)\"\n\
             about = \"halving\"\nmeasured = \"0.65 against greedy\"\n",
            FILE,
        )
        .unwrap();
        assert_eq!(resolve(&d, "casual"), "greedy");
        assert_eq!(
            resolve(&d, "expert"),
            "mcts(prior=30,root=halving,iterations=1600)"
        );
        assert_eq!(
            resolve(&d, "expert(iterations=3200, c=0.3)"),
            "mcts(prior=30,root=halving,iterations=3200,c=0.3)"
        );
        let names: Vec<&str> = d.presets().iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["casual", "expert"]);
        assert_eq!(d.preset("expert").unwrap().measured, "0.65 against greedy");
        assert_eq!(d.preset("casual").unwrap().measured, "");
        assert!(!d.is_empty());
        // Without the table, a preset's agent is its own spec.
        let bare = AgentDefaults::parse(
            "[presets.expert]\nagent = \"mcts(iterations=9)\"\nabout = \"x\"\n",
            FILE,
        )
        .unwrap();
        assert!(bare.is_empty());
        assert_eq!(resolve(&bare, "expert"), "mcts(iterations=9)");
        assert_eq!(built(&bare, "expert(c=0.5)").config().iterations, 9);
    }

    #[test]
    fn bad_presets_are_one_line_naming_file_preset_and_key() {
        let cases = [
            ("[presets]\nx = 1\n", "[presets.x] must be a table"),
            ("presets = 3\n", "presets must be tables"),
            ("[presets.x]\nabout = \"a\"\n", "[presets.x] needs agent"),
            (
                "[presets.x]\nagent = \"greedy\"\n",
                "[presets.x] needs about",
            ),
            (
                "[presets.x]\nagent = \"greedy\"\nabout = \"a\"\nspeed = 1\n",
                "[presets.x] has no key 'speed'",
            ),
            (
                "[presets.x]\nagent = \"nobody\"\nabout = \"a\"\n",
                "unknown agent 'nobody'",
            ),
            (
                "[presets.x]\nagent = \"mcts(c=99)\"\nabout = \"a\"\n",
                "[presets.x] agent = \"mcts(c=99)\"",
            ),
            (
                "[presets.x]\nagent = \"oracle\"\nabout = \"a\"\n",
                "a preset is an honest player",
            ),
            (
                "[presets.greedy]\nagent = \"mcts\"\nabout = \"a\"\n",
                "not an agent's",
            ),
            (
                "[presets.x]\nagent = \"mcts(\"\nabout = \"a\"\n",
                "[presets.x] agent:",
            ),
            (
                "[presets.x]\nagent = 3\nabout = \"a\"\n",
                "[presets.x] agent = 3: must be a string",
            ),
        ];
        for (text, want) in cases {
            let e = AgentDefaults::parse(text, FILE).unwrap_err();
            assert!(e.starts_with(FILE), "{e}");
            assert!(e.contains(want), "{text:?}: {e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
