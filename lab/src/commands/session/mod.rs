//! `sim play`: a person plays a whole game against the lab's agents.
//!
//! A [`Session`] holds one game of a loaded rule set ([`crate::infra::games::load`]) in which
//! some seats are *human* (their decisions come from [`Session::choose`]) and the others
//! are played by agents built from specs, with the game's defaults of agent parameters
//! ([`crate::infra::games::effective_specs`]), exactly as [`crate::infra::play::Player`] builds them.
//! The random streams are those of [`crate::infra::play::Player`] for game index 0 of deal 0:
//! chance stream `k` is `derive_rng(seed, 0, Chance(k))`, the agent at seat `s` draws from
//! `derive_rng(seed, 0, Seat(s))`; so a game whose human decisions are those an agent
//! made plays as `sim trace` plays it.
//!
//! What a human seat is shown comes from its own information only: its
//! `observation_string`, its legal actions, and the log of the game as it saw it
//! ([`engine_core::seen_by`]: an action another seat chose in secret, or a card drawn
//! into another hand, shows only who acted). A hint ([`Session::hint`]) is what `mcts`
//! would play from the human seat's [`PlayerView`], drawn from a stream of its own
//! (`Stream::Other(HINT_STREAM)`), so asking for one never changes the game.
//!
//! Undo ([`Session::undo`]): the human's last decision may be taken back while the seat
//! has seen nothing new since it, that is while its `info_key` equals the one right after
//! that decision. The record ([`Session::write_record`]) is the line of play that stands,
//! in the format of [`crate::infra::record`].

use crate::infra::games;
use crate::infra::options::RuleSetOptions;
use crate::infra::play::Actor;
use crate::infra::record::{self, EndLine, Header, Record, StepLine};
use agents::AgentSpec;
use anyhow::{bail, Context, Result};
use engine_core::Observation as _;
use engine_core::{
    derive_rng, seen_by, Action, ActionList, Agent, ApplyAction, ChanceOutcomes, Game, GameEvent,
    GameState, InfoKey, InfoSets, LegalActions, Notation, PlayerView, Rng, Seat, Stream, Turn,
    MAX_CHANCE_STREAMS,
};
use std::path::Path;

mod files;
use files::write_file;
pub use files::{check_record_path, clock_seed, default_record_path, write_new_file};

/// The number of the hint's stream (`Stream::Other(HINT_STREAM)`), apart from every
/// stream of the game.
pub const HINT_STREAM: u32 = 28;

/// The agent spec of the hint (with the game's defaults of agent parameters).
pub const HINT_AGENT: &str = "mcts";

/// The label of a human seat in a record's header (`agents`).
pub const HUMAN: &str = "human";

/// How to set up a session (`sim play`'s flags).
#[derive(Clone, Debug, PartialEq)]
pub struct SessionOptions {
    /// The game (a registered `--game` name), for [`open`]; [`Session::start`] plays
    /// its own type's game.
    pub game: String,
    /// The rule set.
    pub rule_set: RuleSetOptions,
    /// The human seats (at least one, each below the number of seats).
    pub human: Vec<Seat>,
    /// The agents' specs of the other seats, in seat order; one spec fills every other
    /// seat.
    pub vs: Vec<AgentSpec>,
    /// The master seed.
    pub seed: u64,
}

/// One applied action, with what each seat saw of it.
#[derive(Clone, Debug)]
struct Step<T> {
    actor: Actor,
    action: Action,
    /// `action_to_string` before it was applied.
    name: String,
    /// `seen_by(state before, action, s)` for each seat `s`.
    seen: Vec<bool>,
    /// The trace snapshot after the action (serialized into the record when written).
    snapshot: T,
    /// What the action made happen that every seat sees, in words (goals, saved shots,
    /// the end of a period, with the score after the action): the log shows it after the
    /// action.
    public: String,
    /// Whether it was a forced decision, applied without asking (the log says so).
    forced: bool,
}

/// What to restore when a human decision is undone.
#[derive(Clone, Debug)]
struct Checkpoint<S> {
    seat: Seat,
    state: S,
    chance_rngs: [Rng; MAX_CHANCE_STREAMS],
    seat_rngs: Vec<Rng>,
    steps: usize,
    /// The seat's information key right after its decision.
    key_after: InfoKey,
}

/// One legal action of the human seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The action's code.
    pub code: u16,
    /// Its readable name (`action_to_string`).
    pub name: String,
}

/// Everything a human seat may see at its decision: the screen's data.
#[derive(Clone, Debug, PartialEq)]
pub struct Screen {
    /// The deciding human seat.
    pub seat: Seat,
    /// The number of actions applied so far (the next action is step `step`).
    pub step: u64,
    /// Goals (points) of each seat.
    pub scores: Vec<i32>,
    /// `observation_string(seat)`: what the seat sees of the game.
    pub observation: String,
    /// The legal actions, in code order.
    pub legal: Vec<Choice>,
    /// The game's log as the seat saw it, one line per applied action, oldest first.
    pub log: Vec<String>,
    /// The printed name and colour of each card of the game that has one
    /// (`CardInfo::colour`), for a view that colours card names.
    pub card_colours: Vec<(String, &'static str)>,
    /// A board game's pitch as text rows ([`crate::infra::board_text`]), empty for a game
    /// without a board. The pieces on it are public in every board game of the lab.
    pub board: Vec<Vec<crate::infra::board_text::Segment>>,
}

/// What `mcts` would play at the human seat's decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The action it chose.
    pub choice: Choice,
    /// Its candidates as `sim trace --explain` records them: each with its visit share
    /// in [0, 1], its value (the expected score through it) with a 95% interval, and
    /// whether it is significantly worse than the first; most visited first (empty when
    /// it chose without searching: one legal action, a secret choice played uniformly).
    pub candidates: Vec<crate::infra::record::Candidate>,
    /// Why the decision needs no search (one legal action, an equilibrium the rules
    /// fix); `None` at a real choice.
    pub unsearched: Option<crate::infra::record::Unsearched>,
}

