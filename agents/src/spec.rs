//! Agent specs as typed on the command line: `random`, `greedy`, `mcts`, or a name with
//! parameters, `mcts(iterations=400,c=0.7)`. A list of specs is comma-separated; commas
//! inside parentheses belong to the spec. A spec is read once, at the edge, into an
//! [`AgentSpec`] that the lab carries from then on.

use std::sync::atomic::{AtomicUsize, Ordering};

/// A spec that cannot be turned into an agent. Each message is one line naming the spec,
/// the parameter and the value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AgentError {
    /// The name is not one of the table's ([`crate::AGENTS`]).
    #[error("unknown agent '{name}' (known agents: {known})")]
    UnknownAgent {
        /// The name typed.
        name: String,
        /// The table's names, comma-separated.
        known: String,
    },
    /// The agent has no such parameter.
    #[error("agent '{agent}' has no parameter '{key}' (parameters: {known})")]
    UnknownParam {
        /// The agent name.
        agent: String,
        /// The parameter typed.
        key: String,
        /// The agent's parameters, comma-separated.
        known: String,
    },
    /// The spec names one parameter twice (`mcts(iterations=10,iterations=20)`): which
    /// one was meant is not for the lab to guess.
    #[error("agent '{agent}': the parameter '{key}' is given twice")]
    RepeatedParam {
        /// The agent name.
        agent: String,
        /// The parameter typed twice.
        key: String,
    },
    /// The value does not parse or is out of range.
    #[error("agent '{agent}': {key}={value} is not valid ({expected})")]
    BadValue {
        /// The agent name.
        agent: String,
        /// The parameter.
        key: String,
        /// The value typed.
        value: String,
        /// What the parameter accepts.
        expected: String,
    },
    /// The agent cannot play the game ([`crate::AgentEntry::plays`]).
    #[error("agent '{agent}' cannot play {game}")]
    CannotPlay {
        /// The agent name.
        agent: String,
        /// The game's name.
        game: String,
    },
    /// The spec is not `name` or `name(key=value,...)`.
    #[error(
        "cannot read agent spec '{0}' (expected NAME or NAME(key=value,...); a value holding \
         , ( ) or = goes in double quotes)"
    )]
    Syntax(String),
    /// The agent needs a cargo feature this build was made without (its table line's
    /// `feature`: `onnx` needs `onnx`). The message names the feature and the command
    /// that builds `sim` with it ([`build_with`]).
    #[error(
        "agent '{agent}' needs the cargo feature '{feature}', which this build lacks; {}",
        build_with(feature)
    )]
    MissingFeature {
        /// The agent name.
        agent: String,
        /// The cargo feature (of `sim-cli`, `lab`, `agents` and the Python package alike).
        feature: &'static str,
    },
}

/// What to type to get a build with the cargo `feature`, for the error of a missing one:
/// `build it with: cargo build --release -p sim-cli --features onnx` (the Python package
/// takes the same feature names: `MATURIN_PEP517_ARGS="--features onnx" pip install
/// ./python`, see docs/features.md).
pub fn build_with(feature: &str) -> String {
    format!("build it with: cargo build --release -p sim-cli --features {feature}")
}

/// How many spec texts [`AgentSpec::parse`], [`AgentSpec::read`] and their lists have
/// parsed in this process ([`parse_count`]).
static PARSES: AtomicUsize = AtomicUsize::new(0);

/// How many spec texts this process has parsed: the one parser behind
/// [`AgentSpec::parse`], [`AgentSpec::read`] and their lists counts each text it reads.
/// For the test that no command parses a spec after its arguments are read (a typed
/// [`AgentSpec`] is carried instead).
#[doc(hidden)]
pub fn parse_count() -> usize {
    PARSES.load(Ordering::Relaxed)
}

