//! The long lab commands (`compare`, `sweep`, `tune`, `card-value`, `ladder`) as data: what a
//! checkpoint or shard file records of a command ([`LabCommand`]), so that `sim resume`
//! and `sim merge` can run it again over its recorded phases (see [`crate::infra::journal`]).

use crate::infra::journal::{
    Journal, LabCheckpointFile, LabShardFile, Phase, Source, LAB_CHECKPOINT_FORMAT,
    LAB_SHARD_FORMAT,
};
use crate::infra::options::{
    CardValueOptions, CompareOptions, LadderOptions, LongRunOptions, OutputOptions, SweepOptions,
    TuneOptions,
};
use anyhow::{bail, Result};
use engine::core::Registered;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub use crate::infra::journal::LongCommand;

/// Registers the long lab commands: each line `Variant(Options)` adds a variant of
/// [`LabCommand`], whose serde tag is the variant's name in kebab case (a test checks it
/// equals [`LongCommand::NAME`]), and the arms of its methods; its report is the
/// [`LabReport`] variant of the same name.
macro_rules! long_commands {
    ($($(#[$m:meta])* $variant:ident($options:ty),)*) => {
        /// A lab command with its options, as a checkpoint or shard file records it
        /// (without output folder, threads, shard and checkpoint interval, which resume
        /// and merge give anew).
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "command", rename_all = "kebab-case")]
        pub enum LabCommand {
            $($(#[$m])* $variant($options),)*
        }

        impl LabCommand {
            /// The names of the registered commands as typed, in registration order.
            pub const NAMES: &'static [&'static str] = &[$(<$options as LongCommand>::NAME,)*];

            /// The registered variants' names with their commands' names, for the test
            /// that the serde tags are the names.
            #[cfg(test)]
            const VARIANTS: &'static [(&'static str, &'static str)] =
                &[$((stringify!($variant), <$options as LongCommand>::NAME),)*];

            /// The command's name as typed (`compare`, `card-value`).
            pub fn name(&self) -> &'static str {
                match self {
                    $(LabCommand::$variant(_) => <$options as LongCommand>::NAME,)*
                }
            }

            /// The game it plays.
            pub fn game(&self) -> &str {
                match self {
                    $(LabCommand::$variant(o) => o.game(),)*
                }
            }

            /// Its output and long-run options.
            fn settings(&mut self) -> (&mut OutputOptions, &mut LongRunOptions) {
                match self {
                    $(LabCommand::$variant(o) => o.settings(),)*
                }
            }

            /// A new journal of this command on `threads` threads with `long`.
            pub fn journal(&self, threads: Option<usize>, long: LongRunOptions) -> Journal {
                match self {
                    $(LabCommand::$variant(o) => Journal::new(self.name(), o, threads, long),)*
                }
            }

            /// Runs the command with `journal` (a fresh one: [`LabCommand::journal`], or a
            /// resumed or merged one) on the game it names ([`run_with`]) and returns its
            /// report, for the summary (the library prints nothing). Errors: an unknown
            /// game, and those of the command.
            pub fn run(&self, journal: &Journal) -> crate::infra::error::Result<LabReport> {
                match self {
                    $(LabCommand::$variant(o) => run_with(o, journal).map(LabReport::$variant),)*
                }
            }
        }

        /// What a long lab command returns for its summary ([`LabCommand::run`]), or `sim
        /// run` resumed or merged: the library prints nothing.
        #[derive(Clone, Debug)]
        pub enum LabReport {
            $($(#[$m])* $variant(<$options as LongCommand>::Report),)*
            /// `sim run`, resumed or merged ([`crate::commands::run::RunReport`]).
            Run(crate::commands::run::RunReport),
        }

        impl LabReport {
            /// Its summary as `sim` prints it on standard output, one `\n` after each line
            /// ([`LongCommand::summary`]).
            pub fn summary(&self) -> String {
                match self {
                    $(LabReport::$variant(r) => <$options as LongCommand>::summary(r),)*
                    LabReport::Run(r) => {
                        let mut out = String::new();
                        for line in &r.lines {
                            put!(out, "{line}");
                        }
                        out
                    }
                }
            }
        }
    };
}

long_commands! {
    /// `sim compare`.
    Compare(CompareOptions),
    /// `sim sweep`.
    Sweep(SweepOptions),
    /// `sim tune`.
    Tune(TuneOptions),
    /// `sim card-value`.
    CardValue(CardValueOptions),
    /// `sim ladder`.
    Ladder(LadderOptions),
}

impl LabCommand {
    /// The command with output folder `out`, `threads` and long-run options `long`.
    pub fn with_output(
        mut self,
        out: Option<PathBuf>,
        threads: Option<usize>,
        long: LongRunOptions,
    ) -> Self {
        let (output, l) = self.settings();
        (output.out, output.threads, *l) = (out, threads, long);
        self
    }

    /// The command with `command_line` as the line that started it (what `run.json`
    /// records: [`crate::infra::options::OutputOptions::command_line`]).
    pub fn with_command_line(mut self, command_line: Vec<String>) -> Self {
        self.settings().0.command_line = command_line;
        self
    }
}

/// Runs the long command `command` from its start, on the game it names, with a fresh
/// journal on its own threads and long-run options ([`LongCommand::fresh_journal`]), and
/// returns its report: what `lab::compare`, `lab::sweep`, `lab::tune`, `lab::card_value`
/// and `lab::ladder` do. Errors: an unknown game, and those of the command.
pub fn start<C: LongCommand>(command: &C) -> crate::infra::error::Result<C::Report> {
    run_with(command, &command.fresh_journal())
}

/// Runs the long command `command` with `journal` (fresh, resumed or merged) on the game
/// it names. Errors: an unknown game, and those of the command.
pub fn run_with<C: LongCommand>(
    command: &C,
    journal: &Journal,
) -> crate::infra::error::Result<C::Report> {
    struct Task<'a, C: LongCommand>(
        &'a C,
        &'a Journal,
        &'a mut Option<crate::infra::error::Result<C::Report>>,
    );
    impl<C: LongCommand> crate::infra::games::GameTask for Task<'_, C> {
        type Output = ();
        fn call<R: Registered>(self) -> Result<()> {
            *self.2 = Some(self.0.run_in::<R>(self.1));
            Ok(())
        }
    }
    let mut report = None;
    crate::infra::games::dispatch(command.game(), Task(command, journal, &mut report))?;
    report.unwrap_or_else(|| {
        Err(crate::Error::Input(format!(
            "unknown game '{}'",
            command.game()
        )))
    })
}

