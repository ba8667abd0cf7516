//! The one runner of the lab's parallel work: a [`Job`] is a range of units (game groups,
//! or games where a job has none), cut into fixed chunks that a pool of threads plays
//! while one collecting thread adds each finished chunk's [`Merge`] tally to the total.
//! `sim run` ([`crate::commands::run`](mod@crate::commands::run)) and every command of the [`crate::infra::journal`] (compare, sweep,
//! tune, card-value) play through [`play_chunks`] (or [`play_dyn`], the same for a job
//! seen through [`DynJob`]), so they share the chunking, the
//! progress line, the stop on Ctrl-C or SIGTERM, the error chosen when games fail, and the
//! hook that writes checkpoints.
//!
//! Every tally merges exactly (integer counts, or the fixed-point sums of
//! [`reports::PairedStats`]), so the total does not depend on the order in which chunks
//! finish: results are the same for any number of threads, and a run cut into
//! checkpoints or shards adds up to the same total as one uninterrupted run.

use crate::infra::progress::Progress;
use anyhow::{Context, Result};
use rayon::prelude::*;
use serde::{de::DeserializeOwned, Serialize};
use std::ops::Range;

/// A tally of played games that parts of a job add up into. `merge` must be exact and
/// order free (integer counts, fixed-point sums, values kept by game index): the runner
/// adds chunks in the order they finish, and checkpoints and shards in any order.
pub trait Merge: Clone + Send + Serialize + DeserializeOwned + 'static {
    /// Adds `other`'s counts to `self` (same shape).
    fn merge(&mut self, other: &Self);

    /// [`Merge::merge`] of a tally read from a file (a checkpoint's or a shard's), with
    /// what cannot be added refused instead: a count that would overflow. Errors: one
    /// line naming the count. The default adds without a check.
    fn try_merge(&mut self, other: &Self) -> std::result::Result<(), String> {
        self.merge(other);
        Ok(())
    }
}

impl Merge for reports::PairedStats {
    fn merge(&mut self, other: &Self) {
        reports::PairedStats::merge(self, other);
    }
}

impl<A: Merge, B: Merge> Merge for (A, B) {
    fn merge(&mut self, other: &Self) {
        self.0.merge(&other.0);
        self.1.merge(&other.1);
    }
}

impl Merge for reports::GroupValues {
    fn merge(&mut self, other: &Self) {
        reports::GroupValues::merge(self, other);
    }
}

/// Parallel work over numbered units: what one command plays in one phase.
pub trait Job: Sync {
    /// What the units' games add up to.
    type Tally: Merge;
    /// The number of units of the whole job (every shard's together).
    fn units(&self) -> u64;
    /// The games played in `units`, for the progress line.
    fn games(&self, units: Range<u64>) -> u64;
    /// A tally with nothing counted, of the job's shape.
    fn empty(&self) -> Self::Tally;
    /// Plays `units` into a new tally, advancing `bar` game by game. `Ok(None)`: the
    /// command is stopping (Ctrl-C or SIGTERM, or an earlier game failed) and the chunk
    /// was dropped; it is played again on resume. Errors: a game failed
    /// ([`crate::infra::play::GamePanic`], [`crate::infra::play::UnfinishedGame`]).
    fn play(&self, units: Range<u64>, bar: &Progress) -> Result<Option<Self::Tally>>;

    /// Checks a tally read from a file (a checkpoint's or a shard's) that claims to hold
    /// `games` games of the job: its shape is the job's and its counts agree with each
    /// other and with that many games. Called before the file's content hash is
    /// checked, so that an edited count is named. Errors: one line naming the count or
    /// the shape. The default accepts every tally.
    fn check(&self, tally: &Self::Tally, games: u64) -> std::result::Result<(), String> {
        let _ = (tally, games);
        Ok(())
    }
}

/// Units per chunk of a range of `units` units: at most 512, and small enough that the
/// range splits into at least 256 chunks, so that slow agents keep every thread busy on
/// short runs too.
pub fn chunk_size(units: u64) -> u64 {
    units.div_ceil(256).clamp(1, 512)
}

/// A range of units cut into chunks of [`chunk_size`] units (the last one shorter);
/// chunk `c` starts at `range.start + c * size`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunks {
    /// The units to play.
    pub range: Range<u64>,
    /// Units per chunk.
    pub size: u64,
}

impl Chunks {
    /// `range` in chunks of `chunk_size(range's length)`.
    pub fn new(range: Range<u64>) -> Self {
        let size = chunk_size(range.end - range.start);
        Chunks { range, size }
    }

    /// The number of chunks.
    pub fn count(&self) -> u64 {
        (self.range.end - self.range.start).div_ceil(self.size)
    }

