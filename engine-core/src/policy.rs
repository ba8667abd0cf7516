//! A game's policy network: a small multilayer perceptron from a seat's observation
//! tensor ([`crate::Observation::observation_tensor`]) to one logit per action code, read
//! from an embedded `configs/<game>/policy.safetensors` file.
//!
//! The network is the one `python/examples/train.py` trains by PPO (Schulman et al. 2017,
//! "Proximal Policy Optimization Algorithms"): dense layers `w1, b1, w2, b2, …, wL, bL`,
//! `tanh` after every layer but the last, whose outputs are the logits. A weight matrix
//! `wk` has shape `[inputs, outputs]` (row-major, `x @ wk + bk`), as the training code and
//! its ONNX export (`Gemm`) have it. Search uses the logits of the legal actions as a
//! prior over the root's choices (`mcts(policy=…)`, agents/src/mcts), in the spirit of
//! AlphaZero's PUCT prior (Silver et al. 2018) but applied to the root's final choice.
//!
//! The file is [safetensors](https://huggingface.co/docs/safetensors) (a JSON header and
//! raw little-endian `f32` tensors); its metadata holds `format`
//! ([`POLICY_FORMAT`]), `game`, and `command`, the command that made it.

use safetensors::{Dtype, SafeTensors};

/// The `format` a policy file's metadata must hold.
pub const POLICY_FORMAT: &str = "soccerlab-policy-1";

/// The widest layer a policy network may have (inputs, hidden units or logits): the
/// scratch buffers of [`PolicyNet::logits`] live on the stack.
pub const MAX_WIDTH: usize = 4096;

/// One dense layer: `out = x @ w + b`, `w` row-major `[inputs][outputs]`.
#[derive(Clone, Debug, PartialEq)]
struct Dense {
    inputs: usize,
    outputs: usize,
    w: Vec<f32>,
    b: Vec<f32>,
}

/// A policy network read from a policy file (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyNet {
    layers: Vec<Dense>,
    command: String,
    game: String,
}

impl PolicyNet {
    /// Reads a policy file's bytes. Errors, as one line: not safetensors, a wrong
    /// `format`, a missing or non-`f32` tensor, shapes that do not chain, or a layer wider
    /// than [`MAX_WIDTH`].
    pub fn from_safetensors(bytes: &[u8]) -> Result<PolicyNet, String> {
        let (_, meta) = SafeTensors::read_metadata(bytes).map_err(|e| e.to_string())?;
        let info = meta.metadata().clone().unwrap_or_default();
        let format = info.get("format").map(String::as_str).unwrap_or("");
        if format != POLICY_FORMAT {
            return Err(format!(
                "metadata format is {format:?}, expected {POLICY_FORMAT:?}"
            ));
        }
        let file = SafeTensors::deserialize(bytes).map_err(|e| e.to_string())?;
        let read = |name: &str| -> Result<(Vec<usize>, Vec<f32>), String> {
            let t = file.tensor(name).map_err(|_| format!("no tensor {name}"))?;
            if t.dtype() != Dtype::F32 {
                return Err(format!("tensor {name} is {:?}, expected F32", t.dtype()));
            }
            let data = t
                .data()
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            Ok((t.shape().to_vec(), data))
        };
        let mut layers = Vec::new();
        for k in 1.. {
            let w_name = format!("w{k}");
            if file.tensor(&w_name).is_err() {
                break;
            }
            let (ws, w) = read(&w_name)?;
            let (bs, b) = read(&format!("b{k}"))?;
            let [inputs, outputs] = ws[..] else {
                return Err(format!(
                    "{w_name} has shape {ws:?}, expected [inputs, outputs]"
                ));
            };
            if bs != [outputs] {
                return Err(format!("b{k} has shape {bs:?}, expected [{outputs}]"));
            }
            if let Some(prev) = layers.last().map(|l: &Dense| l.outputs) {
                if prev != inputs {
                    return Err(format!(
                        "{w_name} takes {inputs} inputs, the layer before gives {prev}"
                    ));
                }
            }
            if inputs.max(outputs) > MAX_WIDTH {
                return Err(format!("{w_name} is wider than {MAX_WIDTH}"));
            }
            layers.push(Dense {
                inputs,
                outputs,
                w,
                b,
            });
        }
        if layers.is_empty() {
            return Err("no tensor w1".into());
        }
        Ok(PolicyNet {
            layers,
            command: info.get("command").cloned().unwrap_or_default(),
            game: info.get("game").cloned().unwrap_or_default(),
        })
    }

    /// The length of the observation tensor it reads.
    pub fn inputs(&self) -> usize {
        self.layers[0].inputs
    }

    /// The number of logits it writes (the game's action codes it was trained on).
    pub fn outputs(&self) -> usize {
        self.layers[self.layers.len() - 1].outputs
    }

