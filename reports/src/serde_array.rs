//! Fixed-size arrays of any length through serde (serde's own impls stop at 32): written
//! as a sequence, read back with a check of the length.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Writes `array` as a sequence.
pub fn serialize<S: Serializer, T: Serialize, const N: usize>(
    array: &[T; N],
    s: S,
) -> Result<S::Ok, S::Error> {
    array.as_slice().serialize(s)
}

/// Reads a sequence of exactly `N` elements. Errors: another length.
pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>, const N: usize>(
    d: D,
) -> Result<[T; N], D::Error> {
    let v = Vec::<T>::deserialize(d)?;
    let len = v.len();
    v.try_into()
        .map_err(|_| D::Error::custom(format!("expected {N} counts, found {len}")))
}
