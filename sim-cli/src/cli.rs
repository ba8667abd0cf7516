//! The command line.

use clap::Parser;

pub use crate::commands::Command;

/// `sim --version`: the package version and the commit it was built from (`build.rs`).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("SIM_COMMIT"),
    ")"
);

/// Self-play simulator for tabletop soccer card games.
///
/// Without a subcommand, `sim` runs a simulation (`sim run`):
///   sim --game grangol --agents random,random --games 10000
#[derive(Parser, Debug)]
#[command(name = "sim", version = VERSION, verbatim_doc_comment)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// No progress on standard error (no bar, no progress lines); results, the summary
    /// and errors are written as usual.
    #[arg(long, short, global = true)]
    pub quiet: bool,
}

/// The command line with `run` inserted when no subcommand is given, so that
/// `sim --game grangol …` means `sim run --game grangol …`. Help and version flags and
/// explicit subcommands are left alone.
pub fn with_default_subcommand(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    // The global flags may come before the subcommand: look past them.
    let first = args
        .iter()
        .skip(1)
        .map(|a| a.to_str())
        .find(|a| !matches!(a, Some("-q" | "--quiet")))
        .flatten();
    let insert = match first {
        None => true,
        Some("-h" | "--help" | "-V" | "--version") => false,
        Some(a) => a.starts_with('-'),
    };
    let mut args = args;
    if insert {
        args.insert(1.min(args.len()), "run".into());
    }
    args
}

/// The cargo features of `sim` this build was made without, each with what it brings
/// (docs/features.md): `onnx` (the `onnx(model=FILE)` agent), `datasets` (`sim
/// selfplay`), `tui` (`sim play`'s terminal UI). Empty for a `--features full` build.
pub fn missing_features() -> Vec<(&'static str, &'static str)> {
    let mut missing = Vec::new();
    if !cfg!(feature = "onnx") {
        missing.push(("onnx", "the onnx(model=FILE) agent"));
    }
    if !cfg!(feature = "datasets") {
        missing.push(("datasets", "sim selfplay's Parquet datasets"));
    }
    if !cfg!(feature = "tui") {
        missing.push(("tui", "sim play's terminal UI"));
    }
    missing
}

/// The command line's definition as this build has it: [`Cli`] with what the build lacks
/// marked in `sim --help` (a closing paragraph naming the missing features and the
/// command that builds them all) and in the help of the commands that need one (`sim
/// selfplay`, `sim play`).
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    let missing = missing_features();
    let mut cmd = Cli::command();
    if missing.is_empty() {
        return cmd;
    }
    let lacks = |feature: &str| missing.iter().any(|(f, _)| *f == feature);
    if lacks("datasets") {
        cmd = cmd.mut_subcommand("selfplay", |c| {
            let about = c.get_about().map(|a| a.to_string()).unwrap_or_default();
            c.about(format!("[not in this build: feature 'datasets'] {about}"))
        });
    }
    if lacks("tui") {
        cmd = cmd.mut_subcommand("play", |c| {
            let about = c.get_about().map(|a| a.to_string()).unwrap_or_default();
            c.about(format!(
                "{about} [this build: line protocol only, no feature 'tui']"
            ))
        });
    }
    let list: Vec<String> = missing
        .iter()
        .map(|(f, what)| format!("'{f}' ({what})"))
        .collect();
    cmd.after_help(format!(
        "This build of sim lacks the cargo features {}; build everything with: cargo build \
         --release -p sim-cli --features full",
        list.join(", ")
    ))
}

/// Whether the process was asked for the top-level help (`sim -h`, `sim --help`, before
/// any subcommand), which then shows the default command's flags too.
pub fn is_top_level_help() -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    args.iter()
        .take_while(|a| a.starts_with('-'))
        .any(|a| a == "-h" || a == "--help")
        && !args.iter().any(|a| !a.starts_with('-'))
}

/// The options of the default command, `sim run`, as `sim run --help` lists them, under a
/// heading: what `sim --help` prints after the list of commands.
pub fn default_command_help() -> String {
    let mut cmd = command();
    let run = cmd
        .find_subcommand_mut("run")
        .expect("the run subcommand exists");
    let help = run.render_help().to_string();
    let options = help
        .split_once("Options:")
        .map_or(help.as_str(), |(_, rest)| rest);
    format!(
        "Options of the default command (sim [run] --game G --agents A,B --games N ...):{options}"
    )
}

