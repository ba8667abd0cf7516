//! `sim agents`: the agents `--agents` accepts, with their parameters and defaults.

use crate::args::game_name;
use clap::Args;
use lab::infra::games;

/// Arguments of `sim agents`.
#[derive(Args, Debug)]
pub struct AgentsArgs {
    /// Show the defaults this game plays with: its `configs/<game>/agents.toml` (embedded)
    /// over the generic defaults; parameters it sets are marked.
    #[arg(long, short = 'g', value_parser = game_name)]
    pub game: Option<String>,
}

impl super::Exec for AgentsArgs {
    fn exec(&self) -> anyhow::Result<()> {
        print_agents(self.game.as_deref())
    }
}

/// Prints the agents `--agents` accepts, with their parameters and defaults; with a
/// game, the defaults that game plays with (its `configs/<game>/agents.toml` over the
/// generic ones, each of its values marked). Errors: the game's defaults file does not
/// load (one line).
fn print_agents(game: Option<&str>) -> anyhow::Result<()> {
    let defaults = match game {
        Some(g) => games::agent_defaults(g)?,
        None => agents::AgentDefaults::none(),
    };
    if let Some(g) = game {
        let file = games::agent_defaults_file(g);
        if defaults.is_empty() {
            say!("{g}: {file} sets no parameter: the generic defaults hold");
        } else {
            say!("{g}: parameters marked [{file}] are this game's defaults");
        }
        say!();
        print_presets(g, &defaults);
    }
    for entry in agents::AGENTS {
        let agents::AgentEntry {
            name,
            about,
            params,
            ..
        } = entry;
        match entry.feature.filter(|_| !entry.available()) {
            Some(feature) => say!(
                "{name}: [not in this build: feature '{feature}'; {}] {about}",
                agents::build_with(feature)
            ),
            None => say!("{name}: {about}"),
        }
        let own = defaults.params_for(name);
        for p in params.iter() {
            match own.iter().find(|(k, _)| k == p.name) {
                Some((_, v)) => say!(
                    "    {}={v}  [{}; generic default {}]  {}",
                    p.name,
                    games::agent_defaults_file(game.unwrap_or_default()),
                    p.default,
                    p.help
                ),
                None => say!("    {}={}  {}", p.name, p.default, p.help),
            }
        }
    }
    say!();
    say!(
        "Agents marked SEES HIDDEN INFORMATION ({}) read the true deal: the lab marks every \
         seat they play in its summaries and run.json.",
        agents::AGENTS
            .iter()
            .filter(|a| a.sees_hidden_information)
            .map(|a| a.name)
            .collect::<Vec<_>>()
            .join(", ")
    );
    say!("Example: --agents 'mcts(iterations=400,c=0.7),greedy'");
    if game.is_none() {
        say!("Strength presets (casual, club, expert…) are per game: sim agents --game NAME");
    }
    Ok(())
}

/// Prints the strength presets of game `g` (its `[presets]`): each name, the agent it
/// plays, how, and what was measured of it.
fn print_presets(g: &str, defaults: &agents::AgentDefaults) {
    let presets = defaults.presets();
    if presets.is_empty() {
        return;
    }
    let (first, last) = (&presets[0].name, &presets[presets.len() - 1].name);
    say!(
        "{g}: strength presets, typed as agents (`--agents {first},{last}`; parameters typed \
         after a preset's name change its agent's, as in `{last}(c=0.3)`):"
    );
    for p in presets {
        say!("  {}: {}  {}", p.name, p.agent, p.about);
        if !p.measured.is_empty() {
            say!("      measured: {}", p.measured);
        }
    }
    say!();
}
