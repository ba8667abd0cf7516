//! The embedded templates of the pages (`reports/templates/`), their environment with the
//! number filters, and [`render`], which every page calls.

use super::error::ReportError;
use super::format::fixed;
use minijinja::{Environment, UndefinedBehavior, Value};
use std::sync::OnceLock;

/// The page's style sheet (inline: the page loads nothing).
pub(crate) const STYLE: &str = include_str!("../../templates/style.css");

/// The templates of the pages, embedded at build time (`reports/templates/`).
const TEMPLATES: &[(&str, &str)] = &[
    ("style.css", STYLE),
    ("base.html", include_str!("../../templates/base.html")),
    ("macros.html", include_str!("../../templates/macros.html")),
    ("run.html", include_str!("../../templates/run.html")),
    ("cards.html", include_str!("../../templates/cards.html")),
    ("lab.html", include_str!("../../templates/lab.html")),
    ("rungs.html", include_str!("../../templates/rungs.html")),
    ("ladder.html", include_str!("../../templates/ladder.html")),
    (
        "replay_page.html",
        include_str!("../../templates/replay_page.html"),
    ),
];

/// A template value as a finite number, if it is one.
fn finite(v: &Value) -> Option<f64> {
    f64::try_from(v.clone()).ok().filter(|x| x.is_finite())
}

/// `v` with `d` decimals (`–` unless a finite number), as the `num` filter writes it.
fn num_of(v: &Value, d: usize) -> String {
    finite(v).map_or("–".to_string(), |x| fixed(x, d, false))
}

/// The template function `ci(v, lo, hi, d, plus=false)`: `v` with `d` decimals (signed
/// when `plus`), followed, when `lo` and `hi` are both numbers, by its 95% interval in
/// grey, `<span class="ci">[lo, hi]</span>`. Written in Rust rather than as a template
/// macro: a report calls it for every cell of its card tables (hundreds of times), and
/// a minijinja macro call costs a frame and a closure each. The numbers hold only
/// digits, signs, dots and the en dash, so no escaping is needed.
fn ci(
    v: Value,
    lo: Value,
    hi: Value,
    d: usize,
    kwargs: minijinja::value::Kwargs,
) -> Result<Value, minijinja::Error> {
    let plus: Option<bool> = kwargs.get("plus")?;
    kwargs.assert_all_used()?;
    let mut out = if plus.unwrap_or(false) {
        finite(&v).map_or("–".to_string(), |x| fixed(x, d, true))
    } else {
        num_of(&v, d)
    };
    if lo.is_number() && hi.is_number() {
        out.push_str(&format!(
            " <span class=\"ci\">[{}, {}]</span>",
            num_of(&lo, d),
            num_of(&hi, d)
        ));
    }
    Ok(Value::from_safe_string(out))
}

/// The template function `se(v, err, d)`: a mean with `d` decimals, followed, when `err`
/// is a number, by its standard error in grey, `<span class="ci">± err</span>` (as
/// [`ci`], in Rust for speed).
fn se(v: Value, err: Value, d: usize) -> Value {
    let mut out = num_of(&v, d);
    if err.is_number() {
        out.push_str(&format!(" <span class=\"ci\">± {}</span>", num_of(&err, d)));
    }
    Value::from_safe_string(out)
}

/// The template environment: the embedded templates, each compiled when a page first
/// asks for it (a run's report needs four of the nine), HTML escaping for `.html` files
/// (minijinja's default), the number filters `num(d)`, `signed(d)` and `count`, and the
/// functions [`ci`] and [`se`]. A test compiles every template.
fn environment() -> &'static Environment<'static> {
    static ENV: OnceLock<Environment<'static>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = Environment::new();
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        env.set_loader(|name| {
            Ok(TEMPLATES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, source)| source.to_string()))
        });
        env.add_filter("num", |v: Value, d: usize| {
            finite(&v).map_or("–".to_string(), |x| fixed(x, d, false))
        });
        env.add_filter("signed", |v: Value, d: usize| {
            finite(&v).map_or("–".to_string(), |x| fixed(x, d, true))
        });
        env.add_filter("count", |v: Value| {
            finite(&v).map_or("–".to_string(), |x| fixed(x, 0, false))
        });
        env.add_function("ci", ci);
        env.add_function("se", se);
        env
    })
}

/// Renders the embedded template `name` with `ctx`.
pub(crate) fn render(name: &str, ctx: Value) -> Result<String, ReportError> {
    environment()
        .get_template(name)
        .and_then(|t| t.render(ctx))
        .map_err(|e| ReportError::Template {
            template: name.to_string(),
            message: e.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use minijinja::context;

    /// Every embedded template compiles (the environment compiles them lazily, so a
    /// broken one would otherwise show only when a page first asks for it).
    #[test]
    fn every_embedded_template_compiles() {
        for (name, _) in TEMPLATES {
            if let Err(e) = environment().get_template(name) {
                panic!("{name}: {e}");
            }
        }
        assert!(environment().get_template("missing.html").is_err());
    }

    /// `ci` and `se` write what the template macros they replace wrote: the value, and
    /// the interval or error only when its ends are numbers (an en dash for a number
    /// that is not finite).
    #[test]
    fn ci_and_se_write_the_value_and_its_interval() {
        let v = context! { v => 0.25, lo => 0.1234, hi => 0.3789, none => (), nan => f64::NAN };
        let cases = [
            (
                "{{ ci(v, lo, hi, 2) }}",
                r#"0.25 <span class="ci">[0.12, 0.38]</span>"#,
            ),
            (
                "{{ ci(v, lo, hi, 1, plus=true) }}",
                r#"+0.2 <span class="ci">[0.1, 0.4]</span>"#,
            ),
            ("{{ ci(v, none, hi, 2) }}", "0.25"),
            (
                "{{ ci(none, nan, hi, 2) }}",
                r#"– <span class="ci">[–, 0.38]</span>"#,
            ),
            (
                "{{ se(v, lo, 3) }}",
                r#"0.250 <span class="ci">± 0.123</span>"#,
            ),
            ("{{ se(v, none, 0) }}", "0"),
        ];
        for (source, written) in cases {
            let got = environment().render_str(source, v.clone()).unwrap();
            assert_eq!(got, written, "{source}");
        }
        assert!(environment()
            .render_str("{{ ci(v, lo, hi, 2, wide=true) }}", v)
            .is_err());
    }
}
