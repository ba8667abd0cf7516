//! The verdict of a comparison of rule sets in plain words (issue 43: a compare report
//! led with twenty one-row charts and no baseline): for one rule set against the
//! reference, every metric's baseline value, variant value, change, relative change, the
//! change's 95% interval and whether it is significant after the run's multiplicity
//! correction, ranked so that what changed most comes first; and one sentence that the
//! terminal and the report both print.

use crate::paired::CompareRow;

/// One metric's change from the reference rule set (point 0) to another.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// The metric's name.
    pub metric: String,
    /// Its key (empty for one-row metrics).
    pub key: String,
    /// The value under the reference rule set.
    pub baseline: f64,
    /// The value under the other rule set.
    pub variant: Option<f64>,
    /// `variant − baseline`, in the metric's unit.
    pub change: f64,
    /// The change's 95% interval.
    pub interval: Option<(f64, f64)>,
    /// `change / |baseline|` (a fraction: 0.5 is +50%); `None` at a baseline of 0.
    pub relative: Option<f64>,
    /// Significant after the run's multiplicity correction.
    pub significant: bool,
    /// Whether the change was tested (it has a p-value; rows that repeat another
    /// metric, such as each seat's score rate beside the first-seat advantage, are not).
    pub tested: bool,
}

impl Change {
    /// The metric's name with its key: `mean_length [turns]`.
    pub fn name(&self) -> String {
        metric_label(&self.metric, &self.key)
    }

    /// The change in words: `−0.102 of 0.194 (−53%)`, with `decimals` decimals.
    pub fn words(&self, decimals: usize) -> String {
        let of = format!(
            "{:+.decimals$} of {:.decimals$}",
            self.change, self.baseline
        );
        match self.relative {
            Some(r) => format!("{of} ({:+.0}%)", 100.0 * r),
            None => of,
        }
    }
}

/// The changes of rule set `point` against point 0 in `rows` (a `compare.csv` or
/// `sweep.csv`), one per metric with a baseline and a difference: the significant ones
/// first, then by the size of the relative change (the absolute change where the
/// baseline is 0), largest first. The loss of `sim tune` is left out (it is no metric of
/// the game).
pub fn changes(rows: &[CompareRow], point: usize) -> Vec<Change> {
    let mut out: Vec<Change> = rows
        .iter()
        .filter(|r| r.point == point && r.metric != "loss")
        .filter_map(|r| {
            let base = rows
                .iter()
                .find(|b| b.point == 0 && b.metric == r.metric && b.key == r.key)?
                .value?;
            let change = r.diff.filter(|d| d.is_finite())?;
            Some(Change {
                metric: r.metric.clone(),
                key: r.key.clone(),
                baseline: base,
                variant: r.value,
                change,
                interval: r.diff_lo.zip(r.diff_hi),
                relative: (base != 0.0).then(|| change / base.abs()),
                significant: r.significant == Some(true),
                tested: r.p_value.is_some(),
            })
        })
        .collect();
    let size = |c: &Change| c.relative.unwrap_or(c.change).abs();
    out.sort_by(|a, b| {
        b.significant
            .cmp(&a.significant)
            .then(size(b).total_cmp(&size(a)))
    });
    out
}

/// The verdict on rule set `point` against point 0, in one sentence:
/// `interchangeable against default: 7 of 20 metrics change significantly; the largest,
/// locked_rate: −0.102 of 0.194 (−53%).`, or `…: no metric changes significantly (20
/// tested).`. Empty when `rows` hold no change for the point.
pub fn sentence(rows: &[CompareRow], point: usize) -> String {
    let all = changes(rows, point);
    let Some(first) = all.first() else {
        return String::new();
    };
    let label = |p: usize| rows.iter().find(|r| r.point == p).map_or("", |r| &r.set);
    let significant = all.iter().filter(|c| c.significant).count();
    let tested = all.iter().filter(|c| c.tested).count();
    let count = match significant {
        0 => format!("no metric changes significantly ({tested} tested)"),
        1 => format!("1 of {tested} metrics changes significantly"),
        k => format!("{k} of {tested} metrics change significantly"),
    };
    if significant == 0 {
        return format!("{} against {}: {count}.", label(point), label(0));
    }
    format!(
        "{} against {}: {count}; the largest, {}: {}.",
        label(point),
        label(0),
        first.name(),
        first.words(decimals_of(first))
    )
}

