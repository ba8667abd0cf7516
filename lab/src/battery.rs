//! The agent × rule-set battery (issue 23): every registered agent plays every registered
//! game under every shipped rule set, every value of every enumerated or boolean option
//! and every player count the game allows, while [`check_play`] checks every state.
//!
//! Everything is read from the registries, so a new game, agent, rule set or option is
//! covered without editing this file: the games from `registered_games!`
//! (`engine::core::NAMES`), the agents from [`agents::AGENTS`], the rule sets from each
//! game's embedded files, the options from its default rules file (the schema): a boolean
//! takes both values, a text option every value the game's reader accepts (the list its
//! "unknown value" error gives, as `sim rules` reports it). Each rule set is played as it
//! is and with each option value it does not already have, one option at a time.
//!
//! `BATTERY_GAMES=N` plays N games per case (default 1); `docs/fuzzing.md` records a
//! long run.

use crate::infra::games::{dispatch, GameTask, NAMES};
use crate::infra::rules;
use engine_core::testing::{check_play, BatteryReport, Picker};
use engine_core::{
    derive_rng, sample_chance, ActionList, Agent, ChanceList, GameState, Heuristic, PlayerView,
    Registered, Rng, Stream, Turn,
};
use rayon::prelude::*;

/// Iterations of `mcts` in the battery (its default budget would take minutes).
const MCTS_ITERATIONS: u32 = 24;

/// The `--agents` spec the battery plays for the registered agent `name`: its defaults,
/// but a small search budget for the agents with an `iterations` parameter (`mcts` and
/// `oracle`, read from the agent table).
pub fn battery_spec(name: &str) -> String {
    let searches =
        agents::agent(name).is_some_and(|a| a.params.iter().any(|p| p.name == "iterations"));
    if searches {
        format!("{name}(iterations={MCTS_ITERATIONS})")
    } else {
        name.to_string()
    }
}

/// One case of the battery: a game, a shipped rule set, at most one `--set` option value,
/// a player count and an agent in every seat.
#[derive(Clone, Debug)]
pub struct Case {
    /// The game's `--game` name.
    pub game: &'static str,
    /// The shipped rule set's name.
    pub rules: &'static str,
    /// The option value set on top of the rule set (`options.flip="both-at-once"`), if any.
    pub set: Option<String>,
    /// Players at the table.
    pub players: usize,
    /// The agent's spec.
    pub agent: String,
}

impl std::fmt::Display for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "--game {} --rules {}{} --players {} --agents {}",
            self.game,
            self.rules,
            self.set
                .as_deref()
                .map(|s| format!(" --set '{s}'"))
                .unwrap_or_default(),
            self.players,
            self.agent
        )
    }
}

/// Makes the agents of the battery: their specs, and an agent of a spec for a case.
pub trait Agents: Sync {
    /// The specs to play (one agent in every seat of a case).
    fn specs(&self) -> Vec<String>;
    /// The agent `spec` for a game with state `S`, in `case`.
    fn make<S: Heuristic>(&self, spec: &str, case: &Case) -> Box<dyn Agent<S>>;
}

/// The registered agents ([`agents::AGENTS`], through [`agents::make_agent`]).
pub struct Registry;

impl Agents for Registry {
    fn specs(&self) -> Vec<String> {
        // An agent built from a file (`onnx`: a model of the game's sizes) is played by
        // its own tests (onnx/tests/it/onnx.rs), never from its name alone.
        agents::AGENTS
            .iter()
            .filter(|a| !a.needs_file())
            .map(|a| battery_spec(a.name))
            .collect()
    }

    fn make<S: Heuristic>(&self, spec: &str, _case: &Case) -> Box<dyn Agent<S>> {
        let spec = agents::AgentSpec::parse(spec).expect("a battery spec reads");
        agents::make_agent::<S>(&spec).expect("a registered agent's battery spec is valid")
    }
}

