//! Progress of a long command on standard error, for people and for log files.
//!
//! - standard error is a terminal: an indicatif bar with the games done, games per second,
//!   the estimated time left and, for `sim run`, the first agent's running score with its
//!   95% Wilson interval;
//! - standard error is a file or a pipe (a cluster's log): one plain line every
//!   [`LOG_EVERY`] (and a last one at the end), so that a log shows how a run goes without
//!   a terminal's control characters;
//! - `--quiet`: nothing.
//!
//! Counting is lock-free (atomics), so worker threads advance the progress as they finish
//! games; a plain line is printed by whichever thread first finds the interval passed.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write as _};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Time between two plain progress lines when standard error is not a terminal.
pub const LOG_EVERY: Duration = Duration::from_secs(30);

/// Set once by `--quiet`: no progress output at all.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Turns progress output off for the rest of the process (`--quiet`).
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether `--quiet` turned progress output off.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// A running score shown with the progress: the first agent's half-points against its
/// opponents (2 per opponent finished ahead of, 1 per tie: [`reports::half_points`]), the
/// opponents met and the games, added to by the workers.
#[derive(Default)]
pub struct LiveScore {
    label: String,
    points2: AtomicU64,
    points2_sq: AtomicU64,
    opponents: AtomicU64,
    games: AtomicU64,
}

impl LiveScore {
    /// A score for the agent labelled `label`.
    pub fn new(label: &str) -> Self {
        LiveScore {
            label: label.to_string(),
            ..LiveScore::default()
        }
    }

    /// Adds one game in which the agent scored `points2` half-points against
    /// `opponents` opponents (two seats: 2 win, 1 draw, 0 loss against 1).
    pub fn add_half_points(&self, points2: u64, opponents: u64) {
        self.points2.fetch_add(points2, Ordering::Relaxed);
        self.points2_sq
            .fetch_add(points2 * points2, Ordering::Relaxed);
        self.opponents.fetch_add(opponents, Ordering::Relaxed);
        self.games.fetch_add(1, Ordering::Relaxed);
    }

    /// `"label 0.551 [0.545, 0.557]"`: the score rate with its 95% interval over the
    /// games counted as independent, accounting for draws
    /// ([`reports::score_interval95`]: trinomial at two seats, multinomial at more), or
    /// `None` before the first game. The counters are read one after the other while
    /// workers add to them; counts that do not fit together yet give no interval.
    fn text(&self) -> Option<String> {
        let games = self.games.load(Ordering::Relaxed);
        if games == 0 {
            return None;
        }
        let opponents = self.opponents.load(Ordering::Relaxed).max(1);
        let points2 = self.points2.load(Ordering::Relaxed);
        let points2_sq = self.points2_sq.load(Ordering::Relaxed);
        let max = 2 * (opponents / games).max(1);
        let score = points2 as f64 / (max * games) as f64;
        let ci = reports::score_interval95(games, points2, points2_sq, max)?;
        Some(format!(
            "{} {:.3} [{:.3}, {:.3}]",
            self.label, score, ci.lo, ci.hi
        ))
    }
}

enum Mode {
    Quiet,
    Bar(ProgressBar),
    Log {
        started: Instant,
        last: Mutex<Instant>,
    },
}

/// Progress over `total` units (games) of work, named `what` ("games").
pub struct Progress {
    mode: Mode,
    total: u64,
    what: String,
    done: AtomicU64,
    /// Units done before this process started (a resumed run).
    start: AtomicU64,
    score: Option<LiveScore>,
}

