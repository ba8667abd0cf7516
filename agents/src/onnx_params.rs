//! The parameters of `onnx(model=FILE)`, in every build: `sim agents` lists them and the
//! spec checks read them whether or not the build has the `onnx` feature (tract), which
//! the agent itself needs (the runtime the `onnx` crate installs: [`crate::onnx`]).

use crate::spec::{agent_params, flag, number};

agent_params! {
    /// Settings of the `onnx` agent: the parameters of `onnx` ([`ONNX_PARAMS`]).
    #[derive(Clone, Debug, PartialEq)]
    pub struct OnnxConfig;
    /// The parameters of `onnx`.
    pub const ONNX_PARAMS;
    params {
        /// The ONNX file; empty until a spec names one (the agent requires it).
        model: String = "", Path,
            |v| Ok(v.to_string()),
            "the ONNX file (required): input f32 [1, observation_size], output \
            [1, num_distinct_actions] logits";
        /// Draw from the softmax of the logits instead of taking the highest.
        sample: bool = "false", Flag,
            flag,
            "false: the legal action of highest logit (ties: the lowest action code); \
            true: drawn from softmax(logit / temperature) over the legal actions";
        /// The softmax temperature of `sample` (above 0).
        temperature: f64 = "1", Number,
            |v| number(v, f64::MIN_POSITIVE, f64::MAX),
            "the softmax temperature of sample=true (above 0)";
    }
    fixed {}
}
