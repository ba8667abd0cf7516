//! The problems rule validation reports, all at once ([`RuleProblem`]).

/// One problem found in a rule set, for validation that reports every problem at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleProblem {
    /// The dotted key of the rules file the problem is about (`deck.cards.TIRO`,
    /// `dice.green`), as a designer would type it after `--set`; empty for the file as a
    /// whole.
    pub key: String,
    /// What is wrong and, where it helps, what to change, in a designer's words (no type
    /// names), one line.
    pub message: String,
}

impl RuleProblem {
    /// A problem with the value at `key`.
    pub fn new(key: impl Into<String>, message: impl Into<String>) -> Self {
        RuleProblem {
            key: key.into(),
            message: message.into(),
        }
    }

    /// `Ok(make())` when `problems` is empty, else `Err(problems)`: the end of a
    /// `RulesConfig::validate`, which gathers every problem before it fails.
    pub fn none_or<T>(
        problems: Vec<RuleProblem>,
        make: impl FnOnce() -> T,
    ) -> Result<T, Vec<RuleProblem>> {
        if problems.is_empty() {
            Ok(make())
        } else {
            Err(problems)
        }
    }

    /// Reports `value`, the value at `key`, through `bad` (a validation's collector of
    /// problems: key, message) unless it lies in `range`, with the message
    /// "`7 is not in 1..=5`": the check of a bounded number of a rules file.
    /// Returns whether it lies in `range` (so that checks which need a sound value can
    /// follow).
    pub fn check_range<T: PartialOrd + std::fmt::Display>(
        bad: &mut impl FnMut(&str, String),
        key: &str,
        value: T,
        range: std::ops::RangeInclusive<T>,
    ) -> bool {
        let inside = range.contains(&value);
        if !inside {
            bad(
                key,
                format!("{value} is not in {}..={}", range.start(), range.end()),
            );
        }
        inside
    }

    /// Every problem of `problems` on a line of its own, each prefixed by `source` (the
    /// file or text the rules came from): the error text of a game's `from_toml`.
    pub fn lines(source: &str, problems: &[RuleProblem]) -> String {
        problems
            .iter()
            .map(|p| format!("{source}: {p}"))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl std::fmt::Display for RuleProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.key.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.key, self.message)
        }
    }
}
