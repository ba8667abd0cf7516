//! `sim replay` over [`ReplayOptions`]: one game of any registered game as a
//! self-contained HTML page that steps through it (`reports::report::write_replay_page`):
//! every step's actor, action and score, each seat's observation and whether it saw the
//! action, the full state, the board for board games, and the agents' candidates when
//! recorded with `--explain`.
//!
//! The game comes from the same arguments as `sim trace` (game `index` of the schedule)
//! or from a saved game record ([`crate::infra::record`], `--trace FILE`). Either way the page is
//! made from a record: the arguments are first played into one, exactly as `sim trace`
//! writes it, so a record saved by `sim trace` gives the same page as its arguments.

use crate::infra::games::{self, Loaded, LoadedView};
use crate::infra::options::{ReplayOptions, TraceOptions};
use crate::infra::play::Actor;
use crate::infra::record::{self, Record};
use anyhow::{bail, Context, Result};
use engine_core::{
    seen_by, Action, ActionList, ApplyAction, BoardPiece, ChanceList, Game, GameEvent, GameState,
    Notation, Registered, Seat, Turn,
};
use reports::report::SampleGame;
use serde::Serialize;
use serde_json::{json, Value};
use std::io::Write as _;
use std::path::Path;

/// The registered game a replay shows: `options.common.game`, or with `--trace` the game
/// named by the record's header. Errors: the record cannot be read.
pub fn game_name(options: &ReplayOptions) -> crate::infra::error::Result<String> {
    match &options.trace {
        None => Ok(options.common.game.clone()),
        Some(path) => Ok(record::read(path)?.header.game),
    }
}

/// `sim replay` on the game `R`: plays game `options.index` of the schedule of
/// `options.common` (or reads it from the record `options.trace`), and writes its page to
/// `options.out`. Returns the number of steps on the page. Errors (one line): rules that
/// do not load, an `out` file that exists (a replay never overwrites a file), an index
/// past the schedule or the record, a record of another game or whose action names
/// differ from what its rules make of its codes (naming the file and the step), the
/// agents' errors, the page not written.
/// Errors: [`crate::Error`], sorted from what failed (see [`crate::infra::error`]).
pub fn replay<R: Registered>(options: &ReplayOptions) -> crate::infra::error::Result<usize> {
    replay_untyped::<R>(options).map_err(crate::Error::from)
}

/// The work of [`replay`], with `anyhow` errors.
fn replay_untyped<R: Registered>(options: &ReplayOptions) -> Result<usize> {
    check_out(options)?;
    let (game, record, source) = match &options.trace {
        Some(path) => {
            let record = record::read(path)?;
            let game = load_recorded::<R>(&record, path)?;
            (game, record, path.display().to_string())
        }
        None => {
            let common = &options.common;
            let game = games::load::<R>(
                games::single_rules(&common.rules)?,
                &games::sets::<R>(common)?,
            )?;
            let record = play_record(&game, options)?;
            (game, record, "the game played".to_string())
        }
    };
    let page = page_data(&game, &record, options.index, &source)?;
    write_page(&options.out, page)
}

/// Refuses an `--out` that exists: a replay never overwrites a file.
fn check_out(options: &ReplayOptions) -> Result<()> {
    if options.out.exists() {
        bail!(
            "'{}' exists: sim replay never overwrites a file; choose another --out",
            options.out.display()
        );
    }
    Ok(())
}

/// Writes the page of `heading`, note and data (`page`) to `out`; returns its number of
/// steps.
fn write_page(out: &Path, (heading, note, data): (String, String, PageData)) -> Result<usize> {
    reports::report::write_replay_page(out, &heading, &note, &data)?;
    Ok(data.steps.len())
}

/// The replay pages of a run's sample games ([`crate::commands::run::Samples`]: the first agent's
/// first win and loss, the longest game), written into the run folder `dir` as
/// `games/win.html`, `games/loss.html` and `games/longest.html`, and their list as
/// `games/samples.json` ([`reports::report::SampleGame`], which the report links). Each
/// game is played again from the run's seed and schedule, exactly as the run played it
/// (so `sim replay` with the run's arguments and `--index` draws the same page); a game
/// that is two samples (a short run's first win is often its longest game) is played
/// and drawn once, its second page a copy of the first. The distinct games are drawn at
/// once on up to `plan.threads` threads (a page of a long game, such as Helvetia Cup's
/// thousands of actions, takes a tenth of a second); the files are the same whatever the
/// number. Writes nothing when there is no sample (no game played). Returns the pages
/// written, as paths relative to `dir` (`games/win.html` …). Errors: the agents' errors,
/// a page or the list not written (the first in the order above).
pub(crate) fn write_samples<G: Game>(
    game: &Loaded<G>,
    plan: &crate::commands::run::Plan,
    samples: &crate::commands::run::Samples,
    dir: &Path,
) -> Result<Vec<String>> {
    write_samples_of(
        samples,
        (dir, plan.threads),
        &|index| {
            let mut bytes = Vec::new();
            crate::commands::trace::RecordedGames {
                specs: &plan.specs,
                seed: plan.seed,
                coupled: false,
                explain: false,
                states: false,
            }
            .write(
                game,
                &mut std::iter::once(plan.schedule.game(index)),
                &mut bytes,
            )?;
            Ok(bytes)
        },
        &|record, index, source| page_data(game, record, index, source),
    )
}

