//! Regexes compiled for ASCII text first, and built no further than their use pays for.
//!
//! Unicode classes (`\w`, `\b`, `\d`, `\s`, case folding) make a regex several times slower to
//! build than its ASCII form: `\w` alone stands for hundreds of ranges. On a haystack that is all
//! ASCII the two forms agree exactly (same matches, same positions, same groups): Unicode's word
//! characters, digits, spaces and case pairs restricted to ASCII are the ASCII ones, and any
//! non-ASCII character in the pattern cannot occur. Most log lines are ASCII, so the ASCII form
//! serves them, and the Unicode form is built only when a line that is not ASCII needs it.
//!
//! Building, not searching, is most of the cost of a regex that sees a few lines, so each form
//! is built in two tiers of the same `regex` engine (`regex_automata::meta`, configured as the
//! `regex` crate configures it): first without the lazy DFA (which needs a reverse NFA), the
//! one-pass DFA and the literal prefilter, searching with the backtracker or the PikeVM; after
//! [`UNICODE_UPGRADE_AFTER`] searches, with everything (the ASCII form, which serves most lines,
//! is built with everything at once). All engines give the same matches, so
//! the tier changes speed only. A fully compiled DFA is never built: the application's
//! dependencies switch that feature on for every small regex, and for one-line haystacks it
//! costs more to build than it saves (64 MiB log no slower without it). The literal prefilter
//! stays in the full tier: without it a 64 MiB log was ~8% slower.
//!
//! A pattern only asked whether it matches ([`AsciiFirst::matcher`]) skips both tiers on ASCII
//! text: one forward lazy DFA answers, which is all a yes or no needs.
//!
//! A line that is not ASCII is searched by the ASCII form too, through a [`Shadow`]: each
//! non-ASCII character replaced by one ASCII stand-in that the pattern cannot tell from it (see
//! [`Stand`]), and spans mapped back. Only when no stand-in is safe (a property class such as
//! `\pL`, a non-ASCII character in the pattern, a non-ASCII digit or case pair of an ASCII letter
//! in the line) is the Unicode form built; building it cost a 1 MiB log of every kind of line
//! (about 150 lines not ASCII) more than a third of its time.

use regex_automata::hybrid::dfa::{Cache as LazyCache, DFA as LazyDfa};
use regex_automata::meta;
use regex_automata::nfa::thompson;
use regex_automata::util::captures::Captures;
use regex_automata::util::pool::Pool;
use regex_automata::util::syntax;
use regex_automata::{Input, MatchKind, PatternSet};
use std::panic::{RefUnwindSafe, UnwindSafe};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};

/// Searches the Unicode form serves with its cheap tier before the full one is built. The ASCII
/// form serves most lines, so it is built in full at once: the PikeVM is far slower per line
/// than the lazy DFA.
const UNICODE_UPGRADE_AFTER: u32 = 64;

/// Which form: ASCII (bytes, Unicode off) or Unicode (the pattern as written, UTF-8).
#[derive(Clone, Copy)]
enum Form {
    Ascii,
    Unicode,
}

/// The `regex` crate's configuration for a form (`Regex`/`RegexSet` and `bytes::` with
/// `unicode(false)`), in the cheap or the full tier.
fn build<S: AsRef<str>>(sources: &[S], form: Form, set: bool, full: bool) -> Option<meta::Regex> {
    let utf8 = matches!(form, Form::Unicode);
    let mut metac = meta::Config::new()
        .nfa_size_limit(Some(10 * (1 << 20)))
        .hybrid_cache_capacity(2 * (1 << 20))
        .utf8_empty(utf8)
        .dfa(false);
    metac = if set {
        metac
            .match_kind(MatchKind::All)
            .which_captures(regex_automata::nfa::thompson::WhichCaptures::None)
    } else {
        metac.match_kind(MatchKind::LeftmostFirst)
    };
    if !full {
        // No lazy or full DFA (neither needs building the reverse NFA, which for Unicode
        // classes costs more than the rest) and no literal prefilter: the cheap tier serves a
        // few lines. The full tier keeps the prefilter, which also picks the fast strategies
        // (literal search, reverse suffix/inner); without it a 64 MiB log was ~8% slower.
        metac = metac
            .hybrid(false)
            .dfa(false)
            .onepass(false)
            .auto_prefilter(false);
    }
    let syntaxc = syntax::Config::new().utf8(utf8).unicode(utf8);
    meta::Builder::new()
        .configure(metac)
        .syntax(syntaxc)
        .build_many(sources)
        .ok()
}

