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
//! Regexes are compiled on first use: building a regex costs far more than parsing it, and most
//! rules never see a candidate line in a given log, so a knowledge base of a thousand findings
//! loads in about the time it takes to parse its TOML.
//!
//! Identical patterns in different findings share one compiled pattern, so hits are counted once.

use super::fragments::rarest_window;
use super::{Finding, Pattern};
use crate::ascii_first::{AsciiFirst, AsciiFirstSet};
use aho_corasick::automaton::Automaton;
use regex::Regex;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// Index of a distinct compiled pattern.
pub type PatternId = u32;

/// Longest fragment kept in the automaton. Longer fragments are cut to their most distinctive
/// window: the automaton's size grows with the total fragment length, and a smaller automaton
/// stays in cache, which matters more to speed than the few extra candidates a shorter fragment
/// lets through (they are confirmed by the regex anyway).
const FRAGMENT_WINDOW: usize = 16;
/// Total fragment bytes up to which the automaton may become a DFA (about 20 MB of tables at the
/// limit).
const DFA_MAX_FRAGMENT_BYTES: usize = 100_000;
/// Bytes scanned with the contiguous NFA after which the DFA is built. Building it costs about
/// what the NFA's slower steps cost over 2 MB of distinct lines (the starter findings), a third
/// of a one-line analysis's instructions; a one-off analysis of a log of a few megabytes never
/// pays for it, a server does after a few uploads.
const DFA_AFTER_BYTES: usize = 4 << 20;
/// Regexes sharing a fragment from which on they are confirmed by one `RegexSet`.
const GROUP_SET_MIN: usize = 3;

/// How a candidate pattern is confirmed once one of its fragments was seen (the automaton is
/// ASCII-case-insensitive, so even a literal needs a real check).
#[derive(Debug)]
enum Check {
    Literal(String),
    Regex(AsciiFirst),
}

impl Check {
    fn is_match(&self, text: &str) -> bool {
        match self {
            Check::Literal(l) => text.contains(l.as_str()),
            Check::Regex(r) => r.is_match(text),
        }
    }
}

/// The compiled rules of a set of findings.
#[derive(Debug, Default)]
pub struct RuleSet {
    checks: Vec<Check>,
    /// Per finding, per rule (in the finding's rule order): its pattern.
    rule_patterns: Vec<Vec<PatternId>>,
    /// The fragment automaton, built on the first scan: an analysis loads the findings before
    /// it reads the log, and the first scan is on the matcher's own thread.
    prefilter: OnceLock<Option<Fragments>>,
    /// The same automaton as a DFA, once `DFA_AFTER_BYTES` were scanned (`None` inside if the
    /// fragments are too many for one).
    dfa: OnceLock<Option<aho_corasick::dfa::DFA>>,
    /// Bytes the NFA scanned so far.
    scanned: AtomicUsize,
    /// The automaton's patterns (distinct lower-cased fragments).
    fragments: Vec<Vec<u8>>,
    /// Length in bytes of the longest fragment.
    longest_fragment: usize,
    /// Per automaton pattern (a distinct lower-cased fragment): the patterns it is a fragment of.
    groups: Vec<Group>,
    unfiltered: Option<AsciiFirstSet>,
    unfiltered_ids: Vec<PatternId>,
}

/// The patterns that share one fragment. When many regexes share it (a common phrase, or many
/// variants of one finding), they are confirmed together by one `RegexSet` pass over the line
/// instead of one regex run each.
#[derive(Debug, Default)]
struct Group {
    /// Patterns confirmed one by one.
    single: Vec<PatternId>,
    /// Regex patterns confirmed together (in set order), and their set once built.
    together: Vec<PatternId>,
    set: Option<AsciiFirstSet>,
}

/// Per-scan scratch space, so scanning a line allocates nothing.
#[derive(Debug, Default)]
pub struct Scratch {
    stamps: Vec<u64>,
    group_stamps: Vec<u64>,
    set_hits: Vec<bool>,
    generation: u64,
}

