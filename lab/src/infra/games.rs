//! The games `sim` knows, and how a command reaches a game loaded with its rules.
//!
//! Games register in one place, the engine's registration list (`engine/src/lib.rs`). The
//! lab itself names no game: it depends on `engine-core` alone, and each command's code for
//! a game sits in a [`PerGame`] table, one function per game, filled at start by the
//! program (`lab_games::install`, which `sim`, the Python module and the tests call: it
//! visits the engine's games with [`crate::commands::Installer`]). The games' generic
//! code is so compiled in `lab-games`, and a change to a game rebuilds that crate, not
//! the lab. The lab's own unit tests fill each table from the engine on first use.

use crate::infra::options::{GameOptions, RuleSetOptions};
use crate::infra::rules::{self, Resolved};
use crate::infra::schedule::{Format, Schedule};
use agents::AgentSpec;
use anyhow::{bail, Context, Result};
use engine_core::{EmbeddedRules, Game, GameInfo, Registered};
use std::sync::RwLock;

/// A command's code for one game, made for each game by [`PerGameFn::make`] and kept in a
/// [`PerGame`] table: the generic code is instantiated where the games are named (by the
/// program's installer), not in the lab.
pub trait PerGameFn: 'static {
    /// The function (or data) kept for each game: a `fn` pointer, or a small `Copy`
    /// struct of them.
    type Fn: Copy + Send + Sync + 'static;
    /// The entry of game `R`.
    fn make<R: Registered>() -> Self::Fn;
}

/// A table of one command's code, one [`PerGameFn::Fn`] per installed game, in the
/// order of installation (the engine's registration order). Filled by [`PerGame::add`]
/// (the installer, [`crate::commands::install_game`]), read by [`PerGame::of`].
pub struct PerGame<M: PerGameFn> {
    entries: RwLock<Vec<(&'static str, M::Fn)>>,
}

impl<M: PerGameFn> PerGame<M> {
    /// An empty table, for a `static`.
    pub const fn new() -> Self {
        PerGame {
            entries: RwLock::new(Vec::new()),
        }
    }

    /// Adds game `R`'s entry ([`PerGameFn::make`]), once: a second call for the same
    /// game changes nothing.
    pub fn add<R: Registered>(&self) {
        let mut entries = self.entries.write().unwrap_or_else(|p| p.into_inner());
        if !entries.iter().any(|(name, _)| *name == R::NAME) {
            entries.push((R::NAME, M::make::<R>()));
        }
    }

    /// The entry of the game called `name`. Errors, one line: an unknown name (with the
    /// installed names), or a program that installed no game (a build bug).
    pub fn of(&self, name: &str) -> Result<M::Fn> {
        #[cfg(test)]
        self.fill_for_tests();
        let entries = self.entries.read().unwrap_or_else(|p| p.into_inner());
        if let Some((_, f)) = entries.iter().find(|(n, _)| *n == name) {
            return Ok(*f);
        }
        if entries.is_empty() {
            bail!(
                "unknown game '{name}': this program installed no game (a build bug: it must \
                 call lab_games::install() at start)"
            );
        }
        let names: Vec<&str> = entries.iter().map(|(n, _)| *n).collect();
        bail!("unknown game '{name}' (games: {})", names.join(", "))
    }

    /// The names of the installed games, in order.
    pub fn names(&self) -> Vec<&'static str> {
        #[cfg(test)]
        self.fill_for_tests();
        let entries = self.entries.read().unwrap_or_else(|p| p.into_inner());
        entries.iter().map(|(n, _)| *n).collect()
    }