/// The ASCII stand-ins for a line's non-ASCII characters, chosen for a pattern (or a set) so that
/// the pattern treats each stand-in exactly as it treats the characters it stands for.
///
/// A pattern written in ASCII without property classes can tell non-ASCII characters apart only
/// by `\w` (and `\b`), `\d` and `\s`, and by the negated classes around them: every non-ASCII
/// word character that is not a digit behaves alike, as does every non-ASCII space and every
/// other non-ASCII character. So one stand-in per kind is exact when each of the pattern's
/// classes holds the stand-in if and only if it holds a character of that kind, and no literal
/// is the stand-in. A kind may have none (`[A-Za-z_]` and `\d` leave no ASCII word character
/// that passes for a letter); a line holding a character of that kind goes to the Unicode form,
/// as does one holding a digit or one of the two non-ASCII case pairs of ASCII letters (Kelvin
/// sign, long s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stand {
    word: Option<u8>,
    space: Option<u8>,
    other: Option<u8>,
}

impl Stand {
    /// The stand-ins for `sources`, or `None` when the pattern tells non-ASCII characters apart.
    fn for_patterns<S: AsRef<str>>(sources: &[S]) -> Option<Stand> {
        use regex_syntax::hir::{Class, HirKind};
        let mut classes: Vec<Vec<(char, char)>> = Vec::new();
        let mut literals: Vec<u8> = Vec::new();
        for source in sources {
            let source = source.as_ref();
            // a property class (`\pL`) can tell non-ASCII characters apart
            if !source.is_ascii() || source.contains("\\p") || source.contains("\\P") {
                return None;
            }
            let hir = regex_syntax::ParserBuilder::new()
                .build()
                .parse(source)
                .ok()?;
            let mut todo = vec![&hir];
            while let Some(h) = todo.pop() {
                match h.kind() {
                    HirKind::Empty | HirKind::Look(_) => {}
                    HirKind::Literal(lit) => literals.extend_from_slice(&lit.0),
                    HirKind::Class(Class::Unicode(c)) => {
                        classes.push(c.ranges().iter().map(|r| (r.start(), r.end())).collect())
                    }
                    // only a pattern that turns Unicode off has byte classes
                    HirKind::Class(Class::Bytes(_)) => return None,
                    HirKind::Repetition(r) => todo.push(&r.sub),
                    HirKind::Capture(c) => todo.push(&c.sub),
                    HirKind::Concat(hs) | HirKind::Alternation(hs) => todo.extend(hs.iter()),
                }
            }
        }
        let holds = |class: &[(char, char)], c: char| class.iter().any(|&(a, b)| a <= c && c <= b);
        let pick = |like: char, candidates: &[u8]| {
            candidates.iter().copied().find(|&b| {
                !literals.contains(&b)
                    && classes
                        .iter()
                        .all(|class| holds(class, b as char) == holds(class, like))
            })
        };
        Some(Stand {
            word: pick('é', b"_QZJXqzjx0"),
            space: pick('\u{a0}', b"\x0b\x0c"),
            other: pick('\u{2019}', b"\x7f\x01\x1f"),
        })
    }
}

/// A line that is not ASCII, as the ASCII form searches it: each character one byte (itself, or
/// its [`Stand`]-in), with the offset in the line where each byte's character starts.
struct Shadow {
    text: String,
    starts: Vec<usize>,
}