/// An agent spec as typed on the command line (`random`, `greedy`,
/// `mcts(iterations=400,c=0.7)`), read once at the edge (argument parsing, a Python entry
/// point, a recorded file) and carried as this typed value through plans, players,
/// `run.json` and summaries: the agent's name and its `key=value` parameters in the
/// order typed, with the text they were read from.
///
/// Its text ([`Display`](std::fmt::Display), [`AgentSpec::as_str`]) is what the lab
/// prints and writes: the spec as typed, trimmed (`mcts(iterations=400, c=0.7)`, space
/// kept), or for a spec made from parts ([`AgentSpec::new`], [`AgentSpec::with_params`],
/// the per-game defaults' [`crate::AgentDefaults::resolve`]) `name(k=v,...)`. It
/// serializes as the text as typed ([`AgentSpec::as_typed`]) and deserializes by reading
/// it, so recorded options keep their format.
///
/// The table's checks (unknown agent or parameter, bad value, a game it cannot play) are
/// made where a command checks its arguments ([`crate::make_agent`], the table's
/// [`crate::AgentEntry::check`], [`crate::check_plays`]), on this value. A text that is not
/// a spec read with [`AgentSpec::read`] is kept with its syntax error, which every use
/// reports ([`AgentError::Syntax`]), so that a command reports it where and as it reports
/// a bad spec; [`AgentSpec::parse`] refuses it at once.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AgentSpec {
    /// The agent name (`mcts`); for a text that is not a spec, the text, trimmed.
    name: String,
    /// The parameters, `(key, value)`, in the order typed.
    params: Vec<(String, String)>,
    /// The text as typed (not trimmed), or `name(k=v,...)` for a spec made from parts.
    typed: String,
    /// Whether `typed` is a spec: `false` for a text [`AgentSpec::read`] kept.
    readable: bool,
}

impl AgentSpec {
    /// Reads one spec (`mcts(iterations=400, c=0.7)`; surrounding blanks ignored).
    /// Errors: [`AgentError::Syntax`] naming the trimmed text when it is not `NAME` or
    /// `NAME(key=value,...)` with `NAME` of letters, digits and `_`.
    pub fn parse(text: &str) -> Result<AgentSpec, AgentError> {
        let (name, params) = parse_text(text)?;
        Ok(AgentSpec {
            name,
            params,
            typed: text.to_string(),
            readable: true,
        })
    }

    /// Reads one spec as [`AgentSpec::parse`], keeping a text that is not a spec: each
    /// use of it (building, checking, the defaults overlay) then fails with the
    /// [`AgentError::Syntax`] that `parse` gives. The reader of `--agents` and of recorded
    /// files, so that a bad spec is reported where a command checks its agents.
    pub fn read(text: &str) -> AgentSpec {
        match parse_text(text) {
            Ok((name, params)) => AgentSpec {
                name,
                params,
                typed: text.to_string(),
                readable: true,
            },
            Err(_) => AgentSpec {
                name: text.trim().to_string(),
                params: Vec::new(),
                typed: text.to_string(),
                readable: false,
            },
        }
    }

    /// Reads a comma-separated list of specs (`split_specs`), each with
    /// [`AgentSpec::parse`]. Errors: [`AgentError::Syntax`] on unbalanced parentheses, an
    /// empty spec or a spec that does not parse.
    pub fn parse_list(list: &str) -> Result<Vec<AgentSpec>, AgentError> {
        split_specs(list)?
            .iter()
            .map(|s| AgentSpec::parse(s))
            .collect()
    }

    /// Reads a comma-separated list of specs (`split_specs`), each with
    /// [`AgentSpec::read`] (a piece that is not a spec is kept with its error). Errors:
    /// [`AgentError::Syntax`] on unbalanced parentheses or an empty spec.
    pub fn read_list(list: &str) -> Result<Vec<AgentSpec>, AgentError> {
        Ok(split_specs(list)?
            .iter()
            .map(|s| AgentSpec::read(s))
            .collect())
    }

    /// The spec of agent `name` with parameters `params`, made from parts (no text is
    /// parsed): its text is `name`, or `name(k=v,...)` in the order given. `name` and the
    /// parameters are taken as they are; the table checks them when the agent is built.
    pub fn new<K: Into<String>, V: Into<String>>(
        name: &str,
        params: impl IntoIterator<Item = (K, V)>,
    ) -> AgentSpec {
        let params: Vec<(String, String)> = params
            .into_iter()
            .map(|(k, v)| (k.into(), v.into()))
            .collect();
        let typed = if params.is_empty() {
            name.to_string()
        } else {
            let list: Vec<String> = params
                .iter()
                .map(|(k, v)| format!("{k}={}", written_value(v)))
                .collect();
            format!("{name}({})", list.join(","))
        };
        AgentSpec {
            name: name.to_string(),
            params,
            typed,
            readable: true,
        }
    }

    /// The spec of agent `name` without parameters (its text is `name`), made without
    /// parsing.
    pub fn named(name: &str) -> AgentSpec {
        AgentSpec::new(name, std::iter::empty::<(String, String)>())
    }

