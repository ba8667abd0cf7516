//! `soccerlab.selfplay(...)`: `sim selfplay` from Python (the lab's
//! [`lab::commands::selfplay::selfplay`]), writing the same Parquet files and `_manifest.json`.

use lab::infra::options::{GameOptions, OutputOptions, SelfplayOptions};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;

/// The agents argument: one string `"mcts(iterations=200),random"` (split as `--agents`
/// is, on commas outside parentheses) or a list of specs.
#[derive(FromPyObject)]
enum AgentList {
    One(String),
    Many(Vec<String>),
}

/// Writes a self-play dataset, as `sim selfplay` does: the games of `agents` at `game`
/// played as `sim run` plays them (same seed, schedule and rules), one row per decision
/// in Parquet files `part-00000.parquet`, … of `rows_per_file` rows, with
/// `_manifest.json` (game, rules, agents, seed, the columns and the observation layout),
/// in the new folder `out` (which must not exist). Columns: `game`, `step`, `seat`,
/// `agent`, `observation` (list of float32, the seat's observation tensor), `legal`
/// (list of bool, `num_distinct_actions` long), `action`, `policy` (the agent's root
/// visit counts per action, empty for agents without search) and `return` (the seat's
/// final return). The files are the same, byte for byte, whatever `threads`.
///
/// Arguments: `game` a registered game's name; `agents` a string as `--agents` takes it
/// or a list of specs; `games` games per match; `seed`, `rules` (a shipped rule set or a
/// TOML file), `set` (a dict or a list of `KEY=VALUE`), `players`, `threads` (default:
/// every core), `rows_per_file`, `no_duplicate`, `gauntlet` as the flags of `sim`.
///
/// Returns a dict: `out` (the folder), `games`, `rows`, `files`. Raises `ValueError` with
/// the lab's one-line message for bad input (an unknown agent, an ONNX model that does
/// not fit the game, an existing folder…) and `OSError` when the folder cannot be written.
#[pyfunction]
#[pyo3(signature = (game, agents, games, out, *, seed=lab::infra::options::DEFAULT_SEED, rules=None, set=None,
    players=None, threads=None, rows_per_file=1_000_000, no_duplicate=false, gauntlet=false))]
#[allow(clippy::too_many_arguments)]
fn selfplay<'py>(
    py: Python<'py>,
    game: &str,
    agents: AgentList,
    games: u64,
    out: PathBuf,
    seed: u64,
    rules: Option<String>,
    set: Option<Bound<'py, PyAny>>,
    players: Option<usize>,
    threads: Option<usize>,
    rows_per_file: u64,
    no_duplicate: bool,
    gauntlet: bool,
) -> PyResult<Bound<'py, PyDict>> {
    // Read once here, at the edge; a piece that is not a spec is reported by the lab's
    // check of the agents, as `sim selfplay` reports it.
    let agents = match agents {
        AgentList::One(s) => {
            agents::AgentSpec::read_list(&s).map_err(|e| PyValueError::new_err(e.to_string()))?
        }
        AgentList::Many(v) => v.iter().map(|s| agents::AgentSpec::read(s)).collect(),
    };
    let set: Vec<String> = match set {
        None => Vec::new(),
        Some(s) => match s.cast::<PyDict>() {
            Ok(d) => d
                .iter()
                .map(|(k, v)| Ok(format!("{}={}", k.str()?, value_text(&v)?)))
                .collect::<PyResult<_>>()?,
            Err(_) => s.extract()?,
        },
    };
    if games == 0 {
        return Err(PyValueError::new_err("games must be positive"));
    }
    if threads == Some(0) {
        return Err(PyValueError::new_err("threads must be positive"));
    }
    let options = SelfplayOptions {
        common: GameOptions {
            game: game.to_string(),
            agents,
            games,
            gauntlet,
            no_duplicate,
            seed,
            rules: rules.into_iter().collect(),
            set,
            players,
        },
        output: OutputOptions {
            threads,
            out: Some(out),
            command_line: Vec::new(),
        },
        rows_per_file,
    };
    let report = py.detach(|| lab::selfplay(&options)).map_err(|e| match e {
        lab::Error::Io(m) => pyo3::exceptions::PyOSError::new_err(m),
        other => PyValueError::new_err(crate::messages::for_python(other.to_string())),
    })?;
    let d = PyDict::new(py);
    d.set_item("out", report.out.to_string_lossy().to_string())?;
    d.set_item("games", report.games)?;
    d.set_item("rows", report.rows)?;
    d.set_item("files", report.files)?;
    Ok(d)
}

/// A `set` value as a rules override writes it: `True` → `true`, numbers and strings as
/// they print.
fn value_text(v: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(b) = v.extract::<bool>() {
        return Ok(b.to_string());
    }
    Ok(v.str()?.to_string())
}

/// Adds `selfplay` to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(selfplay, m)?)
}
