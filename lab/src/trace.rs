//! `sim trace` over [`TraceOptions`]: every action of some games as JSON Lines, written to
//! any [`Write`] (`sim` passes its standard output).

use crate::games::{self, check_agents};
use crate::options::TraceOptions;
use crate::play::{Actor, Observer, Player};
use anyhow::Result;
use engine::core::{Action, GameState, Registered};
use serde::Serialize;
use std::io::{self, BufWriter, Write};

/// One applied action.
#[derive(Serialize)]
struct StepLine<'a, T: Serialize> {
    game: u64,
    step: u64,
    actor: Actor,
    action: &'a str,
    state: T,
}

/// The end of a game.
#[derive(Serialize)]
struct EndLine<'a> {
    game: u64,
    end: bool,
    score: &'a [i32],
    returns: &'a [f64],
    agents: Vec<&'a str>,
}

/// Writes a line per applied action; remembers the first write error.
struct TraceObserver<W: Write> {
    out: W,
    game: u64,
    step: u64,
    actor: Actor,
    action: String,
    error: Option<io::Error>,
}

/// Writes `value` and a newline to `out`, unless an earlier write failed; keeps the first
/// error in `error`.
fn write_line<W: Write, T: Serialize>(out: &mut W, error: &mut Option<io::Error>, value: &T) {
    if error.is_some() {
        return;
    }
    let result = serde_json::to_writer(&mut *out, value)
        .map_err(io::Error::from)
        .and_then(|()| out.write_all(b"\n"));
    if let Err(e) = result {
        *error = Some(e);
    }
}

impl<W: Write> TraceObserver<W> {
    fn line<T: Serialize>(&mut self, value: &T) {
        write_line(&mut self.out, &mut self.error, value);
    }

    fn check(&mut self) -> io::Result<()> {
        self.error.take().map_or(Ok(()), Err)
    }
}

impl<S: GameState, W: Write> Observer<S> for TraceObserver<W> {
    fn before_action(&mut self, state: &S, actor: Actor, action: Action) {
        self.actor = actor;
        self.action = state.action_to_string(action);
    }

    fn after_action(&mut self, state: &S) {
        let line = StepLine {
            game: self.game,
            step: self.step,
            actor: self.actor,
            action: &self.action,
            state: state.snapshot(),
        };
        write_line(&mut self.out, &mut self.error, &line);
        self.step += 1;
    }
}

/// `sim trace` on the game `R`: loads its rules (`--rules`, `--set`, `--players` of
/// `options`), plays the games one after the other, exactly as `sim run` with the same
/// seed would, and writes JSON Lines to `out` (buffered here): one object
/// per applied action (`game`, `step`, `actor` = seat or `"chance"`, `action`, `state` =
/// the snapshot after the action), then `{"game", "end": true, "score", "returns",
/// "agents"}` per game.
///
/// Errors: rules that do not load, the agents' errors ([`check_agents`], a game's panic as
/// [`crate::play::GamePanic`]), and a write error of `out`, returned at the end of the
/// game during which it happened (no later game is played). A closed standard output is
/// such an error ([`io::ErrorKind::BrokenPipe`]), which `sim` ends on quietly.
/// Errors: [`crate::Error`], sorted from what failed (see [`crate::error`]).
pub fn trace<R: Registered>(
    options: &TraceOptions,
    out: &mut dyn Write,
) -> crate::error::Result<()> {
    trace_untyped::<R>(options, out).map_err(crate::Error::from)
}

