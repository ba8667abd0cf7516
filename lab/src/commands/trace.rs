//! `sim trace` over [`TraceOptions`]: every action of some games as a game record
//! ([`crate::infra::record`]: a header line, then JSON Lines of steps and ends), written to any
//! [`Write`] (`sim` passes its standard output).

use crate::infra::games::{self, check_agents, Loaded};
use crate::infra::options::TraceOptions;
use crate::infra::play::{Actor, Observer, Player};
use crate::infra::record::{Candidate, EndLine, Explain, Header, StepLine, Unsearched, FORMAT};
use anyhow::Result;
use engine_core::{Action, Agent, Game, GameState, Registered, SearchStat, Seat};
use serde::Serialize;
use std::io::{self, BufWriter, Write};

/// Writes a line per applied action; remembers the first write error.
struct TraceObserver<W: Write> {
    out: W,
    game: u64,
    step: u64,
    actor: Actor,
    action: String,
    code: u16,
    /// Whether the action about to be applied is a forced decision.
    forced: bool,
    /// Whether decisions carry the agent's candidates (`--explain`).
    explain: bool,
    /// Whether each step carries the state's snapshot (`null` otherwise).
    states: bool,
    /// The agent label at each seat of the game being played.
    seat_labels: Vec<String>,
    /// The candidates of the decision about to be applied.
    pending: Option<Explain>,
    /// Scratch space for [`Agent::last_policy`].
    policy: Vec<(Action, f32)>,
    /// Scratch space for [`Agent::last_search`].
    search: Vec<SearchStat>,
    error: Option<io::Error>,
}

/// Writes `value` and a newline to `out`, unless an earlier write failed; keeps the first
/// error in `error`.
fn write_line<W: Write, T: Serialize>(out: &mut W, error: &mut Option<io::Error>, value: &T) {
    if error.is_some() {
        return;
    }
    let result = serde_json::to_writer(&mut *out, value)
        .map_err(io::Error::from)
        .and_then(|()| out.write_all(b"\n"));
    if let Err(e) = result {
        *error = Some(e);
    }
}

impl<W: Write> TraceObserver<W> {
    fn line<T: Serialize>(&mut self, value: &T) {
        write_line(&mut self.out, &mut self.error, value);
    }

    fn check(&mut self) -> io::Result<()> {
        self.error.take().map_or(Ok(()), Err)
    }
}

/// Why the decision at `state` needs no search: one legal action, or an equilibrium the
/// rules fix ([`GameState::symmetric_choice`], [`GameState::equilibrium_choice`], asked
/// with a stream of its own: no game stream is drawn from). `None` at a real choice.
pub(crate) fn unsearched<S: GameState>(state: &S) -> Option<Unsearched> {
    let mut legal = engine_core::ActionList::new();
    state.legal_actions(&mut legal);
    if legal.len() == 1 {
        return Some(Unsearched::Forced);
    }
    let mut rng = engine_core::derive_rng(0, 0, engine_core::Stream::Other(0));
    (state.symmetric_choice() || state.equilibrium_choice(&mut rng).is_some())
        .then_some(Unsearched::Equilibrium)
}

/// The candidates of `policy` at `state`, most visited first (ties: lower code first),
/// with their shares of the visits.
pub(crate) fn candidates<S: GameState>(state: &S, policy: &[(Action, f32)]) -> Vec<Candidate> {
    let total: f32 = policy.iter().map(|p| p.1).sum();
    let mut out: Vec<Candidate> = policy
        .iter()
        .map(|&(a, visits)| Candidate {
            action: state.action_to_string(a),
            code: a.0,
            visits,
            share: if total > 0.0 { visits / total } else { 0.0 },
            value: None,
            value_lo: None,
            value_hi: None,
            behind: false,
        })
        .collect();
    out.sort_by(|a, b| b.visits.total_cmp(&a.visits).then(a.code.cmp(&b.code)));
    out
}

