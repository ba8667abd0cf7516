//! Game records: the JSON Lines format that `sim trace` prints, that `sim play` saves and
//! that `sim replay --trace FILE` reads.
//!
//! A record is a text file of JSON objects, one per line:
//!
//! 1. one [`Header`] line (`{"trace": 1, "game": "grangol", "rules": "…", …}`): the game,
//!    its complete resolved rules as a TOML text (so a record replays without the rules
//!    file it was played with), the seed and the agents' specs;
//! 2. for each game of the record, in order: one [`StepLine`] per applied action (`game`,
//!    `step`, `actor` = seat or `"chance"`, `action` = the readable name, `code` = the
//!    action's code below `GameInfo::num_distinct_actions`, optional `explain` = the
//!    deciding agent's candidates and visit shares, `state` = the game's trace snapshot
//!    after the action), then one [`EndLine`] (`"end": true`, scores, returns, agents).
//!
//! The codes make a record replayable: applying them in order to the initial state of the
//! header's rules gives every state again (a reader checks each readable name against the
//! replayed state's `action_to_string`, so a record of other rules or another engine
//! version is refused at its first differing step).

use crate::infra::play::Actor;
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::io::BufRead;
use std::path::Path;

/// The version of the format, the header's `trace` value.
pub const FORMAT: u32 = 1;

/// The first line of a record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The format's version, [`FORMAT`].
    pub trace: u32,
    /// The registered game's name (`grangol`).
    pub game: String,
    /// Where the rules came from, as typed (`default`, a shipped name or a file, with the
    /// `--set` overrides).
    pub rules_source: String,
    /// The complete resolved rules as a TOML rules file (`games::Loaded::rules_toml`).
    pub rules: String,
    /// The master seed.
    pub seed: u64,
    /// The agents' specs as typed (`human` for a person at `sim play`), agent `i` of the
    /// schedule at index `i`.
    pub agents: Vec<String>,
    /// Whether chance was sampled coupled (`sim trace --coupled`).
    #[serde(default)]
    pub coupled: bool,
}

/// One candidate of a decision, as the deciding agent's search saw it
/// (`Agent::last_policy`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// The action's readable name at the decision.
    pub action: String,
    /// The action's code.
    pub code: u16,
    /// The search's weight of the action (an MCTS: root visits).
    pub visits: f32,
    /// `visits` over the sum of every candidate's visits, in [0, 1].
    pub share: f32,
    /// Its value for the deciding seat: the mean return the search found through it, an
    /// expected score in [0, 1] (`Agent::last_search`). Absent for an agent that gives
    /// no statistics, and in records written before 2026-11-29.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<f32>,
    /// The 95% interval of `value`: Wilson's at the effective number of its visits
    /// (`reports::bounded_mean_interval95`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_lo: Option<f32>,
    /// Upper end of the same interval.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_hi: Option<f32>,
    /// Whether its value is significantly below the first candidate's (the 95% interval
    /// of the difference, Newcombe's method 10 on the two intervals, lies above 0): a
    /// move the search can tell is worse.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub behind: bool,
}

/// Why a decision needs no search, whatever the agent (`sim trace --explain`, hints).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Unsearched {
    /// One legal action: the rules leave no choice.
    Forced,
    /// A secret choice whose equilibrium the rules fix (`GameState::symmetric_choice`,
    /// `GameState::equilibrium_choice`): a random draw from it is the best play, and
    /// search agents play it without searching.
    Equilibrium,
}

impl Unsearched {
    /// The label in words, for hints and pages.
    pub fn words(self) -> &'static str {
        match self {
            Unsearched::Forced => "forced: the only legal action",
            Unsearched::Equilibrium => {
                "an equilibrium choice: the rules fix its mixed strategy, drawn at random"
            }
        }
    }
}

/// What the deciding agent considered at a decision (`sim trace --explain`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Explain {
    /// The deciding agent's spec.
    pub agent: String,
    /// Why the decision needed no search (then `candidates` is empty); absent at a
    /// searched decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unsearched: Option<Unsearched>,
    /// Its candidates, most visited first (equal visits: the higher value first).
    pub candidates: Vec<Candidate>,
}