/// The work of [`trace`], with `anyhow` errors.
fn trace_untyped<R: Registered>(options: &TraceOptions, out: &mut dyn Write) -> Result<()> {
    let common = &options.common;
    let game = games::load::<R>(
        games::single_rules(&common.rules)?,
        &games::sets::<R>(common)?,
    )?;
    let (specs, schedule) = check_agents(&game.game, common)?;
    let labels = crate::run::labels(&specs);
    let mut obs = TraceObserver {
        out: BufWriter::new(out),
        game: 0,
        step: 0,
        actor: Actor::Chance,
        action: String::new(),
        error: None,
    };
    let mut player = Player::new(&game.game, &specs, common.seed);
    if options.coupled {
        player = player.coupled();
    }
    for index in 0..schedule.total_games() {
        obs.game = index;
        obs.step = 0;
        let record = player.play(&schedule.game(index), &mut obs)?;
        let n = record.scores.len();
        obs.line(&EndLine {
            game: index,
            end: true,
            score: &record.scores,
            returns: &record.returns[..n],
            agents: record.seats.iter().map(|&a| labels[a].as_str()).collect(),
        });
        obs.check()?;
    }
    obs.out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameTask;
    use crate::options::GameOptions;
    use engine::core::Registered;
    use std::path::{Path, PathBuf};

    /// `tests/playthroughs/` at the workspace root: `sim trace` arguments and what
    /// `sim trace` prints for them.
    fn playthroughs() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/playthroughs")
    }

    /// The options of a golden playthrough's `sim trace` arguments (the flags those files
    /// use: `--game`, `--agents`, `--games`, `--seed`, `--rules`, `--set`, `--players`,
    /// `--coupled`); any other flag fails the test.
    fn options(args: &str) -> TraceOptions {
        let mut words = args.split_whitespace();
        assert_eq!(words.next(), Some("trace"), "{args}");
        let mut o = TraceOptions {
            common: GameOptions {
                games: 1,
                ..GameOptions::default()
            },
            coupled: false,
        };
        while let Some(flag) = words.next() {
            if flag == "--coupled" {
                o.coupled = true;
                continue;
            }
            let value = words
                .next()
                .unwrap_or_else(|| panic!("{flag} without a value"));
            let c = &mut o.common;
            match flag {
                "--game" => c.game = value.into(),
                "--agents" => c.agents = value.split(',').map(String::from).collect(),
                "--games" => c.games = value.parse().unwrap(),
                "--seed" => c.seed = value.parse().unwrap(),
                "--rules" => c.rules.push(value.into()),
                "--set" => c.set.push(value.into()),
                "--players" => c.players = Some(value.parse().unwrap()),
                _ => panic!("{args}: flag {flag} unknown to this test"),
            }
        }
        o
    }

    /// The trace of `options` into a writer.
    struct TraceInto<'a>(&'a TraceOptions, &'a mut dyn Write);

    impl GameTask for TraceInto<'_> {
        fn call<R: Registered>(self) -> Result<()> {
            Ok(trace::<R>(self.0, self.1)?)
        }
    }

    #[test]
    fn the_library_traces_every_golden_playthrough_byte_for_byte() {
        let mut checked = 0;
        for game in games::NAMES {
            let Ok(dir) = std::fs::read_dir(playthroughs().join(game)) else {
                continue;
            };
            for path in dir.map(|e| e.unwrap().path()) {
                if path.extension().is_none_or(|x| x != "args") {
                    continue;
                }
                let o = options(&std::fs::read_to_string(&path).unwrap());
                let mut out = Vec::new();
                games::dispatch(&o.common.game, TraceInto(&o, &mut out)).unwrap();
                let want = std::fs::read(path.with_extension("jsonl")).unwrap();
                assert!(out == want, "{}: the trace differs", path.display());
                checked += 1;
            }
        }
        assert!(checked >= games::NAMES.len(), "{checked} playthroughs");
    }

    /// A writer that refuses every byte, as a closed pipe does.
    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_writer_stops_the_trace_with_its_error() {
        let o = options("trace --game grangol --agents random,random --games 3");
        let err = games::dispatch("grangol", TraceInto(&o, &mut Closed)).unwrap_err();
        assert!(
            matches!(crate::Error::from(err), crate::Error::ClosedOutput),
            "the typed error of a closed output"
        );
    }
}