    /// In the lab's unit tests (whose lab is a copy of its own, which no installer
    /// reaches): the engine's games, added on first use. The check and the filling
    /// happen under one write lock, so a test on another thread never sees the table
    /// half filled (it once found only the first game).
    #[cfg(test)]
    fn fill_for_tests(&self) {
        let mut entries = self.entries.write().unwrap_or_else(|p| p.into_inner());
        if !entries.is_empty() {
            return;
        }
        type Entries<M> = Vec<(&'static str, <M as PerGameFn>::Fn)>;
        struct Fill<'a, M: PerGameFn>(&'a mut Entries<M>);
        impl<M: PerGameFn> engine_core::GameVisitor for Fill<'_, M> {
            type Output = ();
            fn visit<G: Registered>(&mut self) {
                if !self.0.iter().any(|(name, _)| *name == G::NAME) {
                    self.0.push((G::NAME, M::make::<G>()));
                }
            }
        }
        engine::core::for_each_game(&mut Fill::<M>(&mut entries));
    }
}

impl<M: PerGameFn> Default for PerGame<M> {
    fn default() -> Self {
        Self::new()
    }
}

/// Declares a [`PerGameFn`]: `per_game_fn!(/// docs… pub Name: FnType = |R| expr)`, whose
/// entry for game `R` is `expr` (a non-capturing closure over `R` coerces to the `fn`
/// type).
macro_rules! per_game_fn {
    ($(#[$m:meta])* $vis:vis $name:ident: $ty:ty = |$r:ident| $make:expr) => {
        $(#[$m])*
        $vis struct $name;
        impl $crate::infra::games::PerGameFn for $name {
            type Fn = $ty;
            fn make<$r: engine_core::Registered>() -> $ty {
                $make
            }
        }
    };
}
pub(crate) use per_game_fn;

/// What the lab keeps of each game beyond its commands: its description for `sim games`
/// and its defaults of agent parameters ([`Registered::AGENT_DEFAULTS`]).
#[derive(Clone, Copy)]
pub struct GameData {
    /// `sim games`' line of the game ([`catalogue`]).
    catalogue_line: fn() -> Result<String>,
    /// The text of `configs/<game>/agents.toml`.
    agent_defaults: &'static str,
}

/// The [`PerGameFn`] of [`GAMES`].
pub struct Data;

impl PerGameFn for Data {
    type Fn = GameData;
    fn make<R: Registered>() -> GameData {
        GameData {
            catalogue_line: || {
                let (game, _) = rules::load::<R>(None, &[])?;
                Ok(catalogue_line(R::NAME, R::ABOUT, R::RULES, game.info()))
            },
            agent_defaults: R::AGENT_DEFAULTS,
        }
    }
}

/// The installed games: their names (in the engine's registration order) and data.
pub static GAMES: PerGame<Data> = PerGame::new();

/// The `--game` names of every installed game, in registration order.
pub fn names() -> Vec<&'static str> {
    GAMES.names()
}

/// A game loaded with its rules, and how to describe those rules in `run.json`.
pub struct Loaded<G: Game> {
    /// The validated rule set.
    pub game: G,
    /// Where the rules came from: `default`, a shipped rule set's name or a file path,
    /// with its `--set` overrides.
    pub rules_source: String,
    /// The resolved rules tree as JSON (for `run.json`).
    pub rules_json: serde_json::Value,
    /// The resolved rules as a complete rules file (for `shard.json`).
    pub rules_toml: String,
    /// The resolved rules, with the source of every key.
    pub resolved: Resolved,
    /// The game's warnings about this rule set (a degenerate game).
    pub warnings: Vec<String>,
}

impl<G: Game> Loaded<G> {
    /// The game's name (`grangol`).
    pub fn name(&self) -> &'static str {
        self.game.info().name
    }

    /// Everything but the game itself, without the game's type.
    pub fn view(&self) -> LoadedView<'_> {
        LoadedView {
            info: self.game.info(),
            rules_source: &self.rules_source,
            rules_json: &self.rules_json,
            rules_toml: &self.rules_toml,
            resolved: &self.resolved,
            warnings: &self.warnings,
        }
    }
}

