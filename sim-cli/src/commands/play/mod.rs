//! `sim play`: a person plays a whole game against the lab's agents ([`lab::commands::session`]),
//! in a terminal UI (ratatui) when standard input and output are terminals, else through
//! a plain line protocol (docs/play.md). The terminal UI is the cargo feature `tui`
//! (on by default); a build without it plays through the line protocol everywhere.

use crate::args::{agent_list, game_name, AgentList, RuleSetArgs};
use clap::Args;
use std::path::PathBuf;

#[cfg(feature = "tui")]
mod tui;

use lab::commands::session::{self, Hint, Play, SessionOptions};
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;

/// How a game left the screen.
enum Outcome {
    /// Played to its end.
    Ended,
    /// The person quit before the end.
    Quit,
}

/// `sim play`. Errors (one line, exit status 2): the session's errors
/// (rules, seats, agents), a record file that exists already, a record that cannot be
/// written, a terminal that cannot be driven.
impl super::Exec for PlayArgs {
    fn exec(&self) -> anyhow::Result<()> {
        let (mut game, path) = match (&self.resume, &self.game) {
            (Some(path), _) => {
                let game = session::resume(path)?;
                say!("resumed at step {} from {}", game.step(), path.display());
                (game, path.clone())
            }
            (None, Some(name)) => {
                let seed = self.seed.unwrap_or_else(session::clock_seed);
                let options = SessionOptions {
                    game: name.clone(),
                    rule_set: self.rule_set.options(),
                    human: self.seat.clone(),
                    vs: self.vs.0.clone(),
                    seed,
                };
                let path = self
                    .save
                    .clone()
                    .unwrap_or_else(|| session::default_record_path(name, seed));
                if path.exists() {
                    anyhow::bail!(
                        "the record '{}' exists already (choose another with --save FILE, \
                         or continue it with --resume FILE)",
                        path.display()
                    );
                }
                let game = session::open(&options)?;
                session::check_record_path(&path)?;
                (game, path)
            }
            (None, None) => anyhow::bail!("--game or --resume is required"),
        };
        game.set_memory_aid(!self.no_memory_aid);
        // Saved from the start, then after every decision (the UIs call `save_record`).
        game.save_record(&path)?;
        let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
        let outcome = if terminal && cfg!(feature = "tui") {
            #[cfg(feature = "tui")]
            {
                tui::tui(game.as_mut(), self.hint, &path)?
            }
            #[cfg(not(feature = "tui"))]
            unreachable!("no terminal UI in this build")
        } else {
            lines(game.as_mut(), self.hint, &path)?
        };
        game.save_record(&path)?;
        let p = path.display();
        match outcome {
            Outcome::Ended => {
                for line in result_lines(game.as_ref()) {
                    say!("{line}");
                }
                say!("record: {p}");
                say!("replay: sim replay --trace {p} --out {p}.html");
            }
            Outcome::Quit => {
                say!(
                    "quit at step {}: the record (unfinished) is {p}",
                    game.step()
                );
                say!("replay: sim replay --trace {p} --out {p}.html");
            }
        }
        Ok(())
    }
}