    /// The agent name (`mcts`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The parameters, `(key, value)`, in the order typed (a key typed twice is listed
    /// twice, and building the agent refuses it: [`AgentError::RepeatedParam`]).
    pub fn params(&self) -> &[(String, String)] {
        &self.params
    }

    /// The value of parameter `key` the agent is built with from this spec (of a key
    /// typed twice, which no agent is built from, the last); `None` when the spec does not
    /// name it.
    pub fn param(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The spec's text, trimmed: what the lab prints and writes.
    pub fn as_str(&self) -> &str {
        self.typed.trim()
    }

    /// The text as typed, blanks around it kept (how options record it).
    pub fn as_typed(&self) -> &str {
        &self.typed
    }

    /// The same spec with its text trimmed ([`AgentSpec::as_typed`] then equals
    /// [`AgentSpec::as_str`]).
    pub fn trimmed(&self) -> AgentSpec {
        AgentSpec {
            typed: self.as_str().to_string(),
            ..self.clone()
        }
    }

    /// `Ok` for a spec; for a text [`AgentSpec::read`] kept that is not one, the
    /// [`AgentError::Syntax`] naming it. Every use of a spec checks it first.
    pub fn readable(&self) -> Result<(), AgentError> {
        if self.readable {
            Ok(())
        } else {
            Err(AgentError::Syntax(self.as_str().to_string()))
        }
    }

    /// The spec with the parameters `over` written over its own: `name(k=v,...)` with
    /// its parameters that `over` does not name, then `over`'s (so that `over` wins);
    /// `name` alone when there is no parameter at all. Errors: [`AgentError::Syntax`] for
    /// a text that is not a spec ([`AgentSpec::readable`]).
    pub fn with_params(&self, over: &[(String, String)]) -> Result<AgentSpec, AgentError> {
        self.readable()?;
        let kept = self
            .params
            .iter()
            .filter(|(k, _)| !over.iter().any(|(o, _)| o == k));
        Ok(AgentSpec::new(&self.name, kept.chain(over).cloned()))
    }
}

impl std::fmt::Display for AgentSpec {
    /// The spec's text, trimmed ([`AgentSpec::as_str`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for AgentSpec {
    /// The text as typed ([`AgentSpec::as_typed`]), a JSON string.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.typed)
    }
}

impl<'de> serde::Deserialize<'de> for AgentSpec {
    /// Reads a recorded spec with [`AgentSpec::read`] (a recorded text is an edge, as the
    /// command line is).
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Ok(AgentSpec::read(&text))
    }
}

/// Splits a comma-separated list of specs, keeping commas inside parentheses:
/// `"mcts(iterations=10,c=1),greedy"` gives `["mcts(iterations=10,c=1)", "greedy"]`, each
/// trimmed. Errors: [`AgentError::Syntax`] on unbalanced parentheses or an empty spec.
pub(crate) fn split_specs(list: &str) -> Result<Vec<String>, AgentError> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut quoted = false;
    let mut cur = String::new();
    for ch in list.chars() {
        match ch {
            '"' => quoted = !quoted,
            _ if quoted => {}
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur).trim().to_string());
                continue;
            }
            _ => {}
        }
        if depth < 0 {
            return Err(AgentError::Syntax(list.to_string()));
        }
        cur.push(ch);
    }
    if depth != 0 || quoted {
        return Err(AgentError::Syntax(list.to_string()));
    }
    out.push(cur.trim().to_string());
    if out.iter().any(|s| s.is_empty()) {
        return Err(AgentError::Syntax(list.to_string()));
    }
    Ok(out)
}

/// The one parser of a spec's text: its name and parameters, counted in
/// [`parse_count`]. Errors: [`AgentError::Syntax`] naming the trimmed text.
fn parse_text(spec: &str) -> Result<(String, Vec<(String, String)>), AgentError> {
    PARSES.fetch_add(1, Ordering::Relaxed);
    let spec = spec.trim();
    let syntax = || AgentError::Syntax(spec.to_string());
    let (name, rest) = match spec.find('(') {
        None => (spec, None),
        Some(i) => {
            let inner = spec[i + 1..].strip_suffix(')').ok_or_else(syntax)?;
            (&spec[..i], Some(inner))
        }
    };
    let name = name.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(syntax());
    }
    let mut params = Vec::new();
    if let Some(inner) = rest {
        for part in split_outside_quotes(inner).ok_or_else(syntax)? {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let (k, v) = part.split_once('=').ok_or_else(syntax)?;
            let v = v.trim();
            // A value in double quotes may hold `,`, `(`, `)` and `=` (a file path).
            let v = match v.strip_prefix('"') {
                Some(q) => q
                    .strip_suffix('"')
                    .filter(|q| !q.contains('"'))
                    .ok_or_else(syntax)?,
                None if v.contains('"') => return Err(syntax()),
                None => v,
            };
            params.push((k.trim().to_string(), v.to_string()));
        }
    }
    Ok((name.to_string(), params))
}