    /// The command that made the file (its metadata's `command`).
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The game the file names (its metadata's `game`).
    pub fn game(&self) -> &str {
        &self.game
    }

    /// Writes the logits of observation `obs` (`inputs()` long) into `out`
    /// (`outputs()` long), without allocating. The first layer adds only the rows of the
    /// observation's nonzero entries (observations are mostly zeros: one-hot parts).
    /// Panics on wrong lengths.
    pub fn logits(&self, obs: &[f32], out: &mut [f32]) {
        assert_eq!(obs.len(), self.inputs(), "policy input length");
        assert_eq!(out.len(), self.outputs(), "policy output length");
        let mut a = [0f32; MAX_WIDTH];
        let mut z = [0f32; MAX_WIDTH];
        let last = self.layers.len() - 1;
        for (k, layer) in self.layers.iter().enumerate() {
            let (n, m) = (layer.inputs, layer.outputs);
            let x: &[f32] = if k == 0 { obs } else { &a[..n] };
            let acc = &mut z[..m];
            acc.copy_from_slice(&layer.b);
            for (i, &xi) in x.iter().enumerate() {
                if xi != 0.0 {
                    let row = &layer.w[i * m..(i + 1) * m];
                    for (s, &w) in acc.iter_mut().zip(row) {
                        *s += xi * w;
                    }
                }
            }
            if k == last {
                out.copy_from_slice(acc);
            } else {
                for (y, &s) in a[..m].iter_mut().zip(acc.iter()) {
                    *y = s.tanh();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// A safetensors file of the given `f32` tensors and metadata.
    fn file(tensors: &[(&str, Vec<usize>, Vec<f32>)], format: &str) -> Vec<u8> {
        let bytes: Vec<(String, Vec<usize>, Vec<u8>)> = tensors
            .iter()
            .map(|(n, s, d)| {
                (
                    n.to_string(),
                    s.clone(),
                    d.iter().flat_map(|v| v.to_le_bytes()).collect(),
                )
            })
            .collect();
        let views: Vec<(String, safetensors::tensor::TensorView<'_>)> = bytes
            .iter()
            .map(|(n, s, d)| {
                (
                    n.clone(),
                    safetensors::tensor::TensorView::new(Dtype::F32, s.clone(), d).unwrap(),
                )
            })
            .collect();
        let meta: HashMap<String, String> = [
            ("format".to_string(), format.to_string()),
            ("command".to_string(), "made by hand".to_string()),
        ]
        .into();
        safetensors::serialize(views, Some(meta)).unwrap()
    }

    #[test]
    fn two_layers_compute_tanh_then_a_linear_layer() {
        // x = [1, 2]; h = tanh(x @ [[1, 0], [0, -1]] + [0, 1]) = tanh([1, -1]);
        // logits = h @ [[2], [3]] + [0.5].
        let bytes = file(
            &[
                ("w1", vec![2, 2], vec![1.0, 0.0, 0.0, -1.0]),
                ("b1", vec![2], vec![0.0, 1.0]),
                ("w2", vec![2, 1], vec![2.0, 3.0]),
                ("b2", vec![1], vec![0.5]),
            ],
            POLICY_FORMAT,
        );
        let net = PolicyNet::from_safetensors(&bytes).unwrap();
        assert_eq!((net.inputs(), net.outputs()), (2, 1));
        assert_eq!(net.command(), "made by hand");
        let mut out = [0f32; 1];
        net.logits(&[1.0, 2.0], &mut out);
        let want = 2.0 * 1f32.tanh() + 3.0 * (-1f32).tanh() + 0.5;
        assert!((out[0] - want).abs() < 1e-6, "{} vs {want}", out[0]);
    }

    #[test]
    fn bad_files_are_refused_with_their_reason() {
        let w = ("w1", vec![2, 2], vec![0.0; 4]);
        let wrong_format = file(&[w.clone(), ("b1", vec![2], vec![0.0; 2])], "other");
        assert!(PolicyNet::from_safetensors(&wrong_format)
            .unwrap_err()
            .contains("format"));
        let no_bias = file(std::slice::from_ref(&w), POLICY_FORMAT);
        assert!(PolicyNet::from_safetensors(&no_bias)
            .unwrap_err()
            .contains("b1"));
        let unchained = file(
            &[
                w,
                ("b1", vec![2], vec![0.0; 2]),
                ("w2", vec![3, 1], vec![0.0; 3]),
                ("b2", vec![1], vec![0.0]),
            ],
            POLICY_FORMAT,
        );
        assert!(PolicyNet::from_safetensors(&unchained)
            .unwrap_err()
            .contains("w2 takes 3"));
        assert!(PolicyNet::from_safetensors(b"not a file").is_err());
    }
}
