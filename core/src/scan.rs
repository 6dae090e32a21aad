//! Overlapping Aho-Corasick scans with the automaton's concrete type.
//!
//! `AhoCorasick` keeps its automaton behind a trait object: its overlapping search makes a
//! virtual call for every byte and resumes a search for every match. Walking a DFA whose type
//! the compiler knows makes each byte one table lookup. The matches are the same, in the same
//! order (by where they end, then as the state lists them).

use aho_corasick::automaton::Automaton;
use aho_corasick::{dfa, nfa, Anchored, BuildError, MatchKind, PatternID};

/// The automaton every scan starts from: `Standard` semantics (every occurrence of every
/// pattern) and no prefilter (a line is short, and the walk below treats start states as
/// ordinary). The faster forms are built from it and keep these settings.
pub fn nfa<I, P>(
    patterns: I,
    ascii_case_insensitive: bool,
) -> Result<nfa::noncontiguous::NFA, BuildError>
where
    I: IntoIterator<Item = P>,
    P: AsRef<[u8]>,
{
    nfa::noncontiguous::NFA::builder()
        .match_kind(MatchKind::Standard)
        .ascii_case_insensitive(ascii_case_insensitive)
        .prefilter(false)
        .build(patterns)
}

/// A DFA of the patterns: a table lookup per byte.
pub fn dfa<I, P>(patterns: I, ascii_case_insensitive: bool) -> Result<dfa::DFA, BuildError>
where
    I: IntoIterator<Item = P>,
    P: AsRef<[u8]>,
{
    dfa::DFA::builder().build_from_noncontiguous(&nfa(patterns, ascii_case_insensitive)?)
}

/// A contiguous NFA of the patterns: built in a tenth of a DFA's time, and for hundreds of
/// patterns no slower to scan with (its states are dense near the root, where most bytes of a
/// line leave it, and the whole automaton is a fraction of the DFA's size, so it stays in cache).
pub fn contiguous<I, P>(
    patterns: I,
    ascii_case_insensitive: bool,
) -> Result<nfa::contiguous::NFA, BuildError>
where
    I: IntoIterator<Item = P>,
    P: AsRef<[u8]>,
{
    nfa::contiguous::NFA::builder()
        .build_from_noncontiguous(&nfa(patterns, ascii_case_insensitive)?)
}

/// Calls `f(pattern, end)` for every occurrence of every pattern in `hay`.
#[inline]
pub fn overlapping<A: Automaton>(aut: &A, hay: &[u8], mut f: impl FnMut(PatternID, usize)) {
    let Ok(mut sid) = aut.start_state(Anchored::No) else {
        return;
    };
    for (i, &b) in hay.iter().enumerate() {
        sid = aut.next_state(Anchored::No, sid, b);
        if aut.is_special(sid) {
            if aut.is_dead(sid) {
                return;
            }
            if aut.is_match(sid) {
                for k in 0..aut.match_len(sid) {
                    f(aut.match_pattern(sid, k), i + 1);
                }
            }
        }
    }
}

/// Declares the literal words some rules test a line for, as the constants of an enum, and
/// their text in its `TEXT`, for [`Found`] to find in one scan.
macro_rules! words {
    ($enum:ident { $($name:ident = $text:literal,)* }) => {
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Clone, Copy)]
        enum $enum { $($name,)* }
        impl $enum {
            const TEXT: &'static [&'static str] = &[$($text,)*];
        }
        impl From<$enum> for usize {
            fn from(w: $enum) -> usize {
                w as usize
            }
        }
    };
}
pub(crate) use words;

/// Which of up to `128 * N` words (the patterns of one DFA) occur in a text, from one scan instead
/// of a substring search per word (each `str::contains` builds a fresh searcher).
#[derive(Clone, Copy)]
pub struct Found<const N: usize = 2>([u128; N]);

impl<const N: usize> Default for Found<N> {
    fn default() -> Self {
        Found([0; N])
    }
}

impl<const N: usize> Found<N> {
    pub fn of<A: Automaton>(aut: &A, hay: &[u8]) -> Found<N> {
        debug_assert!(aut.patterns_len() <= 128 * N);
        let mut found = Found::default();
        overlapping(aut, hay, |p, _| found.insert(p.as_usize()));
        found
    }

    /// The set of the given patterns.
    pub fn from_patterns(patterns: impl IntoIterator<Item = usize>) -> Found<N> {
        let mut found = Found::default();
        patterns.into_iter().for_each(|p| found.insert(p));
        found
    }

    fn insert(&mut self, p: usize) {
        self.0[p / 128] |= 1 << (p % 128);
    }