/// The candidates of a search's root statistics `stats` at `state`
/// ([`Agent::last_search`]): each with its share of the visits, its value (mean return)
/// and that value's 95% interval; most visited first, then the higher value, then the
/// lower code; and `behind` where the value is significantly below the first
/// candidate's (Newcombe's interval of the difference above 0).
pub(crate) fn search_candidates<S: GameState>(state: &S, stats: &[SearchStat]) -> Vec<Candidate> {
    let total: f64 = stats.iter().map(|s| f64::from(s.visits)).sum();
    let mut out: Vec<(Candidate, Option<reports::Interval>)> = stats
        .iter()
        .map(|s| {
            let interval = reports::bounded_mean_interval95(s.visits, s.total, s.squares);
            let value = (s.visits > 0).then(|| s.total / f64::from(s.visits));
            let candidate = Candidate {
                action: state.action_to_string(s.action),
                code: s.action.0,
                visits: s.visits as f32,
                share: if total > 0.0 {
                    (f64::from(s.visits) / total) as f32
                } else {
                    0.0
                },
                value: value.map(|v| v as f32),
                value_lo: interval.map(|i| i.lo as f32),
                value_hi: interval.map(|i| i.hi as f32),
                behind: false,
            };
            (candidate, interval)
        })
        .collect();
    out.sort_by(|(a, _), (b, _)| {
        b.visits
            .total_cmp(&a.visits)
            .then(b.value.unwrap_or(0.0).total_cmp(&a.value.unwrap_or(0.0)))
            .then(a.code.cmp(&b.code))
    });
    if let Some((first, Some(best))) = out.first().map(|(c, i)| (c.value, *i)) {
        let best_value = f64::from(first.unwrap_or(0.0));
        for (c, interval) in out.iter_mut().skip(1) {
            if let (Some(v), Some(i)) = (c.value, interval) {
                let (lo, _) =
                    reports::wilson::newcombe_difference(best_value, best, f64::from(v), *i);
                c.behind = lo > 0.0;
            }
        }
    }
    out.into_iter().map(|(c, _)| c).collect()
}

impl<S: GameState, W: Write> Observer<S> for TraceObserver<W> {
    fn on_decision(&mut self, state: &S, seat: Seat, _action: Action, agent: &dyn Agent<S>) {
        if !self.explain {
            return;
        }
        if let Some(why) = unsearched(state) {
            self.pending = Some(Explain {
                agent: self.seat_labels[seat as usize].clone(),
                unsearched: Some(why),
                candidates: Vec::new(),
            });
            return;
        }
        let candidates = if agent.last_search(&mut self.search) && !self.search.is_empty() {
            search_candidates(state, &self.search)
        } else if agent.last_policy(&mut self.policy) && !self.policy.is_empty() {
            candidates(state, &self.policy)
        } else {
            return;
        };
        self.pending = Some(Explain {
            agent: self.seat_labels[seat as usize].clone(),
            unsearched: None,
            candidates,
        });
    }

    fn on_forced(&mut self, _state: &S, seat: Seat, _action: Action) {
        self.forced = true;
        if self.explain {
            self.pending = Some(Explain {
                agent: self.seat_labels[seat as usize].clone(),
                unsearched: Some(Unsearched::Forced),
                candidates: Vec::new(),
            });
        }
    }

    fn before_action(&mut self, state: &S, actor: Actor, action: Action) {
        self.actor = actor;
        self.action = state.action_to_string(action);
        self.code = action.0;
    }

    fn after_action(&mut self, state: &S) {
        let line = StepLine {
            game: self.game,
            step: self.step,
            actor: self.actor,
            action: std::mem::take(&mut self.action),
            code: self.code,
            forced: std::mem::take(&mut self.forced),
            explain: self.pending.take(),
            state: self.states.then(|| state.snapshot()),
        };
        write_line(&mut self.out, &mut self.error, &line);
        self.step += 1;
    }
}

/// `sim trace` on the game `R`: loads its rules (`--rules`, `--set`, `--players` of
/// `options`), plays the games one after the other, exactly as `sim run` with the same
/// seed would, and writes a game record ([`crate::infra::record`]) to `out` (buffered here): the
/// [`Header`] line, then per game one [`StepLine`] per applied action (with the deciding
/// agent's candidates when `options.explain` and the agent searched) and one [`EndLine`].
///
/// Errors: rules that do not load, the agents' errors ([`check_agents`], a game's panic as
/// [`crate::infra::play::GamePanic`]), and a write error of `out`, returned at the end of the
/// game during which it happened (no later game is played). A closed standard output is
/// such an error ([`io::ErrorKind::BrokenPipe`]), which `sim` ends on quietly.
/// Errors: [`crate::Error`], sorted from what failed (see [`crate::infra::error`]).
pub fn trace<R: Registered>(
    options: &TraceOptions,
    out: &mut dyn Write,
) -> crate::infra::error::Result<()> {
    trace_untyped::<R>(options, out).map_err(crate::Error::from)
}

