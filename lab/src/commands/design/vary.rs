//! The axes of `sim sweep` (`--vary KEY=VALUES`) and the grid of their points, each
//! point a rule set that the sweep plays.

use anyhow::{bail, Result};

use super::arms::split_list;

/// One `--vary KEY=VALUES`: the key and its values as `--set` text.
#[derive(Clone, Debug, PartialEq)]
pub struct Vary {
    /// The dotted key.
    pub key: String,
    /// The values, as typed after `KEY=` in `--set`.
    pub values: Vec<String>,
}

/// Parses `KEY=A..B`, `KEY=A..B:STEP` (whole numbers, inclusive) or `KEY=V1,V2,…`.
/// Errors: one line naming the `--vary`.
pub fn parse_vary(s: &str) -> Result<Vary> {
    let Some((key, spec)) = s.split_once('=') else {
        bail!("--vary '{s}': expected KEY=VALUES: KEY=A..B, KEY=A..B:STEP or KEY=V1,V2 (`sim rules --game GAME` lists every key)");
    };
    let (key, spec) = (key.trim().to_string(), spec.trim());
    if key.is_empty() {
        bail!("--vary '{s}': the key before '=' is empty");
    }
    let values = if let Some((a, rest)) = spec.split_once("..") {
        let (b, step) = rest.split_once(':').unwrap_or((rest, "1"));
        let int = |x: &str| {
            x.trim()
                .parse::<i64>()
                .map_err(|_| anyhow::anyhow!("--vary '{s}': '{}' is not a whole number", x.trim()))
        };
        let (a, b, step) = (int(a)?, int(b)?, int(step)?);
        if step <= 0 || b < a {
            bail!("--vary '{s}': a range A..B needs A <= B and a positive step");
        }
        if (b - a) / step >= 1000 {
            bail!("--vary '{s}': more than 1000 values");
        }
        (a..=b)
            .step_by(step as usize)
            .map(|v| v.to_string())
            .collect()
    } else {
        split_list(spec)
    };
    if values.is_empty() {
        bail!("--vary '{s}': no values");
    }
    Ok(Vary { key, values })
}

/// Parses every `--vary` ([`parse_vary`]). Errors: a bad one, or a key given twice (the
/// grid would repeat each point).
pub fn parse_varies(list: &[String]) -> Result<Vec<Vary>> {
    let varies = list
        .iter()
        .map(|v| parse_vary(v))
        .collect::<Result<Vec<_>>>()?;
    for (i, v) in varies.iter().enumerate() {
        if varies[..i].iter().any(|w| w.key == v.key) {
            bail!(
                "--vary: the key '{}' is given twice; give all its values in one --vary",
                v.key
            );
        }
    }
    Ok(varies)
}

/// Every combination of the values of `varies`, the first key varying slowest; each point
/// is its list of `KEY=VALUE` overrides.
pub fn grid(varies: &[Vary]) -> Vec<Vec<String>> {
    let mut points = vec![Vec::new()];
    for v in varies {
        points = points
            .into_iter()
            .flat_map(|p| {
                v.values.iter().map(move |x| {
                    let mut p = p.clone();
                    p.push(format!("{}={x}", v.key));
                    p
                })
            })
            .collect();
    }
    points
}

/// Most points a sweep may have.
pub const MAX_POINTS: usize = 200;
