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
        assert_eq!(out.len(), self.outputs(), "policy output length");
        let mut a = Scratch::new();
        let (last, x) = self.hidden(obs, &mut a);
        out.copy_from_slice(&last.b);
        last.add_rows(x, out);
    }

    /// The logits of the outputs listed in `outputs` only, `out[k]` that of the `k`-th
    /// output listed, each equal bit for bit to [`PolicyNet::logits`]'s: the same sum,
    /// from the bias through the nonzero inputs in order. A search needs the logits of the
    /// legal actions alone, and the last layer is the widest (GRANGOL's: 128 × 256), so
    /// most of its products are skipped. Panics on a wrong observation length or an
    /// output out of range; outputs past the end of `out` are not computed.
    pub fn logits_of(
        &self,
        obs: &[f32],
        outputs: impl IntoIterator<Item = usize>,
        out: &mut [f32],
    ) {
        let mut a = Scratch::new();
        let (last, x) = self.hidden(obs, &mut a);
        let m = last.outputs;
        for (o, j) in out.iter_mut().zip(outputs) {
            assert!(j < m, "policy output {j} of {m}");
            let mut s = last.b[j];
            for (i, &xi) in x.iter().enumerate() {
                if xi != 0.0 {
                    s += xi * last.w[i * m + j];
                }
            }
            *o = s;
        }
    }

    /// The hidden layers of `obs` (tanh after each), computed into `a`: the last layer
    /// and its input (`obs` itself for a network of one layer). The tanh is the `libm`
    /// crate's (musl's, from fdlibm), not the C library's: glibc's `tanhf` changed with
    /// version 2.41 (correctly rounded, from CORE-MATH), and a last-bit difference in a
    /// prior can change a search's move, so the same seed would play other games on
    /// another system. It is computed a layer at a time, without a branch on the values
    /// (`tanh_into`, bit for bit `libm::tanhf`).
    fn hidden<'a>(&'a self, obs: &'a [f32], a: &'a mut Scratch) -> (&'a Dense, &'a [f32]) {
        assert_eq!(obs.len(), self.inputs(), "policy input length");
        let last = self.layers.len() - 1;
        let mut z = Scratch::new();
        for (k, layer) in self.layers[..last].iter().enumerate() {
            let (n, m) = (layer.inputs, layer.outputs);
            z.clear();
            z.try_extend_from_slice(&layer.b)
                .expect("layers are at most MAX_WIDTH wide");
            layer.add_rows(if k == 0 { obs } else { &a[..n] }, &mut z);
            a.clear();
            a.extend(std::iter::repeat_n(0.0, m));
            crate::tanh::tanh_into(&z, a);
        }
        let x: &[f32] = if last == 0 {
            obs
        } else {
            &a[..self.layers[last].inputs]
        };
        (&self.layers[last], x)
    }
}

/// A layer's values on the stack, as wide as the layer (a network's layers are at most
/// [`MAX_WIDTH`] wide): filled per layer, never zeroed at full width.
type Scratch = arrayvec::ArrayVec<f32, MAX_WIDTH>;

impl Dense {
    /// `acc += x @ w`, adding the row of each nonzero input in turn (`acc` holds the
    /// bias, `outputs` long): eight outputs a vector where the CPU has AVX2
    /// ([`crate::simd`]), the same sums bit for bit.
    #[inline]
    fn add_rows(&self, x: &[f32], acc: &mut [f32]) {
        crate::simd::dispatch!(add_rows_avx2, add_rows_of, (&self.w, self.outputs, x, acc));
    }
}

/// Outputs summed together in [`add_rows_of`]: four AVX2 vectors, held in registers
/// across the rows.
const BLOCK: usize = 32;

/// [`Dense::add_rows`] of the weights `w` (`outputs` wide), a block of [`BLOCK`] outputs
/// at a time over the nonzero inputs, listed once: each output's sum is the same as a
/// row at a time (the bias, then the products of the nonzero inputs in order), but a
/// block's running sums stay in registers across the rows instead of going through
/// memory at every row, and the test of each input for zero (a one-hot observation is
/// mostly zeros) is made once, not once a block.
#[inline(always)]
fn add_rows_of(w: &[f32], outputs: usize, x: &[f32], acc: &mut [f32]) {
    let m = outputs;
    // (input, value): `MAX_WIDTH` bounds the inputs, so an index fits in 32 bits.
    let mut nonzero: arrayvec::ArrayVec<(u32, f32), MAX_WIDTH> = arrayvec::ArrayVec::new();
    for (i, &xi) in x.iter().enumerate() {
        if xi != 0.0 {
            nonzero.push((i as u32, xi));
        }
    }
    let mut blocks = acc.chunks_exact_mut(BLOCK);
    for (b, out) in (&mut blocks).enumerate() {
        let j0 = b * BLOCK;
        let mut s: [f32; BLOCK] = (&*out).try_into().expect("a whole block");
        for &(i, xi) in &nonzero {
            let i = i as usize;
            let row: &[f32; BLOCK] = w[i * m + j0..i * m + j0 + BLOCK]
                .try_into()
                .expect("a whole block");
            for (s, &w) in s.iter_mut().zip(row) {
                *s += xi * w;
            }
        }
        out.copy_from_slice(&s);
    }
    let rest = blocks.into_remainder();
    let j0 = m - rest.len();
    for &(i, xi) in &nonzero {
        let i = i as usize;
        for (s, &w) in rest.iter_mut().zip(&w[i * m + j0..(i + 1) * m]) {
            *s += xi * w;
        }
    }
}

