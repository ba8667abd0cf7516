//! The tract-onnx model behind [`agents::PolicyModel`] (see the crate's documentation).

use agents::{PolicyEvaluator, PolicyModel};
use std::sync::Arc;
use tract_onnx::prelude::*;
use tract_onnx::tract_core::internal::DimLike;

/// Makes tract the ONNX runtime of every `onnx` agent of the process
/// ([`agents::install_onnx_runtime`]); calling it again does nothing.
pub fn install() {
    agents::install_onnx_runtime(load);
}

/// A model loaded by tract: its optimized plan and its sizes.
struct TractModel {
    inputs: usize,
    outputs: usize,
    plan: Arc<TypedRunnableModel>,
}

impl PolicyModel for TractModel {
    fn inputs(&self) -> usize {
        self.inputs
    }

    fn outputs(&self) -> usize {
        self.outputs
    }

    fn evaluator(&self) -> Result<Box<dyn PolicyEvaluator>, String> {
        let state = self
            .plan
            .spawn()
            .map_err(|e| format!("cannot run it ({e})"))?;
        Ok(Box::new(TractEvaluator {
            state,
            inputs: self.inputs,
        }))
    }
}

/// One agent's run state of a [`TractModel`].
struct TractEvaluator {
    state: TypedSimpleState,
    inputs: usize,
}

impl PolicyEvaluator for TractEvaluator {
    fn logits(&mut self, observation: &[f32], logits: &mut Vec<f32>) -> Result<(), String> {
        let input =
            Tensor::from_shape(&[1, self.inputs], observation).map_err(|e| e.to_string())?;
        let out = self
            .state
            .run(tvec!(input.into()))
            .map_err(|e| e.to_string())?;
        let values = out[0]
            .try_as_plain_ram()
            .and_then(|v| v.as_slice::<f32>())
            .map_err(|e| e.to_string())?;
        logits.clear();
        logits.extend_from_slice(values);
        Ok(())
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

/// Loads and optimizes the model at `path` ([`agents::ModelLoader`]). Errors: what is
/// wrong with the file, in one line (unreadable, not ONNX, the shapes); the agent adds
/// the file's name and what a model must be.
pub fn load(path: &str) -> Result<Box<dyn PolicyModel>, String> {
    let model = tract_onnx::onnx()
        .model_for_path(path)
        .map_err(|e| format!("cannot load it ({e})"))?;
    let typed = model
        .clone()
        .into_typed()
        .map_err(|e| format!("cannot analyse it ({e})"))?;
    if typed.inputs.len() != 1 || typed.outputs.len() != 1 {
        return Err(format!(
            "it has {} inputs and {} outputs",
            typed.inputs.len(),
            typed.outputs.len()
        ));
    }
    let input = typed.input_fact(0).map_err(|e| e.to_string())?.clone();
    // A symbolic batch size (`[N, K]`) is fixed to 1 below; the row size must be known.
    let dims = input.shape.to_tvec();
    let inputs = match dims.as_slice() {
        [_, k] | [k] => k.to_usize().ok(),
        _ => None,
    }
    .ok_or_else(|| format!("its input is {}", shape_text(&dims)))?;
    if input.datum_type != f32::datum_type() {
        return Err(format!("its input is {:?}, not f32", input.datum_type));
    }
    let optimized = model
        .with_input_fact(0, f32::fact([1, inputs]).into())
        .and_then(|m| m.into_optimized())
        .map_err(|e| format!("cannot optimize it ({e})"))?;
    let output = optimized.output_fact(0).map_err(|e| e.to_string())?.clone();
    let odims = output.shape.to_tvec();
    let outputs = row_size(&odims).ok_or_else(|| {
        format!(
            "its output is {} for an input [1, {inputs}]",
            shape_text(&odims)
        )
    })?;
    if output.datum_type != f32::datum_type() {
        return Err(format!("its output is {:?}, not f32", output.datum_type));
    }
    let plan = optimized
        .into_runnable()
        .map_err(|e| format!("cannot plan it ({e})"))?;
    Ok(Box::new(TractModel {
        inputs,
        outputs,
        plan,
    }))
}