/// `CardValue` as typed on the command line: `card-value` (a capital after the first
/// letter starts a new hyphenated word). The name of a registered variant, for `sim`'s
/// `Command` and the tags of [`LabCommand`].
pub fn kebab_case(variant: &str) -> String {
    let mut kebab = String::new();
    for (i, c) in variant.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            kebab.push('-');
        }
        kebab.push(c.to_ascii_lowercase());
    }
    kebab
}

/// `sim resume` of a lab command: `path` is its `checkpoint.json` in the temporary
/// folder `tmp` of the run that becomes `out`; plays the rest on `threads` threads with a
/// checkpoint every `checkpoint` seconds (at least 1), `run.json` recording
/// `command_line`; returns the command's report. Errors: a checkpoint of another
/// version, damaged, or one that does not fit its command.
pub fn resume(
    path: &Path,
    tmp: PathBuf,
    out: &Path,
    threads: Option<usize>,
    checkpoint: u64,
    command_line: &[String],
) -> Result<LabReport> {
    let (file, seal): (LabCheckpointFile, _) =
        crate::infra::shard::read_sealed(path, "checkpoint", LAB_CHECKPOINT_FORMAT)?;
    if file.version != env!("CARGO_PKG_VERSION") {
        bail!(
            "'{}' was written by sim {}, this is {}: resume it with that version",
            path.display(),
            file.version,
            env!("CARGO_PKG_VERSION")
        );
    }
    crate::infra::shard::sealed_intact(path, seal)?;
    let command: LabCommand = serde_json::from_value(file.command.clone())
        .map_err(|e| anyhow::anyhow!("'{}' is not a valid checkpoint: {e}", path.display()))?;
    let long = LongRunOptions {
        shard: file.shard,
        checkpoint: checkpoint.max(1),
    };
    let command = command
        .with_output(Some(out.to_path_buf()), threads, long)
        .with_command_line(command_line.to_vec());
    let journal = command.journal(threads, long).restored(
        Source::Resume(tmp),
        file.elapsed_seconds,
        file.identity,
        file.phases,
        file.partial,
    );
    Ok(command.run(&journal)?)
}

