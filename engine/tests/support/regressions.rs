//! Proptest failure persistence that reads the checked-in regression file and never
//! writes it: a test run must not change tracked files (issue 23). Shared by the property
//! and fuzz tests of `engine/tests/` and `sim-cli/tests/` (included with `#[path]`).
//!
//! Proptest replays the seeds of `<test file>.proptest-regressions` (beside the test's
//! source) before any new case, as with its default persistence. When a case fails, the
//! file is left alone: the failure, its shrunk input and the line to add are printed, and
//! the developer adds the line deliberately with the fix (`docs/fuzzing.md`).

use proptest::test_runner::{Config, FailurePersistence, FileFailurePersistence, PersistedSeed};
use std::any::Any;
use std::fmt::Debug;

/// Reads `<test file>.proptest-regressions`, never writes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOnlyRegressions;

/// Where the regression file is: beside the test's source file, `fuzz.rs` →
/// `fuzz.proptest-regressions` (where proptest's default puts it for a test file).
const FILE: FileFailurePersistence = FileFailurePersistence::WithSource("proptest-regressions");

impl FailurePersistence for ReadOnlyRegressions {
    fn load_persisted_failures2(&self, source_file: Option<&'static str>) -> Vec<PersistedSeed> {
        FILE.load_persisted_failures2(source_file)
    }

    fn save_persisted_failure2(
        &mut self,
        source_file: Option<&'static str>,
        seed: PersistedSeed,
        shrunken_value: &dyn Debug,
    ) {
        let file = source_file.map_or("the test's .proptest-regressions file".into(), |f| {
            std::path::Path::new(f)
                .with_extension("proptest-regressions")
                .display()
                .to_string()
        });
        eprintln!(
            "proptest: a failing case, not saved; to keep it as a regression, add this line \
             to {file} with the fix:\n{seed} # shrinks to {shrunken_value:?}"
        );
    }

    fn box_clone(&self) -> Box<dyn FailurePersistence> {
        Box::new(*self)
    }

    fn eq(&self, other: &dyn FailurePersistence) -> bool {
        other.as_any().downcast_ref::<Self>().is_some()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Proptest's configuration with `cases` cases and the read-only regression file.
pub fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(ReadOnlyRegressions)),
        ..Config::default()
    }
}
