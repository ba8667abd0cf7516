//! Empty: a build script, so that the `[build-dependencies]` of `Cargo.toml` (serde's host
//! features, with the `tract` feature) are part of the build.
fn main() {}
