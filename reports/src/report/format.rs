//! Text shared by every page: numbers with a fixed number of decimals (an en dash when
//! undefined), interval ends, HTML escaping and a command line quoted for the shell.
//! A leaf: plain functions of their arguments.

/// `text` with the characters that are special in HTML escaped.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `v` with `d` decimals (`+` in front of a positive value if `plus`), a value that
/// rounds to zero written without a sign.
pub(crate) fn fixed(v: f64, d: usize, plus: bool) -> String {
    let s = format!("{v:.d$}");
    let unsigned = s.strip_prefix('-').unwrap_or(&s);
    if unsigned.chars().all(|c| c == '0' || c == '.') {
        unsigned.to_string()
    } else if plus && v > 0.0 {
        format!("+{s}")
    } else {
        s
    }
}

/// `v` with `d` decimals, or an en dash when undefined or not finite.
pub(crate) fn num(v: Option<f64>, d: usize) -> String {
    match v.filter(|x| x.is_finite()) {
        Some(x) => fixed(x, d, false),
        None => "–".into(),
    }
}

/// Both ends of an interval when both are known and finite and the low end is not above
/// the high end (a chart maps every value inside the ends it is given).
pub(crate) fn interval(lo: Option<f64>, hi: Option<f64>) -> Option<(f64, f64)> {
    lo.zip(hi)
        .filter(|(a, b)| a.is_finite() && b.is_finite() && a <= b)
}

/// A command line as one string, arguments quoted for a POSIX shell where needed.
pub fn shell_line(args: &[String]) -> String {
    let plain = |a: &str| {
        !a.is_empty()
            && a.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
    };
    args.iter()
        .map(|a| {
            if plain(a) {
                a.clone()
            } else {
                format!("'{}'", a.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
