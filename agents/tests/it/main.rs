//! The agents' integration tests, one binary: each file below was a test binary of its own,
//! each linking every game and tract-onnx. Run one file's tests with
//! `cargo test -p agents --test it <file>::` (e.g. `search::`). Two stay binaries of their
//! own, for what they change in their process: `no_alloc.rs` (a counting global
//! allocator) and `stop.rs` (the process-wide stop flag, which would end the searches of
//! every other test).

mod helvetia_penalties;
mod helvetia_search;
mod memory_search;
mod no_peeking;
mod oracle;
mod search;
mod table;