/// One metric along a sweep: its value at the first point and the points where it is
/// lowest and highest.
#[derive(Clone, Debug, PartialEq)]
pub struct Extremes {
    /// The metric's name with its key (`mean_length [turns]`).
    pub name: String,
    /// Its value at point 0.
    pub first: f64,
    /// The label and value of the point where it is lowest.
    pub lowest: (String, f64),
    /// The label and value of the point where it is highest.
    pub highest: (String, f64),
    /// The points whose difference to point 0 is significant after the run's correction.
    pub significant: usize,
    /// The points compared with point 0.
    pub compared: usize,
    /// Whether the metric was tested: one of its rows beyond point 0 has a p-value (rows
    /// that repeat another metric, such as each seat's score rate, have none).
    pub tested: bool,
}

/// A metric's name with its key, as every table of a comparison writes it:
/// `mean_length [turns]`, or the name alone for a one-row metric.
fn metric_label(metric: &str, key: &str) -> String {
    if key.is_empty() {
        metric.to_string()
    } else {
        format!("{metric} [{key}]")
    }
}

/// Every metric of a sweep's `rows` (`sweep.csv`) with its lowest and highest point (the
/// first of equal values) and how many points differ significantly from point 0, in the
/// rows' order of metrics; metrics with no value at point 0 are left out.
pub fn extremes(rows: &[CompareRow]) -> Vec<Extremes> {
    let mut out: Vec<Extremes> = Vec::new();
    for r in rows.iter().filter(|r| r.point == 0 && r.metric != "loss") {
        let Some(first) = r.value else { continue };
        let name = metric_label(&r.metric, &r.key);
        let along: Vec<&CompareRow> = rows
            .iter()
            .filter(|x| x.metric == r.metric && x.key == r.key && x.value.is_some())
            .collect();
        let pick = |better: fn(f64, f64) -> bool| {
            let mut best = (r.set.clone(), first);
            for x in &along {
                let v = x.value.unwrap_or(first);
                if better(v, best.1) {
                    best = (x.set.clone(), v);
                }
            }
            best
        };
        out.push(Extremes {
            name,
            first,
            lowest: pick(|a, b| a < b),
            highest: pick(|a, b| a > b),
            significant: along.iter().filter(|x| x.significant == Some(true)).count(),
            compared: along.iter().filter(|x| x.point > 0).count(),
            tested: along.iter().any(|x| x.point > 0 && x.p_value.is_some()),
        });
    }
    out
}

