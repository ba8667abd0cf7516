//! `sim play`: a person plays a whole game against the lab's agents ([`lab::session`]),
//! in a terminal UI (ratatui) when standard input and output are terminals, else through
//! a plain line protocol (docs/play.md).

use crate::cli::PlayArgs;
use engine::core::{Game, Registered};
use lab::session::{self, Hint, Screen, Session, SessionOptions};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, List, ListItem, ListState, Paragraph, Wrap};
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;

/// How a game left the screen.
enum Outcome {
    /// Played to its end.
    Ended,
    /// The person quit before the end.
    Quit,
}

/// `sim play` on the game `R`. Errors (one line, exit status 2): the session's errors
/// (rules, seats, agents), a record file that exists already, a record that cannot be
/// written, a terminal that cannot be driven.
pub fn play<R: Registered>(args: &PlayArgs) -> anyhow::Result<()> {
    let seed = args.seed.unwrap_or_else(session::clock_seed);
    let options = SessionOptions {
        rules: args.rules.clone(),
        set: args.set.clone(),
        players: args.players,
        human: args.seat.clone(),
        vs: args.vs.0.clone(),
        seed,
    };
    let path = args
        .save
        .clone()
        .unwrap_or_else(|| session::default_record_path(R::NAME, seed));
    if path.exists() {
        anyhow::bail!(
            "the record '{}' exists already (choose another with --save FILE)",
            path.display()
        );
    }
    let mut game = Session::<R>::start(&options)?;
    session::check_record_path(&path)?;
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let outcome = if terminal {
        tui(&mut game, args.hint, &path)?
    } else {
        lines(&mut game, args.hint, &path)?
    };
    game.write_record(&path)?;
    let p = path.display();
    match outcome {
        Outcome::Ended => {
            for line in result_lines(&game) {
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

/// The first line of a session: game, seed and who sits where.
fn intro<G: Game>(game: &Session<G>) -> String {
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

/// The lines of the end of a game: the score and each seat's return.
fn result_lines<G: Game>(game: &Session<G>) -> Vec<String> {
    let h = game.header();
    let returns = game.returns();
    let mut lines = vec![format!(
        "game over after {} steps, score {}",
        game.step(),
        score_text(&game.scores())
    )];
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

/// The hint as lines: the choice, then each candidate's visit share.
fn hint_lines(hint: &Hint) -> Vec<String> {
    let mut lines = vec![format!("mcts plays: {}", hint.choice.name)];
    if hint.shares.is_empty() {
        lines.push("(chosen without search)".into());
    }
    for (c, share) in &hint.shares {
        lines.push(format!("{:5.1}%  {}", share * 100.0, c.name));
    }
    lines
}

/// The line protocol (docs/play.md): each decision as lines, a numbered list of the legal
/// actions and a prompt line; answers are read one line at a time from standard input.
fn lines<G: Game>(game: &mut Session<G>, hint: bool, path: &Path) -> anyhow::Result<Outcome> {
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
                    say!("undone: back to step {}", game.step());
                    shown_step = None;
                }
                Err(e) => say!("error: {e}"),
            },
            _ => {
                let picked = match answer.parse::<usize>() {
                    Ok(k) if (1..=screen.legal.len()).contains(&k) => Some(&screen.legal[k - 1]),
                    _ => screen.legal.iter().find(|c| c.name == answer),
                };
                match picked {
                    Some(c) => game.choose(c.code)?,
                    None => say!(
                        "error: '{answer}' is not a number from 1 to {}, an action's name, \
                         undo, hint or quit",
                        screen.legal.len()
                    ),
                }
            }
        }
    }
}

/// What the terminal UI remembers between frames.
struct Ui {
    selected: usize,
    /// Digits typed so far to pick an action by number.
    typed: String,
    show_hint: bool,
    /// The hint of the decision at this step (computed once per decision).
    hint: Option<(u64, Hint)>,
    message: String,
}

/// The terminal UI: draws the human seat's screen, reads keys, until the game ends (then
/// a last screen until a key) or the person quits.
fn tui<G: Game>(game: &mut Session<G>, hint: bool, path: &Path) -> anyhow::Result<Outcome> {
    let mut terminal = ratatui::try_init()?;
    let result = tui_loop(&mut terminal, game, hint, path);
    ratatui::try_restore()?;
    say!("{}", intro(game));
    result
}

fn tui_loop<G: Game>(
    terminal: &mut ratatui::DefaultTerminal,
    game: &mut Session<G>,
    hint: bool,
    path: &Path,
) -> anyhow::Result<Outcome> {
    let mut ui = Ui {
        selected: 0,
        typed: String::new(),
        show_hint: hint,
        hint: None,
        message: String::new(),
    };
    loop {
        let Some(screen) = game.screen() else {
            let seat = (0..game.header().agents.len() as u8)
                .find(|&s| game.is_human(s))
                .unwrap_or(0);
            let last = game.screen_of(seat);
            let mut end = result_lines(game);
            end.push(format!("record: {}", path.display()));
            end.push("press any key to leave".into());
            terminal.draw(|f| draw(f, game.header(), &last, &ui, Some(&end)))?;
            loop {
                if let Event::Key(k) = event::read()? {
                    if k.kind == KeyEventKind::Press {
                        return Ok(Outcome::Ended);
                    }
                }
            }
        };
        if ui.show_hint && ui.hint.as_ref().is_none_or(|(s, _)| *s != screen.step) {
            ui.hint = game.hint().map(|h| (screen.step, h));
        }
        ui.selected = ui.selected.min(screen.legal.len().saturating_sub(1));
        terminal.draw(|f| draw(f, game.header(), &screen, &ui, None))?;
        let Event::Key(key) = event::read()? else {
            continue;
        };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        let n = screen.legal.len();
        let mut pick = None;
        ui.message.clear();
        match key.code {
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                return Ok(Outcome::Quit)
            }
            KeyCode::Char('q') | KeyCode::Esc => return Ok(Outcome::Quit),
            KeyCode::Up | KeyCode::Char('k') => {
                ui.typed.clear();
                ui.selected = (ui.selected + n - 1) % n;
            }
            KeyCode::Down | KeyCode::Char('j') => {
                ui.typed.clear();
                ui.selected = (ui.selected + 1) % n;
            }
            KeyCode::Enter => pick = Some(ui.selected),
            KeyCode::Char('h') => ui.show_hint = !ui.show_hint,
            KeyCode::Char('u') => match game.undo() {
                Ok(()) => {
                    ui.message = format!("undone: back to step {}", game.step());
                    ui.selected = 0;
                }
                Err(e) => ui.message = e.to_string(),
            },
            KeyCode::Char(d @ '0'..='9') => {
                // Digits pick by number: at once when no longer number fits the list,
                // else the typed number is selected and Enter (or one more digit) picks.
                ui.typed.push(d);
                let mut k: usize = ui.typed.parse().unwrap_or(0);
                if k == 0 || k > n {
                    ui.typed = d.to_string();
                    k = d.to_digit(10).unwrap_or(0) as usize;
                }
                if (1..=n).contains(&k) {
                    ui.selected = k - 1;
                    if k * 10 > n {
                        pick = Some(k - 1);
                    }
                } else {
                    ui.typed.clear();
                }
            }
            _ => {}
        }
        if let Some(i) = pick {
            ui.typed.clear();
            ui.selected = 0;
            ui.message = "the other seats are playing…".into();
            terminal.draw(|f| draw(f, game.header(), &screen, &ui, None))?;
            ui.message.clear();
            game.choose(screen.legal[i].code)?;
        }
    }
}

/// One frame: title, what the seat sees, its log, its legal actions, the hint and the
/// status line; at the end (`end`), the result in place of the actions.
fn draw(
    f: &mut ratatui::Frame,
    header: &lab::record::Header,
    screen: &Screen,
    ui: &Ui,
    end: Option<&[String]>,
) {
    let area = f.area();
    let bottom = match end {
        Some(lines) => lines.len() as u16 + 2,
        None => (screen.legal.len() as u16 + 2).clamp(5, area.height / 3),
    };
    let [title, main, actions, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(4),
        Constraint::Length(bottom),
        Constraint::Length(1),
    ])
    .areas(area);
    let score = score_text(&screen.scores);
    let who = if end.is_some() {
        "GAME OVER".to_string()
    } else {
        format!("seat {} to play (you)", screen.seat)
    };
    f.render_widget(
        Paragraph::new(format!(
            "sim play · {} · {} · score {}",
            header.game, who, score
        ))
        .style(Style::new().add_modifier(Modifier::BOLD)),
        title,
    );
    let [seen, log] =
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(main);
    f.render_widget(
        Paragraph::new(screen.observation.clone())
            .wrap(Wrap { trim: false })
            .block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(format!(" what seat {} sees ", screen.seat)),
            ),
        seen,
    );
    let rows = log.height.saturating_sub(2) as usize;
    let first = screen.log.len().saturating_sub(rows);
    let log_lines: Vec<Line> = screen.log[first..]
        .iter()
        .enumerate()
        .map(|(i, l)| Line::from(format!("{:>4} {l}", first + i)))
        .collect();
    f.render_widget(
        Paragraph::new(log_lines).block(Block::default().borders(Borders::ALL).title(" log ")),
        log,
    );
    let show_hint = ui.show_hint && end.is_none();
    let [pick, hint] = if show_hint {
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(actions)
    } else {
        Layout::horizontal([Constraint::Percentage(100), Constraint::Length(0)]).areas(actions)
    };
    match end {
        Some(lines) => f.render_widget(
            Paragraph::new(lines.join("\n"))
                .block(Block::default().borders(Borders::ALL).title(" result ")),
            pick,
        ),
        None => {
            let items: Vec<ListItem> = screen
                .legal
                .iter()
                .enumerate()
                .map(|(i, c)| ListItem::new(format!("{:>3}. {}", i + 1, c.name)))
                .collect();
            let mut state = ListState::default().with_selected(Some(ui.selected));
            f.render_stateful_widget(
                List::new(items)
                    .block(Block::default().borders(Borders::ALL).title(" your move "))
                    .highlight_style(Style::new().add_modifier(Modifier::REVERSED))
                    .highlight_symbol("> "),
                pick,
                &mut state,
            );
        }
    }
    if show_hint {
        let text = match &ui.hint {
            Some((step, h)) if *step == screen.step => hint_lines(h).join("\n"),
            _ => "…".into(),
        };
        f.render_widget(
            Paragraph::new(text).block(Block::default().borders(Borders::ALL).title(" hint ")),
            hint,
        );
    }
    let keys = if end.is_some() {
        "any key: leave".to_string()
    } else {
        "↑↓ Enter or 1-9: choose · u undo · h hint · q quit".to_string()
    };
    let message = if ui.message.is_empty() {
        String::new()
    } else {
        format!(" · {}", ui.message)
    };
    f.render_widget(
        Paragraph::new(format!(
            "step {} · score {} · {keys}{message}",
            screen.step, score
        )),
        status,
    );
}
