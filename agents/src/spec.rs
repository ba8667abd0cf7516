//! Agent specs as typed on the command line: `random`, `greedy`, `mcts`, or a name with
//! parameters, `mcts(iterations=400,c=0.7)`. A list of specs is comma-separated; commas
//! inside parentheses belong to the spec.

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
    #[error("cannot read agent spec '{0}' (expected NAME or NAME(key=value,...))")]
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

/// A parsed spec: the agent's name and its `key=value` parameters in the order typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    /// The agent name (`mcts`).
    pub name: String,
    /// The parameters, `(key, value)`.
    pub params: Vec<(String, String)>,
}

impl Spec {
    /// The spec as text with the parameters `over` written over its own: `name(k=v,...)`
    /// with its parameters that `over` does not name, then `over`'s (so that `over`
    /// wins); `name` alone when there is no parameter at all.
    pub fn with_params(&self, over: &[(String, String)]) -> String {
        let params: Vec<String> = self
            .params
            .iter()
            .filter(|(k, _)| !over.iter().any(|(o, _)| o == k))
            .chain(over)
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        if params.is_empty() {
            self.name.clone()
        } else {
            format!("{}({})", self.name, params.join(","))
        }
    }
}

/// Splits a comma-separated list of specs, keeping commas inside parentheses:
/// `"mcts(iterations=10,c=1),greedy"` gives `["mcts(iterations=10,c=1)", "greedy"]`.
/// Errors: [`AgentError::Syntax`] on unbalanced parentheses or an empty spec.
pub fn split_specs(list: &str) -> Result<Vec<String>, AgentError> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for ch in list.chars() {
        match ch {
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
    if depth != 0 {
        return Err(AgentError::Syntax(list.to_string()));
    }
    out.push(cur.trim().to_string());
    if out.iter().any(|s| s.is_empty()) {
        return Err(AgentError::Syntax(list.to_string()));
    }
    Ok(out)
}

/// Parses one spec. Errors: [`AgentError::Syntax`].
pub fn parse_spec(spec: &str) -> Result<Spec, AgentError> {
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
        for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part.split_once('=').ok_or_else(syntax)?;
            params.push((k.trim().to_string(), v.trim().to_string()));
        }
    }
    Ok(Spec {
        name: name.to_string(),
        params,
    })
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
    /// A file path (`model=policy.onnx`): any text without `,`, `(` or `)`.
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
            ParamKind::Path => !value.is_empty() && !value.contains([',', '(', ')']),
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
/// `set` returns the accepted range on a bad value.
pub(crate) fn apply_params(
    spec: &Spec,
    known: &[ParamInfo],
    mut set: impl FnMut(&str, &str) -> Result<(), String>,
) -> Result<(), AgentError> {
    for (k, v) in &spec.params {
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
                spec: &$crate::spec::Spec,
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
    }

    #[test]
    fn parses_parameters() {
        let s = parse_spec("mcts(iterations=400, c=0.7)").unwrap();
        assert_eq!(s.name, "mcts");
        assert_eq!(
            s.params,
            [
                ("iterations".into(), "400".into()),
                ("c".into(), "0.7".into())
            ]
        );
        assert!(parse_spec("mcts(iterations)").is_err());
        let over = [("c".to_string(), "0.4".to_string())];
        assert_eq!(s.with_params(&over), "mcts(iterations=400,c=0.4)");
        assert_eq!(parse_spec("greedy").unwrap().with_params(&[]), "greedy");
        assert!(parse_spec("(x=1)").is_err());
    }
}
