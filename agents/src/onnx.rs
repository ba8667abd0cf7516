//! `onnx(model=FILE)`: a policy trained outside the lab (PyTorch, scikit-learn…),
//! exported to ONNX and played at Rust speed.
//!
//! The model takes the deciding seat's observation tensor
//! (`PlayerView::observation_tensor`, `f32`, shape `[1, observation_size]`) and returns
//! one logit per action code (`[1, num_distinct_actions]`). Illegal actions are masked
//! (their logits taken as minus infinity); the agent plays the legal action of highest
//! logit (ties: the lowest action code), or with `sample=true` draws one with probability
//! `softmax(logit / temperature)` over the legal actions, from the seat's random stream.
//! It sees nothing but the observation tensor and the legal actions, so it is honest
//! whenever the game's observation is.
//!
//! The inference runtime is not here: the `onnx` crate (tract-onnx) implements
//! [`PolicyModel`] and installs its loader with [`install_onnx_runtime`], which `sim` and
//! the Python package do at start in a build with the cargo feature `onnx`. So turning the
//! feature on compiles tract and the program, not this crate or the lab. Without a
//! runtime, the agent keeps its line in the table, its parameters and the checks of its
//! spec's keys, and building it is one error, [`AgentError::MissingFeature`], that names
//! the feature and the command that builds it.
//!
//! A file is loaded and optimized once per process and path, and shared by every agent
//! built from it, on every thread ([`Arc`]). A file that does not load, or whose input
//! and output are not `[1, N]` and `[1, A]` `f32` tensors, is an error when the spec is
//! built; [`check_model_fits`] then compares `N` and `A` with the game's sizes, which the
//! lab does when it checks the agents, before any game.

use crate::onnx_params::OnnxConfig;
pub use crate::onnx_params::ONNX_PARAMS;
use crate::spec::{AgentError, AgentSpec};
use engine_core::{Action, ActionList, Agent, GameState, PlayerView, Rng};
use rand::Rng as _;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The cargo feature that brings the runtime.
const FEATURE: &str = "onnx";

/// What a model file must be, for errors.
const EXPECTED: &str = "an ONNX file with one f32 input [1, N] and one output [1, A]";

/// A policy model loaded by an inference runtime: the observation tensor in, one logit
/// per action code out.
pub trait PolicyModel: Send + Sync {
    /// Values of the input, `N` of `[1, N]` (`observation_size` of the games it fits).
    fn inputs(&self) -> usize;
    /// Values of the output, `A` of `[1, A]` (`num_distinct_actions` of the games it fits).
    fn outputs(&self) -> usize;
    /// A fresh evaluator of the model with buffers of its own, for one agent. Errors: the
    /// runtime's, as one line ("cannot run it (…)").
    fn evaluator(&self) -> Result<Box<dyn PolicyEvaluator>, String>;
}

/// One agent's evaluator of a [`PolicyModel`].
pub trait PolicyEvaluator: Send {
    /// The logits of `observation` (`inputs` values) into `logits` (resized to `outputs`
    /// values). Errors: the runtime's, as one line.
    fn logits(&mut self, observation: &[f32], logits: &mut Vec<f32>) -> Result<(), String>;
}

/// A runtime's model loader: the model at a path, or why it is not one (one line, such as
/// "cannot load it (…)" or "its input is [1, 2, 3]"), which the agent reports as a bad
/// `model` value naming the file and what a model file must be.
pub type ModelLoader = fn(path: &str) -> Result<Box<dyn PolicyModel>, String>;

/// The process's model loader, once installed.
static LOADER: OnceLock<ModelLoader> = OnceLock::new();

/// Makes `loader` the runtime of every `onnx` agent of the process; a second install is
/// ignored. The `onnx` crate's `install` calls it.
pub fn install_onnx_runtime(loader: ModelLoader) {
    let _ = LOADER.set(loader);
}

/// Whether an ONNX runtime is installed (a build with the `onnx` feature).
pub fn onnx_runtime_installed() -> bool {
    LOADER.get().is_some()
}

/// A loaded model and its file.
pub struct OnnxModel {
    /// The file it was read from, as typed.
    pub path: String,
    /// Values of the input (`observation_size` of the games it fits).
    pub inputs: usize,
    /// Values of the output (`num_distinct_actions` of the games it fits).
    pub outputs: usize,
    model: Box<dyn PolicyModel>,
}

impl std::fmt::Debug for OnnxModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "OnnxModel({}: [1, {}] -> [1, {}])",
            self.path, self.inputs, self.outputs
        )
    }
}

/// The error of a model file, one line.
fn bad_model(path: &str, why: impl std::fmt::Display) -> AgentError {
    let why = why.to_string();
    let why = why.lines().next().unwrap_or("").trim().to_string();
    AgentError::BadValue {
        agent: "onnx".into(),
        key: "model".into(),
        value: path.into(),
        expected: format!("{EXPECTED}: {why}"),
    }
}

/// The models loaded in this process, by path as typed.
static MODELS: Mutex<BTreeMap<String, Arc<OnnxModel>>> = Mutex::new(BTreeMap::new());

/// The model at `path`, loaded once per process and shared. Errors:
/// [`AgentError::MissingFeature`] without a runtime; [`AgentError::BadValue`] naming the
/// file and what is wrong with it.
fn model(path: &str) -> Result<Arc<OnnxModel>, AgentError> {
    let load = LOADER.get().ok_or_else(|| AgentError::MissingFeature {
        agent: "onnx".into(),
        feature: FEATURE,
    })?;
    let mut models = MODELS.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(m) = models.get(path) {
        return Ok(m.clone());
    }
    let model = load(path).map_err(|why| bad_model(path, why))?;
    let m = Arc::new(OnnxModel {
        path: path.into(),
        inputs: model.inputs(),
        outputs: model.outputs(),
        model,
    });
    models.insert(path.into(), m.clone());
    Ok(m)
}

