//! Fitted evaluations: a logistic model of a seat's final return on a game's evaluation
//! features ([`super::Heuristic::features`]).
//!
//! The model is `P = σ(b + Σ wᵢ xᵢ)` with `σ(z) = 1 / (1 + e^(−z))`, the logistic
//! regression of the final return (wins + draws/2, in `[0, 1]`) on the features, fitted
//! by `sim fit-eval` and shipped as `configs/<game>/eval.toml`:
//!
//! ```toml
//! # comment lines: the command that produced the file, games, seed, fit quality
//! [weights]
//! bias = -0.01
//! lead = 0.8
//! ```
//!
//! Every feature of the game must be given a weight, and no other key may appear.

/// Most evaluation features a game may have ([`super::Heuristic::features`]).
pub const MAX_FEATURES: usize = 48;

/// A fitted logistic evaluation: an intercept and one weight per feature, in the order of
/// the game's feature names.
#[derive(Clone, Debug, PartialEq)]
pub struct LinearEval {
    /// The intercept `b` (log-odds at all-zero features).
    pub bias: f64,
    /// The weights `wᵢ`, in feature order; entries from `len` on are 0.
    pub weights: [f64; MAX_FEATURES],
    /// The number of features.
    pub len: usize,
}

/// The logistic function `1 / (1 + e^(−z))`, in `(0, 1)`.
#[inline]
pub fn logistic(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The log-odds `ln(p / (1 − p))` of `p`, with `p` clamped to `[1e-12, 1 − 1e-12]` and
/// the result to `[−10, 10]`: a hand-made evaluation as a feature on the fitted model's
/// own scale, finite at certain wins and losses.
#[inline]
pub fn logit(p: f64) -> f64 {
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    (p / (1.0 - p)).ln().clamp(-10.0, 10.0)
}

impl LinearEval {
    /// The model's estimate at features `x` (the first `len` entries are read):
    /// `σ(b + Σ wᵢ xᵢ)`, in `(0, 1)`.
    #[inline]
    pub fn value(&self, x: &[f64; MAX_FEATURES]) -> f64 {
        let mut z = self.bias;
        for (w, v) in self.weights[..self.len].iter().zip(&x[..self.len]) {
            z += w * v;
        }
        logistic(z)
    }

    /// Reads an `eval.toml` (see the module documentation) for the features `names`.
    /// Errors, one line: bad TOML, no `[weights]` table, a key that is neither `bias`
    /// nor a feature name, a value that is not a finite number, a feature without a
    /// weight, or more than [`MAX_FEATURES`] names.
    pub fn parse(text: &str, names: &[&str]) -> Result<LinearEval, String> {
        if names.len() > MAX_FEATURES {
            return Err(format!("{} features, at most {MAX_FEATURES}", names.len()));
        }
        let table: toml::Table = text.parse().map_err(|e| format!("bad TOML: {e}"))?;
        let weights = table
            .get("weights")
            .and_then(|w| w.as_table())
            .ok_or("no [weights] table")?;
        let mut eval = LinearEval {
            bias: 0.0,
            weights: [0.0; MAX_FEATURES],
            len: names.len(),
        };
        let mut seen = [false; MAX_FEATURES];
        let mut bias_seen = false;
        for (key, value) in weights {
            let v = match value {
                toml::Value::Float(f) => *f,
                toml::Value::Integer(i) => *i as f64,
                _ => return Err(format!("weights.{key}: not a number")),
            };
            if !v.is_finite() {
                return Err(format!("weights.{key}: not a finite number"));
            }
            if key == "bias" {
                eval.bias = v;
                bias_seen = true;
            } else if let Some(i) = names.iter().position(|n| n == key) {
                eval.weights[i] = v;
                seen[i] = true;
            } else {
                return Err(format!(
                    "weights.{key}: unknown feature (features: {})",
                    names.join(", ")
                ));
            }
        }
        if !bias_seen {
            return Err("weights.bias: missing".into());
        }
        if let Some(i) = (0..names.len()).find(|&i| !seen[i]) {
            return Err(format!("weights.{}: missing", names[i]));
        }
        Ok(eval)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_weight_and_computes_the_logistic() {
        let e = LinearEval::parse("# c\n[weights]\nbias = 0.5\na = 1.0\nb = -2\n", &["a", "b"])
            .unwrap();
        assert_eq!(e.len, 2);
        let mut x = [0.0; MAX_FEATURES];
        x[0] = 1.0;
        x[1] = 0.25;
        // z = 0.5 + 1 - 0.5 = 1.
        assert!((e.value(&x) - 1.0 / (1.0 + (-1.0f64).exp())).abs() < 1e-15);
        assert_eq!(logistic(0.0), 0.5);
    }

    #[test]
    fn refuses_unknown_missing_and_bad_weights() {
        let names = &["a", "b"];
        let bad = |t: &str| LinearEval::parse(t, names).unwrap_err();
        assert!(bad("[weights]\nbias = 0\na = 1\n").contains("weights.b: missing"));
        assert!(bad("[weights]\na = 1\nb = 1\n").contains("weights.bias: missing"));
        assert!(bad("[weights]\nbias = 0\na = 1\nb = 1\nc = 2\n").contains("weights.c"));
        assert!(bad("[weights]\nbias = 0\na = 'x'\nb = 1\n").contains("not a number"));
        assert!(bad("[weights]\nbias = 0\na = nan\nb = 1\n").contains("finite"));
        assert!(bad("bias = 0\n").contains("[weights]"));
    }
}
