//! The lab from Python: `sim run`, `sim compare` and `sim ladder` called as the `sim`
//! binary calls them (the same option structs, the same library functions, so the same
//! files for the same options), and a match in which Python callables play
//! ([`lab::commands::custom_agents::run_custom`]). The Python side (`soccerlab/lab.py`) names the
//! output folder, reads the CSV files back and builds the tables.
//!
//! Every command runs with the GIL released ([`Python::detach`]); a Python policy takes it
//! back for each of its decisions ([`Python::attach`]). Commands of one process run one at
//! a time ([`LAB`]): the lab's stop and failure flags are per process. Errors: the lab's
//! one-line message ([`lab::Error`]) as `ValueError` (bad options, rules, files, a game
//! that failed), `KeyboardInterrupt` for a stop.

use agents::AgentSpec;
use engine::core::{Action, ActionList, Agent, GameState, PlayerView, Registered, Rng};
use lab::infra::games::{self, GameTask};
use lab::infra::options::{
    CompareOptions, LabStatsOptions, LadderOptions, LongRunOptions, OutputOptions, RuleSetOptions,
};
use lab::{GameOptions, RunOptions};
use numpy::PyArray1;
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Held while a lab command runs: one command at a time per process.
static LAB: Mutex<()> = Mutex::new(());

/// The lab's error as the Python exception its kind calls for, with its one-line message.
fn lab_error(e: lab::Error) -> PyErr {
    match e {
        lab::Error::Stopped(_) | lab::Error::Interrupted => {
            PyKeyboardInterrupt::new_err(e.to_string())
        }
        _ => PyValueError::new_err(crate::messages::for_python(e.to_string())),
    }
}

/// Runs `f` with the GIL released and the lab to itself: progress on standard error only
/// with `progress`, game panics turned into errors quietly, the failures of earlier
/// commands forgotten.
fn with_lab<T: Send>(
    py: Python<'_>,
    progress: bool,
    f: impl FnOnce() -> anyhow::Result<T> + Send,
) -> PyResult<T> {
    py.detach(|| {
        let _one = LAB.lock().unwrap_or_else(|p| p.into_inner());
        static HOOK: std::sync::Once = std::sync::Once::new();
        HOOK.call_once(lab::infra::play::quiet_game_panics);
        lab::infra::play::reset_failures();
        lab::infra::progress::set_quiet(!progress);
        f().map_err(lab::Error::from)
    })
    .map_err(lab_error)
}

/// What to play, as `soccerlab.lab` hands it over: a dict with the keys of [`GameOptions`]
/// (`game`, `agents` as spec strings, `games`, `seed`, `rules`, `set`, `players`,
/// `gauntlet`, `no_duplicate`), checked and made by its `_game(...)`.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct PyGameOptions {
    game: String,
    agents: Vec<String>,
    games: u64,
    seed: u64,
    rules: Vec<String>,
    set: Vec<String>,
    players: Option<usize>,
    gauntlet: bool,
    no_duplicate: bool,
}

impl From<PyGameOptions> for GameOptions {
    /// The lab's options, as `sim`'s flags give them.
    fn from(o: PyGameOptions) -> GameOptions {
        GameOptions {
            game: o.game.trim().to_ascii_lowercase(),
            // Read once here, at the edge (a custom agent's label, any text, is kept as it
            // is typed: `AgentSpec::read`).
            agents: o.agents.iter().map(|s| AgentSpec::read(s)).collect(),
            games: o.games,
            gauntlet: o.gauntlet,
            no_duplicate: o.no_duplicate,
            seed: o.seed,
            rules: o.rules,
            set: o.set,
            players: o.players,
        }
    }
}

