//! The summary of `sim card-value` as text: what the command prints on standard output,
//! whether it ran fresh, was resumed or merged from its shards.

use super::{CardValueReport, CardValues, ALPHA};
use reports::AblationRow;

/// Writes the summary of `sim card-value`: one card's values per agent, or the ranking of
/// the cards, then the files written.
pub fn write_card_value(out: &mut String, r: &CardValueReport) {
    match &r.values {
        CardValues::Ranking(rows) => {
            write_ranking(out, r.copies, r.games, rows, &r.skipped, r.elapsed)
        }
        CardValues::Card(rows) => write_rows(out, &r.card, r.copies, r.games, rows, r.elapsed),
    }
    put!(out);
    put!(out, "wrote {}/ ({})", r.out.display(), r.files);
}

fn interval(x: Option<f64>, lo: Option<f64>, hi: Option<f64>) -> String {
    match (x, lo, hi) {
        (Some(x), Some(lo), Some(hi)) => format!("{x:+.4} [{lo:+.4}, {hi:+.4}]"),
        _ => "-".into(),
    }
}

fn write_rows(
    out: &mut String,
    card: &str,
    copies: u64,
    games: u64,
    rows: &[AblationRow],
    elapsed: f64,
) {
    let what = copies_phrase(copies);
    put!(
        out,
        "{card}: {what} replaced by BLANK; {games} games played twice on the same seeds \
         ({elapsed:.1} s)"
    );
    put!(
        out,
        "score points (win 1, draw 1/2), rules as given minus with the blank; value per copy:"
    );
    put!(
        out,
        "the score a seat gains per copy it draws more than its opponent"
    );
    put!(out);
    put!(
        out,
        "{:<24} {:>8} {:>8} {:>28} {:>28}",
        "agent",
        "games",
        "blanks",
        "value per copy [95%]",
        "delta score rate [95%]"
    );
    for r in rows {
        put!(
            out,
            "{:<24} {:>8} {:>8} {:>28} {:>28}",
            r.agent,
            r.games,
            r.blanks_drawn,
            interval(r.holder_value, r.holder_value_lo, r.holder_value_hi),
            interval(r.delta, r.delta_lo, r.delta_hi)
        );
    }
}

fn write_ranking(
    out: &mut String,
    copies: u64,
    games: u64,
    rows: &[reports::CardRankRow],
    skipped: &[String],
    elapsed: f64,
) {
    let what = copies_phrase(copies);
    put!(
        out,
        "{} cards ranked, {what} of each replaced by BLANK; {games} games played on the same \
         seeds in the base version and in each ablated one ({elapsed:.1} s)",
        rows.len()
    );
    put!(
        out,
        "value per copy: the score a seat gains per copy it draws more than its opponent"
    );
    put!(
        out,
        "(every seat pooled); * = significant after Holm's correction over the {} cards \
         (family-wise error rate {ALPHA})",
        rows.len()
    );
    if !skipped.is_empty() {
        put!(
            out,
            "not ranked (fewer than {copies} cop{} in the deck): {}",
            if copies == 1 { "y" } else { "ies" },
            skipped.join(", ")
        );
    }
    put!(out);
    put!(
        out,
        "{:>4}  {:<26} {:>8} {:>28} {:>8}",
        "rank",
        "card",
        "blanks",
        "value per copy [95%]",
        "p"
    );
    for r in rows {
        put!(
            out,
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

/// `one copy` or `N copies`.
fn copies_phrase(copies: u64) -> String {
    if copies == 1 {
        "one copy".to_string()
    } else {
        format!("{copies} copies")
    }
}
