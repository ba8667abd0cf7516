//! `sim selfplay` over [`SelfplayOptions`]: games played as `sim run` plays them (same
//! agents, seeds, schedule and rules), written as a dataset with one row per decision, in
//! Parquet files that pandas (pyarrow) and polars read without this lab.
//!
//! The folder (`--out`, default `runs/selfplay-GAME-SEED-GAMES`) holds
//! `part-00000.parquet`, `part-00001.parquet`, … of `--rows-per-file` rows each (the last
//! one fewer; a game's rows may straddle two files) and `_manifest.json`: the game, its
//! rules, the agents, the seed, the columns and their meaning, and the layout of the
//! observation tensor ([`engine_core::ObservationLayout`]). The columns ([`COLUMNS`]):
//!
//! | column | type | meaning |
//! | --- | --- | --- |
//! | `game` | uint64 | the game's index in the schedule (as `sim trace` numbers them) |
//! | `step` | uint32 | actions applied before this one in the game, chance included (`sim trace`'s `step`) |
//! | `seat` | uint8 | the deciding seat |
//! | `agent` | string | the label of the agent at that seat (as `sim run` labels it) |
//! | `observation` | `list<float32>` | the seat's observation tensor, `observation_size` values |
//! | `legal` | `list<bool>` | the legal-action mask, `num_distinct_actions` values |
//! | `action` | uint16 | the action chosen (an index into `legal`) |
//! | `policy` | `list<float32>` | the agent's search statistics per action (MCTS: root visits), `num_distinct_actions` values, or empty |
//! | `return` | float64 | the seat's return at the end of the game |
//!
//! Memory stays constant: games are played in waves of a few chunks per thread, each
//! game's rows are buffered until it ends (its returns are then known), and the rows go
//! to the Parquet writer in fixed batches, which streams row groups to disk. Determinism:
//! every game depends only on the seed and its index ([`crate::infra::play::Player::play`]), the rows are
//! written in game order and handed to the writer in batches whose size does not depend
//! on the waves, so the files are byte for byte the same whatever `--threads`.
//! Files appear only complete: the folder is written under a temporary name and renamed
//! at the end ([`reports::RunDir`]).
//!
//! The lab plays the games and cuts the rows into files; the file format is installed
//! by the program: the `datasets` crate's Parquet writer (arrow and parquet), which `sim`
//! and the Python package install at start in a build with the cargo feature `datasets`
//! ([`install_format`]). The lab itself never depends on arrow, so turning the feature on
//! compiles the writer and the program, not the lab. Without a format installed,
//! [`selfplay`] is one error naming the feature and the command that builds it
//! ([`missing_datasets`]).

use crate::infra::games::Loaded;
use crate::infra::options::SelfplayOptions;
use engine_core::Game;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

mod play;

pub use play::{Rows, BATCH_ROWS};

/// The file format of a dataset's parts: what the `datasets` crate's Parquet writer
/// implements. [`install_format`] makes it the process's.
pub trait DatasetFormat: Send + Sync {
    /// The extension of the part files, without the dot (`parquet`): the parts are named
    /// `part-00000.EXT`, `part-00001.EXT`, …
    fn extension(&self) -> &'static str;
    /// Creates the part file at `path`, for rows of `shape`. Errors: the file cannot be
    /// created or its header written.
    fn create(&self, path: &Path, shape: &RowShape) -> anyhow::Result<Box<dyn DatasetFile>>;
}

/// One part file being written.
pub trait DatasetFile {
    /// Appends `rows` (at most [`BATCH_ROWS`] rows, cut in the same places whatever the
    /// number of threads) as the file's next batch. Errors: the format's and the disk's.
    fn write(&mut self, rows: Rows) -> anyhow::Result<()>;
    /// Completes the file (its footer) and syncs it to disk. Errors: as [`Self::write`].
    fn finish(self: Box<Self>) -> anyhow::Result<()>;
}