impl Shadow {
    /// `None` when the line holds a character with no stand-in (see [`Stand`]).
    fn of(text: &str, stand: Stand) -> Option<Shadow> {
        let mut shadow = String::with_capacity(text.len());
        let mut starts = Vec::with_capacity(text.len() + 1);
        for (i, c) in text.char_indices() {
            let b = if c.is_ascii() {
                c as u8
            } else if c.is_numeric() || c == '\u{212A}' || c == '\u{17F}' {
                return None;
            } else if regex_syntax::is_word_character(c) {
                stand.word?
            } else if c.is_whitespace() {
                stand.space?
            } else {
                stand.other?
            };
            shadow.push(b as char);
            starts.push(i);
        }
        starts.push(text.len());
        Some(Shadow {
            text: shadow,
            starts,
        })
    }
}

/// The shadow of `text` for the patterns whose stand-ins `stand` holds (found on first use).
fn shadow_of<S: AsRef<str>>(
    stand: &OnceLock<Option<Stand>>,
    sources: &[S],
    text: &str,
) -> Option<Shadow> {
    let stand = (*stand.get_or_init(|| Stand::for_patterns(sources)))?;
    Shadow::of(text, stand)
}

/// One form of a pattern (or set), each tier built on first use.
#[derive(Debug, Default)]
struct Tiered {
    cheap: OnceLock<Option<meta::Regex>>,
    full: OnceLock<Option<meta::Regex>>,
    uses: AtomicU32,
}

impl Tiered {
    /// The regex to search with; `build(full)` builds a tier.
    fn get(&self, form: Form, build: impl Fn(bool) -> Option<meta::Regex>) -> Option<&meta::Regex> {
        if let Some(full) = self.full.get() {
            return full.as_ref();
        }
        let upgrade_after = match form {
            Form::Ascii => 0,
            Form::Unicode => UNICODE_UPGRADE_AFTER,
        };
        if self.uses.fetch_add(1, Ordering::Relaxed) >= upgrade_after {
            return self.full(build);
        }
        self.cheap.get_or_init(|| build(false)).as_ref()
    }

    fn full(&self, build: impl Fn(bool) -> Option<meta::Regex>) -> Option<&meta::Regex> {
        self.full.get_or_init(|| build(true)).as_ref()
    }
}

type CacheFn = Box<dyn Fn() -> LazyCache + Send + Sync + UnwindSafe + RefUnwindSafe>;

/// The ASCII form of a pattern asked only whether it matches: one forward lazy DFA. The `meta`
/// regex also builds a reverse NFA (to find where a match starts), a one-pass DFA (for groups)
/// and a literal prefilter; a yes or no needs none of them, and the lines it is asked about
/// already passed a literal prefilter. Building this costs a fraction of the full regex.
struct Matcher {
    dfa: Arc<LazyDfa>,
    caches: Pool<LazyCache, CacheFn>,
}

impl Matcher {
    fn build(source: &str) -> Option<Matcher> {
        let dfa = LazyDfa::builder()
            .configure(LazyDfa::config().cache_capacity(2 * (1 << 20)))
            .syntax(syntax::Config::new().utf8(false).unicode(false))
            .thompson(
                thompson::Config::new()
                    .utf8(false)
                    .nfa_size_limit(Some(10 * (1 << 20)))
                    .which_captures(thompson::WhichCaptures::None),
            )
            .build(source)
            .ok()?;
        let dfa = Arc::new(dfa);
        let for_caches = Arc::clone(&dfa);
        let create: CacheFn = Box::new(move || for_caches.create_cache());
        Some(Matcher {
            dfa,
            caches: Pool::new(create),
        })
    }

    /// Whether the pattern matches in ASCII `text`; `None` if the lazy DFA gave up.
    fn is_match(&self, text: &str) -> Option<bool> {
        let mut cache = self.caches.get();
        let input = Input::new(text).earliest(true);
        self.dfa
            .try_search_fwd(&mut cache, &input)
            .ok()
            .map(|m| m.is_some())
    }
}

impl std::fmt::Debug for Matcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Matcher")
    }
}