/// `--sprt ELO0,ELO1[,ALPHA,BETA]` as `sim` reads it. Errors: one line, as `sim`'s.
fn sprt(values: &[f64]) -> anyhow::Result<reports::Sprt> {
    let (elo0, elo1, alpha, beta) = match *values {
        [a, b] => (a, b, 0.05, 0.05),
        [a, b, c, d] => (a, b, c, d),
        _ => anyhow::bail!("--sprt: expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA"),
    };
    if values.iter().any(|v| !v.is_finite()) {
        anyhow::bail!("--sprt: every value must be a finite number");
    }
    if elo1 <= elo0 {
        anyhow::bail!("--sprt: elo1 ({elo1}) must be above elo0 ({elo0})");
    }
    if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
        anyhow::bail!("--sprt: alpha and beta must be between 0 and 0.5");
    }
    Ok(reports::Sprt {
        elo0,
        elo1,
        alpha,
        beta,
    })
}

/// The specs of an `--agents` list (`"mcts(iterations=400,c=0.3),greedy"`), split on
/// commas outside parentheses. Errors: unbalanced parentheses (`ValueError`).
#[pyfunction(name = "lab_split_specs")]
fn split_specs(list: &str) -> PyResult<Vec<String>> {
    let specs =
        agents::AgentSpec::read_list(list).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(specs.iter().map(ToString::to_string).collect())
}

/// `sim run` into `out` (which must not exist); returns the lines `sim` prints.
#[pyfunction(name = "lab_run")]
#[pyo3(signature = (common, out, threads=None, sprt_values=None, checkpoint=lab::infra::options::DEFAULT_CHECKPOINT_SECONDS, max_actions=None, progress=false))]
#[allow(clippy::too_many_arguments)]
fn run(
    py: Python<'_>,
    common: PyGameOptions,
    out: PathBuf,
    threads: Option<usize>,
    sprt_values: Option<Vec<f64>>,
    checkpoint: u64,
    max_actions: Option<u64>,
    progress: bool,
) -> PyResult<Vec<String>> {
    let common = GameOptions::from(common);
    with_lab(py, progress, move || {
        let options = RunOptions {
            common,
            sprt: sprt_values.as_deref().map(sprt).transpose()?,
            max_actions,
            json: false,
            output: OutputOptions::new(threads, Some(out)),
            long: LongRunOptions::every(checkpoint),
        };
        Ok(lab::run(&options)?.lines)
    })
}

/// `sim compare` into `out` (which must not exist); returns the folder written.
#[pyfunction(name = "lab_compare")]
#[pyo3(signature = (common, out, threads=None, variants=Vec::new(), independent=false, correction="holm", checkpoint=lab::infra::options::DEFAULT_CHECKPOINT_SECONDS, progress=false))]
#[allow(clippy::too_many_arguments)]
fn compare(
    py: Python<'_>,
    common: PyGameOptions,
    out: PathBuf,
    threads: Option<usize>,
    variants: Vec<String>,
    independent: bool,
    correction: &str,
    checkpoint: u64,
    progress: bool,
) -> PyResult<PathBuf> {
    let correction = match correction.trim().to_ascii_lowercase().as_str() {
        "holm" => reports::Correction::Holm,
        "bh" => reports::Correction::BenjaminiHochberg,
        other => {
            return Err(PyValueError::new_err(format!(
                "--correction '{other}': expected holm or bh"
            )))
        }
    };
    let options = CompareOptions {
        common: common.into(),
        variants,
        stats: LabStatsOptions {
            independent,
            correction,
        },
        output: OutputOptions::new(threads, Some(out)),
        long: LongRunOptions::every(checkpoint),
    };
    with_lab(py, progress, move || Ok(lab::compare(&options)?.out))
}