/// The legal action `answer` names: its whole name, or a word of its name that no other
/// legal action's name has (a memory place as `r6c6`, a card as `TIRO`), in any case.
fn by_name<'a>(legal: &'a [session::Choice], answer: &str) -> Option<&'a session::Choice> {
    if let Some(c) = legal.iter().find(|c| c.name == answer) {
        return Some(c);
    }
    let word = |c: &&session::Choice| {
        c.name
            .split(|ch: char| !ch.is_alphanumeric() && !matches!(ch, '+' | ':' | '#'))
            // A colon ends a word (`LANCIO:`) unless a cell's coordinates hold it (`3:2`).
            .map(|w| w.trim_end_matches(':'))
            .any(|w| !w.is_empty() && w.eq_ignore_ascii_case(answer))
    };
    let mut found = legal.iter().filter(word);
    match (found.next(), found.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// The first line of a session: game, seed and who sits where.
fn intro(game: &dyn Play) -> String {
    let h = game.header();
    let seats: Vec<String> = h
        .agents
        .iter()
        .enumerate()
        .map(|(s, a)| format!("seat {s} {a}"))
        .collect();
    format!(
        "sim play: {}, seed {}, rules {}; {}",
        h.game,
        h.seed,
        h.rules_source,
        seats.join(", ")
    )
}

/// The scores as `2 : 1` (seat 0 first; a score may be negative).
fn score_text(scores: &[i32]) -> String {
    scores
        .iter()
        .map(i32::to_string)
        .collect::<Vec<_>>()
        .join(" : ")
}

/// The lines of the end of a game: the score, the verdict of each human seat (you win,
/// you lose, a draw; at more seats, how many opponents it finished ahead of), and each
/// seat's return.
fn result_lines(game: &dyn Play) -> Vec<String> {
    let h = game.header();
    let returns = game.returns();
    let mut lines = vec![format!(
        "game over after {} steps, score {}",
        game.step(),
        score_text(&game.scores())
    )];
    let n = h.agents.len();
    let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let first: Vec<String> = (0..n)
        .filter(|&s| returns[s] == best)
        .map(|s| format!("seat {s} ({})", h.agents[s]))
        .collect();
    if n > 1 {
        lines.push(match first.len() {
            k if k == n => "a draw: no winner".to_string(),
            1 => format!("winner: {}", first[0]),
            _ => format!("winners: {}", first.join(", ")),
        });
    }
    let humans: Vec<usize> = (0..h.agents.len())
        .filter(|&s| h.agents[s] == "human")
        .collect();
    for &s in &humans {
        if let Some(verdict) = verdict(returns[s], h.agents.len()) {
            lines.push(match humans.len() {
                1 => verdict,
                _ => format!("seat {s}: {verdict}"),
            });
        }
    }
    for (s, (agent, r)) in h.agents.iter().zip(&returns).enumerate() {
        let who = if agent == "human" {
            "you".to_string()
        } else {
            agent.clone()
        };
        lines.push(format!(
            "seat {s} ({who}): {} points, return {r}",
            game.scores()[s]
        ));
    }
    lines
}

/// What a seat's placement `ret`urn (the share of its opponents it finished ahead of, a tie
/// counting half) means to its player, at a game of `seats` seats; `None` alone at a
/// one-player game, whose return is not a placement.
fn verdict(ret: f64, seats: usize) -> Option<String> {
    let opponents = seats.checked_sub(1).filter(|&o| o > 0)? as f64;
    Some(if ret >= 1.0 {
        "you win".into()
    } else if ret <= 0.0 {
        "you lose".into()
    } else if seats == 2 {
        "a draw".into()
    } else {
        format!(
            "you finished ahead of {} of your {opponents} opponents (a tie counts half)",
            (ret * opponents * 2.0).round() / 2.0
        )
    })
}

/// The hint as lines: the choice, then each candidate's visit share and value (the
/// expected score through it, with its 95% interval; `worse` where the search can tell
/// it is below the first).
fn hint_lines(hint: &Hint) -> Vec<String> {
    let mut lines = vec![format!("mcts plays: {}", hint.choice.name)];
    if let Some(why) = hint.unsearched {
        lines.push(format!("({})", why.words()));
    } else if hint.candidates.is_empty() {
        lines.push("(chosen without search)".into());
    } else {
        lines.push("visits  value [95% interval]".into());
    }
    for c in &hint.candidates {
        let value = match (c.value, c.value_lo, c.value_hi) {
            (Some(v), Some(lo), Some(hi)) => format!("{v:.3} [{lo:.3}, {hi:.3}]"),
            _ => String::new(),
        };
        let worse = if c.behind { " worse" } else { "" };
        lines.push(format!(
            "{:5.1}%  {value:<20}{worse:<6}  {}",
            c.share * 100.0,
            c.action
        ));
    }
    lines
}

/// The line protocol (docs/play.md): each decision as lines, a numbered list of the legal
/// actions and a prompt line; answers are read one line at a time from standard input.
fn lines(game: &mut dyn Play, hint: bool, path: &Path) -> anyhow::Result<Outcome> {
    say!("{}", intro(game));
    say!("record: {}", path.display());
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut shown_log = 0usize;
    let mut shown_step = None;
    loop {
        let Some(screen) = game.screen() else {
            say!("end:");
            let seat = (0..game.header().agents.len() as u8)
                .find(|&s| game.is_human(s))
                .unwrap_or(0);
            let last = game.screen_of(seat);
            for line in &last.log[shown_log.min(last.log.len())..] {
                say!("log: {line}");
            }
            for line in last.observation.lines() {
                say!("see: {line}");
            }
            return Ok(Outcome::Ended);
        };
        if shown_step != Some(screen.step) {
            shown_log = shown_log.min(screen.log.len());
            say!(
                "step {} | seat {} | score {}",
                screen.step,
                screen.seat,
                score_text(&screen.scores)
            );
            for line in &screen.log[shown_log..] {
                say!("log: {line}");
            }
            shown_log = screen.log.len();
            for row in &screen.board {
                let text: String = row.iter().map(|s| s.0.as_str()).collect();
                say!("board: {}", text.trim_end());
            }
            for line in screen.observation.lines() {
                say!("see: {line}");
            }
            if hint {
                if let Some(h) = game.hint() {
                    for line in hint_lines(&h) {
                        say!("hint: {line}");
                    }
                }
            }
            for (i, c) in screen.legal.iter().enumerate() {
                say!("{}. {}", i + 1, c.name);
            }
            shown_step = Some(screen.step);
        }
        say!(
            "choose: 1-{}, an action's name, undo, hint or quit",
            screen.legal.len()
        );
        let _ = std::io::stdout().flush();
        let mut answer = String::new();
        if input.read_line(&mut answer)? == 0 {
            return Ok(Outcome::Quit);
        }
        let answer = answer.trim();
        match answer {
            "quit" => return Ok(Outcome::Quit),
            "hint" => match game.hint() {
                Some(h) => hint_lines(&h).iter().for_each(|l| say!("hint: {l}")),
                None => say!("error: no decision is due"),
            },
            "undo" => match game.undo() {
                Ok(()) => {
                    game.save_record(path)?;
                    say!("undone: back to step {}", game.step());
                    shown_step = None;
                }
                Err(e) => say!("error: {e}"),
            },
            _ => {
                let picked = match answer.parse::<usize>() {
                    Ok(k) if (1..=screen.legal.len()).contains(&k) => Some(&screen.legal[k - 1]),
                    _ => by_name(&screen.legal, answer),
                };
                match picked {
                    Some(c) => {
                        game.choose(c.code)?;
                        game.save_record(path)?;
                    }
                    None => say!(
                        "error: '{answer}' is not a number from 1 to {}, an action's name \
                         or a word only it has (r6c6), undo, hint or quit",
                        screen.legal.len()
                    ),
                }
            }
        }
    }
}

/// `sim play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game (`sim games` lists them); not with --resume, which reads it from the
    /// record.
    #[arg(long, short = 'g', value_name = "GAME", value_parser = game_name, required_unless_present = "resume")]
    pub game: Option<String>,
    /// Continue the unfinished game recorded in FILE (a record of `sim play`, saved after
    /// every decision): its game, rules, seed, seats and agents come from the record,
    /// and the game goes on being saved there.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "seed", "seat", "vs", "save", "rules", "set", "players"])]
    pub resume: Option<PathBuf>,
    /// The agents at the other seats, comma-separated, in seat order: one fills every
    /// other seat (`sim agents` lists them).
    #[arg(long, value_parser = agent_list, default_value = "mcts")]
    pub vs: AgentList,
    /// Your seat, from 0; repeat it to play several seats (hot seat).
    #[arg(long = "seat", value_name = "K", default_value = "0")]
    pub seat: Vec<u8>,
    /// Master seed [default: one drawn from the clock, printed and recorded].
    #[arg(long, short = 's', value_name = "S")]
    pub seed: Option<u64>,
    /// The rule set.
    #[command(flatten)]
    pub rule_set: RuleSetArgs,
    /// Show only what is face up: no face you saw of a card now face down (a memory
    /// game played from memory). The game and its record are the same.
    #[arg(long)]
    pub no_memory_aid: bool,
    /// Show from the start what mcts would play and its visit shares (key `h` toggles).
    #[arg(long)]
    pub hint: bool,
    /// Where to save the game's record (it must not exist; it is saved after every
    /// decision, so a quit or a crash loses nothing) [default: games/play-GAME-SEED.jsonl].
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::{by_name, session, verdict};

    /// An action is named by its whole name or by a word only it has: a cell's
    /// coordinates (`3:2`) and a figure (`#8`) are words; a colon after a word ends it.
    #[test]
    fn actions_are_named_by_a_word_only_they_have() {
        let choice = |code, name: &str| session::Choice {
            code,
            name: name.into(),
        };
        let legal = [
            choice(0, "hex 3:2"),
            choice(1, "hex 13:2"),
            choice(2, "pass to #8"),
            choice(3, "LANCIO: 1 section"),
            choice(4, "TIRO"),
        ];
        let named = |a: &str| by_name(&legal, a).map(|c| c.code);
        assert_eq!(named("3:2"), Some(0));
        assert_eq!(named("13:2"), Some(1));
        assert_eq!(named("#8"), Some(2));
        assert_eq!(named("8"), None, "a figure is named with its #");
        assert_eq!(named("lancio"), Some(3));
        assert_eq!(named("hex"), None, "two actions have it");
        assert_eq!(named("TIRO"), Some(4));
    }

    /// The verdict reads the placement return: all opponents beaten, none, a tie at two
    /// seats, a place in between at more; nothing alone.
    #[test]
    fn the_verdict_follows_the_placement_return() {
        assert_eq!(verdict(1.0, 2).as_deref(), Some("you win"));
        assert_eq!(verdict(0.0, 2).as_deref(), Some("you lose"));
        assert_eq!(verdict(0.5, 2).as_deref(), Some("a draw"));
        assert_eq!(verdict(1.0, 4).as_deref(), Some("you win"));
        assert_eq!(
            verdict(0.5, 4).as_deref(),
            Some("you finished ahead of 1.5 of your 3 opponents (a tie counts half)")
        );
        assert_eq!(
            verdict(2.0 / 3.0, 4).as_deref(),
            Some("you finished ahead of 2 of your 3 opponents (a tie counts half)")
        );
        assert_eq!(verdict(1.0, 1), None);
    }
}