/// One pattern in both forms, each built on first use.
#[derive(Debug)]
pub struct AsciiFirst {
    source: String,
    ascii: Tiered,
    unicode: Tiered,
    /// Set for patterns only asked whether they match (see [`Matcher`]).
    matcher: Option<OnceLock<Option<Matcher>>>,
    stand: OnceLock<Option<Stand>>,
}

impl AsciiFirst {
    /// A pattern to build on first use (an invalid one never matches).
    pub fn new(source: impl Into<String>) -> Self {
        AsciiFirst {
            source: source.into(),
            ascii: Tiered::default(),
            unicode: Tiered::default(),
            matcher: None,
            stand: OnceLock::new(),
        }
    }

    /// A pattern used (mostly) with [`AsciiFirst::is_match`]: on ASCII text that is answered by
    /// a forward lazy DFA alone. Groups still work, from the full regex built when first asked.
    pub fn matcher(source: impl Into<String>) -> Self {
        AsciiFirst {
            matcher: Some(OnceLock::new()),
            ..AsciiFirst::new(source)
        }
    }

    /// The pattern's source.
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// Builds the Unicode form (the pattern as written) in full; false when it does not build.
    pub fn build_unicode(&self) -> bool {
        self.unicode
            .full(|full| build(&[&self.source], Form::Unicode, false, full))
            .is_some()
    }

    /// The regex for `text`, and the shadow to search instead when there is one: the ASCII form
    /// for ASCII text, or for a line that has a [`Shadow`], when the pattern has an ASCII form
    /// (not, e.g., with a non-ASCII character in a class); the Unicode form otherwise.
    fn form(&self, text: &str) -> Option<(&meta::Regex, Option<Shadow>)> {
        let src = [self.source.as_str()];
        let shadow = match text.is_ascii() {
            true => None,
            false => match shadow_of(&self.stand, &src, text) {
                Some(shadow) => Some(shadow),
                None => return self.unicode().map(|r| (r, None)),
            },
        };
        match self
            .ascii
            .get(Form::Ascii, |full| build(&src, Form::Ascii, false, full))
        {
            Some(r) => Some((r, shadow)),
            None => self.unicode().map(|r| (r, None)),
        }
    }

    fn unicode(&self) -> Option<&meta::Regex> {
        let src = [self.source.as_str()];
        self.unicode.get(Form::Unicode, |full| {
            build(&src, Form::Unicode, false, full)
        })
    }

    /// The groups of the first match in `text`, as the Unicode form gives them.
    pub fn captures<'t>(&self, text: &'t str) -> Option<Caps<'t>> {
        let (r, shadow) = self.form(text)?;
        let hay = shadow.as_ref().map_or(text, |s| s.text.as_str());
        let mut caps = r.create_captures();
        r.captures(Input::new(hay), &mut caps);
        caps.is_match().then(|| Caps {
            text,
            caps,
            starts: shadow.map(|s| s.starts),
        })
    }

    /// The first match in `text`.
    pub fn find<'t>(&self, text: &'t str) -> Option<Group<'t>> {
        let (r, shadow) = self.form(text)?;
        let hay = shadow.as_ref().map_or(text, |s| s.text.as_str());
        let m = r.find(Input::new(hay))?;
        Some(group(text, shadow.as_ref(), m.span()))
    }

    /// Every match in `text`, left to right.
    pub fn find_iter<'a, 't>(&'a self, text: &'t str) -> impl Iterator<Item = Group<'t>> + 'a
    where
        't: 'a,
    {
        let form = self.form(text);
        // a shadow is searched at once (it is rare, and the iterator cannot borrow it)
        let mut shadowed = Vec::new();
        let mut lazy = None;
        if let Some((r, shadow)) = form {
            match shadow {
                Some(s) => shadowed.extend(
                    r.find_iter(Input::new(&s.text))
                        .map(|m| group(text, Some(&s), m.span())),
                ),
                None => lazy = Some(r.find_iter(Input::new(text))),
            }
        }
        lazy.into_iter()
            .flatten()
            .map(move |m| group(text, None, m.span()))
            .chain(shadowed)
    }

    /// Every match in `text` with its groups, left to right.
    pub fn captures_iter<'a, 't>(&'a self, text: &'t str) -> impl Iterator<Item = Caps<'t>> + 'a
    where
        't: 'a,
    {
        let form = self.form(text);
        let mut shadowed = Vec::new();
        let mut lazy = None;
        if let Some((r, shadow)) = form {
            match shadow {
                Some(s) => shadowed.extend(r.captures_iter(Input::new(&s.text)).map(|caps| Caps {
                    text,
                    caps,
                    starts: Some(s.starts.clone()),
                })),
                None => lazy = Some(r.captures_iter(Input::new(text))),
            }
        }
        lazy.into_iter()
            .flatten()
            .map(move |caps| Caps {
                text,
                caps,
                starts: None,
            })
            .chain(shadowed)
    }

    /// Whether the pattern matches somewhere in `text`.
    pub fn is_match(&self, text: &str) -> bool {
        if let Some(m) = &self.matcher {
            let shadow;
            let hay = match text.is_ascii() {
                true => Some(text),
                false => {
                    shadow = shadow_of(&self.stand, &[self.source.as_str()], text);
                    shadow.as_ref().map(|s| s.text.as_str())
                }
            };
            if let Some(hay) = hay {
                let found = m
                    .get_or_init(|| Matcher::build(&self.source))
                    .as_ref()
                    .and_then(|m| m.is_match(hay));
                if let Some(found) = found {
                    return found;
                }
            }
        }
        self.form(text).is_some_and(|(r, shadow)| {
            r.is_match(shadow.as_ref().map_or(text, |s| s.text.as_str()))
        })
    }
}