/// A [`Loaded`] game seen without its type: its description and its rules, for the code
/// of the commands that plays no game (compiled once, not once per game).
#[derive(Clone, Copy)]
pub struct LoadedView<'a> {
    /// The game's description (its `name`, seats, cards, board).
    pub info: &'a GameInfo,
    /// See [`Loaded::rules_source`].
    pub rules_source: &'a str,
    /// See [`Loaded::rules_json`].
    pub rules_json: &'a serde_json::Value,
    /// See [`Loaded::rules_toml`].
    pub rules_toml: &'a str,
    /// See [`Loaded::resolved`].
    pub resolved: &'a Resolved,
    /// See [`Loaded::warnings`].
    pub warnings: &'a [String],
}

impl LoadedView<'_> {
    /// The game's name (`grangol`).
    pub fn name(&self) -> &'static str {
        self.info.name
    }
}

/// Loads game `R` from `rules` (a shipped rule set's name or a file; `None` for the
/// default) with the overrides `sets`. Errors: every problem of the rule set, one line
/// each ([`rules::RuleErrors`]).
pub fn load<R: Registered>(rules: Option<&str>, sets: &[String]) -> Result<Loaded<R>> {
    let (game, resolved) = rules::load::<R>(rules, sets)?;
    let (rules_json, rules_toml) = described(R::NAME, R::RULES, &resolved)?;
    let warnings = game.warnings();
    Ok(Loaded {
        game,
        rules_source: resolved.label.clone(),
        rules_json,
        rules_toml,
        resolved,
        warnings,
    })
}

/// The resolved rules of the game called `game` (whose shipped rule sets are `shipped`)
/// as JSON and as a complete rules file, for [`Loaded`].
fn described(
    game: &str,
    shipped: &[EmbeddedRules],
    resolved: &Resolved,
) -> Result<(serde_json::Value, String)> {
    let rules_json =
        serde_json::to_value(&resolved.tree).context("cannot write the rules as JSON")?;
    let rules_toml = rules::to_toml_of(game, shipped, resolved)?;
    Ok((rules_json, rules_toml))
}

/// The game `R` on `rule_set` ([`load`] with the overrides of [`sets`]). Errors, one
/// line: those of [`sets`] and of [`load`].
pub fn load_rule_set<R: Registered>(rule_set: &RuleSetOptions) -> Result<Loaded<R>> {
    let sets = sets::<R>(&GameOptions {
        game: R::NAME.to_string(),
        set: rule_set.set.clone(),
        players: rule_set.players,
        ..Default::default()
    })?;
    load::<R>(rule_set.rules.as_deref(), &sets)
}

/// The `--set` overrides of `args` for game `R`, with `--players N` first as
/// `players=N` when the game's default rules declare a `players` key. Errors, one line:
/// `--players` at a game played by a fixed number of players that is not that number.
pub fn sets<R: Registered>(args: &GameOptions) -> Result<Vec<String>> {
    sets_of(R::NAME, R::RULES, args, &|| {
        let (game, _) = rules::load::<R>(None, &[])?;
        let info = game.info();
        Ok((info.min_seats, info.max_seats))
    })
}

/// [`sets`] for the game called `game` whose shipped rule sets are `shipped`; `seats`
/// loads its default rules and gives their fewest and most seats.
fn sets_of(
    game: &str,
    shipped: &[EmbeddedRules],
    args: &GameOptions,
    seats: &dyn Fn() -> Result<(usize, usize)>,
) -> Result<Vec<String>> {
    let mut sets = Vec::with_capacity(args.set.len() + 1);
    if let Some(n) = args.players {
        let declared = shipped[0]
            .text
            .parse::<toml::Table>()
            .map(|t| t.contains_key("players"))
            .unwrap_or(false);
        let (min_seats, max_seats) = seats()?;
        if !(min_seats..=max_seats).contains(&n) {
            if min_seats == max_seats {
                bail!("--players {n}: {game} is played by {min_seats} players");
            }
            bail!("--players {n}: {game} is played by {min_seats} to {max_seats} players");
        }
        if declared {
            sets.push(format!("players={n}"));
        }
    }
    sets.extend(args.set.iter().cloned());
    Ok(sets)
}