/// `text` split on the commas outside double quotes; `None` if a quote is left open.
fn split_outside_quotes(text: &str) -> Option<Vec<&str>> {
    let mut parts = Vec::new();
    let (mut start, mut quoted) = (0, false);
    for (i, ch) in text.char_indices() {
        match ch {
            '"' => quoted = !quoted,
            ',' if !quoted => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    (!quoted).then_some(parts)
}

/// A parameter's value as written in a spec's text: as it is, or in double quotes when it
/// holds `,`, `(`, `)`, `=` or blanks at its ends (a file path), so the text reads back
/// to the same value.
pub(crate) fn written_value(v: &str) -> std::borrow::Cow<'_, str> {
    if v.contains([',', '(', ')', '=']) || v.trim() != v {
        std::borrow::Cow::Owned(format!("\"{v}\""))
    } else {
        std::borrow::Cow::Borrowed(v)
    }
}

/// The type of a parameter's value, as typed after `key=` in a spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// A whole number (`iterations=400`); the help gives its range.
    Integer,
    /// A decimal number (`c=0.7`); the help gives its range.
    Number,
    /// `true` or `false`.
    Flag,
    /// One of the words the help lists (`root=paired`).
    Word,
    /// A whole number or one of the words the help lists (`depth=end`).
    IntegerOrWord,
    /// A file path (`model=policy.onnx`): any text but `"`; in double quotes when it
    /// holds `,`, `(`, `)` or `=` (`model="runs/a,b/policy.onnx"`).
    Path,
}

impl ParamKind {
    /// Whether `value` has this type (not whether it is in range or a listed word: the
    /// agent's constructor checks that).
    pub fn admits(self, value: &str) -> bool {
        let word =
            !value.is_empty() && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        match self {
            ParamKind::Integer => value.parse::<i64>().is_ok(),
            ParamKind::Number => value.parse::<f64>().is_ok_and(f64::is_finite),
            ParamKind::Flag => value == "true" || value == "false",
            ParamKind::Word | ParamKind::IntegerOrWord => word,
            ParamKind::Path => !value.is_empty() && !value.contains('"'),
        }
    }
}

/// One parameter of an agent, for `sim agents` and for checking specs.
#[derive(Debug, Clone, Copy)]
pub struct ParamInfo {
    /// The key typed in a spec.
    pub name: &'static str,
    /// The type of its value.
    pub kind: ParamKind,
    /// The default value, as typed.
    pub default: &'static str,
    /// What it does and what it accepts.
    pub help: &'static str,
}

/// Reads the parameters of `spec` against `known`, calling `set(key, value)` for each;
/// `set` returns the accepted range on a bad value. Errors: [`AgentError::Syntax`] for a
/// text that is not a spec, [`AgentError::UnknownParam`], [`AgentError::RepeatedParam`]
/// and [`AgentError::BadValue`].
pub(crate) fn apply_params(
    spec: &AgentSpec,
    known: &[ParamInfo],
    mut set: impl FnMut(&str, &str) -> Result<(), String>,
) -> Result<(), AgentError> {
    spec.readable()?;
    for (i, (k, v)) in spec.params().iter().enumerate() {
        if spec.params()[..i].iter().any(|(earlier, _)| earlier == k) {
            return Err(AgentError::RepeatedParam {
                agent: spec.name.clone(),
                key: k.clone(),
            });
        }
        if !known.iter().any(|p| p.name == k) {
            return Err(AgentError::UnknownParam {
                agent: spec.name.clone(),
                key: k.clone(),
                known: known.iter().map(|p| p.name).collect::<Vec<_>>().join(", "),
            });
        }
        set(k, v).map_err(|expected| AgentError::BadValue {
            agent: spec.name.clone(),
            key: k.clone(),
            value: v.clone(),
            expected,
        })?;
    }
    Ok(())
}

/// Parses one of `words` (`root=paired`); the error lists them: "halving, uct or paired".
pub(crate) fn word<T: Copy>(v: &str, words: &[(&str, T)]) -> Result<T, String> {
    if let Some(&(_, t)) = words.iter().find(|(w, _)| *w == v) {
        return Ok(t);
    }
    let names: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
    Err(match names.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    })
}