/// `sim merge` of a lab command's shards: `files` are the `shard.json` of the folders
/// `dirs`; writes the whole run's files to `out` (`None`: the folder the whole run would
/// have had), `run.json` recording `command_line`; returns the command's report. Errors:
/// shards of different runs or versions, a shard missing or given twice, a damaged file;
/// each names the folder.
pub fn merge(dirs: &[PathBuf], out: Option<PathBuf>, command_line: &[String]) -> Result<LabReport> {
    let mut shards = Vec::new();
    for dir in dirs {
        let path = dir.join("shard.json");
        let (file, seal): (LabShardFile, _) =
            crate::infra::shard::read_sealed(&path, "shard file", LAB_SHARD_FORMAT)?;
        crate::infra::shard::sealed_intact(&path, seal)?;
        shards.push((dir, file));
    }
    let Some((first_dir, first)) = shards.first().cloned() else {
        bail!("sim merge needs the shard folders to combine");
    };
    let count = first.shard.count;
    for (dir, s) in &shards {
        let differs = |what: &str| {
            anyhow::anyhow!(
                "'{}' and '{}' are not shards of one run: their {what} differ",
                first_dir.display(),
                dir.display()
            )
        };
        if s.version != first.version {
            return Err(differs("sim versions"));
        }
        if s.command != first.command {
            return Err(differs("commands or options"));
        }
        if s.identity != first.identity {
            return Err(differs("rules"));
        }
        if s.shard.count != count {
            return Err(differs("numbers of shards"));
        }
        if s.phases.len() != first.phases.len()
            || s.phases
                .iter()
                .zip(&first.phases)
                .any(|(a, b)| a.label != b.label)
        {
            return Err(differs("phases of play"));
        }
    }
    // Keyed by index: a count read from a file sizes nothing.
    let mut by_index: std::collections::BTreeMap<u64, &LabShardFile> = Default::default();
    for (dir, s) in &shards {
        if s.shard.index >= count {
            bail!(
                "'{}' is not a valid shard file: shard {} of {count}",
                dir.join("shard.json").display(),
                s.shard.index
            );
        }
        if by_index.insert(s.shard.index, s).is_some() {
            bail!(
                "shard {}/{count} is given twice ('{}')",
                s.shard.index,
                dir.display()
            );
        }
    }
    if by_index.len() as u64 != count {
        let missing = (0..count).find(|i| !by_index.contains_key(i)).unwrap_or(0);
        bail!("shard {missing}/{count} is missing: give all {count} shard folders");
    }
    if first.version != env!("CARGO_PKG_VERSION") {
        bail!(
            "the shards were written by sim {}, this is {}: merge them with that version",
            first.version,
            env!("CARGO_PKG_VERSION")
        );
    }
    let phases: Vec<Phase> = (0..first.phases.len())
        .map(|k| Phase {
            tallies: by_index
                .values()
                .flat_map(|s| s.phases[k].tallies.clone())
                .collect(),
            ..first.phases[k].clone()
        })
        .collect();
    let command: LabCommand = serde_json::from_value(first.command.clone()).map_err(|e| {
        anyhow::anyhow!(
            "'{}' is not a valid shard file: {e}",
            first_dir.join("shard.json").display()
        )
    })?;
    let command = command
        .with_output(out, None, LongRunOptions::default())
        .with_command_line(command_line.to_vec());
    let journal = command.journal(None, LongRunOptions::default()).restored(
        Source::Merge,
        by_index.values().map(|s| s.elapsed_seconds).sum(),
        first.identity.clone(),
        phases,
        None,
    );
    Ok(command.run(&journal)?)
}

#[cfg(test)]
mod tests {
    use super::LabCommand;

    /// A command's files are tagged with its variant's name in kebab case (serde's
    /// `rename_all`), which must be the name it is typed by: `sim resume` reads the tag.
    #[test]
    fn every_registered_command_is_tagged_with_its_name() {
        for (variant, name) in LabCommand::VARIANTS {
            assert_eq!(&super::kebab_case(variant), name, "{variant}");
        }
    }
}