impl Progress {
    /// Progress over `total` `what` (e.g. "games"), drawn as the process's settings and
    /// standard error allow (see the module doc).
    pub fn new(total: u64, what: &str) -> Progress {
        let mode = if QUIET.load(Ordering::Relaxed) {
            Mode::Quiet
        } else if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            let template = format!(
                "{{elapsed_precise}} [{{bar:30}}] {{human_pos}}/{{human_len}} {what}, \
                 {{per_sec}}, eta {{eta}} {{msg}}"
            );
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style.progress_chars("=> "));
            }
            Mode::Bar(bar)
        } else {
            let now = Instant::now();
            Mode::Log {
                started: now,
                last: Mutex::new(now),
            }
        };
        Progress {
            mode,
            total,
            what: what.to_string(),
            done: AtomicU64::new(0),
            start: AtomicU64::new(0),
            score: None,
        }
    }

    /// Shows `score` with the progress.
    pub fn with_score(mut self, score: LiveScore) -> Progress {
        self.score = Some(score);
        self
    }

    /// The running score, if one is shown.
    pub fn score(&self) -> Option<&LiveScore> {
        self.score.as_ref()
    }

    /// Starts the count at `n` units already done (a resumed run); the rate counts only
    /// what is done from now on.
    pub fn start_at(&self, n: u64) {
        self.done.store(n, Ordering::Relaxed);
        self.start.store(n, Ordering::Relaxed);
        if let Mode::Bar(bar) = &self.mode {
            bar.set_position(n);
            bar.reset_eta();
        }
    }

    /// `n` more units done.
    pub fn inc(&self, n: u64) {
        let done = self.done.fetch_add(n, Ordering::Relaxed) + n;
        match &self.mode {
            Mode::Quiet => {}
            Mode::Bar(bar) => {
                if let Some(text) = self.score.as_ref().and_then(LiveScore::text) {
                    bar.set_message(text);
                }
                bar.inc(n);
            }
            Mode::Log { started, last } => {
                let now = Instant::now();
                let Ok(mut last) = last.try_lock() else {
                    return;
                };
                if now.duration_since(*last) >= LOG_EVERY {
                    *last = now;
                    drop(last);
                    self.log_line(done, now.duration_since(*started));
                }
            }
        }
    }

    /// One plain line: `progress: 12000/1000000 games (1.2%), 150 games/s, eta 1h49m,
    /// mcts 0.551 [0.545, 0.557]`.
    fn log_line(&self, done: u64, elapsed: Duration) {
        let secs = elapsed.as_secs_f64().max(1e-9);
        let rate = done.saturating_sub(self.start.load(Ordering::Relaxed)) as f64 / secs;
        let pct = 100.0 * done as f64 / self.total.max(1) as f64;
        let mut line = format!(
            "progress: {done}/{} {} ({pct:.1}%), {rate:.0} {}/s",
            self.total, self.what, self.what
        );
        if done < self.total && rate > 0.0 {
            let left = (self.total - done) as f64 / rate;
            line += &format!(", eta {}", human_duration(left));
        }
        if let Some(text) = self.score.as_ref().and_then(LiveScore::text) {
            line += &format!(", {text}");
        }
        let _ = writeln!(std::io::stderr(), "{line}");
    }

    /// Prints `sim: warning: {text}` on standard error (even when quiet), above the bar.
    pub fn warn(&self, text: &str) {
        let line = format!("sim: warning: {text}");
        match &self.mode {
            Mode::Bar(bar) => bar.suspend(|| eprintln!("{line}")),
            _ => eprintln!("{line}"),
        }
    }

    /// Prints `sim: {text}` on standard error above the bar, unless quiet: what a long
    /// command learned on the way (`sim card-value --resolution`: the games a resolution
    /// needs, after its first round).
    pub fn note(&self, text: &str) {
        let line = format!("sim: {text}");
        match &self.mode {
            Mode::Quiet => {}
            Mode::Bar(bar) => bar.suspend(|| eprintln!("{line}")),
            _ => eprintln!("{line}"),
        }
    }

    /// Ends the progress: clears the bar, or prints a last plain line.
    pub fn finish(&self) {
        match &self.mode {
            Mode::Quiet => {}
            Mode::Bar(bar) => bar.finish_and_clear(),
            Mode::Log { started, .. } => {
                self.log_line(self.done.load(Ordering::Relaxed), started.elapsed());
            }
        }
    }
}

/// `1h49m`, `3m05s`, `42s`.
fn human_duration(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match (s / 3600, (s / 60) % 60, s % 60) {
        (0, 0, sec) => format!("{sec}s"),
        (0, m, sec) => format!("{m}m{sec:02}s"),
        (h, m, _) => format!("{h}h{m:02}m"),
    }
}

/// The worker threads for `--threads` (default: every core), capped at
/// [`THREADS_PER_CORE`] per core: more threads than that only cost memory and start-up
/// time, and results do not depend on the number. A capped request is reported on
/// standard error, once per process (a command may ask more than once).
pub fn threads(requested: Option<usize>) -> usize {
    static WARNED: std::sync::Once = std::sync::Once::new();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cap = cores * THREADS_PER_CORE;
    match requested {
        None => cores,
        Some(t) if t > cap => {
            WARNED.call_once(|| {
                let _ = writeln!(
                    std::io::stderr(),
                    "sim: warning: --threads {t} capped at {cap} ({THREADS_PER_CORE} per core on \
                 {cores} cores); results do not depend on it"
                );
            });
            cap
        }
        Some(t) => t,
    }
}

/// Most worker threads per core that `--threads` may start.
pub const THREADS_PER_CORE: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_people_write_them() {
        assert_eq!(human_duration(42.4), "42s");
        assert_eq!(human_duration(185.0), "3m05s");
        assert_eq!(human_duration(6540.0), "1h49m");
    }

    #[test]
    fn the_live_score_is_a_score_rate_with_its_draw_aware_interval() {
        let s = LiveScore::new("mcts");
        assert_eq!(s.text(), None);
        for p in [2, 1, 0, 2] {
            s.add_half_points(p, 1);
        }
        // 2.5 points of 4 games: 2 wins, 1 draw, 1 loss.
        let i = reports::wdl_interval95(2, 1, 1).unwrap();
        let want = format!("mcts 0.625 [{:.3}, {:.3}]", i.lo, i.hi);
        assert_eq!(s.text().unwrap(), want);
        // Four seats: 3 opponents a game, half-points 0..=6.
        let four = LiveScore::new("greedy");
        for p in [6, 3, 0] {
            four.add_half_points(p, 3);
        }
        let i = reports::score_interval95(3, 9, 45, 6).unwrap();
        let want = format!("greedy 0.500 [{:.3}, {:.3}]", i.lo, i.hi);
        assert_eq!(four.text().unwrap(), want);
    }

    #[test]
    fn threads_are_capped_at_a_few_per_core() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(threads(None), cores);
        assert_eq!(threads(Some(1)), 1);
        assert_eq!(threads(Some(10_000)), cores * THREADS_PER_CORE);
    }
}