/// The one `--rules` of a command that plays one rule set (`rules`: every one given).
/// Errors: more than one.
pub fn single_rules(rules: &[String]) -> Result<Option<&str>> {
    match rules {
        [] => Ok(None),
        [one] => Ok(Some(one.as_str())),
        more => bail!(
            "--rules is given {} times, but this command plays one rule set (compare rule \
             sets with 'sim compare --rules A --rules B')",
            more.len()
        ),
    }
}

/// Where a game's defaults of agent parameters come from, for errors and summaries.
pub fn agent_defaults_file(game: &str) -> String {
    format!("configs/{game}/agents.toml")
}

/// The defaults of agent parameters of game `R` ([`Registered::AGENT_DEFAULTS`], from
/// `configs/<game>/agents.toml`). Errors: one line naming the file, table, key and value.
pub fn agent_defaults_of<R: Registered>() -> Result<agents::AgentDefaults> {
    parse_agent_defaults(R::NAME, R::AGENT_DEFAULTS)
}

/// The defaults of agent parameters of the game called `game`, read from `text` (its
/// `configs/<game>/agents.toml`). Errors: as [`agent_defaults_of`].
fn parse_agent_defaults(game: &str, text: &str) -> Result<agents::AgentDefaults> {
    agents::AgentDefaults::parse(text, &agent_defaults_file(game)).map_err(anyhow::Error::msg)
}

/// The defaults of agent parameters of the game called `name` (a registered game; in
/// this crate's tests also the test solitaire); none for another name. Errors: as
/// [`agent_defaults_of`].
///
/// Each game's file is parsed once per process and kept (its presets are spec texts, read
/// at this edge like `--agents`); a file that does not load is reported at every call.
pub fn agent_defaults(name: &str) -> Result<agents::AgentDefaults> {
    type Cache = std::sync::Mutex<Vec<(String, agents::AgentDefaults)>>;
    static PARSED: std::sync::OnceLock<Cache> = std::sync::OnceLock::new();
    let cache = PARSED.get_or_init(Default::default);
    let lock = || {
        cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    };
    if let Some((_, d)) = lock().iter().find(|(n, _)| n == name) {
        return Ok(d.clone());
    }
    let parsed = parse_agent_defaults_of(name)?;
    lock().push((name.to_string(), parsed.clone()));
    Ok(parsed)
}

/// [`agent_defaults`] without the cache.
fn parse_agent_defaults_of(name: &str) -> Result<agents::AgentDefaults> {
    match GAMES.of(name) {
        Ok(data) => return parse_agent_defaults(name, data.agent_defaults),
        // A program that installed no game (a build bug) is told so.
        Err(e) if GAMES.names().is_empty() => return Err(e),
        Err(_) => {}
    }
    #[cfg(any(test, debug_assertions))]
    if name == <crate::solitaire::Solitaire as Registered>::NAME {
        return agent_defaults_of::<crate::solitaire::Solitaire>();
    }
    Ok(agents::AgentDefaults::none())
}

/// The effective specs of `specs` (as typed after `--agents`) at the game called `game`:
/// the game's defaults of agent parameters laid under the typed ones
/// ([`agents::AgentDefaults::resolve`]); the specs themselves where the game sets
/// nothing. No text is parsed: the typed values are laid over each other. Errors: a
/// defaults file that does not load, a text that is not a spec
/// ([`agents::AgentSpec::readable`]).
pub fn effective_specs(game: &str, specs: &[AgentSpec]) -> Result<Vec<AgentSpec>> {
    let defaults = agent_defaults(game)?;
    specs
        .iter()
        .map(|s| defaults.resolve(s).map_err(anyhow::Error::from))
        .collect()
}

