//! The terminal UI of `sim play` (ratatui, the cargo feature `tui`).

use super::{hint_lines, intro, result_lines, score_text, Outcome};
use lab::commands::session::{Hint, Play, Screen};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Borders, List, ListItem, ListState, Paragraph, Wrap};
use std::path::Path;

/// What the terminal UI remembers between frames.
struct Ui {
    selected: usize,
    /// Digits typed so far to pick an action by number.
    typed: String,
    show_hint: bool,
    /// The hint of the decision at this step (computed once per decision).
    hint: Option<(u64, Hint)>,
    message: String,
    /// `q` (or Esc) was pressed once: the next press quits, any other key plays on.
    quitting: bool,
}

impl Ui {
    /// The state of a new session, the hint pane shown or not (`--hint`).
    fn new(show_hint: bool) -> Self {
        Ui {
            selected: 0,
            typed: String::new(),
            show_hint,
            hint: None,
            message: String::new(),
            quitting: false,
        }
    }

    /// A press of `q` or Esc: whether to quit now. The first press only asks (the game
    /// would end unfinished); a second one in a row quits. Any other key in between
    /// clears the question ([`Ui::other_key`]).
    fn quit_key(&mut self) -> bool {
        if self.quitting {
            return true;
        }
        self.quitting = true;
        self.message =
            "quit? press q again to leave (the record is saved, unfinished); any other key \
             plays on"
                .into();
        false
    }

    /// A key other than `q` and Esc: it clears a pending quit question.
    fn other_key(&mut self) {
        self.quitting = false;
    }
}

/// The terminal UI: draws the human seat's screen, reads keys, until the game ends (then
/// a last screen until a key) or the person quits.
pub(super) fn tui(game: &mut dyn Play, hint: bool, path: &Path) -> anyhow::Result<Outcome> {
    let mut terminal = ratatui::try_init()?;
    let result = tui_loop(&mut terminal, game, hint, path);
    ratatui::try_restore()?;
    say!("{}", intro(game));
    result
}

fn tui_loop(
    terminal: &mut ratatui::DefaultTerminal,
    game: &mut dyn Play,
    hint: bool,
    path: &Path,
) -> anyhow::Result<Outcome> {
    let mut ui = Ui::new(hint);
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
        let size = terminal.size()?;
        let quit_key = matches!(key.code, KeyCode::Char('q') | KeyCode::Esc | KeyCode::Char('c'));
        if (size.width < MIN_SIZE.0 || size.height < MIN_SIZE.1) && !quit_key {
            // Nothing is chosen on a screen that cannot show the choices.
            continue;
        }
        ui.message.clear();
        if !matches!(key.code, KeyCode::Char('q') | KeyCode::Esc) {
            ui.other_key();
        }
        match key.code {
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                return Ok(Outcome::Quit)
            }
            KeyCode::Char('q') | KeyCode::Esc if ui.quit_key() => return Ok(Outcome::Quit),
            KeyCode::Up | KeyCode::Char('k') => {
                ui.typed.clear();
                ui.selected = (ui.selected + n - 1) % n;
            }
            KeyCode::Down | KeyCode::Char('j') => {
                ui.typed.clear();
                ui.selected = (ui.selected + 1) % n;
            }
            KeyCode::Char(ch @ ('#' | '@')) => {
                // A figure (`#8`) or a cell (`@3:2`) typed by name, on with digits and `:`.
                ui.typed = ch.to_string();
                ui.message = format!("name: {} (Enter plays it)", ui.typed);
            }
            KeyCode::Char(ch @ ('0'..='9' | ':')) if ui.typed.starts_with(['#', '@']) => {
                ui.typed.push(ch);
                ui.message = format!("name: {} (Enter plays it)", ui.typed);
            }
            KeyCode::Enter if ui.typed.starts_with(['#', '@']) => {
                let name = ui.typed.trim_start_matches('@');
                match super::by_name(&screen.legal, name) {
                    Some(c) => pick = screen.legal.iter().position(|x| x.code == c.code),
                    None => ui.message = format!("no single move names {name}"),
                }
                ui.typed.clear();
            }
            KeyCode::Enter if ui.typed.starts_with('r') => {
                // A place typed by name (`r6c6`).
                match super::by_name(&screen.legal, &ui.typed) {
                    Some(c) => pick = screen.legal.iter().position(|x| x.code == c.code),
                    None => ui.message = format!("no move is named {}", ui.typed),
                }
                ui.typed.clear();
            }
            KeyCode::Enter => pick = Some(ui.selected),
            KeyCode::Char(ch @ ('r' | 'c'))
                if ch == 'r' || ui.typed.starts_with('r') =>
            {
                // `r` starts a place's name (`r6c6`), typed on with digits and `c`.
                if ch == 'r' {
                    ui.typed.clear();
                }
                ui.typed.push(ch);
                ui.message = format!("name: {} (Enter plays it)", ui.typed);
            }
            KeyCode::Char(d @ '0'..='9') if ui.typed.starts_with('r') => {
                ui.typed.push(d);
                ui.message = format!("name: {} (Enter plays it)", ui.typed);
            }
            KeyCode::Char('h') => ui.show_hint = !ui.show_hint,
            KeyCode::Char('u') => match game.undo() {
                Ok(()) => {
                    game.save_record(path)?;
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
            game.save_record(path)?;
        }
    }
}

