//! The symptom rules of all findings, compiled once into one multi-pattern scanner.
//!
//! A single `RegexSet` over thousands of rules would be the obvious design, but its lazy DFA runs
//! out of cache with that many patterns and falls back to a much slower engine, so the cost per
//! line would grow with the number of findings. Instead every rule is reduced to literal fragments
//! of which at least one must occur in any line it matches (the literal itself, or fragments
//! extracted from the regex syntax tree), and one Aho-Corasick automaton over all fragments finds
//! the few candidate rules of a line in time that barely depends on how many rules exist. Only the
//! candidates are then confirmed with their own regex. Rules with no usable fragment (rare: a
//! regex made only of classes) go to a small `RegexSet` run on every line.
//!
//! Identical patterns in different findings share one compiled pattern, so hits are counted once.

use super::{Finding, Pattern};
use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};
use regex::{Regex, RegexSet};
use regex_syntax::hir::{Class, Hir, HirKind};
use std::collections::HashMap;

/// Index of a distinct compiled pattern.
pub type PatternId = u32;

/// Shortest fragment worth prefiltering on: shorter ones hit nearly every line.
const MIN_FRAGMENT: usize = 3;
/// Most alternative fragments kept for one regex before it counts as unfilterable.
const MAX_ALTERNATIVES: usize = 32;

/// How a candidate pattern is confirmed once one of its fragments was seen (the automaton is
/// ASCII-case-insensitive, so even a literal needs a real check).
#[derive(Debug)]
enum Check {
    Literal(String),
    Regex(Regex),
    Never,
}

/// The compiled rules of a set of findings.
#[derive(Debug, Default)]
pub struct RuleSet {
    checks: Vec<Check>,
    /// Per finding, per rule (in the finding's rule order): its pattern.
    rule_patterns: Vec<Vec<PatternId>>,
    prefilter: Option<AhoCorasick>,
    /// Per automaton pattern (a distinct lower-cased fragment): the patterns it is a fragment of.
    fragment_patterns: Vec<Vec<PatternId>>,
    unfiltered: Option<RegexSet>,
    unfiltered_ids: Vec<PatternId>,
}

/// Per-scan scratch space, so scanning a line allocates nothing.
#[derive(Debug, Default)]
pub struct Scratch {
    stamps: Vec<u64>,
    generation: u64,
}

impl RuleSet {
    /// Compiles the rules of `findings` (already validated, so every regex compiles).
    pub fn compile(findings: &[Finding]) -> RuleSet {
        let mut set = RuleSet::default();
        let mut by_key: HashMap<(bool, &str), PatternId> = HashMap::new();
        let mut fragments: HashMap<Vec<u8>, usize> = HashMap::new();
        let mut fragment_list: Vec<Vec<u8>> = Vec::new();
        let mut unfiltered = Vec::new();
        for finding in findings {
            let mut ids = Vec::with_capacity(finding.rules.len());
            for rule in &finding.rules {
                let key = match &rule.pattern {
                    Pattern::Regex(r) => (true, r.as_str()),
                    Pattern::Literal(l) => (false, l.as_str()),
                };
                if let Some(&id) = by_key.get(&key) {
                    ids.push(id);
                    continue;
                }
                let id = set.checks.len() as PatternId;
                let (check, frags) = match &rule.pattern {
                    Pattern::Literal(l) => {
                        (Check::Literal(l.clone()), Some(vec![l.as_bytes().to_vec()]))
                    }
                    Pattern::Regex(r) => {
                        // Validation compiled every regex already; a failure here cannot happen.
                        let check = Regex::new(r).map_or(Check::Never, Check::Regex);
                        (check, regex_fragments(r))
                    }
                };
                match frags {
                    Some(frags) => {
                        for f in frags {
                            let f = f.to_ascii_lowercase();
                            let slot = *fragments.entry(f.clone()).or_insert_with(|| {
                                fragment_list.push(f);
                                set.fragment_patterns.push(Vec::new());
                                fragment_list.len() - 1
                            });
                            if set.fragment_patterns[slot].last() != Some(&id) {
                                set.fragment_patterns[slot].push(id);
                            }
                        }
                    }
                    None => unfiltered.push((id, r_text(&rule.pattern))),
                }
                set.checks.push(check);
                by_key.insert(key, id);
                ids.push(id);
            }
            set.rule_patterns.push(ids);
        }
        if !fragment_list.is_empty() {
            // The same automaton kind at every size keeps the per-byte cost comparable between a
            // small and a large knowledge base; the automaton's own prefilter is off for the same
            // reason (it only helps when there are few fragments).
            set.prefilter = AhoCorasick::builder()
                .ascii_case_insensitive(true)
                .match_kind(MatchKind::Standard)
                .kind(Some(AhoCorasickKind::ContiguousNFA))
                .prefilter(false)
                .build(&fragment_list)
                .ok();
        }
        if !unfiltered.is_empty() {
            set.unfiltered = RegexSet::new(unfiltered.iter().map(|(_, r)| r)).ok();
            set.unfiltered_ids = unfiltered.into_iter().map(|(id, _)| id).collect();
        }
        set
    }

