//! The agent table ([`AGENTS`], one [`AgentEntry`] per agent) and what reads it: the
//! spec parser's constructor ([`make_agent`]), the baseline, the checks of a spec against
//! a game. It depends on every agent's file and on `spec.rs`; the agents depend on
//! `spec.rs` only, never on this table, so the crate's imports form no circle.

use crate::forgetful::{Forgetful, FORGETFUL_PARAMS};
use crate::greedy::{Greedy, GREEDY_PARAMS};
use crate::mcts::{Mcts, MCTS_PARAMS};
use crate::onnx::{Onnx, ONNX_PARAMS};
use crate::oracle::Oracle;
use crate::panicking::{self, test_agents_enabled};
use crate::random::RandomAgent;
use crate::spec::{AgentError, AgentSpec, ParamInfo, ParamKind};
use engine_core::{Agent, GameInfo, Heuristic};

/// Which games an agent can play.
#[derive(Clone, Copy, Debug)]
pub enum Plays {
    /// Every game of the lab.
    All,
    /// The games whose [`GameInfo`] the predicate accepts.
    Only(fn(&GameInfo) -> bool),
}

/// One line of the agent table: everything the lab knows of an agent.
#[derive(Clone, Copy, Debug)]
pub struct AgentEntry {
    /// The name typed in `--agents` (`mcts`).
    pub name: &'static str,
    /// One line for `sim agents`.
    pub about: &'static str,
    /// Its parameters: key, type, generic default and documentation.
    pub params: &'static [ParamInfo],
    /// The games it can play.
    pub plays: Plays,
    /// Whether it reads what its seat may not see (the `oracle`): the lab marks every
    /// seat it plays, and the no-peeking test exempts it.
    pub sees_hidden_information: bool,
    /// Whether it is the baseline every other agent is measured against (`random`: the
    /// skill gap of `balance.csv`, the first rung of `sim ladder`, `sim bench`'s random
    /// games). Exactly one agent is.
    pub baseline: bool,
    /// The table of a game's `configs/<game>/agents.toml` whose values replace its
    /// generic defaults ([`crate::AgentDefaults`]): its own name, another agent's (`oracle`
    /// reads `mcts`), or empty for an agent without parameters.
    pub defaults_table: &'static str,
    /// A cheap spec of it for tests that play every agent (`mcts(iterations=60)`).
    pub test_spec: &'static str,
    /// The cargo feature of `sim` it needs (`onnx`), or `None` for an agent of every
    /// build: a build with the feature installs what the agent runs on at start (the
    /// `onnx` crate's runtime, [`crate::install_onnx_runtime`]).
    pub feature: Option<&'static str>,
    /// Builds it from a parsed spec without a game, to check the spec (the table's
    /// constructor, with the agent dropped). Errors: as [`make_agent`].
    pub check: fn(&AgentSpec) -> Result<(), AgentError>,
}

impl AgentEntry {
    /// Whether it is built only from a file the user supplies: a path parameter without
    /// a default (`onnx`'s `model`). Tests that play every agent of the table have no
    /// such file and leave it out; the agent's own tests (`onnx/tests/it/onnx.rs`) build
    /// one for each game and play it.
    pub fn needs_file(&self) -> bool {
        self.params
            .iter()
            .any(|p| matches!(p.kind, ParamKind::Path) && p.default.is_empty())
    }

    /// Whether this build has it: it needs no feature, or the build has its
    /// [`AgentEntry::feature`]. An agent not in the build is listed by `sim agents`
    /// (marked) and refused by [`make_agent`] with [`AgentError::MissingFeature`].
    pub fn available(&self) -> bool {
        match self.feature {
            None => true,
            Some("onnx") => crate::onnx::onnx_runtime_installed(),
            Some(_) => false,
        }
    }

    /// Whether it can play the game described by `info`.
    pub fn can_play(&self, info: &GameInfo) -> bool {
        match self.plays {
            Plays::All => true,
            Plays::Only(accepts) => accepts(info),
        }
    }
}

