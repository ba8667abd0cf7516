//! `sim play` as a person (or a script) uses it: the line protocol without a terminal,
//! and the terminal UI through a pseudo-terminal, read back as a screen grid (vt100),
//! for every registered game. The TUI test checks that no screen shows a secret of
//! another seat: each screen's state is rebuilt from the saved record, and neither the
//! words of the other seats' observations and of the full snapshot that the seat may not
//! see, nor the whole names of actions it did not see and the whole lines of the other
//! seats' views, may be on the screen. What the seat saw of each action is decided by
//! `engine::core::seen_by`, which has tests of its own.

use engine::core::Observation;
use engine::core::{
    seen_by, ActionList, Game, GameState, LegalActions, Notation, Registered, Seat, Turn,
};
use lab::infra::games::{self, GameTask};
use lab::infra::record::Record;
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const SIM: &str = env!("CARGO_BIN_EXE_sim");

/// The games and player counts played: every registered game at its default count, and
/// LASTUF with 3 and 4 players, memory alone and with 3.
fn tables() -> Vec<(&'static str, Option<usize>)> {
    let mut t: Vec<(&str, Option<usize>)> =
        engine::core::NAMES.iter().map(|&g| (g, None)).collect();
    t.extend([
        ("lastuf", Some(3)),
        ("lastuf", Some(4)),
        ("memory", Some(1)),
        ("memory", Some(3)),
    ]);
    t
}

/// Shorter games where random play is long: Helvetia Cup capped at 30 rounds, memory on a
/// 5 x 6 grid of 8 pairs (and its 12 prize cards).
fn shorter(game: &str) -> &'static [&'static str] {
    match game {
        "helvetia" => &["max_rounds=30"],
        "memory" => &["rows=5", "columns=6", "pairs=[8]"],
        _ => &[],
    }
}

/// A small seeded generator of choices (a 64-bit LCG's high bits), so the person's
/// choices vary (memory never ends when one always turns the first card) yet repeat.
struct Choices(u64);

impl Choices {
    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn args(game: &str, players: Option<usize>, seed: u64, save: &Path) -> Vec<String> {
    let mut a: Vec<String> = [
        "play",
        "--game",
        game,
        "--vs",
        "random",
        "--seed",
        &seed.to_string(),
        "--save",
    ]
    .map(String::from)
    .to_vec();
    a.push(save.display().to_string());
    if let Some(n) = players {
        a.extend(["--players".into(), n.to_string()]);
    }
    for set in shorter(game) {
        a.extend(["--set".into(), set.to_string()]);
    }
    a
}

/// The record's steps replayed from its rules and codes: each step's readable name is
/// checked against the replayed state; returns the state before each step and the final
/// state's scores and turn.
struct Replayed<S> {
    before: Vec<S>,
    last: S,
}

fn replay<G: Game>(game: &G, record: &Record) -> Replayed<G::State> {
    let mut state = game.new_initial_state();
    let mut before = Vec::new();
    for step in &record.games[0].steps {
        let action = engine::core::Action(step.code);
        assert_eq!(
            state.action_to_string(action),
            step.action,
            "step {}",
            step.step
        );
        before.push(state.clone());
        state.try_apply(action).expect("a legal code");
    }
    Replayed {
        before,
        last: state,
    }
}

/// Loads the record's game from its own rules (written to a file beside it).
fn load<R: Registered>(record: &Record, dir: &Path) -> R {
    let rules = dir.join(format!("rules-{}.toml", record.header.seed));
    std::fs::write(&rules, &record.header.rules).unwrap();
    games::load::<R>(Some(rules.to_str().unwrap()), &[])
        .unwrap()
        .game
}

/// Checks that a record of an ended game replays to its end line.
struct ReplaysToItsEnd<'a>(&'a Record, &'a Path);

impl GameTask for ReplaysToItsEnd<'_> {
    type Output = ();
    fn call<R: Registered>(self) -> anyhow::Result<()> {
        let game = load::<R>(self.0, self.1);
        let r = replay(&game, self.0);
        assert_eq!(r.last.turn(), Turn::Terminal);
        let end = self.0.games[0].end.as_ref().expect("an end line");
        let n = r.last.num_seats();
        let scores: Vec<i32> = (0..n as Seat).map(|s| r.last.score(s)).collect();
        assert_eq!(scores, end.score);
        assert_eq!(r.last.returns()[..n].to_vec(), end.returns);
        Ok(())
    }
}