    /// The number of distinct compiled patterns.
    pub fn pattern_count(&self) -> usize {
        self.checks.len()
    }

    /// The pattern of rule `rule` of finding `finding` (indices into the index's findings).
    pub fn rule_pattern(&self, finding: usize, rule: usize) -> PatternId {
        self.rule_patterns[finding][rule]
    }

    /// Appends to `out` every distinct pattern that matches `text`, each once.
    pub fn scan(&self, text: &str, scratch: &mut Scratch, out: &mut Vec<PatternId>) {
        if scratch.stamps.len() != self.checks.len() {
            scratch.stamps = vec![0; self.checks.len()];
        }
        scratch.generation += 1;
        let gen = scratch.generation;
        if let Some(ac) = &self.prefilter {
            for m in ac.find_overlapping_iter(text) {
                for &id in &self.fragment_patterns[m.pattern().as_usize()] {
                    let stamp = &mut scratch.stamps[id as usize];
                    if *stamp == gen {
                        continue;
                    }
                    *stamp = gen;
                    let hit = match &self.checks[id as usize] {
                        Check::Literal(l) => text.contains(l.as_str()),
                        Check::Regex(r) => r.is_match(text),
                        Check::Never => false,
                    };
                    if hit {
                        out.push(id);
                    }
                }
            }
        }
        if let Some(set) = &self.unfiltered {
            for i in set.matches(text).iter() {
                out.push(self.unfiltered_ids[i]);
            }
        }
    }
}

fn r_text(p: &Pattern) -> String {
    match p {
        Pattern::Regex(r) => r.clone(),
        Pattern::Literal(l) => regex::escape(l),
    }
}

/// Literal fragments of which at least one occurs in every match of `pattern`, or `None` when
/// no useful set exists.
pub fn regex_fragments(pattern: &str) -> Option<Vec<Vec<u8>>> {
    let hir = regex_syntax::parse(pattern).ok()?;
    let frags = required(&hir)?;
    let shortest = frags.iter().map(Vec::len).min()?;
    (shortest >= MIN_FRAGMENT).then_some(frags)
}

/// The exact text `hir` matches when it matches exactly one string (case-folded ASCII letters
/// count as their lower-case letter, since the automaton ignores ASCII case).
fn exact(hir: &Hir) -> Option<Vec<u8>> {
    match hir.kind() {
        HirKind::Literal(l) => Some(l.0.to_vec()),
        HirKind::Class(c) => single_char(c),
        HirKind::Capture(c) => exact(&c.sub),
        HirKind::Concat(subs) => {
            let mut out = Vec::new();
            for s in subs {
                out.extend(exact(s)?);
            }
            Some(out)
        }
        _ => None,
    }
}

