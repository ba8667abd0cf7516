//! Checkpoints, resume and shards for every long lab command (`run`, `compare`, `sweep`,
//! `tune`, `card-value`, `ladder`), without code of their own.
//!
//! A command plays its games as a sequence of *phases*: one [`Job`] each, played through
//! [`Journal::run`] (run, compare, sweep and card-value have one phase, `games`; tune has
//! one per evaluation of its search and one for the final re-play; ladder one per
//! stage). The journal records each
//! finished phase's tally, and the chunks done of the phase under way, and:
//!
//! - **checkpoints** them every `--checkpoint` seconds, atomically, to `checkpoint.json`
//!   in the command's temporary folder (`OUT.tmp-XXXXXX`), and once more when Ctrl-C or
//!   SIGTERM stops the command;
//! - **resumes** (`sim resume OUT`): the command runs again from its recorded options;
//!   every recorded phase returns its tally without a game played, the phase under way
//!   plays only its missing chunks;
//! - **shards** (`--shard I/N`): a phase marked shardable plays only part I of N of its
//!   units; the others (tune's search, where each step depends on the last) are played
//!   whole by every shard. The shard's folder gets `shard.json` with every phase's tally;
//! - **merges** (`sim merge DIR…`): the command runs again with, for every phase, the
//!   shards' tallies added up (a shardable phase) or checked equal (another).
//!
//! Every tally merges exactly ([`crate::infra::runner::Merge`]), so the files of a resumed or
//! merged command are byte for byte those of one uninterrupted run (`run.json` aside,
//! which records the seconds taken and the command line typed). What a command depends
//! on beyond its options (the rules its files resolve to) is recorded with
//! [`Journal::identify`] and checked on resume and merge.

use crate::infra::checkpoint::{Stopped, CHECKPOINT};
use crate::infra::games::{PerGame, PerGameFn};
use crate::infra::options::{LongRunOptions, OutputOptions, Shard};
use crate::infra::progress::Progress;
use crate::infra::runner::{
    downcast, games_done, play_dyn, pool, AnyTally, Chunks, DynJob, Job, Partial,
};
use anyhow::{bail, Context, Result};
use engine_core::Registered;
use reports::RunDir;
use serde::Serialize;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

mod files;
pub use files::{
    format_of, record, LabCheckpointFile, LabShardFile, PartialPhase, Phase, LAB_CHECKPOINT_FORMAT,
    LAB_SHARD_FORMAT,
};

/// A long lab command: its options type, which a checkpoint or shard file records, with
/// what `sim resume` and `sim merge` need to run it again. Implemented in the command's
/// own file, beside its code; registered by one line of `long_commands!` in
/// `lab/src/commands/mod.rs` (see [`crate::infra::long_command`]).
pub trait LongCommand: Clone + std::fmt::Debug + PartialEq + Serialize + 'static {
    /// The command's name as typed (`card-value`): the tag of its files.
    const NAME: &'static str;
    /// The game it plays.
    fn game(&self) -> &str;
    /// Its output options (folder, threads, command line) and long-run options, which
    /// resume and merge give anew.
    fn settings(&mut self) -> (&mut OutputOptions, &mut LongRunOptions);
    /// What it returns for its summary (the library prints nothing).
    type Report: Clone + std::fmt::Debug + 'static;
    /// Runs it on the game `R` (the one [`LongCommand::game`] names) with `journal`.
    /// Errors: those of the command.
    fn run_in<R: engine_core::Registered>(
        &self,
        journal: &Journal,
    ) -> crate::infra::error::Result<Self::Report>;
    /// A fresh journal of the command, on its own threads and long-run options (its
    /// first run; resume and merge restore theirs).
    fn fresh_journal(&self) -> Journal;
    /// The summary of `report` as `sim` prints it on standard output, one `\n` after each
    /// line: the same text whether the command ran fresh, was resumed or was merged.
    fn summary(report: &Self::Report) -> String;
    /// Runs it for the first time on the game `R`: [`LongCommand::run_in`] with
    /// [`LongCommand::fresh_journal`]. Errors: those of the command.
    fn run_fresh<R: engine_core::Registered>(&self) -> crate::infra::error::Result<Self::Report> {
        self.run_in::<R>(&self.fresh_journal())
    }
    /// Runs it from its start on the game it names
    /// ([`crate::infra::long_command::start`]). `long_command!` implements it, so that it
    /// is compiled once, in the lab: a caller in another crate (`sim`) that called the
    /// generic `start` would compile every command again for every game. Errors: an
    /// unknown game, and those of the command.
    fn start(&self) -> crate::infra::error::Result<Self::Report>;
    /// Its code for each installed game ([`LongCommand::run_in`] on that game), which
    /// [`crate::infra::long_command::run_with`] runs: a table of its own, filled by the
    /// program's installer (`crate::commands::install_game`).
    fn games() -> &'static PerGame<LongRun<Self>>;
}

