//! A match of `sim run` in which some agents are built by the caller instead of the agent
//! table: how the Python package seats a Python callable (a policy in training) against
//! `greedy` or `mcts`, with the lab's schedule, duplicate deals, seeds and statistics.
//!
//! [`run_custom`] plans the run as [`crate::commands::run::run`] does (the caller's agents stand in
//! the schedule under their labels), plays every game on the calling thread with one
//! [`Player`] whose custom seats hold the caller's agents, adds each game to the run's
//! [`Tally`] exactly as the parallel runner does, and writes the same run folder
//! ([`crate::commands::run::finish`]). The counts are integers added in schedule order, so the files
//! are those `sim run` writes for the same agents, seed and games: an agent the caller
//! wraps from the table (`agents::make_agent("greedy")`) gives the numbers of `greedy`
//! (`lab/tests/it/custom_agents.rs`).
//!
//! One thread, no checkpoint, no `--sprt`, no `--shard`: a caller-built agent may hold
//! state that is not `Sync` (a Python interpreter), and it is the slow part anyway.

use crate::commands::run::{play_groups, run_planned, RunReport, Tally, TraceCommand};
use crate::infra::games::Loaded;
use crate::infra::journal::Journal;
use crate::infra::options::{LongRunOptions, RunOptions};
use crate::infra::play::Player;
use agents::AgentSpec;
use anyhow::{bail, Result};
use engine_core::{Agent, Game};

/// An agent built by the caller, seated as one agent of a run.
pub struct CustomAgent<S: engine_core::GameState> {
    /// Which agent of `RunOptions::common.agents` it is: the entry there is its label
    /// (any text, read with [`AgentSpec::read`]; it names the agent in every file), not a
    /// spec of the agent table.
    pub index: usize,
    /// The agent. It sees only its seat's `PlayerView`, as every agent.
    pub agent: Box<dyn Agent<S>>,
}

/// `sim run` with the agents `custom` built by the caller: the games of `args` (its
/// agents, schedule, seed, rules) played on the calling thread, the run folder written as
/// [`crate::commands::run::run`] writes it, and the summary returned. `after_game` is called after
/// every game; an error from it stops the run (how a caller reports that its agent
/// failed: the agent returns any legal action and the caller returns the failure here).
/// `args.output.threads` and `args.long.checkpoint` are ignored. Errors: those of
/// [`crate::commands::run::run`]; a custom index out of range or given twice; `--sprt` or
/// `--shard`; the error of `after_game`.
pub fn run_custom<G: Game>(
    game: &Loaded<G>,
    args: &RunOptions,
    custom: Vec<CustomAgent<G::State>>,
    after_game: &mut dyn FnMut() -> Result<()>,
) -> crate::infra::error::Result<RunReport> {
    run_custom_keep(game, args, custom, after_game).map_err(crate::Error::from)
}

/// [`run_custom`] with `anyhow` errors.
fn run_custom_keep<G: Game>(
    game: &Loaded<G>,
    args: &RunOptions,
    custom: Vec<CustomAgent<G::State>>,
    after_game: &mut dyn FnMut() -> Result<()>,
) -> Result<RunReport> {
    if args.sprt.is_some() || args.long.shard.is_some() {
        bail!("a run with agents built by the caller takes neither --sprt nor --shard");
    }
    let typed: Vec<AgentSpec> = args.common.agents.iter().map(AgentSpec::trimmed).collect();
    let mut is_custom = vec![false; typed.len()];
    for c in &custom {
        if c.index >= typed.len() {
            bail!(
                "custom agent {} is out of range: the run has {} agents",
                c.index,
                typed.len()
            );
        }
        if std::mem::replace(&mut is_custom[c.index], true) {
            bail!("custom agent {} is given twice", c.index);
        }
        if typed[c.index].as_str().is_empty() {
            bail!("custom agent {} has an empty label", c.index);
        }
    }
    // The schedule and the other agents are checked as `sim run` checks them, with the
    // baseline (which plays every game) standing in for the caller's agents.
    let stand_in = AgentSpec::named(agents::baseline().name);
    let specs: Vec<AgentSpec> = typed
        .iter()
        .zip(&is_custom)
        .map(|(s, &c)| if c { stand_in.clone() } else { s.clone() })
        .collect();
    let mut checked = args.clone();
    checked.common.agents = specs.clone();
    let mut plan = crate::commands::run::plan(game, &checked)?;
    plan.specs = typed;
    plan.labels = crate::commands::run::labels(&plan.specs);
    plan.threads = 1;
    plan.trace =
        TraceCommand::new(game.name(), &args.common).with(args.common.games, args.common.seed);
    // The journal opens and finishes the folder; it keeps nothing, as nothing here could
    // be resumed (the caller's agents are not recorded).
    let journal = Journal::new("run", args, Some(1), LongRunOptions::default())
        .keeping_nothing("a run with agents built by the caller keeps no checkpoint");
    let mut player = Player::new(&game.game, &specs, plan.seed)
        .max_actions(plan.max_actions, plan.trace.clone());
    for c in custom {
        player.seat(c.index, c.agent);
    }
    let play = move |plan: &crate::commands::run::Plan| {
        let mut tally = Tally::new(plan, game.game.info());
        let bar = crate::infra::progress::Progress::new(plan.games(), "games");
        let played = play_groups(
            &mut player,
            plan,
            plan.groups.clone(),
            &mut tally,
            &bar,
            after_game,
        )?;
        bar.finish();
        if !played {
            return Err(crate::infra::checkpoint::nothing_kept(
                "a run with agents built by the caller keeps no checkpoint",
            )
            .into());
        }
        Ok((tally, None))
    };
    let (_, _, report) = run_planned(
        game,
        plan,
        (args.common.gauntlet, false),
        Some(&journal),
        &|| journal.elapsed(),
        play,
    )?;
    Ok(report)
}