#[test]
fn a_script_plays_every_game_to_its_end_through_the_line_protocol() {
    let dir = tempfile::tempdir().unwrap();
    for (i, (game, players)) in tables().into_iter().enumerate() {
        let seed = 100 + i as u64;
        let save = dir.path().join(format!("line-{game}-{i}.jsonl"));
        let mut choices = Choices(seed);
        // A seeded choice among the numbered actions; the second answer is an undo of
        // the first decision, allowed or refused by the rule.
        let (status, text) = play_lines(
            &args(game, players, seed, &save),
            dir.path(),
            None,
            &mut |prompt, listed| match prompt {
                2 => "undo".into(),
                _ => (1 + choices.below(listed.max(1))).to_string(),
            },
        );
        let prompts = text.lines().filter(|l| l.starts_with("choose: ")).count();
        let undo_answer = text
            .lines()
            .skip_while(|l| !l.starts_with("choose: "))
            .skip(1)
            .skip_while(|l| !l.starts_with("choose: "))
            .find(|l| {
                l.starts_with("undone: back to step ") || l.starts_with("error: cannot undo")
            });
        assert!(status.success(), "{game}: {text}");
        assert!(text.contains("game over after"), "{game}: {text}");
        assert!(
            text.contains(&format!(
                "replay: sim replay --trace {} --out {}.html",
                save.display(),
                save.display()
            )),
            "{game}"
        );
        if prompts >= 2 {
            let answer = undo_answer.unwrap_or_else(|| panic!("{game}: no answer to undo"));
            assert!(!answer.is_empty());
        }
        let record = lab::infra::record::read(&save).unwrap();
        assert_eq!(record.header.agents[0], "human");
        assert_eq!(record.header.seed, seed);
        if game == "grangol" {
            // GRANGOL has forced decisions in every game: the record marks them, and
            // the log shows them.
            let human = lab::infra::play::Actor::Seat(0);
            let forced = record.games[0]
                .steps
                .iter()
                .filter(|s| s.actor == human && s.forced);
            assert!(forced.count() > 0, "{game}");
            assert!(text.contains(" (forced)"), "{game}: {text}");
            // Every shot's direction is revealed in the log once the goalkeeper has
            // dived, every goal has words, and the last line names the winner.
            let log: Vec<&str> = text.lines().filter(|l| l.starts_with("log: ")).collect();
            let steps = &record.games[0].steps;
            let shots = steps
                .iter()
                .filter(|s| s.action.starts_with("keeper: "))
                .count();
            let aimed = log.iter().filter(|l| l.contains(" aimed ")).count();
            assert_eq!(aimed, shots, "{game}: {text}");
            let end = record.games[0].end.as_ref().unwrap();
            let goals: usize = log.iter().map(|l| l.matches(" scores (").count()).sum();
            assert_eq!(
                goals as i32,
                end.score.iter().sum::<i32>(),
                "{game}: {text}"
            );
            let last = log.last().unwrap();
            assert!(
                last.contains("the game ends (")
                    && (last.ends_with(" wins") || last.ends_with("a draw")),
                "{game}: {last}"
            );
        }
        lab_games::dispatch(game, ReplaysToItsEnd(&record, dir.path())).unwrap();
        // The same command again refuses to overwrite the record: one line, status 2.
        let again = Command::new(SIM)
            .args(args(game, players, seed, &save))
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(again.status.code(), Some(2), "{game}");
        let err = String::from_utf8_lossy(&again.stderr);
        assert!(
            err.contains("exists already") && err.lines().count() == 1,
            "{err}"
        );
    }
}

