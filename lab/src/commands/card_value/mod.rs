//! `sim card-value`: the causal value of a card, by ablation. Every game of the schedule
//! is played on the same seeds once with the rules as given and once per measured card
//! with `--copies` copies of that card replaced by the blank card, and each ablated
//! version is compared game by game with the base (see `reports::ablation` for the two
//! figures and their intervals). With one `--card` it prints and writes that card's value
//! per agent; without `--card`, with `--card all` or a comma list, every card named is
//! ranked in one run (`reports::rank_cards`), all on the same games.

use crate::infra::games::{load, sets, single_rules, Loaded, LoadedView};
use crate::infra::journal::Journal;
use crate::infra::options::CardValueOptions;
use crate::infra::play::Player;
use crate::infra::progress::Progress;
use crate::infra::runner::{Job, Merge};
use crate::infra::schedule::Schedule;
use agents::AgentSpec;
use anyhow::{bail, Context, Result};
use engine_core::{Game, GameInfo, Registered};
use reports::{AblationRow, AblationStats, CardRankRow};
use serde::Serialize;
use std::path::{Path, PathBuf};

pub mod luck;
pub mod race;
pub mod summary;

pub use race::Round;

/// One ablated version of the rules: the card's printed name and the rules with
/// `--copies` copies of it replaced by the blank card.
pub struct Ablated<G> {
    /// The card's printed name, upper case.
    pub card: String,
    /// The rules without those copies.
    pub game: G,
}

/// What a card-value run needs.
struct CardJob<'a, G: Game> {
    base: &'a G,
    ablated: &'a [Ablated<G>],
    specs: &'a [AgentSpec],
    seed: u64,
    schedule: &'a Schedule,
    blank: u8,
    /// The `sim trace --coupled` command of the base rules' games.
    trace: String,
    /// The games of the schedule this job plays, and the ablated versions it plays them
    /// in (indices into `ablated`).
    round: &'a Round,
}

/// Every ablated version's accumulators (one per agent and a last one over every seat),
/// as the runner's tally.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct AblationTable(pub Vec<Vec<AblationStats>>);

impl Merge for AblationTable {
    fn merge(&mut self, other: &Self) {
        for (x, y) in self.0.iter_mut().flatten().zip(other.0.iter().flatten()) {
            x.merge(y);
        }
    }
}

impl<G: Game> Job for CardJob<'_, G> {
    type Tally = AblationTable;

    fn units(&self) -> u64 {
        self.round.games.end - self.round.games.start
    }

    fn games(&self, units: std::ops::Range<u64>) -> u64 {
        (units.end - units.start) * (1 + self.round.cards.len() as u64)
    }

    fn empty(&self) -> AblationTable {
        AblationTable(vec![
            vec![AblationStats::default(); self.specs.len() + 1];
            self.ablated.len()
        ])
    }

    fn play(&self, units: std::ops::Range<u64>, bar: &Progress) -> Result<Option<AblationTable>> {
        crate::infra::runner::unless_discarded(run_chunk(self, units, bar).map(AblationTable))
    }
}

/// Half-points of seat `s` against its opponents (two seats: win 2, draw 1, loss 0).
fn points2(returns: &engine_core::Returns, s: usize, n: usize) -> i64 {
    reports::half_points(returns, s, n) as i64
}