/// The [`PerGameFn`] of the long command `C`: [`LongCommand::run_in`] on each game.
pub struct LongRun<C>(std::marker::PhantomData<C>);

impl<C: LongCommand> PerGameFn for LongRun<C> {
    type Fn = for<'a> fn(&'a C, &'a Journal) -> crate::infra::error::Result<C::Report>;
    fn make<R: Registered>() -> Self::Fn {
        |command, journal| command.run_in::<R>(journal)
    }
}

/// Implements [`LongCommand`] for an options type with `output` and `long` fields, in the
/// command's own file: `long_command!(CompareOptions: "compare", DesignReport, game:
/// common.game, run: compare_report, summary: summary::write_compare)`, where `game` is the
/// options' field that names the game, `run` a function generic over the game type `R`
/// that takes the options and the journal and returns a `Result` of the report whose
/// error converts into [`crate::Error`] (an `anyhow` error or a `crate::Error`), and
/// `summary` writes the report's summary into a `String`.
///
/// With a function head first, it also declares the command's entry point, which runs it
/// fresh on the game `R` ([`LongCommand::run_fresh`]): `long_command!(/// docs… pub fn
/// compare(CompareOptions) -> DesignReport: "compare", game: …, run: …, summary: …)`.
macro_rules! long_command {
    ($(#[$doc:meta])* pub fn $entry:ident($options:ty) -> $report:ty: $name:literal,
     game: $($game:ident).+,
     run: $run:ident,
     summary: $summary:path $(,)?) => {
        $(#[$doc])*
        pub fn $entry<R: engine_core::Registered>(
            args: &$options,
        ) -> $crate::infra::error::Result<$report> {
            $crate::infra::journal::LongCommand::run_fresh::<R>(args)
        }
        $crate::infra::journal::long_command!($options: $name, $report,
            game: $($game).+, run: $run, summary: $summary);
    };
    ($options:ty: $name:literal, $report:ty,
     game: $($game:ident).+,
     run: $run:ident,
     summary: $summary:path $(,)?) => {
        impl $crate::infra::journal::LongCommand for $options {
            const NAME: &'static str = $name;
            type Report = $report;
            fn game(&self) -> &str {
                &self.$($game).+
            }
            fn settings(
                &mut self,
            ) -> (
                &mut $crate::infra::options::OutputOptions,
                &mut $crate::infra::options::LongRunOptions,
            ) {
                (&mut self.output, &mut self.long)
            }
            fn run_in<R: engine_core::Registered>(
                &self,
                journal: &$crate::infra::journal::Journal,
            ) -> $crate::infra::error::Result<$report> {
                $run::<R>(self, journal).map_err($crate::Error::from)
            }
            fn start(&self) -> $crate::infra::error::Result<$report> {
                $crate::infra::long_command::start(self)
            }
            fn games() -> &'static $crate::infra::games::PerGame<
                $crate::infra::journal::LongRun<$options>,
            > {
                static GAMES: $crate::infra::games::PerGame<
                    $crate::infra::journal::LongRun<$options>,
                > = $crate::infra::games::PerGame::new();
                &GAMES
            }
            fn fresh_journal(&self) -> $crate::infra::journal::Journal {
                $crate::infra::journal::Journal::new($name, self, self.output.threads, self.long)
            }
            fn summary(report: &$report) -> String {
                let mut out = String::new();
                $summary(&mut out, report);
                out
            }
        }
    };
}
pub(crate) use long_command;

/// Where a journal's phases come from.
pub(crate) enum Source {
    /// A new command: every phase is played.
    Fresh,
    /// `sim resume`: the recorded phases are not played again; the command's folder is
    /// the interrupted one's temporary folder.
    Resume(PathBuf),
    /// `sim merge`: every phase comes from the shards; none is played.
    Merge,
}

/// What a resumed or merged journal takes up from its files ([`Journal::restored`]).
pub(crate) struct Restored {
    /// Seconds played before (summed over the shards of a merge).
    pub elapsed: f64,
    /// What the command depended on beyond its options ([`Journal::identify`]).
    pub identity: Vec<Value>,
    /// The finished phases (with one tally per shard, in shard order, for a merge).
    pub phases: Vec<Phase>,
    /// The phase under way (a checkpoint's).
    pub partial: Option<PartialPhase>,
    /// The files read, in shard order for a merge, each with whether its content hash
    /// matched: checked once the tallies read from them are ([`Job::check`]), so that an
    /// edited count is named rather than only found.
    pub files: Vec<(PathBuf, reports::seal::Seal)>,
}

struct State {
    identity: Vec<Value>,
    /// The files the recorded tallies were read from, with their seals not yet checked
    /// (emptied once checked).
    files: Vec<(PathBuf, reports::seal::Seal)>,
    /// The same files' paths, kept for the errors that name them.
    origins: Vec<PathBuf>,
    identified: usize,
    phases: Vec<Phase>,
    next: usize,
    partial: Option<PartialPhase>,
    /// `checkpoint.json` in the temporary folder, once [`Journal::open`] made it.
    checkpoint: Option<PathBuf>,
    /// The output folder, for the resume command of a stopped run.
    target: Option<PathBuf>,
    last_save: Instant,
    /// Whether a checkpoint was written when the command stopped.
    kept: bool,
    /// Chunks added by this process, over every phase.
    added: u64,
}

/// The record of a lab command's phases: see the module doc.
pub struct Journal {
    command: Value,
    threads: usize,
    shard: Option<Shard>,
    every: Option<Duration>,
    source: Source,
    elapsed_before: f64,
    clock: Instant,
    /// Stop as Ctrl-C would once this process has added this many chunks.
    halt_after: Option<u64>,
    /// Why a stop keeps nothing when the journal writes no checkpoint.
    unkept: &'static str,
    state: Mutex<State>,
}

impl Journal {
    fn with(
        command: Value,
        threads: Option<usize>,
        shard: Option<Shard>,
        every: Option<Duration>,
        source: Source,
    ) -> Self {
        Journal {
            command,
            threads: crate::infra::progress::threads(threads),
            shard,
            every,
            source,
            elapsed_before: 0.0,
            clock: Instant::now(),
            halt_after: None,
            unkept: "--checkpoint 0 writes no checkpoint",
            state: Mutex::new(State {
                identity: Vec::new(),
                files: Vec::new(),
                origins: Vec::new(),
                identified: 0,
                phases: Vec::new(),
                next: 0,
                partial: None,
                checkpoint: None,
                target: None,
                last_save: Instant::now(),
                kept: false,
                added: 0,
            }),
        }
    }

    /// The journal of a new run of the command `name` with `options` (one of the
    /// option structs with `output` and `long` fields: `RunOptions`, `CompareOptions`,
    /// `SweepOptions`, `TuneOptions`, `CardValueOptions`, `LadderOptions`) on `threads` threads (`None`: all cores), with
    /// its shard and checkpoint interval from `long` (0: no checkpoint).
    pub fn new(
        name: &str,
        options: &impl Serialize,
        threads: Option<usize>,
        long: LongRunOptions,
    ) -> Self {
        let every = (long.checkpoint > 0).then(|| Duration::from_secs(long.checkpoint));
        Journal::with(
            record(name, options),
            threads,
            long.shard,
            every,
            Source::Fresh,
        )
    }

    /// This journal taking up what `source` recorded (`from`: the files' phases,
    /// identity and seconds played).
    pub(crate) fn restored(mut self, source: Source, from: Restored) -> Self {
        self.source = source;
        self.elapsed_before = from.elapsed;
        {
            let mut s = self.state();
            s.identity = from.identity;
            s.phases = from.phases;
            s.partial = from.partial;
            s.origins = from.files.iter().map(|(p, _)| p.clone()).collect();
            s.files = from.files;
        }
        self
    }

    /// The journal that writes no checkpoint, whatever `--checkpoint` says, and whose
    /// stop says `why` nothing was kept (`an --sprt run keeps no checkpoint`).
    pub fn keeping_nothing(mut self, why: &'static str) -> Self {
        self.every = None;
        self.unkept = why;
        self
    }

    /// The value the `i`-th [`Journal::identify`] recorded, when the journal was
    /// restored from a file (resume, merge): how a command that loads what it depends on
    /// from its files (`sim run`'s rules) finds it. `None` for a fresh journal.
    pub fn recorded_identity(&self, i: usize) -> Option<Value> {
        match self.source {
            Source::Fresh => None,
            Source::Resume(_) | Source::Merge => self.state().identity.get(i).cloned(),
        }
    }

    /// Seconds played by the command: before this process (a resumed command's, or the
    /// shards' sum) and since the journal was made.
    pub fn elapsed(&self) -> f64 {
        self.elapsed_before + self.clock.elapsed().as_secs_f64()
    }

    /// The journal that stops the command as Ctrl-C or SIGTERM would (a last checkpoint,
    /// then [`Stopped`]) once this process has added `chunks` chunks, over all phases:
    /// how tests kill a command at a chosen point without a signal, which would stop
    /// every command of the process.
    pub fn halt_after(mut self, chunks: u64) -> Self {
        self.halt_after = Some(chunks);
        self
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Worker threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The shard this process plays, if any.
    pub fn shard(&self) -> Option<Shard> {
        self.shard
    }

    /// Records what the command depends on beyond its options (`value`, e.g. the
    /// resolved rules of its rule sets): on resume and merge, checks that it is what the
    /// interrupted run or the shards recorded. Errors: it differs (a rules file was
    /// edited since), naming `what`.
    pub fn identify(&self, what: &str, value: &impl Serialize) -> Result<()> {
        let value = serde_json::to_value(value).context("cannot record the run's identity")?;
        let mut s = self.state();
        let i = s.identified;
        s.identified += 1;
        match self.source {
            Source::Fresh => {
                s.identity.push(value);
                Ok(())
            }
            Source::Resume(_) | Source::Merge => match s.identity.get(i) {
                Some(v) if *v == value => Ok(()),
                _ => bail!(
                    "the {what} are not those the run was started with (a rules file was \
                     edited since, or another sim version): {} cannot go on from its {}",
                    self.command_name(),
                    match self.source {
                        Source::Merge => "shards",
                        _ => "checkpoint",
                    }
                ),
            },
        }
    }

    fn command_name(&self) -> String {
        self.command["command"]
            .as_str()
            .unwrap_or("the command")
            .to_string()
    }

    /// The command's output folder: a new temporary twin of `out` (see [`RunDir`]), or,
    /// on resume, the interrupted run's. Errors: `out` exists, or the folder cannot be
    /// made.
    pub fn open(&self, out: &Path) -> Result<RunDir> {
        let dir = match &self.source {
            Source::Resume(tmp) => RunDir::reopen(out, tmp.clone())?,
            Source::Fresh | Source::Merge => RunDir::create(out)?,
        };
        let mut s = self.state();
        s.target = Some(out.to_path_buf());
        if self.every.is_some() && !matches!(self.source, Source::Merge) {
            s.checkpoint = Some(dir.tmp_path().join(CHECKPOINT));
        }
        Ok(dir)
    }

    /// `error`, after keeping `dir` on disk when it holds a checkpoint: the stop of a
    /// command that wrote its checkpoint there, or any error of a resumed command (its
    /// folder is the interrupted run's, which the error must not lose: a damaged
    /// checkpoint is refused and stays for the user to see). Any other error deletes
    /// `dir`.
    pub fn kept(&self, dir: RunDir, error: anyhow::Error) -> anyhow::Error {
        let resumed = matches!(self.source, Source::Resume(_));
        if resumed || (self.state().kept && error.is::<Stopped>()) {
            dir.keep();
        }
        error
    }

    /// Finishes `dir` into the output folder: the checkpoint goes, a shard gets
    /// `shard.json`. Returns the folder. Errors: the files cannot be written or moved.
    pub fn finish(&self, dir: RunDir) -> Result<PathBuf> {
        let checkpoint = dir.tmp_path().join(CHECKPOINT);
        if checkpoint.exists() {
            std::fs::remove_file(&checkpoint)
                .with_context(|| format!("cannot remove '{}'", checkpoint.display()))?;
        }
        if let Some(shard) = self.shard {
            let s = self.state();
            let file = LabShardFile {
                format: LAB_SHARD_FORMAT.into(),
                version: env!("CARGO_PKG_VERSION").into(),
                command: self.command.clone(),
                identity: s.identity.clone(),
                shard,
                phases: s.phases.clone(),
                elapsed_seconds: self.elapsed(),
            };
            reports::write_json(
                &dir.tmp_path().join("shard.json"),
                &reports::seal::seal(&file)?,
            )?;
        }
        Ok(dir.finish()?)
    }

    /// Plays phase `label` of the command: `job`'s units (this shard's part when
    /// `shardable` and the command is a shard), in chunks on the journal's threads,
    /// advancing `bar`; or, when the phase is recorded (resume, merge), its recorded
    /// tally. Errors: a game failed; the command was stopped ([`Stopped`] when a
    /// checkpoint was written, else the message that nothing was kept); the recorded
    /// phase does not fit (another label or shape: a damaged file).
    pub fn run<J: Job>(
        &self,
        label: &str,
        job: &J,
        shardable: bool,
        bar: &Progress,
    ) -> Result<J::Tally> {
        Ok(downcast(self.run_dyn(label, job, shardable, bar)?))
    }

    /// [`Journal::run`] of a job seen through [`DynJob`]: compiled once for every job and
    /// game.
    fn run_dyn(
        &self,
        label: &str,
        job: &dyn DynJob,
        shardable: bool,
        bar: &Progress,
    ) -> Result<Box<dyn AnyTally>> {
        let units = job.unit_count();
        let (k, chunks, partial) = match self.begin(label, shardable, units)? {
            Begin::Recorded(tallies) => {
                let total = self.recorded(&tallies, label, shardable, job)?;
                self.check_seals()?;
                return Ok(total);
            }
            Begin::Play { k, chunks, partial } => (k, chunks, partial),
        };
        let partial = match partial {
            Some((tally, done)) => {
                let tally = job
                    .tally_from_json(tally)
                    .map_err(|_| self.misfit(0, &format!("phase '{label}'")))?;
                job.check_tally(&*tally, games_done(job, &chunks, &done))
                    .map_err(|why| self.misfit(0, &why))?;
                Partial { tally, done }
            }
            None => Partial::empty(job.empty_tally()),
        };
        self.check_seals()?;
        bar.start_at(games_done(job, &chunks, &partial.done));
        let pool = pool(self.threads)?;
        let games = |done: &[u64]| games_done(job, &chunks, done);
        let total = job.games_in(chunks.range.clone());
        let mut warning = LongRunWarning::new(games(&partial.done), total);
        let played = play_dyn(job, &chunks, &pool, bar, partial, &mut |p| {
            warning.after(&p.done, &games, bar);
            self.after_chunk(&Done {
                k,
                label,
                chunks: &chunks,
                done: &p.done,
                games: &games,
                total,
                tally: &|| p.tally.to_json(),
            })
        })?;
        if !played.complete(&chunks) {
            return Err(self.stop(&Done {
                k,
                label,
                chunks: &chunks,
                done: &played.done,
                games: &games,
                total,
                tally: &|| played.tally.to_json(),
            }));
        }
        let tally = played.tally;
        self.record_phase(label, shardable, tally.to_json())?;
        Ok(tally)
    }

    /// The error of a tally read from the `i`-th file of a restored journal that does
    /// not fit its command (`why`), naming the file: a checkpoint "does not fit the run
    /// it names", a shard file "does not hold the counts of shard I/N of this run".
    fn misfit(&self, i: usize, why: &str) -> anyhow::Error {
        let file = self.state().origins.get(i).cloned().unwrap_or_default();
        match (&self.source, self.merged_shards()) {
            (Source::Merge, Some(count)) => anyhow::anyhow!(
                "'{}' does not hold the counts of shard {i}/{count} of this run: {why}",
                file.display()
            ),
            _ => anyhow::anyhow!("'{}' does not fit the run it names: {why}", file.display()),
        }
    }

    /// The number of shards a merge combines (its files'); `None` for another journal.
    fn merged_shards(&self) -> Option<usize> {
        match self.source {
            Source::Merge => Some(self.state().origins.len()),
            _ => None,
        }
    }

    /// The content hashes of the files the journal was restored from, checked once
    /// (after the first phase's tallies read from them passed [`Job::check`]). Errors:
    /// a hash missing or not that of its file's content, naming the file.
    fn check_seals(&self) -> Result<()> {
        let files = std::mem::take(&mut self.state().files);
        for (path, seal) in files {
            crate::infra::sealed::sealed_intact(&path, seal)?;
        }
        Ok(())
    }

    /// The tally of recorded phase `label` of `job`: its recorded `tallies` (one per
    /// shard of a shardable phase, in shard order; else one) checked against the job
    /// ([`Job::check`]) and added up. Errors: a tally of another shape or whose counts
    /// do not agree, naming its file.
    fn recorded(
        &self,
        tallies: &[Value],
        label: &str,
        shardable: bool,
        job: &dyn DynJob,
    ) -> Result<Box<dyn AnyTally>> {
        let units = job.unit_count();
        let mut total = job.empty_tally();
        for (i, t) in tallies.iter().enumerate() {
            // Where the tally came from: shard i of a merge, else the one file.
            let (file, range) = match (self.merged_shards(), shardable) {
                (Some(count), true) => {
                    let shard = Shard {
                        index: i as u64,
                        count: count as u64,
                    };
                    (i, shard.groups(units))
                }
                _ => (0, 0..units),
            };
            let t = job
                .tally_from_json(t.clone())
                .map_err(|_| self.misfit(file, &format!("phase '{label}'")))?;
            job.check_tally(&*t, job.games_in(range))
                .and_then(|()| total.try_merge_any(&*t))
                .map_err(|why| self.misfit(file, &why))?;
        }
        Ok(total)
    }

    /// The start of phase `label` of `units` units ([`Journal::run`]): its recorded
    /// tallies, or the chunks to play and the checkpoint's partial tally (as JSON) and
    /// chunks done. Errors: the recorded phase does not fit.
    fn begin(&self, label: &str, shardable: bool, units: u64) -> Result<Begin> {
        let range = match self.shard {
            Some(s) if shardable => s.groups(units),
            _ => 0..units,
        };
        let chunks = Chunks::new(range);
        let mut s = self.state();
        let k = s.next;
        s.next += 1;
        if let Some(phase) = s.phases.get(k) {
            let bad = || {
                anyhow::anyhow!(
                    "the recorded phase '{}' does not fit phase '{label}' of the command",
                    phase.label
                )
            };
            if phase.label != label || phase.shardable != shardable || phase.tallies.is_empty() {
                return Err(bad());
            }
            if !shardable && phase.tallies.iter().any(|t| *t != phase.tallies[0]) {
                bail!(
                    "the shards played phase '{label}' differently: they are not parts of one run"
                );
            }
            let tallies = if shardable {
                &phase.tallies[..]
            } else {
                &phase.tallies[..1]
            };
            return Ok(Begin::Recorded(tallies.to_vec()));
        }
        if matches!(self.source, Source::Merge) {
            bail!(
                "the shards hold {} phases of play, and the command asks for more: they \
                 were not written by this version of sim",
                s.phases.len()
            );
        }
        let partial = match s.partial.take() {
            Some(p) if p.phase == k => {
                if p.label != label
                    || p.chunk_size != chunks.size
                    || p.done.iter().any(|&c| c >= chunks.count())
                    || p.done.windows(2).any(|w| w[0] >= w[1])
                {
                    drop(s);
                    return Err(self.misfit(
                        0,
                        &format!("phase '{label}': another chunk size, or unknown chunks"),
                    ));
                }
                Some((p.tally, p.done))
            }
            Some(_) => {
                drop(s);
                return Err(self.misfit(0, &format!("phase {k}")));
            }
            None => None,
        };
        Ok(Begin::Play { k, chunks, partial })
    }

    /// The hook of [`Journal::run`] after each chunk of phase `k`: the stop asked by
    /// [`Journal::halt_after`], or the checkpoint when due.
    fn after_chunk(&self, at: &Done<'_>) -> Result<()> {
        let added = {
            let mut s = self.state();
            s.added += 1;
            s.added
        };
        if self.halt_after.is_some_and(|n| added >= n) {
            return Err(self.stop(at));
        }
        self.save_if_due(at)
    }

    /// Records the finished phase `label` with its `tally` (as JSON). Errors: the tally
    /// did not serialize.
    fn record_phase(
        &self,
        label: &str,
        shardable: bool,
        tally: serde_json::Result<Value>,
    ) -> Result<()> {
        let tally = tally.context("cannot record a phase")?;
        let mut s = self.state();
        s.phases.push(Phase {
            label: label.to_string(),
            shardable,
            tallies: vec![tally],
        });
        Ok(())
    }

    /// Writes the checkpoint when `--checkpoint` seconds have passed since the last.
    fn save_if_due(&self, at: &Done<'_>) -> Result<()> {
        let due = {
            let s = self.state();
            s.checkpoint.is_some()
                && self
                    .every
                    .is_some_and(|every| s.last_save.elapsed() >= every)
        };
        if due {
            self.save(at)?;
        }
        Ok(())
    }

    /// Writes `checkpoint.json`: the finished phases and the chunks done `at` the phase
    /// under way, sealed and atomically.
    fn save(&self, at: &Done<'_>) -> Result<()> {
        let mut s = self.state();
        let Some(path) = s.checkpoint.clone() else {
            return Ok(());
        };
        let file = LabCheckpointFile {
            format: LAB_CHECKPOINT_FORMAT.into(),
            version: env!("CARGO_PKG_VERSION").into(),
            command: self.command.clone(),
            identity: s.identity.clone(),
            shard: self.shard,
            phases: s.phases.clone(),
            partial: Some(PartialPhase {
                phase: at.k,
                label: at.label.to_string(),
                chunk_size: at.chunks.size,
                done: at.done.to_vec(),
                tally: (at.tally)().context("cannot write a checkpoint")?,
            }),
            elapsed_seconds: self.elapsed(),
        };
        reports::write_json(&path, &reports::seal::seal(&file)?)?;
        s.last_save = Instant::now();
        Ok(())
    }

    /// The error of a command stopped by Ctrl-C or SIGTERM during the phase of `at`: a
    /// last checkpoint and the command that resumes it, or the message that nothing was
    /// kept.
    fn stop(&self, at: &Done<'_>) -> anyhow::Error {
        if self.state().checkpoint.is_none() {
            return crate::infra::checkpoint::nothing_kept(self.unkept).into();
        }
        if let Err(e) = self.save(at) {
            return e;
        }
        let mut s = self.state();
        s.kept = true;
        let out = s.target.clone().unwrap_or_default();
        // A command of several phases (tune) names the phase under way.
        let phase = if at.k == 0 && at.label == GAMES {
            String::new()
        } else {
            format!(" of phase '{}'", at.label)
        };
        Stopped(format!(
            "sim: stopped after {} of {} games{phase}; checkpoint written. Resume with:\n  \
             sim resume {}",
            (at.games)(at.done),
            at.total,
            out.display()
        ))
        .into()
    }
}

/// What has been played of the phase under way, for its checkpoint.
struct Done<'a> {
    /// The phase's index.
    k: usize,
    /// Its label.
    label: &'a str,
    /// Its chunks.
    chunks: &'a Chunks,
    /// The chunks done, ascending.
    done: &'a [u64],
    /// The games of chunks, for the stop's message.
    games: &'a dyn Fn(&[u64]) -> u64,
    /// The games of the phase (this shard's).
    total: u64,
    /// Their tally as JSON, made when a checkpoint is written.
    tally: &'a dyn Fn() -> serde_json::Result<Value>,
}

/// How a phase starts ([`Journal::begin`]).
enum Begin {
    /// Recorded: its tallies to add up (one per shard, or the one all shards played).
    Recorded(Vec<Value>),
    /// Played: phase `k` in `chunks`, from the checkpoint's tally and chunks done.
    Play {
        /// The phase's index.
        k: usize,
        /// Its chunks.
        chunks: Chunks,
        /// The checkpoint's tally (as JSON) and chunks done.
        partial: Option<(Value, Vec<u64>)>,
    },
}

/// The label of the phase of a command that plays its games in one phase (`run`,
/// `compare`, `sweep`, `card-value`).
pub const GAMES: &str = "games";

/// Warns once, on standard error, when the speed of a phase's first games says that the
/// rest of it takes more than a day (a warning, not a refusal: long runs are what
/// checkpoints are for). The speed is measured over at least [`LongRunWarning::MEASURE`]
/// of play, so that every thread has finished chunks.
struct LongRunWarning {
    clock: Instant,
    /// Games counted when this process started playing the phase (a resumed one's).
    before: u64,
    /// The phase's games.
    total: u64,
    /// Whether the estimate was made.
    done: bool,
}

impl LongRunWarning {
    /// Least play before the speed is taken.
    const MEASURE: Duration = Duration::from_secs(3);

    fn new(before: u64, total: u64) -> Self {
        LongRunWarning {
            clock: Instant::now(),
            before,
            total,
            done: false,
        }
    }

    /// The chunks `done` are counted so far; `games` gives their games.
    fn after(&mut self, done: &[u64], games: &dyn Fn(&[u64]) -> u64, bar: &Progress) {
        let elapsed = self.clock.elapsed();
        if self.done || elapsed < Self::MEASURE {
            return;
        }
        let games = games(done);
        if games <= self.before {
            return;
        }
        self.done = true;
        const DAY: f64 = 86_400.0;
        let rate = (games - self.before) as f64 / elapsed.as_secs_f64();
        let seconds = self.total.saturating_sub(games) as f64 / rate;
        if seconds > DAY {
            bar.warn(&format!(
                "at the speed of its first {} games ({rate:.0} a second), this run of {} \
                 games takes about {:.1} more days; Ctrl-C stops it with a checkpoint for \
                 `sim resume`",
                games - self.before,
                self.total,
                seconds / DAY
            ));
        }
    }
}