/// An undo the rule allows gives the state before the decision back: the undone step is
/// not in the record, and the game goes on as if the decision was never taken.
#[test]
fn the_line_protocol_undoes_and_quits_with_an_unfinished_record() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("quit.jsonl");
    // GRANGOL: the first decision of seat 0 is taken, then quit at once.
    let mut child = Command::new(SIM)
        .args(args("grangol", None, 7, &save))
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    let mut prompts = 0;
    let mut lines = Vec::new();
    for line in out.lines() {
        let line = line.unwrap();
        lines.push(line.clone());
        if line.starts_with("choose: ") {
            prompts += 1;
            let answer = match prompts {
                1 => "no such action",
                2 => "1",
                _ => "quit",
            };
            writeln!(stdin, "{answer}").unwrap();
        }
    }
    assert!(child.wait().unwrap().success());
    let text = lines.join("\n");
    assert!(text.contains("error: 'no such action' is not"), "{text}");
    assert!(text.contains("the record (unfinished)"), "{text}");
    let record = lab::infra::record::read(&save).unwrap();
    assert!(record.games[0].end.is_none());
    assert!(record.games[0]
        .steps
        .iter()
        .any(|s| s.actor == lab::infra::play::Actor::Seat(0)));
}

// ---------------------------------------------------------------------------------------
// The terminal UI through a pseudo-terminal.

const ROWS: u16 = 60;
const COLS: u16 = 220;

/// One screen at a human decision: the step number its status line shows and its text.
struct Capture {
    step: usize,
    text: String,
}

/// The step number of the status line (`step N · …`), if the screen shows one.
fn status_step(screen: &vt100::Screen) -> Option<usize> {
    let contents = screen.contents();
    let last = contents.lines().rev().find(|l| !l.trim().is_empty())?;
    let rest = last.trim_start().strip_prefix("step ")?;
    rest.split_whitespace().next()?.parse().ok()
}

/// How many legal actions the "your move" box shows (lines `N. …` below its title).
fn shown_items(text: &str) -> usize {
    text.lines()
        .skip_while(|l| !l.contains("your move"))
        .skip(1)
        .take_while(|l| !l.contains('└'))
        .filter(|l| {
            let item = l.trim_start_matches(['│', '>', ' ']);
            item.split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        })
        .count()
}

/// `sim play` started in a pseudo-terminal: the child, the terminal's master side (to
/// resize it), its writer (keys) and a channel of everything the program writes.
struct Tui {
    child: Box<dyn portable_pty::Child + Send + Sync>,
    master: Box<dyn portable_pty::MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    rx: mpsc::Receiver<Vec<u8>>,
}

/// Starts `sim ARGS` in `dir` in a pseudo-terminal of `cols` x `rows`.
fn spawn_tui(args: Vec<String>, (cols, rows): (u16, u16), dir: &Path) -> Tui {
    use portable_pty::{native_pty_system, CommandBuilder};
    let pair = native_pty_system().openpty(pty_size((cols, rows))).unwrap();
    let mut cmd = CommandBuilder::new(SIM);
    cmd.args(args);
    cmd.cwd(dir);
    cmd.env("TERM", "xterm-256color");
    let child = pair.slave.spawn_command(cmd).unwrap();
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let writer = pair.master.take_writer().unwrap();
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    Tui {
        child,
        master: pair.master,
        writer,
        rx,
    }
}

/// A pseudo-terminal of `cols` x `rows`.
fn pty_size((cols, rows): (u16, u16)) -> portable_pty::PtySize {
    portable_pty::PtySize {
        rows,
        cols,
        pixel_width: 0,
        pixel_height: 0,
    }
}

/// A size as vt100 takes it.
fn nonzero(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("a size")
}