/// Plays games `range` of the round (offsets from its first game) in the base version
/// and in each ablated version of the round; returns, per ablated version (every card,
/// untouched where the round does not play it), one accumulator per agent and a last one
/// over every seat. At two seats each pair's difference is also luck-adjusted after the
/// step where the two games parted ([`luck`]).
fn run_chunk<G: Game>(
    job: &CardJob<'_, G>,
    range: std::ops::Range<u64>,
    bar: &Progress,
) -> Result<Vec<Vec<AblationStats>>> {
    let first = job.round.games.start;
    if crate::infra::play::discarding(first + range.start) {
        return Err(crate::infra::play::Discarded.into());
    }
    let n = job.base.info().num_seats;
    let agents = job.specs.len();
    let on = n == 2;
    let mut out = vec![vec![AblationStats::default(); agents + 1]; job.ablated.len()];
    let mut base = Player::new(job.base, job.specs, job.seed)
        .coupled()
        .trace(job.trace.clone());
    let mut ablated: Vec<(usize, Player<'_, G>)> = job
        .round
        .cards
        .iter()
        .map(|&i| {
            let player = Player::new(&job.ablated[i].game, job.specs, job.seed)
                .coupled()
                .trace(job.trace.clone());
            (i, player)
        })
        .collect();
    let mut watch = luck::BaseLuck::new(on);
    for g in range {
        let game = job.schedule.game(first + g);
        watch.clear();
        let b = base.play(&game, &mut watch)?;
        bar.inc(1);
        for (i, player) in &mut ablated {
            let version = &job.ablated[*i];
            let mut seen = luck::AblatedLuck::new(on, &watch.actions, job.blank);
            let a = player.play(&game, &mut seen).map_err(|e| {
                e.context(format!(
                    "in the version with BLANK cards for {}",
                    version.card
                ))
            })?;
            // Seat 0's luck in the base game after the games parted (seat 1's is its
            // negative: two seats, constant sum).
            let base_luck0 = watch.after(seen.parted);
            let out = &mut out[*i];
            // The agents of a match are distinct: each sits at one seat of the game. A
            // seat's net exposure is its blanks minus the most any opponent drew (the
            // opponent's, at two seats).
            let (mut d_all, mut b_all, mut w_all, mut x_all, mut a_all) =
                (0i64, 0u64, 0u64, 0i64, 0i64);
            for (s, &k) in game.seats.iter().enumerate() {
                let d = points2(&b.returns, s, n) - points2(&a.returns, s, n);
                let h = seen.drawn[s];
                // Only the seat that drew more blanks (lost more copies) is charged: its
                // agent's value is what the extra copy does in its hands.
                let most_other = (0..n)
                    .filter(|&o| o != s)
                    .map(|o| seen.drawn[o])
                    .max()
                    .unwrap_or(0);
                let e = (h as i64 - most_other as i64).max(0);
                let w = e.unsigned_abs().pow(2);
                // The luck each game had after the parting, weighed by an exposure known
                // before that luck came, so that the correction keeps mean zero: the
                // base game's by the exposure at the parting, the ablated game's node by
                // node by the exposure so far. (Weighing by the final exposure, which
                // later draws and so that luck decide, biased values by about +0.0015 a
                // copy.)
                let at = |o: usize| seen.drawn_at_parting[o];
                let most_other_then = (0..n).filter(|&o| o != s).map(at).max().unwrap_or(0);
                let e_then = (at(s) as i64 - most_other_then as i64).max(0) as f64;
                let correction = match (on, s) {
                    (false, _) => 0.0,
                    (true, 0) => e_then * base_luck0 - seen.weighed[0],
                    (true, _) => -e_then * base_luck0 - seen.weighed[1],
                };
                // Doubled points: the luck (a return difference) counts twice.
                let adjusted =
                    ((e as f64 * d as f64 - 2.0 * correction) * reports::LUCK_UNIT).round();
                let ax = adjusted as i64;
                out[k].record(d, h, w, e * d, ax);
                d_all += d;
                b_all += h;
                w_all += w;
                x_all += e * d;
                a_all += ax;
            }
            out[agents].record(d_all, b_all, w_all, x_all, a_all);
            bar.inc(1);
        }
    }
    Ok(out)
}

/// `run.json` of a card-value run.
#[derive(Serialize)]
struct CardValueJson<'a> {
    command: Vec<String>,
    version: &'static str,
    game: &'a str,
    /// The card (single-card mode) or the ranked cards joined by commas.
    card: &'a str,
    /// `card` (one card, rows per agent) or `ranking` (one row per card).
    mode: &'static str,
    copies: u64,
    agents: &'a [AgentSpec],
    games: u64,
    duplicate: bool,
    seed: u64,
    sampling: &'static str,
    /// Ranking mode: the multiplicity correction of `significant`.
    #[serde(skip_serializing_if = "Option::is_none")]
    significance: Option<String>,
    /// How the values are luck-adjusted.
    luck: &'static str,
    /// `--resolution`: the rounds, the correction and every card's standing.
    #[serde(skip_serializing_if = "Option::is_none")]
    resolution: Option<&'a race::RaceOutcome>,
    /// Ranking mode: cards of the game not ranked (fewer copies than `--copies`).
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    skipped: &'a [String],
    base_rules: &'a serde_json::Value,
    elapsed_seconds: f64,
}

