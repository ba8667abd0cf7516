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

/// `v` with `d` decimals (`–` unless a finite number): the `num` filter.
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

/// Each page template and the templates it uses (extends, imports, includes): a page's
/// environment compiles these alone, when the page is first rendered (a run's report
/// needs five of the nine templates, a replay page two). A test checks the lists against
/// the templates' own `extends`, `import` and `include` tags.
const PAGES: [(&str, &[&str]); 5] = [
    (
        "run.html",
        &["base.html", "style.css", "macros.html", "cards.html"],
    ),
    ("lab.html", &["base.html", "style.css", "macros.html"]),
    ("rungs.html", &["base.html", "style.css", "macros.html"]),
    ("ladder.html", &["base.html", "style.css", "macros.html"]),
    ("replay_page.html", &["style.css"]),
];

/// The embedded template `name`'s source. Panics on a name not embedded (the lists
/// above name only embedded templates: a test checks them).
fn source(name: &str) -> &'static str {
    match TEMPLATES.iter().find(|(n, _)| *n == name) {
        Some((_, source)) => source,
        None => panic!("no embedded template {name}"),
    }
}

/// The environment of page template `page` ([`PAGES`]), compiled at its first use: the
/// page and the templates it uses, HTML escaping for `.html` files (minijinja's
/// default), the number filters `num(d)`, `signed(d)` and `count`, and the functions
/// [`ci`] and [`se`]. `None` for a name that is not a page.
fn environment(page: &str) -> Option<&'static Environment<'static>> {
    static ENVS: [OnceLock<Environment<'static>>; PAGES.len()] =
        [const { OnceLock::new() }; PAGES.len()];
    let i = PAGES.iter().position(|(p, _)| *p == page)?;
    Some(ENVS[i].get_or_init(|| {
        let (page, uses) = PAGES[i];
        let mut env = Environment::new();
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        for name in uses.iter().chain([&page]) {
            if let Err(e) = env.add_template(name, source(name)) {
                panic!("the embedded template {name} does not parse: {e}");
            }
        }
        env.add_filter("num", |v: Value, d: usize| num_of(&v, d));
        env.add_filter("signed", |v: Value, d: usize| {
            finite(&v).map_or("–".to_string(), |x| fixed(x, d, true))
        });
        env.add_filter("count", |v: Value| num_of(&v, 0));
        env.add_function("ci", ci);
        env.add_function("se", se);
        env
    }))
}

/// Renders the embedded page template `name` ([`PAGES`]) with `ctx`.
pub(crate) fn render(name: &str, ctx: Value) -> Result<String, ReportError> {
    let failed = |message: String| ReportError::Template {
        template: name.to_string(),
        message,
    };
    let env = environment(name).ok_or_else(|| failed("not a page template".into()))?;
    env.get_template(name)
        .and_then(|t| t.render(ctx))
        .map_err(|e| failed(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use minijinja::context;

    /// Every page's environment compiles, and holds every template the page uses,
    /// directly or through another (read from the templates' `extends`, `import` and
    /// `include` tags); every embedded template is some page's.
    #[test]
    fn every_page_has_the_templates_it_uses() {
        let mut used = std::collections::BTreeSet::new();
        for (page, uses) in PAGES {
            let env = environment(page).unwrap();
            let mut todo = vec![page];
            while let Some(name) = todo.pop() {
                assert!(env.get_template(name).is_ok(), "{page}: {name}");
                used.insert(name);
                for tag in ["extends", "import", "include"] {
                    for part in source(name).split(&format!("{{% {tag} \"")).skip(1) {
                        let child = &part[..part.find('"').unwrap()];
                        assert!(uses.contains(&child), "{page} uses {child} ({name})");
                        todo.push(TEMPLATES.iter().find(|(n, _)| *n == child).unwrap().0);
                    }
                }
            }
        }
        assert_eq!(used.len(), TEMPLATES.len(), "{used:?}");
        assert!(environment("cards.html").is_none());
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
        let env = environment("run.html").unwrap();
        for (source, written) in cases {
            let got = env.render_str(source, v.clone()).unwrap();
            assert_eq!(got, written, "{source}");
        }
        assert!(env
            .render_str("{{ ci(v, lo, hi, 2, wide=true) }}", v)
            .is_err());
    }
}