/// Plays a whole game of `game` in the TUI by pressing Enter at every decision; returns
/// every decision's screen.
fn drive_tui(
    game: &str,
    players: Option<usize>,
    seed: u64,
    save: &Path,
    dir: &Path,
) -> Vec<Capture> {
    let Tui {
        mut child,
        mut writer,
        rx,
        ..
    } = spawn_tui(args(game, players, seed, save), (COLS, ROWS), dir);
    let mut parser = vt100::Parser::new(nonzero(ROWS), nonzero(COLS), 0);
    let mut captures: Vec<Capture> = Vec::new();
    let mut idle = 0u32;
    let mut ended = false;
    let mut choices = Choices(seed);
    loop {
        match rx.recv_timeout(Duration::from_millis(25)) {
            Ok(bytes) => {
                parser.process(&bytes);
                idle = 0;
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => idle += 1,
        }
        // The program is waiting: a whole frame is on the screen.
        let screen = parser.screen();
        let text = screen.contents();
        if text.contains("GAME OVER") {
            if !ended {
                ended = true;
                captures.push(Capture {
                    step: usize::MAX,
                    text,
                });
                writer.write_all(b"x").unwrap();
            }
        } else if let Some(step) = status_step(screen) {
            if captures.last().is_none_or(|c| c.step != step) {
                let shown = shown_items(&text).max(1);
                captures.push(Capture { step, text });
                // Down or up a few times (the list wraps around), then Enter: any item
                // within the shown length of either end of the list may be chosen.
                let r = choices.below(2 * shown);
                let keys = if r < shown {
                    "j".repeat(r)
                } else {
                    "k".repeat(r - shown + 1)
                };
                writer.write_all(keys.as_bytes()).unwrap();
                writer.write_all(b"\r").unwrap();
                idle = 0;
            }
        }
        // A guard against a hang (not a timing assertion): minutes without any output.
        assert!(
            idle < 4800,
            "{game}: the screen stopped changing:\n{}",
            parser.screen().contents()
        );
    }
    let status = child.wait().unwrap();
    assert!(status.success(), "{game}: {}", parser.screen().contents());
    assert!(ended, "{game}: no end screen");
    captures
}

/// The words of `text`: runs of letters and digits, at least two characters, not only
/// digits.
fn words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 2 && !w.chars().all(|c| c.is_ascii_digit()))
        .map(String::from)
        .collect()
}

/// Every string value of a JSON value.
fn strings(value: &serde_json::Value, out: &mut String) {
    match value {
        serde_json::Value::String(s) => {
            out.push_str(s);
            out.push('\n');
        }
        serde_json::Value::Array(a) => a.iter().for_each(|v| strings(v, out)),
        serde_json::Value::Object(o) => o.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

/// The UI's own fixed text (titles, keys, status, log phrases).
const UI_TEXT: &str = "sim play GAME OVER seat to play you score what sees log your move hint \
    mcts plays chosen without search step Enter choose undo quit any key leave undone back \
    the other seats are playing chance hidden from chose in secret result game over after \
    steps points return record press human random win lose draw finished ahead of your \
    opponents tie counts half scores period ends shot is saved";

/// Checks every captured screen of a game against the secrets of its state.
struct NoSecretOnScreen<'a> {
    record: &'a Record,
    dir: &'a Path,
    captures: &'a [Capture],
}

impl GameTask for NoSecretOnScreen<'_> {
    type Output = ();
    fn call<R: Registered>(self) -> anyhow::Result<()> {
        let game = load::<R>(self.record, self.dir);
        let r = replay(&game, self.record);
        let seat: Seat = 0;
        let mut states = r.before.clone();
        states.push(r.last.clone());
        let steps = &self.record.games[0].steps;
        // Whether the seat saw each step (computed once: it draws information sets).
        let seen: Vec<bool> = steps
            .iter()
            .enumerate()
            .map(|(i, step)| seen_by(&states[i], engine::core::Action(step.code), seat))
            .collect();
        let mut checked = 0;
        for c in self.captures {
            let k = if c.step == usize::MAX {
                steps.len()
            } else {
                c.step
            };
            let state = &states[k];
            if c.step != usize::MAX {
                assert_eq!(state.turn(), Turn::Decision(seat), "step {k}");
            }
            // What the seat may see.
            let mut allowed = String::new();
            allowed.push_str(UI_TEXT);
            allowed.push_str(game.info().name);
            allowed.push_str(&format!(" {}\n", self.record.header.rules_source));
            allowed.push_str(&state.observation_string(seat));
            let mut list = ActionList::new();
            state.legal_actions(&mut list);
            for &a in list.iter() {
                allowed.push_str(&state.action_to_string(a));
                allowed.push('\n');
            }
            for (i, step) in steps[..k].iter().enumerate() {
                if seen[i] {
                    allowed.push_str(&step.action);
                    allowed.push('\n');
                }
            }
            if c.step == usize::MAX {
                allowed.push_str(&format!("{}\n", self.record.header.seed));
            }
            // Secret phrases: the names of the steps the seat did not see and the lines of
            // the other seats' views, unless the seat may see the same text. They catch a
            // secret written with words the seat also sees elsewhere (a shot's target
            // square among the goalkeeper's choices).
            let mut phrases: Vec<String> = steps[..k]
                .iter()
                .enumerate()
                .filter(|&(i, _)| !seen[i])
                .map(|(_, step)| step.action.clone())
                .collect();
            // The secrets: the other seats' views and the full state, less what it sees.
            let mut secret = String::new();
            for s in 0..state.num_seats() as Seat {
                if s != seat {
                    let view = state.observation_string(s);
                    phrases.extend(view.lines().map(|l| l.trim().to_string()));
                    secret.push_str(&view);
                    secret.push('\n');
                }
            }
            let leaked: BTreeSet<&String> = phrases
                .iter()
                .filter(|p| p.len() >= 8 && !allowed.contains(p.as_str()))
                .filter(|p| c.text.contains(p.as_str()))
                .collect();
            anyhow::ensure!(
                leaked.is_empty(),
                "{} step {k}: the screen shows {leaked:?}, which seat {seat} may not see:\n{}",
                game.info().name,
                c.text
            );
            let allowed = words(&allowed);
            let snapshot = serde_json::to_value(state.snapshot()).unwrap();
            strings(&snapshot, &mut secret);
            let secret: BTreeSet<String> = words(&secret).difference(&allowed).cloned().collect();
            let shown = words(&c.text);
            let leaked: Vec<&String> = secret.intersection(&shown).collect();
            anyhow::ensure!(
                leaked.is_empty(),
                "{} step {k}: the screen shows {leaked:?}, which seat {seat} may not see:\n{}",
                game.info().name,
                c.text
            );
            checked += 1;
        }
        assert!(checked > 1);
        Ok(())
    }
}