/// `run.json`'s account of the luck adjustment.
const LUCK: &str = "values are luck-adjusted at two seats: after the step where the two games \
                    of a pair part, each game's return is reduced by the sum, over its chance \
                    nodes of at most 8 outcomes, of the value of the outcome that came minus \
                    the value expected (the game's fitted evaluation), weighed by the seat's \
                    exposure at the parting; unbiased, see raw_value for the values as played";

/// The family-wise error rate of the ranking's significance flags.
pub const ALPHA: f64 = 0.05;

/// The values a card-value run measured.
#[derive(Clone, Debug)]
pub enum CardValues {
    /// One `--card`: its rows per agent, then one over every seat (`card_value.csv`).
    Card(Vec<AblationRow>),
    /// A ranking (no `--card`, `all`, or a comma list): one row per card, every seat
    /// pooled, sorted by value, with Holm-corrected flags (`card_value.csv`).
    Ranking(Vec<CardRankRow>),
}

/// What `sim card-value` found, for its summary: the cards' values and where the files
/// went. The library prints nothing; `sim` formats this.
#[derive(Clone, Debug)]
pub struct CardValueReport {
    /// The card measured (one `--card`), or the cards ranked joined by commas.
    pub card: String,
    /// Copies of each card replaced by the blank.
    pub copies: u64,
    /// Games played on each version of the rules (the base and each ablated one).
    pub games: u64,
    /// The values.
    pub values: CardValues,
    /// `--resolution`: the rounds played and every card's standing.
    pub race: Option<race::RaceOutcome>,
    /// The cards left out of a ranking (fewer copies in the deck than `copies`).
    pub skipped: Vec<String>,
    /// The output folder written (a shard's, with `--shard`).
    pub out: PathBuf,
    /// The files written in it, as a summary names them
    /// (`card_value.csv, run.json`).
    pub files: &'static str,
    /// Seconds spent playing (with those of the run resumed, or of the shards merged).
    pub elapsed: f64,
}

/// `sim card-value`: plays the schedule of `args` on `base` and on every version of
/// `ablated` (the same rules with `args.copies` copies of one card replaced by blanks), on
/// the same seeds, and writes `card_value.csv` and `run.json` to a new directory. With
/// `ranking` false (one `--card`; `ablated` then holds one version) it returns and writes
/// that card's value per agent and over every seat; with `ranking` true one row per card
/// (every seat pooled), sorted by value, with Holm-corrected significance over the cards,
/// and `card_value_by_agent.csv` with every card's rows per agent. `skipped` names the
/// cards left out of a ranking (returned and recorded). Errors: bad agents, a game without
/// a `BLANK` card, unwritable output.
pub fn card_value<G: Game>(
    base: &Loaded<G>,
    ablated: &[Ablated<G>],
    skipped: &[String],
    ranking: bool,
    args: &CardValueOptions,
    journal: &Journal,
) -> Result<CardValueReport> {
    let common = &args.common;
    let cards: Vec<&str> = ablated.iter().map(|v| v.card.as_str()).collect();
    card_value_of(
        base.view(),
        &cards,
        ablated.first().map(|v| v.game.info()),
        skipped,
        ranking,
        args,
        journal,
        &|| crate::infra::games::check_agents(&base.game, common),
        &|specs, schedule, blank, trace, round, bar| {
            let job = CardJob {
                base: &base.game,
                ablated,
                specs,
                seed: common.seed,
                schedule,
                blank,
                trace,
                round,
            };
            // A run of one round shards; the rounds of `--resolution` depend on each
            // other (refused with --shard).
            let shardable = args.resolution.is_none();
            journal.run(&round.label, &job, shardable, bar).map(|t| t.0)
        },
    )
}