/// A clap error as one line: its first paragraph with lines joined, without the `error: `
/// prefix, and a pointer to `--help`.
pub fn one_line(err: &clap::Error) -> String {
    let text = err.to_string();
    let first: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    let msg = first.join(" ");
    let msg = msg.strip_prefix("error: ").unwrap_or(&msg);
    format!("{msg} (see 'sim --help')")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::DEFAULT_SEED;
    use clap::CommandFactory;

    #[test]
    fn cli_is_consistent() {
        Cli::command().debug_assert();
    }

    /// A command that can be stopped and resumed (`--checkpoint`) or split into shards
    /// (`--shard`) must be registered with the lab's long commands
    /// (`lab::commands::LabCommand`), or `sim resume` and `sim merge` could not run
    /// it again; `sim resume` takes `--checkpoint` for the command it resumes.
    #[test]
    fn every_command_with_checkpoints_or_shards_is_a_registered_long_command() {
        let mut long = Vec::new();
        for sub in Cli::command().get_subcommands() {
            let has = |flag: &str| sub.get_arguments().any(|a| a.get_long() == Some(flag));
            if has("checkpoint") || has("shard") {
                long.push(sub.get_name().to_string());
            }
        }
        assert!(long.iter().any(|c| c == "compare"), "{long:?}");
        assert!(long.iter().any(|c| c == "run"), "{long:?}");
        for name in &long {
            assert!(
                name == "resume" || lab::commands::LabCommand::NAMES.contains(&name.as_str()),
                "sim {name} takes --checkpoint or --shard but is not a registered long \
                 command (long_commands! in lab/src/commands/mod.rs)"
            );
        }
    }

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        let args = args.iter().map(Into::into).collect();
        Cli::try_parse_from(with_default_subcommand(args))
    }

    #[test]
    fn run_is_the_default() {
        let cli = parse(&[
            "sim",
            "--game",
            "grangol",
            "--agents",
            "random,random",
            "--games",
            "3",
        ])
        .unwrap();
        let Command::Run(run) = cli.command else {
            panic!("not a run")
        };
        let typed: Vec<String> = run.common.agents.iter().map(|s| s.to_string()).collect();
        assert_eq!(typed, ["random", "random"]);
        assert_eq!(run.common.seed, DEFAULT_SEED);
        assert!(
            parse(&["sim", "run", "--game", "grangol", "--agents", "random", "--games", "3"])
                .is_ok()
        );
        assert!(
            parse(&["sim", "trace", "--game", "grangol", "--agents", "a,b", "--games", "1"])
                .is_ok()
        );
    }

    #[test]
    fn errors_are_one_line() {
        for bad in [
            &[
                "sim",
                "--game",
                "grangol",
                "--agents",
                "random,random",
                "--games",
                "0",
            ][..],
            &[
                "sim",
                "--game",
                "grangol",
                "--agents",
                "random,random",
                "--games",
                "x",
            ],
            &[
                "sim",
                "--game",
                "chess",
                "--agents",
                "random,random",
                "--games",
                "1",
            ],
            &["sim", "--game", "grangol", "--agents", "random,random"],
            &["sim"],
            &["sim", "--bogus"],
        ] {
            let err = parse(bad).unwrap_err();
            let line = one_line(&err);
            assert!(!line.contains('\n'), "{line}");
            assert!(!line.starts_with("error"), "{line}");
        }
    }

    /// Every `sim` command that a code block of the README or of `docs/` shows parses: its
    /// subcommand and flags exist and its required flags are given, so a renamed or newly
    /// required flag fails here until the docs follow. Synopses are not commands and are
    /// skipped: lines with a shell variable (`$i`), an ellipsis or an optional part
    /// (`[--rules R]`); and lines that start with `sim` but not with a subcommand or a
    /// flag are output (a table's row). Agent specs and rule files are checked when a
    /// command runs, not here.
    #[test]
    fn every_command_the_docs_show_parses() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files = vec![root.join("README.md")];
        for dir in ["docs", "docs/rules"] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "md") {
                    files.push(path);
                }
            }
        }
        files.sort();
        let names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        let (mut checked, mut failures) = (0, Vec::new());
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            let mut in_block = false;
            let mut lines = text.lines().enumerate();
            while let Some((i, line)) = lines.next() {
                if line.trim_start().starts_with("```") {
                    in_block = !in_block;
                    continue;
                }
                let line = line.trim();
                let Some(rest) = line
                    .strip_prefix("sim ")
                    .or_else(|| line.strip_prefix("target/release/sim "))
                    .filter(|_| in_block)
                else {
                    continue;
                };
                let mut command = rest.to_string();
                while command.ends_with('\\') {
                    command.pop();
                    let (_, next) = lines.next().expect("a continued line");
                    command.push(' ');
                    command.push_str(next.trim());
                }
                // A comment, or the shell plumbing, after the command.
                for end in [" #", " | ", " > ", " && "] {
                    if let Some(k) = command.find(end) {
                        command.truncate(k);
                    }
                }
                // Output that starts with `sim` (a table row, a banner) is no command.
                let first = command.split_whitespace().next().unwrap_or_default();
                if !first.starts_with('-') && !names.iter().any(|n| n == first) {
                    continue;
                }
                if command.contains('$') || command.contains("...") || command.contains("[--") {
                    continue;
                }
                let words = shlex::split(&command)
                    .unwrap_or_else(|| panic!("{}:{}: unbalanced quotes", file.display(), i + 1));
                let mut args = vec!["sim".to_string()];
                args.extend(words);
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                checked += 1;
                if let Err(e) = parse(&args) {
                    failures.push(format!(
                        "{}:{}: sim {command}: {}",
                        file.display(),
                        i + 1,
                        one_line(&e)
                    ));
                }
            }
        }
        assert!(checked > 80, "only {checked} commands found in the docs");
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