/// A span of a search of `text` (or of its shadow) as a group of `text`.
fn group<'t>(text: &'t str, shadow: Option<&Shadow>, span: regex_automata::Span) -> Group<'t> {
    let at = |i: usize| shadow.map_or(i, |s| s.starts[i]);
    Group {
        text,
        start: at(span.start),
        end: at(span.end),
    }
}

/// The groups of a match, from either form.
pub struct Caps<'t> {
    text: &'t str,
    caps: Captures,
    /// Set when the search ran on a [`Shadow`]: where its characters start in `text`.
    starts: Option<Vec<usize>>,
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

    pub fn start(&self) -> usize {
        self.start
    }

    pub fn end(&self) -> usize {
        self.end
    }
}

impl<'t> Caps<'t> {
    fn group(&self, span: Option<regex_automata::Span>) -> Option<Group<'t>> {
        // an ASCII haystack has a char boundary at every byte, a shadow's bytes map to char
        // starts, and the Unicode form matches on char boundaries
        let at = |i: usize| self.starts.as_ref().map_or(i, |s| s[i]);
        span.map(|r| Group {
            text: self.text,
            start: at(r.start),
            end: at(r.end),
        })
    }

    /// Group `i` (0 is the whole match), if it took part in the match.
    pub fn get(&self, i: usize) -> Option<Group<'t>> {
        self.group(self.caps.get_group(i))
    }

    /// How many groups the pattern has, group 0 with them.
    pub fn group_count(&self) -> usize {
        self.caps.group_len()
    }

    /// The named group, if it took part in the match.
    pub fn name(&self, name: &str) -> Option<Group<'t>> {
        self.group(self.caps.get_group_by_name(name))
    }

    /// The index of the named group, for [`Caps::get`]: both forms number groups alike, so a
    /// caller that reads the same names on every match can look them up once.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.caps
            .group_info()
            .to_index(regex_automata::PatternID::ZERO, name)
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
    ascii: Tiered,
    unicode: Tiered,
    stand: OnceLock<Option<Stand>>,
}

impl AsciiFirstSet {
    /// A set to build on first use.
    pub fn new(sources: Vec<String>) -> Self {
        AsciiFirstSet {
            sources,
            ascii: Tiered::default(),
            unicode: Tiered::default(),
            stand: OnceLock::new(),
        }
    }