/// What a battery run did.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Cases played.
    pub cases: usize,
    /// Games played, decisions checked.
    pub games: usize,
    /// Decisions checked.
    pub decisions: usize,
    /// Combinations the game refuses (an option that needs another player count), one
    /// line each: not failures.
    pub refused: Vec<String>,
    /// Failures (a panic, a broken invariant, an illegal action), one line each, naming
    /// the case.
    pub failures: Vec<String>,
}

/// The values of every enumerated or boolean option of game `R`'s schema (its default
/// rules file), as `(dotted key, values as TOML literals)`: a boolean's two values; a
/// text key's values as the game's reader lists them when given an unknown one.
pub fn option_values<R: Registered>() -> Vec<(String, Vec<String>)> {
    fn walk<R: Registered>(
        schema: &toml::Table,
        table: &toml::Table,
        path: &mut Vec<String>,
        out: &mut Vec<(String, Vec<String>)>,
    ) {
        for (k, v) in table {
            path.push(k.clone());
            match v {
                toml::Value::Table(t) => walk::<R>(schema, t, path, out),
                toml::Value::Boolean(_) => {
                    out.push((path.join("."), vec!["true".into(), "false".into()]))
                }
                toml::Value::String(_) => {
                    let mut probe = schema.clone();
                    rules::set_leaf(&mut probe, path, toml::Value::String("\u{1}".into()));
                    if let Err(msg) = R::parse(&probe) {
                        let values = enumerated(&msg);
                        if !values.is_empty() {
                            let values = values
                                .iter()
                                .map(|s| toml::Value::String(s.clone()).to_string());
                            out.push((path.join("."), values.collect()));
                        }
                    }
                }
                _ => {}
            }
            path.pop();
        }
    }
    let schema = rules::default_tree::<R>();
    let mut out = Vec::new();
    walk::<R>(&schema, &schema, &mut Vec::new(), &mut out);
    out
}

/// The values an "unknown variant" message of the reader lists (`` unknown variant `x`,
/// expected one of `a`, `b` `` or `` expected `a` or `b` ``); empty for any other message.
fn enumerated(msg: &str) -> Vec<String> {
    let Some(i) = msg.find("unknown variant") else {
        return Vec::new();
    };
    let Some((_, allowed)) = msg[i..].split_once(", expected ") else {
        return Vec::new();
    };
    let allowed = allowed.lines().next().unwrap_or_default();
    allowed
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Plays the battery's moves inside [`check_play`]: a mirror of the checked game in which
/// the agents choose (each seeing only its seat's view) and chance is sampled; it answers
/// each pick with the index of the chosen move, so both states stay equal.
struct AgentPicks<S: GameState> {
    state: S,
    agents: Vec<Box<dyn Agent<S>>>,
    seats: Vec<Rng>,
    chance_rng: Rng,
    legal: ActionList,
    chance: ChanceList,
    error: Option<String>,
}

impl<S: GameState> Picker for AgentPicks<S> {
    fn pick(&mut self, step: usize, n: usize, chance: bool) -> Option<usize> {
        let (action, index) = match self.state.turn() {
            Turn::Chance => {
                self.state.chance_outcomes(&mut self.chance);
                let a = sample_chance(&self.chance, &mut self.chance_rng);
                (a, self.chance.iter().position(|&(c, _)| c == a))
            }
            Turn::Decision(seat) => {
                self.state.legal_actions(&mut self.legal);
                let view = PlayerView::new(&self.state, seat);
                let a =
                    self.agents[usize::from(seat)].act(&view, &mut self.seats[usize::from(seat)]);
                (a, self.legal.iter().position(|&l| l == a))
            }
            Turn::Terminal => {
                self.error
                    .get_or_insert_with(|| format!("step {step}: a move asked at the end"));
                return None;
            }
        };
        match index {
            Some(i) if chance == matches!(self.state.turn(), Turn::Chance) => {
                self.state.apply(action);
                Some(i)
            }
            _ => {
                self.error.get_or_insert_with(|| {
                    format!("step {step}: {action:?} is not one of the {n} moves")
                });
                None
            }
        }
    }
}

/// The text of a panic's payload.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// Plays `games` games of `case` from `seed` on `game`, checked; one line on a failure.
fn play_case<R: Registered>(
    game: &R,
    case: &Case,
    agents: &impl Agents,
    games: usize,
    seed: u64,
) -> Result<BatteryReport, String> {
    let mut report = BatteryReport::default();
    for g in 0..games as u64 {
        let seats = game.info().num_seats;
        let mut error = None;
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut picks = AgentPicks {
                state: game.new_initial_state(),
                agents: (0..seats)
                    .map(|_| agents.make::<R::State>(&case.agent, case))
                    .collect(),
                seats: (0..seats)
                    .map(|s| derive_rng(seed, g, Stream::Seat(s as u8)))
                    .collect(),
                chance_rng: derive_rng(seed, g, Stream::Chance(0)),
                legal: ActionList::new(),
                chance: ChanceList::new(),
                error: None,
            };
            let mut rng = derive_rng(seed, g, Stream::Other(0));
            let checked = check_play(game, &mut rng, &mut picks, &mut report);
            error = picks.error;
            checked
        }));
        let result = match (error, result) {
            (Some(e), _) => Err(e),
            (None, Ok(r)) => r,
            (None, Err(payload)) => Err(format!("panicked: {}", panic_text(&*payload))),
        };
        result.map_err(|m| format!("{case} (seed {seed}, game {g}): {m}"))?;
    }
    Ok(report)
}