/// An interactive game between human seats and agents.
pub struct Session<G: Game> {
    game: G,
    header: Header,
    state: G::State,
    /// The agent of each seat, `None` at a human seat.
    agents: Vec<Option<Box<dyn Agent<G::State>>>>,
    chance_rngs: [Rng; MAX_CHANCE_STREAMS],
    seat_rngs: Vec<Rng>,
    hint: Box<dyn Agent<G::State>>,
    steps: Vec<Step<<G::State as Notation>::Snapshot>>,
    checkpoints: Vec<Checkpoint<G::State>>,
    /// Whether a human seat's screen shows what it has seen of face-down cards
    /// ([`Session::set_memory_aid`]).
    memory_aid: bool,
}

impl<R: engine_core::Registered> Session<R> {
    /// A new game of `R` with `options` (its rules loaded with [`games::load`]), advanced
    /// to the first human decision ([`Session::advance`]). Errors, one line: rules that do
    /// not load, a human seat out of range or twice, no agent seat's spec given in a count
    /// that fits (one, or one per other seat), a spec that does not build or cannot play
    /// the game.
    pub fn start(options: &SessionOptions) -> Result<Self> {
        let loaded = games::load_rule_set::<R>(&options.rule_set)?;
        Self::start_loaded(loaded, options)
    }

    /// Continues the unfinished game of `record` (read from `path`): its rules, seed,
    /// human seats and agents from the header, then its recorded human decisions played
    /// again (chance, agents and forced decisions replay from the same streams). Errors,
    /// one line naming the file: a record of another game, rules that do not load, no
    /// game or a finished one, a step that does not replay (a record of another version
    /// of the lab).
    pub fn resume(record: &Record, path: &Path) -> Result<Self> {
        let at = path.display();
        if record.header.game != R::NAME {
            bail!(
                "'{at}' is a record of {}, not of {}",
                record.header.game,
                R::NAME
            );
        }
        let mut loaded = crate::infra::sealed::load_text::<R>(&record.header.rules, "its rules")?
            .map_err(|problems| {
            anyhow::anyhow!("'{at}': the recorded rules do not load: {problems}")
        })?;
        loaded.rules_source = record.header.rules_source.clone();
        let Some(game) = record.games.first() else {
            bail!("'{at}' holds no game to resume");
        };
        if game.end.is_some() {
            bail!("the game of '{at}' is over: nothing to resume");
        }
        let agents = &record.header.agents;
        let human: Vec<Seat> = (0..agents.len() as Seat)
            .filter(|&s| agents[usize::from(s)] == HUMAN)
            .collect();
        let vs = agents
            .iter()
            .filter(|a| *a != HUMAN)
            .map(|a| serde_json::from_value(serde_json::Value::String(a.clone())))
            .collect::<std::result::Result<Vec<AgentSpec>, _>>()
            .with_context(|| format!("'{at}': the recorded agents"))?;
        let options = SessionOptions {
            game: R::NAME.to_string(),
            rule_set: RuleSetOptions::default(),
            human,
            vs,
            seed: record.header.seed,
        };
        let mut session = Self::start_loaded(loaded, &options)?;
        // The rules as recorded (the loaded text names the temporary file it came from).
        session.header.rules = record.header.rules.clone();
        for (k, step) in game.steps.iter().enumerate() {
            if session.steps.len() == k {
                // The session waits at a human decision: the record must hold it.
                let human_step = matches!(step.actor, Actor::Seat(s) if session.is_human(s));
                if !human_step || session.choose(step.code).is_err() {
                    bail!("'{at}' does not replay at step {k} (a record of another version?)");
                }
            }
            let replayed = session.steps.get(k).map(|s| s.action.0);
            if replayed != Some(step.code) {
                bail!(
                    "'{at}' does not replay at step {k}: recorded code {}, played {} (a \
                     record of another version?)",
                    step.code,
                    replayed.map_or("nothing".into(), |c| c.to_string())
                );
            }
        }
        // Decisions taken before the resume are not undone.
        session.checkpoints.clear();
        Ok(session)
    }

