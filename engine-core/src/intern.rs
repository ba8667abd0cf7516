//! Values made once and shared for the life of the process: a rule set's tables, a
//! validated rule set a state refers to, an evaluation file read once.

use std::sync::{Mutex, PoisonError};

/// A set of values kept for the life of the process and handed out by reference, so that
/// what refers to one stays small (`&'static T`, 8 bytes). Meant for a `static`: values
/// are few (one per rule set or file a process uses) and asked for rarely (per state or
/// agent made, never per action): a lock and a linear search per call. A value is never
/// freed.
pub struct Interned<T: 'static>(Mutex<Vec<&'static T>>);

impl<T: 'static> Interned<T> {
    /// An empty set.
    pub const fn new() -> Self {
        Interned(Mutex::new(Vec::new()))
    }

    /// The first value kept that `matches`; else `make`'s value, kept from now on.
    pub fn get(&self, matches: impl Fn(&T) -> bool, make: impl FnOnce() -> T) -> &'static T {
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&v) = kept.iter().find(|v| matches(v)) {
            return v;
        }
        let v: &'static T = Box::leak(Box::new(make()));
        kept.push(v);
        v
    }
}

impl<T: 'static> Default for Interned<T> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_made_once_and_found_after() {
        static SET: Interned<(u8, String)> = Interned::new();
        let made = std::cell::Cell::new(0);
        let get = |k: u8| {
            SET.get(
                |v| v.0 == k,
                || {
                    made.set(made.get() + 1);
                    (k, k.to_string())
                },
            )
        };
        let a = get(1);
        let b = get(2);
        assert!(std::ptr::eq(a, get(1)));
        assert!(!std::ptr::eq(a, b));
        assert_eq!((b.1.as_str(), made.get()), ("2", 2));
    }
}
