//! Values remembered by the text they were computed from: a log repeats its lines (the same
//! warning from every rank, a record whose prefix held its only difference), so work that
//! depends on a line's text alone is done once per text.

use std::collections::HashMap;

/// Texts longer than this are not remembered: they are rarely repeated, and hashing them costs
/// more than it saves.
pub(crate) const LONGEST: usize = 400;

/// A bounded map from texts to values, keyed by the text's hash; the text is kept to tell two
/// texts with one hash apart. Full, it starts over.
pub(crate) struct TextMemo<V> {
    seen: HashMap<u64, (Box<str>, V)>,
    capacity: usize,
}

/// What a [`TextMemo`] holds for a text.
pub(crate) enum Lookup<V> {
    /// The value remembered for it.
    Known(V),
    /// Another text with its hash: it is not remembered.
    Collision,
    /// Nothing: [`TextMemo::remember`] keeps a value under this key.
    New(u64),
    /// Too long to be remembered.
    TooLong,
}

impl<V: Copy> TextMemo<V> {
    pub(crate) fn new(capacity: usize) -> Self {
        TextMemo {
            seen: HashMap::new(),
            capacity,
        }
    }

    pub(crate) fn lookup(&self, text: &str) -> Lookup<V> {
        if text.len() > LONGEST {
            return Lookup::TooLong;
        }
        let key = xxhash_rust::xxh3::xxh3_64(text.as_bytes());
        match self.seen.get(&key) {
            Some((seen, v)) if **seen == *text => Lookup::Known(*v),
            Some(_) => Lookup::Collision,
            None => Lookup::New(key),
        }
    }

    /// Remembers `value` for `text`, under the key [`Self::lookup`] gave.
    pub(crate) fn remember(&mut self, key: u64, text: &str, value: V) {
        if self.seen.len() >= self.capacity {
            self.seen.clear();
        }
        self.seen.insert(key, (text.into(), value));
    }

    /// The value remembered for `text`, or `make`'s, remembered when it can be.
    pub(crate) fn get_or_make(&mut self, text: &str, make: impl FnOnce() -> V) -> V {
        match self.lookup(text) {
            Lookup::Known(v) => v,
            Lookup::New(key) => {
                let v = make();
                self.remember(key, text, v);
                v
            }
            Lookup::Collision | Lookup::TooLong => make(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_by_text_within_its_bounds() {
        let mut m = TextMemo::new(2);
        let mut calls = 0;
        let mut make = |v| {
            calls += 1;
            v
        };
        assert_eq!(m.get_or_make("a", || make(1)), 1);
        assert_eq!(m.get_or_make("a", || make(9)), 1);
        assert_eq!(calls, 1);
        assert_eq!(m.get_or_make("b", || 2), 2);
        // (full: it starts over)
        assert_eq!(m.get_or_make("c", || 3), 3);
        assert!(matches!(m.lookup("a"), Lookup::New(_)));
        assert!(matches!(m.lookup("c"), Lookup::Known(3)));
        let long = "x".repeat(LONGEST + 1);
        assert_eq!(m.get_or_make(&long, || 4), 4);
        assert!(matches!(m.lookup(&long), Lookup::TooLong));
    }
}
