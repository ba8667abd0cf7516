//! `sim trace`: every action of some games as JSON Lines.

use crate::cli::TraceArgs;
use ::lab::games::{check_agents, Loaded};
use ::lab::play::{Actor, Observer, Player};
use anyhow::Result;
use engine::core::{Action, Game, GameState};
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

/// `sim trace`: plays the games one after the other, exactly as `sim run` with the same
/// seed would, and writes JSON Lines to stdout: one object per applied action
/// (`game`, `step`, `actor` = seat or `"chance"`, `action`, `state` = the snapshot after
/// the action), then `{"game", "end": true, "score", "returns", "agents"}` per game.
pub fn trace<G: Game>(game: &Loaded<G>, args: &TraceArgs) -> Result<()> {
    let common = &args.common;
    let (specs, schedule) = check_agents(&game.game, &common.options())?;
    let labels = ::lab::run::labels(&specs);
    let stdout = io::stdout();
    let mut obs = TraceObserver {
        out: BufWriter::new(stdout.lock()),
        game: 0,
        step: 0,
        actor: Actor::Chance,
        action: String::new(),
        error: None,
    };
    let mut player = Player::new(&game.game, &specs, common.seed);
    if args.coupled {
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