/// Declares the agent table: [`AGENTS`] and the constructor behind [`make_agent`], one
/// row per agent (its constructor, then its entry's fields but `check`, which the
/// constructor gives).
macro_rules! agent_table {
    ($($build:path => { $($field:ident: $value:expr),* $(,)? }),* $(,)?) => {
        /// The agent table: every agent [`make_agent`] knows, in the order `sim agents`
        /// lists them.
        pub const AGENTS: &[AgentEntry] = &[$(AgentEntry {
            $($field: $value,)*
            check: |spec| $build(spec).map(drop),
        }),*];

        /// Builds agent number `i` of [`AGENTS`] from `spec` for games with state `S`.
        fn build<S: Heuristic>(i: usize, spec: &AgentSpec) -> Result<Box<dyn Agent<S>>, AgentError> {
            let mut k = 0;
            $(
                if i == k {
                    return Ok(Box::new($build(spec)?));
                }
                k += 1;
            )*
            unreachable!("agent {i} of {k}")
        }
    };
}

agent_table! {
    RandomAgent::from_spec => {
        name: "random",
        feature: None,
        about: "uniform over the legal actions",
        params: &[],
        plays: Plays::All,
        sees_hidden_information: false,
        baseline: true,
        defaults_table: "",
        test_spec: "random",
    },
    Greedy::from_spec => {
        name: "greedy",
        feature: None,
        about: "best expected heuristic value one action ahead, on a determinization",
        params: GREEDY_PARAMS,
        plays: Plays::All,
        sees_hidden_information: false,
        baseline: false,
        defaults_table: "greedy",
        test_spec: "greedy",
    },
    Mcts::from_spec => {
        name: "mcts",
        feature: None,
        about: "single-observer Information Set MCTS (Cowling, Powley & Whitehouse 2012)",
        params: MCTS_PARAMS,
        plays: Plays::All,
        sees_hidden_information: false,
        baseline: false,
        defaults_table: "mcts",
        test_spec: "mcts(iterations=60)",
    },
    Forgetful::from_spec => {
        name: "forgetful",
        feature: None,
        about: "greedy with an imperfect memory: each card seen is forgotten with probability p \
                per turn (memory games; elsewhere it is greedy)",
        params: FORGETFUL_PARAMS,
        plays: Plays::All,
        sees_hidden_information: false,
        baseline: false,
        defaults_table: "forgetful",
        test_spec: "forgetful",
    },
    Oracle::from_spec => {
        name: "oracle",
        feature: None,
        about: "SEES HIDDEN INFORMATION: mcts searching the true state (the real deal; future \
                chance is still sampled); a bound on honest play, not an honest player",
        params: MCTS_PARAMS,
        plays: Plays::All,
        sees_hidden_information: true,
        baseline: false,
        defaults_table: "mcts",
        test_spec: "oracle(iterations=60)",
    },
    Onnx::from_spec => {
        name: "onnx",
        feature: Some("onnx"),
        about: "a trained policy: the legal action of highest logit (or sampled) of an ONNX \
                model from the seat's observation tensor",
        params: ONNX_PARAMS,
        plays: Plays::All,
        sees_hidden_information: false,
        baseline: false,
        defaults_table: "onnx",
        // No model fits every game: the table's tests leave it out; its own tests
        // (onnx/tests/it/onnx.rs, python/tests/test_selfplay_onnx.py) play it.
        test_spec: "onnx",
    },
}

/// The table's line of the agent called `name`; `None` for a name not in the table.
pub fn agent(name: &str) -> Option<&'static AgentEntry> {
    AGENTS.iter().find(|a| a.name == name)
}