/// How a page is made of a record: the heading, note and data of the page of game
/// `index` of the record, named `source` in errors ([`page_data`]).
type PageOf<'a> = dyn Fn(&Record, u64, &str) -> Result<(String, String, PageData)> + Sync + 'a;

/// [`write_samples`] into `dir` on up to `threads` threads, the sample game of index
/// `index` played into a record's bytes by `record_of`, its page made by `page_of`.
fn write_samples_of(
    samples: &crate::commands::run::Samples,
    (dir, threads): (&Path, usize),
    record_of: &(dyn Fn(u64) -> Result<Vec<u8>> + Sync),
    page_of: &PageOf<'_>,
) -> Result<Vec<String>> {
    let picked: Vec<(&str, u64)> = [
        ("win", samples.win),
        ("loss", samples.loss),
        ("longest", samples.longest.map(|(_, index)| index)),
    ]
    .into_iter()
    .filter_map(|(kind, index)| Some((kind, index?)))
    .collect();
    if picked.is_empty() {
        return Ok(Vec::new());
    }
    let folder = dir.join("games");
    std::fs::create_dir_all(&folder)
        .with_context(|| format!("cannot make '{}'", folder.display()))?;
    // Each game once, as the first sample it is: its page drawn and written, its caption.
    let mut distinct: Vec<(&str, u64)> = Vec::new();
    for &(kind, index) in &picked {
        if !distinct.iter().any(|&(_, i)| i == index) {
            distinct.push((kind, index));
        }
    }
    let draw = |&(kind, index): &(&str, u64)| -> Result<String> {
        let bytes = record_of(index)?;
        let record = record::parse(bytes.as_slice())
            .context("a sample game does not read back as a record")?;
        let source = format!("game {index} of the run");
        let (heading, note, data) = page_of(&record, index, &source)?;
        let page = dir.join(format!("games/{kind}.html"));
        reports::report::write_replay_page(&page, &heading, &note, &data)?;
        caption(&record, index)
    };
    let captions: Vec<Result<String>> = if threads > 1 && distinct.len() > 1 {
        use rayon::prelude::*;
        crate::infra::runner::pool(threads.min(distinct.len()))?
            .install(|| distinct.par_iter().map(draw).collect())
    } else {
        distinct.iter().map(draw).collect()
    };
    let mut drawn = Vec::new();
    for ((kind, index), caption) in distinct.iter().zip(captions) {
        drawn.push((*index, format!("games/{kind}.html"), caption?));
    }
    let mut list = Vec::new();
    for (kind, index) in picked {
        let page = format!("games/{kind}.html");
        let (_, first, caption) = drawn
            .iter()
            .find(|(i, _, _)| *i == index)
            .expect("every sample's game is drawn");
        if *first != page {
            // The same game as an earlier sample (a one-game run's win is its longest
            // game): the same page, copied rather than played and drawn again.
            let (from, to) = (dir.join(first), dir.join(&page));
            let bytes = std::fs::read(&from)
                .with_context(|| format!("cannot read '{}'", from.display()))?;
            reports::output::write_atomic(&to, |out| {
                out.write_all(&bytes)
                    .map_err(|source| reports::output::OutputError::Io {
                        path: to.clone(),
                        source,
                    })
            })?;
        }
        list.push(SampleGame {
            kind: kind.to_string(),
            index,
            caption: caption.clone(),
            page,
        });
    }
    let path = dir.join(reports::report::SAMPLES_FILE);
    reports::output::write_atomic(&path, |out| {
        serde_json::to_writer_pretty(&mut *out, &list).map_err(|e| {
            reports::output::OutputError::Io {
                path: path.clone(),
                source: e.into(),
            }
        })
    })?;
    Ok(list.into_iter().map(|s| s.page).collect())
}

/// The caption of game `index` of `record` in the list of sample games: the agents at
/// the seats, the final score and the number of actions (only the actions of a game not
/// played to its end). Errors: no such game in the record.
fn caption(record: &Record, index: u64) -> Result<String> {
    let played = record.game(index)?;
    Ok(match &played.end {
        Some(end) => format!(
            "{}; score {}; {} actions",
            end.agents
                .iter()
                .enumerate()
                .map(|(s, a)| format!("seat {s} {a}"))
                .collect::<Vec<_>>()
                .join(", "),
            end.score
                .iter()
                .map(|g| g.to_string())
                .collect::<Vec<_>>()
                .join(" : "),
            played.steps.len()
        ),
        None => format!("{} actions", played.steps.len()),
    })
}

/// Plays game `options.index` of the schedule of `options.common` into a record, as
/// `sim trace` (with `--explain` when asked) writes it.
fn play_record<R: Registered>(game: &Loaded<R>, options: &ReplayOptions) -> Result<Record> {
    let trace = TraceOptions {
        common: options.common.clone(),
        coupled: false,
        explain: options.explain,
    };
    let mut bytes = Vec::new();
    crate::commands::trace::write_record(game, &trace, Some(options.index), &mut bytes)?;
    record::parse(bytes.as_slice()).context("the game played does not read back as a record")
}

