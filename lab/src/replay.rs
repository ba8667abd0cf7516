//! `sim replay` over [`ReplayOptions`]: one game drawn as pictures of its board after
//! every turn, for games with the board capability (`GameInfo::board`,
//! `GameState::board_pieces`).

use crate::games::{self, check_agents};
use crate::options::ReplayOptions;
use crate::play::{Actor, Observer, Player};
use anyhow::{bail, Result};
use engine::core::{Action, BoardPiece, GameEvent, GameState, Registered, Turn};

/// Collects a picture of the board after every turn (a
/// [`GameEvent::TurnEnd`]), with a caption naming the turn, the score and the last action.
struct ReplayObserver {
    frames: Vec<(String, Vec<BoardPiece>)>,
    turn_ended: bool,
    turns: u64,
    last_action: String,
}

impl ReplayObserver {
    /// Adds a picture of `state`, unless the board is empty (before the players are
    /// placed).
    fn frame<S: GameState>(&mut self, state: &S, caption: String) {
        let mut pieces = Vec::new();
        state.board_pieces(&mut pieces);
        if !pieces.is_empty() {
            self.frames.push((caption, pieces));
        }
    }
}

impl<S: GameState> Observer<S> for ReplayObserver {
    fn before_action(&mut self, state: &S, actor: Actor, action: Action) {
        let who = match actor {
            Actor::Seat(s) => format!("seat {s}"),
            Actor::Chance => "chance".into(),
        };
        self.last_action = format!("{who}: {}", state.action_to_string(action));
    }

    fn on_event(&mut self, event: GameEvent) {
        if let GameEvent::TurnEnd { .. } = event {
            self.turn_ended = true;
        }
    }

    fn after_action(&mut self, state: &S) {
        let score: Vec<String> = (0..state.num_seats() as u8)
            .map(|s| state.score(s).to_string())
            .collect();
        let score = score.join("–");
        if self.turn_ended || state.turn() == Turn::Terminal {
            self.turns += u64::from(self.turn_ended);
            let caption = if state.turn() == Turn::Terminal {
                format!("the end, score {score} (last: {})", self.last_action)
            } else {
                format!(
                    "after turn {}, score {score} (last: {})",
                    self.turns, self.last_action
                )
            };
            self.frame(state, caption);
            self.turn_ended = false;
        }
    }
}

/// `sim replay` on the game `R`: loads its rules (`--rules`, `--set`, `--players` of
/// `options`), plays the first game of the schedule (the same game `sim trace` prints
/// first, for the same options) and writes a page with a picture of the board after
/// every turn to `options.out`. Returns the number of pictures on the page. Errors (one
/// line): rules that do not load, a game without a board, an `out` file that exists (a replay never overwrites a
/// file), the agents' errors, the page not written.
/// Errors: [`crate::Error`], sorted from what failed (see [`crate::error`]).
pub fn replay<R: Registered>(options: &ReplayOptions) -> crate::error::Result<usize> {
    replay_untyped::<R>(options).map_err(crate::Error::from)
}

/// The work of [`replay`], with `anyhow` errors.
fn replay_untyped<R: Registered>(options: &ReplayOptions) -> Result<usize> {
    let common = &options.common;
    let game = games::load::<R>(
        games::single_rules(&common.rules)?,
        &games::sets::<R>(common)?,
    )?;
    let Some(board) = game.game.info().board else {
        bail!(
            "{} has no board to draw (sim replay draws board games: see `sim games`)",
            game.name()
        );
    };
    if options.out.exists() {
        bail!(
            "'{}' exists: sim replay never overwrites a file; choose another --out",
            options.out.display()
        );
    }
    let (specs, schedule) = check_agents(&game.game, common)?;
    let labels = crate::run::labels(&specs);
    let mut obs = ReplayObserver {
        frames: Vec::new(),
        turn_ended: false,
        turns: 0,
        last_action: String::new(),
    };
    let mut player = Player::new(&game.game, &specs, common.seed);
    let record = player.play(&schedule.game(0), &mut obs)?;
    let agents: Vec<&str> = record.seats.iter().map(|&a| labels[a].as_str()).collect();
    let heading = format!("Replay: {} — {}", game.name(), agents.join(" vs "));
    let note = format!(
        "Game 0 of seed {} (as `sim trace` prints it first), seat by seat: {}. One picture \
         after every turn; final score {}.",
        common.seed,
        agents
            .iter()
            .enumerate()
            .map(|(s, a)| format!("seat {s} {a}"))
            .collect::<Vec<_>>()
            .join(", "),
        record
            .scores
            .iter()
            .map(|g| g.to_string())
            .collect::<Vec<_>>()
            .join("–")
    );
    reports::report::write_replay(&options.out, &heading, &note, &board, &obs.frames)?;
    Ok(obs.frames.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameTask;
    use crate::options::GameOptions;
    use engine::core::Registered;

    /// `sim replay --game GAME --agents greedy,random --games 1 --seed 1 --out OUT`.
    fn options(game: &str, out: std::path::PathBuf) -> ReplayOptions {
        ReplayOptions {
            common: GameOptions {
                game: game.into(),
                agents: vec!["greedy".into(), "random".into()],
                games: 1,
                seed: 1,
                ..GameOptions::default()
            },
            out,
        }
    }

    /// The replay of `options`; the number of pictures.
    struct Replay<'a>(&'a ReplayOptions, &'a mut usize);

    impl GameTask for Replay<'_> {
        fn call<R: Registered>(self) -> Result<()> {
            *self.1 = replay::<R>(self.0)?;
            Ok(())
        }
    }

    #[test]
    fn a_board_game_is_drawn_once_per_turn_and_never_over_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let o = options("helvetia", dir.path().join("game.html"));
        let mut pictures = 0;
        games::dispatch("helvetia", Replay(&o, &mut pictures)).unwrap();
        let html = std::fs::read_to_string(&o.out).unwrap();
        assert_eq!(html.matches("<svg").count(), pictures);
        assert!(pictures > 5, "a picture per turn: {pictures}");
        assert!(html.contains("after turn 1, score 0–0"));
        assert!(html.contains("Game 0 of seed 1"));
        let err = games::dispatch("helvetia", Replay(&o, &mut pictures)).unwrap_err();
        assert!(err.to_string().contains("exists"), "{err}");
        assert_eq!(std::fs::read_to_string(&o.out).unwrap(), html);
    }

    #[test]
    fn a_game_without_a_board_is_refused_before_anything_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let o = options("memory", dir.path().join("m.html"));
        let err = games::dispatch("memory", Replay(&o, &mut 0)).unwrap_err();
        assert!(err.to_string().contains("has no board to draw"), "{err}");
        assert!(!o.out.exists());
    }
}
