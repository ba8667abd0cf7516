//! `sim card-value`: the flags become [`lab::infra::options::CardValueOptions`], the lab measures
//! the cards ([`lab::commands::card_value::command`]) and writes the folder, and the values
//! ([`lab::commands::card_value::summary::write_card_value`]) are printed.

use crate::args::{positive_u64, GameArgs};
use clap::Args;

/// The own flags of `sim card-value`.
#[derive(Args, Debug)]
pub struct CardValueFlags {
    /// What to play.
    #[command(flatten)]
    pub common: GameArgs,
    /// Play the command a second time with these agents (e.g. `--agents casual,casual
    /// --also-agents expert,expert`, two strength presets) into OUT/second, the first into
    /// OUT/first (needs --out), and compare the two answers side by side in
    /// OUT/first/report-vs-second.html: each effect under both, and whether it depends on
    /// the agents (the test of the difference of the two differences).
    #[arg(long, value_name = "AGENTS", value_parser = crate::args::agent_list)]
    pub also_agents: Option<crate::args::AgentList>,
    /// The card to ablate, by its printed name (e.g. LANCIO, "TIRO DA FUORI"): its value
    /// per agent. `all` (the default) or a comma list (`LANCIO,TIRO`) ranks those cards in
    /// one run, on the same games: one row per card, sorted by value, Holm-corrected.
    #[arg(long, value_name = "NAME|all|A,B,…")]
    pub card: Option<String>,
    /// How many copies of the card to replace by blanks: one copy of a big deck changes
    /// little, several make the effect measurable in fewer games.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = positive_u64)]
    pub copies: u64,
    /// Spend games where they decide something: play in 5 rounds (1/16 of --games, then
    /// doubling up to --games), each only for the cards still open against the average
    /// card: a card is decided when it is worth more or less than the average card, or
    /// measured to ±R (score points per copy, e.g. 0.005), with intervals corrected for
    /// every card and round. Prints after the first round the games that would resolve
    /// every card, and writes card_groups.csv.
    #[arg(long, value_name = "R", value_parser = crate::args::positive_f64)]
    pub resolution: Option<f64>,
}

/// `sim card-value`: its own flags, then the output and long-run flags ([`super::Long`]).
pub type CardValueArgs = super::Long<CardValueFlags>;

// The command's options ([`super::OwnArgs`]): `exec` runs it and prints its summary.
own_args!(CardValueFlags => CardValueOptions { common: options, card: clone, copies: clone, resolution: clone } also: also_agents);