/// Checks `--agents` and the schedule flags of `args` against the game: as many agents
/// as seats (one match), or more (a round robin, or a gauntlet with `--gauntlet`); at a
/// one-seat game each agent plays its games alone, and `--gauntlet` (which needs
/// opponents) is an error; every name known to `agents::make_agent`, and every effective
/// spec (with the game's defaults of agent parameters, [`effective_specs`]) builds.
/// Returns the specs as typed (trimmed) and the schedule.
pub fn check_agents<G: Game>(game: &G, args: &GameOptions) -> Result<(Vec<AgentSpec>, Schedule)> {
    check_agents_of(
        game.info(),
        args,
        &|spec| Ok(agents::make_agent::<G::State>(spec).map(|_| ())?),
        &|| engine_core::Observation::observation_size(&game.new_initial_state()),
    )
}

/// [`check_agents`] at the game described by `info`: `make_agent` builds an agent of
/// the game from a spec, `observation_size` is the size of its observation tensor.
fn check_agents_of(
    info: &GameInfo,
    args: &GameOptions,
    make_agent: &dyn Fn(&AgentSpec) -> Result<()>,
    observation_size: &dyn Fn() -> usize,
) -> Result<(Vec<AgentSpec>, Schedule)> {
    let seats = info.num_seats;
    if args.gauntlet && seats == 1 {
        bail!(
            "--gauntlet plays the first agent against each of the others, but {} with 1 \
             player has no opponents: leave it out, and every agent plays its games alone",
            info.name
        );
    }
    let specs: Vec<AgentSpec> = args.agents.iter().map(AgentSpec::trimmed).collect();
    let format = if args.gauntlet {
        Format::Gauntlet
    } else {
        Format::RoundRobin
    };
    let schedule = Schedule::new(specs.len(), seats, format, args.games, !args.no_duplicate)
        .map_err(|e| anyhow::anyhow!("--agents '{}': {e}", typed_list(&args.agents)))?;
    if args.gauntlet && specs.len() <= seats {
        bail!(
            "--gauntlet plays the first agent against each of the others: name more than \
             {seats} agents"
        );
    }
    let presets = agent_defaults(info.name)?;
    for spec in effective_specs(info.name, &specs)? {
        make_agent(&spec).map_err(|e| {
            // A name that is neither an agent nor a preset of this game: name the presets.
            let names: Vec<&str> = presets.presets().iter().map(|p| p.name.as_str()).collect();
            if agents::agent(spec.name()).is_none() && !names.is_empty() {
                anyhow::anyhow!("{e}; presets of {}: {}", info.name, names.join(", "))
            } else {
                e
            }
        })?;
        agents::check_plays(&spec, info)?;
        // A trained policy (`onnx`) must take this game's observation tensor and give
        // one logit per action code.
        agents::check_model_fits(
            &spec,
            info.name,
            observation_size(),
            info.num_distinct_actions,
        )?;
    }
    Ok((specs, schedule))
}

/// The specs of `--agents` as typed, comma-separated (how error messages quote the
/// flag).
pub fn typed_list(specs: &[AgentSpec]) -> String {
    let typed: Vec<&str> = specs.iter().map(AgentSpec::as_typed).collect();
    typed.join(",")
}

/// A command that runs on any registered game (a generic closure), for the code outside
/// the lab that names its own work on a game (tests, the Python module's custom agents):
/// `lab_games::dispatch` runs it on the game of a name. The lab's own commands reach
/// their games through [`PerGame`] tables.
pub trait GameTask {
    /// What the command returns.
    type Output;
    /// Runs the command on game `R`.
    fn call<R: Registered>(self) -> Result<Self::Output>;
}

/// A [`GameTask`] as a visitor of one game (`engine::core::visit_game(name, &mut
/// Call::new(f))`): how `lab_games::dispatch`, and the lab's unit tests, run a task on
/// the game of a name. A second visit finds the task spent and returns an error.
pub struct Call<F>(Option<F>);

