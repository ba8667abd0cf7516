//! `onnx(model=FILE)`: a policy trained outside the lab (PyTorch, scikit-learn…),
//! exported to ONNX and played at Rust speed with the `tract-onnx` crate.
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
//! A file is loaded and optimized once per process and path, and shared by every agent
//! built from it, on every thread ([`Arc`]). A file that does not load, or whose input
//! and output are not `[1, N]` and `[1, A]` `f32` tensors, is an error when the spec is
//! built; [`check_model_fits`] then compares `N` and `A` with the game's sizes, which the
//! lab does when it checks the agents, before any game.

use crate::onnx_params::OnnxConfig;
pub use crate::onnx_params::ONNX_PARAMS;
use crate::spec::{AgentError, Spec};
use engine::core::{Action, ActionList, Agent, GameState, PlayerView, Rng};
use rand::Rng as _;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use tract_onnx::prelude::*;
use tract_onnx::tract_core::internal::DimLike;

/// A loaded model: tract's optimized plan and its sizes.
pub struct OnnxModel {
    /// The file it was read from, as typed.
    pub path: String,
    /// Values of the input (`observation_size` of the games it fits).
    pub inputs: usize,
    /// Values of the output (`num_distinct_actions` of the games it fits).
    pub outputs: usize,
    plan: Arc<TypedRunnableModel>,
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

/// What a model file must be, for errors.
const EXPECTED: &str = "an ONNX file with one f32 input [1, N] and one output [1, A]";

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

/// The last dimension of a shape `[1, K]` or `[K]`, if it has that form.
fn row_size(dims: &[TDim]) -> Option<usize> {
    let concrete: Option<Vec<usize>> = dims.iter().map(|d| d.to_usize().ok()).collect();
    match concrete?.as_slice() {
        [1, k] | [k] => Some(*k),
        _ => None,
    }
}

fn shape_text(dims: &[TDim]) -> String {
    let d: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
    format!("[{}]", d.join(", "))
}

/// Loads and optimizes the model at `path`. Errors: [`AgentError::BadValue`] naming the
/// file and what is wrong (unreadable, not ONNX, the shapes).
fn load(path: &str) -> Result<OnnxModel, AgentError> {
    let model = tract_onnx::onnx()
        .model_for_path(path)
        .map_err(|e| bad_model(path, format!("cannot load it ({e})")))?;
    let typed = model
        .clone()
        .into_typed()
        .map_err(|e| bad_model(path, format!("cannot analyse it ({e})")))?;
    if typed.inputs.len() != 1 || typed.outputs.len() != 1 {
        return Err(bad_model(
            path,
            format!(
                "it has {} inputs and {} outputs",
                typed.inputs.len(),
                typed.outputs.len()
            ),
        ));
    }
    let input = typed.input_fact(0).map_err(|e| bad_model(path, e))?.clone();
    // A symbolic batch size (`[N, K]`) is fixed to 1 below; the row size must be known.
    let dims = input.shape.to_tvec();
    let inputs = match dims.as_slice() {
        [_, k] | [k] => k.to_usize().ok(),
        _ => None,
    }
    .ok_or_else(|| bad_model(path, format!("its input is {}", shape_text(&dims))))?;
    if input.datum_type != f32::datum_type() {
        return Err(bad_model(
            path,
            format!("its input is {:?}, not f32", input.datum_type),
        ));
    }
    let optimized = model
        .with_input_fact(0, f32::fact([1, inputs]).into())
        .and_then(|m| m.into_optimized())
        .map_err(|e| bad_model(path, format!("cannot optimize it ({e})")))?;
    let output = optimized
        .output_fact(0)
        .map_err(|e| bad_model(path, e))?
        .clone();
    let odims = output.shape.to_tvec();
    let outputs = row_size(&odims).ok_or_else(|| {
        bad_model(
            path,
            format!(
                "its output is {} for an input [1, {inputs}]",
                shape_text(&odims)
            ),
        )
    })?;
    if output.datum_type != f32::datum_type() {
        return Err(bad_model(
            path,
            format!("its output is {:?}, not f32", output.datum_type),
        ));
    }
    let plan = optimized
        .into_runnable()
        .map_err(|e| bad_model(path, format!("cannot plan it ({e})")))?;
    Ok(OnnxModel {
        path: path.into(),
        inputs,
        outputs,
        plan,
    })
}

/// The models loaded in this process, by path as typed.
static MODELS: Mutex<BTreeMap<String, Arc<OnnxModel>>> = Mutex::new(BTreeMap::new());

/// The model at `path`, loaded once per process and shared.
pub fn model(path: &str) -> Result<Arc<OnnxModel>, AgentError> {
    let mut models = MODELS.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(m) = models.get(path) {
        return Ok(m.clone());
    }
    let m = Arc::new(load(path)?);
    models.insert(path.into(), m.clone());
    Ok(m)
}

/// Checks that the model of the `onnx` spec `spec` fits a game whose observation tensor
/// has `observation_size` values and whose actions are `num_distinct_actions` codes; any
/// other agent passes. Errors, one line naming the file and both shapes: a model that
/// does not fit, or the spec's own errors.
pub fn check_model_fits(
    spec: &str,
    game: &str,
    observation_size: usize,
    num_distinct_actions: usize,
) -> Result<(), AgentError> {
    let parsed = crate::spec::parse_spec(spec)?;
    if parsed.name != "onnx" {
        return Ok(());
    }
    let agent = Onnx::from_spec(&parsed)?;
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
    /// The agent's own run state of the model (tract's buffers, reused).
    state: TypedSimpleState,
    /// The observation tensor of the current decision.
    observation: Vec<f32>,
    legal: ActionList,
}

impl Onnx {
    /// The agent of spec `onnx(model=FILE,sample=BOOL,temperature=T)`, its model loaded
    /// (or taken from the process's models). Errors: [`AgentError`] for an unknown
    /// parameter, a bad value, no `model`, or a model file that does not load or has not
    /// the shapes `[1, N]` and `[1, A]`.
    pub fn from_spec(spec: &Spec) -> Result<Self, AgentError> {
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
        let state = model
            .plan
            .spawn()
            .map_err(|e| bad_model(&path, format!("cannot run it ({e})")))?;
        Ok(Onnx {
            state,
            observation: Vec::with_capacity(model.inputs),
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
        let input =
            Tensor::from_shape(&[1, n], &self.observation).expect("the shape is the data's length");
        let out = self
            .state
            .run(tvec!(input.into()))
            .unwrap_or_else(|e| panic!("onnx(model={}): the model failed: {e}", m.path));
        let logits = out[0]
            .try_as_plain_ram()
            .and_then(|v| v.as_slice::<f32>())
            .unwrap_or_else(|e| panic!("onnx(model={}): {e}", m.path));
        assert!(
            logits.len() == m.outputs && self.legal.iter().all(|a| usize::from(a.0) < logits.len()),
            "onnx(model={}): {} logits for the game's action codes",
            m.path,
            logits.len()
        );
        self.choose(logits, rng)
    }
}