    /// The units of chunk `c`.
    pub fn units(&self, c: u64) -> Range<u64> {
        let from = self.range.start + c * self.size;
        from..(from + self.size).min(self.range.end)
    }
}

/// What has been played of a range of chunks: the tally of the finished chunks and their
/// indices, ascending.
#[derive(Clone, Debug)]
pub struct Partial<T> {
    /// The counts of the finished chunks.
    pub tally: T,
    /// The finished chunks, ascending.
    pub done: Vec<u64>,
}

impl<T> Partial<T> {
    /// Nothing played yet.
    pub fn empty(tally: T) -> Self {
        Partial {
            tally,
            done: Vec::new(),
        }
    }

    /// Whether every one of `chunks`' chunks is done.
    pub fn complete(&self, chunks: &Chunks) -> bool {
        self.done.len() as u64 == chunks.count()
    }
}

/// A pool of `threads` worker threads. Errors: the threads cannot be started.
pub fn pool(threads: usize) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .with_context(|| format!("cannot start {threads} threads"))
}

/// The games of the chunks `done` of `chunks`, for a progress line that starts where a
/// checkpoint left off.
pub fn games_done(job: &dyn DynJob, chunks: &Chunks, done: &[u64]) -> u64 {
    done.iter().map(|&c| job.games_in(chunks.units(c))).sum()
}

/// Plays every chunk of `chunks` that `partial` has not done on `pool`, adding each
/// finished chunk to `partial` in a collecting thread, which then calls `after` with the
/// chunks done so far, ascending (the hook that writes checkpoints or warns about the
/// speed; its error ends the collection, no chunk starts after it, and it is returned).
/// Returns what was played: every chunk, or fewer when the command is stopping
/// ([`crate::infra::checkpoint::stopping`]; the caller keeps a checkpoint or reports that
/// nothing was kept). Errors: the first failure of a game by game index
/// ([`crate::infra::play::first_failure`]), the same whatever the number of threads: every
/// chunk is started even after a failure, and those past the failing game are dropped at
/// once.
pub fn play_chunks<J: Job>(
    job: &J,
    chunks: &Chunks,
    pool: &rayon::ThreadPool,
    bar: &Progress,
    partial: Partial<J::Tally>,
    mut after: impl FnMut(&[u64]) -> Result<()> + Send,
) -> Result<Partial<J::Tally>> {
    let partial = Partial {
        tally: Box::new(partial.tally) as Box<dyn AnyTally>,
        done: partial.done,
    };
    let played = play_dyn(job, chunks, pool, bar, partial, &mut |p| after(&p.done))?;
    Ok(Partial {
        tally: downcast::<J::Tally>(played.tally),
        done: played.done,
    })
}

/// A tally whose type only its job knows: what the runner and the journal add up, move
/// between threads and write to files. Every [`Merge`] type is one. The runner and the
/// journal handle tallies through it so that their code, with its threads, is compiled
/// once and not once per job and game.
pub trait AnyTally: Send {
    /// [`Merge::merge`] of `other`, a tally of the same job. Panics: `other` is a tally
    /// of another type (a bug: one job's tallies are of one type).
    fn merge_any(&mut self, other: &dyn AnyTally);
    /// [`Merge::try_merge`] of `other`, a tally of the same job.
    fn try_merge_any(&mut self, other: &dyn AnyTally) -> std::result::Result<(), String>;
    /// The tally as JSON, as checkpoints and journals record it.
    fn to_json(&self) -> serde_json::Result<serde_json::Value>;
    /// The tally as [`Any`](std::any::Any), to get its type back.
    fn as_any(&self) -> &dyn std::any::Any;
    /// The boxed tally as [`Any`](std::any::Any), to get its type back.
    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any>;
}

impl<T: Merge> AnyTally for T {
    fn merge_any(&mut self, other: &dyn AnyTally) {
        self.merge(same_type(other));
    }
    fn try_merge_any(&mut self, other: &dyn AnyTally) -> std::result::Result<(), String> {
        self.try_merge(same_type(other))
    }
    fn to_json(&self) -> serde_json::Result<serde_json::Value> {
        serde_json::to_value(self)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

/// `tally` as a `T`. Panics: it is of another type (a bug).
fn same_type<T: 'static>(tally: &dyn AnyTally) -> &T {
    tally
        .as_any()
        .downcast_ref()
        .expect("the tallies of one job are of one type")
}

/// The boxed `tally` as a `T`. Panics: it is of another type (a bug).
pub fn downcast<T: 'static>(tally: Box<dyn AnyTally>) -> T {
    *tally
        .into_any()
        .downcast()
        .expect("the tallies of one job are of one type")
}

