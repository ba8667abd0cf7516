//! The `onnx(model=FILE)` agent with tract installed ([`onnx::install`]) against a hand
//! computation: linear models (one `Gemm`) written here in ONNX's protobuf format, of each registered game's sizes, play
//! the legal action of highest `obs · W + b`; sampling stays on legal actions; files that
//! do not load or do not fit are one-line errors naming the file and the shapes.

use agents::{check_model_fits, make_agent};
use engine::core::Observation;
use engine::core::{
    derive_rng, for_each_game, load_embedded, ActionList, ChanceOutcomes, Game, GameState,
    GameVisitor, PlayerView, Registered, Stream, Turn,
};
use rand::Rng as _;
use std::path::Path;

/// Protocol Buffers' wire format, enough to write an ONNX model: varints, and
/// length-delimited fields (strings, packed numbers, nested messages).
#[derive(Default)]
struct Pb(Vec<u8>);

impl Pb {
    fn varint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.0.push((v as u8) | 0x80);
            v >>= 7;
        }
        self.0.push(v as u8);
    }

    /// Field `tag` as a varint (int32, int64, enum).
    fn int(mut self, tag: u32, v: i64) -> Self {
        self.varint(u64::from(tag) << 3);
        self.varint(v as u64);
        self
    }

    /// Field `tag` as length-delimited bytes.
    fn bytes(mut self, tag: u32, b: &[u8]) -> Self {
        self.varint((u64::from(tag) << 3) | 2);
        self.varint(b.len() as u64);
        self.0.extend_from_slice(b);
        self
    }

    fn string(self, tag: u32, s: &str) -> Self {
        self.bytes(tag, s.as_bytes())
    }

    fn message(self, tag: u32, m: Pb) -> Self {
        self.bytes(tag, &m.0)
    }
}

/// ONNX's `TensorProto.DataType.FLOAT`.
const FLOAT: i64 = 1;

/// A float tensor value of shape `dims` named `name`, for the graph's input and output
/// (`ValueInfoProto`: name 1, type 2; `TypeProto`: tensor_type 1; its `Tensor`: elem_type
/// 1, shape 2; `TensorShapeProto`: dim 1; `Dimension`: dim_value 1).
fn value(name: &str, dims: &[i64]) -> Pb {
    let shape = dims
        .iter()
        .fold(Pb::default(), |s, &d| s.message(1, Pb::default().int(1, d)));
    let tensor = Pb::default().int(1, FLOAT).message(2, shape);
    Pb::default()
        .string(1, name)
        .message(2, Pb::default().message(1, tensor))
}

/// A float initializer (`TensorProto`: dims 1, data_type 2, float_data 4 packed, name 8).
fn constant(name: &str, dims: &[i64], data: &[f32]) -> Pb {
    let floats: Vec<u8> = data.iter().flat_map(|x| x.to_le_bytes()).collect();
    dims.iter()
        .fold(Pb::default(), |t, &d| t.int(1, d))
        .int(2, FLOAT)
        .bytes(4, &floats)
        .string(8, name)
}

/// Writes the model `logits = obs · W + b` (`obs` `[1, n]`, `W` `[n, a]` row-major,
/// `b` `[a]`) to `path` as an ONNX file: one `Gemm` node (`NodeProto`: input 1, output 2,
/// op_type 4), in a graph (`GraphProto`: node 1, name 2, initializer 5, input 11, output
/// 12) of a model (`ModelProto`: ir_version 1, producer_name 2, graph 7, opset_import 8;
/// `OperatorSetIdProto`: domain 1, version 2), the field numbers of `onnx.proto`.
fn write_linear(path: &Path, n: usize, a: usize, w: &[f32], b: &[f32]) {
    let (n64, a64) = (n as i64, a as i64);
    let node = Pb::default()
        .string(1, "obs")
        .string(1, "W")
        .string(1, "b")
        .string(2, "logits")
        .string(4, "Gemm");
    let graph = Pb::default()
        .message(1, node)
        .string(2, "linear")
        .message(5, constant("W", &[n64, a64], w))
        .message(5, constant("b", &[a64], b))
        .message(11, value("obs", &[1, n64]))
        .message(12, value("logits", &[1, a64]));
    let model = Pb::default()
        .int(1, 8)
        .string(2, "onnx-tests")
        .message(7, graph)
        .message(8, Pb::default().string(1, "").int(2, 13));
    std::fs::write(path, model.0).unwrap();
}

/// Random weights of a model of `n` inputs and `a` outputs, from `seed`.
fn weights(n: usize, a: usize, seed: u64) -> (Vec<f32>, Vec<f32>) {
    let mut rng = derive_rng(seed, 0, Stream::Seat(0));
    let w = (0..n * a).map(|_| rng.gen_range(-1.0..1.0)).collect();
    let b = (0..a).map(|_| rng.gen_range(-1.0..1.0)).collect();
    (w, b)
}