/// How [`card_value_of`] plays: the games of `round` of `schedule` by the agents
/// `specs`, in the base and the round's ablated versions (blank card `blank`, the `sim
/// trace` command `trace`), as the round's phase of the journal, advancing the bar.
type PlayAblations<'a> = dyn Fn(&[AgentSpec], &Schedule, u8, String, &Round, &Progress) -> Result<Vec<Vec<AblationStats>>>
    + 'a;

/// [`card_value`] on the view of the base rules: `cards` are the ablated versions' cards,
/// `ablated_info` the first version's description; `check_agents` checks the agents
/// against the game, `play` plays.
#[allow(clippy::too_many_arguments)]
fn card_value_of(
    base: LoadedView<'_>,
    cards: &[&str],
    ablated_info: Option<&GameInfo>,
    skipped: &[String],
    ranking: bool,
    args: &CardValueOptions,
    journal: &Journal,
    check_agents: &dyn Fn() -> Result<(Vec<AgentSpec>, Schedule)>,
    play: &PlayAblations<'_>,
) -> Result<CardValueReport> {
    let common = &args.common;
    if base.info.num_seats == 1 {
        anyhow::bail!(
            "card-value measures a card in score points against opponents, but {} with 1 \
             player has none",
            base.name()
        );
    }
    let Some(ablated_info) = ablated_info else {
        anyhow::bail!(
            "--copies {}: no card of {} has that many copies to replace",
            args.copies,
            base.name()
        );
    };
    if let Some(r) = args.resolution {
        if !ranking || cards.len() < 2 {
            bail!(
                "--resolution {r} places cards against the average card: give several cards \
                 (--card A,B,…) or none (every card)"
            );
        }
        if journal.shard().is_some() {
            bail!(
                "--resolution plays rounds that depend on each other, which cannot be \
                 sharded: run it whole, or shard a run without --resolution"
            );
        }
    }
    let (specs, schedule) = check_agents()?;
    let labels = crate::commands::run::labels(&specs);
    let blank = ablated_info
        .cards
        .iter()
        .position(|c| c.name == "BLANK")
        .and_then(|i| u8::try_from(i).ok())
        .with_context(|| format!("{} has no BLANK card to ablate with", base.name()))?;
    let card = cards.join(",");
    let out = match &args.output.out {
        Some(dir) if dir.exists() => anyhow::bail!(
            "output directory '{}' already exists (choose another --out)",
            dir.display()
        ),
        Some(dir) => dir.clone(),
        None => default_out(
            base.name(),
            args.card.as_deref().unwrap_or("all"),
            common.seed,
            common.games,
        ),
    };
    let trace = crate::commands::run::TraceCommand::new(base.name(), common)
        .with(common.games, common.seed)
        + " --coupled";
    journal.identify("rules", base.rules_json)?;
    // Before the first game: an output path that cannot be written fails now.
    let dir = journal.open(&out)?;
    let total = schedule.total_games();
    let clock = std::time::Instant::now();
    let play_round = |round: &Round, bar: &Progress| {
        play(&specs, &schedule, blank, trace.clone(), round, bar)
    };
    let played = match args.resolution {
        None => {
            let round = Round {
                label: "games".into(),
                games: 0..total,
                cards: (0..cards.len()).collect(),
            };
            let bar = Progress::new(total * (1 + cards.len() as u64), "games");
            let played = play_round(&round, &bar);
            bar.finish();
            played.map(|t| (t, None))
        }
        Some(resolution) => {
            let race = race::Race {
                cards,
                alpha: ALPHA,
                agents: specs.len(),
                num_seats: schedule.num_seats,
                cap: total,
                resolution,
            };
            race.run(&play_round).map(|(t, o)| (t, Some(o)))
        }
    };
    let (stats, raced) = match played {
        Ok(t) => t,
        Err(e) => return Err(journal.kept(dir, e)),
    };
    let elapsed = clock.elapsed().as_secs_f64();
    let agent_rows = |card: &str, stats: &[AblationStats]| -> Vec<AblationRow> {
        labels
            .iter()
            .map(String::as_str)
            .chain(["all"])
            .zip(stats)
            .map(|(label, s)| AblationRow::new(base.name(), card, label, s, schedule.num_seats))
            .collect()
    };
    let significance = ranking.then(|| {
        format!(
            "Holm's step-down over the {} cards ranked: family-wise error rate {ALPHA}",
            cards.len()
        )
    });
    // Ranking mode: one row per card; single-card mode: the card's rows per agent.
    let (ranked, per_agent) = if ranking {
        let pooled: Vec<(String, AblationStats)> = cards
            .iter()
            .zip(&stats)
            .map(|(v, s)| (v.to_string(), s[specs.len()]))
            .collect();
        let rows =
            reports::rank_cards(base.name(), args.copies, &pooled, schedule.num_seats, ALPHA);
        dir.write_csv("card_value.csv", rows.clone())?;
        // Per agent, in the ranking's order.
        let by_agent: Vec<AblationRow> = rows
            .iter()
            .flat_map(|r| {
                let i = cards.iter().position(|v| *v == r.card).unwrap_or(0);
                agent_rows(&r.card, &stats[i])
            })
            .collect();
        dir.write_csv("card_value_by_agent.csv", by_agent)?;
        if let Some(race) = &raced {
            dir.write_csv("card_groups.csv", race.groups.clone())?;
        }
        (rows, Vec::new())
    } else {
        let rows = agent_rows(&card, &stats[0]);
        dir.write_csv("card_value.csv", rows.clone())?;
        (Vec::new(), rows)
    };
    dir.write_json(
        "run.json",
        &CardValueJson {
            command: args.output.command_line.clone(),
            version: env!("CARGO_PKG_VERSION"),
            game: base.name(),
            card: &card,
            mode: if ranking { "ranking" } else { "card" },
            copies: args.copies,
            agents: &specs,
            games: total,
            duplicate: schedule.duplicate,
            seed: common.seed,
            sampling: "coupled (exponential race), in both versions",
            luck: LUCK,
            significance,
            resolution: raced.as_ref(),
            skipped,
            base_rules: base.rules_json,
            elapsed_seconds: elapsed,
        },
    )?;
    let out = journal.finish(dir)?;
    let race_files = raced.is_some();
    Ok(CardValueReport {
        card,
        copies: args.copies,
        games: total,
        values: if ranking {
            CardValues::Ranking(ranked)
        } else {
            CardValues::Card(per_agent)
        },
        race: raced,
        skipped: skipped.to_vec(),
        out,
        files: if race_files {
            "card_value.csv, card_value_by_agent.csv, card_groups.csv, run.json"
        } else if ranking {
            "card_value.csv, card_value_by_agent.csv, run.json"
        } else {
            "card_value.csv, run.json"
        },
        elapsed,
    })
}

