//! Regexes compiled for ASCII text first.
//!
//! Unicode classes (`\w`, `\b`, `\d`, `\s`, case folding) make a regex several times slower to
//! build than its ASCII form: `\w` alone stands for hundreds of ranges. On a haystack that is all
//! ASCII the two forms agree exactly (same matches, same positions, same groups): Unicode's word
//! characters, digits, spaces and case pairs restricted to ASCII are the ASCII ones, and any
//! non-ASCII character in the pattern cannot occur. Most log lines are ASCII, so the ASCII form
//! serves them, and the Unicode form is built only when a line that is not ASCII needs it.

use std::sync::OnceLock;

/// One pattern in both forms, each built on first use.
#[derive(Debug)]
pub struct AsciiFirst {
    source: String,
    ascii: OnceLock<Option<regex::bytes::Regex>>,
    unicode: OnceLock<Option<regex::Regex>>,
}

impl AsciiFirst {
    /// A pattern to build on first use (an invalid one never matches).
    pub fn new(source: impl Into<String>) -> Self {
        AsciiFirst {
            source: source.into(),
            ascii: OnceLock::new(),
            unicode: OnceLock::new(),
        }
    }

    /// The pattern's source.
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// The Unicode form (the pattern as written).
    pub fn unicode(&self) -> Option<&regex::Regex> {
        self.unicode
            .get_or_init(|| regex::Regex::new(&self.source).ok())
            .as_ref()
    }

    /// The ASCII form, for ASCII haystacks only (`None` when the pattern has none, e.g. a
    /// non-ASCII character in a class).
    fn ascii(&self) -> Option<&regex::bytes::Regex> {
        self.ascii
            .get_or_init(|| {
                regex::bytes::RegexBuilder::new(&self.source)
                    .unicode(false)
                    .build()
                    .ok()
            })
            .as_ref()
    }

    /// The groups of the first match in `text`, as the Unicode form gives them.
    pub fn captures<'t>(&self, text: &'t str) -> Option<Caps<'t>> {
        if text.is_ascii() {
            if let Some(r) = self.ascii() {
                return r.captures(text.as_bytes()).map(|c| Caps::Ascii(text, c));
            }
        }
        self.unicode()?
            .captures(text)
            .map(|c| Caps::Unicode(text, c))
    }

    /// Whether the pattern matches somewhere in `text`.
    pub fn is_match(&self, text: &str) -> bool {
        if text.is_ascii() {
            if let Some(r) = self.ascii() {
                return r.is_match(text.as_bytes());
            }
        }
        self.unicode().is_some_and(|r| r.is_match(text))
    }
}

/// The groups of a match, from either form.
pub enum Caps<'t> {
    Ascii(&'t str, regex::bytes::Captures<'t>),
    Unicode(&'t str, regex::Captures<'t>),
}

/// One group of a match: its place in the haystack.
#[derive(Clone, Copy)]
pub struct Group<'t> {
    text: &'t str,
    start: usize,
    end: usize,
}

impl<'t> Group<'t> {
    pub fn as_str(&self) -> &'t str {
        &self.text[self.start..self.end]
    }

    pub fn end(&self) -> usize {
        self.end
    }
}

impl<'t> Caps<'t> {
    /// Group `i` (0 is the whole match), if it took part in the match.
    pub fn get(&self, i: usize) -> Option<Group<'t>> {
        // an ASCII haystack has a char boundary at every byte
        let (text, span) = match self {
            Caps::Ascii(text, c) => (*text, c.get(i).map(|m| m.range())),
            Caps::Unicode(text, c) => (*text, c.get(i).map(|m| m.range())),
        };
        span.map(|r| Group {
            text,
            start: r.start,
            end: r.end,
        })
    }

    /// The named group, if it took part in the match.
    pub fn name(&self, name: &str) -> Option<Group<'t>> {
        let (text, span) = match self {
            Caps::Ascii(text, c) => (*text, c.name(name).map(|m| m.range())),
            Caps::Unicode(text, c) => (*text, c.name(name).map(|m| m.range())),
        };
        span.map(|r| Group {
            text,
            start: r.start,
            end: r.end,
        })
    }
}

impl std::ops::Index<usize> for Caps<'_> {
    type Output = str;

    fn index(&self, i: usize) -> &str {
        self.get(i).expect("group took part in the match").as_str()
    }
}

/// A set of patterns in both forms, each built on first use.
#[derive(Debug)]
pub struct AsciiFirstSet {
    sources: Vec<String>,
    ascii: OnceLock<Option<regex::bytes::RegexSet>>,
    unicode: OnceLock<Option<regex::RegexSet>>,
}

impl AsciiFirstSet {
    /// A set to build on first use.
    pub fn new(sources: Vec<String>) -> Self {
        AsciiFirstSet {
            sources,
            ascii: OnceLock::new(),
            unicode: OnceLock::new(),
        }
    }

    /// Marks in `hits` (one slot per pattern) the patterns that match `text`; false when the
    /// set cannot be built.
    pub fn matches_into(&self, hits: &mut [bool], text: &str) -> bool {
        if text.is_ascii() {
            let ascii = self.ascii.get_or_init(|| {
                regex::bytes::RegexSetBuilder::new(&self.sources)
                    .unicode(false)
                    .build()
                    .ok()
            });
            if let Some(set) = ascii {
                set.matches_read_at(hits, text.as_bytes(), 0);
                return true;
            }
        }
        match self
            .unicode
            .get_or_init(|| regex::RegexSet::new(&self.sources).ok())
        {
            Some(set) => {
                set.matches_read_at(hits, text, 0);
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_agree_on_ascii_and_unicode_serves_the_rest() {
        let r = AsciiFirst::new(r"(?i)\bstraße\b|\w+Error: \d");
        assert!(r.is_match("ValueError: 3"));
        assert!(!r.is_match("Value Error: 3"));
        assert!(r.is_match("ÄrgerError: 3"));
        assert!(r.is_match("die STRASSE straße"));
        let k = AsciiFirst::new(r"(?i)kelvin");
        assert!(k.is_match("KELVIN"));
        assert!(k.is_match("\u{212A}elvin"));
        let class = AsciiFirst::new(r"[x×] \w");
        assert!(class.is_match("x a"));
        assert!(class.is_match("× é"));
    }

    #[test]
    fn sets_agree() {
        let s = AsciiFirstSet::new(vec![r"\bfoo\b".into(), r"é".into(), r"\d+".into()]);
        let mut hits = vec![false; 3];
        assert!(s.matches_into(&mut hits, "a foo 1"));
        assert_eq!(hits, [true, false, true]);
        let mut hits = vec![false; 3];
        assert!(s.matches_into(&mut hits, "é foo"));
        assert_eq!(hits, [true, true, false]);
    }
}
