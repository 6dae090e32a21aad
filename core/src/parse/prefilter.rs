//! An ordered list of regexes with one shared literal prefilter.
//!
//! Detectors and phase markers are checked in order and the first that matches wins. Running each
//! regex over every line is what made triage slow: most lines contain none of the words any of
//! them needs. So every pattern's required literal fragments (from the syntax tree, per top-level
//! alternative) go into one Aho-Corasick automaton; a line is scanned once, and only the patterns
//! whose fragments occur in it are confirmed with their regex, in order.

use crate::ascii_first::AsciiFirst;
use crate::findings::fragments::{hir_fragments, rarest_window};
use aho_corasick::automaton::Automaton;
use regex_syntax::hir::HirKind;
use std::collections::HashMap;

mod branch_table;

/// Most top-level alternatives over all patterns of one rule list (bits of [`Branches`]).
const MAX_BRANCHES: usize = 640;

/// The bytes of a fragment the automaton looks for: its rarest window of this many. Short
/// windows keep the automaton small (the detectors' went from 1.3 MB to 0.6 MB), so a line's
/// scan stays in cache; the branches behind a window are confirmed on the line as before.
const WINDOW: usize = 8;

/// A bit set of branches.
type Branches = [u64; MAX_BRANCHES / 64];

/// A bit set of rules (patterns), one bit each.
type Rules = u128;

/// Most patterns of one rule list: the bits of [`Rules`].
const MAX_RULES: usize = Rules::BITS as usize;

/// Ordered regexes behind one prefilter (at most [`MAX_RULES`]).
///
/// Each pattern is confirmed per top-level alternative (branch): only the branches whose own
/// fragments occur in the line are tried, each a small regex that is much cheaper than the whole
/// alternation, and a branch that is a plain literal is confirmed where the automaton found it,
/// with no regex at all. A pattern matches a line exactly when one of its branches does, so the
/// result is the one the whole regex gives.
pub struct OrderedRules {
    /// Whole patterns, used only for those with a branch that has no usable fragment (and so
    /// built only for those).
    regexes: Vec<AsciiFirst>,
    automaton: aho_corasick::nfa::contiguous::NFA,
    /// For each fragment of the automaton, the branches it stands for.
    owners: Vec<Vec<Owner>>,
    branches: Vec<Branch>,
    /// For each pattern, its branches.
    of_rule: Vec<Branches>,
    /// Patterns with no usable fragment, checked on every line.
    always: Rules,
    /// For each fragment, whether it is a gate word; when there are gate words, a line without
    /// any matches nothing.
    gate: Vec<bool>,
    gated: bool,
}

/// A branch behind a fragment of the automaton (a window of one of the branch's fragments).
struct Owner {
    branch: u16,
    /// Where the window starts in the branch's fragment.
    at: u16,
    /// The fragment is the branch's whole text: the branch is confirmed by comparing bytes.
    whole: bool,
}

struct Branch {
    rule: usize,
    /// The exact text of a branch that is a case-sensitive literal.
    literal: Option<Vec<u8>>,
    /// The branch (with the pattern's case flag), built when first needed.
    regex: AsciiFirst,
}

