//! One file per command: each turns its parsed flags into the lab's options, calls the
//! library and prints the result.

pub mod bench;
pub mod card_value;
pub mod compare;
pub mod fit_eval;
pub mod games;
pub mod ladder;
pub mod merge;
pub mod play;
pub mod replay;
pub mod resume;
pub mod rules;
pub mod run;
pub mod selfplay;
pub mod trace;
pub mod tune;