/// `runs/card-value-<game>-<card>-<seed>-<games>`, with `-2`, `-3`, … if taken.
fn default_out(game: &str, card: &str, seed: u64, games: u64) -> PathBuf {
    let card: String = card
        .trim()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let base = Path::new("runs").join(format!("card-value-{game}-{card}-{seed}-{games}"));
    reports::unused_path(&base)
}

/// `sim card-value`: loads the game named in `args`, as given and, for each card measured,
/// with `--copies` copies of it replaced by the game's blank card
/// ([`Registered::ablate_card`]), and runs the ablation. One `--card`: that card, rows per
/// agent. No `--card`, `--card all`: every card of the game's card list
/// (`GameInfo::cards`) that the game can blank `--copies` times (the others are listed as
/// not ranked); a comma list: those cards, each of which must be ablatable. Errors: bad
/// rules, a game without a blank card, an unknown card, or fewer copies in the deck than
/// `--copies` (one line), as [`crate::Error`]s. Returns what the summary shows; prints
/// nothing.
pub fn command(args: &CardValueOptions) -> crate::infra::error::Result<CardValueReport> {
    crate::infra::long_command::start(args)
}

crate::infra::journal::long_command!(CardValueOptions: "card-value", CardValueReport,
    game: common.game,
    run: measure,
    summary: summary::write_card_value);

