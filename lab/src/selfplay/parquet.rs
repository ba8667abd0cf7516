//! The Parquet writer of `sim selfplay` (the cargo feature `datasets`: arrow and
//! parquet), see [`super`].

use super::{SelfplayReport, COLUMNS};
use crate::games::{check_agents, Loaded};
use crate::options::SelfplayOptions;
use crate::play::{all_parts, Observer, Player};
use anyhow::{bail, Context, Result};
use arrow_array::{
    ArrayRef, BooleanArray, Float32Array, Float64Array, ListArray, RecordBatch, StringArray,
    UInt16Array, UInt32Array, UInt64Array, UInt8Array,
};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use engine::core::{Action, ActionList, Agent, Game, GameState, PlayerView, Seat};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;
use rayon::prelude::*;
use std::path::Path;
use std::sync::Arc;

/// Games one worker plays in a row (a chunk); the waves are a few chunks per thread.
const CHUNK_GAMES: u64 = 4;

/// Rows handed to the Parquet writer at a time (the last batch of a file may be
/// shorter). Fixed, so that the files do not depend on the number of threads.
const BATCH_ROWS: usize = 4096;

/// Most rows of one Parquet row group.
const ROW_GROUP_ROWS: usize = 65_536;

/// The rows of some decisions, column by column (one game's, a chunk's, or those waiting
/// for the writer).
#[derive(Default)]
struct Columns {
    game: Vec<u64>,
    step: Vec<u32>,
    seat: Vec<u8>,
    agent: Vec<u32>,
    /// `observation_size` values per row.
    observation: Vec<f32>,
    /// `num_distinct_actions` values per row.
    legal: Vec<bool>,
    action: Vec<u16>,
    /// Values of each row's policy: 0 or `num_distinct_actions`.
    policy_len: Vec<u32>,
    policy: Vec<f32>,
    returns: Vec<f64>,
}

impl Columns {
    fn rows(&self) -> usize {
        self.game.len()
    }

