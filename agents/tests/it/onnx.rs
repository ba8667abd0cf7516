//! The `onnx(model=FILE)` agent against a hand computation: linear models (one `Gemm`)
//! written here with tract's own protobuf types, of each registered game's sizes, play
//! the legal action of highest `obs · W + b`; sampling stays on legal actions; files that
//! do not load or do not fit are one-line errors naming the file and the shapes.

use agents::{check_model_fits, make_agent};
use engine::core::{
    derive_rng, for_each_game, load_embedded, ActionList, Game, GameState, GameVisitor, PlayerView,
    Registered, Stream, Turn,
};
use prost::Message;
use rand::Rng as _;
use std::path::Path;
use tract_onnx::pb;

/// A float tensor value of shape `dims` named `name`, for the graph's input and output.
fn value(name: &str, dims: &[i64]) -> pb::ValueInfoProto {
    use pb::tensor_shape_proto::{dimension, Dimension};
    pb::ValueInfoProto {
        name: name.into(),
        r#type: Some(pb::TypeProto {
            value: Some(pb::type_proto::Value::TensorType(pb::type_proto::Tensor {
                elem_type: pb::tensor_proto::DataType::Float as i32,
                shape: Some(pb::TensorShapeProto {
                    dim: dims
                        .iter()
                        .map(|&d| Dimension {
                            value: Some(dimension::Value::DimValue(d)),
                            ..Default::default()
                        })
                        .collect(),
                }),
            })),
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// A float initializer.
fn constant(name: &str, dims: &[i64], data: &[f32]) -> pb::TensorProto {
    pb::TensorProto {
        name: name.into(),
        dims: dims.to_vec(),
        data_type: pb::tensor_proto::DataType::Float as i32,
        float_data: data.to_vec(),
        ..Default::default()
    }
}

/// Writes the model `logits = obs · W + b` (`obs` `[1, n]`, `W` `[n, a]` row-major,
/// `b` `[a]`) to `path` as an ONNX file.
fn write_linear(path: &Path, n: usize, a: usize, w: &[f32], b: &[f32]) {
    let (n64, a64) = (n as i64, a as i64);
    let graph = pb::GraphProto {
        name: "linear".into(),
        node: vec![pb::NodeProto {
            op_type: "Gemm".into(),
            input: vec!["obs".into(), "W".into(), "b".into()],
            output: vec!["logits".into()],
            ..Default::default()
        }],
        initializer: vec![constant("W", &[n64, a64], w), constant("b", &[a64], b)],
        input: vec![value("obs", &[1, n64])],
        output: vec![value("logits", &[1, a64])],
        ..Default::default()
    };
    let model = pb::ModelProto {
        ir_version: 8,
        opset_import: vec![pb::OperatorSetIdProto {
            domain: String::new(),
            version: 13,
        }],
        producer_name: "agents-tests".into(),
        graph: Some(graph),
        ..Default::default()
    };
    std::fs::write(path, model.encode_to_vec()).unwrap();
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
            check_model_fits(&spec, G::NAME, n, a).unwrap();
            let mut agent = make_agent::<G::State>(&spec).unwrap();
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
    type G = engine::crazy_eights::CrazyEights;
    let game = load_embedded::<G>(<G as Registered>::RULES[0].name, |_| {}).unwrap();
    let n = game.new_initial_state().observation_size();
    let a = game.info().num_distinct_actions;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.onnx");
    let (w, b) = weights(n, a, 8);
    write_linear(&path, n, a, &w, &b);
    let play = |spec: &str, seed: u64| {
        let mut agent = make_agent::<<G as engine::core::Game>::State>(spec).unwrap();
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
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.onnx");
    let e = check_model_fits(&format!("onnx(model={})", missing.display()), "g", 4, 3)
        .unwrap_err()
        .to_string();
    assert!(e.contains("missing.onnx") && !e.contains('\n'), "{e}");
    let junk = dir.path().join("junk.onnx");
    std::fs::write(&junk, b"not a model").unwrap();
    let e = check_model_fits(&format!("onnx(model={})", junk.display()), "g", 4, 3)
        .unwrap_err()
        .to_string();
    assert!(e.contains("junk.onnx") && !e.contains('\n'), "{e}");
    let small = dir.path().join("small.onnx");
    let (w, b) = weights(5, 3, 1);
    write_linear(&small, 5, 3, &w, &b);
    let spec = format!("onnx(model={})", small.display());
    check_model_fits(&spec, "g", 5, 3).unwrap();
    let e = check_model_fits(&spec, "grangol", 7, 3)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("small.onnx")
            && e.contains("[1, 5]")
            && e.contains("[1, 7]")
            && !e.contains('\n'),
        "{e}"
    );
    let e = make_agent::<<engine::crazy_eights::CrazyEights as engine::core::Game>::State>("onnx")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("model"), "{e}");
    // Not an onnx spec: nothing to check.
    check_model_fits("mcts(iterations=5)", "g", 1, 1).unwrap();
}
