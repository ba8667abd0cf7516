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

/// The template environment: the embedded templates, HTML escaping for `.html` files
/// (minijinja's default), and the number filters `num(d)`, `signed(d)` and `count`.
fn environment() -> &'static Environment<'static> {
    static ENV: OnceLock<Environment<'static>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = Environment::new();
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        for (name, source) in TEMPLATES {
            if let Err(e) = env.add_template(name, source) {
                panic!("the embedded template {name} does not parse: {e}");
            }
        }
        env.add_filter("num", |v: Value, d: usize| {
            finite(&v).map_or("–".to_string(), |x| fixed(x, d, false))
        });
        env.add_filter("signed", |v: Value, d: usize| {
            finite(&v).map_or("–".to_string(), |x| fixed(x, d, true))
        });
        env.add_filter("count", |v: Value| {
            finite(&v).map_or("–".to_string(), |x| fixed(x, 0, false))
        });
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
