//! Content hashes of the files the lab reads back (`checkpoint.json`, `shard.json`,
//! `run.json` and the CSV files of a run folder), so that an edited or damaged file is
//! refused instead of believed.
//!
//! A sealed JSON file is a JSON object with one more key, [`CONTENT_HASH`]: the SHA-256
//! (lower-case hex) of the canonical text of the object without that key (serde_json's
//! compact text of the parsed value, object keys sorted). Reading it parses the text,
//! takes the key out and hashes the rest the same way, so whitespace and key order do not
//! matter but any change of a value does. The hash guards against accidents (an edit by
//! hand, a damaged copy), not against someone who recomputes it on purpose.

use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The key of a sealed JSON file that holds its content hash.
pub const CONTENT_HASH: &str = "content_hash";

/// The SHA-256 of `bytes`, as 64 lower-case hex digits.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The content hash of a JSON object without its [`CONTENT_HASH`] key.
fn content_hash(object: &serde_json::Map<String, Value>) -> String {
    let mut sorted: Vec<(&String, &Value)> = object
        .iter()
        .filter(|(k, _)| k.as_str() != CONTENT_HASH)
        .collect();
    sorted.sort_by(|a, b| a.0.cmp(b.0));
    let mut text = Vec::new();
    for (k, v) in sorted {
        // Maps inside are serde_json's sorted maps: their text is canonical.
        serde_json::to_writer(&mut text, k).expect("a string serializes");
        text.push(b':');
        serde_json::to_writer(&mut text, v).expect("a JSON value serializes");
        text.push(b',');
    }
    sha256_hex(&text)
}

/// `value` as a JSON object with its content hash added under [`CONTENT_HASH`].
/// Errors: `value` does not serialize to a JSON object.
pub fn seal<T: Serialize + ?Sized>(value: &T) -> Result<Value, serde_json::Error> {
    let mut tree = serde_json::to_value(value)?;
    let Value::Object(object) = &mut tree else {
        return Err(serde::ser::Error::custom(
            "only a JSON object can be sealed",
        ));
    };
    let hash = content_hash(object);
    object.insert(CONTENT_HASH.into(), Value::String(hash));
    Ok(tree)
}

/// What the content hash of a file read back says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seal {
    /// The recorded hash is that of the content.
    Matches,
    /// The recorded hash is not that of the content: the file was edited or damaged.
    Differs,
    /// No hash recorded (a file of a command that does not seal its files).
    Missing,
}

/// Parses the sealed JSON `text`: the value without its [`CONTENT_HASH`] key, and whether
/// the recorded hash matches. Errors: `text` is not JSON.
pub fn unseal(text: &str) -> Result<(Value, Seal), serde_json::Error> {
    let mut tree: Value = serde_json::from_str(text)?;
    let seal = match &mut tree {
        Value::Object(object) => match object.remove(CONTENT_HASH) {
            Some(Value::String(recorded)) if recorded == content_hash(object) => Seal::Matches,
            Some(_) => Seal::Differs,
            None => Seal::Missing,
        },
        _ => Seal::Missing,
    };
    Ok((tree, seal))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sealed value reads back as matching; one digit changed, a key removed or the
    /// hash changed reads back as differing; whitespace and key order do not matter.
    #[test]
    fn a_sealed_value_reads_back_and_an_edit_is_seen() {
        let v = serde_json::json!({"seed": 5, "games": 3000000, "x": [1.25, 0.1, 1e300], "m": {"b": 1, "a": 2}});
        let text = serde_json::to_string(&seal(&v).unwrap()).unwrap();
        let (back, seal_state) = unseal(&text).unwrap();
        assert_eq!((back, seal_state), (v.clone(), Seal::Matches));
        let pretty = serde_json::to_string_pretty(&seal(&v).unwrap()).unwrap();
        assert_eq!(unseal(&pretty).unwrap().1, Seal::Matches);
        assert_eq!(
            unseal(&text.replace("3000000", "3000001")).unwrap().1,
            Seal::Differs
        );
        assert_eq!(
            unseal(&text.replace("\"seed\":5,", "")).unwrap().1,
            Seal::Differs
        );
        let hash = content_hash(v.as_object().unwrap());
        let other = text.replace(&hash, &"0".repeat(64));
        assert_eq!(unseal(&other).unwrap().1, Seal::Differs);
        assert_eq!(
            unseal(&serde_json::to_string(&v).unwrap()).unwrap().1,
            Seal::Missing
        );
        assert!(seal(&[1, 2]).is_err());
    }
}