/// The smallest terminal (columns, rows) the panes are drawn in; below it a frame is one
/// line asking for a larger window.
const MIN_SIZE: (u16, u16) = (40, 12);

/// The colour of seat `s`'s team: the same in every pane.
fn seat_colour(s: u32) -> Color {
    [Color::Cyan, Color::Magenta, Color::Yellow, Color::Green][s as usize % 4]
}

/// The terminal colour of a card colour's name (`CardInfo::colour`).
fn card_colour(name: &str) -> Option<Color> {
    match name {
        "green" => Some(Color::Green),
        "red" => Some(Color::Red),
        "blue" => Some(Color::LightBlue),
        "yellow" => Some(Color::Yellow),
        _ => None,
    }
}

/// `text` as a line whose card names (`cards`: name and colour) are drawn in their
/// card's colour and whose `seat N` in its team's colour; a name counts only as a whole
/// word, the longest first (`TIRO DA FUORI` before `TIRO`).
fn coloured(text: &str, cards: &[(String, &'static str)]) -> Line<'static> {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '\'');
    let mut spans = Vec::new();
    let mut plain = String::new();
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let mut hit: Option<(usize, Color)> = None;
        if !word(text[..i].chars().next_back()) {
            for (name, colour) in cards {
                let fits = rest.starts_with(name.as_str())
                    && !word(rest[name.len()..].chars().next())
                    && hit.is_none_or(|(len, _)| name.len() > len);
                if let (true, Some(c)) = (fits, card_colour(colour)) {
                    hit = Some((name.len(), c));
                }
            }
            if let Some(after) = rest.strip_prefix("seat ") {
                let digits = after.chars().take_while(char::is_ascii_digit).count();
                if digits > 0 && !word(after[digits..].chars().next()) {
                    let seat = after[..digits].parse().unwrap_or(0);
                    hit = Some((5 + digits, seat_colour(seat)));
                }
            }
        }
        match hit {
            Some((len, colour)) => {
                if !plain.is_empty() {
                    spans.push(Span::raw(std::mem::take(&mut plain)));
                }
                spans.push(Span::styled(
                    rest[..len].to_string(),
                    Style::new().fg(colour).add_modifier(Modifier::BOLD),
                ));
                i += len;
            }
            None => {
                let c = rest.chars().next().unwrap_or(' ');
                plain.push(c);
                i += c.len_utf8();
            }
        }
    }
    if !plain.is_empty() {
        spans.push(Span::raw(plain));
    }
    Line::from(spans)
}

/// One frame: title, what the seat sees, its log, its legal actions, the hint and the
/// status line; at the end (`end`), the result in place of the actions.
fn draw(
    f: &mut ratatui::Frame,
    header: &lab::infra::record::Header,
    screen: &Screen,
    ui: &Ui,
    end: Option<&[String]>,
) {
    let area = f.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        // Too small for the panes: one line asking for room (the game waits).
        f.render_widget(
            Paragraph::new(format!(
                "make the window larger: at least {} x {} (now {} x {})",
                MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
            ))
            .wrap(Wrap { trim: true }),
            area,
        );
        return;
    }
    let bottom = match end {
        Some(lines) => lines.len() as u16 + 2,
        // A third of the screen at most, but always 5 rows: in a terminal of fewer than 15
        // rows the layout squeezes the other panes rather than this one.
        None => (screen.legal.len() as u16 + 2).clamp(5, (area.height / 3).max(5)),
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
    // A board needs the width: its pane takes two thirds.
    let wide = if screen.board.is_empty() { 55 } else { 66 };
    let [seen, log] = Layout::horizontal([
        Constraint::Percentage(wide),
        Constraint::Percentage(100 - wide),
    ])
    .areas(main);
    let board = screen.board.iter().map(|row| {
        Line::from(
            row.iter()
                .map(|(text, seat)| match seat {
                    Some(s) => Span::styled(
                        text.clone(),
                        Style::new()
                            .fg(seat_colour(u32::from(*s)))
                            .add_modifier(Modifier::BOLD),
                    ),
                    None => Span::raw(text.clone()),
                })
                .collect::<Vec<_>>(),
        )
    });
    let seen_text = Paragraph::new(Text::from(
        board
            .chain(
                screen
                    .observation
                    .lines()
                    .map(|l| coloured(l, &screen.card_colours)),
            )
            .collect::<Vec<_>>(),
    ))
    .block(
        Block::default()
            .borders(Borders::ALL)
            .title(format!(" what seat {} sees ", screen.seat)),
    );
    // A board's rows are cut at the pane's edge rather than wrapped out of shape.
    let seen_text = if screen.board.is_empty() {
        seen_text.wrap(Wrap { trim: false })
    } else {
        seen_text
    };
    f.render_widget(seen_text, seen);
    let rows = log.height.saturating_sub(2) as usize;
    let first = screen.log.len().saturating_sub(rows);
    let log_lines: Vec<Line> = screen.log[first..]
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let mut line = coloured(l, &screen.card_colours);
            line.spans.insert(0, Span::raw(format!("{:>4} ", first + i)));
            line
        })
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
                .map(|(i, c)| {
                    let mut line = coloured(&c.name, &screen.card_colours);
                    line.spans.insert(0, Span::raw(format!("{:>3}. ", i + 1)));
                    ListItem::new(line)
                })
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
        if screen.board.is_empty() {
            "↑↓ Enter or 1-9: choose · u undo · h hint · q quit".to_string()
        } else {
            "↑↓ Enter or 1-9: choose · #8 or @3:2 Enter: by name · u undo · h hint · q quit"
                .to_string()
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use lab::commands::session::{self, SessionOptions};
    use ratatui::backend::TestBackend;

    /// A session of `game` with seed `seed`, seat 0 human against `random`.
    fn session_of(game: &str, seed: u64) -> Box<dyn Play> {
        lab_games::install();
        let options = SessionOptions {
            game: game.into(),
            rule_set: Default::default(),
            human: vec![0],
            vs: vec![agents::AgentSpec::parse("random").unwrap()],
            seed,
        };
        session::open(&options).unwrap()
    }

    /// Every frame draws in any terminal size, however small (issue 43: fewer than 15 rows
    /// panicked with `min > max`), during the game and at its end.
    #[test]
    fn frames_draw_in_small_terminals() {
        let game = session_of("grangol", 1);
        let screen = game.screen().expect("seat 0 decides once the cards are dealt");
        let ui = Ui::new(true);
        let end = vec!["you win".to_string(); 3];
        for (w, h) in [(80, 24), (80, 14), (40, 10), (20, 5), (10, 2), (1, 1)] {
            let mut terminal = ratatui::Terminal::new(TestBackend::new(w, h)).unwrap();
            terminal
                .draw(|f| draw(f, game.header(), &screen, &ui, None))
                .unwrap();
            terminal
                .draw(|f| draw(f, game.header(), &screen, &ui, Some(&end)))
                .unwrap();
            let text: String = terminal.backend().buffer().content().iter().map(|c| c.symbol()).collect();
            let small = w < MIN_SIZE.0 || h < MIN_SIZE.1;
            // The line is cut to the window: its first letters at least.
            let text = text.replace(' ', "");
            let asks = text.starts_with(&"makethewindow"[..text.len().min(13)]);
            assert_eq!(asks, small, "{w}x{h}: {text}");
        }
    }

    /// Card names take their card's colour as whole words, the longest name first, and
    /// `seat N` its team's colour; the rest of the text is plain.
    #[test]
    fn card_names_and_seats_are_coloured() {
        let cards = vec![
            ("TIRO".to_string(), "green"),
            ("TIRO DA FUORI".to_string(), "green"),
            ("CONTRASTO".to_string(), "red"),
        ];
        let line = coloured("seat 1 plays TIRO DA FUORI; TIROS CONTRASTO", &cards);
        let parts: Vec<(&str, Option<Color>)> = line
            .spans
            .iter()
            .map(|s| (s.content.as_ref(), s.style.fg))
            .collect();
        assert_eq!(
            parts,
            [
                ("seat 1", Some(Color::Magenta)),
                (" plays ", None),
                ("TIRO DA FUORI", Some(Color::Green)),
                ("; TIROS ", None),
                ("CONTRASTO", Some(Color::Red)),
            ]
        );
        // The text is unchanged.
        let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(text, "seat 1 plays TIRO DA FUORI; TIROS CONTRASTO");
    }

    /// A board game's screen draws its pitch: column numbers on top, the pieces by
    /// number, in a terminal wide enough (the pane is cut, not wrapped, in a narrow one).
    #[test]
    fn a_board_is_drawn_in_the_terminal() {
        let game = session_of("helvetia", 3);
        let screen = game.screen().expect("seat 0 places its first figure");
        assert!(!screen.board.is_empty());
        for (w, h) in [(160, 50), (80, 24)] {
            let mut terminal = ratatui::Terminal::new(TestBackend::new(w, h)).unwrap();
            terminal
                .draw(|f| draw(f, game.header(), &screen, &Ui::new(false), None))
                .unwrap();
            let text: String = terminal
                .backend()
                .buffer()
                .content()
                .iter()
                .map(|c| c.symbol())
                .collect();
            assert!(text.contains(" 0  1  2  3"), "{w}x{h}: {text}");
            if w == 160 {
                assert!(text.contains("12 13 14"), "the whole width: {text}");
                assert!(text.contains("@3:2 Enter: by name"), "{text}");
            }
        }
    }

    /// `q` asks before it quits: a second `q` in a row quits, any other key between the
    /// two plays on (issue 43: one `q` lost the game at once).
    #[test]
    fn q_asks_before_it_quits() {
        let mut ui = Ui::new(false);
        assert!(!ui.quit_key(), "the first q only asks");
        assert!(ui.message.contains("press q again"), "{}", ui.message);
        assert!(ui.quit_key(), "the second q quits");
        ui.other_key();
        assert!(!ui.quit_key(), "q after another key asks again");
        ui.other_key();
        assert!(!ui.quit_key());
    }
}