/// Game `R` with the rules of `record`'s header (its complete rules TOML). Errors: a
/// record of another game, rules that do not load (naming the file).
fn load_recorded<R: Registered>(record: &Record, path: &Path) -> Result<Loaded<R>> {
    let want = R::NAME;
    if record.header.game != want {
        bail!(
            "'{}' is a record of {}, not of {want}",
            path.display(),
            record.header.game
        );
    }
    let mut game = crate::infra::sealed::load_text::<R>(&record.header.rules, "its rules")?
        .map_err(|named| {
            anyhow::anyhow!(
                "'{}': the recorded rules do not load: {named}",
                path.display()
            )
        })?;
    game.rules_source = record.header.rules_source.clone();
    Ok(game)
}

/// Strings the page holds once each (board pictures, observations, their lines), referred
/// to by their index.
#[derive(Default)]
struct Table {
    items: Vec<String>,
    /// The indices of `items`, found by the item's hash. Hashed with foldhash
    /// (hashbrown's default), not SipHash: the texts are the lab's own, and a page hashes
    /// every line of every position. Each text is kept once, in `items`.
    index: hashbrown::HashTable<usize>,
    hasher: hashbrown::DefaultHashBuilder,
}

impl Table {
    /// The index of `text`, added if new.
    fn add(&mut self, text: String) -> usize {
        let hash = self.hash(&text);
        match self.find(hash, &text) {
            Some(i) => i,
            None => self.insert(hash, text),
        }
    }

    /// The index of `text`, added (copied) if new.
    fn add_str(&mut self, text: &str) -> usize {
        let hash = self.hash(text);
        match self.find(hash, text) {
            Some(i) => i,
            None => self.insert(hash, text.to_string()),
        }
    }

    /// `text`'s hash in the table (foldhash, seeded per table).
    fn hash(&self, text: &str) -> u64 {
        use std::hash::BuildHasher as _;
        self.hasher.hash_one(text)
    }

    /// The index of `text`, whose hash is `hash`, if it is held.
    fn find(&self, hash: u64, text: &str) -> Option<usize> {
        let items = &self.items;
        self.index.find(hash, |&i| items[i] == text).copied()
    }

    /// Adds `text`, not held yet, whose hash is `hash`; returns its index.
    fn insert(&mut self, hash: u64, text: String) -> usize {
        let i = self.items.len();
        self.items.push(text);
        let (items, hasher) = (&self.items, &self.hasher);
        self.index.insert_unique(hash, i, |&j| {
            use std::hash::BuildHasher as _;
            hasher.hash_one(items[j].as_str())
        });
        i
    }

    /// Each item as the indices of its lines (split at `\n`) in `lines`. An observation
    /// or a pretty-printed snapshot changes a line or two from one position to the next (a
    /// clock, a card), so a page holds each line once: a random memory game's page of
    /// 4,268 steps takes 2.6 MB, 10.4 MB when each position held its texts whole.
    fn as_lines(&self, lines: &mut Table) -> Vec<Vec<usize>> {
        self.items
            .iter()
            .map(|t| t.split('\n').map(|l| lines.add_str(l)).collect())
            .collect()
    }
}

/// What the positions of a page share: the board's head and tail, the pieces' pictures,
/// the observation texts.
#[derive(Default)]
struct Shared {
    board_head: String,
    board_tail: String,
    boards: Table,
    texts: Table,
    pieces: Vec<BoardPiece>,
    /// The last position's pieces and their pictures (indices into `boards`): a position
    /// whose pieces have not moved (a die rolled, a card played) reuses them.
    last: Option<(Vec<BoardPiece>, Vec<usize>)>,
    /// Each piece's pictures (indices into `boards`), found once ([`piece_parts`]).
    piece_parts: hashbrown::HashMap<BoardPiece, Vec<usize>>,
}

/// `elements` (pictures of pieces) as indices into `boards`, cut before every circle: a
/// piece's picture begins with its circle, so each part is one piece's.
fn add_parts(elements: &str, boards: &mut Table) -> Vec<usize> {
    let mut parts = Vec::new();
    let mut rest = elements;
    while !rest.is_empty() {
        let end = rest[1..].find("<circle").map_or(rest.len(), |i| i + 1);
        parts.push(boards.add_str(&rest[..end]));
        rest = &rest[end..];
    }
    parts
}

/// The parts of `shared.pieces`' pictures, piece by piece ([`BoardCutter::piece`]),
/// each piece's parts found once a page: the parts [`add_parts`] makes of the whole
/// position's elements, in the same order, since those are the pieces' elements one
/// after the other and each begins with a circle. `None`, having added nothing, when a
/// piece's picture does not cut alone or does not begin with a circle: the position is
/// then cut whole.
fn piece_parts(
    cutter: &reports::report::BoardCutter<'_>,
    shared: &mut Shared,
) -> Result<Option<Vec<usize>>> {
    for piece in &shared.pieces {
        if !shared.piece_parts.contains_key(piece) {
            match cutter.piece(piece)? {
                Some(elements) if elements.starts_with("<circle") => {}
                _ => return Ok(None),
            }
        }
    }
    let mut parts = Vec::new();
    for piece in &shared.pieces {
        if !shared.piece_parts.contains_key(piece) {
            let elements = cutter.piece(piece)?.expect("drawn above");
            let own = add_parts(&elements, &mut shared.boards);
            shared.piece_parts.insert(piece.clone(), own);
        }
        parts.extend_from_slice(&shared.piece_parts[piece]);
    }
    Ok(Some(parts))
}