    /// [`Session::start`] on rules loaded already.
    fn start_loaded(loaded: games::Loaded<R>, options: &SessionOptions) -> Result<Self> {
        let n = loaded.game.info().num_seats;
        let SeatAgents {
            others,
            specs,
            effective,
        } = seat_agents(R::NAME, n, options)?;
        let mut agents: Vec<Option<Box<dyn Agent<R::State>>>> = (0..n).map(|_| None).collect();
        for ((&seat, spec), typed) in others.iter().zip(&effective).zip(&specs) {
            agents::check_plays(spec, loaded.game.info())
                .with_context(|| format!("--vs '{typed}'"))?;
            let mut agent =
                agents::make_agent::<R::State>(spec).with_context(|| format!("--vs '{typed}'"))?;
            agent.new_game();
            agents[usize::from(seat)] = Some(agent);
        }
        let hint_spec = games::effective_specs(R::NAME, &[AgentSpec::named(HINT_AGENT)])?;
        let hint = agents::make_agent::<R::State>(&hint_spec[0])?;
        let header = header(R::NAME, loaded.view(), n, &others, &specs, options.seed);
        let seed = options.seed;
        let state = loaded.game.new_initial_state();
        let mut session = Session {
            game: loaded.game,
            header,
            state,
            agents,
            chance_rngs: std::array::from_fn(|k| derive_rng(seed, 0, Stream::Chance(k as u8))),
            seat_rngs: (0..n)
                .map(|s| derive_rng(seed, 0, Stream::Seat(s as Seat)))
                .collect(),
            hint,
            steps: Vec::new(),
            checkpoints: Vec::new(),
            memory_aid: true,
        };
        session.advance();
        Ok(session)
    }
}

/// The seats of a session that agents play, and their agents.
struct SeatAgents {
    /// The seats the agents play, in order.
    others: Vec<Seat>,
    /// Their specs as typed (trimmed).
    specs: Vec<AgentSpec>,
    /// Their effective specs (the game's defaults of agent parameters under the typed).
    effective: Vec<AgentSpec>,
}

/// The agents' seats of a session of the game called `game` at `n` seats with `options`.
/// Errors, one line: a human seat out of range or twice, no agent seat's spec given in a
/// count that fits, a defaults file that does not load, a text that is not a spec.
fn seat_agents(game: &str, n: usize, options: &SessionOptions) -> Result<SeatAgents> {
    let mut human = options.human.clone();
    if human.is_empty() {
        human.push(0);
    }
    for (i, &s) in human.iter().enumerate() {
        if usize::from(s) >= n {
            bail!(
                "--seat {s}: {game} with these rules has seats 0 to {}",
                n - 1
            );
        }
        if human[..i].contains(&s) {
            bail!("--seat {s} is given twice");
        }
    }
    let others: Vec<Seat> = (0..n as Seat).filter(|s| !human.contains(s)).collect();
    let vs: Vec<AgentSpec> = if options.vs.is_empty() {
        vec![AgentSpec::named("mcts")]
    } else {
        options.vs.iter().map(AgentSpec::trimmed).collect()
    };
    let specs: Vec<AgentSpec> = match (vs.len(), others.len()) {
        (_, 0) => Vec::new(),
        (1, k) => vec![vs[0].clone(); k],
        (v, k) if v == k => vs.clone(),
        (v, k) => bail!(
            "--vs names {v} agents, but {k} seats are played by agents: name one (it \
             fills every seat) or {k}"
        ),
    };
    let effective = games::effective_specs(game, &specs)?;
    Ok(SeatAgents {
        others,
        specs,
        effective,
    })
}

/// The record's header of a session of the game called `game`, loaded as `loaded`, at
/// `n` seats, the agents `specs` at the seats `others` (humans elsewhere), from `seed`.
fn header(
    game: &str,
    loaded: games::LoadedView<'_>,
    n: usize,
    others: &[Seat],
    specs: &[AgentSpec],
    seed: u64,
) -> Header {
    let mut labels: Vec<String> = vec![HUMAN.to_string(); n];
    for (&seat, typed) in others.iter().zip(specs) {
        labels[usize::from(seat)] = typed.to_string();
    }
    Header {
        trace: record::FORMAT,
        game: game.to_string(),
        rules_source: loaded.rules_source.to_string(),
        rules: loaded.rules_toml.to_string(),
        seed,
        agents: labels,
        coupled: false,
    }
}

impl<G: Game> Session<G> {
    /// Applies chance outcomes and the agents' decisions until a human seat must decide
    /// or the game ends.
    pub fn advance(&mut self) {
        loop {
            let (actor, action) = match self.state.turn() {
                Turn::Terminal => return,
                Turn::Chance => {
                    let k = usize::from(self.state.chance_stream()) % MAX_CHANCE_STREAMS;
                    let action = self.state.sample_chance_outcome(&mut self.chance_rngs[k]);
                    (Actor::Chance, action)
                }
                Turn::Decision(seat) => {
                    if let Some(action) = self.state.forced_action() {
                        // Forced, for a person as for an agent: applied without asking,
                        // as the runner does, so the game stays the one `sim trace`
                        // plays.
                        self.apply(Actor::Seat(seat), action, true);
                        continue;
                    }
                    let s = usize::from(seat);
                    let Some(agent) = self.agents[s].as_mut() else {
                        return;
                    };
                    let view = PlayerView::new(&self.state, seat);
                    (Actor::Seat(seat), agent.act(&view, &mut self.seat_rngs[s]))
                }
            };
            self.apply(actor, action, false);
        }
    }

    /// Applies `action` (`forced`: a forced decision) and logs it.
    fn apply(&mut self, actor: Actor, action: Action, forced: bool) {
        let n = self.state.num_seats();
        let name = self.state.action_to_string(action);
        let seen = (0..n as Seat)
            .map(|s| seen_by(&self.state, action, s))
            .collect();
        let mut events = Vec::new();
        self.state.apply_with(action, &mut |e| events.push(e));
        let public = public_events(&events, &self.state);
        let snapshot = self.state.snapshot();
        self.steps.push(Step {
            actor,
            action,
            name,
            seen,
            snapshot,
            public,
            forced,
        });
    }