/// Parses `true` or `false`.
pub(crate) fn flag(v: &str) -> Result<bool, String> {
    word(v, &[("true", true), ("false", false)])
}

/// Declares an agent's settings and its spec parameters in one place: each parameter is
/// one entry giving its field (name and type), its default as typed in a spec, its
/// [`ParamKind`], its parser (which holds the range or the words accepted: a function
/// `fn(&str) -> Result<T, String>` whose error says what is accepted), the help `sim
/// agents` prints, and the field's doc. From the entries come the settings struct, its
/// `Default` (each default parsed by its own parser, so the defaults `sim agents` prints
/// are the defaults the agent plays), the `&[ParamInfo]` table, `set_param` and
/// `from_spec_params`. Settings that are not spec parameters follow in `fixed`, with their
/// values.
///
/// ```ignore
/// agent_params! {
///     /// Settings of `example`.
///     #[derive(Clone, Copy, Debug, PartialEq)]
///     pub struct ExampleConfig;
///     /// Parameters of `example`.
///     pub const EXAMPLE_PARAMS;
///     params {
///         /// Iterations per decision.
///         iterations: u32 = "500", Integer, |v| number(v, 1u32, 1000), "iterations (1-1000)";
///     }
///     fixed {}
/// }
/// ```
macro_rules! agent_params {
    (
        $(#[$smeta:meta])*
        pub struct $config:ident;
        $(#[$pmeta:meta])*
        pub const $params:ident;
        params {
            $(
                $(#[$fmeta:meta])*
                $field:ident: $ty:ty = $default:expr, $kind:ident, $parse:expr, $help:expr;
            )*
        }
        fixed {
            $(
                $(#[$xmeta:meta])*
                $xfield:ident: $xty:ty = $xvalue:expr;
            )*
        }
    ) => {
        $(#[$smeta])*
        pub struct $config {
            $( $(#[$fmeta])* pub $field: $ty, )*
            $( $(#[$xmeta])* pub $xfield: $xty, )*
        }

        $(#[$pmeta])*
        pub const $params: &[$crate::spec::ParamInfo] = &[
            $(
                $crate::spec::ParamInfo {
                    name: stringify!($field),
                    kind: $crate::spec::ParamKind::$kind,
                    default: $default,
                    help: $help,
                },
            )*
        ];

        impl Default for $config {
            /// Each parameter at the default its table entry gives (as `sim agents` prints
            /// it), read by the parameter's own parser.
            fn default() -> Self {
                $config {
                    $(
                        $field: {
                            let parse: fn(&str) -> Result<$ty, String> = $parse;
                            match parse($default) {
                                Ok(v) => v,
                                Err(e) => panic!(
                                    "the default {}={} does not parse ({e})",
                                    stringify!($field),
                                    $default
                                ),
                            }
                        },
                    )*
                    $( $xfield: $xvalue, )*
                }
            }
        }

        impl $config {
            /// Sets the parameter `key` (one of the table's names) from its value as typed
            /// in a spec. Errors: what the parameter accepts, for
            /// [`AgentError::BadValue`](crate::AgentError::BadValue).
            pub fn set_param(&mut self, key: &str, value: &str) -> Result<(), String> {
                match key {
                    $(
                        stringify!($field) => {
                            let parse: fn(&str) -> Result<$ty, String> = $parse;
                            self.$field = parse(value)?;
                        }
                    )*
                    _ => return Err(format!("no parameter '{key}'")),
                }
                Ok(())
            }

            /// The defaults with the parameters of `spec` written over them. Errors:
            /// [`AgentError`](crate::AgentError) naming an unknown parameter or a bad value.
            pub fn from_spec_params(
                spec: &$crate::spec::AgentSpec,
            ) -> Result<Self, $crate::AgentError> {
                let mut config = Self::default();
                $crate::spec::apply_params(spec, $params, |k, v| config.set_param(k, v))?;
                Ok(config)
            }
        }
    };
}
pub(crate) use agent_params;

/// Parses a number in `lo..=hi`; the error names the range.
pub(crate) fn number<T>(v: &str, lo: T, hi: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    match v.parse::<T>() {
        Ok(x) if x >= lo && x <= hi => Ok(x),
        _ => Err(format!("a number from {lo} to {hi}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_top_level_commas() {
        assert_eq!(
            split_specs("mcts(iterations=10,c=1), greedy").unwrap(),
            ["mcts(iterations=10,c=1)", "greedy"]
        );
        assert!(split_specs("mcts(iterations=10").is_err());
        assert!(split_specs("random,,random").is_err());
        let list = AgentSpec::parse_list("mcts(iterations=10, c=1), greedy").unwrap();
        assert_eq!(list[0].to_string(), "mcts(iterations=10, c=1)");
        assert_eq!(list[1].name(), "greedy");
        assert!(AgentSpec::parse_list("mcts(iterations),greedy").is_err());
        assert_eq!(
            AgentSpec::read_list("mcts(iterations),greedy").unwrap()[0].readable(),
            Err(AgentError::Syntax("mcts(iterations)".into()))
        );
        assert!(AgentSpec::read_list("random,,random").is_err());
    }

    #[test]
    fn parses_parameters() {
        let s = AgentSpec::parse(" mcts(iterations=400, c=0.7) ").unwrap();
        assert_eq!(s.name(), "mcts");
        assert_eq!(
            s.params(),
            [
                ("iterations".into(), "400".into()),
                ("c".into(), "0.7".into())
            ]
        );
        assert_eq!(s.to_string(), "mcts(iterations=400, c=0.7)");
        assert_eq!(s.as_typed(), " mcts(iterations=400, c=0.7) ");
        assert_eq!(s.param("c"), Some("0.7"));
        assert!(AgentSpec::parse("mcts(iterations)").is_err());
        let over = [("c".to_string(), "0.4".to_string())];
        assert_eq!(
            s.with_params(&over).unwrap().to_string(),
            "mcts(iterations=400,c=0.4)"
        );
        let greedy = AgentSpec::parse("greedy").unwrap();
        assert_eq!(greedy.with_params(&[]).unwrap().to_string(), "greedy");
        assert_eq!(greedy, AgentSpec::named("greedy"));
        assert!(AgentSpec::parse("(x=1)").is_err());
    }

    /// A text that is not a spec, kept by `read`, fails every use with the error `parse`
    /// gives, naming the trimmed text.
    #[test]
    fn a_text_read_that_is_not_a_spec_reports_its_syntax_error_when_used() {
        let bad = AgentSpec::read(" mcts(c=1 ");
        let want = AgentSpec::parse(" mcts(c=1 ").unwrap_err();
        assert_eq!(bad.readable(), Err(want.clone()));
        assert_eq!(bad.with_params(&[]).unwrap_err(), want);
        assert_eq!(bad.to_string(), "mcts(c=1");
        assert!(AgentSpec::read("greedy").readable().is_ok());
    }

    /// A spec serializes as its text as typed and deserializes by reading it back.
    #[test]
    fn serializes_as_its_text() {
        for text in ["mcts(iterations=400, c=0.7)", " greedy", "not a spec("] {
            let spec = AgentSpec::read(text);
            let json = serde_json::to_string(&spec).unwrap();
            assert_eq!(json, serde_json::to_string(text).unwrap());
            let back: AgentSpec = serde_json::from_str(&json).unwrap();
            assert_eq!(back, spec);
        }
    }

    /// A value in double quotes may hold `,`, `(`, `)` and `=` (a file path); a spec made
    /// from parts writes such a value in quotes, so its text reads back to it.
    #[test]
    fn quoted_values_hold_commas_and_parentheses() {
        let list =
            AgentSpec::parse_list("onnx(model=\"runs/a,b (2)/p=1.onnx\", sample=true), greedy")
                .unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(list[0].param("model"), Some("runs/a,b (2)/p=1.onnx"));
        assert_eq!(list[0].param("sample"), Some("true"));
        let made = AgentSpec::new("mcts", [("eval", "x,y.toml"), ("c", "0.3")]);
        assert_eq!(made.as_str(), "mcts(eval=\"x,y.toml\",c=0.3)");
        let back = AgentSpec::parse(made.as_str()).unwrap();
        assert_eq!(back.params(), made.params());
        for bad in [
            "onnx(model=\"a.onnx)",
            "onnx(model=a\"b)",
            "onnx(model=\"a\"b\")",
        ] {
            assert!(AgentSpec::parse(bad).is_err(), "{bad}");
        }
        assert!(AgentSpec::parse_list("onnx(model=\"a,b), greedy").is_err());
        assert!(ParamKind::Path.admits("a,b (1).onnx"));
        assert!(!ParamKind::Path.admits("a\"b"));
    }
}