/// One applied action. `T` is the game's snapshot type when written, a
/// [`serde_json::Value`] when read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StepLine<S> {
    /// The game's index in the record's schedule.
    pub game: u64,
    /// The action's index in its game, from 0.
    pub step: u64,
    /// Who chose it.
    pub actor: Actor,
    /// Its readable name (`Notation::action_to_string` before it was applied).
    pub action: String,
    /// Its code.
    pub code: u16,
    /// Whether the decision was forced: its only legal action, applied without asking
    /// the agent ([`engine_core::LegalActions::forced_action`]). Written only when `true`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub forced: bool,
    /// The deciding agent's candidates, when recorded with `--explain` and the agent
    /// searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explain: Option<Explain>,
    /// The trace snapshot of the state after the action.
    pub state: S,
}

/// `!b`: a step line writes `forced` only when it is `true`.
fn is_false(b: &bool) -> bool {
    !*b
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EndLine {
    /// The game's index.
    pub game: u64,
    /// Always `true` (what tells an end line from a step line).
    pub end: bool,
    /// Goals (points) of each seat.
    pub score: Vec<i32>,
    /// Returns of each seat.
    pub returns: Vec<f64>,
    /// The agent's spec at each seat.
    pub agents: Vec<String>,
}

/// One game of a record read back.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedGame {
    /// The game's index.
    pub index: u64,
    /// Its steps, in order.
    pub steps: Vec<StepLine<serde_json::Value>>,
    /// Its end line (`None`: the record stops before the game ended, e.g. a game of
    /// `sim play` left before its end).
    pub end: Option<EndLine>,
}

/// A record read back: the header and its games in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The first line.
    pub header: Header,
    /// The games, in file order.
    pub games: Vec<RecordedGame>,
}