    /// The game being played.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The true state (hidden facts included: not for a screen).
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// The record's header (game, rules, seed, `human` at the human seats).
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Whether seat `seat` is played by a person.
    pub fn is_human(&self, seat: Seat) -> bool {
        self.agents
            .get(usize::from(seat))
            .is_some_and(Option::is_none)
    }

    /// The human seat that must decide now; `None` when the game is over (or, before
    /// [`Session::advance`], an agent or chance is due).
    pub fn human_to_move(&self) -> Option<Seat> {
        match self.state.turn() {
            Turn::Decision(s) if self.is_human(s) => Some(s),
            _ => None,
        }
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.state.turn() == Turn::Terminal
    }

    /// The number of actions applied so far.
    pub fn step(&self) -> u64 {
        self.steps.len() as u64
    }

    /// The log of the game as `seat` saw it, one line per applied action, oldest first:
    /// `you: NAME` for its own decisions, `seat K: NAME` or `chance: NAME` for what it
    /// saw (dice in words), `seat K chose in secret` or `chance: hidden from you` for what
    /// it did not.
    pub fn log(&self, seat: Seat) -> Vec<String> {
        self.steps.iter().map(|s| log_line(s, seat)).collect()
    }

    /// The screen of the human seat to move, `None` when no human seat must decide.
    pub fn screen(&self) -> Option<Screen> {
        let seat = self.human_to_move()?;
        Some(self.screen_of(seat))
    }

    /// What `seat` may see now (its observation, its legal actions if it decides, its log).
    pub fn screen_of(&self, seat: Seat) -> Screen {
        let mut list = ActionList::new();
        if self.state.turn() == Turn::Decision(seat) {
            self.state.legal_actions(&mut list);
        }
        Screen {
            seat,
            step: self.step(),
            scores: self.scores(),
            observation: if self.memory_aid {
                self.state.observation_string(seat)
            } else {
                // The state as a seat that remembers nothing it saw face up would see it
                // (`GameState::forget` on every memory slot): what is face up now shows.
                let mut unaided = self.state.clone();
                for slot in 0..unaided.memory_slots() {
                    unaided.forget(seat, slot);
                }
                unaided.observation_string(seat)
            },
            legal: list
                .iter()
                .map(|&a| Choice {
                    code: a.0,
                    name: self.state.action_to_string(a),
                })
                .collect(),
            log: self.log(seat),
            card_colours: self
                .game
                .info()
                .cards
                .iter()
                .filter_map(|c| c.colour.map(|k| (c.name.clone(), k)))
                .collect(),
            board: match &self.game.info().board {
                Some(info) => {
                    let mut pieces = Vec::new();
                    self.state.board_pieces(&mut pieces);
                    crate::infra::board_text::text_board(info, &pieces)
                }
                None => Vec::new(),
            },
        }
    }

    /// Whether the human seats' screens show the faces they have seen of cards now face
    /// down (on by default). Off (`sim play --no-memory-aid`), a screen shows only what
    /// is face up, so that a person plays a memory game from memory; the game, the record
    /// and the hints are the same either way (hints still search the seat's full
    /// information).
    pub fn set_memory_aid(&mut self, on: bool) {
        self.memory_aid = on;
    }

    /// Goals (points) of each seat.
    pub fn scores(&self) -> Vec<i32> {
        (0..self.state.num_seats() as Seat)
            .map(|s| self.state.score(s))
            .collect()
    }

    /// The returns of each seat (all zero before the end).
    pub fn returns(&self) -> Vec<f64> {
        let n = self.state.num_seats();
        self.state.returns()[..n].to_vec()
    }

    /// The human seat to move plays the action of code `code`, then the game advances to
    /// the next human decision or its end. Errors (the game unchanged): no human seat
    /// must decide, or `code` is not a legal action.
    pub fn choose(&mut self, code: u16) -> Result<()> {
        let Some(seat) = self.human_to_move() else {
            bail!("no decision is due: the game is over");
        };
        let mut list = ActionList::new();
        self.state.legal_actions(&mut list);
        let action = Action(code);
        if list.binary_search(&action).is_err() {
            bail!("action code {code} is not a legal action here");
        }
        let mut checkpoint = Checkpoint {
            seat,
            state: self.state.clone(),
            chance_rngs: self.chance_rngs.clone(),
            seat_rngs: self.seat_rngs.clone(),
            steps: self.steps.len(),
            key_after: InfoKey(0),
        };
        self.apply(Actor::Seat(seat), action, false);
        checkpoint.key_after = self.state.info_key(seat);
        self.checkpoints.push(checkpoint);
        self.advance();
        Ok(())
    }

    /// Why the last human decision cannot be undone now, `None` when it can: no decision
    /// yet, the game is over, or the seat has seen something new since (its `info_key`
    /// differs from the one right after that decision).
    pub fn undo_refused(&self) -> Option<String> {
        let Some(last) = self.checkpoints.last() else {
            return Some("nothing to undo: no decision of yours yet".into());
        };
        if self.is_over() {
            return Some("the game is over".into());
        }
        if self.state.info_key(last.seat) != last.key_after {
            return Some(format!(
                "seat {} has seen something new since its last decision (a card, a die, \
                 another seat's action)",
                last.seat
            ));
        }
        None
    }

    /// Whether [`Session::undo`] would succeed.
    pub fn can_undo(&self) -> bool {
        self.undo_refused().is_none()
    }