#[test]
fn the_tui_plays_every_game_and_never_shows_another_seats_secrets() {
    let dir = tempfile::tempdir().unwrap();
    // The tables are played at once, each in its own pseudo-terminal: a game's time is
    // spent waiting for its screen to settle (25 ms a decision), not computing, so playing
    // them one after another only added up the waits.
    let leaks: Vec<String> = std::thread::scope(|scope| {
        let played: Vec<_> = tables()
            .into_iter()
            .enumerate()
            .map(|(i, (game, players))| {
                let dir = dir.path();
                scope.spawn(move || -> Option<String> {
                    let seed = 200 + i as u64;
                    let save = dir.join(format!("tui-{game}-{i}.jsonl"));
                    let captures = drive_tui(game, players, seed, &save, dir);
                    let record = lab::infra::record::read(&save).unwrap();
                    assert!(record.games[0].end.is_some(), "{game}");
                    // Every decision's screen was seen: one capture per decision of seat
                    // 0, and the end.
                    let decisions = record.games[0]
                        .steps
                        .iter()
                        .filter(|s| s.actor == lab::infra::play::Actor::Seat(0) && !s.forced)
                        .count();
                    assert_eq!(captures.len(), decisions + 1, "{game}");
                    lab_games::dispatch(
                        game,
                        NoSecretOnScreen {
                            record: &record,
                            dir,
                            captures: &captures,
                        },
                    )
                    .err()
                    .map(|e| format!("{game} {players:?}: {e}"))
                })
            })
            .collect();
        played
            .into_iter()
            .filter_map(|h| h.join().expect("a table's thread"))
            .collect()
    });
    // Every game is played and checked before failing, so a leak names each game it is in.
    assert!(leaks.is_empty(), "{}", leaks.join("\n\n"));
}