/// The verdict on a sweep (`rows` of `sweep.csv`) in one sentence, from [`extremes`]:
/// how many of the tested metrics differ significantly from the first point at some
/// point, and the one whose range over the points is widest relative to its value at the
/// first point (the absolute range where that value is 0): `7 of 16 metrics differ from
/// deck.cards.TIRO=4 somewhere; the widest, locked_rate: from 0.170 at deck.cards.TIRO=4
/// to 0.215 at deck.cards.TIRO=8 (a range of 26% of its first value).`, or `…: no
/// metric differs significantly from … (16 tested).`. Empty when `rows` hold no point
/// beyond the first. A metric counts as tested when one of its rows beyond the first has
/// a p-value (rows that repeat another metric have none).
pub fn sweep_sentence(rows: &[CompareRow]) -> String {
    let Some(first) = rows.iter().find(|r| r.point == 0).map(|r| r.set.as_str()) else {
        return String::new();
    };
    if !rows.iter().any(|r| r.point > 0) {
        return String::new();
    }
    let all: Vec<Extremes> = extremes(rows).into_iter().filter(|e| e.tested).collect();
    let differ: Vec<&Extremes> = all.iter().filter(|e| e.significant > 0).collect();
    let range = |e: &Extremes| {
        let width = e.highest.1 - e.lowest.1;
        if e.first != 0.0 {
            width / e.first.abs()
        } else {
            width
        }
    };
    let Some(widest) = differ
        .iter()
        .copied()
        .max_by(|a, b| range(a).total_cmp(&range(b)))
    else {
        return format!(
            "no metric differs significantly from {first} ({} tested).",
            all.len()
        );
    };
    let count = match differ.len() {
        1 => format!("1 of {} metrics differs from {first} somewhere", all.len()),
        k => format!("{k} of {} metrics differ from {first} somewhere", all.len()),
    };
    let top = widest
        .first
        .abs()
        .max(widest.lowest.1.abs())
        .max(widest.highest.1.abs());
    let d = decimals_for(top);
    let share = if widest.first != 0.0 {
        format!(
            " (a range of {:.0}% of its first value)",
            100.0 * range(widest)
        )
    } else {
        String::new()
    };
    format!(
        "{count}; the widest, {}: from {:.d$} at {} to {:.d$} at {}{share}.",
        widest.name, widest.lowest.1, widest.lowest.0, widest.highest.1, widest.highest.0
    )
}

/// One card's value per copy, as the verdict of `sim card-value` reads it: the `all` row
/// of `card_value.csv` (every seat pooled), in either mode.
#[derive(Clone, Debug, PartialEq)]
pub struct CardVerdictRow {
    /// The card's printed name.
    pub card: String,
    /// Games played on each version of the rules; `None` where the file lacks them.
    pub games: Option<u64>,
    /// Score points per copy held beyond the opponent ([`crate::AblationRow::holder_value`]).
    pub value: Option<f64>,
    /// Its 95% interval.
    pub interval: Option<(f64, f64)>,
    /// The ranking's flag, significant after Holm's correction over the cards; `None` for
    /// a single card.
    pub significant: Option<bool>,
}

/// The verdict of `sim card-value` without `--resolution`, in one sentence, which the
/// terminal and the report both print (issue 43: a ranking at a designer's budget did
/// not say that it could not rank). For one card (`rows` of one card, no flag): whether
/// its value per copy is above zero, below it, or cannot be told from zero at the games
/// played (its 95% interval). For a ranking (flags present): the cards whose value differs
/// from zero after Holm's correction over the cards, or, when none does, that the order
/// may be noise. Empty for no rows.
pub fn card_value_sentence(rows: &[CardVerdictRow]) -> String {
    let Some(first) = rows.first() else {
        return String::new();
    };
    let at = first
        .games
        .map_or(String::new(), |g| format!(" at {g} games"));
    let ranking = rows.iter().any(|r| r.significant.is_some());
    if !ranking {
        let value = match (first.value, first.interval) {
            (Some(v), Some((lo, hi))) => format!("{v:+.4} [{lo:+.4}, {hi:+.4}]"),
            (Some(v), None) => format!("{v:+.4}"),
            _ => return format!("no value of {} was measured{at}", first.card),
        };
        return match first.interval {
            Some((lo, _)) if lo > 0.0 => format!(
                "a copy of {} held beyond the opponent is worth {value} score points: more \
                 than nothing (95%)",
                first.card
            ),
            Some((_, hi)) if hi < 0.0 => format!(
                "a copy of {} held beyond the opponent costs its holder: {value} score points \
                 (95%)",
                first.card
            ),
            _ => format!(
                "{}'s value per copy, {value}, cannot be told from zero{at} (more --games, \
                 or --copies K to blank more copies, narrow it)",
                first.card
            ),
        };
    }
    let n = rows.len();
    let differ: Vec<String> = rows
        .iter()
        .filter(|r| r.significant == Some(true))
        .map(|r| format!("{} ({:+.4})", r.card, r.value.unwrap_or(0.0)))
        .collect();
    match differ.len() {
        0 => format!(
            "no card's value differs from zero after Holm's correction over the {n} cards{at}, \
             so the order may be noise; --resolution R plays until each card is placed \
             against the average card to within R (docs/design-lab.md)"
        ),
        k => format!(
            "{k} of {n} cards {} from zero after Holm's correction: {}; the other {} cannot \
             be told from zero{at}",
            if k == 1 { "differs" } else { "differ" },
            differ.join(", "),
            n - k
        ),
    }
}