/// `sim ladder` into `out` (which must not exist); returns the lines `sim ladder` prints
/// (each stage's summary, then the ladder's table), printing nothing.
#[pyfunction(name = "lab_ladder")]
#[pyo3(signature = (game, games, seed, out, threads=None, rules=None, set=Vec::new(), players=None, search="mcts(root=halving)", start_iterations=50, max_iterations=3200, step=0.6, calibration_games=10, checkpoint=lab::infra::options::DEFAULT_CHECKPOINT_SECONDS, progress=false))]
#[allow(clippy::too_many_arguments)]
fn ladder(
    py: Python<'_>,
    game: &str,
    games: u64,
    seed: u64,
    out: PathBuf,
    threads: Option<usize>,
    rules: Option<String>,
    set: Vec<String>,
    players: Option<usize>,
    search: &str,
    start_iterations: u32,
    max_iterations: u32,
    step: f64,
    calibration_games: u64,
    checkpoint: u64,
    progress: bool,
) -> PyResult<Vec<String>> {
    let options = LadderOptions {
        game: game.trim().to_ascii_lowercase(),
        rule_set: RuleSetOptions {
            rules,
            set,
            players,
        },
        games,
        seed,
        search: agents::AgentSpec::parse(search)
            .map_err(|e| PyValueError::new_err(format!("search: {e}")))?,
        start_iterations,
        max_iterations,
        step,
        calibration_games,
        output: OutputOptions::new(threads, Some(out)),
        long: LongRunOptions::every(checkpoint),
    };
    with_lab(py, progress, move || Ok(lab::ladder(&options)?.lines))
}

/// What a Python policy is handed at each of its decisions: built from its seat's
/// `PlayerView` only (the observation tensor and string of that seat, its legal actions).
/// Attributes, also readable as `obs["name"]`.
#[pyclass(frozen, get_all, module = "soccerlab._soccerlab")]
struct PolicyObservation {
    /// The seat's observation tensor (`numpy.float32`, the game's `observation_size`).
    observation: Py<PyAny>,
    /// The legal actions, sorted (action codes).
    legal_actions: Vec<u16>,
    /// 1 at every legal action code, 0 elsewhere (`numpy.int8`, `num_distinct_actions`).
    action_mask: Py<PyAny>,
    /// The deciding seat.
    seat: usize,
    /// The seat's observation as text.
    observation_string: String,
    /// The readable names of the legal actions, in the order of `legal_actions`.
    legal_action_names: Vec<String>,
    /// The index of the game in the match's schedule (0, 1, …).
    game_index: u64,
    /// A 64-bit number drawn from the seat's own random stream (derived from the match's
    /// seed, the game's index and the seat, as every lab agent's), fresh at each decision:
    /// a stochastic policy seeds its generator with it (`numpy.random.default_rng(obs.seed)`)
    /// and the match stays reproducible.
    seed: u64,
}

#[pymethods]
impl PolicyObservation {
    /// `obs["observation"]`: an attribute by name, for code written for dicts.
    fn __getitem__(slf: &Bound<'_, Self>, key: &str) -> PyResult<Py<PyAny>> {
        const KEYS: [&str; 8] = [
            "observation",
            "legal_actions",
            "action_mask",
            "seat",
            "observation_string",
            "legal_action_names",
            "game_index",
            "seed",
        ];
        if !KEYS.contains(&key) {
            return Err(pyo3::exceptions::PyKeyError::new_err(key.to_string()));
        }
        Ok(slf.getattr(key)?.unbind())
    }

    fn __repr__(&self) -> String {
        format!(
            "PolicyObservation(seat={}, legal_actions={:?}, game_index={})",
            self.seat, self.legal_actions, self.game_index
        )
    }
}

/// Why a Python policy stopped a match.
enum Failure {
    /// The callable raised.
    Raised(PyErr),
    /// It returned something that is not a legal action (the message says what).
    Illegal(String),
}

/// A Python callable as a lab agent: at each decision it takes the GIL, hands the
/// callable an [`PolicyObservation`] of its seat and checks the action it returns. A failure
/// is kept in `failure` (the match stops after the game; until then the agent plays its
/// first legal action without calling Python).
struct PyAgent {
    label: String,
    policy: Py<PyAny>,
    num_actions: usize,
    failure: Arc<Mutex<Option<(u64, Failure)>>>,
    /// The schedule index of the game under way (games are played in schedule order;
    /// advanced after each game).
    game_index: Arc<Mutex<u64>>,
}

