//! An ordered list of regexes with one shared literal prefilter.
//!
//! Detectors and phase markers are checked in order and the first that matches wins. Running each
//! regex over every line is what made triage slow: most lines contain none of the words any of
//! them needs. So every pattern's required literal fragments (from the syntax tree, per top-level
//! alternative) go into one Aho-Corasick automaton; a line is scanned once, and only the patterns
//! whose fragments occur in it are confirmed with their regex, in order.

use crate::findings::compile::regex_fragments;
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use regex::Regex;

/// Ordered regexes behind one prefilter (at most 64).
pub struct OrderedRules {
    regexes: Vec<Regex>,
    automaton: AhoCorasick,
    /// For each fragment of the automaton, the bit set of patterns it stands for.
    owners: Vec<u64>,
    /// Patterns with no usable fragment, checked on every line.
    always: u64,
}

impl OrderedRules {
    /// Compiles the patterns; panics on an invalid pattern (they are constants of this crate).
    pub fn new<'a>(patterns: impl IntoIterator<Item = &'a str>) -> Self {
        let mut regexes = Vec::new();
        let mut frags: Vec<Vec<u8>> = Vec::new();
        let mut owners = Vec::new();
        let mut always = 0u64;
        for (i, p) in patterns.into_iter().enumerate() {
            assert!(i < 64, "at most 64 ordered rules");
            regexes.push(Regex::new(p).expect("valid built-in regex"));
            let case_insensitive = p.starts_with("(?i)");
            let mut mine = Vec::new();
            let mut ok = true;
            for branch in top_level_branches(p.trim_start_matches("(?i)")) {
                let branch = if case_insensitive {
                    format!("(?i){branch}")
                } else {
                    branch.to_string()
                };
                match regex_fragments(&branch) {
                    Some(f) => mine.extend(f),
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok || mine.is_empty() {
                always |= 1 << i;
                continue;
            }
            for f in mine {
                frags.push(f);
                owners.push(1u64 << i);
            }
        }
        let automaton = AhoCorasickBuilder::new()
            .kind(Some(AhoCorasickKind::DFA))
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .build(&frags)
            .expect("valid prefilter automaton");
        OrderedRules {
            regexes,
            automaton,
            owners,
            always,
        }
    }

    /// The index of the first pattern, in order, that matches the text.
    pub fn first_match(&self, text: &str) -> Option<usize> {
        // Most lines hold no fragment at all: a plain (accelerated) search says so cheaply.
        if self.always == 0 && !self.automaton.is_match(text) {
            return None;
        }
        let mut candidates = self.always;
        for m in self.automaton.find_overlapping_iter_compat(text) {
            candidates |= self.owners[m];
        }
        while candidates != 0 {
            let i = candidates.trailing_zeros() as usize;
            if self.regexes[i].is_match(text) {
                return Some(i);
            }
            candidates &= candidates - 1;
        }
        None
    }
}

trait OverlappingCompat {
    fn find_overlapping_iter_compat<'a>(
        &'a self,
        text: &'a str,
    ) -> Box<dyn Iterator<Item = usize> + 'a>;
}

impl OverlappingCompat for AhoCorasick {
    fn find_overlapping_iter_compat<'a>(
        &'a self,
        text: &'a str,
    ) -> Box<dyn Iterator<Item = usize> + 'a> {
        Box::new(
            self.find_overlapping_iter(text)
                .map(|m| m.pattern().as_usize()),
        )
    }
}

/// Splits a pattern at its top-level `|` (outside groups and classes).
fn top_level_branches(p: &str) -> Vec<&str> {
    let bytes = p.as_bytes();
    let (mut depth, mut in_class, mut esc, mut start) = (0i32, false, false, 0);
    let mut out = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        if esc {
            esc = false;
            continue;
        }
        match b {
            b'\\' => esc = true,
            b'[' if !in_class => in_class = true,
            b']' if in_class => in_class = false,
            b'(' if !in_class => depth += 1,
            b')' if !in_class => depth -= 1,
            b'|' if !in_class && depth == 0 => {
                out.push(&p[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&p[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_match_in_order() {
        let r = OrderedRules::new(["foo|bar", r"\d+ baz", r"^\w+$"]);
        assert_eq!(r.first_match("a bar"), Some(0));
        assert_eq!(r.first_match("12 baz"), Some(1));
        assert_eq!(r.first_match("word"), Some(2));
        assert_eq!(r.first_match("two words"), None);
    }

    #[test]
    fn splits_top_level_only() {
        assert_eq!(
            top_level_branches(r"a(b|c)|[|x]|d"),
            vec!["a(b|c)", "[|x]", "d"]
        );
    }
}
