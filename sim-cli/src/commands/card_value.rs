//! `sim card-value`: the flags become [`lab::options::CardValueOptions`], the lab measures
//! the cards ([`lab::card_value::command`]) and writes the folder, and this file prints
//! the values from its [`lab::card_value::CardValueReport`] (also after `sim resume` and
//! `sim merge`).

use crate::args::{command_line, positive_u64, positive_usize, GameArgs, LongRunArgs};
use clap::Args;
use std::path::PathBuf;

use lab::card_value::{CardValueReport, CardValues, ALPHA};
use reports::AblationRow;

/// `sim card-value`: runs it and prints its summary ([`print_card_value`]). Errors: those
/// of [`lab::card_value::command`].
pub fn card_value(args: &CardValueArgs) -> anyhow::Result<()> {
    print_card_value(&lab::card_value(&args.options())?);
    Ok(())
}

/// Prints the summary of `sim card-value`: one card's values per agent, or the ranking of
/// the cards, then the files written.
pub fn print_card_value(r: &CardValueReport) {
    match &r.values {
        CardValues::Ranking(rows) => print_ranking(r.copies, r.games, rows, &r.skipped, r.elapsed),
        CardValues::Card(rows) => print_rows(&r.card, r.copies, r.games, rows, r.elapsed),
    }
    say!();
    say!("wrote {}/ ({})", r.out.display(), r.files);
}

fn interval(x: Option<f64>, lo: Option<f64>, hi: Option<f64>) -> String {
    match (x, lo, hi) {
        (Some(x), Some(lo), Some(hi)) => format!("{x:+.4} [{lo:+.4}, {hi:+.4}]"),
        _ => "-".into(),
    }
}

fn print_rows(card: &str, copies: u64, games: u64, rows: &[AblationRow], elapsed: f64) {
    let what = if copies == 1 {
        "one copy".to_string()
    } else {
        format!("{copies} copies")
    };
    say!(
        "{card}: {what} replaced by BLANK; {games} games played twice on the same seeds \
         ({elapsed:.1} s)"
    );
    say!("score points (win 1, draw 1/2), rules as given minus with the blank; value per copy:");
    say!("the score a seat gains per copy it draws more than its opponent");
    say!();
    say!(
        "{:<24} {:>8} {:>8} {:>28} {:>28}",
        "agent",
        "games",
        "blanks",
        "value per copy [95%]",
        "delta score rate [95%]"
    );
    for r in rows {
        say!(
            "{:<24} {:>8} {:>8} {:>28} {:>28}",
            r.agent,
            r.games,
            r.blanks_drawn,
            interval(r.holder_value, r.holder_value_lo, r.holder_value_hi),
            interval(r.delta, r.delta_lo, r.delta_hi)
        );
    }
}

fn print_ranking(
    copies: u64,
    games: u64,
    rows: &[reports::CardRankRow],
    skipped: &[String],
    elapsed: f64,
) {
    let what = if copies == 1 {
        "one copy".to_string()
    } else {
        format!("{copies} copies")
    };
    say!(
        "{} cards ranked, {what} of each replaced by BLANK; {games} games played on the same \
         seeds in the base version and in each ablated one ({elapsed:.1} s)",
        rows.len()
    );
    say!("value per copy: the score a seat gains per copy it draws more than its opponent");
    say!(
        "(every seat pooled); * = significant after Holm's correction over the {} cards \
         (family-wise error rate {ALPHA})",
        rows.len()
    );
    if !skipped.is_empty() {
        say!(
            "not ranked (fewer than {copies} cop{} in the deck): {}",
            if copies == 1 { "y" } else { "ies" },
            skipped.join(", ")
        );
    }
    say!();
    say!(
        "{:>4}  {:<26} {:>8} {:>28} {:>8}",
        "rank",
        "card",
        "blanks",
        "value per copy [95%]",
        "p"
    );
    for r in rows {
        say!(
            "{:>4}  {:<26} {:>8} {:>28} {:>8}{}",
            r.rank,
            r.card,
            r.blanks_drawn,
            interval(r.holder_value, r.holder_value_lo, r.holder_value_hi),
            r.p_value.map_or("-".into(), |p| format!("{p:.4}")),
            if r.significant { " *" } else { "" }
        );
    }
}

/// Arguments of `sim card-value`.
#[derive(Args, Debug)]
pub struct CardValueArgs {
    /// What to play.
    #[command(flatten)]
    pub common: GameArgs,
    /// The card to ablate, by its printed name (e.g. LANCIO, "TIRO DA FUORI"): its value
    /// per agent. `all` (the default) or a comma list (`LANCIO,TIRO`) ranks those cards in
    /// one run, on the same games: one row per card, sorted by value, Holm-corrected.
    #[arg(long, value_name = "NAME|all|A,B,…")]
    pub card: Option<String>,
    /// How many copies of the card to replace by blanks: one copy of a big deck changes
    /// little, several make the effect measurable in fewer games.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = positive_u64)]
    pub copies: u64,
    /// Worker threads [default: all cores]. Results do not depend on it.
    #[arg(long, short = 'j', value_name = "T", value_parser = positive_usize, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Output directory, which must not exist [default:
    /// runs/card-value-GAME-CARD-SEED-N (CARD `all` when ranking every card), with -2,
    /// -3… appended if taken].
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Shard and checkpoints.
    #[command(flatten)]
    pub long: LongRunArgs,
}

impl CardValueArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::options::CardValueOptions {
        ::lab::options::CardValueOptions {
            common: self.common.options(),
            card: self.card.clone(),
            copies: self.copies,
            output: ::lab::options::OutputOptions {
                threads: self.threads,
                out: self.out.clone(),
                command_line: command_line(),
            },
            long: self.long.options(),
        }
    }
}
