//! `sim games`: the registered games ([`lab::infra::games::catalogue`]).

/// `sim games`: one line per registered game, tab-separated: its `--game` name, its
/// numbers of players (`2` or `2-4`), its description and its shipped rule sets.
/// Errors: a game's default rules failing to load (a build bug).
pub fn list() -> anyhow::Result<()> {
    for line in lab::infra::games::catalogue()? {
        say!("{line}");
    }
    Ok(())
}

/// Arguments of `sim games` (none).
#[derive(clap::Args, Debug)]
pub struct GamesArgs {}

impl super::Exec for GamesArgs {
    fn exec(&self) -> anyhow::Result<()> {
        list()
    }
}
