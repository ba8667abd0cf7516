//! The summary of `sim card-value` as text: what the command prints on standard output,
//! whether it ran fresh, was resumed or merged from its shards.

use super::{CardValueReport, CardValues, ALPHA};
use reports::AblationRow;

/// Writes the summary of `sim card-value`: one card's values per agent, or the ranking of
/// the cards, then the verdict ([`reports::verdict::card_value_sentence`]; with
/// `--resolution`, the groups of the race instead), then the files written.
pub fn write_card_value(out: &mut String, r: &CardValueReport) {
    match &r.values {
        CardValues::Ranking(rows) => {
            write_ranking(out, r.copies, r.games, rows, &r.skipped, r.elapsed)
        }
        CardValues::Card(rows) => write_rows(out, &r.card, r.copies, r.games, rows, r.elapsed),
    }
    match &r.race {
        Some(race) => write_race(out, race),
        None => {
            put!(out);
            put!(out, "verdict: {}", verdict(r));
        }
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

/// The groups of a `--resolution` run, what separates them, and what is left open.
fn write_race(out: &mut String, race: &super::race::RaceOutcome) {
    use reports::Standing;
    let r = race.resolution;
    let k = race.groups.len();
    put!(out);
    put!(
        out,
        "against the average card, at ±{r} per copy (intervals corrected for {k} cards and \
         {} rounds at once, z = {:.2}):",
        race.looks,
        race.z
    );
    let names = |g: Standing| -> Vec<String> {
        race.cards_in(g)
            .iter()
            .map(|c| format!("{} ({:+.4})", c.card, c.value))
            .collect()
    };
    let (strong, weak) = (names(Standing::Stronger), names(Standing::Weaker));
    let list = |v: &[String]| if v.is_empty() { "none".to_string() } else { v.join(", ") };
    put!(out, "  strongest group, worth more than the average card: {}", list(&strong));
    put!(out, "  weakest group, worth less: {}", list(&weak));
    put!(
        out,
        "  measured to ±{r}, not told apart from the average card: {}",
        list(&names(Standing::Within))
    );
    let open = race.cards_in(Standing::Open);
    if !strong.is_empty() && !weak.is_empty() {
        put!(
            out,
            "every card of the strongest group is worth more than every card of the weakest \
             (95%, corrected)"
        );
    } else {
        put!(
            out,
            "no strongest and weakest groups separated yet (one of them is empty)"
        );
        for (c, need) in race.separation_needs() {
            put!(
                out,
                "  {} ({:+.4} against the average card): about {need} games a card would tell \
                 it apart, if that difference is real",
                c.card,
                c.contrast
            );
        }
    }
    if open.is_empty() {
        put!(out, "every card is resolved");
    } else {
        let most = open.iter().map(|c| c.games_needed).max().unwrap_or(0);
        let played = open.iter().map(|c| c.games).max().unwrap_or(0);
        put!(
            out,
            "not resolved after {played} games: {}",
            open.iter()
                .map(|c| format!("{} (about {} games)", c.card, c.games_needed))
                .collect::<Vec<_>>()
                .join(", ")
        );
        put!(
            out,
            "resolving them needs about {most} games a card (--games {most}); each estimate \
             assumes its spread stays as measured"
        );
    }
    let rounds: Vec<String> = race
        .rounds
        .iter()
        .map(|x| format!("{} games × {} cards", x.games, x.cards))
        .collect();
    put!(
        out,
        "rounds (games so far × cards played): {}; {} games in all",
        rounds.join(", "),
        race.games_played
    );
    if let Some((per_card, all)) = race.first_estimate {
        put!(
            out,
            "after the first round: about {per_card} games a card, {all} in all, to resolve \
             every card"
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

/// The verdict of a run without `--resolution` ([`reports::verdict::card_value_sentence`]
/// of the `all` row of one card, or of every ranked card).
fn verdict(r: &CardValueReport) -> String {
    use reports::verdict::{card_value_sentence, CardVerdictRow};
    let rows: Vec<CardVerdictRow> = match &r.values {
        CardValues::Card(rows) => rows
            .iter()
            .filter(|x| x.agent == "all")
            .map(|x| CardVerdictRow {
                card: x.card.clone(),
                games: Some(r.games),
                value: x.holder_value,
                interval: x.holder_value_lo.zip(x.holder_value_hi),
                significant: None,
            })
            .collect(),
        CardValues::Ranking(rows) => rows
            .iter()
            .map(|x| CardVerdictRow {
                card: x.card.clone(),
                games: Some(r.games),
                value: x.holder_value,
                interval: x.holder_value_lo.zip(x.holder_value_hi),
                significant: Some(x.significant),
            })
            .collect(),
    };
    card_value_sentence(&rows)
}