/// Plays a few decisions of `game` in the TUI in a pseudo-terminal of `cols` x `rows`,
/// pressing Enter whenever the screen settles; after five decisions resizes the terminal
/// to `then`, after ten quits (`q` twice). Returns the exit status's code, everything the
/// program wrote, and the screen as it stood before the resize.
fn tui_at_size(
    game: &str,
    players: Option<usize>,
    (cols, rows): (u16, u16),
    then: (u16, u16),
    save: &Path,
    dir: &Path,
) -> (Option<u32>, String, String) {
    let Tui {
        mut child,
        master,
        mut writer,
        rx,
    } = spawn_tui(args(game, players, 7, save), (cols, rows), dir);
    let mut parser = vt100::Parser::new(nonzero(rows), nonzero(cols), 0);
    let (mut all, mut before) = (Vec::new(), String::new());
    let (mut presses, mut idle, mut waited) = (0u32, 0u32, 0u32);
    loop {
        match rx.recv_timeout(Duration::from_millis(25)) {
            Ok(bytes) => {
                parser.process(&bytes);
                all.extend_from_slice(&bytes);
                idle = 0;
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                idle += 1;
                waited += 1;
            }
        }
        // A guard against a hang (not a timing assertion): minutes without an end.
        assert!(waited < 4800, "{game} at {cols}x{rows}: no end");
        // Settled for 100 ms: the next key.
        if idle < 4 || presses > 12 {
            continue;
        }
        idle = 0;
        presses += 1;
        match presses {
            6 => {
                before = parser.screen().contents();
                master.resize(pty_size(then)).unwrap();
                parser
                    .screen_mut()
                    .set_size(nonzero(then.1), nonzero(then.0));
            }
            11 | 12 => writer.write_all(b"q").unwrap(),
            _ => writer.write_all(b"\r").unwrap(),
        }
    }
    let status = child.wait().unwrap();
    (
        Some(status.exit_code()),
        String::from_utf8_lossy(&all).into_owned(),
        before,
    )
}