/// In every registered game, an `onnx` agent at every seat plays, for 40 decisions, the
/// legal action whose logit computed here is the highest (up to float rounding between
/// tract's kernel and this sum: a near-tie may go either way).
#[test]
fn the_agent_plays_the_argmax_of_its_model_over_the_legal_actions_in_every_game() {
    onnx::install();
    struct Check<'a>(&'a Path);
    impl GameVisitor for Check<'_> {
        type Output = usize;
        fn visit<G: Registered>(&mut self) -> usize {
            let game = load_embedded::<G>(G::RULES[0].name, |_| {}).unwrap();
            let mut state = game.new_initial_state();
            let n = state.observation_size();
            let a = game.info().num_distinct_actions;
            let (w, b) = weights(n, a, 3);
            let path = self.0.join(format!("{}.onnx", G::NAME));
            write_linear(&path, n, a, &w, &b);
            let spec = format!("onnx(model={})", path.display());
            check_model_fits(&agents::AgentSpec::parse(&spec).unwrap(), G::NAME, n, a).unwrap();
            let mut agent =
                make_agent::<G::State>(&agents::AgentSpec::parse(&spec).unwrap()).unwrap();
            let mut chance = derive_rng(5, 0, Stream::Chance(0));
            let mut rng = derive_rng(5, 0, Stream::Seat(0));
            let (mut obs, mut legal) = (vec![0f32; n], ActionList::new());
            let mut decisions = 0;
            while decisions < 40 {
                let action = match state.turn() {
                    Turn::Terminal => break,
                    Turn::Chance => state.sample_chance_outcome(&mut chance),
                    Turn::Decision(seat) => {
                        decisions += 1;
                        let view = PlayerView::new(&state, seat);
                        view.observation_tensor(&mut obs);
                        view.legal_actions(&mut legal);
                        let logit = |j: usize| {
                            let dot: f64 = (0..n)
                                .map(|i| f64::from(obs[i]) * f64::from(w[i * a + j]))
                                .sum();
                            dot + f64::from(b[j])
                        };
                        let best = legal
                            .iter()
                            .map(|x| logit(usize::from(x.0)))
                            .fold(f64::NEG_INFINITY, f64::max);
                        let chosen = agent.act(&view, &mut rng);
                        assert!(legal.contains(&chosen), "{}: legal", G::NAME);
                        assert!(
                            logit(usize::from(chosen.0)) >= best - 1e-4,
                            "{}: chose {} of logit {} below the best {best}",
                            G::NAME,
                            chosen.0,
                            logit(usize::from(chosen.0))
                        );
                        chosen
                    }
                };
                state.apply(action);
            }
            assert!(decisions > 0, "{}", G::NAME);
            decisions
        }
    }
    let dir = tempfile::tempdir().unwrap();
    for_each_game(&mut Check(dir.path()));
}

/// Sampling draws legal actions only, from the seat's stream (the same stream, the same
/// choices), and a tiny temperature plays the argmax.
#[test]
fn sampling_stays_on_legal_actions_and_follows_the_seats_stream() {
    onnx::install();
    type G = engine::crazy_eights::CrazyEights;
    let game = load_embedded::<G>(<G as Registered>::RULES[0].name, |_| {}).unwrap();
    let n = game.new_initial_state().observation_size();
    let a = game.info().num_distinct_actions;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.onnx");
    let (w, b) = weights(n, a, 8);
    write_linear(&path, n, a, &w, &b);
    let play = |spec: &str, seed: u64| {
        let mut agent = make_agent::<<G as engine::core::Game>::State>(
            &agents::AgentSpec::parse(spec).unwrap(),
        )
        .unwrap();
        let mut state = game.new_initial_state();
        let mut chance = derive_rng(1, 0, Stream::Chance(0));
        let mut rng = derive_rng(seed, 0, Stream::Seat(0));
        let mut legal = ActionList::new();
        let mut chosen = Vec::new();
        while chosen.len() < 30 {
            let action = match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => state.sample_chance_outcome(&mut chance),
                Turn::Decision(seat) => {
                    let view = PlayerView::new(&state, seat);
                    view.legal_actions(&mut legal);
                    let x = agent.act(&view, &mut rng);
                    assert!(legal.contains(&x));
                    chosen.push(x);
                    x
                }
            };
            state.apply(action);
        }
        chosen
    };
    let p = path.display();
    let sampled = format!("onnx(model={p},sample=true,temperature=2)");
    assert_eq!(play(&sampled, 4), play(&sampled, 4));
    let greedy = play(&format!("onnx(model={p})"), 4);
    assert_eq!(
        play(
            &format!("onnx(model={p},sample=true,temperature=0.000001)"),
            9
        ),
        greedy
    );
}

/// A file that is missing, not ONNX, or of sizes other than the game's: one line naming
/// the file (and the shapes).
#[test]
fn bad_model_files_are_one_line_errors_naming_the_file_and_shapes() {
    onnx::install();
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.onnx");
    let e = check_model_fits(
        &agents::AgentSpec::parse(&format!("onnx(model={})", missing.display())).unwrap(),
        "g",
        4,
        3,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("missing.onnx") && !e.contains('\n'), "{e}");
    let junk = dir.path().join("junk.onnx");
    std::fs::write(&junk, b"not a model").unwrap();
    let e = check_model_fits(
        &agents::AgentSpec::parse(&format!("onnx(model={})", junk.display())).unwrap(),
        "g",
        4,
        3,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("junk.onnx") && !e.contains('\n'), "{e}");
    let small = dir.path().join("small.onnx");
    let (w, b) = weights(5, 3, 1);
    write_linear(&small, 5, 3, &w, &b);
    let spec = format!("onnx(model={})", small.display());
    check_model_fits(&agents::AgentSpec::parse(&spec).unwrap(), "g", 5, 3).unwrap();
    let e = check_model_fits(&agents::AgentSpec::parse(&spec).unwrap(), "grangol", 7, 3)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("small.onnx")
            && e.contains("[1, 5]")
            && e.contains("[1, 7]")
            && !e.contains('\n'),
        "{e}"
    );
    let e = make_agent::<<engine::crazy_eights::CrazyEights as engine::core::Game>::State>(
        &agents::AgentSpec::parse("onnx").unwrap(),
    )
    .err()
    .unwrap()
    .to_string();
    assert!(e.contains("model"), "{e}");
    // Not an onnx spec: nothing to check.
    check_model_fits(
        &agents::AgentSpec::parse("mcts(iterations=5)").unwrap(),
        "g",
        1,
        1,
    )
    .unwrap();
}