/// The sizes of a dataset's rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowShape {
    /// The agents' labels; [`Rows::agent`] indexes it.
    pub labels: Vec<String>,
    /// Values of a row's observation tensor.
    pub observation_size: usize,
    /// Values of a row's legal-action mask and of a non-empty policy.
    pub num_distinct_actions: usize,
}

/// The process's dataset format, once installed.
static FORMAT: OnceLock<&'static dyn DatasetFormat> = OnceLock::new();

/// Makes `format` the one [`selfplay`] writes, for the rest of the process; a second
/// install is ignored (the first format stays). `sim` and the Python package call it at
/// start when built with the `datasets` feature (`datasets::install`).
pub fn install_format(format: &'static dyn DatasetFormat) {
    let _ = FORMAT.set(format);
}

/// The installed dataset format, if any.
pub fn format() -> Option<&'static dyn DatasetFormat> {
    FORMAT.get().copied()
}

/// The dataset's columns, in order, with their Arrow type and meaning (also written to
/// `_manifest.json`).
pub const COLUMNS: &[(&str, &str, &str)] = &[
    ("game", "uint64", "the game's index in the schedule (as sim trace numbers them)"),
    (
        "step",
        "uint32",
        "actions applied before this one in the game, chance outcomes included (sim trace's step)",
    ),
    ("seat", "uint8", "the deciding seat, from 0"),
    ("agent", "string", "the label of the agent at that seat (as sim run labels it)"),
    (
        "observation",
        "list<float32>",
        "the seat's observation tensor (observation_size values, laid out as observation_layout says)",
    ),
    (
        "legal",
        "list<bool>",
        "the legal-action mask: num_distinct_actions values, true where the action is legal",
    ),
    ("action", "uint16", "the action chosen, an index into legal"),
    (
        "policy",
        "list<float32>",
        "the acting agent's search statistics per action, num_distinct_actions values (mcts and \
         oracle: the root visit counts, 0 for actions not searched); empty for an agent without \
         (random, greedy, onnx) or a decision taken without search (a single legal action)",
    ),
    ("return", "float64", "the seat's return at the end of the game (GameState::returns)"),
];

/// What `sim selfplay` wrote, for `sim` to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfplayReport {
    /// The dataset's folder.
    pub out: PathBuf,
    /// Games played.
    pub games: u64,
    /// Rows written (decisions).
    pub rows: u64,
    /// Parquet files written.
    pub files: usize,
}

impl SelfplayReport {
    /// The lines `sim` prints.
    pub fn lines(&self) -> Vec<String> {
        vec![format!(
            "{} decisions of {} games in {} Parquet file(s) and _manifest.json: {}",
            self.rows,
            self.games,
            self.files,
            self.out.display()
        )]
    }
}

/// `sim selfplay`: plays the games of `options` and writes the dataset's folder (see the
/// module's documentation). Errors: [`crate::Error`]: the agents' and rules' errors, a
/// `--rows-per-file` of 0, an output folder that exists or cannot be written, a game's
/// panic; nothing is left at `--out` then. With no format installed (a build without
/// the `datasets` feature), one [`crate::Error::Input`] that names the feature and the
/// command that builds it.
pub fn selfplay<G: Game>(
    game: &Loaded<G>,
    options: &SelfplayOptions,
) -> crate::infra::error::Result<SelfplayReport> {
    match format() {
        Some(format) => play::selfplay_in(game, options, format).map_err(crate::Error::from),
        None => Err(crate::Error::Input(missing_datasets("sim selfplay"))),
    }
}

/// The one-line error of a command that writes or reads datasets in a build without the
/// `datasets` feature: `sim selfplay needs the cargo feature 'datasets', which this build
/// lacks; build it with: cargo build --release -p sim-cli --features datasets`.
pub fn missing_datasets(command: &str) -> String {
    format!(
        "{command} needs the cargo feature 'datasets', which this build lacks; {}",
        agents::build_with("datasets")
    )
}