    /// Takes back the last human decision: restores the state, the random streams and
    /// the log from before it. Errors: the reason of [`Session::undo_refused`] (the game
    /// unchanged).
    pub fn undo(&mut self) -> Result<()> {
        if let Some(why) = self.undo_refused() {
            bail!("cannot undo: {why}");
        }
        let c = self.checkpoints.pop().expect("checked above");
        self.state = c.state;
        self.chance_rngs = c.chance_rngs;
        self.seat_rngs = c.seat_rngs;
        self.steps.truncate(c.steps);
        Ok(())
    }

    /// What `mcts` (with the game's defaults) would play at the human seat's decision,
    /// from that seat's [`PlayerView`] and the stream `derive_rng(seed, step,
    /// Other(HINT_STREAM))`: asking never changes the game. `None` when no human seat
    /// must decide.
    pub fn hint(&mut self) -> Option<Hint> {
        let seat = self.human_to_move()?;
        let view = PlayerView::new(&self.state, seat);
        let mut rng = derive_rng(self.header.seed, self.step(), Stream::Other(HINT_STREAM));
        self.hint.new_game();
        let action = self.hint.act(&view, &mut rng);
        let mut search = Vec::new();
        let candidates = if self.hint.last_search(&mut search) {
            crate::commands::trace::search_candidates(&self.state, &search)
        } else {
            Vec::new()
        };
        Some(Hint {
            choice: Choice {
                code: action.0,
                name: self.state.action_to_string(action),
            },
            candidates,
            unsearched: crate::commands::trace::unsearched(&self.state),
        })
    }

    /// The lines of the record of the game as it stands: the header, a step line per
    /// applied action (undone ones are gone), and the end line once the game is over.
    pub fn record_lines(&self) -> Result<Vec<String>> {
        let mut lines = vec![serde_json::to_string(&self.header)?];
        for (i, s) in self.steps.iter().enumerate() {
            lines.push(serde_json::to_string(&StepLine {
                game: 0,
                step: i as u64,
                actor: s.actor,
                action: s.name.clone(),
                code: s.action.0,
                forced: s.forced,
                explain: None,
                state: &s.snapshot,
            })?);
        }
        if self.is_over() {
            lines.push(serde_json::to_string(&EndLine {
                game: 0,
                end: true,
                score: self.scores(),
                returns: self.returns(),
                agents: self.header.agents.clone(),
            })?);
        }
        Ok(lines)
    }

    /// Writes the record ([`Session::record_lines`]) to `path` through a temporary file
    /// renamed into place; never replaces an existing file. Errors, one line naming the
    /// file: it exists, it cannot be written.
    pub fn write_record(&self, path: &Path) -> Result<()> {
        write_new_file(path, self.record_text()?.as_bytes())
    }

    /// Saves the record to `path` as it stands, replacing the session's own earlier save
    /// there: written to a temporary file renamed into place, so a reader (or a crash)
    /// sees the old record or the new one, never a part. `sim play` saves after every
    /// decision. Errors, one line naming the file: it cannot be written.
    pub fn save_record(&self, path: &Path) -> Result<()> {
        write_file(path, self.record_text()?.as_bytes(), true)
    }

    /// The record's text: [`Session::record_lines`], each ending with a newline.
    fn record_text(&self) -> Result<String> {
        let mut text = self.record_lines()?.join("\n");
        text.push('\n');
        Ok(text)
    }
}

/// A session of any game, as `sim play` drives it: the game-independent methods of
/// [`Session`] (each documented there), so that a caller needs no game type.
pub trait Play {
    /// [`Session::header`].
    fn header(&self) -> &Header;
    /// [`Session::is_human`].
    fn is_human(&self, seat: Seat) -> bool;
    /// [`Session::step`].
    fn step(&self) -> u64;
    /// [`Session::screen`].
    fn screen(&self) -> Option<Screen>;
    /// [`Session::screen_of`].
    fn screen_of(&self, seat: Seat) -> Screen;
    /// [`Session::scores`].
    fn scores(&self) -> Vec<i32>;
    /// [`Session::returns`].
    fn returns(&self) -> Vec<f64>;
    /// [`Session::choose`].
    fn choose(&mut self, code: u16) -> Result<()>;
    /// [`Session::undo`].
    fn undo(&mut self) -> Result<()>;
    /// [`Session::hint`].
    fn hint(&mut self) -> Option<Hint>;
    /// [`Session::write_record`].
    fn write_record(&self, path: &Path) -> Result<()>;
    /// [`Session::save_record`].
    fn save_record(&self, path: &Path) -> Result<()>;
    /// [`Session::set_memory_aid`].
    fn set_memory_aid(&mut self, on: bool);
}

impl<G: Game> Play for Session<G> {
    fn header(&self) -> &Header {
        Session::header(self)
    }
    fn is_human(&self, seat: Seat) -> bool {
        Session::is_human(self, seat)
    }
    fn step(&self) -> u64 {
        Session::step(self)
    }
    fn screen(&self) -> Option<Screen> {
        Session::screen(self)
    }
    fn screen_of(&self, seat: Seat) -> Screen {
        Session::screen_of(self, seat)
    }
    fn scores(&self) -> Vec<i32> {
        Session::scores(self)
    }
    fn returns(&self) -> Vec<f64> {
        Session::returns(self)
    }
    fn choose(&mut self, code: u16) -> Result<()> {
        Session::choose(self, code)
    }
    fn undo(&mut self) -> Result<()> {
        Session::undo(self)
    }
    fn hint(&mut self) -> Option<Hint> {
        Session::hint(self)
    }
    fn write_record(&self, path: &Path) -> Result<()> {
        Session::write_record(self, path)
    }
    fn save_record(&self, path: &Path) -> Result<()> {
        Session::save_record(self, path)
    }
    fn set_memory_aid(&mut self, on: bool) {
        Session::set_memory_aid(self, on)
    }
}