crate::simd::avx2_copy!(
    /// [`add_rows_of`] compiled for AVX2.
    fn add_rows_avx2(w: &[f32], outputs: usize, x: &[f32], acc: &mut [f32]) = add_rows_of
);

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

    /// A network of the given widths with weights drawn from `seed` (a tenth of them 0).
    fn random_net(widths: &[usize], seed: u64) -> PolicyNet {
        use rand::Rng as _;
        let mut rng = crate::derive_rng(seed, 0, crate::Stream::Other(0));
        let mut draw = |n: usize| -> Vec<f32> {
            (0..n)
                .map(|_| {
                    if rng.gen_range(0..10) == 0 {
                        0.0
                    } else {
                        rng.gen_range(-1.5f32..1.5)
                    }
                })
                .collect()
        };
        let mut tensors = Vec::new();
        for (k, pair) in widths.windows(2).enumerate() {
            tensors.push((
                format!("w{}", k + 1),
                vec![pair[0], pair[1]],
                draw(pair[0] * pair[1]),
            ));
            tensors.push((format!("b{}", k + 1), vec![pair[1]], draw(pair[1])));
        }
        let named: Vec<(&str, Vec<usize>, Vec<f32>)> = tensors
            .iter()
            .map(|(n, s, d)| (n.as_str(), s.clone(), d.clone()))
            .collect();
        PolicyNet::from_safetensors(&file(&named, POLICY_FORMAT)).unwrap()
    }

    /// The logits of some outputs are those of all outputs, bit for bit, in any order and
    /// for any subset, at networks of one to four layers and sparse or dense inputs (some
    /// exactly 0, as one-hot parts are). Fails if the last layer's sum is taken in
    /// another order, or starts anywhere but at the bias.
    #[test]
    fn the_logits_of_some_outputs_are_those_of_all_outputs() {
        for (seed, widths) in [
            (1, vec![7, 5]),
            (2, vec![40, 16, 30]),
            (3, vec![40, 16, 16, 30]),
            (4, vec![12, 9, 8, 7, 64]),
        ] {
            let net = random_net(&widths, seed);
            let (n, m) = (net.inputs(), net.outputs());
            for case in 0..20u32 {
                let obs: Vec<f32> = (0..n)
                    .map(|i| match (i as u32 * 7 + case) % 5 {
                        0 | 1 => 0.0,
                        2 => 1.0,
                        _ => (i as f32 * 0.37 + case as f32).sin(),
                    })
                    .collect();
                let mut all = vec![0f32; m];
                net.logits(&obs, &mut all);
                let forward: Vec<usize> = (0..m).collect();
                let some: Vec<usize> = (0..m).rev().step_by(3).collect();
                for outputs in [forward, some] {
                    let mut got = vec![f32::NAN; outputs.len()];
                    net.logits_of(&obs, outputs.iter().copied(), &mut got);
                    for (k, &j) in outputs.iter().enumerate() {
                        assert_eq!(
                            got[k].to_bits(),
                            all[j].to_bits(),
                            "widths {widths:?}, case {case}, output {j}"
                        );
                    }
                }
            }
        }
    }

    /// A layer's sums, by blocks of outputs and on either path (AVX2 where the CPU has
    /// it, and the portable loop), are the row-by-row sums bit for bit: the bias, then
    /// each nonzero input's products in input order. Widths below, at and between
    /// multiples of the block, inputs with zeros. Fails if a block is summed in
    /// another order or its remainder is dropped.
    #[test]
    fn a_layer_sums_its_rows_in_order_on_every_path() {
        use rand::Rng as _;
        let mut rng = crate::derive_rng(9, 0, crate::Stream::Other(0));
        for (n, m) in [(3, 7), (20, 32), (33, 45), (451, 128), (17, 200)] {
            let w: Vec<f32> = (0..n * m).map(|_| rng.gen_range(-1.5f32..1.5)).collect();
            let b: Vec<f32> = (0..m).map(|_| rng.gen_range(-1.5f32..1.5)).collect();
            let x: Vec<f32> = (0..n)
                .map(|_| {
                    if rng.gen_range(0..4) == 0 {
                        0.0
                    } else {
                        rng.gen_range(-3f32..3.0)
                    }
                })
                .collect();
            let mut want = b.clone();
            for (i, &xi) in x.iter().enumerate() {
                if xi != 0.0 {
                    for j in 0..m {
                        want[j] += xi * w[i * m + j];
                    }
                }
            }
            let layer = Dense {
                inputs: n,
                outputs: m,
                w: w.clone(),
                b: b.clone(),
            };
            let mut dispatched = b.clone();
            layer.add_rows(&x, &mut dispatched);
            let mut portable = b.clone();
            add_rows_of(&w, m, &x, &mut portable);
            for j in 0..m {
                assert_eq!(
                    dispatched[j].to_bits(),
                    want[j].to_bits(),
                    "{n}x{m}, output {j}"
                );
                assert_eq!(
                    portable[j].to_bits(),
                    want[j].to_bits(),
                    "{n}x{m}, output {j}"
                );
            }
        }
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
        let want = 2.0 * libm::tanhf(1.0) + 3.0 * libm::tanhf(-1.0) + 0.5;
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