/// The page's state of one position: each seat's score and observation (an index into
/// `texts`, each text a list of indices into `lines`), the full snapshot (pretty JSON, an
/// index into `texts` too), and the board's
/// pieces (indices into `boards`, whose pictures of pieces joined between `board_head` and
/// `board_tail` make the board's picture; `null` before any piece is placed or in a game
/// without a board).
fn frame<S: GameState>(
    state: &S,
    board: Option<&reports::report::BoardCutter<'_>>,
    shared: &mut Shared,
) -> Result<Frame> {
    let seats = state.num_seats() as Seat;
    if board.is_some() {
        shared.pieces.clear();
        state.board_pieces(&mut shared.pieces);
    }
    let position = Position {
        scores: (0..seats).map(|s| state.score(s)).collect(),
        observations: (0..seats).map(|s| state.observation_string(s)).collect(),
        snapshot: serde_json::to_string_pretty(&state.snapshot()),
    };
    frame_of(position, board, shared)
}

/// What a page shows of one position besides its board: each seat's score and
/// observation, and the full snapshot as pretty JSON.
struct Position {
    /// Each seat's score.
    scores: Vec<i32>,
    /// Each seat's observation.
    observations: Vec<String>,
    /// The snapshot, or the error of its serialization.
    snapshot: serde_json::Result<String>,
}

/// [`frame`] of `position`, whose board pieces are in `shared.pieces`.
fn frame_of(
    position: Position,
    board: Option<&reports::report::BoardCutter<'_>>,
    shared: &mut Shared,
) -> Result<Frame> {
    let picture = match board {
        None => None,
        Some(cutter) => {
            if shared.pieces.is_empty() {
                None
            } else {
                if shared.board_head.is_empty() {
                    shared.board_head = cutter.head.clone();
                    shared.board_tail = cutter.tail.clone();
                }
                match &shared.last {
                    Some((pieces, parts)) if *pieces == shared.pieces => Some(parts.clone()),
                    _ => {
                        // Each piece's elements once: a position is the list of its pieces.
                        let parts = match piece_parts(cutter, shared)? {
                            Some(parts) => parts,
                            None => add_parts(&cutter.pieces(&shared.pieces)?, &mut shared.boards),
                        };
                        shared.last = Some((shared.pieces.clone(), parts.clone()));
                        Some(parts)
                    }
                }
            }
        }
    };
    let obs: Vec<usize> = position
        .observations
        .into_iter()
        .map(|o| shared.texts.add(o))
        .collect();
    Ok(Frame {
        board: picture,
        obs,
        score: position.scores,
        state: shared.texts.add(position.snapshot?),
    })
}

/// A replay page's data: the JSON object its script reads (`reports/templates/
/// replay_page.js`). Fields, here and in the objects below, in the order of their names,
/// the order the page has always written them in.
#[derive(Serialize)]
pub(crate) struct PageData {
    /// The agent at each seat (`seat 0` … in a game not played to its end).
    agents: Vec<String>,
    /// Whether the game has a board.
    board: bool,
    /// The empty board's picture up to where the pieces go, and the rest of it.
    board_head: String,
    board_tail: String,
    /// The pieces' pictures, which frames refer to by index.
    boards: Vec<String>,
    /// The final score and returns, when the game was played to its end.
    end: Option<PageEnd>,
    /// Every position, the initial one first.
    frames: Vec<Frame>,
    /// The game's name.
    game: &'static str,
    /// The game's index in its record.
    index: u64,
    /// The texts' lines, which `texts` refers to by index.
    lines: Vec<String>,
    /// The number of seats.
    seats: usize,
    /// The record's seed.
    seed: u64,
    /// Every step, in order.
    steps: Vec<PageStep>,
    /// Each text (observation or snapshot) as the indices of its lines.
    texts: Vec<Vec<usize>>,
}

/// The end of a page's game.
#[derive(Serialize)]
struct PageEnd {
    returns: Vec<f64>,
    score: Vec<i32>,
}

/// One position of a page ([`frame`]).
#[derive(Serialize)]
struct Frame {
    /// The pieces' pictures (indices into `boards`); `None` without pieces or a board.
    board: Option<Vec<usize>>,
    /// Each seat's observation (an index into `texts`).
    obs: Vec<usize>,
    /// Each seat's score.
    score: Vec<i32>,
    /// The snapshot as pretty JSON (an index into `texts`).
    state: usize,
}

/// One step of a page ([`step_json`]).
#[derive(Serialize)]
struct PageStep {
    action: String,
    actor: Actor,
    code: u16,
    events: Vec<&'static str>,
    /// The recorded candidates, as the JSON value the record holds (its objects' keys
    /// in order of their names, as every object of the page).
    explain: Value,
    forced: bool,
    revealed: Vec<String>,
    seen: Vec<bool>,
    step: u64,
}

/// Whether `action` may be applied at `state` (a legal action or a chance outcome).
fn applicable<S: GameState>(state: &S, action: Action) -> bool {
    match state.turn() {
        Turn::Terminal => false,
        Turn::Decision(_) => {
            let mut list = ActionList::new();
            state.legal_actions(&mut list);
            list.contains(&action)
        }
        Turn::Chance => {
            let mut list = ChanceList::new();
            state.chance_outcomes(&mut list);
            list.iter().any(|&(a, _)| a == action)
        }
    }
}