/// A new session of the game `options.game` ([`Session::start`] on it), as a [`Play`].
/// Errors: an unknown game, and those of [`Session::start`].
pub fn open(options: &SessionOptions) -> Result<Box<dyn Play>> {
    OPEN.of(&options.game)?(options)
}

games::per_game_fn!(
    /// [`Session::start`] on one game.
    pub(crate) OpenFn: fn(&SessionOptions) -> Result<Box<dyn Play>> =
        |R| |o| Ok(Box::new(Session::<R>::start(o)?))
);

/// Each game's [`open`] ([`crate::commands::install_game`] fills it).
pub(crate) static OPEN: games::PerGame<OpenFn> = games::PerGame::new();

/// The unfinished game recorded in `path` ([`Session::resume`] on its game), as a
/// [`Play`]. Errors, one line naming the file: it cannot be read or is not a record, an
/// unknown game, and those of [`Session::resume`].
pub fn resume(path: &Path) -> Result<Box<dyn Play>> {
    let record = record::read(path)?;
    RESUME.of(&record.header.game)?(&record, path)
}

games::per_game_fn!(
    /// [`Session::resume`] on one game.
    pub(crate) ResumeFn: fn(&Record, &Path) -> Result<Box<dyn Play>> =
        |R| |r, p| Ok(Box::new(Session::<R>::resume(r, p)?))
);

/// Each game's [`resume`] ([`crate::commands::install_game`] fills it).
pub(crate) static RESUME: games::PerGame<ResumeFn> = games::PerGame::new();

/// What `events` (an action's events) tell every seat, in words: the secrets the rules
/// reveal (`seat 0 aimed left`), its red cards and eliminations, its goals, saved shots
/// and ends of periods, with the
/// score of `after`, the state they led to (`seat 1 scores (1 : 2)`, `the shot is saved`,
/// `period 1 ends (0 : 0)`), and the end of the game with its winner (`the game ends
/// (1 : 2): seat 1 wins`), joined by ` · `; empty when none of these happened.
fn public_events<S: GameState>(events: &[GameEvent], after: &S) -> String {
    let score = || {
        (0..after.num_seats() as Seat)
            .map(|s| after.score(s).to_string())
            .collect::<Vec<_>>()
            .join(" : ")
    };
    let mut told: Vec<String> = events
        .iter()
        .filter_map(|e| match *e {
            GameEvent::Revealed { seat, what } => Some(format!("seat {seat} {what}")),
            GameEvent::Eliminated { seat } => Some(format!("seat {seat} is eliminated")),
            GameEvent::RedCard { seat } => Some(format!("seat {seat} is shown a red card")),
            GameEvent::Goal { seat } => Some(format!("seat {seat} scores ({})", score())),
            GameEvent::Shot { scored: false, .. } => Some("the shot is saved".to_string()),
            GameEvent::PeriodEnd { period } => Some(format!("period {period} ends ({})", score())),
            _ => None,
        })
        .collect();
    if after.turn() == Turn::Terminal {
        told.push(format!("the game ends ({}): {}", score(), winners(after)));
    }
    told.join(" · ")
}

/// Who won the finished game `state`, in words: `seat K wins`, `seats J and K win` (a
/// shared first place) or `a draw` (every seat first); by the returns.
fn winners<S: GameState>(state: &S) -> String {
    let n = state.num_seats();
    let returns = state.returns();
    let best = returns[..n]
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    let first: Vec<String> = (0..n)
        .filter(|&s| returns[s] == best)
        .map(|s| s.to_string())
        .collect();
    match first.len() {
        k if k == n && n > 1 => "a draw".into(),
        1 => format!("seat {} wins", first[0]),
        _ => format!("seats {} win", first.join(" and ")),
    }
}

/// The log line of `step` as `seat` saw it: the action as the seat saw it, then what
/// every seat saw happen ([`public_events`]).
fn log_line<T>(step: &Step<T>, seat: Seat) -> String {
    let mut line = action_line(step, seat);
    if step.forced {
        line.push_str(" (forced)");
    }
    if step.public.is_empty() {
        line
    } else {
        format!("{line} · {}", step.public)
    }
}

