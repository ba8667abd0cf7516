//! Empty: a build script, so that the `[build-dependencies]` (syn's host features) are
//! part of every build.
fn main() {}