/// Decimals that show a change and its baseline ([`decimals_for`] their larger size).
pub fn decimals_of(c: &Change) -> usize {
    decimals_for(c.baseline.abs().max(c.change.abs()))
}

/// Decimals that suit values up to `top` in size, as every lab page writes a metric: 3
/// below 1, 2 below 10, else 1.
pub fn decimals_for(top: f64) -> usize {
    if top >= 10.0 {
        1
    } else if top >= 1.0 {
        2
    } else {
        3
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(
        point: usize,
        metric: &str,
        value: f64,
        diff: Option<(f64, f64, f64, bool)>,
    ) -> CompareRow {
        CompareRow {
            game: "g".into(),
            point,
            set: ["default", "variant"][point].into(),
            settings: String::new(),
            metric: metric.into(),
            key: String::new(),
            value: Some(value),
            lo: None,
            hi: None,
            diff: diff.map(|d| d.0),
            diff_lo: diff.map(|d| d.1),
            diff_hi: diff.map(|d| d.2),
            p_value: diff.map(|_| 0.5),
            significant: diff.map(|d| d.3),
        }
    }

    /// `rows` with every tested change not significant.
    fn none_significant(rows: &[CompareRow]) -> Vec<CompareRow> {
        rows.iter()
            .cloned()
            .map(|mut r| {
                r.significant = r.significant.map(|_| false);
                r
            })
            .collect()
    }

    /// A sweep's extremes: the lowest and highest point of each metric, and the count of
    /// significant points.
    #[test]
    fn extremes_name_the_lowest_and_highest_points() {
        let mut rows = vec![
            row(0, "draw_rate", 0.2, None),
            row(1, "draw_rate", 0.1, Some((-0.1, -0.15, -0.05, true))),
        ];
        let mut third = row(1, "draw_rate", 0.3, Some((0.1, 0.0, 0.2, false)));
        third.point = 2;
        third.set = "more".into();
        rows.push(third);
        let e = extremes(&rows);
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].lowest, ("variant".to_string(), 0.1));
        assert_eq!(e[0].highest, ("more".to_string(), 0.3));
        assert_eq!((e[0].significant, e[0].compared), (1, 2));
    }

    /// Significant changes come first, then the larger relative change; the sentence
    /// names the count and the largest with its baseline.
    #[test]
    fn changes_rank_and_the_sentence_tells_them() {
        let rows = vec![
            row(0, "draw_rate", 0.2, None),
            row(0, "locked_rate", 0.194, None),
            row(0, "mean_goals", 3.4, None),
            row(1, "draw_rate", 0.1, Some((-0.1, -0.15, -0.05, false))),
            row(
                1,
                "locked_rate",
                0.092,
                Some((-0.102, -0.107, -0.096, true)),
            ),
            row(1, "mean_goals", 3.6, Some((0.2, 0.1, 0.3, true))),
        ];
        let c = changes(&rows, 1);
        let names: Vec<String> = c.iter().map(Change::name).collect();
        assert_eq!(names, ["locked_rate", "mean_goals", "draw_rate"]);
        assert!((c[0].relative.unwrap() + 0.5258).abs() < 1e-3);
        assert_eq!(
            sentence(&rows, 1),
            "variant against default: 2 of 3 metrics change significantly; the largest, \
             locked_rate: -0.102 of 0.194 (-53%)."
        );
        let none = none_significant(&rows);
        assert!(sentence(&none, 1).contains("no metric changes significantly (3 tested)"));
    }

    /// A sweep's sentence counts the tested metrics that differ somewhere and names the
    /// widest range relative to the first point's value, among the significant ones only.
    #[test]
    fn the_sweep_sentence_names_the_widest_significant_range() {
        let at = |point: usize, mut r: CompareRow| {
            r.point = point;
            r.set = format!("TIRO={}", 4 + point);
            r
        };
        let rows = vec![
            at(0, row(0, "locked_rate", 0.170, None)),
            at(0, row(0, "mean_goals", 3.12, None)),
            at(0, row(0, "draw_rate", 0.185, None)),
            at(0, row(0, "seat_score_rate", 0.5, None)),
            at(
                1,
                row(1, "locked_rate", 0.181, Some((0.011, 0.01, 0.012, true))),
            ),
            at(
                1,
                row(1, "mean_goals", 3.19, Some((0.07, 0.03, 0.11, true))),
            ),
            // Wider than locked_rate's range, but not significant: not named.
            at(
                1,
                row(1, "draw_rate", 0.25, Some((0.065, -0.01, 0.14, false))),
            ),
            at(
                2,
                row(1, "locked_rate", 0.215, Some((0.045, 0.04, 0.05, true))),
            ),
            at(2, row(1, "mean_goals", 3.37, Some((0.25, 0.2, 0.3, true)))),
            at(
                2,
                row(1, "draw_rate", 0.18, Some((-0.005, -0.08, 0.07, false))),
            ),
            // A row that repeats another metric has no p-value: not counted as tested.
            at(1, {
                let mut r = row(1, "seat_score_rate", 0.6, Some((0.1, 0.0, 0.2, true)));
                r.p_value = None;
                r
            }),
        ];
        assert_eq!(
            sweep_sentence(&rows),
            "2 of 3 metrics differ from TIRO=4 somewhere; the widest, locked_rate: from 0.170 \
             at TIRO=4 to 0.215 at TIRO=6 (a range of 26% of its first value)."
        );
        let none = none_significant(&rows);
        assert_eq!(
            sweep_sentence(&none),
            "no metric differs significantly from TIRO=4 (3 tested)."
        );
        let first_only: Vec<CompareRow> = rows.iter().filter(|r| r.point == 0).cloned().collect();
        assert_eq!(sweep_sentence(&first_only), "");
    }

    /// The card-value verdict: one card above, below or not told from zero by its
    /// interval; a ranking by its flags, singular and plural, and none flagged.
    #[test]
    fn the_card_value_sentence_reads_the_interval_or_the_flags() {
        let card = |name: &str, v: f64, lo: f64, hi: f64, flag: Option<bool>| CardVerdictRow {
            card: name.into(),
            games: Some(1000),
            value: Some(v),
            interval: Some((lo, hi)),
            significant: flag,
        };
        let one = |lo, hi| card_value_sentence(&[card("TIRO", 0.01, lo, hi, None)]);
        assert_eq!(
            one(0.002, 0.018),
            "a copy of TIRO held beyond the opponent is worth +0.0100 [+0.0020, +0.0180] \
             score points: more than nothing (95%)"
        );
        assert!(one(-0.03, -0.001).contains("costs its holder"));
        assert!(one(-0.002, 0.02).starts_with(
            "TIRO's value per copy, +0.0100 [-0.0020, +0.0200], cannot be told from zero at \
             1000 games"
        ));
        let ranked = |flags: [bool; 3]| {
            let rows: Vec<CardVerdictRow> = ["A", "B", "C"]
                .iter()
                .zip(flags)
                .map(|(c, f)| card(c, 0.02, 0.001, 0.04, Some(f)))
                .collect();
            card_value_sentence(&rows)
        };
        assert!(ranked([false; 3]).starts_with(
            "no card's value differs from zero after Holm's correction over the 3 cards at \
             1000 games, so the order may be noise"
        ));
        assert_eq!(
            ranked([true, false, false]),
            "1 of 3 cards differs from zero after Holm's correction: A (+0.0200); the other \
             2 cannot be told from zero at 1000 games"
        );
        assert!(ranked([true, true, false]).starts_with("2 of 3 cards differ from zero"));
        assert_eq!(card_value_sentence(&[]), "");
    }
}