/// The work of [`trace`], with `anyhow` errors.
fn trace_untyped<R: Registered>(options: &TraceOptions, out: &mut dyn Write) -> Result<()> {
    let common = &options.common;
    let game = games::load::<R>(
        games::single_rules(&common.rules)?,
        &games::sets::<R>(common)?,
    )?;
    write_record(&game, options, None, out)
}

/// Plays the games of `options` at `game` (only game `only` of the schedule when given)
/// and writes their record to `out`. Errors: as [`trace`].
pub(crate) fn write_record<G: Game>(
    game: &Loaded<G>,
    options: &TraceOptions,
    only: Option<u64>,
    out: &mut dyn Write,
) -> Result<()> {
    let common = &options.common;
    let (specs, schedule) = check_agents(&game.game, common)?;
    let indices = match only {
        Some(i) => {
            if i >= schedule.total_games() {
                anyhow::bail!(
                    "--index {i}: the schedule has {} games (0 to {})",
                    schedule.total_games(),
                    schedule.total_games().saturating_sub(1)
                );
            }
            i..i + 1
        }
        None => 0..schedule.total_games(),
    };
    let games = RecordedGames {
        specs: &specs,
        seed: common.seed,
        coupled: options.coupled,
        explain: options.explain,
        states: true,
    };
    games.write(game, &mut indices.map(|i| schedule.game(i)), out)
}

/// Games of a schedule to play into a record: the agents' specs (as checked by
/// [`check_agents`]), the master seed, and how chance is sampled and decisions explained.
pub(crate) struct RecordedGames<'a> {
    /// Every agent of the schedule, as typed.
    pub specs: &'a [agents::AgentSpec],
    /// The master seed.
    pub seed: u64,
    /// Chance sampled coupled (`--coupled`).
    pub coupled: bool,
    /// The searching agents' candidates recorded (`--explain`).
    pub explain: bool,
    /// Each step's snapshot of the state written, as `sim trace` writes it; `false`
    /// writes `null` instead (the sample pages of a run replay the game and draw their
    /// own positions, so a snapshot would only be written and read back).
    pub states: bool,
}