impl<S: GameState> Agent<S> for PyAgent {
    fn name(&self) -> &str {
        &self.label
    }

    fn act(&mut self, view: &PlayerView<'_, S>, rng: &mut Rng) -> Action {
        let mut legal = ActionList::new();
        view.legal_actions(&mut legal);
        let fallback = legal[0];
        let mut failure = self.failure.lock().unwrap_or_else(|p| p.into_inner());
        if failure.is_some() {
            return fallback;
        }
        let game_index = *self.game_index.lock().unwrap_or_else(|p| p.into_inner());
        let seat = usize::from(view.seat());
        let seed = rand::RngCore::next_u64(rng);
        let outcome = Python::attach(|py| -> Result<Action, Failure> {
            let mut tensor = vec![0f32; view.observation_size()];
            view.observation_tensor(&mut tensor);
            let mut mask = vec![0i8; self.num_actions];
            for a in &legal {
                if let Some(m) = mask.get_mut(usize::from(a.0)) {
                    *m = 1;
                }
            }
            let obs = PolicyObservation {
                observation: PyArray1::from_vec(py, tensor).into_any().unbind(),
                legal_actions: legal.iter().map(|a| a.0).collect(),
                action_mask: PyArray1::from_vec(py, mask).into_any().unbind(),
                seat,
                observation_string: view.observation_string(),
                legal_action_names: legal.iter().map(|&a| view.action_to_string(a)).collect(),
                game_index,
                seed,
            };
            let returned = self.policy.call1(py, (obs,)).map_err(Failure::Raised)?;
            let returned = returned.bind(py);
            let code = returned
                .extract::<i64>()
                .or_else(|_| returned.call_method0("__index__")?.extract::<i64>());
            let shown = || {
                returned
                    .repr()
                    .map(|r| r.to_string())
                    .unwrap_or_else(|_| "?".into())
            };
            let legal_text = || {
                let listed: Vec<String> = legal
                    .iter()
                    .take(40)
                    .map(|&a| format!("{} ({})", a.0, view.action_to_string(a)))
                    .collect();
                let more = if legal.len() > 40 {
                    format!(" and {} more", legal.len() - 40)
                } else {
                    String::new()
                };
                format!("{}{more}", listed.join(", "))
            };
            match code {
                Ok(c) if legal.iter().any(|a| i64::from(a.0) == c) => Ok(Action(c as u16)),
                Ok(c) => Err(Failure::Illegal(format!(
                    "policy '{}' returned action {c} at seat {seat} of game {game_index}, \
                     which is not legal there; the legal actions: {}",
                    self.label,
                    legal_text()
                ))),
                Err(_) => Err(Failure::Illegal(format!(
                    "policy '{}' returned {} at seat {seat} of game {game_index}, which is \
                     not an action code (an int); the legal actions: {}",
                    self.label,
                    shown(),
                    legal_text()
                ))),
            }
        });
        match outcome {
            Ok(a) => a,
            Err(f) => {
                *failure = Some((game_index, f));
                fallback
            }
        }
    }
}

