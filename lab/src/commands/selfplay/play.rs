//! `sim selfplay`'s games and rows: the games played in waves on the lab's threads, each
//! decision recorded as a row ([`Rows`]), and the rows handed in order and in fixed
//! batches to the installed [`DatasetFormat`]'s files (see [`super`]).

use super::{DatasetFile, DatasetFormat, RowShape, SelfplayReport, COLUMNS};
use crate::infra::games::{check_agents, Loaded};
use crate::infra::options::SelfplayOptions;
use crate::infra::play::{all_parts, Observer, Player};
use anyhow::{bail, Context, Result};
use engine_core::Observation as _;
use engine_core::{Action, ActionList, Agent, Game, GameState, PlayerView, Seat};
use rayon::prelude::*;
use std::path::Path;

/// Games one worker plays in a row (a chunk); the waves are a few chunks per thread.
const CHUNK_GAMES: u64 = 4;

/// Rows handed to a file at a time (the last batch of a file may be shorter). Fixed, so
/// that the files do not depend on the number of threads.
pub const BATCH_ROWS: usize = 4096;

/// The rows of some decisions, column by column, as [`super::COLUMNS`] names them (one
/// game's, a chunk's, or a batch for a [`DatasetFile`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rows {
    /// The game's index in the schedule, per row.
    pub game: Vec<u64>,
    /// Actions applied before this one in the game, per row.
    pub step: Vec<u32>,
    /// The deciding seat, per row.
    pub seat: Vec<u8>,
    /// The agent's index into [`RowShape::labels`], per row.
    pub agent: Vec<u32>,
    /// `observation_size` values per row, row after row.
    pub observation: Vec<f32>,
    /// `num_distinct_actions` values per row, row after row: the legal-action mask.
    pub legal: Vec<bool>,
    /// The action chosen, per row.
    pub action: Vec<u16>,
    /// The number of values of each row's policy: 0 or `num_distinct_actions`.
    pub policy_len: Vec<u32>,
    /// The policies' values, row after row (`policy_len` values each).
    pub policy: Vec<f32>,
    /// The deciding seat's return at the end of the game, per row.
    pub returns: Vec<f64>,
}

impl Rows {
    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.game.len()
    }

    fn append(&mut self, mut other: Rows) {
        self.game.append(&mut other.game);
        self.step.append(&mut other.step);
        self.seat.append(&mut other.seat);
        self.agent.append(&mut other.agent);
        self.observation.append(&mut other.observation);
        self.legal.append(&mut other.legal);
        self.action.append(&mut other.action);
        self.policy_len.append(&mut other.policy_len);
        self.policy.append(&mut other.policy);
        self.returns.append(&mut other.returns);
    }

    /// Keeps the first `k` rows and returns the others.
    fn split_off(&mut self, k: usize, obs: usize, actions: usize) -> Rows {
        let policy_at: usize = self.policy_len[..k].iter().map(|&n| n as usize).sum();
        Rows {
            game: self.game.split_off(k),
            step: self.step.split_off(k),
            seat: self.seat.split_off(k),
            agent: self.agent.split_off(k),
            observation: self.observation.split_off(k * obs),
            legal: self.legal.split_off(k * actions),
            action: self.action.split_off(k),
            policy_len: self.policy_len.split_off(k),
            policy: self.policy.split_off(policy_at),
            returns: self.returns.split_off(k),
        }
    }
}

/// Records the decisions of one game into [`Rows`].
struct Recorder {
    rows: Rows,
    game: u64,
    step: u32,
    /// The agent index at each seat.
    seats: Vec<usize>,
    obs: usize,
    actions: usize,
    legal: ActionList,
    policy: Vec<(Action, f32)>,
}

impl<S: GameState> Observer<S> for Recorder {
    fn on_decision(&mut self, state: &S, seat: Seat, action: Action, agent: &dyn Agent<S>) {
        let has_policy = agent.last_policy(&mut self.policy);
        self.push_row(state, seat, action, has_policy);
    }

    /// A forced decision is a row too (one row per decision), with no policy: no agent
    /// was asked.
    fn on_forced(&mut self, state: &S, seat: Seat, action: Action) {
        self.push_row(state, seat, action, false);
    }

    fn after_action(&mut self, _state: &S) {
        self.step += 1;
    }
}