/// Checks that the model of the `onnx` spec `spec` fits a game whose observation tensor
/// has `observation_size` values and whose actions are `num_distinct_actions` codes; any
/// other agent passes. Errors, one line naming the file and both shapes: a model that
/// does not fit, or the spec's own errors.
pub fn check_model_fits(
    spec: &AgentSpec,
    game: &str,
    observation_size: usize,
    num_distinct_actions: usize,
) -> Result<(), AgentError> {
    spec.readable()?;
    if spec.name() != "onnx" {
        return Ok(());
    }
    let agent = Onnx::from_spec(spec)?;
    let m = &agent.model;
    if m.inputs != observation_size || m.outputs != num_distinct_actions {
        return Err(bad_model(
            &m.path,
            format!(
                "it maps [1, {}] to [1, {}], but {game} needs [1, {observation_size}] (its \
                 observation tensor) to [1, {num_distinct_actions}] (its action codes)",
                m.inputs, m.outputs
            ),
        ));
    }
    Ok(())
}

/// The `onnx` agent.
pub struct Onnx {
    model: Arc<OnnxModel>,
    sample: bool,
    temperature: f64,
    /// The agent's own evaluator of the model (the runtime's buffers, reused).
    evaluator: Box<dyn PolicyEvaluator>,
    /// The observation tensor of the current decision.
    observation: Vec<f32>,
    /// The model's logits at the current decision.
    logits: Vec<f32>,
    legal: ActionList,
}

impl Onnx {
    /// The agent of spec `onnx(model=FILE,sample=BOOL,temperature=T)`, its model loaded
    /// (or taken from the process's models). Errors: [`AgentError`] for an unknown
    /// parameter, a bad value, no `model`, or a model file that does not load or has not
    /// the shapes `[1, N]` and `[1, A]`; without a runtime installed, the spec's unknown
    /// keys, then [`AgentError::MissingFeature`].
    pub fn from_spec(spec: &AgentSpec) -> Result<Self, AgentError> {
        if !onnx_runtime_installed() {
            crate::spec::apply_params(spec, ONNX_PARAMS, |_, _| Ok(()))?;
            return Err(AgentError::MissingFeature {
                agent: spec.name().to_string(),
                feature: FEATURE,
            });
        }
        let OnnxConfig {
            model: path,
            sample,
            temperature,
        } = OnnxConfig::from_spec_params(spec)?;
        let path = Some(path)
            .filter(|p| !p.is_empty())
            .ok_or_else(|| AgentError::BadValue {
                agent: "onnx".into(),
                key: "model".into(),
                value: String::new(),
                expected: format!("{EXPECTED}, required: onnx(model=policy.onnx)"),
            })?;
        let model = model(&path)?;
        let evaluator = model
            .model
            .evaluator()
            .map_err(|why| bad_model(&path, why))?;
        Ok(Onnx {
            evaluator,
            observation: Vec::with_capacity(model.inputs),
            logits: Vec::with_capacity(model.outputs),
            model,
            sample,
            temperature,
            legal: ActionList::new(),
        })
    }

    /// The model it plays.
    pub fn model(&self) -> &OnnxModel {
        &self.model
    }

    /// The legal action `logits` pick: the highest logit (NaN counts as minus infinity;
    /// ties: the first, lowest code), or a softmax draw from `rng`.
    fn choose(&self, logits: &[f32], rng: &mut Rng) -> Action {
        let logit = |a: Action| {
            let x = f64::from(logits[usize::from(a.0)]);
            if x.is_nan() {
                f64::NEG_INFINITY
            } else {
                x
            }
        };
        let mut best = self.legal[0];
        for &a in &self.legal[1..] {
            if logit(a) > logit(best) {
                best = a;
            }
        }
        let top = logit(best);
        if !self.sample || top == f64::NEG_INFINITY || top == f64::INFINITY {
            return best;
        }
        let weight = |a: Action| ((logit(a) - top) / self.temperature).exp();
        let total: f64 = self.legal.iter().map(|&a| weight(a)).sum();
        let mut u = rng.gen::<f64>() * total;
        for &a in &self.legal {
            u -= weight(a);
            if u < 0.0 {
                return a;
            }
        }
        best
    }
}

impl<S: GameState> Agent<S> for Onnx {
    fn name(&self) -> &str {
        "onnx"
    }

    /// # Panics
    /// If the game's sizes are not the model's: the lab checks them first
    /// ([`check_model_fits`]), so only a caller that skips the check sees this.
    fn act(&mut self, view: &PlayerView<'_, S>, rng: &mut Rng) -> Action {
        view.legal_actions(&mut self.legal);
        let n = view.observation_size();
        let m = &self.model;
        assert!(
            n == m.inputs,
            "onnx(model={}): the model takes {} values, the observation tensor has {n}",
            m.path,
            m.inputs
        );
        self.observation.clear();
        self.observation.resize(n, 0.0);
        view.observation_tensor(&mut self.observation);
        let mut logits = std::mem::take(&mut self.logits);
        self.evaluator
            .logits(&self.observation, &mut logits)
            .unwrap_or_else(|e| panic!("onnx(model={}): the model failed: {e}", m.path));
        assert!(
            logits.len() == m.outputs && self.legal.iter().all(|a| usize::from(a.0) < logits.len()),
            "onnx(model={}): {} logits for the game's action codes",
            m.path,
            logits.len()
        );
        let action = self.choose(&logits, rng);
        self.logits = logits;
        action
    }
}