impl RuleSet {
    /// Compiles the rules of `findings` (already validated, so every regex parses).
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
                    Pattern::Regex(r) => (
                        Check::Regex(AsciiFirst::matcher(r.as_str())),
                        rule.fragments.clone(),
                    ),
                };
                match frags {
                    Some(frags) => {
                        for f in frags {
                            let f = rarest_window(&f, FRAGMENT_WINDOW).1.to_ascii_lowercase();
                            let slot = *fragments.entry(f.clone()).or_insert_with(|| {
                                fragment_list.push(f);
                                set.groups.push(Group::default());
                                fragment_list.len() - 1
                            });
                            if set.groups[slot].single.last() != Some(&id) {
                                set.groups[slot].single.push(id);
                            }
                        }
                    }
                    None => unfiltered.push(id),
                }
                set.checks.push(check);
                by_key.insert(key, id);
                ids.push(id);
            }
            set.rule_patterns.push(ids);
        }
        if !fragment_list.is_empty() {
            set.longest_fragment = fragment_list.iter().map(Vec::len).max().unwrap_or(0);
            set.fragments = fragment_list;
        }
        let mut groups = std::mem::take(&mut set.groups);
        for g in &mut groups {
            let regexes = g
                .single
                .iter()
                .filter(|&&id| matches!(set.checks[id as usize], Check::Regex(..)))
                .count();
            if regexes >= GROUP_SET_MIN {
                let checks = &set.checks;
                (g.together, g.single) = g
                    .single
                    .iter()
                    .partition(|&&id| matches!(checks[id as usize], Check::Regex(..)));
                g.set = Some(AsciiFirstSet::new(
                    g.together.iter().map(|&id| set.source(id)).collect(),
                ));
            }
        }
        set.groups = groups;
        if !unfiltered.is_empty() {
            set.unfiltered = Some(AsciiFirstSet::new(
                unfiltered.iter().map(|&id| set.source(id)).collect(),
            ));
        }
        set.unfiltered_ids = unfiltered;
        set
    }

    /// The number of distinct compiled patterns.
    pub fn pattern_count(&self) -> usize {
        self.checks.len()
    }

    /// Heap bytes used by the fragment automaton (the rest grows with use, as regexes compile).
    pub fn automaton_bytes(&self) -> usize {
        match self.dfa.get() {
            Some(Some(d)) => d.memory_usage(),
            _ => self.prefilter().map_or(0, Fragments::memory_usage),
        }
    }

    fn prefilter(&self) -> Option<&Fragments> {
        self.prefilter
            .get_or_init(|| {
                (!self.fragments.is_empty())
                    .then(|| Fragments::build(&self.fragments))
                    .flatten()
            })
            .as_ref()
    }

    /// The pattern of rule `rule` of finding `finding` (indices into the index's findings).
    pub fn rule_pattern(&self, finding: usize, rule: usize) -> PatternId {
        self.rule_patterns[finding][rule]
    }

    fn source(&self, id: PatternId) -> String {
        match &self.checks[id as usize] {
            Check::Regex(r) => r.as_str().to_string(),
            Check::Literal(l) => regex::escape(l),
        }
    }

    /// Appends to `out` every distinct pattern that matches `text`, each once.
    pub fn scan(&self, text: &str, scratch: &mut Scratch, out: &mut Vec<PatternId>) {
        self.scan_pass(text, text, scratch, out);
    }

    /// Appends to `out` every distinct pattern that matches a line's message `text` or its `raw`
    /// form, each once. Rules are written against the message, but an author who copied a line
    /// with its `ERROR:` or `[rank0]:` prefix expects that to match too. When the raw line is the
    /// message behind a prefix, only the prefix and the start of the message can hold a fragment
    /// the message alone does not, so only that region of the raw line is searched again.
    pub fn scan_line(
        &self,
        text: &str,
        raw: &str,
        scratch: &mut Scratch,
        out: &mut Vec<PatternId>,
    ) {
        let before = out.len();
        self.scan_pass(text, text, scratch, out);
        let raw = raw.trim_end();
        if raw == text || raw.is_empty() {
            return;
        }
        let region = match raw.strip_suffix(text) {
            Some(prefix) => {
                let mut end = (prefix.len() + self.longest_fragment).min(raw.len());
                while !raw.is_char_boundary(end) {
                    end -= 1;
                }
                &raw[..end]
            }
            None => raw,
        };
        self.scan_pass(region, raw, scratch, out);
        if out.len() - before > 1 {
            let mut tail = out.split_off(before);
            tail.sort_unstable();
            tail.dedup();
            out.extend(tail);
        }
    }

    /// Finds fragments in `hay` and confirms their patterns against `text` (which contains it).
    fn scan_pass(&self, hay: &str, text: &str, scratch: &mut Scratch, out: &mut Vec<PatternId>) {
        if scratch.stamps.len() != self.checks.len() {
            scratch.stamps = vec![0; self.checks.len()];
            scratch.group_stamps = vec![0; self.groups.len()];
        }
        scratch.generation += 1;
        let gen = scratch.generation;
        let mut visit = |gi: usize| {
            if scratch.group_stamps[gi] != gen {
                scratch.group_stamps[gi] = gen;
                self.scan_group(&self.groups[gi], text, scratch, out);
            }
        };
        if let Some(Some(d)) = self.dfa.get() {
            crate::scan::overlapping(d, hay.as_bytes(), |p, _| visit(p.as_usize()));
        } else if let Some(ac) = self.prefilter() {
            ac.overlapping(hay.as_bytes(), visit);
            self.count_scanned(hay.len());
        }
        if let Some(set) = &self.unfiltered {
            let hits = &mut scratch.set_hits;
            hits.clear();
            hits.resize(self.unfiltered_ids.len(), false);
            if set.matches_into(hits, text) {
                out.extend(
                    (0..hits.len())
                        .filter(|&i| hits[i])
                        .map(|i| self.unfiltered_ids[i]),
                );
            }
        }
    }

    /// Counts bytes the NFA scanned, and builds the DFA once they pass `DFA_AFTER_BYTES`: only
    /// the scan that crosses the mark builds it; others go on with the NFA meanwhile.
    fn count_scanned(&self, n: usize) {
        let before = self.scanned.fetch_add(n, Ordering::Relaxed);
        if before < DFA_AFTER_BYTES && before + n >= DFA_AFTER_BYTES {
            self.dfa.get_or_init(|| {
                let bytes: usize = self.fragments.iter().map(Vec::len).sum();
                (bytes <= DFA_MAX_FRAGMENT_BYTES)
                    .then(|| crate::scan::dfa(&self.fragments, true).ok())
                    .flatten()
            });
        }
    }

    fn scan_group(&self, g: &Group, text: &str, scratch: &mut Scratch, out: &mut Vec<PatternId>) {
        let gen = scratch.generation;
        for &id in &g.single {
            let stamp = &mut scratch.stamps[id as usize];
            if *stamp != gen {
                *stamp = gen;
                if self.checks[id as usize].is_match(text) {
                    out.push(id);
                }
            }
        }
        let Some(set) = &g.set else {
            return;
        };
        let hits = &mut scratch.set_hits;
        hits.clear();
        hits.resize(g.together.len(), false);
        let built = set.matches_into(hits, text);
        for (i, &id) in g.together.iter().enumerate() {
            let stamp = &mut scratch.stamps[id as usize];
            if *stamp != gen {
                *stamp = gen;
                // A set too big to build falls back to one regex at a time.
                let hit = if built {
                    hits[i]
                } else {
                    self.checks[id as usize].is_match(text)
                };
                if hit {
                    out.push(id);
                }
            }
        }
    }

    /// Compiles every regex now, returning the patterns that do not compile (for `findings
    /// check`: loading only checks their syntax).
    pub fn compile_all(&self) -> Vec<(PatternId, String)> {
        let mut bad = Vec::new();
        for (id, c) in self.checks.iter().enumerate() {
            if let Check::Regex(r) = c {
                if let Err(e) = Regex::new(r.as_str()) {
                    bad.push((id as PatternId, e.to_string().replace('\n', " ")));
                }
                let _ = r.build_unicode();
            }
        }
        bad
    }
}