/// A class that stands for one character, or for both cases of one ASCII letter.
fn single_char(c: &Class) -> Option<Vec<u8>> {
    let chars: Vec<u32> = match c {
        Class::Unicode(u) => {
            let mut v = Vec::new();
            for r in u.ranges() {
                for ch in r.start() as u32..=r.end() as u32 {
                    v.push(ch);
                    if v.len() > 2 {
                        return None;
                    }
                }
            }
            v
        }
        Class::Bytes(b) => {
            let mut v = Vec::new();
            for r in b.ranges() {
                for ch in r.start() as u32..=r.end() as u32 {
                    v.push(ch);
                    if v.len() > 2 {
                        return None;
                    }
                }
            }
            v
        }
    };
    match chars.as_slice() {
        [c] => char::from_u32(*c).map(|ch| ch.to_string().into_bytes()),
        [a, b] => {
            let (a, b) = (char::from_u32(*a)?, char::from_u32(*b)?);
            (a.is_ascii_alphabetic() && a.eq_ignore_ascii_case(&b))
                .then(|| vec![a.to_ascii_lowercase() as u8])
        }
        _ => None,
    }
}

/// A set of strings at least one of which occurs in every match of `hir`.
fn required(hir: &Hir) -> Option<Vec<Vec<u8>>> {
    if let Some(e) = exact(hir) {
        return (!e.is_empty()).then(|| vec![e]);
    }
    match hir.kind() {
        HirKind::Capture(c) => required(&c.sub),
        HirKind::Repetition(r) if r.min >= 1 => required(&r.sub),
        HirKind::Alternation(subs) => {
            let mut all = Vec::new();
            for s in subs {
                all.extend(required(s)?);
                if all.len() > MAX_ALTERNATIVES {
                    return None;
                }
            }
            all.sort();
            all.dedup();
            Some(all)
        }
        HirKind::Concat(subs) => {
            // Runs of adjacent exact pieces join into one longer literal; otherwise any child's
            // requirement is the concatenation's requirement. Keep the most selective.
            let mut candidates: Vec<Vec<Vec<u8>>> = Vec::new();
            let mut run: Vec<u8> = Vec::new();
            for s in subs {
                match exact(s) {
                    Some(e) => run.extend(e),
                    None => {
                        if !run.is_empty() {
                            candidates.push(vec![std::mem::take(&mut run)]);
                        }
                        if let Some(r) = required(s) {
                            candidates.push(r);
                        }
                    }
                }
            }
            if !run.is_empty() {
                candidates.push(vec![run]);
            }
            candidates.into_iter().max_by_key(|set| {
                let shortest = set.iter().map(Vec::len).min().unwrap_or(0);
                (shortest.min(16), std::cmp::Reverse(set.len()))
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::regex_fragments;

    fn frags(p: &str) -> Option<Vec<String>> {
        regex_fragments(p).map(|v| {
            v.into_iter()
                .map(|f| String::from_utf8(f).unwrap())
                .collect()
        })
    }

    #[test]
    fn extracts_the_longest_required_literal() {
        assert_eq!(
            frags(r"CUDA error: (an illegal|misaligned) address"),
            Some(vec!["CUDA error: ".to_string()])
        );
        assert_eq!(frags(r"\d+ bytes"), Some(vec![" bytes".to_string()]));
    }

    #[test]
    fn alternations_give_a_set() {
        let f = frags(r"Assertion `(srcIndex < srcSelectDimSize|.*index out of bounds.*)` failed")
            .unwrap();
        assert_eq!(
            f,
            vec!["index out of bounds", "srcIndex < srcSelectDimSize"]
        );
        let f = frags(r"(foo bar|baz qux)").unwrap();
        assert_eq!(f, vec!["baz qux".to_string(), "foo bar".to_string()]);
    }

    #[test]
    fn case_insensitive_letters_fold() {
        assert_eq!(
            frags(r"(?i)out of memory"),
            Some(vec!["out of memory".into()])
        );
    }

    #[test]
    fn classes_only_are_unfilterable() {
        assert_eq!(frags(r"[0-9]+\s+[a-f]+"), None);
        assert_eq!(frags(r"a|bcd"), None);
    }
}