/// A [`Job`] whose tally type is hidden behind [`AnyTally`]: how the runner and the
/// journal see every job (each `Job` is one).
pub trait DynJob: Sync {
    /// [`Job::units`].
    fn unit_count(&self) -> u64;
    /// [`Job::games`].
    fn games_in(&self, units: Range<u64>) -> u64;
    /// [`Job::empty`].
    fn empty_tally(&self) -> Box<dyn AnyTally>;
    /// [`Job::play`].
    fn play_units(&self, units: Range<u64>, bar: &Progress) -> Result<Option<Box<dyn AnyTally>>>;
    /// [`Job::check`]. Panics: `tally` is not of the job's tally type (a bug).
    fn check_tally(&self, tally: &dyn AnyTally, games: u64) -> std::result::Result<(), String>;
    /// A tally of the job's type read from JSON. Errors: the JSON is not of its shape.
    fn tally_from_json(&self, json: serde_json::Value) -> serde_json::Result<Box<dyn AnyTally>>;
}

impl<J: Job> DynJob for J {
    fn unit_count(&self) -> u64 {
        self.units()
    }
    fn games_in(&self, units: Range<u64>) -> u64 {
        self.games(units)
    }
    fn empty_tally(&self) -> Box<dyn AnyTally> {
        Box::new(self.empty())
    }
    fn play_units(&self, units: Range<u64>, bar: &Progress) -> Result<Option<Box<dyn AnyTally>>> {
        Ok(self
            .play(units, bar)?
            .map(|t| Box::new(t) as Box<dyn AnyTally>))
    }
    fn check_tally(&self, tally: &dyn AnyTally, games: u64) -> std::result::Result<(), String> {
        self.check(same_type(tally), games)
    }
    fn tally_from_json(&self, json: serde_json::Value) -> serde_json::Result<Box<dyn AnyTally>> {
        Ok(Box::new(serde_json::from_value::<J::Tally>(json)?))
    }
}

/// The hook [`play_dyn`] calls after each chunk is added.
pub type AfterChunk<'a> = dyn FnMut(&Partial<Box<dyn AnyTally>>) -> Result<()> + Send + 'a;

