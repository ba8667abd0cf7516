//! One file per command: each turns its parsed flags into the lab's options, calls the
//! library and prints the result. (The long commands, `run`, `compare`, `sweep`, `tune`,
//! `card-value`, `fit-eval` and `ladder`, are still modules of their own at the crate's
//! root until they move into `lab`, issue 26.)

pub mod bench;
pub mod games;
pub mod merge;
pub mod replay;
pub mod resume;
pub mod rules;
pub mod trace;