/// The action of `step` as `seat` saw it.
fn action_line<T>(step: &Step<T>, seat: Seat) -> String {
    let seen = step.seen.get(usize::from(seat)).copied().unwrap_or(false);
    match (step.actor, seen) {
        (Actor::Seat(s), _) if s == seat => format!("you: {}", step.name),
        (Actor::Seat(s), true) => format!("seat {s}: {}", step.name),
        (Actor::Seat(s), false) => format!("seat {s} chose in secret"),
        (Actor::Chance, true) => format!("chance: {}", step.name),
        (Actor::Chance, false) => "chance: hidden from you".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine_core::Registered;

    fn options(seed: u64, vs: &str) -> SessionOptions {
        SessionOptions {
            game: String::new(),
            rule_set: RuleSetOptions::default(),
            human: vec![0],
            vs: vec![AgentSpec::parse(vs).unwrap()],
            seed,
        }
    }

    /// Plays the first legal action at every human decision; returns the record.
    fn play_first<R: Registered>(s: &mut Session<R>, hints: bool) -> Vec<String> {
        while let Some(screen) = s.screen() {
            if hints {
                s.hint().unwrap();
            }
            s.choose(screen.legal[0].code).unwrap();
        }
        s.record_lines().unwrap()
    }

    /// Goals and the ends of periods get words in every seat's log, with the score after
    /// them (issue 43: the score just changed), once per goal and per period; so do red
    /// cards.
    #[test]
    fn the_log_tells_goals_and_period_ends() {
        type G = engine::grangol::Grangol;
        let mut all_goals = 0;
        let mut all_reds = 0;
        for seed in 0..6 {
            let mut s = Session::<G>::start(&options(seed, "greedy")).unwrap();
            play_first(&mut s, false);
            // Red cards are public: every seat's log tells each one.
            let reds = |seat| {
                s.log(seat)
                    .iter()
                    .map(|l| l.matches(" is shown a red card").count())
                    .sum::<usize>()
            };
            assert_eq!(reds(0), reds(1), "seed {seed}");
            all_reds += reds(0);
            let goals: i32 = (0..2).map(|seat| s.state().score(seat)).sum();
            all_goals += goals;
            for seat in 0..2 {
                let log = s.log(seat);
                let told = log
                    .iter()
                    .map(|l| l.matches(" scores (").count())
                    .sum::<usize>();
                assert_eq!(told as i32, goals, "seed {seed}, seat {seat}: {log:?}");
                let ends = log.iter().filter(|l| l.contains("period 1 ends (")).count();
                assert_eq!(ends, 1, "seed {seed}, seat {seat}");
            }
            let last = s
                .log(0)
                .into_iter()
                .rev()
                .find(|l| l.contains(" ends ("))
                .unwrap();
            let score = format!("({} : {})", s.state().score(0), s.state().score(1));
            assert!(last.contains(&format!("ends {score}")), "{last} {score}");
        }
        assert!(all_goals > 0, "no goal in six games");
        assert!(all_reds > 0, "no red card told in six games");
    }

    /// Issue 43: without the memory aid, a memory screen shows no face of a card that is
    /// face down again (a grid of `??` after the first turn), with it the faces seen
    /// (lower case); the game is the same.
    #[test]
    fn the_memory_aid_can_be_turned_off() {
        type G = engine::memory::Memory;
        let grid = |screen: &Screen| -> String {
            screen
                .observation
                .lines()
                .filter(|l| l.trim_start().starts_with('r') && l.contains("??"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let mut s = Session::<G>::start(&options(5, "random")).unwrap();
        // Seat 0 turns two cards; when they make no pair they go back face down.
        let mut seen_any = false;
        for _ in 0..6 {
            let Some(screen) = s.screen() else { break };
            s.choose(screen.legal[0].code).unwrap();
            let aided = grid(&s.screen_of(0));
            s.set_memory_aid(false);
            let unaided = grid(&s.screen_of(0));
            s.set_memory_aid(true);
            let remembered = aided.chars().any(|c| c.is_ascii_lowercase() && c != 'r');
            seen_any |= remembered;
            assert!(
                !unaided.chars().any(|c| c.is_ascii_lowercase() && c != 'r'),
                "{unaided}"
            );
        }
        assert!(seen_any, "the aid showed a remembered face");
    }

    /// Issue 43: every shot's direction and the goalkeeper's dive are revealed in every
    /// seat's log on the goalkeeper's step, once per shot, and the last line names the
    /// winner.
    #[test]
    fn the_log_reveals_every_shot_and_names_the_winner() {
        type G = engine::grangol::Grangol;
        let mut all_shots = 0;
        for seed in 0..6 {
            let mut s = Session::<G>::start(&options(seed, "greedy")).unwrap();
            let record = play_first(&mut s, false);
            let shots = record
                .iter()
                .filter(|l| l.contains("\"action\":\"keeper: "))
                .count();
            all_shots += shots;
            for seat in 0..2 {
                let log = s.log(seat);
                let aimed = log.iter().filter(|l| l.contains(" aimed ")).count();
                let dived = log
                    .iter()
                    .filter(|l| l.contains(" dived ") || l.contains(" stayed in the middle"))
                    .count();
                assert_eq!((aimed, dived), (shots, shots), "seed {seed}, seat {seat}");
                let last = log.last().unwrap();
                let returns = s.returns();
                let want = match returns[0].total_cmp(&returns[1]) {
                    std::cmp::Ordering::Greater => "seat 0 wins",
                    std::cmp::Ordering::Less => "seat 1 wins",
                    std::cmp::Ordering::Equal => "a draw",
                };
                assert!(
                    last.contains("the game ends (") && last.ends_with(want),
                    "{last}"
                );
            }
        }
        assert!(all_shots > 0, "no shot in six games");
    }

    #[test]
    fn a_hint_does_not_change_the_game() {
        type G = engine::crazy_eights::CrazyEights;
        let o = options(5, "random");
        let plain = play_first(&mut Session::<G>::start(&o).unwrap(), false);
        let hinted = play_first(&mut Session::<G>::start(&o).unwrap(), true);
        assert_eq!(plain, hinted);
        assert!(plain.last().unwrap().contains("\"end\":true"));
    }

    #[test]
    fn an_illegal_code_is_refused_and_changes_nothing() {
        type G = engine::crazy_eights::CrazyEights;
        let mut s = Session::<G>::start(&options(1, "random")).unwrap();
        let before = s.record_lines().unwrap();
        let legal: Vec<u16> = s.screen().unwrap().legal.iter().map(|c| c.code).collect();
        let bad = (0..u16::MAX).find(|c| !legal.contains(c)).unwrap();
        assert!(s.choose(bad).is_err());
        assert_eq!(s.record_lines().unwrap(), before);
    }

    /// The log hides what another seat drew and shows what the seat may see.
    #[test]
    fn the_log_hides_another_seats_draw_and_shows_a_die() {
        // Crazy Eights deals and draws cards: the opponent's cards are hidden from seat 0.
        type C = engine::crazy_eights::CrazyEights;
        let mut s = Session::<C>::start(&options(3, "random")).unwrap();
        play_first(&mut s, false);
        let log0 = s.log(0);
        assert!(
            log0.iter().any(|l| l == "chance: hidden from you"),
            "{log0:?}"
        );
        assert!(log0.iter().any(|l| l.starts_with("you: ")));
        // Every hidden step names a card the record knows, and seat 0 never sees it.
        for (line, step) in log0.iter().zip(&s.steps) {
            if line == "chance: hidden from you" {
                assert!(!line.contains(&step.name));
            } else if step.actor == Actor::Chance {
                assert_eq!(line, &format!("chance: {}", step.name));
            }
        }
        // GRANGOL rolls dice in the open: some chance line of seat 0 names its outcome.
        type Gr = engine::grangol::Grangol;
        let mut g = Session::<Gr>::start(&options(3, "random")).unwrap();
        play_first(&mut g, false);
        let log = g.log(0);
        let dice: Vec<&String> = log
            .iter()
            .filter(|l| l.starts_with("chance: ") && l.to_lowercase().contains("die"))
            .collect();
        assert!(!dice.is_empty(), "{log:?}");
        assert!(log.iter().any(|l| l == "chance: hidden from you"));
    }

    /// Undo: allowed right after one's own decision when the next decision is again one's
    /// own with nothing seen between; refused after a seen die roll or a seen action of
    /// another seat; restores state, streams and log.
    #[test]
    fn undo_follows_what_the_seat_has_seen() {
        let mut allowed = 0;
        let mut refused = 0;
        for seed in 0..6 {
            type Gr = engine::grangol::Grangol;
            let mut s = Session::<Gr>::start(&options(seed, "random")).unwrap();
            while let Some(screen) = s.screen() {
                let before_steps = s.step();
                let before = s.record_lines().unwrap();
                let last = screen.legal.last().unwrap().code;
                s.choose(last).unwrap();
                let own = s.step() == before_steps + 1;
                let seen_since = s.steps[before_steps as usize + 1..]
                    .iter()
                    .any(|st| st.seen[0]);
                if s.is_over() {
                    assert!(!s.can_undo());
                } else if own {
                    // The next decision is again seat 0's, nothing between.
                    assert!(s.can_undo(), "step {before_steps}");
                } else if seen_since {
                    assert!(s.undo().is_err());
                    refused += 1;
                }
                if s.can_undo() {
                    s.undo().unwrap();
                    assert_eq!(s.record_lines().unwrap(), before);
                    allowed += 1;
                    s.choose(screen.legal[0].code).unwrap();
                }
            }
        }
        assert!(allowed > 0 && refused > 0, "{allowed} {refused}");
    }

    #[test]
    fn an_undone_decision_replays_the_same_game() {
        type C = engine::crazy_eights::CrazyEights;
        let o = options(9, "random");
        let straight = play_first(&mut Session::<C>::start(&o).unwrap(), false);
        let mut s = Session::<C>::start(&o).unwrap();
        let mut undone = 0;
        while let Some(screen) = s.screen() {
            if screen.legal.len() > 1 {
                s.choose(screen.legal[1].code).unwrap();
                if s.undo().is_ok() {
                    undone += 1;
                } else {
                    break;
                }
            }
            s.choose(screen.legal[0].code).unwrap();
        }
        if s.is_over() {
            assert_eq!(s.record_lines().unwrap(), straight);
        }
        let _ = undone;
    }

    #[test]
    fn the_record_reads_back_and_is_never_overwritten() {
        type C = engine::crazy_eights::CrazyEights;
        let mut s = Session::<C>::start(&options(2, "random")).unwrap();
        play_first(&mut s, false);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.jsonl");
        check_record_path(&path).unwrap();
        s.write_record(&path).unwrap();
        let r = record::read(&path).unwrap();
        assert_eq!(r.header.agents, ["human", "random"]);
        assert_eq!(r.games[0].steps.len() as u64, s.step());
        assert!(r.games[0].end.is_some());
        assert!(check_record_path(&path).is_err());
        assert!(s.write_record(&path).is_err());
    }

    #[test]
    fn bad_seats_and_agent_counts_are_one_line_errors() {
        type L = engine::lastuf::Lastuf;
        let mut o = options(1, "random");
        o.rule_set.players = Some(3);
        o.vs = vec![AgentSpec::named("random"); 3];
        let e = Session::<L>::start(&o).err().unwrap();
        assert!(e.to_string().contains("--vs names 3"), "{e}");
        o.vs = vec![AgentSpec::named("random")];
        o.human = vec![5];
        assert!(Session::<L>::start(&o).is_err());
        o.human = vec![0, 2];
        let s = Session::<L>::start(&o).unwrap();
        assert_eq!(s.header().agents, ["human", "random", "human"]);
    }
}
