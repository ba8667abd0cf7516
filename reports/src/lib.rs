//! Statistics of self-play runs and the files they are written to.
//!
//! - [`wilson`](mod@wilson): Wilson score intervals for proportions (score rates, card success rates);
//! - [`score`]: intervals for score rates that account for draws (trinomial,
//!   multinomial: Wilson at the effective number of games; pentanomial for game pairs);
//! - [`stats`]: integer accumulators per (agent, seat) and per (agent, card), mergeable
//!   exactly, so results do not depend on how games are spread over threads;
//! - [`tables`]: the rows of `summary.csv` and `cards.csv`;
//! - [`output`]: crash-safe writing (temporary file or directory, then rename);
//! - [`paired`]: rule sets compared on common random numbers (ratio estimators, paired
//!   intervals, Holm and Benjamini–Hochberg), the rows of `compare.csv`, `sweep.csv` and
//!   `tune.csv`;
//! - [`loss`]: the final of `sim tune`: losses to targets, a paired bootstrap over deal
//!   groups, the winner and the rule sets not distinguishable from it;
//! - [`ablation`]: the causal value of a card, from games played with and without it;
//! - [`logistic`]: logistic regression with fractional targets (Newton / IRLS with a
//!   ridge), log-loss and Brier score, for `sim fit-eval`;
//! - [`spearman`]: Spearman's rank correlation (mid-ranks for ties);
//! - [`elo`]: Elo differences from scores and the SPRT of chess engine testing;
//! - [`rating`]: Bradley–Terry ratings of several agents (Elo scale);
//! - [`tournament`]: per-match results (pentanomial pairs), `matchups.csv` and
//!   `ratings.csv` with bootstrap intervals;
//! - [`ladder`]: the skill ladder of `sim ladder` (`ladder.csv`, `ladder.json`, skill
//!   depth and luck share);
//! - [`report`]: `report.html`, one self-contained page of tables and SVG charts of a run
//!   folder, whose CSV files it reads back into the row types above ([`SummaryRow`],
//!   [`CardRow`], [`MatchupRow`], [`RatingRow`], [`BalanceRow`]).
//!
//! Engine types are not serialized directly: this crate maps them to rows.
#![deny(missing_docs)]

/// `add_fields! { a, b; f g h }`: `a.f += b.f; a.g += b.g; a.h += b.h;`, the merge of
/// two accumulators of sums (every listed field a count or a sum, so that merging chunks
/// in any order gives the sums of one pass).
macro_rules! add_fields {
    ($a:ident, $b:ident; $($field:ident)+) => {
        $( $a.$field += $b.$field; )+
    };
}

pub mod ablation;
pub mod balance;
pub mod card_groups;
pub mod elo;
pub mod ladder;
pub mod logistic;
pub mod loss;
pub mod output;
pub mod paired;
pub mod rating;
pub mod report;
pub mod score;
pub mod seal;
mod serde_array;
mod sliced;
pub mod spearman;
pub mod stats;
pub mod tables;
pub mod tournament;
pub mod verdict;
pub mod wilson;

pub use ablation::{rank_cards, AblationRow, AblationStats, CardRankRow, LUCK_UNIT};
pub use balance::{
    balance_rows, BalanceRow, BalanceStats, GameTrack, Moments, SkillGap, GOAL_BUCKETS,
    LENGTH_BUCKETS, LENGTH_BUCKET_WIDTH,
};
pub use card_groups::{card_groups, simultaneous_z, CardGroupRow, Standing};
pub use elo::{elo_from_score, score_from_elo, Pentanomial, Sprt, SprtDecision, Wdl};
pub use logistic::{brier, fit_logistic, log_loss, LogisticFit};
pub use loss::{final_test, Final, FinalRow, GroupValues, LossTerm, FINAL_RESAMPLES};
pub use output::{unused_path, write_csv, write_json, OutputError, RunDir};
pub use paired::{
    benjamini_hochberg, compare_rows, holm, tests_of, CompareRow, Correction, Difference, Estimate,
    MetricId, PairedStats, TuneRow,
};
pub use rating::{bradley_terry, PairResult};
pub use report::{render_report, render_rungs, write_report, write_rungs_report, ReportError};
pub use score::{
    bounded_mean_interval95, effective_games, pentanomial_interval95, score_interval95,
    wdl_interval95, ScoreMethod,
};
pub use stats::{
    half_points, win_share12, CardEvents, CardStats, GameCards, Outcome, RunStats, SeatStats,
};
pub use tables::{card_rows, shot_rows, summary_rows, CardRow, ShotRow, SummaryRow};
pub use tournament::{
    agent_pentanomial_interval, matchup_rows, rating_rows, MatchStats, MatchupRow, RatingRow,
    BOOTSTRAP_RESAMPLES,
};
pub use wilson::{wilson, wilson95, Interval, Z95};