/// The parameters of every agent of [`AGENTS`] as Markdown, for `docs/agents.md`: per
/// agent with parameters, a heading and a table of each parameter's name, type, default
/// and help, in declaration order (a test keeps the page equal to it). An agent sharing
/// another's parameters (`oracle`, `mcts`'s) is named with it instead of repeated.
pub fn params_markdown() -> String {
    let mut out = String::new();
    let mut done: Vec<(&'static str, &'static [ParamInfo])> = Vec::new();
    for a in AGENTS.iter().filter(|a| !a.params.is_empty()) {
        let same = |p: &[ParamInfo]| {
            p.len() == a.params.len()
                && p.iter()
                    .zip(a.params)
                    .all(|(x, y)| (x.name, x.default) == (y.name, y.default))
        };
        if let Some((first, _)) = done.iter().find(|(_, p)| same(p)) {
            out.push_str(&format!(
                "`{}` takes the parameters of `{first}`.\n\n",
                a.name
            ));
            continue;
        }
        done.push((a.name, a.params));
        out.push_str(&format!("#### `{}`\n\n", a.name));
        out.push_str("| parameter | type | default | meaning |\n|---|---|---|---|\n");
        for p in a.params {
            let kind = match p.kind {
                ParamKind::Integer => "integer",
                ParamKind::Number => "number",
                ParamKind::Flag => "true or false",
                ParamKind::Word => "word",
                ParamKind::IntegerOrWord => "integer or word",
                ParamKind::Path => "file",
            };
            let default = if p.default.is_empty() {
                "(required)".to_string()
            } else {
                format!("`{}`", p.default)
            };
            out.push_str(&format!(
                "| `{}` | {kind} | {default} | {} |\n",
                p.name,
                p.help.replace('|', "\\|")
            ));
        }
        out.push('\n');
    }
    out
}

/// The baseline agent (`random`): the one line of [`AGENTS`] marked `baseline`.
pub fn baseline() -> &'static AgentEntry {
    AGENTS
        .iter()
        .find(|a| a.baseline)
        .expect("the agent table marks a baseline")
}

/// Whether the agent of `spec` (an `--agents` entry, `oracle(iterations=100)`) sees
/// hidden information, so that its results bound honest play rather than measure it
/// (its table line says so). A text that is not a spec ([`AgentSpec::readable`]), or a
/// spec naming no agent of the table, sees nothing (it will be refused elsewhere).
pub fn sees_hidden_information(spec: &AgentSpec) -> bool {
    spec.readable().is_ok() && agent(spec.name()).is_some_and(|a| a.sees_hidden_information)
}

/// The names of [`AGENTS`], comma-separated (the message of an unknown name).
fn known_names() -> String {
    AGENTS.iter().map(|a| a.name).collect::<Vec<_>>().join(", ")
}

/// The least time one decision of the agent `spec` takes whatever the machine, when its
/// budget is a time (a `time_ms` parameter, `mcts(time_ms=…)`); `None` for budgets in
/// iterations, agents without a time budget and names not in the table.
/// Errors: as [`make_agent`].
pub fn decision_time_floor(spec: &AgentSpec) -> Result<Option<std::time::Duration>, AgentError> {
    spec.readable()?;
    let Some(entry) = agent(spec.name()) else {
        return Ok(None);
    };
    let Some(param) = entry.params.iter().find(|p| p.name == "time_ms") else {
        return Ok(None);
    };
    (entry.check)(spec)?;
    let ms: u64 = spec
        .param("time_ms")
        .unwrap_or(param.default)
        .parse()
        .unwrap_or(0);
    Ok((ms > 0).then(|| std::time::Duration::from_millis(ms)))
}

/// Checks that the agent of `spec` can play the game described by `info` (its table
/// line's [`AgentEntry::plays`]). A name not in the table passes (make_agent refuses it).
/// Errors: [`AgentError::Syntax`] for a text that is not a spec
/// ([`AgentSpec::readable`]), or [`AgentError::CannotPlay`] naming agent and game.
pub fn check_plays(spec: &AgentSpec, info: &GameInfo) -> Result<(), AgentError> {
    spec.readable()?;
    match agent(spec.name()) {
        Some(a) if !a.can_play(info) => Err(AgentError::CannotPlay {
            agent: a.name.into(),
            game: info.name.into(),
        }),
        _ => Ok(()),
    }
}