/// The heading, note and data of the page of game `index` of `record`, replayed on
/// `game` from its codes. `source` names the record in errors. Errors (one line naming
/// `source` and the step): no such game in the record, a step whose actor, code or name
/// differs from what the rules make of it.
fn page_data<G: Game>(
    game: &Loaded<G>,
    record: &Record,
    index: u64,
    source: &str,
) -> Result<(String, String, PageData)> {
    let recorded = record.game(index).with_context(|| format!("'{source}'"))?;
    let board = game.game.info().board;
    let cutter = board
        .as_ref()
        .map(reports::report::BoardCutter::new)
        .transpose()?;
    let mut state = game.game.new_initial_state();
    let seats = state.num_seats();
    let mut shared = Shared::default();
    let mut frames = vec![frame(&state, cutter.as_ref(), &mut shared)?];
    let mut steps = Vec::with_capacity(recorded.steps.len());
    for step in &recorded.steps {
        let action = Action(step.code);
        let actor = match state.turn() {
            Turn::Decision(s) => Some(Actor::Seat(s)),
            Turn::Chance => Some(Actor::Chance),
            Turn::Terminal => None,
        };
        let applies = actor.is_some() && applicable(&state, action);
        let name = check_step(step, actor, applies, source, index, &|| {
            state.action_to_string(action)
        })?;
        let seen: Vec<bool> = (0..seats as Seat)
            .map(|s| seen_by(&state, action, s))
            .collect();
        let (mut revealed, mut kinds) = (Vec::new(), Vec::new());
        state.apply_with(action, &mut |e| {
            if let GameEvent::Revealed { seat, what } = e {
                revealed.push(format!("seat {seat} {what}"));
            }
            if let Some(kind) = event_kind(e) {
                if !kinds.contains(&kind) {
                    kinds.push(kind);
                }
            }
        });
        steps.push(step_json(step, name, seen, revealed, kinds));
        frames.push(frame(&state, cutter.as_ref(), &mut shared)?);
    }
    page_of(
        game.view(),
        record,
        recorded,
        index,
        seats,
        shared,
        frames,
        steps,
    )
}

/// Checks recorded `step` against the replayed position: `actor` is who is to act there
/// (`None`: the game had ended), `applies` whether its code may be played, `name_of`
/// the name of its code there. Returns that name. Errors: one line naming `source`, game
/// `index` and the step.
fn check_step(
    step: &record::StepLine<Value>,
    actor: Option<Actor>,
    applies: bool,
    source: &str,
    index: u64,
    name_of: &dyn Fn() -> String,
) -> Result<String> {
    let k = step.step;
    let Some(actor) = actor else {
        bail!("'{source}': game {index} step {k}: the game had ended")
    };
    if actor != step.actor || !applies {
        bail!(
            "'{source}': game {index} step {k}: '{}' (code {}) by {:?} cannot be played                  here (a record of other rules or another version of the game)",
            step.action,
            step.code,
            serde_json::to_string(&step.actor)?
        );
    }
    let name = name_of();
    if name != step.action {
        bail!(
            "'{source}': game {index} step {k}: the record names code {} '{}', these                  rules '{name}' (a record of other rules or another version of the game)",
            step.code,
            step.action
        );
    }
    Ok(name)
}

/// The kind of event the page marks and jumps to (`goal`, `shot`, `card`, `half`), if
/// `e` is one: a goal; a shot (the board's shot, or a revealed secret: the shot's
/// direction in GRANGOL and Helvetia); a card played or a red card shown; the end of a
/// period.
fn event_kind(e: GameEvent) -> Option<&'static str> {
    match e {
        GameEvent::Goal { .. } => Some("goal"),
        GameEvent::Shot { .. } | GameEvent::Revealed { .. } => Some("shot"),
        GameEvent::CardPlayed { .. } | GameEvent::RedCard { .. } => Some("card"),
        GameEvent::PeriodEnd { .. } => Some("half"),
        _ => None,
    }
}

/// The page's line of recorded `step`, replayed as `name`, seen by the seats `seen`,
/// with the secrets the rules revealed at it (`revealed`, in words, shown to every seat)
/// and the kinds of event it holds (`events`, [`event_kind`]).
fn step_json(
    step: &record::StepLine<Value>,
    name: String,
    seen: Vec<bool>,
    revealed: Vec<String>,
    events: Vec<&'static str>,
) -> PageStep {
    PageStep {
        action: name,
        actor: step.actor,
        code: step.code,
        events,
        explain: json!(step.explain),
        forced: step.forced,
        revealed,
        seen,
        step: step.step,
    }
}