impl<F: GameTask> Call<F> {
    /// The visitor of task `f`.
    pub fn new(f: F) -> Self {
        Call(Some(f))
    }
}

impl<F: GameTask> engine_core::GameVisitor for Call<F> {
    type Output = Result<F::Output>;
    fn visit<R: Registered>(&mut self) -> Self::Output {
        match self.0.take() {
            Some(f) => f.call::<R>(),
            None => bail!("a game task runs once"),
        }
    }
}

/// In the lab's unit tests: runs `f` on the engine's game called `name` (as
/// `lab_games::dispatch` does outside the lab). Errors: an unknown name, `f`'s error.
#[cfg(test)]
pub(crate) fn dispatch<F: GameTask>(name: &str, f: F) -> Result<F::Output> {
    engine::core::visit_game(name, &mut Call::new(f))
        .unwrap_or_else(|| bail!("unknown game '{name}'"))
}

/// In the lab's unit tests: the engine's games.
#[cfg(test)]
pub(crate) const NAMES: &[&str] = engine::core::NAMES;

/// `sim games`: one line per installed game, tab-separated: its `--game` name, its
/// numbers of players (`2` or `2-4`), its description and its shipped rule sets (comma
/// separated). Errors: a game's default rules failing to load (a build bug).
pub fn catalogue() -> Result<Vec<String>> {
    names()
        .iter()
        .map(|name| (GAMES.of(name)?.catalogue_line)())
        .collect()
}

/// The line of [`catalogue`] of the game called `name`, described by `about`, with the
/// shipped rule sets `shipped` and its default rules' `info`.
fn catalogue_line(name: &str, about: &str, shipped: &[EmbeddedRules], info: &GameInfo) -> String {
    let seats = if info.min_seats == info.max_seats {
        info.min_seats.to_string()
    } else {
        format!("{}-{}", info.min_seats, info.max_seats)
    };
    let sets: Vec<&str> = shipped.iter().map(|r| r.name).collect();
    format!("{name}\t{seats}\t{about}\t{}", sets.join(","))
}

/// Loads game `R` as a command that plays one rule set gives it: the one `--rules` of
/// `common` ([`single_rules`]) with its `--set` and `--players` ([`sets`]). The one
/// place a command's game is loaded from its options. Errors: more than one `--rules`,
/// and those of [`load`].
pub fn load_common<R: Registered>(common: &GameOptions) -> Result<Loaded<R>> {
    load::<R>(single_rules(&common.rules)?, &sets::<R>(common)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The game's file replaces a generic default (the test solitaire's 40 iterations),
    /// a parameter typed in `--agents` replaces the file's, and the oracle reads `[mcts]`.
    #[test]
    fn the_games_defaults_lie_under_the_typed_parameters() {
        use crate::solitaire::Solitaire;
        let name = <Solitaire as Registered>::NAME;
        let typed: Vec<AgentSpec> = ["mcts", "mcts(iterations=7,c=0.3)", "oracle", "greedy"]
            .map(|s| AgentSpec::parse(s).unwrap())
            .to_vec();
        let eff = effective_specs(name, &typed).unwrap();
        let text: Vec<String> = eff.iter().map(AgentSpec::to_string).collect();
        assert_eq!(
            text,
            [
                "mcts(iterations=40)",
                "mcts(iterations=7,c=0.3)",
                "oracle(iterations=40)",
                "greedy"
            ]
        );
        let built = |s: &AgentSpec| agents::Mcts::from_spec(s).unwrap().config().iterations;
        assert_eq!((built(&eff[0]), built(&eff[1])), (40, 7));
        assert_eq!(built(&typed[0]), 500, "the generic default is another");
        // A name without a file: the specs as typed.
        assert_eq!(effective_specs("no-such-game", &typed).unwrap(), typed);
    }
}