/// Builds the agent named by `spec` (`random`, `greedy`, `mcts(iterations=400,c=0.7)`,
/// `forgetful(p=0.5)`, `oracle(iterations=400)`), a line of [`AGENTS`], for games with
/// state `S`, from the typed spec (no text is parsed here).
/// Errors: [`AgentError`] for an unknown name or parameter, a bad value, or a text that
/// is not a spec ([`AgentSpec::readable`]).
pub fn make_agent<S: Heuristic>(spec: &AgentSpec) -> Result<Box<dyn Agent<S>>, AgentError> {
    spec.readable()?;
    if let Some(i) = AGENTS.iter().position(|a| a.name == spec.name()) {
        let agent = build(i, spec)?;
        // An evaluation file must fit this game's features (`eval=FILE.toml`).
        if let Some(v) = spec.param("eval") {
            let bad = |expected: String| AgentError::BadValue {
                agent: spec.name().to_string(),
                key: "eval".into(),
                value: v.to_string(),
                expected,
            };
            crate::Eval::parse(v)
                .map_err(bad)?
                .check::<S>()
                .map_err(bad)?;
        }
        return Ok(agent);
    }
    match spec.name() {
        // Test-only, never listed (see `panicking`).
        "panic" if test_agents_enabled() => Ok(Box::new(panicking::Panicking::from_spec(spec)?)),
        _ => Err(AgentError::UnknownAgent {
            name: spec.name().to_string(),
            known: known_names(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The defaults `sim agents` prints (each parameter's `default`) are the values an
    /// agent is built with when its spec leaves them out: the agent built from its bare
    /// name equals the one built with every default typed out. A parameter whose printed
    /// default differs from its field's (`MctsConfig::default()`, `Greedy`'s depth…) fails
    /// here, and so does a new agent with parameters that this test does not build.
    #[test]
    fn the_printed_defaults_are_the_built_ones() {
        fn typed_out(a: &AgentEntry) -> AgentSpec {
            let params: Vec<String> = a
                .params
                .iter()
                .map(|p| format!("{}={}", p.name, p.default))
                .collect();
            AgentSpec::parse(&format!("{}({})", a.name, params.join(","))).unwrap()
        }
        let mut checked = Vec::new();
        for a in AGENTS
            .iter()
            .filter(|a| !a.params.is_empty() && !a.needs_file())
        {
            let (bare, full) = (AgentSpec::parse(a.name).unwrap(), typed_out(a));
            let same = match a.name {
                "mcts" => {
                    let built = Mcts::from_spec(&bare).unwrap();
                    assert_eq!(*built.config(), crate::mcts::MctsConfig::default());
                    *built.config() == *Mcts::from_spec(&full).unwrap().config()
                }
                "oracle" => {
                    *Oracle::from_spec(&bare).unwrap().search().config()
                        == *Oracle::from_spec(&full).unwrap().search().config()
                }
                "greedy" => {
                    format!("{:?}", Greedy::from_spec(&bare).unwrap())
                        == format!("{:?}", Greedy::from_spec(&full).unwrap())
                }
                "forgetful" => {
                    format!("{:?}", Forgetful::from_spec(&bare).unwrap())
                        == format!("{:?}", Forgetful::from_spec(&full).unwrap())
                }
                other => panic!("{other} has parameters: build it here with and without them"),
            };
            assert!(
                same,
                "{}: the printed defaults differ from the built ones",
                a.name
            );
            checked.push(a.name);
        }
        assert!(
            checked.contains(&"mcts") && checked.contains(&"greedy"),
            "{checked:?}"
        );
    }

    /// The table is consistent: unique names, one baseline, every parameter's default of
    /// its type and accepted by the constructor, every defaults table an agent's own.
    #[test]
    fn the_agent_table_is_consistent() {
        let mut names: Vec<&str> = AGENTS.iter().map(|a| a.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), AGENTS.len(), "a name listed twice");
        assert_eq!(AGENTS.iter().filter(|a| a.baseline).count(), 1);
        assert!(baseline().params.is_empty() && !baseline().sees_hidden_information);
        for a in AGENTS {
            if a.needs_file() {
                // Built only from a model file (a required parameter without default):
                // onnx/tests/it/onnx.rs builds and plays it.
                assert_eq!(a.params[0].name, "model");
                assert!(a.params[1..].iter().all(|p| p.kind.admits(p.default)));
                assert!((a.check)(&AgentSpec::parse(a.test_spec).unwrap()).is_err());
                continue;
            }
            for p in a.params {
                assert!(
                    p.kind.admits(p.default),
                    "{}.{}={}",
                    a.name,
                    p.name,
                    p.default
                );
                let spec =
                    AgentSpec::parse(&format!("{}({}={})", a.name, p.name, p.default)).unwrap();
                (a.check)(&spec).unwrap_or_else(|e| panic!("{e}"));
                let twice = format!("{}({k}={v},{k}={v})", a.name, k = p.name, v = p.default);
                assert_eq!(
                    (a.check)(&AgentSpec::parse(&twice).unwrap()),
                    Err(AgentError::RepeatedParam {
                        agent: a.name.into(),
                        key: p.name.into()
                    }),
                    "{twice}"
                );
            }
            (a.check)(&AgentSpec::parse(a.test_spec).unwrap()).unwrap();
            assert_eq!(AgentSpec::parse(a.test_spec).unwrap().name(), a.name);
            if a.params.is_empty() {
                assert_eq!(a.defaults_table, "", "{}", a.name);
            } else {
                let owner = agent(a.defaults_table).expect("a table of the agent table");
                assert_eq!(owner.defaults_table, owner.name, "{}", a.name);
            }
            let bad = AgentSpec::parse(&format!("{}(no_such_key=1)", a.name)).unwrap();
            assert!(matches!(
                (a.check)(&bad),
                Err(AgentError::UnknownParam { .. })
            ));
        }
        let sees = |s: &str| sees_hidden_information(&AgentSpec::read(s));
        assert!(sees("oracle(iterations=5)"));
        assert!(!sees("mcts") && !sees("nobody") && !sees("oracle("));
    }

    /// An agent of a feature the build lacks is listed, marked, and refused with one
    /// line that names the feature and the command that builds it; its parameters are
    /// still checked first.
    #[test]
    fn an_agent_needing_a_feature_is_refused_only_without_it() {
        let onnx = agent("onnx").expect("onnx is listed in every build");
        assert_eq!(onnx.feature, Some("onnx"));
        assert!(
            !onnx.available(),
            "no runtime is installed in the agents' tests"
        );
        assert!(AGENTS
            .iter()
            .filter(|a| a.name != "onnx")
            .all(|a| a.available()));
        let typo = (onnx.check)(&AgentSpec::parse("onnx(modle=x.onnx)").unwrap());
        assert!(matches!(typo, Err(AgentError::UnknownParam { .. })));
        let e = (onnx.check)(&AgentSpec::parse("onnx(model=no-such-file.onnx)").unwrap())
            .expect_err("a missing feature")
            .to_string();
        assert_eq!(
            e,
            "agent 'onnx' needs the cargo feature 'onnx', which this build lacks; build it \
             with: cargo build --release -p sim-cli --features onnx"
        );
        let fits = check_model_fits_of("onnx(model=x.onnx)");
        assert!(matches!(fits, Err(AgentError::MissingFeature { .. })));
        assert!(check_model_fits_of("mcts").is_ok());
    }

    fn check_model_fits_of(spec: &str) -> Result<(), AgentError> {
        crate::check_model_fits(&AgentSpec::parse(spec)?, "grangol", 10, 10)
    }

    #[test]
    fn the_time_floor_reads_time_ms() {
        let floor = |s: &str| decision_time_floor(&AgentSpec::parse(s).unwrap()).unwrap();
        assert_eq!(floor("mcts"), None);
        assert_eq!(floor("random"), None);
        assert_eq!(
            floor("oracle(time_ms=30)"),
            Some(std::time::Duration::from_millis(30))
        );
        assert!(matches!(
            decision_time_floor(&AgentSpec::parse("mcts(time_ms=5,time_ms=7)").unwrap()),
            Err(AgentError::RepeatedParam { .. })
        ));
        assert!(decision_time_floor(&AgentSpec::parse("mcts(time_ms=x)").unwrap()).is_err());
        assert!(decision_time_floor(&AgentSpec::read("mcts(")).is_err());
    }
}