/// [`command`] on the game `R`, with its phase of play recorded in `journal` (fresh,
/// resumed or merged: see [`crate::infra::journal`]).
fn measure<R: Registered>(args: &CardValueOptions, journal: &Journal) -> Result<CardValueReport> {
    let common = &args.common;
    let base = load::<R>(single_rules(&common.rules)?, &sets::<R>(common)?)?;
    if base.game.ablate_card("").is_none() {
        bail!(
            "card-value needs a card game with a blank card; {} has none",
            R::NAME
        );
    }
    let blank = |name: &str| -> Result<R> {
        let one = |g: &R| match g.ablate_card(name) {
            Some(r) => r.map_err(|e| anyhow::anyhow!("--card {}: {e}", name.trim())),
            None => bail!("{} has no blank card", R::NAME),
        };
        let mut ablated = one(&base.game)?;
        for k in 1..args.copies {
            ablated = one(&ablated)
                .with_context(|| format!("--copies {}: only {k} could be replaced", args.copies))?;
        }
        Ok(ablated)
    };
    let mut versions = Vec::new();
    let (ranking, skipped) =
        chosen_cards(args.card.as_deref(), &base.game.info().cards, &mut |card| {
            let game = blank(card)?;
            let card = card.trim().trim_matches('"').to_uppercase();
            versions.push(Ablated {
                card: card.clone(),
                game,
            });
            Ok(card)
        })?;
    card_value(&base, &versions, &skipped, ranking, args, journal)
}

/// The cards `--card` (`card`) measures among the game's `cards`, each added with
/// `add` (which blanks it and returns its name as measured). Returns whether they are
/// ranked, and the cards of the game left out (which `add` could not blank). Errors: a
/// card that `add` cannot blank, an empty or repeated name in a list.
fn chosen_cards(
    card: Option<&str>,
    cards: &[engine_core::CardInfo],
    add: &mut dyn FnMut(&str) -> Result<String>,
) -> Result<(bool, Vec<String>)> {
    let spec = card.map(str::trim);
    match spec {
        Some(card) if !card.eq_ignore_ascii_case("all") && !card.contains(',') => {
            add(card)?;
            Ok((false, Vec::new()))
        }
        Some(list) if list.contains(',') => {
            let mut names: Vec<String> = Vec::new();
            for card in list.split(',').map(str::trim) {
                if card.is_empty() {
                    bail!("--card {list}: an empty card name in the list");
                }
                let name = add(card)?;
                if names.contains(&name) {
                    bail!("--card {list}: {name} is named twice");
                }
                names.push(name);
            }
            Ok((true, Vec::new()))
        }
        _ => {
            let mut skipped = Vec::new();
            for info in cards {
                if info.name == "BLANK" {
                    continue;
                }
                if add(&info.name).is_err() {
                    skipped.push(info.name.clone());
                }
            }
            Ok((true, skipped))
        }
    }
}