/// The cases of game `R` for the agents `specs`: every shipped rule set as it is and with
/// the default rule set with each option value it does not already have, at every
/// player count; the games loaded.
/// Refused combinations go to `refused`.
fn cases<R: Registered>(
    specs: &[String],
    refused: &mut Vec<String>,
) -> (Vec<R>, Vec<(usize, Case)>) {
    let (default, _) = rules::load::<R>(None, &[]).expect("a game's default rules load");
    let info = default.info();
    let declares_players = rules::default_tree::<R>().contains_key("players");
    let players: Vec<usize> = if declares_players {
        (info.min_seats..=info.max_seats).collect()
    } else {
        vec![info.num_seats]
    };
    let options = option_values::<R>();
    let (mut loaded, mut out) = (Vec::new(), Vec::new());
    // Every shipped rule set as it is, then every option value that the default rules
    // do not have, on the default rules.
    let mut sets: Vec<(&'static str, Option<String>)> =
        R::RULES.iter().map(|r| (r.name, None)).collect();
    let default_tree = rules::default_tree::<R>();
    for (key, values) in &options {
        let path: Vec<String> = key.split('.').map(str::to_string).collect();
        let current = rules::get_leaf(&default_tree, &path).map(|v| v.to_string());
        for v in values {
            if current.as_deref() != Some(v.as_str()) {
                sets.push((R::RULES[0].name, Some(format!("{key}={v}"))));
            }
        }
    }
    for (shipped, set) in &sets {
        for &n in &players {
            let mut args: Vec<String> = Vec::new();
            if declares_players {
                args.push(format!("players={n}"));
            }
            args.extend(set.clone());
            let case = |agent: &String| Case {
                game: R::NAME,
                rules: shipped,
                set: set.clone(),
                players: n,
                agent: agent.clone(),
            };
            match rules::load::<R>(Some(shipped), &args) {
                Ok((game, _)) => {
                    out.extend(specs.iter().map(|a| (loaded.len(), case(a))));
                    loaded.push(game);
                }
                Err(e) => refused.push(format!(
                    "{} --rules {} --set {}: {}",
                    R::NAME,
                    shipped,
                    args.join(" --set "),
                    e.to_string().lines().next().unwrap_or_default()
                )),
            }
        }
    }
    (loaded, out)
}

/// Runs the battery on every registered game (or only `only`) with `agents`, `games`
/// games per case, in parallel. Every failure is a line of [`Outcome::failures`].
pub fn run(agents: &impl Agents, only: Option<&str>, games: usize, seed: u64) -> Outcome {
    struct Task<'a, A: Agents> {
        agents: &'a A,
        games: usize,
        seed: u64,
        outcome: &'a mut Outcome,
    }
    impl<A: Agents> GameTask for Task<'_, A> {
        type Output = ();
        fn call<R: Registered>(self) -> anyhow::Result<()> {
            let specs = self.agents.specs();
            let (loaded, cases) = cases::<R>(&specs, &mut self.outcome.refused);
            let results: Vec<Result<BatteryReport, String>> = cases
                .par_iter()
                .enumerate()
                .map(|(i, (g, case))| {
                    let seed = self.seed ^ ((i as u64) << 20);
                    play_case(&loaded[*g], case, self.agents, self.games, seed)
                })
                .collect();
            for r in results {
                self.outcome.cases += 1;
                match r {
                    Ok(report) => {
                        self.outcome.games += report.games;
                        self.outcome.decisions += report.decisions;
                    }
                    Err(m) => self.outcome.failures.push(m),
                }
            }
            Ok(())
        }
    }
    let mut outcome = Outcome::default();
    let only_env = std::env::var("BATTERY_GAME").ok();
    let only = only.or(only_env.as_deref());
    for name in NAMES.iter().filter(|&&n| only.is_none_or(|o| o == n)) {
        let start = std::time::Instant::now();
        dispatch(
            name,
            Task {
                agents,
                games,
                seed,
                outcome: &mut outcome,
            },
        )
        .expect("every registered game loads");
        eprintln!("battery: {name} played in {:.1?}", start.elapsed());
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine_core::Action;

    /// Games per case: `BATTERY_GAMES` (default 1).
    fn games() -> usize {
        std::env::var("BATTERY_GAMES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1)
    }

    #[test]
    fn every_agent_plays_every_rule_set_option_and_player_count() {
        let games = games();
        let outcome = run(&Registry, None, games, 23);
        eprintln!(
            "battery: {} cases, {} games, {} decisions; {} combinations refused by the rules",
            outcome.cases,
            outcome.games,
            outcome.decisions,
            outcome.refused.len()
        );
        for r in &outcome.refused {
            eprintln!("  refused: {r}");
        }
        assert!(
            outcome.failures.is_empty(),
            "{} failing cases:\n{}",
            outcome.failures.len(),
            outcome.failures.join("\n")
        );
        assert_eq!(outcome.games, outcome.cases * games);
        // Every registered game and agent took part.
        let playable = agents::AGENTS.iter().filter(|a| !a.needs_file()).count();
        assert!(outcome.cases >= NAMES.len() * playable);
    }

    /// No agent stalls (issue 41): every pair of registered agents (with the battery's
    /// search budgets) plays `BATTERY_GAMES` games (default 2) of every registered game on
    /// its default rules, the two agents in alternate seats, and every game ends by its
    /// rules, never by the length cap, unless the rules allow an endless game
    /// (`GameInfo::endless`).
    #[test]
    fn every_pair_of_agents_ends_every_game_by_its_rules() {
        struct Pairs(usize, Vec<String>);
        impl GameTask for Pairs {
            type Output = ();
            fn call<R: Registered>(self) -> anyhow::Result<()> {
                let (game, _) = rules::load::<R>(None, &[])?;
                let specs = &self.1;
                let pairs: Vec<(usize, usize)> = (0..specs.len())
                    .flat_map(|i| (i..specs.len()).map(move |j| (i, j)))
                    .collect();
                let capped: Vec<String> = pairs
                    .par_iter()
                    .flat_map_iter(|&(i, j)| {
                        let game = &game;
                        (0..self.0 as u64).filter_map(move |g| {
                            let capped = plays_to_the_cap(game, [&specs[i], &specs[j]], g);
                            capped
                                .then(|| format!("{} {},{} game {g}", R::NAME, specs[i], specs[j]))
                        })
                    })
                    .collect();
                if game.info().endless {
                    // The rules allow an endless game (the docs of the game say why).
                    eprintln!("{}: {} games ended by the cap", R::NAME, capped.len());
                } else {
                    assert!(capped.is_empty(), "games ended by the cap: {capped:?}");
                }
                Ok(())
            }
        }
        let games = std::env::var("BATTERY_GAMES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2);
        for name in NAMES {
            dispatch(name, Pairs(games, Registry.specs())).unwrap();
        }
    }

    /// Whether game `g` (seed 41) of `game`, with `specs[0]` in the even seats and
    /// `specs[1]` in the odd ones, ends by the rules' length cap.
    fn plays_to_the_cap<R: Registered>(game: &R, specs: [&String; 2], g: u64) -> bool {
        use engine_core::ChanceOutcomes as _;
        let seats = game.info().num_seats;
        let mut agents: Vec<Box<dyn Agent<R::State>>> = (0..seats)
            .map(|s| {
                let spec = agents::AgentSpec::parse(specs[s % 2]).expect("a battery spec");
                agents::make_agent::<R::State>(&spec).expect("a battery agent builds")
            })
            .collect();
        let mut rngs: Vec<Rng> = (0..seats)
            .map(|s| derive_rng(41, g, Stream::Seat(s as u8)))
            .collect();
        let mut chance = derive_rng(41, g, Stream::Chance(0));
        let mut state = game.new_initial_state();
        loop {
            let a = match state.turn() {
                Turn::Terminal => return state.ended_by_cap(),
                Turn::Chance => state.sample_chance_outcome(&mut chance),
                Turn::Decision(s) => {
                    let view = PlayerView::new(&state, s);
                    agents[usize::from(s)].act(&view, &mut rngs[usize::from(s)])
                }
            };
            state.apply(a);
        }
    }

    #[test]
    fn options_are_read_from_the_schema() {
        struct Check;
        impl GameTask for Check {
            type Output = ();
            fn call<R: Registered>(self) -> anyhow::Result<()> {
                let options = option_values::<R>();
                if R::NAME == "memory" {
                    assert!(options.contains(&(
                        "options.flip".into(),
                        vec!["\"one-by-one\"".into(), "\"both-at-once\"".into()]
                    )));
                }
                if R::NAME == "grangol" {
                    assert!(options.contains(&(
                        "options.foul_shots".into(),
                        vec!["true".into(), "false".into()]
                    )));
                }
                Ok(())
            }
        }
        for name in NAMES {
            dispatch(name, Check).unwrap();
        }
        assert_eq!(
            enumerated("unknown variant `x`, expected `a` or `b`"),
            ["a", "b"]
        );
        assert_eq!(
            enumerated("x: unknown variant `x`, expected one of `a`, `b`, `c`"),
            ["a", "b", "c"]
        );
        assert!(enumerated("invalid type: integer").is_empty());
    }

    /// A test-only agent: random, except that it panics in the memory game when both
    /// cards of a turn are chosen at once.
    struct PanicsOnBothAtOnce;

    struct Panicky;

    impl<S: GameState> Agent<S> for Panicky {
        fn name(&self) -> &str {
            "panicky"
        }
        fn act(&mut self, _view: &PlayerView<'_, S>, _rng: &mut Rng) -> Action {
            panic!("the test agent panics on purpose")
        }
    }

    impl Agents for PanicsOnBothAtOnce {
        fn specs(&self) -> Vec<String> {
            vec!["panicky".into()]
        }
        fn make<S: Heuristic>(&self, _spec: &str, case: &Case) -> Box<dyn Agent<S>> {
            if case.game == "memory" && case.set.as_deref() == Some("options.flip=\"both-at-once\"")
            {
                Box::new(Panicky)
            } else {
                agents::make_agent::<S>(&agents::AgentSpec::named(agents::baseline().name)).unwrap()
            }
        }
    }

    #[test]
    fn the_battery_reports_an_agent_that_panics_on_one_option_value() {
        let outcome = run(&PanicsOnBothAtOnce, Some("memory"), 1, 5);
        assert!(!outcome.failures.is_empty());
        for f in &outcome.failures {
            assert!(
                f.contains("--game memory")
                    && f.contains("--set 'options.flip=\"both-at-once\"'")
                    && f.contains("--agents panicky")
                    && f.contains("--rules default")
                    && f.contains("panicked: the test agent panics on purpose"),
                "{f}"
            );
        }
        // The default rule set with the option, at every player count (1 to 4).
        assert_eq!(outcome.failures.len(), 4, "{:#?}", outcome.failures);
    }
}