impl OrderedRules {
    /// Compiles the patterns (constants of this crate, checked valid by their modules' tests).
    pub fn new<'a>(patterns: impl IntoIterator<Item = &'a str>) -> Self {
        Self::gated(patterns, &[])
    }

    /// Like [`OrderedRules::new`], but a line matches nothing unless it holds one of the `gate`
    /// words (ASCII case ignored). The gate shares the one scan of the line.
    pub fn gated<'a>(patterns: impl IntoIterator<Item = &'a str>, gate_words: &[&str]) -> Self {
        let mut regexes = Vec::new();
        let mut frags: Vec<Vec<u8>> = Vec::new();
        let mut slots: HashMap<Vec<u8>, usize> = HashMap::new();
        let mut owners: Vec<Vec<Owner>> = Vec::new();
        let mut branches = Vec::new();
        let mut of_rule = Vec::new();
        let mut always: Rules = 0;
        for (i, p) in patterns.into_iter().enumerate() {
            assert!(i < MAX_RULES, "at most {MAX_RULES} ordered rules");
            regexes.push(AsciiFirst::matcher(p));
            of_rule.push([0u64; MAX_BRANCHES / 64]);
            let mut mine = Vec::new();
            let mut ok = true;
            for source in branch_sources(p) {
                match branch_facts(&source) {
                    (Some(f), literal) => mine.push((source, f, literal)),
                    (None, _) => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok || mine.is_empty() {
                always |= 1 << i;
                continue;
            }
            for (source, fs, literal) in mine {
                let b = branches.len();
                assert!(b < MAX_BRANCHES, "at most {MAX_BRANCHES} branches");
                of_rule[i][b / 64] |= 1 << (b % 64);
                branches.push(Branch {
                    rule: i,
                    literal,
                    regex: AsciiFirst::matcher(source),
                });
                let literal = branches[b].literal.as_deref();
                for f in fs {
                    let whole = literal == Some(f.as_slice());
                    let (at, w) = rarest_window(&f, WINDOW);
                    // one automaton pattern per distinct window (the automaton ignores case)
                    let slot = *slots.entry(w.to_ascii_lowercase()).or_insert_with(|| {
                        frags.push(w.to_vec());
                        owners.push(Vec::new());
                        frags.len() - 1
                    });
                    owners[slot].push(Owner {
                        branch: b as u16,
                        at: at as u16,
                        whole,
                    });
                }
            }
        }
        let mut gate = vec![false; frags.len()];
        for w in gate_words {
            let slot = *slots
                .entry(w.to_ascii_lowercase().into_bytes())
                .or_insert_with(|| {
                    frags.push(w.as_bytes().to_vec());
                    owners.push(Vec::new());
                    gate.push(false);
                    frags.len() - 1
                });
            gate[slot] = true;
        }
        let automaton = crate::scan::contiguous(&frags, true).expect("valid prefilter automaton");
        OrderedRules {
            regexes,
            automaton,
            owners,
            branches,
            of_rule,
            always,
            gate,
            gated: !gate_words.is_empty(),
        }
    }

    /// The index of the first pattern, in order, that matches the text.
    pub fn first_match(&self, text: &str) -> Option<usize> {
        // rules known to match (a literal branch seen), and branches worth a regex
        let mut matched: Rules = 0;
        let mut candidates = self.always;
        let mut tried: Branches = [0; MAX_BRANCHES / 64];
        let bytes = text.as_bytes();
        let mut open = !self.gated;
        crate::scan::overlapping(&self.automaton, bytes, |pattern, end| {
            let p = pattern.as_usize();
            open |= self.gate[p];
            for o in &self.owners[p] {
                let b = o.branch as usize;
                let branch = &self.branches[b];
                candidates |= 1 << branch.rule;
                match &branch.literal {
                    Some(l) if o.whole => {
                        let window = self.automaton.pattern_len(pattern);
                        let start = (end - window).checked_sub(o.at as usize);
                        if start.and_then(|s| bytes.get(s..s + l.len())) == Some(l.as_slice()) {
                            matched |= 1 << branch.rule;
                        }
                    }
                    _ => tried[b / 64] |= 1 << (b % 64),
                }
            }
        });
        if !open {
            return None;
        }
        while candidates != 0 {
            let i = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if matched & (1 << i) != 0 {
                return Some(i);
            }
            if self.always & (1 << i) != 0 {
                if self.regexes[i].is_match(text) {
                    return Some(i);
                }
                continue;
            }
            for (w, (&mine, &seen)) in self.of_rule[i].iter().zip(&tried).enumerate() {
                let mut bits = mine & seen;
                while bits != 0 {
                    let b = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if self.branches[b].regex.is_match(text) {
                        return Some(i);
                    }
                }
            }
        }
        None
    }
}

/// A pattern's top-level alternatives, each with the pattern's case flag.
fn branch_sources(p: &str) -> Vec<String> {
    let case_insensitive = p.starts_with("(?i)");
    top_level_branches(p.trim_start_matches("(?i)"))
        .into_iter()
        .map(|branch| {
            if case_insensitive {
                format!("(?i){branch}")
            } else {
                branch.to_string()
            }
        })
        .collect()
}

/// A branch's fragments (`None`: none usable) and its text if it is a plain literal.
type Facts = (Option<Vec<Vec<u8>>>, Option<Vec<u8>>);

/// [`Facts`] of a branch: from the table of the crate's own branches, or else parsed. Parsing
/// the detectors' branches took 43 M instructions, a third of a short log's analysis.
fn branch_facts(source: &str) -> Facts {
    if let Ok(i) = branch_table::BRANCHES.binary_search_by(|(s, _, _)| s.cmp(&source)) {
        let (_, fragments, literal) = branch_table::BRANCHES[i];
        return (
            fragments.map(|fs| fs.iter().map(|f| f.to_vec()).collect()),
            literal.map(<[u8]>::to_vec),
        );
    }
    parsed_facts(source)
}

/// [`Facts`] of a branch from its syntax tree: one parse gives both.
fn parsed_facts(source: &str) -> Facts {
    let hir = regex_syntax::parse(source).ok();
    (
        hir.as_ref().and_then(hir_fragments),
        hir.as_ref().and_then(plain_literal),
    )
}

/// The text of a pattern that matches exactly one string, case-sensitively (no class, no
/// anchor, no repetition).
fn plain_literal(hir: &regex_syntax::hir::Hir) -> Option<Vec<u8>> {
    match hir.kind() {
        HirKind::Literal(l) => Some(l.0.to_vec()),
        _ => None,
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

    /// `branch_table.rs` as it should read: every branch of the crate's rule lists, sorted.
    fn rendered_branch_table() -> String {
        let patterns =
            super::super::events::rule_patterns().chain(super::super::phase::marker_patterns());
        let sources: std::collections::BTreeSet<String> =
            patterns.flat_map(branch_sources).collect();
        let bytes = |b: &[u8]| {
            let mut out = String::from("b\"");
            for &c in b {
                match c {
                    b'"' | b'\\' => out.push_str(&format!("\\{}", c as char)),
                    0x20..=0x7e => out.push(c as char),
                    _ => out.push_str(&format!("\\x{c:02x}")),
                }
            }
            out.push('"');
            out
        };
        let mut out = String::from(BRANCH_TABLE_HEADER);
        for source in &sources {
            let (fragments, literal) = parsed_facts(source);
            let fragments = match fragments {
                Some(fs) => {
                    let fs: Vec<String> = fs.iter().map(|f| bytes(f)).collect();
                    format!("Some(&[{}])", fs.join(", "))
                }
                None => "None".to_string(),
            };
            let literal = match literal {
                Some(l) => format!("Some({})", bytes(&l)),
                None => "None".to_string(),
            };
            out.push_str(&format!("    ({source:?}, {fragments}, {literal}),\n"));
        }
        out.push_str("];\n");
        out
    }

    const BRANCH_TABLE_HEADER: &str = "\
//! Generated by `CRASHDEX_BLESS=1 cargo test -p crashdex-core branch_table`; do not edit.
//!
//! The fragments and plain literal of every branch of the crate's detectors and phase markers,
//! as [`super::parsed_facts`] reads them from the syntax tree, sorted by branch. A branch that is
//! not here is parsed at start-up instead, so a stale table costs time, never a wrong match; the
//! test `branch_table_is_fresh` keeps it whole.

/// (branch, its fragments, its text if a plain literal)
#[rustfmt::skip]
#[allow(clippy::type_complexity)]
pub(super) static BRANCHES: &[(&str, Option<&[&[u8]]>, Option<&[u8]>)] = &[
";

    #[test]
    fn branch_table_is_fresh() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/parse/prefilter/branch_table.rs"
        );
        let want = rendered_branch_table();
        if std::env::var_os("CRASHDEX_BLESS").is_some() {
            std::fs::write(path, &want).expect("write the branch table");
        }
        let have = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            have == want,
            "{path} is stale: run CRASHDEX_BLESS=1 cargo test -p crashdex-core branch_table"
        );
    }

    #[test]
    fn the_branch_table_is_what_parsing_gives() {
        // sorted (the lookup is a binary search) and equal to a fresh parse of each branch
        assert!(branch_table::BRANCHES.windows(2).all(|w| w[0].0 < w[1].0));
        for (source, _, _) in branch_table::BRANCHES.iter().step_by(7) {
            assert_eq!(branch_facts(source), parsed_facts(source), "{source}");
        }
    }

    #[test]
    fn first_match_in_order() {
        let r = OrderedRules::new(["foo|bar", r"\d+ baz", r"^\w+$"]);
        assert_eq!(r.first_match("a bar"), Some(0));
        assert_eq!(r.first_match("12 baz"), Some(1));
        assert_eq!(r.first_match("word"), Some(2));
        assert_eq!(r.first_match("two words"), None);
    }

    #[test]
    fn literal_branches_are_case_sensitive() {
        let r = OrderedRules::new(["Broken pipe|exit status \\d+", "(?i)broken"]);
        assert_eq!(r.first_match("a Broken pipe"), Some(0));
        assert_eq!(r.first_match("a broken pipe"), Some(1));
        assert_eq!(r.first_match("exit status 3"), Some(0));
        assert_eq!(r.first_match("EXIT STATUS 3"), None);
        assert_eq!(r.first_match("Broken pipBroken pipe"), Some(0));
    }

    #[test]
    fn gate_words_let_lines_through() {
        let r = OrderedRules::gated(["foo|bar", r"\d+ baz"], &["bar", "BAZ", "qux"]);
        assert_eq!(r.first_match("a bar"), Some(0));
        assert_eq!(r.first_match("a foo"), None);
        assert_eq!(r.first_match("a foo qux"), Some(0));
        assert_eq!(r.first_match("12 baz"), Some(1));
    }

    #[test]
    fn more_than_64_rules_keep_their_order() {
        let words: Vec<String> = (0..100).map(|i| format!("word{i:03}x")).collect();
        let mut patterns: Vec<&str> = words.iter().map(String::as_str).collect();
        patterns.push(r"^\d+$");
        let r = OrderedRules::new(patterns);
        assert_eq!(r.first_match("a word099x b"), Some(99));
        assert_eq!(r.first_match("word070x word065x"), Some(65));
        assert_eq!(r.first_match("12345"), Some(100));
        assert_eq!(r.first_match("word100x"), None);
    }

    #[test]
    fn splits_top_level_only() {
        assert_eq!(
            top_level_branches(r"a(b|c)|[|x]|d"),
            vec!["a(b|c)", "[|x]", "d"]
        );
    }
}
