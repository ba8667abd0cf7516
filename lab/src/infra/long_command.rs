//! The long lab commands (`run`, `compare`, `sweep`, `tune`, `card-value`, `ladder`) as
//! data: the macro that registers them (`long_commands!`, invoked once in
//! `lab/src/commands/mod.rs`, which makes `LabCommand`, what a checkpoint or shard file
//! records of a command, so that `sim resume` and `sim merge` can run it again over its
//! recorded phases: see [`crate::infra::journal`]), and how any of them runs on the game
//! it names ([`start`], [`run_with`]).

use crate::infra::journal::Journal;

pub use crate::infra::journal::LongCommand;

/// Registers the long lab commands, one line per command module (in
/// `lab/src/commands/mod.rs`): `module { Variant(Options), … }` declares the module
/// (`pub mod module;`) and, for each of its commands, a variant of `LabCommand`, whose
/// serde tag is the variant's name in kebab case (a test checks it equals
/// [`LongCommand::NAME`]), and the arms of its methods; its report is the `LabReport`
/// variant of the same name. `Options` implements [`LongCommand`] in the module.
macro_rules! long_commands {
    ($(
        $(#[$mm:meta])* $module:ident {
            $($(#[$m:meta])* $variant:ident($options:ty)),* $(,)?
        }
    )*) => {
        $($(#[$mm])* pub mod $module;)*

        /// A lab command with its options, as a checkpoint or shard file records it
        /// (without output folder, threads, shard and checkpoint interval, which resume
        /// and merge give anew).
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(tag = "command", rename_all = "kebab-case")]
        pub enum LabCommand {
            $($($(#[$m])* $variant($options),)*)*
        }

        /// Installs game `R` into every long command's table ([`LongCommand::games`]).
        fn install_long_commands<R: engine_core::Registered>() {
            $($(<$options as $crate::infra::long_command::LongCommand>::games().add::<R>();)*)*
        }

        impl LabCommand {
            /// The names of the registered commands as typed, in registration order.
            pub const NAMES: &'static [&'static str] =
                &[$($(<$options as $crate::infra::long_command::LongCommand>::NAME,)*)*];

            /// The registered variants' names with their commands' names, for the test
            /// that the serde tags are the names.
            #[cfg(test)]
            const VARIANTS: &'static [(&'static str, &'static str)] = &[$($((
                stringify!($variant),
                <$options as $crate::infra::long_command::LongCommand>::NAME,
            ),)*)*];

            /// The command's name as typed (`compare`, `card-value`).
            pub fn name(&self) -> &'static str {
                use $crate::infra::long_command::LongCommand as _;
                match self {
                    $($(LabCommand::$variant(_) => <$options>::NAME,)*)*
                }
            }

            /// The game it plays.
            pub fn game(&self) -> &str {
                use $crate::infra::long_command::LongCommand as _;
                match self {
                    $($(LabCommand::$variant(o) => o.game(),)*)*
                }
            }

            /// Its output and long-run options.
            fn settings(
                &mut self,
            ) -> (
                &mut $crate::infra::options::OutputOptions,
                &mut $crate::infra::options::LongRunOptions,
            ) {
                use $crate::infra::long_command::LongCommand as _;
                match self {
                    $($(LabCommand::$variant(o) => o.settings(),)*)*
                }
            }

            /// A new journal of this command on `threads` threads with `long`.
            pub fn journal(
                &self,
                threads: Option<usize>,
                long: $crate::infra::options::LongRunOptions,
            ) -> $crate::infra::journal::Journal {
                match self {
                    $($(LabCommand::$variant(o) => {
                        $crate::infra::journal::Journal::new(self.name(), o, threads, long)
                    })*)*
                }
            }

            /// Runs the command with `journal` (a fresh one: [`LabCommand::journal`], or a
            /// resumed or merged one) on the game it names
            /// ([`run_with`]($crate::infra::long_command::run_with)) and returns its
            /// report, for the summary (the library prints nothing). Errors: an unknown
            /// game, and those of the command.
            pub fn run(
                &self,
                journal: &$crate::infra::journal::Journal,
            ) -> $crate::infra::error::Result<LabReport> {
                match self {
                    $($(LabCommand::$variant(o) => {
                        $crate::infra::long_command::run_with(o, journal).map(LabReport::$variant)
                    })*)*
                }
            }
        }

        /// What a long lab command returns for its summary ([`LabCommand::run`]): the
        /// library prints nothing.
        #[derive(Clone, Debug)]
        pub enum LabReport {
            $($($(#[$m])* $variant(
                <$options as $crate::infra::long_command::LongCommand>::Report
            ),)*)*
        }

        impl LabReport {
            /// Its summary as `sim` prints it on standard output, one `\n` after each line
            /// ([`LongCommand::summary`]($crate::infra::long_command::LongCommand::summary)).
            pub fn summary(&self) -> String {
                match self {
                    $($(LabReport::$variant(r) => {
                        <$options as $crate::infra::long_command::LongCommand>::summary(r)
                    })*)*
                }
            }
        }
    };
}
pub(crate) use long_commands;

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
    C::games().of(command.game())?(command, journal)
}

/// `CardValue` as typed on the command line: `card-value` (a capital after the first
/// letter starts a new hyphenated word). The name of a registered variant, for `sim`'s
/// `Command` and the tags of [`LabCommand`](crate::commands::LabCommand).
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