/// [`play_chunks`] of a job seen through [`DynJob`]; `after` sees the partial tally too.
/// Compiled once for every job and game.
pub fn play_dyn(
    job: &dyn DynJob,
    chunks: &Chunks,
    pool: &rayon::ThreadPool,
    bar: &Progress,
    partial: Partial<Box<dyn AnyTally>>,
    after: &mut AfterChunk<'_>,
) -> Result<Partial<Box<dyn AnyTally>>> {
    let todo: Vec<u64> = (0..chunks.count())
        .filter(|c| partial.done.binary_search(c).is_err())
        .collect();
    let (tx, rx) = std::sync::mpsc::channel::<(u64, Box<dyn AnyTally>)>();
    // Set when the hook fails (a checkpoint that cannot be written): the chunks not yet
    // started are not played, so the error comes at once, not after the whole run.
    let abandoned = std::sync::atomic::AtomicBool::new(false);
    let abandoned = &abandoned;
    std::thread::scope(|scope| {
        let collector = scope.spawn(move || -> Result<Partial<Box<dyn AnyTally>>> {
            let mut partial = partial;
            let mut failed = None;
            for (c, t) in rx {
                if failed.is_some() {
                    // Drain: the senders end when every chunk is through.
                    continue;
                }
                partial.tally.merge_any(&*t);
                let at = partial.done.binary_search(&c).unwrap_or_else(|i| i);
                partial.done.insert(at, c);
                if let Err(e) = after(&partial) {
                    failed = Some(e);
                    abandoned.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            }
            match failed {
                Some(e) => Err(e),
                None => Ok(partial),
            }
        });
        let failures = std::sync::Mutex::new(Vec::new());
        pool.install(|| {
            todo.par_iter().for_each_with(tx, |tx, &c| {
                if abandoned.load(std::sync::atomic::Ordering::Relaxed) {
                    return;
                }
                match job.play_units(chunks.units(c), bar) {
                    // The collector ends only after every sender is gone.
                    Ok(Some(t)) => drop(tx.send((c, t))),
                    Ok(None) => {}
                    Err(e) => failures.lock().unwrap_or_else(|p| p.into_inner()).push(e),
                }
            })
        });
        let collected = collector
            .join()
            .map_err(|_| anyhow::anyhow!("the collecting thread panicked"))?;
        let failures = failures.into_inner().unwrap_or_else(|p| p.into_inner());
        match crate::infra::play::first_failure(failures) {
            Some(e) => Err(e),
            None => collected,
        }
    })
}

/// `result` of a chunk's play with the stop of the command ([`crate::infra::play::Discarded`])
/// as `Ok(None)`, as [`Job::play`] reports it.
pub fn unless_discarded<T>(result: Result<T>) -> Result<Option<T>> {
    match result {
        Ok(t) => Ok(Some(t)),
        Err(e) if e.is::<crate::infra::play::Discarded>() => Ok(None),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    /// Counts the units played and sums their indices.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    struct Count {
        units: u64,
        sum: u64,
    }

    impl Merge for Count {
        fn merge(&mut self, other: &Self) {
            self.units += other.units;
            self.sum += other.sum;
        }
    }

    struct Numbers(u64);

    impl Job for Numbers {
        type Tally = Count;
        fn units(&self) -> u64 {
            self.0
        }
        fn games(&self, units: Range<u64>) -> u64 {
            units.end - units.start
        }
        fn empty(&self) -> Count {
            Count::default()
        }
        fn play(&self, units: Range<u64>, _bar: &Progress) -> Result<Option<Count>> {
            Ok(Some(Count {
                units: units.end - units.start,
                sum: units.sum(),
            }))
        }
    }

    #[test]
    fn chunks_cover_the_range_once() {
        let c = Chunks::new(10..1000);
        assert_eq!(c.size, 4);
        let covered: u64 = (0..c.count())
            .map(|i| c.units(i).end - c.units(i).start)
            .sum();
        assert_eq!(covered, 990);
        assert_eq!(c.units(c.count() - 1).end, 1000);
        assert_eq!(Chunks::new(0..3).count(), 3);
    }

    #[test]
    fn every_chunk_is_played_once_and_a_partial_is_completed() {
        let job = Numbers(5000);
        let chunks = Chunks::new(0..5000);
        let bar = Progress::new(0, "units");
        let whole = |threads| {
            play_chunks(
                &job,
                &chunks,
                &pool(threads).unwrap(),
                &bar,
                Partial::empty(Count::default()),
                |_| Ok(()),
            )
            .unwrap()
        };
        let one = whole(1);
        assert!(one.complete(&chunks));
        assert_eq!(
            one.tally,
            Count {
                units: 5000,
                sum: 4999 * 5000 / 2
            }
        );
        assert_eq!(whole(2).tally, one.tally);
        // A partial that holds some chunks: only the others are played.
        let mut partial = Partial::empty(Count::default());
        for c in [0, 3, 7] {
            partial
                .tally
                .merge(&job.play(chunks.units(c), &bar).unwrap().unwrap());
            partial.done.push(c);
        }
        let mut calls = 0;
        let rest = play_chunks(&job, &chunks, &pool(2).unwrap(), &bar, partial, |done| {
            calls += 1;
            assert!(done.windows(2).all(|w| w[0] < w[1]));
            Ok(())
        })
        .unwrap();
        assert_eq!(calls, chunks.count() - 3);
        assert_eq!(rest.tally, one.tally);
    }

    /// Units `0..units`; every chunk but the first waits until the hook has been called,
    /// then 20 ms, so that the hook's failure comes before the later chunks start.
    struct AfterTheHook(u64, AtomicBool, AtomicU64);

    impl Job for AfterTheHook {
        type Tally = Count;
        fn units(&self) -> u64 {
            self.0
        }
        fn games(&self, units: Range<u64>) -> u64 {
            units.end - units.start
        }
        fn empty(&self) -> Count {
            Count::default()
        }
        fn play(&self, units: Range<u64>, _bar: &Progress) -> Result<Option<Count>> {
            if units.start > 0 {
                for _ in 0..500 {
                    if self.1.load(Ordering::SeqCst) {
                        break;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            self.2.fetch_add(1, Ordering::SeqCst);
            Ok(Some(Count::default()))
        }
    }

    #[test]
    fn an_error_of_the_hook_ends_the_play_with_it() {
        let job = AfterTheHook(100, AtomicBool::new(false), AtomicU64::new(0));
        let chunks = Chunks::new(0..100);
        let bar = Progress::new(0, "units");
        let e = play_chunks(
            &job,
            &chunks,
            &pool(1).unwrap(),
            &bar,
            Partial::empty(Count::default()),
            |_| {
                job.1.store(true, Ordering::SeqCst);
                anyhow::bail!("disk full")
            },
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "disk full");
        // The chunks not yet started when the hook failed were never played.
        let played = job.2.load(Ordering::SeqCst);
        assert!(
            played < chunks.count(),
            "{played} of {} chunks played",
            chunks.count()
        );
    }
}
