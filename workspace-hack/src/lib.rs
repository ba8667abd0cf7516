//! No code: a dependency of the engine whose only effect is the feature set its
//! `Cargo.toml` turns on for the shared dependencies, so that the tests, sim with its
//! features and the Python wheel compile the lab's crates once between them.