impl RecordedGames<'_> {
    /// Plays `scheduled` at `game`, one after the other, exactly as `sim run` plays them,
    /// and writes the header and their lines to `out`. Errors: the agents' errors, a
    /// game's panic, a write error of `out`.
    pub(crate) fn write<G: Game>(
        &self,
        game: &Loaded<G>,
        scheduled: &mut dyn Iterator<Item = crate::infra::schedule::Scheduled>,
        out: &mut dyn Write,
    ) -> Result<()> {
        let specs = self.specs;
        let labels = crate::commands::run::labels(specs);
        let mut obs = TraceObserver {
            out: BufWriter::new(out),
            game: 0,
            step: 0,
            actor: Actor::Chance,
            action: String::new(),
            code: 0,
            forced: false,
            explain: self.explain,
            states: self.states,
            seat_labels: Vec::new(),
            pending: None,
            policy: Vec::new(),
            search: Vec::new(),
            error: None,
        };
        obs.line(&Header {
            trace: FORMAT,
            game: game.name().to_string(),
            rules_source: game.rules_source.clone(),
            rules: game.rules_toml.clone(),
            seed: self.seed,
            agents: specs.iter().map(ToString::to_string).collect(),
            coupled: self.coupled,
        });
        obs.check()?;
        let mut player = Player::new(&game.game, specs, self.seed);
        if self.coupled {
            player = player.coupled();
        }
        for scheduled in scheduled {
            let index = scheduled.index;
            obs.game = index;
            obs.step = 0;
            obs.seat_labels = scheduled.seats.iter().map(|&a| labels[a].clone()).collect();
            let record = player.play(&scheduled, &mut obs as &mut dyn Observer<_>)?;
            let n = record.scores.len();
            obs.line(&EndLine {
                game: index,
                end: true,
                score: record.scores.to_vec(),
                returns: record.returns[..n].to_vec(),
                agents: record.seats.iter().map(|&a| labels[a].clone()).collect(),
            });
            obs.check()?;
        }
        obs.out.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::games::GameTask;
    use crate::infra::options::GameOptions;
    use engine_core::Registered;
    use std::path::{Path, PathBuf};

    /// A search's root statistics become candidates: the value is the mean return, its
    /// interval holds it, equal visits are ordered by value, and only a value the
    /// intervals separate from the first's is `behind`.
    #[test]
    fn search_candidates_carry_values_and_mark_the_worse() {
        let game = engine::crazy_eights::CrazyEights::default_rules();
        let state = engine_core::Game::new_initial_state(&game);
        let stat = |code: u16, visits: u32, total: f64, squares: f64| SearchStat {
            action: Action(code),
            visits,
            total,
            squares,
        };
        // Equal visits; the second action's mean is higher. The third is far lower.
        let c = search_candidates(
            &state,
            &[
                stat(1, 100, 50.0, 30.0),
                stat(2, 100, 55.0, 33.0),
                stat(3, 40, 4.0, 1.0),
            ],
        );
        assert_eq!(c.iter().map(|c| c.code).collect::<Vec<_>>(), [2, 1, 3]);
        assert!((c[0].value.unwrap() - 0.55).abs() < 1e-6);
        for x in &c {
            let (v, lo, hi) = (x.value.unwrap(), x.value_lo.unwrap(), x.value_hi.unwrap());
            assert!(0.0 <= lo && lo <= v && v <= hi && hi <= 1.0, "{x:?}");
        }
        assert!((c[0].share + c[1].share + c[2].share - 1.0).abs() < 1e-6);
        assert_eq!(
            c.iter().map(|c| c.behind).collect::<Vec<_>>(),
            [false, false, true]
        );
    }

    /// `tests/playthroughs/` at the workspace root: `sim trace` arguments and what
    /// `sim trace` prints for them.
    fn playthroughs() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/playthroughs")
    }

    /// The options of a golden playthrough's `sim trace` arguments (the flags those files
    /// use: `--game`, `--agents`, `--games`, `--seed`, `--rules`, `--set`, `--players`,
    /// `--coupled`); any other flag fails the test.
    fn options(args: &str) -> TraceOptions {
        let mut words = args.split_whitespace();
        assert_eq!(words.next(), Some("trace"), "{args}");
        let mut o = TraceOptions {
            common: GameOptions {
                games: 1,
                ..GameOptions::default()
            },
            coupled: false,
            explain: false,
        };
        while let Some(flag) = words.next() {
            if flag == "--coupled" {
                o.coupled = true;
                continue;
            }
            if flag == "--explain" {
                o.explain = true;
                continue;
            }
            let value = words
                .next()
                .unwrap_or_else(|| panic!("{flag} without a value"));
            let c = &mut o.common;
            match flag {
                "--game" => c.game = value.into(),
                "--agents" => c.agents = agents::AgentSpec::parse_list(value).unwrap(),
                "--games" => c.games = value.parse().unwrap(),
                "--seed" => c.seed = value.parse().unwrap(),
                "--rules" => c.rules.push(value.into()),
                "--set" => c.set.push(value.into()),
                "--players" => c.players = Some(value.parse().unwrap()),
                _ => panic!("{args}: flag {flag} unknown to this test"),
            }
        }
        o
    }

    /// The trace of `options` into a writer.
    struct TraceInto<'a>(&'a TraceOptions, &'a mut dyn Write);

    impl GameTask for TraceInto<'_> {
        type Output = ();
        fn call<R: Registered>(self) -> Result<()> {
            Ok(trace::<R>(self.0, self.1)?)
        }
    }

    #[test]
    fn the_library_traces_every_golden_playthrough_byte_for_byte() {
        let mut checked = 0;
        for game in games::NAMES {
            let Ok(dir) = std::fs::read_dir(playthroughs().join(game)) else {
                continue;
            };
            for path in dir.map(|e| e.unwrap().path()) {
                if path.extension().is_none_or(|x| x != "args") {
                    continue;
                }
                let o = options(&std::fs::read_to_string(&path).unwrap());
                let mut out = Vec::new();
                games::dispatch(&o.common.game, TraceInto(&o, &mut out)).unwrap();
                let want = std::fs::read(path.with_extension("jsonl")).unwrap();
                assert!(out == want, "{}: the trace differs", path.display());
                checked += 1;
            }
        }
        assert!(checked >= games::NAMES.len(), "{checked} playthroughs");
    }

    /// A writer that refuses every byte, as a closed pipe does.
    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_writer_stops_the_trace_with_its_error() {
        let o = options("trace --game grangol --agents random,random --games 3");
        let err = games::dispatch("grangol", TraceInto(&o, &mut Closed)).unwrap_err();
        assert!(
            matches!(crate::Error::from(err), crate::Error::ClosedOutput),
            "the typed error of a closed output"
        );
    }
}