    /// Marks in `hits` (one slot per pattern) the patterns that match `text`; false when the
    /// set cannot be built.
    pub fn matches_into(&self, hits: &mut [bool], text: &str) -> bool {
        let build = |form, full| build(&self.sources, form, true, full);
        let unicode = || {
            self.unicode
                .get(Form::Unicode, |full| build(Form::Unicode, full))
        };
        let shadow = match text.is_ascii() {
            true => None,
            false => shadow_of(&self.stand, &self.sources, text),
        };
        let (set, text) = match (text.is_ascii(), &shadow) {
            (true, _) => (
                self.ascii
                    .get(Form::Ascii, |full| build(Form::Ascii, full))
                    .or_else(unicode),
                text,
            ),
            (false, Some(shadow)) => {
                match self.ascii.get(Form::Ascii, |full| build(Form::Ascii, full)) {
                    Some(set) => (Some(set), shadow.text.as_str()),
                    None => (unicode(), text),
                }
            }
            (false, None) => (unicode(), text),
        };
        let Some(set) = set else {
            return false;
        };
        FOUND.with_borrow_mut(|sets| {
            let n = set.pattern_len();
            let i = match sets.iter().position(|s| s.capacity() == n) {
                Some(i) => i,
                None => {
                    sets.push(PatternSet::new(n));
                    sets.len() - 1
                }
            };
            let found = &mut sets[i];
            found.clear();
            set.which_overlapping_matches(&Input::new(text), found);
            if found.is_empty() {
                return;
            }
            for pid in found.iter() {
                hits[pid] = true;
            }
        });
        true
    }
}

