//! One file per command: each declares its own flags (the groups several commands share
//! are in `args.rs`), turns them into the lab's options, calls the lab's function of that
//! command and prints the result.

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