/// The fragment automaton first used: a contiguous NFA, built in a tenth of a DFA's time. The
/// DFA (see `DFA_AFTER_BYTES`) costs a few instructions per byte whatever the number of
/// fragments, which keeps scanning flat as the knowledge base grows. The automaton's own
/// prefilter is off because it only helps with few fragments and would make a small knowledge
/// base scan faster than a big one for the wrong reason.
#[derive(Debug)]
enum Fragments {
    Nfa(aho_corasick::nfa::contiguous::NFA),
    /// The last resort, when even a contiguous NFA's state ids overflow.
    Big(aho_corasick::nfa::noncontiguous::NFA),
}

impl Fragments {
    fn build(fragments: &[Vec<u8>]) -> Option<Fragments> {
        let nnfa = crate::scan::nfa(fragments, true).ok()?;
        let fast = aho_corasick::nfa::contiguous::NFA::builder()
            .build_from_noncontiguous(&nnfa)
            .ok()
            .map(Fragments::Nfa);
        Some(fast.unwrap_or(Fragments::Big(nnfa)))
    }

    /// Calls `f` with the automaton pattern of every fragment occurrence in `hay`.
    fn overlapping(&self, hay: &[u8], mut f: impl FnMut(usize)) {
        match self {
            Fragments::Nfa(n) => crate::scan::overlapping(n, hay, |p, _| f(p.as_usize())),
            Fragments::Big(n) => crate::scan::overlapping(n, hay, |p, _| f(p.as_usize())),
        }
    }

    fn memory_usage(&self) -> usize {
        match self {
            Fragments::Nfa(n) => n.memory_usage(),
            Fragments::Big(n) => n.memory_usage(),
        }
    }
}