impl Recorder {
    /// Appends the row of `seat`'s decision `action` at `state`, with the policy in
    /// `self.policy` when `has_policy`.
    fn push_row<S: GameState>(&mut self, state: &S, seat: Seat, action: Action, has_policy: bool) {
        let r = &mut self.rows;
        r.game.push(self.game);
        r.step.push(self.step);
        r.seat.push(seat);
        r.agent.push(self.seats[usize::from(seat)] as u32);
        let at = r.observation.len();
        r.observation.resize(at + self.obs, 0.0);
        PlayerView::new(state, seat).observation_tensor(&mut r.observation[at..]);
        let at = r.legal.len();
        r.legal.resize(at + self.actions, false);
        state.legal_actions(&mut self.legal);
        for a in &self.legal {
            r.legal[at + usize::from(a.0)] = true;
        }
        r.action.push(action.0);
        if has_policy {
            let at = r.policy.len();
            r.policy.resize(at + self.actions, 0.0);
            for &(a, w) in &self.policy {
                r.policy[at + usize::from(a.0)] += w;
            }
            r.policy_len.push(self.actions as u32);
        } else {
            r.policy_len.push(0);
        }
    }
}

/// The files of the dataset, filled in order.
struct Shards<'a> {
    dir: &'a Path,
    format: &'a dyn DatasetFormat,
    shape: RowShape,
    rows_per_file: usize,
    /// Rows not yet handed to a file.
    pending: Rows,
    /// The file being written and its rows so far.
    writer: Option<(Box<dyn DatasetFile>, usize)>,
    /// Rows of each finished file.
    files: Vec<usize>,
}

impl Shards<'_> {
    fn name(&self, k: usize) -> String {
        format!("part-{k:05}.{}", self.format.extension())
    }

    /// Adds `rows` and writes every full batch.
    fn push(&mut self, rows: Rows) -> Result<()> {
        self.pending.append(rows);
        self.drain(false)
    }

    /// Hands the pending rows to the writer in batches of [`BATCH_ROWS`] (cut at file
    /// ends); with `all`, the last partial batch too, and closes the last file.
    fn drain(&mut self, all: bool) -> Result<()> {
        loop {
            let in_file = self.writer.as_ref().map_or(0, |w| w.1);
            let k = BATCH_ROWS.min(self.rows_per_file - in_file);
            let n = self.pending.rows();
            if n == 0 || (n < k && !all) {
                break;
            }
            let k = k.min(n);
            let (obs, actions) = (self.shape.observation_size, self.shape.num_distinct_actions);
            let rest = self.pending.split_off(k, obs, actions);
            let head = std::mem::replace(&mut self.pending, rest);
            if self.writer.is_none() {
                let path = self.dir.join(self.name(self.files.len()));
                let w = self
                    .format
                    .create(&path, &self.shape)
                    .with_context(|| format!("cannot create {}", path.display()))?;
                self.writer = Some((w, 0));
            }
            let (w, rows) = self.writer.as_mut().expect("opened");
            w.write(head)?;
            *rows += k;
            if *rows == self.rows_per_file {
                self.close()?;
            }
        }
        if all {
            self.close()?;
        }
        Ok(())
    }

    fn close(&mut self) -> Result<()> {
        if let Some((w, rows)) = self.writer.take() {
            w.finish()?;
            self.files.push(rows);
        }
        Ok(())
    }
}

/// Plays the games `range` of the schedule on one thread and returns their rows in
/// order.
fn play_chunk<G: Game>(
    game: &G,
    specs: &[agents::AgentSpec],
    schedule: &crate::infra::schedule::Schedule,
    seed: u64,
    range: std::ops::Range<u64>,
) -> Result<Rows> {
    let mut player = Player::new(game, specs, seed);
    let state = game.new_initial_state();
    let (obs, actions) = (state.observation_size(), game.info().num_distinct_actions);
    let mut out = Rows::default();
    for index in range {
        let scheduled = schedule.game(index);
        let mut rec = Recorder {
            rows: Rows::default(),
            game: index,
            step: 0,
            seats: scheduled.seats.to_vec(),
            obs,
            actions,
            legal: ActionList::new(),
            policy: Vec::new(),
        };
        let record = player.play(&scheduled, &mut rec as &mut dyn Observer<_>)?;
        let mut rows = rec.rows;
        rows.returns = rows
            .seat
            .iter()
            .map(|&s| record.returns[usize::from(s)])
            .collect();
        out.append(rows);
    }
    Ok(out)
}

