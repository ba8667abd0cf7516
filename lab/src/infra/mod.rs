//! The lab's infrastructure, which every command uses and none owns: the games by name
//! and their rules (`games`, `rules`), the options of every command (`options`), playing
//! one game (`play`), the schedule of games and seeds (`schedule`), the parallel runner
//! (`runner`), progress on standard error (`progress`), game records (`record`), and the
//! persistence of long commands (`journal`, `long_command`, `checkpoint`, `sealed`), with
//! the lab's typed error (`error`). The commands themselves are in [`crate::commands`].

pub mod board_text;
pub mod checkpoint;
pub mod error;
pub mod games;
pub mod journal;
pub mod long_command;
pub mod options;
pub mod play;
pub mod progress;
pub mod record;
pub mod rules;
pub mod runner;
pub mod schedule;
pub mod sealed;
