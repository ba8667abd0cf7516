//! The games `sim` knows, and how a command reaches a game loaded with its rules.
//!
//! Games register in one place, the engine's registration list (`engine/src/lib.rs`, read
//! through [`engine::core::visit_game`]); every command finds them through
//! [`engine::core::Registered`] and [`dispatch`].

use crate::infra::options::{GameOptions, RuleSetOptions};
use crate::infra::rules::{self, Resolved};
use crate::infra::schedule::{Format, Schedule};
use agents::AgentSpec;
use anyhow::{bail, Context, Result};
use engine::core::{visit_game, EmbeddedRules, Game, GameInfo, GameVisitor, Registered};

/// The `--game` names of every registered game, in registration order.
pub const NAMES: &[&str] = engine::core::NAMES;

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
    agents::AgentDefaults::parse(R::AGENT_DEFAULTS, &agent_defaults_file(R::NAME))
        .map_err(anyhow::Error::msg)
}

/// The defaults of agent parameters of the game called `name` (a registered game; in
/// this crate's tests also the test solitaire); none for another name. Errors: as
/// [`agent_defaults_of`].
pub fn agent_defaults(name: &str) -> Result<agents::AgentDefaults> {
    struct Defaults;
    impl GameVisitor for Defaults {
        type Output = Result<agents::AgentDefaults>;
        fn visit<R: Registered>(&mut self) -> Self::Output {
            agent_defaults_of::<R>()
        }
    }
    if let Some(defaults) = visit_game(name, &mut Defaults) {
        return defaults;
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
        &|| engine::core::Observation::observation_size(&game.new_initial_state()),
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
    for spec in effective_specs(info.name, &specs)? {
        make_agent(&spec)?;
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

/// A command that runs on any registered game (a generic closure).
pub trait GameTask {
    /// What the command returns.
    type Output;
    /// Runs the command on game `R`.
    fn call<R: Registered>(self) -> Result<Self::Output>;
}

/// Runs `f` on the registered game called `name` and returns its output. Errors: an
/// unknown name (clap has already checked it against [`NAMES`]), or `f`'s error.
pub fn dispatch<F: GameTask>(name: &str, f: F) -> Result<F::Output> {
    struct Call<F>(Option<F>);
    impl<F: GameTask> GameVisitor for Call<F> {
        type Output = Result<F::Output>;
        fn visit<R: Registered>(&mut self) -> Self::Output {
            self.0.take().expect("one visit").call::<R>()
        }
    }
    visit_game(name, &mut Call(Some(f)))
        .unwrap_or_else(|| bail!("unknown game '{name}' (games: {})", NAMES.join(", ")))
}

/// `sim games`: one line per registered game, tab-separated: its `--game` name, its
/// numbers of players (`2` or `2-4`), its description and its shipped rule sets (comma
/// separated). Errors: a game's default rules failing to load (a build bug).
pub fn catalogue() -> Result<Vec<String>> {
    struct Line;
    impl GameTask for Line {
        type Output = String;
        fn call<R: Registered>(self) -> Result<String> {
            let (game, _) = rules::load::<R>(None, &[])?;
            Ok(catalogue_line(R::NAME, R::ABOUT, R::RULES, game.info()))
        }
    }
    NAMES.iter().map(|name| dispatch(name, Line)).collect()
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
