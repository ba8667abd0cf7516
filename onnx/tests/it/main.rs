//! The ONNX runtime's tests, one binary (run with the runtime: `cargo test -p onnx
//! --features tract`, or `.ci/run`'s features stage).

mod onnx;