    fn append(&mut self, mut other: Columns) {
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
    fn split_off(&mut self, k: usize, obs: usize, actions: usize) -> Columns {
        let policy_at: usize = self.policy_len[..k].iter().map(|&n| n as usize).sum();
        Columns {
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

/// The Arrow schema of the dataset ([`COLUMNS`]).
fn schema() -> SchemaRef {
    let list = |t: DataType| DataType::List(Arc::new(Field::new("item", t, false)));
    Arc::new(Schema::new(vec![
        Field::new("game", DataType::UInt64, false),
        Field::new("step", DataType::UInt32, false),
        Field::new("seat", DataType::UInt8, false),
        Field::new("agent", DataType::Utf8, false),
        Field::new("observation", list(DataType::Float32), false),
        Field::new("legal", list(DataType::Boolean), false),
        Field::new("action", DataType::UInt16, false),
        Field::new("policy", list(DataType::Float32), false),
        Field::new("return", DataType::Float64, false),
    ]))
}

/// A list column whose rows have the lengths `lengths`, over `values`.
fn list(values: ArrayRef, lengths: impl IntoIterator<Item = usize>) -> Result<ArrayRef> {
    let field = Arc::new(Field::new("item", values.data_type().clone(), false));
    let offsets = arrow_buffer::OffsetBuffer::from_lengths(lengths);
    Ok(Arc::new(ListArray::try_new(field, offsets, values, None)?))
}

/// One record batch of `c`'s rows.
fn batch(
    c: Columns,
    schema: &SchemaRef,
    labels: &[String],
    obs: usize,
    actions: usize,
) -> Result<RecordBatch> {
    let n = c.rows();
    let agent = StringArray::from_iter_values(c.agent.iter().map(|&a| labels[a as usize].as_str()));
    let columns: Vec<ArrayRef> = vec![
        Arc::new(UInt64Array::from(c.game)),
        Arc::new(UInt32Array::from(c.step)),
        Arc::new(UInt8Array::from(c.seat)),
        Arc::new(agent),
        list(
            Arc::new(Float32Array::from(c.observation)),
            std::iter::repeat_n(obs, n),
        )?,
        list(
            Arc::new(BooleanArray::from(c.legal)),
            std::iter::repeat_n(actions, n),
        )?,
        Arc::new(UInt16Array::from(c.action)),
        list(
            Arc::new(Float32Array::from(c.policy)),
            c.policy_len.iter().map(|&k| k as usize),
        )?,
        Arc::new(Float64Array::from(c.returns)),
    ];
    Ok(RecordBatch::try_new(schema.clone(), columns)?)
}

/// Records the decisions of one game into [`Columns`].
struct Recorder {
    rows: Columns,
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
        if agent.last_policy(&mut self.policy) {
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

    fn after_action(&mut self, _state: &S) {
        self.step += 1;
    }
}

/// The Parquet files of the dataset, filled in order.
struct Shards<'a> {
    dir: &'a Path,
    schema: SchemaRef,
    props: WriterProperties,
    rows_per_file: usize,
    labels: &'a [String],
    obs: usize,
    actions: usize,
    /// Rows not yet handed to the writer.
    pending: Columns,
    /// The file being written and its rows so far.
    writer: Option<(ArrowWriter<std::fs::File>, usize)>,
    /// Rows of each finished file.
    files: Vec<usize>,
}

impl Shards<'_> {
    fn name(k: usize) -> String {
        format!("part-{k:05}.parquet")
    }

    /// Adds `rows` and writes every full batch.
    fn push(&mut self, rows: Columns) -> Result<()> {
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
            let rest = self.pending.split_off(k, self.obs, self.actions);
            let head = std::mem::replace(&mut self.pending, rest);
            let b = batch(head, &self.schema, self.labels, self.obs, self.actions)?;
            if self.writer.is_none() {
                let path = self.dir.join(Self::name(self.files.len()));
                let file = std::fs::File::create(&path)
                    .with_context(|| format!("cannot create {}", path.display()))?;
                let w = ArrowWriter::try_new(file, self.schema.clone(), Some(self.props.clone()))?;
                self.writer = Some((w, 0));
            }
            let (w, rows) = self.writer.as_mut().expect("opened");
            w.write(&b)?;
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
            let file = w.into_inner()?;
            file.sync_all()?;
            self.files.push(rows);
        }
        Ok(())
    }
}

/// Plays the games `range` of the schedule on one thread and returns their rows in
/// order.
fn play_chunk<G: Game>(
    game: &G,
    specs: &[String],
    schedule: &crate::schedule::Schedule,
    seed: u64,
    range: std::ops::Range<u64>,
) -> Result<Columns> {
    let mut player = Player::new(game, specs, seed);
    let state = game.new_initial_state();
    let (obs, actions) = (state.observation_size(), game.info().num_distinct_actions);
    let mut out = Columns::default();
    for index in range {
        let scheduled = schedule.game(index);
        let mut rec = Recorder {
            rows: Columns::default(),
            game: index,
            step: 0,
            seats: scheduled.seats.to_vec(),
            obs,
            actions,
            legal: ActionList::new(),
            policy: Vec::new(),
        };
        let record = player.play(&scheduled, &mut rec)?;
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

/// [`super::selfplay`] with the `datasets` feature: plays and writes the dataset.
pub(super) fn selfplay_untyped<G: Game>(
    game: &Loaded<G>,
    options: &SelfplayOptions,
) -> Result<SelfplayReport> {
    let common = &options.common;
    if options.rows_per_file == 0 {
        bail!("--rows-per-file 0: a file holds at least one row");
    }
    let (specs, schedule) = check_agents(&game.game, common)?;
    let labels = crate::run::labels(&specs);
    let threads = crate::progress::threads(options.output.threads);
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
    let state = game.game.new_initial_state();
    let layout = state.observation_layout();
    let (obs, actions) = (layout.size(), game.game.info().num_distinct_actions);
    let props = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
        .build();
    let rows_per_file = usize::try_from(options.rows_per_file).unwrap_or(usize::MAX);
    let mut shards = Shards {
        dir: dir.tmp_path(),
        schema: schema(),
        props,
        rows_per_file,
        labels: &labels,
        obs,
        actions,
        pending: Columns::default(),
        writer: None,
        files: Vec::new(),
    };
    let pool = crate::runner::pool(threads)?;
    let total = schedule.total_games();
    let wave = CHUNK_GAMES * 2 * threads as u64;
    let mut start = 0;
    while start < total {
        let end = total.min(start + wave);
        let chunks: Vec<std::ops::Range<u64>> = (start..end)
            .step_by(CHUNK_GAMES as usize)
            .map(|a| a..end.min(a + CHUNK_GAMES))
            .collect();
        let parts: Vec<Result<Columns>> = pool.install(|| {
            chunks
                .into_par_iter()
                .map(|r| play_chunk(&game.game, &specs, &schedule, common.seed, r))
                .collect()
        });
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
        .map(|(k, &rows)| serde_json::json!({"file": Shards::name(k), "rows": rows}))
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
    let info = game.game.info();
    let manifest = serde_json::json!({
        "format": "soccerlab-selfplay-1",
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
    dir.write_json("manifest.json", &manifest)?;
    let files = shards.files.len();
    let out = dir.finish()?;
    Ok(SelfplayReport {
        out,
        games: total,
        rows: rows as u64,
        files,
    })
}