impl Record {
    /// The game of index `index`. Errors: no such game in the record.
    pub fn game(&self, index: u64) -> Result<&RecordedGame> {
        match self.games.iter().find(|g| g.index == index) {
            Some(g) => Ok(g),
            None => bail!(
                "the record holds no game {index} (its games: {})",
                self.games
                    .iter()
                    .map(|g| g.index.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

/// Reads a record from `path`. Errors (one line naming the file and the line): the file
/// cannot be read, the first line is not a header of format [`FORMAT`], a line is not a
/// step or end line, a step of a game after its end line.
pub fn read(path: &Path) -> Result<Record> {
    let file = std::fs::File::open(path)
        .with_context(|| format!("cannot read the record '{}'", path.display()))?;
    parse(std::io::BufReader::new(file))
        .with_context(|| format!("'{}' is not a game record", path.display()))
}

/// [`read`] from any reader (the errors without the file's name).
pub fn parse(reader: impl BufRead) -> Result<Record> {
    let mut lines = reader.lines().enumerate();
    let header: Header = match lines.next() {
        Some((_, line)) => {
            let line = line.context("line 1")?;
            serde_json::from_str(&line)
                .context("line 1 is not a record header (made by `sim trace` or `sim play`)")?
        }
        None => bail!("the file is empty"),
    };
    if header.trace != FORMAT {
        bail!(
            "line 1: format {} (this sim reads format {FORMAT})",
            header.trace
        );
    }
    let mut games: Vec<RecordedGame> = Vec::new();
    for (i, line) in lines {
        let n = i + 1;
        let line = line.with_context(|| format!("line {n}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let value: serde_json::Value =
            serde_json::from_str(&line).with_context(|| format!("line {n} is not JSON"))?;
        let index = value["game"]
            .as_u64()
            .with_context(|| format!("line {n} has no game index"))?;
        if games.last().is_none_or(|g| g.index != index) {
            games.push(RecordedGame {
                index,
                steps: Vec::new(),
                end: None,
            });
        }
        let game = games.last_mut().expect("pushed above");
        if game.end.is_some() {
            bail!("line {n}: game {index} goes on after its end line");
        }
        if value.get("end").is_some() {
            game.end =
                Some(serde_json::from_value(value).with_context(|| format!("line {n}: end line"))?);
        } else {
            let step: StepLine<serde_json::Value> =
                serde_json::from_value(value).with_context(|| format!("line {n}: step line"))?;
            if step.step != game.steps.len() as u64 {
                bail!(
                    "line {n}: step {} of game {index} where step {} was due",
                    step.step,
                    game.steps.len()
                );
            }
            game.steps.push(step);
        }
    }
    Ok(Record { header, games })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = r#"{"trace":1,"game":"grangol","rules_source":"default","rules":"x = 1\n","seed":7,"agents":["human","mcts"]}"#;

    #[test]
    fn a_record_reads_back_game_by_game() {
        let text = format!(
            "{HEADER}\n\
             {{\"game\":0,\"step\":0,\"actor\":\"chance\",\"action\":\"draw TIRO\",\"code\":12,\"state\":{{}}}}\n\
             {{\"game\":0,\"step\":1,\"actor\":1,\"action\":\"TIRO\",\"code\":3,\"explain\":{{\"agent\":\"mcts\",\"candidates\":[{{\"action\":\"TIRO\",\"code\":3,\"visits\":9.0,\"share\":1.0}}]}},\"state\":{{\"a\":1}}}}\n\
             {{\"game\":0,\"end\":true,\"score\":[1,0],\"returns\":[1.0,0.0],\"agents\":[\"human\",\"mcts\"]}}\n\
             {{\"game\":1,\"step\":0,\"actor\":0,\"action\":\"PASSAGGIO\",\"code\":2,\"state\":null}}\n"
        );
        let r = parse(text.as_bytes()).unwrap();
        assert_eq!(r.header.agents, ["human", "mcts"]);
        assert!(!r.header.coupled);
        assert_eq!(r.games.len(), 2);
        let g = r.game(0).unwrap();
        assert_eq!(g.steps[1].actor, Actor::Seat(1));
        assert_eq!(g.steps[0].actor, Actor::Chance);
        assert_eq!(g.steps[1].explain.as_ref().unwrap().candidates[0].code, 3);
        assert_eq!(g.end.as_ref().unwrap().score, [1, 0]);
        assert!(r.game(1).unwrap().end.is_none());
        assert!(r.game(2).is_err());
    }

    #[test]
    fn a_step_line_writes_what_it_reads() {
        let line = StepLine {
            game: 0,
            step: 0,
            actor: Actor::Seat(0),
            action: "TIRO".into(),
            code: 3,
            forced: false,
            explain: None,
            state: serde_json::json!({"x": 1}),
        };
        let text = serde_json::to_string(&line).unwrap();
        assert_eq!(
            text,
            r#"{"game":0,"step":0,"actor":0,"action":"TIRO","code":3,"state":{"x":1}}"#
        );
        assert_eq!(serde_json::from_str::<StepLine<_>>(&text).unwrap(), line);
    }

    #[test]
    fn bad_records_are_refused_with_the_line() {
        let err = |text: &str| format!("{:#}", parse(text.as_bytes()).unwrap_err());
        assert!(err("").contains("empty"));
        assert!(err("{\"game\":0}\n").contains("line 1"));
        let v2 = HEADER.replace("\"trace\":1", "\"trace\":2");
        assert!(err(&v2).contains("format 2"));
        let gap = format!(
            "{HEADER}\n{{\"game\":0,\"step\":1,\"actor\":0,\"action\":\"a\",\"code\":1,\"state\":null}}\n"
        );
        assert!(err(&gap).contains("line 2"), "{}", err(&gap));
        let after = format!(
            "{HEADER}\n{{\"game\":0,\"end\":true,\"score\":[0,0],\"returns\":[0.5,0.5],\"agents\":[]}}\n\
             {{\"game\":0,\"step\":0,\"actor\":0,\"action\":\"a\",\"code\":1,\"state\":null}}\n"
        );
        assert!(err(&after).contains("after its end"), "{}", err(&after));
    }
}