/// A match of `sim run` in which some agents are Python callables (`policies[i]` not
/// `None`: agent `i` is that callable, labelled `common["agents"][i]`), played on one thread into
/// `out`; returns the lines `sim run` prints. A callable that raises stops the match with
/// `RuntimeError` (its exception as the cause; a `KeyboardInterrupt` is raised as it is);
/// one that returns an illegal action, with `ValueError` naming the action and the legal
/// ones.
#[pyfunction(name = "lab_play_match")]
#[pyo3(signature = (common, policies, out, max_actions=None, progress=false))]
fn play_match(
    py: Python<'_>,
    common: PyGameOptions,
    policies: Vec<Option<Py<PyAny>>>,
    out: PathBuf,
    max_actions: Option<u64>,
    progress: bool,
) -> PyResult<Vec<String>> {
    if policies.len() != common.agents.len() {
        return Err(PyValueError::new_err(format!(
            "{} agents but {} policies",
            common.agents.len(),
            policies.len()
        )));
    }
    let common = GameOptions::from(common);
    let options = RunOptions {
        common,
        sprt: None,
        max_actions,
        json: false,
        output: OutputOptions::new(Some(1), Some(out)),
        long: LongRunOptions::default(),
    };
    let failure: Arc<Mutex<Option<(u64, Failure)>>> = Arc::new(Mutex::new(None));
    let game_index = Arc::new(Mutex::new(0u64));
    let result = {
        let failure = failure.clone();
        with_lab(py, progress, move || {
            struct Task {
                options: RunOptions,
                policies: Vec<Option<Py<PyAny>>>,
                failure: Arc<Mutex<Option<(u64, Failure)>>>,
                game_index: Arc<Mutex<u64>>,
                lines: Vec<String>,
            }
            impl GameTask for &mut Task {
                type Output = ();
                fn call<R: Registered>(self) -> anyhow::Result<()> {
                    let game = games::load::<R>(
                        games::single_rules(&self.options.common.rules)?,
                        &games::sets::<R>(&self.options.common)?,
                    )?;
                    let num_actions = engine::core::Game::info(&game.game).num_distinct_actions;
                    let custom = self
                        .policies
                        .iter_mut()
                        .enumerate()
                        .filter_map(|(index, p)| p.take().map(|p| (index, p)))
                        .map(
                            |(index, policy)| lab::commands::custom_agents::CustomAgent {
                                index,
                                agent: Box::new(PyAgent {
                                    label: self.options.common.agents[index].as_typed().to_string(),
                                    policy,
                                    num_actions,
                                    failure: self.failure.clone(),
                                    game_index: self.game_index.clone(),
                                })
                                    as Box<dyn Agent<R::State>>,
                            },
                        )
                        .collect();
                    let failure = self.failure.clone();
                    let game_index = self.game_index.clone();
                    let mut after_game = move || -> anyhow::Result<()> {
                        let mut g = game_index.lock().unwrap_or_else(|p| p.into_inner());
                        *g += 1;
                        match failure.lock().unwrap_or_else(|p| p.into_inner()).is_some() {
                            true => anyhow::bail!("a Python policy failed"),
                            false => Ok(()),
                        }
                    };
                    self.lines = lab::commands::custom_agents::run_custom(
                        &game,
                        &self.options,
                        custom,
                        &mut after_game,
                    )?
                    .lines;
                    Ok(())
                }
            }
            let mut task = Task {
                options,
                policies,
                failure,
                game_index,
                lines: Vec::new(),
            };
            lab_games::dispatch(&task.options.common.game.clone(), &mut task)?;
            Ok(task.lines)
        })
    };
    let failed = failure.lock().unwrap_or_else(|p| p.into_inner()).take();
    match failed {
        // Ctrl-C while the policy ran: the interrupt itself.
        Some((_, Failure::Raised(e))) if e.is_instance_of::<PyKeyboardInterrupt>(py) => Err(e),
        Some((g, Failure::Raised(e))) => {
            let err = PyRuntimeError::new_err(format!(
                "a Python policy raised in game {g}, the match was stopped: {}",
                e.value(py)
                    .repr()
                    .map(|r| r.to_string())
                    .unwrap_or_else(|_| "?".into())
            ));
            err.set_cause(py, Some(e));
            Err(err)
        }
        Some((_, Failure::Illegal(message))) => Err(PyValueError::new_err(message)),
        None => result,
    }
}

/// Adds the lab's functions and the [`PolicyObservation`] class to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(split_specs, m)?)?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(ladder, m)?)?;
    m.add_function(wrap_pyfunction!(play_match, m)?)?;
    m.add_class::<PolicyObservation>()?;
    Ok(())
}