    /// Whether the word of pattern `i` occurs.
    pub fn has(self, i: impl Into<usize>) -> bool {
        let i = i.into();
        self.0[i / 128] & (1 << (i % 128)) != 0
    }

    /// Whether no word occurs.
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&b| b == 0)
    }

    /// The words that occur in both sets.
    pub fn and(self, other: Found<N>) -> Found<N> {
        let mut both = self;
        both.0.iter_mut().zip(other.0).for_each(|(a, b)| *a &= b);
        both
    }

    /// The patterns whose words occur, in increasing order.
    pub fn ones(self) -> impl Iterator<Item = usize> {
        self.0.into_iter().enumerate().flat_map(|(k, mut bits)| {
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    k * 128 + i
                })
            })
        })
    }

    /// Whether any word from pattern `first` on occurs.
    pub fn any_from(self, first: usize) -> bool {
        // (the bits from `first` on: the rest of its word, and the whole of any word after)
        let (word, shift) = (first / 128, first % 128);
        self.0[word] >> shift != 0 || self.0[word + 1..].iter().any(|&b| b != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_holds_the_words_of_one_scan() {
        // (more than 128 words, so that both halves of the set are used)
        let words: Vec<String> = (0..200).map(|i| format!("<w{i}>")).collect();
        let aut = dfa(&words, false).unwrap();
        let f = Found::<2>::of(&aut, b"x <w3> y <w150> <w3>");
        assert!(f.has(3usize) && f.has(150usize));
        assert!(!f.has(4usize) && !f.has(149usize));
        assert!(f.any_from(150) && !f.any_from(151));
        assert!(!f.and(Found::from_patterns([150, 7])).is_empty());
        assert!(f.and(Found::from_patterns([7, 199])).is_empty());
        assert!(!Found::<2>::of(&aut, b"no words").any_from(0));
        assert!(Found::<2>::of(&aut, b"no words").is_empty() && !f.is_empty());
        assert_eq!(f.ones().collect::<Vec<_>>(), [3, 150]);
        let some = Found::<2>::from_patterns([0, 3, 127, 128, 150, 255]);
        assert_eq!(f.and(some).ones().collect::<Vec<_>>(), [3, 150]);
        assert_eq!(some.ones().collect::<Vec<_>>(), [0, 3, 127, 128, 150, 255]);

        // a third word of bits, for sets of up to 384 words
        let words: Vec<String> = (0..300).map(|i| format!("<w{i}>")).collect();
        let aut = dfa(&words, false).unwrap();
        let f = Found::<3>::of(&aut, b"<w299> <w3>");
        assert!(f.has(299usize) && f.has(3usize) && !f.has(298usize));
        assert!(f.any_from(299) && f.any_from(257) && !Found::<3>::of(&aut, b"<w3>").any_from(4));
        assert!(
            !f.and(Found::from_patterns([299])).is_empty()
                && f.and(Found::from_patterns([298, 4])).is_empty()
        );
    }

    /// The walk reports what `AhoCorasick`'s overlapping search reports, in its order.
    #[test]
    fn same_matches_as_the_library_search() {
        let pats = [
            "error",
            "rror",
            "CUDA",
            "cuda error",
            "a",
            "NCCL WARN",
            "WARN",
        ];
        let hays = [
            "CUDA error: an illegal memory access",
            "NCCL WARN Cuda failure 'out of memory'",
            "",
            "no match here?",
            "ERROR: cuda ERROR",
        ];
        for ci in [false, true] {
            let ac = aho_corasick::AhoCorasick::builder()
                .match_kind(MatchKind::Standard)
                .ascii_case_insensitive(ci)
                .build(pats)
                .unwrap();
            let d = dfa(pats, ci).unwrap();
            let n = nfa(pats, ci).unwrap();
            let c = contiguous(pats, ci).unwrap();
            for hay in hays {
                let want: Vec<_> = ac
                    .find_overlapping_iter(hay)
                    .map(|m| (m.pattern(), m.end()))
                    .collect();
                for got in [
                    {
                        let mut v = Vec::new();
                        overlapping(&d, hay.as_bytes(), |p, e| v.push((p, e)));
                        v
                    },
                    {
                        let mut v = Vec::new();
                        overlapping(&n, hay.as_bytes(), |p, e| v.push((p, e)));
                        v
                    },
                    {
                        let mut v = Vec::new();
                        overlapping(&c, hay.as_bytes(), |p, e| v.push((p, e)));
                        v
                    },
                ] {
                    assert_eq!(got, want, "{hay:?} (case-insensitive: {ci})");
                }
            }
        }
    }
}
