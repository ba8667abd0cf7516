//! One file per command that is not yet a library call of its own: each turns its parsed
//! flags into the lab's options, calls the library and prints the result.

pub mod games;
pub mod rules;
