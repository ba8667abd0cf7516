//! The parameters of `onnx(model=FILE)`, in every build: `sim agents` lists them and the
//! spec checks read them whether or not the build has the `onnx` feature (tract), which
//! the agent itself needs ([`crate::onnx`] with it, [`crate::onnx_missing`] without).

use crate::spec::{ParamInfo, ParamKind};

/// The parameters of `onnx`.
pub const ONNX_PARAMS: &[ParamInfo] = &[
    ParamInfo {
        name: "model",
        kind: ParamKind::Path,
        default: "",
        help: "the ONNX file (required): input f32 [1, observation_size], output \
               [1, num_distinct_actions] logits",
    },
    ParamInfo {
        name: "sample",
        kind: ParamKind::Flag,
        default: "false",
        help: "false: the legal action of highest logit (ties: the lowest action code); \
               true: drawn from softmax(logit / temperature) over the legal actions",
    },
    ParamInfo {
        name: "temperature",
        kind: ParamKind::Number,
        default: "1",
        help: "the softmax temperature of sample=true (above 0)",
    },
];