thread_local! {
    /// The hits of a set search, one per set size, reused: a set searched on every line would
    /// otherwise allocate one per line.
    static FOUND: std::cell::RefCell<Vec<PatternSet>> = const { std::cell::RefCell::new(Vec::new()) };
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
    fn the_matcher_agrees_with_the_regex() {
        let cases = [
            (
                r"(?i)\bstraße\b|\w+Error: \d",
                [
                    "ValueError: 3",
                    "Value Error: 3",
                    "ÄrgerError: 3",
                    "STRASSE",
                ],
            ),
            (
                r"^\s*(exitcode|error_file)\s*:\s*-9\b",
                ["  exitcode  : -9", "exitcode: -90", "x exitcode: -9", ""],
            ),
            (
                r"Assertion `.+` failed$",
                [
                    "Assertion `x < 3` failed",
                    "Assertion `` failed",
                    "Assertion `x` failed.",
                    "é Assertion `x` failed",
                ],
            ),
            (r"[x×] \w", ["x a", "× é", "y a", "x"]),
        ];
        for (p, texts) in cases {
            let full = AsciiFirst::new(p);
            let fast = AsciiFirst::matcher(p);
            for t in texts {
                assert_eq!(fast.is_match(t), full.is_match(t), "{p} on {t:?}");
                assert_eq!(
                    fast.is_match(t),
                    regex::Regex::new(p).unwrap().is_match(t),
                    "{p} on {t:?}"
                );
            }
        }
        // groups still come from the full regex
        let r = AsciiFirst::matcher(r"exit code (\d+)");
        assert_eq!(&r.captures("exit code 137").unwrap()[1], "137");
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

    /// Lines that are not ASCII, searched through a shadow or by the Unicode form, give what the
    /// `regex` crate (Unicode) gives: matches, spans and groups.
    #[test]
    fn shadows_agree_with_unicode_regexes() {
        let patterns = [
            r"\w+Error: (\S+)",
            r"(?i)error\b.{0,3}(\w*)",
            r"CUDA_ERROR_(\w+)",
            r"[^a-z ]+",
            r"\W(\w)\W",
            r"\s(\S+)\s",
            r"(\d+) ?MiB",
            r"^(.)(.)(.)",
            r"[_a-z]+",
            r"([A-Za-z_]\w*) (\d+)",
            r"[A-Za-z0-9_]+\W",
            r"\bé?x\b",
            r"(?i)k\w+",
            r"\pL+",
            r"[[:alpha:]]+ (\w+)",
            r"(?m)^\s*(\w+)$",
        ];
        let texts = [
            "ValueError: 中文 模型",
            "ÄrgerError: é’x",
            "error ‘é’ here",
            "CUDA_ERROR_ÉCHEC and CUDA_ERRORéX",
            "x\u{a0}x x\u{3000}y tab\tend",
            "__é__ aé_b",
            "size ٣ MiB and 3 MiB",
            "\u{212A}elvin keé",
            "e\u{301}x x a\u{301} █▏ 100%",
            "ſtrong ²3 MiB",
            "",
            "é",
        ];
        for p in patterns {
            let ours = AsciiFirst::new(p);
            let matcher = AsciiFirst::matcher(p);
            let theirs = regex::Regex::new(p).unwrap();
            for t in texts {
                assert_eq!(ours.is_match(t), theirs.is_match(t), "{p} on {t:?}");
                assert_eq!(matcher.is_match(t), theirs.is_match(t), "{p} on {t:?}");
                let spans = |v: Vec<(usize, usize)>| v;
                assert_eq!(
                    spans(ours.find_iter(t).map(|m| (m.start(), m.end())).collect()),
                    spans(theirs.find_iter(t).map(|m| (m.start(), m.end())).collect()),
                    "{p} on {t:?}"
                );
                let groups = |c: &Caps| {
                    (0..4)
                        .map(|i| c.get(i).map(|g| g.as_str().to_string()))
                        .collect::<Vec<_>>()
                };
                let want = |c: &regex::Captures| {
                    (0..4)
                        .map(|i| c.get(i).map(|g| g.as_str().to_string()))
                        .collect::<Vec<_>>()
                };
                assert_eq!(
                    ours.captures_iter(t)
                        .map(|c| groups(&c))
                        .collect::<Vec<_>>(),
                    theirs
                        .captures_iter(t)
                        .map(|c| want(&c))
                        .collect::<Vec<_>>(),
                    "{p} on {t:?}"
                );
            }
            let set = AsciiFirstSet::new(vec![p.to_string(), r"x\b".to_string()]);
            let both = regex::RegexSet::new([p, r"x\b"]).unwrap();
            for t in texts {
                let mut hits = vec![false; 2];
                assert!(set.matches_into(&mut hits, t));
                let want: Vec<bool> = (0..2).map(|i| both.matches(t).matched(i)).collect();
                assert_eq!(hits, want, "{p} on {t:?}");
            }
        }
    }

    #[test]
    fn a_line_with_a_shadow_builds_no_unicode_form() {
        let r = AsciiFirst::new(r"\w+Error: (\S+)");
        assert_eq!(&r.captures("ÄrgerError: 中文").unwrap()[1], "中文");
        assert!(r.unicode.cheap.get().is_none() && r.unicode.full.get().is_none());
        let d = AsciiFirst::new(r"\d");
        assert!(d.is_match("٣"));
        assert!(d.unicode.cheap.get().is_some());
    }

    #[test]
    fn stand_ins_are_exact_or_absent() {
        // `_` is a literal here, so a non-ASCII letter needs another stand-in
        let s = Stand::for_patterns(&[r"CUDA_ERROR_\w+"]).unwrap();
        assert!(s.word.is_some_and(|w| w != b'_'));
        // no ASCII word character passes for a letter here; other characters still have one
        let s = Stand::for_patterns(&[r"[A-Za-z_]\w*\d"]).unwrap();
        assert_eq!(s.word, None);
        assert!(Shadow::of("é", s).is_none());
        assert_eq!(Shadow::of("a’", s).unwrap().text, "a\x7f");
        // a property class tells non-ASCII letters apart: no stand-in
        assert!(Stand::for_patterns(&[r"\p{Han}"]).is_none());
        assert!(Stand::for_patterns(&["é"]).is_none());
        // a line with a non-ASCII digit has no shadow
        let plain = Stand::for_patterns(&[r"\d"]).unwrap();
        assert!(Shadow::of("٣", plain).is_none());
        let sh = Shadow::of("aé’ b", plain).unwrap();
        assert_eq!(sh.text.len(), 5);
        assert_eq!(sh.starts, [0, 1, 3, 6, 7, 8]);
    }
}