/// [`super::selfplay`] with a format installed: plays and writes the dataset.
pub(super) fn selfplay_in<G: Game>(
    game: &Loaded<G>,
    options: &SelfplayOptions,
    format: &dyn DatasetFormat,
) -> Result<SelfplayReport> {
    let common = &options.common;
    if options.rows_per_file == 0 {
        bail!("--rows-per-file 0: a file holds at least one row");
    }
    let (specs, schedule) = check_agents(&game.game, common)?;
    let layout = game.game.new_initial_state().observation_layout();
    let play = |r: std::ops::Range<u64>| play_chunk(&game.game, &specs, &schedule, common.seed, r);
    write_dataset(
        game.view(),
        &layout,
        &specs,
        &schedule,
        options,
        format,
        &play,
    )
}

/// The body of [`selfplay_in`], compiled once for every game: plays the games of
/// `schedule` by `play` (a chunk of game indices to its rows) in waves on the threads,
/// and writes the dataset's files and manifest.
fn write_dataset(
    game: crate::infra::games::LoadedView<'_>,
    layout: &engine_core::ObservationLayout,
    specs: &[agents::AgentSpec],
    schedule: &crate::infra::schedule::Schedule,
    options: &SelfplayOptions,
    format: &dyn DatasetFormat,
    play: &(dyn Fn(std::ops::Range<u64>) -> Result<Rows> + Sync),
) -> Result<SelfplayReport> {
    let common = &options.common;
    let labels = crate::commands::run::labels(specs);
    let threads = crate::infra::progress::threads(options.output.threads);
    let out = match &options.output.out {
        Some(p) => p.clone(),
        None => reports::unused_path(&Path::new("runs").join(format!(
            "selfplay-{}-{}-{}",
            game.name(),
            common.seed,
            common.games
        ))),
    };
    let dir = reports::RunDir::create(&out)?;
    let (obs, actions) = (layout.size(), game.info.num_distinct_actions);
    let rows_per_file = usize::try_from(options.rows_per_file).unwrap_or(usize::MAX);
    let mut shards = Shards {
        dir: dir.tmp_path(),
        format,
        shape: RowShape {
            labels: labels.clone(),
            observation_size: obs,
            num_distinct_actions: actions,
        },
        rows_per_file,
        pending: Rows::default(),
        writer: None,
        files: Vec::new(),
    };
    let pool = crate::infra::runner::pool(threads)?;
    let total = schedule.total_games();
    let wave = CHUNK_GAMES * 2 * threads as u64;
    let mut start = 0;
    while start < total {
        let end = total.min(start + wave);
        let chunks: Vec<std::ops::Range<u64>> = (start..end)
            .step_by(CHUNK_GAMES as usize)
            .map(|a| a..end.min(a + CHUNK_GAMES))
            .collect();
        let parts: Vec<Result<Rows>> = pool.install(|| chunks.into_par_iter().map(play).collect());
        for part in all_parts(parts)? {
            shards.push(part)?;
        }
        start = end;
    }
    shards.drain(true)?;
    let files: Vec<serde_json::Value> = shards
        .files
        .iter()
        .enumerate()
        .map(|(k, &rows)| serde_json::json!({"file": shards.name(k), "rows": rows}))
        .collect();
    let rows: usize = shards.files.iter().sum();
    let mut offset = 0;
    let parts: Vec<serde_json::Value> = layout
        .parts
        .iter()
        .map(|p| {
            let v = serde_json::json!({
                "name": p.name,
                "shape": p.shape,
                "offset": offset,
                "size": p.len(),
                "about": p.about,
            });
            offset += p.len();
            v
        })
        .collect();
    let info = game.info;
    let manifest = serde_json::json!({
        // 2 since 2026-11-29: observation entries in [0, 1] (counts divided by their
        // bound in the rules or squashed), where 1 held raw counts.
        "format": "soccerlab-selfplay-2",
        "game": game.name(),
        "rules": game.rules_source,
        "rules_resolved": game.rules_json,
        "agents": specs,
        "labels": labels,
        "seed": common.seed,
        "games_per_match": common.games,
        "games": total,
        "duplicate": !common.no_duplicate,
        "gauntlet": common.gauntlet,
        "num_seats": info.num_seats,
        "num_distinct_actions": actions,
        "observation_size": obs,
        "observation_layout": parts,
        "utility": format!("{:?}", info.utility),
        "rows": rows,
        "rows_per_file": options.rows_per_file,
        "files": files,
        "columns": COLUMNS.iter().map(|(name, ty, about)| serde_json::json!({
            "name": name, "type": ty, "about": about
        })).collect::<Vec<_>>(),
        "command_line": options.output.command_line,
    });
    dir.write_json("_manifest.json", &manifest)?;
    let files = shards.files.len();
    let out = dir.finish()?;
    Ok(SelfplayReport {
        out,
        games: total,
        rows: rows as u64,
        files,
    })
}