/// Issue 43: `sim play` panicked in a terminal of fewer than 15 rows, at the start or
/// after a resize. Every game at 1x1, 20x8, 80x24 and 160x50, each resized mid-game (the
/// small ones to 80x24, the others to 1x1), plays on and quits normally; at 80x24 the
/// screen shows the seat's view, its moves and the status line.
#[test]
fn the_tui_survives_every_terminal_size_and_a_resize_mid_game() {
    let dir = tempfile::tempdir().unwrap();
    let sizes = [(1, 1), (20, 8), (80, 24), (160, 50)];
    let failures: Vec<String> = std::thread::scope(|scope| {
        let runs: Vec<_> = engine::core::NAMES
            .iter()
            .flat_map(|&game| sizes.map(|size| (game, size)))
            .enumerate()
            .map(|(i, (game, size))| {
                let dir = dir.path();
                scope.spawn(move || -> Option<String> {
                    let then = if size.1 < 24 { (80, 24) } else { (1, 1) };
                    let save = dir.join(format!("sizes-{game}-{i}.jsonl"));
                    let (code, out, before) = tui_at_size(game, None, size, then, &save, dir);
                    let at = format!("{game} at {}x{} then {}x{}", size.0, size.1, then.0, then.1);
                    if code != Some(0) || out.contains("panicked") {
                        return Some(format!("{at}: exit {code:?}, output:\n{out}"));
                    }
                    let readable = before.contains("your move")
                        && before.contains("sees")
                        && before.lines().any(|l| l.trim_start().starts_with("step "));
                    if size == (80, 24) && !readable {
                        return Some(format!("{at}: an unreadable screen:\n{before}"));
                    }
                    match lab::infra::record::read(&save) {
                        Ok(r) if !r.games[0].steps.is_empty() => None,
                        Ok(_) => Some(format!("{at}: no step saved")),
                        Err(e) => Some(format!("{at}: {e:#}")),
                    }
                })
            })
            .collect();
        runs.into_iter()
            .filter_map(|h| h.join().expect("a run's thread"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `sim` with `args` in `dir` through the line protocol, answering prompt `k` (from 1)
/// of a screen of `n` numbered actions with `answer(k, n)`; with `kill_at`, killed
/// (SIGKILL, a crash) when that many prompts have been shown. Every prompt must offer a
/// choice (forced decisions play themselves). Returns the exit status and everything it
/// printed (standard output, then standard error).
fn play_lines(
    args: &[String],
    dir: &Path,
    kill_at: Option<usize>,
    answer: &mut dyn FnMut(usize, usize) -> String,
) -> (std::process::ExitStatus, String) {
    let mut child = Command::new(SIM)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    let (mut prompts, mut transcript, mut listed) = (0, String::new(), 0usize);
    for line in out.lines() {
        let line = line.unwrap();
        transcript.push_str(&line);
        transcript.push('\n');
        if let Some((number, _)) = line.split_once(". ") {
            if let Ok(k) = number.parse::<usize>() {
                listed = k;
            }
        }
        if line.starts_with("choose: ") {
            // Forced decisions play themselves: a person is asked only to choose.
            assert!(
                listed >= 2,
                "a prompt with {listed} action(s):\n{transcript}"
            );
            prompts += 1;
            if Some(prompts) == kill_at {
                child.kill().unwrap();
                break;
            }
            writeln!(stdin, "{}", answer(prompts, listed)).unwrap();
        }
    }
    drop(stdin);
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    transcript.push_str(&err);
    (status, transcript)
}

/// [`play_lines`] answering with seeded choices from `choices` (a game resumed with the
/// stream that answered before the crash answers as the game played through).
fn play_seeded(
    args: &[String],
    dir: &Path,
    choices: &mut Choices,
    kill_at: Option<usize>,
) -> (std::process::ExitStatus, String) {
    play_lines(args, dir, kill_at, &mut |_, listed| {
        (1 + choices.below(listed.max(1))).to_string()
    })
}

/// Issue 43: the record is saved after every decision, so a crash loses nothing, and
/// `sim play --resume FILE` continues the game. For every game: a game killed at its
/// fourth prompt left a record of the steps before it (no end line); resumed and played
/// to its end, the record is byte for byte that of the same game played straight
/// through; a finished game is not resumed.
#[test]
fn a_killed_game_resumes_to_the_same_record_as_a_game_played_through() {
    let dir = tempfile::tempdir().unwrap();
    for (i, (game, players)) in tables().into_iter().enumerate() {
        let seed = 300 + i as u64;
        let killed = dir.path().join(format!("killed-{game}-{i}.jsonl"));
        let straight = dir.path().join(format!("straight-{game}-{i}.jsonl"));
        let mut choices = Choices(seed);
        let (status, text) = play_seeded(
            &args(game, players, seed, &killed),
            dir.path(),
            &mut choices,
            Some(4),
        );
        assert!(!status.success(), "{game}: the kill\n{text}");
        let saved = lab::infra::record::read(&killed).unwrap();
        assert!(saved.games[0].end.is_none(), "{game}");
        let human = lab::infra::play::Actor::Seat(0);
        let chosen = saved.games[0]
            .steps
            .iter()
            .filter(|s| s.actor == human && !s.forced)
            .count();
        assert_eq!(chosen, 3, "{game}: the decisions before the kill are saved");
        let resume = [
            "play".to_string(),
            "--resume".into(),
            killed.display().to_string(),
        ];
        let (status, text) = play_seeded(&resume, dir.path(), &mut choices, None);
        assert!(status.success(), "{game}: {text}");
        assert!(text.contains("resumed at step "), "{game}: {text}");
        assert!(text.contains("game over after"), "{game}: {text}");
        let (status, text) = play_seeded(
            &args(game, players, seed, &straight),
            dir.path(),
            &mut Choices(seed),
            None,
        );
        assert!(status.success(), "{game}: {text}");
        assert_eq!(
            std::fs::read_to_string(&killed).unwrap(),
            std::fs::read_to_string(&straight).unwrap(),
            "{game}: the resumed record differs"
        );
        let (status, text) = play_seeded(&resume, dir.path(), &mut Choices(seed), None);
        assert_eq!(status.code(), Some(2), "{game}: {text}");
        assert!(
            text.contains("is over: nothing to resume"),
            "{game}: {text}"
        );
    }
}

/// Issue 43: a memory place is named as the grid labels it (`r2c3`), whatever its number
/// in the list (numbers shift as cards are turned), and the screen labels rows and
/// columns.
#[test]
fn a_memory_place_is_chosen_by_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("names.jsonl");
    let mut names = ["r2c3", "R1C1", "quit"].into_iter();
    let (status, text) = play_lines(
        &args("memory", None, 9, &save),
        dir.path(),
        None,
        &mut |_, _| names.next().unwrap_or("quit").to_string(),
    );
    assert!(status.success(), "{text}");
    assert!(text.contains("see:       c1  c2  c3"), "{text}");
    assert!(text.contains("see:   r2  "), "{text}");
    let record = lab::infra::record::read(&save).unwrap();
    let human = lab::infra::play::Actor::Seat(0);
    let chosen: Vec<&str> = record.games[0]
        .steps
        .iter()
        .filter(|s| s.actor == human)
        .map(|s| s.action.as_str())
        .collect();
    assert_eq!(
        chosen[..2],
        ["turn r2c3 (row 2, column 3)", "turn r1c1 (row 1, column 1)"],
        "{text}"
    );
}