/// The heading, note and data of the page of game `index` (`recorded`) of `record`,
/// replayed on `game` at `seats` seats into `shared`, `frames` and `steps`.
#[allow(clippy::too_many_arguments)]
fn page_of(
    game: LoadedView<'_>,
    record: &Record,
    recorded: &record::RecordedGame,
    index: u64,
    seats: usize,
    shared: Shared,
    frames: Vec<Frame>,
    steps: Vec<PageStep>,
) -> Result<(String, String, PageData)> {
    let board = game.info.board;
    let header = &record.header;
    let agents: Vec<String> = match &recorded.end {
        Some(end) => end.agents.clone(),
        None => (0..seats).map(|s| format!("seat {s}")).collect(),
    };
    let heading = format!("Replay: {} — {}", game.name(), agents.join(" vs "));
    let end = recorded.end.as_ref().map(|e| PageEnd {
        returns: e.returns.clone(),
        score: e.score.clone(),
    });
    let note = format!(
        "Game {index} of seed {} (rules {}), {} actions{}.",
        header.seed,
        header.rules_source,
        steps.len(),
        match &recorded.end {
            Some(e) => format!(
                ", final score {}",
                e.score
                    .iter()
                    .map(|g| g.to_string())
                    .collect::<Vec<_>>()
                    .join("–")
            ),
            None => ", not played to its end".into(),
        }
    );
    let mut lines = Table::default();
    let texts = shared.texts.as_lines(&mut lines);
    let data = PageData {
        agents,
        board: board.is_some(),
        board_head: shared.board_head,
        board_tail: shared.board_tail,
        boards: shared.boards.items,
        end,
        frames,
        game: game.name(),
        index,
        lines: lines.items,
        seats,
        seed: header.seed,
        steps,
        texts,
    };
    Ok((heading, note, data))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::games::GameTask;
    use crate::infra::options::GameOptions;
    use engine_core::Observation as _;
    use engine_core::Registered;
    use std::path::PathBuf;

    /// `sim replay --game GAME --agents AGENTS --games 1 --seed 1 --out OUT`.
    fn options(game: &str, agents: &[&str], out: PathBuf) -> ReplayOptions {
        ReplayOptions {
            common: GameOptions {
                game: game.into(),
                agents: agents
                    .iter()
                    .map(|a| agents::AgentSpec::parse(a).unwrap())
                    .collect(),
                games: 1,
                seed: 1,
                ..GameOptions::default()
            },
            out,
            index: 0,
            explain: false,
            trace: None,
        }
    }

    /// The replay of `options`; the number of steps.
    struct Replay<'a>(&'a ReplayOptions, &'a mut usize);

    impl GameTask for Replay<'_> {
        type Output = ();
        fn call<R: Registered>(self) -> Result<()> {
            *self.1 = replay::<R>(self.0)?;
            Ok(())
        }
    }

    /// The default rules' number of seats of a game, and seat 0's first observation.
    struct Seats<'a>(&'a mut usize, &'a mut String);

    impl GameTask for Seats<'_> {
        type Output = ();
        fn call<R: Registered>(self) -> Result<()> {
            let state = games::load::<R>(None, &[])?.game.new_initial_state();
            *self.0 = state.num_seats();
            *self.1 = state.observation_string(0);
            Ok(())
        }
    }

    /// The trace of `options` into a writer.
    struct TraceInto<'a>(&'a TraceOptions, &'a mut dyn std::io::Write);

    impl GameTask for TraceInto<'_> {
        type Output = ();
        fn call<R: Registered>(self) -> Result<()> {
            Ok(crate::commands::trace::trace::<R>(self.0, self.1)?)
        }
    }

    /// The JSON embedded in a page.
    fn page_json(html: &str) -> Value {
        let tag = "<script type=\"application/json\" id=\"game-data\">";
        let start = html.find(tag).expect("the data tag") + tag.len();
        let end = start + html[start..].find("</script>").unwrap();
        serde_json::from_str(&html[start..end]).expect("the page's JSON parses")
    }

    #[test]
    fn every_registered_game_gets_a_page_whose_data_parses() {
        let dir = tempfile::tempdir().unwrap();
        for name in games::NAMES {
            let (mut seats, mut seen) = (0, String::new());
            games::dispatch(name, Seats(&mut seats, &mut seen)).unwrap();
            let agents = vec!["random"; seats];
            let o = options(name, &agents, dir.path().join(format!("{name}.html")));
            let mut steps = 0;
            games::dispatch(name, Replay(&o, &mut steps)).unwrap();
            let html = std::fs::read_to_string(&o.out).unwrap();
            let data = page_json(&html);
            assert!(steps > 0, "{name}");
            assert_eq!(data["steps"].as_array().unwrap().len(), steps, "{name}");
            assert_eq!(
                data["frames"].as_array().unwrap().len(),
                steps + 1,
                "{name}"
            );
            let first = &data["frames"][1];
            assert_eq!(first["obs"].as_array().unwrap().len(), seats, "{name}");
            // An observation is its lines joined: the initial position's is seat 0's view.
            let text = |frame: &Value| {
                let k = frame["obs"][0].as_u64().unwrap() as usize;
                let ids = data["texts"][k].as_array().unwrap();
                ids.iter()
                    .map(|i| {
                        data["lines"][i.as_u64().unwrap() as usize]
                            .as_str()
                            .unwrap()
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            assert_eq!(text(&data["frames"][0]), seen, "{name}");
            assert!(text(first).len() > 10, "{name}");
            assert_eq!(data["steps"][0]["seen"].as_array().unwrap().len(), seats);
            assert_eq!(data["board"], *name == "helvetia", "{name}");
            if *name == "helvetia" {
                assert!(data["board_head"].as_str().unwrap().starts_with("<svg"));
                assert!(data["boards"][0].as_str().unwrap().starts_with("<circle"));
            }
            // A hand game: some chance step (a card dealt to one seat) is hidden from
            // another seat.
            if *name == "grangol" {
                let hidden = data["steps"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|s| s["seen"].as_array().unwrap().contains(&json!(false)));
                assert!(hidden, "no step hidden from any seat");
            }
        }
    }

    /// The record `sim trace` writes for the arguments of `o` (with `--explain` as `o`).
    fn traced(o: &ReplayOptions, path: &Path) {
        let t = TraceOptions {
            common: o.common.clone(),
            coupled: false,
            explain: o.explain,
        };
        let mut out = Vec::new();
        games::dispatch(&o.common.game, TraceInto(&t, &mut out)).unwrap();
        std::fs::write(path, out).unwrap();
    }

    #[test]
    fn a_record_of_sim_trace_replays_to_the_page_of_its_arguments() {
        let dir = tempfile::tempdir().unwrap();
        let mut o = options(
            "grangol",
            &["mcts(iterations=30)", "greedy"],
            dir.path().join("args.html"),
        );
        o.common.games = 2;
        o.index = 1;
        o.explain = true;
        games::dispatch("grangol", Replay(&o, &mut 0)).unwrap();
        let from_args = std::fs::read_to_string(&o.out).unwrap();
        let record = dir.path().join("game.jsonl");
        traced(&o, &record);
        let from_record = ReplayOptions {
            common: GameOptions::default(),
            out: dir.path().join("record.html"),
            index: 1,
            explain: false,
            trace: Some(record.clone()),
        };
        assert_eq!(game_name(&from_record).unwrap(), "grangol");
        games::dispatch("grangol", Replay(&from_record, &mut 0)).unwrap();
        assert!(from_args == std::fs::read_to_string(&from_record.out).unwrap());
        // The searched decisions carry the candidates, most visited first; the others say
        // why no search was needed.
        let data = page_json(&from_args);
        let explained: Vec<&Value> = data["steps"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| !s["explain"].is_null())
            .collect();
        assert!(!explained.is_empty(), "mcts's decisions are explained");
        for s in explained {
            let c = s["explain"]["candidates"].as_array().unwrap();
            if let Some(why) = s["explain"]["unsearched"].as_str() {
                assert!(["forced", "equilibrium"].contains(&why), "{why}");
                assert!(c.is_empty());
                continue;
            }
            let visits: Vec<f64> = c.iter().map(|c| c["visits"].as_f64().unwrap()).collect();
            assert!(visits.windows(2).all(|w| w[0] >= w[1]), "{visits:?}");
            let shares: f64 = c.iter().map(|c| c["share"].as_f64().unwrap()).sum();
            assert!((shares - 1.0).abs() < 1e-3, "{shares}");
            assert!(s["explain"]["agent"].as_str().unwrap().starts_with("mcts"));
            // Each candidate's value lies in its interval.
            for x in c {
                let v = |k: &str| x[k].as_f64().unwrap();
                assert!(
                    v("value_lo") <= v("value") && v("value") <= v("value_hi"),
                    "{x}"
                );
            }
        }
    }

    /// The pictures of a position's pieces found piece by piece ([`piece_parts`]) are the
    /// parts of the whole position's cut ([`add_parts`] of `BoardCutter::pieces`), in the
    /// same order, and fill the page's table of pictures alike: over the positions of
    /// random Helvetia Cup games, one page's tables built each way.
    #[test]
    fn pieces_found_one_by_one_are_the_parts_of_the_whole_cut() {
        use engine_core::Game as _;
        let game = engine::helvetia::Helvetia::default_rules();
        let board = game.info().board.expect("Helvetia has a board");
        let cutter = reports::report::BoardCutter::new(&board).unwrap();
        let (mut by_piece, mut whole) = (Shared::default(), Table::default());
        let mut positions = 0;
        for g in 0..3 {
            let mut rng = engine_core::derive_rng(7, g, engine_core::Stream::Other(0));
            let mut state = game.new_initial_state();
            let (mut legal, mut chance) = (ActionList::new(), ChanceList::new());
            loop {
                by_piece.pieces.clear();
                state.board_pieces(&mut by_piece.pieces);
                if !by_piece.pieces.is_empty() {
                    positions += 1;
                    let one = piece_parts(&cutter, &mut by_piece)
                        .unwrap()
                        .expect("every Helvetia piece cuts alone");
                    let all = add_parts(&cutter.pieces(&by_piece.pieces).unwrap(), &mut whole);
                    assert_eq!(one, all, "position {positions}");
                }
                let (legal, chance) = (&mut legal, &mut chance);
                if !engine_core::testing::random_step(&mut state, &mut rng, legal, chance) {
                    break;
                }
            }
        }
        assert!(positions > 100, "{positions} positions");
        assert_eq!(by_piece.boards.items, whole.items);
    }

    /// Issue 43: a Helvetia shot's square stayed "hidden" for the defence on the whole
    /// page. The goalkeeper's step now reveals it to every seat, for every shot.
    #[test]
    fn every_helvetia_shot_is_revealed_at_the_goalkeepers_step() {
        let dir = tempfile::tempdir().unwrap();
        let mut o = options("helvetia", &["greedy", "random"], dir.path().join("h.html"));
        o.common.set = vec!["max_rounds=40".into()];
        games::dispatch("helvetia", Replay(&o, &mut 0)).unwrap();
        let data = page_json(&std::fs::read_to_string(&o.out).unwrap());
        let steps = data["steps"].as_array().unwrap();
        let mut shots = 0;
        for (k, s) in steps.iter().enumerate() {
            let Some(square) = s["action"].as_str().unwrap().strip_prefix("aim ") else {
                continue;
            };
            shots += 1;
            let keeper = &steps[k + 1];
            let want = format!("seat {} aimed {square}", s["actor"]);
            assert!(keeper["action"].as_str().unwrap().starts_with("goalkeeper"));
            assert_eq!(
                keeper["revealed"],
                serde_json::json!([want]),
                "step {}",
                k + 1
            );
        }
        assert!(shots > 0, "no shot");
    }

    #[test]
    fn a_record_with_a_wrong_name_is_refused_naming_the_file_and_step() {
        let dir = tempfile::tempdir().unwrap();
        let o = options("grangol", &["greedy", "random"], dir.path().join("x.html"));
        let record = dir.path().join("game.jsonl");
        traced(&o, &record);
        let text = std::fs::read_to_string(&record).unwrap();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        // Step 3 (line 5) renamed.
        let mut step: Value = serde_json::from_str(&lines[4]).unwrap();
        assert_eq!(step["step"], 3);
        step["action"] = json!("SOMETHING ELSE");
        lines[4] = step.to_string();
        std::fs::write(&record, lines.join("\n") + "\n").unwrap();
        let bad = ReplayOptions {
            common: GameOptions::default(),
            out: dir.path().join("bad.html"),
            index: 0,
            explain: false,
            trace: Some(record.clone()),
        };
        let err = games::dispatch("grangol", Replay(&bad, &mut 0)).unwrap_err();
        let msg = format!("{err:#}");
        assert!(
            msg.contains("game.jsonl") && msg.contains("step 3"),
            "{msg}"
        );
        assert!(!msg.contains('\n'), "one line: {msg}");
        assert!(!bad.out.exists());
        // A record of another game is refused too.
        let err = games::dispatch("memory", Replay(&bad, &mut 0)).unwrap_err();
        assert!(format!("{err:#}").contains("not of memory"), "{err:#}");
    }

    #[test]
    fn an_existing_page_is_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let o = options(
            "helvetia",
            &["greedy", "random"],
            dir.path().join("game.html"),
        );
        std::fs::write(&o.out, "mine").unwrap();
        let err = games::dispatch("helvetia", Replay(&o, &mut 0)).unwrap_err();
        assert!(err.to_string().contains("exists"), "{err}");
        assert_eq!(std::fs::read_to_string(&o.out).unwrap(), "mine");
    }

    #[test]
    fn an_index_past_the_schedule_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let mut o = options("grangol", &["greedy", "random"], dir.path().join("g.html"));
        o.index = 5;
        let err = games::dispatch("grangol", Replay(&o, &mut 0)).unwrap_err();
        assert!(format!("{err:#}").contains("--index 5"), "{err:#}");
        assert!(!o.out.exists());
    }

    /// A game that is two samples (a one-game run's win or loss is also its longest game)
    /// is played and drawn once: the second page is the first's bytes, listed with the
    /// same index and caption. Fails if it is drawn again or another page is copied.
    #[test]
    fn a_game_that_is_two_samples_is_drawn_once() {
        struct Twice<'a>(&'a Path, usize);

        impl GameTask for Twice<'_> {
            type Output = ();
            fn call<R: Registered>(self) -> Result<()> {
                let game = games::load::<R>(None, &[])?;
                let common = options(R::NAME, &["random", "greedy"], PathBuf::new()).common;
                let trace = TraceOptions {
                    common: GameOptions { games: 3, ..common },
                    coupled: false,
                    explain: false,
                };
                use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
                let (records, pages) = (AtomicUsize::new(0), AtomicUsize::new(0));
                let samples = crate::commands::run::Samples {
                    win: Some(2),
                    loss: Some(1),
                    longest: Some((1, 2)),
                };
                let listed = write_samples_of(
                    &samples,
                    (self.0, self.1),
                    &|index| {
                        records.fetch_add(1, Relaxed);
                        let mut bytes = Vec::new();
                        crate::commands::trace::write_record(
                            &game,
                            &trace,
                            Some(index),
                            &mut bytes,
                        )?;
                        Ok(bytes)
                    },
                    &|record, index, source| {
                        pages.fetch_add(1, Relaxed);
                        page_data(&game, record, index, source)
                    },
                )?;
                assert_eq!(
                    listed,
                    ["games/win.html", "games/loss.html", "games/longest.html"]
                );
                assert_eq!(
                    (records.into_inner(), pages.into_inner()),
                    (2, 2),
                    "games 2 and 1, once each"
                );
                let read = |p: &str| std::fs::read(self.0.join(p)).unwrap();
                assert!(read("games/win.html") == read("games/longest.html"));
                assert!(read("games/loss.html") != read("games/longest.html"));
                let list: Vec<SampleGame> =
                    serde_json::from_slice(&read(reports::report::SAMPLES_FILE)).unwrap();
                assert_eq!((list[0].index, list[2].index), (2, 2));
                assert_eq!(list[0].caption, list[2].caption);
                assert_eq!(list[2].kind, "longest");
                Ok(())
            }
        }

        for threads in [1, 2] {
            let dir = tempfile::tempdir().unwrap();
            games::dispatch("grangol", Twice(dir.path(), threads)).unwrap();
        }
    }
}
