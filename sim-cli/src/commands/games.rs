//! `sim games`: the registered games ([`lab::games::NAMES`]).

use anyhow::Result;
use engine::core::Registered;
use lab::games::{dispatch, GameTask, NAMES};
use lab::rules;

/// `sim games`: one line per registered game, tab-separated: its `--game` name, its
/// numbers of players (`2` or `2-4`), its description and its shipped rule sets.
/// Errors: a game's default rules failing to load (a build bug).
pub fn list() -> Result<()> {
    struct Line;
    impl GameTask for Line {
        fn call<R: Registered>(self) -> Result<()> {
            let (game, _) = rules::load::<R>(None, &[])?;
            let info = game.info();
            let seats = if info.min_seats == info.max_seats {
                info.min_seats.to_string()
            } else {
                format!("{}-{}", info.min_seats, info.max_seats)
            };
            let sets: Vec<&str> = R::RULES.iter().map(|r| r.name).collect();
            say!("{}\t{seats}\t{}\t{}", R::NAME, R::ABOUT, sets.join(","));
            Ok(())
        }
    }
    for name in NAMES {
        dispatch(name, Line)?;
    }
    Ok(())
}
