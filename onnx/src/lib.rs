//! The ONNX runtime of the `onnx(model=FILE)` agent: [`agents::PolicyModel`] with the
//! tract-onnx crate. `sim` and the Python package built with the cargo feature `onnx`
//! call `install` at start; the agents and the lab never depend on tract, so the
//! feature compiles this crate and the program and reuses the default build's agents and
//! lab.
//!
//! A model file is read and optimized for an input of shape `[1, N]` (a symbolic batch
//! size is fixed to 1); it must have one `f32` input `[1, N]` or `[N]` and one `f32`
//! output `[1, A]` or `[A]`, else the loader says which of these it is not, in one line
//! ([`agents::ModelLoader`]). Each agent runs the shared plan with its own state (tract's
//! buffers, reused from decision to decision).
//!
//! Without its own cargo feature `tract` (which sim's `onnx` turns on) the crate is empty:
//! the default build's tests (`cargo test --workspace`) compile no tract.

#[cfg(feature = "tract")]
mod tract_model;

#[cfg(feature = "tract")]
pub use tract_model::{install, load};
